"""Search budgets given by people (command lines, ``hard@150`` player specs): one parser.

Why one place: a budget is a number of milliseconds a search may think.  ``nan``
made a search never stop, ``inf`` and ``1e12`` ran forever, ``0`` silently meant
"the default" and negative numbers were taken as given.  Every command line and
the arena read budgets through :func:`parse_budget_ms`: a finite number above 0
and at most :data:`MAX_BUDGET_MS`; anything else is a ``ValueError`` whose message
is meant for the person who typed it.
"""

from __future__ import annotations

import argparse
import math

#: The longest search anyone may ask for: one minute a decision (the game's hard level
#: thinks 0.45 s; long arena ladders use a few seconds).
MAX_BUDGET_MS = 60_000.0


def parse_budget_ms(text: str | float, what: str = "the budget") -> float:
    """``text`` as milliseconds: finite, above 0, at most :data:`MAX_BUDGET_MS`."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise ValueError(f"{what} must be a number of milliseconds, not '{text}'") from None
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a number of milliseconds above 0, not '{text}'")
    if value > MAX_BUDGET_MS:
        raise ValueError(f"{what} may be at most {MAX_BUDGET_MS:g} ms, not '{text}'")
    return value


def budget_arg(text: str) -> float:
    """:func:`parse_budget_ms` as an argparse ``type=`` (its message becomes the error)."""
    try:
        return parse_budget_ms(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def check_budget_ms(value: float | None, allow_zero: bool = True) -> float | None:
    """A budget handed over in code: None (the default) or finite, >= 0, capped; else ValueError.

    Zero is allowed here: the easy level's own default is "no search".
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
            or value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"a search budget must be a finite number of milliseconds >= 0,"
                         f" not {value!r}")
    return min(float(value), MAX_BUDGET_MS)
