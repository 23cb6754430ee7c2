"""Mariáš hand heuristics: which no-trump contract is safe, which two cards to lay
away, a quick trump card — deterministic checks on card masks, no search.

The ``easy`` level bids with these, and the simulations of :mod:`.marias_bidding`
finish a sampled bidding with them (:func:`finish_bidding`).

``trump blind``: the observation's legal list names only the first seven cards; a
bot that prefers a blind trump card returns :data:`BLIND`
(:data:`game.rules.TRUMP_BLIND`, one of ``observation.choices``), and the engine
resolves it by chance from the random source its caller gives (``Deal.apply``).
"""

from __future__ import annotations

import random

from game.rules.actions import (
    CONTRACT,
    GOOD,
    PASS,
    TRUMP,
    TRUMP_BLIND,
    Action,
    discard,
)
from game.rules.base import Deal
from game.rules.cards import SUIT_MASK, cards_of
from game.rules.marias import MariasDeal
from game.rules.tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER

BLIND = TRUMP_BLIND
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
            a = heuristic_trump(deal.hand(seat))
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


def heuristic_trump(hand: int) -> Action:
    best_s = max(range(4), key=lambda s: _suit_strength(hand, s))
    mine = list(cards_of(hand & SUIT_MASK[best_s]))
    pick = max(mine, key=lambda c: ((c & 7) != 7, c & 7))
    return TRUMP[pick]


def _suit_strength(hand: int, s: int) -> float:
    mine = list(cards_of(hand & SUIT_MASK[s]))
    return len(mine) * 3 + sum(max(0, 3 - (c & 7)) for c in mine) + (0.5 if s == 2 else 0)
