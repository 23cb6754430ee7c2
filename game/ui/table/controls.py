"""Action buttons: one pygame-gui button per legal non-card action, labelled for people.

Only actions in the engine's legal list get a button, so the table can never
offer something the rules refuse.  Card actions (``play``, ``trump``,
``discard``) are made on the cards themselves.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.rules import Action, MariasObservation, Observation, Verb
from game.rules.actions import CARD_VERBS as _CARD_VERBS
from game.rules.cards import SUITS, marriage_points
from game.ui.practice.texts import DOUBLE_KEYS, component_text, contract_text

from .text import suit as _suit
from .text import t

#: Verbs handled on the cards, not with buttons.
CARD_VERBS = (*_CARD_VERBS, Verb.DISCARD)


def suit_name(letter: str, german: bool = False) -> str:
    return _suit(letter, german)


def contract_label(name: str) -> str:
    return contract_text(name)


def component_label(name: str) -> str:
    return component_text(name)


def double_name(k: int) -> str:
    """The name of the (k+1)-th doubling: Flek, Re, Tutti …"""
    if k < len(DOUBLE_KEYS):
        return t(DOUBLE_KEYS[k])
    return t("act_double")


def action_label(action: Action, obs: Observation, german: bool | None = None) -> str:
    """What a button for ``action`` says, in the player's language; suit names follow the
    deck (``german``), by default the family of the game."""
    verb = action.verb
    if german is None:
        german = obs.variant == "marias"
    if verb is Verb.EXCHANGE:
        return t("table_exchange_trump")
    if verb is Verb.CLOSE:
        return t("table_close_stock")
    if verb is Verb.DECLARE:
        return t("table_declare_66")
    if verb is Verb.MARRIAGE:
        suit = SUITS[action.suit]
        pts = marriage_points(obs.trump == suit)
        return f"{t('act_marriage')} {suit_name(suit, german)} ({pts})"
    if verb is Verb.CONTRACT:
        return contract_label(action.name)
    if verb is Verb.GOOD:
        return t("act_good")
    if verb is Verb.BAD:
        return t("table_bad_contract", contract=contract_label(action.name))
    if verb is Verb.DOUBLE:
        k = obs.doublings.get(action.name, 0) if isinstance(obs, MariasObservation) else 0
        return f"{double_name(k)} ({component_label(action.name).lower()})"
    if verb is Verb.ANNOUNCE:
        return f"{t('act_announce')} {component_label(action.name).lower()}"
    if verb is Verb.PASS:
        return t("act_pass")
    if verb is Verb.DISCARD:
        return t("table_discard_these")
    return action.text


def text_width(text: str, font: int) -> int:
    """Roughly how wide a bold button label is (NotoSans averages ~0.58 em per character)."""
    return round(len(text) * font * 0.58)


def button_actions(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.verb not in CARD_VERBS]


#: The names of the keys of the action buttons, left to right (game.ui.table.input).
FKEY_NAMES = tuple(f"F{i}" for i in range(1, 10))


def decision_buttons(legal: list[Action], obs: Observation, chosen_discard: Action | None,
                     german: bool) -> tuple[list[Action], list[str]]:
    """The buttons of the decision at hand and their labels: every legal action not made on
    the cards, after the discard of the two chosen cards when the rules allow it (never one
    they refuse).  Each label shows its key (F1, F2 …): the number keys are the cards'."""
    actions = button_actions(legal)
    if chosen_discard is not None and chosen_discard in legal:
        actions = [chosen_discard] + actions
    labels = [action_label(a, obs, german) for a in actions]
    labels = [f"{FKEY_NAMES[i]}  {text}" if i < len(FKEY_NAMES) else text
              for i, text in enumerate(labels)]
    return actions, labels


def pack_rows(widths: list[int], room: float, gap: int) -> list[list[int]]:
    """Indices of ``widths`` in rows, in order, each row at most ``room`` wide with ``gap``
    between neighbours (an item wider than the room gets a row of its own)."""
    rows: list[list[int]] = []
    used = 0.0
    for i, w in enumerate(widths):
        if rows and used + gap + w <= room:
            rows[-1].append(i)
            used += gap + w
        else:
            rows.append([i])
            used = w
    return rows


class ButtonBar:
    """A centred row of buttons above the hand, rebuilt only when the actions change."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.buttons: list[tuple[Action, pygame_gui.elements.UIButton]] = []
        self._key: tuple[Any, ...] = ()

    def sync(self, actions: list[Action], labels: list[str], y: float, width: int,
             font: int) -> None:
        key = (tuple(actions), tuple(labels), round(y), width, font)
        if key == self._key:
            return
        self.clear()
        self._key = key
        if not actions:
            return
        h = round(font * 2.1)
        ws = [max(round(font * 5.5), self._text_w(t, font) + font * 2) for t in labels]
        ws = [min(w, width - 2 * font) for w in ws]
        gap = round(font * 0.6)
        # Rows of at most ~62% of the window (the side hands stay free), stacked upwards.
        room = width * 0.62
        rows = pack_rows(ws, room, gap)
        for r, row in enumerate(rows):
            total = sum(ws[i] for i in row) + gap * (len(row) - 1)
            x = (width - total) / 2
            ry = y - (len(rows) - 1 - r) * (h + gap)
            for i in row:
                rect = pygame.Rect(round(x), round(ry), ws[i], h)
                b = pygame_gui.elements.UIButton(rect, labels[i], self.manager,
                                                 object_id="#table_action")
                self.buttons.append((actions[i], b))
                x += ws[i] + gap

    def _text_w(self, text: str, font: int) -> int:
        """The label's width in the font the button will draw it with (Cyrillic runs
        wider than the rough estimate), never less than the estimate."""
        drawn = self.manager.get_theme().get_font(["#table_action", "button"])
        return max(text_width(text, font), drawn.get_rect(text).width)

    def action_of(self, element: Any) -> Action | None:
        for action, b in self.buttons:
            if b is element:
                return action
        return None

    def rect_of(self, action: Action) -> pygame.Rect | None:
        for a, b in self.buttons:
            if a is action:
                return pygame.Rect(b.rect)
        return None

    def clear(self) -> None:
        for _a, b in self.buttons:
            b.kill()
        self.buttons = []
        self._key = ()
