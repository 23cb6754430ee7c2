"""Heads of the court figures: faces, hair, beards and headwear (crowns, hats, helmets).

Drawn at natural size around the head centre; the figure code scales the whole head up.
"""

from __future__ import annotations

from .costume import OUT, Costume, FigureSpec, outline
from .svg import CX, circle, ellipse, num, path, poly_d

# --- heads -------------------------------------------------------------------------------


def _face(cx: float, cy: float, c: Costume, feminine: bool) -> str:
    rx, ry = (13.5, 17.5) if feminine else (14.5, 18.5)
    eye_y = cy - 2
    parts = [
        ellipse(cx, cy, rx, ry, c.skin, **outline(1.3)),
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


def hair_back(cx: float, cy: float, c: Costume, long_hair: bool) -> str:
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
    return path(d, fill=c.hair, **outline(1.2)) + path(curls, stroke=OUT, stroke_width=1)


def _hair_top(cx: float, cy: float, c: Costume) -> str:
    """Fringe over the forehead, visible under low headwear."""
    d = (
        f"M{num(cx - 14.5)} {num(cy - 6)}C{num(cx - 14)} {num(cy - 20)} {num(cx + 14)} "
        f"{num(cy - 20)} {num(cx + 14.5)} {num(cy - 6)}C{num(cx + 8)} {num(cy - 12)} "
        f"{num(cx - 8)} {num(cy - 12)} {num(cx - 14.5)} {num(cy - 6)}Z"
    )
    return path(d, fill=c.hair, **outline(1.1))


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
        return path(mous, fill=c.hair, **outline(0.9))
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
        path(d, fill=c.hair, **outline(1.1))
        + path(strands, stroke=OUT, stroke_width=0.8, opacity=0.6)
        + mouth
        + path(mous, fill=c.hair, **outline(0.9))
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
        circle(x, y - 2.5, 2.8, c.gold, **outline(0.9)) for x, y in (tips[0], tips[2], tips[4],
                                                                 tips[6], tips[8])
    )
    band = path(poly_d([(cx - w - 1, base - 9), (cx + w + 1, base - 9), (cx + w + 1, base + 1),
                        (cx - w - 1, base + 1)]), fill=c.gold, **outline(1.2))
    jewels = (
        ellipse(cx, base - 4, 3.4, 3, "#c8202a", **outline(0.8))
        + circle(cx - w * 0.6, base - 4, 2.4, "#2456b0", **outline(0.7))
        + circle(cx + w * 0.6, base - 4, 2.4, "#2456b0", **outline(0.7))
    )
    return path(body, fill=c.gold, **outline(1.2)) + balls + band + jewels


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
        **outline(1.1),
    )
    spots = "".join(
        path(f"M{num(cx + dx)} {num(base - 7)}l-1.5 5h3z", fill=OUT) for dx in (-15, -5, 5, 15)
    )
    return (
        path(cap, fill=c.lining, **outline(1.1))
        + arches
        + circle(cx, base - 33, 3.2, c.gold, **outline(0.9))
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
            + circle(x - 3, y + 2, 2.3, c.gold, **outline(0.7))
            + circle(x + 3, y + 2, 2.3, c.gold, **outline(0.7))
            + circle(x, y, 2.8, c.gold, **outline(0.8))
        )
    pearls = "".join(
        circle(cx + dx, base - 2 - (1 - (dx / 17) ** 2) * 2.5, 1.3, "#fbf7ee", **outline(0.4))
        for dx in range(-12, 13, 4)
    )
    return "".join(fleurons) + path(band, fill=c.gold, **outline(1.1)) + pearls


def veil(cx: float, cy: float) -> str:
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
    return path(d, fill="#f4f1ea", **outline(1.1)) + path(folds, stroke="#b9b2a4", stroke_width=1)


def _beret(cx: float, base: float, c: Costume, feather: bool = True) -> str:
    dome = (
        f"M{num(cx - 20)} {num(base)}C{num(cx - 22)} {num(base - 22)} {num(cx + 20)} "
        f"{num(base - 24)} {num(cx + 22)} {num(base - 2)}Z"
    )
    brim = ellipse(cx + 1, base - 1, 25, 6, c.trim, **outline(1.2))
    out = path(dome, fill=c.robe, **outline(1.2)) + brim
    if feather:
        plume = (
            f"M{num(cx + 14)} {num(base - 10)}C{num(cx + 22)} {num(base - 26)} {num(cx + 32)} "
            f"{num(base - 30)} {num(cx + 42)} {num(base - 32)}C{num(cx + 36)} {num(base - 24)} "
            f"{num(cx + 28)} {num(base - 14)} {num(cx + 18)} {num(base - 6)}Z"
        )
        out += path(plume, fill="#fbf7ee", **outline(1.1))
        out += path(
            f"M{num(cx + 17)} {num(base - 8)}C{num(cx + 26)} {num(base - 20)} {num(cx + 32)} "
            f"{num(base - 26)} {num(cx + 40)} {num(base - 30)}",
            stroke=OUT,
            stroke_width=0.8,
        )
        out += circle(cx + 14, base - 7, 3.2, c.gold, **outline(0.8))
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
        path(plume, fill=c.trim, **outline(1.1))
        + path(crown, fill=c.robe, **outline(1.2))
        + path(f"M{num(cx - 13)} {num(base - 9)}L{num(cx + 13)} {num(base - 9)}",
               stroke=c.gold, stroke_width=4)
        + path(brim, fill=c.robe, **outline(1.2))
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
        path(cap, fill=c.trim, **outline(1.2))
        + path(brim, fill=c.lining, **outline(1.2))
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
        path(comb, fill=c.trim, **outline(1.1))
        + path(dome, fill="#c9ced6", **outline(1.2))
        + path(f"M{num(cx - 22)} {num(base + 1)}L{num(cx + 22)} {num(base + 1)}",
               stroke=OUT, stroke_width=3.5, stroke_linecap="round")
        + path(f"M{num(cx - 10)} {num(base - 14)}Q{num(cx - 6)} {num(base - 20)} {num(cx)} "
               f"{num(base - 21)}", stroke="#ffffff", stroke_width=1.6, opacity=0.8)
    )


def head(spec: FigureSpec, c: Costume, head_y: float) -> str:
    """Face, fringe, beard and headwear for ``spec``, centred at (CX, head_y)."""
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
