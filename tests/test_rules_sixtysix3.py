"""RULES.md 3 (sixty-six for three) and its details in 5: one test per numbered rule."""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from random_play import play_match, texts
from test_rules_marriage import reason, run, search, start

from game.rules.actions import Action
from game.rules.cards import mask_of, mask_str
from game.rules.match import Match
from game.rules.record import replay_json, write_deal
from game.rules.sixtysix3 import SixtySix3Deal
from game.rules.tricks import strict_legal
from game.rules.variants import deck_cards, new_deal

V = "sixty-six-3"
# dealer 2, forehand 0; spades are trump (the dealer's 8th card, 9S)
HANDS = {0: ["AH", "KH", "QH", "JH", "AC", "TC", "TD", "9D"],
         1: ["JS", "QS", "AD", "KD", "QD", "JD", "9C", "JC"],
         2: ["TH", "9H", "KC", "QC", "KS", "TS", "AS", "9S"]}


def scale(t: int) -> int:
    return 1 if t >= 33 else 2 if t > 0 else 3


def test_3_1_deal_packets_of_four_from_forehand_trump_shown_then_kept():
    assert SixtySix3Deal.deal_owners(2) == ([0] * 4 + [1] * 4 + [2] * 4) * 2
    assert SixtySix3Deal.deal_owners(0) == ([1] * 4 + [2] * 4 + [0] * 4) * 2
    deck = deck_cards(V)
    random.Random(1).shuffle(deck)
    d = new_deal(V, 0, deck)
    assert d.hand(1) == mask_of(deck[0:4] + deck[12:16])
    assert d.hand(2) == mask_of(deck[4:8] + deck[16:20])
    assert d.hand(0) == mask_of(deck[8:12] + deck[20:24])
    assert d.trump() == "CDHS"[deck[23] >> 3]
    trump_card = mask_str(1 << deck[23])[0]
    for seat in range(3):
        obs = d.observation(seat).to_json()
        assert obs["trump_card"] == trump_card and obs["hand_sizes"] == [8, 8, 8]
        assert obs["known_cards"][0] == [trump_card]  # in the dealer's hand, known to all
    assert d.hand(0) >> deck[23] & 1


def test_3_2_no_stock_strict_from_the_first_trick_forehand_leads():
    d = start(V, 2, HANDS)
    assert d.to_move() == 0 and d.trump() == "S"
    assert reason(d, "close") == "there is no stock in sixty-six for three: no 'close'"
    assert reason(d, "exchange") == "there is no stock in sixty-six for three: no 'exchange'"
    assert not {"close", "exchange", "declare"} & set(d.legal_actions())
    obs = d.observation(0).to_json()
    assert obs["stock_size"] == 0 and obs["closed"] is False and obs["indicator"] is None
    run(d, "0 play JH")
    assert texts(d.legal_actions()) == ["play JS", "play QS"]  # void: must trump
    assert reason(d, "play AD") == "you must trump: you hold no hearts but a trump (spades)"
    run(d, "1 play QS")
    # RULES.md 5: a trump lies on the plain-suit lead, so any heart will do
    assert texts(d.legal_actions()) == ["play 9H", "play TH"]
    run(d, "2 play 9H")
    assert d.tricks() == [0, 1, 0] and d.to_move() == 1
    run(d, "1 play JS")  # clockwise: seat 2 answers first
    assert texts(d.legal_actions()) == ["play AS", "play KS", "play TS"]  # follow and beat
    assert reason(d, "play 9S") == "you must beat the trick: you hold a higher spade"
    run(d, "2 play KS")
    # neither spades nor trumps: any card
    assert texts(d.legal_actions()) == ["play 9D", "play AC", "play AH", "play KH", "play QH",
                                 "play TC", "play TD"]


def test_3_2_over_trump_if_able_else_any_trump():
    d = search(V, lambda d: not d.is_over() and len(d.trick) == 2
               and d.trick[1][1] >> 3 == d.trump_suit != d.trick[0][1] >> 3
               and not d.hand(d.to_move()) & (0xFF << 8 * (d.trick[0][1] >> 3))
               and d.hand(d.to_move()) & (0xFF << 8 * d.trump_suit), seed=1)
    cards = [c for _, c in d.trick]
    want = strict_legal(d.hand(d.to_move()), cards, d.trump_suit)
    trumps = d.hand(d.to_move()) & (0xFF << 8 * d.trump_suit)
    higher = [c for c in range(32) if trumps >> c & 1 and c < cards[1]]
    assert want == (mask_of(higher) or trumps)
    assert texts(d.legal_actions()) == ["play " + c for c in mask_str(want)]


def test_3_2_strict_legality_everywhere():
    rng = random.Random(3)
    for _ in range(30):
        d = new_deal(V, rng.randrange(3), random.Random(rng.random()).sample(deck_cards(V), 24))
        while not d.is_over():
            if d.trick:
                want = strict_legal(d.hand(d.to_move()), [c for _, c in d.trick], d.trump_suit)
                assert texts(d.legal_actions()) == ["play " + c for c in mask_str(want)]
            acts = d.legal_actions()
            d.apply_legal(acts[rng.randrange(len(acts))])


def test_3_3_marriages_by_leading_counted_once_a_trick():
    d = start(V, 2, HANDS)
    assert Action.parse("marriage H") in d.legal_actions()
    run(d, "0 marriage H")
    assert texts(d.legal_actions()) == ["play KH", "play QH"]
    assert d.observation(1).to_json()["marriages"] == [{"seat": 0, "suit": "H", "points": 20,
                                              "counted": False}]
    assert reason(d, "play AH") == (
        "after announcing the marriage you must play the king or queen of hearts")
    run(d, "0 play KH", "1 play QS", "2 play TH")
    assert d.points() == [0, 17, 0]  # seat 0 has no trick: pending
    assert "QH" in d.observation(2).to_json()["known_opponent_cards"]
    d = search(V, lambda d: not d.is_over() and not d.trick and d.stage == 0
               and d.ntricks[d.to_move()] > 0
               and any(d.hand(d.to_move()) >> (s * 8 + 2) & 3 == 3 for s in range(4)), seed=2)
    s = d.to_move()
    suit = next(x for x in range(4) if d.hand(s) >> (x * 8 + 2) & 3 == 3)
    before = d.points()[s]
    run(d, f"{s} marriage {'CDHS'[suit]}")
    assert d.points()[s] == before + (40 if suit == d.trump_suit else 20)  # counts at once


def test_3_4_own_totals_first_to_66_last_trick_ten_no_score():
    d = search(V, lambda d: d.is_over() and d.result_summary()["reason"] == "reached_66",
               seed=3)
    w = d.result_summary()["winner"]
    assert d.points()[w] >= 66 and len(d.points()) == 3
    assert sum(d.score()) == d.score()[w] > 0
    d = search(V, lambda d: d.is_over() and d.result_summary()["reason"] == "no_score", seed=4)
    assert d.score() == [0, 0, 0] and max(d.points()) < 66
    assert d.bonus[d.leader] == 10 and sum(d.bonus) == 10  # the last trick's winner leads
    d = search(V, lambda d: d.is_over() and d.hand(0) == 0
               and d.result_summary()["reason"] == "reached_66"
               and d.card_pts[d.leader] + d.mar_pts[d.leader] < 66, seed=5)
    assert d.result_summary()["winner"] == d.leader  # the 10 was added before the check


@pytest.mark.parametrize("seed", range(4))
def test_3_5_stronger_scoring(seed):
    d = search(V, lambda d: d.is_over() and d.result_summary()["reason"] == "reached_66",
               seed=10 + seed)
    w = d.result_summary()["winner"]
    opps = [d.points()[(w + 1) % 3], d.points()[(w + 2) % 3]]
    assert d.score()[w] == scale(max(opps))


def test_3_5_each_scoring():
    d = search(V, lambda d: d.is_over() and d.result_summary()["reason"] == "reached_66"
               and len({scale(d.points()[(d.result_summary()["winner"] + k) % 3])
                        for k in (1, 2)}) == 2, seed=20)
    w = d.result_summary()["winner"]
    opps = [d.points()[(w + 1) % 3], d.points()[(w + 2) % 3]]
    assert d.score()[w] == scale(max(opps))
    text = write_deal(d).replace("three_hand_scoring=stronger", "three_hand_scoring=each")
    out = replay_json(text)
    assert out["score"][w] == scale(opps[0]) + scale(opps[1]) > d.score()[w]
    assert 2 <= out["score"][w] <= 6


def test_3_6_match_to_eight():
    m = Match(V, seed=9)
    assert m.options["match_points"] == 8 and m.options["three_hand_scoring"] == "stronger"
    dealers = play_match(m, 9)
    assert max(m.totals) >= 8
    assert all(b == (a + 1) % 3 for a, b in zip(dealers, dealers[1:]))  # passes to the left


def test_5_three_hand_no_declare_and_reasons():
    d = start(V, 2, HANDS)
    assert reason(d, "declare") == "there is no declaring in sixty-six: reaching 66 wins at once"
    assert reason(d, "marriage S") == "you hold no king and queen of spades"
    run(d, "0 play AC")
    assert reason(d, "marriage H") == "only the player on lead may announce a marriage"
    assert reason(d, "play 7C") == "there is no seven of clubs in the 24-card deck of sixty-six-3"


def test_3_5_each_scoring_record():
    text = (ROOT / "tests" / "records" / "sixtysix_3_5_each.txt").read_text(encoding="utf-8")
    out = replay_json(text)
    assert out["points"] == [67, 61, 22] and out["score"] == [3, 0, 0]  # 1 + 2
    out = replay_json(text.replace("three_hand_scoring=each", "three_hand_scoring=stronger"))
    assert out["score"] == [1, 0, 0]  # against the stronger opponent's 61
    assert replay_json(text.replace(",three_hand_scoring=each", ""))["score"] == [1, 0, 0]
