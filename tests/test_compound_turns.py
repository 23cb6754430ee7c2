"""A step that does not end the turn is worth its best continuation.

The trump exchange is followed by the same player's card (or a close, a marriage, a
declaration); naming a Mariáš contract by the same player's discards.  On positions
where the exchange is clearly right — the trump 9 (Sixty-six) or 7 (Marriage) for the
trump ace or ten under the stock — neither the practice warning nor the review may
call it a mistake, and the hint's values before and after the step are the same
numbers: the exchange is worth what the best move after it is worth.
"""

from __future__ import annotations

import random

import pytest

from game.ai.hint import hint
from game.ai.ismcts import whole_turns
from game.ai.review import points_lost, review_deal
from game.ai.turns import MEMORY
from game.rules import Verb
from game.rules.actions import CLOSE, DECLARE, EXCHANGE
from game.rules.variants import new_deal, random_deck
from game.ui.practice.coach import assess, threshold_for

ITER = 500


def exchange_positions(variant: str, n: int, seed: int = 11) -> list[tuple]:
    """Deals at a lead where the exchange is legal and the indicator is the trump A or 10."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        d = new_deal(variant, rng.randrange(2), random_deck(variant, rng), {})
        while not d.is_over():
            seat = d.to_move()
            legal = d.legal_actions()
            if EXCHANGE in legal:
                if (d.observation(seat).indicator or "?")[0] in "AT":
                    out.append((d.clone(), seat))
                break
            d.apply(rng.choice([a for a in legal if a is not DECLARE] or legal), seat)
    return out


def test_whole_turns_follow_the_steps_to_the_card():
    d, seat = exchange_positions("marriage", 1)[0]
    turns = whole_turns(d, d.legal_actions())
    firsts = {t[0] for t in turns}
    assert firsts == set(d.legal_actions())
    for t in turns:
        assert t[-1].verb is Verb.PLAY or t[-1] is DECLARE or len(t) == 4
        twin = d.clone()
        for a in t:
            assert a in twin.legal_actions()
            twin.apply(a, seat)
    assert any(t[:2] == (EXCHANGE, CLOSE) for t in turns)


@pytest.mark.parametrize("variant", ["sixty-six", "marriage"])
def test_a_clearly_right_exchange_is_never_called_a_mistake(variant):
    MEMORY.clear()
    limit = threshold_for(variant)
    for d, seat in exchange_positions(variant, 3):
        obs = d.observation(seat)
        h = hint(obs, seed=0, iterations=ITER)
        assert assess(obs, EXCHANGE, h) is None, (h.values, obs.indicator)
        assert points_lost(h.action, EXCHANGE, h.values) < limit
        # after the step: the very numbers of the continuations
        after = d.clone()
        after.apply(EXCHANGE, seat)
        h2 = hint(after.observation(seat), seed=0, iterations=ITER)
        known = [v for v in h2.values.values() if v is not None]
        assert known and max(known) == pytest.approx(h.values[EXCHANGE])
        assert h2.values[h2.action] == pytest.approx(max(known))
        # and the review of a deal where the player exchanged, then played the best card
        after.apply(h2.action, seat)
        items = review_deal(after, seat, seed=0, iterations=ITER)
        step = next(i for i in items if i.action is EXCHANGE)
        assert step.lost is not None and step.lost < limit, (step.values, step.best)


def test_a_contract_is_worth_its_best_discards():
    """Mariáš: naming Suit does not end forehand's turn; its value is that of its best
    discards, and the discard position after it gets the same numbers."""
    MEMORY.clear()
    rng = random.Random(5)
    for _ in range(200):
        d = new_deal("marias", rng.randrange(3), random_deck("marias", rng), {})
        seat = d.to_move()
        d.apply(d.legal_actions()[0], seat)  # the trump card
        obs = d.observation(seat)
        h = hint(obs, seed=0, iterations=2000)
        suits = {a: v for a, v in h.values.items()
                 if a.verb is Verb.CONTRACT and a.name.startswith("suit")
                 and v is not None}
        if len(suits) >= 1:
            break
    assert suits, "no position where the contracts are simulated"
    for contract, value in suits.items():
        after = d.clone()
        after.apply(contract, seat)
        h2 = hint(after.observation(seat), seed=0, iterations=2000)
        known = [v for v in h2.values.values() if v is not None]
        assert known and max(known) == pytest.approx(value)
