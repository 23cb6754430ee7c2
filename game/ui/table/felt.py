"""The green felt: a lit centre, a vignette and a faint weave, rendered once per window size.

Computed at 1/8 resolution and smoothed up (a gradient has no detail to lose),
then a small noise tile is laid over it; the result is one opaque surface the
table blits each frame (one cheap copy) instead of drawing gradients per frame.
"""

from __future__ import annotations

import random
import threading

import pygame

CENTRE = (38, 112, 72)
EDGE = (10, 46, 28)


def _noise_tile(size: int = 96, seed: int = 7) -> pygame.Surface:
    """A faint light/dark speckle (fixed seed: the same cloth every run).

    Built as raw RGBA bytes (``set_at`` per pixel was far slower)."""
    rng = random.Random(seed)
    data = bytearray()
    for _ in range(size * size):
        v = rng.random()
        if v < 0.5:
            data += bytes((0, 0, 0, int(10 * (0.5 - v) * 2)))
        else:
            data += bytes((255, 255, 255, int(7 * (v - 0.5) * 2)))
    return pygame.image.frombytes(bytes(data), (size, size), "RGBA")


_TILE: pygame.Surface | None = None
#: Steps of the radial light: the two colours are at most 66 levels apart, so bands of
#: one level each, then smoothed up, cannot be seen (and the speckle dithers them).
_LEVELS = 72


def _light(sw: int, sh: int) -> pygame.Surface:
    """The lit centre at low resolution: nested ellipses of equal distance ``d`` from
    the centre (d = 1 on the ellipse of radii ``rx``, ``ry``), drawn from the edge in
    (the colour of level ``d`` is ``min(1, d) ** 1.6`` of the way to the edge)."""
    small = pygame.Surface((sw, sh))
    small.fill(EDGE)
    cx, cy = sw / 2, sh * 0.45
    rx, ry = sw * 0.62, sh * 0.75
    for i in range(_LEVELS, 0, -1):
        d = i / _LEVELS
        t = d ** 1.6
        colour = tuple(round(a + (b - a) * t) for a, b in zip(CENTRE, EDGE))
        rect = pygame.Rect(0, 0, max(1, round(2 * rx * d)), max(1, round(2 * ry * d)))
        rect.center = (round(cx), round(cy))
        pygame.draw.ellipse(small, colour, rect)
    return small


_MADE: dict[tuple[int, int], pygame.Surface] = {}
_MADE_LOCK = threading.Lock()


def make_felt(size: tuple[int, int]) -> pygame.Surface:
    """The felt for a window of ``size`` (made once per size, slowly at 1080p; the
    program prepares it for the current size while the menu shows)."""
    size = (int(size[0]), int(size[1]))
    with _MADE_LOCK:
        felt = _MADE.get(size)
        if felt is None:
            felt = _make(size)
            if len(_MADE) >= 2:
                _MADE.pop(next(iter(_MADE)))
            _MADE[size] = felt
    return felt


def _make(size: tuple[int, int]) -> pygame.Surface:
    global _TILE
    w, h = size
    sw, sh = max(8, w // 8), max(8, h // 8)
    felt = pygame.transform.smoothscale(_light(sw, sh), (w, h))
    if _TILE is None:
        _TILE = _noise_tile()
    tw, th = _TILE.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            felt.blit(_TILE, (x, y))
    # A faint darker rim, as if the table had a padded edge.
    rim = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(rim, (0, 0, 0, 60), rim.get_rect(), max(3, h // 120))
    felt.blit(rim, (0, 0))
    return felt.convert() if pygame.display.get_surface() else felt
