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

from typing import Any, ClassVar

from .actions import PLAY
from .cards import CARD_STR, KING, NINE, QUEEN, SUITS, cards_of
from .kingqueen import (
    CARD_POINTS,
    FRESH,
    KQ,
    MARRIAGE,
    MARRIED,
    PLAY_CARD,
    KingQueenFamily,
    card_words,
    play_actions,
    scale_sixty_six,
)
from .tricks import SUIT_WORDS, strict_legal, strict_reason, winner_index


class SixtySix3Deal(KingQueenFamily):
    variant: ClassVar[str] = "sixty-six-3"
    players: ClassVar[int] = 3
    deck_size: ClassVar[int] = 24
    _OWNERS: ClassVar[dict[int, tuple[int, ...]]] = {}
    _COPIED: ClassVar[tuple[str, ...]] = (*KingQueenFamily._COPIED, "trick")

    def __init__(self, dealer: int, deck, options: dict[str, Any]):
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

    # --- legality ---------------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        hand = self.hands[self.turn]
        if self.trick:
            return play_actions(strict_legal(hand, [c for _, c in self.trick], self.trump_suit))
        if self.stage == MARRIED:
            s8 = self.marriage_suit * 8
            return [PLAY[s8 + KING], PLAY[s8 + QUEEN]]
        pairs = self.announced
        acts = [MARRIAGE[s] for s in range(4)
                if not pairs >> s & 1 and hand & KQ[s] == KQ[s]]
        if acts:
            return acts + play_actions(hand)
        return play_actions(hand)

    def why_illegal(self, action: str) -> str | None:
        if self.over:
            return "the deal is over"
        hand = self.hands[self.turn]
        verb = action.split(" ", 1)[0]
        on_lead = not self.trick
        if verb == "play":
            c = PLAY_CARD[action]
            if not hand >> c & 1:
                if self.deck_size == 24 and c & 7 > NINE:
                    return f"there is no {card_words(c)[4:]} in the 24-card deck of {self.variant}"
                return f"you do not hold {card_words(c)}"
            if on_lead:
                if self.stage == MARRIED and not (c >> 3 == self.marriage_suit
                                                  and c & 7 in (KING, QUEEN)):
                    return ("after announcing the marriage you must play the king or queen of "
                            f"{SUIT_WORDS[self.marriage_suit]}")
                return None
            return strict_reason(hand, [x for _, x in self.trick], c, self.trump_suit)
        if verb == "marriage":
            s = SUITS.index(action[-1])
            if not on_lead:
                return "only the player on lead may announce a marriage"
            if self.stage == MARRIED:
                return "only one marriage per lead"
            return self._marriage_cards_reason(s, hand)
        if verb in ("exchange", "close"):
            return f"there is no stock in sixty-six for three: no '{verb}'"
        if verb == "declare":
            return "there is no declaring in sixty-six: reaching 66 wins at once"
        return f"'{verb}' is not an action of {self.variant}"

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        s = self.turn
        if action[0] == "m":
            self._announce_marriage(SUITS.index(action[-1]))
            if self.ntricks[s] and self.total(s) >= 66:
                self._won(s, "on announcing the marriage")
            return
        c = PLAY_CARD[action]
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
        pts = CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]] + CARD_POINTS[cards[2]]
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
            self._won(w, "with the last trick" if last else "after a trick")
        elif last:
            p = self.points()
            self._finish(None, 0, "no_score",
                         f"All tricks played, {p[0]}:{p[1]}:{p[2]}: nobody reached 66, no score")

    def _won(self, w: int, when: str) -> None:
        opps = [self.total((w + 1) % 3), self.total((w + 2) % 3)]
        if self.options.get("three_hand_scoring", "stronger") == "each":
            pts = scale_sixty_six(opps[0]) + scale_sixty_six(opps[1])
            how = "each opponent"
        else:
            pts = scale_sixty_six(max(opps))
            how = "the stronger opponent"
        self._finish(w, pts, "reached_66",
                     f"Seat {w} reached 66 with {self.total(w)} {when}; opponents "
                     f"{opps[0]} and {opps[1]}; scored against {how}: {pts}")

    # --- observation ------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        over = self.over
        mover = None if over else self.turn
        if self.trick_log:
            t = self.trick_log[-1]
            w = winner_index([c for _, c in t], self.trump_suit)
            last = {"cards": [[s, CARD_STR[c]] for s, c in t], "winner": t[w][0]}
        else:
            last = None
        played = 0
        for t in self.trick_log:
            for _, c in t:
                played |= 1 << c
        known = [sorted(CARD_STR[c] for c in cards_of(m)) for m in self.known]
        pend = None
        if not over and not self.trick and self.stage == MARRIED:
            pend = SUITS[self.marriage_suit]
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "players": 3,
            "seat": seat,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "to_move": mover,
            "legal": self.legal_actions() if mover == seat else [],
            "over": over,
            "hand": sorted(CARD_STR[c] for c in cards_of(self.hands[seat])),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trump": SUITS[self.trump_suit],
            "trump_card": CARD_STR[self.trump_card],
            "indicator": None,
            "indicators_seen": [CARD_STR[self.trump_card]],
            "stock_size": 0,
            "closed": False,
            "closer": None,
            "first_lead": not self.trick_log and not self.trick,
            "marriage_pending": pend,
            "trick": [[s, CARD_STR[c]] for s, c in self.trick],
            "last_trick": last,
            "tricks": list(self.ntricks),
            "tricks_played": len(self.trick_log),
            "played": sorted(CARD_STR[c] for c in cards_of(played)),
            "card_points": [self.card_pts[s] + self.bonus[s] for s in range(3)],
            "points": self.points(),
            "score": self.score(),
            "marriages": [
                {"seat": s, "suit": SUITS[su], "points": p, "counted": self.ntricks[s] > 0}
                for s, su, p in self.marriages
            ],
            "shown": {},
            "known_cards": known,
            "known_opponent_cards": sorted(c for s in range(3) if s != seat for c in known[s]),
            "history": [[s, a] for s, a in self.history],
        }
