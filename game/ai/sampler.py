"""Determinization: a full deal consistent with everything one seat has seen.

Why replay instead of building engine state by hand: the engine stays the one
source of truth for the rules.  A sample is a complete deck (plus the hidden
``??`` cards of the history: a talon, a blind trump card) such that replaying
the observation's history on it reproduces exactly what the seat saw.  The
resulting :class:`Deal` is then cloned freely by the searches.

The steps:

1. :func:`knowledge` walks the history and collects per seat the cards known
   to be held now (``known``), the cards that seat cannot hold now
   (``forbid``: voids and "could not beat" from strict-phase plays, a queen
   played without its marriage in Mariáš, a Suit discard's aces and tens), the
   cards it played and when every card had to be in its hand at the latest.
2. :func:`distribute` deals the unseen cards to the hidden places (the other
   hands, the stock, the talon) uniformly among the consistent assignments
   (rejection on the rare dead end).
3. A variant-specific ``_deck_*`` maps the cards back to deck positions using
   ``deal_owners`` and the time each card was needed (stock draws in the
   two-player games, the talon chain of Mariáš).
4. :func:`determinize` replays the history on that deck with the full rules
   check; an inconsistency (possible only in corner cases the constraints do
   not model) triggers a fresh attempt.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import ANNOUNCE, CLOSE, EXCHANGE, PLAY, TRUMP, Action, Verb, discard
from game.rules.base import Deal
from game.rules.cards import (
    FULL_24,
    FULL_32,
    KING,
    NINE,
    QUEEN,
    SEVEN,
    SUIT_MASK,
    card,
    cards_of,
    mask_of,
    suit_index,
)
from game.rules.errors import NotationError, RulesError
from game.rules.observation import KingQueenObservation, MariasObservation, Observation
from game.rules.tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER, winner_index
from game.rules.variants import deal_class, new_deal

from .playout import policy_card
from .view import parse_mask

#: The verbs as module constants: an Enum member lookup costs more than the whole test.
_PLAY, _MARRIAGE, _CONTRACT, _BAD, _DISCARD, _TRUMP = (Verb.PLAY, Verb.MARRIAGE, Verb.CONTRACT,
                                                      Verb.BAD, Verb.DISCARD, Verb.TRUMP)
INF = 10**9
ACES_TENS = sum(1 << c for c in range(32) if (c & 7) <= 1)


class SampleError(RuntimeError):
    """No consistent deal found (should not happen for observations of real deals)."""


@dataclass
class Knowledge:
    """What one seat knows about where the cards are, from its observation."""

    variant: str
    seat: int
    players: int
    dealer: int
    full: int
    hand: int
    sizes: list[int]
    played_by: list[int]
    known: list[int]
    forbid: list[int]
    #: card -> history index by which it had to be in its owner's hand
    deadline: dict[int, int] = field(default_factory=dict)
    #: hidden places besides the seats: name -> (size, forbid mask)
    extra: dict[str, tuple[int, int]] = field(default_factory=dict)
    extra_known: dict[str, int] = field(default_factory=dict)
    #: Mariáš Suit seen by a defender: (soloist, trump suit, likelihood of the soloist's
    #: contract by his number of trumps) — read by inference only (``_plausible_announcer``)
    announcer: tuple[int, int, tuple[float, ...]] | None = None

    def unseen(self) -> int:
        m = self.full & ~self.hand
        for x in self.played_by:
            m &= ~x
        for s, k in enumerate(self.known):
            if s != self.seat:
                m &= ~k
        for k in self.extra_known.values():
            m &= ~k
        return m


def deductions(trick: list[int], c: int, trump: int | None,
               order: tuple[int, ...]) -> list[tuple[str, int, int]]:
    """What playing ``c`` to ``trick`` under the strict rules proves about its player's hand:
    ``(kind, cards it cannot hold, the card it could not beat or -1)`` — ``void`` (did not
    follow), ``no_trump`` (did not follow and did not trump), ``cannot_overtrump`` (trumped
    lower than the trump in the trick), ``cannot_beat`` (followed lower than the winner).
    The sampler and the counting aid (``counting.py``) read the plays alike."""
    led = trick[0] >> 3
    win = trick[winner_index(trick, trump, order)]
    beaters = BEATERS[order]
    out = []
    if c >> 3 != led:
        out.append(("void", SUIT_MASK[led], -1))
        if trump is not None and trump != led:
            if c >> 3 != trump:
                out.append(("no_trump", SUIT_MASK[trump], -1))
            elif win >> 3 == trump and not (beaters[win] >> c) & 1:
                out.append(("cannot_overtrump", beaters[win], win))
    elif win >> 3 == led and not (beaters[win] >> c) & 1:
        out.append(("cannot_beat", beaters[win], win))
    return out


def _deduce(trick: list[int], c: int, trump: int | None, order: tuple[int, ...]) -> int:
    """Cards the player of ``c`` cannot have held: the strict rules would have forced them."""
    f = 0
    for _kind, mask, _card in deductions(trick, c, trump, order):
        f |= mask
    return f


def knowledge(obs: Observation) -> Knowledge:
    variant = obs.variant
    seat = obs.seat
    cls = deal_class(variant)
    n = cls.players
    full = FULL_24 if cls.deck_size == 24 else FULL_32
    hand = parse_mask(obs.hand)
    sizes = list(obs.hand_sizes)
    k = Knowledge(variant, seat, n, obs.dealer, full, hand, sizes, [0] * n, [0] * n,
                  [0] * n)
    if isinstance(obs, MariasObservation):
        _walk_marias(obs, k)
    else:
        assert isinstance(obs, KingQueenObservation)
        _walk_kq(obs, k)
    for s in range(n):
        k.known[s] &= ~k.played_by[s]
        if s == seat:
            k.known[s] = 0
    return k


def _walk_kq(obs: KingQueenObservation, k: Knowledge) -> None:
    n = k.players
    trump = suit_index(obs.trump or "")
    stock = k.full.bit_count() - 12 if n == 2 else 0
    closed = False
    trick: list[int] = []
    seats: list[int] = []
    for t, (s, a) in enumerate(obs.history):
        if a.verb is _PLAY:
            c = a.card
            strict = n == 3 or closed or stock == 0
            if trick and strict and s != k.seat:
                k.forbid[s] |= _deduce(trick, c, trump, TRUMP_ORDER)
            k.played_by[s] |= 1 << c
            k.deadline.setdefault(c, t)
            trick.append(c)
            seats.append(s)
            if len(trick) == n:
                if not closed and stock > 0:
                    stock -= 2
                trick, seats = [], []
        elif a is CLOSE:
            closed = True
        elif a.verb is _MARRIAGE:
            su = a.suit
            for r in (KING, QUEEN):
                k.deadline.setdefault(su * 8 + r, t)
        elif a is EXCHANGE:
            rank = SEVEN if k.variant == "marriage" else NINE
            k.deadline.setdefault(trump * 8 + rank, t)
    for s, cards in enumerate(obs.known_cards):
        k.known[s] |= parse_mask(cards)
    if n == 2:
        size = obs.stock_size
        ind_seen = obs.indicators_seen or (obs.trump_card,)
        last = card(ind_seen[-1])
        if size:
            # the last stock card (the indicator, face up or under a closed stock) is known
            k.extra["stock"] = (size - 1, 0)
            k.extra_known["stock_last"] = 1 << last


def _walk_marias(obs: MariasObservation, k: Knowledge) -> None:
    seat = k.seat
    fh = obs.forehand
    trump: int | None = None
    order = TRUMP_ORDER
    contract = None
    trump_card = card(obs.trump_card) if obs.trump_card else None
    soloist = fh
    trick: list[int] = []
    marriages = {(m.seat, suit_index(m.suit)) for m in obs.marriages}
    last_discard: tuple[int, int | None] = (fh, None)  # (seat, mask if known)
    picked: list[tuple[int, int]] = []  # (bad-sayer, my earlier discard they picked up)
    for t, (s, a) in enumerate(obs.history):
        if a.verb is _CONTRACT:
            contract = a.name
            if contract.startswith("suit"):
                trump = trump_card >> 3 if trump_card is not None else (
                    suit_index(obs.trump) if obs.trump else None)
                if "seven" in contract and trump is not None and s != seat:
                    k.deadline.setdefault(trump * 8 + SEVEN, t)
                order = TRUMP_ORDER
            else:
                order = NO_TRUMP_ORDER
        elif a.verb is _BAD:
            contract = a.name
            trump = None
            order = NO_TRUMP_ORDER
            if last_discard[0] == seat and last_discard[1] is not None:
                picked.append((s, last_discard[1]))
            soloist = s
        elif a.verb is _DISCARD:
            m = None if a.hidden else mask_of(a.cards)
            last_discard = (s, m)
        elif a is ANNOUNCE["seven-against"]:
            if trump is not None:
                k.known[s] |= 1 << (trump * 8 + SEVEN)
        elif a.verb is _PLAY:
            c = a.card
            if trick and s != seat:
                k.forbid[s] |= _deduce(trick, c, trump, order)
            if trump is not None and c & 7 == QUEEN and s != seat:
                if (s, c >> 3) in marriages:
                    k.known[s] |= 1 << (c - 1)
                else:
                    k.forbid[s] |= 1 << (c - 1)
            k.played_by[s] |= 1 << c
            trick.append(c)
            if len(trick) == 3:
                trick = []
    if contract is not None and contract.startswith("suit") and "seven" in contract:
        if trump is not None:
            k.known[soloist] |= 1 << (trump * 8 + SEVEN)
    if trump_card is not None and not (k.played_by[fh] >> trump_card) & 1:
        k.known[fh] |= 1 << trump_card
    if contract is not None and contract.startswith("suit") and trump is not None \
            and soloist != seat:
        table = SEVEN_TRUMPS if "seven" in contract else SUIT_TRUMPS
        k.announcer = (soloist, trump, table)
    for s_key, cards in obs.shown.items():
        k.known[s_key] |= parse_mask(cards)
    # the talon: known to whoever laid it last; otherwise two hidden cards
    talon_size = k.full.bit_count() - sum(k.sizes) - sum(x.bit_count() for x in k.played_by)
    if obs.talon:
        k.extra_known["talon"] = parse_mask(obs.talon)
    elif talon_size > 0:
        f = 0
        if contract is not None and contract.startswith("suit") and last_discard[0] == fh:
            f = ACES_TENS | (1 << trump_card if trump_card is not None else 0)
        k.extra["talon"] = (talon_size, f)
    # my earlier discard, picked up by a bad-sayer, is in that seat's hand or the talon
    for who, m in picked:
        for s in range(3):
            if s not in (who, seat):
                k.forbid[s] |= m
    if obs.phase == "trump" and seat == fh:
        # forehand has seen only the first seven: the other five are a hidden place
        k.extra["blind"] = (k.sizes[fh] - k.hand.bit_count(), 0)


def distribute(k: Knowledge, rng: random.Random, tries: int = 200) -> dict[Any, int]:
    """Place the unseen cards: seat -> mask of its current hand, extra place -> mask."""
    unseen = list(cards_of(k.unseen()))
    holders: list[tuple[Any, int, int]] = []
    for s in range(k.players):
        if s == k.seat:
            continue
        need = k.sizes[s] - k.known[s].bit_count()
        holders.append((s, need, k.forbid[s]))
    for name, (size, f) in k.extra.items():
        holders.append((name, size, f))
    total = sum(h[1] for h in holders)
    if total != len(unseen):
        raise SampleError(f"{len(unseen)} unseen cards for {total} hidden places")
    # most constrained cards first makes dead ends rare
    allowed = {c: [i for i, h in enumerate(holders) if not (h[2] >> c) & 1] for c in unseen}
    for _ in range(tries):
        room = [h[1] for h in holders]
        got = [0] * len(holders)
        order = sorted(unseen, key=lambda c: (len(allowed[c]), rng.random()))
        ok = True
        for c in order:
            cand = [i for i in allowed[c] if room[i] > 0]
            if not cand:
                ok = False
                break
            weights = [room[i] for i in cand]
            i = rng.choices(cand, weights)[0]
            room[i] -= 1
            got[i] |= 1 << c
        if ok:
            out: dict[Any, int] = {}
            for (name, _size, _f), m in zip(holders, got):
                out[name] = m
            return out
    raise SampleError("no placement of the unseen cards satisfies the constraints")


# --- decks ---------------------------------------------------------------------------------
def _assign_timed(slots: list[tuple[int, int]], cards: list[int], deadline: dict[int, int],
                  rng: random.Random, deck: list[int]) -> None:
    """Put ``cards`` into deck ``slots`` ``(time received, position)`` so each card arrives
    before its deadline.  Feasible sets are nested, so a random pick among them never fails
    when a solution exists."""
    free = sorted(slots)
    for c in sorted(cards, key=lambda c: (deadline.get(c, INF), rng.random())):
        dl = deadline.get(c, INF)
        ok = [i for i, (t, _p) in enumerate(free) if t < dl]
        if not ok:
            raise SampleError("a card was played before it could have been received")
        i = rng.choice(ok)
        deck[free[i][1]] = c
        free.pop(i)


def _deck_kq(obs: KingQueenObservation, k: Knowledge, place: dict[Any, int],
             rng: random.Random) -> list[int]:
    """Two-player games: dealt positions, then stock draws in order, the indicator last."""
    dealer = k.dealer
    owners = deal_class(k.variant).deal_owners(dealer)
    size = len(owners)
    trump = suit_index(obs.trump or "")
    trump_card = card(obs.trump_card)
    seen = [card(x) for x in obs.indicators_seen or (obs.trump_card,)]
    exch_card = seen[1] if len(seen) > 1 else None
    deck = [-1] * size
    deck[12] = trump_card
    # timeline of receipts: (time, position) per seat; fixed receipts of known cards
    slots: list[list[tuple[int, int]]] = [[], []]
    for pos in range(12):
        slots[owners[pos]].append((-1, pos))
    draw_order = list(range(13, size)) + [12]
    fixed: list[int] = [0, 0]  # cards a seat got not from a position of its own
    stock_i = 0
    closed = False
    exchanged_by: int | None = None
    trick: list[tuple[int, int]] = []
    for t, (s, a) in enumerate(obs.history):
        if a is CLOSE:
            closed = True
        elif a is EXCHANGE:
            exchanged_by = s
            fixed[s] |= 1 << trump_card  # the old indicator came by the exchange
        elif a.verb is _PLAY:
            trick.append((s, a.card))
            if len(trick) == 2:
                w = trick[winner_index([c for _, c in trick], trump)][0]
                trick = []
                if not closed and stock_i < len(draw_order):
                    for who in (w, 1 - w):
                        pos = draw_order[stock_i]
                        stock_i += 1
                        if pos == 12:
                            # the indicator position: whatever lies there now
                            got = exch_card if exchanged_by is not None else trump_card
                            assert got is not None  # a stock has its indicator
                            fixed[who] |= 1 << got
                        else:
                            slots[who].append((t, pos))
    hands = [0, 0]
    hands[k.seat] = k.hand
    opp = 1 - k.seat
    hands[opp] = place[opp] | k.known[opp]
    for s in (0, 1):
        own = (hands[s] | k.played_by[s]) & ~fixed[s]
        if exchanged_by == s and exch_card is not None:
            own |= 1 << exch_card  # held in an own position until the exchange
        if own.bit_count() != len(slots[s]):
            raise SampleError("cards and deal positions of a seat do not match")
        _assign_timed(slots[s], list(cards_of(own)), k.deadline, rng, deck)
    rest = list(cards_of(place.get("stock", 0)))
    rng.shuffle(rest)
    undrawn = [p for p in draw_order[stock_i:] if p != 12]
    if len(rest) != len(undrawn):
        raise SampleError("stock size mismatch")
    for p, c in zip(undrawn, rest):
        deck[p] = c
    return deck


def _deck_66_3(obs: KingQueenObservation, k: Knowledge, place: dict[Any, int],
               rng: random.Random) -> list[int]:
    owners = deal_class(k.variant).deal_owners(k.dealer)
    trump_card = card(obs.trump_card)
    deck = [-1] * len(owners)
    deck[23] = trump_card
    for s in range(3):
        hand = k.hand if s == k.seat else place[s] | k.known[s]
        cards = list(cards_of((hand | k.played_by[s]) & ~(1 << trump_card)))
        rng.shuffle(cards)
        pos = [p for p in range(len(owners)) if owners[p] == s and p != 23]
        if len(pos) != len(cards):
            raise SampleError("hand size mismatch")
        for p, c in zip(pos, cards):
            deck[p] = c
    return deck


def _deck_marias(obs: MariasObservation, k: Knowledge, place: dict[Any, int],
                 rng: random.Random) -> tuple[list[int], list[Action]]:
    """Undo the auction: the talon chain back to the 12/10/10 deal; fill the ``??``."""
    fh = obs.forehand
    seat = k.seat
    hands = [0, 0, 0]
    for s in range(3):
        hands[s] = (k.hand if s == seat else place[s] | k.known[s]) | k.played_by[s]
    if "blind" in place:
        hands[seat] |= place["blind"]
    talon = k.extra_known.get("talon", 0) | place.get("talon", 0)
    hist = obs.history
    fills: dict[int, int | Action] = {}  # history index -> a talon (mask) or a trump card
    trump_card = card(obs.trump_card) if obs.trump_card else None
    contract0 = next((a.name for _s, a in hist if a.verb is _CONTRACT), None)
    events = [(i, s, a) for i, (s, a) in enumerate(hist)
              if a.verb is _DISCARD or a.verb is _BAD]
    cur = talon
    for j in range(len(events) - 1, -1, -1):
        i, s, a = events[j]
        if a.verb is _DISCARD:
            hands[s] |= cur
            fills[i] = cur
            cur = 0
            continue
        # ``bad``: s picked up the talon laid by the discard just before
        prev_i, prev_s, prev_a = events[j - 1]
        if not prev_a.hidden:
            prev = mask_of(prev_a.cards)
        else:
            pool = hands[s]
            if j - 1 == 0 and contract0 and contract0.startswith("suit"):
                pool &= ~ACES_TENS
                if trump_card is not None:
                    pool &= ~(1 << trump_card)
                    if "seven" in contract0:
                        pool &= ~(1 << ((trump_card >> 3) * 8 + SEVEN))
            if s == obs.seat and obs.picked_up:
                pool &= parse_mask(obs.picked_up)  # the observer saw what it took up
            # cards s itself laid away earlier and holds again must have come back now
            back = 0
            for _i2, s2, a2 in events[:j - 1]:
                if s2 == s and a2.verb is _DISCARD and not a2.hidden:
                    back |= mask_of(a2.cards)
            back &= pool
            cands = list(cards_of(pool & ~back))
            need = 2 - back.bit_count()
            if need < 0 or len(cands) < need:
                raise SampleError("no talon to pick up")
            prev = back
            for c in rng.sample(cands, need):
                prev |= 1 << c
        if prev & ~hands[s]:
            raise SampleError("the picked-up talon is not in the hand")
        hands[s] &= ~prev
        cur = prev
    # the trump card
    tc = trump_card
    if tc is None:
        tc = rng.choice(list(cards_of(hands[fh])))
    for i, (_s, a) in enumerate(hist):
        if a.verb is _TRUMP and a.hidden:
            fills[i] = TRUMP[tc]
    # deck positions
    owners = deal_class("marias").deal_owners(k.dealer)
    deck = [-1] * 32
    first7 = parse_mask(obs.first_seven) if obs.first_seven else None
    for s in range(3):
        pos = [p for p in range(32) if owners[p] == s]
        cards = list(cards_of(hands[s]))
        if len(cards) != len(pos):
            raise SampleError("hand size mismatch")
        if s == fh and first7 is not None:
            a7 = [c for c in cards if (first7 >> c) & 1]
            rest = [c for c in cards if not (first7 >> c) & 1]
            rng.shuffle(a7)
            rng.shuffle(rest)
            cards = a7 + rest
        else:
            rng.shuffle(cards)
        for p, c in zip(pos, cards):
            deck[p] = c
    history = [a for _s, a in hist]
    for i, fill in fills.items():
        history[i] = fill if isinstance(fill, Action) else _discard_of(fill)
    return deck, history


def _discard_of(talon: int) -> Action:
    """The discard of a talon (two cards; anything else is no sample of this history)."""
    cs = list(cards_of(talon))
    if len(cs) != 2:
        raise NotationError("discard_twice")
    return discard(cs[0], cs[1])


def determinize(obs: Observation, rng: random.Random, tries: int = 30,
                k: Knowledge | None = None) -> Deal:
    """A full deal, at the observed position, consistent with everything ``obs`` shows."""
    return _determinize(obs, rng, tries, k, judge=False)[0]


def _determinize(obs: Observation, rng: random.Random, tries: int, k: Knowledge | None,
                 judge: bool) -> tuple[Deal, float]:
    """``determinize`` plus, with ``judge``, the log-likelihood (up to a constant) of the
    other players' card plays in that sample (:func:`surprise`); 0 without."""
    k = k or knowledge(obs)
    last: Exception | None = None
    for _ in range(tries):
        try:
            place = distribute(k, rng)
            if judge and k.announcer is not None:
                place = _plausible_announcer(k, place, rng)
            hist = [a for _s, a in obs.history]
            if isinstance(obs, MariasObservation):
                deck, hist = _deck_marias(obs, k, place, rng)
            elif k.players == 2:
                deck = _deck_kq(obs, k, place, rng)  # type: ignore[arg-type]
            else:
                deck = _deck_66_3(obs, k, place, rng)  # type: ignore[arg-type]
            deal = new_deal(k.variant, k.dealer, deck, dict(obs.options))
            loglik = 0.0
            for (s, _a), a in zip(obs.history, hist):
                if judge and s != k.seat and a.verb is _PLAY:
                    loglik += surprise(deal, s, a)
                deal.apply(a, s)
            first_seven = obs.first_seven if isinstance(obs, MariasObservation) else None
            if first_seven and mask_of(deal.deck[:7]) != parse_mask(first_seven):
                raise SampleError("forehand's first seven differ")
            if deal.hand(k.seat) != k.hand and not (
                    isinstance(obs, MariasObservation) and obs.phase == "trump"):
                raise SampleError("replay does not reproduce the hand")
            return deal, loglik
        except (SampleError, RulesError) as exc:
            last = exc
            continue
    raise SampleError(f"no consistent deal after {tries} tries: {last}")


#: Mariáš: how likely a soloist announces Suit (resp. a Seven) holding t trumps in his ten
#: cards, relative to the likeliest count; index t = 0 … 8.  Read from arena logs of Suit
#: and Seven deals of ``hard`` and ``pimc``: the soloist's real trumps against those of
#: uniform samples from a defender's seat at the first lead.  A real soloist holds more
#: trumps than the uniform samples give him, in a Seven far more (most had five or more).
#: People announce a Seven on the same kind of hand.
SUIT_TRUMPS: tuple[float, ...] = (0.02, 0.02, 0.17, 0.47, 1.0, 1.0, 1.0, 1.0, 1.0)
SEVEN_TRUMPS: tuple[float, ...] = (0.01, 0.01, 0.01, 0.01, 0.1, 1.0, 1.0, 1.0, 1.0)


def _announcer_trumps(k: Knowledge, place: dict[Any, int]) -> int:
    """The Mariáš soloist's trumps in his ten cards (held now or played) in a placement."""
    sol, trump, _table = k.announcer  # type: ignore[misc]
    ten = place.get(sol, 0) | k.known[sol] | k.played_by[sol]
    return (ten & SUIT_MASK[trump]).bit_count()


def _plausible_announcer(k: Knowledge, place: dict[Any, int], rng: random.Random,
                         tries: int = 60) -> dict[Any, int]:
    """Rejection sampling by the contract the soloist chose: a placement is kept with the
    likelihood of his trump count (``SUIT_TRUMPS`` / ``SEVEN_TRUMPS``).  The uniform
    samples give a Seven's announcer three or four trumps where he nearly always has five,
    so defenders fleked Sevens they had no chance to beat and defended as if the seven
    were fragile.  After ``tries`` placements the likeliest one seen is taken."""
    table = k.announcer[2]  # type: ignore[index]
    best, best_w = place, -1.0
    for i in range(tries):
        if i:
            place = distribute(k, rng)
        w = table[min(_announcer_trumps(k, place), 8)]
        if rng.random() < w:
            return place
        if w > best_w:
            best, best_w = place, w
    return best


#: Log-likelihood of an opponent's play in a sample: letting an exchange or a marriage pass
#: at the lead (players take those at once), and playing another card than the playout
#: policy would have played there (a soft opponent model: e.g. not taking a ten with the
#: ace makes "he has no ace" likelier).
LOG_MISSED = math.log(0.1)
LOG_UNEXPECTED = math.log(0.5)


def surprise(deal: Deal, seat: int, action: Action) -> float:
    """How (log-)unlikely the sample makes ``seat`` playing ``action`` here (0 = natural)."""
    out = 0.0
    if deal.variant != "marias" and deal.on_lead():
        out += LOG_MISSED * missed_chances(deal.extra_actions())
    c = policy_card(deal, seat)
    if c is not None and PLAY[c] is not action:
        out += LOG_UNEXPECTED
    return out


def missed_chances(legal: list[Action]) -> int:
    """At a King-Queen lead the player went on to play a card: would this sample have let
    them exchange the trump card or announce a marriage first?  Players (ours and people)
    take those at once, so a sample in which they let them pass is unlikely."""
    return sum(1 for a in legal if a is EXCHANGE or a.verb is _MARRIAGE)


class SamplePool:
    """A few determinizations made once per decision and cycled through.

    ISMCTS wants a fresh determinization every iteration; replaying the
    history costs far more than cloning a deal, so the pool keeps ``size``
    independent samples and every iteration clones the next one.

    With ``infer`` (the ``hard`` level) the samples are also weighed by how plausible
    they make the other players' plays (:func:`surprise`): the pool grows in chunks,
    each the ``CHUNK_KEEP`` of ``CHUNK`` consistent samples resampled in proportion to
    that likelihood (sampling importance resampling, a chunk at a time so the cost
    stays proportional to the samples the search really uses).  The hard constraints
    (cards seen, voids, marriages shown) hold either way.
    """

    CHUNK = 8
    CHUNK_KEEP = 4

    def __init__(self, obs: Observation, rng: random.Random, size: int = 24,
                 infer: bool = False):
        self.obs = obs
        self.rng = rng
        self.k = knowledge(obs)
        self.deals: list[Deal] = []
        self.size = size
        self.infer = infer
        self.i = 0
        self.drawn = 0  # samples made, kept or not (measurement)
        self.ess: list[float] = []  # effective sample size of each chunk (measurement)
        self._fresh: list[Deal] = []

    def _chunk(self) -> list[Deal]:
        cands: list[Deal] = []
        logw: list[float] = []
        for _ in range(self.CHUNK):
            try:
                d, lw = _determinize(self.obs, self.rng, 30, self.k, judge=True)
            except SampleError:
                if cands:
                    break
                raise
            self.drawn += 1
            cands.append(d)
            logw.append(lw)
        top = max(logw)
        w = [math.exp(x - top) for x in logw]
        self.ess.append(sum(w) ** 2 / sum(x * x for x in w))
        return self.rng.choices(cands, weights=w, k=self.CHUNK_KEEP)

    def next(self) -> Deal:
        if len(self.deals) < self.size:
            if not self.infer:
                d = determinize(self.obs, self.rng, k=self.k)
                self.drawn += 1
            else:
                if not self._fresh:
                    self._fresh = self._chunk()
                d = self._fresh.pop()
            self.deals.append(d)
            return d.clone()
        d = self.deals[self.i % self.size]
        self.i += 1
        return d.clone()
