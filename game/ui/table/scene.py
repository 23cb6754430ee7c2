"""The table scene: seats, cards, the turn flow, and everything the player sees and does.

Composition (each piece small and replaceable): :class:`~game.ui.flow.TurnFlow`
(who acts, via the rules engine) → :class:`~.director.Director` (what moves)
→ :class:`~.stage.Stage` (sprites, cached pictures) ← :class:`~.input.TableInput`
(mouse/keys); :class:`~.model.TableModel` holds what the player chose and what lies
open, :class:`~.view.TableView` draws it all.  The scene glues them to the app: it
answers the flow's events, builds the widgets and reacts to resizes without touching
the game state.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.rules import Action, Match, Observation, Refusal, RulesError, Verb, replay_text
from game.rules.actions import DECLARE, discard
from game.rules.cards import CARD_STR, card, cards_of
from game.rules.variants import deal_class, deck_cards
from game.ui import routes
from game.ui.builder import Build
from game.ui.practice.host import TablePicture
from game.ui.practice.layer import NEEDED, PracticeLayer, table_rects
from game.ui.practice.panels import ConfirmDialog
from game.ui.widgets.scaling import ensure_font_scale
from game.ui.widgets.shared import release_menu_pictures

from ..fits import Fit
from ..flow import (
    ActionApplied,
    DealEnded,
    DealStarted,
    FlowEvent,
    MatchEnded,
    Phase,
    Refused,
    Resumed,
    TableFlow,
    TurnFlow,
)
from ..player_names import seat_name as player_seat_name
from ..players import BotInput, BotServer, HumanInput, Input, make_engine
from ..regions import BOX, CARD, LEGEND, PANEL, Region
from ..scene import Scene
from ..session import GameSetup
from ..settings import Settings
from . import text as words
from .animation import Animator
from .art import CardArt, make_renderer
from .controls import FKEY_NAMES, ButtonBar, decision_buttons
from .counting import CountingPanel
from .director import Director
from .hand_looks import lift_cards, mark_cards
from .hud import Bubble, Fonts, forget_panels
from .input import TableInput, takes_back
from .layout import TableLayout, compute_layout
from .model import Overlay, TableModel
from .moments import deal_moments
from .panels import Panels
from .stage import Stage
from .table_buttons import RESULT_KEYS, TableButtons
from .text import t
from .trainer import TrainerPanel
from .view import TableView

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

#: The colour of the bubble that explains the keys (so a new one replaces the old).
KEYS_COLOUR = (200, 230, 255)
#: Keys that never collect a finished trick (they do something else, or nothing).
PASSIVE_KEYS = frozenset({
    pygame.K_ESCAPE, pygame.K_F11, pygame.K_d, pygame.K_l, pygame.K_h, pygame.K_c, pygame.K_t,
    pygame.K_TAB,
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
    pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR})


def deck_faces(variant: str) -> list[str]:
    """The faces of the cards a game is played with, as the card art names them (the
    deck itself is the rules' :func:`game.rules.variants.deck_cards`)."""
    return [CARD_STR[c] for c in sorted(deck_cards(variant))]


class TableScene(Scene):
    name = "table"
    kept = True

    def __init__(self, app: App):
        super().__init__(app)
        self.flow: TableFlow | None = None
        self.setup: GameSetup | None = None
        self.view_seat = 0
        self.human: HumanInput | None = None
        self.anim = Animator()
        self.fonts = Fonts.of(app)
        self.renderer = make_renderer()
        self.art: CardArt | None = None
        self.layout: TableLayout = compute_layout(app.size, 2)
        self.stage: Stage | None = None
        self.director: Director | None = None
        self.bubbles: list[Bubble] = []
        self.buttons = ButtonBar(app.manager)
        #: The table's own questions ("declare 66 with only 23 points?"); modal while open.
        self.confirm = ConfirmDialog(app.manager)
        #: Menu, Hint, Undo and the result panel's buttons.
        self.table_buttons = TableButtons(app.manager)
        #: What the player has chosen and what lies open over the cards (drawn by this
        #: scene and its panels, changed by the input and the flow's events).
        self.model = TableModel()
        self.input = TableInput(self)
        #: Hints, practice warnings, tips, undo and review (game.ui.practice); None only at
        #: a network table.
        self.layer: PracticeLayer | None = None
        self.bot_budget_ms: float | None = None
        self.bot_server: BotServer | None = None
        #: The hand's hover lift is still moving towards its target.
        self._lifting = False
        #: The thinking dots' seat and step, as last drawn.
        self._dots: tuple[int, int] | None = None
        self.clock = 0.0
        self.panels = Panels(self)
        #: The counting aid (C) and the counting trainer's questions (game.ui.table.counting).
        self.counting = CountingPanel(self)
        self.trainer = TrainerPanel(self)
        #: Draws the model and the parts; knows what the last frame drew.
        self.view = TableView(self)

    @property
    def widgets(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The table's own buttons by key (Menu, Hint, Undo, the result panel's)."""
        return self.table_buttons.widgets

    # --- settings -------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        s = self.app.services.settings
        return s if isinstance(s, Settings) else Settings()

    # --- scene lifecycle -------------------------------------------------------------
    def enter(self, **params: Any) -> None:
        # The menus' felt, boxes, cards and pygame-gui's shapes: megabytes at 1080p.
        release_menu_pictures(self.app.manager)
        scripted = self.app.services.table_bot_budget_ms
        self.bot_budget_ms = params.get("bot_budget_ms", self.bot_budget_ms
                                        if scripted is None else scripted)
        if params.get("resume_record"):
            self._resume(params["resume_record"], params.get("setup"))
        elif params.get("setup") is not None:
            self._new_match(params["setup"])
        elif self.flow is None:
            self._new_match(GameSetup("marriage"))
        if params.get("resume_record") or params.get("setup") is not None:
            self.counting.reset()  # a new table: the aid as the settings say
            self.trainer.reset()
        self.anim.speed = self.settings.animation_speed
        self._attach_practice_layer()
        # Built in three frames in the program's loop (the text size of a new window size
        # reloads the whole theme; then the widgets): each one stays a short frame, and the
        # window keeps the last picture meanwhile (game.ui.scene).  Tests build it at once.
        steps = [self._fit_text, self._build_widgets]
        if params.get("continue_match"):
            steps.append(self._continue_match)
        # One step per frame: the frame that entered the table has done its share.
        self.start_build(Build.of_calls(steps, one_per_frame=True, rest_first=True))

    def _fit_text(self) -> None:
        """The widgets' text follows the table's text size (17 px at 720 p = the theme's
        1.0): the size this window's layout asks for."""
        players = self.flow.match.players if self.flow else 2
        layout = compute_layout(self.app.size, players, self.view_seat)
        ensure_font_scale(self.app, layout.font / 17)

    def _continue_match(self) -> None:
        if self.flow is not None and self.flow.state is Phase.DEAL_END:
            self.next_deal()  # back from the score sheet's "Next deal"

    def _attach_practice_layer(self) -> None:
        """game.ui.practice's layer: hint panel, practice warnings, tips, take back, review.

        Part of every local table (practice mode only adds the warnings and tips); the
        Hint button and the H key ask it (:meth:`on_hint`).
        """
        if self.layer is None:
            self.layer = PracticeLayer(self)

    def on_hint(self) -> None:
        """The Hint button / H: the practice layer's hint (none at a network table)."""
        if self.layer is not None:
            self.layer.hint()

    def leave(self) -> None:
        if self.bot_server is not None:
            BotServer.prestart_soon()  # the next table (a new match) starts without waiting
        self.confirm.close()
        self.trainer.hide()
        if self.layer is not None:
            self.layer.close()
        self.anim.finish()
        self.buttons.clear()
        self.table_buttons.clear()
        # Screens are kept for the next visit: what only the drawing needs goes — the
        # window-sized layer and felt and this table's rotated, dimmed and glowing
        # pictures; the next frame here composes them again (quickly, no blur: the
        # shared shadows and rims stay).
        self.view.forget()
        if self.art is not None:
            self.art.release()
        forget_panels()  # the plates' and boxes' panels are the table's, by size

    def resize(self, size: tuple[int, int]) -> None:
        """Only the layout and the widgets change; the flow and the match stay as they are."""
        self._build_widgets()

    # --- match set-up ----------------------------------------------------------------
    def _inputs(self, setup: GameSetup, match: Match) -> list[Input]:
        """One input per seat: the person (HumanInput) and the computer players (BotInput)."""
        players = match.players
        seats = list(setup.seats)
        if len(seats) != players:
            seats = (seats[:1] or ["human"]) + ["normal"] * (players - 1)
            seats = seats[:players]
        self.view_seat = seats.index("human") if "human" in seats else 0
        # Demo / selftest: the computer also plays the human's seat (seen from there).
        autoplay = self.app.services.table_autoplay
        if autoplay:
            seats = [str(autoplay) if k == "human" else k for k in seats]
        inputs: list[Input] = []
        self.human = None
        base = match.seed % 1_000_003  # bots differ between matches, repeat with a seed
        if any(k != "human" for k in seats) and self.bot_server is None:
            self.bot_server = BotServer.try_start()
        for seat, kind in enumerate(seats):
            if kind == "human" and self.human is None:
                self.human = HumanInput()
                inputs.append(self.human)
            else:
                level = kind if kind != "human" else "normal"
                engine = make_engine(level, setup.variant, base * 7 + seat, self.bot_budget_ms,
                                     self.bot_server)
                inputs.append(BotInput(engine, lambda: self.settings.bot_pause_ms, level,
                                       on_ready=self.wake))
        return inputs

    def _new_match(self, setup: GameSetup) -> None:
        self._close_flow(wait=False)
        self.setup = setup
        match = Match(setup.variant, setup.options or None, seed=setup.seed)
        self._make_flow(match, setup)

    def _resume(self, record: str, setup: GameSetup | None) -> None:
        if self.flow is not None and self.flow.record_text() == record:
            return  # the same game: just continue where it paused
        try:
            deals = replay_text(record)
        except RulesError as exc:
            log.error("cannot resume the saved game: %s", exc)
            self._new_match(setup or GameSetup("marriage"))
            return
        first = deals[0]
        variant = first.variant
        if setup is None or setup.variant != variant:
            setup = GameSetup(variant, options=dict(first.options),
                              seats=["human"] + ["normal"] * (first.players - 1))
        try:  # every finished deal but the last is counted: the flow scores that one
            match = Match.resume(deals, seed=setup.seed)
        except RulesError as exc:
            log.error("cannot resume the saved game: %s", exc)
            self._new_match(setup)
            return
        self._close_flow(wait=False)
        self.setup = setup
        self._make_flow(match, setup)

    def _make_flow(self, match: Match, setup: GameSetup) -> None:
        inputs = self._inputs(setup, match)
        self.model.new_match()
        self.bubbles = []
        self.flow = TurnFlow(match, inputs, self.view_seat, listener=self._on_flow,
                             busy=self.anim.busy, auto_next=False)
        self.layout = compute_layout(self.app.size, match.players, self.view_seat)
        self._ensure_stage()
        assert self.director is not None
        self.director.view = self.view_seat
        self.director.deal_owners = deal_class(match.variant).deal_owners
        self.director.sound = self.play_sound
        self.director.trick_pause = self._trick_pause
        self.director.deals_seen = 0
        self.flow.start()

    def shutdown(self) -> None:
        """Stop the bots (threads and the bot process) and the faces drawn ahead; the
        program is closing."""
        self._close_flow()
        if self.art is not None:
            self.art.stop_warming()

    def _close_flow(self, wait: bool = True) -> None:
        """End the match's flow and its bot process (``wait=False``: a new match follows,
        the old process is reaped on a thread, see BotServer.close)."""
        if self.flow is not None:
            self.flow.close()
        self.flow = None
        if self.bot_server is not None:
            self.bot_server.close(wait=wait)
            self.bot_server = None
        self.anim.finish()

    # --- layout and widgets ------------------------------------------------------------
    def _ensure_stage(self) -> None:
        s = self.settings
        variant = self.setup.variant if self.setup else "marriage"
        if self.art is None:
            self.art = CardArt(self.renderer, s.deck_for(variant), s.card_back, self.app.size)
        else:
            before = self.art.artwork
            self.art.set_style(s.deck_for(variant), s.card_back)
            self.art.set_window(self.app.size)
            if self.art.artwork != before:
                # The deck that was left: its faces (megabytes at 1080p) are not asked for
                # again at this table; another screen showing it renders what it needs.
                self.renderer.keep_only({self.art.artwork})
        if self.stage is None:
            self.stage = Stage(self.art, self.layout, self.anim)
            self.director = Director(self.stage, self.anim, self.view_seat, self._add_bubble)
        self.stage.layout = self.layout
        self.stage.art = self.art
        assert self.director is not None
        self.director.german_names = self.german_names

    def _build_widgets(self) -> None:
        players = self.flow.match.players if self.flow else 2
        old = self.layout
        self.layout = compute_layout(self.app.size, players, self.view_seat)
        self._ensure_stage()
        self.view.fit(self.app.size)
        assert self.director is not None and self.art is not None
        if self.director.shown is not None and old.size != self.layout.size:
            # New card sizes: jump to the end of the running moves, re-place everything.
            self.director.snap(self.director.shown)
        L = self.layout
        if old.size != L.size:
            # The faces of the window size that was left are not drawn again (nor by a
            # warm-up still drawing them: it is stopped first).
            self.art.stop_warming()
            self.renderer.keep_only(heights=set(L.card_heights()))
        ensure_font_scale(self.app, L.font / 17)  # (a no-op after _fit_text)
        # Warm the faces at this size (on a worker) so the moves do not stall on rendering.
        variant = self.flow.match.variant if self.flow else "marriage"
        self.art.warm(deck_faces(variant), [L.hand_h, L.table_h])
        self.table_buttons.clear()
        self.table_buttons.corner(L, undo=self.setup is not None and self.setup.practice
                                  and self.layer is not None)
        self.buttons.clear()
        self.confirm.close()  # built for the old size; the player simply asks again
        self.trainer.rebuild()  # an open counting question, laid out for the new size
        self._result_widgets()

    def _result_widgets(self) -> None:
        keys = self.result_keys() if self.model.result is not None else []
        self.table_buttons.result(self.layout, self.panels, keys)

    def result_keys(self) -> list[tuple[str, str]]:
        """The result panel's buttons: (key, label)."""
        keys = []
        assert self.model.result is not None
        if not self.model.result.get("match_over"):
            keys.append(("next", t("table_next_deal")))
        practice = self.setup is not None and self.setup.practice
        # Practice games do not count in the statistics: the score sheet (and the match
        # result after it) files every deal it shows, so practice offers the review instead.
        if "score" in self.app.scene_factories and not practice:
            keys.append(("score", t("table_scores")))
        if self.layer is not None and "review" in self.app.scene_factories and practice:
            keys.append(("review", t("practice_review")))
        if self.can_show_me():
            keys.append(("showme", t("showme_button")))
        keys.append(("end_menu", t("table_menu")))
        return keys

    # --- flow events ----------------------------------------------------------------------
    def _on_flow(self, e: FlowEvent) -> None:
        assert self.director is not None
        if isinstance(e, DealStarted):
            self.model.new_deal()
            self._result_widgets()
        if isinstance(e, Refused):
            self.refuse(e.reason or Refusal("card_unavailable"))
            return
        if isinstance(e, ActionApplied | Resumed):
            self.model.moved(by_viewer=isinstance(e, ActionApplied) and e.seat == self.view_seat)
            self.director.selected = frozenset()
        self.director.on_event(e)
        if isinstance(e, ActionApplied | DealStarted):
            # Saved as soon as it is dealt: leaving before the first move keeps the match.
            self.save()
        elif isinstance(e, DealEnded):
            self._deal_end(e)
        elif isinstance(e, MatchEnded):
            storage = self.app.services.storage
            if storage is not None:
                try:
                    storage.clear_match()  # nothing left to continue
                except Exception:  # noqa: BLE001
                    log.exception("clearing the saved match failed")
            self.model.result = {"match_over": True, "title": "Match over",
                                 "totals": e.totals}
            self._result_widgets()

    def _deal_end(self, e: DealEnded) -> None:
        """Reveal the hands (full state is allowed now) and show the result panel."""
        flow = self.flow
        assert flow is not None and flow.deal is not None and self.director is not None
        deal = flow.deal
        obs = e.after or flow.observation()
        assert obs is not None
        shown = dict(obs.shown)
        for seat in range(flow.match.players):
            if seat != self.view_seat:
                shown[seat] = tuple(sorted(CARD_STR[c] for c in cards_of(deal.hand(seat))))
        sizes = tuple(len(shown.get(s, ())) if s != self.view_seat else len(obs.hand)
                      for s in range(flow.match.players))
        self.director.show(replace(obs, shown=shown, hand_sizes=sizes), None, None,
                           duration=0.4)
        info = e.result()
        self.director.announce(deal_moments(info.get("summary") or {}, obs))

        def reveal() -> None:
            self.model.result = info
            self._result_widgets()
            self.app.tidy_at_rest()  # the deal's passing pictures go back to the system
            score = info.get("score") or []
            if self.human is not None and self.view_seat < len(score):
                mine = score[self.view_seat]
                best = max(score)
                self.play_sound("win" if mine == best and mine > min(score) else "lose"
                                if mine < best else "click")
        self.anim.then(reveal)
        self.save()

    def save(self) -> None:
        """Hand the match to the storage service (Continue in the menu resumes it)."""
        storage = self.app.services.storage
        if storage is None or self.flow is None or self.setup is None:
            return
        try:
            storage.save_match(self.flow.record_text(), self.setup)
        except Exception:  # noqa: BLE001 - saving must never break the game
            log.exception("saving the match failed")

    def play_sound(self, name: str) -> None:
        """An effect of the app's sound service (silent without one; never raises)."""
        snd = self.app.services.sound
        if snd is not None:
            try:
                snd.play(name)
            except Exception:  # noqa: BLE001
                log.debug("sound %s failed", name, exc_info=True)

    def _add_bubble(self, b: Bubble) -> None:
        """A new word from a seat replaces that seat's previous bubble (no pile-ups).

        Big bubbles are announcements (66!, a closed stock, a lost Seven): they stay their
        full time at every animation speed, so a fast table never hides them."""
        if not b.big:
            b.ttl *= max(0.5, self.anim.factor) if self.anim.factor else 0.6
        self.bubbles = [o for o in self.bubbles if o.anchor != b.anchor]
        for spot in self.layout.seats:
            if b.anchor == spot.bubble:
                b.valign = "bottom" if spot.side == "bottom" else "top"
        self.bubbles.append(b)

    # --- actions from the player ------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        """Hand the player's action to the flow (practice mode may ask "are you sure?" first)."""
        if self.human is None or not self.human.waiting:
            return False
        confirmed = self.model.take_confirmed(action)
        if not confirmed and self._ask_first(action):
            return False  # the dialog re-submits it if the player confirms
        if confirmed and self.layer is not None:
            self.layer.confirmed(action)  # asked once is enough: no practice warning on top
        if self.layer is not None and not self.layer.allow(action):
            return False  # the layer re-submits it if the player confirms
        ok = self.human.submit(action)
        if ok and self.flow is not None:
            self.flow.update()
        return ok

    def short_declaration(self, action: Action) -> int | None:
        """The player's total when ``action`` is a declaration the rules engine says falls
        short of 66 (legal, but it loses the deal); None otherwise."""
        deal = self.flow.deal if self.flow is not None else None
        holds = getattr(deal, "declaration_holds", None)
        if action is not DECLARE or holds is None or holds(self.view_seat):
            return None
        obs = self.input.observation()
        points = obs.points if obs is not None else ()
        return points[self.view_seat] if self.view_seat < len(points) else 0

    def _ask_first(self, action: Action) -> bool:
        """Open the "are you sure?" question for a declaration below 66 (unless the player
        turned it off in Settings); True when it was opened."""
        points = self.short_declaration(action)
        if points is None or not self.settings.confirm_low_declare:
            return False

        def declare() -> None:
            self.model.confirmed = action
            self.submit(action)

        self.confirm.scale = max(0.8, self.app.services.font_scale or 1.0)
        self.confirm.open(self.app.size, t("table_declare_confirm_title"),
                          [t("table_declare_confirm_text", points=points), "",
                           t("table_declare_confirm_off")],
                          t("table_declare_anyway"),
                          t("table_keep_playing"), declare, lambda: None,
                          enter=1)
        return True

    def say_keys(self, arrows: bool = False) -> None:
        """A number key while only buttons are on offer: say which keys the buttons have
        (``arrows``: Enter with no card chosen — say how to choose one)."""
        n = min(len(self.buttons.buttons), len(FKEY_NAMES))
        text = t("table_keys_arrows") if arrows else t("table_keys_use_f", n=n)
        self._say_over_buttons(text)

    def _say_over_buttons(self, text: str) -> None:
        """A word about the keys in a bubble just above the decision's buttons (above
        their top row: a decision of five buttons wraps into two), and above a tip that
        stands over them."""
        L = self.layout
        tops = [b.rect.top for _a, b in self.buttons.buttons if b.visible]
        top = min(tops, default=L.buttons_y)
        x = L.center[0]
        tip = self.layer.tips.rect if self.layer is not None and self.layer.tips.active \
            else None
        if tip is not None and tip.w and tip.top < top <= tip.bottom + L.font * 3:
            # over the tip's middle: the tip stands clear of the cards on the table
            x, top = tip.centerx, tip.top
        self.bubbles = [b for b in self.bubbles if b.colour != KEYS_COLOUR]
        self.bubbles.append(Bubble(text, (x, top - L.margin * 0.5), ttl=2.4,
                                   colour=KEYS_COLOUR, valign="bottom"))

    def can_show_me(self) -> bool:
        """"Could I have won?" after a deal the player played against computers."""
        setup = self.setup
        return bool("showme" in self.app.scene_factories and self.flow is not None
                    and self.flow.deal is not None and self.flow.deal.is_over()
                    and setup is not None and not setup.network
                    and self.view_seat < len(setup.seats)
                    and setup.seats[self.view_seat] == "human")

    def show_me(self) -> None:
        """The deal replayed by the hard level from the player's seat ("showme")."""
        if not self.can_show_me():
            return
        flow = self.local_flow
        if flow is None or self.setup is None:
            return
        names = [self.seat_name(s).split(" · ")[0] for s in range(flow.match.players)]
        self.app.go(routes.ShowMe(deal=flow.deal, seat=self.view_seat, names=names,
                                  levels=list(self.setup.seats), back_to="table"))

    # --- what the practice layer sees of the table (game.ui.practice.host.PracticeHost) ------
    @property
    def local_flow(self) -> TurnFlow | None:
        return self.flow if isinstance(self.flow, TurnFlow) else None

    def observation(self) -> Observation | None:
        return self.input.observation()

    def remote_hint(self, obs: Observation, budget_ms: float) -> Any:
        server = self.bot_server
        if server is None or server.closed:
            return None
        return server.hint(obs, budget_ms)

    def seat_label(self, seat: int) -> str:
        return self.seat_name(seat)

    def point_at(self, action: Action | None) -> None:
        self.model.hint_action = action

    def taken_back(self) -> None:
        """After a take back: no result, nothing chosen, the cards as they lie now, saved."""
        if self.model.taken_back():
            self._result_widgets()
        obs = self.flow.observation() if self.flow is not None else None
        if self.director is not None and obs is not None:
            self.director.selected = frozenset()
            self.director.show(obs, None, None, 0.3)
        self.save()

    def picture(self) -> TablePicture:
        L, stage = self.layout, self.stage
        cards: list[tuple[pygame.Rect, float, bool]] = []
        own: list[pygame.Rect] = []
        if stage is not None:
            # The trump card, the stock (its count) and the cards of the trick are read at
            # a glance every turn: as bad to cover as a hand; piles and a talon much less.
            cards = [(stage.rect_of(sp), 5.0 if sp.role in NEEDED else 2.0,
                      sp.role in NEEDED and sp.role not in ("hand", "blind"))
                     for sp in stage.sprites.values() if sp.role != "flash"]
            # The player's hand as it rests, with room for a card lifted under the mouse:
            # the same while the mouse moves over it, so a panel does not jump.
            for sp in stage.hand_sprites():
                r = stage.rect_of(sp).move(0, round(sp.lift))
                own.append(pygame.Rect(r.x, r.y - L.hover_lift, r.w, r.h + L.hover_lift))
        if own:
            hand_top = int(min(r.top for r in own) - L.margin // 2)
        else:  # where the layout puts the hand before it is dealt
            hand_top = int(round(L.spot(self.view_seat).hand[1] - L.hand_h * 0.62))
        regions = table_rects(L, self.view_seat)
        # The hint panel stays below the boxes and the hand of a player across the table
        # (a two-player game's opponent sits at the top centre).
        tops = [L.info.y + L.info.h, L.score.y + L.score.h]
        tops += [y + h for _x, y, _w, h in (spot.hand_area() for spot in L.seats
                 if spot.side == "top" and spot.seat != self.view_seat)]
        prompt = self.panels.prompt_rect()
        return TablePicture(
            buttons=tuple(pygame.Rect(b.rect) for _a, b in self.buttons.buttons),
            widgets=self.table_buttons.rects(),
            cards=tuple(cards), own_cards=tuple(own),
            plates=tuple(pygame.Rect(r) for r in self.panels.plate_rects.values()),
            seats=tuple(regions[:-1]), trick_area=regions[-1], margin=int(L.margin),
            hand_top=hand_top, room_top=round(max(tops)), bidding=self.counting.bidding(),
            prompt=pygame.Rect(prompt) if prompt is not None else None)

    def overlays(self, aid: bool) -> list[pygame.Rect]:
        return self.overlay_rects(aid)

    def aid_steps_aside(self, aside: bool) -> None:
        self.counting.steps_aside = aside

    def overlay_rects(self, aid: bool = True) -> list[pygame.Rect]:
        """The counting aid's panel (``aid``: where it stands, drawn or stepped aside) and
        an open counting question: what the hint panel and the tips must not cover."""
        spots = [self.counting.spot if aid else pygame.Rect(0, 0, 0, 0),
                 self.trainer.rect if self.trainer.active else pygame.Rect(0, 0, 0, 0)]
        return [pygame.Rect(r) for r in spots if r.w]

    def say_counting_hidden(self) -> None:
        """C in the counting trainer (or at a table with friends): the aid stays hidden."""
        self._say_over_buttons(t("count_hidden"))

    def press_action(self, action: Action) -> bool:
        reason = self.input.reason(action)
        if reason is not None:
            self.refuse(reason)
            return False
        return self.submit(action)

    def refuse(self, reason: Refusal) -> None:
        """Say why the engine refused a move, in the player's language."""
        self.refuse_text(words.reason(reason, self.german_names))

    def refuse_text(self, text: str) -> None:
        """A refusal already in the player's words, in the bubble over the hand."""
        L = self.layout
        spot = L.spot(self.view_seat)
        self.bubbles = [b for b in self.bubbles if b.colour != (255, 190, 170)]
        at = (L.center[0], spot.hand[1] - L.hand_h * 0.75)
        prompt = self.panels.prompt_rect()
        valign = "center"
        if prompt is not None and at[1] > prompt.top - L.font:
            at, valign = (L.center[0], prompt.top - L.margin * 0.5), "bottom"  # above it
        self.bubbles.append(Bubble(text, at, ttl=2.4, colour=(255, 190, 170), valign=valign))

    def toggle_select(self, key: str) -> None:
        chosen = self.model.toggle_select(key)
        assert self.director is not None
        self.director.selected = chosen
        self.director.refresh()

    def text_fits(self) -> list[Fit]:
        """The texts the table drew itself with the room each had (checked by
        :mod:`game.ui.harness.textfit`): its panels', and the hint panel's while open."""
        fits = [fit for fits in self.panels.fits.values() for fit in fits]
        if self.layer is not None:
            fits += self.layer.text_fits()
        return fits

    def regions(self) -> list[Region]:
        """The cards a player needs, the plates and boxes, the key legend and every panel
        drawn over the felt, as the next frame draws them."""
        if self.flow is None or self.stage is None:
            return []
        size = self.app.size
        window = pygame.Rect(0, 0, *size)
        out = [Region(name, CARD, rect) for name, rect in self.stage.card_regions(self.view_seat)]
        panels = self.panels
        for seat, rect in panels.plate_rects.items():
            if seat >= self.flow.match.players:
                continue  # drawn for the table before (the next frame draws them anew)
            out.append(Region(f"plate of {self.seat_name(seat).split(' · ')[0]}", BOX,
                              pygame.Rect(rect)))
        L = self.layout
        out.append(Region("game box", BOX, pygame.Rect(L.info.tuple())))
        out.append(Region("match box", BOX, pygame.Rect(L.score.tuple())))
        scratch = pygame.Surface(size)
        panels.draw_keys(scratch)
        lines = list(panels.legend_rects)
        if lines:
            out.append(Region(LEGEND, BOX, lines[0].unionall(lines[1:])))
        prompt = panels.prompt_rect()
        if prompt is not None:
            out.append(Region("prompt", PANEL, prompt))
        hint_line = panels.draw_hint(scratch)
        if hint_line is not None and self.model.hint_text:
            out.append(Region("hint line", PANEL, hint_line))
        if self.counting.rect.w:
            out.append(Region("counting aid", PANEL, pygame.Rect(self.counting.rect)))
        if self.trainer.active and self.trainer.rect.w:
            out.append(Region("counting question", PANEL, pygame.Rect(self.trainer.rect)))
        if self.model.last_trick_view:
            r = panels.draw_last_trick(scratch)
            if r is not None:
                out.append(Region("last trick", PANEL, r, over_cards=True))
        if self.model.result is not None:
            members = tuple(id(self.widgets[k]) for k in RESULT_KEYS if k in self.widgets)
            out.append(Region("result panel", PANEL, panels.result_rect(), True, members))
        if self.layer is not None:
            out += self.layer.regions(window)
        if self.confirm.active:
            out.append(Region("question", PANEL, window))
        return out

    def prompt(self) -> str | None:
        """What the player is asked to do now, when the cards alone do not say it (shown above
        the hand: with tips off a new player must never be stuck)."""
        if self.human is not None and self.director is not None and self.director.collecting():
            return t("table_prompt_collect")
        if self.human is None or not self.human.waiting or self.anim.busy():
            return None
        if self.input.discarding():
            n = len(self.model.selected)
            text = t("table_prompt_discard")
            if n == 1:
                text += " " + t("table_prompt_one_chosen")
            return text
        if any(a.verb is Verb.TRUMP for a in self.input.legal()):
            return t("table_prompt_trump")
        return None

    def discard_action(self) -> Action | None:
        pair = self.model.discard_pair()
        return discard(card(pair[0]), card(pair[1])) if pair is not None else None

    def _trick_pause(self) -> float | None:
        """How long a finished trick rests (seconds), or None: until the player collects it.

        A table with nobody at it (the selftest, a demo) keeps the short rest of the
        animation speed; a player gets the Settings choice."""
        from .director import TRICK_REST_S

        if self.human is None:
            return TRICK_REST_S * self.anim.factor
        s = self.settings
        if s.collect_trick == "click":
            return None
        return max(0, int(s.trick_pause_ms)) / 1000

    def collect_trick(self) -> bool:
        """A click or a key collects the finished trick that waits on the table."""
        return self.director is not None and self.director.collect()

    def toggle_last_trick(self) -> None:
        """L or a click on a trick pile: show (or hide) the last finished trick."""
        if self.model.close_last_trick():
            return
        obs = self.flow.observation() if self.flow is not None else None
        if obs is None or obs.last_trick is None:
            L = self.layout
            self.bubbles.append(Bubble(t("table_no_last_trick"),
                                       L.center, ttl=1.8))
            return
        self.model.last_trick_view = True

    def next_deal(self) -> None:
        if self.flow is not None:
            self.model.result = None
            self._result_widgets()
            self.flow.next_deal()

    # --- events -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirm.handle_event(event):
            self.redraw()
            return  # the table's question is modal
        # Hover, drag and tooltips follow the pointer: look at the picture again.
        self.redraw()
        if self.trainer.handle_event(event):
            return  # a counting question waits for its answer
        if self.layer is not None and self.layer.handle_event(event):
            return  # a practice dialog or panel took it (the warning dialog is modal)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self.close_overlay():  # Esc closes what is open over the table first
                self.app.go(routes.Menu())
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d:
            self.next_deck()
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_t:
            self.peek_trump(event.type == pygame.KEYDOWN)
            return
        if self.model.last_trick_view and (event.type == pygame.KEYDOWN or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)):
            self.model.close_last_trick()  # any click or key closes the view
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_last_trick()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c:
            if not self.counting.toggle():
                self.say_counting_hidden()
            return
        if self._collects(event):
            self.collect_trick()
            if takes_back(event) and self.layer is not None and self.layer.can_undo():
                # Take back means now, not "collect, then press again": the trick goes
                # at once and the player's last card comes back in the same press.
                self.anim.finish()
                self.layer.undo()
            return
        if (self.model.result is not None and "next" in self.widgets
                and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.next_deal()  # the keyboard's "Next deal"
            return
        if self.flow is not None:
            self.input.handle(event)

    def peek_trump(self, held: bool) -> None:
        """T held: the Mariáš soloist's trump card lies face up again (while they have it)."""
        if self.director is not None and self.director.peek_trump != held:
            self.director.peek_trump = held
            self.director.refresh()

    def close_overlay(self) -> bool:
        """Close the topmost picture over the table (the last trick, the hint with its
        values, a tip); False when none was open."""
        if self.model.close_last_trick():
            return True
        return self.layer is not None and self.layer.close_overlay()

    def _collects(self, event: pygame.event.Event) -> bool:
        """Is ``event`` a click or a key that collects a trick waiting to be collected?"""
        if self.director is None or not self.director.collecting():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return bool(event.button == 1)
        return event.type == pygame.KEYDOWN and event.key not in PASSIVE_KEYS

    @property
    def german_names(self) -> bool:
        """Card and suit names follow the deck in use (Ober, acorns ...), not the game."""
        variant = self.setup.variant if self.setup else "marriage"
        return self.settings.family_for(variant) == "german"

    def next_deck(self) -> str:
        """D at the table: the next deck artwork for this game, at once, mid-deal too.

        The choice is the same setting as on the settings screen (per family of game) and
        is saved with the other settings.
        """
        from game.ui.decks import list_artworks

        variant = self.setup.variant if self.setup else "marriage"
        ids = [a.id for a in list_artworks()]
        s = self.settings
        current = s.deck_for(variant)
        new = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        if variant == "marias":
            s.deck_german = new
        else:
            s.deck_french = new
        storage = self.app.services.storage
        if storage is not None:
            storage.save_settings(s)
        self._switch_deck_soon()
        return new

    def _switch_deck_soon(self) -> None:
        """Show the deck of the settings as soon as its visible faces are drawn.

        Drawing the faces on the table (a dozen or more, each slow to render) in one frame
        would freeze the animation; a worker draws them while the old deck stays on
        the table, then the next frame shows the new one — all cards at once.
        """
        assert self.art is not None and self.stage is not None
        variant = self.setup.variant if self.setup else "marriage"
        artwork = self.settings.deck_for(variant)
        L = self.layout
        needed = sorted({(s.card, h) for s in self.stage.sprites.values()
                         if s.card and s.flip > 0 for h in {s.home_h, L.hand_h, L.table_h}})

        def ready() -> None:
            if self.art is not None and self.settings.deck_for(variant) == artwork:
                # Only the deck changes: the layout and the widgets stay (rebuilding them
                # too made the switch a hitch at 1080p), the shared shadows and
                # glow rims stay, the old deck's pictures go.
                self._ensure_stage()
                L = self.layout
                self.art.warm(deck_faces(variant), [L.hand_h, L.table_h])
                self.redraw()
        self.art.prepare(artwork, needed, lambda: self.app.call_soon(ready))

    def _button(self, element: Any) -> None:
        action = self.buttons.action_of(element)
        if action is not None:
            self.press_action(action)
            return
        key = self.table_buttons.key_of(element)
        if key is None:
            return
        if key == "menu" or key == "end_menu":
            self.app.go(routes.Menu())
        elif key == "hint":
            self.on_hint()
        elif key == "undo":
            if self.layer is not None:
                self.layer.undo()
        elif key == "review":
            if self.layer is not None:
                self.layer.review()
        elif key == "showme":
            self.show_me()
        elif key == "next":
            self.next_deal()
        elif key == "score" and self.flow is not None:
            self.app.go(routes.Score(match=self.flow.match, setup=self.setup, return_to="table"))

    # --- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.speed = self.settings.animation_speed
        self.anim.update(dt)
        for b in self.bubbles:
            b.age += dt
        self.bubbles = [b for b in self.bubbles if b.age < b.ttl]
        if self.flow is None:
            return
        if self.model.result is not None and self.table_buttons.result_moved(self.panels):
            # The plates it is measured between grew (the deal's points, a language):
            # the panel's buttons follow it, never left outside it.
            self._result_widgets()
        if self.layer is not None:
            self.layer.update(dt)
        self.flow.update()
        self.input.update()
        self.trainer.update()
        self._update_hand_looks(dt)
        self._sync_buttons()
        self._veil_widgets()
        # The thinking dots step DOTS_HZ times a second: draw when they do.
        seat = self.flow.thinking_seat()
        dots = None if seat is None else (seat, int(self.clock * self.DOTS_HZ))
        if dots != self._dots:
            self._dots = dots
            self.redraw()

    def open_overlay(self) -> Overlay:
        """What lies topmost over the table now."""
        return self.model.overlay(
            question=self.confirm.active,
            warning=self.layer is not None and self.layer.warning_open(),
            counting_question=self.trainer.active)

    def modal(self) -> bool:
        """Is a question open (the table's, or a practice warning)?  Then nothing else on
        the table can be pressed — or seen bright above its veil."""
        return self.open_overlay().modal

    def _veil_widgets(self) -> None:
        tips = self.layer.tips.buttons if self.layer is not None else {}
        self.table_buttons.veil(self.modal(), tips.values())

    def _update_hand_looks(self, dt: float) -> None:
        stage = self.stage
        assert stage is not None
        waiting = self.human is not None and self.human.waiting and not self.anim.busy()
        may_lift = mark_cards(stage, self.model, self.input, waiting)
        if self.anim.busy():
            self._lifting = False
            return
        self._lifting = lift_cards(stage, self.model, may_lift, self.layout.hover_lift, dt)

    def _sync_buttons(self) -> None:
        """The decision's buttons, while the player is asked and nothing lies over the table."""
        L = self.layout
        obs = None
        if self.human is not None and self.human.waiting and not self.anim.busy() and \
                self.model.result is None and not self.modal():
            obs = self.input.observation()
        actions: list[Action] = []
        labels: list[str] = []
        if obs is not None:
            chosen = self.discard_action() if self.input.discarding() else None
            actions, labels = decision_buttons(self.input.legal(), obs, chosen,
                                               self.german_names)
        self.buttons.sync(actions, labels, L.buttons_y, L.size[0], L.font)

    # --- drawing ------------------------------------------------------------------------
    #: Steps a second of the thinking dots' pulse (and of polling a thinking bot).
    DOTS_HZ = 20

    def animating(self) -> bool:
        """Whether the table needs frames at full rate now (the redraw protocol, Scene).

        It does while cards move, the shuffle plays, bubbles fade, the hand's hover lift
        settles or a hint is being searched.  A finished trick resting on the table, the
        trump card shown for a moment, a trick waiting to be collected: nothing moves,
        the table sleeps until the hold ends (:meth:`wake_in`) or the player acts.  While
        a bot thinks or pauses the table only wakes for the dots' next step and the bot's
        answer (:meth:`wake_in`, the bot's ``on_ready``); at rest — the player's turn, the
        deal's result — it sleeps until the next event.
        """
        if self.flow is None:
            return False
        if self.anim.next_change() == 0.0 or self._lifting:
            return True
        if any(b.fading() for b in self.bubbles):
            return True  # a bubble at full strength stands still: wake_in has its fade
        if self.director is not None and self.director.effect is not None:
            return True  # the shuffle and the cut follow the animation clock
        if self.layer is not None and self.layer.busy():
            return True
        return False

    def wake_in(self) -> float | None:
        """Seconds until the table changes by itself: the flow's next step, or a bubble
        beginning to fade (None: only an event changes it)."""
        times = [t for t in (self._flow_wake_in(), *(b.steady_for() for b in self.bubbles))
                 if t is not None]
        return min(times) if times else None

    def _flow_wake_in(self) -> float | None:
        flow = self.flow
        if flow is None:
            return None
        if self.anim.busy():  # the flow waits for the table to show what happened
            return self.anim.next_change()
        if flow.thinking_seat() is not None:
            return 1.0 / self.DOTS_HZ  # the dots' next step; the answer wakes us anyway
        if flow.settled():
            return None
        pending = flow.pending
        if pending is not None and pending.thinking:
            return None  # a person is asked (their input, or a message, wakes us)
        if pending is not None and not pending.cancelled:
            return max(0.0, pending.not_before - time.perf_counter())  # a bot's pause
        return 0.0  # a deal starting, a phase changing: the next frame

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Compose the table (:class:`~.view.TableView`); the areas that changed since the
        last frame."""
        return self.view.draw(surface)

    def draw_overlays(self, surface: pygame.Surface) -> list[tuple[Hashable, pygame.Rect | None,
                                                                  Any]]:
        """Extra pictures over the table, drawn every drawn frame above the cards and panels
        and below the practice layer and questions: a networked table's banner, an aid.

        Each comes back as ``(key, area, look)`` — a key of its own, the area drawn (None:
        nothing) and anything that compares equal while it looks the same — so the redraw
        protocol presents it when it appears, changes, moves or goes, and erases it after.
        A picture that changes with time must also keep frames coming (:meth:`animating`
        or :meth:`wake_in`); one that changes on a thread's news calls :meth:`redraw` and
        :meth:`wake`.  Never draw on the table outside :meth:`draw`: it would stay on
        screen, stale, or be drawn over itself.
        """
        return []

    def seat_name(self, seat: int) -> str:
        """"You" (the player's name), or where a computer sits and its level."""
        if self.flow is None:
            return t("common_seat", n=seat)
        inp = self.flow.inputs[seat]
        return player_seat_name(seat, self.flow.match.players, self.view_seat,
                                human=inp.kind == "human",
                                player_name=self.settings.player_name,
                                level=getattr(inp, "level", None), with_level=True)

