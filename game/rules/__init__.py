"""The rules of the four games, pure Python (no pygame, nothing else of ours).

Public face: :func:`new_deal` and :class:`Deal` (apply, legal actions, observations,
chance, undo), :class:`Action` (the notation's actions, parsed once), the observations
(:mod:`.observation`), :class:`Match`, the record functions and the errors, whose
:class:`Refusal` is a code with parameters.  See ``docs/RULES.md`` and
``docs/NOTATION.md``, ``docs/architecture.md`` for the model, and
``docs/rules-decisions-*.md`` for the readings this engine settled.
"""

from .actions import TRUMP_BLIND, Action, Verb
from .base import Deal
from .cards import CARD_STR, card
from .errors import IllegalAction, NotationError, RecordError, Refusal, RulesError
from .match import Match
from .observation import (
    KingQueenObservation,
    MariasObservation,
    Observation,
    observation_from_json,
)
from .options import VARIANT_IDS, defaults, make_options
from .record import parse_record, replay_json, replay_text, write_deal, write_record
from .results import (
    Component,
    DealResult,
    Ending,
    KingQueenResult,
    MariasEnding,
    MariasResult,
    result_from_json,
)
from .variants import NAMES, new_deal, random_deck

__all__ = [
    "Action", "Verb", "TRUMP_BLIND", "Deal", "CARD_STR", "card", "IllegalAction",
    "NotationError", "RecordError", "Refusal", "RulesError", "Match", "Observation",
    "KingQueenObservation", "MariasObservation", "observation_from_json", "VARIANT_IDS",
    "defaults", "make_options", "parse_record", "replay_json", "replay_text", "write_deal",
    "write_record", "NAMES", "new_deal", "random_deck", "Component", "DealResult", "Ending",
    "KingQueenResult", "MariasEnding", "MariasResult", "result_from_json",
]
