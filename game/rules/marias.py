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

from typing import Any, ClassVar

from .actions import PLAY, normalize
from .base import Deal
from .cards import CARD_STR, HEARTS, QUEEN, SEVEN, SUIT_MASK, SUITS, TEN, marriage_points
from .errors import IllegalAction
from .marias_scoring import (
    CONTRACT_BASE,
    CONTRACT_NAMES,
    component,
    describe,
    pay,
    renege_score,
)
from .tricks import BEATERS, NO_TRUMP_ORDER, TRUMP_ORDER, strict_legal, strict_reason

TRUMP, CONTRACT, DISCARD, ANSWER, DOUBLING, PLAYING, OVER = (
    "trump", "contract", "discard", "answer", "doubling", "play", "over",
)
CONTRACT_ORDER = ("suit", "betl", "durch", "open-betl", "open-durch")
CONTRACT_RANK = {name: i for i, name in enumerate(CONTRACT_ORDER)}

#: Card points: A and 10 are worth 10 (4.1).
POINTS: tuple[int, ...] = tuple(10 if (c & 7) <= TEN else 0 for c in range(32))
ACES_TENS = sum(1 << c for c in range(32) if (c & 7) <= TEN)
PLAY_CARD: dict[str, int] = {PLAY[c]: c for c in range(32)}
#: Cards in plain code-point order of their strings (NOTATION ``sorted``).
SORTED_CARDS: tuple[int, ...] = tuple(sorted(range(32), key=lambda c: CARD_STR[c]))
TRUMP_ACTION: tuple[str, ...] = tuple("trump " + s for s in CARD_STR)
_DISCARD: dict[tuple[int, int], str] = {}
for _a in range(32):
    for _b in range(32):
        if _a != _b:
            _x, _y = sorted((CARD_STR[_a], CARD_STR[_b]))
            _DISCARD[(_a, _b)] = f"discard {_x} {_y}"
SUIT_CONTRACT_ACTIONS = ("contract suit", "contract suit hundred", "contract suit seven",
                         "contract suit seven hundred")
DOUBLE_VERBS = ("flek", "re", "tutti")
MAX_DOUBLINGS = 6
_NT_BEATERS = BEATERS[NO_TRUMP_ORDER]


def _cards(mask: int) -> list[str]:
    return sorted(CARD_STR[c] for c in range(32) if mask >> c & 1)


class MariasDeal(Deal):
    variant: ClassVar[str] = "marias"
    players: ClassVar[int] = 3
    deck_size: ClassVar[int] = 32

    def __init__(self, dealer, deck, options):
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
        self.soloist = fh
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
        self.order = TRUMP_ORDER
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.won_tricks = [0, 0, 0]
        self.card_points = [0, 0, 0]
        self.marriages: list[tuple[int, int, int]] = []  # (seat, suit, points)
        self.last_bonus_seat = -1
        self.shown = 0
        self.reneges: list[tuple[int, int, int, str]] = []  # (seat, trick no, card, reason)
        self.components: list[dict] = []
        self.final_score: list[int] | None = None
        self.outcome = ""

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
        twin.trick_seats = list(self.trick_seats)
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
    def legal_actions(self) -> list[str]:
        phase = self.phase
        if phase is PLAYING:
            mask = self._play_mask(self.turn)
            out = []
            while mask:
                low = mask & -mask
                out.append(PLAY[low.bit_length() - 1])
                mask ^= low
            out.sort()
            return out
        if phase is DOUBLING:
            return self._doubling_actions(self.turn)
        if phase is DISCARD:
            return self._discard_actions()
        if phase is ANSWER:
            rank = CONTRACT_RANK[self.contract_name]  # type: ignore[index]
            return ["bad " + n for n in CONTRACT_ORDER[rank + 1:]] + ["good"]
        if phase is TRUMP:
            hand = self.hands[self.turn]
            return [TRUMP_ACTION[c] for c in SORTED_CARDS if hand >> c & 1]
        if phase is CONTRACT:
            acts = ["contract betl", "contract durch", "contract open-betl", "contract open-durch",
                    "contract suit", "contract suit hundred"]
            if self._holds_trump_seven(self.turn):
                acts += ["contract suit seven", "contract suit seven hundred"]
            return acts
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

    def _discard_actions(self) -> list[str]:
        mask = self._discardable()
        cards = [c for c in SORTED_CARDS if mask >> c & 1]
        out = []
        table = _DISCARD
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                out.append(table[(a, b)])
        return out

    def legal_mask(self) -> int:
        """The legal cards of the seat to move in the play phase as a mask (0 otherwise)."""
        if self.phase is not PLAYING:
            return 0
        return self._play_mask(self.turn)

    def _play_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.trick:
            mask = strict_legal(hand, self.trick, self.trump_suit, self.order)
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

    def _doubling_actions(self, seat: int) -> list[str]:
        acts = ["double " + comp for comp in self.doublings if self._may_raise(comp, seat)]
        if seat != self.soloist and self.contract_name == "suit":
            if self.seven_against is None and self._holds_trump_seven(seat):
                acts.append("announce seven-against")
            if not self.hundred and not self.hundred_against:
                acts.append("announce hundred-against")
        acts.append("pass")
        acts.sort()
        return acts

    # --- reasons ---------------------------------------------------------------------
    def why_illegal(self, action: str) -> str | None:
        if self.phase is OVER:
            return "the deal is over"
        if action in self.legal_actions():
            return None
        verb, _, rest = action.partition(" ")
        phase = self.phase
        expected = {
            TRUMP: "forehand first chooses the trump card (trump X)",
            CONTRACT: "forehand names a contract now (contract suit / betl / durch / "
                      "open-betl / open-durch)",
            DISCARD: "the soloist discards two cards now (discard X Y)",
            ANSWER: "say good, or bad with a higher contract",
            DOUBLING: "the doubling round is on: double, announce or pass",
            PLAYING: "play a card (play X)",
        }[phase]
        want = {TRUMP: "trump", CONTRACT: "contract", DISCARD: "discard", ANSWER: "",
                DOUBLING: "", PLAYING: "play"}[phase]
        if phase is ANSWER and verb in ("good", "bad"):
            return self._answer_reason(rest)
        if phase is DOUBLING and verb in ("double", "announce", "pass"):
            return self._doubling_reason(verb, rest)
        if verb != want:
            return f"'{action}' is not possible now: {expected}"
        seat = self.turn
        hand = self.hands[seat]
        if phase is TRUMP:
            return "the trump card must be one of your 12 cards"
        if phase is CONTRACT:
            if "seven" in rest:
                return "Seven needs the trump seven in your hand"
            return f"'{action}' is not a contract you can name now"
        if phase is DISCARD:
            cards = [PLAY_CARD["play " + t] for t in rest.split()]
            for c in cards:
                if not hand >> c & 1:
                    return f"you do not hold {CARD_STR[c]}"
            if self.contract_name == "suit":
                for c in cards:
                    if c == self.trump_card:
                        return ("the trump card is kept aside in a Suit contract: "
                                "discard two other cards")
                for c in cards:
                    if (c & 7) <= TEN:
                        return "you may not discard an ace or a ten in a Suit contract"
                return "the trump seven must stay in hand: you announced Seven"
            return f"'{action}' is not a discard you can make"
        # play
        c = PLAY_CARD[action]
        return self._play_reason(seat, c) or "that card cannot be played now"

    def _play_reason(self, seat: int, c: int) -> str | None:
        hand = self.hands[seat]
        if not hand >> c & 1:
            return f"you do not hold {CARD_STR[c]}"
        if self.trick:
            reason = strict_reason(hand, self.trick, c, self.trump_suit, self.order)
            if reason is not None:
                return reason
        if seat == self.seven_keeper and c == self.trump_suit * 8 + SEVEN:  # type: ignore[operator]
            what = "Seven" if seat == self.soloist else "Seven against"
            return f"the trump seven must stay in hand: you announced {what}"
        return None

    def _answer_reason(self, rest: str) -> str:
        cur = self.contract_name
        if not rest:
            return "'good' takes nothing after it"
        return (f"{CONTRACT_NAMES[rest]} is not higher than {CONTRACT_NAMES[cur]}: "  # type: ignore[index]
                "name a higher contract")

    def _doubling_reason(self, verb: str, what: str) -> str:
        seat = self.turn
        suit = self.contract_name == "suit"
        if verb == "announce":
            name = "Seven against" if what == "seven-against" else "Hundred against"
            if not suit:
                return f"{name} exists only in a Suit contract"
            if seat == self.soloist:
                return f"only a defender can announce {name}"
            if what == "seven-against":
                if self.seven_against is not None:
                    return "Seven against has been announced already"
                return "Seven against needs the trump seven in your hand"
            if self.hundred:
                return "the soloist announced Hundred: there is no Hundred against"
            return "Hundred against has been announced already"
        if verb == "double":
            if what not in self.doublings:
                if what == "game" and self.hundred_against:
                    return "the game has been replaced by Hundred against"
                names = {"seven": "the soloist announced no Seven",
                         "seven-against": "nobody announced Seven against",
                         "hundred-against": "nobody announced Hundred against"}
                return f"there is no {what} to double: {names.get(what, '')}".rstrip(": ")
            k = self.doublings[what]
            if k >= MAX_DOUBLINGS:
                return f"the {what} has been doubled {MAX_DOUBLINGS} times already"
            owner = self.owners[what]
            other = "defenders" if owner == "soloist" else "soloist"
            side = owner if k & 1 else other
            who = "soloist" if side == "soloist" else "defenders"
            return f"only the {who} may {self._verb(k)} the {what} now"
        return "'pass' takes nothing after it"

    @staticmethod
    def _verb(k: int) -> str:
        return DOUBLE_VERBS[k] if k < len(DOUBLE_VERBS) else "double"

    # --- applying ----------------------------------------------------------------------
    def apply(self, action: str, seat: int | None = None) -> str:
        """As :meth:`Deal.apply`; with ``table_rules`` an illegal play (a renege) is accepted.

        Under the house rule 4.14 any seat on turn may play any card of its hand;
        a play that breaks 4.8 or the keep-the-seven duty is recorded in
        :attr:`reneges` and settled when the deal ends.
        """
        if self.phase is PLAYING and self.options.get("table_rules"):
            canonical = normalize(action)
            mover = self.turn
            if canonical.startswith("play ") and (seat is None or seat == mover):
                c = PLAY_CARD[canonical]
                if self.hands[mover] >> c & 1:
                    reason = self._play_reason(mover, c)
                    if reason is not None:
                        self.reneges.append((mover, len(self.trick_log) + 1, c, reason))
                        self.events.append(f"seat {mover} reneges with {CARD_STR[c]}: {reason}")
                        self.history.append((mover, canonical))
                        self._apply(canonical)
                        return canonical
        return super().apply(action, seat)

    def _apply(self, action: str) -> None:
        phase = self.phase
        if phase is PLAYING:
            self._play(PLAY_CARD[action])
        elif phase is DOUBLING:
            self._double(action)
        elif phase is DISCARD:
            a, b = action[8:10], action[11:13]
            ca, cb = PLAY_CARD["play " + a], PLAY_CARD["play " + b]
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
            if action == "good":
                self.goods += 1
                if self.goods == 2:
                    self._start_doubling()
                else:
                    self.turn = (self.turn + 1) % 3
            else:
                name = action[4:]
                seat = self.turn
                self.events.append(f"seat {seat}: bad, {CONTRACT_NAMES[name]}")
                self.soloist = seat
                self.contract_name = name
                self.trump_suit = None
                self.seven = self.hundred = False
                self.order = NO_TRUMP_ORDER
                self.hands[seat] |= self.talon
                self.picked_up += ((seat, self.talon),)
                self.talon = 0
                self.phase = DISCARD
        elif phase is TRUMP:
            self.trump_card = PLAY_CARD["play " + action[6:]]
            self.phase = CONTRACT
        elif phase is CONTRACT:
            words = action.split()
            name = words[1]
            self.contract_name = name
            if name == "suit":
                self.trump_suit = self.trump_card >> 3  # type: ignore[operator]
                self.seven = "seven" in words
                self.hundred = "hundred" in words
                self.order = TRUMP_ORDER
            else:
                self.order = NO_TRUMP_ORDER
            self.events.append(f"seat {self.turn} names {action[9:]}")
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

    def _double(self, action: str) -> None:
        seat = self.turn
        if action == "pass":
            self.passes += 1
            if self.passes == 3:
                self._end_doubling()
                return
        else:
            self.passes = 0
            verb, what = action.split()
            if verb == "double":
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
                             "conceded plain Suit, paid as won")
                return
            if (opts.get("seven_flek_shortcut") and self.seven and not self.hundred
                    and self.seven_against is None and not self.hundred_against
                    and dbl.get("game") == 1 and dbl.get("seven") == 0):
                self._finish([component("game", "soloist", False, 1, factor, 1),
                              component("seven", "soloist", True, 2, factor, 0)],
                             "Seven with a fleked game: game lost, Seven won, not played")
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
        self.trick_seats.append(seat)
        if len(trick) < 3:
            self.turn = (seat + 1) % 3
            return
        # resolve the trick
        a, b, d = trick
        order = self.order
        best = 0
        win = a
        if _beats(b, win, trump, order):
            best, win = 1, b
        if _beats(d, win, trump, order):
            best, win = 2, d
        seats = self.trick_seats
        winner = seats[best]
        pts = POINTS[a] + POINTS[b] + POINTS[d]
        self.trick_log.append(list(zip(seats, trick)))
        n = len(self.trick_log)
        if n == 10:
            pts += 10
            self.last_bonus_seat = winner
        self.card_points[winner] += pts
        self.won_tricks[winner] += 1
        self.trick = []
        self.trick_seats = []
        self.turn = winner
        name = self.contract_name
        sol = self.soloist
        if name == "suit":
            if n == 10:
                self._score_suit()
            return
        if name == "betl" or name == "durch":
            lost = (winner == sol) if name == "betl" else (winner != sol)
            if lost:
                self._score_nt(False, f"{CONTRACT_NAMES[name]} lost in trick {n}")
            elif n == 10:
                self._score_nt(True, f"{CONTRACT_NAMES[name]} won")
            return
        # open contracts: decided right after trick 1
        self.shown = self.hands[sol]
        betl = name == "open-betl"
        if (winner == sol) == betl:
            self._score_nt(False, f"{CONTRACT_NAMES[name]} lost: the soloist "
                           + ("won" if betl else "lost") + " trick 1")
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
                self._score_nt(False, f"{CONTRACT_NAMES[name]} lost: the shown {CARD_STR[x]} is "
                               f"not {rel} than every card of its suit the defenders hold")
                return
        self._score_nt(True, f"{CONTRACT_NAMES[name]} won: every shown card is extreme")

    # --- scoring ---------------------------------------------------------------------
    def _score_nt(self, won: bool, text: str) -> None:
        name = self.contract_name
        comp = component(name, "soloist", won, CONTRACT_BASE[name], 1,  # type: ignore[index]
                         self.doublings.get("game", 0))
        self._finish([comp], text)

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
                            f"defenders {d_cards}+{d_marr}")

    def _finish(self, comps: list[dict], text: str) -> None:
        self.components = comps
        offenders = sorted({r[0] for r in self.reneges})
        if offenders:
            self.final_score = renege_score(comps, offenders)
            text += "; renege by seat " + ", ".join(map(str, offenders)) + ": other payments void"
        else:
            self.final_score = pay(comps, self.soloist)
        self.outcome = text
        self.phase = OVER
        self.events.append(text)
        self.events.append(f"score {self.final_score}")

    def result_summary(self) -> dict[str, Any]:
        if self.final_score is None:
            return {"text": "the deal is not over", "components": [], "score": None}
        name = self.contract()
        trump = f" ({'CDHS'[self.trump_suit]} trump)" if self.trump_suit is not None else ""
        text = (f"seat {self.soloist} played {name}{trump}: {self.outcome}. "
                f"{describe(self.components)}. Score {self.final_score}")
        return {
            "text": text,
            "soloist": self.soloist,
            "contract": name,
            "components": [dict(c) for c in self.components],
            "reneges": [{"seat": s, "trick": t, "card": CARD_STR[c], "reason": r}
                        for s, t, c, r in self.reneges],
            "score": list(self.final_score),
        }

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
    def blind_trump_action(self, i: int) -> str:
        """The ``trump X`` action of the ``i``-th (0-4) blind card: for the table's UI only."""
        if self.phase is not TRUMP:
            raise IllegalAction("the trump card has been chosen already")
        return TRUMP_ACTION[self.deck[17 + i]]

    def _picked_up_by(self, seat: int) -> int:
        """Every talon card ``seat`` took up after saying bad.  OR, never a sum: the same card
        can come back to a seat in a later talon (a sum carried it into the next card)."""
        mask = 0
        for s, m in self.picked_up:
            if s == seat:
                mask |= m
        return mask

    def observation(self, seat: int) -> dict[str, Any]:
        fh = self.forehand
        pre_trump = self.phase is TRUMP
        hand = self.first_seven if (pre_trump and seat == fh) else self.hands[seat]
        mover = self.to_move()
        legal: list[str] = []
        if mover == seat:
            legal = self.legal_actions()
            if pre_trump:
                legal = [a for a in legal if self.first_seven >> PLAY_CARD["play " + a[6:]] & 1]
        knows_trump_card = self.trump_card is not None and (seat == fh or self.trump_shown)
        trump = None
        if self.trump_suit is not None and (seat == fh or self.trump_shown):
            trump = SUITS[self.trump_suit]
        history = []
        for s, a in self.history:
            if s != seat:
                if a[0] == "d" and a.startswith("discard"):
                    a = "discard ?? ??"
                elif a[0] == "t" and a.startswith("trump") and not self.trump_shown:
                    a = "trump ??"
            history.append([s, a])
        last = self.trick_log[-1] if self.trick_log else None
        last_trick = None
        if last is not None:
            last_trick = {"cards": [[s, CARD_STR[c]] for s, c in last],
                          "winner": self._trick_winner(last)}
        over = self.phase is OVER
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "players": 3,
            "seat": seat,
            "dealer": self.dealer,
            "forehand": fh,
            "to_move": mover,
            "legal": legal,
            "over": over,
            "hand": _cards(hand),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trump": trump,
            "indicator": None,
            "stock_size": 0,
            "closed": False,
            "trick": [[s, CARD_STR[c]] for s, c in zip(self.trick_seats, self.trick)],
            "last_trick": last_trick,
            "tricks": self.tricks(),
            "points": self.points(),
            "score": self.score(),
            "marriages": [{"seat": s, "suit": SUITS[su], "points": p, "counted": True}
                          for s, su, p in self.marriages],
            "shown": {self.soloist: _cards(self.shown)} if self.shown else {},
            "history": history,
            # Mariáš
            "soloist": self.soloist if self.contract_name is not None else None,
            "contract": self.contract(),
            "phase": self.phase,
            "doublings": dict(self.doublings),
            "announcements": self._announcements(),
            "trump_card": CARD_STR[self.trump_card] if knows_trump_card else None,  # type: ignore[index]
            "talon": _cards(self.talon) if (self.talon and seat == self.talon_by) else None,
            # The talon cards this seat took up after saying "bad" (it saw them).
            "picked_up": _cards(self._picked_up_by(seat)) or None,
            "first_seven": _cards(self.first_seven) if seat == fh else None,
            "blind_trump": 5 if (pre_trump and seat == fh) else 0,
            "reneges": ([{"seat": s, "trick": t, "card": CARD_STR[c]}
                         for s, t, c, _r in self.reneges if over or s == seat]),
            "result": self.result_summary() if over else None,
        }

    def _trick_winner(self, trick: list[tuple[int, int]]) -> int:
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if _beats(c, best, self.trump_suit, self.order):
                best_seat, best = s, c
        return best_seat

    def _announcements(self) -> list[dict[str, Any]]:
        out = []
        if self.contract_name == "suit":
            if self.seven:
                out.append({"seat": self.soloist, "name": "seven"})
            if self.hundred:
                out.append({"seat": self.soloist, "name": "hundred"})
        if self.seven_against is not None:
            out.append({"seat": self.seven_against, "name": "seven-against"})
        if self.hundred_against:
            seat = next(s for s, a in self.history if a == "announce hundred-against")
            out.append({"seat": seat, "name": "hundred-against"})
        return out


def _beats(a: int, b: int, trump: int | None, order: tuple[int, ...]) -> bool:
    if a >> 3 == b >> 3:
        return order[a & 7] > order[b & 7]
    return a >> 3 == trump


__all__ = ["MariasDeal"]
