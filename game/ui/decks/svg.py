"""Tiny SVG writing helpers and the rasteriser bridge to pygame-ce.

pygame-ce renders SVG with nanosvg, which ignores ``<text>`` and ``<use>``; everything here
therefore emits plain shapes and paths.  All artwork is authored in *card units*: a card is
``CARD_W`` x ``CARD_H`` units and the root ``viewBox`` is stretched to the exact pixel size.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

#: Card width/height ratio, documented in ``__init__``: 61 x 88.4 mm, between poker (63 x 88)
#: and the narrower German/skat size (59 x 91) so both families look right.
CARD_ASPECT = 0.69
CARD_H = 348.0
CARD_W = round(CARD_H * CARD_ASPECT, 2)  # 240.12 units
CX = CARD_W / 2
CY = CARD_H / 2

Point = tuple[float, float]


def num(value: float) -> str:
    """Format a coordinate compactly (SVG text size matters for parse speed)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def attrs(**kwargs: object) -> str:
    """Render keyword attributes; ``stroke_width`` becomes ``stroke-width``; None is skipped."""
    parts = []
    for key, value in kwargs.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = num(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{value}"')
    return " ".join(parts)


def path(d: str, fill: str = "none", **kwargs: object) -> str:
    """A ``<path>`` element."""
    return f'<path d="{d}" {attrs(fill=fill, **kwargs)}/>'


def circle(cx: float, cy: float, r: float, fill: str, **kwargs: object) -> str:
    return f'<circle {attrs(cx=float(cx), cy=float(cy), r=float(r), fill=fill, **kwargs)}/>'


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str, **kwargs: object) -> str:
    return (
        f"<ellipse {attrs(cx=float(cx), cy=float(cy), rx=float(rx), ry=float(ry), fill=fill)} "
        f"{attrs(**kwargs)}/>"
    )


def rect(
    x: float, y: float, w: float, h: float, fill: str, rx: float = 0.0, **kwargs: object
) -> str:
    return (
        f"<rect {attrs(x=float(x), y=float(y), width=float(w), height=float(h))} "
        f"{attrs(rx=float(rx) if rx else None, fill=fill, **kwargs)}/>"
    )


def group(children: Iterable[str], transform: str | None = None, **kwargs: object) -> str:
    """Wrap elements in ``<g>``; nanosvg honours ``transform`` and ``opacity`` on groups."""
    body = "".join(children)
    head = attrs(transform=transform, **kwargs)
    return f"<g {head}>{body}</g>" if head else body


def place(cx: float, cy: float, size: float, rotate: float = 0.0, unit: float = 100.0) -> str:
    """Transform that maps a ``unit``-sized box centred on the origin to ``size`` at (cx, cy)."""
    scale = size / unit
    rot = f" rotate({num(rotate)})" if rotate else ""
    return f"translate({num(cx)} {num(cy)}){rot} scale({num(scale)})"


def turn(cx: float = CX, cy: float = CY) -> str:
    """Half turn about the card centre: how double-ended cards repeat their upper half."""
    return f"rotate(180 {num(cx)} {num(cy)})"


def circle_d(cx: float, cy: float, r: float) -> str:
    """A circle as path data (two arcs), so several can be unioned in one path."""
    return (
        f"M{num(cx - r)} {num(cy)}A{num(r)} {num(r)} 0 1 0 {num(cx + r)} {num(cy)}"
        f"A{num(r)} {num(r)} 0 1 0 {num(cx - r)} {num(cy)}Z"
    )


def ellipse_d(cx: float, cy: float, rx: float, ry: float) -> str:
    return (
        f"M{num(cx - rx)} {num(cy)}A{num(rx)} {num(ry)} 0 1 0 {num(cx + rx)} {num(cy)}"
        f"A{num(rx)} {num(ry)} 0 1 0 {num(cx - rx)} {num(cy)}Z"
    )


def poly_d(points: Sequence[Point], closed: bool = True) -> str:
    head, *rest = points
    d = f"M{num(head[0])} {num(head[1])}" + "".join(f"L{num(x)} {num(y)}" for x, y in rest)
    return d + ("Z" if closed else "")


def document(body: str, width_px: int, height_px: int, view_w: float = CARD_W,
             view_h: float = CARD_H) -> bytes:
    """Root element stretched to the exact pixel size (``preserveAspectRatio="none"``)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}" '
        f'viewBox="0 0 {num(view_w)} {num(view_h)}" preserveAspectRatio="none">{body}</svg>'
    ).encode()


def rasterize(svg: bytes) -> pygame.Surface:
    """Render SVG bytes with pygame-ce's nanosvg; returns a per-pixel-alpha surface."""
    import pygame  # imported late: building SVG text needs no pygame (and no prompt)

    surface = pygame.image.load(io.BytesIO(svg), "card.svg")
    if pygame.display.get_surface() is not None:
        # Display pixel format blits faster; without a display keep the loaded RGBA surface.
        surface = surface.convert_alpha()
    return surface
