"""A deal's result as a card player says it.

The engine gives typed facts (``deal.result()``); one renderer
(``game.ui.result_text``) says them from message keys in English, Russian and Czech
with the deck's card and suit names.  Checked here:

* 5,000 seeded random deals of every game (biased towards the endings players meet:
  declarations, closing, Suit contracts with Seven, Hundred and doublings, the house
  rules), every result in every language: no card codes, lists, ids, spec markers or
  raw keys, no English inside Russian or Czech, and the numbers shown are the scores;
* the worked examples of RULES.md (1.12, 4.16 and the records under tests/records) and
  a Seven with flek, a Hundred, a Betl, Sixty-six closed and failed, said exactly;
* the typed result agrees with the engine's score and its JSON round-trips.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from game.rules import (
    Ending,
    IllegalAction,
    KingQueenResult,
    MariasEnding,
    MariasResult,
    Verb,
    make_options,
    new_deal,
    parse_record,
    result_from_json,
)
from game.rules.record import replay_records
from game.rules.variants import random_deck
from game.ui.i18n import LANGUAGES, tr, translations
from game.ui.player_names import player_names
from game.ui.result_text import result_sentences, result_text, signed

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
DEALS = 5000
VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")
CARD_CODE = re.compile(r"(?<![\w])(?:[AKQJT987]|10)[CDHS](?![\w])")
RAW = re.compile(r"[\[\]_§{}]|%\{|\bui\.|\bres_|\bNone\b")


def names_in(lang: str, players: int) -> list[str]:
    """The names the table gives in ``lang``: the player, North / West, East."""
    from game.ui import i18n

    old = i18n.current_language()
    i18n.set_language(lang)
    try:
        return player_names(["human"] + ["normal"] * (players - 1))
    finally:
        i18n.set_language(old)


# --- random deals, biased towards what players meet -----------------------------------------
def _choose(deal, acts, rng: random.Random):
    if acts[0].verb is Verb.PLAY:  # cards only (the extras come first): any of them
        return acts[rng.randrange(len(acts))]
    texts = [a.text for a in acts]
    variant = deal.variant
    if variant == "marriage" and "declare" in texts:
        holds = deal.declaration_holds(deal.to_move())
        if holds or rng.random() < 0.05:
            return acts[texts.index("declare")]
        acts = [a for a in acts if a.text != "declare"] or acts
    if variant in ("marriage", "sixty-six") and "close" in [a.text for a in acts] \
            and rng.random() < 0.85:
        acts = [a for a in acts if a.text != "close"] or acts
    if variant == "marias":
        texts = [a.text for a in acts]
        if any(t.startswith("contract") for t in texts):
            suits = [a for a in acts if a.text.startswith("contract suit")]
            if suits and rng.random() < 0.8:
                return rng.choice(suits)
        if "good" in texts and rng.random() < 0.85:
            return acts[texts.index("good")]
        if "pass" in texts and rng.random() < 0.6:
            return acts[texts.index("pass")]
    return acts[rng.randrange(len(acts))]


def random_deals(variant: str, count: int, seed: int):
    """``count`` finished deals, options varied (house rules, three-hand scoring)."""
    rng = random.Random(seed)
    players = 3 if variant in ("marias", "sixty-six-3") else 2
    for i in range(count):
        choice = {}
        if variant == "sixty-six-3":
            choice["three_hand_scoring"] = "each" if i % 2 else "stronger"
        if variant == "marias":
            choice.update(concede_plain_suit=i % 7 == 1, seven_flek_shortcut=i % 5 == 2,
                          table_rules=i % 6 == 3)
        deal = new_deal(variant, rng.randrange(players), random_deck(variant, rng),
                        make_options(variant, choice))
        while not deal.is_over():
            acts = deal.legal_actions()
            seat = deal.to_move()
            if deal.options.get("table_rules") and deal.phase == "play" and rng.random() < 0.02:
                held = [c for c in range(32) if deal.hand(seat) >> c & 1]
                from game.rules.actions import PLAY

                try:
                    deal.apply(PLAY[rng.choice(held)], seat)  # a renege, maybe
                    continue
                except IllegalAction:
                    pass
            deal.apply_legal(_choose(deal, acts, rng))
        yield deal


def _english_words() -> set[str]:
    """Words of the English result sentences that are not also Czech words of the UI."""
    en = translations("en")
    cs_words = set(re.findall(r"[A-Za-zÀ-ž]+", " ".join(translations("cs").values()).lower()))
    words = set()
    for key, text in en.items():
        if key.startswith(("res_", "contract_", "marias_")):
            words |= set(re.findall(r"[A-Za-z]{3,}", re.sub(r"%\{\w+\}", "", text).lower()))
    return words - cs_words


ENGLISH_WORDS = _english_words()


def check_text(sentences: list[str], result, names: list[str], lang: str) -> None:
    text = " ".join(sentences)
    assert text.strip(), "an empty result"
    assert not CARD_CODE.search(text), f"a card code in {text!r}"
    assert not RAW.search(text), f"a code, list or raw key in {text!r}"
    bare = text
    for name in names:
        bare = bare.replace(name, " ")
    if lang == "ru":
        assert not re.search(r"[A-Za-z]", bare), f"Latin letters in Russian: {text!r}"
    if lang == "cs":
        found = set(re.findall(r"[A-Za-z]+", bare.lower())) & ENGLISH_WORDS
        assert not found, f"English words {found} in Czech: {text!r}"
    # the numbers shown are the scores: the last sentence gives every player's points
    last = sentences[-1]
    for seat, value in enumerate(result.score):
        assert tr("ui.res_player_points", lang, name=names[seat], points=signed(value)) in last
    if isinstance(result, MariasResult):
        for comp in result.components:
            assert str(comp.value) in text
    elif result.winner is not None:  # the sentence saying why ends on the points scored
        why = sentences[1]
        assert re.search(rf"(?<![\d+−]){result.points}\.$", why), why


def check_facts(deal, round_trip: bool = True) -> None:
    result = deal.result()
    assert result is not None
    assert list(result.score) == deal.score()
    if round_trip:
        assert result_from_json(json.loads(json.dumps(result.to_json()))) == result
    if isinstance(result, KingQueenResult):
        if result.winner is not None:
            assert result.score[result.winner] == result.points > 0
        else:
            assert result.points == 0 and result.ending is Ending.NO_SCORE
        return
    if result.reneges:
        return
    paid = [0] * 3
    for comp in result.components:
        assert comp.value == comp.base * comp.hearts * comp.multiplier
        assert comp.hearts == (2 if result.hearts else 1)
        sign = 1 if comp.for_soloist else -1
        for s in range(3):
            paid[s] += sign * (2 * comp.value if s == result.soloist else -comp.value)
    assert paid == list(result.score)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_result_of_5000_random_deals_in_every_language(variant):
    players = 3 if variant in ("marias", "sixty-six-3") else 2
    names = {lang: names_in(lang, players) for lang in LANGUAGES}
    family = "german" if variant == "marias" else "french"
    endings = set()
    for n, deal in enumerate(random_deals(variant, DEALS, seed=2100 + len(variant))):
        check_facts(deal, round_trip=n % 25 == 0)
        result = deal.result()
        endings.add(result.ending)
        fam = family if n % 2 else "french"  # both decks' names
        for lang in LANGUAGES:
            check_text(result_sentences(result, names[lang], fam, lang), result, names[lang],
                       lang)
    # the random play met the endings that matter
    wanted = {
        "marriage": {Ending.DECLARED, Ending.FALSE_DECLARATION, Ending.CLOSER_DECLARED,
                     Ending.CLOSER_FAILED, Ending.LAST_TRICK_66},
        "sixty-six": {Ending.REACHED_66, Ending.CLOSER_FAILED},
        "sixty-six-3": {Ending.REACHED_66, Ending.NO_SCORE},
        "marias": {MariasEnding.PLAYED_OUT, MariasEnding.LOST_IN_TRICK,
                   MariasEnding.CONCEDED, MariasEnding.SEVEN_FLEK_SHORTCUT},
    }[variant]
    assert wanted <= endings or DEALS < 5000


# --- worked examples ------------------------------------------------------------------------
def deal_of(text: str):
    return list(replay_records(parse_record(text)))[-1]


def record(name: str) -> str:
    return (RECORDS / name).read_text("utf-8")


EN2, EN3 = ["You", "North"], ["You", "West", "East"]


def test_rules_1_12_declaration_after_a_marriage():
    deal = deal_of(record("marriage_1_12.txt"))
    assert result_text(deal.result(), EN2, lang="en") == (
        "You declared 66 with 68. North had 25 — under 33 — and a trick: 2. "
        "This deal: You +2, North 0.")


def test_rules_4_16_silent_hundred_with_flek_in_hearts():
    deal = deal_of(record("marias_4_16.txt"))
    assert result_sentences(deal.result(), EN3, "german", "en") == [
        "You played Suit, hearts trumps.",
        "Silent hundred: You 60 in cards + 40 in marriages = 100.",
        "A silent hundred pays 2 at 100, doubled for every further 10: 2.",
        "Silent hundred: 2 × 2 for hearts × 2 (flek) = 8 — You +16, West −8, East −8.",
        "This deal: You +16, West −8, East −8.",
    ]


def seven_with_flek() -> str:
    """The announced Seven of tests/records, fleked once only (no re)."""
    text = record("marias_seven_announced.txt")
    head, _, rest = text.partition("1 double seven\n")
    play = rest[rest.index("0 play "):]
    return head + "1 double seven\n2 pass\n0 pass\n1 pass\n" + play


def test_a_seven_with_flek_said_in_czech_with_a_german_deck():
    deal = deal_of(seven_with_flek())
    result = deal.result()
    seven = next(c for c in result.components if c.name == "seven")
    assert (seven.base, seven.hearts, seven.doublings, seven.value) == (2, 2, 1, 8)
    cs = names_in("cs", 3)
    text = result_text(result, cs, "german", "cs")
    assert "Sedma: poslední štych vzala červená sedma (Vy) — vyhraná." in text
    assert "Sedma: 2 × 2 za srdce × 2 (flek) = 8 — Vy +16, Západ −8, Východ −8." in text
    assert text.endswith(f"Za rozdání: Vy {signed(deal.score()[0])}, Západ "
                         f"{signed(deal.score()[1])}, Východ {signed(deal.score()[2])}.")
    assert "(H trump)" not in text and "D " not in text


def test_an_announced_hundred_against_that_fails():
    deal = deal_of(record("marias_hundred_against.txt"))
    assert result_sentences(deal.result(), EN3, "german", "en")[2:5] == [
        "Hundred against: the defenders 80 in cards + 0 for the largest marriage = 80, "
        "under 100 — lost.",
        "A failed hundred costs 4 at 90, doubled for every further 10 short: 8.",
        "Hundred against: 8 × 2 for hearts × 2 (flek) = 32 — You +64, West −32, East −32.",
    ]


def test_a_betl_lost_in_trick_six():
    deal = deal_of(record("marias_betl_overbid.txt"))
    ru = names_in("ru", 3)
    assert result_sentences(deal.result(), ru, "german", "ru") == [
        "Восток: Бетл.",
        "Бетл проигран: Восток — взятка № 6.",
        "Бетл: 5 × 2 (флек) = 10 — Вы +10, Запад +10, Восток −20.",
        "Итог сдачи: Вы +10, Запад +10, Восток −20.",
    ]


def _sixty_six(ending: Ending, closed: bool, seed: int = 7):
    for deal in random_deals("sixty-six", 400, seed):
        r = deal.result()
        if r.ending is ending and (r.closer is not None) == closed:
            return deal
    raise AssertionError(f"no {ending} deal in 400")


def test_sixty_six_a_closed_deal_is_worth_three():
    deal = _sixty_six(Ending.REACHED_66, closed=True)
    r = deal.result()
    assert r.points == 3 and r.actor == r.winner and r.actor_total >= 66
    text = result_text(r, EN2, lang="en")
    assert f"reached {r.actor_total}." in text
    if r.closer == r.actor:
        assert text.startswith(f"{EN2[r.closer]} closed the stock, then ")
    else:
        by = EN2[r.closer] if EN2[r.closer] != "You" else "you"  # small mid-sentence
        assert f"The stock had been closed by {by}." in text
    assert "A closed deal is worth 3." in text
    ru = names_in("ru", 2)
    assert "закрыта" in result_text(r, ru, lang="ru")


def test_sixty_six_a_failed_close():
    deal = _sixty_six(Ending.CLOSER_FAILED, closed=True)
    r = deal.result()
    assert r.winner == 1 - r.closer and r.points == 3
    assert result_sentences(r, EN2, lang="en")[0] == (
        f"{EN2[r.closer]} closed the stock but did not reach 66 ({r.actor_total}) — "
        "the closer failed.")


def test_sixty_six_reached_without_closing_reads_the_scale():
    deal = _sixty_six(Ending.REACHED_66, closed=False)
    r = deal.result()
    (opp,) = r.opponents
    expected = 1 if opp.total >= 33 else (2 if opp.total else 3)
    assert r.points == opp.points == expected
    assert f"{EN2[opp.seat]} had" in result_text(r, EN2, lang="en")


def test_sixty_six_for_three_each_opponent():
    deal = deal_of(record("sixtysix_3_5_each.txt"))
    assert result_sentences(deal.result(), EN3, lang="en")[1] == (
        "West had 61 — 33 or more (1); East had 22 — under 33 (2): 1 + 2 = 3.")


def test_a_renege_voids_the_other_payments():
    deal = deal_of(record("marias_table_rules_renege.txt"))
    text = result_text(deal.result(), EN3, "german", "en")
    assert "West reneged in trick 1 with the Daus of bells." in text
    assert "West — 10 to each other player." in text and "void" in text


def test_result_summary_json_is_unchanged():
    """The score-sheet dict of NOTATION's records keeps its English text and keys."""
    deal = deal_of(record("marias_4_16.txt"))
    summary = deal.result_summary()
    assert summary["text"].startswith("seat 0 played suit (H trump)")
    assert set(summary) == {"text", "soloist", "contract", "components", "reneges", "score"}


def test_every_result_key_in_every_language():
    en = {k for k in translations("en") if k.startswith("res_")}
    assert len(en) > 60
    for lang in LANGUAGES:
        assert en <= set(translations(lang)), lang
