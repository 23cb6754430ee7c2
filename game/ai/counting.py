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
    #: facts about hidden places and what the counts mean: ``talon_no_aces`` (a Suit
    #: talon holds no ace or ten), ``stock_out`` (a closed stock's cards are out of play),
    #: ``indicator_in_play`` (the face-up trump card is counted: it is drawn last),
    #: ``talon_out`` (the Mariáš talon scores for nobody and is never played)
    notes: tuple[str, ...] = field(default_factory=tuple)
    #: trumps neither played nor the seat's that are still in play (in another hand or an
    #: open stock, the face-up trump card included), least and most: a closed stock or an
    #: unknown talon may hold some, and those never come into play
    trumps_in_play: tuple[int, int] = (0, 0)
    #: card points still to be played in tricks (the seat's hand, the trick, the other
    #: hands, an open stock), least and most — :attr:`points_left` is the most
    points_range: tuple[int, int] = (0, 0)
    #: Mariáš: per card the seat laid away and another player took up after a "bad", where
    #: it may be now (that seat, or the talon again)
    laid_away: dict[str, tuple[int | str, ...]] = field(default_factory=dict)
    #: cards the seat knows to be out of play: its own talon, a closed stock's indicator
    out_of_play: tuple[str, ...] = ()

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
        return seat in self.places.get(c, self.laid_away.get(c, ()))

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
    #: Mariáš: cards this seat laid away, and the places each may have gone since
    tracked: dict[int, set[int | str]] = field(default_factory=dict)
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
    keeper: int | None = None  # who announced a Seven and must keep the trump seven
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
            for locs in w.tracked.values():  # the talon goes into the hand of who said bad
                if TALON in locs:
                    locs.discard(TALON)
                    locs.add(s)
        elif a.verb is Verb.DISCARD:
            discarder = s
            if s == me:
                for c in a.cards:
                    w.tracked[c] = {TALON}
            else:  # two hidden cards: a card taken up may have gone back into the talon
                for locs in w.tracked.values():
                    if s in locs:
                        locs.add(TALON)
        elif a.verb is Verb.ANNOUNCE and a.name == "seven-against" and trump is not None:
            keeper = s
            if s != me:
                w.hold(s, trump * 8 + SEVEN, "seven_against", None)
        elif a.verb is Verb.PLAY:
            c = a.card
            _read_play(w, s, me, trick, c, trump, order)
            if keeper is None and contract is not None and "seven" in contract:
                keeper = soloist
            if s == keeper and s != me and trump is not None and c == trump * 8 + SEVEN \
                    and trick:
                # an announced trump seven is kept while any other card may be played: so
                # no other trump was left (the led suit's void is read above)
                others = SUIT_MASK[trump] & ~(1 << c)
                w.rule_out(s, others)
                w.proofs.append((Proof(s, "void", suit=SUITS[trump], trick=w.trick_no),
                                 others))
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
    # the cards this seat laid away and another took up: in that hand, or laid away again
    laid: dict[int, frozenset[int | str]] = {}
    for c, locs in w.tracked.items():
        if (hand | w.played | talon) >> c & 1:
            continue
        where_now = frozenset(locs - {me})
        seats = [x for x in where_now if isinstance(x, int)]
        if where_now == frozenset(seats[:1]) and seats:
            w.hold(seats[0], c, "taken_up", None)
        elif where_now:
            laid[c] = where_now
    known_mask = 0
    for s, m in w.known.items():
        m &= ~w.played & ~hand
        w.known[s] = m
        known_mask |= m
    tracked = sum(1 << c for c in laid)
    unseen = full & ~hand & ~w.played & ~visible & ~talon & ~known_mask & ~tracked
    # the hidden places and how many cards each still takes
    rooms: dict[int | str, int] = {s: sizes[s] - w.known.get(s, 0).bit_count()
                                   for s in range(n) if s != me}
    if n == 2 and stock_size:
        rooms[STOCK] = stock_size - 1  # the indicator is its last card, seen
    if marias and not talon:
        rooms[TALON] = full.bit_count() - sum(sizes) - w.played.bit_count()
    rooms = {p: r for p, r in rooms.items() if r > 0}
    allowed: dict[int, frozenset[int | str]] = {}
    for c in cards_of(unseen | tracked):
        ok = {p for p in rooms if not isinstance(p, int) or not (w.forbid.get(p, 0) >> c) & 1}
        if (w.talon_forbid >> c) & 1:
            ok.discard(TALON)
        if c in laid:
            ok &= laid[c]
        allowed[c] = frozenset(ok)
    # where each card may be: a place, if the other cards can still fill every hidden place
    # (a hand that must hold certain cards has no room left for any other)
    fill = _Fill(rooms, allowed)
    places: dict[str, tuple[int | str, ...]] = {}
    for c in cards_of(unseen):
        places[CARD_STR[c]] = tuple(p for p in _order(rooms) if p in allowed[c]
                                    and fill.may(c, p))
    laid_away = {CARD_STR[c]: tuple(p for p in _order(rooms) if p in allowed[c]
                                    and fill.may(c, p)) for c in sorted(laid)}
    for c in laid:
        seats = [p for p in laid_away[CARD_STR[c]] if isinstance(p, int)]
        if laid_away[CARD_STR[c]] == tuple(seats[:1]) and seats:
            w.hold(seats[0], c, "taken_up", None)
            del laid_away[CARD_STR[c]]
    # out of play: a closed stock (its indicator too), a talon
    out_place = TALON if TALON in rooms else STOCK if (STOCK in rooms and o.closed) else None
    known_out = talon | (visible if o.closed else 0)
    table = rank_points(variant)  # one rule, one place (cards.py)
    taken = w.played & ~on_table
    trumps_out = 0
    trump_mask = SUIT_MASK[trump] if trump is not None else 0
    if trump is not None:
        trumps_out = trump_mask & full & ~hand & ~w.played
    all_trumps = (trumps_out & ~known_out).bit_count()
    all_points = sum(table[c & 7] for c in cards_of(full & ~taken & ~known_out))
    t_range, p_range = (all_trumps, all_trumps), (all_points, all_points)
    if out_place is not None:
        def trumps(c: int) -> int:
            return (trump_mask >> c) & 1

        def pts(c: int) -> int:
            return table[c & 7]

        t_range = (all_trumps - fill.best_out(out_place, trumps, most=True),
                   all_trumps - fill.best_out(out_place, trumps, most=False))
        p_range = (all_points - fill.best_out(out_place, pts, most=True),
                   all_points - fill.best_out(out_place, pts, most=False))
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
    notes: tuple[str, ...] = ()
    if w.talon_forbid and TALON in rooms:
        notes += ("talon_no_aces",)
    if out_place == STOCK:
        notes += ("stock_out",)
    elif visible and not o.closed:
        notes += ("indicator_in_play",)
    if marias and (talon or TALON in rooms):
        notes += ("talon_out",)
    return CountingAid(
        variant, me, n, SUITS[trump] if trump is not None else None, _names(trumps_out),
        tuple(o.points or [0] * n), tuple(pending), None if marias else TARGET,
        p_range[1], bonus,
        {SUITS[s]: _names(unseen & SUIT_MASK[s]) for s in range(4) if unseen & SUIT_MASK[s]},
        {s: _names(m) for s, m in sorted(w.known.items()) if m},
        places, proofs, o.soloist if isinstance(o, MariasObservation) else None, _names(talon),
        notes, t_range, p_range, laid_away, _names(known_out))


def _order(rooms: Mapping[int | str, int]) -> list[int | str]:
    """The hidden places in the order the panel names them: seats, then stock or talon."""
    return sorted(rooms, key=lambda p: (not isinstance(p, int), str(p)))


class _Fill:
    """Can the cards still unplaced fill the hidden places exactly?  Each card may go to
    some places (``allowed``), each place takes ``rooms`` cards.  Hall's condition: for
    every set of places, the cards that may go nowhere else fit into it.  A handful of
    places, so every set is tried; cards are counted by the places they allow."""

    def __init__(self, rooms: Mapping[int | str, int], allowed: Mapping[int, frozenset[int | str]]):
        self.places = list(rooms)
        self.rooms = dict(rooms)
        self.allowed = dict(allowed)

    def _ok(self, rooms: Mapping[int | str, int],
            kinds: Mapping[frozenset[int | str], int]) -> bool:
        if sum(rooms.values()) != sum(kinds.values()) or min(rooms.values(), default=0) < 0:
            return False
        places = self.places
        for k in range(1 << len(places)):
            group = frozenset(places[i] for i in range(len(places)) if (k >> i) & 1)
            need = sum(m for kind, m in kinds.items() if kind <= group)
            if need > sum(rooms[p] for p in group):
                return False
        return True

    def _kinds(self, forced: Mapping[int, int | str]) -> dict[frozenset[int | str], int]:
        kinds: dict[frozenset[int | str], int] = {}
        for c, a in self.allowed.items():
            if c not in forced:
                kinds[a] = kinds.get(a, 0) + 1
        return kinds

    def _try(self, forced: Mapping[int, int | str]) -> bool:
        rooms = dict(self.rooms)
        for p in forced.values():
            rooms[p] -= 1
        return self._ok(rooms, self._kinds(forced))

    def may(self, c: int, place: int | str) -> bool:
        """Can card ``c`` lie in ``place`` while the others fill the rest?"""
        return place in self.allowed.get(c, ()) and self._try({c: place})

    def best_out(self, place: int | str, weight: Any, most: bool) -> int:
        """The most (or least) total ``weight`` the cards in ``place`` can have: the sets of
        cards that can lie there together are the bases of a matroid, so the greedy choice
        (heaviest first, or lightest first) finds the best."""
        forced: dict[int, int | str] = {}
        room = self.rooms.get(place, 0)
        for c in sorted((c for c, a in self.allowed.items() if place in a),
                        key=lambda c: (-weight(c) if most else weight(c), c)):
            if len(forced) == room:
                break
            forced[c] = place
            if not self._try(forced):
                del forced[c]
        return sum(weight(c) for c in forced)


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
