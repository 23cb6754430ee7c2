"""Property tests of the three King-Queen variants over random legal play (hypothesis).

Every position of every generated deal is checked: cards conserved, legality consistent with
the reasons, point totals recomputed from the tricks, observations free of hidden cards,
clones independent, records replaying to the same state and summary.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import texts

from game.rules.actions import PLAY, Action
from game.rules.cards import CARD_STR, KING, QUEEN, mask_of
from game.rules.cards import KQ_CARD_POINTS as CARD_POINTS
from game.rules.errors import Refusal
from game.rules.match import Match
from game.rules.record import replay_text, write_deal
from game.rules.tricks import winner_index
from game.rules.variants import deal_class, new_deal, random_deck

VARIANTS = ["marriage", "sixty-six", "sixty-six-3"]
UNIVERSE = list(PLAY) + [Action.parse(t) for t in ["marriage " + s for s in "CDHS"] + [
    "close", "exchange", "declare", "pass", "good", "trump QH", "discard 7C 8C"]]
CARD_RE = re.compile(r"\b[AKQJT987][CDHS]\b")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_play(variant: str, seed: int, avoid_declare: float = 0.8):
    """Yield every position of a random deal (the deal object, mutated in place)."""
    rng = random.Random(seed)
    options = None
    if variant == "sixty-six-3":
        options = {"three_hand_scoring": rng.choice(["stronger", "each"])}
    d = new_deal(variant, rng.randrange(deal_class(variant).players),
                 random_deck(variant, rng), options)
    yield d
    while not d.is_over():
        acts = d.legal_actions()
        pool = acts
        if "declare" in acts and rng.random() < avoid_declare:
            pool = [a for a in acts if a != "declare"] or acts
        d.apply_legal(pool[rng.randrange(len(pool))])
        yield d


def cards_in_play(d) -> list[int]:
    out = [c for t in d.trick_log for _, c in t]
    if d.players == 2:
        if d.led >= 0:
            out.append(d.led)
    else:
        out.extend(c for _, c in d.trick)
    return out


def check_conservation(d) -> None:
    parts = [d.hand(s) for s in range(d.players)]
    played = cards_in_play(d)
    stock = d.stock[d.stock_pos:] if d.players == 2 else []
    total = sum(p.bit_count() for p in parts) + len(played) + len(stock)
    assert total == len(d.deck)
    union = 0
    for p in parts:
        union |= p
    assert union | mask_of(played) | mask_of(stock) == mask_of(d.deck)
    if d.players == 2:
        assert d.stock_size() == len(stock) and d.stock_size() % 2 == 0
        assert d.observation(0).to_json()["stock_size"] == len(stock)


def check_points(d) -> None:
    card_pts = [0] * d.players
    tricks = [0] * d.players
    for t in d.trick_log:
        w = t[winner_index([c for _, c in t], d.trump_suit)][0]
        card_pts[w] += sum(CARD_POINTS[c] for _, c in t)
        tricks[w] += 1
    assert tricks == d.tricks()
    last_bonus = [0] * d.players
    if d.trick_log and all(d.hand(s) == 0 for s in range(d.players)):
        t = d.trick_log[-1]
        w = t[winner_index([c for _, c in t], d.trump_suit)][0]
        if not getattr(d, "closed", False):
            last_bonus[w] = 10
    marriages = [0] * d.players
    for s, suit, p in d.marriages:
        assert p == (40 if suit == d.trump_suit else 20)
        if tricks[s]:
            marriages[s] += p
    want = [card_pts[s] + last_bonus[s] + marriages[s] for s in range(d.players)]
    assert d.points() == want


def may_know(d, seat: int) -> set[str]:
    known = d.hand(seat) | mask_of(cards_in_play(d))
    for _, suit, _ in d.marriages:
        known |= (1 << (suit * 8 + KING)) | (1 << (suit * 8 + QUEEN))
    if d.players == 2:
        known |= mask_of(d.indicators_seen)
    else:
        known |= 1 << d.deck[23]
    return {CARD_STR[c] for c in range(32) if known >> c & 1}


def check_observation(d, seat: int) -> None:
    obs = d.observation(seat).to_json()
    text = json.dumps(obs)
    assert json.loads(text) == json.loads(json.dumps(json.loads(text)))
    for key in ("variant", "options", "players", "seat", "dealer", "forehand", "to_move",
                "legal", "over", "hand", "hand_sizes", "trump", "indicator", "stock_size",
                "closed", "trick", "last_trick", "tricks", "points", "score", "marriages",
                "shown", "history"):
        assert key in obs
    rest = dict(obs)
    hand = set(rest.pop("hand"))
    assert hand == {CARD_STR[c] for c in range(32) if d.hand(seat) >> c & 1}
    leaked = set(CARD_RE.findall(json.dumps(rest))) - may_know(d, seat)
    assert not leaked, (seat, leaked)
    # what the observation claims the others hold is true
    for s, cards in enumerate(obs["known_cards"]):
        for c in cards:
            assert d.hand(s) >> CARD_STR.index(c) & 1
    if d.players == 2 and (d.closed or d.stock_size() == 0):
        assert obs["indicator"] is None
    assert obs["legal"] == (texts(d.legal_actions()) if d.to_move() == seat else [])


def check_legality(d) -> None:
    legal = d.legal_actions()
    if d.is_over():
        assert legal == [] and d.to_move() is None and d.score() is not None
        return
    assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
    assert d.score() is None
    for a in UNIVERSE:
        r = d.why_illegal(a)
        assert (r is None) == (a in legal), (a, r, legal)
        if r is not None:
            assert isinstance(r, Refusal) and str(r)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_random_play_invariants(variant, seed):
    for d in random_play(variant, seed):
        check_conservation(d)
        check_points(d)
        check_legality(d)
        for seat in range(d.players):
            check_observation(d, seat)
    summary = d.result_summary()
    assert summary["score"] == d.score() and summary["reason"] in (
        "declared", "last_trick", "false_declaration", "closer_failed", "reached_66", "no_score")
    assert sum(d.score()) == summary["points"] and isinstance(summary["text"], str)
    gathered = d.gathered()
    assert sorted(gathered) == sorted(d.deck)


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, cut=st.floats(min_value=0, max_value=1))
def test_record_replay_reproduces_state_and_summary(variant, seed, cut):
    positions = [(d.clone(), None) for d in random_play(variant, seed)]
    d = positions[int(cut * (len(positions) - 1))][0]
    again = replay_text(write_deal(d))[0]
    assert again.replay_summary() == d.replay_summary()
    assert again.result_summary() == d.result_summary()
    for seat in range(d.players):
        assert again.observation(seat) == d.observation(seat)
    final = positions[-1][0]
    assert replay_text(write_deal(final))[0].result_summary() == final.result_summary()


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, at=st.floats(min_value=0, max_value=1))
def test_clone_independence(variant, seed, at):
    states = list(d.clone() for d in random_play(variant, seed))
    base = states[int(at * (len(states) - 1))]
    before = (base.replay_summary(), [base.observation(s) for s in range(base.players)],
              [base.hand(s) for s in range(base.players)])
    twin = base.clone()
    rng = random.Random(seed)
    while not twin.is_over():
        acts = twin.legal_actions()
        twin.apply_legal(acts[rng.randrange(len(acts))])
    after = (base.replay_summary(), [base.observation(s) for s in range(base.players)],
             [base.hand(s) for s in range(base.players)])
    assert before == after
    # the same actions on a clone and on the original give the same result
    if not base.is_over():
        other = base.clone()
        for _, action in twin.history[len(base.history):]:
            base.apply(action)
            other.apply_legal(action)
        assert base.replay_summary() == other.replay_summary() == twin.replay_summary()


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, goal=st.integers(min_value=1, max_value=8))
def test_match_plays_to_the_end(variant, seed, goal):
    m = Match(variant, {"match_points": goal}, seed=seed)
    rng = random.Random(seed)
    players = m.players
    previous = None
    while not m.is_over():
        assert max(m.totals) < goal
        d = m.start_deal()
        if previous is not None:
            assert d.dealer == (previous + 1) % players
        previous = d.dealer
        while not d.is_over():
            acts = d.legal_actions()
            d.apply_legal(acts[rng.randrange(len(acts))])
        m.finish_deal()
    assert max(m.totals) >= goal and m.winners()
    assert m.totals == [sum(d.score()[s] for d in m.deals) for s in range(players)]
