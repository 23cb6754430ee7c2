"""The table's words in the player's language (game.ui.i18n), with English defaults.

Every string the table draws goes through :func:`t` so the colleague's
translation files (keys ``table_*``, ``act_*``, ``contract_*``, ``marias_*``)
apply; a key missing from them falls back to the English default given here, so
the table never shows a raw key.
"""

from __future__ import annotations

from typing import Any

from game.rules import Refusal
from game.ui import i18n


def t(key: str, default: str, **params: Any) -> str:
    """``key`` translated, ``%{name}`` filled from ``params``; else ``default`` ({name})."""
    text = i18n.tr(key, **params)
    if text != key:
        return text
    try:
        return default.format(**params)
    except (KeyError, IndexError, ValueError):
        return default


def suit(letter: str, german: bool = False) -> str:
    """Plural suit name in the player's language (German deck names for Mariáš)."""
    return i18n.suit_name(letter, "german" if german else "french")


def card(code: str, german: bool = False) -> str:
    """A card in words in the player's language ("seven of hearts", "červená sedma")."""
    return i18n.card_name(code, "german" if german else "french")


def reason(refusal: Refusal, german: bool = False) -> str:
    """The engine's refusal (a code: ``must_follow``, …) in the player's language."""
    from game.ui.practice.texts import rule_reason

    return rule_reason(refusal, "german" if german else "french")
