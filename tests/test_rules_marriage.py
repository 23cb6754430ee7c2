"""RULES.md 0 and 1 (marriage) and the two-player details of 5: one test per numbered rule.

The helpers at the top (``make_deck``, ``start``, ``run``, ``search``) are shared with the
sixty-six test files.  Scoring branches are checked on positions found by seeded random play
(``search``): the position is a real one, the expected score is restated from RULES.md.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Callable

import pytest
from conftest import ROOT
from random_play import play_match, texts

from game.rules.actions import Action
from game.rules.base import Deal
from game.rules.cards import KQ_CARD_POINTS as CARD_POINTS
from game.rules.cards import card, mask_of, mask_str
from game.rules.errors import IllegalAction
from game.rules.kingqueen import MarriageDeal
from game.rules.match import Match
from game.rules.record import replay_json, write_deal
from game.rules.tricks import strict_legal
from game.rules.variants import deal_class, deck_cards, new_deal, random_deck

RECORDS = ROOT / "tests" / "records"


# --- helpers (also imported by test_rules_sixtysix*.py) ---------------------------------------
def make_deck(variant: str, dealer: int, hands: dict[int, list[str]], indicator: str | None = None,
              stock: tuple[str, ...] | list[str] = ()) -> list[int]:
    """A deck in dealing order giving each seat the listed cards first (in dealing order),
    the indicator (two-player games) and the stock's first cards in drawing order; every
    other position gets the unused cards in a fixed order."""
    cls = deal_class(variant)
    owners = cls.deal_owners(dealer)
    want = {s: [card(c) for c in cs] for s, cs in hands.items()}
    ind = [card(indicator)] if indicator else []
    stk = [card(c) for c in stock]
    mentioned = {c for cs in want.values() for c in cs} | set(ind) | set(stk)
    spare = [c for c in deck_cards(variant) if c not in mentioned]
    deck = []
    for pos, owner in enumerate(owners):
        if owner >= 0:
            q = want.get(owner)
            deck.append(q.pop(0) if q else spare.pop(0))
        elif pos == 12:
            deck.append(ind.pop(0) if ind else spare.pop(0))
        else:
            deck.append(stk.pop(0) if stk else spare.pop(0))
    assert sorted(deck) == sorted(deck_cards(variant))
    return deck


def start(variant: str, dealer: int, hands: dict[int, list[str]], indicator: str | None = None,
          stock: tuple[str, ...] | list[str] = (), options: str | None = None) -> Deal:
    return new_deal(variant, dealer, make_deck(variant, dealer, hands, indicator, stock), options)


def run(deal: Deal, *lines: str) -> Deal:
    """Apply ``"SEAT ACTION"`` lines (the seat is checked)."""
    for line in lines:
        seat, action = line.split(" ", 1)
        deal.apply(action, int(seat))
    return deal


def play_only(deal: Deal, n_actions: int) -> Deal:
    """Apply ``n_actions`` deterministic card plays (the first legal ``play``)."""
    for _ in range(n_actions):
        deal.apply_legal(next(a for a in deal.legal_actions() if a.text.startswith("play")))
    return deal


def search(variant: str, want: Callable[[Deal], bool], seed: int = 0, deals: int = 20000,
           avoid: tuple[str, ...] = ("declare",), options: str | None = None) -> Deal:
    """A position (before the mover acts) satisfying ``want``, reached by seeded random play
    that avoids the ``avoid`` verbs while anything else is legal."""
    rng = random.Random(seed)
    players = deal_class(variant).players
    for _ in range(deals):
        d = new_deal(variant, rng.randrange(players), random_deck(variant, rng), options)
        while not d.is_over():
            if want(d):
                return d
            acts = d.legal_actions()
            pool = [a for a in acts if a.verb not in avoid] or acts
            d.apply_legal(pool[rng.randrange(len(pool))])
        if want(d):
            return d
    raise AssertionError("no such position found")


def on_lead(d: Deal) -> bool:
    return not d.is_over() and d.led < 0 and d.stage == 0  # type: ignore[attr-defined]


def reason(d: Deal, action: str) -> str | None:
    """The English sentence of the refusal (the command line's words), or None."""
    r = d.check(action)
    return None if r is None else str(r)


# --- section 0 --------------------------------------------------------------------------------
def test_0_seats_forehand_and_dealer_alternation():
    d = new_deal("marriage", 1, deck_cards("marriage"))
    assert d.forehand == 0 and d.to_move() == 0
    m = Match("marriage", seed=3, first_dealer=1)
    first = m.start_deal()
    assert first.dealer == 1
    while not first.is_over():
        first.apply_legal(first.legal_actions()[0])
    m.finish_deal()
    assert m.start_deal().dealer == 0


def test_0_trick_winner_highest_trump_else_led_suit():
    # trump hearts (indicator 9H); seat 0 leads AS, seat 1 trumps with 7H and wins
    d = start("marriage", 1, {0: ["AS", "AC", "AD", "JS", "JC", "JD"],
                              1: ["7H", "KS", "8C", "8D", "9C", "9D"]}, indicator="9H")
    run(d, "0 play AS", "1 play 7H")
    assert d.tricks() == [0, 1] and d.to_move() == 1
    run(d, "1 play 8C", "0 play AC")  # the higher card of the led suit wins
    assert d.tricks() == [1, 1] and d.to_move() == 0
    run(d, "0 play JS", "1 play KS")
    assert d.tricks() == [1, 2]
    run(d, "1 play 8D", "0 play JC")  # another plain suit: the leader keeps the trick
    assert d.tricks() == [1, 3]


def test_0_engine_refuses_illegal_actions_with_reasons():
    d = new_deal("marriage", 0, deck_cards("marriage"))
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        d.apply("play AC", 0)
    with pytest.raises(IllegalAction, match="not an action of marriage"):
        d.apply("pass")
    before = d.replay_summary()
    with pytest.raises(IllegalAction, match="you do not hold"):
        d.apply("play 7S")
    assert d.replay_summary() == before


# --- section 1 --------------------------------------------------------------------------------
def test_1_1_deck_and_card_values():
    cards = deck_cards("marriage")
    assert len(cards) == 32 and MarriageDeal.deck_size == 32
    assert sum(CARD_POINTS[c] for c in cards) == 120
    assert [CARD_POINTS[card(r + "S")] for r in "ATKQJ987"] == [11, 10, 4, 3, 2, 0, 0, 0]


def test_1_2_deal_three_and_three_indicator_thirteenth_stock_twenty():
    assert MarriageDeal.deal_owners(0) == [1] * 3 + [0] * 3 + [1] * 3 + [0] * 3 + [-1] * 20
    assert MarriageDeal.deal_owners(1) == [0] * 3 + [1] * 3 + [0] * 3 + [1] * 3 + [-1] * 20
    deck = deck_cards("marriage")
    random.Random(5).shuffle(deck)
    d = new_deal("marriage", 0, deck)
    assert d.hand(1) == mask_of(deck[0:3] + deck[6:9])
    assert d.hand(0) == mask_of(deck[3:6] + deck[9:12])
    assert d.trump() == "CDHS"[deck[12] >> 3]
    obs = d.observation(1).to_json()
    assert obs["indicator"] == mask_str(1 << deck[12])[0]
    assert obs["stock_size"] == 20 and obs["hand_sizes"] == [6, 6]


def test_1_2_indicator_is_the_last_card_drawn():
    deck = deck_cards("marriage")
    random.Random(7).shuffle(deck)
    d = play_only(new_deal("marriage", 1, deck), 20)  # ten tricks
    assert d.stock_size() == 0 and d.observation(0).to_json()["hand_sizes"] == [6, 6]
    loser = 1 - d.to_move()
    assert d.hand(loser) >> deck[12] & 1
    # drawn face up: both seats know who holds it
    assert mask_str(1 << deck[12])[0] in d.observation(1 - loser).to_json()["known_opponent_cards"]


def test_1_3_non_dealer_leads_first():
    for dealer in (0, 1):
        d = new_deal("marriage", dealer, deck_cards("marriage"))
        assert d.to_move() == 1 - dealer
        assert d.observation(0).to_json()["forehand"] == 1 - dealer


def test_1_4_open_phase_any_card_and_winner_draws_first():
    d = start("marriage", 1, {0: ["AS", "AC", "AD", "JS", "JC", "JD"],
                              1: ["7H", "KS", "8C", "8D", "9C", "9D"]}, indicator="9H",
              stock=["TC", "TD", "QC", "QD"])
    run(d, "0 play AD")
    # no duty to follow suit, to beat or to trump
    assert texts(d.legal_actions()) == ["play 7H", "play 8C", "play 8D", "play 9C", "play 9D",
                                 "play KS"]
    run(d, "1 play 8C")
    assert d.tricks() == [1, 0]
    assert d.hand(0) >> card("TC") & 1 and d.hand(1) >> card("TD") & 1  # winner first
    assert d.observation(0).to_json()["hand_sizes"] == [6, 6] and d.stock_size() == 18
    run(d, "0 play JC", "1 play 7H")  # trumping while holding clubs is allowed
    assert d.tricks() == [1, 1]
    assert d.hand(1) >> card("QC") & 1 and d.hand(0) >> card("QD") & 1


def test_1_4_ten_tricks_exhaust_the_stock():
    deck = deck_cards("marriage")
    random.Random(11).shuffle(deck)
    d = play_only(new_deal("marriage", 0, deck), 20)
    assert sum(d.tricks()) == 10 and d.stock_size() == 0
    assert [d.hand(s).bit_count() for s in (0, 1)] == [6, 6]
    assert d.observation(0).to_json()["indicator"] is None


def test_1_5_trump_seven_exchange():
    d = start("marriage", 1, {0: ["AS", "7H", "KC", "JS", "JC", "JD"],
                              1: ["8S", "KS", "8C", "8D", "9C", "9D"]}, indicator="AH")
    assert Action.parse("exchange") not in d.legal_actions()
    assert reason(d, "exchange") == "no exchange on the first lead of the deal"
    run(d, "0 play AS")
    assert reason(d, "exchange") == "only the player on lead may exchange"
    run(d, "1 play 8S")
    assert Action.parse("exchange") in d.legal_actions()
    run(d, "0 exchange")
    assert d.hand(0) >> card("AH") & 1 and not d.hand(0) >> card("7H") & 1
    obs = d.observation(1).to_json()
    assert obs["indicator"] == "7H" and obs["indicators_seen"] == ["AH", "7H"]
    assert "AH" in obs["known_opponent_cards"]
    assert reason(d, "exchange") == "you do not hold the seven of trumps"
    assert d.stock[-1] == card("7H")  # the seven is now the last card to be drawn
    run(d, "0 play JS", "1 play KS")
    assert reason(d, "exchange") == "you do not hold the seven of trumps"


def test_1_5_exchange_needs_open_stock_and_the_seven():
    d = search("marriage", lambda d: on_lead(d) and d.stock_size() == 2
               and d.trick_log and d.hand(d.to_move()) >> (d.trump_suit * 8 + 7) & 1, seed=1)
    assert Action.parse("exchange") in d.legal_actions()  # down to the last two cards
    d = search("marriage", lambda d: on_lead(d) and d.stock_size() == 0
               and d.hand(d.to_move()) >> (d.trump_suit * 8 + 7) & 1, seed=2)
    assert reason(d, "exchange") == "the stock is too small to exchange"
    d = search("marriage", lambda d: on_lead(d) and d.closed and d.stock_size() > 0
               and d.hand(d.to_move()) >> (d.trump_suit * 8 + 7) & 1, seed=3)
    assert reason(d, "exchange") == "the stock is closed"


MARRIAGE_HANDS = {0: ["AS", "KS", "QS", "KH", "QH", "JC"],
                  1: ["8S", "9S", "8C", "8D", "9C", "9D"]}


def test_1_6_marriages_twenty_and_forty_lead_one_of_the_two():
    d = start("marriage", 1, MARRIAGE_HANDS, indicator="9H", stock=["7C", "7D", "7S", "8H"])
    assert reason(d, "marriage S") == "no marriage on the first lead of the deal"
    run(d, "0 play AS", "1 play 8S")
    assert d.points() == [11, 0]
    legal = d.legal_actions()
    assert Action.parse("marriage S") in legal and Action.parse("marriage H") in legal
    run(d, "0 marriage S")
    assert d.points() == [31, 0]  # counts at once
    assert texts(d.legal_actions()) == ["declare", "play KS", "play QS"]
    assert reason(d, "play JC") == (
        "after announcing the marriage you must play the king or queen of spades")
    assert reason(d, "marriage H") == "only one marriage per lead"
    assert reason(d, "close") == "you cannot close after announcing a marriage"
    assert reason(d, "exchange") is not None
    obs = d.observation(1).to_json()
    assert obs["marriages"] == [{"seat": 0, "suit": "S", "points": 20, "counted": True}]
    assert {"KS", "QS"} <= set(obs["known_opponent_cards"])
    run(d, "0 play QS", "1 play 9S")
    assert d.observation(1).to_json()["known_opponent_cards"] == ["KS"]  # the partner stays in hand
    assert reason(d, "marriage S") == "the marriage in spades has already been announced"
    run(d, "0 marriage H")
    assert d.points() == [31 + 3 + 40, 0]  # trump marriage 40
    assert "announces 40 in hearts" in d.events[-1]


def test_1_6_marriage_reasons():
    d = start("marriage", 1, MARRIAGE_HANDS, indicator="9H")
    run(d, "0 play AS", "1 play 8S")
    assert reason(d, "marriage D") == "you hold no king and queen of diamonds"
    d2 = start("marriage", 1, {0: ["AS", "KS", "JS", "KH", "QC", "JC"],
                               1: ["8S", "9S", "8C", "8D", "9C", "9D"]}, indicator="9H")
    run(d2, "0 play AS", "1 play 8S")
    assert reason(d2, "marriage S") == "the queen of spades is needed for the marriage"
    assert reason(d2, "marriage C") == "the king of clubs is needed for the marriage"
    run(d, "0 close")
    assert reason(d, "marriage S") == "the stock is closed"


def test_1_6_no_marriage_once_the_stock_is_exhausted_or_closed():
    pair = lambda d: any(d.hand(d.to_move()) >> (s * 8 + 2) & 3 == 3 for s in range(4))  # noqa: E731
    d = search("marriage", lambda d: on_lead(d) and d.stock_size() == 0 and pair(d), seed=4)
    assert not any(a.text.startswith("marriage") for a in d.legal_actions())
    suit = next(s for s in range(4) if d.hand(d.to_move()) >> (s * 8 + 2) & 3 == 3)
    assert reason(d, "marriage " + "CDHS"[suit]) == "no marriages once the stock is exhausted"
    d = search("marriage", lambda d: on_lead(d) and d.closed and d.stock_size() and pair(d),
               seed=5)
    assert not any(a.text.startswith("marriage") for a in d.legal_actions())


def test_1_7_declare_needs_66_and_ends_the_deal():
    d = search("marriage", lambda d: on_lead(d) and d.total(d.to_move()) >= 66, seed=6)
    s = d.to_move()
    twin = d.clone()
    run(d, f"{s} declare")
    assert d.is_over() and d.score()[s] > 0 and d.result_summary()["reason"] == "declared"
    # passing 66 does not end the deal: the player may play on instead
    run(twin, f"{s} {next(a for a in twin.legal_actions() if a.text.startswith('play'))}")
    assert not twin.is_over()


def test_1_7_false_declaration_and_declare_everywhere_on_lead():
    d = new_deal("marriage", 0, deck_cards("marriage"))
    assert Action.parse("declare") in d.legal_actions()  # also on the first lead (always false)
    run(d, "1 declare")
    assert d.score() == [2, 0] and d.result_summary()["reason"] == "false_declaration"
    d = start("marriage", 1, MARRIAGE_HANDS, indicator="9H")
    run(d, "0 play AS")
    assert reason(d, "declare") == "only the player on lead may declare"
    run(d, "1 play 8S", "0 close")
    assert d.legal_actions()[0] is Action.parse("declare")  # after closing
    d = start("marriage", 1, {0: ["AS", "7H", "KH", "QH", "JC", "JD"],
                              1: ["8S", "KS", "8C", "8D", "9C", "9D"]}, indicator="AH")
    run(d, "0 play AS", "1 play 8S", "0 exchange")
    assert Action.parse("declare") in d.legal_actions()  # after an exchange
    run(d, "0 marriage H")
    assert texts(d.legal_actions()) == ["declare", "play KH", "play QH"]  # after a marriage


def test_1_8_strict_phase_follow_beat_trump():
    d = start("marriage", 1, {0: ["9S", "AC", "AD", "JS", "JC", "JD"],
                              1: ["KS", "8S", "7H", "8C", "9C", "9D"]}, indicator="9H")
    run(d, "0 close", "0 play 9S")
    assert texts(d.legal_actions()) == ["play KS"]  # follow and beat
    assert reason(d, "play 8S") == "you must beat the trick: you hold a higher spade"
    assert reason(d, "play 7H") == "you must follow suit: you hold a spade"
    run(d, "1 play KS", "1 play 8S", "0 play JS")  # seat 0 follows and beats
    run(d, "0 play AD")
    assert texts(d.legal_actions()) == ["play 9D"]
    run(d, "1 play 9D", "0 play JD")
    assert texts(d.legal_actions()) == ["play 7H"]  # void in diamonds: must trump
    assert reason(d, "play 8C") == "you must trump: you hold no diamonds but a trump (hearts)"
    run(d, "1 play 7H", "1 play 8C")
    assert texts(d.legal_actions()) == ["play AC", "play JC"]  # both beat the eight


def test_1_8_strict_phase_after_exhaustion():
    d = search("marriage", lambda d: not d.is_over() and d.led >= 0 and d.stock_size() == 0
               and not d.closed, seed=8)
    hand = d.hand(d.to_move())
    want = strict_legal(hand, [d.led], d.trump_suit)
    assert texts(d.legal_actions()) == ["play " + c for c in sorted(mask_str(want))]
    on = search("marriage", lambda d: on_lead(d) and d.stock_size() == 0, seed=9)
    assert not {"close", "exchange"} & set(on.legal_actions())


def test_1_9_closing():
    d = start("marriage", 1, MARRIAGE_HANDS, indicator="9H")
    assert Action.parse("close") in d.legal_actions()  # also on the first lead
    run(d, "0 play AS")
    assert reason(d, "close") == "only the player on lead may close"
    run(d, "1 play 8S")
    run(d, "0 close")
    assert d.closed and d.closer == 0
    assert (d.close_opp_points, d.close_opp_trick) == (0, False)
    obs = d.observation(1).to_json()
    assert obs["closed"] and obs["closer"] == 0 and obs["indicator"] is None
    assert obs["stock_size"] == 18
    assert texts(d.legal_actions()) == ["declare"] + ["play " + c for c in mask_str(d.hand(0))]
    assert not any(a.text.startswith(("marriage", "exchange", "close")) for a in d.legal_actions())
    run(d, "0 play JC")
    run(d, f"1 {d.legal_actions()[0]}")
    assert d.stock_size() == 18 and d.observation(0).to_json()["hand_sizes"] == [5, 5]  # no drawing


def test_1_9_closing_after_an_exchange_and_no_last_trick_bonus():
    d = start("marriage", 1, {0: ["AS", "7H", "KC", "JS", "JC", "JD"],
                              1: ["8S", "KS", "8C", "8D", "9C", "9D"]}, indicator="AH")
    run(d, "0 play AS", "1 play 8S", "0 exchange", "0 close")
    assert d.closed and d.stage == 2
    d = search("marriage", lambda d: d.is_over() and d.closed and not d.hand(0)
               and not d.hand(1), seed=10, avoid=("declare",))
    marriages = sum(p for s, _, p in d.marriages if d.ntricks[s])
    taken = sum(CARD_POINTS[c] for t in d.trick_log for _, c in t)
    assert d.bonus == [0, 0]
    assert sum(d.points()) == taken + marriages  # no 10 for the last trick


def _scale(opp_total: int, opp_trick: bool) -> int:
    return 1 if opp_total >= 33 else 2 if opp_trick else 3


@pytest.mark.parametrize("seed", range(3))
def test_1_10_scoring_correct_declaration_open(seed):
    d = search("marriage", lambda d: on_lead(d) and not d.closed
               and d.total(d.to_move()) >= 66, seed=20 + seed)
    s = d.to_move()
    o = 1 - s
    expect = _scale(d.total(o), d.ntricks[o] > 0)
    run(d, f"{s} declare")
    assert d.score()[s] == expect and d.score()[o] == 0


def test_1_10_scoring_scale_2_and_3():
    d = search("marriage", lambda d: on_lead(d) and not d.closed and d.total(d.to_move()) >= 66
               and d.total(1 - d.to_move()) < 33 and d.ntricks[1 - d.to_move()], seed=23)
    s = d.to_move()
    run(d, f"{s} declare")
    assert d.score()[s] == 2
    rec = (RECORDS / "marriage_1_10_no_trick.txt").read_text(encoding="utf-8")
    out = replay_json(rec)
    assert out["tricks"][0] == 0 and out["score"] == [0, 3]


def test_1_10_scoring_closer_correct_uses_position_at_closing():
    d = search("marriage", lambda d: on_lead(d) and d.closed and d.to_move() == d.closer
               and d.total(d.closer) >= 66, seed=30)
    c = d.closer
    expect = _scale(d.close_opp_points, d.close_opp_trick)
    run(d, f"{c} declare")
    assert d.score()[c] == expect and d.result_summary()["reason"] == "declared"


def test_1_10_5_scoring_closer_fails_the_closers_opponent_scores():
    # the closer's false declaration
    d = search("marriage", lambda d: on_lead(d) and d.closed and d.to_move() == d.closer
               and d.total(d.closer) < 66, seed=31)
    c = d.closer
    expect = 2 if d.close_opp_trick else 3
    run(d, f"{c} declare")
    assert d.score()[1 - c] == expect and d.score()[c] == 0
    # the opponent declares correctly first
    d = search("marriage", lambda d: on_lead(d) and d.closed and d.to_move() != d.closer
               and d.total(d.to_move()) >= 66, seed=32)
    c = d.closer
    expect = 2 if d.close_opp_trick else 3
    run(d, f"{1 - c} declare")
    assert d.score()[1 - c] == expect
    # all tricks played without the closer's correct declaration
    d = search("marriage", lambda d: d.is_over() and d.closed and not d.hand(0)
               and not (d.trick_winner(d.trick_log[-1]) == d.closer and d.total(d.closer) >= 66),
               seed=33)
    c = d.closer
    assert d.score()[1 - c] == (2 if d.close_opp_trick else 3)
    assert d.result_summary()["reason"] == "closer_failed"


def test_5_false_declaration_by_the_closers_opponent_gives_the_closer_2():
    d = search("marriage", lambda d: on_lead(d) and d.closed and d.to_move() != d.closer
               and d.total(d.to_move()) < 66, seed=34)
    c = d.closer
    run(d, f"{1 - c} declare")
    assert d.score()[c] == 2 and d.score()[1 - c] == 0


def test_1_10_scoring_false_declaration_open():
    d = search("marriage", lambda d: on_lead(d) and not d.closed and d.trick_log
               and d.total(d.to_move()) < 66, seed=35)
    s = d.to_move()
    run(d, f"{s} declare")
    assert d.score()[1 - s] == 2 and d.score()[s] == 0


def test_1_10_scoring_last_trick():
    # not closed: the last trick's winner with 66 (10 included) is deemed to declare
    d = search("marriage", lambda d: d.is_over() and not d.closed and sum(d.tricks()) == 16,
               seed=36, deals=3000)
    w = d.trick_winner(d.trick_log[-1])
    assert d.bonus[w] == 10
    summary = d.result_summary()
    l_ = 1 - w
    if d.total(w) >= 66:
        assert d.score()[w] == _scale(d.total(l_), d.ntricks[l_] > 0)
    else:
        hi = max((0, 1), key=d.total)
        assert d.score()[hi] == _scale(d.total(1 - hi), d.ntricks[1 - hi] > 0)
    assert summary["reason"] == "last_trick"
    # the closer wins the last trick with 66: deemed to declare, position at closing
    d = search("marriage", lambda d: d.is_over() and d.closed and not d.hand(0)
               and d.trick_winner(d.trick_log[-1]) == d.closer and d.total(d.closer) >= 66,
               seed=37)
    c = d.closer
    assert d.score()[c] == _scale(d.close_opp_points, d.close_opp_trick)
    assert d.result_summary()["reason"] == "last_trick"


def test_1_10_scoring_higher_total_and_equal_totals_after_the_last_trick():
    out = replay_json((RECORDS / "marriage_1_10_higher_total.txt").read_text(encoding="utf-8"))
    p = out["points"]
    assert p == [45, 85]  # seat 0 took the last trick (10 included) but stayed below 66
    winner = p.index(max(p))
    assert out["score"][winner] == 1 and sum(out["score"]) == 1
    out = replay_json((RECORDS / "marriage_1_10_equal.txt").read_text(encoding="utf-8"))
    assert out["points"][0] == out["points"][1] and out["score"] == [0, 0]


def test_1_11_match_to_seven():
    m = Match("marriage", seed=4)
    assert m.options["match_points"] == 7
    dealers = play_match(m, 4)
    d = m.deals[-1]
    assert max(m.totals) >= 7 and max(m.totals) - max(d.score()) < 7
    assert all(a != b for a, b in zip(dealers, dealers[1:]))
    assert Match("marriage", "match_points=3").options["match_points"] == 3


def test_1_12_worked_example_record():
    text = (RECORDS / "marriage_1_12.txt").read_text(encoding="utf-8")
    out = replay_json(text)
    assert out["over"] is True
    assert out["points"] == [68, 25]
    assert out["tricks"] == [2, 2]
    assert out["score"] == [2, 0]
    assert out["trump"] == "H"
    assert out["legal"] == [] and out["to_move"] is None
    assert "seat 0 announces 40 in hearts" in out["events"]
    assert "seat 0 declares 66 with 68 points" in out["events"]
    d = replay_text_one(text)
    assert d.result_summary()["text"] == "Seat 0 declared 66 with 68; opponent 25 with a trick: 2"
    assert d.result_summary()["reason"] == "declared"


def replay_text_one(text: str) -> Deal:
    from game.rules.record import replay_text

    return replay_text(text)[-1]


def test_1_12_worked_example_cli():
    proc = subprocess.run([sys.executable, "-m", "game.rules", "replay",
                           str(RECORDS / "marriage_1_12.txt")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["score"] == [2, 0] and out["points"] == [68, 25]


def test_1_12_position_before_the_declaration():
    text = (RECORDS / "marriage_1_12.txt").read_text(encoding="utf-8")
    head = text.split("0 marriage H")[0]
    out = replay_json(head)
    assert out["to_move"] == 0 and out["points"] == [28, 25]
    assert out["legal"] == ["close", "declare", "marriage H", "play 9C", "play 9D", "play KC",
                            "play KD", "play KH", "play QH"]
    out = replay_json(head + "0 marriage H\n")
    assert out["legal"] == ["declare", "play KH", "play QH"] and out["points"] == [68, 25]


def test_cli_illegal_line_exits_2_naming_line_action_and_reason():
    text = (RECORDS / "marriage_1_12.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    bad_no = next(i for i, line in enumerate(lines, 1) if line == "1 play AC")
    lines[bad_no - 1] = "1 play 7H"
    proc = subprocess.run([sys.executable, "-m", "game.rules", "replay", "-"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    err = proc.stderr.strip().splitlines()
    assert len(err) == 1
    assert f"line {bad_no}" in err[0] and "1 play 7H" in err[0] and "do not hold" in err[0]


# --- section 5: two-player settled details ----------------------------------------------------
def test_5_stock_drawn_in_deck_order_indicator_last():
    deck = deck_cards("marriage")
    random.Random(12).shuffle(deck)
    d = new_deal("marriage", 0, deck)
    seen = []
    while d.stock_size():
        before = [d.hand(0), d.hand(1)]
        leader = d.to_move()
        d.apply_legal(next(a for a in d.legal_actions() if a.text.startswith("play")))
        d.apply_legal(next(a for a in d.legal_actions() if a.text.startswith("play")))
        w = d.to_move()
        for s in (w, 1 - w):
            new = d.hand(s) & ~before[s]
            assert new.bit_count() == 1
            seen.append(new.bit_length() - 1)
        del leader
    assert seen == deck[13:] + [deck[12]]


def test_5_turn_order_exchange_then_close_or_marriage_then_declare_then_card():
    hands = {0: ["AS", "7H", "KC", "QC", "JC", "JD"], 1: ["8S", "KS", "8C", "8D", "9C", "9D"]}
    d = start("marriage", 1, hands, indicator="AH")
    run(d, "0 play AS", "1 play 8S")
    assert texts(d.legal_actions()[:4]) == ["close", "declare", "exchange", "marriage C"]
    twin = d.clone()
    run(d, "0 exchange")
    assert texts(d.legal_actions()[:3]) == ["close", "declare", "marriage C"]
    run(d, "0 close")
    assert [a.text for a in d.legal_actions() if not a.is_play] == ["declare"]
    run(twin, "0 marriage C")
    assert reason(twin, "exchange") == "exchange first: before closing or announcing a marriage"
    assert texts(twin.legal_actions()) == ["declare", "play KC", "play QC"]


def test_5_result_summary_and_events():
    d = new_deal("marriage", 0, deck_cards("marriage"))
    assert d.result_summary()["winner"] is None
    run(d, "1 close")
    assert d.events[-1] == "seat 1 closes the stock"
    run(d, "1 declare")
    s = d.result_summary()
    assert s["winner"] == 0 and s["points"] == 3 and s["reason"] == "false_declaration"
    assert s["closed"] and s["closer"] == 1 and "closer failed" in s["text"]


def test_write_deal_round_trip():
    d = search("marriage", lambda d: d.is_over(), seed=40, avoid=())
    again = replay_text_one(write_deal(d))
    assert again.replay_summary() == d.replay_summary()
    assert again.result_summary() == d.result_summary()
