"""The counting aid: what one seat can know about the cards still out, from its observation.

A good player counts: the trumps still out, the points each side has taken and how far
that is from 66, which cards of each suit are still unseen, and what the others' public
actions prove about their hands — a marriage shows the partner card, the exchange puts
the trump card in a known hand, a player who did not follow suit has none of it, one who
could not beat the card on the table holds nothing higher.  :func:`counting_aid` does that
counting for the seat of an observation and nothing more: it reads the observation alone
(the seat's own cards, what was played and shown, the history as that seat saw it), so it
never tells a player more than a perfect memory would.  The play is read by the same rule
the bots' sampler uses (:func:`game.ai.sampler.deductions`).

Pure Python: the table draws it (``game.ui.table.counting``) and the counting trainer asks
questions about it (:mod:`game.ai.trainer`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Verb
from game.rules.cards import (
    CARD_STR,
    FULL_24,
    FULL_32,
    KING,
    QUEEN,
    SEVEN,
    SUIT_MASK,
    SUITS,
    card,
    cards_of,
    rank_points,
    suit_index,
)
from game.rules.observation import KingQueenObservation, MariasObservation, Observation
from game.rules.tricks import NO_TRUMP_ORDER, TRUMP_ORDER

from .sampler import deductions
from .view import parse_mask

#: The total a player must reach in the King-Queen games.
TARGET = 66
#: The last trick's bonus (every game; the King-Queen games only while the stock was not
#: closed).
LAST_TRICK = 10
#: The places a card may be besides a seat's hand.
STOCK, TALON = "stock", "talon"
#: Suits high to low, as a player sorts them.
RANK_ORDER = "ATKQJ987"


@dataclass(frozen=True)
class Proof:
    """One thing the public actions prove about another seat's hand.

    ``kind``: ``holds`` (``cards`` are in its hand), ``void`` (none of ``suit``),
    ``no_trump`` (no trump), ``cannot_beat`` (nothing of ``suit`` above ``card``),
    ``cannot_overtrump`` (no trump above ``card``), ``no_king`` (Mariáš: a queen played
    without her marriage — no king of ``suit``).
    ``reason`` (for ``holds``): ``marriage``, ``exchange``, ``trump_card``, ``seven``,
    ``seven_against``, ``shown``.  ``trick``: the trick (1-based) the proof comes from.
    """

    seat: int
    kind: str
    cards: tuple[str, ...] = ()
    suit: str | None = None
    card: str | None = None
    reason: str | None = None
    trick: int | None = None


@dataclass(frozen=True)
class CountingAid:
    variant: str
    seat: int
    players: int
    #: the trump suit letter, when the seat knows it (None in Betl/Durch and before)
    trump: str | None
    #: trumps neither played nor in the seat's hand, high to low
    trumps_out: tuple[str, ...]
    #: card points per seat as the rules count them now (Mariáš: each seat carries its
    #: side's total)
    points: tuple[int, ...]
    #: Sixty-six: marriage points waiting for their owner's first trick, per seat
    pending: tuple[int, ...]
    #: 66 in the King-Queen games, None in Mariáš
    target: int | None
    #: card points not yet taken (the cards not yet won in a trick), without the bonus
    points_left: int
    #: the last trick's 10 is still to be won
    last_trick_bonus: bool
    #: per suit letter, the cards the seat has not seen anywhere, high to low
    unseen: dict[str, tuple[str, ...]]
    #: per other seat, the cards the seat knows to be in that hand
    known: dict[int, tuple[str, ...]]
    #: per unseen card, where it may be: seats and ``stock`` / ``talon``
    places: dict[str, tuple[int | str, ...]]
    proofs: tuple[Proof, ...]
    #: Mariáš: the soloist (sides: the soloist alone, the two defenders together)
    soloist: int | None = None
    #: the cards laid away in the Mariáš talon, when the seat knows them
    talon: tuple[str, ...] = ()
    #: facts about hidden places (``talon_no_aces``: a Suit talon holds no ace or ten)
    notes: tuple[str, ...] = field(default_factory=tuple)

    # --- questions a player asks ---------------------------------------------------------
    def to_target(self, seat: int) -> int | None:
        """Points the seat still needs for 66 (None in Mariáš)."""
        if self.target is None:
            return None
        return max(0, self.target - self.points[seat])

    def may_hold(self, seat: int, c: str) -> bool:
        """Can ``seat`` (another seat) hold card ``c`` now, as far as this seat can tell?"""
        if c in self.known.get(seat, ()):
            return True
        return seat in self.places.get(c, ())

    def certainly_holds(self, seat: int, c: str) -> bool:
        return c in self.known.get(seat, ()) or self.places.get(c) == (seat,)

    def side_points(self) -> dict[str, int]:
        """Mariáš: the soloist's and the defenders' points."""
        if self.soloist is None:
            return {}
        defender = next(s for s in range(self.players) if s != self.soloist)
        return {"soloist": self.points[self.soloist], "defenders": self.points[defender]}

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "seat": self.seat, "trump": self.trump,
                "trumps_out": list(self.trumps_out), "points": list(self.points),
                "pending": list(self.pending), "target": self.target,
                "points_left": self.points_left, "last_trick_bonus": self.last_trick_bonus,
                "unseen": {k: list(v) for k, v in self.unseen.items()},
                "known": {str(k): list(v) for k, v in self.known.items()},
                "places": {k: [str(p) for p in v] for k, v in self.places.items()},
                "proofs": [p.__dict__ for p in self.proofs], "soloist": self.soloist,
                "talon": list(self.talon), "notes": list(self.notes)}


def typed(obs: Observation | Mapping[str, Any]) -> Observation:
    """The typed observation (a NOTATION.md JSON object, as a third party or a log gives
    it, is read by :meth:`Observation.from_json`)."""
    return obs if isinstance(obs, Observation) else Observation.from_json(obs)


def _names(mask: int) -> tuple[str, ...]:
    """Cards of ``mask``, high to low, suit by suit."""
    return tuple(sorted((CARD_STR[c] for c in cards_of(mask)),
                        key=lambda t: (SUITS.index(t[1]), RANK_ORDER.index(t[0]))))


@dataclass
class _Walk:
    """What the history shows, collected in one pass."""

    played: int = 0
    forbid: dict[int, int] = field(default_factory=dict)
    #: each proof with the cards it rules out
    proofs: list[tuple[Proof, int]] = field(default_factory=list)
    known: dict[int, int] = field(default_factory=dict)
    reasons: dict[tuple[int, int], tuple[str, int | None]] = field(default_factory=dict)
    talon_forbid: int = 0
    trick_no: int = 1
    closed_bonus_lost: bool = False

    def hold(self, seat: int, c: int, reason: str, trick: int | None) -> None:
        self.known[seat] = self.known.get(seat, 0) | 1 << c
        self.reasons.setdefault((seat, c), (reason, trick))

    def rule_out(self, seat: int, mask: int) -> None:
        self.forbid[seat] = self.forbid.get(seat, 0) | mask


def _read_play(w: _Walk, seat: int, me: int, trick: list[int], c: int, trump: int | None,
               order: tuple[int, ...]) -> None:
    if seat == me or not trick:
        return
    for kind, mask, ref in deductions(trick, c, trump, order):
        w.rule_out(seat, mask)
        suit = SUITS[mask.bit_length() // 8 - 1] if kind in ("void", "no_trump") else (
            SUITS[ref >> 3])
        w.proofs.append((Proof(seat, kind, suit=suit, card=CARD_STR[ref] if ref >= 0 else None,
                               trick=w.trick_no), mask))


def _walk_kq(o: KingQueenObservation, me: int, w: _Walk) -> None:
    n = o.players
    trump = suit_index(o.trump) if o.trump else None
    full = FULL_24 if o.variant != "marriage" else FULL_32
    stock = full.bit_count() - 12 if n == 2 else 0
    closed = False
    trick: list[int] = []
    for s, a in o.history:
        if a.verb is Verb.PLAY:
            c = a.card
            if n == 3 or closed or stock == 0:
                _read_play(w, s, me, trick, c, trump, TRUMP_ORDER)
            w.played |= 1 << c
            trick.append(c)
            if len(trick) == n:
                if not closed and stock > 0:
                    stock -= 2
                trick = []
                w.trick_no += 1
        elif a.verb is Verb.CLOSE:
            closed = True
            w.closed_bonus_lost = True
    marriages = {(m.seat, m.suit) for m in o.marriages}
    trump_card = o.trump_card
    for s, cards in enumerate(o.known_cards):
        if s == me:
            continue
        for t in cards:
            c = card(t)
            if (s, t[1]) in marriages and c & 7 in (KING, QUEEN):
                w.hold(s, c, "marriage", None)
            elif n == 3 and t == trump_card:
                w.hold(s, c, "trump_card", None)
            elif t in o.indicators_seen[:-1]:
                w.hold(s, c, "exchange", None)  # the face-up trump card, taken by the exchange
            else:
                w.hold(s, c, "shown", None)


def _walk_marias(o: MariasObservation, me: int, w: _Walk) -> int | None:
    """Reads a Mariáš history; returns the trump suit index of a Suit contract (or None)."""
    fh = o.forehand
    trump_card = card(o.trump_card) if o.trump_card else None
    trump: int | None = None
    order = TRUMP_ORDER
    soloist = fh
    contract: str | None = None
    discarder = fh
    trick: list[int] = []
    marriages = {(m.seat, m.suit) for m in o.marriages}
    for s, a in o.history:
        if a.verb is Verb.CONTRACT:
            contract = a.name
            if contract.startswith("suit"):
                trump = trump_card >> 3 if trump_card is not None else (
                    suit_index(o.trump) if o.trump else None)
                order = TRUMP_ORDER
            else:
                order = NO_TRUMP_ORDER
        elif a.verb is Verb.BAD:
            contract, trump, order, soloist = a.name, None, NO_TRUMP_ORDER, s
        elif a.verb is Verb.DISCARD:
            discarder = s
        elif a.verb is Verb.ANNOUNCE and a.name == "seven-against" and trump is not None \
                and s != me:
            w.hold(s, trump * 8 + SEVEN, "seven_against", None)
        elif a.verb is Verb.PLAY:
            c = a.card
            _read_play(w, s, me, trick, c, trump, order)
            if trump is not None and c & 7 == QUEEN and s != me:
                if (s, CARD_STR[c][1]) in marriages:
                    w.hold(s, c - 1, "marriage", w.trick_no)
                else:
                    w.rule_out(s, 1 << (c - 1))
                    w.proofs.append((Proof(s, "no_king", suit=CARD_STR[c][1],
                                           trick=w.trick_no), 1 << (c - 1)))
            w.played |= 1 << c
            trick.append(c)
            if len(trick) == 3:
                trick = []
                w.trick_no += 1
    if contract is not None and contract.startswith("suit") and trump is not None:
        if "seven" in contract and soloist != me:
            w.hold(soloist, trump * 8 + SEVEN, "seven", None)
        if discarder == fh and not o.talon:
            w.talon_forbid = sum(1 << c for c in range(32) if c & 7 <= 1)
            if trump_card is not None:
                w.talon_forbid |= 1 << trump_card
    if trump_card is not None and fh != me:
        w.hold(fh, trump_card, "trump_card", None)
    for seat, cards in o.shown.items():
        if seat != me:
            for t in cards:
                w.hold(seat, card(t), "shown", None)
    return trump


def counting_aid(observation: Observation | Mapping[str, Any]) -> CountingAid:
    """Everything the seat of ``observation`` can count (see the module docstring)."""
    o = typed(observation)
    variant, me, n = o.variant, o.seat, o.players
    w = _Walk()
    marias = isinstance(o, MariasObservation)
    if isinstance(o, MariasObservation):
        trump = _walk_marias(o, me, w)
        if trump is None and o.trump and (o.contract or "suit").startswith("suit"):
            trump = suit_index(o.trump)
    else:
        assert isinstance(o, KingQueenObservation)
        _walk_kq(o, me, w)
        trump = suit_index(o.trump) if o.trump else None
    full = FULL_24 if variant in ("sixty-six", "sixty-six-3") else FULL_32
    hand = parse_mask(o.hand)
    sizes = list(o.hand_sizes or [0] * n)
    # cards on the table and face up: the current trick, the stock's indicator
    on_table = parse_mask([p.card for p in o.trick])
    w.played |= on_table
    visible = 0
    stock_size = o.stock_size
    if n == 2 and stock_size and isinstance(o, KingQueenObservation) and o.indicators_seen:
        visible |= 1 << card(o.indicators_seen[-1])
    talon = parse_mask(o.talon) if isinstance(o, MariasObservation) else 0
    known_mask = 0
    for s, m in w.known.items():
        m &= ~w.played & ~hand
        w.known[s] = m
        known_mask |= m
    unseen = full & ~hand & ~w.played & ~visible & ~talon & ~known_mask
    # where each unseen card may be
    places: dict[str, tuple[int | str, ...]] = {}
    room = {s: sizes[s] - w.known.get(s, 0).bit_count() for s in range(n) if s != me}
    hidden_stock = max(0, stock_size - 1) if n == 2 else 0
    talon_room = 0
    if marias and not talon:
        talon_room = full.bit_count() - sum(sizes) - w.played.bit_count()
    for c in cards_of(unseen):
        where: list[int | str] = [s for s in range(n) if s != me and room.get(s, 0) > 0
                                  and not (w.forbid.get(s, 0) >> c) & 1]
        if hidden_stock:
            where.append(STOCK)
        if talon_room > 0 and not (w.talon_forbid >> c) & 1:
            where.append(TALON)
        places[CARD_STR[c]] = tuple(where)
    trumps_out = 0
    if trump is not None:
        trumps_out = SUIT_MASK[trump] & full & ~hand & ~w.played
    table = rank_points(variant)  # one rule, one place (cards.py)
    taken = w.played & ~on_table
    points_left = sum(table[c & 7] for c in cards_of(full & ~taken))
    if marias:  # the talon scores for nobody
        points_left = sum(table[c & 7] for c in cards_of(full & ~taken & ~talon))
    tricks_total = full.bit_count() // n if not marias else 10
    tricks_done = sum(o.tricks)
    bonus = tricks_done < tricks_total and not w.closed_bonus_lost
    if not marias and o.closed:
        bonus = False
    pending = [0] * n
    if not marias:
        for pair in o.marriages:
            if not pair.counted:
                pending[pair.seat] += pair.points
    proofs = _useful(w, unseen, me)
    notes = ("talon_no_aces",) if w.talon_forbid and talon_room > 0 else ()
    return CountingAid(
        variant, me, n, SUITS[trump] if trump is not None else None, _names(trumps_out),
        tuple(o.points or [0] * n), tuple(pending), None if marias else TARGET,
        points_left, bonus,
        {SUITS[s]: _names(unseen & SUIT_MASK[s]) for s in range(4) if unseen & SUIT_MASK[s]},
        {s: _names(m) for s, m in sorted(w.known.items()) if m},
        places, proofs, o.soloist if isinstance(o, MariasObservation) else None, _names(talon),
        notes)


def _useful(w: _Walk, unseen: int, me: int) -> tuple[Proof, ...]:
    """The proofs that still say something: a known card still in its hand; a void or a
    limit only while some card it rules out is still unseen (the latest one per fact)."""
    out: list[Proof] = []
    for (s, c), (reason, trick) in sorted(w.reasons.items()):
        if s != me and (w.known.get(s, 0) >> c) & 1:
            out.append(Proof(s, "holds", (CARD_STR[c],), CARD_STR[c][1], None, reason, trick))
    best: dict[tuple[int, str | None, bool], tuple[Proof, int]] = {}
    for p, mask in w.proofs:
        live = mask & unseen
        if not live:
            continue
        key = (p.seat, p.suit, p.kind == "no_king")
        held = best.get(key)
        void = p.kind in ("void", "no_trump")
        if held is None or (void and held[0].kind not in ("void", "no_trump")) or (
                not void and held[0].kind not in ("void", "no_trump")
                and live.bit_count() > held[1].bit_count()):
            best[key] = (p, live)
    out.extend(p for p, _m in sorted(best.values(), key=lambda pm: (pm[0].seat,
                                                                      pm[0].trick or 0)))
    return tuple(out)
