"""Advice in a card player's words.

One explanation module (``game.ai.explain``) speaks for the hint, the practice warning and
the review: message keys with typed values, said through one i18n route.  Over random
positions of every game, every text in every language must name cards in words (no codes,
lists, ids or markers) and must say *why*, not only restate the move.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import game.ai.explain as ex
from game.ai.hint import hint
from game.ai.review import review_deal
from game.rules import new_deal
from game.rules.options import VARIANT_IDS
from game.rules.variants import deck_cards
from game.ui import i18n
from game.ui.practice.coach import assess
from game.ui.practice.texts import action_text, explanation_lines, family_of

ROOT = Path(__file__).resolve().parent.parent
ITER = 16

#: What must never reach a player: card codes (QS, TH, 8D), Python lists and dicts,
#: ids with underscores, keys, spec markers, unfilled placeholders, Python values.
CODE = re.compile(r"\b[ATKQJ987][CDHS]\b|\[|\]|\{|\}|\b\w+_\w+\b|§|%\{|\bhint\.|\bNone\b|"
                  r"\bTrue\b|\bFalse\b|\binterpretation\b|\b(?:marriage|trump) [CDHS]\b|\?\?")


def random_positions(variant: str, seed: int, every: int = 3):
    """Positions of one random deal of ``variant`` (each ``every``-th decision with a
    choice), with the seat to move."""
    rng = random.Random(seed)
    deck = list(deck_cards(variant))
    rng.shuffle(deck)
    deal = new_deal(variant, seed % 3 if variant in ("marias", "sixty-six-3") else seed % 2,
                    deck)
    n = 0
    while not deal.is_over():
        seat = deal.to_move()
        obs = deal.observation(seat)
        if len(obs.legal) > 1:
            n += 1
            if n % every == 0:
                yield deal, seat
        choices = obs.choices
        deal.apply(choices[rng.randrange(len(choices))], seat, chance=rng)


def said(why: ex.Explanation, obs, variant: str, lang: str) -> list[str]:
    return explanation_lines(why, obs, family_of(variant), lang)


def assert_player_words(lines: list[str], where: str) -> None:
    assert lines, where
    for line in lines:
        assert not CODE.search(line), f"{where}: {line!r}"
        assert line.strip() and not line[0].islower(), f"{where}: {line!r}"


def assert_says_why(why: ex.Explanation, lines: list[str], bare: str, where: str) -> None:
    """Not a bare restatement: the main sentence carries a reason, or a second sentence
    (the search's margin) does; no line is only the move itself."""
    assert why.key in ex.KEYS, where
    assert all(line.rstrip(".").lower() != bare.rstrip(".").lower() for line in lines), where
    if why.key in ex.RESTATING:
        assert len(why.sentences) > 1, f"{where}: {lines}"
    text = " ".join(lines)
    assert len(text) > len(bare) + 8, f"{where}: {text!r}"


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_hints_and_warnings_say_why_in_player_words(variant):
    """Every hint and a warning for a weaker move, in every language, over random positions."""
    seen: set[str] = set()
    for seed in (1, 2):
        for deal, seat in random_positions(variant, seed):
            obs = deal.observation(seat)
            h = hint(obs, iterations=ITER, seed=seed)
            seen.add(h.why.key)
            other = [a for a in obs.legal if a is not h.action]
            warning = assess(obs, other[0], h, threshold=0.0) if other else None
            for lang in i18n.LANGUAGES:
                where = f"{variant} {lang} {h.action} {h.why.keys()}"
                lines = said(h.why, obs, variant, lang)
                assert_player_words(lines, where)
                bare = action_text(h.action, obs, family_of(variant), lang)
                assert_says_why(h.why, lines, bare, where)
                if warning is not None:
                    wl = said(warning.why, obs, variant, lang)
                    assert_player_words(wl, f"warning {where} {warning.why.keys()}")
                    assert len(wl) >= 2 or warning.lost is None  # a reason, then the cost
    assert len(seen) >= 3, seen  # more than one kind of reason in a couple of deals


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_review_reasons_are_in_player_words(variant):
    rng = random.Random(7)
    deck = list(deck_cards(variant))
    rng.shuffle(deck)
    deal = new_deal(variant, 0, deck)
    while not deal.is_over():
        seat = deal.to_move()
        choices = deal.observation(seat).choices
        deal.apply(choices[rng.randrange(len(choices))], seat, chance=rng)
    items = review_deal(deal, 0, iterations=ITER)
    assert items
    states = deal.positions()
    for it in items:
        obs = states[it.index].observation(0)
        for lang in i18n.LANGUAGES:
            assert_player_words(said(it.why, obs, variant, lang), f"{variant} {lang} why")
            if it.lost:
                assert it.weak is not None and len(it.weak.sentences) >= 2
                assert_player_words(said(it.weak, obs, variant, lang),
                                    f"{variant} {lang} weak {it.weak.keys()}")


def test_every_key_of_the_explanations_exists_in_every_language():
    for lang in i18n.LANGUAGES:
        missing = [k for k in ex.KEYS if not i18n.has_key(k, lang)]
        assert not missing, (lang, missing)


def test_every_reason_is_said_in_every_language_with_its_parameters():
    """Each key's placeholders are all filled in every language (no %{...} left), with
    typed values of every kind rendered in words."""
    values: dict[str, ex.Param] = {
        "card": ex.Card(10), "keep": ex.Card(0), "cards": ex.Cards((7, 15)), "suit": ex.Suit(2),
        "rank": ex.Rank(5), "contract": ex.Contract("suit seven"),
        "component": ex.Component("game"), "best": ex.Move(__import__(
            "game.rules.actions", fromlist=["PASS"]).PASS),
        "other": ex.Move(__import__("game.rules.actions", fromlist=["PLAY"]).PLAY[3]),
        "value": ex.Signed(-0.5), "gap": ex.Amount(0.4), "lost": ex.Amount(1.25),
        "points": 21, "total": 70, "count": 4, "share": 62,
    }
    for lang in i18n.LANGUAGES:
        for key in ex.KEYS:
            text = " ".join(explanation_lines(ex.say(key, **values), None, "german", lang))
            assert "%{" not in text and not CODE.search(text), (lang, key, text)
    assert "0,40" in " ".join(explanation_lines(ex.say("advice_margin", gap=ex.Amount(0.4),
                                                       other=values["other"]), None,
                                                "french", "cs"))


def test_explanations_travel_as_json():
    why = ex.say("hint_take_trick", card=ex.Card(3), points=14).plus(
        ex.Sentence("advice_margin", {"gap": ex.Amount(0.4), "other": values_move()}))
    assert ex.Explanation.from_json(why.to_json()) == why


def values_move() -> ex.Move:
    from game.rules.actions import PLAY

    return ex.Move(PLAY[5])


def test_one_key_set_and_no_inline_english_defaults():
    """The hint_why_* duplicates are merged into hint_*; no code in game/ui gives a
    translation an English default (``t(key, "English")``, ``default=``, a ``Moment``'s
    default text)."""
    for lang in i18n.LANGUAGES:
        assert not [k for k in i18n.translations(lang) if k.startswith("hint_why_")]
    inline = re.compile(r"""\bt\(\s*["'][a-z0-9_]+["']\s*,\s*["']|\btr\([^)]*\bdefault\s*=""")
    offenders = []
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if inline.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, offenders
    # suit and rank names live in one place (game.ui.i18n), not in the advice code
    for rel in ("game/ai/hint.py", "game/ai/explain.py", "game/ui/practice/texts.py",
                "game/ui/table/text.py"):
        src = (ROOT / rel).read_text("utf-8")
        assert '"clubs"' not in src and '"diamonds"' not in src and '"queen"' not in src, rel


def test_the_hint_json_has_no_english():
    """The command line's hint JSON carries the explanation's keys and values (the UI says
    them); game.ai writes no English sentence."""
    deal = next(random_positions("sixty-six", 3))[0]
    h = hint(deal.observation(deal.to_move()), iterations=ITER)
    data = h.to_json()
    assert "text" not in data and data["why"][0]["key"] in ex.KEYS
    src = (ROOT / "game" / "ai" / "explain.py").read_text("utf-8")
    assert "TEMPLATES" not in (ROOT / "game" / "ai" / "hint.py").read_text("utf-8")
    assert "Lead the" not in src
