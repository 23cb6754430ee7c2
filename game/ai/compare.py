"""When one action's values over samples are clearly better than another's.

The searches' root race (:mod:`.ismcts`) and the Mariáš bidding's confident choices
(:mod:`.marias_bidding`) trust a difference only when it is larger than the noise of
the samples: a paired test over the samples both actions were valued on.
"""

from __future__ import annotations


def clearly_better(a: list[float], b: list[float], z: float = 1.0) -> bool:
    """Is ``a`` better than ``b`` by more than ``z`` standard errors of the paired
    difference (over the samples both were valued on: the common prefix)?"""
    n = min(len(a), len(b))
    if n < 3:
        return False
    d = [x - y for x, y in zip(a[:n], b[:n])]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return bool(mean > z * (var / n) ** 0.5)
