"""Observations for UI tests that need one position's few facts, not a whole deal.

The JSON object of NOTATION.md with every field given (defaults for an ordinary position
of the game) and the test's own on top, read back with ``Observation.from_json`` — the very
path the bot worker and the network take.
"""

from __future__ import annotations

from typing import Any

from game.rules import Action, Observation

KQ_GAMES = ("marriage", "sixty-six", "sixty-six-3")


def observation_json(**fields: Any) -> dict[str, Any]:
    variant = fields.get("variant", "marriage")
    n = fields.get("players", 2 if variant in ("marriage", "sixty-six") else 3)
    base: dict[str, Any] = {
        "variant": variant, "options": {}, "players": n, "seat": 0, "dealer": n - 1,
        "forehand": 0, "to_move": 0, "legal": [], "over": False, "hand": [],
        "hand_sizes": [0] * n, "trump": "H", "indicator": None, "stock_size": 0,
        "closed": False, "trick": [], "last_trick": None, "tricks": [0] * n,
        "points": [0] * n, "score": None, "marriages": [], "shown": {}, "history": [],
    }
    if variant in KQ_GAMES:
        base.update({"trump_card": "7H", "indicators_seen": ["7H"], "closer": None,
                     "first_lead": False, "marriage_pending": None, "tricks_played": 0,
                     "played": [], "card_points": [0] * n, "known_cards": [[]] * n,
                     "known_opponent_cards": []})
    else:
        base.update({"trump": None, "soloist": None, "contract": None, "phase": "play",
                     "doublings": {}, "announcements": [], "trump_card": None, "talon": None,
                     "picked_up": None, "first_seven": None, "blind_trump": 0, "reneges": [],
                     "result": None})
    base.update(fields)
    return base


def observation(**fields: Any) -> Observation:
    return Observation.from_json(observation_json(**fields))


def actions(*texts: str) -> list[Action]:
    return [Action.parse(t) for t in texts]
