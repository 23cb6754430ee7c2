"""The rules of the four games, pure Python (no pygame, nothing else of ours).

Public face: :func:`new_deal`, :class:`Match`, the record functions and the
typed errors.  See RULES.md and NOTATION.md in the shared spec, and
``docs/rules-decisions.md`` for the readings this engine settled.
"""

from .base import Deal
from .cards import CARD_STR, card
from .errors import IllegalAction, NotationError, RecordError, RulesError
from .match import Match
from .options import VARIANT_IDS, defaults, make_options
from .record import parse_record, replay_json, replay_text, write_deal, write_record
from .variants import NAMES, new_deal, random_deck

__all__ = [
    "Deal", "CARD_STR", "card", "IllegalAction", "NotationError", "RecordError", "RulesError",
    "Match", "VARIANT_IDS", "defaults", "make_options", "parse_record", "replay_json",
    "replay_text", "write_deal", "write_record", "NAMES", "new_deal", "random_deck",
]
