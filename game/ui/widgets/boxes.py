"""Rounded boxes behind pygame-gui's text boxes, drawn by us.

Why not let pygame-gui draw them: its rounded rectangles are drawn at four times
their size and scaled down (anti-aliasing), with a few working copies at that
size.  For a text box that fills half the screen that is hundreds of megabytes
for an instant — the rules page at 1920x1080 made the program's memory leap for
a moment.  So the theme gives those widgets a transparent rectangle and the
screen draws the box under them: only the four corners are drawn large (for the
same smooth edge), the straight parts are plain fills.  Cached by size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache, partial

import pygame

Colour = tuple[int, ...]

#: The boxes, as the theme had them: fill (with alpha), border colour, corner radius,
#: border width — by the widget's object id (see assets/themes/theme.json).
STYLES: dict[str, tuple[Colour, Colour, int, int]] = {
    "#rules_text": ((12, 38, 25, 230), (201, 167, 74, 255), 10, 2),
    "#brief": ((12, 38, 25, 153), (143, 118, 50, 255), 8, 1),
    "#notice_box": ((74, 44, 16, 240), (240, 207, 106, 255), 10, 2),
}
#: Styles whose box has no shadow ring (the theme's ``shadow_width`` 0): it fills the rect.
NO_SHADOW = frozenset({"#notice_box"})
#: How much larger the corners are drawn before they are scaled down (pygame-gui's 4).
_AA = 4


#: A box is drawn as three pictures (two shadow rings and the box), each as large as the
#: box: the rules page's at 1080p is ~5 MB each.  Six keep the box of the screen shown
#: and of the one before (a screen has one box); sixteen could keep five screens' and
#: window sizes' boxes.
@lru_cache(maxsize=6)
def rounded_box(size: tuple[int, int], fill: Colour, border: Colour, radius: int,
                width: int) -> pygame.Surface:
    """A box of ``size`` with a ``width`` border and corners of ``radius`` (anti-aliased)."""
    w, h = max(1, size[0]), max(1, size[1])
    radius = max(0, min(radius, w // 2, h // 2))
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    # Straight parts: the border as a frame, the fill inside it.
    box.fill(border, pygame.Rect(radius, 0, w - 2 * radius, h))
    box.fill(border, pygame.Rect(0, radius, w, h - 2 * radius))
    inner = pygame.Rect(width, width, w - 2 * width, h - 2 * width)
    box.fill(fill, inner.inflate(-2 * max(0, radius - width), 0))
    box.fill(fill, inner.inflate(0, -2 * max(0, radius - width)))
    if radius:
        # The corners' squares are still empty (all zero): adding copies them exactly
        # (a plain alpha blit would darken their half-transparent edge).
        corner = _corner(radius, width, fill, border)
        add = pygame.BLEND_RGBA_ADD
        box.blit(corner, (0, 0), special_flags=add)
        box.blit(pygame.transform.flip(corner, True, False), (w - radius, 0), special_flags=add)
        box.blit(pygame.transform.flip(corner, False, True), (0, h - radius), special_flags=add)
        box.blit(pygame.transform.flip(corner, True, True), (w - radius, h - radius),
                 special_flags=add)
    return box


@lru_cache(maxsize=16)
def _corner(radius: int, width: int, fill: Colour, border: Colour) -> pygame.Surface:
    """The top-left corner, drawn ``_AA`` times larger and scaled down."""
    big = radius * _AA
    tile = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(tile, border, (big, big), big)
    if radius > width:
        pygame.draw.circle(tile, fill, (big, big), (radius - width) * _AA)
    return pygame.transform.smoothscale(tile, (radius, radius))


#: pygame-gui's text boxes have a 2 px shadow round the box (the box sits inside it).
SHADOW = 2


def draw_box(surface: pygame.Surface, rect: pygame.Rect, style: str) -> pygame.Rect:
    """The box of ``style`` filling ``rect`` the way pygame-gui placed it: a soft shadow
    ring of :data:`SHADOW` pixels (none for :data:`NO_SHADOW`), the bordered box inside."""
    for picture, where in _layers(rect, style):
        surface.blit(picture(), where)
    return rect


def warm_box(rect: pygame.Rect, style: str) -> Iterator[None]:
    """Make the pictures of :func:`draw_box` ahead, one a step (a screen's build: a box
    half the window large is slow to draw at 1920x1080, picture by picture)."""
    for picture, _where in _layers(rect, style):
        picture()
        yield


def _layers(rect: pygame.Rect, style: str) -> list[tuple[Callable[[], pygame.Surface],
                                                         pygame.Rect]]:
    """The box's pictures (made when called) and where each goes, bottom first."""
    fill, border, radius, width = STYLES[style]
    out: list[tuple[Callable[[], pygame.Surface], pygame.Rect]] = []
    shadow = 0 if style in NO_SHADOW else SHADOW
    for i in range(shadow, 0, -1):
        ring = rect.inflate(-2 * (SHADOW - i), -2 * (SHADOW - i))
        out.append((partial(rounded_box, (ring.w, ring.h), (0, 0, 0, 40), (0, 0, 0, 40),
                            radius + i, 1), ring))
    inner = rect.inflate(-2 * shadow, -2 * shadow)
    out.append((partial(rounded_box, (inner.w, inner.h), fill, border, radius, width), inner))
    return out
