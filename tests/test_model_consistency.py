"""One consistency check every game runs (OpenSpiel's ``basic tests`` in spirit).

Random play where each seat picks one of its own choices (its observation's, the blind
trump card included; chance from a seeded source), and after every step:

* every seat's observation survives ``to_json`` -> JSON text -> ``from_json`` unchanged;
* every legal action parses back from its text into the same Action;
* undo restores the exact state: the state key and every observation of one step before
  (and ``at_step`` builds the same position from the deck);
* no observation names a card its seat may not know: only cards it has held, cards
  played to tricks, and cards the rules put face up (an indicator, an announced marriage,
  Sixty-six for three's trump card, Mariáš's trump card once a Suit stands, an open hand).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Action, Observation, Verb
from game.rules.base import Deal
from game.rules.cards import CARD_STR, KING, QUEEN, cards_of, mask_of
from game.rules.variants import new_deal, random_deck

CONFIGS = [
    ("marriage", {}), ("sixty-six", {}), ("sixty-six-3", {}),
    ("sixty-six-3", {"three_hand_scoring": "each"}), ("marias", {}),
    ("marias", {"table_rules": True}),
    ("marias", {"concede_plain_suit": True, "seven_flek_shortcut": True}),
]
CARD = re.compile(r"\b[AKQJT987][CDHS]\b")


def _public(deal: Deal) -> int:
    """Cards the rules have put face up (besides tricks), read off the engine's own state
    (never off an observation: that is what is being checked)."""
    m = 0
    for _seat, suit, _points in deal.marriages:  # type: ignore[attr-defined]
        m |= 1 << (suit * 8 + KING) | 1 << (suit * 8 + QUEEN)  # an announced pair is shown
    if deal.variant in ("marriage", "sixty-six"):
        m |= mask_of(deal.indicators_seen)  # type: ignore[attr-defined]
    elif deal.variant == "sixty-six-3":
        m |= 1 << deal.trump_card  # type: ignore[attr-defined]
    else:
        if deal.trump_shown:  # type: ignore[attr-defined]
            m |= 1 << deal.trump_card  # type: ignore[attr-defined]
        m |= deal.shown  # type: ignore[attr-defined]  # an open contract's hand
    return m


def _held_now(deal: Deal, seat: int) -> int:
    """The seat's cards as it may see them: Mariáš forehand sees only its first seven
    before choosing the trump card."""
    if deal.variant == "marias" and deal.phase == "trump" and seat == deal.forehand:  # type: ignore[attr-defined]
        return mask_of(deal.deck[:7])
    return deal.hand(seat)


def _played(deal: Deal) -> int:
    m = mask_of(c for t in deal.trick_log for _s, c in t)
    return m | mask_of(deal.trick_cards())


def _check_observation(obs: Observation) -> None:
    data = obs.to_json()
    text = json.dumps(data, ensure_ascii=False)
    again = Observation.from_json(json.loads(text))
    assert again == obs
    assert json.dumps(again.to_json(), ensure_ascii=False) == text
    for a in obs.legal:
        assert Action.parse(a.text) is a and str(a) == a.text
    for step in obs.history:
        assert Action.parse(step.action.text) is step.action


def _snapshot(deal: Deal) -> tuple[object, list[str]]:
    return deal.state_key(), [json.dumps(deal.observation(s).to_json(), ensure_ascii=False)
                              for s in range(deal.players)]


def play_and_check(variant: str, options: dict, seed: int) -> int:
    rng = random.Random(seed)
    chance = random.Random(seed + 1)
    players = 2 if variant in ("marriage", "sixty-six") else 3
    deal = new_deal(variant, rng.randrange(players), random_deck(variant, rng), options)
    seen = [0] * players  # every card each seat has held so far
    steps = 0
    previous = _snapshot(deal)
    while True:
        for s in range(players):
            seen[s] |= _held_now(deal, s)
            obs = deal.observation(s)
            _check_observation(obs)
            allowed = seen[s] | _played(deal) | _public(deal)
            named = {CARD_STR.index(c) for c in CARD.findall(json.dumps(obs.to_json()))}
            leaked = [CARD_STR[c] for c in named if not allowed >> c & 1]
            assert not leaked, (variant, seed, s, leaked, deal.history[-3:])
        for a in deal.legal_actions():
            assert Action.parse(str(a)) is a
        if deal.history:
            twin = deal.clone()
            twin.undo()
            assert _snapshot(twin) == previous
            assert _snapshot(deal.at_step(len(deal.history) - 1)) == previous
        if deal.is_over():
            # the score sheet's sentence names the players, in the engine's words
            names = ["Anna", "Boris", "Cyril"][:players]
            text = deal.result_text(names)
            assert not re.search(r"\bseat \d", text, re.I), text
            said = deal.result_summary()["text"]
            # "renege by seat 1, 2": the later offenders are named by their numbers alone
            said = re.sub(r"renege by seat [\d, ]+", lambda m: re.sub(
                r"(\d)", r"seat \1", m.group(0)[len("renege by seat "):]).join(
                    ("renege by ", "")), said)
            named = re.sub(r"\b[Ss]eat (\d)", lambda m, n=names: n[int(m.group(1))], said)
            assert text == named
            return steps
        seat = deal.to_move()
        assert seat is not None
        obs = deal.observation(seat)
        action = rng.choice(obs.choices)
        if options.get("table_rules") and action.verb is Verb.PLAY and rng.random() < 0.1:
            action = Action.parse("play " + rng.choice(obs.hand))  # a renege now and then
        previous = _snapshot(deal)
        applied = deal.apply(action, seat, chance=chance)
        assert deal.history[-1] == (seat, applied)
        assert not applied.blind and not applied.hidden  # chance resolved, the card recorded
        steps += 1


@pytest.mark.parametrize("variant,options", CONFIGS, ids=lambda x: str(x))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_random_play_is_consistent(variant, options, seed):
    assert play_and_check(variant, options, seed) > 0


def test_the_blind_trump_card_is_a_choice_resolved_by_chance():
    rng = random.Random(4)
    deal = new_deal("marias", 0, random_deck("marias", rng))
    obs = deal.observation(deal.forehand)
    assert obs.choices[-1].blind and obs.choices[-1] not in obs.legal
    applied = deal.apply(obs.choices[-1], deal.forehand, chance=rng)
    assert applied.verb is Verb.TRUMP and applied.card in deal.deck[17:22]
    assert not deal.observation(deal.forehand).choices[-1].blind


def test_every_seat_sees_only_its_cards_at_the_start():
    for variant, options in CONFIGS:
        deal = new_deal(variant, 0, random_deck(variant, random.Random(3)), options)
        for s in range(deal.players):
            hand = set(deal.observation(s).hand)
            assert hand == {CARD_STR[c] for c in cards_of(_held_now(deal, s))}
