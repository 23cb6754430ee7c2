"""Every answer of the counting aid against an exhaustive count (tests/counting_oracle.py) of
the deals that agree with what the seat saw, on positions from seeded random legal play of
all four games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from counting_oracle import Truth, consistent_with, truth

from game.ai.counting import STOCK, TALON, CountingAid, counting_aid
from game.rules.actions import Verb
from game.rules.cards import CARD_STR, card
from game.rules.observation import Observation
from game.rules.variants import new_deal, random_deck

#: Positions compared per game (at least).
POSITIONS = 100


def positions(variant: str, seed: int) -> Iterator[tuple[object, Observation, Truth]]:
    """Positions of random play small enough to count.  ``marias-bad``: Mariáš positions
    after a "bad", seen by a seat whose laid-away cards another player took up."""
    rng = random.Random(seed)
    bad_only = variant == "marias-bad"
    variant = "marias" if bad_only else variant
    n = 3 if variant in ("sixty-six-3", "marias") else 2
    while True:
        deal = new_deal(variant, rng.randrange(n), random_deck(variant, rng))
        while not deal.is_over():
            seat = deal.to_move()
            acts = deal.legal_actions()
            bads = [a for a in acts if a.verb is Verb.BAD]
            pick = rng.choice(bads) if bads and bad_only and rng.random() < 0.5 else (
                acts[rng.randrange(len(acts))])
            deal.apply(pick, seat)
            if deal.is_over():
                break
            phase = str(getattr(deal, "phase", "play"))
            if phase not in ("play", "doubling"):
                continue
            if bad_only and not any(a.verb is Verb.BAD for _s, a in deal.history):
                break  # nobody said bad: the next deal
            if variant == "marias" and sum(deal.tricks()) < 5:
                continue  # two hands of six and more and the talon: too many to count
            seats = [rng.randrange(n)]  # one seat a step: many deals, fewer repeats
            if bad_only:  # a seat whose laid-away cards another took up
                seats = [x for x in range(n) if _taken_up(deal.history, x)][:1]
            for s in seats:
                obs = deal.observation(s)
                t = truth(obs)
                if t is not None:
                    yield deal, obs, t


def _taken_up(history, seat: int) -> bool:
    """Did ``seat`` lay cards away that another seat then took up?"""
    laid = False
    for s, a in history:
        if a.verb is Verb.DISCARD and s == seat:
            laid = True
        elif a.verb is Verb.BAD and s != seat and laid:
            return True
    return False


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
        aid_where = aid.places.get(name, aid.laid_away.get(name))
        if aid_where is not None:
            for hidden in (STOCK, TALON):
                if (hidden in aid_where) != (hidden in places):
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


#: Mariáš positions after a bad are rare in random play: fewer of them.
COUNTS = {"marias-bad": 25}


def survey(variant: str, count: int = 0, seed: int = 33) -> tuple[int, list[str]]:
    """``count`` positions of ``variant``: how many the aid got wrong, and the first few."""
    count = count or COUNTS.get(variant, POSITIONS)
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


GAMES = ("marriage", "sixty-six", "sixty-six-3", "marias", "marias-bad")


@pytest.mark.parametrize("variant", GAMES)
def test_every_counting_answer_agrees_with_the_exhaustive_count(variant):
    wrong, examples = survey(variant)
    assert wrong == 0, "\n".join(examples[:8])


if __name__ == "__main__":  # the figures: positions with a wrong answer, per game
    for v in GAMES:
        w, ex = survey(v)
        print(v, POSITIONS, w, *ex[:3], sep="\n  ")
