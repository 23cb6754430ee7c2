"""The counting trainer's questions (game.ai.trainer): answers that the aid — and the hidden
truth — confirm, choices that contain the answer, and questions only when they make sense."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.counting import counting_aid
from game.ai.trainer import KINDS, PER_DEAL, make_question, should_ask
from game.rules.actions import Verb
from game.rules.cards import card
from game.rules.variants import VARIANT_IDS, new_deal, random_deck


def play_to_trick(variant: str, seed: int, tricks: int):
    rng = random.Random(seed)
    deal = new_deal(variant, rng.randrange(2), random_deck(variant, rng))
    while not deal.is_over():
        obs = deal.observation(deal.to_move())
        if sum(obs.tricks) >= tricks and getattr(obs, "phase", "play") == "play" and \
                any(a.verb is Verb.PLAY for a in obs.legal):
            return deal
        acts = deal.legal_actions()
        deal.apply(acts[rng.randrange(len(acts))], deal.to_move())
    return None


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANT_IDS), st.integers(0, 2**31), st.integers(0, 2**31))
def test_every_question_has_its_answer_among_the_choices_and_the_answer_is_true(variant, seed,
                                                                              qseed):
    deal = play_to_trick(variant, seed, 3)
    if deal is None:
        return
    seat = deal.to_move()
    obs = deal.observation(seat)
    aid = counting_aid(obs)
    q = make_question(obs, random.Random(qseed), aid)
    assert q.kind in KINDS
    assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)
    hands = [deal.hand(s) for s in range(deal.players)]
    if q.kind == "trumps_out":
        assert aid.trumps_in_play[0] == aid.trumps_in_play[1] == q.answer
    elif q.kind == "points":
        assert q.answer == obs.points[q.params["seat"]]
    elif q.kind == "to_target":
        assert q.answer == max(0, 66 - obs.points[seat])
    elif q.kind == "unseen_suit":
        assert q.answer == len(aid.unseen.get(q.params["suit"], ()))
    else:  # can_hold: "no" is never wrong about the real hand; "yes" only if it may be there
        holder, c = q.params["seat"], card(q.params["card"])
        really = bool((hands[holder] >> c) & 1)
        if q.answer is False:
            assert not really
        if really:
            assert q.answer is True


def test_the_trainer_asks_on_the_players_card_play_only_and_a_few_times_a_deal():
    deal = play_to_trick("sixty-six-3", 5, 3)
    assert deal is not None
    obs = deal.observation(deal.to_move())
    always = random.Random(0)
    asked = sum(should_ask(obs, 0, always) for _ in range(200))
    assert 50 < asked < 150  # about one chance in two
    assert not any(should_ask(obs, PER_DEAL, random.Random(i)) for i in range(50))
    other = deal.observation((deal.to_move() + 1) % 3)
    assert not any(should_ask(other, 0, random.Random(i)) for i in range(50))
    early = play_to_trick("sixty-six-3", 5, 0)
    first = early.observation(early.to_move())
    assert not any(should_ask(first, 0, random.Random(i)) for i in range(50))


def test_mariáš_asks_about_the_sides_and_never_about_66():
    for seed in range(40):
        deal = play_to_trick("marias", seed, 3)
        if deal is None:
            continue
        obs = deal.observation(deal.to_move())
        for k in range(20):
            q = make_question(obs, random.Random(k), points_shown=False)
            assert q.kind != "to_target"
            if q.kind == "points":
                assert q.params["side"] in ("soloist", "defenders")
        return
    raise AssertionError("no Mariáš deal reached the third trick")


def test_the_same_seed_asks_the_same_question():
    deal = play_to_trick("marriage", 3, 4)
    obs = deal.observation(deal.to_move())
    a = make_question(obs, random.Random("x"))
    b = make_question(obs, random.Random("x"))
    assert a == b


def test_the_trainer_never_asks_what_the_table_prints_nor_a_trivial_question():
    """The plates print the points (unless counted in memory); a face-up card answers
    itself; "how many do you need" before a point is won is 66, after 66 it is 0; and a
    yes/no about a card is marked by what an exhaustive count of the possible deals says."""
    from counting_oracle import truth

    asked = {"points": 0, "to_target": 0, "can_hold": 0, "checked": 0}
    for variant in VARIANT_IDS:
        for seed in range(12):
            rng = random.Random(seed)
            n = 3 if variant in ("sixty-six-3", "marias") else 2
            deal = new_deal(variant, rng.randrange(n), random_deck(variant, rng))
            while not deal.is_over():
                seat = deal.to_move()
                obs = deal.observation(seat)
                if any(a.verb is Verb.PLAY for a in obs.legal) and sum(obs.tricks) >= 1:
                    aid = counting_aid(obs)
                    t = truth(obs, limit=400)
                    face_up = {p.card for p in obs.trick} | {
                        c for cards in obs.shown.values() for c in cards}
                    for k in range(6):
                        shown = make_question(obs, random.Random(k), aid)
                        assert shown.kind != "points"
                        q = make_question(obs, random.Random(k), aid, points_shown=False)
                        asked[q.kind] = asked.get(q.kind, 0) + 1
                        for one in (shown, q):
                            if one.kind == "to_target":
                                assert 0 < obs.points[seat] < 66 and one.answer > 0
                            if one.kind == "can_hold":
                                assert one.params["card"] not in face_up
                                if t is not None:
                                    where = t.where.get(card(one.params["card"]), frozenset())
                                    assert one.answer == (one.params["seat"] in where)
                                    asked["checked"] += 1
                acts = deal.legal_actions()
                deal.apply(acts[rng.randrange(len(acts))], seat)
    assert asked["points"] and asked["to_target"] and asked["checked"] > 20, asked
