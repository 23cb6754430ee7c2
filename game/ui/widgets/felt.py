"""The green baize behind every screen, and the gold-lettered title.

The felt is computed once per window size (a radial light, a woven grain and a
thin gold frame) and then only blitted: a full-screen background must cost
nothing per frame (TOOLING: a 1080p flip under Xvfb already takes much of a frame).
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

import pygame

from .fonts import font
from .icons import suit_icon

FELT = (22, 84, 52)
FELT_DARK = (8, 36, 22)
GOLD = (201, 167, 74)
GOLD_LIGHT = (240, 207, 106)
IVORY = (244, 236, 216)


@cache
def _grain(size: int = 128) -> pygame.Surface:
    """A tileable woven texture (fixed seed: the same cloth every run).

    The speckle is written as raw RGBA bytes (``set_at`` per dot slowed the first
    frame)."""
    rng = random.Random(7)
    pixels = bytearray(size * size * 4)
    light, dark = bytes((255, 255, 255, 7)), bytes((0, 0, 0, 12))
    for _ in range(size * size // 3):
        x, y = rng.randrange(size), rng.randrange(size)
        v = rng.randrange(0, 2)
        i = (y * size + x) * 4
        pixels[i:i + 4] = light if v else dark
    tile = pygame.image.frombytes(bytes(pixels), (size, size), "RGBA")
    for y in range(0, size, 2):
        pygame.draw.line(tile, (0, 0, 0, 6), (0, y), (size, y))
    return tile


@cache
def _display_grain() -> pygame.Surface:
    """The grain in the window's pixel format: the same pixels, blended over the whole
    felt faster (pygame's SIMD blitters; the felt is made again whenever a
    menu screen follows the table: game.ui.widgets.shared)."""
    return _grain().convert_alpha()


#: A felt is as large as the window (8 MB at 1920x1080): the current size's, with and
#: without its frame; a size that was left is dropped (it was kept forever).
@lru_cache(maxsize=2)
def felt(size: tuple[int, int], frame: bool = True) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    # Radial light: draw concentric ellipses on a small surface, then scale up smoothly.
    small = pygame.Surface((64, 36))
    small.fill(FELT_DARK)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        colour = [int(FELT_DARK[k] + (FELT[k] - FELT_DARK[k]) * (t ** 0.8)) for k in range(3)]
        rx, ry = int(48 * (1 - t) + 8), int(30 * (1 - t) + 5)
        pygame.draw.ellipse(small, colour, pygame.Rect(32 - rx, 16 - ry, rx * 2, ry * 2))
    surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    tile = _display_grain() if pygame.display.get_surface() is not None else _grain()
    for x in range(0, w, tile.get_width()):
        for y in range(0, h, tile.get_height()):
            surf.blit(tile, (x, y))
    if frame:
        m = max(18, min(w, h) // 30)
        pygame.draw.rect(surf, GOLD, pygame.Rect(m, m, w - 2 * m, h - 2 * m), 2, border_radius=18)
        pygame.draw.rect(surf, (120, 98, 40), pygame.Rect(m + 6, m + 6, w - 2 * m - 12,
                                                          h - 2 * m - 12), 1, border_radius=14)
        icon = max(12, m - 4)
        for suit, (cx, cy) in zip("SHCD", ((m, m), (w - m, m), (m, h - m), (w - m, h - m))):
            disc = pygame.Rect(0, 0, icon + 14, icon + 14)
            disc.center = (cx, cy)
            pygame.draw.ellipse(surf, FELT_DARK, disc)
            pygame.draw.ellipse(surf, GOLD, disc, 2)
            img = suit_icon(suit, icon, GOLD_LIGHT)
            surf.blit(img, img.get_rect(center=(cx, cy)))
    return surf


@cache
def title_surface(text: str, size: int) -> pygame.Surface:
    """Gold serif lettering with a dark drop shadow and a light rim."""
    f = font("serif_bold", size)
    shadow, rect = f.render(text, (4, 16, 9))
    body, _ = f.render(text, GOLD_LIGHT)
    # A vertical gold gradient: darker at the foot of the letters.
    grad = pygame.Surface(body.get_size(), pygame.SRCALPHA)
    bh = body.get_height()
    for y in range(bh):
        t = y / max(1, bh - 1)
        c = [int(GOLD_LIGHT[k] * (1 - t) + (150, 112, 36)[k] * t) for k in range(3)]
        pygame.draw.line(grad, (*c, 255), (0, y), (body.get_width(), y))
    grad.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    off = max(2, size // 18)
    out = pygame.Surface((body.get_width() + off * 2, bh + off * 2), pygame.SRCALPHA)
    for dx, dy in ((off, off), (off + 1, off), (off, off + 1)):
        out.blit(shadow, (dx + off // 2, dy + off // 2))
    out.blit(grad, (off // 2, off // 2))
    return out


def ornament(surface: pygame.Surface, center: tuple[int, int], width: int) -> None:
    """A gold rule with a diamond in the middle, under titles."""
    cx, cy = center
    half = width // 2
    pygame.draw.line(surface, GOLD, (cx - half, cy), (cx - 14, cy), 2)
    pygame.draw.line(surface, GOLD, (cx + 14, cy), (cx + half, cy), 2)
    diamond = [(cx, cy - 7), (cx + 8, cy), (cx, cy + 7), (cx - 8, cy)]
    pygame.draw.polygon(surface, GOLD_LIGHT, diamond)
    for sx in (-half, half):
        pygame.draw.circle(surface, GOLD, (cx + sx, cy), 3)
