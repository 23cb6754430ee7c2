"""A match: deals one after another, dealer rotation, running totals, the end.

RULES.md 0 / 1.11 / 2.10 / 3.6 / 4.15: the first dealer is random, the deal
passes to the left; the King-Queen games end when a seat reaches
``match_points``; Mariáš ends after ``rounds`` full rounds of dealers and the
highest total wins.  Mariáš decks after the first are the previous deal's
cards gathered and cut (4.2) unless ``gather_and_cut`` is off.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from .base import Deal
from .errors import IllegalAction
from .options import make_options
from .variants import deal_class, new_deal, random_deck


class Match:
    def __init__(
        self,
        variant: str,
        options: Mapping[str, Any] | str | None = None,
        seed: int | None = None,
        first_dealer: int | None = None,
    ):
        self.variant = variant
        self.options = make_options(variant, options)
        self.players = deal_class(variant).players
        self.seed = seed if seed is not None else random.randrange(2**63)
        self.rng = random.Random(self.seed)
        self.first_dealer = (
            first_dealer if first_dealer is not None else self.rng.randrange(self.players)
        )
        self.deals: list[Deal] = []
        self.totals = [0] * self.players
        #: How many deals' scores are in :attr:`totals` (the finished ones, in order).
        self.counted = 0

    @classmethod
    def resume(cls, deals: Sequence[Deal], seed: int | None = None) -> Match:
        """The match a saved game's deals are (a record of several deals, in order): every
        deal but the last is scored into the totals; the last is the current deal (the
        table scores it when it resumes, if it is over)."""
        if not deals:
            raise IllegalAction("nothing_to_score")
        first = deals[0]
        match = cls(first.variant, dict(first.options), seed=seed, first_dealer=first.dealer)
        for deal in deals[:-1]:
            match.deals.append(deal)
            match.finish_deal()
        match.deals.append(deals[-1])
        return match

    # --- flow -------------------------------------------------------------------
    @property
    def current(self) -> Deal | None:
        return self.deals[-1] if self.deals else None

    def next_dealer(self) -> int:
        if not self.deals:
            return self.first_dealer
        return (self.deals[-1].dealer + 1) % self.players

    def next_deck(self) -> list[int]:
        """Shuffle, or for Mariáš after the first deal gather and cut (4.2)."""
        if self.variant == "marias" and self.deals and self.options["gather_and_cut"]:
            gathered = self.deals[-1].gathered()
            cut = self.rng.randrange(1, len(gathered))
            return gathered[cut:] + gathered[:cut]
        return random_deck(self.variant, self.rng)

    def start_deal(self, deck: list[int] | None = None, dealer: int | None = None) -> Deal:
        """Begin the next deal (the previous one must be over)."""
        if self.deals and not self.deals[-1].is_over():
            raise IllegalAction("deal_not_over")
        if self.is_over():
            raise IllegalAction("match_over")
        deal = new_deal(
            self.variant,
            self.next_dealer() if dealer is None else dealer,
            self.next_deck() if deck is None else deck,
            self.options,
        )
        self.deals.append(deal)
        return deal

    def finish_deal(self) -> list[int]:
        """Add the finished current deal's score to the totals (idempotent per deal)."""
        deal = self.current
        if deal is None or not deal.is_over():
            raise IllegalAction("nothing_to_score")
        if self.counted == len(self.deals):
            return list(self.totals)
        score = deal.score() or [0] * self.players
        self.totals = [t + s for t, s in zip(self.totals, score)]
        self.counted = len(self.deals)
        return list(self.totals)

    def undo(self, seat: int | None = None) -> bool:
        """Take back the current deal's last action — with ``seat``, that seat's last action
        and everything after it — correcting the totals if the deal had been scored.
        False when there is nothing to take back (the deal has no such action)."""
        deal = self.current
        if deal is None:
            return False
        index = len(deal.history) - 1 if seat is None else deal.last_step_of(seat)
        if index is None or index < 0:
            return False
        if self.counted == len(self.deals):
            score = deal.score() or [0] * self.players
            self.totals = [t - s for t, s in zip(self.totals, score)]
            self.counted -= 1
        deal.undo(len(deal.history) - index)
        return True

    def deals_played(self) -> int:
        return sum(1 for d in self.deals if d.is_over())

    def is_over(self) -> bool:
        if self.deals and not self.deals[-1].is_over():
            return False
        return match_over(self.variant, self.options, self.totals, self.deals_played())

    def winners(self) -> list[int]:
        """Seats with the best total once the match is over (ties possible in Mariáš)."""
        if not self.is_over():
            return []
        best = max(self.totals)
        return [s for s, t in enumerate(self.totals) if t == best]


def match_over(variant: str, options: Mapping[str, Any], totals: list[int], deals: int) -> bool:
    """RULES.md 1.11 / 2.10 / 3.6 / 4.15 from the running totals and the deals finished:
    Mariáš after ``rounds`` full rounds of dealers, the others at ``match_points``."""
    if variant == "marias":
        return deals >= int(options["rounds"]) * len(totals)
    return max(totals) >= int(options["match_points"])
