""""Could I have won? Show me how" ("showme"): the deal replayed from the player's seat.

``app.go(routes.ShowMe(deal=deal, seat=0, names=[...], levels=[...], back_to="table"))``.
:func:`game.ai.showme.show_me` plays two lines in a worker thread — ``hard`` in the
player's seat seeing what he saw, and the seat seeing every card — against the same
opponents (their own level once a line parts from the deal as played).  Three boxes side
by side: what happened, the hard line and the perfect-information line, each with its
result for the player and the first move where it parts from the player's play.  Below,
the chosen line step by step with every hand face up (the review's board): Start / Back /
Forward / End, "Where it parts", the arrow keys, 1–3 to choose a line.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.showme import Line, ShowMe, before_play, show_me, trick_number
from game.rules.actions import CARD_VERBS
from game.rules.base import Deal
from game.rules.record import write_deal
from game.ui.i18n import current_language, tr
from game.ui.practice.panels import CREAM, GOLD, GOLD_LIGHT, MUTED, draw_box
from game.ui.practice.texts import action_text, family_of
from game.ui.result_text import describe
from game.ui.routes import ScreenName
from game.ui.shown import Button, Shown
from game.ui.table.board import HINT, SELECT
from game.ui.widgets.fonts import ellipsize, font

from .base import DealLessonScene
from .review_scene import positions

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

LINES = ("played", "hard", "perfect")
WON, LOST = (150, 215, 160), (240, 150, 120)


class ShowMeScene(DealLessonScene):
    name = "showme"
    kept = True  # opened again for the same deal, its finished lines show at once
    title_key = "ui.showme_title"
    WAIT_S = 120.0  # both lines played

    def __init__(self, app: App):
        super().__init__(app)
        self.result: ShowMe | None = None
        self.progress = 0.0
        self.failed = False
        self.line = "played"
        self.states: dict[str, list[Deal]] = {}
        self.pos = 0
        self.box_rects: dict[str, pygame.Rect] = {}
        #: fixed search sizes (tests); None: each level's time, as in the game
        self.iterations: int | None = None
        self.opponent_iterations: int | None = None

    # --- lifecycle -----------------------------------------------------------------------
    def build(self, **params: Any) -> Shown:
        self.back_to = params.get("back_to", self.back_to)
        self.names = list(params.get("names") or self.names)
        if params.get("deal") is not None:
            self.iterations = params.get("iterations")
            self.opponent_iterations = params.get("opponent_iterations")
            self._load(params["deal"], int(params.get("seat", 0)), params.get("levels"))
        if self.deal is not None:
            s = self.settings
            self.board.set_style(s.deck_for(self.deal.variant), s.card_back)
        px = self.px
        w, h = self.app.size
        cont = pygame.Rect(0, 0, px(190), px(46))
        cont.bottomright = (w - px(40), h - px(30))
        # Continue: the focus starts there, after the steps in the ring
        shown = Shown([Button("continue", cont, "ui.review_continue", object_id="#primary",
                              focus=1, name="continue")], focused="continue")
        keys = [("start", "ui.review_start"), ("back_step", "ui.review_back"),
                ("forward", "ui.review_forward"), ("end", "ui.review_end"),
                ("parts", "ui.showme_parts")]
        gap, bh = px(10), px(40)
        left = px(40)
        room = cont.left - px(24) - left
        bw = min(px(150), (room - gap * (len(keys) - 1)) // len(keys))
        y = cont.centery - bh // 2
        for i, (key, text) in enumerate(keys):
            shown.add(Button(key, pygame.Rect(left + i * (bw + gap), y, bw, bh), text,
                             object_id="#small"))
        return shown

    def _load(self, deal: Deal, seat: int, levels: list[str | None] | None) -> None:
        key = write_deal(deal) + f"|{seat}"
        if key == self._key:
            return  # the same deal: the lines found (or being found) stay
        self._stop()
        self._key = key
        self.deal, self.seat = deal, seat
        self.levels = list(levels or [])
        self.result, self.progress, self.failed = None, 0.0, False
        self.line = "played"
        self.states = {"played": positions(deal)}
        self.pos = 0
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._work, args=(deal, seat, self._cancel),
                                        daemon=True, name="showme")
        self._thread.start()

    def _work(self, deal: Deal, seat: int, cancel: threading.Event) -> None:
        levels = [lv if lv in ("easy", "normal", "hard") else None for lv in self.levels] \
            if self.levels else None

        def progress(fraction: float) -> None:
            shown = round(100 * self.progress)
            self.progress = fraction
            if round(100 * fraction) != shown and not cancel.is_set():
                self._show()  # the percentage on screen moved on

        try:
            result = show_me(deal, seat, levels, seed=1, iterations=self.iterations,
                             opponent_iterations=self.opponent_iterations, cancel=cancel,
                             progress=progress)
        except Exception:  # noqa: BLE001 - the replay of the deal still works
            log.exception("show me failed")
            self.failed = True
            self._show()
            return
        if cancel.is_set():
            return
        self.states["hard"] = positions(result.hard.deal)
        self.states["perfect"] = positions(result.perfect.deal)
        self.result = result
        self.progress = 1.0
        self._show()

    def _show(self) -> None:
        """From the search thread: draw the news now (the loop may be asleep)."""
        self.invalidate()
        self.wake()

    def leave(self) -> None:
        self._stop()  # a search thread would slow the next scene (the GIL)
        if self.result is None:
            self._key = None  # not finished: start again next time
        super().leave()

    # --- geometry ----------------------------------------------------------------------------
    def boxes_rect(self) -> pygame.Rect:
        w, _h = self.app.size
        px = self.px
        return pygame.Rect(px(40), px(100), w - px(80), px(132))

    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.px
        top = self.boxes_rect().bottom + px(14)
        return pygame.Rect(px(40), top, w - px(80), h - top - px(120))

    # --- input -------------------------------------------------------------------------------
    def on_button(self, key: str) -> None:
        last = len(self.states.get(self.line, [None])) - 1
        target = self.step_to(key, last)
        if target is not None:
            self.go(target)
            return
        if key == "parts":
            self.go(self.parting())
        elif key in ("continue", "back"):
            self.go_back()

    def parting(self) -> int:
        """The position just before the chosen line (or the first line, when the deal as
        played is shown) parts from the player's play."""
        if self.result is None:
            return 0
        line = self.line_of(self.line) if self.line != "played" else self.result.hard
        return line.parted_at if line is not None and line.parted_at is not None else 0

    def line_of(self, name: str) -> Line | None:
        if self.result is None:
            return None
        return {"played": self.result.played, "hard": self.result.hard,
                "perfect": self.result.perfect}[name]

    def go(self, pos: int) -> None:
        states = self.states.get(self.line) or []
        self.pos = max(0, min(len(states) - 1, pos))

    def choose(self, line: str) -> None:
        if line in self.states and line != self.line:
            self.line = line
            self.go(self.parting())

    def go_back(self) -> None:
        self._stop()
        target: ScreenName = self.back_to if self.back_to in self.app.scene_factories \
            else "menu"
        self.app.show(target)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: "back_step", pygame.K_RIGHT: "forward",
                    pygame.K_HOME: "start", pygame.K_END: "end", pygame.K_p: "parts"}
            if event.key in keys:
                self.on_button(keys[event.key])
            elif event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
                self.choose(LINES[event.key - pygame.K_1])
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, rect in self.box_rects.items():
                if rect.collidepoint(event.pos):
                    self.choose(name)

    # --- drawing -------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.deal is None:
            return
        self._draw_boxes(surface)
        self._draw_board(surface)

    def _verdict(self, line: Line) -> tuple[str, tuple[int, int, int]]:
        scores = line.score
        score = scores[self.seat]
        if line.won(self.seat):
            return tr("ui.showme_won", n=f"{score:+d}"), WON
        if score < 0:
            return tr("ui.showme_lost", n=f"{score:+d}"), LOST
        best = max(range(len(scores)), key=lambda s: scores[s])
        if scores[best] > score:  # the King-Queen games: only the deal's winner scores
            return tr("ui.showme_lost_to", name=self._name(best),
                      n=f"{scores[best]:+d}"), LOST
        return tr("ui.showme_even"), CREAM

    def _draw_boxes(self, surface: pygame.Surface) -> None:
        px = self.px
        area = self.boxes_rect()
        gap = px(14)
        bw = (area.w - 2 * gap) // 3
        fam = family_of(self.deal.variant, self.settings) if self.deal else "french"
        if self.deal is None:
            return
        head, big, body = font("sans_bold", px(15)), font("serif_bold", px(21)), \
            font("sans", px(14))
        self.box_rects = {}
        for i, name in enumerate(LINES):
            r = pygame.Rect(area.x + i * (bw + gap), area.y, bw, area.h)
            self.box_rects[name] = r
            chosen = name == self.line
            draw_box(surface, r, (8, 28, 18, 224),
                     (240, 200, 110, 255) if chosen else (120, 140, 120, 160), px(12))
            x, y = r.x + px(14), r.y + px(10)
            title = tr(f"ui.showme_line_{name}")
            img, _ = head.render(f"{i + 1}  {title}", GOLD if chosen else GOLD_LIGHT)
            surface.blit(img, (x, y))
            y += img.get_height() + px(8)
            line = self.line_of(name) if name != "played" else Line("played", self.deal)
            if line is None:
                text = tr("ui.showme_failed") if self.failed else \
                    tr("ui.showme_thinking", n=round(100 * self.progress))
                img, _ = body.render(ellipsize(text, body, r.w - px(28)), MUTED)
                surface.blit(img, (x, y))
                continue
            verdict, colour = self._verdict(line)
            img, _ = big.render(ellipsize(verdict, big, r.w - px(28)), colour)
            surface.blit(img, (x, y))
            y += img.get_height() + px(8)
            text = self.box_text(name, line, fam)
            f, parts, step = self.fit_text(text, r.w - px(28), r.bottom - y - px(8))
            for k, part in enumerate(parts):
                img, _ = f.render(part, CREAM)
                surface.blit(img, (x, y + k * step))

    def box_text(self, name: str, line: Line, fam: str) -> str:
        """What a line's box says below its result: where it parts from the deal, and for
        the all-cards line that scored lower than the deal, why (in words)."""
        assert self.deal is not None
        if name == "played":
            return tr("ui.showme_your_play")
        if line.parted_at is None:
            return tr("ui.showme_same")
        i_at = line.parted_at
        obs = self.states["played"][i_at].observation(self.seat)
        mine = action_text(self.deal.history[i_at][1], obs, fam)
        other = action_text(line.deal.history[i_at][1], obs, fam)
        if before_play(self.deal, i_at):
            text = tr("ui.showme_parted_bidding", mine=mine, other=other)
        else:
            text = tr("ui.showme_parted", trick=trick_number(self.deal, i_at),
                      mine=mine, other=other)
        if name == "perfect" and line.value(self.seat) < \
                Line("played", self.deal).value(self.seat):
            # no promise of "the best you could have hoped for": the others' play after
            # the parting choice is theirs, not the one in the deal
            text += " " + tr("ui.showme_perfect_lower")
        return text

    def fit_text(self, text: str, width: int, room: int) -> tuple[Any, list[str], int]:
        """(font, lines, line step) for ``text`` whole in ``width`` x ``room``: never cut,
        a smaller size where the box is short."""
        px = self.px
        for size in (14, 13, 12, 11, 10):
            f = font("sans", px(size))
            parts = self._wrap(text, f, width)
            step = f.get_sized_height(0) + px(2)
            if len(parts) * step <= room:
                break
        return f, parts, step

    def _draw_board(self, surface: pygame.Surface) -> None:
        px = self.px
        area = self.board_rect()
        states = self.states.get(self.line) or []
        if not states:
            return
        self.pos = max(0, min(self.pos, len(states) - 1))
        state = states[self.pos]
        line_deal = state if self.pos == len(states) - 1 else states[-1]
        glow: dict[str, tuple[int, int, int]] = {}
        line = self.line_of(self.line)
        if line is not None and self.line != "played" and line.parted_at == self.pos \
                and self.deal is not None:
            for action, colour in ((line.deal.history[self.pos][1], HINT),
                                   (self.deal.history[self.pos][1], SELECT)):
                if action.verb in CARD_VERBS and action.card >= 0:
                    glow[action.card_text] = colour
        names = [self._name(s) for s in range(state.players)]
        self.board.draw_deal(surface, area, state, self.seat, set(range(state.players)), names,
                             glow=glow, complete_trick=True)
        fam = family_of(self.deal.variant, self.settings) if self.deal else "french"
        total = len(states) - 1
        y = area.bottom + px(6)
        step = tr("ui.review_step", n=self.pos, total=total)
        history = line_deal.history
        if self.pos < total:
            seat, action = history[self.pos]
            text = tr("ui.review_action", name=self._name(seat),
                      action=action_text(action, state.observation(seat), fam))
        else:
            text = describe(state, names, current_language()) if state.is_over() else ""
        img, _ = font("sans_bold", px(16)).render(step, GOLD)
        surface.blit(img, (area.x + px(8), y))
        if text:
            body = font("sans", px(16))
            t, _ = body.render(ellipsize(text, body, area.w - img.get_width() - px(30)), CREAM)
            surface.blit(t, (area.x + px(20) + img.get_width(), y))

    @staticmethod
    def _wrap(text: str, f: Any, width: int) -> list[str]:
        from game.ui.widgets.fonts import wrap

        return wrap(text, f, width)
