"""The hint engine: the recommended action, every legal action's value, and why.

``hint(observation, budget_ms=...)`` runs the ``hard`` search for the seat of
the observation (so it sees no more than that seat) and returns a
:class:`Hint`.  The reason is a message key plus parameters so the UI can
translate it; :data:`TEMPLATES` holds the English texts (``str.format``
placeholders named after the parameters).
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, Verb
from game.rules.cards import CARD_STR, SUITS, card, marriage_points
from game.rules.observation import Observation

from .base import Deadline
from .budget import check_budget_ms
from .ismcts import HardBot, search
from .marias_bidding import bidding_values, doubling_values
from .marias_hand import best_no_trump
from .sampler import SampleError, determinize
from .tactics import candidates, forced, marriage_gain
from .turns import MEMORY, best_of
from .view import view_of

#: English templates of the reason keys (the UI translates the keys).
TEMPLATES: dict[str, str] = {
    "hint.declare": "Declare 66: you have {points}.",
    "hint.declare_after_marriage": "Announce the marriage and declare: you reach {points}.",
    "hint.marriage": "Announce the marriage in {suit_name}: {points} points.",
    "hint.exchange": "Exchange the trump {rank} for the indicator {card}.",
    "hint.close": "Close the stock: your cards should bring you to 66.",
    "hint.exact": "Both hands are known now: with best play this is worth {value:+.2f}.",
    "hint.take_trick": "Take the trick with {card}: it is worth {points} points.",
    "hint.duck": "Give this trick away cheaply with {card}.",
    "hint.smear": "Your partner is winning the trick: add points with {card}.",
    "hint.lead": "Lead {card}.",
    "hint.marriage_later": "Lead {card} first; keep the marriage in {suit_name} for a later "
                           "lead.",
    "hint.trump_card": "Choose {card}: {suit_name} is your strongest suit.",
    "hint.trump_blind": "Choose the trump card blindly: none of your seven cards makes a good "
                        "trump suit.",
    "hint.contract": "Play {contract}.",
    "hint.contract_safe": "{contract} cannot be lost with this hand.",
    "hint.discard": "Lay away {cards}.",
    "hint.good": "Say good: no higher contract is safe.",
    "hint.bad": "Say bad and play {contract}: it cannot be lost.",
    "hint.double": "Double the {component}: the odds are on your side.",
    "hint.announce": "Announce {what}.",
    "hint.pass": "Pass: doubling does not pay here.",
    "hint.double_odds": "Double the {component}: it paid off in {share}% of the deals I "
                        "tried; on average it gains more than it costs.",
    "hint.pass_odds": "Pass: doubling the {component} would pay off in {share}% of the deals "
                      "I tried; on average it would cost more than it gains.",
    "hint.best_value": "This is the best choice found: about {value:+.2f} on average.",
    "hint.only_action": "This is the only legal action.",
}

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine",
              "8": "eight", "7": "seven"}


@dataclass
class Hint:
    """The recommendation for one position.

    ``values``: every legal action -> estimated value for the seat (this deal's
    score minus the other seats' mean: match points in the King-Queen games,
    units in Mariáš), or None where the search did not reach it.
    """

    action: Action
    values: dict[Action, float | None]
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    exact: bool = False
    iterations: int = 0

    def text(self, templates: dict[str, str] | None = None) -> str:
        return format_reason(self.reason, self.params, templates)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.text,
                "values": {a.text: v for a, v in self.values.items()},
                "reason": self.reason, "params": dict(self.params), "exact": self.exact,
                "iterations": self.iterations, "text": self.text()}


def format_reason(key: str, params: dict[str, Any], templates: dict[str, str] | None = None
                  ) -> str:
    tpl = (templates or TEMPLATES).get(key, key)
    try:
        return tpl.format(**params)
    except (KeyError, ValueError, IndexError):
        return tpl


#: A hint's search budget (ms) in the game and on the command line.  The issue's target is
#: 0.5 s median; a search overruns its budget by up to one sweep plus one exact solve, and at
#: 500 ms hints took 501-505 ms (median, under load), so the budget leaves that room.
HINT_BUDGET_MS = 470


def hint(observation: Observation, budget_ms: float = HINT_BUDGET_MS, seed: int = 0,
         cancel: threading.Event | None = None, iterations: int | None = None) -> Hint:
    """The recommendation for the seat of ``observation`` (which must be on turn)."""
    legal = list(observation.legal)
    if not legal:
        raise ValueError("the seat of this observation has no action to take now")
    budget_ms = check_budget_ms(budget_ms) or 0.0  # nan/inf/negative: ValueError; capped
    if len(legal) == 1:
        return Hint(legal[0], {legal[0]: None}, "hint.only_action", {})
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
        action, key, params = f
    elif odds:
        key, params = explain_doubling(observation, action, values, odds)
    else:
        key, params = explain(observation, action, values, exact)
    return Hint(action, values, key, _decorate(params), exact, its)


def _remember_turns(obs: Observation, turns: dict[tuple[Action, ...], float],
                    rng: random.Random, tag: Any) -> None:
    """Keep the continuations' values for the positions after this turn's steps."""

    try:
        deal = determinize(obs, random.Random(rng.random()))
    except SampleError:
        return
    MEMORY.remember(deal, obs.seat, turns, tag)


def explain_doubling(obs: Observation, action: Action, values: dict[Action, float | None],
                     odds: dict[Action, float]) -> tuple[str, dict[str, Any]]:
    """Why double or pass, in the odds the simulation saw: how often the double paid.

    A double can be right at under half (it wins big and loses small) and wrong at over
    half, so the reason says both: the share, and which way the balance went."""
    if action.verb is Verb.DOUBLE and action in odds:
        return "hint.double_odds", {"component": action.name,
                                    "share": round(100 * odds[action])}
    doubles = [a for a in odds if values.get(a) is not None]
    if action.verb is Verb.PASS and doubles:
        best = max(doubles, key=lambda a: values[a])  # type: ignore[arg-type,return-value]
        return "hint.pass_odds", {"component": best.name, "share": round(100 * odds[best])}
    return explain(obs, action, values, False)


def _decorate(params: dict[str, Any]) -> dict[str, Any]:
    out = dict(params)
    if "suit" in out and "suit_name" not in out:
        out["suit_name"] = SUIT_NAMES.get(out["suit"], out["suit"])
    return out


def explain(obs: Observation, action: Action, values: dict[Action, float | None],
            exact: bool) -> tuple[str, dict[str, Any]]:
    """A short reason for ``action`` as (message key, parameters)."""
    value = values.get(action)
    if exact and value is not None:
        return "hint.exact", {"value": round(value, 2), "action": action.text}
    verb = action.verb
    if verb is Verb.MARRIAGE:
        return "hint.marriage", {"suit": SUITS[action.suit],
                                 "points": marriage_gain(obs, action)}
    if verb is Verb.EXCHANGE:
        ind = obs.indicator or ""
        rank = "7" if obs.variant == "marriage" else "9"
        return "hint.exchange", {"card": ind, "rank": RANK_NAMES[rank]}
    if verb is Verb.CLOSE:
        return "hint.close", {"points": obs.points[obs.seat]}
    if verb is Verb.TRUMP:
        if action.blind:
            return "hint.trump_blind", {}
        return "hint.trump_card", {"card": action.card_text, "suit": action.card_text[1]}
    if verb is Verb.CONTRACT:
        hand = sum(1 << card(c) for c in obs.hand)
        if best_no_trump(hand, 0, [action.name]) == action.name:
            return "hint.contract_safe", {"contract": action.name}
        return "hint.contract", {"contract": action.name}
    if verb is Verb.DISCARD:
        return "hint.discard", {"cards": " ".join(CARD_STR[c] for c in action.cards)}
    if verb is Verb.GOOD:
        return "hint.good", {}
    if verb is Verb.BAD:
        return "hint.bad", {"contract": action.name}
    if verb is Verb.DOUBLE:
        return "hint.double", {"component": action.name}
    if verb is Verb.ANNOUNCE:
        return "hint.announce", {"what": action.name}
    if verb is Verb.PASS:
        return "hint.pass", {}
    if verb is Verb.PLAY:
        v = view_of(obs)
        c = action.card
        rest = action.card_text
        if not v.trick:
            pairs = [SUITS[a.suit] for a in obs.legal if a.verb is Verb.MARRIAGE]
            if pairs:
                # the search keeps a marriage for later (Sixty-six for three: the others
                # must beat a led king or queen, and the pair counts after a first trick)
                suit = obs.trump if obs.trump in pairs else pairs[0]
                return "hint.marriage_later", {"card": rest, "suit": suit,
                                               "points": marriage_points(suit == obs.trump)}
            return "hint.lead", {"card": rest}
        winner = v.trick_winner()
        if winner is not None and v.side(winner) == v.side(v.seat) and winner != v.seat:
            return "hint.smear", {"card": rest}
        if v.beats_table(c):
            pts = sum(v.value(x) for _, x in v.trick) + v.value(c)
            return "hint.take_trick", {"card": rest, "points": pts}
        return "hint.duck", {"card": rest}
    return "hint.best_value", {"value": round(value or 0.0, 2)}
