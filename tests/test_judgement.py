"""One judgement per decision: the hint, its values list, the practice warning and the
after-deal review of the same position name the same best move with the same values.

Positions come from seeded random play of every game (any seat on turn with a choice);
the practice side is the table's :class:`HintService` (as in a practice game), the review
is :func:`game.ai.review.review_deal` given the hints of the deal, as the review screen is.
Search budgets are a fixed, small number of iterations: the test checks agreement, not
the quality of the advice.
"""

from __future__ import annotations

import random

import pytest

from game.ai.explain import Move
from game.ai.hint import Hint
from game.ai.review import review_deal
from game.rules import Observation, new_deal, random_deck
from game.rules.base import Deal
from game.ui.practice.coach import HintService, assess

VARIANTS = ["marriage", "sixty-six", "sixty-six-3", "marias"]
POSITIONS = 200
ITER = 6


def random_position(variant: str, rng: random.Random) -> Deal:
    """A deal stopped at a random moment where the seat on turn has a choice."""
    while True:
        players = 2 if variant in ("marriage", "sixty-six") else 3
        deal = new_deal(variant, rng.randrange(players), random_deck(variant, rng))
        stop = rng.randrange(40)
        for _ in range(stop):
            if deal.is_over():
                break
            legal = deal.legal_actions()
            deal.apply(rng.choice([a for a in legal if a.text != "declare"] or legal),
                       deal.to_move())
        if not deal.is_over() and len(deal.legal_actions()) > 1:
            return deal


def rows(h: Hint) -> list[tuple[object, float | None]]:
    """The values list as the hint panel orders it (HintPanel.rows without the words)."""
    vals = h.values
    order = sorted(vals, key=lambda a: (a != h.action, -(vals[a] if vals[a] is not None
                                                         else -1e9), a))
    return [(a, vals[a]) for a in order]


def contradictions(deal: Deal, rng: random.Random, service: HintService,
                   review_known: bool = True) -> list[str]:
    """What the advice about the position of ``deal`` says that disagrees with itself."""
    seat = deal.to_move()
    assert seat is not None
    obs: Observation = deal.observation(seat)
    h = service.compute(obs)
    found: list[str] = []
    best_v = h.values.get(h.action)
    if best_v is not None:
        # no move the values list shows with a number is valued above the recommendation
        # (a move it may not recommend, as a false declaration, included)
        shown = [a for a, v in h.values.items() if v is not None]
        better = [a for a in shown if h.values[a] > best_v + 1e-9]
        if better:
            found.append(f"hint {h.action.text} {best_v} below {better[0].text}")
        for a, v in rows(h)[1:]:
            if v is not None and v > best_v + 1e-9:
                found.append(f"list: {a.text} {v} under the recommendation {best_v}")
                break
        for s in h.why.sentences:
            other = s.params.get("other")
            if isinstance(other, Move) and (h.values.get(other.action) or -1e9) > best_v:
                found.append(f"{s.key} names {other.action.text} as next best")
    # the move the player makes: the worst-valued one (the warning's case), else any other
    others = [a for a in obs.legal if a != h.action]
    valued = [a for a in others if h.values.get(a) is not None]
    taken = min(valued, key=lambda a: h.values[a]) if valued else rng.choice(others)
    warning = assess(obs, taken, h, threshold=0.0)
    n_before = sum(1 for s, _ in deal.history if s == seat)
    played = deal.clone()
    played.apply(taken, seat)
    items = review_deal(played, seat, seed=1, iterations=ITER, start=n_before,
                        known=service.judgements() if review_known else None)
    (item,) = items
    if item.best != h.action:
        found.append(f"review best {item.best.text}, hint {h.action.text}")
    if item.values != h.values:
        found.append("review values differ from the hint's")
    if warning is not None:
        if warning.best != item.best:
            found.append(f"warning best {warning.best.text}, review {item.best.text}")
        if warning.lost != item.lost:
            found.append(f"warning cost {warning.lost}, review {item.lost}")
    elif item.lost:
        found.append(f"no warning at cost 0+, review says {item.lost}")
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_hint_values_warning_and_review_agree(variant):
    rng = random.Random(f"judgement-{variant}")
    service = HintService(seed=0, iterations=ITER)
    bad = []
    for n in range(POSITIONS):
        deal = random_position(variant, rng)
        for c in contradictions(deal, rng, service):
            bad.append(f"#{n}: {c}")
    assert not bad, f"{len(bad)} contradictions in {POSITIONS} positions: {bad[:5]}"


def test_the_recommendation_is_the_best_valued_allowed_move():
    from game.ai.hint import best_valued
    from game.rules.actions import Action

    a, b, c = (Action.parse(t) for t in ("play AH", "play TH", "play KH"))
    assert best_valued({a: 1.0, b: 1.2, c: None}, [a, b, c], a) == b
    assert best_valued({a: 1.2, b: 1.2, c: None}, [a, b, c], a) == a  # a tie keeps it
    assert best_valued({a: 1.0, b: 1.2, c: None}, [a, c], a) == a  # b is not allowed
    assert best_valued({a: None, b: 0.5, c: None}, [a, b, c], a) == b
