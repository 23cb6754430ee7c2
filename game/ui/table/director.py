"""Turns flow events into what the player sees: card moves, the deal, banners.

The director only compares two observations (before/after an action) and the
action; it never decides a rule.  Where the table needs an in-between
picture — the finished trick resting before it slides to its winner — it is
assembled from the two observations (``last_trick`` says which cards and who
won).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.rules import Action, KingQueenObservation, MariasObservation, Observation, Verb
from game.rules.cards import SUITS, marriage_points

from ..flow import ActionApplied, DealStarted, FlowEvent, Resumed
from . import text
from .animation import Animator, ease_in_out_cubic
from .controls import action_label, component_label, suit_name
from .hud import Bubble
from .layout import TableLayout
from .moments import Moment, declaration_moment
from .sprites import Sprite, Target, board_targets, trump_reveal_spot
from .stage import Stage

#: The colour of an announcement that is bad news for the one it concerns.
BAD_NEWS = (255, 176, 150)
#: Seconds the table pauses on the moments of a deal's end before the result panel.
MOMENTS_S = 1.5
#: Seconds the Mariáš trump card is shown to all before it goes back to the soloist (4.6).
TRUMP_SHOW_S = 1.8

#: Seconds (at "normal" speed) of the main moves.
PLAY_S = 0.30
TRICK_REST_S = 0.55
GATHER_S = 0.36
DRAW_S = 0.30
DEAL_CARD_S = 0.26
DEAL_STAGGER_S = 0.055
PACKET_GAP_S = 0.14
SHUFFLE_S = 0.85
CUT_S = 0.4


class Director:
    """Schedules the animation steps for each flow event on the stage."""

    def __init__(self, stage: Stage, anim: Animator, view: int,
                 bubble: Callable[[Bubble], None]):
        self.stage = stage
        self.anim = anim
        self.view = view
        self.bubble = bubble
        self.selected: frozenset[str] = frozenset()
        #: How many deals this table has dealt (a Mariáš pack is gathered and cut after the
        #: first).
        self.deals_seen = 0
        #: Whether card and suit names are the German deck's (set by the table).
        self.german_names: bool | None = None
        #: The observation the stage currently shows (after the queued steps have run).
        self.shown: Observation | None = None
        #: The observation the stage shows *now* (the panels follow the cards, not ahead).
        self.displayed: Observation | None = None
        #: Shuffle/cut effect progress: (kind, started) read by the scene's draw.
        self.effect: str | None = None
        self.deal_owners: Callable[[int], list[int]] | None = None
        #: Plays a named effect of the sound service ("card", "shuffle", "trick", …).
        self.sound: Callable[[str], None] = lambda name: None
        #: How long a finished trick rests before it goes to its winner: seconds (real), or
        #: None — until the player collects it (:meth:`collect`).  Set by the table from the
        #: settings; the default is the short rest of a table nobody watches.
        self.trick_pause: Callable[[], float | None] = lambda: TRICK_REST_S * self.anim.factor
        self._collected = True
        #: Mariáš: a defender holds the key that shows the soloist's trump card again.
        self.peek_trump = False

    @property
    def layout(self) -> TableLayout:
        return self.stage.layout

    def targets(self, obs: Observation) -> dict[str, Target]:
        return board_targets(obs, self.layout, self.view, self.selected, self.peek_trump)

    # --- spawning ---------------------------------------------------------------------
    def _spawner(self, before: Observation | None, mover: int | None
                 ) -> Callable[[Target, dict[str, Sprite]],
                               tuple[float, float, float, float, float]]:
        lay = self.layout

        def spawn(t: Target, vanished: dict[str, Sprite]) -> tuple[float, float, float, float,
                                                                     float]:
            flip = -1.0
            # 1. Something of the same role and seat just left: the card comes from there.
            same = [s for s in vanished.values() if s.role == t.role and s.seat == t.seat]
            if t.role == "hand" and not same:
                # Mariáš: the face-down blind cards are picked up into the hand.
                same = [s for s in vanished.values() if s.role == "blind"]
            if t.role in ("trick", "talon"):
                src_roles = ("opp", "hand", "aside")
                same = [s for s in vanished.values() if s.role in src_roles and
                        (s.seat == (t.seat if t.role == "trick" else mover))]
            if same:
                s = same.pop()
                vanished.pop(s.key, None)
                return s.x, s.y, s.angle, s.h, s.flip if s.card == t.card else -1.0
            # 2. Defaults per role.
            if t.role in ("hand", "opp", "blind") and before and before.stock_size:
                x, y = lay.stock
                return x, y, 0, lay.table_h, flip
            if t.role in ("trick", "indicator", "aside") and t.seat is not None:
                x, y = lay.spot(t.seat).hand
                return x, y, lay.spot(t.seat).angle, lay.opp_h, flip
            if t.role == "indicator" and mover is not None:
                x, y = lay.spot(mover).hand
                return x, y, 0, lay.opp_h, flip
            if t.role in ("pile", "stock", "talon"):
                return t.x, t.y, t.angle, t.h, flip
            if t.role == "reminder" and t.seat is not None:
                x, y = lay.spot(int(t.seat)).pile
                return x, y, 0, lay.pile_h, -1.0
            x, y = lay.center
            return x, y, 0, lay.table_h, flip

        return spawn

    def _vanisher(self, mover: int | None) -> Callable[[Sprite], tuple[float, float] | None]:
        lay = self.layout

        def to(s: Sprite) -> tuple[float, float] | None:
            if s.role == "flash" and s.seat is not None:
                return lay.spot(s.seat).hand
            if s.role in ("indicator", "aside", "trick") and s.card is not None and \
                    mover is not None:
                return lay.spot(mover if s.role != "aside" else (s.seat or 0)).hand
            return None

        return to

    def show(self, obs: Observation, before: Observation | None = None,
             mover: int | None = None, duration: float = PLAY_S) -> None:
        """Queue a move of the stage to ``obs``."""
        def step() -> None:
            self.displayed = obs
            self.stage.reconcile(self.targets(obs), self._spawner(before, mover), duration,
                                 vanish_to=self._vanisher(mover))
        self.anim.then(step)
        self.shown = obs

    def collecting(self) -> bool:
        """Is a finished trick waiting for the player to collect it?"""
        return not self._collected and self.anim.waiting()

    def collect(self) -> bool:
        """The player collects the resting trick (a click or a key); True if one waited."""
        if not self.collecting():
            return False
        self._collected = True
        return True

    def snap(self, obs: Observation) -> None:
        self.anim.finish()
        self.stage.snap(self.targets(obs))
        self.shown = self.displayed = obs

    def refresh(self) -> None:
        """Re-place the current picture (selection changed, layout changed)."""
        if self.shown is not None and not self.anim.busy():
            self.stage.reconcile(self.targets(self.shown), self._spawner(None, None), 0.16)

    # --- events -----------------------------------------------------------------------
    def on_event(self, e: FlowEvent) -> None:
        if isinstance(e, DealStarted) and e.after is not None:
            self.deal(e.after)
        elif isinstance(e, Resumed) and e.after is not None:
            self.snap(e.after)
        elif isinstance(e, ActionApplied) and e.before is not None and e.after is not None \
                and e.action is not None:
            self.action(e.seat, e.action, e.before, e.after)

    def deal(self, obs: Observation) -> None:
        """Shuffle (or cut), then deal in the real packets (deal_owners of the variant)."""
        lay = self.layout
        gathered = isinstance(obs, MariasObservation) and bool(obs.options.get(
            "gather_and_cut")) and self.deals_seen > 0
        self.deals_seen += 1
        self.selected = frozenset()

        def start_effect() -> None:
            self.stage.sprites = {}
            self.stage.ghosts = []
            self.displayed = obs
            self.sound("shuffle")
            self.effect = "cut" if gathered else "shuffle"
        self.anim.then(start_effect, hold=CUT_S if gathered else SHUFFLE_S + CUT_S)
        targets = self.targets(obs)
        order = self._deal_order(obs, targets)

        def deal_step() -> None:
            self.effect = None
            self.displayed = obs
            dx, dy = lay.deck
            sprites: dict[str, Any] = {}
            delay = 0.0
            prev_owner = None
            for key in order:
                t = targets[key]
                owner = t.seat if t.role in ("hand", "opp", "blind") else -1
                if prev_owner is not None and owner != prev_owner:
                    delay += PACKET_GAP_S
                prev_owner = owner
                # Cards fly at their final size and angle: no per-frame scaling or rotating.
                s = Sprite(key, t.card, dx, dy, t.angle, t.h, 300 + len(sprites), -1.0,
                           t.role, t.seat, home_h=round(t.h))
                sprites[key] = s
                self.anim.tween(s, DEAL_CARD_S, delay, ease_in_out_cubic,
                                on_done=_z(s, t.z), x=t.x, y=t.y)
                if t.up:
                    self.anim.tween(s, 0.18, delay + DEAL_CARD_S, flip=1.0)
                delay += DEAL_STAGGER_S
            for key, t in targets.items():
                if key not in sprites:
                    sprites[key] = Sprite(key, t.card, t.x, t.y, t.angle, t.h, t.z,
                                          1.0 if t.up else -1.0, t.role, t.seat,
                                          home_h=round(t.h))
            self.stage.sprites = sprites
        self.anim.then(deal_step, hold=0.15)
        if obs.variant == "sixty-six-3" and isinstance(obs, KingQueenObservation):
            self._show_trump_card(obs)
        self.shown = obs

    def _show_trump_card(self, obs: KingQueenObservation) -> None:
        """Sixty-six for three (3.1): the dealer's last card is shown to all, then kept."""
        lay = self.layout
        card = obs.trump_card
        dealer = obs.dealer

        def show() -> None:
            self.bubble(Bubble(text.t("table_trump_is",
                                      suit=suit_name(card[1])), lay.spot(dealer).bubble,
                               suit=card[1], big=True, ttl=1.8))
            own = self.stage.sprites.get(card) if dealer == self.view else None
            if own is not None:
                self.anim.tween(own, 0.25, 0.0, lift=lay.hand_h * 0.25)
                return
            hx, hy = lay.spot(dealer).hand
            sp = Sprite("trumpflash", card, hx, hy, lay.spot(dealer).angle, lay.opp_h, 260,
                        -1.0, "flash", dealer, home_h=lay.table_h)
            self.stage.sprites["trumpflash"] = sp
            cx, cy = lay.center
            self.anim.tween(sp, 0.35, 0.0, x=hx + (cx - hx) * 0.5, y=hy + (cy - hy) * 0.5,
                            angle=0, h=lay.table_h, flip=1.0)

        def hide() -> None:
            own = self.stage.sprites.get(card)
            if own is not None and own.role == "hand":
                self.anim.tween(own, 0.25, 0.0, lift=0.0)
        self.anim.then(show, hold=1.0)
        self.anim.then(hide)
        self.show(obs, None, dealer)

    def _deal_order(self, obs: Observation, targets: dict[str, Target]) -> list[str]:
        """Keys in the order the dealer hands them out (RULES.md dealing procedures)."""
        per_seat: dict[int, list[str]] = {}
        # Each seat's places filled left to right; Mariáš forehand's five face-down cards
        # (the blind ones) come in the second round, after the seven it may look at.
        for key, t in sorted(targets.items(),
                             key=lambda kv: (kv[1].role == "blind", kv[1].x, kv[1].y)):
            if t.role in ("hand", "opp", "blind"):
                per_seat.setdefault(t.seat if t.seat is not None else -1, []).append(key)
        stock = [k for k, t in targets.items() if t.role in ("indicator",)] + \
            sorted((k for k, t in targets.items() if t.role == "stock"),
                   key=lambda k: int(k[1:]))
        owners: list[int] = []
        if self.deal_owners is not None:
            owners = list(self.deal_owners(obs.dealer))
        if not owners:
            owners = [s for s in per_seat for _ in per_seat[s]] + [-1] * len(stock)
        out: list[str] = []
        for owner in owners:
            pool = stock if owner == -1 else per_seat.get(owner, [])
            if pool:
                out.append(pool.pop(0))
        for pool in list(per_seat.values()) + [stock]:
            out.extend(pool)
        return out

    def action(self, seat: int | None, action: Action, before: Observation,
               after: Observation) -> None:
        verb = action.verb
        lay = self.layout
        anchor = lay.spot(seat).bubble if seat is not None else lay.center
        label = action_label(action, before, self.german_names)
        if verb in (Verb.MARRIAGE, Verb.CLOSE, Verb.DECLARE, Verb.DOUBLE, Verb.ANNOUNCE,
                    Verb.CONTRACT, Verb.BAD):
            self.sound("announce")
        elif verb in (Verb.PLAY, Verb.TRUMP, Verb.DISCARD, Verb.EXCHANGE):
            self.anim.then(lambda: self.sound("card"))
        if verb is Verb.PLAY:
            self._play(seat, before, after)
        elif verb is Verb.MARRIAGE:
            suit = SUITS[action.suit]
            pts = marriage_points(before.trump == suit)
            self.bubble(Bubble(f"{pts}!", anchor, suit=suit, big=True, ttl=1.8))
            self._flash_marriage(seat, suit, after)
        elif verb is Verb.CLOSE:
            self.bubble(Bubble(text.t("table_stock_closed"), anchor, big=True,
                               ttl=2.6))
            self.show(after, before, seat, duration=0.45)
        elif verb is Verb.DECLARE:
            if seat is not None and seat < len(before.points):
                self.say(declaration_moment(seat, before.points[seat], after.score))
            self.show(after, before, seat)
        elif verb is Verb.EXCHANGE:
            self.bubble(Bubble(text.t("act_exchange"), anchor))
            self.show(after, before, seat, duration=0.5)
        elif verb is Verb.TRUMP:
            self.bubble(Bubble(text.t("act_trump"), anchor))
            self.show(after, before, seat, duration=0.45)
        elif verb is Verb.DISCARD:
            self.show(after, before, seat, duration=0.45)
        elif verb in (Verb.CONTRACT, Verb.GOOD, Verb.BAD, Verb.DOUBLE, Verb.ANNOUNCE, Verb.PASS):
            words = label
            trump = after.trump if verb is Verb.CONTRACT and action.name.startswith("suit") \
                else None
            self.bubble(Bubble(words + ("!" if verb is Verb.DOUBLE else ""), anchor, suit=trump,
                               big=verb in (Verb.DOUBLE, Verb.CONTRACT), ttl=1.7))
            if isinstance(after, MariasObservation) and _trump_card_turns_up(before, after):
                self._reveal_trump_card(before, after)
            else:
                self.show(after, before, seat, duration=0.45)
        else:
            self.show(after, before, seat)
        # Mariáš announces marriages itself when a queen is played with its king.
        for m in after.marriages[len(before.marriages):]:
            if verb is Verb.PLAY:
                a = lay.spot(m.seat).bubble
                self.bubble(Bubble(f"{m.points}!", a, suit=m.suit, big=True, ttl=1.8))

    def say(self, m: Moment) -> None:
        """Announce a moment: a speech bubble at its seat (the middle for a whole side)."""
        lay = self.layout
        anchor = lay.spot(m.seat).bubble if m.seat is not None else lay.center
        params = dict(m.params)
        if "what" in params:
            params["what"] = component_label(str(params["what"]))
        self.bubble(Bubble(text.t(m.key, **params), anchor, big=True, ttl=2.8,
                           colour=(246, 238, 218) if m.good else BAD_NEWS))

    def announce(self, moments: list[Moment]) -> None:
        """The moments of a deal's end, with the announce sound, before the result panel."""
        if not moments:
            return

        def speak() -> None:
            self.sound("announce")
            for m in moments:
                self.say(m)
        self.anim.then(speak, hold=MOMENTS_S)

    def _reveal_trump_card(self, before: Observation, after: MariasObservation) -> None:
        """Mariáš 4.6: the Suit contract stands — the trump card, which lay aside, is shown to
        all (turned up in front of the soloist, named in a bubble), then goes back into the
        soloist's hand.  The defenders learn the card here, and the observation keeps it."""
        lay = self.layout
        card = str(after.trump_card)
        soloist = after.soloist if after.soloist is not None else after.forehand
        german = bool(self.german_names)

        def show() -> None:
            sp = self.stage.sprites.get(card) or self.stage.sprites.get("aside")
            if sp is None:  # (resumed mid-animation) lay it out from the soloist's hand
                hx, hy = lay.spot(soloist).hand
                sp = Sprite("aside", card, hx, hy, lay.spot(soloist).angle, lay.opp_h, 260,
                            -1.0, "aside", soloist, home_h=lay.table_h)
                self.stage.sprites["aside"] = sp
            sp.card = card
            sp.z = 260
            x, y = trump_reveal_spot(lay, soloist)
            self.anim.tween(sp, 0.4, 0.0, ease_in_out_cubic, x=x, y=y, angle=0,
                            h=lay.table_h, flip=1.0)
            self.sound("announce")
            # Named under the card (in the middle: every seat's eyes are on it).
            self.bubble(Bubble(text.t("table_trump_card_shown",
                                      card=text.card(card, german)),
                               (x, y + lay.table_h * 0.5 + lay.margin), suit=card[1],
                               ttl=TRUMP_SHOW_S + 0.8, valign="top"))
        self.anim.then(show, hold=TRUMP_SHOW_S)
        self.show(after, before, soloist, duration=0.45)

    def _play(self, seat: int | None, before: Observation, after: Observation) -> None:
        completed = len(after.trick) <= len(before.trick)
        last = after.last_trick
        if not completed or not last:
            self.show(after, before, seat)
            return
        # 1. The card joins the trick (the trick is shown complete).
        played = last.cards[-1].card
        hand = before.hand
        if seat == self.view and played in hand:
            hand = tuple(c for c in hand if c != played)
        sizes = list(before.hand_sizes)
        if seat is not None and seat < len(sizes):
            sizes[seat] -= 1
        mid = replace(before, trick=last.cards, hand=hand, hand_sizes=tuple(sizes),
                      shown=after.shown if before.shown else before.shown)
        self.show(mid, before, seat)
        pause = self.trick_pause()
        if pause is None:
            def rest() -> None:
                self._collected = False
            self.anim.then(rest)
            self.anim.wait(lambda: self._collected)
        else:
            self.anim.then(lambda: None, hold=pause, scaled=False)
        # 2. The trick slides to its winner's pile, face down.
        winner = last.winner
        lay = self.layout

        def gather() -> None:
            self.sound("trick")
            px, py = lay.spot(winner).pile
            for i, (_s, c) in enumerate(last.cards):
                sp = self.stage.sprites.get(c)
                if sp is None:
                    continue
                self.anim.tween(sp, GATHER_S, i * 0.04, ease_in_out_cubic, x=px, y=py,
                                angle=0, h=lay.pile_h, flip=-1.0)
        self.anim.then(gather)
        # 3. The rest of the new state: piles, drawing from the stock, open hands …
        self.show(after, mid, seat, duration=DRAW_S)

    def _flash_marriage(self, seat: int | None, suit: str, after: Observation) -> None:
        """Show the pair: lift the viewer's K and Q, or lay an opponent's pair face up."""
        lay = self.layout
        pair = ["K" + suit, "Q" + suit]

        def show_pair() -> None:
            if seat == self.view:
                for c in pair:
                    sp = self.stage.sprites.get(c)
                    if sp is not None:
                        self.anim.tween(sp, 0.25, 0.0, lift=lay.hand_h * 0.22)
                return
            if seat is None:
                return
            hx, hy = lay.spot(seat).hand
            cx, cy = lay.center
            fx, fy = hx + (cx - hx) * 0.45, hy + (cy - hy) * 0.45
            for i, c in enumerate(pair):
                sp = self.stage.sprites.get(c)
                if sp is None:
                    sp = Sprite(c, c, hx, hy, lay.spot(seat).angle, lay.opp_h, 250, -1.0,
                                "flash", seat, home_h=lay.table_h)
                    self.stage.sprites[c] = sp
                tx = fx + (i - 0.5) * lay.table_h * 0.72
                self.anim.tween(sp, 0.3, 0.0, x=tx, y=fy, angle=0, h=lay.table_h, flip=1.0)

        def hide_pair() -> None:
            if seat == self.view:
                for c in pair:
                    sp = self.stage.sprites.get(c)
                    if sp is not None:
                        self.anim.tween(sp, 0.25, 0.0, lift=0.0)
        self.anim.then(show_pair, hold=0.9)
        self.anim.then(hide_pair)
        self.show(after, None, seat)


def _z(s: Sprite, z: int) -> Callable[[], None]:
    def done() -> None:
        s.z = z
    return done


def _trump_card_turns_up(before: Observation, after: Observation) -> bool:
    """Mariáš: has the Suit contract just come to stand (the trump card is shown to all)?"""
    return (isinstance(after, MariasObservation) and isinstance(before, MariasObservation)
            and bool(after.trump_card) and after.phase != before.phase
            and before.phase in ("answer", "discard")
            and (after.contract or "").startswith("suit"))
