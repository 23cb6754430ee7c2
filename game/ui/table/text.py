"""The table's words in the player's language, through the one route :func:`game.ui.i18n.tr`.

Every string the table draws comes from a key of ``assets/translations`` (``table_*``,
``act_*``, ``contract_*``, ``marias_*``); no English default is written in the code —
a key missing in a language is a test failure (``tests/test_i18n.py``), not a fallback.
"""

from __future__ import annotations

from typing import Any

from game.rules import Refusal
from game.ui import i18n
from game.ui.practice.texts import rule_reason


def t(key: str, **params: Any) -> str:
    """``key`` in the player's language, ``%{name}`` filled from ``params`` (one route:
    :func:`game.ui.i18n.tr`; a key missing from the translations fails the tests)."""
    return i18n.tr(key, **params)


def suit(letter: str, german: bool = False) -> str:
    """Plural suit name in the player's language (German deck names for Mariáš)."""
    return i18n.suit_name(letter, "german" if german else "french")


def card(code: str, german: bool = False) -> str:
    """A card in words in the player's language ("seven of hearts", "červená sedma")."""
    return i18n.card_name(code, "german" if german else "french")


def reason(refusal: Refusal, german: bool = False) -> str:
    """The engine's refusal (a code: ``must_follow``, …) in the player's language."""
    return rule_reason(refusal, "german" if german else "french")
