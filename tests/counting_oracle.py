"""A test oracle for the counting aid: the true answers, by counting every deal of the hidden
cards that agrees with what one seat saw.

It reads only the seat's observation (as the aid does) but shares none of the aid's
reasoning: it lists each hidden place (another hand, the face-down stock, a Mariáš talon the
seat did not lay), puts the unseen cards into them in every way their sizes allow, and keeps
an arrangement only when the rules would have allowed every card each other seat played
(that seat's hand when it played = its hand now + what it played since; strict plays are
checked with the engine's own legality function), when every card the seat saw go somewhere
(a marriage, an exchange, the talon it laid away and another player took up) is still there,
and when a Suit talon holds no ace or ten.  The answers are then read off the arrangements
that remain: where each card may be, how many trumps and points are still in play (a range
where the arrangements differ).

Only positions with a few thousand arrangements at most are counted (late in the deal);
:func:`truth` returns None for the others.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

from game.rules.actions import Verb
from game.rules.cards import (
    FULL_24,
    FULL_32,
    QUEEN,
    SEVEN,
    SUIT_MASK,
    TEN,
    card,
    cards_of,
    rank_points,
    suit_index,
)
from game.rules.observation import KingQueenObservation, MariasObservation, Observation
from game.rules.tricks import NO_TRUMP_ORDER, TRUMP_ORDER, strict_legal

STOCK, TALON = "stock", "talon"
ACES_TENS = sum(1 << c for c in range(32) if (c & 7) <= TEN)
#: Positions with more arrangements than this are not counted.
LIMIT = 6000

Place = int | str


@dataclass(frozen=True)
class Truth:
    #: per card neither in the seat's hand nor played: every place it may be
    where: dict[int, frozenset[Place]]
    #: trumps neither played nor the seat's, in another hand or an open stock: (least, most)
    trumps_in_play: tuple[int, int] | None
    #: card points of the cards still to be played in tricks: (least, most)
    points_left: tuple[int, int]
    #: the cards the seat has never seen anywhere
    unseen: frozenset[int]
    #: how many arrangements agree with what the seat saw
    deals: int
    #: the hidden places and their sizes
    rooms: dict[Place, int]


@dataclass
class _Play:
    seat: int
    card: int
    before: list[int]  # the trick before the card
    later: int  # the cards its player played from this one on (this one included)
    trump: int | None
    order: tuple[int, ...]
    strict: bool
    keeper: bool  # the player must keep the trump seven (an announced Seven)
    queen_marriage: bool | None  # Mariáš Suit: a queen with (True) / without (False) marriage


def _legal(hand: int, p: _Play) -> bool:
    """Was ``p`` legal from ``hand``?  The engine's rule, with the Seven keeper's duty."""
    mask = strict_legal(hand, p.before, p.trump, p.order) if p.strict else hand
    if p.keeper and p.trump is not None:
        seven = 1 << (p.trump * 8 + SEVEN)
        if mask & seven and mask != seven:
            mask ^= seven
    if not (mask >> p.card) & 1:
        return False
    if p.queen_marriage is not None:
        king_held = bool((hand >> (p.card - 1)) & 1)
        if king_held != p.queen_marriage:
            return False
    return True


def truth(obs: Observation, limit: int = LIMIT) -> Truth | None:
    o = obs
    me, n = o.seat, o.players
    full = FULL_24 if o.variant in ("sixty-six", "sixty-six-3") else FULL_32
    hand = sum(1 << card(t) for t in o.hand)
    plays = [(s, a.card) for s, a in o.history if a.verb is Verb.PLAY]
    played = sum(1 << c for _s, c in plays)
    fixed: dict[int, Place] = {}  # cards whose place the seat knows
    allowed: dict[int, set[Place]] = {}  # cards seen going to one of a few places
    seen = hand | played
    rooms: dict[Place, int] = {s: o.hand_sizes[s] for s in range(n) if s != me}
    in_play: set[Place] = {s for s in range(n) if s != me}
    talon_rule = 0  # cards a hidden talon cannot hold
    marias = isinstance(o, MariasObservation)
    trump = suit_index(o.trump) if o.trump else None
    order = TRUMP_ORDER
    keeper: int | None = None
    suit_contract = False
    if isinstance(o, KingQueenObservation):
        for s, cards in enumerate(o.known_cards):
            for t in cards:
                c = card(t)
                seen |= 1 << c
                if s != me and not (played >> c) & 1:
                    fixed[c] = s
        if n == 2 and o.stock_size:
            bottom = card(o.indicators_seen[-1])  # the indicator is the last card drawn
            fixed[bottom] = STOCK
            seen |= 1 << bottom
            rooms[STOCK] = o.stock_size
            if not o.closed:
                in_play.add(STOCK)
        if n == 2 and o.indicators_seen:
            for t in o.indicators_seen:
                seen |= 1 << card(t)
    else:
        assert isinstance(o, MariasObservation)
        contract = o.contract or ""
        suit_contract = contract.startswith("suit")
        if not suit_contract:
            trump, order = None, NO_TRUMP_ORDER
        tracked: dict[int, set[Place]] = {}
        for s, a in o.history:
            if a.verb is Verb.DISCARD:
                if s == me:
                    for c in a.cards:
                        tracked[c] = {TALON}
                else:
                    for locs in tracked.values():
                        if s in locs:
                            locs.add(TALON)
            elif a.verb is Verb.BAD:
                for locs in tracked.values():
                    if TALON in locs:
                        locs.discard(TALON)
                        locs.add(s)
            elif a.verb is Verb.ANNOUNCE and a.name == "seven-against":
                keeper = s
        for t in o.picked_up or ():
            seen |= 1 << card(t)
        for c in tracked:
            seen |= 1 << c
        if suit_contract and "seven" in contract:
            keeper = o.soloist
        rooms[TALON] = 2
        for t in o.talon or ():
            fixed[card(t)] = TALON
            seen |= 1 << card(t)
        for c, locs in tracked.items():
            if (hand >> c) & 1 or (played >> c) & 1 or c in fixed:
                continue
            locs.discard(me)
            if len(locs) == 1:
                fixed[c] = next(iter(locs))
            else:
                allowed[c] = set(locs)
        known: list[tuple[int, int]] = []
        if o.trump_card is not None and o.forehand != me and suit_contract:
            known.append((o.forehand, card(o.trump_card)))
        for s, cards in o.shown.items():
            known += [(s, card(t)) for t in cards]
        if keeper is not None and keeper != me and trump is not None:
            known.append((keeper, trump * 8 + SEVEN))
        for m in o.marriages:  # announced when the queen was played with the king in hand
            known.append((m.seat, card("K" + m.suit)))
        for s, c in known:
            seen |= 1 << c
            if s != me and not (played >> c) & 1 and not (hand >> c) & 1:
                fixed[c] = s
        if suit_contract:
            talon_rule = ACES_TENS
    # the plays of the other seats, as constraints on their hands now
    by_seat: dict[int, list[_Play]] = {s: [] for s in range(n) if s != me}
    trick: list[int] = []
    stock = full.bit_count() - 12 if n == 2 else 0
    closed = False
    later = [0] * n
    records: list[_Play] = []
    marriages = {(m.seat, m.suit) for m in o.marriages}
    for s, a in o.history:
        if a.verb is Verb.CLOSE:
            closed = True
        if a.verb is not Verb.PLAY:
            continue
        c = a.card
        strict = bool(trick) and (marias or n == 3 or closed or stock == 0)
        qm = None
        if marias and suit_contract and c & 7 == QUEEN:
            qm = (s, "CDHS"[c >> 3]) in marriages
        p = _Play(s, c, list(trick), 0, trump, order, strict, keeper == s, qm)
        records.append(p)
        trick.append(c)
        if len(trick) == n:
            trick = []
            if n == 2 and not closed and stock > 0:
                stock -= 2
    for p in reversed(records):
        later[p.seat] |= 1 << p.card
        p.later = later[p.seat]
        if p.seat != me:
            by_seat[p.seat].append(p)
    # the cards to arrange
    for place in fixed.values():
        rooms[place] -= 1
    unknown = full & ~hand & ~played & ~sum(1 << c for c in fixed)
    unseen = frozenset(cards_of(full & ~seen & ~sum(1 << c for c, pl in fixed.items())))
    places = [p for p, r in rooms.items() if r > 0]
    assert sum(rooms[p] for p in places) == unknown.bit_count(), (rooms, unknown.bit_count())
    assert all(r >= 0 for r in rooms.values()), rooms
    count, left = 1, unknown.bit_count()
    for p in places:
        count *= comb(left, rooms[p])
        left -= rooms[p]
    if count > limit:
        return None
    cache: dict[tuple[Place, int], bool] = {}

    def fits(place: Place, mask: int) -> bool:
        key = (place, mask)
        hit = cache.get(key)
        if hit is None:
            if place == TALON:
                hit = not mask & talon_rule
            elif isinstance(place, int):
                now = mask | sum(1 << c for c, pl in fixed.items() if pl == place)
                hit = all(_legal(now | p.later, p) for p in by_seat[place])
            else:
                hit = True
            for c in cards_of(mask):
                if c in allowed and place not in allowed[c]:
                    hit = False
            cache[key] = hit
        return hit

    def arrangements(i: int, rest: int) -> Iterator[dict[Place, int]]:
        if i == len(places):
            yield {}
            return
        place = places[i]
        for pick in combinations(list(cards_of(rest)), rooms[place]):
            m = sum(1 << c for c in pick)
            if fits(place, m):
                for tail in arrangements(i + 1, rest & ~m):
                    yield {place: m, **tail}

    where: dict[int, set[Place]] = {c: set() for c in cards_of(full & ~hand & ~played)}
    for c, pl in fixed.items():
        where[c].add(pl)
    points = rank_points(o.variant)
    base_points = sum(points[c & 7] for c in cards_of(hand))
    base_points += sum(points[card(p.card) & 7] for p in o.trick)
    fixed_in_play = [c for c, pl in fixed.items() if pl in in_play]
    base_points += sum(points[c & 7] for c in fixed_in_play)
    trump_mask = SUIT_MASK[trump] if trump is not None else 0
    base_trumps = sum(1 for c in fixed_in_play if (trump_mask >> c) & 1)
    deals = 0
    lo_t = lo_p = 10 ** 6
    hi_t = hi_p = -1
    for arr in arrangements(0, unknown):
        deals += 1
        t, pts = base_trumps, base_points
        for place, m in arr.items():
            for c in cards_of(m):
                where[c].add(place)
            if place in in_play:
                t += (m & trump_mask).bit_count()
                pts += sum(points[c & 7] for c in cards_of(m))
        lo_t, hi_t = min(lo_t, t), max(hi_t, t)
        lo_p, hi_p = min(lo_p, pts), max(hi_p, pts)
    if deals == 0:
        raise AssertionError("no deal agrees with what the seat saw")
    return Truth({c: frozenset(v) for c, v in where.items()},
                 (lo_t, hi_t) if trump is not None else None, (lo_p, hi_p), unseen, deals,
                 dict(rooms))


def consistent_with(deal, obs: Observation, t: Truth) -> bool:
    """Is the real deal among the arrangements the oracle kept?  (The oracle's own check.)"""
    me, n = obs.seat, obs.players
    for c, places in t.where.items():
        owner = [s for s in range(n) if (deal.hand(s) >> c) & 1]
        if owner:
            if owner[0] == me or owner[0] not in places:
                return False
        elif not places & {STOCK, TALON}:
            return False
    return True
