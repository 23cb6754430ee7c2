"""Mariáš, three players, rotating soloist (RULES.md 4 and the ``marias`` lines of 5).

Phases of a deal (``phase`` in the observation):

``trump``     forehand picks the trump card (``trump X``) from the first 7 or blindly
``contract``  forehand names a contract (Suit only here, with Seven/Hundred)
``discard``   the soloist lays two cards away (the talon)
``answer``    the others say ``good`` or ``bad X`` clockwise from the soloist
``doubling``  flek/re/tutti and the defenders' announcements, from the soloist's left
``play``      ten tricks (fewer when a no-trump contract is decided early)
``over``      scored

Hands are bit masks (cards.py).  The trump card always stays in forehand's
hand mask; in a Suit contract it merely may not be discarded ("kept aside").
Variant-specific observation keys: ``soloist, contract, phase, doublings,
announcements, trump_card, talon, first_seven, blind_trump, reneges``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from operator import attrgetter
from typing import Any, ClassVar

from .actions import (
    ANNOUNCE,
    BAD,
    DISCARD_HIDDEN,
    DOUBLE,
    GOOD,
    PASS,
    TRUMP_BLIND,
    TRUMP_HIDDEN,
    Action,
    Verb,
    play_actions,
)
from .actions import CONTRACT as CONTRACT_ACTION
from .actions import DISCARD as DISCARD_ACTION
from .actions import TRUMP as TRUMP_ACTION
from .base import Deal, render_seats, seat_number, seat_ref
from .cards import (
    CARD_STR,
    HEARTS,
    MARIAS_CARD_POINTS,
    MARIAS_RANK_POINTS,
    QUEEN,
    SEVEN,
    SUIT_MASK,
    SUITS,
    TEN,
    marriage_points,
)
from .errors import Refusal
from .marias_scoring import (
    CONTRACT_BASE,
    CONTRACT_NAMES,
    component,
    describe,
    pay,
    renege_score,
    renege_stake,
)
from .observation import Announcement, LastTrick, MariasObservation, Marriage, Played, Renege, Step
from .results import Component, MariasEnding, MariasResult, component_of
from .results import Renege as RenegeFact
from .tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER, beats, strict_legal, strict_reason

TRUMP, CONTRACT, DISCARD, ANSWER, DOUBLING, PLAYING, OVER = (
    "trump", "contract", "discard", "answer", "doubling", "play", "over",
)
CONTRACT_ORDER = ("suit", "betl", "durch", "open-betl", "open-durch")
CONTRACT_RANK = {name: i for i, name in enumerate(CONTRACT_ORDER)}

ACES_TENS = sum(1 << c for c in range(32) if (c & 7) <= TEN)
#: Cards in plain code-point order of their strings (NOTATION ``sorted``).
SORTED_CARDS: tuple[int, ...] = tuple(sorted(range(32), key=lambda c: CARD_STR[c]))
#: Forehand's first contract, in NOTATION.md order (the two Sevens need the trump seven).
FIRST_CONTRACTS = tuple(CONTRACT_ACTION[n] for n in ("betl", "durch", "open-betl", "open-durch",
                                                    "suit", "suit hundred"))
SEVEN_CONTRACTS = (CONTRACT_ACTION["suit seven"], CONTRACT_ACTION["suit seven hundred"])
#: The verbs as module constants: an Enum member lookup costs more than the whole test.
_PLAY, _TRUMP, _DISCARD, _GOOD, _BAD, _DOUBLE, _ANNOUNCE, _PASS = (
    Verb.PLAY, Verb.TRUMP, Verb.DISCARD, Verb.GOOD, Verb.BAD, Verb.DOUBLE, Verb.ANNOUNCE,
    Verb.PASS)
_TEXT = attrgetter("text")  # sort actions by their notation (NOTATION.md's order), in C
#: Forehand's face-down cards: deck positions 17 to 21 (4.2: 7, then 5 to each, 5 to each).
BLIND_POSITIONS = range(17, 22)
DOUBLE_VERBS = ("flek", "re", "tutti")
MAX_DOUBLINGS = 6
_NT_BEATERS = BEATERS[NO_TRUMP_ORDER]


def _cards(mask: int) -> tuple[str, ...]:
    return tuple(sorted(CARD_STR[c] for c in range(32) if mask >> c & 1))


class MariasDeal(Deal):
    """One Mariáš deal.  Public state the bots' bidding simulation reads: :attr:`phase`,
    :attr:`soloist`, :attr:`contract_name`, :attr:`trump_card`, :attr:`seven`."""

    variant: ClassVar[str] = "marias"
    players: ClassVar[int] = 3
    deck_size: ClassVar[int] = 32
    rank_points: ClassVar[tuple[int, ...]] = MARIAS_RANK_POINTS

    def __init__(self, dealer: int, deck: Sequence[int], options: dict[str, Any]):
        super().__init__(dealer, deck, options)
        owners = self.deal_owners(dealer)
        hands = [0, 0, 0]
        for pos, c in enumerate(self.deck):
            hands[owners[pos]] |= 1 << c
        self.hands = hands
        self.initial_hands = tuple(hands)
        fh = (dealer + 1) % 3
        self.first_seven = sum(1 << c for c in self.deck[:7])
        self.phase = TRUMP
        self.turn = fh
        self.soloist: int = fh
        self.trump_card: int | None = None
        #: Trump suit of a Suit contract from its naming on (None before / in no-trump).
        self.trump_suit: int | None = None
        self.trump_shown = False
        self.contract_name: str | None = None
        self.seven = False
        self.hundred = False
        self.talon = 0
        self.talon_by: int | None = None
        #: ``(seat, cards)`` of every talon taken up after "bad" (a tuple: clones share it).
        self.picked_up: tuple[tuple[int, int], ...] = ()
        self.goods = 0
        # doubling round
        self.doublings: dict[str, int] = {}
        self.owners: dict[str, str] = {}
        self.passes = 0
        self.seven_against: int | None = None
        self.hundred_against = False
        #: Seat that must keep the trump 7 (4.11), -1 if none.
        self.seven_keeper = -1
        # play
        self.rank_order: tuple[int, ...] = TRUMP_ORDER
        self.trick: list[int] = []
        self.trick_seat_list: list[int] = []
        self.won_tricks = [0, 0, 0]
        self.card_points = [0, 0, 0]
        self.marriages: list[tuple[int, int, int]] = []  # (seat, suit, points)
        self.last_bonus_seat = -1
        self.shown = 0
        #: ``(seat, trick number, card, refusal)`` of every table-rules renege (4.14)
        self.reneges: list[tuple[int, int, int, Refusal]] = []
        self.components: list[dict[str, Any]] = []
        self.final_score: list[int] | None = None
        self.outcome = ""
        #: How the deal ended (:meth:`result`), the trick and the shown card that decided it.
        self.ending: MariasEnding | None = None
        self.end_trick: int | None = None
        self.end_card: int | None = None

    # --- dealing -------------------------------------------------------------------
    @classmethod
    def deal_owners(cls, dealer: int) -> list[int]:
        fh, mid = (dealer + 1) % 3, (dealer + 2) % 3
        return [fh] * 7 + [mid] * 5 + [dealer] * 5 + [fh] * 5 + [mid] * 5 + [dealer] * 5

    def clone(self) -> MariasDeal:
        # as Deal.clone (history, events and trick_log copied), without copy.copy's overhead
        cls = type(self)
        twin = cls.__new__(cls)
        twin.__dict__.update(self.__dict__)
        twin.history = list(self.history)
        twin.events = list(self.events)
        twin.trick_log = [list(t) for t in self.trick_log]
        twin.hands = list(self.hands)
        twin.doublings = dict(self.doublings)
        twin.owners = dict(self.owners)
        twin.trick = list(self.trick)
        twin.trick_seat_list = list(self.trick_seat_list)
        twin.won_tricks = list(self.won_tricks)
        twin.card_points = list(self.card_points)
        twin.marriages = list(self.marriages)
        twin.reneges = list(self.reneges)
        twin.components = list(self.components)
        return twin

    # --- queries -----------------------------------------------------------------------
    def to_move(self) -> int | None:
        return None if self.phase is OVER else self.turn

    def is_over(self) -> bool:
        return self.phase is OVER

    def hand(self, seat: int) -> int:
        return self.hands[seat]

    def trump(self) -> str | None:
        return None if self.trump_suit is None else SUITS[self.trump_suit]

    def contract(self) -> str | None:
        name = self.contract_name
        if name == "suit":
            if self.seven:
                return "suit seven hundred" if self.hundred else "suit seven"
            if self.hundred:
                return "suit hundred"
        return name

    def tricks(self) -> list[int]:
        return list(self.won_tricks)

    # --- the search interface -------------------------------------------------------------
    def state_key(self) -> Hashable:
        """Hands, mover, totals, tricks and the last two actions (the trick on the table)."""
        return (tuple(self.hands), self.to_move(), tuple(self.points()),
                tuple(self.won_tricks), tuple(a for _s, a in self.history[-2:]))

    def trick_cards(self) -> list[int]:
        return self.trick

    def trick_seats(self) -> list[int]:
        return self.trick_seat_list

    def on_lead(self) -> bool:
        return not self.trick

    def side(self, seat: int) -> int:
        return 0 if seat == self.soloist else 1

    def play_mask(self) -> int:
        """The legal cards of the seat to move in the play phase as a mask (0 otherwise)."""
        if self.phase is not PLAYING:
            return 0
        return self._play_mask(self.turn)

    def extra_actions(self) -> list[Action]:
        if self.phase is PLAYING or self.phase is OVER:
            return []
        return self.legal_actions()

    # --- chance ------------------------------------------------------------------------
    def chance_outcomes(self, action: Action) -> list[tuple[Action, float]]:
        """``trump blind``: one of forehand's five face-down cards, each with 1/5 (4.3)."""
        if action is not TRUMP_BLIND or self.phase is not TRUMP:
            return []
        return [(TRUMP_ACTION[self.deck[p]], 1 / len(BLIND_POSITIONS)) for p in BLIND_POSITIONS]

    def side_points(self) -> tuple[int, int]:
        """(soloist, defenders) card points + all marriages of each side."""
        s = self.soloist
        cp = self.card_points
        sol = cp[s]
        dfn = cp[0] + cp[1] + cp[2] - sol
        for seat, _suit, pts in self.marriages:
            if seat == s:
                sol += pts
            else:
                dfn += pts
        return sol, dfn

    def points(self) -> list[int]:
        if self.contract_name is None:
            return [0, 0, 0]
        sol, dfn = self.side_points()
        return [sol if seat == self.soloist else dfn for seat in range(3)]

    def score(self) -> list[int] | None:
        return None if self.final_score is None else list(self.final_score)

    # --- legal actions -----------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is PLAYING:
            return play_actions(self._play_mask(self.turn))
        if phase is DOUBLING:
            return self._doubling_actions(self.turn)
        if phase is DISCARD:
            return self._discard_actions()
        if phase is ANSWER:
            rank = CONTRACT_RANK[self.contract_name]  # type: ignore[index]
            return [BAD[n] for n in CONTRACT_ORDER[rank + 1:]] + [GOOD]
        if phase is TRUMP:
            hand = self.hands[self.turn]
            return [TRUMP_ACTION[c] for c in SORTED_CARDS if hand >> c & 1]
        if phase is CONTRACT:
            if self._holds_trump_seven(self.turn):
                return [*FIRST_CONTRACTS, *SEVEN_CONTRACTS]
            return list(FIRST_CONTRACTS)
        return []

    def _holds_trump_seven(self, seat: int) -> bool:
        suit = self.trump_card >> 3  # type: ignore[operator]
        return bool(self.hands[seat] >> (suit * 8 + SEVEN) & 1)

    def _discardable(self) -> int:
        hand = self.hands[self.soloist]
        if self.contract_name == "suit":
            hand &= ~ACES_TENS & ~(1 << self.trump_card)  # type: ignore[operator]
            if self.seven:
                hand &= ~(1 << (self.trump_suit * 8 + SEVEN))  # type: ignore[operator]
        return hand

    def _discard_actions(self) -> list[Action]:
        mask = self._discardable()
        cards = [c for c in SORTED_CARDS if mask >> c & 1]
        out = []
        table = DISCARD_ACTION
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                out.append(table[(a, b)])
        return out

    def _play_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.trick:
            mask = strict_legal(hand, self.trick, self.trump_suit, self.rank_order)
        else:
            mask = hand
        if seat == self.seven_keeper:
            seven = 1 << (self.trump_suit * 8 + SEVEN)  # type: ignore[operator]
            if mask & seven and mask != seven:
                mask ^= seven
        return mask

    def _side(self, seat: int) -> str:
        return "soloist" if seat == self.soloist else "defenders"

    def _may_raise(self, comp: str, seat: int) -> bool:
        k = self.doublings[comp]
        if k >= MAX_DOUBLINGS:
            return False
        owner = self.owners[comp]
        return (self._side(seat) == owner) == (k & 1 == 1)

    def _doubling_actions(self, seat: int) -> list[Action]:
        acts = [DOUBLE[comp] for comp in self.doublings if self._may_raise(comp, seat)]
        if seat != self.soloist and self.contract_name == "suit":
            if self.seven_against is None and self._holds_trump_seven(seat):
                acts.append(ANNOUNCE["seven-against"])
            if not self.hundred and not self.hundred_against:
                acts.append(ANNOUNCE["hundred-against"])
        acts.append(PASS)
        acts.sort(key=_TEXT)
        return acts

    # --- reasons ---------------------------------------------------------------------
    def why_illegal(self, action: Action) -> Refusal | None:
        if self.phase is OVER:
            return Refusal("deal_over")
        if action.blind:
            if self.phase is TRUMP:
                return None
            return Refusal("wrong_phase", {"action": action.text, "phase": self.phase})
        if self.phase is PLAYING and action.verb is _PLAY:
            if self._play_mask(self.turn) >> action.card & 1:
                return None  # (the common case, without listing the legal actions)
        elif action in self.legal_actions():
            return None
        verb = action.verb
        phase = self.phase
        want = {TRUMP: _TRUMP, CONTRACT: Verb.CONTRACT, DISCARD: _DISCARD,
                PLAYING: _PLAY}.get(phase)
        if phase is ANSWER and verb in (_GOOD, _BAD):
            return self._answer_reason(action)
        if phase is DOUBLING and verb in (_DOUBLE, _ANNOUNCE, _PASS):
            return self._doubling_reason(action)
        if verb is not want:
            return Refusal("wrong_phase", {"action": action.text, "phase": phase})
        seat = self.turn
        hand = self.hands[seat]
        if phase is TRUMP:
            return Refusal("trump_not_in_hand")
        if phase is CONTRACT:
            if "seven" in action.name:
                return Refusal("seven_needs_seven")
            return Refusal("contract_unavailable", {"action": action.text})
        if phase is DISCARD:
            for c in action.cards:
                if not hand >> c & 1:
                    return Refusal("not_held", {"card": CARD_STR[c]})
            if self.contract_name == "suit":
                for c in action.cards:
                    if c == self.trump_card:
                        return Refusal("keep_trump_card")
                for c in action.cards:
                    if (c & 7) <= TEN:
                        return Refusal("no_ace_ten_discard")
                return Refusal("keep_seven", {"what": "seven"})
            return Refusal("discard_unavailable", {"action": action.text})
        # play
        return self._play_reason(seat, action.card) or Refusal("card_unavailable")

    def _play_reason(self, seat: int, c: int) -> Refusal | None:
        hand = self.hands[seat]
        if not hand >> c & 1:
            return Refusal("not_held", {"card": CARD_STR[c]})
        if self.trick:
            reason = strict_reason(hand, self.trick, c, self.trump_suit, self.rank_order)
            if reason is not None:
                return reason
        if seat == self.seven_keeper and c == self.trump_suit * 8 + SEVEN:  # type: ignore[operator]
            what = "seven" if seat == self.soloist else "seven-against"
            return Refusal("keep_seven", {"what": what})
        return None

    def _answer_reason(self, action: Action) -> Refusal:
        cur = self.contract_name
        if action.verb is _GOOD:
            return Refusal("takes_nothing", {"verb": "good"})
        return Refusal("not_higher", {"contract": action.name, "current": cur})

    def _doubling_reason(self, action: Action) -> Refusal:
        seat = self.turn
        suit = self.contract_name == "suit"
        verb, what = action.verb, action.name
        if verb is _ANNOUNCE:
            if not suit:
                return Refusal("suit_only", {"what": what})
            if seat == self.soloist:
                return Refusal("defenders_only", {"what": what})
            if what == "seven-against":
                if self.seven_against is not None:
                    return Refusal("seven_against_announced")
                return Refusal("seven_against_needs_seven")
            if self.hundred:
                return Refusal("no_hundred_against")
            return Refusal("hundred_against_announced")
        if verb is _DOUBLE:
            if what not in self.doublings:
                if what == "game" and self.hundred_against:
                    return Refusal("game_replaced")
                return Refusal("nothing_to_double", {"component": what})
            k = self.doublings[what]
            if k >= MAX_DOUBLINGS:
                return Refusal("doubled_enough", {"component": what, "times": MAX_DOUBLINGS})
            owner = self.owners[what]
            other = "defenders" if owner == "soloist" else "soloist"
            side = owner if k & 1 else other
            return Refusal("not_your_double", {"side": side, "verb": self._verb(k),
                                               "component": what})
        return Refusal("takes_nothing", {"verb": "pass"})

    @staticmethod
    def _verb(k: int) -> str:
        return DOUBLE_VERBS[k] if k < len(DOUBLE_VERBS) else "double"

    # --- applying ----------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None,
              chance: random.Random | None = None) -> Action:
        """As :meth:`Deal.apply`; with ``table_rules`` an illegal play (a renege) is accepted.

        Under the house rule 4.14 any seat on turn may play any card of its hand;
        a play that breaks 4.8 or the keep-the-seven duty is recorded in
        :attr:`reneges` and settled when the deal ends.
        """
        if self.phase is PLAYING and self.options.get("table_rules"):
            act = action if isinstance(action, Action) else Action.parse(action)
            mover = self.turn
            if act.verb is _PLAY and (seat is None or seat == mover):
                c = act.card
                if self.hands[mover] >> c & 1:
                    reason = self._play_reason(mover, c)
                    if reason is not None:
                        self.reneges.append((mover, len(self.trick_log) + 1, c, reason))
                        self.events.append(f"seat {mover} reneges with {CARD_STR[c]}: {reason}")
                        self.history.append((mover, act))
                        self._apply(act)
                        return act
        return super().apply(action, seat, chance)

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase is PLAYING:
            self._play(action.card)
        elif phase is DOUBLING:
            self._double(action)
        elif phase is DISCARD:
            ca, cb = action.cards
            self.hands[self.soloist] &= ~((1 << ca) | (1 << cb))
            self.talon = (1 << ca) | (1 << cb)
            self.talon_by = self.soloist
            if self.contract_name == "open-durch":
                self._start_doubling()
            else:
                self.phase = ANSWER
                self.goods = 0
                self.turn = (self.soloist + 1) % 3
        elif phase is ANSWER:
            if action is GOOD:
                self.goods += 1
                if self.goods == 2:
                    self._start_doubling()
                else:
                    self.turn = (self.turn + 1) % 3
            else:
                name = action.name
                seat = self.turn
                self.events.append(f"seat {seat}: bad, {CONTRACT_NAMES[name]}")
                self.soloist = seat
                self.contract_name = name
                self.trump_suit = None
                self.seven = self.hundred = False
                self.rank_order = NO_TRUMP_ORDER
                self.hands[seat] |= self.talon
                self.picked_up += ((seat, self.talon),)
                self.talon = 0
                self.phase = DISCARD
        elif phase is TRUMP:
            self.trump_card = action.card
            self.phase = CONTRACT
        elif phase is CONTRACT:
            words = action.name.split()
            name = words[0]
            self.contract_name = name
            if name == "suit":
                self.trump_suit = self.trump_card >> 3  # type: ignore[operator]
                self.seven = "seven" in words
                self.hundred = "hundred" in words
                self.rank_order = TRUMP_ORDER
            else:
                self.rank_order = NO_TRUMP_ORDER
            self.events.append(f"seat {self.turn} names {action.name}")
            self.phase = DISCARD

    def _start_doubling(self) -> None:
        name = self.contract_name
        self.events.append(f"contract stands: seat {self.soloist} plays {self.contract()}")
        self.doublings = {"game": 0}
        self.owners = {"game": "soloist"}
        if name == "suit":
            self.trump_shown = True
            if self.seven:
                self.doublings["seven"] = 0
                self.owners["seven"] = "soloist"
                self.seven_keeper = self.soloist
        self.phase = DOUBLING
        self.passes = 0
        self.turn = (self.soloist + 1) % 3

    def _double(self, action: Action) -> None:
        seat = self.turn
        if action is PASS:
            self.passes += 1
            if self.passes == 3:
                self._end_doubling()
                return
        else:
            self.passes = 0
            what = action.name
            if action.verb is _DOUBLE:
                self.doublings[what] += 1
                self.events.append(f"seat {seat}: {self._verb(self.doublings[what] - 1)} {what}")
            elif what == "seven-against":
                self.seven_against = seat
                self.seven_keeper = seat
                self.doublings["seven-against"] = 0
                self.owners["seven-against"] = "defenders"
                self.events.append(f"seat {seat} announces Seven against")
            else:
                self.hundred_against = True
                del self.doublings["game"]
                del self.owners["game"]
                self.doublings["hundred-against"] = 0
                self.owners["hundred-against"] = "defenders"
                self.events.append(f"seat {seat} announces Hundred against")
        self.turn = (seat + 1) % 3

    def _end_doubling(self) -> None:
        opts = self.options
        if self.contract_name == "suit":
            factor = 2 if self.trump_suit == HEARTS else 1
            plain = (not self.seven and not self.hundred and self.seven_against is None
                     and not self.hundred_against)
            dbl = self.doublings
            if opts.get("concede_plain_suit") and plain and not any(dbl.values()):
                self._finish([component("game", "soloist", True, 1, factor, 0)],
                             "conceded plain Suit, paid as won", MariasEnding.CONCEDED)
                return
            if (opts.get("seven_flek_shortcut") and self.seven and not self.hundred
                    and self.seven_against is None and not self.hundred_against
                    and dbl.get("game") == 1 and dbl.get("seven") == 0):
                self._finish([component("game", "soloist", False, 1, factor, 1),
                              component("seven", "soloist", True, 2, factor, 0)],
                             "Seven with a fleked game: game lost, Seven won, not played",
                             MariasEnding.SEVEN_FLEK_SHORTCUT)
                return
        self.phase = PLAYING
        self.turn = self.soloist

    def _play(self, c: int) -> None:
        seat = self.turn
        hand = self.hands[seat]
        trump = self.trump_suit
        if trump is not None and c & 7 == QUEEN and hand >> (c - 1) & 1:  # K = Q - 1
            pts = marriage_points(c >> 3 == trump)
            self.marriages.append((seat, c >> 3, pts))
            self.events.append(f"seat {seat} announces {pts} in {SUITS[c >> 3]}")
        self.hands[seat] = hand & ~(1 << c)
        trick = self.trick
        trick.append(c)
        self.trick_seat_list.append(seat)
        if len(trick) < 3:
            self.turn = (seat + 1) % 3
            return
        # resolve the trick
        a, b, d = trick
        order = self.rank_order
        best = 0
        win = a
        if beats(b, win, trump, order):
            best, win = 1, b
        if beats(d, win, trump, order):
            best, win = 2, d
        seats = self.trick_seat_list
        winner = seats[best]
        pts = MARIAS_CARD_POINTS[a] + MARIAS_CARD_POINTS[b] + MARIAS_CARD_POINTS[d]
        self.trick_log.append(list(zip(seats, trick)))
        n = len(self.trick_log)
        if n == 10:
            pts += 10
            self.last_bonus_seat = winner
        self.card_points[winner] += pts
        self.won_tricks[winner] += 1
        self.trick = []
        self.trick_seat_list = []
        self.turn = winner
        name = self.contract_name
        assert name is not None
        sol = self.soloist
        if name == "suit":
            if n == 10:
                self._score_suit()
            return
        if name == "betl" or name == "durch":
            lost = (winner == sol) if name == "betl" else (winner != sol)
            if lost:
                self._score_nt(False, f"{CONTRACT_NAMES[name]} lost in trick {n}",
                               MariasEnding.LOST_IN_TRICK)
            elif n == 10:
                self._score_nt(True, f"{CONTRACT_NAMES[name]} won", MariasEnding.WON)
            return
        # open contracts: decided right after trick 1
        self.shown = self.hands[sol]
        betl = name == "open-betl"
        if (winner == sol) == betl:
            self._score_nt(False, f"{CONTRACT_NAMES[name]} lost: the soloist "
                           + ("won" if betl else "lost") + " trick 1",
                           MariasEnding.OPEN_FIRST_TRICK)
            return
        defenders = self.hands[(sol + 1) % 3] | self.hands[(sol + 2) % 3]
        for x in range(32):
            if not self.shown >> x & 1:
                continue
            theirs = defenders & SUIT_MASK[x >> 3]
            if betl:
                bad = theirs & ~_NT_BEATERS[x]
            else:
                bad = theirs & _NT_BEATERS[x]
            if bad:
                rel = "lower" if betl else "higher"
                self.end_card = x
                self._score_nt(False, f"{CONTRACT_NAMES[name]} lost: the shown {CARD_STR[x]} is "
                               f"not {rel} than every card of its suit the defenders hold",
                               MariasEnding.OPEN_COUNTEREXAMPLE)
                return
        self._score_nt(True, f"{CONTRACT_NAMES[name]} won: every shown card is extreme",
                       MariasEnding.OPEN_WON)

    # --- scoring ---------------------------------------------------------------------
    def _score_nt(self, won: bool, text: str, ending: MariasEnding) -> None:
        name = self.contract_name
        assert name is not None
        comp = component(name, "soloist", won, CONTRACT_BASE[name], 1,
                         self.doublings.get("game", 0))
        self._finish([comp], text, ending)

    def _score_suit(self) -> None:
        from .marias_scoring import suit_components

        sol = self.soloist
        cp = self.card_points
        s_cards = cp[sol]
        d_cards = cp[0] + cp[1] + cp[2] - s_cards
        s_marr = d_marr = s_big = d_big = 0
        for seat, _suit, pts in self.marriages:
            if seat == sol:
                s_marr += pts
                s_big = max(s_big, pts)
            else:
                d_marr += pts
                d_big = max(d_big, pts)
        seven = self.trump_suit * 8 + SEVEN  # type: ignore[operator]
        last = self.trick_log[-1]
        winner = self.last_bonus_seat
        last_seven = None
        seven_player = next((s for s, c in last if c == seven), None)
        if seven_player is not None:
            last_seven = (self._side(seven_player), winner == seven_player)
        comps = suit_components(
            hearts=self.trump_suit == HEARTS,
            cards=(s_cards, d_cards),
            marriages=(s_marr, d_marr),
            largest=(s_big, d_big),
            hundred=self.hundred,
            hundred_against=self.hundred_against,
            seven=self.seven,
            seven_against=self.seven_against is not None,
            doublings=self.doublings,
            last_seven=last_seven,
            seven_won=seven_player == sol and winner == sol,
            seven_against_won=(seven_player is not None and seven_player == self.seven_against
                               and winner == seven_player),
        )
        self._finish(comps, f"Suit played out: soloist {s_cards}+{s_marr}, "
                            f"defenders {d_cards}+{d_marr}", MariasEnding.PLAYED_OUT)

    def _finish(self, comps: list[dict[str, Any]], text: str, ending: MariasEnding) -> None:
        self.components = comps
        self.ending = ending
        self.end_trick = len(self.trick_log) or None
        offenders = sorted({r[0] for r in self.reneges})
        template = text.replace("{", "{{").replace("}", "}}")
        if offenders:
            self.final_score = renege_score(comps, offenders)
            who = [seat_ref(offenders[0])] + [seat_number(o) for o in offenders[1:]]
            template += "; renege by " + ", ".join(who) + ": other payments void"
        else:
            self.final_score = pay(comps, self.soloist)
        #: how the deal ended, its seats as placeholders (render_seats)
        self.outcome = template
        self.phase = OVER
        self.events.append(render_seats(template))
        self.events.append(f"score {self.final_score}")

    def result(self) -> MariasResult | None:
        """How the deal was scored, every number of it (None while the deal is on)."""
        if self.final_score is None or self.ending is None:
            return None
        sol = self.soloist
        cp = self.card_points
        cards = (cp[sol], cp[0] + cp[1] + cp[2] - cp[sol])
        marr = [0, 0]
        big = [0, 0]
        for seat, _suit, pts in self.marriages:
            side = 0 if seat == sol else 1
            marr[side] += pts
            big[side] = max(big[side], pts)
        comps: list[Component] = []
        for c in self.components:
            count = total = None
            if "hundred" in c["name"]:
                side = 0 if c["owner"] == "soloist" else 1  # the side whose hundred it is
                count, total = cards[side] + big[side], cards[side] + marr[side]
            comps.append(component_of(c, count, total))
        seven_card = seven_seat = None
        if self.trump_suit is not None and len(self.trick_log) == 10:
            seven = self.trump_suit * 8 + SEVEN
            seven_seat = next((s for s, c in self.trick_log[-1] if c == seven), None)
            if seven_seat is not None:
                seven_card = CARD_STR[seven]
        last = self.trick_log[-1] if self.trick_log else None
        hundred_against = next((s for s, a in self.history
                                if a is ANNOUNCE["hundred-against"]), None)
        stake = renege_stake(self.components) if self.reneges else 0
        return MariasResult(
            variant=self.variant, soloist=sol, contract=str(self.contract()),
            trump=None if self.trump_suit is None else SUITS[self.trump_suit],
            ending=self.ending, score=tuple(self.final_score), components=tuple(comps),
            cards=cards, marriages=(marr[0], marr[1]), tricks=tuple(self.won_tricks),
            last_trick_winner=None if last is None else self.trick_winner(last),
            trick=self.end_trick,
            card=None if self.end_card is None else CARD_STR[self.end_card],
            seven_card=seven_card, seven_seat=seven_seat,
            seven_against_seat=self.seven_against, hundred_against_seat=hundred_against,
            reneges=tuple(RenegeFact(s, t, CARD_STR[c], r.code) for s, t, c, r in self.reneges),
            renege_stake=stake)

    def result_summary(self) -> dict[str, Any]:
        if self.final_score is None:
            return {"text": "the deal is not over", "components": [], "score": None}
        return {
            "text": render_seats(self._result_template()),
            "soloist": self.soloist,
            "contract": self.contract(),
            "components": [dict(c) for c in self.components],
            "reneges": [{"seat": s, "trick": t, "card": CARD_STR[c], "reason": str(r)}
                        for s, t, c, r in self.reneges],
            "score": list(self.final_score),
        }

    def _result_template(self) -> str:
        name = self.contract()
        trump = f" ({'CDHS'[self.trump_suit]} trump)" if self.trump_suit is not None else ""
        return (f"{seat_ref(self.soloist)} played {name}{trump}: {self.outcome}. "
                f"{describe(self.components)}. Score {self.final_score}")

    # --- gathering (4.2) -------------------------------------------------------------
    def gathered(self) -> list[int]:
        out = [c for trick in self.trick_log for _s, c in trick]
        out.extend(self.trick)
        out.extend(c for c in range(32) if self.talon >> c & 1)
        fh = self.forehand
        for i in range(3):
            hand = self.hands[(fh + i) % 3]
            out.extend(c for c in range(32) if hand >> c & 1)
        return out

    # --- observation -----------------------------------------------------------------
    def _picked_up_by(self, seat: int) -> int:
        """Every talon card ``seat`` took up after saying bad.  OR, never a sum: the same card
        can come back to a seat in a later talon (a sum carried it into the next card)."""
        mask = 0
        for s, m in self.picked_up:
            if s == seat:
                mask |= m
        return mask

    def observation(self, seat: int) -> MariasObservation:
        fh = self.forehand
        pre_trump = self.phase is TRUMP
        hand = self.first_seven if (pre_trump and seat == fh) else self.hands[seat]
        mover = self.to_move()
        legal: list[Action] = []
        if mover == seat:
            legal = self.legal_actions()
            if pre_trump:  # forehand decides on the first seven; the rest is chance (blind)
                legal = [a for a in legal if self.first_seven >> a.card & 1]
        knows_trump_card = self.trump_card is not None and (seat == fh or self.trump_shown)
        trump = None
        if self.trump_suit is not None and (seat == fh or self.trump_shown):
            trump = SUITS[self.trump_suit]
        history = []
        for s, a in self.history:
            if s != seat:
                if a.verb is _DISCARD:
                    a = DISCARD_HIDDEN
                elif a.verb is _TRUMP and not self.trump_shown:
                    a = TRUMP_HIDDEN
            history.append(Step(s, a))
        last = self.trick_log[-1] if self.trick_log else None
        last_trick = None
        if last is not None:
            last_trick = LastTrick(tuple(Played(s, CARD_STR[c]) for s, c in last),
                                   self.trick_winner(last))
        over = self.phase is OVER
        score = self.score()
        picked = _cards(self._picked_up_by(seat))
        return MariasObservation(
            variant=self.variant,
            options=dict(self.options),
            players=3,
            seat=seat,
            dealer=self.dealer,
            forehand=fh,
            to_move=mover,
            legal=tuple(legal),
            over=over,
            hand=_cards(hand),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            trump=trump,
            indicator=None,
            stock_size=0,
            closed=False,
            trick=tuple(Played(s, CARD_STR[c]) for s, c in zip(self.trick_seat_list, self.trick)),
            last_trick=last_trick,
            tricks=tuple(self.won_tricks),
            points=tuple(self.points()),
            score=None if score is None else tuple(score),
            marriages=tuple(Marriage(s, SUITS[su], p, True) for s, su, p in self.marriages),
            shown={self.soloist: _cards(self.shown)} if self.shown else {},
            history=tuple(history),
            soloist=self.soloist if self.contract_name is not None else None,
            contract=self.contract(),
            phase=self.phase,
            doublings=dict(self.doublings),
            announcements=self._announcements(),
            trump_card=CARD_STR[self.trump_card] if knows_trump_card else None,  # type: ignore[index]
            talon=_cards(self.talon) if (self.talon and seat == self.talon_by) else None,
            # the talon cards this seat took up after saying "bad" (it saw them)
            picked_up=picked or None,
            first_seven=_cards(self.first_seven) if seat == fh else None,
            blind_trump=len(BLIND_POSITIONS) if (pre_trump and seat == fh) else 0,
            reneges=tuple(Renege(s, t, CARD_STR[c]) for s, t, c, _r in self.reneges
                          if over or s == seat),
            result=self.result_summary() if over else None,
        )

    def _announcements(self) -> tuple[Announcement, ...]:
        out = []
        if self.contract_name == "suit":
            if self.seven:
                out.append(Announcement(self.soloist, "seven"))
            if self.hundred:
                out.append(Announcement(self.soloist, "hundred"))
        if self.seven_against is not None:
            out.append(Announcement(self.seven_against, "seven-against"))
        if self.hundred_against:
            seat = next(s for s, a in self.history if a is ANNOUNCE["hundred-against"])
            out.append(Announcement(seat, "hundred-against"))
        return tuple(out)


__all__ = ["MariasDeal"]
