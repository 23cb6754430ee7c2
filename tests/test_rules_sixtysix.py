"""RULES.md 2 (sixty-six, two players) and its details in 5: one test per numbered rule."""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from random_play import play_match, texts
from test_rules_marriage import on_lead, play_only, reason, run, search, start

from game.rules.actions import Action
from game.rules.cards import KQ_CARD_POINTS as CARD_POINTS
from game.rules.cards import card, mask_of, mask_str
from game.rules.kingqueen import SixtySixDeal
from game.rules.match import Match
from game.rules.record import replay_json, replay_text, write_deal
from game.rules.tricks import strict_legal
from game.rules.variants import deck_cards, new_deal

RECORDS = ROOT / "tests" / "records"
V = "sixty-six"


def has_pair(d) -> bool:
    return any(d.hand(d.to_move()) >> (s * 8 + 2) & 3 == 3 for s in range(4))


def test_2_1_deck_and_values():
    cards = deck_cards(V)
    assert len(cards) == 24 and SixtySixDeal.deck_size == 24
    assert mask_str(mask_of(cards)) == sorted(r + s for r in "ATKQJ9" for s in "CDHS")
    assert sum(CARD_POINTS[c] for c in cards) == 120
    assert [CARD_POINTS[card(r + "D")] for r in "ATKQJ9"] == [11, 10, 4, 3, 2, 0]
    d = start(V, 1, {0: ["AS", "KS", "QS", "KH", "QH", "JC"],
                     1: ["9S", "JS", "9C", "9D", "TD", "AD"]}, indicator="JH")
    run(d, "0 play AS", "1 play 9S", "0 marriage S")
    assert d.points() == [31, 0]
    run(d, "0 play QS", "1 play JS", "0 marriage H")
    assert d.points() == [31 + 5 + 40, 0] and d.is_over() and d.score() == [3, 0]


def test_2_1_no_sevens_or_eights():
    d = new_deal(V, 0, deck_cards(V))
    assert reason(d, "play 8C") == "there is no eight of clubs in the 24-card deck of sixty-six"


def test_2_2_deal_and_stock_of_twelve():
    assert SixtySixDeal.deal_owners(0) == [1] * 3 + [0] * 3 + [1] * 3 + [0] * 3 + [-1] * 12
    deck = deck_cards(V)
    random.Random(2).shuffle(deck)
    d = new_deal(V, 0, deck)
    assert d.hand(1) == mask_of(deck[0:3] + deck[6:9])
    assert d.hand(0) == mask_of(deck[3:6] + deck[9:12])
    assert d.trump() == "CDHS"[deck[12] >> 3]
    assert d.stock_size() == 12 and d.to_move() == 1  # the non-dealer leads
    assert d.stock == deck[13:] + [deck[12]]  # the indicator is drawn last
    play_only(d, 12)
    assert d.stock_size() == 0
    loser = 1 - d.to_move()
    assert d.hand(loser) >> deck[12] & 1


def test_2_3_open_phase_any_card_trump_while_holding_the_suit():
    d = start(V, 1, {0: ["AS", "KS", "QS", "KH", "QH", "JC"],
                     1: ["9S", "JS", "9H", "9D", "TD", "AD"]}, indicator="JH",
              stock=["TC", "9C"])
    run(d, "0 play QS")
    assert len(d.legal_actions()) == 6
    run(d, "1 play 9H")  # trumps while holding spades
    assert d.tricks() == [0, 1] and d.to_move() == 1
    assert d.hand(1) >> card("TC") & 1 and d.hand(0) >> card("9C") & 1  # winner draws first


def test_2_4_trump_nine_exchange():
    d = start(V, 1, {0: ["AS", "9H", "KC", "JS", "JC", "JD"],
                     1: ["9S", "KS", "QC", "9D", "9C", "AD"]}, indicator="AH")
    assert reason(d, "exchange") == "no exchange on the first lead of the deal"
    run(d, "0 play AS", "1 play 9S")
    assert Action.parse("exchange") in d.legal_actions()
    run(d, "0 exchange")
    assert d.hand(0) >> card("AH") & 1 and d.stock[-1] == card("9H")
    assert d.observation(1).to_json()["indicator"] == "9H"
    assert reason(d, "exchange") == "you do not hold the nine of trumps"
    d = search(V, lambda d: on_lead(d) and d.stock_size() == 2 and d.trick_log
               and d.hand(d.to_move()) >> (d.trump_suit * 8 + 5) & 1, seed=1)
    assert Action.parse("exchange") in d.legal_actions()  # down to the last two cards
    d = search(V, lambda d: on_lead(d) and d.closed
               and d.hand(d.to_move()) >> (d.trump_suit * 8 + 5) & 1, seed=2)
    assert reason(d, "exchange") == "the stock is closed"


def test_2_5_marriage_on_the_first_lead_is_pending_until_a_trick():
    d = start(V, 1, {0: ["KH", "QH", "9C", "9S", "JC", "JD"],
                     1: ["AH", "KS", "QC", "9D", "TC", "AD"]}, indicator="JH",
              stock=["TS", "AS", "QD", "KD"])
    assert Action.parse("marriage H") in d.legal_actions()
    run(d, "0 marriage H")
    assert texts(d.legal_actions()) == ["play KH", "play QH"]  # no declare in sixty-six
    assert d.points() == [0, 0]
    obs = d.observation(1).to_json()
    assert obs["marriages"] == [{"seat": 0, "suit": "H", "points": 40, "counted": False}]
    assert d.events[-1] == "seat 0 announces 40 in hearts (pending until seat 0 takes a trick)"
    run(d, "0 play QH", "1 play AH")  # seat 0 loses: still pending
    run(d, "1 play AD", "0 play JD")
    assert d.points() == [0, 27]
    assert d.observation(0).to_json()["marriages"][0]["counted"] is False
    run(d, "1 play TC", "0 play KH")  # seat 0 trumps and takes its first trick
    assert d.points() == [14 + 40, 27]
    assert d.observation(1).to_json()["marriages"][0]["counted"] is True


def test_2_5_5_pending_marriage_counts_after_the_first_trick():
    d = search(V, lambda d: on_lead(d) and d.first_lead() and has_pair(d), seed=3)
    s = d.to_move()
    suit = next(x for x in range(4) if d.hand(s) >> (x * 8 + 2) & 3 == 3)
    run(d, f"{s} marriage {'CDHS'[suit]}")
    pts = 40 if suit == d.trump_suit else 20
    assert d.points()[s] == 0
    while not d.is_over() and d.ntricks[s] == 0:
        d.apply_legal(d.legal_actions()[-1])
    if d.ntricks[s]:
        assert d.points()[s] == d.card_pts[s] + d.bonus[s] + pts


def test_2_5_marriages_in_the_strict_phase_and_after_closing():
    d = search(V, lambda d: on_lead(d) and d.stock_size() == 0 and not d.closed and has_pair(d),
               seed=4)
    assert any(a.text.startswith("marriage") for a in d.legal_actions())
    d = search(V, lambda d: on_lead(d) and d.closed and has_pair(d), seed=5)
    assert any(a.text.startswith("marriage") for a in d.legal_actions())
    # but not in the turn of closing (RULES.md 5: after close only a card)
    d = start(V, 1, {0: ["KH", "QH", "9C", "9S", "JC", "JD"],
                     1: ["AH", "KS", "QC", "9D", "TC", "AD"]}, indicator="JH")
    run(d, "0 close")
    assert reason(d, "marriage H") == "no marriage in the turn you close: play a card"
    assert all(a.text.startswith("play") for a in d.legal_actions())


def test_2_5_each_suit_once_and_one_per_lead():
    d = start(V, 1, {0: ["AS", "KS", "QS", "KH", "QH", "JC"],
                     1: ["9S", "JS", "9C", "9D", "TD", "AD"]}, indicator="JH")
    run(d, "0 marriage S")
    assert reason(d, "marriage H") == "only one marriage per lead"
    assert reason(d, "play AS") == (
        "after announcing the marriage you must play the king or queen of spades")
    run(d, "0 play QS", "1 play 9S")
    assert reason(d, "marriage S") == "the marriage in spades has already been announced"
    assert d.observation(1).to_json()["known_opponent_cards"] == ["KS"]


def test_2_6_strict_phase_follow_beat_trump():
    d = start(V, 1, {0: ["9S", "AC", "AD", "JS", "JC", "JD"],
                     1: ["KS", "QS", "9H", "9C", "QC", "9D"]}, indicator="JH")
    run(d, "0 close", "0 play JS")
    assert texts(d.legal_actions()) == ["play KS", "play QS"]
    assert reason(d, "play 9H") == "you must follow suit: you hold a spade"
    run(d, "1 play QS", "1 play KS", "0 play 9S", "1 play 9C")
    assert texts(d.legal_actions()) == ["play AC", "play JC"]  # follow and beat
    run(d, "0 play AC", "0 play AD", "1 play 9D", "0 play JD")
    assert texts(d.legal_actions()) == ["play 9H"]  # void: must trump
    assert reason(d, "play QC") == "you must trump: you hold no diamonds but a trump (hearts)"
    d = search(V, lambda d: not d.is_over() and d.led >= 0 and d.stock_size() == 0
               and not d.closed, seed=6)
    want = strict_legal(d.hand(d.to_move()), [d.led], d.trump_suit)
    assert texts(d.legal_actions()) == ["play " + c for c in mask_str(want)]


def test_2_7_closing():
    d = start(V, 1, {0: ["9S", "AC", "AD", "JS", "JC", "JD"],
                     1: ["KS", "QS", "9H", "9C", "QC", "9D"]}, indicator="JH")
    assert Action.parse("close") in d.legal_actions()  # also on the first lead
    run(d, "0 close")
    obs = d.observation(1).to_json()
    assert obs["closed"] and obs["closer"] == 0 and obs["indicator"] is None
    assert obs["trump"] == "H"
    run(d, "0 play AC", "1 play QC")
    assert d.stock_size() == 12 and d.observation(0).to_json()["hand_sizes"] == [5, 5]  # no drawing
    assert reason(d, "close") == "the stock is already closed"


def test_2_8_first_to_66_wins_at_once_after_a_trick():
    d = search(V, lambda d: d.is_over() and d.result_summary()["reason"] == "reached_66"
               and d.history[-1][1].text.startswith("play"), seed=7)
    w = d.result_summary()["winner"]
    assert d.points()[w] >= 66
    before = replay_text(write_deal(d).rsplit("\n", 2)[0] + "\n")[0]
    assert not before.is_over() and before.points()[w] < 66


def test_2_8_5_marriage_reaching_66_ends_the_deal_on_the_announcement():
    d = start(V, 1, {0: ["AS", "TS", "KH", "QH", "AC", "TC"],
                     1: ["9S", "JS", "9C", "JC", "9D", "JD"]}, indicator="JH")
    run(d, "0 play AS", "1 play 9S", "0 play TS", "1 play JS", "0 play AC", "1 play 9C")
    assert d.points() == [34, 0]
    run(d, "0 marriage H")
    assert d.is_over() and d.points() == [74, 0] and d.score() == [3, 0]
    assert d.result_summary()["reason"] == "reached_66"
    assert d.hand(0) >> card("KH") & 1 and d.hand(0) >> card("QH") & 1  # not played


def test_2_8_5_last_trick_ten_before_the_check_and_no_score():
    d = search(V, lambda d: d.is_over() and not d.closed and d.hand(0) == 0
               and d.result_summary()["reason"] == "reached_66"
               and d.card_pts[d.result_summary()["winner"]]
               + d.mar_pts[d.result_summary()["winner"]] < 66, seed=8, deals=5000)
    w = d.result_summary()["winner"]
    assert d.bonus[w] == 10 and d.points()[w] >= 66
    out = replay_json((RECORDS / "sixtysix_2_8_no_score.txt").read_text(encoding="utf-8"))
    assert out["points"] == [65, 65] and out["score"] == [0, 0] and out["over"]


@pytest.mark.parametrize("seed", range(3))
def test_2_9_scoring_not_closed(seed):
    d = search(V, lambda d: d.is_over() and not d.closed
               and d.result_summary()["reason"] == "reached_66", seed=10 + seed)
    w = d.result_summary()["winner"]
    lt = d.points()[1 - w]
    assert d.score()[w] == (1 if lt >= 33 else 2 if lt > 0 else 3)
    assert d.score()[1 - w] == 0


def test_2_9_scoring_two_points_below_33():
    d = search(V, lambda d: d.is_over() and not d.closed and d.score() and max(d.score()) == 2,
               seed=14)
    w = d.result_summary()["winner"]
    assert 0 < d.points()[1 - w] < 33


def test_2_9_5_scoring_no_point_at_all_even_with_a_trick():
    out = replay_json((RECORDS / "sixtysix_2_9_no_point.txt").read_text(encoding="utf-8"))
    assert out["tricks"][0] == 1 and out["points"][0] == 0
    assert out["score"] == [0, 3]


def test_2_9_scoring_closed_winner_always_three():
    for seed, who in ((20, "closer"), (21, "opponent")):
        d = search(V, lambda d, who=who: d.is_over() and d.closed
                   and d.result_summary()["reason"] == "reached_66"
                   and (d.result_summary()["winner"] == d.closer) == (who == "closer"),
                   seed=seed)
        assert d.result_summary()["points"] == 3


def test_2_9_scoring_closed_closer_fails_opponent_three():
    d = search(V, lambda d: d.is_over() and d.closed
               and d.result_summary()["reason"] == "closer_failed", seed=22)
    assert d.score()[1 - d.closer] == 3 and d.score()[d.closer] == 0
    assert d.bonus == [0, 0]  # no last-trick 10 in a closed deal
    assert max(d.points()) < 66


def test_2_10_match_to_eight():
    for opts, goal in ((None, 8), ("match_points=7", 7)):
        m = Match(V, opts, seed=5)
        dealers = play_match(m, 5)
        assert max(m.totals) >= goal
        assert all(a != b for a, b in zip(dealers, dealers[1:]))


def test_5_sixty_six_has_no_declare():
    d = new_deal(V, 0, deck_cards(V))
    assert Action.parse("declare") not in d.legal_actions()
    assert reason(d, "declare") == "there is no declaring in sixty-six: reaching 66 wins at once"


def test_5_closed_nobody_at_66_closer_opponent_scores_three():
    d = start(V, 1, {0: ["9S", "AC", "AD", "JS", "JC", "JD"],
                     1: ["KS", "QS", "9H", "9C", "QC", "9D"]}, indicator="JH")
    run(d, "0 close")
    while not d.is_over():
        d.apply_legal(d.legal_actions()[0])
    summary = d.result_summary()
    assert summary["closed"] and summary["closer"] == 0
    assert d.points() == [22, 16]  # nobody reached 66; no 10 for the last trick
    assert summary["reason"] == "closer_failed" and d.score() == [0, 3]
    assert summary["text"] == "Seat 0 closed but did not reach 66 (22): seat 1 scores 3"


def test_5_pending_marriages_not_in_points():
    d = start(V, 1, {0: ["KH", "QH", "9C", "9S", "JC", "JD"],
                     1: ["AH", "KS", "QC", "9D", "TC", "AD"]}, indicator="JH")
    run(d, "0 marriage H", "0 play KH")
    assert replay_json(write_deal(d))["points"] == [0, 0]


def test_2_9_record_through_the_cli():
    import json
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "game.rules", "replay",
                           str(RECORDS / "sixtysix_2_9_no_point.txt")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["variant"] == "sixty-six" and out["score"] == [0, 3]
    assert out["events"][-1] == "Seat 1 reached 66 with 73 after a trick; opponent 0: 3"
