"""Text, panels, name plates, speech bubbles and tooltips drawn over the felt.

pygame fonts have no suit glyphs (TOOLING.md), so every suit is drawn with the
deck renderer's icon next to the text.  Text surfaces are cached by content;
a frame re-renders nothing that did not change.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui

GOLD = (233, 200, 110)
CREAM = (246, 238, 218)
MUTED = (190, 205, 190)
PANEL = (8, 28, 18, 170)
RED = (235, 110, 95)


def _font_path(bold: bool) -> str | None:
    data = Path(pygame_gui.__file__).parent / "data"
    p = data / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
    return str(p) if p.exists() else None


class Fonts:
    """Fonts by (size, bold) and rendered text by content (bounded cache)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple[str, int, bool, tuple[int, ...]], pygame.Surface] = \
            OrderedDict()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        f = self._fonts.get(key)
        if f is None:
            f = self._fonts[key] = pygame.font.Font(_font_path(bold), size)
        return f

    def text(self, s: str, size: int, colour: tuple[int, ...] = CREAM,
             bold: bool = False) -> pygame.Surface:
        key = (s, size, bold, colour)
        t = self._text.get(key)
        if t is None:
            t = self.font(size, bold).render(s, True, colour)
            self._text[key] = t
            if len(self._text) > 600:
                self._text.popitem(last=False)
        else:
            self._text.move_to_end(key)
        return t


_PANELS: OrderedDict[tuple[int, int, tuple[int, ...], int], pygame.Surface] = OrderedDict()


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
        if len(_PANELS) > 200:
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

    @property
    def alpha(self) -> int:
        if self.age < 0.12:
            return int(255 * self.age / 0.12)
        left = self.ttl - self.age
        return 255 if left > 0.35 else max(0, int(255 * left / 0.35))


def draw_bubble(surface: pygame.Surface, fonts: Fonts, b: Bubble, size: int,
                icon: pygame.Surface | None) -> None:
    fsize = round(size * (1.9 if b.big else 1.05))
    t = fonts.text(b.text, fsize, b.colour, bold=True)
    pad = fsize // 2
    iw = icon.get_width() + pad // 2 if icon else 0
    w, h = t.get_width() + iw + 2 * pad, t.get_height() + pad
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, (12, 36, 24, 225), box.get_rect(), border_radius=h // 2)
    pygame.draw.rect(box, (*GOLD, 230), box.get_rect(), 2, border_radius=h // 2)
    box.blit(t, (pad + iw, pad // 2))
    if icon:
        box.blit(icon, (pad, (h - icon.get_height()) // 2))
    box.set_alpha(b.alpha)
    x, y = b.anchor
    top = y - h / 2 if b.valign == "center" else y if b.valign == "top" else y - h
    left = min(max(4, x - w / 2), surface.get_width() - w - 4)
    surface.blit(box, (round(left), round(top)))


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int],
                 size: int) -> None:
    """A small box near the mouse; wraps long engine reasons to ~40 characters a line."""
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
    surface.blit(panel((w, h), (30, 14, 10, 235), 8, (235, 110, 95, 200)), (x, y))
    yy = y + pad
    for s in surfs:
        surface.blit(s, (x + pad, yy))
        yy += s.get_height()
