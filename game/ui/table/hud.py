"""Text, panels, name plates, speech bubbles and tooltips drawn over the felt.

pygame fonts have no suit glyphs (TOOLING.md), so every suit is drawn with the
deck renderer's icon next to the text.  Text surfaces are cached by content;
a frame re-renders nothing that did not change.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass, field

import pygame

from ..gui_internals import noto_sans_file

GOLD = (233, 200, 110)
CREAM = (246, 238, 218)
MUTED = (190, 205, 190)
PANEL = (8, 28, 18, 170)
RED = (235, 110, 95)


#: The sizes the table's text comes in, as multiples of its layout font (and bold?).
TABLE_SIZES = ((1.0, True), (1.0, False), (0.82, False), (0.8, True), (0.95, False),
               (0.95, True), (1.05, True), (1.9, True), (0.85, False), (0.9, False),
               (1.5, True))
_SAMPLE = "Marriage Sixty-six Mariáš · deal 1 Trump: hearts Tricks: 0 Points: 12 Match (7)"


#: Each window's table fonts (see :meth:`Fonts.of`).
_PER_WINDOW: weakref.WeakKeyDictionary[object, Fonts] = weakref.WeakKeyDictionary()


class Fonts:
    """Fonts by (size, bold) and rendered text by content (bounded cache).

    One per window (:meth:`of`), shared by its tables: opening a font and drawing its
    first glyphs costs milliseconds, so the sizes a table will use are opened behind the
    menu (:meth:`warm`), not in the first deal's first frame.
    """

    @classmethod
    def of(cls, app: object) -> Fonts:
        """The table fonts of this window (made on first use; gone with the window)."""
        fonts = _PER_WINDOW.get(app)
        if fonts is None:
            fonts = _PER_WINDOW[app] = cls()
        return fonts

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = \
            OrderedDict()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(noto_sans_file(bold), size)
        return f

    @staticmethod
    def table_sizes(layout_font: int) -> list[tuple[int, bool]]:
        """The (size, bold) pairs a table with this layout font opens."""
        return [(max(6, round(layout_font * k)), bold) for k, bold in TABLE_SIZES]

    def warm(self, size: int, bold: bool) -> None:
        """Open one font and draw a sample line with it (its glyphs are then cached)."""
        self.font(size, bold).render(_SAMPLE, True, CREAM)

    def text(self, s: str, size: int, colour: tuple[int, ...] = CREAM,
             bold: bool = False) -> pygame.Surface:
        key = (s, size, bold, colour)
        t = self._text.get(key)
        if t is None:
            t = self.font(size, bold).render(s, True, colour)
            self._text[key] = t
            if len(self._text) > 300:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return t


_PANELS: OrderedDict[tuple[int, int, tuple[int, ...], int], pygame.Surface] = OrderedDict()


def forget_panels() -> None:
    """Let go of the cached panels (a table that is left: up to 64 panels, megabytes at
    1080p; the next table draws them again quickly)."""
    _PANELS.clear()


def panel(size: tuple[int, int], colour: tuple[int, ...] = PANEL, radius: int = 12,
          border: tuple[int, ...] | None = (233, 200, 110, 90)) -> pygame.Surface:
    """A translucent rounded panel (cached by size and colour)."""
    key = (size[0], size[1], colour + (border or ()), radius)
    s = _PANELS.get(key)
    if s is None:
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=radius)
        if border:
            pygame.draw.rect(s, border, s.get_rect(), 1, border_radius=radius)
        _PANELS[key] = s
        if len(_PANELS) > 64:
            _PANELS.popitem(last=False)
    return s


@dataclass
class Bubble:
    """A speech bubble or banner: text (and optional suit icon) that fades after a while."""

    text: str
    anchor: tuple[float, float]
    suit: str | None = None
    ttl: float = 1.6
    age: float = 0.0
    big: bool = False
    colour: tuple[int, int, int] = CREAM
    #: Which edge of the bubble sits on the anchor: "center", "top" or "bottom".
    valign: str = "center"
    #: The rendered bubble (made on first draw), keyed by font size and icon.
    picture: tuple[tuple[int, int], pygame.Surface] | None = field(default=None, repr=False,
                                                                  compare=False)

    #: Seconds of the fade in and of the fade out.
    FADE_IN = 0.12
    FADE_OUT = 0.35

    @property
    def alpha(self) -> int:
        if self.age < self.FADE_IN:
            return int(255 * self.age / self.FADE_IN)
        left = self.ttl - self.age
        return 255 if left > self.FADE_OUT else max(0, int(255 * left / self.FADE_OUT))

    def fading(self) -> bool:
        """Its look changes frame by frame now (fading in or out)."""
        return self.age < self.FADE_IN or self.ttl - self.age <= self.FADE_OUT

    def steady_for(self) -> float | None:
        """Seconds it stays as it is now (None while fading)."""
        return None if self.fading() else self.ttl - self.FADE_OUT - self.age


def draw_bubble(surface: pygame.Surface, fonts: Fonts, b: Bubble, size: int,
                icon: pygame.Surface | None) -> pygame.Rect:
    """Draw the bubble; returns the area it covers."""
    fsize = round(size * (1.9 if b.big else 1.05))
    key = (fsize, id(icon))
    if b.picture is None or b.picture[0] != key:
        t = fonts.text(b.text, fsize, b.colour, bold=True)
        pad = fsize // 2
        iw = icon.get_width() + pad // 2 if icon else 0
        w, h = t.get_width() + iw + 2 * pad, t.get_height() + pad
        made = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(made, (12, 36, 24, 225), made.get_rect(), border_radius=h // 2)
        pygame.draw.rect(made, (*GOLD, 230), made.get_rect(), 2, border_radius=h // 2)
        made.blit(t, (pad + iw, pad // 2))
        if icon:
            made.blit(icon, (pad, (h - icon.get_height()) // 2))
        b.picture = (key, made)  # drawn once; only its alpha changes while it fades
    box = b.picture[1]
    w, h = box.get_size()
    box.set_alpha(b.alpha)
    x, y = b.anchor
    top = y - h / 2 if b.valign == "center" else y if b.valign == "top" else y - h
    left = min(max(4, x - w / 2), surface.get_width() - w - 4)
    return surface.blit(box, (round(left), round(top)))


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int],
                 size: int) -> pygame.Rect:
    """A small box near the mouse; wraps long engine reasons to ~40 characters a line.

    Returns the area it covers."""
    words, lines, line = text.split(), [], ""
    for word in words:
        if len(line) + len(word) > 42 and line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    surfs = [fonts.text(s, size, CREAM) for s in lines]
    pad = size // 2
    w = max(s.get_width() for s in surfs) + 2 * pad
    h = sum(s.get_height() for s in surfs) + 2 * pad
    x = min(max(0, pos[0] + 16), surface.get_width() - w - 4)
    y = max(0, pos[1] - h - 12)
    area = surface.blit(panel((w, h), (30, 14, 10, 235), 8, (235, 110, 95, 200)), (x, y))
    yy = y + pad
    for s in surfs:
        surface.blit(s, (x + pad, yy))
        yy += s.get_height()
    return area
