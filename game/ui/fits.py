"""A text a scene drew itself (on the felt, in a panel), with the room it was given.

Widgets' texts are measured on the widgets; text drawn by our own code is recorded as a
:class:`Fit` where it is drawn, so the text-fit check (``game.ui.harness.textfit``) can
hold it to the same rule: no text wider than its room.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fit:
    """A text the table drew itself: its width and the width its box gave it."""

    where: str
    text: str
    need: int
    room: int
