"""A seat's view of a deal, decoded once from the observation dict into card masks.

Everything here is derived from the observation alone (the bots must never see
more).  Keeping the decoding in one place lets the heuristics, the sampler and
the hint engine agree on "who is soloist", "which cards are gone", "who is void".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.cards import card, suit_index
from game.rules.tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER, winner_index

#: Card points per rank index (A T K Q J 9 8 7) in the King-Queen games and in Mariáš.
KQ_POINTS = (11, 10, 4, 3, 2, 0, 0, 0)
MARIAS_POINTS = (10, 10, 0, 0, 0, 0, 0, 0)

TWO_PLAYER = ("marriage", "sixty-six")


def parse_mask(cards: list[str] | None) -> int:
    m = 0
    for t in cards or ():
        if t != "??":
            m |= 1 << card(t)
    return m


@dataclass
class View:
    """The decoded observation (see :func:`view_of`)."""

    obs: dict[str, Any]
    variant: str
    seat: int
    players: int
    hand: int
    trump: int | None
    order: tuple[int, ...]
    trick: list[tuple[int, int]]
    played: int  # every card played to a trick so far (incl. the current trick)
    played_by: list[int]  # per seat
    legal: list[str]
    soloist: int | None = None
    contract: str | None = None
    #: Cards each seat is known to hold now (open hands), masks.
    known_hold: list[int] = field(default_factory=list)

    @property
    def points_table(self) -> tuple[int, ...]:
        return MARIAS_POINTS if self.variant == "marias" else KQ_POINTS

    def value(self, c: int) -> int:
        return self.points_table[c & 7]

    def side(self, seat: int) -> int:
        """0 for the soloist's side (Mariáš) else the seat; partners share a side."""
        if self.variant == "marias" and self.soloist is not None:
            return 0 if seat == self.soloist else 1
        return seat

    def partner_of(self, seat: int) -> int | None:
        if self.variant == "marias" and self.soloist is not None and seat != self.soloist:
            return next(s for s in range(3) if s not in (seat, self.soloist))
        return None

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


def view_of(obs: dict[str, Any]) -> View:
    variant = obs["variant"]
    seat = obs["seat"]
    players = obs.get("players") or (2 if variant in TWO_PLAYER else 3)
    hand = parse_mask(obs.get("hand"))
    trump_letter = obs.get("trump")
    trump = suit_index(trump_letter) if trump_letter else None
    soloist = None
    contract = obs.get("contract")
    played = 0
    played_by = [0] * players
    forehand = obs.get("forehand", (obs.get("dealer", 0) + 1) % players)
    if variant == "marias":
        soloist = obs.get("soloist", forehand)
        solo_from_hist = forehand
        name = None
        for seat_, action in obs.get("history", []):
            if action.startswith("contract "):
                name = action[9:]
            elif action.startswith("bad "):
                name = action[4:]
                solo_from_hist = seat_
        soloist = solo_from_hist if obs.get("soloist") is None else obs["soloist"]
        contract = contract or name
    no_trump = variant == "marias" and contract is not None and not contract.startswith("suit")
    order = NO_TRUMP_ORDER if no_trump else TRUMP_ORDER
    if no_trump:
        trump = None
    for seat_, action in obs.get("history", []):
        if action.startswith("play ") and action[5:] != "??":
            c = card(action[5:])
            played |= 1 << c
            played_by[seat_] |= 1 << c
    trick = [(s, card(t)) for s, t in obs.get("trick", []) if t != "??"]
    v = View(obs, variant, seat, players, hand, trump, order, trick, played, played_by,
             list(obs.get("legal", [])), soloist, contract)
    v.known_hold = [0] * players
    shown = obs.get("shown") or {}
    for k, cards in shown.items():
        v.known_hold[int(k)] |= parse_mask(cards) & ~played
    return v
