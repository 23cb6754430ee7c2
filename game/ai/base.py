"""What every bot is: the interface, and the budget/cancel plumbing of a decision.

The program's own bots take the typed observation (:class:`game.rules.Observation`) and
return an :class:`~game.rules.Action`; NOTATION.md's ``choose(observation) -> action``
bots of other people take the JSON form and return text (:class:`JsonPlayer` adapts
them).  Every bot sees **only** the observation: everything hidden is sampled
(``sampler.py``), so they are fair by construction.  The one exception
is the measurement-only ``cheat`` level, which is handed the full deal through
:meth:`Bot.reveal` by the arena and is never offered in the game.

Why a base class: every search bot needs the same three things — a per-decision
time budget, an optional iteration cap (tests use it: a fixed number of
iterations makes a decision independent of machine speed), and a cancel flag a
UI thread can set to stop a running search (the bot then answers at once with
the best action found so far).  The levels themselves are registered in
:mod:`.bot` (``make_bot``), above every level's module.
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.rules.actions import Action
from game.rules.observation import Observation

from .budget import check_budget_ms

#: Default decision budgets (milliseconds) per level.
DEFAULT_BUDGET_MS = {"easy": 0, "random": 0, "normal": 120, "hard": 450, "pimc": 450,
                     "cheat": 450}


class Player(Protocol):
    """What the arena and the table ask of a player: an action for an observation."""

    def choose(self, observation: Observation) -> Action: ...


class JsonPlayer:
    """A third-party bot of NOTATION.md's interface (``choose(observation dict) -> action
    text``) as a :class:`Player`: it receives ``observation.to_json()`` — exactly the JSON
    of the notation — and its answer is parsed (a bad answer raises NotationError)."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.wants_truth = False

    def choose(self, observation: Observation) -> Action:
        answer = self.inner.choose(observation.to_json())
        return answer if isinstance(answer, Action) else Action.parse(str(answer))

    def cancel(self) -> None:
        stop = getattr(self.inner, "cancel", None)
        if callable(stop):
            stop()


@dataclass
class Deadline:
    """When a search must stop: wall clock, iteration cap, or the cancel event."""

    end: float  # a ``clock()`` value; math.inf for none
    max_iterations: int | None
    cancel: threading.Event
    #: the budget this deadline was made from (ms), for work planned by size rather than
    #: by the clock (the Mariáš bidding simulations); None when unknown
    budget_ms: float | None = None
    #: what ``end`` is measured on: the wall clock in the game; the thread's own CPU time
    #: when the iterations a budget affords are measured on a busy machine
    #: (``game.ai.calibrate``)
    clock: Callable[[], float] = time.perf_counter
    #: the largest iteration count a search asked about: how far the search got
    reached: int = 0

    def expired(self, iterations: int = 0) -> bool:
        if iterations > self.reached:
            self.reached = iterations
        if self.cancel.is_set():
            return True
        if self.max_iterations is not None:
            return iterations >= self.max_iterations
        return self.clock() >= self.end

    def remaining_ms(self) -> float:
        """Milliseconds left on the clock (inf without an end)."""
        return (self.end - self.clock()) * 1000.0


class Bot(ABC):
    """Base of the program's bots.

    ``choose(observation, budget_ms=None)`` returns one of ``observation.choices`` (the
    legal actions, and a choice resolved by chance such as the blind trump card).
    ``cancel()`` (thread-safe) makes a running ``choose`` return promptly;
    the flag is cleared at the start of the next ``choose``.
    """

    level = "base"
    #: the clock budgets are measured on (see :attr:`Deadline.clock`)
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(
        self,
        variant: str,
        seed: int | None = None,
        budget_ms: float | None = None,
        iterations: int | None = None,
        cancel: threading.Event | None = None,
    ):
        self.variant = variant
        self.seed = seed if seed is not None else random.randrange(2**31)
        budget_ms = check_budget_ms(budget_ms)  # nan/inf/negative: ValueError; capped
        self.budget_ms = budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS.get(
            self.level, 300)
        self.iterations = iterations
        self.cancel_event = cancel or threading.Event()
        self._truth: Any = None
        #: the deadline of the last decision (how far its search got: ``reached``)
        self.last_deadline: Deadline | None = None

    # --- public ------------------------------------------------------------------
    def choose(self, observation: Observation, budget_ms: float | None = None) -> Action:
        legal = observation.legal
        if not legal:
            raise ValueError("no legal action: it is not this seat's turn")
        self.cancel_event.clear()
        if len(legal) == 1:
            return legal[0]
        ms = self.budget_ms if budget_ms is None else check_budget_ms(budget_ms)
        now = self.clock()
        deadline = Deadline(now + ms / 1000.0 if ms else now, self.iterations,
                            self.cancel_event, ms, self.clock)
        self.last_deadline = deadline
        rng = self.decision_rng(observation)
        action = self.decide(observation, deadline, rng)
        if action not in observation.choices:
            return legal[0]  # a bug must never cost an illegal move
        return action

    def cancel(self) -> None:
        """Stop the running search (from any thread); it returns its best action so far."""
        self.cancel_event.set()

    def reveal(self, deal: Any) -> None:
        """Measurement hook: the arena hands over the true deal.  Fair bots ignore it."""
        return None

    # --- for subclasses -------------------------------------------------------------
    @abstractmethod
    def decide(self, obs: Observation, deadline: Deadline, rng: random.Random) -> Action:
        """The level's decision: one of ``obs.choices`` within ``deadline``."""

    def decision_rng(self, obs: Observation) -> random.Random:
        """A generator seeded by the bot's seed and the observation alone.

        Same seed + same observation => same random choices, whatever the
        hidden cards are (the fairness test relies on this).
        """
        text = json.dumps(obs.to_json(), sort_keys=True, default=str)
        digest = hashlib.blake2b(f"{self.seed}|{text}".encode(), digest_size=8).digest()
        return random.Random(int.from_bytes(digest, "big"))


class RandomBot(Bot):
    """Uniformly random legal action (measurement floor)."""

    level = "random"

    def decide(self, obs: Observation, deadline: Deadline, rng: random.Random) -> Action:
        return rng.choice(obs.legal)
