"""The model of the table: what the player has chosen and what lies open over the cards.

The engine's observation says where every card is; this model holds the rest of what the
table shows, which no engine knows — the cards chosen to put away, the hinted action, the
keyboard's card cursor and the card under the pointer, the last trick opened over the
table, the finished deal's result panel and a question already answered.  The view
(:class:`~.scene.TableScene` and its panels) draws it; the input
(:class:`~.input.TableInput`) and the flow's events change it, through the methods below,
so each change of the table's state is written once.  Plain data: no pygame, no widgets,
testable on its own.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from game.rules import Action


class Overlay(enum.Enum):
    """What lies over the table, topmost first (the order a key or a click reaches it)."""

    #: The table's own question ("declare with only 23 points?"); modal.
    QUESTION = "question"
    #: A practice warning before a blunder; modal.
    WARNING = "warning"
    #: A counting trainer's question waits for its answer.
    COUNTING_QUESTION = "counting_question"
    #: The last finished trick, opened with L or a click on a trick pile.
    LAST_TRICK = "last_trick"
    #: The finished deal's (or match's) result panel.
    RESULT = "result"
    NONE = "none"

    @property
    def modal(self) -> bool:
        """Nothing else on the table can be pressed while it is open."""
        return self in (Overlay.QUESTION, Overlay.WARNING)


def toggle_discard(selected: set[str], key: str) -> set[str]:
    """The two talon cards are chosen together: a click adds a card, takes back a chosen
    one, or starts again from a third."""
    if key in selected:
        return selected - {key}
    if len(selected) < 2:
        return selected | {key}
    return {key}


@dataclass
class TableModel:
    """The player's state of the table beside the engine's position."""

    #: The cards chosen to put away (two at most; see :func:`toggle_discard`).
    selected: set[str] = field(default_factory=set)
    #: The hint's action (its button or card glows) and its words (the hint line).
    hint_action: Action | None = None
    hint_text: str | None = None
    #: The keyboard's card cursor (a place in the hand; -1: none) and the card under the
    #: pointer: both lift a card, and Enter plays the cursor's.
    cursor: int = -1
    hover: str | None = None
    #: The last finished trick is shown over the table.
    last_trick_view: bool = False
    #: The finished deal's result as the panel shows it (``DealEnded.result()``), or the
    #: end of the match; None while a deal is played.
    result: dict[str, Any] | None = None
    #: An action the player has just confirmed in the table's question (asked once only).
    confirmed: Action | None = None

    # --- the flow's events ----------------------------------------------------------------
    def new_match(self) -> None:
        """A match is put on the table: nothing chosen, no result."""
        self.result = None
        self.selected = set()

    def new_deal(self) -> None:
        """A deal is dealt: a new hand (Enter must not play the old cursor's place)."""
        self.cursor = -1
        self.result = None
        self.selected = set()
        self.hint_action = None

    def moved(self, by_viewer: bool) -> None:
        """A move was made (or a match resumed): the choices made for the old position go;
        the viewer's own move also resets the cursor (the next Enter plays only a card
        chosen anew)."""
        if by_viewer:
            self.cursor = -1
        self.selected = set()
        self.hint_action = None
        self.hint_text = None

    def taken_back(self) -> bool:
        """A move was taken back: no result, nothing chosen.  True when a result panel
        was open (its buttons go)."""
        had_result = self.result is not None
        self.result = None
        self.selected = set()
        return had_result

    # --- the player's choices --------------------------------------------------------------
    def toggle_select(self, key: str) -> frozenset[str]:
        """Choose (or un-choose) a card to put away; the cards chosen now."""
        self.selected = toggle_discard(self.selected, key)
        return frozenset(self.selected)

    def discard_pair(self) -> tuple[str, str] | None:
        """The two cards chosen to put away, in order, or None until there are two."""
        if len(self.selected) != 2:
            return None
        a, b = sorted(self.selected)
        return a, b

    def take_confirmed(self, action: Action) -> bool:
        """Was ``action`` just confirmed in the table's question?  Asked once: the
        confirmation is used up either way."""
        confirmed, self.confirmed = self.confirmed == action, None
        return confirmed

    def close_last_trick(self) -> bool:
        """Close the last trick's view; False when it was not open."""
        was, self.last_trick_view = self.last_trick_view, False
        return was

    def overlay(self, question: bool = False, warning: bool = False,
                counting_question: bool = False) -> Overlay:
        """The topmost thing over the table, given the widgets' questions that are open."""
        if question:
            return Overlay.QUESTION
        if warning:
            return Overlay.WARNING
        if counting_question:
            return Overlay.COUNTING_QUESTION
        if self.last_trick_view:
            return Overlay.LAST_TRICK
        if self.result is not None:
            return Overlay.RESULT
        return Overlay.NONE
