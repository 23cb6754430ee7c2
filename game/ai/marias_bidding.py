"""Mariáš bidding: trump card (also blind), contract, discards, good/bad — by simulation.

Why not plain tree search: the bidding actions open very different games
(66 possible discards, five contracts) and the playout policy is too weak
to tell a sound Betl from a hopeless one.  So:

* no-trump contracts are named only when a deterministic safety check says
  they cannot be lost (:func:`durch_safe`, :func:`open_durch_safe`,
  :func:`open_betl_safe`, :func:`betl_safe`) — a hand that fails Open Durch
  never bids it;
* Suit decisions (which trump suit, or blind; Seven / Hundred; which two
  cards to lay away) are compared by simulation: sample the hidden cards,
  finish the bidding with the heuristics, play the deal out with the
  playout policy, average the result for this seat.

``trump blind``: the observation's legal list names only the first seven cards; a
bot that prefers a blind trump card returns :data:`BLIND`
(:data:`game.rules.TRUMP_BLIND`, one of ``observation.choices``), and the engine
resolves it by chance from the random source its caller gives (``Deal.apply``).
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
    TRUMP,
    TRUMP_BLIND,
    Action,
    Verb,
    discard,
)
from game.rules.base import Deal
from game.rules.cards import SUIT_MASK, card, cards_of
from game.rules.marias import MariasDeal
from game.rules.observation import MariasObservation, Observation
from game.rules.tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER

from .bot import Deadline
from .ismcts import clearly_better
from .playout import rollout
from .sampler import SampleError, determinize
from .solver import value_for

BLIND = TRUMP_BLIND
#: How much better (units) an announced Seven/Hundred must simulate than the plain game.
SEVEN_MARGIN = 1.0
ACES_TENS = sum(1 << c for c in range(32) if (c & 7) <= 1)
_NT = BEATERS[NO_TRUMP_ORDER]
_T = BEATERS[TRUMP_ORDER]


# --- deterministic safety checks --------------------------------------------------------
def durch_safe(hand: int, gone: int = 0) -> bool:
    """Leading every suit from the top, can any defender ever beat one of our cards?

    Our i-th highest card of a suit is safe if no outside card is above it, or
    the outsiders are too few for a defender to still hold one at our i-th lead.
    """
    for s in range(4):
        mine = sorted(cards_of(hand & SUIT_MASK[s]), key=lambda c: -NO_TRUMP_ORDER[c & 7])
        outside = SUIT_MASK[s] & ~hand & ~gone
        n_out = outside.bit_count()
        for i, c in enumerate(mine, 1):
            if _NT[c] & outside and n_out >= i:
                return False
    return True


def open_durch_safe(hand: int, talon: int = 0) -> bool:
    """Every card of ours above every defender card of its suit (the talon is ours)."""
    for s in range(4):
        mine = hand & SUIT_MASK[s]
        if not mine:
            continue
        outside = SUIT_MASK[s] & ~hand & ~talon
        for c in cards_of(mine):
            if _NT[c] & outside:
                return False
    return True


def open_betl_safe(hand: int, talon: int = 0) -> bool:
    """Every card of ours below every defender card of its suit."""
    for s in range(4):
        mine = hand & SUIT_MASK[s]
        outside = SUIT_MASK[s] & ~hand & ~talon
        if not mine:
            continue
        for c in cards_of(outside):
            if _NT[c] & mine:  # a card of ours beats a defender card
                return False
        if not outside:
            return False  # leading it would win
    return True


def betl_safe(hand: int, talon: int = 0) -> bool:
    """Plain Betl: in every suit we hold only the lowest cards (7, 8, 9 ... without a gap),
    so no defender can lead under us and force us to beat.  (Leading the first trick into a
    suit both defenders lack is the one risk left.)"""
    for s in range(4):
        mine = sorted(cards_of(hand & SUIT_MASK[s]), key=lambda c: NO_TRUMP_ORDER[c & 7])
        for i, c in enumerate(mine):
            if NO_TRUMP_ORDER[c & 7] != i:
                return False
    return True


def best_no_trump(hand: int, talon: int = 0, allowed: list[str] | None = None) -> str | None:
    """The highest safe no-trump contract for ``hand`` (10 or 12 cards: best two discards)."""
    names = ["open-durch", "open-betl", "durch", "betl"]
    if allowed is not None:
        names = [n for n in names if n in allowed]
    for name in names:
        for h, t in _ten_card_hands(hand, talon, name):
            if _safe(name, h, t):
                return name
    return None


def _safe(name: str, hand: int, talon: int) -> bool:
    return {"open-durch": open_durch_safe, "open-betl": open_betl_safe,
            "durch": lambda h, t: durch_safe(h), "betl": betl_safe}[name](hand, talon)


def _ten_card_hands(hand: int, talon: int, name: str) -> list[tuple[int, int]]:
    cards = list(cards_of(hand))
    if len(cards) <= 10:
        return [(hand, talon)]
    # discard the two cards that hurt most: lowest for durch, highest for betl
    key = (lambda c: NO_TRUMP_ORDER[c & 7]) if "durch" in name else (
        lambda c: -NO_TRUMP_ORDER[c & 7])
    out = []
    srt = sorted(cards, key=key)
    # try a few pairs of the most suspicious cards
    cand = srt[:5]
    for i in range(len(cand)):
        for j in range(i + 1, len(cand)):
            d = (1 << cand[i]) | (1 << cand[j])
            out.append((hand & ~d, talon | d))
    return out


def discard_for(hand: int, name: str, trump_card: int | None, seven: bool) -> tuple[int, int]:
    """Heuristic two cards to lay away for contract ``name`` (full-information helper)."""
    cards = list(cards_of(hand))
    if name.startswith("suit"):
        t = trump_card >> 3 if trump_card is not None else None
        ok = [c for c in cards if not (ACES_TENS >> c) & 1 and c != trump_card
              and not (seven and t is not None and c == t * 8 + 7)]

        def cost(c: int) -> tuple[int, int]:
            suit_len = (hand & SUIT_MASK[c >> 3]).bit_count()
            is_t = t is not None and c >> 3 == t
            return (is_t * 20 + suit_len * 2 - (c & 7), c)

        ok.sort(key=cost)
        if len(ok) < 2:
            ok = sorted(cards, key=lambda c: (c == trump_card, c))
        return ok[0], ok[1]
    if "durch" in name:
        cards.sort(key=lambda c: (NO_TRUMP_ORDER[c & 7], c))
    else:
        cards.sort(key=lambda c: (-NO_TRUMP_ORDER[c & 7], c))
    return cards[0], cards[1]


def discard_action(c1: int, c2: int) -> Action:
    return discard(c1, c2)


# --- finishing a sampled bidding with heuristics ------------------------------------------
def finish_bidding(deal: Deal, rng: random.Random) -> None:
    """Play the rest of the bidding of a sampled deal with the heuristics (in place)."""
    assert isinstance(deal, MariasDeal)
    while not deal.is_over() and deal.phase != "play":
        phase = deal.phase
        legal = deal.legal_actions()
        seat = deal.to_move()
        assert seat is not None
        if phase == "trump":
            a = _heuristic_trump(deal.hand(seat))
        elif phase == "contract":
            nt = best_no_trump(deal.hand(seat), 0, [x.name for x in legal])
            a = CONTRACT[nt] if nt else CONTRACT["suit"]
        elif phase == "discard":
            assert deal.contract_name is not None
            c1, c2 = discard_for(deal.hand(deal.soloist), deal.contract_name,
                                 deal.trump_card, deal.seven)
            a = discard_action(c1, c2)
            if a not in legal:
                a = rng.choice(legal)
        elif phase == "answer":
            a = GOOD
        else:
            a = PASS
        deal.apply_legal(a)


def _heuristic_trump(hand: int) -> Action:
    best_s = max(range(4), key=lambda s: _suit_strength(hand, s))
    mine = list(cards_of(hand & SUIT_MASK[best_s]))
    pick = max(mine, key=lambda c: ((c & 7) != 7, c & 7))
    return TRUMP[pick]


def _suit_strength(hand: int, s: int) -> float:
    mine = list(cards_of(hand & SUIT_MASK[s]))
    return len(mine) * 3 + sum(max(0, 3 - (c & 7)) for c in mine) + (0.5 if s == 2 else 0)


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
    from .tactics import forced

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
    from .sampler import SamplePool

    pool = SamplePool(obs, rng, size=size, infer=True)
    while True:
        try:
            yield pool.next()
        except SampleError:
            return


#: What one simulated candidate costs (its share of a sample, the clone, the heuristic
#: rest of the bidding and the playout), in ms on the reference 2-core machine: about 1.4
#: times the median measured per phase (0.33 / 0.24 / 0.19 ms over 60 deals at 40 ms; the
#: doubling round, with inferred samples, 0.32 ms over 30 logged positions).
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
    default = _heuristic_trump(hand)
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
    from .easy import _choose_discard
    from .view import view_of

    v = view_of(obs)
    ranked = sorted(legal, key=lambda a: _discard_rank(v, a, _choose_discard))
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
    from .turns import MEMORY

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


def _discard_rank(v: Any, a: Action, chooser: Any) -> float:
    from .easy import strength

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
                    odds: dict[Action, float] | None = None
                    ) -> tuple[Action, dict[Action, float]] | None:
    """(best action, simulated values) for a Mariáš doubling decision (flek, re and the
    Seven's), by simulation like the bidding: sample the hidden cards (``infer``: as
    ``hard`` samples them), take each candidate, let everyone pass the rest of the round,
    play out with the playout policy, and take the best mean.  None outside the doubling
    round, or when a rule of thumb decides (an against-announcement, ``tactics.forced``).

    Why not the card-play search: in the doubling round its tree and its guard decided
    worse.  Replayed on 1,973 logged ``hard``-soloist positions facing a flek (arena,
    ``hard@40`` vs ``pimc@40``), re-ing where a plain simulation's mean says so would have
    scored +0.43 +- 0.11 units per deck more than the search's choices (card play as it
    was; see docs/ai.md, "Mariáš: the doubling round by simulation").  The candidates are
    played out with common random numbers: a flek changes the stakes, not the playout's
    cards, so each round compares the same game at two stakes.

    ``every_legal`` (the hint): value every legal action, still choose among the
    candidates (``tactics.candidates``: e.g. never a double of a Hundred against).
    ``odds``, if given, receives for every double among the candidates the share of the
    simulated deals in which it scored more than passing (what the hint tells the player)."""
    from .tactics import candidates, forced, in_doubling

    if not in_doubling(obs) or forced(obs):
        return None
    cands = candidates(obs)
    if len(cands) == 1 and not every_legal:
        return cands[0], {}
    rounds: dict[Action, list[float]] = {}
    values = _simulate(obs, list(obs.legal) if every_legal else cands, deadline, rng,
                       None, infer=infer, paired=True, per_round=rounds)
    if odds is not None and rounds.get(PASS):
        base = rounds[PASS]
        for a in cands:
            if a.verb is Verb.DOUBLE:
                odds[a] = sum(v > p for v, p in zip(rounds[a], base)) / len(base)
    return max(sorted(cands), key=lambda a: (values[a], a is PASS)), values
