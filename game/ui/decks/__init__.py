"""Deck artwork drawn by our own code: faces, backs and suit icons at any pixel size.

Cards are two-character strings, rank ``A T K Q J 9 8 7`` + suit ``C D H S`` ("QH", "TS").
German artworks map Q to Ober, J to Unter, A to Daus, clubs to acorns, spades to leaves,
diamonds to bells and hearts to hearts.

``CARD_ASPECT`` is 0.69 (about 61 x 88 mm): between poker size (63 x 88, 0.716) and the
narrower skat / William Tell size (59 x 91, 0.648), so both French and German designs keep
their familiar proportions.  ``card_size(h)`` is ``(round(h * CARD_ASPECT), h)``.

Usage::

    renderer = DeckRenderer()
    surface = renderer.face("QH", 150, "german-tell")   # SRCALPHA, rounded corners
    back = renderer.back(150, "classic-red")
    icon = renderer.suit_icon("H", 24, "german-tell")   # the trump indicator
    [a.id for a in list_artworks()], [b.id for b in renderer.list_backs()]

Every image is drawn by this package: SVG paths built in Python (pygame-ce renders SVG with
nanosvg, which draws no ``<text>``/``<use>``, so even the index letters are stroked paths)
and rasterised for the exact pixel size, then kept in a bounded LRU cache.

Modules: ``svg`` (SVG helpers, rasteriser), ``glyphs`` (index lettering), ``suits`` (French
and German suit signs), ``pips`` (numeral layouts), ``costume``/``heads``/``items``/``figures``
(court figures), ``backs``, ``artworks`` (the five designs), ``faces`` (card composition),
``renderer`` (DeckRenderer), ``render_sheets`` (contact sheets / CLI), ``bench``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .artworks import ARTWORKS, CARDS, RANKS, SUITS, ArtworkInfo, DeckArtwork, list_artworks
from .backs import BackInfo
from .svg import CARD_ASPECT

if TYPE_CHECKING:
    from .renderer import DeckRenderer, card_size


def __getattr__(name: str) -> Any:
    """Import the pygame-backed renderer on first use, so ``-m ...bench`` can set SDL env."""
    if name in ("DeckRenderer", "card_size"):
        from . import renderer

        return getattr(renderer, name)
    raise AttributeError(name)

__all__ = [
    "ARTWORKS",
    "CARDS",
    "CARD_ASPECT",
    "RANKS",
    "SUITS",
    "ArtworkInfo",
    "BackInfo",
    "DeckArtwork",
    "DeckRenderer",
    "card_size",
    "list_artworks",
]
