"""The after-deal review: every decision of one seat next to the hint engine's best one.

``review_deal(deal_or_record, seat, budget_ms)`` replays the deal from its deck
and, at each decision of ``seat``, asks :func:`game.ai.hint.hint` about the
seat's **observation** at that moment (so the review knows no more than the
player did then).  A :class:`ReviewItem` holds the action taken, the
recommended one, every action's estimated value and the *points lost*:

    lost = value(best) - value(taken), never below 0; 0 when taken == best.

Values are the hint engine's: this deal's score minus the other seats' mean
(match points in the King-Queen games, units in Mariáš).  Where the search did
not reach the action taken (value ``None``) the loss is unknown (``None``).
Decisions with a single legal action are listed too (``forced``) with loss 0;
they cost no search.

Pure Python, no pygame: the review scene runs it in a worker thread and may
stop it early with ``cancel`` (the items found so far are kept).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action
from game.rules.base import Deal
from game.rules.observation import Observation
from game.rules.record import parse_record

from .base import Bot
from .bot import make_bot
from .explain import Explanation, explain_weak, say
from .hint import Hint, hint, not_judged
from .turns import obs_key


@dataclass
class ReviewItem:
    """One decision of the reviewed seat."""

    #: Position of the action in the deal's history (0-based).
    index: int
    seat: int
    action: Action
    best: Action
    values: dict[Action, float | None] = field(default_factory=dict)
    #: Estimated points lost against the best action (None: unknown).
    lost: float | None = 0.0
    #: Why the best move is best (the hint's explanation).
    why: Explanation = field(default_factory=lambda: say("hint_only_action"))
    exact: bool = False
    #: Only one legal action: nothing to decide.
    forced: bool = False
    #: Why the move taken is worse than the best (None: it is not, as far as the search
    #: can tell): a reason, the best move and the estimated cost.
    weak: Explanation | None = None

    @property
    def is_best(self) -> bool:
        return self.action == self.best

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seat": self.seat, "action": self.action.text,
                "best": self.best.text, "values": {a.text: v for a, v in self.values.items()},
                "lost": self.lost, "why": self.why.to_json(), "exact": self.exact,
                "forced": self.forced,
                "weak": None if self.weak is None else self.weak.to_json()}


def deal_of(deal_or_record: Deal | str) -> Deal:
    """The (last) deal of a record's text, or the deal itself."""
    if isinstance(deal_or_record, Deal):
        return deal_or_record
    from game.rules.record import replay_deal

    recs = parse_record(deal_or_record)
    return replay_deal(recs[-1])


def points_lost(best: Action, action: Action, values: dict[Action, float | None]
                ) -> float | None:
    """``value(best) - value(action)``, at least 0; 0 for the best action itself."""
    if action == best:
        return 0.0
    vb, va = values.get(best), values.get(action)
    if va is None:
        return None
    if vb is None:
        known = [v for v in values.values() if v is not None]
        vb = max(known) if known else va
    return round(max(0.0, vb - va), 3)


def decisions(deal: Deal, seat: int) -> list[tuple[int, Observation, Action]]:
    """``(history index, observation before, action)`` for each action of ``seat``."""
    return [(i, before.observation(seat), action)
            for i, (s, action, before) in enumerate(deal.steps()) if s == seat]


def review_deal(
    deal_or_record: Deal | str,
    seat: int,
    budget_ms: float = 300,
    seed: int = 0,
    iterations: int | None = None,
    cancel: threading.Event | None = None,
    progress: Callable[[int, int, ReviewItem], None] | None = None,
    start: int = 0,
    known: Mapping[str, Hint] | None = None,
) -> list[ReviewItem]:
    """Review every decision of ``seat`` in the deal (see the module docstring).

    ``iterations`` fixes the search size (deterministic, for tests); ``progress``
    is called as ``progress(done, total, item)`` after each decision; ``start``
    skips the first decisions (a review resumed after an interruption).
    ``known``: the judgements already made during the deal (the practice hints, by
    :func:`game.ai.turns.obs_key` of the position): a position judged then is not
    searched again, so the review says what the hint, its values and the warning said.
    """
    deal = deal_of(deal_or_record)
    steps = decisions(deal, seat)
    items: list[ReviewItem] = []
    for n, (index, obs, action) in enumerate(steps, start=1):
        if n <= start:
            continue
        if cancel is not None and cancel.is_set():
            break
        legal = obs.legal
        if len(legal) <= 1:
            item = ReviewItem(index, seat, action, action, {action: None}, 0.0,
                              say("hint_only_action"), False, True)
        else:
            made = known.get(obs_key(obs)) if known else None
            h = made if made is not None else hint(obs, budget_ms=budget_ms, seed=seed,
                                                   cancel=None, iterations=iterations)
            lost = points_lost(h.action, action, h.values)
            weak = None if action is h.action or lost == 0 else explain_weak(
                obs, action, h.action, h.why, lost, judged=not not_judged(obs, action))
            item = ReviewItem(index, seat, action, h.action, dict(h.values), lost, h.why,
                              h.exact, False, weak)
        items.append(item)
        if progress is not None:
            progress(n, len(steps), item)
    return items


def total_lost(items: list[ReviewItem]) -> float:
    """The sum of the known losses."""
    return round(sum(i.lost for i in items if i.lost), 3)


def better_line(deal: Deal, item: ReviewItem, seed: int = 1, iterations: int = 60,
                cancel: threading.Event | None = None) -> list[Deal]:
    """The deal as it might have gone with the review's better move: the position after
    ``item.best`` and then every later position, each seat played by the ``hard`` level
    from its own observation (one likely continuation, not the average the values are).
    The real deck is used, so the stock draws what it really held.  Empty when cancelled
    before the first step."""
    state = deal.at_step(item.index)
    rng = random.Random(seed)
    line: list[Deal] = []
    bots: dict[int, Bot] = {}
    action = item.best
    seat = item.seat
    while not (cancel is not None and cancel.is_set()):
        state = state.clone()
        state.apply(action, seat, chance=rng)
        line.append(state)
        nxt = state.to_move()
        if state.is_over() or nxt is None:
            break
        if nxt not in bots:
            bots[nxt] = make_bot("hard", state.variant, seed=seed + nxt, iterations=iterations)
        seat, action = nxt, bots[nxt].choose(state.observation(nxt))
    return line
