"""The screens of a networked table: play with friends, host, join, the waiting room.

``net``: host or join.  ``net_host``: the game, its rules, who sits where (a friend
or a computer level), what happens when a friend is away, your name and the port.
``net_join``: your name, the host's address and port, or a table found on the LAN.
``net_lobby``: who has sat down and who is connected; the host may deal at once
(computers play the empty seats).  The table itself is ``net_table``.
"""

from __future__ import annotations

import contextlib
import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.net import protocol as P
from game.net.discovery import Finder
from game.net.table import LEVELS, OPEN, AwayPolicy
from game.rules.options import OPTION_SPECS, defaults, make_options
from game.ui import routes
from game.ui.i18n import tr, variant_key, variant_name
from game.ui.session import GameSetup
from game.ui.shown import (
    Button,
    Choice,
    Element,
    Label,
    Made,
    Prepare,
    Shown,
    TextBox,
    TextEntry,
    Toggle,
)

from ..scenes.base import MenuScene
from ..scenes.setup import PLAYERS, option_choices
from .seat_tokens import SeatTokens
from .session import NetSession, is_net_event, local_addresses

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

#: What a friend's absence means: wait, or a computer plays after so many seconds.
AWAY_CHOICES = (("wait", None, 0.0), ("15", "normal", 15.0), ("30", "normal", 30.0),
                ("60", "normal", 60.0))


def _name(scene: MenuScene) -> str:
    own = (scene.settings.player_name or "").strip()
    return own if own and own != "You" else tr("ui.net_default_name")


def _port_entry(scene: MenuScene, rect: pygame.Rect, text: str, name: str) -> Element:
    """A port's field: five digits at most (a declared text entry takes any character)."""
    def make(_made: Made) -> pygame_gui.elements.UITextEntryLine:
        entry = pygame_gui.elements.UITextEntryLine(rect, scene.manager, initial_text=text)
        entry.set_allowed_characters("numbers")
        entry.set_text_length_limit(5)
        return entry
    return Element(make, focus=0, name=name)


def _port(text: str) -> int | None:
    try:
        port = int(text.strip())
    except ValueError:
        return None
    return port if 1024 <= port < 65536 else None


class NetMenuScene(MenuScene):
    name = "net"
    title_key = "ui.net_title"

    def build(self, **params: Any) -> Shown:
        w, h = self.app.size
        px = self.px
        box = pygame.Rect(0, 0, px(720), px(120))
        box.midtop = (w // 2, px(130))
        shown = Shown([TextBox("ui.net_intro", box, object_id="#blurb")], focused="host")
        for i, (key, text) in enumerate((("host", "ui.net_host"), ("join", "ui.net_join"))):
            r = pygame.Rect(0, 0, px(360), px(56))
            r.midtop = (w // 2, px(280) + i * px(72))
            shown.add(Button(key, r, text, object_id="#menu_button", name=key))
        shown.add(Button("back", pygame.Rect(px(70), h - px(92), px(180), px(50)),
                         "ui.common_back"))
        return shown

    def on_button(self, key: str) -> None:
        if key == "host":
            self.app.go(routes.NetHost())
        elif key == "join":
            self.app.go(routes.NetJoin())
        else:
            super().on_button(key)


class HostScene(MenuScene):
    """Open a table: the game, its rules, the seats, the away rule, name and port."""

    name = "net_host"
    remembers = ("variant", "away", "options", "seats", "error")
    title_key = "ui.net_host_title"
    back_to = "net"

    def __init__(self, app: App):
        super().__init__(app)
        self.variant = "marias"
        self.seats: dict[str, list[str]] = {v: [OPEN] * (PLAYERS[v] - 1) for v in OPTION_SPECS}
        self.options: dict[str, dict[str, Any]] = {}
        self.away = "30"
        self.error: tuple[str, dict[str, str]] | None = None

    def build(self, **params: Any) -> Shown:
        """The form: the game and the seats on the left, the rules, name and port on the
        right, Back and Open the table below."""
        if params.get("resume"):
            # Hosted again at once: the lobby; or the form, rebuilt with what went wrong.
            # As a step of the build, not now: either way this screen is left or built
            # again, which it cannot be while it is still being entered.
            record, setup = params["resume"], params["setup"]
            return Shown([Prepare(lambda: self._resume(record, setup))])
        w, h = self.app.size
        px = self.px
        v = self.variant
        for var in OPTION_SPECS:
            if var not in self.options:
                try:
                    self.options[var] = make_options(var, self.settings.rule_options.get(var)
                                                     or {})
                except ValueError:  # stale saved options (RulesError): the defaults
                    self.options[var] = defaults(var)
        margin = max(px(70), (w - px(1160)) // 2)
        col_w = (w - 2 * margin - px(60)) // 2
        left, right = margin, margin + col_w + px(60)
        shown = Shown(focused="open")
        y = px(112)
        shown.add(Label(pygame.Rect(left, y, col_w, px(30)), "ui.setup_game",
                        object_id="#section"))
        bw, bh = (col_w - px(12)) // 2, px(44)
        for i, variant in enumerate(OPTION_SPECS):
            rect = pygame.Rect(left + (i % 2) * (bw + px(12)), y + px(36) + (i // 2) *
                               (bh + px(8)), bw, bh)
            shown.add(Button(f"variant:{variant}", rect, variant_key(variant),
                             selected=variant == v))
        y += px(36) + 2 * (bh + px(8)) + px(10)
        shown.add(Label(pygame.Rect(left, y, col_w, px(30)), "ui.net_seats",
                        object_id="#section"))
        y += px(36)
        half = col_w // 2
        shown.add(Label(pygame.Rect(left, y, half, px(36)), "ui.common_seat",
                        object_id="#field", text_kwargs={"n": "1"}),
                  Label(pygame.Rect(left + half, y, half, px(36)), "ui.net_seat_you",
                        object_id="#field"))
        y += px(42)
        seat_opts = [("ui.net_seat_friend", OPEN)] + [(f"ui.level_{lv}", lv) for lv in LEVELS]
        for seat in range(1, PLAYERS[v]):
            shown.add(Label(pygame.Rect(left, y, half, px(36)), "ui.common_seat",
                            object_id="#field", text_kwargs={"n": str(seat + 1)}),
                      Choice(pygame.Rect(left + half, y, half, px(36)), seat_opts,
                             self.seats[v][seat - 1],
                             partial(self._set_seat, seat)))
            y += px(42)
        y += px(6)
        shown.add(Label(pygame.Rect(left, y, half, px(36)), "ui.net_away_rule",
                        object_id="#field"),
                  Choice(pygame.Rect(left + half, y, half, px(36)),
                         [("ui.net_away_wait" if k == "wait" else tr("ui.net_away_after", s=k), k)
                          for k, _lv, _s in AWAY_CHOICES], self.away, self._set_away))
        # Right column: the rules, then name and port.
        y = px(112)
        shown.add(Label(pygame.Rect(right, y, col_w, px(30)), "ui.setup_rules",
                        object_id="#section"))
        y += px(36)
        for name in OPTION_SPECS[v]:
            shown.add(Label(pygame.Rect(right, y, col_w - px(190), px(36)), f"ui.opt_{name}",
                            object_id="#field"))
            rect = pygame.Rect(right + col_w - px(180), y, px(180), px(36))
            entries = option_choices(v, name)
            value = self.options[v][name]
            if entries is None:
                shown.add(Toggle(rect, bool(value), partial(self._set_option, name)))
            else:
                shown.add(Choice(rect, entries, value, partial(self._set_option, name)))
            y += px(42)
        y += px(14)
        shown.add(Label(pygame.Rect(right, y, col_w - px(250), px(36)), "ui.net_your_name",
                        object_id="#field"),
                  TextEntry(pygame.Rect(right + col_w - px(240), y, px(240), px(36)),
                            initial_text=_name(self), limit=P.MAX_NAME, name="name_entry"))
        y += px(44)
        shown.add(Label(pygame.Rect(right, y, col_w - px(250), px(36)), "ui.net_port",
                        object_id="#field"),
                  _port_entry(self, pygame.Rect(right + col_w - px(240), y, px(240), px(36)),
                              str(self.app.services.net_port or P.DEFAULT_PORT),
                              "port_entry"))
        y += px(50)
        if self.error:
            key, values = self.error
            shown.add(Label(pygame.Rect(right, y, col_w, px(60)), key, object_id="#notice",
                            text_kwargs=values))
        bottom = h - px(92)
        start = pygame.Rect(0, 0, px(300), px(56))
        start.bottomright = (w - margin, bottom + px(53))
        # Open the table, then Back, after the form in the focus ring
        shown.add(Button("back", pygame.Rect(margin, bottom, px(180), px(50)),
                         "ui.common_back", focus=2),
                  Button("open", start, "ui.net_open_table", object_id="#primary", focus=1,
                         name="open"))
        return shown

    @property
    def start_button(self) -> pygame_gui.elements.UIButton:
        button: pygame_gui.elements.UIButton = self.made["open"]
        return button

    @property
    def name_entry(self) -> pygame_gui.elements.UITextEntryLine:
        entry: pygame_gui.elements.UITextEntryLine = self.made["name_entry"]
        return entry

    @property
    def port_entry(self) -> pygame_gui.elements.UITextEntryLine:
        entry: pygame_gui.elements.UITextEntryLine = self.made["port_entry"]
        return entry

    def _set_seat(self, seat: int, kind: str) -> None:
        self.seats[self.variant][seat - 1] = kind

    def _set_option(self, name: str, value: Any) -> None:
        self.options[self.variant][name] = value

    def _set_away(self, key: str) -> None:
        self.away = key

    def away_policy(self) -> AwayPolicy:
        _k, level, seconds = next(c for c in AWAY_CHOICES if c[0] == self.away)
        return AwayPolicy(level, seconds)

    def on_button(self, key: str) -> None:
        if key.startswith("variant:"):
            self.variant = key.split(":", 1)[1]
            self.error = None
            self.rebuild()
        elif key == "open":
            self.open_table()
        else:
            super().on_button(key)

    def open_table(self) -> NetSession | None:
        name = P.clean_text(self.name_entry.get_text(), P.MAX_NAME)
        port = _port(self.port_entry.get_text())
        if not name:
            self._fail("ui.net_code_bad_name")
            return None
        if port is None:
            self._fail("ui.net_bad_port")
            return None
        v = self.variant
        setup = GameSetup(v, dict(self.options[v]), network={"host_seat": 0})
        return self._host(setup, [OPEN, *self.seats[v]], name, port, self.away_policy())

    def _host(self, setup: GameSetup, seats: list[str], name: str, port: int,
              away: AwayPolicy, record: str | None = None) -> NetSession | None:
        try:
            session = NetSession.host(
                setup, seats, name, port, away, storage=self.app.services.storage,
                record=record, bot_pause_s=self.app.services.net_bot_pause_s,
                announce=self.app.services.net_announce)
        except OSError as exc:
            log.warning("cannot open the table on port %s: %s", port, exc)
            self._fail("ui.net_port_busy", port=str(port))
            return None
        except ValueError as exc:
            log.warning("cannot host: %s", exc)
            self._fail("ui.notice_save_corrupt", detail=str(exc))
            return None
        old = self.app.services.take_net()
        if old is not None:
            old.close()
        self.app.services.net = session
        self.app.services.net_port = port
        self.error = None
        self.app.go(routes.NetLobby())
        return session

    def _resume(self, record: str, setup: GameSetup) -> None:
        """Continue a hosted match from the menu: the same seats, rules, name and port."""
        net = dict(setup.network or {})
        a = net.get("away") or {}
        away = AwayPolicy(a.get("level"), float(a.get("after_s", 30.0)))
        name = str(net.get("name") or _name(self))
        self.params = {}
        # On failure _host has rebuilt the form (without "resume") to say what went wrong.
        self._host(setup, list(net.get("seats") or []), name,
                   int(net.get("port") or P.DEFAULT_PORT), away, record)

    def _fail(self, key: str, **values: str) -> None:
        self.error = (key, values)
        self.rebuild()
        return None


class JoinScene(MenuScene):
    """Sit at a friend's table: by address and port, or from the tables found on the LAN."""

    name = "net_join"
    remembers = ("typed", "error")
    title_key = "ui.net_join_title"
    back_to = "net"
    #: The names of the fields: the player's name, the host's address and port.
    ENTRIES = ("name", "address", "port")

    def __init__(self, app: App):
        super().__init__(app)
        self.finder: Finder | None = None
        self.error: tuple[str, dict[str, str]] | None = None
        self.found_sig: tuple[Any, ...] = ()
        self.table_buttons: dict[str, tuple[str, int]] = {}
        #: What the player typed, kept when the screen is rebuilt (a table was found).
        self.typed: list[str] | None = None

    def build(self, **params: Any) -> Shown:
        """The three fields, Join, what went wrong, the tables found on the LAN, Back."""
        if self.finder is None:  # tests listen on a port of their own
            self.finder = Finder(self.app.services.net_discovery_port)
        w, h = self.app.size
        px = self.px
        col = px(560)
        x = (w - col) // 2
        y = px(120)
        # the last table joined, remembered in the settings
        joined = self.app.services
        values = self.typed or [_name(self), joined.net_address or self.settings.net_address,
                                str(joined.net_port or self.settings.net_port)]
        # typing starts in an empty address, else Join is a key press away
        shown = Shown(focused="join" if values[1] else "address")
        fields = (("ui.net_your_name", P.MAX_NAME), ("ui.net_address", 60))
        for (key, limit), name, value in zip(fields, self.ENTRIES, values):
            shown.add(Label(pygame.Rect(x, y, col - px(300), px(36)), key, object_id="#field"),
                      TextEntry(pygame.Rect(x + col - px(290), y, px(290), px(36)),
                                initial_text=value, limit=limit, name=name))
            y += px(44)
        shown.add(Label(pygame.Rect(x, y, col - px(300), px(36)), "ui.net_port",
                        object_id="#field"),
                  _port_entry(self, pygame.Rect(x + col - px(290), y, px(290), px(36)),
                              values[2], self.ENTRIES[2]))
        y += px(44)
        join = pygame.Rect(0, 0, px(260), px(50))
        join.topright = (x + col, y + px(6))
        shown.add(Button("join", join, "ui.net_join_button", object_id="#primary",
                         name="join"))
        y += px(70)
        if self.error:
            key, error_values = self.error
            shown.add(Label(pygame.Rect(x - px(100), y, col + px(200), px(40)), key,
                            object_id="#notice", text_kwargs=error_values))
            y += px(48)
        shown.add(Label(pygame.Rect(x, y, col, px(30)), "ui.net_found", object_id="#section"))
        y += px(36)
        self.table_buttons = {}
        found = self.finder.poll()
        self.found_sig = tuple((t.address, t.port, t.free, t.started) for t in found)
        if not found:
            shown.add(Label(pygame.Rect(x, y, col, px(30)),
                            "ui.net_found_none" if self.finder.sock else "ui.net_found_off",
                            object_id="#field"))
        for i, t in enumerate(found[:4]):
            text = tr("ui.net_found_entry", host=t.host or t.address, game=variant_name(
                t.variant) if t.variant in OPTION_SPECS else t.variant, free=str(t.free),
                address=f"{t.address}:{t.port}")
            key = f"found:{i}"
            shown.add(Button(key, pygame.Rect(x, y, col, px(40)), text,
                             enabled=t.compatible and t.free > 0))
            self.table_buttons[key] = (t.address, t.port)
            y += px(46)
        shown.add(Button("back", pygame.Rect(px(70), h - px(92), px(180), px(50)),
                         "ui.common_back"))
        return shown

    @property
    def entries(self) -> list[pygame_gui.elements.UITextEntryLine]:
        """The fields made so far, in :data:`ENTRIES`' order."""
        return [self.made[name] for name in self.ENTRIES if name in self.made]

    @property
    def join_button(self) -> pygame_gui.elements.UIButton:
        button: pygame_gui.elements.UIButton = self.made["join"]
        return button

    #: How often the LAN list is read while this screen is open (the loop sleeps between).
    #: Hosts announce every second (game.net.discovery.INTERVAL_S): twice a second shows
    #: a table soon after it is announced; four times cost a noticeable share of a core.
    LISTEN_S = 0.5

    def wake_in(self) -> float | None:
        """The finder is a socket read when polled: look every :data:`LISTEN_S` (the redraw
        protocol lets the app sleep until then)."""
        return self.LISTEN_S if self.finder is not None else None

    def update(self, dt: float) -> None:
        if self.finder is not None:
            found = self.finder.poll()
            sig = tuple((t.address, t.port, t.free, t.started) for t in found)
            if sig != self.found_sig:
                self.rebuild()  # (typing goes on where it was)

    def leave(self) -> None:
        if len(self.entries) == len(self.ENTRIES):  # (a build cut short: what was typed stays)
            self.typed = [e.get_text() for e in self.entries]
        super().leave()

    def shutdown(self) -> None:
        """The screen is let go: stop listening for tables (the next one listens anew)."""
        if self.finder is not None:
            self.finder.close()
            self.finder = None

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()

    def on_button(self, key: str) -> None:
        if key == "join":
            self.join()
        elif key in self.table_buttons:
            address, port = self.table_buttons[key]
            self.entries[1].set_text(address)
            self.entries[2].set_text(str(port))
            self.join()
        else:
            if key == "back" and self.finder is not None:
                self.finder.close()
                self.finder = None
            super().on_button(key)

    def _remember(self, name: str, address: str, port: int) -> None:
        """The name and the table go into the settings: the form offers them next time."""
        s = self.settings
        if (s.player_name, s.net_address, s.net_port) == (name, address, port):
            return
        s.player_name, s.net_address, s.net_port = name, address[:60], port
        with contextlib.suppress(Exception):  # a settings file that cannot be written
            self.storage.save_settings(s)

    def join(self) -> NetSession | None:
        name = P.clean_text(self.entries[0].get_text(), P.MAX_NAME)
        address = self.entries[1].get_text().strip()
        port = _port(self.entries[2].get_text())
        if not name:
            self._fail("ui.net_code_bad_name")
            return None
        if not address:
            self._fail("ui.net_no_address")
            return None
        if port is None:
            self._fail("ui.net_bad_port")
            return None
        old = self.app.services.take_net()
        if old is not None:
            old.close()
        session = NetSession.join(address, port, name, SeatTokens(self.storage))
        self._remember(name, address, port)
        self.app.services.net = session
        self.app.services.net_address = address
        self.app.services.net_port = port
        self.error = None
        if self.finder is not None:
            self.finder.close()
            self.finder = None
        self.app.go(routes.NetLobby())
        return session

    def _fail(self, key: str, **values: str) -> None:
        self.error = (key, values)
        self.rebuild()
        return None


class LobbyScene(MenuScene):
    """The waiting room: who sits where, who is connected; the table starts when all came."""

    name = "net_lobby"
    title_key = "ui.net_lobby_title"
    back_to = None

    def __init__(self, app: App):
        super().__init__(app)
        self.sig: tuple[Any, ...] = ()

    @property
    def session(self) -> NetSession | None:
        net = self.app.services.net
        return net if isinstance(net, NetSession) else None

    def build(self, **params: Any) -> Shown:
        session = self.session
        w, h = self.app.size
        px = self.px
        col = px(720)
        x = (w - col) // 2
        y = px(118)
        if session is None:
            self.app.go(routes.Net())
            return Shown()
        flow = session.flow
        self.sig = self._sig()
        shown = Shown(focused="leave")
        if flow.failure:
            key, values = session.failure_text_key() or ("ui.net_code_lost", {})
            shown.add(Label(pygame.Rect(x - px(100), y, col + px(200), px(44)), key,
                            object_id="#notice", text_kwargs=values))
            y += px(56)
        elif not flow.welcomed:
            shown.add(Label(pygame.Rect(x, y, col, px(36)), "ui.net_status_connecting",
                            object_id="#field"))
            y += px(44)
        else:
            match = flow.match
            shown.add(Label(pygame.Rect(x, y, col, px(34)), variant_key(match.variant),
                            object_id="#section"))
            y += px(40)
            if session.hosting:
                addresses = ", ".join(local_addresses()[:3])
                shown.add(Label(pygame.Rect(x, y, col, px(34)), "ui.net_tell_friends",
                                object_id="#field",
                                text_kwargs={"address": addresses, "port": str(session.port)}))
                y += px(44)
            for seat, info in enumerate(flow.inputs):
                shown.add(Label(pygame.Rect(x, y, px(150), px(36)), "ui.common_seat",
                                object_id="#field", text_kwargs={"n": str(seat + 1)}))
                if info.kind == "bot":
                    text = tr("ui.net_seat_computer", level=tr(f"ui.level_{info.level}"))
                elif not info.taken and not info.connected and not info.name:
                    text = tr("ui.net_seat_waiting")
                else:
                    state = tr("ui.net_connected") if info.connected else tr("ui.net_away")
                    you = f" ({tr('ui.common_you')})" if info.kind == "human" else ""
                    text = f"{info.name}{you} · {state}"
                shown.add(Label(pygame.Rect(x + px(150), y, col - px(150), px(36)), text,
                                object_id="#field"))
                y += px(42)
            y += px(16)
            if session.hosting:
                r = pygame.Rect(x, y, px(260), px(50))
                shown.add(Button(
                    "start_now", r, "ui.net_continue_now" if flow.resumed else "ui.net_start_now",
                    object_id="#primary", name="start_now"),
                    Label(pygame.Rect(x + px(276), y + px(7), col - px(276), px(36)),
                          "ui.net_continue_now_hint" if flow.resumed else "ui.net_start_now_hint",
                          object_id="#field"))
                shown.focused = "start_now"
            else:
                shown.add(Label(pygame.Rect(x, y, col, px(34)), "ui.net_waiting_host",
                                object_id="#field"))
        shown.add(Button("leave", pygame.Rect(px(70), h - px(92), px(240), px(50)),
                         "ui.net_close_table" if session.hosting else "ui.net_leave",
                         name="leave"))
        return shown

    def _sig(self) -> tuple[Any, ...]:
        session = self.session
        if session is None:
            return ()
        flow = session.flow
        return (flow.welcomed, bool(flow.failure), flow.status,
                tuple((i.kind, i.name, i.connected, i.taken) for i in flow.inputs))

    def update(self, dt: float) -> None:
        session = self.session
        if session is None:
            return
        session.flow.receive()
        if session.flow.started and not session.flow.failure:
            self.app.go(routes.NetTable())
            return
        if self._sig() != self.sig:
            self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if is_net_event(event):
            return

    def on_button(self, key: str) -> None:
        session = self.session
        if key == "start_now" and session is not None:
            session.flow.start_now()
        elif key == "leave":
            left = self.app.services.take_net()
            if left is not None:
                left.close()
            self.app.go(routes.Menu())
