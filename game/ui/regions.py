"""What a scene drew itself, beyond its widgets: a rectangle, its kind and its name.

A screen draws cards, plates, boxes and panels on the felt; pygame-gui knows nothing of
them.  Each scene says where they lie (:meth:`game.ui.scene.Scene.regions`) so that what
is placed over the felt — and the layout check (``game.ui.harness.layout_audit``) — can
keep to one rule: nothing covers a card a player needs, nothing hides a plate or a box,
and a panel's or a frame's own buttons stay inside it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

#: Region kinds: what a scene drew, and how it may be covered.
CARD = "card"  # a card a player needs: nothing may cover it
BOX = "box"  # a plate, a box, a legend: panels and widgets must leave it readable
PANEL = "panel"  # something drawn over the table: covers nothing it must not
FRAME = "frame"  # a frame whose widgets must stay inside it
#: The key legend over the player's plate: it must not touch the hand.
LEGEND = "key legend"


@dataclass(frozen=True)
class Region:
    """A rectangle a scene drew: what it is (in words), its kind and where it lies.

    ``over_cards``: a panel the player opened on purpose over the table (the last trick,
    the deal's result) may lie over cards.  ``members``: the ``id()`` of the widgets that
    belong to it (a panel's or a frame's buttons): they lie on it and stay inside it."""

    name: str
    kind: str
    rect: pygame.Rect
    over_cards: bool = False
    members: tuple[int, ...] = ()
