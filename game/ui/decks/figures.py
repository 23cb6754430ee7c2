"""Court figures drawn from paths: the upper half of a double-headed court card.

Every function draws in card units above the card's middle line (y <= CY); the card composer
repeats the half turned by 180 degrees, exactly like printed double-ended decks.  Figures are
assembled from a head (face, hair, beard), headwear, a costume and an attribute held in the
hand, so each rank of each suit gets its own combination.
"""

from __future__ import annotations

from dataclasses import dataclass

from .svg import CX, CY, circle, ellipse, group, num, path, poly_d

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


def _s(width: float = 1.4) -> dict[str, object]:
    return {"stroke": OUT, "stroke_width": width, "stroke_linejoin": "round"}


# --- heads -------------------------------------------------------------------------------


def _face(cx: float, cy: float, c: Costume, feminine: bool) -> str:
    rx, ry = (13.5, 17.5) if feminine else (14.5, 18.5)
    eye_y = cy - 2
    parts = [
        ellipse(cx, cy, rx, ry, c.skin, **_s(1.3)),
        ellipse(cx - 5.5, eye_y, 3, 1.9, "#ffffff", stroke=OUT, stroke_width=0.6),
        ellipse(cx + 5.5, eye_y, 3, 1.9, "#ffffff", stroke=OUT, stroke_width=0.6),
        circle(cx - 5, eye_y, 1.3, "#3a2a1a"),
        circle(cx + 6, eye_y, 1.3, "#3a2a1a"),
        path(
            f"M{num(cx - 9)} {num(eye_y - 4)}Q{num(cx - 5.5)} {num(eye_y - 6.5)} "
            f"{num(cx - 2)} {num(eye_y - 4)}M{num(cx + 2)} {num(eye_y - 4)}Q{num(cx + 5.5)} "
            f"{num(eye_y - 6.5)} {num(cx + 9)} {num(eye_y - 4)}",
            stroke=OUT,
            stroke_width=1.2,
            stroke_linecap="round",
        ),
        path(
            f"M{num(cx + 0.5)} {num(eye_y + 1)}L{num(cx - 2.5)} {num(cy + 8)}L{num(cx + 1.5)} "
            f"{num(cy + 8.5)}",
            stroke=OUT,
            stroke_width=1.1,
            stroke_linecap="round",
        ),
        path(
            f"M{num(cx - 4)} {num(cy + 12)}Q{num(cx)} {num(cy + 14.5)} {num(cx + 4)} "
            f"{num(cy + 12)}",
            stroke="#b8322c",
            stroke_width=1.8 if feminine else 1.4,
            stroke_linecap="round",
        ),
    ]
    if feminine:
        parts.append(circle(cx - 8, cy + 6, 2.6, "#f1a7a0", opacity=0.7))
        parts.append(circle(cx + 8, cy + 6, 2.6, "#f1a7a0", opacity=0.7))
    return "".join(parts)


def _hair_back(cx: float, cy: float, c: Costume, long_hair: bool) -> str:
    if long_hair:
        d = (
            f"M{num(cx - 17)} {num(cy - 10)}C{num(cx - 24)} {num(cy + 10)} {num(cx - 22)} "
            f"{num(cy + 30)} {num(cx - 28)} {num(cy + 44)}L{num(cx + 28)} {num(cy + 44)}"
            f"C{num(cx + 22)} {num(cy + 30)} {num(cx + 24)} {num(cy + 10)} {num(cx + 17)} "
            f"{num(cy - 10)}Z"
        )
    else:
        d = (
            f"M{num(cx - 16)} {num(cy - 10)}C{num(cx - 21)} {num(cy + 2)} {num(cx - 21)} "
            f"{num(cy + 14)} {num(cx - 17)} {num(cy + 20)}L{num(cx + 17)} {num(cy + 20)}"
            f"C{num(cx + 21)} {num(cy + 14)} {num(cx + 21)} {num(cy + 2)} {num(cx + 16)} "
            f"{num(cy - 10)}Z"
        )
    curls = "".join(
        f"M{num(cx + s * 19)} {num(cy + dy)}q{num(s * 3)} 3 0 6"
        for s in (-1, 1)
        for dy in ((0, 10, 20, 30) if long_hair else (-2, 6, 14))
    )
    return path(d, fill=c.hair, **_s(1.2)) + path(curls, stroke=OUT, stroke_width=1)


def _hair_top(cx: float, cy: float, c: Costume) -> str:
    """Fringe over the forehead, visible under low headwear."""
    d = (
        f"M{num(cx - 14.5)} {num(cy - 6)}C{num(cx - 14)} {num(cy - 20)} {num(cx + 14)} "
        f"{num(cy - 20)} {num(cx + 14.5)} {num(cy - 6)}C{num(cx + 8)} {num(cy - 12)} "
        f"{num(cx - 8)} {num(cy - 12)} {num(cx - 14.5)} {num(cy - 6)}Z"
    )
    return path(d, fill=c.hair, **_s(1.1))


def _beard(cx: float, cy: float, c: Costume, kind: str) -> str:
    mous = (
        f"M{num(cx)} {num(cy + 9.5)}C{num(cx - 5)} {num(cy + 7.5)} {num(cx - 10)} {num(cy + 9)} "
        f"{num(cx - 13)} {num(cy + 14)}C{num(cx - 8)} {num(cy + 12)} {num(cx - 4)} {num(cy + 12)} "
        f"{num(cx)} {num(cy + 11)}C{num(cx + 4)} {num(cy + 12)} {num(cx + 8)} {num(cy + 12)} "
        f"{num(cx + 13)} {num(cy + 14)}C{num(cx + 10)} {num(cy + 9)} {num(cx + 5)} "
        f"{num(cy + 7.5)} {num(cx)} {num(cy + 9.5)}Z"
    )
    if kind == "none":
        return ""
    if kind == "moustache":
        return path(mous, fill=c.hair, **_s(0.9))
    drop = 40 if kind == "full" else 26
    d = (
        f"M{num(cx - 14)} {num(cy + 2)}C{num(cx - 15)} {num(cy + 16)} {num(cx - 9)} "
        f"{num(cy + drop - 6)} {num(cx)} {num(cy + drop)}C{num(cx + 9)} {num(cy + drop - 6)} "
        f"{num(cx + 15)} {num(cy + 16)} {num(cx + 14)} {num(cy + 2)}C{num(cx + 10)} "
        f"{num(cy + 12)} {num(cx + 6)} {num(cy + 16)} {num(cx)} {num(cy + 16)}C{num(cx - 6)} "
        f"{num(cy + 16)} {num(cx - 10)} {num(cy + 12)} {num(cx - 14)} {num(cy + 2)}Z"
    )
    strands = "".join(
        f"M{num(cx + dx)} {num(cy + 18)}Q{num(cx + dx * 1.2)} {num(cy + drop * 0.7)} "
        f"{num(cx + dx * 0.5)} {num(cy + drop - 4)}"
        for dx in (-7, 0, 7)
    )
    mouth = path(
        f"M{num(cx - 4)} {num(cy + 13.5)}Q{num(cx)} {num(cy + 15.5)} {num(cx + 4)} "
        f"{num(cy + 13.5)}",
        stroke="#b8322c",
        stroke_width=1.5,
    )
    return (
        path(d, fill=c.hair, **_s(1.1))
        + path(strands, stroke=OUT, stroke_width=0.8, opacity=0.6)
        + mouth
        + path(mous, fill=c.hair, **_s(0.9))
    )


# --- headwear ------------------------------------------------------------------------------


def _crown(cx: float, base: float, c: Costume, width: float = 21, tall: float = 26) -> str:
    w, t = width, tall
    tips = [
        (cx - w, base - t * 0.85), (cx - w * 0.5, base - t * 0.45), (cx - w * 0.45, base - t * 0.7),
        (cx - w * 0.1, base - t * 0.4), (cx, base - t), (cx + w * 0.1, base - t * 0.4),
        (cx + w * 0.45, base - t * 0.7), (cx + w * 0.5, base - t * 0.45),
        (cx + w, base - t * 0.85),
    ]
    body = poly_d([(cx - w, base)] + tips + [(cx + w, base)])
    balls = "".join(
        circle(x, y - 2.5, 2.8, c.gold, **_s(0.9)) for x, y in (tips[0], tips[2], tips[4],
                                                                 tips[6], tips[8])
    )
    band = path(poly_d([(cx - w - 1, base - 9), (cx + w + 1, base - 9), (cx + w + 1, base + 1),
                        (cx - w - 1, base + 1)]), fill=c.gold, **_s(1.2))
    jewels = (
        ellipse(cx, base - 4, 3.4, 3, "#c8202a", **_s(0.8))
        + circle(cx - w * 0.6, base - 4, 2.4, "#2456b0", **_s(0.7))
        + circle(cx + w * 0.6, base - 4, 2.4, "#2456b0", **_s(0.7))
    )
    return path(body, fill=c.gold, **_s(1.2)) + balls + band + jewels


def _fur_crown(cx: float, base: float, c: Costume) -> str:
    """German king's crown: velvet cap in a golden open crown over an ermine band."""
    cap = (
        f"M{num(cx - 18)} {num(base - 6)}C{num(cx - 18)} {num(base - 34)} {num(cx + 18)} "
        f"{num(base - 34)} {num(cx + 18)} {num(base - 6)}Z"
    )
    arches = "".join(
        path(
            f"M{num(cx + s * 19)} {num(base - 6)}L{num(cx + s * 21)} {num(base - 24)}"
            f"L{num(cx + s * 10)} {num(base - 14)}L{num(cx)} {num(base - 30)}",
            stroke=c.gold,
            stroke_width=3.2,
            stroke_linejoin="round",
        )
        for s in (-1, 1)
    )
    fur = path(
        f"M{num(cx - 22)} {num(base - 10)}L{num(cx + 22)} {num(base - 10)}"
        f"C{num(cx + 24)} {num(base - 4)} {num(cx + 24)} {num(base + 1)} {num(cx + 22)} "
        f"{num(base + 3)}L{num(cx - 22)} {num(base + 3)}C{num(cx - 24)} {num(base + 1)} "
        f"{num(cx - 24)} {num(base - 4)} {num(cx - 22)} {num(base - 10)}Z",
        fill="#fbf7ee",
        **_s(1.1),
    )
    spots = "".join(
        path(f"M{num(cx + dx)} {num(base - 7)}l-1.5 5h3z", fill=OUT) for dx in (-15, -5, 5, 15)
    )
    return (
        path(cap, fill=c.lining, **_s(1.1))
        + arches
        + circle(cx, base - 33, 3.2, c.gold, **_s(0.9))
        + path(f"M{num(cx)} {num(base - 36)}v-6m-3 3h6", stroke=c.gold, stroke_width=2)
        + fur
        + spots
    )


def _tiara(cx: float, base: float, c: Costume) -> str:
    """Queen's diadem: a pearl band with three fleurons, lower and rounder than a crown."""
    band = (
        f"M{num(cx - 17)} {num(base)}C{num(cx - 17)} {num(base - 8)} {num(cx + 17)} "
        f"{num(base - 8)} {num(cx + 17)} {num(base)}L{num(cx + 16)} {num(base + 4)}"
        f"C{num(cx + 8)} {num(base - 2)} {num(cx - 8)} {num(base - 2)} {num(cx - 16)} "
        f"{num(base + 4)}Z"
    )
    fleurons = []
    for dx, h in ((-10, 9.0), (0, 14.0), (10, 9.0)):
        x, y = cx + dx, base - 5 - h
        fleurons.append(
            path(f"M{num(x)} {num(base - 5)}L{num(x)} {num(y + 3)}", stroke=OUT,
                 stroke_width=2.6)
            + path(f"M{num(x)} {num(base - 5)}L{num(x)} {num(y + 3)}", stroke=c.gold,
                   stroke_width=1.4)
            + circle(x - 3, y + 2, 2.3, c.gold, **_s(0.7))
            + circle(x + 3, y + 2, 2.3, c.gold, **_s(0.7))
            + circle(x, y, 2.8, c.gold, **_s(0.8))
        )
    pearls = "".join(
        circle(cx + dx, base - 2 - (1 - (dx / 17) ** 2) * 2.5, 1.3, "#fbf7ee", **_s(0.4))
        for dx in range(-12, 13, 4)
    )
    return "".join(fleurons) + path(band, fill=c.gold, **_s(1.1)) + pearls


def _veil(cx: float, cy: float) -> str:
    """Light veil falling from the back of the queen's head onto her shoulders."""
    d = (
        f"M{num(cx - 14)} {num(cy - 18)}C{num(cx - 30)} {num(cy - 8)} {num(cx - 30)} "
        f"{num(cy + 20)} {num(cx - 36)} {num(cy + 36)}L{num(cx + 36)} {num(cy + 36)}"
        f"C{num(cx + 30)} {num(cy + 20)} {num(cx + 30)} {num(cy - 8)} {num(cx + 14)} "
        f"{num(cy - 18)}Z"
    )
    folds = "".join(
        f"M{num(cx + s * 22)} {num(cy - 2)}Q{num(cx + s * 26)} {num(cy + 16)} "
        f"{num(cx + s * 30)} {num(cy + 34)}"
        for s in (-1, 1)
    )
    return path(d, fill="#f4f1ea", **_s(1.1)) + path(folds, stroke="#b9b2a4", stroke_width=1)


def _beret(cx: float, base: float, c: Costume, feather: bool = True) -> str:
    dome = (
        f"M{num(cx - 20)} {num(base)}C{num(cx - 22)} {num(base - 22)} {num(cx + 20)} "
        f"{num(base - 24)} {num(cx + 22)} {num(base - 2)}Z"
    )
    brim = ellipse(cx + 1, base - 1, 25, 6, c.trim, **_s(1.2))
    out = path(dome, fill=c.robe, **_s(1.2)) + brim
    if feather:
        plume = (
            f"M{num(cx + 14)} {num(base - 10)}C{num(cx + 22)} {num(base - 26)} {num(cx + 32)} "
            f"{num(base - 30)} {num(cx + 42)} {num(base - 32)}C{num(cx + 36)} {num(base - 24)} "
            f"{num(cx + 28)} {num(base - 14)} {num(cx + 18)} {num(base - 6)}Z"
        )
        out += path(plume, fill="#fbf7ee", **_s(1.1))
        out += path(
            f"M{num(cx + 17)} {num(base - 8)}C{num(cx + 26)} {num(base - 20)} {num(cx + 32)} "
            f"{num(base - 26)} {num(cx + 40)} {num(base - 30)}",
            stroke=OUT,
            stroke_width=0.8,
        )
        out += circle(cx + 14, base - 7, 3.2, c.gold, **_s(0.8))
    return out


def _brim_hat(cx: float, base: float, c: Costume) -> str:
    """Wide-brimmed Swiss hat with a tall feather: the Tell Ober."""
    crown = (
        f"M{num(cx - 14)} {num(base - 2)}L{num(cx - 12)} {num(base - 22)}C{num(cx - 6)} "
        f"{num(base - 27)} {num(cx + 6)} {num(base - 27)} {num(cx + 12)} {num(base - 22)}"
        f"L{num(cx + 14)} {num(base - 2)}Z"
    )
    brim = (
        f"M{num(cx - 32)} {num(base + 2)}C{num(cx - 20)} {num(base - 8)} {num(cx + 20)} "
        f"{num(base - 8)} {num(cx + 32)} {num(base + 2)}C{num(cx + 20)} {num(base - 2)} "
        f"{num(cx - 20)} {num(base - 2)} {num(cx - 32)} {num(base + 2)}Z"
    )
    plume = (
        f"M{num(cx + 6)} {num(base - 20)}C{num(cx + 16)} {num(base - 34)} {num(cx + 30)} "
        f"{num(base - 36)} {num(cx + 40)} {num(base - 30)}C{num(cx + 30)} {num(base - 28)} "
        f"{num(cx + 20)} {num(base - 22)} {num(cx + 12)} {num(base - 10)}Z"
    )
    return (
        path(plume, fill=c.trim, **_s(1.1))
        + path(crown, fill=c.robe, **_s(1.2))
        + path(f"M{num(cx - 13)} {num(base - 9)}L{num(cx + 13)} {num(base - 9)}",
               stroke=c.gold, stroke_width=4)
        + path(brim, fill=c.robe, **_s(1.2))
    )


def _cap(cx: float, base: float, c: Costume) -> str:
    """Soft cap with a turned-up brim: the Unter."""
    cap = (
        f"M{num(cx - 17)} {num(base)}C{num(cx - 20)} {num(base - 20)} {num(cx - 4)} "
        f"{num(base - 30)} {num(cx + 20)} {num(base - 22)}C{num(cx + 24)} {num(base - 14)} "
        f"{num(cx + 20)} {num(base - 6)} {num(cx + 17)} {num(base)}Z"
    )
    brim = (
        f"M{num(cx - 19)} {num(base + 1)}L{num(cx - 19)} {num(base - 8)}C{num(cx - 6)} "
        f"{num(base - 11)} {num(cx + 6)} {num(base - 11)} {num(cx + 19)} {num(base - 8)}"
        f"L{num(cx + 19)} {num(base + 1)}Z"
    )
    return (
        path(cap, fill=c.trim, **_s(1.2))
        + path(brim, fill=c.lining, **_s(1.2))
        + path(f"M{num(cx + 10)} {num(base - 10)}C{num(cx + 14)} {num(base - 24)} "
               f"{num(cx + 24)} {num(base - 30)} {num(cx + 30)} {num(base - 32)}",
               stroke=c.gold, stroke_width=2.5, stroke_linecap="round")
    )


def _helmet(cx: float, base: float, c: Costume) -> str:
    dome = (
        f"M{num(cx - 18)} {num(base)}C{num(cx - 19)} {num(base - 26)} {num(cx + 19)} "
        f"{num(base - 26)} {num(cx + 18)} {num(base)}Z"
    )
    comb = (
        f"M{num(cx - 12)} {num(base - 16)}C{num(cx - 8)} {num(base - 32)} {num(cx + 8)} "
        f"{num(base - 32)} {num(cx + 14)} {num(base - 16)}Z"
    )
    return (
        path(comb, fill=c.trim, **_s(1.1))
        + path(dome, fill="#c9ced6", **_s(1.2))
        + path(f"M{num(cx - 22)} {num(base + 1)}L{num(cx + 22)} {num(base + 1)}",
               stroke=OUT, stroke_width=3.5, stroke_linecap="round")
        + path(f"M{num(cx - 10)} {num(base - 14)}Q{num(cx - 6)} {num(base - 20)} {num(cx)} "
               f"{num(base - 21)}", stroke="#ffffff", stroke_width=1.6, opacity=0.8)
    )


# --- costume -------------------------------------------------------------------------------


def _robe(neck_y: float, c: Costume, pattern: str, collar: str) -> str:
    """Torso cut at the middle line: gown, ornamented front panel and collar."""
    sh = neck_y + 10
    body = (
        f"M{num(CX - 13)} {num(neck_y)}C{num(CX - 40)} {num(neck_y + 2)} {num(CX - 54)} "
        f"{num(sh)} {num(CX - 56)} {num(sh + 14)}L{num(CX - 60)} {num(CY)}L{num(CX + 60)} "
        f"{num(CY)}L{num(CX + 56)} {num(sh + 14)}C{num(CX + 54)} {num(sh)} {num(CX + 40)} "
        f"{num(neck_y + 2)} {num(CX + 13)} {num(neck_y)}Z"
    )
    parts = [path(body, fill=c.robe, **_s(1.4))]
    top = neck_y + 12
    panel = poly_d([(CX - 11, top), (CX + 11, top), (CX + 17, CY), (CX - 17, CY)])
    parts.append(path(panel, fill=c.trim, **_s(1.1)))
    if pattern == "diamonds":
        d = "".join(
            f"M{num(CX)} {num(y - 5)}L{num(CX + 5)} {num(y)}L{num(CX)} {num(y + 5)}"
            f"L{num(CX - 5)} {num(y)}Z"
            for y in range(int(top + 10), int(CY) - 4, 12)
        )
        parts.append(path(d, fill=c.gold, **_s(0.7)))
    elif pattern == "stripes":
        d = "".join(
            f"M{num(CX - 12)} {num(y)}L{num(CX + 12)} {num(y)}"
            for y in range(int(top + 8), int(CY) - 1, 7)
        )
        parts.append(path(d, stroke=c.gold, stroke_width=2.6))
    else:  # slashes: Landsknecht-style slashed doublet
        d = "".join(
            f"M{num(CX - 9)} {num(y)}L{num(CX + 9)} {num(y + 7)}"
            for y in range(int(top + 6), int(CY) - 8, 9)
        )
        parts.append(path(d, stroke=c.lining, stroke_width=3.2, stroke_linecap="round"))
    # Hem ornament along the robe's sides.
    hem = "".join(
        circle(CX + s * 36, y, 2.2, c.gold, **_s(0.6))
        for s in (-1, 1)
        for y in range(int(top + 14), int(CY) - 2, 10)
    )
    parts.append(hem)
    parts.append(_collar(neck_y, c, collar))
    return "".join(parts)


def _collar(neck_y: float, c: Costume, kind: str) -> str:
    if kind == "ermine":
        collar = (
            f"M{num(CX - 22)} {num(neck_y - 2)}C{num(CX - 14)} {num(neck_y + 10)} "
            f"{num(CX + 14)} {num(neck_y + 10)} {num(CX + 22)} {num(neck_y - 2)}"
            f"L{num(CX + 46)} {num(neck_y + 8)}C{num(CX + 24)} {num(neck_y + 28)} "
            f"{num(CX - 24)} {num(neck_y + 28)} {num(CX - 46)} {num(neck_y + 8)}Z"
        )
        tails = "".join(
            path(f"M{num(CX + dx)} {num(neck_y + dy)}l-1.8 5.5h3.6z", fill=OUT)
            for dx, dy in ((-34, 10), (-20, 15), (-7, 18), (7, 18), (20, 15), (34, 10))
        )
        return path(collar, fill="#fbf7ee", **_s(1.2)) + tails
    if kind == "neckline":
        neckline = (
            f"M{num(CX - 15)} {num(neck_y)}C{num(CX - 10)} {num(neck_y + 14)} {num(CX + 10)} "
            f"{num(neck_y + 14)} {num(CX + 15)} {num(neck_y)}Z"
        )
        pearls = "".join(
            circle(CX + dx, neck_y + 8 - abs(dx) * 0.22, 1.8, "#fbf7ee", **_s(0.6))
            for dx in range(-12, 13, 4)
        )
        return path(neckline, fill=c.skin, **_s(1.1)) + pearls
    ruff = (
        f"M{num(CX - 18)} {num(neck_y - 1)}C{num(CX - 10)} {num(neck_y + 9)} "
        f"{num(CX + 10)} {num(neck_y + 9)} {num(CX + 18)} {num(neck_y - 1)}"
        f"L{num(CX + 26)} {num(neck_y + 6)}C{num(CX + 12)} {num(neck_y + 18)} "
        f"{num(CX - 12)} {num(neck_y + 18)} {num(CX - 26)} {num(neck_y + 6)}Z"
    )
    pleats = "".join(
        f"M{num(CX + dx)} {num(neck_y + 5 + abs(dx) * 0.05)}l{num(dx * 0.12)} 7"
        for dx in range(-20, 21, 5)
    )
    return path(ruff, fill="#fbf7ee", **_s(1.1)) + path(pleats, stroke=OUT, stroke_width=0.7)


def _sleeve(side: int, neck_y: float, hand: tuple[float, float], c: Costume) -> str:
    """Arm hanging from the shoulder with the forearm bent inwards to ``hand``."""
    s = side
    hx, hy = hand
    d = (
        f"M{num(CX + s * 44)} {num(neck_y + 8)}C{num(CX + s * 58)} {num(neck_y + 10)} "
        f"{num(CX + s * 63)} {num(neck_y + 24)} {num(CX + s * 63)} {num(neck_y + 40)}"
        f"L{num(CX + s * 63)} {num(CY - 10)}C{num(CX + s * 63)} {num(CY - 2)} "
        f"{num(CX + s * 56)} {num(CY)} {num(CX + s * 50)} {num(CY - 3)}"
        f"L{num(hx + s * 5)} {num(hy + 8)}L{num(hx + s * 5)} {num(hy - 8)}"
        f"L{num(CX + s * 44)} {num(min(CY - 26, hy + 4))}L{num(CX + s * 44)} "
        f"{num(neck_y + 30)}Z"
    )
    bands = "".join(
        f"M{num(CX + s * 45)} {num(y)}L{num(CX + s * 62)} {num(y + 3)}"
        for y in (neck_y + 26, neck_y + 34, neck_y + 42)
    )
    cuff = poly_d(
        [(hx + s * 4, hy - 8.5), (hx + s * 11, hy - 9.5), (hx + s * 11, hy + 9.5),
         (hx + s * 4, hy + 8.5)]
    )
    return (
        path(d, fill=c.lining, **_s(1.3))
        + path(bands, stroke=c.gold, stroke_width=2.4)
        + path(cuff, fill=c.gold, **_s(1.0))
    )


def _hand(x: float, y: float, c: Costume) -> str:
    """A closed fist: palm with the thumb folded over the grip."""
    return ellipse(x, y, 6, 6.8, c.skin, **_s(1.1)) + ellipse(
        x - 1.5, y - 3.2, 3.6, 2.4, c.skin, **_s(0.8)
    )


def _band(a: tuple[float, float], b: tuple[float, float], wa: float, wb: float) -> str:
    """Quadrilateral path of a limb segment from ``a`` (half-width wa) to ``b`` (wb)."""
    (ax, ay), (bx, by) = a, b
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 or 1.0
    nx, ny = -(by - ay) / length, (bx - ax) / length
    return poly_d([(ax + nx * wa, ay + ny * wa), (bx + nx * wb, by + ny * wb),
                   (bx - nx * wb, by - ny * wb), (ax - nx * wa, ay - ny * wa)])


def _raised_arm(shoulder: tuple[float, float], elbow: tuple[float, float],
                hand: tuple[float, float], c: Costume) -> str:
    """An arm lifted to hold something up: puffed upper sleeve, forearm and cuff."""
    hx, hy = hand
    ex, ey = elbow
    length = ((hx - ex) ** 2 + (hy - ey) ** 2) ** 0.5 or 1.0
    ux, uy = (hx - ex) / length, (hy - ey) / length
    wrist = (hx - ux * 6, hy - uy * 6)
    return (
        path(_band(shoulder, elbow, 13, 9), fill=c.lining, **_s(1.2))
        + circle(ex, ey, 9, c.lining, **_s(1.2))
        + path(_band(elbow, wrist, 8.5, 7), fill=c.robe, **_s(1.2))
        + path(_band(shoulder, elbow, 9, 6), stroke=c.gold, stroke_width=1.6,
               stroke_dasharray="3 4")
        + path(_band(wrist, hand, 7.5, 7.5), fill=c.gold, **_s(1))
    )


# --- attributes ----------------------------------------------------------------------------

STEEL = "#dfe3ea"
WOOD = "#9a6a3a"


def _pole(x: float, y0: float, y1: float, colour: str) -> str:
    return path(f"M{num(x)} {num(y0)}L{num(x)} {num(y1)}", stroke=OUT, stroke_width=5.2,
                stroke_linecap="round") + path(
        f"M{num(x)} {num(y0)}L{num(x)} {num(y1)}", stroke=colour, stroke_width=3,
        stroke_linecap="round")


def _item(kind: str, x: float, y: float, c: Costume) -> str:
    """Something held upright in a hand at (x, y); drawn before the hand so fingers cover it."""
    if kind == "sword":
        return (
            path(poly_d([(x - 3.2, y - 10), (x - 3.2, 52), (x, 42), (x + 3.2, 52),
                         (x + 3.2, y - 10)]), fill=STEEL, **_s(1.1))
            + path(f"M{num(x)} 52L{num(x)} {num(y - 12)}", stroke="#9aa3b0", stroke_width=0.9)
            + path(poly_d([(x - 12, y - 13), (x + 12, y - 13), (x + 12, y - 8), (x - 12, y - 8)]),
                   fill=c.gold, **_s(1))
            + circle(x, y + 10, 3.6, c.gold, **_s(0.9))
        )
    if kind == "scepter":
        return (
            _pole(x, y + 12, 62, c.gold)
            + path(
                f"M{num(x)} 44C{num(x + 10)} 50 {num(x + 9)} 60 {num(x)} 66C{num(x - 9)} 60 "
                f"{num(x - 10)} 50 {num(x)} 44Z",
                fill=c.gold,
                **_s(1.1),
            )
            + circle(x, 56, 3, "#c8202a", **_s(0.7))
            + path(f"M{num(x)} 44v-8m-4 4h8", stroke=OUT, stroke_width=3.6)
            + path(f"M{num(x)} 44v-8m-4 4h8", stroke=c.gold, stroke_width=1.8)
        )
    if kind == "halberd":
        return (
            _pole(x, CY, 50, WOOD)
            + path(poly_d([(x, 34), (x + 4, 50), (x - 4, 50)]), fill=STEEL, **_s(1))
            + path(
                f"M{num(x + 2)} 52C{num(x + 14)} 50 {num(x + 18)} 56 {num(x + 18)} 66"
                f"C{num(x + 12)} 69 {num(x + 6)} 67 {num(x + 2)} 69Z",
                fill=STEEL,
                **_s(1.1),
            )
            + path(poly_d([(x - 2, 56), (x - 12, 52), (x - 2, 63)]), fill=STEEL, **_s(1))
        )
    if kind == "axe":
        return (
            _pole(x, y + 12, 50, WOOD)
            + path(
                f"M{num(x + 2)} 52C{num(x + 18)} 46 {num(x + 24)} 58 {num(x + 22)} 74"
                f"C{num(x + 14)} 70 {num(x + 8)} 68 {num(x + 2)} 70Z",
                fill=STEEL,
                **_s(1.1),
            )
            + path(poly_d([(x - 2, 56), (x - 9, 60), (x - 2, 64)]), fill=STEEL, **_s(1))
        )
    if kind == "flower":
        fy = y - 30
        petals = "".join(
            circle(x + dx, fy + dy, 4.2, "#d8333f", **_s(0.8))
            for dx, dy in ((0, -5.2), (5, -1.6), (3, 4.4), (-3, 4.4), (-5, -1.6))
        )
        return (
            path(f"M{num(x)} {num(y)}C{num(x - 4)} {num(y - 14)} {num(x + 3)} {num(y - 24)} "
                 f"{num(x)} {num(fy)}", stroke="#2f7a2a", stroke_width=2.4)
            + path(f"M{num(x)} {num(y - 18)}C{num(x + 8)} {num(y - 26)} {num(x + 12)} "
                   f"{num(y - 22)} {num(x + 14)} {num(y - 18)}C{num(x + 8)} {num(y - 14)} "
                   f"{num(x + 4)} {num(y - 14)} {num(x)} {num(y - 18)}Z",
                   fill="#3d8f2f", **_s(0.8))
            + petals
            + circle(x, fy, 3.2, c.gold, **_s(0.8))
        )
    if kind == "orb":
        oy = y - 15
        return (
            circle(x, oy, 9.5, c.gold, **_s(1.2))
            + path(f"M{num(x - 9.5)} {num(oy)}L{num(x + 9.5)} {num(oy)}M{num(x)} "
                   f"{num(oy - 9.5)}L{num(x)} {num(oy + 9.5)}", stroke=OUT, stroke_width=1)
            + path(f"M{num(x)} {num(oy - 9.5)}v-8m-4 4h8", stroke=OUT, stroke_width=3.6)
            + path(f"M{num(x)} {num(oy - 9.5)}v-8m-4 4h8", stroke=c.gold, stroke_width=1.8)
        )
    return ""


# --- whole figure ---------------------------------------------------------------------------

HEAD_SCALE = 1.2
_HEAD_Y = {"king": 86.0, "queen": 88.0, "jack": 90.0}


def _head(spec: FigureSpec, c: Costume, head_y: float) -> str:
    feminine = spec.role == "queen"
    base = head_y - 14
    hats = {
        "crown": lambda: _crown(CX, base, c),
        "fur_crown": lambda: _fur_crown(CX, base, c),
        "tiara": lambda: _tiara(CX, base - 2, c),
        "beret": lambda: _beret(CX, base, c),
        "brim_hat": lambda: _brim_hat(CX, base, c),
        "cap": lambda: _cap(CX, base, c),
        "helmet": lambda: _helmet(CX, base, c),
    }
    parts = [_face(CX, head_y, c, feminine)]
    if spec.headwear not in ("crown", "fur_crown"):
        parts.append(_hair_top(CX, head_y, c))
    parts.append(_beard(CX, head_y, c, spec.beard))
    parts.append(hats[spec.headwear]())
    return "".join(parts)


def _scaled(parts: list[str], cx: float, cy: float, k: float) -> str:
    return group(parts, transform=f"translate({num(cx)} {num(cy)}) scale({num(k)}) "
                                  f"translate({num(-cx)} {num(-cy)})")


def figure_half(spec: FigureSpec, c: Costume, sign: str = "") -> str:
    """The upper half of a court card: figure plus, for German courts, its suit sign.

    ``sign`` is a suit sign in the 100-unit box; Ober and Unter hold it (raised or low).
    """
    head_y = _HEAD_Y[spec.role]
    neck_y = head_y + 18 * HEAD_SCALE
    collar = {"king": "ermine", "queen": "neckline"}.get(spec.role, "ruff")
    item_hand = (CX + 36, CY - 32)
    left_hand = (CX - 30, CY - 26)
    back = [_hair_back(CX, head_y, c, spec.long_hair)]
    if spec.role == "queen":
        back.insert(0, _veil(CX, head_y))
    parts: list[str] = [
        _scaled(back, CX, head_y, HEAD_SCALE),
        _robe(neck_y, c, spec.pattern, collar),
    ]
    parts.append(_scaled([_head(spec, c, head_y)], CX, head_y, HEAD_SCALE))
    if spec.sign_raised and sign:
        hand = (CX - 58, 88.0)
        elbow = (CX - 68, neck_y + 2)
        parts.append(_raised_arm((CX - 46, neck_y + 18), elbow, hand, c))
        parts.append(group([sign], transform=f"translate({num(hand[0])} 60) scale(0.36)"))
        parts.append(_hand(*hand, c))
    elif spec.sign_low and sign:
        hand = (CX - 34, CY - 9)
        parts.append(_sleeve(-1, neck_y, hand, c))
        parts.append(_hand(*hand, c))
        parts.append(group([sign], transform=f"translate({num(CX - 34)} {num(CY - 34)}) "
                                             f"scale(0.4)"))
    else:
        parts.append(_sleeve(-1, neck_y, left_hand, c))
        if spec.role == "queen":
            parts.append(_item("flower", left_hand[0], left_hand[1], c))
        parts.append(_hand(*left_hand, c))
    if spec.item == "none":
        item_hand = (CX + 28, CY - 22)  # resting on the gown
    parts.append(_sleeve(1, neck_y, item_hand, c))
    parts.append(_item(spec.item, item_hand[0], item_hand[1], c))
    parts.append(_hand(*item_hand, c))
    return "".join(parts)


def figure_full(spec: FigureSpec, c: Costume, sign: str = "", top: float = 36.0,
                ground: float = 304.0) -> str:
    """A single-headed, full-length figure (Bohemian/Prague style) standing on the ground.

    The half-figure is reused, shrunk, for head and torso; below the belt come a long gown
    (kings) or a short tunic with parti-coloured hose and shoes (Ober, Unter).
    """
    k = 0.74
    waist = top + (CY - 30) * k
    hw = 60 * k
    item_x = CX + 36 * k
    parts = [ellipse(CX, ground - 2, 62, 7, "#d6dcb4", **_s(0.8))]
    if spec.role == "king":
        hem = ground - 12
        gown = poly_d(
            [(CX - hw, waist), (CX + hw, waist), (CX + hw + 12, hem), (CX - hw - 12, hem)]
        )
        parts += [
            ellipse(CX - 12, hem + 3, 10, 5, OUT),
            ellipse(CX + 12, hem + 3, 10, 5, OUT),
            path(gown, fill=c.robe, **_s(1.4)),
            path(poly_d([(CX - 13, waist), (CX + 13, waist), (CX + 20, hem), (CX - 20, hem)]),
                 fill=c.trim, **_s(1.1)),
            path(poly_d([(CX - hw - 11, hem - 8), (CX + hw + 11, hem - 8), (CX + hw + 12, hem),
                         (CX - hw - 12, hem)]), fill="#fbf7ee", **_s(1.1)),
            "".join(path(f"M{num(CX + dx)} {num(hem - 7)}l-1.5 5h3z", fill=OUT)
                    for dx in range(-48, 49, 12)),
        ]
    else:
        skirt_bottom = waist + 50
        legs_top = skirt_bottom - 4
        shoe_y = ground - 8
        for s, colour in ((-1, c.lining), (1, c.trim)):
            leg = poly_d([(CX + s * 6, legs_top), (CX + s * 24, legs_top), (CX + s * 19, shoe_y),
                          (CX + s * 8, shoe_y)])
            parts.append(path(leg, fill=colour, **_s(1.2)))
            stripes = "".join(
                f"M{num(CX + s * 8)} {num(y)}L{num(CX + s * 22)} {num(y + 3)}"
                for y in range(int(legs_top + 8), int(shoe_y - 30), 8)
            )
            parts.append(path(stripes, stroke=c.gold, stroke_width=1.6))
            knee = shoe_y - 36
            parts.append(path(f"M{num(CX + s * 6)} {num(knee)}L{num(CX + s * 23)} {num(knee)}",
                              stroke=c.robe, stroke_width=4))
            shoe = (
                f"M{num(CX + s * 7)} {num(shoe_y - 2)}L{num(CX + s * 20)} {num(shoe_y - 2)}"
                f"C{num(CX + s * 30)} {num(shoe_y)} {num(CX + s * 32)} {num(ground)} "
                f"{num(CX + s * 26)} {num(ground)}L{num(CX + s * 7)} {num(ground)}Z"
            )
            parts.append(path(shoe, fill=OUT))
        skirt = poly_d([(CX - hw, waist), (CX + hw, waist), (CX + hw + 8, skirt_bottom),
                        (CX - hw - 8, skirt_bottom)])
        parts.append(path(skirt, fill=c.robe, **_s(1.4)))
        parts.append(path(poly_d([(CX - 13, waist), (CX + 13, waist), (CX + 16, skirt_bottom),
                                  (CX - 16, skirt_bottom)]), fill=c.trim, **_s(1.1)))
        folds = "".join(f"M{num(CX + dx)} {num(waist + 6)}L{num(CX + dx * 1.15)} "
                        f"{num(skirt_bottom - 2)}" for dx in (-34, -24, 24, 34))
        parts.append(path(folds, stroke=OUT, stroke_width=0.9, opacity=0.6))
        parts.append(path(poly_d([(CX - hw - 7, skirt_bottom - 6), (CX + hw + 7,
                                                                    skirt_bottom - 6),
                                  (CX + hw + 8, skirt_bottom), (CX - hw - 8, skirt_bottom)]),
                          fill=c.gold, **_s(1.0)))
    if spec.item == "halberd":
        parts.append(path(f"M{num(item_x)} {num(waist - 8)}L{num(item_x)} {num(ground - 4)}",
                          stroke=OUT, stroke_width=4.2, stroke_linecap="round"))
        parts.append(path(f"M{num(item_x)} {num(waist - 8)}L{num(item_x)} {num(ground - 4)}",
                          stroke=WOOD, stroke_width=2.4, stroke_linecap="round"))
    upper = figure_half(spec, c, sign)
    parts.append(group([upper], transform=f"translate({num(CX)} {num(top)}) scale({num(k)}) "
                                          f"translate({num(-CX)} -30)"))
    parts.append(path(poly_d([(CX - hw, waist - 3), (CX + hw, waist - 3), (CX + hw, waist + 3),
                              (CX - hw, waist + 3)]), fill=OUT))
    parts.append(path(poly_d([(CX - 5, waist - 4), (CX + 5, waist - 4), (CX + 5, waist + 4),
                              (CX - 5, waist + 4)]), fill=c.gold, **_s(0.8)))
    return "".join(parts)
