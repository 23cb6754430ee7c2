"""The playout policy of the searches: fast, a little smarter than random.

Purely random playouts are badly wrong in these games: a random player
declares 66 falsely, closes blindly and throws aces under the opponent's
tens.  This policy plays on the full (determinized) deal — it is only ever
used inside a sampled world — and follows three cheap rules: declare exactly
when the total allows it, take the bonus actions (exchange, marriage, good,
pass), and in a trick win as cheaply as possible or else throw the lowest
card; a fraction of random moves keeps the playouts diverse.
"""

from __future__ import annotations

import random

from game.rules.actions import PLAY
from game.rules.base import Deal
from game.rules.kingqueen import KQ, MARRIED
from game.rules.tricks import NO_TRUMP_ORDER, TRUMP_ORDER, strict_legal

from .solver import value_for

_RANK_CHAR = {ch: i for i, ch in enumerate("ATKQJ987")}
_SUIT_CHAR = {ch: i for i, ch in enumerate("CDHS")}


def _card(a: str) -> int:
    return _SUIT_CHAR[a[6]] * 8 + _RANK_CHAR[a[5]]


def _table(deal: Deal) -> tuple[list[int], list[int], int | None, tuple[int, ...]]:
    """(cards on the table, their seats, trump suit, rank order) — read-only engine peek."""
    v = deal.variant
    if v == "marias":
        return (deal.trick, deal.trick_seats, deal.trump_suit,  # type: ignore[attr-defined]
                deal.order)  # type: ignore[attr-defined]
    if v == "sixty-six-3":
        t = deal.trick  # type: ignore[attr-defined]
        return [c for _, c in t], [s for s, _ in t], deal.trump_suit, TRUMP_ORDER  # type: ignore
    led = deal.led  # type: ignore[attr-defined]
    if led >= 0:
        return [led], [deal.leader], deal.trump_suit, TRUMP_ORDER  # type: ignore[attr-defined]
    return [], [], deal.trump_suit, TRUMP_ORDER  # type: ignore[attr-defined]


def _wins(c: int, best: int, trump: int | None, order: tuple[int, ...]) -> bool:
    if c >> 3 == best >> 3:
        return order[c & 7] > order[best & 7]
    return trump is not None and c >> 3 == trump


_POINTS_KQ = (11, 10, 4, 3, 2, 0, 0, 0)
_POINTS_M = (10, 10, 0, 0, 0, 0, 0, 0)


def playout_action(deal: Deal, legal: list[str], rng: random.Random, eps: float = 0.2) -> str:
    if len(legal) == 1:
        return legal[0]
    first = legal[0]
    mover = deal.to_move()
    if not first.startswith("play ") or not legal[-1].startswith("play "):
        if "declare" in legal:
            if deal.points()[mover] >= 66:  # type: ignore[index]
                return "declare"
        if "exchange" in legal:
            return "exchange"
        for a in legal:
            if a.startswith("marriage "):
                return a
        if "good" in legal:
            return "good"
        if "pass" in legal:
            return "pass"
        if first.startswith("contract"):
            return "contract suit"
        non_play = [a for a in legal if not a.startswith("play ") and a not in ("close",
                                                                                  "declare")]
        if non_play and not any(a.startswith("play ") for a in legal):
            return rng.choice(non_play)
        legal = [a for a in legal if a.startswith("play ")] or legal
    return PLAY[_play_card(deal, [_card(a) for a in legal], rng, eps, mover)]


def _play_card(deal: Deal, hand: list[int], rng: random.Random, eps: float, mover: int) -> int:
    """The policy's card among ``hand`` (the legal cards, in ``legal_actions`` order, at
    least two): the same choice and the same random numbers as on the action strings."""
    if rng.random() < eps:
        return rng.choice(hand)
    cards, seats, trump, order = _table(deal)
    pts = _POINTS_M if deal.variant == "marias" else _POINTS_KQ
    if deal.variant == "marias" and deal.contract_name in ("betl", "open-betl"):  # type: ignore
        # the soloist ducks, defenders play high
        if mover == deal.soloist:  # type: ignore[attr-defined]
            best = cards[0] if cards else None
            if best is not None:
                for c in cards[1:]:
                    if _wins(c, best, trump, order):
                        best = c
                duck = [c for c in hand if not _wins(c, best, trump, order)]
                if duck:
                    return max(duck, key=lambda c: order[c & 7])
            return min(hand, key=lambda c: order[c & 7])
        return rng.choice(hand)
    if not cards:
        return _lead(deal, hand, trump, order, pts, mover)
    best = cards[0]
    best_i = 0
    for i, c in enumerate(cards[1:], 1):
        if _wins(c, best, trump, order):
            best, best_i = c, i
    winner = seats[best_i]
    if deal.variant == "marias" and (winner == deal.soloist) == (mover == deal.soloist):  # type: ignore
        # partner wins: smear the most valuable card
        return max(hand, key=lambda c: (pts[c & 7], -order[c & 7]))
    winning = [c for c in hand if _wins(c, best, trump, order)]
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
    open_phase = deal.players == 2 and not deal.closed and \
        deal.stock_pos < len(deal.stock)  # type: ignore[attr-defined]

    def cheap(c: int) -> tuple[int, int]:
        kq = (mask >> ((c & ~7) + 2) & 1) and (mask >> ((c & ~7) + 3) & 1) and (c & 7) in (2, 3)
        return (pts[c & 7] * 3 + order[c & 7] + (12 if c >> 3 == trump else 0) + 8 * kq, c)

    if open_phase:
        return min(hand, key=cheap)
    trumps = [c for c in hand if c >> 3 == trump]
    side = [c for c in hand if c >> 3 != trump]
    if deal.variant == "marias" and mover == deal.soloist and len(trumps) >= 4:  # type: ignore
        return max(trumps, key=lambda c: order[c & 7])
    aces = [c for c in side if c & 7 == 0]
    if aces:
        return aces[0]
    if side:
        return min(side, key=cheap)
    return max(trumps, key=lambda c: order[c & 7])


_S = [r + s for s in "CDHS" for r in "ATKQJ987"]


def _s(c: int) -> str:
    return _S[c]


def rollout(deal: Deal, rng: random.Random, eps: float = 0.2) -> list[int]:
    """Play ``deal`` to its end in place with the playout policy; return the score."""
    mask_of = _PLAY_MASK.get(deal.variant)
    while not deal.is_over():
        m = mask_of(deal) if mask_of is not None else 0
        if m:  # only card plays are legal: skip the action strings
            if m & (m - 1):
                c = _play_card(deal, _cards_of(m), rng, eps, deal.to_move())  # type: ignore
            else:
                c = m.bit_length() - 1
            deal.apply_legal(PLAY[c])
        else:
            legal = deal.legal_actions()
            deal.apply_legal(playout_action(deal, legal, rng, eps))
    return deal.score() or [0] * deal.players


# --- the fast path of the playouts: legal cards as a mask --------------------------------
# Where every legal action is a card play, the legal cards are read as a mask (the same
# rules functions the engine's ``legal_actions`` uses) and listed in ``legal_actions``
# order, so the policy makes exactly the same choices with the same random numbers;
# 0 means "not only plays here, ask the engine".

_LEGAL_ORDER = sorted(range(32), key=lambda c: PLAY[c])
_CARDS_CACHE: dict[int, list[int]] = {}


def _cards_of(mask: int) -> list[int]:
    cs = _CARDS_CACHE.get(mask)
    if cs is None:
        cs = [c for c in _LEGAL_ORDER if mask >> c & 1]
        if len(_CARDS_CACHE) < 1 << 16:
            _CARDS_CACHE[mask] = cs
    return cs


def _unannounced_pair(deal: Deal, hand: int) -> bool:
    ann = deal.announced  # type: ignore[attr-defined]
    return any(not ann >> s & 1 and hand & KQ[s] == KQ[s] for s in range(4))


def _mask_kq(deal: Deal) -> int:
    if deal.over:  # type: ignore[attr-defined]
        return 0
    led = deal.led  # type: ignore[attr-defined]
    turn = deal.turn  # type: ignore[attr-defined]
    hand = deal.hands[turn]  # type: ignore[attr-defined]
    stock_open = not deal.closed and deal.stock_pos < len(deal.stock)  # type: ignore
    if led >= 0:
        return hand if stock_open else strict_legal(hand, [led], deal.trump_suit)  # type: ignore
    # on lead: the policy never closes; it declares at 66 and takes an exchange or a
    # marriage when legal — those (and a lone card beside "declare") go the slow way
    if deal.stage == MARRIED:  # type: ignore[attr-defined]
        return 0
    if deal.has_declare and (not hand & (hand - 1)  # type: ignore[attr-defined]
                             or deal.points()[turn] >= 66):  # type: ignore[index]
        return 0
    if stock_open and hand >> (deal.trump_suit * 8 + deal.exchange_rank) & 1:  # type: ignore
        return 0
    if _unannounced_pair(deal, hand):
        return 0
    return hand


def _mask_66_3(deal: Deal) -> int:
    if deal.over:  # type: ignore[attr-defined]
        return 0
    hand = deal.hands[deal.turn]  # type: ignore[attr-defined]
    trick = deal.trick  # type: ignore[attr-defined]
    if trick:
        return strict_legal(hand, [c for _, c in trick], deal.trump_suit)  # type: ignore
    if deal.stage == MARRIED:  # type: ignore[attr-defined]
        return hand & KQ[deal.marriage_suit]  # type: ignore[attr-defined]
    return 0 if _unannounced_pair(deal, hand) else hand


def _mask_marias(deal: Deal) -> int:
    return deal.legal_mask()  # type: ignore[attr-defined]


_PLAY_MASK = {"marriage": _mask_kq, "sixty-six": _mask_kq, "sixty-six-3": _mask_66_3,
              "marias": _mask_marias}


_QUIET = random.Random(0)  # never drawn from at eps=0 except by the Betl defenders' coin


def policy_card(deal: Deal, seat: int, legal: list[str] | None = None) -> int | None:
    """The card the playout policy (without its random moves) would play for ``seat`` now,
    or None when there is no choice between cards.  The sampler's opponent model: a
    sample in which the others' plays look natural is the likelier one."""
    mask_of = _PLAY_MASK.get(deal.variant)
    m = mask_of(deal) if mask_of is not None else 0
    if m:
        cards = _cards_of(m)
    else:
        legal = deal.legal_actions() if legal is None else legal
        cards = [_card(a) for a in legal if a.startswith("play ")]
    if len(cards) < 2:
        return None
    if deal.variant == "marias" and deal.contract_name in ("betl", "open-betl") and \
            seat != deal.soloist:  # type: ignore[attr-defined]
        return None  # the policy's Betl defence is a coin toss, not a model
    return _play_card(deal, cards, _QUIET, 0.0, seat)


def rollout_value(deal: Deal, seat: int, rng: random.Random) -> float:
    return value_for(rollout(deal, rng), seat)


__all__ = ["playout_action", "rollout", "rollout_value", "NO_TRUMP_ORDER"]
