"""Attributes the court figures hold: swords, sceptres, halberds, axes, flowers, orbs."""

from __future__ import annotations

from .costume import OUT, Costume, outline
from .svg import CY, circle, num, path, poly_d

STEEL = "#dfe3ea"
WOOD = "#9a6a3a"


def _pole(x: float, y0: float, y1: float, colour: str) -> str:
    return path(f"M{num(x)} {num(y0)}L{num(x)} {num(y1)}", stroke=OUT, stroke_width=5.2,
                stroke_linecap="round") + path(
        f"M{num(x)} {num(y0)}L{num(x)} {num(y1)}", stroke=colour, stroke_width=3,
        stroke_linecap="round")


def item(kind: str, x: float, y: float, c: Costume) -> str:
    """Something held upright in a hand at (x, y); drawn before the hand so fingers cover it."""
    if kind == "sword":
        return (
            path(poly_d([(x - 3.2, y - 10), (x - 3.2, 52), (x, 42), (x + 3.2, 52),
                         (x + 3.2, y - 10)]), fill=STEEL, **outline(1.1))
            + path(f"M{num(x)} 52L{num(x)} {num(y - 12)}", stroke="#9aa3b0", stroke_width=0.9)
            + path(poly_d([(x - 12, y - 13), (x + 12, y - 13), (x + 12, y - 8), (x - 12, y - 8)]),
                   fill=c.gold, **outline(1))
            + circle(x, y + 10, 3.6, c.gold, **outline(0.9))
        )
    if kind == "scepter":
        return (
            _pole(x, y + 12, 62, c.gold)
            + path(
                f"M{num(x)} 44C{num(x + 10)} 50 {num(x + 9)} 60 {num(x)} 66C{num(x - 9)} 60 "
                f"{num(x - 10)} 50 {num(x)} 44Z",
                fill=c.gold,
                **outline(1.1),
            )
            + circle(x, 56, 3, "#c8202a", **outline(0.7))
            + path(f"M{num(x)} 44v-8m-4 4h8", stroke=OUT, stroke_width=3.6)
            + path(f"M{num(x)} 44v-8m-4 4h8", stroke=c.gold, stroke_width=1.8)
        )
    if kind == "halberd":
        return (
            _pole(x, CY, 50, WOOD)
            + path(poly_d([(x, 34), (x + 4, 50), (x - 4, 50)]), fill=STEEL, **outline(1))
            + path(
                f"M{num(x + 2)} 52C{num(x + 14)} 50 {num(x + 18)} 56 {num(x + 18)} 66"
                f"C{num(x + 12)} 69 {num(x + 6)} 67 {num(x + 2)} 69Z",
                fill=STEEL,
                **outline(1.1),
            )
            + path(poly_d([(x - 2, 56), (x - 12, 52), (x - 2, 63)]), fill=STEEL, **outline(1))
        )
    if kind == "axe":
        return (
            _pole(x, y + 12, 50, WOOD)
            + path(
                f"M{num(x + 2)} 52C{num(x + 18)} 46 {num(x + 24)} 58 {num(x + 22)} 74"
                f"C{num(x + 14)} 70 {num(x + 8)} 68 {num(x + 2)} 70Z",
                fill=STEEL,
                **outline(1.1),
            )
            + path(poly_d([(x - 2, 56), (x - 9, 60), (x - 2, 64)]), fill=STEEL, **outline(1))
        )
    if kind == "flower":
        fy = y - 30
        petals = "".join(
            circle(x + dx, fy + dy, 4.2, "#d8333f", **outline(0.8))
            for dx, dy in ((0, -5.2), (5, -1.6), (3, 4.4), (-3, 4.4), (-5, -1.6))
        )
        return (
            path(f"M{num(x)} {num(y)}C{num(x - 4)} {num(y - 14)} {num(x + 3)} {num(y - 24)} "
                 f"{num(x)} {num(fy)}", stroke="#2f7a2a", stroke_width=2.4)
            + path(f"M{num(x)} {num(y - 18)}C{num(x + 8)} {num(y - 26)} {num(x + 12)} "
                   f"{num(y - 22)} {num(x + 14)} {num(y - 18)}C{num(x + 8)} {num(y - 14)} "
                   f"{num(x + 4)} {num(y - 14)} {num(x)} {num(y - 18)}Z",
                   fill="#3d8f2f", **outline(0.8))
            + petals
            + circle(x, fy, 3.2, c.gold, **outline(0.8))
        )
    if kind == "orb":
        oy = y - 15
        return (
            circle(x, oy, 9.5, c.gold, **outline(1.2))
            + path(f"M{num(x - 9.5)} {num(oy)}L{num(x + 9.5)} {num(oy)}M{num(x)} "
                   f"{num(oy - 9.5)}L{num(x)} {num(oy + 9.5)}", stroke=OUT, stroke_width=1)
            + path(f"M{num(x)} {num(oy - 9.5)}v-8m-4 4h8", stroke=OUT, stroke_width=3.6)
            + path(f"M{num(x)} {num(oy - 9.5)}v-8m-4 4h8", stroke=c.gold, stroke_width=1.8)
        )
    return ""
