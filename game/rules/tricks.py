"""Trick mechanics shared by all four games: who wins a trick, what a strict phase allows.

RULES.md 0 and 5: a trick goes to the highest trump, else the highest card of
the led suit.  In every strict phase a player must follow suit and beat the
trick's current winner if able; when a trump already lies on a plain-suit lead
any card of the led suit will do; void in the led suit, a trump, over-trumping
if able (a lower trump is still compulsory); only then any card.
"""

from __future__ import annotations

from .cards import SUIT_MASK, SUITS
from .errors import Refusal

#: Rank strengths (higher beats lower) indexed by rank index A T K Q J 9 8 7.
TRUMP_ORDER: tuple[int, ...] = (7, 6, 5, 4, 3, 2, 1, 0)  # A 10 K Q J 9 8 7
NO_TRUMP_ORDER: tuple[int, ...] = (7, 3, 6, 5, 4, 2, 1, 0)  # A K Q J 10 9 8 7 (Betl/Durch)


def _beaters(order: tuple[int, ...]) -> tuple[int, ...]:
    table = []
    for c in range(32):
        s, r = divmod(c, 8)
        m = 0
        for r2 in range(8):
            if order[r2] > order[r]:
                m |= 1 << (s * 8 + r2)
        table.append(m)
    return tuple(table)


#: ``BEATERS[order][card]``: the mask of same-suit cards that beat ``card``.
BEATERS: dict[tuple[int, ...], tuple[int, ...]] = {
    TRUMP_ORDER: _beaters(TRUMP_ORDER),
    NO_TRUMP_ORDER: _beaters(NO_TRUMP_ORDER),
}


def beats(a: int, b: int, trump: int | None, order: tuple[int, ...] = TRUMP_ORDER) -> bool:
    """Does card ``a`` played after ``b`` (the current winner) take the trick from it?

    The one trick rule of all four games (RULES.md 0): a higher card of the same suit, or
    a trump on a card of another suit.  Every trick winner — the engines', the bots' —
    comes from here (:func:`winner_index`)."""
    sa, sb = a >> 3, b >> 3
    if sa == sb:
        return order[a & 7] > order[b & 7]
    return trump is not None and sa == trump


def winner_index(cards: list[int], trump: int | None, order: tuple[int, ...] = TRUMP_ORDER) -> int:
    """Index (in play order) of the card that wins the trick ``cards``."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump, order):
            best = i
    return best


def strict_legal(
    hand: int, cards: list[int], trump: int | None, order: tuple[int, ...] = TRUMP_ORDER
) -> int:
    """The mask of cards of ``hand`` a strict phase allows after ``cards`` were played."""
    if not cards:
        return hand
    led = cards[0] >> 3
    win = cards[winner_index(cards, trump, order)]
    suit = hand & SUIT_MASK[led]
    if suit:
        if win >> 3 != led:  # trumped already: no card of the led suit can beat
            return suit
        higher = suit & BEATERS[order][win]
        return higher or suit
    if trump is None:
        return hand
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if win >> 3 == trump:
        return (trumps & BEATERS[order][win]) or trumps
    return trumps


def strict_reason(
    hand: int, cards: list[int], card: int, trump: int | None, order: tuple[int, ...] = TRUMP_ORDER
) -> Refusal | None:
    """Why ``card`` breaks the strict rules here (None if it does not)."""
    if (strict_legal(hand, cards, trump, order) >> card) & 1:
        return None
    led = cards[0] >> 3
    if hand & SUIT_MASK[led]:
        if card >> 3 == led:
            return Refusal("must_beat", {"suit": SUITS[led]})
        return Refusal("must_follow", {"suit": SUITS[led]})
    assert trump is not None  # without trumps any card may follow a suit one lacks
    if card >> 3 == trump:
        return Refusal("must_overtrump", {"trump": SUITS[trump]})
    return Refusal("must_trump", {"suit": SUITS[led], "trump": SUITS[trump]})
