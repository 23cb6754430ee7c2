"""Card backs: symmetric ornaments so a card looks the same whichever way it lies."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .svg import CARD_H, CARD_W, CX, CY, circle, circle_d, group, num, path, rect

MARGIN = 12.0
RADIUS = 12.0


@dataclass(frozen=True)
class BackInfo:
    id: str
    name: str


def _frame(field: str, ink: str, paper: str = "#fbf8f0") -> str:
    """Paper card with a white margin and a coloured field inside, like printed backs."""
    m = MARGIN
    return (
        rect(0.5, 0.5, CARD_W - 1, CARD_H - 1, paper, rx=RADIUS, stroke="#8a8478",
             stroke_width=1.2)
        + rect(m, m, CARD_W - 2 * m, CARD_H - 2 * m, field, rx=6, stroke=ink, stroke_width=2)
    )


def _lattice(ink: str, step: float, width: float) -> str:
    """Diagonal lattice; each line is clipped to the field rectangle analytically."""
    m = MARGIN + 5
    x0, y0, x1, y1 = m, m, CARD_W - m, CARD_H - m
    d = []
    c = x0 + y0 + step / 2
    while c < x1 + y1:  # lines x + y = c
        a, b = max(x0, c - y1), min(x1, c - y0)
        d.append(f"M{num(a)} {num(c - a)}L{num(b)} {num(c - b)}")
        c += step
    c = x0 - y1 + step / 2
    while c < x1 - y0:  # lines x - y = c
        a, b = max(x0, c + y0), min(x1, c + y1)
        d.append(f"M{num(a)} {num(a - c)}L{num(b)} {num(b - c)}")
        c += step
    return path("".join(d), stroke=ink, stroke_width=width)


def _rosette(cx: float, cy: float, r: float, petals: int, fill: str, ink: str) -> str:
    d = []
    for i in range(petals):
        a = 2 * math.pi * i / petals
        tip = (cx + r * math.cos(a), cy + r * math.sin(a))
        c1 = (cx + r * 0.55 * math.cos(a - 0.35), cy + r * 0.55 * math.sin(a - 0.35))
        c2 = (cx + r * 0.55 * math.cos(a + 0.35), cy + r * 0.55 * math.sin(a + 0.35))
        d.append(
            f"M{num(cx)} {num(cy)}Q{num(c1[0])} {num(c1[1])} {num(tip[0])} {num(tip[1])}"
            f"Q{num(c2[0])} {num(c2[1])} {num(cx)} {num(cy)}Z"
        )
    return path("".join(d), fill=fill, stroke=ink, stroke_width=1.0)


def classic_red() -> str:
    field, ink = "#b3202c", "#f6e9e0"
    return (
        _frame(field, "#7a1019")
        + _lattice(ink, 12, 1.6)
        + rect(MARGIN + 5, MARGIN + 5, CARD_W - 2 * MARGIN - 10, CARD_H - 2 * MARGIN - 10,
               "none", rx=4, stroke=ink, stroke_width=2.2)
        + circle(CX, CY, 30, field, stroke=ink, stroke_width=2.4)
        + _rosette(CX, CY, 26, 12, "#f6e9e0", "#7a1019")
        + circle(CX, CY, 6, "#7a1019")
    )


def blue_rosette() -> str:
    field, ink, light = "#1d4f9a", "#0e2c5c", "#dbe6f6"
    rings = "".join(
        circle(CX, CY, r, "none", stroke=light, stroke_width=1.4) for r in range(14, 100, 10)
    )
    corners = "".join(
        _rosette(x, y, 18, 8, light, ink)
        for x in (MARGIN + 26, CARD_W - MARGIN - 26)
        for y in (MARGIN + 26, CARD_H - MARGIN - 26)
    )
    dots = "".join(
        circle(x, y, 1.6, light)
        for x in range(int(MARGIN + 8), int(CARD_W - MARGIN - 4), 10)
        for y in (MARGIN + 6, CARD_H - MARGIN - 6)
    )
    return (
        _frame(field, ink)
        + group([rings], opacity=0.55)
        + _rosette(CX, CY, 70, 16, light, ink)
        + _rosette(CX, CY, 40, 8, field, light)
        + circle(CX, CY, 9, light, stroke=ink, stroke_width=1.5)
        + corners
        + dots
    )


def green_ornament() -> str:
    field, ink, light, gold = "#2a6b3a", "#15401f", "#e8f0dc", "#d8a93a"
    inner = MARGIN + 8
    step = 34.0
    cols = int((CARD_W - 2 * inner) // step)
    rows = int((CARD_H - 2 * inner) // step)
    ox = CX - (cols - 1) * step / 2
    oy = CY - (rows - 1) * step / 2
    centres = [(ox + i * step, oy + j * step) for i in range(cols) for j in range(rows)]
    quatrefoil = "".join(
        circle_d(x - 6, y, 6) + circle_d(x + 6, y, 6) + circle_d(x, y - 6, 6)
        + circle_d(x, y + 6, 6)
        for x, y in centres
    )
    h = step / 2
    cells = "".join(
        f"M{num(x)} {num(y - h)}L{num(x + h)} {num(y)}L{num(x)} {num(y + h)}"
        f"L{num(x - h)} {num(y)}Z"
        for x, y in centres
    )
    return (
        _frame(field, ink)
        + path(cells, stroke=light, stroke_width=1.0, opacity=0.5)
        + path(quatrefoil, fill=light, stroke=ink, stroke_width=0.8)
        + "".join(circle(x, y, 2.5, gold) for x, y in centres)
        + rect(MARGIN + 4, MARGIN + 4, CARD_W - 2 * MARGIN - 8, CARD_H - 2 * MARGIN - 8,
               "none", rx=4, stroke=gold, stroke_width=2.4)
    )


def tell_checks() -> str:
    """Brown and ochre diamond checks, the back of many German-suited packs."""
    field, dark, light = "#c9963c", "#6b3d1a", "#f1d79a"
    step = 20.0
    d = []
    x0, y0 = MARGIN + 4, MARGIN + 4
    x1, y1 = CARD_W - MARGIN - 4, CARD_H - MARGIN - 4
    cols = int((x1 - x0) / step)
    rows = int((y1 - y0) / step)
    ox = CX - cols * step / 2
    oy = CY - rows * step / 2
    for i in range(cols):
        for j in range(rows):
            if (i + j) % 2:
                continue
            x, y = ox + i * step + step / 2, oy + j * step + step / 2
            h = step / 2
            d.append(f"M{num(x)} {num(y - h)}L{num(x + h)} {num(y)}L{num(x)} {num(y + h)}"
                     f"L{num(x - h)} {num(y)}Z")
    return (
        _frame(field, dark)
        + path("".join(d), fill=dark)
        + rect(CX - 34, CY - 46, 68, 92, light, rx=30, stroke=dark, stroke_width=2.5)
        + _rosette(CX, CY, 26, 10, "#b3202c", dark)
        + circle(CX, CY, 5, light, stroke=dark, stroke_width=1)
    )


BACKS: dict[str, tuple[BackInfo, Callable[[], str]]] = {
    "classic-red": (BackInfo("classic-red", "Classic red lattice"), classic_red),
    "blue-rosette": (BackInfo("blue-rosette", "Blue rosette"), blue_rosette),
    "green-ornament": (BackInfo("green-ornament", "Green ornament"), green_ornament),
    "tell-checks": (BackInfo("tell-checks", "Brown checks"), tell_checks),
}
