"""Compound turns in the advice: one number for a step and for the position after it.

Some actions do not end a player's turn: the trump exchange, closing the stock and
announcing a marriage are followed by the same player's card (or declaration); in
Mariáš naming the contract is followed by the same player's discards.  Such a *step*
is worth what its best continuation is worth.  The hint engine therefore values whole
turns (``ismcts.search(turns=True)``, and the contract-and-discard pairs of
``marias_bidding``), and remembers, for the position right after each step, the values
of the continuations it found: when the player takes the step and asks again — for a
hint, a practice warning or the review — the numbers are the very same ones, not a new
noisy estimate that could contradict the first.

The position after a step is recognised by the seat's own observation there, which a
sampled deal gives exactly (the seat's observation holds only what the seat knows).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from game.rules.actions import Action
from game.rules.base import Deal
from game.rules.observation import Observation

#: Positions after a step kept in memory (a turn has at most a few steps; a deal has a
#: few dozen turns; the hint, the warnings and the review may interleave).
CAPACITY = 512


def obs_key(obs: Observation) -> str:
    """The position as the seat sees it, as text (its NOTATION JSON, keys sorted)."""
    return json.dumps(obs.to_json(), sort_keys=True, default=str)


class TurnMemory:
    """Values of the continuations after a step, by the seat's observation there."""

    def __init__(self, capacity: int = CAPACITY):
        self.capacity = capacity
        self._lock = threading.Lock()
        self._data: OrderedDict[tuple[str, Any], dict[Action, float]] = OrderedDict()

    def remember(self, deal: Deal, seat: int, turns: dict[tuple[Action, ...], float],
                 tag: Any = None) -> None:
        """Store, for every proper prefix of the ``turns`` (whole turns of ``seat`` from
        the position of ``deal``, with their values), the values of its continuations:
        each next action is worth its best turn."""
        after: dict[tuple[Action, ...], dict[Action, float]] = {}
        for turn, value in turns.items():
            for i in range(1, len(turn)):
                prefix, nxt = turn[:i], turn[i]
                known = after.setdefault(prefix, {})
                if nxt not in known or value > known[nxt]:
                    known[nxt] = value
        for prefix, values in after.items():
            twin = deal.clone()
            try:
                for a in prefix:
                    twin.apply_legal(a)
            except ValueError:  # a turn the sample cannot replay (RulesError): skip it
                continue
            if twin.is_over() or twin.to_move() != seat:
                continue
            self._put((obs_key(twin.observation(seat)), tag), values)

    def recall(self, obs: Observation, tag: Any = None) -> dict[Action, float] | None:
        """The remembered values of the actions of ``obs`` (a position after a step)."""
        key = (obs_key(obs), tag)
        with self._lock:
            values = self._data.get(key)
            if values is not None:
                self._data.move_to_end(key)
            return dict(values) if values is not None else None

    def _put(self, key: tuple[str, Any], values: dict[Action, float]) -> None:
        with self._lock:
            self._data[key] = dict(values)
            self._data.move_to_end(key)
            while len(self._data) > self.capacity:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


#: The hint engine's memory (one per process: the table's bot process, the review thread).
MEMORY = TurnMemory()


def best_of(values: dict[Action, float], allowed: Iterable[Action]) -> Action | None:
    """The allowed action with the highest remembered value (None if none is known)."""
    known = [a for a in allowed if a in values]
    return max(sorted(known), key=lambda a: values[a]) if known else None
