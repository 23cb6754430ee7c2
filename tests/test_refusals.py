"""Refusals are codes with parameters: one English sentence each (the command line) and one
translation key each (the table), in English, Russian and Czech; nobody parses a sentence."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.rules import IllegalAction, NotationError, Refusal, make_options, new_deal
from game.rules.actions import Action
from game.rules.cards import CARD_STR
from game.rules.refusals import ENGLISH, PHASE_EXPECTED, english
from game.rules.variants import random_deck
from game.ui.i18n import LANGUAGES, has_key
from game.ui.practice.texts import refusal_key, rule_reason

ROOT = Path(__file__).resolve().parent.parent
ERROR_CALLS = {"Refusal", "IllegalAction", "NotationError", "RulesError", "RecordError"}


def codes_in_the_engine() -> set[str]:
    """Every code the rules engine can raise or return (read off its source)."""
    found = set()
    for path in (ROOT / "game" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERROR_CALLS \
                    and node.args and isinstance(node.args[0], ast.Constant) \
                    and getattr(node.func, "id", None) != "RecordError":
                found.add(node.args[0].value)
    return found


def test_every_code_has_its_english_sentence():
    assert codes_in_the_engine() <= set(ENGLISH)
    assert codes_in_the_engine() >= set(ENGLISH) - {"record"}  # no sentence left unused


def ui_keys() -> set[str]:
    keys = set()
    for code in ENGLISH:
        if code == "record":
            continue  # a record file's own message (the command line's)
        if code == "lead_only":
            keys |= {refusal_key(Refusal(code, {"verb": v}))
                     for v in ("declare", "close", "exchange", "marriage")}
        elif code == "wrong_phase":
            keys |= {refusal_key(Refusal(code, {"phase": p, "action": ""}))
                     for p in PHASE_EXPECTED}
        elif code == "takes_nothing":
            keys |= {refusal_key(Refusal(code, {"verb": v})) for v in ("good", "pass")}
        else:
            keys.add(refusal_key(Refusal(code)))
    return keys | {"ui.rule_side_soloist", "ui.rule_side_defenders"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_translation_key(lang):
    missing = sorted(k for k in ui_keys() if not has_key(k, lang))
    assert not missing


def refusals_met_in_play() -> dict[str, Refusal]:
    """One real refusal of each code the engine gives while deals are played."""
    out: dict[str, Refusal] = {}
    texts = [f"play {c}" for c in CARD_STR] + [f"trump {c}" for c in CARD_STR] + [
        "marriage H", "exchange", "close", "declare", "good", "pass", "contract suit seven",
        "contract betl", "bad betl", "double game", "double seven", "announce seven-against",
        "announce hundred-against", "discard AH TH", "discard 7C 8C", "trump ??"]
    for variant in ("marriage", "sixty-six", "sixty-six-3", "marias"):
        for seed in range(6):
            rng = random.Random(seed)
            deal = new_deal(variant, seed % (2 if variant in ("marriage", "sixty-six") else 3),
                            random_deck(variant, rng))
            while not deal.is_over():
                seat = deal.to_move()
                for t in texts:
                    for who in (seat, (seat + 1) % deal.players):
                        r = deal.check(t, who)
                        if r is not None:
                            out.setdefault(r.code, r)
                deal.apply(rng.choice(deal.legal_actions()), seat)
            r = deal.check("play AS")
            out.setdefault(r.code, r)
    return out


def test_refusals_read_well_in_every_language():
    met = refusals_met_in_play()
    assert {"must_follow", "must_beat", "not_held", "wrong_phase", "lead_only",
            "not_your_double", "deal_over", "seat_to_move", "hidden_action"} <= set(met)
    for refusal in met.values():
        assert english(refusal) and "{" not in english(refusal)
        for lang in LANGUAGES:
            for family in ("french", "german"):
                text = rule_reason(refusal, family, lang)
                assert text and "%{" not in text and "rule_" not in text, (refusal, lang)


def test_refusals_say_the_deck_names():
    r = Refusal("must_follow", {"suit": "C"})
    assert "acorns" in rule_reason(r, "german", "en")
    assert "clubs" in rule_reason(r, "french", "en")
    assert rule_reason(Refusal("not_held", {"card": "QH"}), "german", "cs") == \
        "Kartu červený svršek nemáte."


def test_errors_carry_their_refusal():
    deal = new_deal("marriage", 1, random_deck("marriage", random.Random(2)))
    with pytest.raises(IllegalAction) as err:
        deal.apply("play " + next(c for c in CARD_STR if not deal.hand(0) >> CARD_STR.index(c)
                                  & 1), 0)
    assert err.value.code in ("not_held", "not_in_deck") and "card" in err.value.params
    assert str(err.value) == english(err.value.refusal)
    with pytest.raises(NotationError) as bad:
        Action.parse("play XZ")
    assert bad.value.refusal == Refusal("not_a_card", {"text": "XZ"})
    with pytest.raises(NotationError) as opt:
        make_options("marias", "rounds=zero")
    assert opt.value.code == "option_number"
