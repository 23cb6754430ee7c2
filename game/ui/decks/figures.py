"""Court figures drawn from paths: the upper half of a double-headed court card.

Every function draws in card units above the card's middle line (y <= CY); the card composer
repeats the half turned by 180 degrees, exactly like printed double-ended decks.  Figures are
assembled from a head (face, hair, beard), headwear, a costume and an attribute held in the
hand, so each rank of each suit gets its own combination.
"""

from __future__ import annotations

from .costume import OUT, Costume, FigureSpec, outline
from .heads import hair_back, head, veil
from .items import WOOD, item
from .svg import CX, CY, circle, ellipse, group, num, path, poly_d

__all__ = ["Costume", "FigureSpec", "figure_full", "figure_half"]

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
    parts = [path(body, fill=c.robe, **outline(1.4))]
    top = neck_y + 12
    panel = poly_d([(CX - 11, top), (CX + 11, top), (CX + 17, CY), (CX - 17, CY)])
    parts.append(path(panel, fill=c.trim, **outline(1.1)))
    if pattern == "diamonds":
        d = "".join(
            f"M{num(CX)} {num(y - 5)}L{num(CX + 5)} {num(y)}L{num(CX)} {num(y + 5)}"
            f"L{num(CX - 5)} {num(y)}Z"
            for y in range(int(top + 10), int(CY) - 4, 12)
        )
        parts.append(path(d, fill=c.gold, **outline(0.7)))
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
        circle(CX + s * 36, y, 2.2, c.gold, **outline(0.6))
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
        return path(collar, fill="#fbf7ee", **outline(1.2)) + tails
    if kind == "neckline":
        neckline = (
            f"M{num(CX - 15)} {num(neck_y)}C{num(CX - 10)} {num(neck_y + 14)} {num(CX + 10)} "
            f"{num(neck_y + 14)} {num(CX + 15)} {num(neck_y)}Z"
        )
        pearls = "".join(
            circle(CX + dx, neck_y + 8 - abs(dx) * 0.22, 1.8, "#fbf7ee", **outline(0.6))
            for dx in range(-12, 13, 4)
        )
        return path(neckline, fill=c.skin, **outline(1.1)) + pearls
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
    return path(ruff, fill="#fbf7ee", **outline(1.1)) + path(pleats, stroke=OUT, stroke_width=0.7)


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
        path(d, fill=c.lining, **outline(1.3))
        + path(bands, stroke=c.gold, stroke_width=2.4)
        + path(cuff, fill=c.gold, **outline(1.0))
    )


def _hand(x: float, y: float, c: Costume) -> str:
    """A closed fist: palm with the thumb folded over the grip."""
    return ellipse(x, y, 6, 6.8, c.skin, **outline(1.1)) + ellipse(
        x - 1.5, y - 3.2, 3.6, 2.4, c.skin, **outline(0.8)
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
        path(_band(shoulder, elbow, 13, 9), fill=c.lining, **outline(1.2))
        + circle(ex, ey, 9, c.lining, **outline(1.2))
        + path(_band(elbow, wrist, 8.5, 7), fill=c.robe, **outline(1.2))
        + path(_band(shoulder, elbow, 9, 6), stroke=c.gold, stroke_width=1.6,
               stroke_dasharray="3 4")
        + path(_band(wrist, hand, 7.5, 7.5), fill=c.gold, **outline(1))
    )


# --- whole figure ---------------------------------------------------------------------------

HEAD_SCALE = 1.2
_HEAD_Y = {"king": 86.0, "queen": 88.0, "jack": 90.0}


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
    back = [hair_back(CX, head_y, c, spec.long_hair)]
    if spec.role == "queen":
        back.insert(0, veil(CX, head_y))
    parts: list[str] = [
        _scaled(back, CX, head_y, HEAD_SCALE),
        _robe(neck_y, c, spec.pattern, collar),
    ]
    parts.append(_scaled([head(spec, c, head_y)], CX, head_y, HEAD_SCALE))
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
            parts.append(item("flower", left_hand[0], left_hand[1], c))
        parts.append(_hand(*left_hand, c))
    if spec.item == "none":
        item_hand = (CX + 28, CY - 22)  # resting on the gown
    parts.append(_sleeve(1, neck_y, item_hand, c))
    parts.append(item(spec.item, item_hand[0], item_hand[1], c))
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
    parts = [ellipse(CX, ground - 2, 62, 7, "#d6dcb4", **outline(0.8))]
    if spec.role == "king":
        hem = ground - 12
        gown = poly_d(
            [(CX - hw, waist), (CX + hw, waist), (CX + hw + 12, hem), (CX - hw - 12, hem)]
        )
        parts += [
            ellipse(CX - 12, hem + 3, 10, 5, OUT),
            ellipse(CX + 12, hem + 3, 10, 5, OUT),
            path(gown, fill=c.robe, **outline(1.4)),
            path(poly_d([(CX - 13, waist), (CX + 13, waist), (CX + 20, hem), (CX - 20, hem)]),
                 fill=c.trim, **outline(1.1)),
            path(poly_d([(CX - hw - 11, hem - 8), (CX + hw + 11, hem - 8), (CX + hw + 12, hem),
                         (CX - hw - 12, hem)]), fill="#fbf7ee", **outline(1.1)),
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
            parts.append(path(leg, fill=colour, **outline(1.2)))
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
        parts.append(path(skirt, fill=c.robe, **outline(1.4)))
        parts.append(path(poly_d([(CX - 13, waist), (CX + 13, waist), (CX + 16, skirt_bottom),
                                  (CX - 16, skirt_bottom)]), fill=c.trim, **outline(1.1)))
        folds = "".join(f"M{num(CX + dx)} {num(waist + 6)}L{num(CX + dx * 1.15)} "
                        f"{num(skirt_bottom - 2)}" for dx in (-34, -24, 24, 34))
        parts.append(path(folds, stroke=OUT, stroke_width=0.9, opacity=0.6))
        parts.append(path(poly_d([(CX - hw - 7, skirt_bottom - 6), (CX + hw + 7,
                                                                    skirt_bottom - 6),
                                  (CX + hw + 8, skirt_bottom), (CX - hw - 8, skirt_bottom)]),
                          fill=c.gold, **outline(1.0)))
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
                              (CX - 5, waist + 4)]), fill=c.gold, **outline(0.8)))
    return "".join(parts)
