"""Translations for text our own code draws (the table, charts, card names).

Widgets get their text through pygame-gui's own localisation: an element's text is
``"ui.KEY"`` and pygame-gui looks it up in ``assets/translations/ui.LANG.json``
(``{"LANG": {"KEY": "text %{n}"}}``), switching live with ``manager.set_locale``.
Text we render ourselves (pygame.freetype on the felt) needs the same strings
without a widget: :func:`tr` reads the very same files, so there is one source
of truth.  Call :func:`set_language` (or :func:`apply_language`, which also
switches the manager) when the player changes the language.

Card and suit names have grammar (Russian genitive, Czech adjectives agreeing
with the rank's gender), so they live in tables here rather than in the JSON.
"""

from __future__ import annotations

import json
import logging
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.paths import assets_dir

if TYPE_CHECKING:
    import tempfile

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "ru", "cs")
#: Each language's name in itself (shown in the language picker).
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "cs": "Čeština"}
FALLBACK = "en"
#: Czech must cover at least the keys starting with these (Mariáš and the table).
CZECH_REQUIRED_PREFIXES: tuple[str, ...] = (
    "table_", "act_", "contract_", "marias_", "hint_", "menu_", "level_", "variant_",
    "score_", "result_", "common_",
)

_current = FALLBACK
_PLACEHOLDER = re.compile(r"%\{(\w+)\}")


@cache
def translations(lang: str) -> dict[str, str]:
    """The flat key -> text table of one language (empty if the file is missing)."""
    path = assets_dir() / "translations" / f"ui.{lang}.json"
    try:
        with open(path, "rb") as fh:
            raw = fh.read(TRANSLATION_MAX_BYTES + 1)
        if len(raw) > TRANSLATION_MAX_BYTES:
            raise ValueError("larger than 4 MB")
        data = json.loads(raw.decode("utf-8-sig"))
        table = data.get(lang, {}) if isinstance(data, dict) else None
        if not isinstance(table, dict):
            raise ValueError(f"no '{lang}' object")
    except (OSError, ValueError, RecursionError) as exc:
        log.warning("translations %s unreadable: %s", path, exc)
        return {}
    clean = {k: v for k, v in table.items()
             if isinstance(k, str) and isinstance(v, str) and len(v) <= 20_000}
    if len(clean) != len(table):
        log.warning("translations %s: %d malformed entries ignored", path,
                    len(table) - len(clean))
    return clean


#: A translation file larger than this is not read.
TRANSLATION_MAX_BYTES = 4 * 1024 * 1024


#: The folders of cleaned copies this run made (see :func:`translation_dir`).
_CLEANED_COPIES: list[tempfile.TemporaryDirectory[str]] = []


@cache
def translation_dir() -> str:
    """The folder pygame-gui reads translations from.

    pygame-gui (python-i18n) raises on a damaged file, or one with a number where a
    text belongs, whenever a widget is drawn.  If every file reads cleanly this is the
    bundled folder; otherwise a folder of cleaned copies (what :func:`translations`
    keeps), so a damaged file costs its broken entries, never the program.
    """
    import tempfile

    folder = assets_dir() / "translations"
    clean = True
    for path in sorted(folder.glob("ui.*.json")):
        lang = path.stem.split(".", 1)[1]
        try:
            raw = json.loads(path.read_bytes().decode("utf-8"))
        except (OSError, ValueError, RecursionError):
            clean = False
            break
        if not isinstance(raw, dict) or raw.get(lang) != translations(lang) or len(raw) != 1:
            clean = False
            break
    if clean:
        return str(folder)
    # Removed when the program ends (the object's finalizer), also when it ends on an error.
    folder_kept = tempfile.TemporaryDirectory(prefix="marriage-table-translations-")
    _CLEANED_COPIES.append(folder_kept)
    out = Path(folder_kept.name)
    for lang in LANGUAGES:
        (out / f"ui.{lang}.json").write_text(
            json.dumps({lang: translations(lang)}, ensure_ascii=False), encoding="utf-8")
    log.warning("translations: damaged files in %s, using cleaned copies", folder)
    return str(out)


def system_language() -> str:
    """The desktop's language if we speak it (first start only), else English."""
    import locale
    import os

    candidates = [os.environ.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for text in candidates:
        code = text.split(":")[0][:2].lower()
        if code in LANGUAGES:
            return code
    return FALLBACK


def set_language(lang: str) -> str:
    """Make ``lang`` current for :func:`tr`; unknown languages fall back to English."""
    global _current
    _current = lang if lang in LANGUAGES else FALLBACK
    return _current


def current_language() -> str:
    return _current


def apply_language(app: Any, lang: str) -> str:
    """Switch our :func:`tr` and the pygame-gui manager (all live widgets re-translate)."""
    from .gui_internals import fonts_from_files

    lang = set_language(lang)
    app.manager.set_locale(lang)
    fonts_from_files(app.manager)  # a locale with another face adds it as copies in memory
    return lang


def _strip(key: str) -> str:
    return key[3:] if key.startswith("ui.") else key


def tr(key: str, lang: str | None = None, **params: Any) -> str:
    """The text of ``key`` ("ui.menu_new" or "menu_new") with ``%{name}`` filled in.

    Missing in the language: the English text; missing everywhere: the key itself
    (visible, so a forgotten key is noticed rather than crashing).
    """
    bare = _strip(key)
    text = translations(lang or _current).get(bare)
    if text is None:
        text = translations(FALLBACK).get(bare, bare)
    if params:
        text = _PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)
    return text


#: The decimal mark of each language (Russian and Czech write "0,5").
DECIMAL_MARK = {"en": ".", "ru": ",", "cs": ","}
MINUS = "\u2212"


def number(value: float, places: int | None = 2, signed: bool = False,
           lang: str | None = None) -> str:
    """A number with a fraction as the player writes it: ``0.32`` / ``0,32``.

    The one place numbers with fractions are formatted for the screen.  ``places=None``
    drops trailing zeros (``1.5``, ``2``); ``signed`` puts ``+`` before positive values.
    Negative values get a real minus sign (−), not a hyphen.
    """
    lang = lang or _current
    if places is None:
        text = f"{value:+g}" if signed else f"{value:g}"
    else:
        text = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    if text.lstrip("+-").strip("0.") == "" and text.startswith("-"):
        text = ("+" if signed else "") + text[1:]  # no "−0.00"
    return text.replace(".", DECIMAL_MARK.get(lang, ".")).replace("-", MINUS)


def has_key(key: str, lang: str) -> bool:
    return _strip(key) in translations(lang)


def variant_key(variant: str) -> str:
    """``"ui.variant_sixty_six_3"`` for ``"sixty-six-3"`` (keys avoid hyphens)."""
    return "ui.variant_" + variant.replace("-", "_")


def variant_name(variant: str, lang: str | None = None) -> str:
    return tr(variant_key(variant), lang)


# --- cards ------------------------------------------------------------------------------
FAMILIES = ("french", "german")
RANKS = "ATKQJ987"
SUITS = "CDHS"

#: rank names per language and family.
_RANKS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "french": {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack",
                   "9": "nine", "8": "eight", "7": "seven"},
        "german": {"A": "Daus", "T": "ten", "K": "König", "Q": "Ober", "J": "Unter",
                   "9": "nine", "8": "eight", "7": "seven"},
    },
    "ru": {
        "french": {"A": "туз", "T": "десятка", "K": "король", "Q": "дама", "J": "валет",
                   "9": "девятка", "8": "восьмёрка", "7": "семёрка"},
        "german": {"A": "даус", "T": "десятка", "K": "король", "Q": "обер", "J": "унтер",
                   "9": "девятка", "8": "восьмёрка", "7": "семёрка"},
    },
    "cs": {
        "french": {"A": "eso", "T": "desítka", "K": "král", "Q": "dáma", "J": "kluk",
                   "9": "devítka", "8": "osmička", "7": "sedmička"},
        "german": {"A": "eso", "T": "desítka", "K": "král", "Q": "svršek", "J": "spodek",
                   "9": "devítka", "8": "osma", "7": "sedma"},
    },
}

#: suit names (plural nominative, as on a suit picker).
_SUITS: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "french": {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"},
        "german": {"C": "acorns", "D": "bells", "H": "hearts", "S": "leaves"},
    },
    "ru": {
        "french": {"C": "трефы", "D": "бубны", "H": "червы", "S": "пики"},
        "german": {"C": "жёлуди", "D": "бубенцы", "H": "черви", "S": "листья"},
    },
    "cs": {
        "french": {"C": "kříže", "D": "káry", "H": "srdce", "S": "piky"},
        "german": {"C": "žaludy", "D": "kule", "H": "srdce", "S": "listy"},
    },
}

#: Russian: the suit in the genitive ("дама червей").
_RU_GENITIVE = {
    "french": {"C": "треф", "D": "бубен", "H": "червей", "S": "пик"},
    "german": {"C": "желудей", "D": "бубенцов", "H": "червей", "S": "листьев"},
}
#: Czech: the suit as an adjective stem + the rank's gender ("červená sedma", "žaludský svršek").
_CS_ADJECTIVE = {
    "french": {"C": "křížov", "D": "károv", "H": "srdcov", "S": "pikov"},
    "german": {"C": "žaludsk", "D": "kulov", "H": "červen", "S": "zelen"},
}
_CS_GENDER = {
    "french": {"A": "n", "T": "f", "K": "m", "Q": "f", "J": "m", "9": "f", "8": "f", "7": "f"},
    "german": {"A": "n", "T": "f", "K": "m", "Q": "m", "J": "m", "9": "f", "8": "f", "7": "f"},
}
_CS_ENDING = {"m": "ý", "f": "á", "n": "é"}


def _lang(lang: str | None) -> str:
    lang = lang or _current
    return lang if lang in _RANKS else FALLBACK


def _family(family: str) -> str:
    return "german" if str(family).startswith("german") else "french"


def rank_name(rank: str, family: str = "french", lang: str | None = None) -> str:
    return _RANKS[_lang(lang)][_family(family)][rank.upper().replace("10", "T")]


def suit_name(suit: str, family: str = "french", lang: str | None = None) -> str:
    """Plural name of a suit letter C D H S: "hearts", "жёлуди", "kule"."""
    return _SUITS[_lang(lang)][_family(family)][suit.upper()]


def card_name(card: str, family: str = "french", lang: str | None = None) -> str:
    """A card in words: ``card_name("QH", "german", "cs")`` == "červený svršek"."""
    text = card.strip().upper()
    rank, suit = ("T", text[2]) if text.startswith("10") else (text[0], text[1])
    lang, fam = _lang(lang), _family(family)
    r = _RANKS[lang][fam][rank]
    if lang == "ru":
        return f"{r} {_RU_GENITIVE[fam][suit]}"
    if lang == "cs":
        adjective = _CS_ADJECTIVE[fam][suit] + _CS_ENDING[_CS_GENDER[fam][rank]]
        return f"{adjective} {r}"
    return f"{r} of {_SUITS[lang][fam][suit]}"
