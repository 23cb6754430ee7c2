"""The after-deal review ("review"): each decision beside the best one, and a replay.

``app.go(routes.Review(deal=deal or record=text, seat=0, names=[...], back_to="table"))``.
Left: the player's decisions (move, best move, estimated points lost), filled in
by :func:`game.ai.review.review_deal` in a worker thread, and below them *why*: for
the selected decision the reason it lost points and what the better move was (or why
the move was good), said by :mod:`game.ai.explain`.  Right: the deal step by step
with **every hand face up** — Start / Back / Forward / End, or the arrow keys
(Home/End); clicking a decision jumps to the moment before it, the move made ringed
orange and the best move blue.  "Show the better move" plays the better move and a
likely continuation (:func:`game.ai.review.better_line`) on the same board, stepped
with the same buttons, until "Back to the game".
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.explain import threshold_for
from game.ai.review import ReviewItem, better_line, deal_of, review_deal, total_lost
from game.rules import Observation
from game.rules.base import Deal
from game.rules.cards import CARD_STR
from game.rules.record import write_deal
from game.ui.i18n import tr
from game.ui.practice.panels import BAD, CREAM, GOLD, GOLD_LIGHT, MUTED, draw_box
from game.ui.practice.texts import action_text, decimal, explanation_lines, family_of
from game.ui.result_text import describe
from game.ui.routes import ScreenName
from game.ui.shown import Button, Shown, Then
from game.ui.table.board import HINT, SELECT
from game.ui.widgets.fonts import ellipsize, font, wrap

from .base import DealLessonScene

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

#: Search budget per reviewed decision (ms).
REVIEW_BUDGET_MS = 250


def positions(deal: Deal) -> list[Deal]:
    """The deal after 0, 1, ... all of its actions (the engine's replay)."""
    return deal.positions()


class ReviewScene(DealLessonScene):
    name = "review"
    kept = True  # opened again for the same deal, its finished review shows at once
    title_key = "ui.review_title"

    def __init__(self, app: App):
        super().__init__(app)
        self.states: list[Deal] = []
        self.items: list[ReviewItem] = []
        self.total = 0
        self.done = 0
        self.selected: int | None = None
        self.scroll = 0
        #: The list's scrollbar as last drawn: (track, thumb, rows visible); None when the
        #: whole list fits.
        self.scrollbar: tuple[pygame.Rect, pygame.Rect, int] | None = None
        self.row_rects: list[tuple[pygame.Rect, int]] = []
        self.budget_ms = REVIEW_BUDGET_MS
        self.iterations: int | None = None
        self.judgements: dict[str, Any] = {}
        #: The better line being shown: the positions after the better move (None: the
        #: deal as played), the step shown (-1: the moment before it) and its decision.
        self.line: list[Deal] | None = None
        self.line_pos = 0
        self.line_item: ReviewItem | None = None
        self.line_busy = False
        self._line_cancel = threading.Event()

    # --- lifecycle ---------------------------------------------------------------------
    def build(self, **params: Any) -> Shown:
        source = params.get("deal") if params.get("deal") is not None else params.get("record")
        self.back_to = params.get("back_to", "table")
        self.names = list(params.get("names") or [])
        #: The hints given during the deal, by position: reused, not searched again.
        self.judgements = dict(params.get("judgements") or {})
        if source is not None:
            self._load(deal_of(source), int(params.get("seat", 0)),
                       params.get("iterations"))
        s = self.settings
        if self.deal is not None:
            self.board.set_style(s.deck_for(self.deal.variant), s.card_back)
        px = self.px
        w, h = self.app.size
        area = self.board_rect()
        cont = pygame.Rect(0, 0, px(190), px(46))
        cont.bottomright = (w - px(44), h - px(38))
        # The steps, then "Show the better move", then Continue in the focus ring.
        shown = Shown([Button("continue", cont, "ui.review_continue", object_id="#primary",
                              focus=2, name="continue")])
        keys = [("start", "ui.review_start"), ("back_step", "ui.review_back"),
                ("forward", "ui.review_forward"), ("end", "ui.review_end")]
        gap, bh = px(10), px(40)
        room = cont.left - px(24) - area.x
        bw = min(px(112), (room - gap * (len(keys) - 1)) // len(keys))
        x = cont.left - px(24) - len(keys) * bw - (len(keys) - 1) * gap
        y = cont.centery - bh // 2
        for i, (key, text) in enumerate(keys):
            shown.add(Button(key, pygame.Rect(x + i * (bw + gap), y, bw, bh), text,
                             object_id="#small"))
        why = self.why_rect()
        bb = pygame.Rect(0, 0, min(px(250), why.w - px(28)), px(36))
        bb.bottomright = (why.right - px(12), why.bottom - px(10))
        # shown only for a decision that lost points
        shown.add(Button("better", bb, "ui.review_show_better", object_id="#small", focus=1,
                         name="better"),
                  Then(lambda made: self._sync_better_button()))
        return shown

    @property
    def better_button(self) -> pygame_gui.elements.UIButton | None:
        """"Show the better move" / "Back to the game" (None until it is made)."""
        button: pygame_gui.elements.UIButton | None = self.made.get("better")
        return button

    def _load(self, deal: Deal, seat: int, iterations: int | None) -> None:
        key = write_deal(deal) + f"|{seat}"
        if key == self._key:
            self._resume()
            return
        self._stop()
        self._key = key
        self.deal, self.seat = deal, seat
        self.iterations = iterations
        self.states = positions(deal)
        self.pos = len(self.states) - 1
        self.items, self.done, self.selected, self.scroll = [], 0, None, 0
        self.line, self.line_item = None, None
        self.total = sum(1 for s, _ in deal.history if s == seat)
        self._resume()

    def _resume(self) -> None:
        """(Re)start the analysis where it stopped (it stops whenever the scene is left)."""
        if self._thread is not None and self._thread.is_alive():
            if not self._cancel.is_set():
                return  # still working
            self._thread.join(2.0)  # stopping after its current decision (a fraction of a s)
        if self.deal is None or len(self.items) >= self.total:
            return
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._analyse,
                                        args=(self.deal, self.seat, self._cancel,
                                              len(self.items)),
                                        daemon=True, name="review")
        self._thread.start()

    def leave(self) -> None:
        self._stop()  # a search thread would slow the next scene's frames (the GIL)
        self._line_cancel.set()
        super().leave()

    def _analyse(self, deal: Deal, seat: int, cancel: threading.Event, start: int) -> None:
        def progress(done: int, total: int, item: ReviewItem) -> None:
            if not cancel.is_set():
                self.items.append(item)
                self.done = done
                self.invalidate()  # the redraw protocol: show it now (the loop may sleep)
                self.wake()

        try:
            review_deal(deal, seat, budget_ms=self.budget_ms, seed=1, iterations=self.iterations,
                        cancel=cancel, progress=progress, start=start, known=self.judgements)
        except Exception:  # noqa: BLE001 - the review is help; the replay still works
            log.exception("review failed")
            self.done = self.total
            self.invalidate()
            self.wake()

    # --- geometry ------------------------------------------------------------------------
    def list_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.px
        return pygame.Rect(px(34), px(104), round(w * 0.4),
                           h - px(104) - px(96) - self.why_height() - px(10))

    def why_height(self) -> int:
        return max(self.px(178), round(self.app.size[1] * 0.28))

    def why_rect(self) -> pygame.Rect:
        """Below the list: why the selected decision lost points (or was good)."""
        w, h = self.app.size
        px = self.px
        return pygame.Rect(px(34), h - px(96) - self.why_height(), round(w * 0.4),
                           self.why_height())

    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.px
        left = self.list_rect().right + px(20)
        return pygame.Rect(left, px(96), w - left - px(30), h - px(96) - px(130))

    # --- input ------------------------------------------------------------------------------
    def on_button(self, key: str) -> None:
        last = len(self.states) - 1
        if key == "better":
            self.toggle_better()
            return
        if self.line is not None and key in ("start", "back_step", "forward", "end"):
            self.step_line(key)
            return
        target = self.step_to(key, last)
        if target is not None:
            self.go(target)
            return
        if key in ("continue", "back"):
            self.go_back()

    def go(self, pos: int) -> None:
        self.close_line()
        self.pos = max(0, min(len(self.states) - 1, pos))
        self.selected = next((i for i, it in enumerate(self.items) if it.index == self.pos), None)
        self._sync_better_button()

    # --- the better line ---------------------------------------------------------------
    def selected_item(self) -> ReviewItem | None:
        if self.selected is None or self.selected >= len(self.items):
            return None
        return self.items[self.selected]

    def _sync_better_button(self) -> None:
        """The button shows only for a decision that lost points (or while a line shows)."""
        b = self.better_button
        if b is None:
            return
        item = self.selected_item()
        if self.line is not None or self.line_busy:
            b.set_text("ui.review_show_actual")
            b.show()
        elif item is not None and item.weak is not None:
            b.set_text("ui.review_show_better")
            b.show()
        else:
            b.hide()

    def toggle_better(self) -> None:
        if self.line is not None or self.line_busy:
            self.close_line()
            return
        item = self.selected_item()
        if item is None or item.weak is None or self.deal is None:
            return
        self.show_better(item)

    def show_better(self, item: ReviewItem, wait: bool = False) -> None:
        """Play ``item``'s better move and a likely continuation (in a thread)."""
        assert self.deal is not None
        self._line_cancel.set()
        cancel = self._line_cancel = threading.Event()
        self.line_item, self.line_busy, self.line, self.line_pos = item, True, None, 0
        deal = self.deal

        def work() -> None:
            try:
                line = better_line(deal, item, cancel=cancel)
            except Exception:  # noqa: BLE001 - the review is help; the replay still works
                log.exception("better line failed")
                line = []
            if not cancel.is_set():
                self.line = line or None
                self.line_busy = False
                self.line_pos = 0
                self._sync_better_button()
                self.invalidate()
                self.wake()

        t = threading.Thread(target=work, daemon=True, name="review-line")
        t.start()
        self._sync_better_button()
        if wait:
            t.join(60.0)

    def close_line(self) -> None:
        self._line_cancel.set()
        self.line, self.line_busy = None, False
        self._sync_better_button()

    def step_line(self, key: str) -> None:
        assert self.line is not None
        last = len(self.line) - 1
        self.line_pos = {"start": -1, "back_step": self.line_pos - 1,
                         "forward": self.line_pos + 1, "end": last}[key]
        self.line_pos = max(-1, min(last, self.line_pos))

    def go_back(self) -> None:
        self._stop()
        target: ScreenName = self.back_to if self.back_to in self.app.scene_factories \
            else "menu"
        self.app.show(target)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.on_button("back_step")
            elif event.key == pygame.K_RIGHT:
                self.on_button("forward")
            elif event.key == pygame.K_HOME:
                self.on_button("start")
            elif event.key == pygame.K_END:
                self.on_button("end")
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self.scrollbar
            if bar is not None and bar[0].inflate(self.px(8), 0).collidepoint(event.pos):
                track, thumb, visible = bar
                if event.pos[1] < thumb.top:  # a page up or down, as a list's track does
                    self.scroll = max(0, self.scroll - visible)
                elif event.pos[1] >= thumb.bottom:
                    self.scroll += visible  # (clamped when the list is drawn)
                return
            for rect, i in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.close_line()
                    self.selected = i
                    self.pos = self.items[i].index
                    self._sync_better_button()
                    return
        elif event.type == pygame.MOUSEWHEEL:
            if self.list_rect().collidepoint(pygame.mouse.get_pos()):
                self.scroll = max(0, self.scroll - event.y)

    # --- drawing ------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.deal is None:
            return
        self._draw_list(surface)
        self._draw_why(surface)
        if self.line is not None or self.line_busy:
            self._draw_line(surface)
        else:
            self._draw_board(surface)

    def _family(self) -> str:
        return family_of(self.deal.variant, self.settings) if self.deal else "french"

    def _draw_list(self, surface: pygame.Surface) -> None:
        px = self.px
        r = self.list_rect()
        draw_box(surface, r, (8, 28, 18, 214))
        fam = self._family()
        variant = self.deal.variant if self.deal is not None else ""
        head = font("sans_bold", px(15))
        body = font("sans", px(15))
        bold = font("sans_bold", px(15))
        small = font("sans", px(13))
        cols = [r.x + px(14), r.x + px(46), r.x + round(r.w * 0.5), r.right - px(16)]
        y = r.y + px(12)
        for text, x in zip(("#", tr("ui.review_col_move"), tr("ui.review_col_best")), cols):
            img, _ = head.render(text, GOLD)
            surface.blit(img, (x, y))
        img, _ = head.render(tr("ui.review_col_lost"), GOLD)
        surface.blit(img, (cols[3] - img.get_width(), y))
        y += px(28)
        pygame.draw.line(surface, (233, 200, 110), (r.x + px(10), y - px(5)),
                         (r.right - px(10), y - px(5)), 1)
        row_h = px(30)
        footer_h = px(74)
        visible = max(1, (r.bottom - footer_h - y) // row_h)
        self.scroll = max(0, min(self.scroll, max(0, len(self.items) - visible)))
        self._draw_scrollbar(surface, pygame.Rect(r.right - px(12), y, px(6),
                                                  visible * row_h), visible)
        self.row_rects = []
        items = list(self.items)
        obs_cache: dict[int, Observation] = {}
        for i in range(self.scroll, min(len(items), self.scroll + visible)):
            it = items[i]
            row = pygame.Rect(r.x + px(6), y, r.w - px(12), row_h)
            self.row_rects.append((row, i))
            if i == self.selected or it.index == self.pos:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                band.fill((233, 200, 110, 46))
                surface.blit(band, row.topleft)
            obs = obs_cache.setdefault(it.index, self.states[it.index].observation(self.seat))
            cy = y + row_h // 2
            num, _ = small.render(str(i + 1), MUTED)
            surface.blit(num, (cols[0], cy - num.get_height() // 2))
            lost = it.lost
            bad = lost is not None and lost >= threshold_for(variant)
            mine, _ = (bold if bad else body).render(
                ellipsize(action_text(it.action, obs, fam), body, cols[2] - cols[1] - px(8)),
                BAD if bad else CREAM)
            surface.blit(mine, (cols[1], cy - mine.get_height() // 2))
            if it.forced:
                best_text, colour = tr("ui.review_forced"), MUTED
            elif it.is_best or lost == 0:  # as good as the best, as far as the search can tell
                best_text, colour = tr("ui.review_same"), (150, 215, 160)
            else:
                best_text, colour = action_text(it.best, obs, fam), HINT
            best, _ = body.render(ellipsize(best_text, body, cols[3] - cols[2] - px(64)), colour)
            surface.blit(best, (cols[2], cy - best.get_height() // 2))
            lost_text = "—" if lost is None else ("0" if lost == 0 else decimal(lost))
            limg, _ = (bold if bad else body).render(lost_text, BAD if bad else CREAM)
            surface.blit(limg, (cols[3] - limg.get_width(), cy - limg.get_height() // 2))
            y += row_h
        fy = r.bottom - footer_h + px(8)
        pygame.draw.line(surface, (233, 200, 110), (r.x + px(10), fy - px(6)),
                         (r.right - px(10), fy - px(6)), 1)
        if self.total == 0:
            line = tr("ui.review_none")
        elif self.done < self.total:
            line = tr("ui.review_computing", done=self.done, total=self.total)
        else:
            # Mariáš is paid in units
            marias = self.deal is not None and self.deal.variant == "marias"
            line = tr("ui.review_total_marias" if marias else "ui.review_total",
                      lost=decimal(total_lost(items)))
        img, _ = font("sans_bold", px(17)).render(line, GOLD_LIGHT)
        surface.blit(img, (r.x + px(14), fy))
        note, _ = small.render(ellipsize(tr("ui.review_note"), small, r.w - px(28)), MUTED)
        surface.blit(note, (r.x + px(14), fy + px(30)))

    def _draw_scrollbar(self, surface: pygame.Surface, track: pygame.Rect,
                        visible: int) -> None:
        """A list longer than its box shows that it scrolls, and how far: a thumb on a
        track at the box's right edge (the wheel or a click on the track moves it)."""
        total = len(self.items)
        if total <= visible:
            self.scrollbar = None
            return
        h = max(self.px(18), round(track.h * visible / total))
        top = track.y + round((track.h - h) * self.scroll / (total - visible))
        thumb = pygame.Rect(track.x, top, track.w, h)
        radius = track.w // 2
        pygame.draw.rect(surface, (40, 70, 52), track, border_radius=radius)
        pygame.draw.rect(surface, GOLD, thumb, border_radius=radius)
        self.scrollbar = (track, thumb, visible)

    def _draw_board(self, surface: pygame.Surface) -> None:
        px = self.px
        area = self.board_rect()
        state = self.states[self.pos]
        glow: dict[str, tuple[int, int, int]] = {}
        item = next((it for it in self.items if it.index == self.pos), None)
        if item is not None:
            for action, colour in ((item.best, HINT), (item.action, SELECT)):
                for c in action.cards:  # a card played, a trump card, a discard's two
                    glow[CARD_STR[c]] = colour
        names = [self._name(s) for s in range(state.players)]
        self.board.draw_deal(surface, area, state, self.seat, set(range(state.players)), names,
                             glow=glow, complete_trick=True)
        # what happens next
        fam = self._family()
        total = len(self.states) - 1
        y = area.bottom + px(6)
        step = tr("ui.review_step", n=self.pos, total=total)
        if self.pos < total:
            assert self.deal is not None
            seat, action = self.deal.history[self.pos]
            text = tr("ui.review_action", name=self._name(seat),
                      action=action_text(action, state.observation(seat), fam))
        else:
            text = ""
            if state.is_over():  # the deal's result, whole, over the finished board
                self._draw_result(surface, area, describe(state, names, family=fam, sep="\n"))
        img, _ = font("sans_bold", px(16)).render(step, GOLD)
        surface.blit(img, (area.x + px(8), y))
        if text:
            body = font("sans", px(16))
            t, _ = body.render(ellipsize(text, body, area.w - img.get_width() - px(30)), CREAM)
            surface.blit(t, (area.x + px(20) + img.get_width(), y))

    def _draw_why(self, surface: pygame.Surface) -> None:
        """Why the selected decision lost points and what was better (or why it was good)."""
        px = self.px
        r = self.why_rect()
        draw_box(surface, r, (8, 28, 18, 214))
        item = self.selected_item()
        title, _ = font("sans_bold", px(15)).render(tr("ui.review_why_title"), GOLD)
        surface.blit(title, (r.x + px(14), r.y + px(10)))
        if item is None or item.forced:
            return
        state = self.states[item.index]
        obs = state.observation(self.seat)
        fam = self._family()
        if item.weak is not None:
            sentences = explanation_lines(item.weak, obs, fam)
        else:
            sentences = [tr("ui.review_good_move",
                            why=" ".join(explanation_lines(item.why, obs, fam)))]
        button_h = px(46) if item.weak is not None else 0
        room = r.bottom - button_h - px(6) - (r.y + px(34))
        # the largest size at which every sentence fits (small windows, long languages)
        for size in (14, 13, 12, 11):
            body = font("sans", px(size))
            lines = [(ln, i) for i, sentence in enumerate(sentences)
                     for ln in wrap(sentence, body, r.w - px(28))]
            if len(lines) * (body.get_sized_height(0) + px(2)) <= room:
                break
        y = r.y + px(34)
        for ln, i in lines:
            if y + body.get_sized_height(0) > r.y + px(34) + room:
                break
            img, _ = body.render(ln, CREAM if i == 0 else MUTED)
            surface.blit(img, (r.x + px(14), y))
            y += body.get_sized_height(0) + px(2)

    def _draw_line(self, surface: pygame.Surface) -> None:
        """The better line on the review's board: the move ringed blue, then its sequel."""
        px = self.px
        area = self.board_rect()
        item = self.line_item
        assert item is not None
        before = self.states[item.index]
        fam = self._family()
        step = ""
        if self.line is None:  # still playing it out
            state = before
            caption = tr("ui.review_better_thinking")
        else:
            state = before if self.line_pos < 0 else self.line[self.line_pos]
            best = action_text(item.best, before.observation(self.seat), fam, capital=False)
            caption = tr("ui.review_better_line", action=best, n=self.line_pos + 1,
                         total=len(self.line))
            if self.line_pos > 0:  # what the step was: who played what
                seat, action = state.history[-1]
                prev = self.line[self.line_pos - 1]
                step = tr("ui.review_action", name=self._name(seat),
                          action=action_text(action, prev.observation(seat), fam))
            if state.is_over():
                names = [self._name(s) for s in range(state.players)]
                caption = tr("ui.review_better_result",
                             result=describe(state, names, family=fam))
                step = ""
        glow = {CARD_STR[c]: HINT for c in item.best.cards} if self.line_pos < 0 else {}
        names = [self._name(s) for s in range(state.players)]
        self.board.draw_deal(surface, area, state, self.seat, set(range(state.players)), names,
                             glow=glow, complete_trick=True)
        body = font("sans", px(14))
        y = area.bottom + px(4)
        lines = [(ln, GOLD_LIGHT) for ln in wrap(caption, body, area.w - px(16))]
        if step:
            lines = lines[:1] + [(step, CREAM)]
        for ln, colour in lines[:2]:
            img, _ = body.render(ellipsize(ln, body, area.w - px(16)), colour)
            surface.blit(img, (area.x + px(8), y))
            y += body.get_sized_height(0) + px(1)

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect, text: str) -> None:
        """How the deal was scored, as the score sheet says it, in a box on the board."""
        px = self.px
        body = font("sans", px(15))
        lines = wrap(text, body, area.w - px(80))
        line_h = body.get_sized_height(0) + px(4)
        box = pygame.Rect(0, 0, area.w - px(40), len(lines) * line_h + px(24))
        box.center = area.center
        draw_box(surface, box, (8, 28, 18, 250))
        y = box.y + px(12)
        for line in lines:
            img, _ = body.render(line, CREAM)
            surface.blit(img, (box.x + px(20), y))
            y += line_h
