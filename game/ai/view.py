"""A seat's view of a deal, decoded once from the observation into card masks.

Everything here is derived from the observation alone (the bots must never see
more).  Keeping the decoding in one place lets the heuristics, the sampler and
the hint engine agree on "who is soloist", "which cards are gone", "who is void".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.rules.actions import Action, Verb
from game.rules.cards import card, rank_points, suit_index
from game.rules.observation import MariasObservation, Observation
from game.rules.tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER, winner_index


def parse_mask(cards: Iterable[str] | None) -> int:
    m = 0
    for t in cards or ():
        if t != "??":
            m |= 1 << card(t)
    return m


@dataclass
class View:
    """The decoded observation (see :func:`view_of`)."""

    obs: Observation
    variant: str
    seat: int
    players: int
    hand: int
    trump: int | None
    order: tuple[int, ...]
    trick: list[tuple[int, int]]
    played: int  # every card played to a trick so far (incl. the current trick)
    played_by: list[int]  # per seat
    legal: list[Action]
    soloist: int | None = None
    contract: str | None = None
    #: Cards each seat is known to hold now (open hands), masks.
    known_hold: list[int] = field(default_factory=list)

    @property
    def points_table(self) -> tuple[int, ...]:
        return rank_points(self.variant)

    def value(self, c: int) -> int:
        return self.points_table[c & 7]

    def side(self, seat: int) -> int:
        """0 for the soloist's side (Mariáš) else the seat; partners share a side."""
        if self.variant == "marias" and self.soloist is not None:
            return 0 if seat == self.soloist else 1
        return seat

    def trick_winner(self) -> int | None:
        """The seat currently winning the trick on the table, or None for an empty trick."""
        if not self.trick:
            return None
        i = winner_index([c for _, c in self.trick], self.trump, self.order)
        return self.trick[i][0]

    def beats_table(self, c: int) -> bool:
        """Would card ``c`` (played now) win the trick as it stands?"""
        if not self.trick:
            return True
        cards = [x for _, x in self.trick] + [c]
        return winner_index(cards, self.trump, self.order) == len(cards) - 1

    def is_master(self, c: int) -> bool:
        """Is ``c`` the highest card of its suit still out (not played, not in my hand above)?"""
        higher = BEATERS[self.order][c]
        return not (higher & ~self.played & ~self.hand)


def view_of(obs: Observation) -> View:
    variant = obs.variant
    seat = obs.seat
    players = obs.players
    hand = parse_mask(obs.hand)
    trump = suit_index(obs.trump) if obs.trump else None
    soloist = None
    contract = None
    played = 0
    played_by = [0] * players
    if isinstance(obs, MariasObservation):
        # before the contract stands, the history says who named or overbid last
        soloist = obs.forehand
        name = None
        for seat_, action in obs.history:
            if action.verb is Verb.CONTRACT:
                name = action.name
            elif action.verb is Verb.BAD:
                name = action.name
                soloist = seat_
        if obs.soloist is not None:
            soloist = obs.soloist
        contract = obs.contract or name
    no_trump = variant == "marias" and contract is not None and not contract.startswith("suit")
    order = NO_TRUMP_ORDER if no_trump else TRUMP_ORDER
    if no_trump:
        trump = None
    for seat_, action in obs.history:
        if action.verb is Verb.PLAY and action.card >= 0:
            played |= 1 << action.card
            played_by[seat_] |= 1 << action.card
    trick = [(p.seat, card(p.card)) for p in obs.trick if p.card != "??"]
    v = View(obs, variant, seat, players, hand, trump, order, trick, played, played_by,
             list(obs.legal), soloist, contract)
    v.known_hold = [0] * players
    for k, cards in obs.shown.items():
        v.known_hold[k] |= parse_mask(cards) & ~played
    return v
