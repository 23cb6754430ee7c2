"""The arena's statistics: the intervals its numbers are given with, and the Elo difference.

Deals and whole matches are summarised with the same rules: the mean of per-deck (or
per-deck-sequence) values with a normal-approximation 95% interval, a share with the
Wilson interval, and a share of "finished ahead" turned into rating points.
"""

from __future__ import annotations

import math
import statistics


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not xs:
        return 0.0, 0.0
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a share (sound near 0 and 1, where the normal
    approximation collapses to a point)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(p: float) -> float:
    """Rating points between two players when the first scores ``p`` (0 < p < 1) against
    the second: the Elo model, ``p = 1 / (1 + 10 ** (-D / 400))``."""
    if not 0.0 < p < 1.0:
        return math.copysign(math.inf, p - 0.5)
    return 400.0 * math.log10(p / (1.0 - p))


def rounded_elo(x: float) -> float | None:
    """Rating points to a tenth; None for an infinite value (a share of 0 or 1 has no
    finite Elo difference)."""
    return None if math.isinf(x) else round(x, 1)
