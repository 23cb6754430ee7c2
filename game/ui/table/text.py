"""The table's words in the player's language (game.ui.i18n), with English defaults.

Every string the table draws goes through :func:`t` so the colleague's
translation files (keys ``table_*``, ``act_*``, ``contract_*``, ``marias_*``)
apply; a key missing from them — or the i18n module itself — falls back to
the English default given here, so the table never shows a raw key.
"""

from __future__ import annotations

from typing import Any

from game.rules import Refusal

try:  # the translations are a comfort, never a requirement
    from game.ui import i18n
except Exception:  # noqa: BLE001
    i18n = None  # type: ignore[assignment]

SUITS_EN = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUITS_DE = {"C": "acorns", "D": "bells", "H": "hearts", "S": "leaves"}


def t(key: str, default: str, **params: Any) -> str:
    """``key`` translated, ``%{name}`` filled from ``params``; else ``default`` ({name})."""
    if i18n is not None:
        try:
            text = i18n.tr(key, **params)
        except Exception:  # noqa: BLE001
            text = key
        if text != key:
            return text
    try:
        return default.format(**params)
    except (KeyError, IndexError, ValueError):
        return default


def suit(letter: str, german: bool = False) -> str:
    """Plural suit name in the player's language (German deck names for Mariáš)."""
    if i18n is not None:
        try:
            return i18n.suit_name(letter, "german" if german else "french")
        except Exception:  # noqa: BLE001
            pass
    return (SUITS_DE if german else SUITS_EN).get(letter, letter)


def card(code: str, german: bool = False) -> str:
    """A card in words in the player's language ("seven of hearts", "červená sedma")."""
    if i18n is not None:
        try:
            return i18n.card_name(code, "german" if german else "french")
        except Exception:  # noqa: BLE001
            pass
    return code


def hint(reason: str | None, params: dict[str, Any] | None, german: bool,
         english: str | None) -> str | None:
    """A hint engine reason in words; the engine's English text if it cannot be translated."""
    if reason and i18n is not None and hasattr(i18n, "hint_text"):
        try:
            text = i18n.hint_text(reason, params or {}, "german" if german else "french")
            if text and not text.startswith(("hint.", "hint_")):
                return text
        except Exception:  # noqa: BLE001
            pass
    return english


def reason(refusal: Refusal, german: bool = False) -> str:
    """The engine's refusal (a code: ``must_follow``, …) in the player's language."""
    from game.ui.practice.texts import rule_reason

    return rule_reason(refusal, "german" if german else "french")
