"""How the player's hand looks this frame: which cards glow, which are dimmed, which lift.

A card the player may play glows while some may not; the cards the rules refuse are
dimmed; cards chosen to put away and the hint's cards glow in their own colours; the
card under the pointer (or the keyboard's cursor) lifts.  All of it is read from the
rules' legal actions (through the table's input) and the table's model: nothing here
decides what is legal.
"""

from __future__ import annotations

from typing import Protocol

from game.rules import Action, Verb
from game.rules.cards import CARD_STR

from .model import TableModel
from .stage import GLOW_HINT, GLOW_LEGAL, GLOW_SELECT, Stage

#: The verbs of a card clicked in the hand: a play, or Mariáš forehand's trump card.
CARD_PLAYS = (Verb.PLAY, Verb.TRUMP)
#: How fast a lifted card follows the pointer (the share of the way per second).
LIFT_EASE = 14
#: Within this many pixels of its height a lifting card is settled (no endless frames).
LIFT_SETTLED_PX = 0.4


class HandChoices(Protocol):
    """What the table's input says the player may do with the hand now."""

    def legal(self) -> list[Action]: ...
    def choices(self) -> list[Action]: ...
    def discarding(self) -> bool: ...
    def discardable(self) -> set[str]: ...
    def card_action(self, key: str) -> Action | None: ...


def mark_cards(stage: Stage, model: TableModel, choices: HandChoices, waiting: bool) -> bool:
    """Set the hand's glow and dimming for this frame; whether a card may be played
    or put away now (only then does a card lift under the pointer)."""
    stage.dim = set()
    stage.glow = {}
    legal = choices.legal() if waiting else []
    hand = stage.hand_sprites()
    if waiting and choices.discarding():
        ok = choices.discardable()
        stage.dim = {s.key for s in hand if s.key not in ok}
    elif waiting:
        offered = choices.choices()
        playable = set()
        for s in hand:
            a = choices.card_action(s.key)
            if a is not None and a in offered:
                playable.add(s.key)
        if playable and len(playable) < len(hand):
            stage.glow = {k: GLOW_LEGAL for k in playable}
        stage.dim = {s.key for s in hand if s.key not in playable} if any(
            a.verb in CARD_PLAYS for a in legal) else set()
    for k in model.selected:
        stage.glow[k] = GLOW_SELECT
    hinted = model.hint_action
    if hinted is not None:
        if hinted.blind:
            for s in hand:
                if s.key.startswith("blind"):
                    stage.glow[s.key] = GLOW_HINT
        elif hinted.verb in CARD_PLAYS or hinted.verb is Verb.DISCARD:
            for c in hinted.cards:
                stage.glow[CARD_STR[c]] = GLOW_HINT
    return waiting and any(a.verb in CARD_PLAYS or a.verb is Verb.DISCARD for a in legal)


def lift_cards(stage: Stage, model: TableModel, may_lift: bool, lift_h: float,
               dt: float) -> bool:
    """Move each card towards its lift (the one pointed at, unless dimmed); whether
    any is still moving (the table then needs frames)."""
    hand = stage.hand_sprites()
    cursor_key = hand[model.cursor].key if 0 <= model.cursor < len(hand) else None
    ease = min(1.0, dt * LIFT_EASE)
    lifting = False
    for s in hand:
        want = lift_h if may_lift and (s.key == model.hover or s.key == cursor_key) \
            and s.key not in stage.dim else 0.0
        s.lift += (want - s.lift) * ease
        if abs(want - s.lift) < LIFT_SETTLED_PX:
            s.lift = want
        else:
            lifting = True
    return lifting
