"""The after-deal review: losses are 0 for the recommended moves, and it sees only observations."""

from __future__ import annotations

import random

from game.ai.hint import hint
from game.ai.review import decisions, points_lost, review_deal, total_lost
from game.rules import new_deal, random_deck, write_deal

ITER = 60


def played_deal(variant: str, seed: int, follow_hint_for: int | None = None):
    """A deal played to its end: seat ``follow_hint_for`` plays the hint, the rest at random."""
    rng = random.Random(seed)
    deal = new_deal(variant, rng.randrange(2 if variant in ("marriage", "sixty-six") else 3),
                    random_deck(variant, rng))
    while not deal.is_over():
        seat = deal.to_move()
        legal = deal.legal_actions()
        if seat == follow_hint_for and len(legal) > 1:
            action = hint(deal.observation(seat), seed=0, iterations=ITER).action
        else:
            action = rng.choice([a for a in legal if a.text != "declare"] or legal)
        deal.apply(action, seat)
    return deal


def test_points_lost_is_zero_for_the_best_and_never_negative():
    values = {"a": 1.0, "b": 0.25, "c": None, "d": 1.5}
    assert points_lost("a", "a", values) == 0.0
    assert points_lost("a", "b", values) == 0.75
    assert points_lost("a", "d", values) == 0.0  # noisy search: never below zero
    assert points_lost("a", "c", values) is None


def test_recommended_moves_lose_nothing():
    deal = played_deal("sixty-six", 11, follow_hint_for=0)
    items = review_deal(deal, 0, seed=0, iterations=ITER)
    assert items
    for item in items:
        assert item.seat == 0
        if item.action == item.best:
            assert item.lost == 0.0
    # the seat followed the hint at the same seed and search size: every move is the best one
    assert all(i.is_best for i in items)
    assert total_lost(items) == 0.0


def test_review_from_a_record_and_each_decision_listed():
    deal = played_deal("marriage", 5)
    text = write_deal(deal)
    items = review_deal(text, 1, seed=3, iterations=40)
    assert [i.index for i in items] == [i for i, (s, _) in enumerate(deal.history) if s == 1]
    for item in items:
        assert item.action == deal.history[item.index][1]
        assert item.lost is None or item.lost >= 0
        assert item.forced or item.best in item.values


def test_review_uses_the_observation_of_the_moment():
    deal = played_deal("marias", 2)
    steps = decisions(deal, 0)
    assert steps
    for _index, obs, action in steps:
        assert obs.seat == 0
        assert action in obs.legal or action.text.startswith("trump")
        assert len(obs.hand) == obs.hand_sizes[0]  # own cards only
    items = review_deal(deal, 0, seed=1, iterations=30)
    assert len(items) == len(steps)


def test_review_can_resume_after_an_interruption():
    deal = played_deal("marriage", 9)
    whole = review_deal(deal, 0, seed=2, iterations=30)
    rest = review_deal(deal, 0, seed=2, iterations=30, start=2)
    assert [i.index for i in rest] == [i.index for i in whole[2:]]
    assert [(i.best, i.lost) for i in rest] == [(i.best, i.lost) for i in whole[2:]]
