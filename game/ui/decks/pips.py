"""Pip layouts of the numeral cards, as printed on real decks.

Coordinates are card units.  Two columns and four (or three) rows; the centre column carries
the odd pips.  Pips below the middle are turned upside down on French cards, like printed
double-ended decks; German decks keep their signs upright.
"""

from __future__ import annotations

from dataclasses import dataclass

from .svg import CARD_H, CX, CY


@dataclass(frozen=True)
class Pip:
    x: float
    y: float
    flipped: bool


LEFT = CX - 44
RIGHT = CX + 44
TOP = 72.0
BOTTOM = CARD_H - TOP
STEP = (BOTTOM - TOP) / 3  # four evenly spaced rows

_ROWS4 = (TOP, TOP + STEP, BOTTOM - STEP, BOTTOM)
_ROWS3 = (TOP, CY, BOTTOM)


def _columns(rows: tuple[float, ...]) -> list[tuple[float, float]]:
    return [(x, y) for y in rows for x in (LEFT, RIGHT)]


def _layout(rank: str) -> list[tuple[float, float]]:
    if rank == "7":
        return _columns(_ROWS3) + [(CX, (TOP + CY) / 2)]
    if rank == "8":
        return _columns(_ROWS3) + [(CX, (TOP + CY) / 2), (CX, (CY + BOTTOM) / 2)]
    if rank == "9":
        return _columns(_ROWS4) + [(CX, CY)]
    if rank == "T":
        return _columns(_ROWS4) + [(CX, TOP + STEP / 2), (CX, BOTTOM - STEP / 2)]
    raise ValueError(f"no pip layout for rank {rank!r}")


def layout(rank: str, flip_lower: bool = True) -> list[Pip]:
    """Pip centres for a numeral rank (7, 8, 9, T)."""
    return [Pip(x, y, flip_lower and y > CY + 0.5) for x, y in _layout(rank)]


PIP_SIZE = 44.0
