"""Compose the SVG of one card face from indices, pips, figures and frames."""

from __future__ import annotations

import math
from functools import lru_cache

from .artworks import ARTWORKS, DeckArtwork
from .figures import figure_full, figure_half
from .glyphs import lettering
from .pips import PIP_SIZE, layout
from .suits import french_sign, german_sign
from .svg import CARD_H, CARD_W, CX, CY, circle, ellipse, group, num, path, place, rect, turn

RADIUS = 12.0
FRAME = (40.0, 30.0, CARD_W - 40.0, CARD_H - 30.0)  # court frame: x0, y0, x1, y1


def sign(art: DeckArtwork, suit: str) -> str:
    """The artwork's suit sign in the 100-unit box (French or German, never mixed)."""
    if art.german is not None:
        return german_sign(suit, art.german)
    return french_sign(suit, art.suit_colours[suit])


def _placed(art: DeckArtwork, suit: str, cx: float, cy: float, size: float,
            flipped: bool = False) -> str:
    return group([sign(art, suit)], transform=place(cx, cy, size, 180 if flipped else 0))


def _paper(art: DeckArtwork) -> str:
    return rect(0.6, 0.6, CARD_W - 1.2, CARD_H - 1.2, art.paper, rx=RADIUS, stroke=art.border,
                stroke_width=1.2)


def _indices(art: DeckArtwork, rank: str, suit: str) -> str:
    colour = art.suit_colours[suit]
    label = art.labels[rank]
    if art.large_index:
        corner = lettering(label, 48, 12, 104, colour, weight=15, max_width=76) + _placed(
            art, suit, 160, 62, 86
        )
    else:
        corner = lettering(label, 21, 13, 33, colour, weight=14, max_width=30) + _placed(
            art, suit, 21, 66, 23
        )
    return corner + group([corner], transform=turn())


def _ace(art: DeckArtwork, suit: str) -> str:
    if art.german is None:
        out = _placed(art, suit, CX, CY, 96)
        if suit == "S":  # the ornate ace of spades
            ink = art.suit_colours[suit]
            out = (
                circle(CX, CY, 80, "none", stroke=ink, stroke_width=2.4)
                + circle(CX, CY, 86, "none", stroke=ink, stroke_width=1)
                + _laurel(CX, CY, 64, ink, "#ffffff")
                + out
            )
        return out
    colours = art.german
    if art.single_headed:
        # Prague Daus: the sign in an oval cartouche with small lozenges at the compass points.
        f = art.frame
        lozenges = "".join(
            path(f"M{num(x)} {num(y - 7)}L{num(x + 7)} {num(y)}L{num(x)} {num(y + 7)}"
                 f"L{num(x - 7)} {num(y)}Z", fill=f.line)
            for x, y in ((CX, CY - 104), (CX, CY + 104), (CX - 82, CY), (CX + 82, CY))
        )
        return (
            ellipse(CX, CY, 74, 96, f.fill, stroke=f.line, stroke_width=2.8)
            + ellipse(CX, CY, 68, 90, "none", stroke=f.line, stroke_width=1)
            + lozenges
            + _placed(art, suit, CX, CY, 108)
        )
    # Tell Daus: large sign in laurel branches under a crown, with a ribbon.
    ribbon = (
        f"M{num(CX - 62)} {num(CY + 66)}L{num(CX + 62)} {num(CY + 66)}L{num(CX + 54)} "
        f"{num(CY + 78)}L{num(CX + 62)} {num(CY + 90)}L{num(CX - 62)} {num(CY + 90)}"
        f"L{num(CX - 54)} {num(CY + 78)}Z"
    )
    return (
        _laurel(CX, CY - 6, 76, "#3d7a2a", colours.outline)
        + path(ribbon, fill="#c8202a", stroke=colours.outline, stroke_width=1.4)
        + path(f"M{num(CX - 44)} {num(CY + 78)}L{num(CX + 44)} {num(CY + 78)}",
               stroke="#f6e7b0", stroke_width=2.2, stroke_dasharray="6 4")
        + _placed(art, suit, CX, CY - 8, 112)
        + _daus_crown(CX, 92, colours.outline)
    )


def _daus_crown(cx: float, base: float, ink: str) -> str:
    """Small open crown over the Daus sign."""
    d = (
        f"M{num(cx - 22)} {num(base)}L{num(cx - 26)} {num(base - 20)}L{num(cx - 12)} "
        f"{num(base - 10)}L{num(cx)} {num(base - 26)}L{num(cx + 12)} {num(base - 10)}"
        f"L{num(cx + 26)} {num(base - 20)}L{num(cx + 22)} {num(base)}Z"
    )
    balls = "".join(
        f'<circle cx="{num(cx + dx)}" cy="{num(base + dy)}" r="3"/>'
        for dx, dy in ((-26, -23), (0, -29), (26, -23))
    )
    return (
        path(d, fill="#e9b52c", stroke=ink, stroke_width=1.4, stroke_linejoin="round")
        + group([balls], fill="#e9b52c", stroke=ink, stroke_width=1)
        + path(f"M{num(cx - 22)} {num(base - 4)}L{num(cx + 22)} {num(base - 4)}", stroke=ink,
               stroke_width=1)
        + f'<circle cx="{num(cx)}" cy="{num(base - 12)}" r="3.2" fill="#c8202a"/>'
    )


def _laurel(cx: float, cy: float, r: float, fill: str, ink: str) -> str:
    """Two laurel branches rising from the bottom round a centre point (mirror images)."""
    stem_left = []
    leaves = []
    for i in range(10):
        theta = math.radians(108 + i * 14)
        x, y = cx + r * math.cos(theta), cy + r * math.sin(theta)
        stem_left.append((x, y))
        for tilt in (-32, 32):
            phi = math.degrees(theta) + 180 + tilt
            off = 5 if tilt > 0 else -5
            lx, ly = x + off * math.cos(theta), y + off * math.sin(theta)
            # Left branch as computed, right branch mirrored about x = cx.
            for px, angle in ((lx, phi), (2 * cx - lx, -phi)):
                leaves.append(
                    f'<g transform="translate({num(px)} {num(ly)}) rotate({num(angle)})">'
                    f'<path d="M0-10C5-5 5 4 0 8C-5 4-5-5 0-10Z"/></g>'
                )
    stem = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in stem_left)
    stem += "M" + "L".join(f"{num(2 * cx - x)} {num(y)}" for x, y in stem_left)
    return path(stem, stroke=ink, stroke_width=1.6) + group(
        leaves, fill=fill, stroke=ink, stroke_width=0.8
    )


def _pips(art: DeckArtwork, rank: str, suit: str) -> str:
    german = art.german is not None
    return "".join(
        _placed(art, suit, p.x, p.y, PIP_SIZE, p.flipped)
        for p in layout(rank, flip_lower=not german)
    )


def _frame(art: DeckArtwork, over: bool, divider: bool = True) -> str:
    x0, y0, x1, y1 = FRAME
    f = art.frame
    if not over:
        return rect(x0, y0, x1 - x0, y1 - y0, f.fill, rx=f.radius)
    out = rect(x0, y0, x1 - x0, y1 - y0, "none", rx=f.radius, stroke=f.line, stroke_width=1.6)
    if divider:
        out += path(f"M{num(x0)} {num(CY)}L{num(x1)} {num(CY)}", stroke=f.line,
                    stroke_width=0.9)
    if f.double:
        out += rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, "none", rx=f.radius + 4,
                    stroke=f.line, stroke_width=2.6)
    return out


def _court_half(art: DeckArtwork, rank: str, suit: str, corner_sign: bool = True) -> str:
    spec = art.figures[rank + suit]
    costume = art.costume(rank, suit)
    held = sign(art, suit) if (spec.sign_raised or spec.sign_low) else ""
    half = figure_half(spec, costume, held)
    if corner_sign and not held:
        x0, y0 = FRAME[0], FRAME[1]
        size = 30 if art.german is not None else 24
        half += _placed(art, suit, x0 + 4 + size / 2, y0 + 4 + size / 2, size)
    return half


def _court(art: DeckArtwork, rank: str, suit: str) -> str:
    if art.single_headed:
        spec = art.figures[rank + suit]
        held = sign(art, suit) if (spec.sign_raised or spec.sign_low) else ""
        figure = figure_full(spec, art.costume(rank, suit), held)
        if not held:
            figure += _placed(art, suit, FRAME[0] + 19, FRAME[1] + 19, 28)
        return _frame(art, False) + figure + _frame(art, True, divider=False)
    half = _court_half(art, rank, suit)
    return _frame(art, False) + half + group([half], transform=turn()) + _frame(art, True)


def _large_centre(art: DeckArtwork, rank: str, suit: str) -> str:
    """Large-index decks keep a small picture between the big corner indices."""
    top, bottom = 124.0, CARD_H - 124.0
    box = rect(22, top, CARD_W - 44, bottom - top, "#ffffff", rx=10, stroke=art.border,
               stroke_width=1.2)
    if rank in "KQJ":
        # The whole upper half-figure (y 32..174), shrunk into the box.
        half = _court_half(art, rank, suit, corner_sign=False)
        scale = (bottom - top - 6) / (CY - 32)
        inner = group([half], transform=f"translate({num(CX)} {num(CY)}) scale({num(scale)}) "
                                        f"translate({num(-CX)} {num((-CY - 32) / 2)})")
        return box + inner
    if rank == "A":
        return box + _placed(art, suit, CX, CY, 70)
    count = {"T": 10, "9": 9, "8": 8, "7": 7}[rank]
    per_row = (count + 1) // 2
    size = 30.0
    gap = 36.0
    pips = []
    for row, n in enumerate((per_row, count - per_row)):
        y = CY - 20 + row * 40
        for i in range(n):
            x = CX + (i - (n - 1) / 2) * gap
            pips.append(_placed(art, suit, x, y, size))
    return box + "".join(pips)


@lru_cache(maxsize=512)
def face_svg(artwork: str, card: str) -> str:
    """SVG body (without the root element) of one face in card units."""
    art = ARTWORKS[artwork]
    rank, suit = card[0], card[1]
    body = [_paper(art)]
    if art.large_index:
        body.append(_large_centre(art, rank, suit))
    elif rank in "KQJ":
        body.append(_court(art, rank, suit))
    elif rank == "A":
        body.append(_ace(art, suit))
    else:
        body.append(_pips(art, rank, suit))
    body.append(_indices(art, rank, suit))
    return "".join(body)


@lru_cache(maxsize=64)
def suit_svg(artwork: str, suit: str) -> str:
    """A suit sign alone, centred in a 100-unit square viewBox at the origin."""
    return group([sign(ARTWORKS[artwork], suit)], transform="translate(50 50)")
