"""The hint engine: the recommended action, every legal action's value, and why.

``hint(observation, budget_ms=...)`` runs the ``hard`` search for the seat of
the observation (so it sees no more than that seat) and returns a
:class:`Hint`.  Why is an :class:`~game.ai.explain.Explanation` (message keys and
typed parameters, :mod:`game.ai.explain`): the UI says it in the player's language.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action
from game.rules.observation import Observation

from .base import Deadline
from .budget import check_budget_ms
from .explain import Explanation, explain_hint, say
from .ismcts import HardBot, search
from .marias_bidding import bidding_values, doubling_values
from .sampler import SampleError, determinize
from .tactics import candidates, forced, in_doubling
from .turns import MEMORY, best_of


@dataclass
class Hint:
    """The recommendation for one position.

    ``values``: every legal action -> estimated value for the seat (this deal's
    score minus the other seats' mean: match points in the King-Queen games,
    units in Mariáš), or None where the search did not reach it.
    """

    action: Action
    values: dict[Action, float | None]
    why: Explanation = field(default_factory=lambda: say("hint_only_action"))
    exact: bool = False
    iterations: int = 0

    @property
    def reason(self) -> str:
        """The main reason's message key (``hint_lead_master`` …)."""
        return self.why.key

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.text,
                "values": {a.text: v for a, v in self.values.items()},
                "why": self.why.to_json(), "exact": self.exact, "iterations": self.iterations}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Hint:
        return cls(Action.parse(d["action"]),
                   {Action.parse(a): v for a, v in d["values"].items()},
                   Explanation.from_json(d["why"]), bool(d.get("exact")),
                   int(d.get("iterations") or 0))


#: A hint's search budget (ms) in the game and on the command line.  The target is 0.5 s
#: median (``python -m game.ai bench``); a search overruns its budget by up to one sweep plus
#: one exact solve, so the budget stays below the target to leave that room.
HINT_BUDGET_MS = 470


def hint(observation: Observation, budget_ms: float = HINT_BUDGET_MS, seed: int = 0,
         cancel: threading.Event | None = None, iterations: int | None = None) -> Hint:
    """The recommendation for the seat of ``observation`` (which must be on turn)."""
    legal = list(observation.legal)
    if not legal:
        raise ValueError("the seat of this observation has no action to take now")
    budget_ms = check_budget_ms(budget_ms) or 0.0  # nan/inf/negative: ValueError; capped
    if len(legal) == 1:
        return Hint(legal[0], {legal[0]: None}, say("hint_only_action"))
    deadline = Deadline(time.perf_counter() + budget_ms / 1000.0, iterations,
                        cancel or threading.Event(), budget_ms)
    rng = random.Random(seed)
    f = forced(observation)
    values: dict[Action, float | None] = {a: None for a in legal}
    exact = False
    its = 0

    tag = (seed, iterations, None if iterations is not None else round(budget_ms))
    remembered = MEMORY.recall(observation, tag)
    bid = None if remembered is not None else bidding_values(observation, deadline, rng,
                                                            turns=True, tag=tag)
    odds: dict[Action, float] = {}
    if bid is None and remembered is None:
        bid = doubling_values(observation, deadline, rng, every_legal=True, odds=odds)
    if remembered is not None:
        # The position after a step of this turn, valued with the step: the same numbers
        # (see game.ai.turns), so the advice never contradicts itself across the step.
        values.update({a: v for a, v in remembered.items() if a in values})
        action = best_of(remembered, candidates(observation)) or legal[0]
    elif bid is not None:
        action, vals = bid
        values.update(vals)
    else:
        # Whole turns: a step that does not end the turn (exchange, close, a marriage) is
        # worth its best continuation — the number the position after the step gets, so the
        # hint, the practice warning and the review agree before and after the step.
        res = search(observation, deadline, rng, legal=legal,
                     pool_size=HardBot.pool_size_for(observation.variant), turns=True,
                     **HardBot.options_for(observation))
        action = res.best
        allowed = candidates(observation)
        if action not in allowed:
            # every legal action is valued, but the rules of ``candidates`` (e.g. never a
            # false declaration, no double of a Hundred against) still decide
            action = max(allowed, key=lambda a: res.values.get(a, float("-inf")))
        values.update(res.values)
        exact = res.exact
        its = res.iterations
        if res.turns and any(len(t) > 1 for t in res.turns):
            _remember_turns(observation, res.turns, rng, tag)
    if f is not None:
        action, why = f
    else:
        # One judgement: the move recommended is the best-valued one the search may choose
        # (a search may keep its rule-of-thumb move against a slightly higher noisy mean;
        # the hint, its values list and the review show numbers, so they follow them).
        allowed = candidates(observation)
        if in_doubling(observation):
            # a raise or announcement no bot makes (``candidates``) is not judged: its
            # simulated value is too rough to set against the recommendation
            values.update({a: None for a in legal if a not in allowed})
        # what the legal list does not spell out (the blind trump) is a choice too
        allowed += [a for a in values if a not in legal]
        action = best_valued(values, allowed, action)
        why = explain_hint(observation, action, values, exact, odds)
    return Hint(action, values, why, exact, its)


def not_judged(obs: Observation, action: Action) -> bool:
    """A Mariáš raise or announcement the hint gives no value on purpose (no bot makes it:
    ``tactics.candidates``)."""
    return in_doubling(obs) and action in obs.legal and action not in candidates(obs)


def best_valued(values: dict[Action, float | None], allowed: list[Action],
                chosen: Action) -> Action:
    """``chosen`` unless an allowed action has a strictly higher known value (then the
    highest of them; ties keep ``chosen``)."""
    mine = values.get(chosen)
    known = [(v, a) for a in allowed if (v := values.get(a)) is not None]
    if not known:
        return chosen
    top, best = max(known, key=lambda t: (t[0], t[1] == chosen))
    if mine is None or top > mine:
        return best
    return chosen


def _remember_turns(obs: Observation, turns: dict[tuple[Action, ...], float],
                    rng: random.Random, tag: Any) -> None:
    """Keep the continuations' values for the positions after this turn's steps."""

    try:
        deal = determinize(obs, random.Random(rng.random()))
    except SampleError:
        return
    MEMORY.remember(deal, obs.seat, turns, tag)
