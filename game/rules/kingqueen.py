"""The two-player King-Queen games: ``marriage`` (RULES.md 1) and ``sixty-six`` (RULES.md 2).

Both share one engine, :class:`KingQueenDeal`; the differences are class
attributes and two hooks (what ends a deal after a trick or a marriage, and how
it is scored).  Readings of the rules this module settles are written down in
``docs/rules-decisions-kq.md``.

State, kept small for search (``clone`` copies a handful of short lists):

* ``hands``: two card masks.
* ``stock``: the stock in drawing order (deck positions 13, 14, ... then the
  indicator, RULES.md 5); ``stock_pos`` is the next card to draw.  The list is
  never changed in place (an exchange builds a new one), so clones share it.
* ``led``: the card led to the current trick, or -1; ``leader`` its seat.
* ``stage``: where the player on lead is inside their turn (RULES.md 5: exchange;
  then close or a marriage; then ``declare``; then the card).
* ``card_pts`` / ``mar_pts`` / ``bonus`` / ``ntricks``: per seat.  A marriage
  counts once its owner has a trick (always so in ``marriage``).
* ``known``: per seat, the cards everyone knows that seat holds (a drawn
  indicator, the partner left after a marriage, the indicator taken in an exchange).

Observation extras (besides the keys of :class:`game.rules.base.Deal`):
``closer``, ``first_lead``, ``marriage_pending`` (suit letter the mover must
play after announcing, or None), ``card_points``, ``played`` (cards out in
tricks, sorted), ``known_cards`` (per seat, sorted: cards everyone knows that
seat holds), ``known_opponent_cards`` (the same for the other seat, flat),
``indicators_seen`` (every card that has lain face up as the indicator, in
order), ``trump_card`` (the indicator dealt, public from the deal on) and
``tricks_played``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar, TypeVar

from .actions import CLOSE, DECLARE, EXCHANGE, MARRIAGE, PLAY, Action, Verb, play_actions
from .base import Deal, render_seats, seat_ref
from .cards import (
    CARD_STR,
    KING,
    KQ_CARD_POINTS,
    NINE,
    QUEEN,
    SEVEN,
    SUITS,
    cards_of,
    marriage_points,
)
from .errors import Refusal
from .observation import KingQueenObservation, LastTrick, Marriage, Played, Step
from .results import Band, Ending, KingQueenResult, Opponent, When
from .tricks import beats, strict_legal, strict_reason
from .words import SUIT_WORDS

#: ``KQ[suit]``: the mask of the king and queen of that suit.
KQ: tuple[int, ...] = tuple((1 << (s * 8 + KING)) | (1 << (s * 8 + QUEEN)) for s in range(4))
_PLAY, _MARRIAGE, _CLOSE, _EXCHANGE, _DECLARE = (Verb.PLAY, Verb.MARRIAGE, Verb.CLOSE,
                                                 Verb.EXCHANGE, Verb.DECLARE)


def band_two_player(opp_total: int, opp_has_trick: bool) -> Band:
    """RULES.md 1.10 normal scale: the opponent has 33+, below with a trick, or no trick."""
    if opp_total >= 33:
        return Band.AT_LEAST_33
    return Band.UNDER_33_TRICK if opp_has_trick else Band.NO_TRICK


def band_sixty_six(loser_total: int) -> Band:
    """RULES.md 2.9 / 5: the loser has 33+, less, or a counted total of 0."""
    if loser_total >= 33:
        return Band.AT_LEAST_33
    return Band.UNDER_33 if loser_total > 0 else Band.NO_POINT


#: The game points of each band of the scale (1.10, 2.9).
BAND_POINTS = {Band.AT_LEAST_33: 1, Band.UNDER_33_TRICK: 2, Band.NO_TRICK: 3,
               Band.UNDER_33: 2, Band.NO_POINT: 3}


def scale_two_player(opp_total: int, opp_has_trick: bool) -> int:
    """RULES.md 1.10 normal scale: 1 if the opponent has 33+, 2 if below with a trick, else 3."""
    return BAND_POINTS[band_two_player(opp_total, opp_has_trick)]


def scale_sixty_six(loser_total: int) -> int:
    """RULES.md 2.9 / 5: 1 if the loser has 33+, 2 if less, 3 if a counted total of 0."""
    return BAND_POINTS[band_sixty_six(loser_total)]


K = TypeVar("K", bound="KingQueenFamily")


def _S(seat: int | None) -> str:
    """"Seat 2" in a result sentence's template (the player's name on the score sheet)."""
    return seat_ref(seat if seat is not None else -1, True)


def _s(seat: int | None) -> str:
    """"seat 2" in a result sentence's template."""
    return seat_ref(seat if seat is not None else -1)


# turn stages of the player on lead (RULES.md 5)
FRESH, EXCHANGED, CLOSED_NOW, MARRIED = range(4)


class KingQueenFamily(Deal):
    """What the three King-Queen games share (RULES.md 1-3): hands as card masks, a total
    of card points + counted marriages + the last-trick bonus, marriages announced on lead
    (checked and recorded the same way), and the record of how the deal ended."""

    _OWNERS: ClassVar[dict[int, tuple[int, ...]]]
    #: Per-deal lists that :meth:`clone` copies; every other attribute is immutable.
    _COPIED: ClassVar[tuple[str, ...]] = ("hands", "card_pts", "mar_pts", "bonus", "ntricks",
                                          "known")
    #: Only the two-player games have a stock to close (they set these per deal).
    closed = False
    closer: int | None = None
    #: The opponent's total and whether they had a trick when the stock was closed.
    close_opp_points: int | None = None
    close_opp_trick: bool | None = None
    # the state every King-Queen deal keeps (set by the variants' constructors)
    hands: list[int]
    card_pts: list[int]
    mar_pts: list[int]
    bonus: list[int]
    ntricks: list[int]
    #: per seat, the cards everyone knows that seat holds
    known: list[int]
    trump_suit: int
    trump_card: int
    turn: int
    leader: int
    stage: int
    marriage_suit: int
    #: a bit per suit whose marriage has been announced
    announced: int
    #: ``(seat, suit, points)`` in announcement order
    marriages: tuple[tuple[int, int, int], ...]
    over: bool
    _score: list[int] | None
    _summary: dict[str, Any] | None
    _template: str = ""
    #: How the deal ended (:meth:`result`): ending, actor, the opponents' positions
    #: ``(seat, total, had a trick, points)``, measured at closing, when, last-trick 10.
    _facts: tuple[Ending, int | None, tuple[tuple[int, int, bool, int, Band], ...], bool,
                  When | None, bool] | None = None

    @classmethod
    @abstractmethod
    def _owners(cls, dealer: int) -> tuple[int, ...]:
        """The receiving seat (or -1, stock) of every deck position, cached per dealer."""

    @classmethod
    def deal_owners(cls, dealer: int) -> list[int]:
        """RULES.md 1.2 / 2.2 / 3.1, from :meth:`_owners` of the variant."""
        return list(cls._owners(dealer))

    def total(self, seat: int) -> int:
        return self.card_pts[seat] + self.bonus[seat] + (self.mar_pts[seat] if self.ntricks[seat]
                                                         else 0)

    # --- Deal interface ---------------------------------------------------------------------
    def to_move(self) -> int | None:
        return None if self.over else self.turn

    def is_over(self) -> bool:
        return self.over

    def hand(self, seat: int) -> int:
        return self.hands[seat]

    def points(self) -> list[int]:
        return [self.total(s) for s in range(self.players)]

    def tricks(self) -> list[int]:
        return list(self.ntricks)

    def score(self) -> list[int] | None:
        return None if self._score is None else list(self._score)

    def trump(self) -> str | None:
        return SUITS[self.trump_suit]

    def clone(self: K) -> K:
        twin = object.__new__(type(self))
        d = twin.__dict__
        d.update(self.__dict__)
        d["history"] = self.history[:]
        d["events"] = self.events[:]
        d["trick_log"] = self.trick_log[:]  # finished tricks are never changed
        for name in self._COPIED:
            d[name] = d[name][:]
        return twin

    # --- the search interface ------------------------------------------------------------------
    def state_key(self) -> Hashable:
        """Hands, mover, totals, tricks, the last actions of the trick, and what the totals do
        not show: the closing record, the marriages announced (pending ones too) and the
        stage of a turn on lead."""
        n = self.players
        return (tuple(self.hands), self.to_move(), tuple(self.points()), tuple(self.ntricks),
                tuple(a for _s, a in self.history[-(n - 1):]),
                (self.closer, self.close_opp_points, self.close_opp_trick, self.announced,
                 tuple(self.mar_pts), self.stage, self.marriage_suit))

    def side(self, seat: int) -> int:
        return seat

    def marriage_pending(self) -> int | None:
        """The suit whose king or queen the player on lead must play after announcing it."""
        if not self.over and self.on_lead() and self.stage == MARRIED:
            return self.marriage_suit
        return None

    # --- marriages ----------------------------------------------------------------------------
    def _marriage_cards_reason(self, s: int, hand: int) -> Refusal | None:
        """Why the pair of suit ``s`` cannot be announced from ``hand`` (None: it can)."""
        if self.announced >> s & 1:
            return Refusal("marriage_announced", {"suit": SUITS[s]})
        has_k = hand >> (s * 8 + KING) & 1
        has_q = hand >> (s * 8 + QUEEN) & 1
        if not has_k and not has_q:
            return Refusal("no_pair", {"suit": SUITS[s]})
        if not has_q:
            return Refusal("marriage_needs", {"card": CARD_STR[s * 8 + QUEEN]})
        if not has_k:
            return Refusal("marriage_needs", {"card": CARD_STR[s * 8 + KING]})
        return None

    def _card_refusal(self, c: int, hand: int) -> Refusal | None:
        """A card the seat does not hold (or that is not even in a 24-card deck)."""
        if hand >> c & 1:
            return None
        if self.deck_size == 24 and c & 7 > NINE:
            return Refusal("not_in_deck", {"card": CARD_STR[c], "variant": self.variant})
        return Refusal("not_held", {"card": CARD_STR[c]})

    def _marriage_plays(self) -> list[Action]:
        """After ``marriage X`` the same player leads the king or the queen of X (RULES.md)."""
        s8 = self.marriage_suit * 8
        return [PLAY[s8 + KING], PLAY[s8 + QUEEN]]

    def _marriage_pending_refusal(self, c: int) -> Refusal | None:
        if self.stage == MARRIED and not (c >> 3 == self.marriage_suit
                                          and c & 7 in (KING, QUEEN)):
            return Refusal("after_marriage", {"suit": SUITS[self.marriage_suit]})
        return None

    def _announce_marriage(self, suit: int) -> int:
        """Record the marriage of the player on lead (20, 40 in trumps); return the seat."""
        s = self.turn
        pts = marriage_points(suit == self.trump_suit)
        self.announced |= 1 << suit
        self.marriages = self.marriages + ((s, suit, pts),)
        self.mar_pts[s] += pts
        self.known[s] |= KQ[suit]
        self.stage = MARRIED
        self.marriage_suit = suit
        pending = "" if self.ntricks[s] else f" (pending until seat {s} takes a trick)"
        self.events.append(f"seat {s} announces {pts} in {SUIT_WORDS[suit]}{pending}")
        return s

    # --- observation ----------------------------------------------------------------------------
    def _observation(self, seat: int, *, indicator: str | None, indicators_seen: Sequence[int],
                     stock_size: int, trick: tuple[Played, ...], first_lead: bool,
                     marriage_pending: str | None) -> KingQueenObservation:
        """The observation of the three King-Queen games (the variants give the table)."""
        over = self.over
        mover = None if over else self.turn
        last = None
        if self.trick_log:
            t = self.trick_log[-1]
            last = LastTrick(tuple(Played(s, CARD_STR[c]) for s, c in t), self.trick_winner(t))
        played = 0
        for t in self.trick_log:
            for _, c in t:
                played |= 1 << c
        known = tuple(tuple(sorted(CARD_STR[c] for c in cards_of(m))) for m in self.known)
        n = self.players
        score = self.score()
        return KingQueenObservation(
            variant=self.variant,
            options=dict(self.options),
            players=n,
            seat=seat,
            dealer=self.dealer,
            forehand=self.forehand,
            to_move=mover,
            legal=tuple(self.legal_actions()) if mover == seat else (),
            over=over,
            hand=tuple(sorted(CARD_STR[c] for c in cards_of(self.hands[seat]))),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            trump=SUITS[self.trump_suit],
            trump_card=CARD_STR[self.trump_card],
            indicator=indicator,
            indicators_seen=tuple(CARD_STR[c] for c in indicators_seen),
            stock_size=stock_size,
            closed=self.closed,
            closer=self.closer,
            first_lead=first_lead,
            marriage_pending=marriage_pending,
            trick=trick,
            last_trick=last,
            tricks=tuple(self.ntricks),
            tricks_played=len(self.trick_log),
            played=tuple(sorted(CARD_STR[c] for c in cards_of(played))),
            card_points=tuple(self.card_pts[s] + self.bonus[s] for s in range(n)),
            points=tuple(self.points()),
            score=None if score is None else tuple(score),
            marriages=tuple(Marriage(s, SUITS[su], p, self.ntricks[s] > 0)
                            for s, su, p in self.marriages),
            shown={},
            known_cards=known,
            known_opponent_cards=tuple(sorted(c for s in range(n) if s != seat
                                              for c in known[s])),
            history=tuple(Step(s, a) for s, a in self.history),
        )

    # --- the end ------------------------------------------------------------------------------
    def _finish(self, winner: int | None, points: int, reason: str, template: str,
                ending: Ending = Ending.NO_SCORE, actor: int | None = None,
                opponents: tuple[tuple[int, int, bool, int, Band], ...] = (),
                at_closing: bool = False, when: When | None = None,
                bonus: bool = False) -> None:
        """The deal is over: score it; ``template`` says how, its seats as placeholders;
        the rest are the facts of :meth:`result`."""
        self._template = template
        self._facts = (ending, actor, opponents, at_closing, when, bonus)
        text = render_seats(template)
        self.over = True
        score = [0] * self.players
        if winner is not None:
            score[winner] = points
        self._score = score
        self._summary = {
            "text": text,
            "winner": winner,
            "reason": reason,
            "points": points,
            "score": list(score),
            "totals": self.points(),
            "tricks": list(self.ntricks),
            "closed": self.closed,
            "closer": self.closer,
        }
        self.events.append(text)

    def _result_template(self) -> str:
        return self._template or super()._result_template()

    def result(self) -> KingQueenResult | None:
        """How the deal was scored, every number of it (None while the deal is on)."""
        if self._facts is None or self._score is None:
            return None
        ending, actor, opponents, at_closing, when, bonus = self._facts
        return KingQueenResult(
            variant=self.variant, ending=ending, winner=self._summary["winner"]
            if self._summary else None, points=max(self._score), score=tuple(self._score),
            totals=tuple(self.points()), tricks=tuple(self.ntricks), actor=actor,
            actor_total=self.total(actor) if actor is not None else 0,
            closer=self.closer, opponents=tuple(Opponent(*o) for o in opponents),
            at_closing=at_closing, when=when, last_trick_bonus=bonus,
            three_hand_scoring=(str(self.options.get("three_hand_scoring", "stronger"))
                                if self.players == 3 else None))

    def result_summary(self) -> dict[str, Any]:
        if self._summary is None:
            return {"text": "the deal is not over", "winner": None, "reason": None,
                    "points": 0, "score": None, "totals": self.points(),
                    "tricks": list(self.ntricks), "closed": self.closed, "closer": self.closer}
        return dict(self._summary)


class KingQueenDeal(KingQueenFamily):
    """Shared two-player engine: deal, stock, exchange, closing, marriages, tricks."""

    players: ClassVar[int] = 2
    close_opp_points: int
    close_opp_trick: bool
    #: the rank exchanged for the indicator (trump 7 / trump 9)
    exchange_rank: ClassVar[int]
    #: ``declare`` exists (marriage) or reaching 66 wins at once (sixty-six)
    has_declare: ClassVar[bool]
    #: marriages allowed on the first lead of the deal
    marriage_on_first_lead: ClassVar[bool]
    #: marriages allowed once the stock is exhausted or closed
    marriage_in_strict_phase: ClassVar[bool]

    def __init__(self, dealer: int, deck: Sequence[int], options: dict[str, Any]):
        super().__init__(dealer, deck, options)
        deck = self.deck
        owners = self._owners(dealer)
        hands = [0, 0]
        for pos in range(12):
            hands[owners[pos]] |= 1 << deck[pos]
        self.hands = hands
        indicator = deck[12]
        self.trump_suit: int = indicator >> 3
        self.trump_card = indicator
        self.stock: list[int] = list(deck[13:]) + [indicator]
        self.stock_pos = 0
        self.indicators_seen: tuple[int, ...] = (indicator,)
        self.closed = False
        self.closer: int | None = None
        self.close_opp_points = 0
        self.close_opp_trick = False
        self.leader = 1 - dealer
        self.turn = 1 - dealer
        self.led = -1
        self.stage = FRESH
        self.marriage_suit = -1
        self.card_pts = [0, 0]
        self.mar_pts = [0, 0]
        self.bonus = [0, 0]
        self.ntricks = [0, 0]
        self.announced = 0  # bit per suit
        self.marriages: tuple[tuple[int, int, int], ...] = ()  # (seat, suit, points)
        self.known = [0, 0]
        self.over = False
        self._score: list[int] | None = None
        self._summary: dict[str, Any] | None = None

    # --- dealing ----------------------------------------------------------------------------
    @classmethod
    def _owners(cls, dealer: int) -> tuple[int, ...]:
        cache = cls.__dict__.get("_OWNERS")
        if cache is None:
            cache = {}
            cls._OWNERS = cache
        owners = cache.get(dealer)
        if owners is None:
            nd = 1 - dealer
            owners = tuple([nd] * 3 + [dealer] * 3 + [nd] * 3 + [dealer] * 3
                           + [-1] * (cls.deck_size - 12))
            cache[dealer] = owners
        return owners

    def gathered(self) -> list[int]:
        """Tricks in play order, the current trick, the stock in drawing order, then the hands
        seat by seat from the non-dealer."""
        out = [c for t in self.trick_log for _, c in t]
        if self.led >= 0:
            out.append(self.led)
        out.extend(self.stock[self.stock_pos:])
        for k in range(2):
            out.extend(cards_of(self.hands[(self.forehand + k) % 2]))
        return out

    # --- small queries ----------------------------------------------------------------------
    def stock_size(self) -> int:
        return len(self.stock) - self.stock_pos

    def stock_open(self) -> bool:
        """Neither closed nor exhausted: drawing goes on, open-phase rules apply."""
        return not self.closed and self.stock_pos < len(self.stock)

    def indicator(self) -> int | None:
        """The face-up indicator, or None once closed or drawn."""
        if self.closed or self.stock_pos >= len(self.stock):
            return None
        return self.stock[-1]

    def first_lead(self) -> bool:
        return not self.trick_log and self.led < 0

    def trick_cards(self) -> list[int]:
        return [self.led] if self.led >= 0 else []

    def trick_seats(self) -> list[int]:
        return [self.leader] if self.led >= 0 else []

    def on_lead(self) -> bool:
        return self.led < 0

    def play_mask(self) -> int:
        if self.over:
            return 0
        hand = self.hands[self.turn]
        if self.led >= 0:
            if self.closed or self.stock_pos >= len(self.stock):
                return strict_legal(hand, [self.led], self.trump_suit)
            return hand
        if self.stage == MARRIED:
            return hand & KQ[self.marriage_suit]
        return hand

    def extra_actions(self) -> list[Action]:
        if self.over or self.led >= 0:
            return []
        if self.stage == MARRIED:
            return [DECLARE] if self.has_declare else []
        return self._lead_extras(self.hands[self.turn])

    def _lead_extras(self, hand: int) -> list[Action]:
        acts = []
        stage = self.stage
        stock_open = not self.closed and self.stock_pos < len(self.stock)
        if stock_open and stage <= EXCHANGED:
            acts.append(CLOSE)
        if self.has_declare:
            acts.append(DECLARE)
        if (stage == FRESH and stock_open and self.trick_log
                and hand >> (self.trump_suit * 8 + self.exchange_rank) & 1):
            acts.append(EXCHANGE)
        if self._can_marry():
            pairs = self.announced
            for s in range(4):
                if not pairs >> s & 1 and hand & KQ[s] == KQ[s]:
                    acts.append(MARRIAGE[s])
        return acts

    def _can_marry(self) -> bool:
        """May the player on lead announce a marriage at this point of the turn?"""
        if self.stage > EXCHANGED:
            return False
        if not self.marriage_on_first_lead and not self.trick_log:
            return False
        if not self.marriage_in_strict_phase and not self.stock_open():
            return False
        return True

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        hand = self.hands[self.turn]
        if self.led >= 0:
            if self.closed or self.stock_pos >= len(self.stock):
                return play_actions(strict_legal(hand, [self.led], self.trump_suit))
            return play_actions(hand)
        if self.stage == MARRIED:
            acts = self._marriage_plays()
            return [DECLARE, *acts] if self.has_declare else acts
        acts = self._lead_extras(hand)
        if acts:
            return acts + play_actions(hand)
        return play_actions(hand)

    def why_illegal(self, action: Action) -> Refusal | None:
        if self.over:
            return Refusal("deal_over")
        seat = self.turn
        hand = self.hands[seat]
        verb = action.verb
        on_lead = self.led < 0
        if verb is _PLAY:
            c = action.card
            refusal = self._card_refusal(c, hand)
            if refusal is not None:
                return refusal
            if on_lead:
                return self._marriage_pending_refusal(c)
            if self.closed or self.stock_pos >= len(self.stock):
                return strict_reason(hand, [self.led], c, self.trump_suit)
            return None
        if verb is _DECLARE:
            if not self.has_declare:
                return Refusal("no_declaring")
            if not on_lead:
                return Refusal("lead_only", {"verb": "declare"})
            return None
        if verb is _CLOSE:
            if not on_lead:
                return Refusal("lead_only", {"verb": "close"})
            if self.closed:
                return Refusal("already_closed")
            if self.stock_pos >= len(self.stock):
                return Refusal("nothing_to_close")
            if self.stage == MARRIED:
                return Refusal("close_after_marriage")
            return None
        if verb is _EXCHANGE:
            seven = self.trump_suit * 8 + self.exchange_rank
            if not on_lead:
                return Refusal("lead_only", {"verb": "exchange"})
            if self.closed:
                return Refusal("stock_closed")
            if self.stock_pos >= len(self.stock):
                return Refusal("stock_too_small")
            if not self.trick_log:
                return Refusal("no_first_exchange")
            if not hand >> seven & 1:
                return Refusal("no_exchange_card", {"card": CARD_STR[seven]})
            if self.stage != FRESH:
                return Refusal("exchange_first")
            return None
        if verb is _MARRIAGE:
            s = action.suit
            if not on_lead:
                return Refusal("lead_only", {"verb": "marriage"})
            if self.stage == MARRIED:
                return Refusal("one_marriage")
            if self.stage == CLOSED_NOW:
                if not self.marriage_in_strict_phase:
                    return Refusal("stock_closed")
                return Refusal("no_marriage_closing")
            if not self.marriage_on_first_lead and not self.trick_log:
                return Refusal("no_first_marriage")
            if not self.marriage_in_strict_phase:
                if self.closed:
                    return Refusal("stock_closed")
                if self.stock_pos >= len(self.stock):
                    return Refusal("no_marriage_exhausted")
            return self._marriage_cards_reason(s, hand)
        return Refusal("not_an_action_of", {"verb": str(verb), "variant": self.variant})

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        verb = action.verb
        if verb is _PLAY:
            self._play(action.card)
        elif verb is _MARRIAGE:
            self._marriage(action.suit)
        elif verb is _CLOSE:
            s = self.turn
            self.closed = True
            self.closer = s
            self.close_opp_points = self.total(1 - s)
            self.close_opp_trick = self.ntricks[1 - s] > 0
            self.stage = CLOSED_NOW
            self.events.append(f"seat {s} closes the stock")
        elif verb is _EXCHANGE:
            self._exchange()
        elif verb is _DECLARE:
            self._declare()
        else:  # pragma: no cover - why_illegal refuses everything else
            raise AssertionError(action)

    def _play(self, c: int) -> None:
        s = self.turn
        bitc = 1 << c
        self.hands[s] ^= bitc
        if self.known[s] & bitc:
            self.known[s] ^= bitc
        led = self.led
        if led < 0:
            self.led = c
            self.leader = s
            self.turn = 1 - s
            self.stage = FRESH
            self.marriage_suit = -1
            return
        leader = self.leader
        w = s if beats(c, led, self.trump_suit) else leader
        pts = KQ_CARD_POINTS[led] + KQ_CARD_POINTS[c]
        self.card_pts[w] += pts
        self.ntricks[w] += 1
        self.trick_log.append([(leader, led), (s, c)])
        self.led = -1
        self.leader = self.turn = w
        events = self.events
        events.append(f"seat {w} wins the trick with {CARD_STR[c if w == s else led]} "
                      f"({CARD_STR[led]} {CARD_STR[c]}: {pts})")
        stock = self.stock
        pos = self.stock_pos
        if not self.closed and pos < len(stock):
            self.hands[w] |= 1 << stock[pos]
            self.hands[1 - w] |= 1 << stock[pos + 1]
            self.stock_pos = pos = pos + 2
            if pos >= len(stock):
                self.known[1 - w] |= 1 << stock[-1]
                events.append(f"seat {1 - w} draws the indicator {CARD_STR[stock[-1]]}; "
                              "the stock is exhausted")
        last = not self.hands[w]
        if last and not self.closed:
            self.bonus[w] = 10
        self._after_trick(w, last)

    def _marriage(self, suit: int) -> None:
        self._after_marriage(self._announce_marriage(suit))

    def _exchange(self) -> None:
        s = self.turn
        seven = self.trump_suit * 8 + self.exchange_rank
        old = self.stock[-1]
        self.hands[s] ^= (1 << seven) | (1 << old)
        self.known[s] = (self.known[s] | (1 << old)) & ~(1 << seven)
        self.stock = self.stock[:-1] + [seven]
        self.indicators_seen = self.indicators_seen + (seven,)
        self.stage = EXCHANGED
        self.events.append(f"seat {s} exchanges {CARD_STR[seven]} for the indicator "
                           f"{CARD_STR[old]}")

    def _declare(self) -> None:  # pragma: no cover - only the marriage variant declares
        raise AssertionError("declare")

    # --- hooks ------------------------------------------------------------------------------
    @abstractmethod
    def _after_trick(self, winner: int, last: bool) -> None:
        """The variant's checks after a trick (66 reached, the last trick, scoring)."""

    def _after_marriage(self, seat: int) -> None:
        pass

    # --- observation ------------------------------------------------------------------------
    def observation(self, seat: int) -> KingQueenObservation:
        ind = self.indicator()
        trick = (Played(self.leader, CARD_STR[self.led]),) if self.led >= 0 else ()
        pend = self.marriage_pending()
        return self._observation(seat, indicator=None if ind is None else CARD_STR[ind],
                                 indicators_seen=self.indicators_seen,
                                 stock_size=self.stock_size(), trick=trick,
                                 first_lead=self.first_lead(),
                                 marriage_pending=None if pend is None else SUITS[pend])


class MarriageDeal(KingQueenDeal):
    """RULES.md 1: 32 cards, trump-7 exchange, marriages only in the open phase, ``declare``."""

    variant: ClassVar[str] = "marriage"
    deck_size: ClassVar[int] = 32
    exchange_rank: ClassVar[int] = SEVEN
    has_declare: ClassVar[bool] = True
    marriage_on_first_lead: ClassVar[bool] = False
    marriage_in_strict_phase: ClassVar[bool] = False

    def declaration_holds(self, seat: int) -> bool:
        """Would ``seat``'s declaration be correct now (1.7: a total of at least 66)?

        The table asks before a declaration that falls short — legal, but it loses the deal.
        """
        return self.total(seat) >= 66

    def _declare(self) -> None:
        s = self.turn
        o = 1 - s
        total = self.total(s)
        ok = self.declaration_holds(s)
        self.events.append(f"seat {s} declares 66 with {total} points"
                           + ("" if ok else ": a false declaration"))
        if not self.closed:
            if ok:
                self._correct(s, "declared", f"{_S(s)} declared 66 with {total}",
                              Ending.DECLARED)
            else:
                self._finish(o, 2, "false_declaration",
                             f"{_S(s)} declared 66 with only {total}: {_s(o)} scores 2",
                             Ending.FALSE_DECLARATION, s)
            return
        c = self.closer
        if s == c:
            if ok:
                self._correct(s, "declared", f"{_S(s)} closed and declared 66 with {total}",
                              Ending.CLOSER_DECLARED)
            else:
                self._closer_failed(f"{_S(s)} closed and declared 66 with only {total}",
                                    "false_declaration", Ending.CLOSER_FALSE_DECLARATION, s)
        elif ok:
            self._closer_failed(f"{_S(s)} declared 66 with {total} before the closer",
                                "declared", Ending.DECLARED_BEFORE_CLOSER, s)
        else:
            self._finish(c, 2, "false_declaration",
                         f"{_S(s)} declared 66 with only {total}: the closer, {_s(c)}, scores 2",
                         Ending.FALSE_DECLARATION, s)

    def _correct(self, s: int, reason: str, head: str, ending: Ending) -> None:
        """A correct declaration (or one deemed so): 1.10 scale against the opponent's position,
        at closing in a deal the declarer closed."""
        o = 1 - s
        if self.closed and self.closer == s:
            opp, opp_trick = self.close_opp_points, self.close_opp_trick
            when = " at closing"
        else:
            opp, opp_trick = self.total(o), self.ntricks[o] > 0
            when = ""
        pts = scale_two_player(opp, opp_trick)
        trick_text = "with a trick" if opp_trick else "without a trick"
        self._finish(s, pts, reason, f"{head}; opponent {opp} {trick_text}{when}: {pts}",
                     ending, s, ((o, opp, opp_trick, pts, band_two_player(opp, opp_trick)),),
                     bool(when),
                     bonus=ending is Ending.LAST_TRICK_66)

    def _closer_failed(self, head: str, reason: str = "closer_failed",
                       ending: Ending = Ending.CLOSER_FAILED, actor: int | None = None) -> None:
        o = 1 - self.closer  # type: ignore[operator]
        pts = 2 if self.close_opp_trick else 3
        self._finish(o, pts, reason,
                     f"{head}: the closer failed; {_s(o)} scores {pts}"
                     + ("" if self.close_opp_trick else " (no trick at closing)"),
                     ending, self.closer if actor is None else actor,
                     ((o, self.close_opp_points, self.close_opp_trick, pts,
                       band_two_player(self.close_opp_points, self.close_opp_trick)),), True)

    def _after_trick(self, winner: int, last: bool) -> None:
        if not last:
            return
        total = self.total(winner)
        if self.closed:
            if winner == self.closer and total >= 66:
                self._correct(winner, "last_trick",
                              f"{_S(winner)} took the last trick with {total} (closed)",
                              Ending.CLOSER_LAST_TRICK)
            else:
                self._closer_failed(f"{_S(self.closer)} closed but did not declare 66")
            return
        if total >= 66:
            self._correct(winner, "last_trick",
                          f"{_S(winner)} took the last trick with {total} (10 for it)",
                          Ending.LAST_TRICK_66)
            return
        loser = 1 - winner
        lt = self.total(loser)
        if lt == total:
            self._finish(None, 0, "no_score", f"All tricks played, {total}:{lt}: nobody scores",
                         bonus=True)
            return
        hi = winner if total > lt else loser
        lo = 1 - hi
        pts = scale_two_player(self.total(lo), self.ntricks[lo] > 0)
        self._finish(hi, pts, "last_trick",
                     f"All tricks played: {_s(hi)} has {self.total(hi)} against {self.total(lo)}"
                     f": {pts}", Ending.HIGHER_TOTAL, hi,
                     ((lo, self.total(lo), self.ntricks[lo] > 0, pts,
                       band_two_player(self.total(lo), self.ntricks[lo] > 0)),), bonus=True)


class SixtySixDeal(KingQueenDeal):
    """RULES.md 2: 24 cards, trump-9 exchange, marriages in both phases, 66 wins at once."""

    variant: ClassVar[str] = "sixty-six"
    deck_size: ClassVar[int] = 24
    exchange_rank: ClassVar[int] = NINE
    has_declare: ClassVar[bool] = False
    marriage_on_first_lead: ClassVar[bool] = True
    marriage_in_strict_phase: ClassVar[bool] = True

    def _won(self, s: int, reason: str, when: str, moment: When) -> None:
        o = 1 - s
        total, lt = self.total(s), self.total(o)
        if self.closed:
            pts = 3
            why = f"; closed by {_s(self.closer)}: 3"
        else:
            pts = scale_sixty_six(lt)
            why = f": {pts}"
        self._finish(s, pts, reason, f"{_S(s)} reached 66 with {total} {when}; "
                                     f"opponent {lt}{why}",
                     Ending.REACHED_66, s, ((o, lt, self.ntricks[o] > 0, pts, band_sixty_six(lt)),),
                     when=moment,
                     bonus=moment is When.LAST_TRICK and not self.closed)

    def _after_marriage(self, seat: int) -> None:
        if self.ntricks[seat] and self.total(seat) >= 66:
            self._won(seat, "reached_66", "on announcing the marriage", When.MARRIAGE)

    def _after_trick(self, winner: int, last: bool) -> None:
        if self.total(winner) >= 66:
            self._won(winner, "reached_66", "with the last trick" if last else "after a trick",
                      When.LAST_TRICK if last else When.TRICK)
            return
        if not last:
            return
        if self.closed:
            o = 1 - self.closer  # type: ignore[operator]
            self._finish(o, 3, "closer_failed",
                         f"{_S(self.closer)} closed but did not reach 66 "
                         f"({self.total(self.closer)}): {_s(o)} scores 3",  # type: ignore[arg-type]
                         Ending.CLOSER_FAILED, self.closer)
        else:
            p = self.points()
            self._finish(None, 0, "no_score", f"All tricks played, {p[0]}:{p[1]}: nobody scores",
                         bonus=True)
