"""The tutorial ("tutorial"): pick a lesson, then play its script with a narrator.

``app.go(routes.Tutorial())`` shows the lessons of ``assets/tutorials``;
``app.go(routes.Tutorial(lesson="marriage"))`` opens one directly.  The board
(left) shows the learner's hand face up; the narration panel (right) says what
happens and what to do.  The learner's scripted move is ringed in blue; any
other move is refused with a friendly sentence (and the rule's reason when the
move is not even legal).  The other seats' moves are played by the script:
after a narration the learner presses Continue (Enter/Space), otherwise they
follow after a short pause.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.rules import Action, Verb
from game.rules.actions import discard
from game.rules.cards import CARD_STR, card, cards_of
from game.ui import routes
from game.ui.i18n import current_language, tr
from game.ui.player_names import seat_name
from game.ui.practice.panels import BAD, CREAM, GOLD, GOLD_LIGHT, MUTED, draw_box
from game.ui.practice.texts import action_text, contract_text, family_of, rule_reason
from game.ui.regions import CARD, FRAME, Region
from game.ui.scenes.base import MenuScene
from game.ui.shown import Button, Shown
from game.ui.table.board import HINT, SELECT, DealBoard
from game.ui.table.controls import FKEY_NAMES, pack_rows
from game.ui.table.input import CONFIRM_KEYS, FKEYS
from game.ui.table.model import toggle_discard
from game.ui.widgets.fonts import font, wrap

from .tutorial import HUMAN, Lesson, TutorialRun, load_lessons

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

#: Seconds before a scripted move without narration is played.
BOT_PAUSE = 0.8
CARD_VERBS = (Verb.PLAY, Verb.TRUMP, Verb.DISCARD)


def _silent() -> str:
    return ""


class TutorialScene(MenuScene):
    name = "tutorial"
    remembers = ("lesson_index", "lessons")
    title_key: str | None = "ui.tutorial_title"
    back_to = "menu"

    def __init__(self, app: App):
        super().__init__(app)
        self.lessons: list[Lesson] = []
        self.run: TutorialRun | None = None
        self.lesson_index = 0
        self.board = DealBoard()
        self.card_rects: dict[str, pygame.Rect] = {}
        self.selected: set[str] = set()
        self.feedback: str | None = None
        #: What the side panel says, asked each time it is drawn, so it is in the language
        #: chosen now (a language changed in the middle of a lesson applies at once).
        self._say: Callable[[], str] = _silent
        self.narration_step = -1
        self.timer = 0.0
        self.waiting_continue = False
        #: A finished trick lies on the board until the learner collects it (a click or a
        #: key, as at the table): the next step waits.
        self.trick_waiting = False
        #: The last narration the lesson wrote (what a learner's step without one shows).
        self._story: Callable[[], str] = _silent
        #: The action the lesson expects at this step, by its button's key (None: none).
        self._expected_key: str | None = None

    # --- lifecycle ----------------------------------------------------------------------
    def build(self, **params: Any) -> Shown:
        if not self.lessons:
            try:
                self.lessons = load_lessons()
            except Exception:  # noqa: BLE001 - a broken file must not take the menu down
                log.exception("tutorials unreadable")
                self.lessons = []
        wanted = params.pop("lesson", None)
        if wanted is not None:
            self.params.pop("lesson", None)
            ids = [lesson.id for lesson in self.lessons]
            if wanted in ids:
                self._begin(ids.index(wanted))
        return self._list_shown() if self.run is None else self._play_shown()

    def _list_shown(self) -> Shown:
        """The lessons, one button each, and Back."""
        self.title_key = "ui.tutorial_title"
        px = self.px
        w, h = self.app.size
        bw, bh, gap = min(w - px(80), px(700)), px(48), px(12)
        top = px(150)
        shown = Shown()
        for i, lesson in enumerate(self.lessons):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            shown.add(Button(f"lesson:{i}", rect, lesson.title(current_language()),
                             name=f"lesson:{i}"))
        shown.add(Button("back", pygame.Rect(px(40), h - px(86), px(200), px(46)),
                         "ui.common_back"))
        if self.lessons:  # the one chosen last
            shown.focused = f"lesson:{min(self.lesson_index, len(self.lessons) - 1)}"
        return shown

    def _play_shown(self) -> Shown:
        """The lesson's buttons at this step: Lessons, and what the step asks for (the next
        lesson or again at the end, Continue, or the step's actions)."""
        self.title_key = None
        px = self.px
        side = self.side_rect()
        self._expected_key = None
        shown = Shown([Button("lessons", pygame.Rect(side.x + px(20), side.bottom - px(60),
                                                     px(150), px(42)),
                              "ui.tutorial_lessons", object_id="#small", focus=None)])
        run = self.run
        assert run is not None
        bw = side.w - px(40)
        y = self.buttons_top()
        if run.finished:
            keys: list[tuple[str, str, str | None]] = [("again", "ui.tutorial_again", None)]
            if self.lesson_index + 1 < len(self.lessons):
                keys.insert(0, ("next_lesson", "ui.tutorial_next", "#primary"))
            for key, text, oid in keys:
                shown.add(Button(key, pygame.Rect(side.x + px(20), y, bw, px(44)), text,
                                 object_id=oid))
                y += px(54)
            return shown
        if self.trick_waiting:
            return shown
        if self.waiting_continue:
            shown.add(Button("continue", pygame.Rect(side.x + px(20), y, bw, px(46)),
                             "ui.tutorial_continue", object_id="#primary", name="continue"))
            shown.focused = "continue"
            return shown
        if run.human_turn():
            obs = run.deal.observation(HUMAN)
            fam = self._family()
            acts: list[Action | None] = [a for a in obs.legal if a.verb not in CARD_VERBS]
            if any(a.verb is Verb.DISCARD for a in obs.legal):
                acts = [None, *acts]  # None: the button that lays the two chosen cards away
            expected = run.expected()
            acts = acts[:len(FKEYS)]
            labels = [f"{FKEY_NAMES[i]}  " + (
                # A contract's button says its name, as at the table (the narration says
                # "choose the contract"; "Contract: …" on each of eight buttons did not fit).
                tr("ui.tutorial_discard") if a is None else
                contract_text(a.name) if a.verb is Verb.CONTRACT else
                action_text(a, obs, fam)) for i, a in enumerate(acts)]
            # As at the table, each button shows its F-key (the number keys are cards).
            # Between the narration and the Lessons button: in one column while they fit
            # there, else packed in rows, each button as wide as its words (eight contracts
            # in two even columns cut "Suit with Seven and Hundred").
            # The game's actions are never in the keyboard's focus ring: Enter and Space
            # go on (Continue, collect the trick), they never press "Close the stock".
            for a, label, rect in zip(acts, labels, self._action_rects(labels, y)):
                key = "discard" if a is None else a.text
                shown.add(Button("act:" + key, rect, label, object_id="#small", focus=None,
                                 name="act:" + key))
                if a is expected or (a is None and expected is not None
                                     and expected.verb is Verb.DISCARD):
                    self._expected_key = key
        return shown

    @property
    def action_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The step's action buttons by their action's text, in F-key order."""
        return {name[4:]: element for name, element in self.made.items()
                if name.startswith("act:")}

    @property
    def expected_button(self) -> pygame_gui.elements.UIButton | None:
        """The action button of the lesson's move (ringed in blue)."""
        key = self._expected_key
        button: pygame_gui.elements.UIButton | None = (
            None if key is None else self.made.get("act:" + key))
        return button

    @property
    def continue_button(self) -> pygame_gui.elements.UIButton | None:
        """Continue, when the step waits for it."""
        button: pygame_gui.elements.UIButton | None = self.made.get("continue")
        return button

    def _action_rects(self, labels: list[str], top: int) -> list[pygame.Rect]:
        """Where the step's buttons go, below ``top`` and above the Lessons button."""
        px = self.px
        side = self.side_rect()
        left, width = side.x + px(20), side.w - px(40)
        bh, gap = px(40), px(8)
        bottom = side.bottom - px(60) - px(12)
        room = bottom - top
        if len(labels) * (bh + gap) - gap <= room:
            return [pygame.Rect(left, top + i * (bh + gap), width, bh)
                    for i in range(len(labels))]
        drawn = self.manager.get_theme().get_font(["#small", "button"])
        wants = [min(width, drawn.get_rect(t).width + px(28)) for t in labels]
        rows = pack_rows(wants, width, gap)
        if len(rows) * (bh + gap) - gap > room:
            bh = max(px(30), (room + gap) // len(rows) - gap)
        top = min(top, bottom - len(rows) * (bh + gap) + gap)
        rects: list[pygame.Rect] = []
        for r, row in enumerate(rows):
            # each row filled to the panel's width, the spare room shared evenly
            extra = (width - sum(wants[i] for i in row) - gap * (len(row) - 1)) // len(row)
            x = left
            for k, i in enumerate(row):
                w = wants[i] + extra if k < len(row) - 1 else left + width - x
                rects.append(pygame.Rect(x, top + r * (bh + gap), w, bh))
                x += w + gap
        return rects

    def rebuild_play(self) -> None:
        """The buttons of the step the lesson is at, made now (the screen stays)."""
        self.remake(self._play_shown())

    # --- geometry ----------------------------------------------------------------------
    def regions(self) -> list[Region]:
        """The lesson's cards and the side frame its buttons belong in."""
        if self.run is None:
            return []
        side = self.side_rect()
        members = tuple(id(e) for e in self.elements if e.alive() and e.visible
                        and side.collidepoint(e.rect.center))
        out = [Region("lesson frame", FRAME, side, members=members)]
        out += [Region(f"card {k}", CARD, pygame.Rect(r)) for k, r in self.card_rects.items()]
        return out

    def side_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.px
        sw = max(px(340), round(w * 0.3))
        return pygame.Rect(w - sw - px(30), px(30), sw, h - px(60))

    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        px = self.px
        side = self.side_rect()
        return pygame.Rect(px(36), px(34), side.x - px(56), h - px(68))

    def text_top(self) -> int:
        """Below the lesson's title (up to three lines) and the step counter."""
        px = self.px
        if self.run is None:
            return self.side_rect().y
        title_f = font("serif_bold", px(19))
        n = min(3, len(wrap(self.run.lesson.title(current_language()), title_f,
                            self.side_rect().w - px(40))))
        return self.side_rect().y + px(16) + n * (title_f.get_sized_height(0) + px(2)) + px(34)

    def buttons_top(self) -> int:
        return getattr(self, "_buttons_top", self.side_rect().centery)

    # --- the lesson ----------------------------------------------------------------------
    def start(self, index: int) -> None:
        self._begin(index)
        self.rebuild_play()

    def _begin(self, index: int) -> None:
        """Lesson ``index`` is at its first step (its buttons are not made here)."""
        self.lesson_index = index
        self.run = TutorialRun(self.lessons[index])
        self.selected = set()
        self.feedback = None
        self._say = self._story = _silent
        self.timer = 0.0
        s = self.settings
        self.board.set_style(s.deck_for(self.run.lesson.variant), s.card_back)
        self._step_state()

    def _arrive(self) -> None:
        """A new step is current: its state, then its buttons."""
        self._step_state()
        self.rebuild_play()

    def _step_state(self) -> None:
        """A new step is current: decide whether to wait for Continue."""
        run = self.run
        assert run is not None
        step = run.step
        self.waiting_continue = False
        self.timer = 0.0
        if step is not None:
            if step.text(current_language()):
                self._say = self._story = lambda: step.text(current_language())
                self.narration_step = run.index
                self.feedback = None
                self.waiting_continue = step.seat != HUMAN
            elif step.seat != HUMAN:
                # Another seat plays next: say so (the last step's words no longer apply).
                seat = step.seat
                self._say = lambda: tr("ui.tutorial_their_move", name=self._name(seat))
                self.narration_step = run.index
            else:
                self._say = self._story
        self.layout_text()

    @property
    def last_narration(self) -> str:
        """What the side panel says now, in the language chosen now."""
        return self._say()

    @property
    def story(self) -> str:
        """The lesson's last narration (a learner's step without words of its own shows it)."""
        return self._story()

    def _name(self, seat: int) -> str:
        deal = self.run.deal if self.run is not None else None
        players = deal.players if deal is not None else 2
        return seat_name(seat, players, 0, player_name=self.settings.player_name)

    def _moved(self, tricks_before: int, deal: Any) -> None:
        """After a move: a trick it finished stays on the board until collected."""
        run = self.run
        assert run is not None
        if run.deal is deal and len(deal.trick_log) > tricks_before and not deal.is_over():
            self.trick_waiting = True
            self.waiting_continue = False
            self.feedback = None
            self._say = lambda: tr("ui.table_prompt_collect")
            self.narration_step = run.index
            self.layout_text()
            self.rebuild_play()
            return
        self._arrive()

    def collect(self) -> bool:
        """The learner collects the finished trick (a click or a key); True if one waited."""
        if not self.trick_waiting:
            return False
        self.trick_waiting = False
        self._arrive()
        return True

    def layout_text(self) -> None:
        """Where the buttons start: below the narration text."""
        px = self.px
        side = self.side_rect()
        body = font("sans", px(17))
        lines = wrap(self.last_narration, body, side.w - px(40))
        y = self.text_top() + len(lines) * (body.get_sized_height(0) + px(4)) + px(140)
        self._buttons_top = min(y, side.bottom - px(300))

    def _family(self) -> str:
        return family_of(self.run.lesson.variant, self.settings) if self.run else "french"

    def try_action(self, action: Action) -> bool:
        run = self.run
        if run is None or not run.human_turn() or self.waiting_continue or self.trick_waiting:
            return False
        deal, tricks = run.deal, len(run.deal.trick_log)
        ok, why = run.try_action(action)
        if ok:
            self.selected = set()
            self.play("card")
            self._moved(tricks, deal)
            return True
        fam = self._family()
        obs = run.deal.observation(HUMAN)
        expected = run.expected()
        if why is not None:
            self.feedback = rule_reason(why, fam)
        elif expected is not None:
            # a legal move that is not the lesson's: say so, and which move it shows
            self.feedback = tr("ui.tutorial_wrong",
                               chosen=action_text(action, obs, fam),
                               action=action_text(expected, obs, fam, capital=False))
        return False

    def play_scripted(self) -> None:
        """The lesson's next move by another seat (the lesson's script plays it)."""
        run = self.run
        if run is None or run.finished or run.human_turn() or self.trick_waiting:
            return
        deal, tricks = run.deal, len(run.deal.trick_log)
        run.apply_scripted()
        self.play("card")
        self._moved(tricks, deal)

    # --- input -------------------------------------------------------------------------
    def on_button(self, key: str) -> None:
        if key.startswith("lesson:"):
            self.leave()
            self.start(int(key.split(":", 1)[1]))
        elif key == "lessons":
            self.run = None
            self.rebuild()
        elif key == "continue":
            self.waiting_continue = False
            self.play_scripted()
        elif key == "again":
            self.start(self.lesson_index)
        elif key == "next_lesson":
            self.start(self.lesson_index + 1)
        elif key.startswith("act:"):
            if key == "act:discard":
                if len(self.selected) != 2:
                    self.feedback = tr("ui.table_choose_discard")
                    return
                a, b = sorted(self.selected)
                self.try_action(discard(card(a), card(b)))
            else:
                self.try_action(Action.parse(key[4:]))
        elif key == "back":
            self.go_back()

    def go_back(self) -> None:
        if self.run is not None:
            self.run = None
            self.rebuild()
        else:
            self.app.go(routes.Menu())

    def on_event(self, event: pygame.event.Event) -> None:
        run = self.run
        if run is None:
            return
        if self.trick_waiting and (event.type == pygame.KEYDOWN and event.key not in (
                pygame.K_ESCAPE, pygame.K_TAB) or (event.type == pygame.MOUSEBUTTONDOWN
                                                    and event.button == 1)):
            self.collect()
            return
        if event.type == pygame.KEYDOWN and event.key in CONFIRM_KEYS:
            if self.waiting_continue:
                self.on_button("continue")
            return
        if event.type == pygame.KEYDOWN and event.key in FKEYS:
            i = FKEYS.index(event.key)
            buttons = list(self.action_buttons)
            if i < len(buttons):
                self.on_button("act:" + buttons[i])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and run.human_turn():
            key = self.card_at(event.pos)
            if key is not None:
                self.click_card(key)

    def card_at(self, pos: tuple[int, int]) -> str | None:
        return self.board.card_at(pos)

    def click_card(self, key: str) -> None:
        run = self.run
        assert run is not None
        legal = run.deal.legal_actions()
        if any(a.verb is Verb.DISCARD for a in legal):
            self.selected = toggle_discard(self.selected, key)
            return
        verb = "trump" if any(a.verb is Verb.TRUMP for a in legal) else "play"
        self.try_action(Action.parse(f"{verb} {key}"))

    # --- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        run = self.run
        if run is None or run.finished or run.human_turn() or self.waiting_continue \
                or self.trick_waiting:
            return
        self.timer += dt
        if self.timer >= BOT_PAUSE:
            self.play_scripted()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.run is None:
            if self.lessons:
                img, _ = font("serif_italic", self.px(20)).render(tr("ui.tutorial_choose"),
                                                                  MUTED)
                surface.blit(img, img.get_rect(center=(surface.get_width() // 2, self.px(118))))
            return
        run = self.run
        deal = run.deal
        assert deal is not None
        players = deal.players
        # named as at the table: the player, then North, or West and East
        names = [seat_name(s, players, 0, player_name=self.settings.player_name)
                 for s in range(players)]
        glow: dict[str, tuple[int, int, int]] = {}
        expected = run.expected() if run.human_turn() and not self.waiting_continue \
            and not self.trick_waiting else None
        if expected is not None:
            if expected.verb in CARD_VERBS:
                for c in expected.cards:
                    glow[CARD_STR[c]] = HINT
        for key in self.selected:
            glow[key] = SELECT
        hand = {CARD_STR[c] for c in cards_of(deal.hand(HUMAN))}
        dim = set()
        if expected is not None and expected.verb is Verb.PLAY:
            legal = {a.card_text for a in deal.legal_actions() if a.verb is Verb.PLAY}
            dim = hand - legal
        self.card_rects = self.board.draw_deal(surface, self.board_rect(), deal, HUMAN, {HUMAN},
                                               names, glow=glow, lift=set(self.selected),
                                               dim=dim, last_trick=self.trick_waiting)
        self._draw_side(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        px = self.px
        run = self.run
        assert run is not None
        side = self.side_rect()
        draw_box(surface, side, (8, 28, 18, 226))
        b = self.expected_button
        if b is not None and b.alive():
            pygame.draw.rect(surface, HINT, b.rect.inflate(px(8), px(8)), 3,
                             border_radius=px(9))
        lang = current_language()
        title_f = font("serif_bold", px(19))
        y = side.y + px(16)
        for line in wrap(run.lesson.title(lang), title_f, side.w - px(40))[:3]:
            img, _ = title_f.render(line, GOLD_LIGHT)
            surface.blit(img, (side.x + px(20), y))
            y += title_f.get_sized_height(0) + px(2)
        steps = len(run.lesson.steps)
        prog = tr("ui.review_step", n=min(run.index + 1, steps), total=steps)
        img, _ = font("sans", px(13)).render(prog, MUTED)
        surface.blit(img, (side.x + px(20), y + px(2)))
        y = self.text_top()
        body = font("sans", px(17))
        if run.finished:
            text = tr("ui.tutorial_done")
            img, _ = font("serif_bold", px(26)).render(text, GOLD_LIGHT)
            surface.blit(img, (side.x + px(20), y))
            y += px(46)
            score = run.deals[-1].score() if run.deals else None
            if score and score[HUMAN] > 0:
                img, _ = font("sans_bold", px(18)).render(
                    tr("ui.table_you_win_deal", n=score[HUMAN]), GOLD)
                surface.blit(img, (side.x + px(20), y))
                y += px(36)
            for line in wrap(self.last_narration, body, side.w - px(40)):
                img, _ = body.render(line, CREAM)
                surface.blit(img, (side.x + px(20), y))
                y += body.get_sized_height(0) + px(4)
            return
        # the narration of a step already played stays readable, but quieter
        current = getattr(self, "narration_step", -1) == run.index
        for line in wrap(self.last_narration, body, side.w - px(40)):
            img, _ = body.render(line, CREAM if current else MUTED)
            surface.blit(img, (side.x + px(20), y))
            y += body.get_sized_height(0) + px(4)
        y += px(12)
        small = font("sans_bold", px(16))
        if run.human_turn() and not self.waiting_continue and not self.trick_waiting:
            expected = run.expected()
            assert expected is not None
            prompt = tr("ui.tutorial_your_move", action=action_text(
                expected, run.deal.observation(HUMAN), self._family(),
                capital=False))
            for line in wrap(prompt, small, side.w - px(40)):
                img, _ = small.render(line, GOLD)
                surface.blit(img, (side.x + px(20), y))
                y += small.get_sized_height(0) + px(2)
        if self.feedback:
            y += px(6)
            for line in wrap(self.feedback, small, side.w - px(40))[:3]:
                img, _ = small.render(line, BAD)
                surface.blit(img, (side.x + px(20), y))
                y += small.get_sized_height(0) + px(2)
