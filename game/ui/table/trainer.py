"""The counting trainer at the table: now and then, on the player's turn, a counting question.

The questions and their answers come from :mod:`game.ai.trainer` (so from the counting
aid, which reads the player's observation only); this module shows one, takes the answer
(a click, or a key: the number itself, Y / N, or 1–4 for the i-th choice), says whether
it was right and why, and files it in the statistics (``storage.record_question``).  While
a question is open the table waits: cards and buttons do not react (Escape still opens
the menu).  The random choices are seeded by the match and the trick, so a resumed match
asks the same questions.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Protocol

import pygame
import pygame_gui

from game.ai.counting import CountingAid, counting_aid
from game.ai.trainer import Question, make_question, should_ask
from game.ui.i18n import tr
from game.ui.players import HumanInput
from game.ui.widgets.fonts import font

from .animation import Animator
from .counting import CountingPanel
from .host import TableBasics
from .hud import GOLD, panel
from .table_buttons import TableButtons

log = logging.getLogger(__name__)

RIGHT = (150, 215, 160)
WRONG = (240, 150, 120)


class TrainerHost(TableBasics, Protocol):
    """The table as the counting trainer uses it: its questions and explanations are written
    with the counting panel's own rows (:meth:`CountingPanel.flow`), so the two read alike."""

    human: HumanInput | None
    anim: Animator
    table_buttons: TableButtons

    @property
    def counting(self) -> CountingPanel: ...

    def play_sound(self, name: str) -> None: ...


class TrainerPanel:
    def __init__(self, scene: TrainerHost):
        self.scene = scene
        self.question: Question | None = None
        self.aid: CountingAid | None = None
        self.answered: bool | None = None  # None: not yet; else right or wrong
        self.choice: Any = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[pygame_gui.elements.UIButton, Any]] = []
        self._decided: set[tuple[int, int]] = set()
        self._asked: dict[int, int] = {}
        self._lines: list[list[tuple[str, Any]]] = []

    # --- when to ask ---------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.question is not None

    def enabled(self) -> bool:
        setup = self.scene.setup
        return setup is not None and setup.trainer

    def update(self) -> None:
        """On the player's turn, once per trick: ask or not (seeded by match and trick)."""
        sc = self.scene
        if self.active or not self.enabled() or sc.human is None or not sc.human.waiting \
                or sc.model.result is not None or sc.flow is None or sc.anim.busy():
            return
        obs = sc.human.pending.observation if sc.human.pending is not None else None
        if not obs:
            return
        deal_no = len(sc.flow.match.deals)
        key = (deal_no, sum(obs.tricks))
        if key in self._decided:
            return
        self._decided.add(key)
        seed = (sc.setup.seed if sc.setup is not None else None) or 0
        rng = random.Random(f"trainer|{seed}|{sc.flow.match.seed}|{key[0]}|{key[1]}")
        asked = self._asked.get(deal_no, 0)
        if not should_ask(obs, asked, rng):
            return
        aid = counting_aid(obs)
        # the plates print every seat's points unless the player counts them in memory
        question = make_question(obs, rng, aid,
                                 points_shown=not sc.settings.count_in_memory)
        self._asked[deal_no] = asked + 1
        self.open(question, aid)

    # --- the question ----------------------------------------------------------------------
    def open(self, question: Question, aid: CountingAid) -> None:
        self.close()
        self.question, self.aid, self.answered, self.choice = question, aid, None, None
        self._build()

    def close(self) -> None:
        self.hide()
        self.question = None
        self.answered = None

    def reset(self) -> None:
        """A new match at the table: nothing asked yet."""
        self.close()
        self._decided.clear()
        self._asked.clear()

    def hide(self) -> None:
        """Take the buttons away (the scene is left); :meth:`rebuild` brings them back."""
        for b, _v in self.buttons:
            b.kill()
        self.buttons = []

    def rebuild(self) -> None:
        if self.question is not None:
            self._build()

    def _size(self) -> tuple[int, int, int]:
        L = self.scene.layout
        f = max(13, round(L.font * 0.9))
        width = min(L.size[0] - 2 * L.margin, max(f * 24, round(L.size[0] * 0.32)))
        return f, width, round(f * 0.9)

    def _build(self) -> None:
        """The box and its buttons: the choices, or Continue once answered."""
        for b, _v in self.buttons:
            b.kill()
        self.buttons = []
        q = self.question
        if q is None:
            return
        sc = self.scene
        f, width, pad = self._size()
        self._lines = self.lines()
        rows = sc.counting.flow(self._lines, f, width - 2 * pad)
        line_h = round(f * 1.45)
        bh = round(f * 2.2)
        values: list[Any] = list(q.choices) if self.answered is None else ["continue"]
        per_row = 5 if len(values) > 5 else len(values)
        gap = round(f * 0.5)
        bw = min(round(f * 6.5), (width - 2 * pad - (per_row - 1) * gap) // max(1, per_row))
        if values == ["continue"]:  # one button: as wide as its word ("Pokračovat")
            bw = min(width - 2 * pad, max(bw, font("sans_bold", round(f * 1.15)).get_rect(
                self.label("continue")).width + 2 * f))
        button_rows = -(-len(values) // per_row)
        height = pad * 2 + len(rows) * line_h + pad + button_rows * (bh + gap)
        box = (width, height)
        place = sc.counting.place
        self.rect = place(sc.app.size, box, self.aid) if self.aid is not None else \
            pygame.Rect(0, 0, *box)
        self._rows = rows
        y0 = self.rect.y + pad + len(rows) * line_h + pad
        for i, value in enumerate(values):
            r, c = divmod(i, per_row)
            n_in_row = min(per_row, len(values) - r * per_row)
            total = n_in_row * bw + (n_in_row - 1) * gap
            x = self.rect.centerx - total // 2 + c * (bw + gap)
            rect = pygame.Rect(x, y0 + r * (bh + gap), bw, bh)
            label = self.label(value)
            b = pygame_gui.elements.UIButton(rect, label, sc.app.manager,
                                             object_id="#table_next" if value == "continue"
                                             else None)
            self.buttons.append((b, value))

    def label(self, value: Any) -> str:
        if value == "continue":
            return tr("ui.trainer_continue")
        if value is True:
            return tr("ui.trainer_yes")
        if value is False:
            return tr("ui.trainer_no")
        return str(value)

    def lines(self) -> list[list[tuple[str, Any]]]:
        """The question, and once answered the verdict and why."""
        q, aid = self.question, self.aid
        assert q is not None and aid is not None
        cp = self.scene.counting
        out: list[list[tuple[str, Any]]] = [[("title", tr("ui.trainer_title"))]]
        card = q.params.get("card")
        out.append(cp._template(self.question_text(q), cards=(str(card),) if card else (),
                                suit=q.params.get("suit")))
        if self.answered is None:
            return out
        if self.answered:
            out.append([("right", tr("ui.trainer_right"))])
        else:
            out.append([("wrong", tr("ui.trainer_wrong", answer=self.label(q.answer)))])
        out.extend(self.explanation(q, aid))
        return out

    def question_text(self, q: Question) -> str:
        name = self.scene.counting._name(q.params["seat"]) if "seat" in q.params else ""
        if q.kind == "points" and q.params.get("side"):
            return tr(f"ui.trainer_q_points_{q.params['side']}", name=name)
        return tr(f"ui.trainer_q_{q.kind}", name=name)

    def explanation(self, q: Question, aid: CountingAid) -> list[list[tuple[str, Any]]]:
        cp = self.scene.counting
        if q.kind == "trumps_out":
            if not q.answer:
                return [[("text", tr("ui.trainer_ex_no_trumps"))]]
            in_play = tuple(c for c in aid.trumps_out if c not in aid.out_of_play)
            return [cp._template(tr("ui.trainer_ex_still_out"), cards=in_play)]
        if q.kind == "unseen_suit":
            cards = aid.unseen.get(q.params["suit"], ())
            if not cards:
                return [cp._template(tr("ui.trainer_ex_none_unseen"), suit=q.params["suit"])]
            return [cp._template(tr("ui.trainer_ex_unseen"), cards=cards)]
        if q.kind == "to_target":
            return [[("text", tr("ui.trainer_ex_to_target", n=aid.points[aid.seat],
                                 need=aid.to_target(aid.seat) or 0))]]
        if q.kind == "points":
            seat = q.params["seat"]
            text = tr("ui.trainer_ex_points", name=cp._name(seat), n=aid.points[seat])
            if aid.pending[seat]:
                text += " " + tr("ui.trainer_ex_pending", n=aid.pending[seat])
            return [[("text", text)]]
        # can_hold: why (not)
        seat, c = q.params["seat"], q.params["card"]
        name = cp._name(seat)
        if c in aid.known.get(seat, ()):
            return [cp._template(tr("ui.trainer_ex_known", name=name), cards=(c,))]
        where = aid.places.get(c)
        if where is None:
            holder = next((s for s, cards in aid.known.items() if c in cards), None)
            if holder is not None:
                return [cp._template(tr("ui.trainer_ex_known", name=cp._name(holder)),
                                     cards=(c,))]
            pending = self.scene.human.pending if self.scene.human else None
            if pending is not None and c in pending.observation.hand:
                return [cp._template(tr("ui.trainer_ex_mine"), cards=(c,))]
            if c in aid.talon:
                return [cp._template(tr("ui.trainer_ex_talon"), cards=(c,))]
            return [cp._template(tr("ui.trainer_ex_played"), cards=(c,))]
        if seat in where:
            if where == (seat,):
                return [cp._template(tr("ui.count_only_place", name=name), cards=(c,))]
            return [cp._template(tr("ui.trainer_ex_possible", name=name), cards=(c,))]
        reasons = [row for row, p in zip(cp.facts(aid), aid.proofs)
                   if p.seat == seat and p.kind != "holds" and p.suit == c[1]]
        if reasons:
            return reasons[:1]
        return [cp._template(tr("ui.trainer_ex_elsewhere", name=name), cards=(c,))]

    # --- answers ---------------------------------------------------------------------------
    def answer(self, value: Any) -> None:
        q = self.question
        if q is None or self.answered is not None:
            return
        self.choice = value
        self.answered = q.is_right(value)
        storage = self.scene.app.services.storage
        if storage is not None and self.scene.setup is not None:
            storage.record_question(self.scene.setup.variant, q.kind, self.answered)
        self.scene.play_sound("click" if self.answered else "lose")
        self._build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Modal while a question is open (Escape still goes to the menu)."""
        if not self.active:
            return False
        q = self.question
        assert q is not None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for b, value in self.buttons:
                if event.ui_element is b:
                    if value == "continue":
                        self.close()
                    else:
                        self.answer(value)
                    return True
            # the table's Menu stays at hand; its actions wait for the answer
            return self.scene.table_buttons.key_of(event.ui_element) != "menu"
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False
            if self.answered is not None:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                    self.close()
                return True
            picked = self.key_choice(event)
            if picked is not None:
                self.answer(picked)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def key_choice(self, event: pygame.event.Event) -> Any:
        q = self.question
        assert q is not None
        if q.choices == (True, False):
            if event.key in (pygame.K_y, pygame.K_1, pygame.K_KP1):
                return True
            if event.key in (pygame.K_n, pygame.K_2, pygame.K_KP2):
                return False
            return None
        digit = {**{pygame.K_0 + i: i for i in range(10)},
                 **{pygame.K_KP0 + i: i for i in range(10)}}.get(event.key)
        if digit is None:
            return None
        if all(isinstance(c, int) and 0 <= c <= 9 for c in q.choices) and \
                q.choices == tuple(range(len(q.choices))):
            return digit if digit in q.choices else None
        return q.choices[digit - 1] if 1 <= digit <= len(q.choices) else None

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> tuple[pygame.Rect, Any] | None:
        """Draw an open question; returns its area and a look that compares equal while it
        looks the same (the table's redraw protocol), or None."""
        if not self.active:
            return None
        sc = self.scene
        f, width, pad = self._size()
        surface.blit(panel(self.rect.size, (10, 32, 22, 255), 14, (*GOLD, 255)),
                     self.rect.topleft)
        y = self.rect.y + pad
        line_h = round(f * 1.45)
        for row in self._rows:
            segs = [(("gold", v) if k == "right" else ("text", v) if k == "wrong" else (k, v))
                    for k, v in row]
            colour = RIGHT if any(k == "right" for k, _ in row) else \
                WRONG if any(k == "wrong" for k, _ in row) else None
            if colour is not None:
                text = " ".join(str(v) for _k, v in row)
                font("sans_bold", f).render_to(surface, (self.rect.x + pad, y + 1), text, colour)
            else:
                sc.counting._draw_row(surface, segs, self.rect.x + pad, y, f,
                                      self.rect.w - 2 * pad)
            y += line_h
        return pygame.Rect(self.rect), (repr(self._rows), tuple(self.rect))
