"""The playouts' mask fast path plays exactly like the policy on the engine's action strings."""

from __future__ import annotations

import random

import pytest

from game.ai.playout import playout_action, rollout
from game.rules.variants import new_deal, random_deck

VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")


def string_rollout(deal, rng: random.Random, eps: float) -> list[int]:
    """The reference: every move through ``legal_actions`` and ``playout_action``."""
    while not deal.is_over():
        deal.apply_legal(playout_action(deal, deal.legal_actions(), rng, eps))
    return deal.score() or [0] * deal.players


@pytest.mark.parametrize("variant", VARIANTS)
def test_mask_rollout_matches_string_rollout(variant):
    for seed in range(40):
        rng = random.Random(seed)
        players = 2 if variant in ("marriage", "sixty-six") else 3
        deal = new_deal(variant, seed % players, random_deck(variant, rng))
        # a random start position: some random moves (bidding and play)
        for _ in range(rng.randrange(12)):
            if deal.is_over():
                break
            deal.apply_legal(rng.choice(deal.legal_actions()))
        if deal.is_over():
            continue
        for eps in (0.0, 0.2, 1.0):
            a, b = deal.clone(), deal.clone()
            assert rollout(a, random.Random(seed), eps) == string_rollout(b, random.Random(seed),
                                                                          eps)
            assert a.history == b.history
