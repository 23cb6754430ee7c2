"""DeckRenderer: card faces, backs and suit icons as pygame surfaces at any pixel size.

Each request renders the vector source for the exact size (crisp at every zoom, no
smoothscale blur) and keeps the result in a bounded LRU cache, so the table can ask for the
same card every frame for free.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, cast

import pygame

from .artworks import ARTWORKS, CARDS
from .backs import BACKS, BackInfo
from .faces import face_svg, suit_svg
from .svg import CARD_ASPECT, document, rasterize


def card_size(height: int) -> tuple[int, int]:
    """Pixel size of a card ``height`` pixels tall."""
    height = max(1, int(height))
    return max(1, round(height * CARD_ASPECT)), height


class DeckRenderer:
    """Renders and caches deck artwork; safe to use before a display mode is set.

    Returned surfaces are shared cache entries: blit them, never draw on them.
    """

    def __init__(self, max_entries: int = 400, max_bytes: int = 96 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._cache: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._bytes = 0
        # The table renders the rest of a deck on a worker thread while it plays
        # (game.ui.table.art.CardArt.warm); rasterising runs outside the lock.
        self._lock = threading.Lock()

    # --- public interface -------------------------------------------------------------
    def face(self, card: str, height: int, artwork: str = "french-classic") -> pygame.Surface:
        """Face of ``card`` (e.g. "QH") for ``artwork``, exactly ``card_size(height)``."""
        card = card.upper()
        if card not in CARDS:
            raise ValueError(f"unknown card {card!r}")
        if artwork not in ARTWORKS:
            raise ValueError(f"unknown artwork {artwork!r}")
        w, h = card_size(height)
        key = ("face", artwork, card, w, h)
        return self._cached(key, lambda: document(face_svg(artwork, card), w, h))

    def back(self, height: int, back_id: str = "classic-red") -> pygame.Surface:
        """A card back, exactly ``card_size(height)``."""
        if back_id not in BACKS:
            raise ValueError(f"unknown back {back_id!r}")
        w, h = card_size(height)
        key = ("back", back_id, w, h)
        return self._cached(key, lambda: document(_back_svg(back_id), w, h))

    def suit_icon(self, suit: str, size: int, artwork: str = "french-classic") -> pygame.Surface:
        """A square ``size`` x ``size`` suit sign in the artwork's own style and colours."""
        suit = suit.upper()
        if suit not in "CDHS" or len(suit) != 1:
            raise ValueError(f"unknown suit {suit!r}")
        if artwork not in ARTWORKS:
            raise ValueError(f"unknown artwork {artwork!r}")
        size = max(1, int(size))
        key = ("suit", artwork, suit, size)
        return self._cached(
            key, lambda: document(suit_svg(artwork, suit), size, size, 100.0, 100.0)
        )

    @staticmethod
    def list_backs() -> list[BackInfo]:
        return [info for info, _ in BACKS.values()]

    @staticmethod
    def card_size(height: int) -> tuple[int, int]:
        return card_size(height)

    def clear_cache(self) -> None:
        with self._lock:
            self._cache.clear()
            self._bytes = 0

    def keep_only(self, artworks: set[str] | None = None,
                  heights: set[int] | None = None) -> int:
        """Let go of the faces and suit signs of other artworks (``artworks``) and of the
        faces and backs at other heights (``heights``); None keeps all of that kind.
        A deck that was left, or a window size that was left, holds megabytes of faces
        that no picture will ask for again.  Returns the bytes freed."""
        freed = 0
        with self._lock:
            for entry in list(self._cache):
                key = cast(tuple[Any, ...], entry)  # the cache's keys are tuples
                kind = key[0]
                gone = artworks is not None and kind in ("face", "suit") and \
                    key[1] not in artworks
                gone = gone or (heights is not None and kind in ("face", "back")
                                and key[-1] not in heights)
                if gone:
                    size = _size_of(self._cache.pop(entry))
                    self._bytes -= size
                    freed += size
        return freed

    def cache_info(self) -> dict[str, int]:
        return {"entries": len(self._cache), "bytes": self._bytes}

    def has_face(self, card: str, height: int, artwork: str = "french-classic") -> bool:
        """Whether the face is rendered already (a cheap question, nothing is drawn)."""
        w, h = card_size(height)
        return ("face", artwork, card.upper(), w, h) in self._cache

    # --- cache ------------------------------------------------------------------------
    def _cached(self, key: Hashable, make_svg: Callable[[], bytes]) -> pygame.Surface:
        with self._lock:
            surface = self._cache.get(key)
            if surface is not None:
                self._cache.move_to_end(key)
                return surface
        surface = rasterize(make_svg())
        with self._lock:
            other = self._cache.get(key)
            if other is not None:  # another thread drew it meanwhile: keep one copy
                self._cache.move_to_end(key)
                return other
            self._cache[key] = surface
            self._bytes += _size_of(surface)
            while self._cache and (
                len(self._cache) > self.max_entries or self._bytes > self.max_bytes
            ) and len(self._cache) > 1:
                _, old = self._cache.popitem(last=False)
                self._bytes -= _size_of(old)
        return surface


def _size_of(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


_BACK_SVG: dict[str, str] = {}


def _back_svg(back_id: str) -> str:
    if back_id not in _BACK_SVG:
        _BACK_SVG[back_id] = BACKS[back_id][1]()
    return _BACK_SVG[back_id]
