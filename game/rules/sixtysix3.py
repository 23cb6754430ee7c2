"""``sixty-six-3``: Sixty-six for three (RULES.md 3).

All 24 cards are dealt (8 each, packets of 4 clockwise from forehand); the
dealer's 8th card is shown to fix trump and stays in the dealer's hand.  No
stock: strict rules from the first trick.  Marriages by ``marriage X`` then
the K or Q of X on a lead; they count once their owner has a trick.  The first
to 66 wins at once (last trick +10 first); nobody at 66: no score.

Observation extras as in :mod:`game.rules.kingqueen` (``trump_card``: the
card shown at the deal; ``known_cards``: per seat, the cards everyone knows
that seat holds, the shown trump card and marriage partners).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .actions import MARRIAGE, Action, Verb, play_actions
from .base import seat_ref
from .cards import CARD_STR, KQ_CARD_POINTS, SUITS, cards_of
from .errors import Refusal
from .kingqueen import (
    FRESH,
    KQ,
    MARRIED,
    KingQueenFamily,
    band_sixty_six,
    scale_sixty_six,
)
from .observation import KingQueenObservation, Played
from .results import Ending, When
from .tricks import strict_legal, strict_reason, winner_index

#: The verbs as module constants: an Enum member lookup costs more than the whole test.
_PLAY, _MARRIAGE = Verb.PLAY, Verb.MARRIAGE
class SixtySix3Deal(KingQueenFamily):
    variant: ClassVar[str] = "sixty-six-3"
    players: ClassVar[int] = 3
    deck_size: ClassVar[int] = 24
    _OWNERS: ClassVar[dict[int, tuple[int, ...]]] = {}
    _COPIED: ClassVar[tuple[str, ...]] = (*KingQueenFamily._COPIED, "trick")

    def __init__(self, dealer: int, deck: Sequence[int], options: dict[str, Any]):
        super().__init__(dealer, deck, options)
        owners = self._owners(dealer)
        hands = [0, 0, 0]
        for pos, c in enumerate(self.deck):
            hands[owners[pos]] |= 1 << c
        self.hands = hands
        self.trump_card = self.deck[23]
        self.trump_suit = self.trump_card >> 3
        self.turn = self.leader = (dealer + 1) % 3
        self.trick: list[tuple[int, int]] = []
        self.stage = FRESH
        self.marriage_suit = -1
        self.card_pts = [0, 0, 0]
        self.mar_pts = [0, 0, 0]
        self.bonus = [0, 0, 0]
        self.ntricks = [0, 0, 0]
        self.announced = 0
        self.marriages: tuple[tuple[int, int, int], ...] = ()
        self.known = [0, 0, 0]
        self.known[dealer] = 1 << self.trump_card
        self.over = False
        self._score: list[int] | None = None
        self._summary: dict[str, Any] | None = None

    # --- dealing ----------------------------------------------------------------------------
    @classmethod
    def _owners(cls, dealer: int) -> tuple[int, ...]:
        """RULES.md 3.1: packets of 4 clockwise from forehand, twice; no stock."""
        owners = cls._OWNERS.get(dealer)
        if owners is None:
            seq: list[int] = []
            for _ in range(2):
                for k in range(3):
                    seq += [(dealer + 1 + k) % 3] * 4
            owners = cls._OWNERS[dealer] = tuple(seq)
        return owners

    def gathered(self) -> list[int]:
        out = [c for t in self.trick_log for _, c in t]
        out.extend(c for _, c in self.trick)
        for k in range(3):
            out.extend(cards_of(self.hands[(self.forehand + k) % 3]))
        return out

    # --- the search interface -------------------------------------------------------------
    def trick_cards(self) -> list[int]:
        return [c for _, c in self.trick]

    def trick_seats(self) -> list[int]:
        return [s for s, _ in self.trick]

    def current_trick(self) -> list[tuple[int, int]]:
        return list(self.trick)

    def on_lead(self) -> bool:
        return not self.trick

    def play_mask(self) -> int:
        if self.over:
            return 0
        hand = self.hands[self.turn]
        if self.trick:
            return strict_legal(hand, [c for _, c in self.trick], self.trump_suit)
        if self.stage == MARRIED:
            return hand & KQ[self.marriage_suit]
        return hand

    def extra_actions(self) -> list[Action]:
        if self.over or self.trick or self.stage == MARRIED:
            return []
        hand = self.hands[self.turn]
        pairs = self.announced
        return [MARRIAGE[s] for s in range(4) if not pairs >> s & 1 and hand & KQ[s] == KQ[s]]

    # --- legality ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        hand = self.hands[self.turn]
        if self.trick:
            return play_actions(strict_legal(hand, [c for _, c in self.trick], self.trump_suit))
        if self.stage == MARRIED:
            return self._marriage_plays()
        pairs = self.announced
        acts = [MARRIAGE[s] for s in range(4)
                if not pairs >> s & 1 and hand & KQ[s] == KQ[s]]
        if acts:
            return acts + play_actions(hand)
        return play_actions(hand)

    def why_illegal(self, action: Action) -> Refusal | None:
        if self.over:
            return Refusal("deal_over")
        hand = self.hands[self.turn]
        verb = action.verb
        on_lead = not self.trick
        if verb is _PLAY:
            c = action.card
            refusal = self._card_refusal(c, hand)
            if refusal is not None:
                return refusal
            if on_lead:
                return self._marriage_pending_refusal(c)
            return strict_reason(hand, [x for _, x in self.trick], c, self.trump_suit)
        if verb is _MARRIAGE:
            if not on_lead:
                return Refusal("lead_only", {"verb": "marriage"})
            if self.stage == MARRIED:
                return Refusal("one_marriage")
            return self._marriage_cards_reason(action.suit, hand)
        if verb is Verb.EXCHANGE or verb is Verb.CLOSE:
            return Refusal("no_stock", {"verb": str(verb)})
        if verb is Verb.DECLARE:
            return Refusal("no_declaring")
        return Refusal("not_an_action_of", {"verb": str(verb), "variant": self.variant})

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        s = self.turn
        if action.verb is _MARRIAGE:
            self._announce_marriage(action.suit)
            if self.ntricks[s] and self.total(s) >= 66:
                self._won(s, "on announcing the marriage", When.MARRIAGE)
            return
        c = action.card
        b = 1 << c
        self.hands[s] ^= b
        if self.known[s] & b:
            self.known[s] ^= b
        trick = self.trick
        if not trick:
            self.leader = s
            self.stage = FRESH
            self.marriage_suit = -1
        trick.append((s, c))
        if len(trick) < 3:
            self.turn = (s + 1) % 3
            return
        cards = [x for _, x in trick]
        w = trick[winner_index(cards, self.trump_suit)][0]
        pts = KQ_CARD_POINTS[cards[0]] + KQ_CARD_POINTS[cards[1]] + KQ_CARD_POINTS[cards[2]]
        self.card_pts[w] += pts
        self.ntricks[w] += 1
        self.trick_log.append(trick)
        self.trick = []
        self.leader = self.turn = w
        wc = next(x for t, x in trick if t == w)
        self.events.append(f"seat {w} wins the trick with {CARD_STR[wc]} "
                           f"({' '.join(CARD_STR[x] for x in cards)}: {pts})")
        last = not self.hands[w]
        if last:
            self.bonus[w] = 10
        if self.total(w) >= 66:
            self._won(w, "with the last trick" if last else "after a trick",
                      When.LAST_TRICK if last else When.TRICK)
        elif last:
            p = self.points()
            self._finish(None, 0, "no_score",
                         f"All tricks played, {p[0]}:{p[1]}:{p[2]}: nobody reached 66, no score",
                         bonus=True)

    def _won(self, w: int, when: str, moment: When) -> None:
        seats = ((w + 1) % 3, (w + 2) % 3)
        opps = [self.total(seats[0]), self.total(seats[1])]
        each = [scale_sixty_six(t) for t in opps]
        # the positions scored against: both opponents, or the stronger one
        against = [(s, t, self.ntricks[s] > 0, e, band_sixty_six(t))
                   for s, t, e in zip(seats, opps, each)]
        if self.options.get("three_hand_scoring", "stronger") == "each":
            pts = each[0] + each[1]
            how = "each opponent"
        else:
            pts = scale_sixty_six(max(opps))
            how = "the stronger opponent"
            against = [against[0] if opps[0] >= opps[1] else against[1]]
        self._finish(w, pts, "reached_66",
                     f"{seat_ref(w, True)} reached 66 with {self.total(w)} {when}; opponents "
                     f"{opps[0]} and {opps[1]}; scored against {how}: {pts}",
                     Ending.REACHED_66, w,
                     tuple(against),
                     when=moment, bonus=moment is When.LAST_TRICK)

    # --- observation ------------------------------------------------------------------------
    def observation(self, seat: int) -> KingQueenObservation:
        pend = self.marriage_pending()
        return self._observation(
            seat, indicator=None, indicators_seen=(self.trump_card,), stock_size=0,
            trick=tuple(Played(s, CARD_STR[c]) for s, c in self.trick),
            first_lead=not self.trick_log and not self.trick,
            marriage_pending=None if pend is None else SUITS[pend])
