"""Suit signs drawn as shapes (fonts have no ♠♥♦♣, German suits no glyph at all).

Drawn at 4x and smooth-scaled down for anti-aliasing; cached per (suit, size, colour).
French shapes suit both families on menus and charts; the deck renderer draws the real
German signs on the cards themselves.
"""

from __future__ import annotations

from functools import cache

import pygame

RED = (196, 38, 46)
BLACK = (24, 24, 28)
SUIT_COLOURS = {"H": RED, "D": RED, "C": BLACK, "S": BLACK}


def _heart(s: pygame.Surface, c: tuple[int, int, int], n: int) -> None:
    r = n * 0.26
    pygame.draw.circle(s, c, (n * 0.29, n * 0.34), r)
    pygame.draw.circle(s, c, (n * 0.71, n * 0.34), r)
    pygame.draw.polygon(s, c, [(n * 0.05, n * 0.42), (n * 0.95, n * 0.42), (n * 0.5, n * 0.96)])


def _spade(s: pygame.Surface, c: tuple[int, int, int], n: int) -> None:
    r = n * 0.24
    pygame.draw.circle(s, c, (n * 0.29, n * 0.56), r)
    pygame.draw.circle(s, c, (n * 0.71, n * 0.56), r)
    pygame.draw.polygon(s, c, [(n * 0.07, n * 0.5), (n * 0.93, n * 0.5), (n * 0.5, n * 0.02)])
    pygame.draw.polygon(s, c, [(n * 0.5, n * 0.6), (n * 0.3, n * 0.98), (n * 0.7, n * 0.98)])


def _diamond(s: pygame.Surface, c: tuple[int, int, int], n: int) -> None:
    pygame.draw.polygon(s, c, [(n * 0.5, n * 0.02), (n * 0.88, n * 0.5), (n * 0.5, n * 0.98),
                               (n * 0.12, n * 0.5)])


def _club(s: pygame.Surface, c: tuple[int, int, int], n: int) -> None:
    r = n * 0.21
    pygame.draw.circle(s, c, (n * 0.5, n * 0.26), r)
    pygame.draw.circle(s, c, (n * 0.27, n * 0.57), r)
    pygame.draw.circle(s, c, (n * 0.73, n * 0.57), r)
    pygame.draw.circle(s, c, (n * 0.5, n * 0.5), r * 0.6)
    pygame.draw.polygon(s, c, [(n * 0.5, n * 0.5), (n * 0.3, n * 0.98), (n * 0.7, n * 0.98)])


_SHAPES = {"H": _heart, "S": _spade, "D": _diamond, "C": _club}


@cache
def suit_icon(suit: str, size: int, colour: tuple[int, int, int] | None = None) -> pygame.Surface:
    n = max(4, size) * 4
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    _SHAPES[suit.upper()](big, colour or SUIT_COLOURS[suit.upper()], n)
    return pygame.transform.smoothscale(big, (max(4, size), max(4, size)))
