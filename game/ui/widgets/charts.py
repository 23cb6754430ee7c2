"""Small charts drawn by the program: horizontal bars and a points-per-deal line.

Values are never told by colour alone: every bar carries its number and caption,
and the line chart marks wins and losses with different shapes (up/down triangles).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.i18n import number

from .felt import GOLD, GOLD_LIGHT, IVORY
from .fonts import font

PANEL = (9, 34, 22, 225)
GRID = (60, 96, 72)
TRACK = (24, 62, 42)
LOSS = (214, 118, 96)


@dataclass
class Bar:
    label: str
    fraction: float
    caption: str


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str,
          scale: float = 1.0) -> pygame.Rect:
    """A dark rounded panel with a gold title; returns the inner area for the chart."""
    bg = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, PANEL, bg.get_rect(), border_radius=12)
    surface.blit(bg, rect)
    pygame.draw.rect(surface, GOLD, rect, 2, border_radius=12)
    f = font("serif_bold", round(18 * scale))
    at = (rect.x + round(16 * scale), rect.y + round(12 * scale))
    f.render_to(surface, at, title, GOLD_LIGHT)
    top = round(44 * scale)
    pad = round(16 * scale)
    return pygame.Rect(rect.x + pad, rect.y + top, rect.w - 2 * pad, rect.h - top - pad)


def bar_chart(surface: pygame.Surface, area: pygame.Rect, bars: Sequence[Bar],
              scale: float = 1.0) -> None:
    if not bars:
        return
    f = font("sans", round(15 * scale))
    fb = font("sans_bold", round(15 * scale))
    label_w = max(f.get_rect(b.label).width for b in bars) + round(12 * scale)
    row_h = min(round(40 * scale), area.h // len(bars))
    bar_h = max(8, row_h * 11 // 20)
    for i, b in enumerate(bars):
        y = area.y + i * row_h
        f.render_to(surface, (area.x, y + (bar_h - f.get_sized_height(0)) // 2 + 2), b.label, IVORY)
        track = pygame.Rect(area.x + label_w, y, area.w - label_w - round(110 * scale), bar_h)
        pygame.draw.rect(surface, TRACK, track, border_radius=bar_h // 2)
        filled = track.copy()
        filled.w = max(0, int(track.w * max(0.0, min(1.0, b.fraction))))
        if filled.w:
            pygame.draw.rect(surface, GOLD, filled, border_radius=bar_h // 2)
        pygame.draw.rect(surface, GRID, track, 1, border_radius=bar_h // 2)
        fb.render_to(surface, (track.right + round(10 * scale), y + 2), b.caption, GOLD_LIGHT)


def line_chart(surface: pygame.Surface, area: pygame.Rect, values: Sequence[float],
               scale: float = 1.0, empty_text: str = "") -> None:
    """Points per deal, oldest left; a zero line; ▲ for a gain, ▼ for a loss."""
    f = font("sans", round(13 * scale))
    if not values:
        if empty_text:
            img, _ = f.render(empty_text, IVORY)
            surface.blit(img, img.get_rect(center=area.center))
        return
    lo, hi = min(0, *values), max(1, *values)
    left = area.x + round(34 * scale)
    plot = pygame.Rect(left, area.y + round(6 * scale), area.right - left,
                       area.h - round(12 * scale))

    def y_of(v: float) -> int:
        return int(plot.bottom - (v - lo) / (hi - lo) * plot.h)

    for v in sorted({lo, 0, hi}):
        y = y_of(v)
        pygame.draw.line(surface, GRID if v else (120, 150, 120), (plot.x, y), (plot.right, y),
                         1 if v else 2)
        img, _ = f.render(f"{v:g}", IVORY)
        surface.blit(img, img.get_rect(midright=(plot.x - 6, y)))
    n = len(values)
    step = plot.w / max(1, n - 1) if n > 1 else 0
    points = [(int(plot.x + i * step) if n > 1 else plot.centerx, y_of(v))
              for i, v in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(surface, GOLD, False, points, max(2, round(2 * scale)))
    r = max(4, round(5 * scale))
    zero = y_of(0)
    for (x, y), v in zip(points, values):
        if v > 0:
            tri = [(x, y - r), (x + r, y + r - 1), (x - r, y + r - 1)]
            pygame.draw.polygon(surface, GOLD_LIGHT, tri)
        elif v < 0:
            tri = [(x, y + r), (x + r, y - r + 1), (x - r, y - r + 1)]
            pygame.draw.polygon(surface, LOSS, tri)
        else:
            pygame.draw.circle(surface, IVORY, (x, zero), r - 1, 2)


def rating_chart(surface: pygame.Surface, area: pygame.Rect, history: Sequence[float],
                 start: float, levels: Sequence[tuple[str, float]], scale: float = 1.0,
                 empty_text: str = "") -> None:
    """The player's rating after each counted match (from ``start``), with the computer
    levels' ratings as dashed lines named at the right: where the player stands among them.
    Each match is a dot (a rise filled, a fall hollow: not told by colour alone)."""
    f = font("sans", round(13 * scale))
    values = [start, *history]
    spread = [v for v in values] + [r for _n, r in levels]
    lo, hi = min(spread) - 20, max(spread) + 20
    labels = [f"{name} {number(r, 0)}" for name, r in levels]  # each line named with its rating
    names_w = max((f.get_rect(t).width for t in labels), default=0) + round(14 * scale)
    left = area.x + round(40 * scale)
    plot = pygame.Rect(left, area.y + round(8 * scale), area.right - left - names_w,
                       area.h - round(16 * scale))

    def y_of(v: float) -> int:
        return int(plot.bottom - (v - lo) / (hi - lo) * plot.h)

    for label, (_name, r) in zip(labels, levels):
        y = y_of(r)
        for x in range(plot.x, plot.right, round(12 * scale)):
            pygame.draw.line(surface, GRID, (x, y), (min(x + round(6 * scale), plot.right), y), 1)
        img, _ = f.render(label, IVORY)
        surface.blit(img, img.get_rect(midleft=(plot.right + round(6 * scale), y)))
    for v in (lo + 20, hi - 20):
        img, _ = f.render(number(v, 0), IVORY)
        surface.blit(img, img.get_rect(midright=(plot.x - 6, y_of(v))))
    if not history:
        if empty_text:
            img, _ = f.render(empty_text, IVORY)
            surface.blit(img, img.get_rect(center=plot.center))
        return
    n = len(values)
    step = plot.w / (n - 1)
    points = [(int(plot.x + i * step), y_of(v)) for i, v in enumerate(values)]
    pygame.draw.lines(surface, GOLD, False, points, max(2, round(2 * scale)))
    r = max(3, round(4 * scale))
    for i, (x, y) in enumerate(points[1:], start=1):
        if values[i] >= values[i - 1]:
            pygame.draw.circle(surface, GOLD_LIGHT, (x, y), r)
        else:
            pygame.draw.circle(surface, LOSS, (x, y), r, 2)
