"""Shared vocabulary of the court figures: costume colours, what a figure wears, outline ink."""

from __future__ import annotations

from dataclasses import dataclass

OUT = "#1e1a16"  # outline ink


@dataclass(frozen=True)
class Costume:
    """Colours of one figure's clothes."""

    robe: str
    trim: str
    lining: str
    gold: str = "#e9b52c"
    hair: str = "#7a4a22"
    skin: str = "#f7d9b8"
    ink: str = OUT


@dataclass(frozen=True)
class FigureSpec:
    """What a court figure wears and holds."""

    role: str  # "king", "queen", "jack" (Ober and Unter reuse "jack" bodies)
    headwear: str  # crown, tiara, beret, brim_hat, cap, fur_crown, helmet
    beard: str  # full, short, moustache, none
    item: str  # sword, scepter, halberd, flower, axe, orb, none
    long_hair: bool = False
    sign_raised: bool = False  # Ober: suit sign held up high
    sign_low: bool = False  # Unter: suit sign held low near the middle
    pattern: str = "diamonds"  # robe ornament: diamonds, stripes, slashes


def outline(width: float = 1.4) -> dict[str, object]:
    """Stroke attributes of the dark contour line every figure part is drawn with."""
    return {"stroke": OUT, "stroke_width": width, "stroke_linejoin": "round"}

