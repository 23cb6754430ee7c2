"""Card pictures for the table: faces and backs at exact pixel heights, rotated and shaded.

The deck renderer draws vector artwork at the requested height (crisp at any
window size); this module adds what the table needs on top — rotations, the
"flip" squeeze, dimming, highlight rims and soft shadows — and caches every
variant, because rotating or scaling a card per frame costs ~1 ms each
(TOOLING.md) and the frame budget is 8 ms.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

import pygame

from game.ui.decks.renderer import DeckRenderer

log = logging.getLogger(__name__)

#: Settings.card_back values (short) to the renderer's back ids.
BACK_IDS = {"red": "classic-red", "blue": "blue-rosette", "green": "green-ornament",
            "tell": "tell-checks"}
CARD_ASPECT = 0.69


def make_renderer() -> DeckRenderer:
    """The deck renderer of one table (its own cache of faces and backs)."""
    return DeckRenderer(max_entries=600)


class _LRU:
    """Least-recently-used surfaces, bounded by count *and* bytes (a 4K card is ~1 MB)."""

    def __init__(self, limit: int, max_bytes: int = 160 * 1024 * 1024):
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        self.data: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable) -> pygame.Surface | None:
        s = self.data.get(key)
        if s is not None:
            self.data.move_to_end(key)
        return s

    def put(self, key: Hashable, s: pygame.Surface) -> pygame.Surface:
        old = self.data.pop(key, None)
        if old is not None:
            self.bytes -= _nbytes(old)
        self.data[key] = s
        self.bytes += _nbytes(s)
        while len(self.data) > 1 and (len(self.data) > self.limit or
                                      self.bytes > self.max_bytes):
            _k, gone = self.data.popitem(last=False)
            self.bytes -= _nbytes(gone)
        return s


def _nbytes(s: pygame.Surface) -> int:
    return s.get_width() * s.get_height() * s.get_bytesize()


class CardArt:
    """Every card picture the table draws, cached by (card, height, angle, look)."""

    def __init__(self, renderer: Any, artwork: str, back: str):
        self.renderer = renderer
        self.artwork = artwork
        self.back_id = BACK_IDS.get(back, back)
        self._cache = _LRU(1500)
        self._check_ids()

    def _check_ids(self) -> None:
        try:
            self.renderer.back(20, self.back_id)
        except ValueError:  # an unknown back id in old settings: the default
            self.back_id = "classic-red"
        try:
            self.renderer.face("AS", 20, self.artwork)
        except ValueError:  # an unknown artwork id: the default
            self.artwork = "french-classic"

    def set_style(self, artwork: str, back: str) -> None:
        back = BACK_IDS.get(back, back)
        if (artwork, back) != (self.artwork, self.back_id):
            self.artwork, self.back_id = artwork, back
            self._check_ids()
            self._cache = _LRU(1500)

    def size(self, height: int) -> tuple[int, int]:
        return self.renderer.card_size(height)

    def base(self, card: str | None, height: int) -> pygame.Surface:
        """The unrotated picture; ``card`` None is the back."""
        if card is None or card == "??":
            return self.renderer.back(height, self.back_id)
        return self.renderer.face(card, height, self.artwork)

    def picture(self, card: str | None, height: int, angle: int = 0, squeeze: int = 10,
                dim: bool = False, glow: tuple[int, int, int] | None = None) -> pygame.Surface:
        """A finished card surface: ``squeeze`` 0..10 is the flip width in tenths."""
        key = (card, height, angle, squeeze, dim, glow)
        s = self._cache.get(key)
        if s is not None:
            return s
        if angle or squeeze != 10 or dim or glow:
            s = self.base(card, height)
            if squeeze != 10:
                w = max(1, round(s.get_width() * squeeze / 10))
                s = pygame.transform.smoothscale(s, (w, s.get_height()))
            if dim or glow:
                s = s.copy()
                r = s.get_rect()
                rad = max(3, height // 16)
                if dim:
                    shade = pygame.Surface(r.size, pygame.SRCALPHA)
                    pygame.draw.rect(shade, (20, 30, 25, 120), r, border_radius=rad)
                    s.blit(shade, (0, 0))
                if glow:
                    pad = max(3, height // 28)
                    big = pygame.Surface((r.w + 2 * pad, r.h + 2 * pad), pygame.SRCALPHA)
                    pygame.draw.rect(big, (*glow, 235), big.get_rect(), border_radius=rad + pad)
                    big = pygame.transform.gaussian_blur(big, max(1, pad // 2))
                    big.blit(s, (pad, pad))
                    s = big
            if angle:
                s = pygame.transform.rotate(s, angle)
        else:
            s = self.base(card, height)
        return self._cache.put(key, s)

    def scaled(self, card: str | None, height: int, from_height: int, angle: int = 0,
               squeeze: int = 10) -> pygame.Surface:
        """A card at an in-between height (during a move), downscaled from a crisp larger one."""
        key = ("scaled", card, height, from_height, angle, squeeze)
        s = self._cache.get(key)
        if s is not None:
            return s
        src = self.base(card, from_height)
        w, h = self.size(height)
        w = max(1, round(w * squeeze / 10))
        s = pygame.transform.smoothscale(src, (w, h))
        if angle:
            s = pygame.transform.rotate(s, angle)
        return self._cache.put(key, s)

    def shadow(self, w: int, h: int, angle: int = 0) -> pygame.Surface:
        """A soft shadow for a card of ``w``×``h``: blurred once per size, rotated copies cached.

        Sizes are quantised to 8 px so cards in flight reuse a few shadows.
        """
        w, h = max(8, w // 8 * 8), max(8, h // 8 * 8)
        key = ("shadow", w, h, angle)
        s = self._cache.get(key)
        if s is not None:
            return s
        if angle:
            s = pygame.transform.rotate(self.shadow(w, h, 0), angle)
            return self._cache.put(key, s)
        pad = max(4, h // 14)
        s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(s, (0, 0, 0, 110), pygame.Rect(pad, pad, w, h),
                         border_radius=max(3, h // 14))
        s = pygame.transform.gaussian_blur(s, max(2, pad // 2))
        return self._cache.put(key, s)

    def suit_icon(self, suit: str, size: int) -> pygame.Surface:
        key = ("suit", suit, size)
        s = self._cache.get(key)
        if s is None:
            s = self._cache.put(key, self.renderer.suit_icon(suit, size, self.artwork))
        return s

    def suit_chip(self, suit: str, size: int) -> pygame.Surface:
        """The suit icon on a small card-coloured tile: black suits stay visible on dark panels."""
        key = ("chip", suit, size)
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(s, (250, 246, 235), s.get_rect(), border_radius=max(3, size // 4))
            icon = self.suit_icon(suit, round(size * 0.78))
            s.blit(icon, ((size - icon.get_width()) // 2, (size - icon.get_height()) // 2))
            s = self._cache.put(key, s)
        return s

    def warm(self, cards: list[str], heights: list[int]) -> None:
        """Render faces in advance so the first frames of a deal do not stall."""
        for h in heights:
            self.renderer.back(h, self.back_id)
            for c in cards:
                self.renderer.face(c, h, self.artwork)
