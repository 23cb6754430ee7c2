"""The table of a networked match: the usual table, driven by the host's messages.

Everything a player sees and does is the local table's (:class:`TableScene`): the
cards, the animations, the buttons, the keys.  What differs is small and lives
here: the flow is a :class:`~.flow.ClientFlow`, the name plates carry the people's
names and whether they are connected, nothing is saved here (the host saves), a
deal's end shows the result without turning anyone's cards, "Next deal" waits for
the others, and no hints or take-backs at a table with other people.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.net import protocol as P
from game.ui import routes

from ..flow import DealEnded, FlowEvent, MatchEnded, Phase, Refused
from ..session import GameSetup
from ..table import TableScene
from ..table.hud import CREAM, panel
from ..table.layout import compute_layout
from ..table.text import t
from .flow import ClientFlow
from .session import NetSession, is_net_event

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


class NetTableScene(TableScene):
    name = "net_table"

    def __init__(self, app: App):
        super().__init__(app)
        self.session: NetSession | None = None
        self._roster_sig: tuple[Any, ...] = ()
        #: The row of things to say is open.
        self.say_open = False

    # --- lifecycle -----------------------------------------------------------------------
    def enter(self, **params: Any) -> None:
        session: Any = self.app.services.net
        if session is None:
            self.app.go(routes.Menu())
            return
        self.anim.speed = self.settings.animation_speed
        flow: Any = session.flow
        seated = session is self.session and self.flow is flow
        if seated:
            flow.catch_up()
        else:
            self._sit(session)
        self._build_widgets()

    def _sit(self, session: NetSession) -> None:
        flow: ClientFlow = session.flow
        self.session = session
        flow.receive()
        match = flow.match
        self.setup = GameSetup(match.variant, dict(match.options),
                               seats=[("human" if i.kind == "human" else i.level)
                                      for i in flow.inputs])
        self.view_seat = flow.view_seat
        self.human = flow.human
        self.model.new_match()
        self.bubbles = []
        self.flow = flow
        flow.listener = self._on_flow
        flow.busy = self.anim.busy
        self.layout = compute_layout(self.app.size, match.players, self.view_seat)
        self._ensure_stage()
        assert self.director is not None
        from game.rules.variants import deal_class

        self.director.view = self.view_seat
        self.director.deal_owners = deal_class(match.variant).deal_owners
        self.director.sound = self.play_sound
        # a finished trick waits like at the solo table: for a click, or the chosen pause
        self.director.trick_pause = self._trick_pause
        self.director.deals_seen = 0
        flow.start()

    def _attach_practice_layer(self) -> None:
        """No hints, warnings or take-backs at a table with other people."""
        self.layer = None

    def shutdown(self) -> None:
        self.leave_table()
        super().shutdown()

    def _close_flow(self, wait: bool = True) -> None:
        self.flow = None
        self.anim.finish()

    def leave_table(self) -> None:
        """Leave for good: a guest's seat is away, the host's table closes (it stays saved)."""
        session = self.app.services.take_net()
        if session is not None:
            session.close()
        self.session = None
        self.flow = None

    # --- widgets ---------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        super()._build_widgets()
        hint = self.widgets.get("hint")
        if hint is None:
            return
        rect = pygame.Rect(hint.relative_rect)
        self.table_buttons.drop("hint")
        label = self._leave_label(short=True)
        from ..table.controls import text_width

        f = self.layout.font
        w = max(rect.w, text_width(label, f) + f * 2)
        self.table_buttons.add("leave", pygame.Rect(rect.right - w, rect.y, w, rect.h), label)
        say = t("net_say")
        sw = text_width(say, f) + f * 2
        menu = self.widgets["menu"].relative_rect
        # Above the Menu button, clear of the hand (a Mariáš hand with the blind cards is wide).
        self.table_buttons.add(
            "say", pygame.Rect(menu.right - sw, menu.y - rect.h - self.layout.margin, sw, rect.h),
            say)
        self._say_widgets()

    def _say_widgets(self) -> None:
        """The things one can say, in two rows over the middle of the table (while open)."""
        self.table_buttons.drop(*[k for k in self.widgets if k.startswith("emote:")])
        if not self.say_open:
            return
        from game.net.protocol import EMOTES

        from ..table.controls import text_width

        L = self.layout
        f = L.font
        labels = [(what, t("net_emote_" + what)) for what in EMOTES]
        rows = [labels[:4], labels[4:]]
        bh = round(f * 1.9)
        cx, cy = L.center
        y = cy - bh - L.margin / 2
        for row in rows:
            widths = [text_width(label, f) + f * 2 for _, label in row]
            x = cx - (sum(widths) + L.margin * (len(row) - 1)) / 2
            for (what, label), bw in zip(row, widths):
                self.table_buttons.add("emote:" + what, pygame.Rect(round(x), round(y), bw, bh),
                                       label, object_id="#table_emote")
                x += bw + L.margin
            y += bh + L.margin

    def _leave_label(self, short: bool = False) -> str:
        """The host closes the table for everyone; a guest only leaves it."""
        if self.session is not None and self.session.hosting:
            return t("net_close_short") if short else t("net_close_table")
        return t("net_leave_short") if short else t("net_leave")

    def _result_widgets(self) -> None:
        self.table_buttons.drop("next", "end_menu")
        if self.model.result is None:
            return
        L = self.layout
        r = self.panels.result_rect()
        bh = round(L.font * 2.1)
        keys = []
        flow = self.flow
        waiting = isinstance(flow, ClientFlow) and flow.ready_sent
        if not self.model.result.get("match_over"):
            keys.append(("next", t("net_waiting_others") if waiting
                         else t("table_next_deal")))
        keys.append(("end_menu", self._leave_label()))
        from ..table.controls import text_width

        bw = max(round(L.font * 7.5), *(text_width(label, round(L.font * 1.15)) + L.font * 2
                                        for _, label in keys))
        bw = min(bw, (r.w - (len(keys) + 1) * L.margin) // len(keys))
        total = len(keys) * bw + (len(keys) - 1) * L.margin
        x = r.centerx - total / 2
        for key, label in keys:
            b = self.table_buttons.add(
                key, pygame.Rect(round(x), r.bottom - bh - L.margin * 1.5, bw, bh), label)
            if key == "next" and waiting:
                b.disable()
            x += bw + L.margin

    # --- flow events -----------------------------------------------------------------------
    def _on_flow(self, e: FlowEvent) -> None:
        if isinstance(e, MatchEnded):
            # The last deal's result already says "match over" (the host sent both at once).
            if self.model.result is None and (self.flow is None or self.flow.deal is None):
                self.model.result = {"match_over": True, "totals": e.totals}
                self._result_widgets()
            return
        if isinstance(e, Refused):
            if e.host_code and e.host_code != P.ILLEGAL:
                self.refuse_text(t("net_code_" + e.host_code))
                return
        super()._on_flow(e)

    def _deal_end(self, e: DealEnded) -> None:
        """The result panel (the others' cards stay theirs: the host never sends them)."""
        info = e.result()

        def reveal() -> None:
            self.model.result = info
            self._result_widgets()
            score = info.get("score") or []
            if self.view_seat < len(score):
                mine, best = score[self.view_seat], max(score)
                self.play_sound("win" if mine == best and mine > min(score) else
                                "lose" if mine < best else "click")
        self.anim.then(reveal)

    def save(self) -> None:
        """The host saves the match; a guest keeps nothing."""

    def next_deal(self) -> None:
        if isinstance(self.flow, ClientFlow):
            self.flow.next_deal()
            self._result_widgets()

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if is_net_event(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = self.table_buttons.key_of(event.ui_element)
            if key in ("leave", "end_menu"):
                self.leave_table()
                self.app.go(routes.Menu())
                return
            if key == "say":
                self.say_open = not self.say_open
                self._say_widgets()
                return
            if key is not None and key.startswith("emote:"):
                if isinstance(self.flow, ClientFlow):
                    self.flow.emote(key.split(":", 1)[1])
                self.say_open = False
                self._say_widgets()
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.say_open:
            self.say_open = False
            self._say_widgets()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        flow = self.flow
        if isinstance(flow, ClientFlow):
            for seat, what in flow.take_emotes():
                self._emote_bubble(seat, what)
            sig = (tuple((i.name, i.connected, i.kind) for i in flow.inputs), flow.status)
            if sig != self._roster_sig:
                self._roster_sig = sig
                self.view.stale()  # the plates show who is there: redraw them

    def _emote_bubble(self, seat: int, what: str) -> None:
        """What a player said, at their seat, in this window's language."""
        from ..table.hud import Bubble

        if not 0 <= seat < len(self.layout.seats):
            return
        anchor = self.layout.spot(seat).bubble
        self._add_bubble(Bubble(t("net_emote_" + what), anchor, ttl=2.6,
                                colour=(200, 230, 255)))

    # --- names ---------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        flow = self.flow
        if not isinstance(flow, ClientFlow) or seat >= len(flow.inputs):
            return super().seat_name(seat)
        info = flow.inputs[seat]
        if info.kind == "bot":
            if not info.name:  # a headless host names no computer: where it sits, then
                return super().seat_name(seat)
            # the host's name for it, the same in every window, and its level
            return f"{info.name} · " + t("level_" + info.level).lower()
        name = info.name or (t("net_open_seat") if not info.taken else "?")
        if info.kind == "human":
            return name
        if not info.connected:
            stand_in = flow.away.get("level")
            return f"{name} · " + (t("net_away_computer")
                                   if stand_in else t("net_away"))
        return name

    _seat_name = seat_name

    # --- drawing -------------------------------------------------------------------------------
    def draw_overlays(self, surface: pygame.Surface) -> list[tuple[Hashable, pygame.Rect | None,
                                                                  Any]]:
        """The connection's banner (the table's redraw protocol: see TableScene)."""
        drawn = super().draw_overlays(surface)
        text = self.banner()
        if text:
            f = self.layout.font
            img = self.fonts.text(text, round(f * 0.95), CREAM, bold=True)
            pad = f // 2
            w, h = img.get_width() + 3 * pad, img.get_height() + pad
            x = (surface.get_width() - w) // 2
            # Above the player's hand, where the hints go at a local table (the top centre
            # holds the talon and the stock).
            y = round(self.layout.buttons_y - h - self.layout.margin)
            r = surface.blit(panel((w, h), (90, 30, 20, 225), 10, (246, 214, 120, 200)), (x, y))
            surface.blit(img, (x + pad * 1.5, y + pad / 2))
            drawn.append(("net-banner", r, text))
        return drawn

    def banner(self) -> str | None:
        """A line about the connection when it is not simply fine."""
        flow = self.flow
        session = self.session
        if not isinstance(flow, ClientFlow) or session is None:
            return None
        if flow.failure and not flow.match.over:
            from game.ui.i18n import tr

            key, params = session.failure_text_key() or ("ui.net_code_lost", {})
            return tr(key, **params)
        if flow.status == "reconnecting":
            return t("net_status_reconnecting")
        if flow.state is Phase.DEAL_END and flow.ready_sent:
            waiting = [i.name for s, i in enumerate(flow.inputs)
                       if i.kind == "remote" and i.connected and not i.ready]
            if waiting:
                return t("net_waiting_for", names=", ".join(waiting))
        return None
