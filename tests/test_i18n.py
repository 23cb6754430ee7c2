"""Every language has every key; placeholders agree; card and suit names in three languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.paths import assets_dir
from game.rules.variants import NAMES
from game.ui import i18n

PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def table(lang: str) -> dict[str, str]:
    path = assets_dir() / "translations" / f"ui.{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == [lang], "pygame-gui wants {lang: {...}}"
    return data[lang]


def required(lang: str) -> set[str]:
    keys = set(table("en"))
    if lang == "cs":
        return {k for k in keys if k.startswith(i18n.CZECH_REQUIRED_PREFIXES)}
    return keys


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_language_has_every_key(lang):
    have = table(lang)
    missing = sorted(required(lang) - set(have))
    assert not missing, f"{lang} lacks {missing}"
    assert not set(have) - set(table("en")), "keys unknown to English"
    empty = [k for k, v in have.items() if not v.strip()]
    assert not empty


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_placeholders_match_english(lang):
    en = table("en")
    for key, text in table(lang).items():
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en[key])), key


def test_czech_covers_the_marias_and_table_subset():
    cs = table("cs")
    for key in ("table_trump", "act_good", "act_bad", "contract_betl", "contract_durch",
                "marias_flek", "variant_marias"):
        assert key in cs


def test_english_game_names_are_the_engine_names():
    for variant, name in NAMES.items():
        assert i18n.variant_name(variant, "en") == name


def test_tr_fills_placeholders_and_falls_back():
    assert i18n.tr("ui.score_deal", "en", n=3) == "Deal 3"
    assert i18n.tr("score_deal", "ru", n=3) == "Сдача 3"
    assert i18n.tr("ui.no_such_key", "cs") == "no_such_key"
    i18n.set_language("ru")
    try:
        assert i18n.tr("ui.menu_quit") == "Выход"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("card, family, lang, expected", [
    ("QH", "french", "en", "queen of hearts"),
    ("QH", "german", "en", "Ober of hearts"),
    ("JC", "german", "en", "Unter of acorns"),
    ("AD", "german", "en", "Daus of bells"),
    ("KS", "german", "en", "König of leaves"),
    ("TS", "french", "ru", "десятка пик"),
    ("QH", "french", "ru", "дама червей"),
    ("JC", "german", "ru", "унтер желудей"),
    ("7H", "german", "cs", "červená sedma"),
    ("QC", "german", "cs", "žaludský svršek"),
    ("AD", "german", "cs", "kulové eso"),
    ("QS", "french", "cs", "piková dáma"),
    ("10H", "french", "en", "ten of hearts"),
])
def test_card_names(card, family, lang, expected):
    assert i18n.card_name(card, family, lang) == expected


def test_every_card_and_suit_named_everywhere():
    for lang in i18n.LANGUAGES:
        for family in i18n.FAMILIES:
            for suit in i18n.SUITS:
                assert i18n.suit_name(suit, family, lang)
                for rank in i18n.RANKS:
                    assert i18n.card_name(rank + suit, family, lang)
    assert i18n.suit_name("S", "german-tell", "en") == "leaves"


def test_every_explanation_key_is_translated():
    """game.ai.explain says its reasons by key: each one in every language, one key set."""
    from game.ai.explain import KEYS

    for lang in i18n.LANGUAGES:
        for key in KEYS:
            assert i18n.has_key(key, lang), (lang, key)
    # the hint's and the practice panel's words are one key set now
    assert not any(k.startswith("hint_why_") for k in i18n.translations("en"))


def test_explanations_put_cards_into_words():
    import game.ai.explain as ex
    from game.rules.cards import card
    from game.ui.practice.texts import explanation_text

    qh = ex.Card(card("QH"))
    assert explanation_text(ex.say("hint_lead", card=qh), None, "german", "cs").startswith(
        "Vyneste: červený svršek.")
    assert explanation_text(ex.say("hint_exchange", rank=ex.Rank(7), card=ex.Card(card("AH"))),
                            None, "french", "en").startswith(
        "Exchange the trump seven for the ace of hearts:")
    assert explanation_text(ex.say("hint_best_value", value=ex.Signed(0.5)), None, "french",
                            "ru").endswith("+0,50.")  # a decimal comma in Russian
    assert explanation_text(ex.say("hint_contract_best", contract=ex.Contract("betl")), None,
                            "german", "en").startswith("Play Betl:")
    assert "трефы" in explanation_text(ex.say("hint_marriage", suit=ex.Suit(0), points=20),
                                       None, "french", "ru")


def test_system_language(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert i18n.system_language() == "cs"
    monkeypatch.setenv("LANGUAGE", "ru:en")
    assert i18n.system_language() == "ru"


def test_every_translated_character_has_a_glyph():
    """Fonts have no ♠♥♦♣ or arrows (TOOLING): a text using one would show empty boxes."""
    import pygame.freetype

    from game.ui.widgets.fonts import font

    pygame.freetype.init()
    sans = font("sans", 16)
    missing = {}
    for lang in i18n.LANGUAGES:
        for key, text in table(lang).items():
            bad = {ch for ch in set(text) if not ch.isspace()
                   and sans.get_metrics(ch)[0] is None}
            if bad:
                missing[(lang, key)] = "".join(sorted(bad))
    assert not missing, missing


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_scored_component_is_named(lang):
    """The score sheet says each component of a Mariáš deal in words (a silent hundred too)."""
    from pathlib import Path

    import game.rules.marias_scoring as scoring

    names = set(re.findall(r'component\("([a-z -]+)"', Path(scoring.__file__).read_text()))
    assert {"silent hundred", "silent seven", "game"} <= names
    for name in names:
        key = "contract_" + name.replace("-", "_").replace(" ", "_")
        assert i18n.has_key(key, lang), (lang, key)


@pytest.mark.parametrize("value, places, signed, lang, expected", [
    (0.5, 2, True, "ru", "+0,50"),
    (-0.54, 2, True, "cs", "\u22120,54"),
    (0.32, 2, False, "en", "0.32"),
    (1.5, None, False, "cs", "1,5"),
    (2.0, None, False, "ru", "2"),
    (-0.001, 2, True, "en", "+0.00"),
])
def test_numbers_with_fractions_in_each_language(value, places, signed, lang, expected):
    """One function formats every number with a fraction: decimal commas in ru and cs."""
    assert i18n.number(value, places, signed=signed, lang=lang) == expected


def test_no_number_with_a_fraction_is_formatted_beside_the_i18n_route():
    """Screens format fractions through i18n.number, never with an f-string of their own."""
    from pathlib import Path

    import game.ui

    root = Path(game.ui.__file__).parent
    pattern = re.compile(r"\{[^{}]*:\+?\.\d+f\}")
    offenders = []
    for path in root.rglob("*.py"):
        if path.name in ("i18n.py", "selftest.py", "bench.py", "svg.py") or "decks" in path.parts:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and "log." not in line:
                offenders.append(f"{path.relative_to(root)}:{n}: {line.strip()}")
    assert not offenders, offenders


#: Values that are the same word in English and the language: names and card-game terms.
SAME_AS_ENGLISH = {
    "ru": {"notice_dismiss", "marias_double_n", "review_action", "tutorial_hand_of",
           "table_moment_66"},
    "cs": {"notice_dismiss", "variant_marias", "table_talon", "contract_betl", "contract_durch",
           "marias_flek", "marias_re", "marias_tutti", "marias_double_n", "practice_tip_title",
           "review_action", "tutorial_hand_of", "marias_boty", "marias_kalhoty", "marias_kaiser",
           "net_port", "table_moment_66", "collect_auto_s"},
}


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_no_value_is_left_in_english(lang):
    """Every key in every language (Czech complete, not only its table subset), and no
    Russian or Czech value left English except names and words the games share."""
    en, have = table("en"), table(lang)
    assert set(have) == set(en)
    # a value of placeholders and signs only has no words to translate
    wordless = {k for k, v in en.items() if not re.search(r"[^\W\d_]", re.sub(r"%\{\w+\}", "", v))}
    left = sorted(k for k, v in have.items()
                  if v == en[k] and k not in SAME_AS_ENGLISH[lang] and k not in wordless)
    assert not left, left
    english_words = re.compile(r"\b(the|and|you|your|with|deal|card|cards|trick|player|"
                               r"computer|game|match|points|settings|back)\b", re.I)
    words = {k: english_words.findall(re.sub(r"%\{\w+\}", "", v)) for k, v in have.items()}
    assert not {k: w for k, w in words.items() if w}, {k: w for k, w in words.items() if w}


def test_the_cleaned_copies_of_damaged_translations_go_when_the_program_ends(tmp_path):
    """A damaged translation file is read through cleaned copies in a folder of their own;
    that folder is removed when the program ends, so runs never pile folders up."""
    import shutil
    import subprocess
    import sys

    assets = tmp_path / "assets"
    shutil.copytree(assets_dir() / "translations", assets / "translations")
    (assets / "translations" / "ui.ru.json").write_text('{"ru": {"menu_new": 5', "utf-8")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from game.ui import i18n\n"
        f"i18n.assets_dir = lambda: Path({str(assets)!r})\n"
        "folder = i18n.translation_dir()\n"
        "assert Path(folder, 'ui.ru.json').is_file() and 'assets' not in folder\n"
        "print(folder)\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, timeout=120)
    folder = out.stdout.strip().splitlines()[-1]
    assert "marriage-table-translations-" in folder
    assert not Path(folder).exists()
