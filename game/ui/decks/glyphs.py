"""Index lettering as stroked skeleton paths (pygame's SVG renderer cannot draw ``<text>``).

Each glyph is a centre-line path in a box 100 units high; it is drawn with a thick round
stroke, which reads well from 60 px cards upwards and needs no font file at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from .svg import ellipse_d, group, num, path


@dataclass(frozen=True)
class Glyph:
    width: float
    d: str


GLYPHS: dict[str, Glyph] = {
    "A": Glyph(62, "M5 93L31 7L57 93M15 63L47 63"),
    "K": Glyph(60, "M9 7L9 93M53 7L11 60M25 44L55 93"),
    "Q": Glyph(62, ellipse_d(31, 50, 24, 43) + "M37 72L58 96"),
    "J": Glyph(50, "M18 7L44 7M38 7L38 70C38 87 30 93 22 93C12 93 7 86 6 76"),
    "D": Glyph(60, "M9 7L9 93L24 93C45 93 53 74 53 50C53 26 45 7 24 7Z"),
    "O": Glyph(62, ellipse_d(31, 50, 24, 43)),
    "U": Glyph(60, "M8 7L8 66C8 84 18 93 30 93C42 93 52 84 52 66L52 7"),
    "1": Glyph(40, "M9 24L27 7L27 93"),
    "0": Glyph(52, ellipse_d(26, 50, 19, 43)),
    "9": Glyph(58, ellipse_d(29, 34, 21, 27) + "M50 34L50 62C50 84 40 93 27 93C16 93 10 87 8 80"),
    "8": Glyph(58, ellipse_d(29, 28, 19, 21) + ellipse_d(29, 70, 23, 23)),
    "7": Glyph(58, "M6 7L52 7L24 93"),
}


def text_width(text: str, tracking: float = 0.0) -> float:
    """Advance width of a string in glyph units."""
    return sum(GLYPHS[ch].width for ch in text) + tracking * (len(text) - 1)


def lettering(
    text: str,
    cx: float,
    top: float,
    height: float,
    colour: str,
    weight: float = 13.0,
    max_width: float | None = None,
) -> str:
    """Stroke ``text`` centred on ``cx`` with its top at ``top``, squeezed to ``max_width``."""
    scale = height / 100.0
    tracking = 4.0 if len(text) > 1 else 0.0
    width = text_width(text, tracking)
    squeeze = 1.0
    if max_width is not None and width * scale > max_width:
        squeeze = max_width / (width * scale)
    x = 0.0
    d_parts = []
    for ch in text:
        glyph = GLYPHS[ch]
        d_parts.append(group([path(glyph.d)], transform=f"translate({num(x)} 0)"))
        x += glyph.width + tracking
    left = cx - width * scale * squeeze / 2
    transform = f"translate({num(left)} {num(top)}) scale({num(scale * squeeze)} {num(scale)})"
    return group(
        d_parts,
        transform=transform,
        stroke=colour,
        stroke_width=weight,
        stroke_linecap="round",
        stroke_linejoin="round",
        fill="none",
    )
