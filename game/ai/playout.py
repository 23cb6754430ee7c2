"""The playout policy of the searches: fast, a little smarter than random.

Purely random playouts are badly wrong in these games: a random player
declares 66 falsely, closes blindly and throws aces under the opponent's
tens.  This policy plays on the full (determinized) deal — it is only ever
used inside a sampled world — and follows three cheap rules: declare exactly
when the total allows it, take the bonus actions (exchange, marriage, good,
pass), and in a trick win as cheaply as possible or else throw the lowest
card; a fraction of random moves keeps the playouts diverse.

It reads the deal only through the engine's search interface (``play_mask``,
``extra_actions``, ``current_trick``, ``trump_suit``, ``rank_order``, ``side`` …).
"""

from __future__ import annotations

import random

from game.rules.actions import (
    CONTRACT,
    DECLARE,
    EXCHANGE,
    GOOD,
    PASS,
    PLAY,
    Action,
    Verb,
)
from game.rules.base import Deal
from game.rules.cards import SUITS
from game.rules.tricks import NO_TRUMP_ORDER, beats

from .solver import value_for

#: The verbs as module constants: an Enum member lookup costs more than the whole test.
_MARRIAGE, _CONTRACT, _CLOSE, _DECLARE, _TRUMP, _DISCARD = (
    Verb.MARRIAGE, Verb.CONTRACT, Verb.CLOSE, Verb.DECLARE, Verb.TRUMP, Verb.DISCARD)
_CONTRACT_SUIT = CONTRACT["suit"]
_NOT_CHOSEN = (_CLOSE, _DECLARE)  # the policy never closes; it declares only at 66


def playout_action(deal: Deal, extras: list[Action], mask: int, rng: random.Random,
                   eps: float = 0.2) -> Action:
    """The policy's action where other actions than card plays are legal: ``extras`` (the
    deal's :meth:`~Deal.extra_actions`) beside the cards of ``mask``."""
    if len(extras) + mask.bit_count() == 1:
        return extras[0] if extras else PLAY[mask.bit_length() - 1]
    first = extras[0].verb
    if first is _TRUMP or first is _DISCARD:
        # Mariáš forehand's trump card, a discard: long lists of one kind, none of the
        # actions below among them (nor a card): a random one, without scanning them
        return rng.choice(extras)
    mover = deal.to_move()
    assert mover is not None
    if DECLARE in extras and deal.points()[mover] >= 66:
        return DECLARE
    if EXCHANGE in extras:
        return EXCHANGE
    for a in extras:
        if a.verb is _MARRIAGE:
            return a
    if GOOD in extras:
        return GOOD
    if PASS in extras:
        return PASS
    if first is _CONTRACT:
        return _CONTRACT_SUIT
    if not mask:
        non_play = [a for a in extras if a.verb not in _NOT_CHOSEN]
        return rng.choice(non_play)
    return PLAY[_play_card(deal, _cards_of(mask), rng, eps, mover)]


def _play_card(deal: Deal, hand: list[int], rng: random.Random, eps: float, mover: int) -> int:
    """The policy's card among ``hand`` (the legal cards, in ``legal_actions`` order)."""
    if rng.random() < eps:
        return rng.choice(hand)
    cards = deal.trick_cards()
    trump = deal.trump_suit
    order = deal.rank_order
    pts = deal.rank_points
    if deal.contract_name == "betl" or deal.contract_name == "open-betl":
        # the soloist ducks, defenders play high
        if mover == deal.soloist:
            if cards:
                best = cards[0]
                for c in cards[1:]:
                    if beats(c, best, trump, order):
                        best = c
                duck = [c for c in hand if not beats(c, best, trump, order)]
                if duck:
                    return max(duck, key=lambda c: order[c & 7])
            return min(hand, key=lambda c: order[c & 7])
        return rng.choice(hand)
    if not cards:
        return _lead(deal, hand, trump, order, pts, mover)
    best = cards[0]
    best_i = 0
    for i in range(1, len(cards)):
        if beats(cards[i], best, trump, order):
            best, best_i = cards[i], i
    if deal.variant == "marias":
        soloist = deal.soloist
        if (deal.trick_seats()[best_i] == soloist) == (mover == soloist):
            # partner wins: smear the most valuable card
            return max(hand, key=lambda c: (pts[c & 7], -order[c & 7]))
    winning = [c for c in hand if beats(c, best, trump, order)]
    if winning:
        table_pts = sum(pts[c & 7] for c in cards)
        c = min(winning, key=lambda c: ((c >> 3) == trump, order[c & 7]))
        if table_pts + pts[c & 7] >= 10 or (c >> 3) != trump:
            return c
    return min(hand, key=lambda c: (pts[c & 7], (c >> 3) == trump, order[c & 7]))


def _lead(deal: Deal, hand: list[int], trump: int | None, order: tuple[int, ...],
          pts: tuple[int, ...], mover: int) -> int:
    """Open phase: the cheapest card, keeping marriage halves; strict: aces first, then
    cheap side cards; the Mariáš soloist with four trumps draws trumps first."""
    mask = deal.hand(mover)

    def cheap(c: int) -> tuple[int, int]:
        kq = (mask >> ((c & ~7) + 2) & 1) and (mask >> ((c & ~7) + 3) & 1) and (c & 7) in (2, 3)
        return (pts[c & 7] * 3 + order[c & 7] + (12 if c >> 3 == trump else 0) + 8 * kq, c)

    if deal.players == 2 and deal.stock_open():
        return min(hand, key=cheap)
    trumps = [c for c in hand if c >> 3 == trump]
    side = [c for c in hand if c >> 3 != trump]
    if deal.variant == "marias" and mover == deal.soloist and len(trumps) >= 4:
        return max(trumps, key=lambda c: order[c & 7])
    aces = [c for c in side if c & 7 == 0]
    if aces:
        return aces[0]
    if side:
        return min(side, key=cheap)
    return max(trumps, key=lambda c: order[c & 7])


def rollout(deal: Deal, rng: random.Random, eps: float = 0.2) -> list[int]:
    """Play ``deal`` to its end in place with the playout policy; return the score."""
    while not deal.is_over():
        extras = deal.extra_actions()
        m = deal.play_mask()
        if extras:
            deal.apply_legal(playout_action(deal, extras, m, rng, eps))
        elif m & (m - 1):  # only card plays are legal: no action lists at all
            deal.apply_legal(PLAY[_play_card(deal, _cards_of(m), rng, eps,
                                             deal.to_move())])  # type: ignore[arg-type]
        else:
            deal.apply_legal(PLAY[m.bit_length() - 1])
    return deal.score() or [0] * deal.players


# --- legal cards in ``legal_actions`` order ----------------------------------------------
# NOTATION.md sorts actions by text ("play 7C" < "play 8C" < ... < "play TS"), so the policy
# lists a mask's cards in that order: the same choices and the same random numbers as on
# the engine's action lists.

_LEGAL_ORDER = sorted(range(32), key=lambda c: PLAY[c].text)
_CARDS_CACHE: dict[int, list[int]] = {}


def _cards_of(mask: int) -> list[int]:
    cs = _CARDS_CACHE.get(mask)
    if cs is None:
        cs = [c for c in _LEGAL_ORDER if mask >> c & 1]
        if len(_CARDS_CACHE) < 1 << 16:
            _CARDS_CACHE[mask] = cs
    return cs


_QUIET = random.Random(0)  # never drawn from at eps=0 except by the Betl defenders' coin


def policy_card(deal: Deal, seat: int) -> int | None:
    """The card the playout policy (without its random moves) would play for ``seat`` now,
    or None when there is no choice between cards.  The sampler's opponent model: a
    sample in which the others' plays look natural is the likelier one."""
    cards = _cards_of(deal.play_mask())
    if len(cards) < 2:
        return None
    if (deal.contract_name == "betl" or deal.contract_name == "open-betl") and \
            seat != deal.soloist:
        return None  # the policy's Betl defence is a coin toss, not a model
    return _play_card(deal, cards, _QUIET, 0.0, seat)


def rollout_value(deal: Deal, seat: int, rng: random.Random) -> float:
    return value_for(rollout(deal, rng), seat)


__all__ = ["playout_action", "rollout", "rollout_value", "NO_TRUMP_ORDER", "SUITS"]
