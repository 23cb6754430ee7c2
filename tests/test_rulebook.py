"""The Rules reader is a players' rulebook: complete in every language, in a card player's
words (no rule numbers, spec markers, option ids or codes), and its pages are fresh."""

from __future__ import annotations

import html
import re

import pytest

from game.paths import assets_dir
from game.ui import i18n, rulebook
from game.ui.rulebook import LANGUAGES, VARIANTS, parse, source_path


def test_the_committed_pages_are_built_from_the_current_sources(tmp_path):
    """Stale pages fail here: run ``make rules`` (``python -m game.ui.rulebook``)."""
    rulebook.build(tmp_path)
    for lang in LANGUAGES:
        for variant in VARIANTS:
            for name in (f"{variant}.html", f"{variant}.brief.html"):
                fresh = (tmp_path / lang / name).read_text(encoding="utf-8")
                shipped = (assets_dir() / "rules" / lang / name).read_text(encoding="utf-8")
                assert shipped == fresh, f"assets/rules/{lang}/{name} is stale: make rules"


def test_the_generator_is_not_a_runtime_scene():
    import game.ui.scenes as scenes

    assert not (assets_dir().parent / "game" / "ui" / "scenes" / "rules_build.py").exists()
    assert "rulebook" not in vars(scenes)


SPEC_MARKS = [
    (re.compile(r"§"), "section sign"),
    (re.compile(r"\b\d+\.\d+\b(?![\d ]*(?:s|с)\b)"), "rule number"),
    (re.compile(r"\[(interpretation|толкование|výklad)"), "interpretation mark"),
    (re.compile(r"`"), "code span"),
    (re.compile(r"\b[a-z]+_[a-z_]+\b"), "option id"),
    (re.compile(r"\b(seed|engine|RULES\.md|NOTATION)\b"), "spec word"),
    (re.compile(r"\b(10|[AKQJ987])[CDHS]\b"), "card code"),
    (re.compile(r"[♥♦♣♠→⇔]"), "glyph the fonts lack"),
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_speak_a_card_players_language(lang):
    for variant in VARIANTS:
        for name in (f"{variant}.html", f"{variant}.brief.html"):
            page = (assets_dir() / "rules" / lang / name).read_text(encoding="utf-8")
            text = re.sub(r"<[^>]*>", " ", page)
            assert len(text) > (150 if ".brief" in name else 1200), (lang, name)
            for pattern, what in SPEC_MARKS:
                assert not pattern.search(text), (lang, name, what, pattern.findall(text)[:3])


@pytest.mark.parametrize("lang", ["ru", "cs"])
def test_translations_hold_the_same_rules_as_english(lang):
    """Same pages, sections, bullets and numbers as the English book (a section's numbers
    are its values and scores: a translation that drops or changes one is caught), and
    no English sentence."""
    english = re.compile(r"\b(the|and|must|player|card|cards|trick|deal|with|when|if)\b")
    en, other = (parse(source_path(x).read_text(encoding="utf-8")) for x in ("en", lang))
    assert list(other) == list(en)
    for page, sections in en.items():
        assert len(other[page]) == len(sections), page
        for (_t1, lines1), (t2, lines2) in zip(sections, other[page], strict=True):
            a, b = "\n".join(lines1), "\n".join(lines2)
            assert a.count("\n- ") == b.count("\n- "), (page, t2)
            assert sorted(re.findall(r"\d+", a)) == sorted(re.findall(r"\d+", b)), (page, t2)
            assert not english.findall(b), (page, t2, english.findall(b))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_options_are_named_as_on_the_setup_screen(lang):
    page = (assets_dir() / "rules" / lang / "marias.html").read_text(encoding="utf-8")
    for option in ("rounds", "gather_and_cut", "table_rules"):
        assert i18n.tr(f"ui.opt_{option}", lang) in page


def test_each_game_keeps_its_own_name_in_russian():
    """Marriage (Марьяж) and Mariáš (Чешский мариаш) are different games: the Mariáš page
    never calls the game Марьяж (its melds are марьяжи)."""
    page = (assets_dir() / "rules" / "ru" / "marias.html").read_text(encoding="utf-8")
    assert "Чешский мариаш" in page and not re.search(r"Марьяж\b", page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_cut_into_sections_keeps_every_word(lang):
    """The reader shows a page a section per text box (one box for the page was a
    hitch): the title and lead, then one part per section of the source, which
    put back together are the page."""
    book = parse(source_path(lang).read_text(encoding="utf-8"))
    for variant in VARIANTS:
        page = (assets_dir() / "rules" / lang / f"{variant}.html").read_text(encoding="utf-8")
        parts = rulebook.sections(page)
        assert len(parts) == len(book[variant])  # the lead, then each "## " section
        assert "<br>".join(parts) == page.strip()
        titles = [title for title, _lines in book[variant][1:]]
        for part, title in zip(parts[1:], titles, strict=True):
            assert part.startswith('<font face="noto_sans" pixel_size=24')
            assert html.escape(title) in part
