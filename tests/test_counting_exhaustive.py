"""Every answer of the counting aid against an exhaustive count (tests/counting_oracle.py) of
the deals that agree with what the seat saw, on positions from seeded random legal play of
all four games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.ai.counting import STOCK, TALON, CountingAid, counting_aid
from game.rules.cards import CARD_STR, card
from game.rules.observation import MariasObservation, Observation
from game.rules.variants import new_deal, random_deck

from counting_oracle import Truth, consistent_with, truth

#: Positions compared per game (at least).
POSITIONS = 120


def positions(variant: str, seed: int) -> Iterator[tuple[object, Observation, Truth]]:
    """Positions of random play small enough to count, a few per deal and seat."""
    rng = random.Random(seed)
    n = 3 if variant in ("sixty-six-3", "marias") else 2
    while True:
        deal = new_deal(variant, rng.randrange(n), random_deck(variant, rng))
        while not deal.is_over():
            seat = deal.to_move()
            acts = deal.legal_actions()
            deal.apply(acts[rng.randrange(len(acts))], seat)
            if deal.is_over():
                break
            for s in range(n):
                obs = deal.observation(s)
                if isinstance(obs, MariasObservation) and obs.phase not in ("play",
                                                                              "doubling"):
                    continue
                t = truth(obs)
                if t is not None:
                    yield deal, obs, t


def disagreements(aid: CountingAid, t: Truth, obs: Observation) -> list[str]:
    """Each answer of the aid that the count contradicts, in words."""
    out: list[str] = []
    me, n = obs.seat, obs.players
    for c, places in t.where.items():
        name = CARD_STR[c]
        for s in range(n):
            if s == me:
                continue
            if aid.may_hold(s, name) != (s in places):
                out.append(f"may {s} hold {name}: aid {aid.may_hold(s, name)}")
            if aid.certainly_holds(s, name) != (places == {s}):
                out.append(f"{s} surely holds {name}: aid {aid.certainly_holds(s, name)}")
        if name in aid.places:
            for hidden in (STOCK, TALON):
                if (hidden in aid.places[name]) != (hidden in places):
                    out.append(f"{name} may be in the {hidden}: aid {hidden in aid.places[name]}")
    if t.trumps_in_play is not None:
        got = getattr(aid, "trumps_in_play", (len(aid.trumps_out),) * 2)
        if tuple(got) != t.trumps_in_play:
            out.append(f"trumps in play {got}, truly {t.trumps_in_play}")
    got_p = getattr(aid, "points_range", (aid.points_left,) * 2)
    if tuple(got_p) != t.points_left:
        out.append(f"points still to take {got_p}, truly {t.points_left}")
    unseen = {card(x) for cards in aid.unseen.values() for x in cards}
    if unseen != set(t.unseen):
        out.append(f"unseen {sorted(CARD_STR[c] for c in unseen ^ set(t.unseen))} differ")
    return out


def survey(variant: str, count: int = POSITIONS, seed: int = 33) -> tuple[int, list[str]]:
    """``count`` positions of ``variant``: how many the aid got wrong, and the first few."""
    wrong, examples = 0, []
    for k, (deal, obs, t) in enumerate(positions(variant, seed)):
        if k == count:
            break
        assert consistent_with(deal, obs, t), "the oracle ruled out the real deal"
        bad = disagreements(counting_aid(obs), t, obs)
        if bad:
            wrong += 1
            examples.append(f"{variant} seat {obs.seat}: " + "; ".join(bad[:3]))
    return wrong, examples


@pytest.mark.parametrize("variant", ["marriage", "sixty-six", "sixty-six-3", "marias"])
def test_every_counting_answer_agrees_with_the_exhaustive_count(variant):
    wrong, examples = survey(variant)
    assert wrong == 0, "\n".join(examples[:8])


if __name__ == "__main__":  # the figures: positions with a wrong answer, per game
    for v in ("marriage", "sixty-six", "sixty-six-3", "marias"):
        w, ex = survey(v)
        print(v, POSITIONS, w, *ex[:3], sep="\n  ")
