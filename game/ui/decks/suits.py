"""Suit signs drawn as our own paths, in a 100 x 100 box centred on the origin.

French signs are single-colour silhouettes (hearts, diamonds, clubs, spades).  German signs
(hearts, bells, acorns, leaves) are multi-colour little pictures built from *separate* path
data: the German set never reuses a French path, which the tests check on the SVG text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from .svg import circle, circle_d, ellipse, group, num, path, place

FRENCH_PATHS: dict[str, str] = {
    "H": (
        "M0 46C-8 30-48 10-48-16C-48-36-32-46-21-46C-9-46-2-37 0-29"
        "C2-37 9-46 21-46C32-46 48-36 48-16C48 10 8 30 0 46Z"
    ),
    "D": "M0-48C10-31 23-14 37 0C23 14 10 31 0 48C-10 31-23 14-37 0C-23-14-10-31 0-48Z",
    "S": (
        "M0-48C-7-33-47-14-47 9C-47 26-34 34-22 34C-12 34-6 29-3 24"
        "C-4 35-10 42-20 48L20 48C10 42 4 35 3 24C6 29 12 34 22 34"
        "C34 34 47 26 47 9C47-14 7-33 0-48Z"
    ),
    "C": (
        circle_d(0, -24, 20) + circle_d(-24, 10, 20) + circle_d(24, 10, 20)
        + circle_d(0, 2, 12) + "M-4 10C-4 30-10 41-20 48L20 48C10 41 4 30 4 10Z"
    ),
}


@dataclass(frozen=True)
class GermanSuitColours:
    """Colours of the German suit signs; the Tell and Prague decks differ in tone."""

    heart: str = "#d3202a"
    heart_shade: str = "#9c1019"
    bell: str = "#f0b81c"
    bell_band: str = "#c8261e"
    acorn_nut: str = "#d99a32"
    acorn_cup: str = "#7b4a1c"
    leaf: str = "#3d8f2f"
    leaf_vein: str = "#1d5617"
    outline: str = "#2a1a10"
    shine: str = "#ffffff"


def french_sign(suit: str, colour: str) -> str:
    """A French suit sign filled with one colour."""
    return path(FRENCH_PATHS[suit], fill=colour)


def _german_heart(c: GermanSuitColours) -> str:
    body = (
        "M0 44C-16 30-47 14-47-12C-47-33-33-44-19-44C-9-44-3-38 0-30"
        "C3-38 9-44 19-44C33-44 47-33 47-12C47 14 16 30 0 44Z"
    )
    shade = "M0 44C16 30 47 14 47-12C47-33 33-44 19-44C31-36 35-22 32-8C28 12 14 28 0 44Z"
    return "".join(
        (
            path(body, fill=c.heart, stroke=c.outline, stroke_width=2.5),
            path(shade, fill=c.heart_shade),
            path("M-34-18C-36-30-28-38-18-37C-26-32-30-26-34-18Z", fill=c.shine, opacity=0.75),
        )
    )


def _german_bell(c: GermanSuitColours) -> str:
    return "".join(
        (
            circle(0, -40, 6.5, "none", stroke=c.outline, stroke_width=3.5),
            circle(0, 6, 40, c.bell, stroke=c.outline, stroke_width=2.5),
            path("M-39.5 -2Q0 8 39.5-2L39.5 10Q0 20-39.5 10Z", fill=c.bell_band,
                 stroke=c.outline, stroke_width=1.5),
            path("M-30-20Q0-30 30-20", stroke=c.outline, stroke_width=1.5),
            path("M-23 28Q0 36 23 28", stroke=c.outline, stroke_width=5, stroke_linecap="round"),
            circle(-23, 28, 5, c.outline),
            circle(23, 28, 5, c.outline),
            path("M0 33L0 45", stroke=c.outline, stroke_width=4, stroke_linecap="round"),
            ellipse(-15, -14, 10, 6, c.shine, opacity=0.7, transform="rotate(-35 -15 -14)"),
        )
    )


def _german_acorn(c: GermanSuitColours) -> str:
    nut = "M0-46C16-46 24-24 24-6L24 6L-24 6L-24-6C-24-24-16-46 0-46Z"
    cup = "M-30 0C-30-7 30-7 30 0C30 20 16 30 0 30C-16 30-30 20-30 0Z"
    scales = "".join(
        f"M{num(x - 5)} {num(y)}Q{num(x)} {num(y + 6)} {num(x + 5)} {num(y)}"
        for y, xs in ((4, (-20, -10, 0, 10, 20)), (13, (-15, -5, 5, 15)), (21, (-8, 2, 10)))
        for x in xs
    )
    return "".join(
        (
            path("M0 30C0 38-4 44-11 48", stroke=c.acorn_cup, stroke_width=5,
                 stroke_linecap="round"),
            path(nut, fill=c.acorn_nut, stroke=c.outline, stroke_width=2.5),
            path("M-2-45L0-52L2-45Z", fill=c.outline),
            path("M-14-28C-14-36-9-41-5-42C-8-34-9-24-10-14Z", fill=c.shine, opacity=0.6),
            path(cup, fill=c.acorn_cup, stroke=c.outline, stroke_width=2.5),
            path(scales, stroke=c.outline, stroke_width=1.4),
        )
    )


@lru_cache(maxsize=1)
def _leaf_outline() -> str:
    """Serrated lime-leaf outline: a smooth right half with teeth, then mirrored."""
    segments = (
        ((0, -48), (10, -36), (41, -22), (41, 2)),
        ((41, 2), (41, 24), (26, 36), (14, 36)),
        ((14, 36), (6, 36), (2, 30), (0, 24)),
    )
    points: list[tuple[float, float]] = []
    for seg_index, (p0, p1, p2, p3) in enumerate(segments):
        steps = 12
        for i in range(steps):
            t = i / steps
            mt = 1 - t
            x = mt**3 * p0[0] + 3 * mt**2 * t * p1[0] + 3 * mt * t**2 * p2[0] + t**3 * p3[0]
            y = mt**3 * p0[1] + 3 * mt**2 * t * p1[1] + 3 * mt * t**2 * p2[1] + t**3 * p3[1]
            if seg_index < 2 and i % 2 == 1 and (seg_index or i > 1):
                # Teeth: push every other sample outward from the leaf centre.
                dx, dy = x, y - 0
                length = math.hypot(dx, dy) or 1.0
                x, y = x + 3.5 * dx / length, y + 3.5 * dy / length
            points.append((x, y))
    points.append((0, 24))
    right = points
    left = [(-x, y) for x, y in reversed(right[1:-1])]
    outline = right + left
    head = outline[0]
    return f"M{num(head[0])} {num(head[1])}" + "".join(
        f"L{num(x)} {num(y)}" for x, y in outline[1:]
    ) + "Z"


def _german_leaf(c: GermanSuitColours) -> str:
    veins = "M0-40L0 26" + "".join(
        f"M0 {num(y)}Q{num(s * 12)} {num(y - 4)} {num(s * 28)} {num(y - 16)}"
        for y in (-18, -2, 14)
        for s in (-1, 1)
    )
    return "".join(
        (
            path("M0 22C0 36 3 42 10 48", stroke=c.leaf_vein, stroke_width=5,
                 stroke_linecap="round"),
            path(_leaf_outline(), fill=c.leaf, stroke=c.outline, stroke_width=2.2,
                 stroke_linejoin="round"),
            path(veins, stroke=c.leaf_vein, stroke_width=2.4, stroke_linecap="round"),
            path("M-8-30C-18-22-24-10-26 0C-16-8-10-18-8-30Z", fill=c.shine, opacity=0.35),
        )
    )


_GERMAN = {"H": _german_heart, "D": _german_bell, "C": _german_acorn, "S": _german_leaf}


def german_sign(suit: str, colours: GermanSuitColours) -> str:
    """A German suit sign: hearts (H), bells (D), acorns (C) or leaves (S)."""
    return _GERMAN[suit](colours)


def placed(sign: str, cx: float, cy: float, size: float, rotate: float = 0.0) -> str:
    """Put a sign drawn in the 100-unit box at (cx, cy) with the given size."""
    return group([sign], transform=place(cx, cy, size, rotate))
