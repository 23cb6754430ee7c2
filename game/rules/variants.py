"""The registry of the four variants: one place maps an id to its Deal class."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .base import Deal
from .cards import FULL_24, FULL_32, cards_of
from .kingqueen import MarriageDeal, SixtySixDeal
from .marias import MariasDeal
from .options import VARIANT_IDS, make_options
from .sixtysix3 import SixtySix3Deal

_CLASSES: dict[str, type[Deal]] = {
    "marriage": MarriageDeal,
    "sixty-six": SixtySixDeal,
    "sixty-six-3": SixtySix3Deal,
    "marias": MariasDeal,
}

NAMES = {
    "marriage": "Marriage",
    "sixty-six": "Sixty-six",
    "sixty-six-3": "Sixty-six for three",
    "marias": "Mariáš",
}


def deal_class(variant: str) -> type[Deal]:
    make_options(variant)  # raises a clear NotationError for an unknown id
    return _CLASSES[variant]


def deck_cards(variant: str) -> list[int]:
    """The cards of the variant's deck in a fixed order."""
    return list(cards_of(FULL_24 if deal_class(variant).deck_size == 24 else FULL_32))


def random_deck(variant: str, rng: random.Random) -> list[int]:
    deck = deck_cards(variant)
    rng.shuffle(deck)
    return deck


def new_deal(
    variant: str,
    dealer: int,
    deck: Sequence[int],
    options: Mapping[str, Any] | str | None = None,
) -> Deal:
    """A fresh deal; ``options`` may be partial (defaults from RULES.md fill the rest)."""
    cls = deal_class(variant)
    deck = list(deck)
    expected = sorted(deck_cards(variant))
    if sorted(deck) != expected:
        from .errors import NotationError

        raise NotationError("bad_deck", variant=variant, size=len(expected))
    return cls(dealer, deck, make_options(variant, options))


__all__ = ["VARIANT_IDS", "NAMES", "deal_class", "deck_cards", "random_deck", "new_deal"]
