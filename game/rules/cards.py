"""Cards as small integers and card sets as bit masks.

A card is ``suit * 8 + rank`` with suits ``C D H S`` (0..3) and ranks in the
trump-game order ``A T K Q J 9 8 7`` (0..7), so a lower rank index is a higher
card in every Suit/King-Queen game.  Sets of cards are Python ints with bit
``card`` set: copying a hand is free and "do I hold a heart?" is one ``&``.
The notation (NOTATION.md) is two characters: rank then suit, ``T`` = ten.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import NotationError

SUITS = "CDHS"
RANKS = "ATKQJ987"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN = range(8)

ALL_CARDS: tuple[int, ...] = tuple(range(32))
CARD_STR: tuple[str, ...] = tuple(RANKS[c % 8] + SUITS[c // 8] for c in ALL_CARDS)
_CARD_FROM_STR: dict[str, int] = {s: c for c, s in enumerate(CARD_STR)}
for _c, _s in enumerate(CARD_STR):
    if _s[0] == "T":
        _CARD_FROM_STR["10" + _s[1]] = _c

SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
FULL_32 = (1 << 32) - 1
#: The 24-card Sixty-six deck: A T K Q J 9 of each suit.
FULL_24 = sum(0x3F << (8 * s) for s in range(4))


def marriage_points(in_trumps: bool) -> int:
    """A marriage (king and queen of one suit) is worth 20, or 40 in trumps — in all
    four games (RULES.md 1.6, 2.5 and 4.8)."""
    return 40 if in_trumps else 20


#: Card points by rank index (A T K Q J 9 8 7): the King-Queen games (RULES.md 1.4: A 11,
#: 10 10, K 4, Q 3, J 2) and Mariáš (4.1: A and 10 are worth 10).  The one table of card
#: points: the engines count with the per-card tables below, the bots value cards with them.
KQ_RANK_POINTS: tuple[int, ...] = (11, 10, 4, 3, 2, 0, 0, 0)
MARIAS_RANK_POINTS: tuple[int, ...] = (10, 10, 0, 0, 0, 0, 0, 0)
#: The same by card number.
KQ_CARD_POINTS: tuple[int, ...] = tuple(KQ_RANK_POINTS[c & 7] for c in ALL_CARDS)
MARIAS_CARD_POINTS: tuple[int, ...] = tuple(MARIAS_RANK_POINTS[c & 7] for c in ALL_CARDS)


def rank_points(variant: str) -> tuple[int, ...]:
    """The card points by rank index of ``variant``."""
    return MARIAS_RANK_POINTS if variant == "marias" else KQ_RANK_POINTS


def card(text: str) -> int:
    """Parse ``"QH"``, ``"th"`` or ``"10H"``; raise :class:`NotationError` otherwise."""
    c = _CARD_FROM_STR.get(text.strip().upper())
    if c is None:
        raise NotationError("not_a_card", text=text)
    return c


def suit_index(letter: str) -> int:
    i = SUITS.find(letter.strip().upper())
    if i < 0 or len(letter.strip()) != 1:
        raise NotationError("not_a_suit", text=letter)
    return i


def bit(c: int) -> int:
    return 1 << c


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> Iterator[int]:
    """The cards of a mask in ascending card order (clubs first, aces first)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return mask.bit_count()


def mask_str(mask: int) -> list[str]:
    """Canonical strings of a mask, sorted as NOTATION.md sorts (plain code points)."""
    return sorted(CARD_STR[c] for c in cards_of(mask))


def highest(mask: int) -> int:
    """The highest card of a one-suit mask in A T K ... order (lowest bit)."""
    return (mask & -mask).bit_length() - 1
