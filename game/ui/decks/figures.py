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
        ellipse(cx - 5.5, eye_y, 2.1, 1.4, OUT),
        ellipse(cx + 5.5, eye_y, 2.1, 1.4, OUT),
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


def _crown(cx: float, base: float, c: Costume, width: float = 21, tall: float = 30) -> str:
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
    return _crown(cx, base, c, width=16, tall=22)


def _beret(cx: float, base: float, c: Costume, feather: bool = True) -> str:
    dome = (
        f"M{num(cx - 20)} {num(base)}C{num(cx - 22)} {num(base - 22)} {num(cx + 20)} "
        f"{num(base - 24)} {num(cx + 22)} {num(base - 2)}Z"
    )
    brim = ellipse(cx + 1, base - 1, 25, 6, c.trim, **_s(1.2))
    out = path(dome, fill=c.robe, **_s(1.2)) + brim
    if feather:
        plume = (
            f"M{num(cx + 14)} {num(base - 10)}C{num(cx + 24)} {num(base - 34)} {num(cx + 40)} "
            f"{num(base - 40)} {num(cx + 50)} {num(base - 42)}C{num(cx + 42)} {num(base - 32)} "
            f"{num(cx + 30)} {num(base - 18)} {num(cx + 18)} {num(base - 6)}Z"
        )
        out += path(plume, fill="#fbf7ee", **_s(1.1))
        out += path(
            f"M{num(cx + 17)} {num(base - 8)}C{num(cx + 28)} {num(base - 26)} {num(cx + 38)} "
            f"{num(base - 34)} {num(cx + 48)} {num(base - 40)}",
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
        f"M{num(cx - 8)} {num(base - 20)}C{num(cx - 20)} {num(base - 40)} {num(cx - 34)} "
        f"{num(base - 44)} {num(cx - 44)} {num(base - 40)}C{num(cx - 34)} {num(base - 36)} "
        f"{num(cx - 22)} {num(base - 28)} {num(cx - 12)} {num(base - 14)}Z"
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


def _robe(neck_y: float, c: Costume, pattern: str, feminine: bool, ermine: bool) -> str:
    left, right = 50.0, CARD_RIGHT
    shoulder = neck_y + 16
    body = (
        f"M{num(CX - 15)} {num(neck_y)}C{num(CX - 34)} {num(neck_y + 2)} {num(left + 12)} "
        f"{num(shoulder - 6)} {num(left + 6)} {num(shoulder + 8)}L{num(left)} {num(CY)}"
        f"L{num(right)} {num(CY)}L{num(right - 6)} {num(shoulder + 8)}C{num(right - 12)} "
        f"{num(shoulder - 6)} {num(CX + 34)} {num(neck_y + 2)} {num(CX + 15)} {num(neck_y)}Z"
    )
    parts = [path(body, fill=c.robe, **_s(1.4))]
    # Front panel with ornament.
    panel = poly_d(
        [(CX - 11, neck_y + 16), (CX + 11, neck_y + 16), (CX + 16, CY), (CX - 16, CY)]
    )
    parts.append(path(panel, fill=c.trim, **_s(1.1)))
    if pattern == "diamonds":
        d = "".join(
            f"M{num(CX)} {num(y - 5)}L{num(CX + 5)} {num(y)}L{num(CX)} {num(y + 5)}"
            f"L{num(CX - 5)} {num(y)}Z"
            for y in range(int(neck_y + 24), int(CY) - 2, 12)
        )
        parts.append(path(d, fill=c.gold, **_s(0.7)))
    elif pattern == "stripes":
        d = "".join(
            f"M{num(CX - 12)} {num(y)}L{num(CX + 12)} {num(y)}"
            for y in range(int(neck_y + 22), int(CY) - 1, 7)
        )
        parts.append(path(d, stroke=c.gold, stroke_width=2.6))
    else:  # slashes: Landsknecht-style slashed doublet
        d = "".join(
            f"M{num(CX - 9)} {num(y)}L{num(CX + 9)} {num(y + 7)}"
            for y in range(int(neck_y + 20), int(CY) - 8, 9)
        )
        parts.append(path(d, stroke=c.lining, stroke_width=3.2, stroke_linecap="round"))
    # Sleeve bands on both shoulders.
    for s in (-1, 1):
        x0 = CX + s * 46
        parts.append(
            path(
                f"M{num(x0 - 7)} {num(shoulder + 2)}L{num(x0 + 7)} {num(shoulder + 2)}"
                f"L{num(x0 + 9)} {num(CY)}L{num(x0 - 9)} {num(CY)}Z",
                fill=c.lining,
                **_s(1.0),
            )
        )
        stripes = "".join(
            f"M{num(x0 - 8)} {num(y)}L{num(x0 + 8)} {num(y + 4)}"
            for y in range(int(shoulder + 8), int(CY) - 4, 8)
        )
        parts.append(path(stripes, stroke=c.gold, stroke_width=1.8))
    if ermine:
        collar = (
            f"M{num(CX - 24)} {num(neck_y - 2)}C{num(CX - 14)} {num(neck_y + 12)} "
            f"{num(CX + 14)} {num(neck_y + 12)} {num(CX + 24)} {num(neck_y - 2)}"
            f"L{num(CX + 40)} {num(neck_y + 6)}C{num(CX + 22)} {num(neck_y + 28)} "
            f"{num(CX - 22)} {num(neck_y + 28)} {num(CX - 40)} {num(neck_y + 6)}Z"
        )
        parts.append(path(collar, fill="#fbf7ee", **_s(1.2)))
        parts.append(
            "".join(
                path(f"M{num(CX + dx)} {num(neck_y + dy)}l-1.6 5h3.2z", fill=OUT)
                for dx, dy in ((-30, 8), (-18, 14), (-6, 17), (6, 17), (18, 14), (30, 8))
            )
        )
    elif feminine:
        neckline = (
            f"M{num(CX - 15)} {num(neck_y)}C{num(CX - 10)} {num(neck_y + 14)} {num(CX + 10)} "
            f"{num(neck_y + 14)} {num(CX + 15)} {num(neck_y)}Z"
        )
        parts.append(path(neckline, fill=c.skin, **_s(1.1)))
        pearls = "".join(
            circle(CX + dx, neck_y + 8 - abs(dx) * 0.25 + (0 if abs(dx) > 6 else 1.5), 1.7,
                   "#fbf7ee", **_s(0.6))
            for dx in range(-12, 13, 4)
        )
        parts.append(pearls)
    else:
        ruff = (
            f"M{num(CX - 18)} {num(neck_y - 1)}C{num(CX - 10)} {num(neck_y + 9)} "
            f"{num(CX + 10)} {num(neck_y + 9)} {num(CX + 18)} {num(neck_y - 1)}"
            f"L{num(CX + 24)} {num(neck_y + 5)}C{num(CX + 12)} {num(neck_y + 17)} "
            f"{num(CX - 12)} {num(neck_y + 17)} {num(CX - 24)} {num(neck_y + 5)}Z"
        )
        parts.append(path(ruff, fill="#fbf7ee", **_s(1.1)))
        pleats = "".join(
            f"M{num(CX + dx)} {num(neck_y + 4 + abs(dx) * 0.05)}l{num(dx * 0.12)} 7"
            for dx in range(-18, 19, 6)
        )
        parts.append(path(pleats, stroke=OUT, stroke_width=0.7))
    return "".join(parts)


CARD_RIGHT = 2 * CX - 50.0


def _hand(x: float, y: float, c: Costume) -> str:
    return ellipse(x, y, 6.5, 5.5, c.skin, **_s(1.1)) + path(
        f"M{num(x - 3)} {num(y - 2)}l6 0M{num(x - 3)} {num(y + 1)}l6 0",
        stroke=OUT,
        stroke_width=0.6,
    )


def _arm(shoulder: tuple[float, float], hand: tuple[float, float], c: Costume) -> str:
    """A sleeve from shoulder to hand, drawn as a tapered band with a cuff."""
    (sx, sy), (hx, hy) = shoulder, hand
    dx, dy = hx - sx, hy - sy
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    nx, ny = -dy / length, dx / length
    w0, w1 = 10.0, 7.0
    pts = [
        (sx + nx * w0, sy + ny * w0),
        (hx + nx * w1, hy + ny * w1),
        (hx - nx * w1, hy - ny * w1),
        (sx - nx * w0, sy - ny * w0),
    ]
    cuff = [
        (hx + nx * w1 - dx / length * 6, hy + ny * w1 - dy / length * 6),
        (hx + nx * w1, hy + ny * w1),
        (hx - nx * w1, hy - ny * w1),
        (hx - nx * w1 - dx / length * 6, hy - ny * w1 - dy / length * 6),
    ]
    return path(poly_d(pts), fill=c.robe, **_s(1.2)) + path(poly_d(cuff), fill=c.gold, **_s(1))


# --- attributes ----------------------------------------------------------------------------


def _item(kind: str, x: float, y: float, c: Costume) -> str:
    """Something held upright in a hand at (x, y); drawn before the hand so fingers cover it."""
    if kind == "sword":
        return (
            path(poly_d([(x - 3, y - 8), (x - 3, 52), (x, 44), (x + 3, 52), (x + 3, y - 8)]),
                 fill="#dfe3ea", **_s(1.1))
            + path(f"M{num(x)} 52L{num(x)} {num(y - 10)}", stroke="#9aa3b0", stroke_width=0.9)
            + path(poly_d([(x - 11, y - 10), (x + 11, y - 10), (x + 11, y - 6), (x - 11, y - 6)]),
                   fill=c.gold, **_s(1))
            + circle(x, y + 9, 3.4, c.gold, **_s(0.9))
        )
    if kind == "scepter":
        return (
            path(f"M{num(x)} {num(y + 10)}L{num(x)} 66", stroke=OUT, stroke_width=5,
                 stroke_linecap="round")
            + path(f"M{num(x)} {num(y + 10)}L{num(x)} 66", stroke=c.gold, stroke_width=3)
            + path(
                f"M{num(x)} 46C{num(x + 10)} 52 {num(x + 8)} 62 {num(x)} 68C{num(x - 8)} 62 "
                f"{num(x - 10)} 52 {num(x)} 46Z",
                fill=c.gold,
                **_s(1.1),
            )
            + circle(x, 58, 3, "#c8202a", **_s(0.7))
            + path(f"M{num(x)} 46v-8m-4 4h8", stroke=c.gold, stroke_width=2.4)
        )
    if kind == "halberd":
        return (
            path(f"M{num(x)} {num(CY)}L{num(x)} 48", stroke=OUT, stroke_width=5)
            + path(f"M{num(x)} {num(CY)}L{num(x)} 48", stroke="#9a6a3a", stroke_width=3)
            + path(poly_d([(x, 34), (x + 4, 48), (x - 4, 48)]), fill="#dfe3ea", **_s(1))
            + path(
                f"M{num(x + 2)} 52C{num(x + 14)} 50 {num(x + 18)} 56 {num(x + 18)} 64"
                f"C{num(x + 12)} 68 {num(x + 6)} 66 {num(x + 2)} 68Z",
                fill="#dfe3ea",
                **_s(1.1),
            )
            + path(poly_d([(x - 2, 56), (x - 12, 52), (x - 2, 62)]), fill="#dfe3ea", **_s(1))
        )
    if kind == "axe":
        return (
            path(f"M{num(x)} {num(y + 12)}L{num(x)} 58", stroke=OUT, stroke_width=5)
            + path(f"M{num(x)} {num(y + 12)}L{num(x)} 58", stroke="#9a6a3a", stroke_width=3)
            + path(
                f"M{num(x + 2)} 58C{num(x + 18)} 52 {num(x + 24)} 64 {num(x + 22)} 78"
                f"C{num(x + 14)} 74 {num(x + 8)} 72 {num(x + 2)} 74Z",
                fill="#dfe3ea",
                **_s(1.1),
            )
        )
    if kind == "flower":
        petals = "".join(
            circle(x + dx, 88 + dy, 5.5, c.lining, **_s(0.9))
            for dx, dy in ((0, -7), (6.7, -2), (4, 6), (-4, 6), (-6.7, -2))
        )
        return (
            path(f"M{num(x)} {num(y)}C{num(x - 4)} 120 {num(x + 4)} 104 {num(x)} 92",
                 stroke="#2f7a2a", stroke_width=2.6)
            + path(f"M{num(x)} 118C{num(x + 10)} 110 {num(x + 14)} 114 {num(x + 16)} 118"
                   f"C{num(x + 10)} 122 {num(x + 4)} 122 {num(x)} 118Z",
                   fill="#3d8f2f", **_s(0.8))
            + petals
            + circle(x, 88, 3.4, c.gold, **_s(0.8))
        )
    if kind == "orb":
        return (
            circle(x, y - 12, 10, c.gold, **_s(1.2))
            + path(f"M{num(x - 10)} {num(y - 12)}L{num(x + 10)} {num(y - 12)}M{num(x)} "
                   f"{num(y - 22)}L{num(x)} {num(y - 2)}", stroke=OUT, stroke_width=1)
            + path(f"M{num(x)} {num(y - 22)}v-8m-4 4h8", stroke=c.gold, stroke_width=2.4)
        )
    return ""


# --- whole figure ---------------------------------------------------------------------------

_HEAD_Y = {"king": 96.0, "queen": 98.0, "jack": 100.0}


def figure_half(spec: FigureSpec, c: Costume, sign: str = "") -> str:
    """The upper half of a court card: figure plus, for German courts, its suit sign.

    ``sign`` is an already placed-at-origin suit sign group (100-unit box) used by Ober and
    Unter, who hold the sign; the caller adds corner signs for the other courts.
    """
    head_y = _HEAD_Y[spec.role]
    feminine = spec.role == "queen"
    neck_y = head_y + 20
    item_hand = (CX + 44, CY - 24)
    parts: list[str] = []
    parts.append(_hair_back(CX, head_y, c, spec.long_hair))
    parts.append(_robe(neck_y, c, spec.pattern, feminine, ermine=spec.role == "king"))
    parts.append(_face(CX, head_y, c, feminine))
    if spec.headwear not in ("crown", "fur_crown"):
        parts.append(_hair_top(CX, head_y, c))
    parts.append(_beard(CX, head_y, c, spec.beard))
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
    parts.append(hats[spec.headwear]())
    if spec.sign_raised and sign:
        # Ober: left arm raised, the sign held above the hand near the top of the card.
        hand = (CX - 50, 96.0)
        parts.append(_arm((CX - 42, neck_y + 22), hand, c))
        parts.append(group([sign], transform=f"translate({num(hand[0])} 64) scale(0.4)"))
        parts.append(_hand(hand[0], hand[1], c))
    if spec.item != "none":
        parts.append(_arm((CX + 38, neck_y + 24), item_hand, c))
        parts.append(_item(spec.item, item_hand[0], item_hand[1], c))
        parts.append(_hand(*item_hand, c))
    if spec.sign_low and sign:
        # Unter: the sign held low in front of the body, just above the middle line.
        hand = (CX - 36, CY - 14)
        parts.append(_arm((CX - 40, neck_y + 22), hand, c))
        parts.append(group([sign], transform=f"translate({num(hand[0] + 4)} "
                                             f"{num(hand[1] - 20)}) scale(0.36)"))
        parts.append(_hand(hand[0], hand[1], c))
    return "".join(parts)
