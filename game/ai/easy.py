"""The ``easy`` level: instant rules of thumb for every decision of the four games.

It is also the playout policy of the search bots (``policy_action``), so it
must be fast: it works on card masks and never searches.  The rules are the
ones a club player teaches a beginner: take valuable tricks cheaply, keep
trumps for later, lead masters, smear points on a partner's trick, announce
marriages, declare as soon as the total allows it, never overbid blindly.
"""

from __future__ import annotations

import random

from game.rules.actions import (
    BAD,
    CLOSE,
    CONTRACT,
    DECLARE,
    DOUBLE,
    EXCHANGE,
    GOOD,
    PASS,
    PLAY,
    TRUMP,
    Action,
    Verb,
)
from game.rules.cards import SUIT_MASK, SUITS, cards_of, suit_index
from game.rules.observation import KingQueenObservation, Observation

from .base import Bot, Deadline
from .marias_hand import best_no_trump, discard_action, discard_for
from .tactics import against_announcement
from .view import View, view_of


def strength(v: View, c: int) -> int:
    s = v.order[c & 7]
    if v.trump is not None and c >> 3 == v.trump:
        s += 10
    return s


def cheapest(v: View, cards: list[int]) -> int:
    """The card that costs least to give away: few points, low, not a trump."""
    return min(cards, key=lambda c: (v.value(c) * 3 + strength(v, c), c))


def dearest(v: View, cards: list[int]) -> int:
    """The card worth most points (to smear on a partner's trick), avoiding trumps."""
    return max(cards, key=lambda c: (v.value(c) * 3 - (12 if _is_trump(v, c) else 0)
                                     - strength(v, c) * 0.1, -c))


def _is_trump(v: View, c: int) -> bool:
    return v.trump is not None and c >> 3 == v.trump


def _open_phase(v: View) -> bool:
    return v.variant in ("marriage", "sixty-six") and not v.obs.closed and v.obs.stock_size > 0


# --- card play -------------------------------------------------------------------------
def choose_card(v: View, plays: list[int]) -> int:
    if v.variant == "marias" and v.contract in ("betl", "open-betl"):
        return _betl_card(v, plays)
    if v.variant == "marias" and v.contract in ("durch", "open-durch"):
        return _durch_card(v, plays)
    if not v.trick:
        return _lead(v, plays)
    return _follow(v, plays)


def _lead(v: View, plays: list[int]) -> int:
    if _open_phase(v):
        # keep marriage halves, trumps and aces; lead something cheap
        marriage_halves = 0
        for s in range(4):
            kq = (1 << (s * 8 + 2)) | (1 << (s * 8 + 3))
            if v.hand & kq == kq:
                marriage_halves |= kq
        pool = [c for c in plays if not (marriage_halves >> c) & 1] or plays
        return cheapest(v, pool)
    masters = [c for c in plays if v.is_master(c) and not _is_trump(v, c)]
    trumps = [c for c in plays if _is_trump(v, c)]
    if v.variant == "marias" and v.soloist == v.seat and trumps and len(trumps) >= 3:
        # draw the defenders' trumps with the top trump while it is a master
        top = min(trumps, key=lambda c: c & 7)
        if v.is_master(top):
            return top
    if masters:
        return max(masters, key=lambda c: (v.value(c), -(c & 7)))
    if trumps and len(trumps) * 2 >= len(plays) and v.is_master(min(trumps, key=lambda c: c & 7)):
        return min(trumps, key=lambda c: c & 7)
    non_trumps = [c for c in plays if not _is_trump(v, c)] or plays
    return cheapest(v, non_trumps)


def _follow(v: View, plays: list[int]) -> int:
    winner = v.trick_winner()
    partner_wins = winner is not None and v.side(winner) == v.side(v.seat)
    last = len(v.trick) == v.players - 1
    winning = [c for c in plays if v.beats_table(c)]
    table_points = sum(v.value(c) for _, c in v.trick)
    if partner_wins:
        if last or _safe_for_partner(v):
            return dearest(v, plays)
        return cheapest(v, plays)
    if winning:
        # take it when there is something to take, or when the card is a master anyway
        cheap_win = min(winning, key=lambda c: (strength(v, c), -v.value(c)))
        worth = table_points + v.value(cheap_win)
        if _open_phase(v):
            non_trump_wins = [c for c in winning if not _is_trump(v, c)]
            if non_trump_wins:
                return min(non_trump_wins, key=lambda c: strength(v, c))
            if table_points >= 10:
                return cheap_win
            return cheapest(v, plays)
        if last or worth >= 10 or v.is_master(cheap_win) or v.players == 2:
            return cheap_win
    return cheapest(v, plays)


def _safe_for_partner(v: View) -> bool:
    """Mariáš defenders: the partner's card is a master (cannot be beaten in suit)."""
    winner = v.trick_winner()
    c = next(c for s, c in v.trick if s == winner)
    return v.is_master(c)


def _betl_card(v: View, plays: list[int]) -> int:
    solo = v.seat == v.soloist
    if solo:
        losing = [c for c in plays if not v.beats_table(c)] if v.trick else []
        if losing:
            return max(losing, key=lambda c: v.order[c & 7])
        return min(plays, key=lambda c: v.order[c & 7])
    # defenders: lead low cards to force the soloist over; follow under the soloist
    if not v.trick:
        return min(plays, key=lambda c: v.order[c & 7])
    winner = v.trick_winner()
    if winner == v.soloist:
        losing = [c for c in plays if not v.beats_table(c)]
        if losing:
            return max(losing, key=lambda c: v.order[c & 7])
    return max(plays, key=lambda c: v.order[c & 7]) if winner != v.soloist else \
        min(plays, key=lambda c: v.order[c & 7])


def _durch_card(v: View, plays: list[int]) -> int:
    if v.seat == v.soloist:
        if not v.trick:
            return max(plays, key=lambda c: v.order[c & 7])
        winning = [c for c in plays if v.beats_table(c)]
        if winning:
            return min(winning, key=lambda c: v.order[c & 7])
        return min(plays, key=lambda c: v.order[c & 7])
    winning = [c for c in plays if v.beats_table(c)]
    if winning and v.trick_winner() == v.soloist:
        return min(winning, key=lambda c: v.order[c & 7])
    return min(plays, key=lambda c: v.order[c & 7])


# --- the other decisions ------------------------------------------------------------
def _own_points(v: View) -> int:
    pts = v.obs.points
    return pts[v.seat] if len(pts) > v.seat else 0


def choose_kq_extra(v: View, legal: list[Action]) -> Action | None:
    """Exchange / marriage / declare / close in the King-Queen games, or None to play."""
    if DECLARE in legal and _own_points(v) >= 66:
        return DECLARE
    if EXCHANGE in legal:
        return EXCHANGE
    marriages = [a for a in legal if a.verb is Verb.MARRIAGE and not _cash_ace_first(v, a)]
    if marriages:
        trump = v.obs.trump
        marriages.sort(key=lambda a: SUITS[a.suit] != trump)
        return marriages[0]
    if CLOSE in legal and _should_close(v):
        return CLOSE
    return None


def _cash_ace_first(v: View, marriage: Action) -> bool:
    """Sixty-six for three: hold the ace of the marriage suit (not the ten) in the first three
    tricks?  Then lead a master first and announce later.

    Strict rules from the first trick make the others beat a led king or queen if they can:
    with the ten out, the announced card is often lost, and with no trick yet the marriage
    does not even count.  The ace takes a trick safely, and the pair can still be announced
    on a later lead.  Marriage chances of ``pimc`` games, each played on both ways by the
    bots (docs/ai-history.md has the figures): announcing at once lost match points
    against this rule; later in the deal announcing at once is right.
    """
    if v.variant != "sixty-six-3" or v.hand.bit_count() <= 5:
        return False
    s8 = marriage.suit * 8
    return bool(v.hand >> s8 & 1) and not v.hand >> (s8 + 1) & 1


def _should_close(v: View) -> bool:
    """Close when the sure tricks (trump masters + side masters) bring us to 66."""
    pts = _own_points(v)
    if pts < 30:
        return False
    sure = 0
    hand = v.hand
    for c in cards_of(hand):
        if v.is_master(c) and (_is_trump(v, c) or c & 7 == 0):
            sure += v.value(c) + 4
    trumps = (hand & SUIT_MASK[v.trump]).bit_count() if v.trump is not None else 0
    return pts + sure >= 66 and trumps >= 2


def choose_marias_bid(v: View, legal: list[Action]) -> Action:
    """Trump card, contract, good/bad, discards and doubling by rules of thumb."""
    first = legal[0].verb
    hand = list(cards_of(v.hand))
    if first is Verb.TRUMP:
        return _choose_trump(v, legal)
    if first is Verb.CONTRACT:
        nt = best_no_trump(v.hand, 0, [a.name for a in legal])
        if nt is not None:
            return CONTRACT[nt]
        return CONTRACT["suit"] if CONTRACT["suit"] in legal else legal[0]
    if first is Verb.DISCARD:
        if v.contract and not v.contract.startswith("suit"):
            a = discard_action(*discard_for(v.hand, v.contract, None, False))
            if a in legal:
                return a
        return choose_discard(v, legal)
    if GOOD in legal:
        nt = best_no_trump(v.hand, 0, [a.name for a in legal if a.verb is Verb.BAD])
        return BAD[nt] if nt else GOOD
    if PASS in legal:
        return _choose_double(v, legal, hand)
    return legal[0]


def _choose_trump(v: View, legal: list[Action]) -> Action:
    cards = [a.card for a in legal]
    seen = [c for c in cards if (v.hand >> c) & 1]
    pool = seen or cards

    def suit_score(s: int) -> float:
        mine = [c for c in pool if c >> 3 == s]
        return len(mine) * 3 + sum(3 - min(c & 7, 3) for c in mine)

    best = max(range(4), key=lambda s: (suit_score(s), s == 2))
    of_suit = [c for c in pool if c >> 3 == best] or pool
    # show the lowest trump, but keep the 7 in hand (Seven); a low card tells little
    pick = max(of_suit, key=lambda c: ((c & 7) != 7, c & 7))
    return TRUMP[pick]


def choose_discard(v: View, legal: list[Action]) -> Action:
    contract = v.contract or "suit"

    def keep_cost(a: Action) -> float:
        c1, c2 = a.cards
        rest = v.hand & ~(1 << c1) & ~(1 << c2)
        cost = 0.0
        for c in (c1, c2):
            if contract.startswith("suit"):
                cost += strength(v, c) + v.value(c)
            elif "betl" in contract:
                cost += 10 - v.order[c & 7]  # discard high cards
            else:
                cost += v.order[c & 7]  # durch: discard low cards
        # voiding a suit is worth a lot in every contract
        for s in range(4):
            if v.hand & SUIT_MASK[s] and not rest & SUIT_MASK[s]:
                if v.trump is None or s != v.trump:
                    cost -= 6
        return cost

    return min(legal, key=lambda a: (keep_cost(a), a))


def _choose_double(v: View, legal: list[Action], hand: list[int]) -> Action:
    """Flek the game as a defender only with a strong trump holding."""

    a = against_announcement(v.obs)
    if a is not None:
        return a
    if DOUBLE["game"] in legal and v.seat != v.soloist and v.trump is not None:
        trumps = [c for c in hand if c >> 3 == v.trump]
        top = sum(1 for c in trumps if c & 7 <= 1)
        if len(trumps) >= 4 and top >= 2:
            return DOUBLE["game"]
    return PASS


# --- the bot -----------------------------------------------------------------------------
def policy_action(obs: Observation, rng: random.Random | None = None) -> Action:
    """The easy choice for an observation (also the searches' rule-of-thumb prior)."""
    legal = obs.legal
    if len(legal) == 1:
        return legal[0]
    v = view_of(obs)
    return choose_from_view(v, list(legal))


def choose_from_view(v: View, legal: list[Action]) -> Action:
    plays = [a.card for a in legal if a.verb is Verb.PLAY]
    if v.variant == "marias" and len(plays) < len(legal):
        return choose_marias_bid(v, legal)
    if isinstance(v.obs, KingQueenObservation) and len(plays) < len(legal):
        extra = choose_kq_extra(v, legal)
        if extra is not None:
            return extra
        if v.obs.marriage_pending is not None:
            # after announcing: lead the queen, keep the king
            q = suit_index(v.obs.marriage_pending) * 8 + 3
            if PLAY[q] in legal:
                return PLAY[q]
    if not plays:
        return legal[0]
    return PLAY[choose_card(v, plays)]


class EasyBot(Bot):
    level = "easy"

    def decide(self, obs: Observation, deadline: Deadline, rng: random.Random) -> Action:
        return policy_action(obs, rng)
