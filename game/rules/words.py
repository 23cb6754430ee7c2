"""The engine's English words for suits and ranks: the command line, the engine's events
and its refusals (:mod:`.refusals`).  The UI names cards through i18n instead.

Both tables are in the notation's order (suits ``C D H S``, ranks ``A T K Q J 9 8 7``,
as in :mod:`.cards`): a card number ``suit * 8 + rank`` indexes the word tuples.
"""

from __future__ import annotations

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_WORDS: tuple[str, ...] = tuple(SUIT_NAMES.values())
RANK_NAMES = {
    "A": "ace", "T": "ten", "K": "king", "Q": "queen",
    "J": "jack", "9": "nine", "8": "eight", "7": "seven",
}
RANK_WORDS: tuple[str, ...] = tuple(RANK_NAMES.values())


def card_words(text: str) -> str:
    """``"the queen of hearts"`` for ``"QH"`` (English, for messages)."""
    return f"the {RANK_NAMES[text[0]]} of {SUIT_NAMES[text[1]]}"
