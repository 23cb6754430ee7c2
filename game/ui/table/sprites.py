"""Card sprites and the "board": which card lies where, derived from one observation.

Every visible object on the table is a sprite with a stable *key*: a known card
is keyed by its name (a card is in exactly one place, so "QH" in the hand and
"QH" in the trick are the same sprite that simply moves), an unknown card by
its slot ("b1_4": the 5th back in seat 1's hand).  Going from one observation
to the next is then a *reconcile*: matching keys tween to their new places,
new keys fly in from where such a card comes from, vanished keys fly out.
No rule is decided here — only where the observation says things are.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from game.rules import MariasObservation, Observation, Verb

from .layout import TableLayout

SUIT_ORDER = "SHCD"  # alternating colours in the hand
TRUMP_RANKS = "ATKQJ987"
NO_TRUMP_RANKS = "AKQJT987"


@dataclass
class Target:
    key: str
    card: str | None  # None: a back whose face the viewer does not know
    x: float
    y: float
    angle: float
    h: float
    z: int
    up: bool  # face up
    role: str  # hand | opp | trick | stock | indicator | pile | talon | aside | blind | flash
    seat: int | None = None


@dataclass
class Sprite:
    key: str
    card: str | None
    x: float
    y: float
    angle: float
    h: float
    z: int
    flip: float  # -1 back ... +1 face; |flip| is the width squeeze
    role: str
    seat: int | None = None
    lift: float = 0.0
    alpha: float = 255.0
    home_h: int = 0  # the layout height this sprite belongs to (crisp size)
    dying: bool = False

    @property
    def face_up(self) -> bool:
        return self.flip > 0 and self.card is not None


def jitter(key: str, spread: int) -> int:
    """A stable small angle per card so a trick looks thrown, not stamped."""
    return zlib.crc32(key.encode()) % (2 * spread + 1) - spread


def rank_order(obs: Observation) -> str:
    contract = obs.contract if isinstance(obs, MariasObservation) else None
    return NO_TRUMP_RANKS if contract and not contract.startswith("suit") else TRUMP_RANKS


def sort_hand(cards: list[str], obs: Observation) -> list[str]:
    """Display order only: suits in alternating colours, trump at the right, high to low."""
    ranks = rank_order(obs)
    trump = obs.trump
    suits = [s for s in SUIT_ORDER if s != trump] + ([trump] if trump else [])
    return sorted(cards, key=lambda c: (suits.index(c[1]), ranks.index(c[0])))


def _history_has(obs: Observation, verb: Verb) -> bool:
    return any(a.verb is verb for _s, a in obs.history)


def aside_card(obs: Observation) -> tuple[bool, str | None]:
    """Mariáš: is forehand's trump card lying set aside, and which (if the viewer knows)?"""
    if not isinstance(obs, MariasObservation):
        return False, None
    phase = obs.phase
    if phase not in ("contract", "discard", "answer", "doubling"):
        return False, None
    if not _history_has(obs, Verb.TRUMP):
        return False, None
    contract = obs.contract
    if contract is not None and not contract.startswith("suit"):
        return False, None
    if phase == "doubling":
        return False, None
    return True, obs.trump_card


def shown_trump(obs: Observation, view: int, peek: bool = False) -> str | None:
    """Mariáš 4.6: the Suit contract's trump card, shown to all, lies face up in front of
    the soloist until the first trick is complete, as at a real table — and again while
    a defender holds the key for it (``peek``) as long as the soloist still has it.
    None: nothing to show (the soloist sees the card in their own hand)."""
    if not isinstance(obs, MariasObservation) or obs.phase not in ("doubling", "play"):
        return None
    card, soloist = obs.trump_card, obs.soloist
    if card is None or soloist is None or soloist == view or not _history_has(obs, Verb.TRUMP):
        return None
    if obs.contract is not None and not obs.contract.startswith("suit"):
        return None
    if any(st.action.verb is Verb.PLAY and st.action.card_text == card for st in obs.history):
        return None  # played: it lies in the trick or in a pile
    return card if peek or (obs.last_trick is None and not any(obs.tricks)) else None


def board_targets(obs: Observation, lay: TableLayout, view: int,
                  selected: frozenset[str] = frozenset(),
                  peek_trump: bool = False) -> dict[str, Target]:
    """Where every card the viewer can see (or see the back of) lies now."""
    out: dict[str, Target] = {}
    players = lay.players
    fh = obs.forehand
    is_aside, aside_name = aside_card(obs)
    trump_up = shown_trump(obs, view, peek_trump)
    soloist = obs.soloist if isinstance(obs, MariasObservation) else None
    shown = dict(obs.shown)
    marias = obs if isinstance(obs, MariasObservation) else None
    # --- the viewer's hand ---------------------------------------------------------
    hand = list(obs.hand)
    if is_aside and view == fh and aside_name in hand:
        hand.remove(aside_name)
    hand = sort_hand(hand, obs)
    blind = marias.blind_trump if marias is not None else 0
    n = len(hand) + blind
    pos = lay.fan(view, n + (1 if blind else 0))
    for i, c in enumerate(hand):
        x, y = pos[i]
        lift = lay.hand_h * 0.16 if c in selected else 0.0
        out[c] = Target(c, c, x, y - lift, 0, lay.hand_h, 100 + i, True, "hand", view)
    for j in range(blind):
        x, y = pos[len(hand) + 1 + j]
        k = f"blind{j}"
        out[k] = Target(k, None, x, y, 0, lay.hand_h, 100 + len(hand) + j, False, "blind", view)
    # --- other hands ----------------------------------------------------------------
    sizes = obs.hand_sizes
    for seat in range(players):
        if seat == view:
            continue
        spot = lay.spot(seat)
        open_cards = sort_hand(list(shown.get(seat, [])), obs)
        count = sizes[seat]
        if (is_aside and seat == fh) or (trump_up is not None and seat == soloist):
            count -= 1
        backs = max(0, count - len(open_cards))
        n = backs + len(open_cards)
        if open_cards:
            # An open contract: the hand is laid out face up, larger, in front of the seat.
            pos = lay.fan(seat, n, lay.table_h, spread=True)
            for i, c in enumerate(open_cards):
                x, y = pos[i]
                out[c] = Target(c, c, x, y, 0 if spot.side == "top" else spot.angle,
                                lay.table_h, 60 + i, True, "opp", seat)
            start = len(open_cards)
        else:
            pos = lay.fan(seat, n)
            start = 0
        for i in range(backs):
            x, y = pos[start + i]
            k = f"b{seat}_{i}"
            out[k] = Target(k, None, x, y, spot.angle, lay.opp_h, 60 + start + i, False, "opp",
                            seat)
    # --- the trick ------------------------------------------------------------------
    for i, (seat, c) in enumerate(obs.trick):
        tx, ty = lay.spot(seat).trick
        out[c] = Target(c, c, tx, ty, lay.spot(seat).trick_angle + jitter(c, 4), lay.table_h,
                        200 + i, True, "trick", seat)
    # --- stock and indicator (two-player games) -------------------------------------
    stock = obs.stock_size
    ind = obs.indicator
    if stock:
        sx, sy = lay.stock
        under = 1 if (ind or obs.closed) else 0
        backs = stock - under
        if under:
            ix = sx + lay.table_h * 0.32
            if ind and not obs.closed:
                out[ind] = Target(ind, ind, ix, sy, 90, lay.table_h, 20, True, "indicator")
            else:
                key = "ind_back"
                out[key] = Target(key, None, ix, sy, 90, lay.table_h, 20, False, "indicator")
        for i in range(backs):
            off = min(i, 10) * max(1, lay.table_h // 110)
            k = f"s{i}"
            out[k] = Target(k, None, sx - off * 0.6, sy - off, 0, lay.table_h, 30 + i, False,
                            "stock")
    # --- won tricks -----------------------------------------------------------------
    tricks = obs.tricks
    for seat in range(players):
        px, py = lay.spot(seat).pile
        for i in range(min(tricks[seat], 6)):
            k = f"p{seat}_{i}"
            out[k] = Target(k, None, px + i * 2, py - i * 2, 8 * ((i % 3) - 1) + 90 * (i == -1),
                            lay.pile_h, 10 + i, False, "pile", seat)
    # --- Mariáš: the talon and the trump card laid aside ----------------------------
    if marias is not None and _history_has(obs, Verb.DISCARD) and \
            marias.phase in ("discard", "answer", "doubling", "play", "over"):
        tx, ty = lay.talon
        for i in range(2):
            k = f"talon{i}"
            out[k] = Target(k, None, tx + i * lay.table_h * 0.18, ty + i * 4, -6 + 12 * i,
                            lay.pile_h, 5 + i, False, "talon")
    # Mariáš 4.9: a marriage's queen stays visible as a reminder (small, beside the pile).
    if marias is not None:
        reminders: dict[int, int] = {}
        on_table = {c for _s, c in obs.trick}
        for m in obs.marriages:
            seat = m.seat
            if "Q" + m.suit in on_table:
                continue  # still in the trick; it is laid out once the trick is gathered
            i = reminders[seat] = reminders.get(seat, -1) + 1
            px, py = lay.spot(seat).pile
            dx = lay.card_w(lay.pile_h) * (0.95 + 0.45 * i)
            k = f"mq{m.suit}"
            out[k] = Target(k, "Q" + m.suit, px + (dx if px < lay.size[0] * 0.7 else -dx),
                            py, 0, lay.pile_h, 14 + i, True, "reminder", seat)
    if trump_up is not None and soloist is not None:
        # Where the contract turned it up (Director._reveal_trump_card): it stays there.
        x, y = trump_reveal_spot(lay, soloist)
        out[trump_up] = Target(trump_up, trump_up, x, y, 0, lay.table_h, 40, True, "aside",
                               soloist)
    if is_aside and fh is not None:
        ax, ay = lay.spot(fh).aside
        known = aside_name if (view == fh or obs.trump) else None
        k = known or "aside"
        out[k] = Target(k, known, ax, ay, 90, lay.table_h, 40, known is not None, "aside", fh)
    return out


def trump_reveal_spot(lay: TableLayout, soloist: int) -> tuple[float, float]:
    """Where the Mariáš trump card lies face up once the Suit contract stands: a third of
    the way from the soloist's aside place towards the middle, in every seat's sight."""
    ax, ay = lay.spot(soloist).aside
    cx, cy = lay.center
    return ax + (cx - ax) * 0.35, ay + (cy - ay) * 0.35
