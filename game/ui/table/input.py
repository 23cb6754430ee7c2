"""Mouse and keyboard at the table: pick, drag and play cards, press buttons by number.

The person is an *input* like a bot (:class:`game.ui.players.HumanInput`); this
module turns clicks and keys into actions and hands them over.  What is legal
comes from the engine's list in the seat's observation, and why a card is
refused from ``deal.check`` (a refusal code, said in the player's language) —
shown in a tooltip, never guessed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.rules import TRUMP_BLIND, Action, Observation, Refusal, Verb
from game.rules.actions import discard
from game.rules.cards import CARD_STR

from . import text as words
from .controls import CARD_VERBS

if TYPE_CHECKING:
    from .host import InputHost
    from .stage import Stage

DRAG_PIXELS = 8
#: The keys of the action buttons, left to right (the button shows its key).
FKEYS = (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6,
         pygame.K_F7, pygame.K_F8, pygame.K_F9)
#: The keys that go on: they never press a game action (see :meth:`TableInput.key`).
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: 1–9 are the first nine cards and 0 the tenth (a Mariáš hand has ten).
HAND_KEYS = 10
_DIGITS = {**{pygame.K_1 + i: i for i in range(9)}, **{pygame.K_KP1 + i: i for i in range(9)},
           pygame.K_0: 9, pygame.K_KP0: 9}


def card_number(key: int) -> int | None:
    """The hand position (0-based) a number key stands for, or None."""
    return _DIGITS.get(key)


def takes_back(event: pygame.event.Event) -> bool:
    """Backspace or Ctrl+Z: take back the last move (practice games)."""
    return event.type == pygame.KEYDOWN and (
        event.key == pygame.K_BACKSPACE or (
            event.key == pygame.K_z and bool(event.mod & pygame.KMOD_CTRL)))


def card_key_name(i: int) -> str:
    """The number key of hand position ``i`` (0-based), as its badge shows it."""
    return str(i + 1) if i < 9 else "0"


@dataclass
class Press:
    key: str
    pos: tuple[int, int]
    dragging: bool = False


class TableInput:
    def __init__(self, scene: InputHost):
        self.scene = scene
        self.press: Press | None = None
        self.tooltip: tuple[str, tuple[int, int]] | None = None
        self.mouse: tuple[int, int] = (0, 0)

    @property
    def stage(self) -> Stage:
        """The table's sprites (there while a match is on the table)."""
        stage = self.scene.stage
        assert stage is not None
        return stage

    # --- what the engine allows now --------------------------------------------------
    def observation(self) -> Observation | None:
        flow = self.scene.flow
        if flow is None or not flow.waiting_for_human() or flow.pending is None:
            return None
        return flow.pending.observation

    def legal(self) -> list[Action]:
        obs = self.observation()
        return list(obs.legal) if obs else []

    def choices(self) -> list[Action]:
        """The legal actions and the choices chance resolves (the blind trump card)."""
        obs = self.observation()
        return list(obs.choices) if obs else []

    def discarding(self) -> bool:
        return any(a.verb is Verb.DISCARD for a in self.legal())

    def discardable(self) -> set[str]:
        """The cards that some legal discard contains: the engine's list decides which cards
        may be put away (never an ace, a ten or the trump card in a Suit game …)."""
        out: set[str] = set()
        for a in self.legal():
            if a.verb is Verb.DISCARD:
                out.update(CARD_STR[c] for c in a.cards)
        return out

    def discard_reason(self, key: str) -> Refusal | None:
        """Why card ``key`` may not be put away (the engine's refusal), or None if it may."""
        ok = self.discardable()
        if key in ok or not ok or key not in CARD_STR:
            return None
        partner = min(ok)
        return self.reason(discard(CARD_STR.index(key), CARD_STR.index(partner)))

    def card_action(self, key: str) -> Action | None:
        """The action clicking card ``key`` means now (play, trump, or None: select)."""
        legal = self.legal()
        if not legal:
            return None
        if key.startswith("blind"):
            # a face-down card: choosing one of them is the blind trump card, and which
            # card it turns out to be is chance (the engine draws it)
            return TRUMP_BLIND if TRUMP_BLIND in self.choices() else None
        verb = "trump" if any(a.verb is Verb.TRUMP for a in legal) else "play"
        return Action.parse(f"{verb} {key}")

    def reason(self, action: Action) -> Refusal | None:
        """Why the engine would refuse ``action`` (None: legal)."""
        flow = self.scene.flow
        if flow is None or flow.deal is None:
            return None
        if action in self.choices():
            return None
        return flow.deal.check(action, flow.view_seat)

    # --- acting ---------------------------------------------------------------------
    def choose_card(self, key: str) -> bool:
        """A card was clicked (or Enter on the cursor): play, pick trump, or select."""
        if self.discarding() and not key.startswith("blind"):
            why = self.discard_reason(key)
            if why is not None:
                self.scene.refuse(why)
                return False
            self.scene.toggle_select(key)
            return True
        action = self.card_action(key)
        if action is None:
            return False
        reason = self.reason(action)
        if reason is not None:
            self.scene.refuse(reason)
            return False
        return self.scene.submit(action)

    # --- events ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.press is not None:
                dx = event.pos[0] - self.press.pos[0]
                dy = event.pos[1] - self.press.pos[1]
                if self.press.dragging or abs(dx) + abs(dy) > DRAG_PIXELS:
                    self.press.dragging = True
                    self.stage.drag = (self.press.key, event.pos[0], event.pos[1])
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            sp = self.stage.hit(event.pos)
            if sp is not None:
                self.press = Press(sp.key, event.pos)
                return True
            if self.stage.hit(event.pos, ("pile",)) is not None:
                scene.toggle_last_trick()  # a look at the last trick, any time
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            press, self.press = self.press, None
            self.stage.drag = None
            if press is None:
                return False
            if press.dragging:
                # A drag plays when dropped above the hand (towards the trick).
                if event.pos[1] < scene.layout.spot(scene.view_seat).hand[1] - \
                        scene.layout.hand_h * 0.6:
                    return self.choose_card(press.key)
                return False
            sp = self.stage.hit(event.pos)
            if sp is not None and sp.key == press.key:
                return self.choose_card(press.key)
            return False
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def card_turn(self) -> bool:
        """Is the player choosing cards now (play, trump card, the two to put away)?"""
        return any(a.verb in CARD_VERBS for a in self.legal())

    def key(self, event: pygame.event.Event) -> bool:
        """The keyboard's one rule (shown on the table): **1–9 are the cards** of the hand,
        left to right, and **F1–F9 the buttons** — so a number never presses a button
        (pressing 2 for the second card must never declare 66)."""
        scene = self.scene
        k = event.key
        cards = [s.key for s in self.stage.hand_sprites()]
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            step = -1 if k == pygame.K_LEFT else 1
            if self.scene.model.cursor < 0 or self.scene.model.cursor >= len(cards):
                self.scene.model.cursor = 0 if step > 0 else len(cards) - 1
            else:
                self.scene.model.cursor = (self.scene.model.cursor + step) % len(cards)
            return True
        if k in CONFIRM_KEYS:
            # Enter/Space are the keys a player hits to go on (collect a trick, the next
            # deal, answer a question: the scene handles those first).  Here they only play
            # the card the arrows have chosen — never a button, whatever has focus: a stray
            # Enter at the first lead must not close the stock and cost the deal.
            if not self.card_turn():
                if scene.buttons.buttons:
                    scene.say_keys()
                return False
            if 0 <= self.scene.model.cursor < len(cards):
                return self.choose_card(cards[self.scene.model.cursor])
            scene.say_keys(arrows=True)  # no card chosen: say how, play nothing
            return False
        number = card_number(k)
        if number is not None:
            if not self.card_turn():
                if scene.buttons.buttons:
                    scene.say_keys()  # the buttons have F-keys: say so, press nothing
                return False
            if number < len(cards):
                self.scene.model.cursor = number
                return self.choose_card(cards[number])
            return False
        if k in FKEYS:
            i = FKEYS.index(k)
            buttons = scene.buttons.buttons
            if i < len(buttons):
                return scene.press_action(buttons[i][0])
            return False
        if k == pygame.K_h:
            scene.on_hint()
            return True
        if takes_back(event):
            return bool(scene.layer is not None and scene.layer.undo())
        return False

    # --- per frame ------------------------------------------------------------------
    def update(self) -> None:
        """Hover and tooltip from the mouse position (and the keyboard cursor)."""
        scene = self.scene
        sp = self.stage.hit(self.mouse)
        self.scene.model.hover = sp.key if sp is not None else None
        cards = [s.key for s in self.stage.hand_sprites()]
        if self.scene.model.cursor >= len(cards):
            self.scene.model.cursor = len(cards) - 1
        self.tooltip = None
        card_turn = any(a.verb is Verb.PLAY or a.verb is Verb.TRUMP for a in self.legal())
        reason = None
        if self.scene.model.hover and self.discarding():
            reason = self.discard_reason(self.scene.model.hover)
        elif self.scene.model.hover and card_turn:
            action = self.card_action(self.scene.model.hover)
            if action is not None:
                reason = self.reason(action)
        if reason and sp is not None:
            # Above the card it explains, never on a neighbour (the legal card beside it).
            r = self.stage.rect_of(sp)
            self.tooltip = (words.reason(reason, scene.german_names), (r.x, r.y))
