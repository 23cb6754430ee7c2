"""Mariáš: one test (or more) per numbered rule of RULES.md 4 and per `marias` line of 5.

Seats: dealer 2, so forehand (the first soloist) is seat 0, then seats 1 and 2.
"""

from __future__ import annotations

import json
import random

import pytest
from random_play import texts
from test_rules_marias_util import autoplay, avoid, cards, deck_for, mask, new, passes, run, why

from game.rules import IllegalAction, new_deal
from game.rules.actions import TRUMP_BLIND, Action
from game.rules.cards import CARD_STR
from game.rules.marias import MariasDeal
from game.rules.marias_scoring import hundred_lost_base, hundred_won_base, pay, suit_components
from game.rules.record import write_deal

# A Suit deal in hearts: seat 0 holds every heart, AC TC; discards KC QC.
ALL_HEARTS = {0: "AH TH KH QH JH 9H 8H AC 7H TC KC QC"}


def suit_deal(hands=None, trump="9H", contract="suit", discard="KC QC", doubling=None,
              **options) -> MariasDeal:
    deal = new(hands or ALL_HEARTS, **options)
    run(deal, f"0 trump {trump}\n0 contract {contract}\n0 discard {discard}\n1 good\n2 good")
    if doubling is not False:
        run(deal, doubling or passes())
    return deal


# --- 4.1 deck and values -----------------------------------------------------------------
def test_4_1_ninety_card_points_and_rank_orders():
    deal = autoplay(suit_deal())
    assert sum(deal.card_points) == 90
    # Betl/Durch: A K Q J 10 9 8 7 -- the ten ranks below the jack.
    d = new({0: "KD AC AS AH KS QS JS 9S TC TH 8C 7C", 1: "TD 9C", 2: "JD AD"})
    run(d, "0 trump AC\n0 contract durch\n0 discard 8C 7C\n1 good\n2 good\n" + passes())
    run(d, "0 play KD")
    # seat 1 must follow diamonds; in no-trump TD does not beat KD, so any diamond is legal
    legal1 = d.legal_actions()
    assert Action.parse("play TD") in legal1


# --- 4.2 dealing ---------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_4_2_deal_7_5_5(dealer):
    owners = MariasDeal.deal_owners(dealer)
    fh, mid = (dealer + 1) % 3, (dealer + 2) % 3
    assert owners == [fh] * 7 + [mid] * 5 + [dealer] * 5 + [fh] * 5 + [mid] * 5 + [dealer] * 5
    deck = list(range(32))
    deal = new_deal("marias", dealer, deck)
    assert deal.hand(fh) == mask_from(deck[0:7] + deck[17:22])
    assert deal.hand(mid) == mask_from(deck[7:12] + deck[22:27])
    assert deal.hand(dealer) == mask_from(deck[12:17] + deck[27:32])
    assert [deal.hand(s).bit_count() for s in (fh, mid, dealer)] == [12, 10, 10]
    assert deal.to_move() == fh


def mask_from(cs):
    m = 0
    for c in cs:
        m |= 1 << c
    return m


def test_4_2_gathering_order():
    deal = suit_deal()
    for _ in range(2):  # two tricks, then stop mid-trick
        for _ in range(3):
            deal.apply_legal(deal.legal_actions()[0])
    deal.apply_legal(deal.legal_actions()[0])
    g = deal.gathered()
    played = [c for t in deal.trick_log for _s, c in t] + deal.trick
    assert g[:7] == played
    assert sorted(g) == list(range(32))
    talon = [c for c in range(32) if deal.talon >> c & 1]
    assert g[7:9] == talon
    rest = g[9:]
    at = 0
    for i in range(3):
        seat = (deal.forehand + i) % 3
        n = deal.hand(seat).bit_count()
        assert mask_from(rest[at:at + n]) == deal.hand(seat)
        at += n


def test_4_2_match_gather_and_cut_and_rotation():
    import random

    from game.rules import Match

    m = Match("marias", {"rounds": 1}, seed=7, first_dealer=1)
    rng = random.Random(3)
    dealers = []
    previous = None
    while not m.is_over():
        deal = m.start_deal()
        dealers.append(deal.dealer)
        if previous is not None:
            g = previous.gathered()
            k = g.index(deal.deck[0])
            assert list(deal.deck) == g[k:] + g[:k]  # gathered, then cut
        autoplay(deal, rng=rng)
        m.finish_deal()
        previous = deal
    assert dealers == [1, 2, 0]
    assert sum(m.totals) == 0


# --- 4.3 trump choice ------------------------------------------------------------------------
def test_4_3_trump_from_first_seven_or_blind():
    deal = new({0: "AC KC QC JC 9C 8C 7C AD KD QD JD 9D"})
    legal = deal.legal_actions()
    assert len(legal) == 12 and all(a.text.startswith("trump ") for a in legal)
    obs = deal.observation(0).to_json()
    assert obs["phase"] == "trump"
    assert obs["hand"] == sorted(["AC", "KC", "QC", "JC", "9C", "8C", "7C"])
    assert obs["first_seven"] == obs["hand"]
    assert obs["legal"] == sorted("trump " + c for c in obs["hand"])
    assert obs["blind_trump"] == 5
    assert "AD" not in json.dumps(obs)
    # the blind choice is chance: one of the five face-down cards, each 1/5
    outcomes = deal.chance_outcomes(TRUMP_BLIND)
    assert len(outcomes) == 5 and all(p == pytest.approx(0.2) for _a, p in outcomes)
    assert {a.card_text for a, _p in outcomes} == {"AD", "KD", "QD", "JD", "9D"}
    with pytest.raises(ValueError):
        deal.apply("trump blind", 0)  # chance needs a random source
    pick = random.Random(0)
    expected = outcomes[random.Random(0).randrange(5)][0]
    applied = deal.apply("trump blind", 0, chance=pick)
    assert applied is expected and deal.history[-1] == (0, expected)  # the record names the card
    assert "trump blind" not in write_deal(deal)
    deal = new({0: "AC KC QC JC 9C 8C 7C AD KD QD JD 9D"})
    deal.apply(outcomes[2][0], 0)  # a record's blind card: the card itself
    obs = deal.observation(0).to_json()
    assert len(obs["hand"]) == 12 and obs["trump_card"] == "QD"
    for seat in (1, 2):
        o = deal.observation(seat).to_json()
        assert o["trump_card"] is None and o["trump"] is None
        assert [0, "trump ??"] in o["history"]
    with pytest.raises(IllegalAction):
        new().apply("trump AS", 0)  # not forehand's card (seat 2 gets spades)


# --- 4.4 contracts and discards --------------------------------------------------------------
def test_4_4_forehand_names_a_contract_and_cannot_pass():
    deal = run(new({0: "AC KC QC JC 9C 8C 7C AD KD QD JD 9D"}), "0 trump AC")
    legal = deal.legal_actions()
    assert legal == sorted(legal)
    assert Action.parse("pass") not in legal and Action.parse("contract suit") in legal
    assert Action.parse("contract open-durch") in legal
    assert Action.parse("contract suit seven") in legal  # holds 7C
    assert deal.check("pass") is not None
    deal2 = run(new({0: "AC KC QC JC 9C 8C AS AD KD QD JD 9D"}), "0 trump AD")
    assert Action.parse("contract suit seven") not in deal2.legal_actions()
    assert why(deal2, "contract suit seven") == "Seven needs the trump seven in your hand"


def test_4_4_suit_discard_rules():
    deal = run(new({0: "AC KC QC JC 9C 8C 7C TD KD QD JD 9D"}),
               "0 trump 9C\n0 contract suit seven")
    assert deal.trump() == "C" and deal.contract() == "suit seven"
    assert why(deal, "discard AC KD") == "you may not discard an ace or a ten in a Suit contract"
    assert why(deal, "discard TD KD") == "you may not discard an ace or a ten in a Suit contract"
    assert why(deal, "discard 7C KD") == "the trump seven must stay in hand: you announced Seven"
    assert "kept aside" in why(deal, "discard 9C KD")
    assert deal.check("discard 8C KD") is None  # other trumps may go
    legal = deal.legal_actions()
    assert legal == sorted(legal)
    assert all(a.text.split()[1] < a.text.split()[2] for a in legal)
    assert Action.parse("discard 8C KD") in legal
    assert not any("AC" in a.text or "7C" in a.text for a in legal)
    deal.apply("discard kd 8c", 0)
    assert deal.history[-1] == (0, Action.parse("discard 8C KD"))
    assert deal.hand(0).bit_count() == 10 and deal.hand(0) >> 8 * 0 + 5 & 1  # 9C stays


def test_4_4_no_trump_discard_any_two_and_trump_card_back():
    deal = run(new({0: "AC KC QC JC 9C 8C 7C TD KD QD JD 9D"}),
               "0 trump 9C\n0 contract betl")
    assert deal.trump() is None and deal.contract() == "betl"
    assert deal.check("discard AC 9C") is None
    assert len(deal.legal_actions()) == 66


# --- 4.5 good or bad -----------------------------------------------------------------------
def test_4_5_good_bad_strictly_higher_and_asking_order():
    deal = run(new(), "0 trump AC\n0 contract suit\n0 discard KC QC")
    assert deal.phase == "answer" and deal.to_move() == 1
    assert deal.trump() == "C"  # a Suit contract shows its suit while the others answer
    assert texts(deal.legal_actions()) == [
        "bad betl", "bad durch", "bad open-betl", "bad open-durch",
                                    "good"]
    run(deal, "1 good\n2 bad betl")
    assert deal.soloist == 2 and deal.phase == "discard" and deal.to_move() == 2
    assert deal.trump() is None and deal.contract() == "betl"
    assert deal.hand(2).bit_count() == 12  # took the talon
    run(deal, "2 discard 7S 8S")
    assert deal.to_move() == 0  # clockwise from the new soloist
    assert why(deal, "bad betl") == "Betl is not higher than Betl: name a higher contract"
    assert "suit" not in " ".join(a.text for a in deal.legal_actions())
    run(deal, "0 good")
    assert deal.to_move() == 1
    run(deal, "1 bad durch\n1 discard 7D 8D\n2 good\n0 good")
    assert deal.phase == "doubling" and deal.soloist == 1 and deal.contract() == "durch"
    assert deal.to_move() == 2


def test_4_5_bad_sayer_sees_the_talon_it_took_up():
    """The talon taken up after "bad" is known to the one who took it, to nobody else."""
    from pathlib import Path

    from game.rules.record import parse_record

    rec = parse_record((Path(__file__).parent / "records" / "marias_betl_overbid.txt")
                       .read_text(encoding="utf-8"))[0]
    deal = new_deal(rec.variant, rec.dealer, rec.deck, rec.options)
    for _line, seat, action in rec.actions:
        deal.apply(action, seat)
        if action == "bad betl":
            break
    assert deal.observation(2).to_json()["picked_up"] == ["KD", "QD"]
    # forehand laid them: it knows them as talon
    assert deal.observation(0).to_json()["picked_up"] is None
    assert deal.observation(1).to_json()["picked_up"] is None
    assert "discard ?? ??" in [a for _s, a in deal.observation(1).to_json()["history"]]


def test_4_5_open_durch_is_not_asked():
    deal = run(new(), "0 trump AC\n0 contract suit\n0 discard KC QC\n1 bad open-durch")
    run(deal, "1 discard 7D 8D")
    assert deal.phase == "doubling" and deal.to_move() == 2
    deal2 = run(new(), "0 trump AC\n0 contract open-durch\n0 discard KC QC")
    assert deal2.phase == "doubling"


# --- 4.6 start of play --------------------------------------------------------------------
def test_4_6_trump_card_shown_soloist_leads_ten_each():
    deal = suit_deal()
    assert deal.phase == "play" and deal.to_move() == 0
    assert [deal.hand(s).bit_count() for s in range(3)] == [10, 10, 10]
    for seat in (1, 2):
        obs = deal.observation(seat).to_json()
        assert obs["trump_card"] == "9H" and obs["trump"] == "H"
        assert [0, "trump 9H"] in obs["history"]
        assert obs["talon"] is None and [0, "discard ?? ??"] in obs["history"]
    assert deal.observation(0).to_json()["talon"] == ["KC", "QC"]


# --- 4.7 and 5: doubling -----------------------------------------------------------------
def test_4_7_doubling_round_flek_re_tutti_and_three_passes():
    deal = suit_deal(contract="suit seven", doubling=False)
    assert deal.phase == "doubling" and deal.to_move() == 1
    assert texts(deal.legal_actions()) == [
        "announce hundred-against", "double game", "double seven",
                                    "pass"]
    run(deal, "1 flek game")
    assert why(deal, "double game") == "only the soloist may re the game now"
    run(deal, "2 double seven")  # the other defender: both bind the defenders
    assert texts(deal.legal_actions()) == ["double game", "double seven", "pass"]
    run(deal, "0 re game\n1 tutti game\n2 pass\n0 pass")
    assert deal.phase == "doubling"
    run(deal, "1 pass")
    assert deal.phase == "play"
    assert deal.doublings == {"game": 3, "seven": 1}
    assert deal.observation(2).to_json()["doublings"] == {"game": 3, "seven": 1}


def test_4_7_only_the_defenders_flek_first():
    deal = suit_deal(doubling="1 pass\n2 pass")
    assert deal.to_move() == 0
    assert why(deal, "double game") == "only the defenders may flek the game now"
    assert why(deal, "flek game") == "only the defenders may flek the game now"
    assert why(deal, "announce hundred-against") == "only a defender can announce Hundred against"


def test_4_7_cap_at_six_doublings():
    deal = suit_deal(doubling=False)
    run(deal, "1 double game\n2 pass\n0 double game\n1 double game\n2 pass\n0 double game\n"
              "1 double game\n2 pass\n0 double game")
    assert deal.doublings["game"] == 6
    assert deal.to_move() == 1
    assert why(deal, "double game") == "the game has been doubled 6 times already"
    assert Action.parse("double game") not in deal.legal_actions()


def test_4_7_seven_against_needs_the_trump_seven():
    hands = {0: "AC TC KC QC JC 9C 8C AD TD KD QD JD", 1: "7H 9H", 2: "8H"}
    deal = suit_deal(hands, trump="8C", discard="KD QD", doubling=False)
    assert deal.trump() == "C"
    run(deal, "1 pass")
    deal2 = suit_deal({0: "AC TC KC QC JC 9C 8C AD TD KD QD JD", 1: "7C", 2: "7H"},
                      trump="8C", discard="KD QD", doubling=False)
    assert Action.parse("announce seven-against") in deal2.legal_actions()
    run(deal2, "1 pass")
    assert why(deal2, "announce seven-against") == (
        "Seven against needs the trump seven in your hand")
    run(deal2, "2 double game\n0 pass\n1 announce seven-against")
    assert deal2.doublings == {"game": 1, "seven-against": 0}
    # the soloist doubles Seven against first (the defenders own it)
    assert why(deal2, "double seven-against") == (
        "only the soloist may flek the seven-against now")
    run(deal2, "2 pass\n0 double seven-against\n1 double seven-against")
    assert deal2.doublings["seven-against"] == 2
    assert deal2.observation(0).to_json()["announcements"] == [{"seat": 1, "name": "seven-against"}]


def test_4_7_hundred_against_replaces_the_game():
    deal = suit_deal(doubling=False)
    run(deal, "1 double game\n2 announce hundred-against")
    assert deal.doublings == {"hundred-against": 0}
    assert why(deal, "double game") == "the game has been replaced by Hundred against"
    # seat 0, the soloist, first
    assert Action.parse("double hundred-against") in deal.legal_actions()
    run(deal, "0 pass")
    assert why(deal, "double hundred-against") == (
        "only the soloist may flek the hundred-against now")
    run(deal, "1 pass\n2 pass")
    assert deal.phase == "play" and deal.doublings == {"hundred-against": 0}
    deal2 = suit_deal(contract="suit hundred", doubling=False)
    assert Action.parse("announce hundred-against") not in deal2.legal_actions()
    assert "Hundred" in why(deal2, "announce hundred-against")


def test_4_7_no_trump_contract_one_component_no_announcements():
    deal = run(new(), "0 trump AC\n0 contract betl\n0 discard KC QC\n1 good\n2 good")
    assert texts(deal.legal_actions()) == ["double game", "pass"]
    assert why(deal, "announce seven-against") == "Seven against exists only in a Suit contract"
    run(deal, "1 flek game\n2 pass\n0 re game\n1 pass\n2 pass\n0 pass")
    assert deal.doublings == {"game": 2}


def test_5_marias_parity_of_doubling():
    deal = suit_deal(contract="suit seven", doubling=False)
    owners = deal.owners
    for k in range(6):
        deal.doublings["game"] = k
        for seat in range(3):
            side = "soloist" if seat == 0 else "defenders"
            may = (k % 2 == 0) != (side == owners["game"])
            assert deal._may_raise("game", seat) == may, (k, seat)


def test_5_marias_doubling_round_always_held_from_soloists_left():
    deal = run(new(), "0 trump AC\n0 contract suit\n0 discard KC QC\n1 good\n2 bad durch")
    run(deal, "2 discard 7S 8S\n0 good\n1 good")
    assert deal.phase == "doubling" and deal.to_move() == 0
    run(deal, "0 pass\n1 pass")
    assert deal.phase == "doubling"
    run(deal, "2 pass")
    assert deal.phase == "play" and deal.to_move() == 2


def test_5_marias_hundred_against_after_flek_starts_at_one():
    deal = suit_deal(doubling=False)
    run(deal, "1 flek game\n2 pass\n0 re game\n1 announce hundred-against")
    assert deal.doublings == {"hundred-against": 0}
    assert deal.to_move() == 2
    # the soloist doubles first
    assert Action.parse("double hundred-against") not in deal.legal_actions()


# --- 4.8 playing a trick -----------------------------------------------------------------
def play_position(hands: dict[int, str], trump: str | None, trick: list[str], turn: int,
                  contract: str = "suit") -> MariasDeal:
    """A deal in the play phase with these hands and this trick lying on the table."""
    deal = suit_deal() if contract == "suit" else run(
        new(), f"0 trump AC\n0 contract {contract}\n0 discard KC QC\n1 good\n2 good\n"
        + passes())
    from game.rules.cards import suit_index

    deal.trump_suit = suit_index(trump) if trump else None
    for seat, text in hands.items():
        deal.hands[seat] = mask(text)
    deal.trick = [mask(c).bit_length() - 1 for c in trick]
    deal.trick_seat_list = [(turn - len(trick) + i) % 3 for i in range(len(trick))]
    deal.turn = turn
    return deal


def test_4_8_follow_and_beat_even_the_partner():
    deal = play_position({2: "TS KS 8S AH"}, "H", ["7S", "9S"], 2)
    assert texts(deal.legal_actions()) == ["play KS", "play TS"]
    assert why(deal, "play 8S") == "you must beat the trick: you hold a higher spade"
    assert why(deal, "play AH") == "you must follow suit: you hold a spade"


def test_4_8_void_trump_and_over_trump_lower_trump_compulsory():
    deal = play_position({2: "AH 7H KC"}, "H", ["AD", "KH"], 2)
    assert texts(deal.legal_actions()) == ["play AH"]
    assert why(deal, "play 7H") == "you must over-trump: you hold a higher trump"
    deal = play_position({2: "7H KC"}, "H", ["AD", "KH"], 2)
    assert texts(deal.legal_actions()) == ["play 7H"]  # cannot beat: the lower trump is compulsory
    assert why(deal, "play KC") == "you must trump: you hold no diamonds but a trump (hearts)"
    deal = play_position({2: "KC QC"}, "H", ["AD", "KH"], 2)
    assert texts(deal.legal_actions()) == ["play KC", "play QC"]
    # a trump already on a plain-suit lead: any card of the led suit will do
    deal = play_position({2: "7D 8D"}, "H", ["9D", "7H"], 2)
    assert texts(deal.legal_actions()) == ["play 7D", "play 8D"]


def test_4_8_no_trump_in_betl_and_durch():
    deal = play_position({2: "AH 7H TD"}, None, ["KD", "QD"], 2, contract="betl")
    assert texts(deal.legal_actions()) == ["play TD"]  # TD is below KD here: must follow
    deal = play_position({2: "AH 7H"}, None, ["KD", "QD"], 2, contract="durch")
    assert texts(deal.legal_actions()) == ["play 7H", "play AH"]  # no trump: any card


def test_4_8_winner_leads_and_trick_winner():
    deal = suit_deal()
    run(deal, "0 play 8H")
    p1 = deal.legal_actions()[0]
    run(deal, f"1 {p1}")
    run(deal, f"2 {deal.legal_actions()[0]}")
    assert deal.tricks() == [1, 0, 0] and deal.to_move() == 0


# --- 4.9 marriages ---------------------------------------------------------------------
def test_4_9_marriage_on_queen_with_king_counts_even_if_lost():
    # the 4.16 opening trick: QH with KH in hand loses to AH but the 40 counts
    deal = run(new({0: "KH QH JH 9H 8H 7H AC TC AD TD KC 7D", 1: "AH", 2: "TH"}),
               "0 trump 9H\n0 contract suit\n0 discard 8H 7H\n1 good\n2 good\n" + passes())
    run(deal, "0 play QH\n1 play AH\n2 play TH")
    assert deal.marriages == [(0, 2, 40)]
    assert deal.points() == [40, 20, 20]
    obs = deal.observation(1).to_json()
    assert obs["marriages"] == [{"seat": 0, "suit": "H", "points": 40, "counted": True}]


def test_4_9_king_first_loses_the_pair_and_plain_suit_is_20():
    deal = suit_deal({0: "AH TH KH QH JH 9H 8H KS 7H QS KC QC"})
    run(deal, "0 play KS")
    assert deal.marriages == []
    deal = suit_deal({0: "AH TH KH QH JH 9H 8H KS 7H QS KC QC"})
    run(deal, "0 play QS")
    assert deal.marriages == [(0, 3, 20)]
    # defenders' marriages are pooled
    deal = suit_deal({0: "AH TH KH QH JH 9H 8H 7S 7H TC KC QC", 1: "AS", 2: "KS QS"})
    run(deal, "0 play 7S\n1 play AS\n2 play QS")
    assert deal.marriages == [(2, 3, 20)]
    assert deal.points() == [0, 30, 30]


def test_4_9_no_marriage_in_no_trump():
    deal = run(new({0: "KS QS AC KC QC JC 9C AD KD QD JD 9D"}),
               "0 trump AC\n0 contract durch\n0 discard KC QC\n1 good\n2 good\n" + passes())
    run(deal, "0 play QS")
    assert deal.marriages == []


# --- 4.10 open contracts, plain Betl/Durch ------------------------------------------------
def test_4_10_plain_betl_lost_when_soloist_wins_a_trick():
    deal = run(new({0: "AS 7C 8C 9C 7D 8D 9D 7H 8H 9H 7S 8S", 1: "KS"}),
               "0 trump 7C\n0 contract betl\n0 discard 7S 8S\n1 good\n2 good\n" + passes())
    run(deal, "0 play AS")
    run(deal, f"1 {deal.legal_actions()[0]}")
    run(deal, f"2 {deal.legal_actions()[0]}")
    assert deal.is_over() and deal.score() == [-10, 5, 5]
    assert deal.result_summary()["components"][0]["won"] is False


def test_4_10_plain_durch_lost_when_soloist_loses_a_trick():
    deal = run(new({0: "7S AC TC KC AD TD KD AH TH KH QC QD", 1: "AS"}),
               "0 trump AC\n0 contract durch\n0 discard QC QD\n1 good\n2 good\n" + passes())
    run(deal, "0 play 7S\n1 play AS")
    run(deal, f"2 {deal.legal_actions()[0]}")
    assert deal.is_over() and deal.score() == [-20, 10, 10]


def test_4_10_betl_won_is_played_to_ten_tricks():
    low = "7C 8C 9C 7D 8D 9D 7H 8H 9H 7S 8S 9S"
    deal = run(new({0: low}),
               "0 trump 7C\n0 contract betl\n0 discard 9C 9S\n1 good\n2 good\n" + passes())
    autoplay(deal)
    assert len(deal.trick_log) == 10 and deal.score() == [10, -5, -5]


def test_4_10_open_betl_extreme_check():
    # soloist's low cards, all below every defenders' card of their suits: won after trick 1
    low = "7C 8C 9C 7D 8D 9D 7H 8H 9H 7S 8S AS"
    deal = run(new({0: low}),
               "0 trump 7C\n0 contract open-betl\n0 discard AS 9C\n1 good\n2 good\n" + passes())
    run(deal, "0 play 7C")
    autoplay(deal)
    assert len(deal.trick_log) == 1 and deal.score() == [20, -10, -10]
    assert deal.observation(1).to_json()["shown"] == {0: cards(mask("8C 7D 8D 9D 7H 8H 9H 7S 8S"))}
    # one counterexample: the soloist keeps 9C while a defender still holds... 8C? none lower;
    # keep JS with a defender holding 9S: lost at once
    deal = run(new({0: "7C 8C 9C 7D 8D 9D 7H 8H 9H 7S JS AS", 1: "9S"}),
               "0 trump 7C\n0 contract open-betl\n0 discard AS 9C\n1 good\n2 good\n" + passes())
    run(deal, "0 play 7C")
    autoplay(deal)
    assert len(deal.trick_log) == 1 and deal.score() == [-20, 10, 10]
    assert "JS" in deal.result_summary()["text"]


def test_4_10_open_betl_lost_when_soloist_takes_trick_1():
    deal = run(new({0: "AC 8C 9C 7D 8D 9D 7H 8H 9H 7S 8S 9S"}),
               "0 trump 8C\n0 contract open-betl\n0 discard 9S 9C\n1 good\n2 good\n" + passes())
    run(deal, "0 play AC")
    autoplay(deal)
    assert deal.score() == [-20, 10, 10]


def test_4_10_open_durch_extreme_check():
    top = "AC KC QC AD KD QD AH KH QH AS KS JD"
    deal = run(new({0: top}),
               "0 trump AC\n0 contract open-durch\n0 discard JD QD\n" + passes())
    run(deal, "0 play AC")
    autoplay(deal)
    assert deal.score() == [40, -20, -20]
    # JS kept while a defender holds QS: a counterexample
    deal = run(new({0: "AC KC QC AD KD QD AH KH QH AS JS JD"}),
               "0 trump AC\n0 contract open-durch\n0 discard JD QD\n" + passes())
    run(deal, "0 play AC")
    autoplay(deal)
    assert deal.score() == [-40, 20, 20]


# --- 4.11 seven --------------------------------------------------------------------------
def test_4_11_announced_seven_won_and_keep_duty_when_leading():
    deal = suit_deal(contract="suit seven")
    assert why(deal, "play 7H") == "the trump seven must stay in hand: you announced Seven"
    assert Action.parse("play 7H") not in deal.legal_actions()
    autoplay(deal)
    last = deal.trick_log[-1]
    assert last[0] == (0, 7 + 8 * 2)  # led the 7H last
    comps = {c["name"]: c for c in deal.result_summary()["components"]}
    assert comps["seven"]["won"] and comps["seven"]["value"] == 4
    assert comps["game"]["won"] and comps["game"]["value"] == 2
    assert deal.score() == [12, -6, -6]


def test_4_11_seven_is_played_when_it_is_the_only_legal_card():
    deal = play_position({1: "7H 8C"}, "H", ["AH"], 1)
    deal.seven_keeper = 1
    assert texts(deal.legal_actions()) == ["play 7H"]


def test_4_11_silent_seven_won():
    deal = autoplay(suit_deal(), policy=avoid("7H"))
    comps = {c["name"]: c for c in deal.result_summary()["components"]}
    assert comps["silent seven"]["won"] and comps["silent seven"]["value"] == 2
    assert comps["silent seven"]["multiplier"] == 1
    assert deal.score() == [8, -4, -4]


def test_4_11_silent_seven_lost_scoring():
    comps = suit_components(hearts=False, cards=(60, 30), marriages=(0, 0), largest=(0, 0),
                            hundred=False, hundred_against=False, seven=False,
                            seven_against=False, doublings={"game": 1},
                            last_seven=("defenders", False), seven_won=False,
                            seven_against_won=False)
    assert [(c["name"], c["owner"], c["won"], c["value"]) for c in comps] == [
        ("game", "soloist", True, 2), ("silent seven", "defenders", False, 1)]
    assert pay(comps, 0) == [6, -3, -3]


def test_4_11_announced_seven_lost_when_forced_early():
    deal = play_position({0: "7H 8C"}, "H", [], 0)
    deal.seven_keeper = 0
    assert texts(deal.legal_actions()) == ["play 8C"]


# --- 4.12 hundred -----------------------------------------------------------------------
def test_4_12_hundred_values():
    assert [hundred_won_base(t, True) for t in (100, 110, 120, 130)] == [2, 4, 8, 16]
    assert [hundred_won_base(t, False) for t in (100, 110, 120)] == [4, 8, 16]
    assert [hundred_lost_base(c) for c in (90, 80, 70, 60)] == [4, 8, 16, 32]


def test_4_12_hundred_needs_cards_plus_one_marriage():
    kw = dict(hearts=False, hundred=False, hundred_against=False, seven=False,
              seven_against=False, doublings={"game": 0}, last_seven=None, seven_won=False,
              seven_against_won=False)
    # 60 + 20 + 20 is no hundred (only one marriage counts to reach it)
    c = suit_components(cards=(60, 30), marriages=(40, 0), largest=(20, 0), **kw)
    assert c[0]["name"] == "game"
    # 80 + 20 reaches it; then the other marriage adds: 80 + 40 = 120 -> 8
    c = suit_components(cards=(80, 10), marriages=(40, 0), largest=(20, 0), **kw)
    assert (c[0]["name"], c[0]["value"]) == ("silent hundred", 8)
    # defenders' silent hundred
    c = suit_components(cards=(10, 80), marriages=(0, 20), largest=(0, 20), **kw)
    assert (c[0]["name"], c[0]["owner"], c[0]["value"]) == ("silent hundred", "defenders", 2)
    assert pay(c, 0) == [-4, 2, 2]


def test_4_12_announced_hundred_won_and_lost():
    deal = autoplay(suit_deal(contract="suit hundred"), policy=avoid("7H", "KH"))
    # the soloist takes every trick (90) and announces 40 with QH: 130 -> 4 x 2^3 = 32, hearts x2
    comps = {c["name"]: c for c in deal.result_summary()["components"]}
    assert deal.points()[0] == 130
    assert comps["hundred"]["won"] and comps["hundred"]["value"] == 64
    assert "game" not in comps
    kw = dict(hearts=False, hundred=True, hundred_against=False, seven=False,
              seven_against=False, doublings={"game": 1}, last_seven=None, seven_won=False,
              seven_against_won=False)
    c = suit_components(cards=(50, 40), marriages=(60, 0), largest=(40, 0), **kw)
    assert (c[0]["won"], c[0]["value"]) == (False, 8)  # 90 counted: lose 4, fleked
    c = suit_components(cards=(40, 50), marriages=(20, 0), largest=(20, 0), **kw)
    assert (c[0]["won"], c[0]["value"]) == (False, 64)  # 60: lose 32, fleked


def test_4_12_hundred_against_played():
    deal = suit_deal({0: "AS 8H 9C 8C 7C 9D 8D 7D 9S 8S KC QC"}, trump="8H", doubling=False)
    run(deal, "1 announce hundred-against\n2 pass\n0 pass\n1 pass")
    autoplay(deal)
    comps = deal.result_summary()["components"]
    assert comps[0]["name"] == "hundred-against" and comps[0]["owner"] == "defenders"
    assert sum(deal.score()) == 0


# --- 4.13 payments ---------------------------------------------------------------------
def test_4_13_payments_hearts_and_signs():
    assert pay([{"value": 3, "won": True, "owner": "soloist"}], 1) == [-3, 6, -3]
    assert pay([{"value": 3, "won": False, "owner": "soloist"}], 1) == [3, -6, 3]
    assert pay([{"value": 3, "won": True, "owner": "defenders"}], 1) == [3, -6, 3]
    kw = dict(hundred=False, hundred_against=False, seven=False, seven_against=False,
              doublings={"game": 2}, last_seven=None, seven_won=False, seven_against_won=False,
              marriages=(0, 0), largest=(0, 0))
    c = suit_components(hearts=True, cards=(50, 40), **kw)
    assert (c[0]["value"], c[0]["won"]) == (8, True)  # 1 x hearts 2 x re 4
    c = suit_components(hearts=False, cards=(45, 45), **kw)
    assert c[0]["won"] is False  # a tie goes to the defenders


def test_4_13_no_trump_bases():
    for contract, base in (("betl", 5), ("durch", 10), ("open-betl", 10), ("open-durch", 20)):
        deal = run(new(), f"0 trump AC\n0 contract {contract}\n0 discard KC QC")
        if contract != "open-durch":
            run(deal, "1 good\n2 good")
        run(deal, "1 flek game\n2 pass\n0 pass\n1 pass")
        autoplay(deal)
        comp = deal.result_summary()["components"][0]
        assert comp["value"] == base * 2 and comp["hearts"] == 1
        assert abs(deal.score()[0]) == 4 * base
        assert sum(deal.score()) == 0


# --- 4.14 house rules -------------------------------------------------------------------
def test_4_14_concede_plain_suit():
    deal = suit_deal(concede_plain_suit=True)
    assert deal.is_over() and deal.score() == [4, -2, -2]  # hearts
    deal = suit_deal(concede_plain_suit=True, doubling="1 flek game\n2 pass\n0 pass\n1 pass")
    assert deal.phase == "play"
    deal = suit_deal(contract="suit seven", concede_plain_suit=True)
    assert deal.phase == "play"


def test_4_14_seven_flek_shortcut():
    deal = suit_deal(contract="suit seven", seven_flek_shortcut=True,
                     doubling="1 flek game\n2 pass\n0 pass\n1 pass")
    assert deal.is_over() and deal.score() == [0, 0, 0]
    names = [(c["name"], c["won"]) for c in deal.result_summary()["components"]]
    assert names == [("game", False), ("seven", True)]
    deal = suit_deal(contract="suit seven", seven_flek_shortcut=True,
                     doubling="1 flek game\n2 flek seven\n0 pass\n1 pass\n2 pass")
    assert deal.phase == "play"


def test_4_14_table_rules_renege_is_accepted_and_paid():
    hands = {0: "AH TH KH QH JH 9H 8H 7H AC TC KC QC", 1: "9C"}
    deal = suit_deal(hands)
    with pytest.raises(IllegalAction):
        run(deal, "0 play AC\n1 play AD")  # off: refused
    deal = suit_deal(hands, table_rules=True)
    run(deal, "0 play AC")
    assert deal.check("play AD") is not None  # still reported as a renege
    run(deal, "1 play AD")  # accepted and recorded
    assert deal.reneges and deal.reneges[0][0] == 1
    assert deal.observation(2).to_json()["reneges"] == []  # nobody else knows yet
    autoplay(deal)
    score = deal.score()
    assert score[1] == -2 * max(10, sum(c["value"] for c in deal.components))
    assert score[0] == score[2] == -score[1] // 2
    assert deal.observation(2).to_json()["reneges"][0]["seat"] == 1
    # out of turn is still refused
    deal = suit_deal(hands, table_rules=True)
    with pytest.raises(IllegalAction):
        deal.apply("play 9C", 1)


# --- result summary -----------------------------------------------------------------------
def test_result_summary_components():
    deal = autoplay(suit_deal())
    summary = deal.result_summary()
    assert summary["score"] == deal.score() and summary["text"]
    for comp in summary["components"]:
        assert {"name", "owner", "won", "value", "multiplier"} <= set(comp)


# --- replay output --------------------------------------------------------------------------
def test_replay_fields_points_trump_contract():
    deal = new()
    assert deal.points() == [0, 0, 0] and deal.trump() is None and deal.contract() is None
    run(deal, "0 trump AC\n0 contract suit seven")
    assert deal.trump() == "C" and deal.contract() == "suit seven"
    run(deal, "0 discard KC QC\n1 bad betl")
    assert deal.trump() is None and deal.contract() == "betl"
    assert deal.replay_summary()["legal"] == sorted(deal.replay_summary()["legal"])


def test_deck_for_helper_is_a_permutation():
    assert sorted(deck_for({0: "AS", 1: "KS"})) == list(range(32))


BASE_KEYS = ("variant, options, players, seat, dealer, forehand, to_move, legal, over, hand, "
             "hand_sizes, trump, indicator, stock_size, closed, trick, last_trick, tricks, points, "
             "score, marriages, shown, history").split(", ")
MARIAS_KEYS = ("soloist", "contract", "phase", "doublings", "announcements", "trump_card",
               "talon", "first_seven")


def test_observation_keys_and_json():
    deal = suit_deal()
    run(deal, "0 play 8H")
    for seat in range(3):
        obs = deal.observation(seat).to_json()
        for key in BASE_KEYS + list(MARIAS_KEYS):
            assert key in obs, key
        assert json.loads(json.dumps(obs))["seat"] == seat
        assert obs["trick"] == [[0, "8H"]] and obs["phase"] == "play"
    assert deal.observation(1).to_json()["legal"] == texts(deal.legal_actions())
    assert deal.observation(0).to_json()["legal"] == []
    assert deal.observation(1).to_json()["first_seven"] is None
    assert deal.observation(0).to_json()["first_seven"] == cards(mask("AH TH KH QH JH 9H 8H"))


# --- the remaining `marias` lines of 5 ----------------------------------------------------
def test_5_marias_every_deal_starts_with_trump_then_contract_then_discard():
    deal = new()
    assert deal.phase == "trump" and all(a.text.startswith("trump ") for a in deal.legal_actions())
    assert "is not possible now" in why(deal, "contract betl")
    run(deal, "0 trump KC")
    assert deal.phase == "contract"
    run(deal, "0 contract durch")
    assert deal.phase == "discard" and deal.to_move() == 0


def test_5_marias_trump_card_counts_as_in_hand_for_seven():
    deal = run(new({0: "7D AC KC QC JC 9C 8C AD KD QD JD 9D"}), "0 trump 7D")
    assert Action.parse("contract suit seven") in deal.legal_actions()
    run(deal, "0 contract suit seven hundred")
    assert deal.contract() == "suit seven hundred"
    assert not any("7D" in a.text for a in deal.legal_actions())  # the trump card is aside anyway


def test_5_marias_overbid_suit_seven_and_hundred_lapse():
    deal = run(new({0: "7C AC KC QC JC 9C 8C AD KD QD JD 9D"}),
               "0 trump AC\n0 contract suit seven hundred\n0 discard KD QD\n1 bad durch")
    assert deal.contract() == "durch" and deal.trump() is None
    assert not deal.seven and not deal.hundred
    run(deal, "1 discard 7D 8D\n2 good\n0 good")
    assert deal.doublings == {"game": 0} and deal.seven_keeper == -1
    assert deal.observation(1).to_json()["trump_card"] is None  # never shown: Suit did not stand
    assert [0, "trump ??"] in deal.observation(2).to_json()["history"]


def test_5_marias_open_betl_talon_and_missing_suits_are_no_counterexample():
    # 8C kept while 7C lies in the talon: the talon does not count
    deal = run(new({0: "9C 8C 7C 7D 8D 9D 7H 8H 9H 7S 8S AS", 1: "AC KC QC JC TC"}),
               "0 trump 9C\n0 contract open-betl\n0 discard AS 7C\n1 good\n2 good\n" + passes())
    run(deal, "0 play 9C")
    autoplay(deal)
    assert deal.score() == [20, -10, -10], deal.result_summary()["text"]
    # a high card in a suit the defenders no longer hold is no counterexample
    deal = run(new({0: "7C 8C 7D 8D AH KH QH JH TH 9H 8H 7H"}),
               "0 trump 7C\n0 contract open-betl\n0 discard 8H 7H\n1 good\n2 good\n" + passes())
    run(deal, "0 play 7C")
    autoplay(deal)
    assert len(deal.trick_log) == 1 and "AH" in deal.observation(1).to_json()["shown"][0]
    assert deal.score() == [20, -10, -10], deal.result_summary()["text"]


def _seven_against_deal():
    """A played-out Suit deal in hearts where seat 2 announced Seven against."""
    deal = suit_deal({0: "AH TH KH QH JH 9H 8H AC AS TC KC QC", 2: "7H"}, doubling=False)
    run(deal, "1 pass\n2 announce seven-against\n0 pass\n1 pass\n2 pass")
    autoplay(deal)
    return deal


def test_5_marias_seven_against_won_only_by_its_announcer():
    deal = _seven_against_deal()
    assert deal.seven_against == 2
    seven = 8 * 2 + 7
    # rewrite trick 10: seat 0 leads AC, seat 1 follows 9C, seat 2 trumps with the 7H
    deal.trick_log[-1] = [(0, 0), (1, 5), (2, seven)]
    deal.last_bonus_seat = 2
    deal._score_suit()
    comps = {c["name"]: c for c in deal.components}
    assert comps["seven-against"]["won"] and comps["seven-against"]["owner"] == "defenders"
    assert "silent seven" not in comps
    # the partner taking trick 10 does not win it
    deal.trick_log[-1] = [(0, 0), (2, seven), (1, 8 * 2 + 6)]
    deal.last_bonus_seat = 1
    deal._score_suit()
    comps = {c["name"]: c for c in deal.components}
    assert not comps["seven-against"]["won"]
    assert sum(deal.score()) == 0


def test_4_11_silent_seven_beaten_by_the_partner_costs_its_side():
    deal = autoplay(suit_deal({0: "AH TH KH QH JH 9H 8H AC AS TC KC QC", 2: "7H"}))
    seven = 8 * 2 + 7
    # trick 10 rewritten: seat 0 leads AC, seat 2 trumps with the 7H, partner seat 1 over-trumps
    deal.trick_log[-1] = [(0, 0), (2, seven), (1, 8 * 2 + 6)]
    deal.last_bonus_seat = 1
    deal._score_suit()
    comps = {c["name"]: c for c in deal.components}
    assert comps["silent seven"]["owner"] == "defenders" and not comps["silent seven"]["won"]
    assert comps["silent seven"]["value"] == 2  # 1 x hearts


def test_a_card_picked_up_twice_shows_once_and_never_leaks_its_neighbour():
    """Found by the random-play property test (seed 8400714): seat 2 took up the talon
    KC KH, later the talon 7C KH again; its observation listed QH — seat 1's card — because
    the two masks were added, and KH + KH carried into the next bit."""
    import random

    from game.rules import random_deck

    rng = random.Random(8400714)
    deal = new_deal("marias", rng.randrange(3), random_deck("marias", rng), {})
    for seat, action in [(0, "trump QC"), (0, "contract suit"), (0, "discard KC KH"),
                         (1, "good"), (2, "bad durch"), (2, "discard JD KH"), (0, "good"),
                         (1, "bad open-betl"), (1, "discard 7C KH"), (2, "bad open-durch")]:
        deal.apply(action, seat)
    assert "QH" in [CARD_STR[c] for c in range(32) if deal.hand(1) >> c & 1]
    assert deal.observation(2).to_json()["picked_up"] == ["7C", "KC", "KH"]
    assert "QH" not in json.dumps(deal.observation(2).to_json())
