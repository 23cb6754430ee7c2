"""Action buttons: one pygame-gui button per legal non-card action, labelled for people.

Only actions in the engine's legal list get a button, so the table can never
offer something the rules refuse.  Card actions (``play``, ``trump``,
``discard``) are made on the cards themselves.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
GERMAN_SUITS = {"C": "acorns", "D": "bells", "H": "hearts", "S": "leaves"}
CONTRACT_LABELS = {
    "suit": "Suit", "suit seven": "Suit + Seven", "suit hundred": "Suit + Hundred",
    "suit seven hundred": "Suit + Seven + Hundred", "betl": "Betl", "durch": "Durch",
    "open-betl": "Open Betl", "open-durch": "Open Durch",
}
DOUBLE_NAMES = ("Flek", "Re", "Tutti", "Boty", "Kalhoty", "Kaiser")
COMPONENT_LABELS = {"game": "game", "seven": "Seven", "seven-against": "Seven against",
                    "hundred-against": "Hundred against"}

#: Verbs handled on the cards, not with buttons.
CARD_VERBS = ("play", "trump", "discard")


def suit_name(letter: str, german: bool = False) -> str:
    return (GERMAN_SUITS if german else SUIT_NAMES).get(letter, letter)


def action_label(action: str, obs: dict[str, Any]) -> str:
    """What a button for ``action`` says (English; the verbs of the table)."""
    verb, _, rest = action.partition(" ")
    german = obs.get("variant") == "marias"
    if verb == "exchange":
        return "Exchange trump"
    if verb == "close":
        return "Close the stock"
    if verb == "declare":
        return "Declare 66!"
    if verb == "marriage":
        trump = obs.get("trump") == rest
        return f"Marriage {suit_name(rest, german)} ({40 if trump else 20})"
    if verb == "contract":
        return CONTRACT_LABELS.get(rest, rest.title())
    if verb == "good":
        return "Good"
    if verb == "bad":
        return f"Bad — {CONTRACT_LABELS.get(rest, rest.title())}"
    if verb == "double":
        k = int((obs.get("doublings") or {}).get(rest, 0))
        name = DOUBLE_NAMES[k] if k < len(DOUBLE_NAMES) else "Double"
        return f"{name} ({COMPONENT_LABELS.get(rest, rest)})"
    if verb == "announce":
        return f"Announce {COMPONENT_LABELS.get(rest, rest)}"
    if verb == "pass":
        return "Pass"
    if verb == "discard":
        return "Discard " + rest
    return action


def button_actions(legal: list[str]) -> list[str]:
    return [a for a in legal if a.split(" ", 1)[0] not in CARD_VERBS]


class ButtonBar:
    """A centred row of buttons above the hand, rebuilt only when the actions change."""

    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        self.buttons: list[tuple[str, pygame_gui.elements.UIButton]] = []
        self._key: tuple[Any, ...] = ()

    def sync(self, actions: list[str], labels: list[str], y: float, width: int,
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
        gap = round(font * 0.6)
        total = sum(ws) + gap * (len(ws) - 1)
        x = (width - total) / 2
        for action, label, w in zip(actions, labels, ws):
            rect = pygame.Rect(round(x), round(y), w, h)
            b = pygame_gui.elements.UIButton(rect, label, self.manager,
                                             object_id="#table_action")
            self.buttons.append((action, b))
            x += w + gap

    @staticmethod
    def _text_w(text: str, font: int) -> int:
        return round(len(text) * font * 0.56)

    def action_of(self, element: Any) -> str | None:
        for action, b in self.buttons:
            if b is element:
                return action
        return None

    def rect_of(self, action: str) -> pygame.Rect | None:
        for a, b in self.buttons:
            if a == action:
                return b.rect
        return None

    def clear(self) -> None:
        for _a, b in self.buttons:
            b.kill()
        self.buttons = []
        self._key = ()
