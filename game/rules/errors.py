"""Typed errors of the rules engine: every refusal is a code with parameters.

Why codes: the table shows a refusal in the player's language with the deck's card
names, the command line prints it in English, tests assert what was refused — none of
them should parse an English sentence.  A :class:`Refusal` is the code plus its
parameters (``must_follow(suit=H)``); :mod:`game.rules.refusals` defines it and renders
the English sentence of every code in one place, and the UI renders the same codes through its
translation keys (``ui.rule_<code>``).

All errors are ``ValueError`` subclasses so callers that only care about "bad input"
can catch one thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .refusals import Refusal, english

__all__ = ["Refusal", "RulesError", "NotationError", "IllegalAction", "RecordError"]


class RulesError(ValueError):
    """Base class of every error the rules engine raises on bad input.

    ``RulesError("must_follow", suit="H")``; :attr:`refusal` holds the code and
    parameters, ``str(error)`` is the English sentence.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.refusal = Refusal(code, params)
        super().__init__(code)

    @classmethod
    def of(cls, refusal: Refusal) -> RulesError:
        """The error for a refusal the engine already made (``why_illegal``)."""
        return cls(refusal.code, **refusal.params)

    @property
    def code(self) -> str:
        return self.refusal.code

    @property
    def params(self) -> Mapping[str, Any]:
        return self.refusal.params

    def __str__(self) -> str:
        return english(self.refusal)


class NotationError(RulesError):
    """Text that is not a card, suit, action or option of the notation."""


class IllegalAction(RulesError):
    """A well-formed action that the rules do not allow now; the refusal says why."""


class RecordError(RulesError):
    """A deal record that cannot be read or replayed; names the line.

    ``refusal``: the engine's refusal behind it, when an action of the record was
    refused (the message is then that refusal's sentence).
    """

    def __init__(self, message: str, line_no: int | None = None, line: str | None = None,
                 refusal: Refusal | None = None) -> None:
        self.line_no = line_no
        self.line = line
        self.message = message
        ValueError.__init__(self, message)
        self.refusal = refusal or Refusal("record", {"message": message})

    def __str__(self) -> str:
        where = f"line {self.line_no}: " if self.line_no is not None else ""
        what = f"'{self.line}': " if self.line else ""
        return f"{where}{what}{self.message}"
