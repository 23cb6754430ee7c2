"""``pimc``: plain perfect-information Monte Carlo (measurement only, never offered).

The classic baseline (Ginsberg's GIB; Long et al., "Understanding the success
of perfect information Monte Carlo sampling"): sample a deal consistent with
the observation (uniformly: no reading of the opponents' choices), value every
candidate action in that sample as if all cards were open — exactly by
alpha-beta whenever the sampled position is small enough to solve (two players
with the stock gone *or closed*; the last three tricks of a three-player deal),
else by one playout — and add the values up over the samples ("vote" by mean
value).  Its known flaw is strategy fusion: it assumes it will know the hidden
cards later, so e.g. closing the stock looks better than it is (after a close,
every sample is solved as if the closer saw the other hand).  ISMCTS (``hard``)
avoids that by solving only what a card counter really knows; the arena
measures the difference.
"""

from __future__ import annotations

import random

from game.rules.actions import Action
from game.rules.base import Deal
from game.rules.observation import Observation

from .base import Bot, Deadline
from .marias_bidding import before_search
from .playout import rollout
from .sampler import SampleError, SamplePool
from .solver import Solver, Timeout, endgame_reached, strict_phase, value_for
from .tactics import candidates


class PimcBot(Bot):
    level = "pimc"

    def decide(self, obs: Observation, deadline: Deadline, rng: random.Random) -> Action:
        special = before_search(self, obs, deadline, rng)
        if special is not None:
            return special
        return pimc_values(obs, deadline, rng)[0]


def solvable(deal: Deal, cards_left: int = 9) -> bool:
    """Small enough for plain PIMC to solve the sampled (open-card) position exactly."""
    return strict_phase(deal) if deal.players == 2 else endgame_reached(deal, cards_left)


def pimc_values(obs: Observation, deadline: Deadline, rng: random.Random
                ) -> tuple[Action, dict[Action, float]]:
    seat = obs.seat
    legal = candidates(obs)
    totals = {a: 0.0 for a in legal}
    pool = SamplePool(obs, rng, size=64)
    solver = Solver(seat, deadline)
    n = 0
    while not deadline.expired(n * len(legal)) or n == 0:
        try:
            deal = pool.next()
        except SampleError:
            break
        for a in legal:
            d = deal.clone()
            d.apply_legal(a)
            v = None
            if not d.is_over() and solvable(d):
                solver.max_nodes = solver.nodes + 4000
                try:
                    v = solver.value(d)
                except Timeout:
                    v = None
            if v is None:
                v = value_for(rollout(d, rng), seat)
            totals[a] += v
        n += 1
        if n >= 2000:
            break
    values = {a: t / max(n, 1) for a, t in totals.items()}
    best = max(sorted(values), key=lambda a: values[a])
    return best, values
