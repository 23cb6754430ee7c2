"""The few reads of an observation the network code needs, in one place.

The engine's ``observation(seat)`` is the wire format (its JSON form, NOTATION.md).
Everything in ``game.net`` that looks inside one goes through these functions, so a
change of the observation's type (a frozen dataclass with ``to_json()``) is adapted
here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules import Observation


def typed(obs: Mapping[str, Any]) -> Observation:
    """The typed observation of its JSON form (what the bots and the table read)."""
    return Observation.from_json(obs)


def as_json(obs: Any) -> dict[str, Any]:
    """The observation's JSON form (a dict of plain values)."""
    to_json = getattr(obs, "to_json", None)
    return to_json() if callable(to_json) else dict(obs)


def legal(obs: dict[str, Any]) -> list[str]:
    return list(obs.get("legal") or [])


def hand(obs: dict[str, Any]) -> list[str]:
    return list(obs.get("hand") or [])


def last_action(obs: dict[str, Any]) -> tuple[int, str] | None:
    """The newest ``[seat, action]`` of the history as this seat saw it (hidden cards ``??``)."""
    history = obs.get("history") or []
    if not history:
        return None
    seat, action = history[-1]
    return int(seat), str(action)


def card_verb(obs: dict[str, Any]) -> str | None:
    """``play`` or ``trump`` when the seat's legal actions are card picks, else None."""
    for action in legal(obs):
        verb = action.split(" ", 1)[0]
        if verb in ("play", "trump"):
            return verb
    return None
