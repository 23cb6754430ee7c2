"""The playouts' fast path (card masks, the engine's ``extra_actions``) plays exactly like
the policy written on the engine's whole action list."""

from __future__ import annotations

import random

import pytest

from game.ai.playout import _play_card, rollout
from game.rules.actions import (
    CLOSE,
    CONTRACT,
    DECLARE,
    EXCHANGE,
    GOOD,
    PASS,
    PLAY,
    Action,
    Verb,
)
from game.rules.variants import new_deal, random_deck

VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")


def reference_action(deal, legal: list[Action], rng: random.Random, eps: float) -> Action:
    """The playout policy as it was written on the engine's whole legal list."""
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    mover = deal.to_move()
    if not first.is_play or not legal[-1].is_play:
        if DECLARE in legal and deal.points()[mover] >= 66:
            return DECLARE
        if EXCHANGE in legal:
            return EXCHANGE
        for a in legal:
            if a.verb is Verb.MARRIAGE:
                return a
        if GOOD in legal:
            return GOOD
        if PASS in legal:
            return PASS
        if first.verb is Verb.CONTRACT:
            return CONTRACT["suit"]
        non_play = [a for a in legal if not a.is_play and a not in (CLOSE, DECLARE)]
        if non_play and not any(a.is_play for a in legal):
            return rng.choice(non_play)
        legal = [a for a in legal if a.is_play] or legal
    return PLAY[_play_card(deal, [a.card for a in legal], rng, eps, mover)]


def string_rollout(deal, rng: random.Random, eps: float) -> list[int]:
    """The reference: every move through ``legal_actions`` and the policy on it."""
    while not deal.is_over():
        deal.apply_legal(reference_action(deal, deal.legal_actions(), rng, eps))
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
