"""``python -m game.ai bench``: decision times of the game's levels and of the hint (JSON).

The targets are about time on the machine it runs on: ``hard`` and hints at most 0.5 s median
and 2 s at p95, ``easy`` within 20 ms.  The positions are real ones: ``easy`` plays random
decks and every decision with a choice (two or more legal actions) is a candidate; a
fixed seed picks ``positions`` of them per game.  Each is then decided by ``easy``, by
``hard`` at its game budget and by ``hint()`` at ``HINT_BUDGET_MS``, one after another on
one core (run it on an idle machine: other load slows every search alike).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from game.rules.observation import Observation
from game.rules.variants import VARIANT_IDS, deal_class, new_deal, random_deck

from .bot import make_bot
from .hint import HINT_BUDGET_MS, hint


def positions(variant: str, n: int, rng: random.Random) -> list[Observation]:
    """``n`` observations of the seat to move, from deals ``easy`` plays out."""
    found: list[Observation] = []
    while len(found) < n:
        deal = new_deal(variant, rng.randrange(deal_class(variant).players),
                        random_deck(variant, rng))
        bots = [make_bot("easy", variant, seed=rng.randrange(1 << 30))
                for _ in range(deal.players)]
        seen = []
        while not deal.is_over():
            seat = deal.to_move()
            assert seat is not None
            obs = deal.observation(seat)
            if len(obs.legal) > 1:
                seen.append(obs)
            deal.apply(bots[seat].choose(obs), seat, chance=rng)
        if seen:
            found.append(rng.choice(seen))
    return found


def percentile(xs: list[float], p: float) -> float:
    """The nearest-rank percentile (0 < p <= 1); the arena reports its times with it too."""
    if not xs:
        return 0.0
    s = sorted(xs)
    k = min(len(s) - 1, max(0, math.ceil(p * len(s)) - 1))
    return s[k]


def _stats(ms: list[float]) -> dict[str, float]:
    return {"n": len(ms), "median": round(statistics.median(ms), 2),
            "p95": round(percentile(ms, 0.95), 2), "max": round(max(ms), 2)}


def _timed(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> float:
    t = time.perf_counter()
    fn(*args, **kwargs)
    return (time.perf_counter() - t) * 1000.0


def run(n: int = 6, seed: int = 1, hard_ms: float | None = None,
        hint_ms: float = HINT_BUDGET_MS, variants: list[str] | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"positions_per_game": n, "seed": seed,
                           "hint_budget_ms": hint_ms, "games": {}}
    for variant in variants or list(VARIANT_IDS):
        obs_list = positions(variant, n, rng)
        times: dict[str, list[float]] = {"easy": [], "hard": [], "hint": []}
        easy = make_bot("easy", variant, seed=seed)
        hard = make_bot("hard", variant, seed=seed, budget_ms=hard_ms)
        out["hard_budget_ms"] = hard.budget_ms
        for obs in obs_list:
            times["easy"].append(_timed(easy.choose, obs))
            times["hard"].append(_timed(hard.choose, obs))
            times["hint"].append(_timed(hint, obs, budget_ms=hint_ms, seed=seed))
        out["games"][variant] = {k: _stats(v) for k, v in times.items()}
    games = out["games"].values()
    out["targets"] = {"median_ms": 500, "p95_ms": 2000, "easy_max_ms": 20}
    out["met"] = all(g[k]["median"] <= 500 and g[k]["p95"] <= 2000
                     for g in games for k in ("hard", "hint")) \
        and all(g["easy"]["max"] <= 20 for g in games)
    return out
