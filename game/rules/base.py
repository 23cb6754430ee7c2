"""The interface every variant's deal implements.

A :class:`Deal` is one deal from the deck's order to its score.  It is the
only mutable rules object: actions are canonical strings (NOTATION.md), the
state is small (cards are bit masks) and :meth:`Deal.clone` is a shallow copy
of a few lists, so search-based players can copy it thousands of times a move.

Observation keys every variant provides (``observation(seat)``; a variant may
add more, documented in its module):

``variant, options, players, seat, dealer, forehand, to_move, legal, over,
hand, hand_sizes, trump, indicator, stock_size, closed, trick, last_trick,
tricks, points, score, marriages, shown, history``

* ``hand``: the seat's cards, canonical strings sorted.
* ``trick``: the current trick as ``[[seat, card], ...]`` in play order.
* ``last_trick``: ``{"cards": [[seat, card], ...], "winner": seat}`` or None.
* ``marriages``: ``[{"seat", "suit", "points", "counted"}]`` in announcement order.
* ``shown``: ``{seat: [cards]}`` cards of other seats that lie face up (open contracts).
* ``history``: ``[[seat, action], ...]`` with hidden cards written ``??``.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from .actions import normalize
from .cards import CARD_STR
from .errors import IllegalAction, NotationError


class Deal(ABC):
    """One deal of one variant.  Subclasses fill in the rules."""

    variant: ClassVar[str]
    players: ClassVar[int]
    #: 24 or 32: the number of cards in the deck of this variant.
    deck_size: ClassVar[int]

    def __init__(self, dealer: int, deck: Sequence[int], options: dict[str, Any]):
        if not 0 <= dealer < self.players:
            raise IllegalAction(f"dealer must be a seat from 0 to {self.players - 1}")
        self.dealer = dealer
        self.deck: tuple[int, ...] = tuple(deck)
        self.options = options
        #: Every action applied, as ``(seat, canonical action)``.
        self.history: list[tuple[int, str]] = []
        #: Human-readable lines of what happened (replay output).
        self.events: list[str] = []
        #: Finished tricks in play order, each ``[(seat, card), ...]`` (gathering, records).
        self.trick_log: list[list[tuple[int, int]]] = []

    # --- the core every variant implements -------------------------------------------
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to act, or None once the deal is over."""

    @abstractmethod
    def legal_actions(self) -> list[str]:
        """Legal actions of :meth:`to_move`, canonical and sorted (``sorted`` order)."""

    @abstractmethod
    def why_illegal(self, action: str) -> str | None:
        """None if the canonical ``action`` is legal for the seat to move, else the reason."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Apply a canonical action already known to be legal."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def points(self) -> list[int]:
        """Each seat's total as the rules count it (NOTATION.md ``points``)."""

    @abstractmethod
    def tricks(self) -> list[int]:
        """Tricks taken per seat."""

    @abstractmethod
    def score(self) -> list[int] | None:
        """This deal's match points / units per seat once over, else None."""

    @abstractmethod
    def trump(self) -> str | None:
        """Trump suit letter as NOTATION.md defines it for the replay output."""

    def contract(self) -> str | None:
        """The Mariáš contract name; None in the King-Queen games."""
        return None

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-serialisable; never a hidden card."""

    @abstractmethod
    def hand(self, seat: int) -> int:
        """The seat's hand as a card mask (full information: not for bots)."""

    @classmethod
    @abstractmethod
    def deal_owners(cls, dealer: int) -> list[int]:
        """For each deck position, the seat that receives it, or -1 for the stock.

        The samplers of the AI use it to build decks consistent with what a seat saw.
        """

    @abstractmethod
    def gathered(self) -> list[int]:
        """All cards gathered after the deal (Mariáš 4.2 order), for gather-and-cut."""

    def result_summary(self) -> dict[str, Any]:
        """How the deal was scored, for the score sheet: at least ``{"text": str}``."""
        return {"text": "; ".join(self.events[-2:])}

    # --- shared behaviour ----------------------------------------------------------
    def apply(self, action: str, seat: int | None = None) -> str:
        """Apply one action given in any case/spacing; return its canonical form.

        Raises :class:`NotationError` for text that is no action and
        :class:`IllegalAction` (with a player-readable reason) for a move the
        rules do not allow now.  The state is unchanged after an error.
        """
        canonical = normalize(action)
        mover = self.to_move()
        if mover is None:
            raise IllegalAction("the deal is over")
        if seat is not None and seat != mover:
            raise IllegalAction(f"it is seat {mover}'s turn, not seat {seat}'s")
        reason = self.why_illegal(canonical)
        if reason is not None:
            raise IllegalAction(reason)
        self.history.append((mover, canonical))
        self._apply(canonical)
        return canonical

    def apply_legal(self, action: str) -> None:
        """Fast path for search: apply a canonical action taken from :meth:`legal_actions`."""
        self.history.append((self.to_move(), action))  # type: ignore[arg-type]
        self._apply(action)

    def check(self, action: str, seat: int | None = None) -> str | None:
        """The reason ``action`` would be refused, or None if it is legal."""
        try:
            canonical = normalize(action)
        except NotationError as exc:
            return str(exc)
        mover = self.to_move()
        if mover is None:
            return "the deal is over"
        if seat is not None and seat != mover:
            return f"it is seat {mover}'s turn"
        return self.why_illegal(canonical)

    def clone(self) -> Deal:
        """An independent copy; subclasses copy their own mutable lists too."""
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin.events = list(self.events)
        twin.trick_log = [list(t) for t in self.trick_log]
        return twin

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.players

    def replay_summary(self) -> dict[str, Any]:
        """The JSON object of ``python -m game.rules replay`` (NOTATION.md)."""
        return {
            "variant": self.variant,
            "over": self.is_over(),
            "to_move": self.to_move(),
            "legal": self.legal_actions() if not self.is_over() else [],
            "points": self.points(),
            "tricks": self.tricks(),
            "score": self.score(),
            "trump": self.trump(),
            "contract": self.contract(),
            "events": list(self.events),
        }

    def deck_text(self) -> str:
        return " ".join(CARD_STR[c] for c in self.deck)
