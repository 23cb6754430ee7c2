"""Random-play throughput of the engine: complete deals per second per variant."""

from __future__ import annotations

import random
import time
from typing import Any

from .options import VARIANT_IDS
from .variants import deal_class, new_deal, random_deck


def random_deal(variant: str, rng: random.Random) -> list[int] | None:
    """Play one deal with uniformly random legal actions; return its score."""
    players = deal_class(variant).players
    deal = new_deal(variant, rng.randrange(players), random_deck(variant, rng))
    while not deal.is_over():
        actions = deal.legal_actions()
        deal.apply_legal(actions[rng.randrange(len(actions))])
    return deal.score()


def run_bench(seconds: float = 2.0, variants: list[str] | None = None) -> dict[str, Any]:
    rng = random.Random(12345)
    result: dict[str, Any] = {}
    for variant in variants or VARIANT_IDS:
        random_deal(variant, rng)  # warm up imports and caches
        n = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            for _ in range(50):
                random_deal(variant, rng)
            n += 50
            now = time.perf_counter()
            if now >= deadline:
                break
        result[variant] = {"deals": n, "seconds": round(now - start, 3),
                           "deals_per_second": round(n / (now - start))}
    return result
