"""Mariáš bidding: trump card (also blind), contract, discards, good/bad — by simulation.

Why not plain tree search: the bidding actions open very different games
(66 possible discards, five contracts) and the playout policy is too weak
to tell a sound Betl from a hopeless one.  So:

* no-trump contracts are named only when a deterministic safety check of
  :mod:`.marias_hand` says they cannot be lost — a hand that fails Open Durch
  never bids it;
* Suit decisions (which trump suit, or blind; Seven / Hundred; which two
  cards to lay away) are compared by simulation: sample the hidden cards,
  finish the bidding with the heuristics, play the deal out with the
  playout policy, average the result for this seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from game.rules.actions import (
    BAD,
    CONTRACT,
    GOOD,
    PASS,
    Action,
    Verb,
)
from game.rules.base import Deal
from game.rules.cards import SUIT_MASK, card
from game.rules.observation import MariasObservation, Observation

from .base import Deadline
from .compare import clearly_better
from .easy import strength
from .marias_hand import (
    BLIND,
    best_no_trump,
    discard_action,
    discard_for,
    finish_bidding,
    heuristic_trump,
)
from .playout import rollout
from .sampler import SampleError, SamplePool, determinize
from .solver import value_for
from .tactics import candidates, forced, in_doubling
from .turns import MEMORY
from .view import view_of

#: How much better (units) an announced Seven/Hundred must simulate than the plain game.
SEVEN_MARGIN = 1.0


# --- the decisions -----------------------------------------------------------------------
def bidding_decision(bot: Any, obs: Observation, deadline: Deadline, rng: random.Random,
                     truth: Deal | None = None) -> Action | None:
    """A Mariáš bidding action, or None when the generic search should decide."""
    res = bidding_values(obs, deadline, rng, truth)
    return None if res is None else res[0]


def before_search(bot: Any, obs: Observation, deadline: Deadline,
                  rng: random.Random) -> Action | None:
    """What the searching levels decide without a search: a forced or provably right move
    (tactics), or a Mariáš bidding decision (simulated here); None: search."""

    f = forced(obs)
    if f is not None:
        return f[0]
    return bidding_decision(bot, obs, deadline, rng)


def bidding_values(obs: Observation, deadline: Deadline, rng: random.Random,
                   truth: Deal | None = None, turns: bool = False,
                   tag: Any = None) -> tuple[Action, dict[Action, float]] | None:
    """(best action, simulated values of the candidates) for a Mariáš bidding decision;
    None outside the bidding (play and doubling are searched by ISMCTS).

    ``turns`` (the hint engine): a contract is worth its best discards — naming it does
    not end the soloist's turn — and the discards' values are remembered for the
    position after it (:mod:`.turns`, under ``tag``)."""
    if not isinstance(obs, MariasObservation):
        return None
    phase = obs.phase
    legal = obs.legal
    if phase == "trump":
        return _decide_trump(obs, deadline, rng, truth)
    if phase == "contract":
        if turns and truth is None:
            return _contract_turns(obs, deadline, rng, tag)
        return _decide_contract(obs, deadline, rng, truth)
    if phase == "discard":
        return _decide_discard(obs, deadline, rng, truth)
    if phase == "answer":
        hand = sum(1 << card(c) for c in obs.hand)
        nt = best_no_trump(hand, 0, [a.name for a in legal if a.verb is Verb.BAD])
        return (BAD[nt] if nt else GOOD), {}
    return None


def _samples(obs: Observation, rng: random.Random, truth: Deal | None) -> Iterator[Deal]:
    while True:
        if truth is not None:
            yield truth.clone()
        else:
            try:
                yield determinize(obs, rng)
            except SampleError:
                return


def _inferred(obs: Observation, rng: random.Random, size: int) -> Iterator[Deal]:
    pool = SamplePool(obs, rng, size=size, infer=True)
    while True:
        try:
            yield pool.next()
        except SampleError:
            return


#: What one simulated candidate costs (its share of a sample, the clone, the heuristic
#: rest of the bidding and the playout), in ms: about 1.4 times the median measured per
#: phase (the doubling round's with inferred samples), so the planned rounds fit the budget.
ITER_MS = {"trump": 0.45, "contract": 0.35, "discard": 0.30, "doubling": 0.45}
MAX_ROUNDS = 400


def planned_rounds(deadline: Deadline, phase: str | None, n_candidates: int,
                   min_rounds: int = 4) -> int:
    """How many rounds a simulation runs: fixed by the budget, not by the clock.

    So the same seed and the same position give the same contract, discards and trump
    (reproducible games; and in a duplicate arena the shared bidding code decides alike in
    every seating, so only the players' real differences are measured).  The deadline
    still stops a simulation on a slower machine; a fixed iteration cap (tests, the
    arena's ``hard@3000it``) stops it too, but where the cap is larger the rounds are
    the budget's, as in the game (a bot made with ``iterations`` keeps its level's
    budget for this)."""
    if deadline.budget_ms is None:
        return MAX_ROUNDS
    per_round = ITER_MS.get(phase or "", max(ITER_MS.values())) * max(n_candidates, 1)
    return max(min_rounds, min(MAX_ROUNDS, int(deadline.budget_ms / per_round)))


def _simulate(obs: Observation, candidates: list[Action], deadline: Deadline,
              rng: random.Random, truth: Deal | None, min_rounds: int = 4,
              apply: Callable[[Deal, Action, random.Random], None] | None = None,
              infer: bool = False, paired: bool = False,
              per_round: dict[Action, list[float]] | None = None) -> dict[Action, float]:
    """Mean value for the seat of each candidate action over sampled deals (``infer``: the
    samples weighed by what the others' choices reveal, as ``hard`` samples for its search;
    ``paired``: every candidate of a round is played out with the same random numbers —
    common random numbers, so where the candidates leave the play alike, as a flek does,
    the comparison sees only what the candidate itself changes).  ``per_round``, if
    given, receives every candidate's value round by round."""
    seat = obs.seat
    totals = {a: 0.0 for a in candidates}
    rounds = 0
    phase = obs.phase if isinstance(obs, MariasObservation) else None
    target = planned_rounds(deadline, phase, len(candidates), min_rounds)
    samples: dict[Action, list[float]] = {a: [] for a in candidates}
    source = _inferred(obs, rng, target) if infer and truth is None else \
        _samples(obs, rng, truth)
    for deal in source:
        seed = rng.getrandbits(32) if paired else 0
        for a in candidates:
            r = random.Random(seed) if paired else rng
            d = deal.clone()
            if apply is not None:
                apply(d, a, r)
            else:
                d.apply_legal(a)
            finish_bidding(d, r)
            v = value_for(rollout(d, r), seat)
            totals[a] += v
            samples[a].append(v)
        rounds += 1
        if deadline.cancel.is_set():
            break
        if rounds >= min_rounds and deadline.expired(rounds * len(candidates)):
            break
        if rounds >= target:
            break
    if per_round is not None:
        per_round.update(samples)
    return {a: t / max(rounds, 1) for a, t in totals.items()}


def confident_choice(values: dict[Action, float], default: Action,
                     rounds: dict[Action, list[float]]) -> Action:
    """The best simulated candidate, but the rule-of-thumb ``default`` unless the paired
    difference is clearly (two standard errors) in favour of the other: a short simulation
    must not make the bot worse than its heuristics.  ``rounds``: the simulation's values
    round by round (``_simulate(per_round=...)``)."""
    best = max(sorted(values), key=lambda a: values[a])
    if default not in values or best == default:
        return best
    a, b = rounds.get(best, []), rounds.get(default, [])
    if min(len(a), len(b)) < 6:
        return default
    return best if clearly_better(a, b, 2.0) else default


def _decide_trump(obs: MariasObservation, deadline: Deadline, rng: random.Random,
                  truth: Deal | None) -> tuple[Action, dict[Action, float]]:
    legal = obs.legal
    hand = sum(1 << a.card for a in legal)
    # one candidate per suit: the lowest card, keeping the 7 for a possible Seven
    per_suit: dict[int, Action] = {}
    for a in legal:
        c = a.card
        cur = per_suit.get(c >> 3)
        if cur is None or ((c & 7) != 7, c & 7) > ((cur.card & 7) != 7, cur.card & 7):
            per_suit[c >> 3] = a
    cands = sorted(per_suit.values())
    if obs.blind_trump:
        cands.append(BLIND)

    def apply(d: Deal, a: Action, r: random.Random) -> None:
        d.apply_legal(a, chance=r)  # the blind card: chance draws it from r

    if len(cands) == 1:
        return cands[0], {}
    rounds: dict[Action, list[float]] = {}
    values = _simulate(obs, cands, deadline, rng, truth, apply=apply, per_round=rounds)
    default = heuristic_trump(hand)
    if default not in cands:
        default = next((a for a in cands if a is not BLIND and a.card >> 3
                        == default.card >> 3), cands[0])
    return confident_choice(values, default, rounds), values


def _decide_contract(obs: MariasObservation, deadline: Deadline, rng: random.Random,
                     truth: Deal | None) -> tuple[Action, dict[Action, float]]:
    legal = obs.legal
    hand = sum(1 << card(c) for c in obs.hand)
    nt = best_no_trump(hand, 0, [a.name for a in legal])
    if nt is not None:
        return CONTRACT[nt], {}
    cands = [a for a in legal if a.name.startswith("suit")]
    if len(cands) == 1:
        return cands[0], {}
    rounds: dict[Action, list[float]] = {}
    values = _simulate(obs, cands, deadline, rng, truth, per_round=rounds)
    # Seven and Hundred must beat the plain game clearly: the playouts are optimistic about
    # bringing the trump 7 home, and a lost announcement is expensive
    suit = CONTRACT["suit"]
    plain = values.get(suit, -1e9)
    adjusted = {a: v - (0 if a is suit else SEVEN_MARGIN) for a, v in values.items()}
    best = max(cands, key=lambda a: (adjusted[a], a is suit))
    if best is not suit and suit in values and adjusted[best] <= plain:
        best = suit
    if best is not suit:
        best = confident_choice({best: values[best], suit: plain}, suit, rounds)
    return best, values


def discard_shortlist(obs: MariasObservation) -> list[Action]:
    """The discards worth simulating in a discard position: the heuristic's pair first,
    then the best five by the rule-of-thumb ranking (a no-trump contract: the one pair)."""
    legal = obs.legal
    hand = sum(1 << card(c) for c in obs.hand)
    contract = obs.contract or "suit"
    trump_card = card(obs.trump_card) if obs.trump_card else None
    seven = "seven" in contract
    c1, c2 = discard_for(hand, contract, trump_card, seven)
    first = discard_action(c1, c2)
    if not contract.startswith("suit"):
        return [first if first in legal else legal[0]]

    v = view_of(obs)
    ranked = sorted(legal, key=lambda a: _discard_rank(v, a))
    return list(dict.fromkeys(([first] if first in legal else []) + ranked[:5]))


def _contract_turns(obs: MariasObservation, deadline: Deadline, rng: random.Random,
                    tag: Any) -> tuple[Action, dict[Action, float]]:
    """The contract decision valued by whole turns: each Suit contract with each of its
    shortlisted discards (the soloist holds all twelve cards when naming it, so choosing
    the discards after the contract costs no knowledge the simulation lacks); a contract
    is worth its best discards.  The choice among contracts is :func:`_decide_contract`'s
    rule (Seven and Hundred must beat the plain game clearly)."""
    legal = obs.legal
    hand = sum(1 << card(c) for c in obs.hand)
    nt = best_no_trump(hand, 0, [a.name for a in legal])
    if nt is not None:
        return CONTRACT[nt], {}
    cands = [a for a in legal if a.name.startswith("suit")]
    try:
        sample = determinize(obs, rng)
    except SampleError:
        return _decide_contract(obs, deadline, rng, None)
    seat = obs.seat
    pairs: list[tuple[Action, Action]] = []
    for c in cands:
        twin = sample.clone()
        twin.apply_legal(c)
        after = twin.observation(seat)
        assert isinstance(after, MariasObservation)
        pairs.extend((c, d) for d in discard_shortlist(after))

    def apply(d: Deal, pair: tuple[Action, Action], r: random.Random) -> None:
        d.apply_legal(pair[0])
        d.apply_legal(pair[1])

    rounds: dict[Any, list[float]] = {}
    sims = _simulate(obs, pairs, deadline, rng, None, apply=apply,  # type: ignore[arg-type]
                     per_round=rounds)
    values: dict[Action, float] = {}
    best_pair: dict[Action, tuple[Action, Action]] = {}
    for pair, v in sims.items():
        c = pair[0]  # type: ignore[index]
        if c not in values or v > values[c]:
            values[c], best_pair[c] = v, pair  # type: ignore[assignment]

    MEMORY.remember(sample, seat, dict(sims), tag)  # type: ignore[arg-type]
    if len(values) == 1:
        return next(iter(values)), values
    suit = CONTRACT["suit"]
    plain = values.get(suit, -1e9)
    adjusted = {a: v - (0 if a is suit else SEVEN_MARGIN) for a, v in values.items()}
    best = max(values, key=lambda a: (adjusted[a], a is suit))
    if best is not suit and suit in values and adjusted[best] <= plain:
        best = suit
    if best is not suit and suit in best_pair:
        best = confident_choice({best: values[best], suit: plain}, suit,
                                {best: rounds.get(best_pair[best], []),
                                 suit: rounds.get(best_pair[suit], [])})
    return best, values


def _decide_discard(obs: MariasObservation, deadline: Deadline, rng: random.Random,
                    truth: Deal | None) -> tuple[Action, dict[Action, float]]:
    contract = obs.contract or "suit"
    # a shortlist by the heuristic, compared by simulation
    cands = discard_shortlist(obs)
    if not contract.startswith("suit") or len(cands) == 1:
        return cands[0], {}
    rounds: dict[Action, list[float]] = {}
    values = _simulate(obs, cands, deadline, rng, truth, per_round=rounds)
    return confident_choice(values, cands[0], rounds), values


def _discard_rank(v: Any, a: Action) -> float:
    c1, c2 = a.cards
    rest = v.hand & ~(1 << c1) & ~(1 << c2)
    cost = strength(v, c1) + strength(v, c2)
    for s in range(4):
        if v.hand & SUIT_MASK[s] and not rest & SUIT_MASK[s] and s != v.trump:
            cost -= 6
    return cost


# --- the doubling round --------------------------------------------------------------------
def doubling_values(obs: Observation, deadline: Deadline, rng: random.Random,
                    infer: bool = True, every_legal: bool = False,
                    odds: dict[Action, float] | None = None, truth: Deal | None = None
                    ) -> tuple[Action, dict[Action, float]] | None:
    """(best action, simulated values) for a Mariáš doubling decision (flek, re and the
    Seven's), by simulation like the bidding: sample the hidden cards (``infer``: as
    ``hard`` samples them), take each candidate, let everyone pass the rest of the round,
    play out with the playout policy, and take the best mean.  None outside the doubling
    round, or when a rule of thumb decides (an against-announcement, ``tactics.forced``).

    Why not the card-play search: in the doubling round its tree and its guard decided
    worse.  Replayed on logged ``hard``-soloist positions facing a flek (arena,
    ``hard@40`` vs ``pimc@40``), re-ing where a plain simulation's mean says so would have
    scored more units per deck than the search's choices (card play as it
    was; see docs/ai.md, "Mariáš: the doubling round by simulation").  The candidates are
    played out with common random numbers: a flek changes the stakes, not the playout's
    cards, so each round compares the same game at two stakes.

    ``every_legal`` (the hint): value every legal action, still choose among the
    candidates (``tactics.candidates``: e.g. never a double of a Hundred against).
    ``odds``, if given, receives for every double among the candidates the share of the
    simulated deals in which it scored more than passing (what the hint tells the player).
    ``truth`` (the all-cards line of "Could I have won?"): every round plays the one true
    deal on, so the double is judged with every card seen."""

    if not in_doubling(obs) or forced(obs):
        return None
    cands = candidates(obs)
    if len(cands) == 1 and not every_legal:
        return cands[0], {}
    rounds: dict[Action, list[float]] = {}
    values = _simulate(obs, list(obs.legal) if every_legal else cands, deadline, rng,
                       truth, infer=infer, paired=True, per_round=rounds)
    if odds is not None and rounds.get(PASS):
        base = rounds[PASS]
        for a in cands:
            if a.verb is Verb.DOUBLE:
                odds[a] = sum(v > p for v, p in zip(rounds[a], base)) / len(base)
    return max(sorted(cands), key=lambda a: (values[a], a is PASS)), values
