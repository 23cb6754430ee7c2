"""``python -m game.ai calibrate``: how many search iterations a level's time budget buys (JSON).

Why: the ratings (docs/ratings.md) measure the levels in long arena runs on a machine
other programs share.  A search stopped by the wall clock plays weaker whenever the
machine is busy, so such runs would measure the load, not the level.  The arena therefore
plays each level at a fixed iteration count (``hard@3000it``): the count its budget
reaches on a quiet machine.  This command measures that count.

How it stays honest on a busy machine.  On the wall clock a search loses every moment
the thread waits for a core; on the thread's own CPU clock (``time.thread_time``) it
still loses to a shared cache and to the other guests of the virtual machine (on a
loaded machine the CPU time of one fixed loop varies widely from one minute to the
next).  So the iterations are not counted against a clock at all: the same
decision is run at a fixed size, n and 2n iterations, three times each with the same
seed (identical work), and the *least* CPU time of the three is taken — contention only
ever adds time, so the least is the closest to a quiet core.  The cost of one iteration
is the slope between the two sizes, the decision's fixed cost (sampling, the prior) the
intercept, and the budget's count is (budget - fixed cost) / cost per iteration.  With
``wall``, the counts the budget reached on the two clocks are printed next to it, with the
load average and a fixed loop's least time, to show the difference.

Positions are those of ``python -m game.ai bench`` (``easy`` plays random decks; one
decision with a choice per deck).  Only decisions the level decides by its search count:
not a rule-of-thumb move (``tactics``), not a Mariáš bid or doubling (those run a number
of simulated rounds fixed by the budget already), not the exact endgame of the two-player
games.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from typing import Any

from game.rules.observation import MariasObservation, Observation
from game.rules.variants import VARIANT_IDS

from .bench import positions
from .bot import make_bot

#: The levels whose strength depends on the time they get.
SEARCH_LEVELS = ("normal", "hard")


def searched(obs: Observation) -> bool:
    """Will a searching level decide this position by its card-play search?"""
    if isinstance(obs, MariasObservation):
        return obs.phase == "play"
    if obs.variant in ("marriage", "sixty-six"):
        return bool(obs.stock_size)  # an exhausted stock is solved exactly
    return True


def timed(level: str, variant: str, obs: Observation, iterations: int, seed: int,
          repeats: int) -> tuple[float, int]:
    """The least thread CPU time (ms) of ``repeats`` identical decisions at ``iterations``
    (same seed: the same work each time), and the iterations the search reached."""
    best, got = math.inf, 0
    for _ in range(repeats):
        bot = make_bot(level, variant, seed=seed, iterations=iterations)
        t = time.thread_time()
        bot.choose(obs)
        best = min(best, (time.thread_time() - t) * 1000.0)
        got = bot.last_deadline.reached if bot.last_deadline else 0
    return best, got


def affordable(level: str, variant: str, obs: Observation, seed: int,
               repeats: int = 3) -> int | None:
    """Iterations the level's budget buys on ``obs`` on a quiet core, or None if the level
    does not search there.  Two fixed sizes, n and 2n, each timed as the least of
    ``repeats`` identical runs (contention only ever adds time): the cost of an iteration
    is the slope, the rest (sampling, the prior) the intercept."""
    budget = make_bot(level, variant).budget_ms
    n = PROBE[level]
    t1, got1 = timed(level, variant, obs, n, seed, repeats)
    if got1 < n:
        return None  # a rule-of-thumb move, or no search at all
    t2, _ = timed(level, variant, obs, 2 * n, seed, repeats)
    slope = max(t2 - t1, 1e-6) / n
    overhead = max(0.0, t1 - slope * n)
    return max(1, int((budget - overhead) / slope))


#: The probe sizes (about a third of what the budgets buy, so the two probes bracket little
#: beyond the range measured).
PROBE = {"normal": 150, "hard": 500}


def reached(level: str, variant: str, obs: Observation, clock: Any, seed: int) -> int:
    """Iterations the level's search reached on ``obs`` within its budget on ``clock``."""
    bot = make_bot(level, variant, seed=seed)
    bot.clock = clock
    bot.choose(obs)
    return bot.last_deadline.reached if bot.last_deadline else 0


def loop_ms(repeats: int = 5) -> float:
    """The least thread CPU time of a fixed pure-Python loop: how fast this core is now."""
    best = math.inf
    for _ in range(repeats):
        t = time.thread_time()
        x = 0
        for i in range(1_000_000):
            x += i
        best = min(best, (time.thread_time() - t) * 1000.0)
    return round(best, 1)


def run(n: int = 24, seed: int = 1, variants: list[str] | None = None,
        levels: tuple[str, ...] = SEARCH_LEVELS, wall: bool = True) -> dict[str, Any]:
    rng = random.Random(seed)
    out: dict[str, Any] = {"positions_per_game": n, "seed": seed,
                           "load_average_before": [round(x, 2) for x in os.getloadavg()],
                           "loop_ms_before": loop_ms(), "games": {}}
    for variant in variants or list(VARIANT_IDS):
        found: list[Any] = []  # typed observations
        while len(found) < n:
            found.extend(o for o in positions(variant, n, rng) if searched(o))
        found = found[:n]
        per: dict[str, Any] = {}
        for level in levels:
            probe = [affordable(level, variant, o, seed) for o in found]
            probed = [x for x in probe if x is not None]
            row: dict[str, Any] = {"budget_ms": make_bot(level, variant).budget_ms,
                                   "decisions": len(probed), "probe": _stats(probed)}
            if wall:
                cpu = [reached(level, variant, o, time.thread_time, seed) for o in found]
                w = [reached(level, variant, o, time.perf_counter, seed) for o in found]
                row["cpu_clock"] = _stats([x for x in cpu if x > 0])
                row["wall_clock"] = _stats([x for x in w if x > 0])
            row["iterations"] = row["probe"]["median"]
            per[level] = row
        out["games"][variant] = per
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    out["loop_ms_after"] = loop_ms()
    return out


def _stats(xs: list[int]) -> dict[str, Any]:
    if not xs:
        return {"n": 0, "median": 0, "q1": 0, "q3": 0}
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return {"n": len(xs), "median": int(statistics.median(xs)), "q1": int(q[0]),
            "q3": int(q[2])}
