"""Property: no bot ever returns an illegal action, in random positions of every game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.bot import make_bot
from game.rules.variants import new_deal, random_deck

VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")


def random_position(variant: str, seed: int, steps: int):
    rng = random.Random(seed)
    players = 2 if variant in ("marriage", "sixty-six") else 3
    deal = new_deal(variant, rng.randrange(players), random_deck(variant, rng))
    for _ in range(steps):
        obs = deal.observation(deal.to_move())
        nxt = deal.clone()
        nxt.apply(rng.choice(obs.legal), deal.to_move())
        if nxt.is_over():
            break
        deal = nxt
    return deal


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       steps=st.integers(0, 40), level=st.sampled_from(("easy", "normal", "hard", "pimc")))
def test_bots_return_legal_actions(variant, seed, steps, level):
    deal = random_position(variant, seed, steps)
    seat = deal.to_move()
    obs = deal.observation(seat)
    action = make_bot(level, variant, seed=seed, iterations=6).choose(obs)
    assert action in obs.choices  # the legal actions, or the blind trump card
    assert deal.check(action, seat) is None
