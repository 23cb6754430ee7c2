"""The network screens and table in the window: host, join, play, drop, continue.

The window is driven like a player drives it — clicks on buttons and cards, number
keys — while a scripted client on a thread plays the friend's seat.  Everything
runs on the loopback with ephemeral ports.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time

import pygame
import pytest
from test_table_play import click, perform

from game.net import protocol as P
from game.net.scripted import ScriptedClient
from game.net.server import ServerThread, TableServer
from game.net.table import AwayPolicy, Table
from game.ui.app import App, install_services
from game.ui.i18n import tr
from game.ui.screens import register_all
from game.ui.settings import Settings
from game.ui.storage import Storage

_APPS: list[App] = []


@pytest.fixture(autouse=True)
def _close_tables():
    yield
    while _APPS:
        app = _APPS.pop()
        session = app.services.take_net()
        if session is not None:
            session.close()
        for scene in app.scenes.values():
            stop = getattr(scene, "shutdown", None)
            if callable(stop):
                stop()


def make_app(tmp_path) -> App:
    app = App(size=(1280, 720))
    _APPS.append(app)
    storage = Storage(tmp_path / "config", tmp_path / "data")
    install_services(app, storage, Settings(animation_speed="instant", bot_pause_ms=0,
                                            player_name="Anna"))
    app.services.net_bot_pause_s = 0.0
    app.services.net_announce = False  # nothing on the LAN from a test
    app.services.net_discovery_port = 0
    register_all(app)
    app.switch("menu")
    return app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def friend(port: int, name: str, token: str | None = None,
           **kwargs) -> tuple[ScriptedClient, threading.Thread]:
    """A scripted friend on its own thread (its own event loop)."""
    client = ScriptedClient("127.0.0.1", port, name, "easy", seed=4, token=token)
    run_kwargs = kwargs

    def run() -> None:
        try:
            asyncio.run(client.run(**run_kwargs))
        except Exception as exc:  # noqa: BLE001 - the test reads client.outcome
            client.outcome = f"crash:{exc!r}"

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return client, thread


def press(app: App, key: str) -> None:
    """Click the scene's button made with ``key`` (a menu-like screen)."""
    scene = app.scene
    button = next(b for b, k in scene.button_keys.items() if k == key)
    click(app, button.rect.inflate(-6, -6).center)
    for _ in range(3):
        app.step(1 / 60)


def frames_until(app: App, done, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 60)
        if done():
            return
        time.sleep(0.002)
    raise AssertionError(f"timed out on {app.scene.name}")


def play(app: App, until, seconds: float = 60.0, rng: random.Random | None = None) -> int:
    """Play the window's seat with mouse and keys until ``until()``; returns the actions."""
    rng = rng or random.Random(1)
    end = time.monotonic() + seconds
    actions = 0
    while time.monotonic() < end:
        app.step(1 / 60)
        scene = app.scene
        if until():
            return actions
        if scene.name != "net_table" or scene.flow is None:
            time.sleep(0.002)
            continue
        flow = scene.flow
        if scene.director is not None and scene.director.collecting():
            # a finished trick waits for the player, as at the solo table
            click(app, scene.layout.center)
            continue
        if scene.model.result is not None and "next" in scene.widgets and not flow.ready_sent \
                and not scene.model.result.get("match_over"):
            click(app, scene.widgets["next"].rect.inflate(-6, -6).center)
            continue
        if flow.waiting_for_human() and not scene.anim.busy():
            obs = flow.pending.observation
            version = flow.version
            perform(app, scene, rng.choice(obs.legal), rng)
            frames_until(app, lambda f=flow, v=version: f.version != v or not f.connected(), 10)
            actions += 1
        else:
            time.sleep(0.002)
    raise AssertionError("the match did not end")


def test_host_a_table_play_with_a_friend_leave_and_continue(tmp_path):
    app = make_app(tmp_path)
    press(app, "network")
    assert app.scene.name == "net"
    press(app, "host")
    host = app.scene
    assert host.name == "net_host"
    host.variant = "marias"
    host.seats["marias"] = ["open", "easy"]
    host.options.setdefault("marias", {"rounds": 1, "gather_and_cut": True,
                                       "concede_plain_suit": False,
                                       "seven_flek_shortcut": False, "table_rules": False})
    host.rebuild()
    host.options["marias"]["rounds"] = 1
    port = free_port()
    host.port_entry.set_text(str(port))
    press(app, "open")
    assert app.scene.name == "net_lobby"
    session = app.services.net
    frames_until(app, lambda: session.flow.welcomed)
    app.step(1 / 60)
    texts = [getattr(e, "text", "") for e in app.scene.elements]
    assert any("Anna" in str(t) for t in texts)
    assert tr("ui.net_seat_waiting") in texts
    boris, thread = friend(port, "Boris", stop_at_deal=2)
    frames_until(app, lambda: app.scene.name == "net_table")
    table = app.scene
    frames_until(app, lambda: table.flow.inputs[1].connected)
    assert table.seat_name(1) == "Boris" and table.seat_name(0) == "Anna"
    assert "easy" in table.seat_name(2)
    # The computer has one name, the host's, and every window is told it.
    roster = [m for m in boris.received if m["type"] == "table"][-1]
    computer = roster["seats"][2]["name"]
    assert computer and table.seat_name(2).startswith(computer)
    assert "hint" not in table.widgets and "leave" in table.widgets
    # H does nothing at a table with friends: the key legend does not offer it.
    assert not any(tr("ui.table_keys_hint") in line for line in table.panels.key_legend())
    played = play(app, lambda: boris.outcome == "left")
    assert played > 0
    # Boris left politely at the second deal: his plate says so.
    frames_until(app, lambda: not table.flow.inputs[1].connected)
    assert tr("ui.net_away_computer") in table.seat_name(1)
    # The host closes the table; the match is saved like a local one.
    click(app, table.widgets["leave"].rect.inflate(-6, -6).center)
    for _ in range(3):
        app.step(1 / 60)
    assert app.scene.name == "menu" and app.services.net is None
    storage = app.services.storage
    saved = storage.load_match()
    assert saved is not None and saved[1].network["seats"] == ["open", "open", "easy"]
    # In a slot of its own: a local Mariáš match in progress is never replaced by it.
    assert saved[1].slot == "net-marias" and storage.has_match("net-marias")
    assert not storage.has_match("marias")
    app.scene.rebuild()
    # Continue hosts it again; Boris comes back to his seat and the match is played out.
    press(app, "continue")
    assert app.scene.name == "net_lobby"
    session = app.services.net
    frames_until(app, lambda: session.flow.resumed)
    app.step(1 / 60)
    start = next(b for b, k in app.scene.button_keys.items() if k == "start_now")
    assert start.text == "ui.net_continue_now"  # the saved match waits for Boris, or the host
    back, _ = friend(session.port, "Boris")
    frames_until(app, lambda: app.scene.name == "net_table")
    table = app.scene
    frames_until(app, lambda: len(table.flow.match.deals) >= 2)
    play(app, lambda: table.flow.match.over and table.model.result is not None)
    frames_until(app, lambda: back.outcome is not None)
    assert back.outcome == "match_end" and back.seat == 1
    assert "score" in table.model.result or table.model.result.get("match_over")


def test_join_a_club_table_and_see_who_is_connected(tmp_path):
    t = Table("sixty-six-3", ["open", "open", "easy"], {"match_points": 2},
              away=AwayPolicy(None), seed=3)
    server = ServerThread(TableServer(t, "127.0.0.1", 0, bot_pause_s=0.0, linger_s=0.2))
    port = server.start()
    try:
        app = make_app(tmp_path)
        app.switch("net_join")
        join = app.scene
        join.entries[1].set_text("127.0.0.1")
        join.entries[2].set_text(str(port))
        press(app, "join")
        assert app.scene.name == "net_lobby"
        # The form offers this table again next time, after a restart too.
        saved = app.services.storage.load_settings()
        assert (saved.player_name, saved.net_address, saved.net_port) == (
            "Anna", "127.0.0.1", port)
        vera, _ = friend(port, "Vera", drop_after=2)
        frames_until(app, lambda: app.scene.name == "net_table")
        table = app.scene
        names = {table.seat_name(s).split(" · ")[0] for s in range(3)}
        assert {"Anna", "Vera"} <= names
        vera_seat = next(s for s in range(3) if table.seat_name(s).startswith("Vera"))
        # Vera's program is killed: the plate says she is away and the table waits for her.
        play(app, lambda: vera.outcome == "dropped" and not table.flow.inputs[vera_seat].connected,
             30)
        assert tr("ui.net_away") in table.seat_name(vera_seat)
        again, _ = friend(port, "Vera", token=vera.token)
        frames_until(app, lambda: table.flow.inputs[vera_seat].connected)
        assert table.seat_name(vera_seat) == "Vera"
        # Esc goes to the menu without leaving; "Back to the table" returns to the game.
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="", scancode=0))
        for _ in range(3):
            app.step(1 / 60)
        assert app.scene.name == "menu" and app.services.net is not None
        assert app.scene.menu_buttons["continue"].text == "ui.net_back_to_table"
        press(app, "continue")
        assert app.scene.name == "net_table" and app.scene is table
        # A word to the table: "Say…", then "Well played!"; Vera's program hears it.
        click(app, table.widgets["say"].rect.inflate(-6, -6).center)
        for _ in range(2):
            app.step(1 / 60)
        assert "emote:well_played" in table.widgets
        click(app, table.widgets["emote:well_played"].rect.inflate(-6, -6).center)
        for _ in range(2):
            app.step(1 / 60)
        assert not any(k.startswith("emote:") for k in table.widgets)
        frames_until(app, lambda: any(m["type"] == "emote" for m in again.received), 5)
        heard = next(m for m in again.received if m["type"] == "emote")
        assert heard == {"type": "emote", "seat": table.view_seat, "what": "well_played"}
        frames_until(app, lambda: any(b.text == tr("ui.net_emote_well_played")
                                      for b in table.bubbles), 5)
        play(app, lambda: table.flow.match.over and table.model.result is not None)
        assert t.match.is_over() and table.flow.match.totals == t.match.totals
        frames_until(app, lambda: again.outcome is not None)
        assert again.outcome == "match_end"
    finally:
        server.stop()


def test_another_version_is_explained(tmp_path):
    async def old_host(reader, writer):
        await reader.readline()
        writer.write(P.encode(P.error(P.PROTOCOL_MISMATCH, server=P.PROTOCOL_VERSION + 1,
                                      client=P.PROTOCOL_VERSION)))
        await writer.drain()
        writer.close()

    ready = threading.Event()
    box = {}

    def serve():
        loop = asyncio.new_event_loop()
        srv = loop.run_until_complete(asyncio.start_server(old_host, "127.0.0.1", 0))
        box["port"], box["loop"] = srv.sockets[0].getsockname()[1], loop
        ready.set()
        loop.run_forever()

    threading.Thread(target=serve, daemon=True).start()
    ready.wait(5)
    app = make_app(tmp_path)
    app.switch("net_join")
    app.scene.entries[1].set_text("127.0.0.1")
    app.scene.entries[2].set_text(str(box["port"]))
    press(app, "join")
    newer, ours = str(P.PROTOCOL_VERSION + 1), str(P.PROTOCOL_VERSION)
    expected = tr("ui.net_code_protocol_version", server=newer, client=ours)
    frames_until(app, lambda: any(getattr(e, "text", None) == "ui.net_code_protocol_version"
                                  for e in app.scene.elements))
    label = next(e for e in app.scene.elements
                 if getattr(e, "text", None) == "ui.net_code_protocol_version")
    assert newer in expected and label.text_kwargs == {"server": newer, "client": ours}
    box["loop"].call_soon_threadsafe(box["loop"].stop)
    app.switch("net_join")
    app.scene.entries[1].set_text("127.0.0.1")
    app.scene.entries[2].set_text(str(free_port()))
    press(app, "join")
    frames_until(app, lambda: any(getattr(e, "text", None) == "ui.net_code_unreachable"
                                  for e in app.scene.elements))
    pygame.event.clear()


def test_a_table_found_while_typing_keeps_what_was_typed(tmp_path):
    app = make_app(tmp_path)
    app.services.net_discovery_port = 0  # an ephemeral port: no other table is heard
    app.switch("net_join")
    join = app.scene
    if join.finder is None or join.finder.sock is None:
        pytest.fail("the LAN finder could not listen")
    address = join.entries[1]
    click(app, address.rect.center)
    for ch in "192.1":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(1 / 60)
    assert address.get_text() == "192.1"
    beacon = {"app": P.APP_ID, "protocol": P.PROTOCOL_VERSION, "id": "t1", "port": 5000,
              "variant": "marias", "host": "Zoe", "free": 1, "started": False}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(json.dumps(beacon).encode(), ("127.0.0.1", join.finder.port))
    frames_until(app, lambda: join.table_buttons != {}, 5)
    # Rebuilt with the table in the list; the half-typed address and its focus survived.
    assert join.entries[1].get_text() == "192.1" and join.entries[1].is_focused
    for ch in "68.1.20":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(1 / 60)
    assert join.entries[1].get_text() == "192.168.1.20"
    frames_until(app, lambda: any("Zoe" in b.text for b, k in join.button_keys.items()
                                  if k.startswith("found:")), 5)
    label = next(b.text for b, k in join.button_keys.items() if "Zoe" in b.text)
    assert "127.0.0.1:5000" in label
    join.finder.close()


def test_a_dropped_line_is_dialled_again_and_the_turn_asked_again(tmp_path):
    """The line to the host breaks while it is the window's turn (Wi-Fi lost): the client
    dials again with its token and gets the position.  The card clicked as the line broke
    was either lost with the old line — then the person is asked again — or, when the
    client had dialled again first, sent on the new one and played: never both, never
    neither (which of the two depends on the threads' order, so both are held)."""
    t = Table("marriage", ["open", "easy"], {"match_points": 2}, away=AwayPolicy(None), seed=8)
    server = TableServer(t, "127.0.0.1", 0, bot_pause_s=0.0, linger_s=0.2)
    thread = ServerThread(server)
    port = thread.start()
    try:
        app = make_app(tmp_path)
        app.switch("net_join")
        app.scene.entries[1].set_text("127.0.0.1")
        app.scene.entries[2].set_text(str(port))
        press(app, "join")
        frames_until(app, lambda: app.scene.name == "net_table")
        table = app.scene
        flow = table.flow
        frames_until(app, lambda: flow.waiting_for_human() and not table.anim.busy())
        # Click a card and cut the line.
        legal = flow.pending.observation.legal
        before = len(t.deal.history)
        thread.call(lambda: [c.writer.transport.abort() for c in list(server.connections)])
        table.submit(legal[0])
        frames_until(app, lambda: flow.reconnects > 0)

        def played() -> bool:
            return len(t.deal.history) > before and t.deal.history[before][0] == 0

        # (Played, the trick may wait for a click to gather it: the table is not still.)
        try:
            frames_until(app, lambda: flow.status == "connected" and (
                played() or flow.waiting_for_human() and not table.anim.busy()), 20)
        except AssertionError as exc:  # say where the window and the host stand
            raise AssertionError({
                "status": flow.status, "state": flow.state, "pending": flow.pending,
                "moving": table.anim.busy(), "version": flow.version,
                "to_move": flow.obs.to_move if flow.obs else None, "queue": len(flow.queue),
                "host_history": len(t.deal.history), "before": before,
                "host_to_move": t.deal.to_move(), "reconnects": flow.reconnects}) from exc
        assert flow.view_seat == 0 and t.seats[0].connected and flow.reconnects == 1
        if played():  # sent on the new line: played once, the card the person chose
            assert t.deal.history[before][1] == legal[0]
            assert [s for s, _a in t.deal.history[before:]].count(0) <= 1
        else:  # lost with the old line: the same turn is asked again
            assert len(t.deal.history) == before
            assert flow.pending.observation.legal == legal
        play(app, lambda: flow.match.over and table.model.result is not None)
        assert t.match.is_over() and flow.match.totals == t.match.totals
    finally:
        thread.stop()


def test_the_wake_up_event_is_none_of_pygame_gui_s(tmp_path):
    """After pygame.quit() a new custom event number equals a pygame-gui event; ours must not."""
    import pygame_gui

    from game.ui.netplay.session import NET_EVENT, is_net_event, wake

    pygame.init()
    pygame.quit()
    app = make_app(tmp_path)
    gui_types = {v for k, v in vars(pygame_gui).items() if k.startswith("UI_") and
                 isinstance(v, int)}
    assert gui_types and NET_EVENT not in gui_types
    app.switch("net")
    wake()
    woke = [e for e in pygame.event.get(NET_EVENT)]
    assert woke and all(is_net_event(e) for e in woke)
    wake()
    for _ in range(3):
        app.step(1 / 60)  # handled (ignored) by the screens without a fault
    assert app.scene.name == "net"


def test_joining_the_same_table_again_takes_the_seat_back_by_its_token(tmp_path):
    """The token the host gave is kept in the data folder the moment it comes: joining
    again with the same name and address — in this run, or after the program was closed
    without leaving (a fresh store over the same folder) — sits at the same seat, which a
    name alone would not get (seat_taken)."""
    from game.ui.netplay.seat_tokens import SeatTokens
    from game.ui.netplay.session import NetSession

    t = Table("marriage", ["open", "open"], {"match_points": 2}, away=AwayPolicy(None),
              seed=5)
    server = ServerThread(TableServer(t, "127.0.0.1", 0, bot_pause_s=0.0, linger_s=0.2))
    port = server.start()
    storage = Storage(tmp_path / "cfg", tmp_path / "data")

    def until(check, seconds: float = 10.0) -> None:
        end = time.monotonic() + seconds
        while not check():
            assert time.monotonic() < end, "timed out"
            time.sleep(0.02)

    def sit(name: str) -> NetSession:
        session = NetSession.join("127.0.0.1", port, name, SeatTokens(storage))

        def welcomed() -> bool:
            session.flow.receive()  # the window's frame loop does this
            return session.flow.welcomed

        until(welcomed)
        return session

    try:
        first = sit("Dora")
        seat = first.client.seat
        first.client.close()  # the program ends without leaving the table (no close())
        until(lambda: not t.seats[seat].connected)
        stranger, _ = friend(port, "Dora")
        until(lambda: stranger.outcome is not None)
        assert stranger.outcome == "error:" + P.SEAT_TAKEN
        again = sit(" dora ")  # a fresh program: only the file knows the token
        assert again.client.seat == seat and t.seats[seat].connected
        again.close()
        assert storage.take_reports() == []
    finally:
        server.stop()
