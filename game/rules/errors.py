"""Typed errors of the rules engine.

All are ``ValueError`` subclasses so callers that only care about "bad input"
can catch one thing; their messages are written for players (the table and the
hints show them as they are).
"""


class RulesError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class NotationError(RulesError):
    """Text that is not a card, suit or action of the notation."""


class IllegalAction(RulesError):
    """A well-formed action that the rules do not allow now; the message says why."""


class RecordError(RulesError):
    """A deal record that cannot be read or replayed; names the line."""

    def __init__(self, message: str, line_no: int | None = None, line: str | None = None):
        self.line_no = line_no
        self.line = line
        where = f"line {line_no}: " if line_no is not None else ""
        what = f"'{line}': " if line else ""
        super().__init__(f"{where}{what}{message}")
