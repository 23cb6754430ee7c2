"""Cards, notation and options: the shared ground of the four variants."""

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.actions import PLAY, TRUMP_BLIND, Action, Verb
from game.rules.cards import CARD_STR, FULL_24, card, cards_of, mask_of, mask_str
from game.rules.errors import NotationError
from game.rules.options import format_options, make_options
from game.rules.tricks import NO_TRUMP_ORDER, TRUMP_ORDER, strict_legal, winner_index


def test_card_notation_round_trip():
    assert len(set(CARD_STR)) == 32
    for c, s in enumerate(CARD_STR):
        assert card(s) == c
        assert card(s.lower()) == c
    assert CARD_STR[card("10H")] == "TH"


@pytest.mark.parametrize("bad", ["", "1H", "XH", "QX", "QHH"])
def test_bad_cards_are_notation_errors(bad):
    with pytest.raises(NotationError):
        card(bad)


@given(st.sets(st.integers(0, 31)))
def test_masks_round_trip(cards):
    assert set(cards_of(mask_of(cards))) == cards


def test_24_card_deck_is_a_to_nine():
    assert mask_str(FULL_24) == sorted(r + s for r in "ATKQJ9" for s in "CDHS")


@pytest.mark.parametrize("raw, canonical", [
    ("Play  qh", "play QH"),
    ("play 10s", "play TS"),
    ("discard tc 7c", "discard 7C TC"),
    ("flek game", "double game"),
    ("RE seven", "double seven"),
    ("contract Suit Seven", "contract suit seven"),
    ("marriage h", "marriage H"),
    ("bad BETL", "bad betl"),
    ("announce hundred-against", "announce hundred-against"),
])
def test_actions_are_normalised(raw, canonical):
    assert str(Action.parse(raw)) == canonical


@pytest.mark.parametrize("raw", ["dance", "play", "play QH KH", "bad suit", "double pot",
                                 "discard 7C 7C", "contract trump"])
def test_malformed_actions_are_refused(raw):
    with pytest.raises(NotationError):
        Action.parse(raw)


def test_an_action_is_parsed_once_and_shared():
    qh = Action.parse("play QH")
    assert Action.parse(" PLAY  qh ") is qh and qh is PLAY[card("QH")]
    assert qh.verb is Verb.PLAY and qh.card == card("QH") and qh.cards == (card("QH"),)
    assert str(qh) == "play QH" and qh.card_text == "QH"
    assert pickle.loads(pickle.dumps(qh)) is qh and copy.deepcopy(qh) is qh
    d = Action.parse("discard tc 7c")
    assert d.verb is Verb.DISCARD and [CARD_STR[c] for c in d.cards] == ["7C", "TC"]
    assert Action.parse("marriage h").suit == 2
    assert Action.parse("flek seven").name == "seven"
    assert Action.parse("contract suit seven hundred").name == "suit seven hundred"
    assert sorted([Action.parse("play TS"), Action.parse("play 7C"), Action.parse("close")]) \
        == [Action.parse(t) for t in ("close", "play 7C", "play TS")]
    with pytest.raises(AttributeError):
        qh.card = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        Action()


def test_hidden_and_blind_forms():
    assert Action.parse("trump ??").hidden and Action.parse("discard ?? ??").hidden
    assert Action.parse("Trump Blind") is TRUMP_BLIND and TRUMP_BLIND.blind
    assert TRUMP_BLIND.card == -1 and TRUMP_BLIND.verb is Verb.TRUMP


def test_options_defaults_and_parsing():
    assert make_options("marriage") == {"match_points": 7}
    assert make_options("sixty-six")["match_points"] == 8
    opts = make_options("marias", "rounds=3,gather_and_cut=off")
    assert opts["rounds"] == 3 and opts["gather_and_cut"] is False
    assert make_options("marias", format_options(opts)) == opts
    with pytest.raises(NotationError, match="unknown option"):
        make_options("marriage", "rounds=2")
    with pytest.raises(NotationError, match="one of"):
        make_options("sixty-six-3", "three_hand_scoring=most")


def test_rule_0_trick_winner_highest_trump_else_led_suit():
    hearts = 2
    assert winner_index([card("9S"), card("AS"), card("7H")], hearts) == 2
    assert winner_index([card("9S"), card("AS"), card("AD")], hearts) == 1
    # Betl/Durch order: the ten ranks between the jack and the nine.
    assert winner_index([card("TS"), card("JS")], None, NO_TRUMP_ORDER) == 1
    assert winner_index([card("TS"), card("JS")], None, TRUMP_ORDER) == 0


def test_rule_5_strict_phase_follow_beat_trump_overtrump():
    hand = mask_of([card("AH"), card("9H"), card("7S"), card("KC")])
    spades = 3
    assert mask_str(strict_legal(hand, [card("TH")], spades)) == ["AH"]
    assert mask_str(strict_legal(hand, [card("TD")], spades)) == ["7S"]
    # a trump already lies on a plain-suit lead: any heart will do
    assert mask_str(strict_legal(hand, [card("TH"), card("8S")], spades)) == ["9H", "AH"]
    # void and unable to over-trump: a lower trump is still compulsory
    assert mask_str(strict_legal(hand, [card("TD"), card("AS")], spades)) == ["7S"]
