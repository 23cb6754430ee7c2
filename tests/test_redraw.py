"""The redraw protocol: nothing is drawn while nothing changes, and a change is presented
where it happened, so a still table costs the machine next to nothing."""

from __future__ import annotations

import os
import time

import pygame
import pygame_gui
import pytest

from game.rules import Verb
from game.ui.redraw import Damage, DisplayList, UISnapshot
from game.ui.scene import Scene
from game.ui.session import GameSetup
from tests.test_table_play import _stop_bot_processes, make_app  # noqa: F401 - fixture


@pytest.fixture
def menu_app(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui import i18n
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    app = App(size=(1280, 720), lang="en")
    install_services(app)
    register_all(app)
    yield app
    i18n.set_language("en")
    pygame.quit()


def settle(app, frames: int = 10) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def presented(app) -> tuple[int, bool]:
    f = app.frames[-1]
    return f.presented_px, f.full


# --- the pieces ------------------------------------------------------------------------------
def test_display_list_damages_only_what_changed() -> None:
    a, b = pygame.Surface((10, 10)), pygame.Surface((10, 10))
    before = DisplayList()
    before.add("still", (0, 0, 10, 10), a)
    before.add("moving", (50, 0, 10, 10), a)
    before.add("going", (100, 0, 10, 10), a)
    before.add("new look", (150, 0, 10, 10), a)
    now = DisplayList()
    now.add("still", (0, 0, 10, 10), a)
    now.add("moving", (60, 0, 10, 10), a)
    now.add("new look", (150, 0, 10, 10), b)
    now.add("coming", (200, 0, 10, 10), a)
    damage = {tuple(r) for r in now.damage(before)}
    assert damage == {(50, 0, 10, 10), (60, 0, 10, 10), (100, 0, 10, 10), (150, 0, 10, 10),
                      (200, 0, 10, 10)}
    assert now.damage(now) == []


def test_damage_merges_neighbours_and_clips_to_the_window() -> None:
    d = Damage()
    d.add((0, 0, 10, 10))
    d.add((5, 5, 10, 10))
    d.add((500, 500, 10, 10))
    d.add((1270, 710, 50, 50))
    merged = d.merged(pygame.Rect(0, 0, 1280, 720))
    assert pygame.Rect(0, 0, 15, 15) in merged and pygame.Rect(500, 500, 10, 10) in merged
    assert pygame.Rect(1270, 710, 10, 10) in merged and len(merged) == 3
    d.add(None)
    assert d.full


def test_ui_snapshot_sees_a_widget_change_its_look(menu_app) -> None:
    app = menu_app
    app.switch("menu")
    settle(app)
    before = UISnapshot(app.manager)
    assert UISnapshot(app.manager).damage(before) == []
    button = app.scene.menu_buttons["rules"]
    button.disable()
    app.manager.update(1 / 60)
    assert UISnapshot(app.manager).damage(before) == [pygame.Rect(button.rect)] * 2


# --- the loop --------------------------------------------------------------------------------
def test_an_idle_menu_draws_nothing_and_a_change_is_presented_where_it_is(menu_app) -> None:
    app = menu_app
    app.switch("menu")
    settle(app)
    drawn = len(app.frames)
    for _ in range(30):
        assert not app.step(1 / 60)
    assert len(app.frames) == drawn
    # A widget that changes its look is presented alone, not the whole window.
    button = app.scene.menu_buttons["rules"]
    button.disable()
    assert app.step(1 / 60)
    area, full = presented(app)
    assert not full and area <= pygame.Rect(button.rect).inflate(8, 8).w * \
        pygame.Rect(button.rect).inflate(8, 8).h
    # A key is input: the screen is drawn again (the focus frame may move anywhere).
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                         unicode="", scancode=0))
    assert app.step(1 / 60)
    assert presented(app)[1]
    # Mouse motion alone redraws nothing of the menu itself.
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    settle(app, 3)
    drawn = len(app.frames)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(6, 6), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    assert not app.step(1 / 60) and len(app.frames) == drawn


def test_invalidate_and_call_soon_ask_for_a_frame(menu_app) -> None:
    app = menu_app
    app.switch("menu")
    settle(app)
    app.scene.invalidate((10, 10, 20, 20))
    assert app.step(1 / 60)
    assert presented(app) == (400, False)
    calls = []
    app.call_soon(lambda: calls.append(1))
    assert app.step(1 / 60) and calls == [1]
    assert not app.step(1 / 60)


def test_the_loop_sleeps_as_long_as_nothing_is_due(menu_app) -> None:
    from game.ui import app as app_module

    app = menu_app
    app.switch("settings")
    settle(app)
    app._settle_until = 0.0
    assert not app.awake()
    assert app._sleep_limit() == app_module.IDLE_WAKE_S

    class Timer(Scene):
        name = "timer"

        def wake_in(self) -> float:
            return 0.25

    app.register("timer", Timer)
    app.switch("timer")
    settle(app)
    app._settle_until = 0.0
    assert app._sleep_limit() == 0.25
    # A focused text field blinks its caret: the loop looks in at the caret's pace.
    app.switch("settings")
    settle(app)
    app._settle_until = 0.0
    app.manager.set_focus_set(app.scene.name_entry)
    assert app._sleep_limit() == app_module.CARET_WAKE_S
    assert isinstance(app.scene.name_entry, pygame_gui.elements.UITextEntryLine)


def test_full_garbage_collections_wait_for_the_loop_to_be_idle(menu_app) -> None:
    """A full collection (over a frame long) would land in whatever frame or thread allocates when
    it is due: the loop does it on its way to sleep, and Python's own one is made rare."""
    import gc
    import weakref

    from game.ui import app as app_module

    app = menu_app
    app.switch("settings")
    settle(app)
    app._settle_until = 0.0
    assert not app.awake()
    before = gc.get_threshold()
    try:
        gc.collect()

        class Node:
            pass

        ring = Node()
        ring.me = ring  # garbage only a collection finds (a cycle)...
        gone = weakref.ref(ring)
        gc.collect(1)  # ... among the old objects
        del ring
        for _ in range(app_module.GC_FULL_DUE):
            gc.collect(1)  # ten younger collections: a full one is due (the cycle is old)
        assert gone() is not None and gc.get_count()[2] >= app_module.GC_FULL_DUE
        app.frame()  # nothing to draw: it collects, then sleeps
        assert gone() is None and gc.get_count()[2] == 0
        assert gc.get_threshold()[2] == app_module.GC_FULL_DUE * app_module.GC_FULL_RARELY
    finally:
        gc.set_threshold(*before)


def test_the_idle_wait_returns_for_a_queued_event() -> None:
    from game.ui import idle_wait

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    start = time.perf_counter()
    idle_wait.wait(5.0)
    assert time.perf_counter() - start < 2.0  # returned for the event, not the timeout
    assert pygame.event.get(pygame.USEREVENT)
    pygame.quit()


# --- the table -------------------------------------------------------------------------------
def test_the_table_sleeps_on_the_players_turn_and_presents_only_what_moves() -> None:
    app = make_app(speed="fast")
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=4),
                       bot_budget_ms=0)
    assert scene.animating()  # the shuffle and the deal
    deadline = time.monotonic() + 60  # the bot answers from its process: on a busy machine later
    while not (scene.flow.waiting_for_human() and not scene.animating()):
        assert time.monotonic() < deadline, "the player's turn never came"
        app.step(1 / 60)
        time.sleep(0.002)
    assert scene.flow.settled() and not scene.animating()
    settle(app, 3)
    drawn = len(app.frames)
    for _ in range(20):
        assert not app.step(1 / 60)
    assert len(app.frames) == drawn
    # The player plays a card: it flies to the trick; only the areas it crosses (and the
    # hand it left) are presented, never the whole window.
    card = next(a for a in scene.input.legal() if a.verb is Verb.PLAY)
    scene.submit(card)
    areas = []
    for _ in range(20):
        if app.step(1 / 60):
            areas.append(app.frames[-1])
    assert areas and all(not f.full for f in areas)
    assert max(f.presented_px for f in areas) < 1280 * 720 * 0.7


def test_the_bot_process_is_started_ahead_and_handed_to_the_next_table() -> None:
    from game.ui.players import BotServer

    BotServer.prestart()
    spare = BotServer._spare
    assert spare is not None and spare.proc.is_alive()
    app = make_app()
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=1))
    assert scene.bot_server is spare
    time.sleep(0.5)
    assert BotServer._spare is None  # no second process idles beside the table's
    app.switch("menu")  # the player leaves the table: the next one is started behind
    deadline = time.perf_counter() + 10
    while BotServer._spare is None and time.perf_counter() < deadline:
        time.sleep(0.05)  # the next one is started behind the table
    assert BotServer._spare is not None
    scene.shutdown()
    BotServer._spare.close()
    BotServer._spare = None


def test_a_new_match_does_not_wait_for_the_last_bot_process_to_end(monkeypatch) -> None:
    """A bot process takes a while to exit: the table that starts a new match asks the
    old one to end and reaps it on a thread (waiting in the frame was a hitch); a table
    that closes for good still waits for it."""
    import threading

    from game.ui.players import BotServer

    reaped: list[str] = []
    real_reap = BotServer._reap

    def reap(self) -> None:
        reaped.append(threading.current_thread().name)
        real_reap(self)
    monkeypatch.setattr(BotServer, "_reap", reap)
    app = make_app()
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=1))
    first = scene.bot_server
    assert first is not None
    app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=2))
    assert scene.bot_server is not first and first.closed
    deadline = time.perf_counter() + 10
    while first.proc.is_alive() and time.perf_counter() < deadline:
        time.sleep(0.02)
    assert not first.proc.is_alive() and reaped == ["bots-reap"]
    second = scene.bot_server
    scene.shutdown()  # the program closes: here, not on a thread
    assert reaped[-1] == threading.current_thread().name and not second.proc.is_alive()


# --- nothing stale on screen -------------------------------------------------------------
class FrontBuffer:
    """What a player's screen shows: only what was presented (flip / update of rects)."""

    def __init__(self, monkeypatch, app) -> None:
        self.app = app
        self.front = pygame.Surface(app.screen.get_size())
        real_update = pygame.display.update

        def flip() -> None:
            self.front.blit(app.screen, (0, 0))

        def update(rects=None) -> None:
            if rects is None:
                flip()
                return
            for r in rects if isinstance(rects, list) else [rects]:
                r = pygame.Rect(r)
                self.front.blit(app.screen, r, r)
            real_update(rects)

        monkeypatch.setattr(pygame.display, "flip", flip)
        monkeypatch.setattr(pygame.display, "update", update)

    def stale(self) -> bool:
        return pygame.image.tobytes(self.front, "RGB") != pygame.image.tobytes(
            self.app.screen, "RGB")

    def redrawn_in_full_differs(self) -> bool:
        """Draw the same moment again from scratch (no update): must equal what the window
        shows."""
        shown = pygame.image.tobytes(self.front, "RGB")
        app = self.app
        app.kept_picture = False
        app.screen.fill((255, 0, 255))
        app.scene.draw(app.screen)
        app.manager.draw_ui(app.screen)
        overlay = getattr(app.scene, "draw_overlay", None)
        if overlay is not None:
            overlay(app.screen)
        differs = pygame.image.tobytes(app.screen, "RGB") != shown
        if differs and os.environ.get("REDRAW_DEBUG"):
            pygame.image.save(self.front, "/tmp/redraw-front.png")
            pygame.image.save(app.screen, "/tmp/redraw-full.png")
        return differs


def test_a_deal_leaves_nothing_stale_on_screen(monkeypatch) -> None:
    """Every presented frame of a whole deal equals the picture drawn in full: the partial
    redraws and the damage rectangles miss nothing (cards, bubbles, panels, the result)."""
    app = make_app(speed="fast")
    app.services.table_autoplay = "easy"
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=9),
                       bot_budget_ms=0)
    screen = FrontBuffer(monkeypatch, app)
    checked = 0
    for i in range(3000):
        drawn = app.step(1 / 60)
        if drawn:
            assert not screen.stale(), f"frame {i}: presented picture differs from drawn"
            # (A bot that is thinking may answer any moment, from its thread: its dots
            # would go before the next frame; compare only pictures nothing can change.)
            if i % 7 == 0 and "dots" not in scene.view.live.items and \
                    scene.flow.thinking_seat() is None:
                assert not screen.redrawn_in_full_differs(), f"frame {i}: partial redraw"
                checked += 1
        if scene.model.result is not None and not scene.animating():
            break
    assert scene.model.result is not None and checked > 10
    assert not screen.redrawn_in_full_differs()


def test_menus_leave_nothing_stale_on_screen(menu_app, monkeypatch) -> None:
    app = menu_app
    screen = FrontBuffer(monkeypatch, app)
    for name in ("menu", "setup", "settings", "menu"):
        app.switch(name)
        settle(app)
        assert not screen.stale()
    button = app.scene.menu_buttons["rules"]
    for change in (button.disable, button.enable, button.select, button.unselect):
        change()
        settle(app, 3)
        assert not screen.stale()
        assert not screen.redrawn_in_full_differs()


def _until(app, scene, done, steps: int = 3000) -> None:
    for _ in range(steps):
        app.step(1 / 60)
        if done():
            return
    raise AssertionError("the table never got there")


def test_the_tables_traps_sleep_and_leave_nothing_stale(monkeypatch) -> None:
    """A finished trick waiting to be collected is a still picture (no frames until the
    player acts); its prompt, the key badges, the last-trick view and a bubble at full
    strength are drawn and erased with the table's damage, nothing left behind."""
    from tests.test_table_play import key

    app = make_app(speed="fast", collect="click")
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=4),
                       bot_budget_ms=0)
    screen = FrontBuffer(monkeypatch, app)
    _until(app, scene, lambda: scene.flow.waiting_for_human() and not scene.animating())
    settle(app, 3)
    assert scene.view.live.items.get(("keys", 0)) is not None  # the number on the first card
    assert not screen.redrawn_in_full_differs()
    # The player plays until a finished trick waits on the table for the click.
    for _ in range(4):
        if scene.director.collecting():
            break
        card = next(a for a in scene.input.legal() if a.verb is Verb.PLAY)
        scene.submit(card)
        _until(app, scene, lambda: scene.director.collecting() or (
            scene.flow.waiting_for_human() and not scene.animating()))
    assert scene.director.collecting()
    settle(app, 3)
    assert not scene.animating() and scene.wake_in() is None
    drawn = len(app.frames)
    for _ in range(30):
        assert not app.step(1 / 60)
    assert len(app.frames) == drawn
    assert "prompt" in scene.view.live.items and not screen.stale()
    assert not screen.redrawn_in_full_differs()
    key(app, pygame.K_SPACE)  # collects it
    assert not scene.director.collecting()
    _until(app, scene, lambda: scene.flow.waiting_for_human() and not scene.animating())
    settle(app, 3)
    assert "prompt" not in scene.view.live.items
    assert not screen.stale() and not screen.redrawn_in_full_differs()
    # The last trick, shown and closed.
    key(app, pygame.K_l)
    settle(app, 2)
    assert "last_trick" in scene.view.live.items
    assert not screen.stale() and not screen.redrawn_in_full_differs()
    key(app, pygame.K_l)
    settle(app, 2)
    assert "last_trick" not in scene.view.live.items
    assert not screen.stale() and not screen.redrawn_in_full_differs()
    # A bubble animates only while it fades: at full strength the table sleeps until its
    # fade-out is due.
    _until(app, scene, lambda: not scene.bubbles)  # the computer's words have gone
    scene.refuse_text("Not now")
    assert scene.animating()
    settle(app, 12)  # past the fade-in
    bubble = scene.bubbles[-1]
    assert not scene.animating(), (scene.anim.next_change(), scene._lifting,
                                   [(b.text, b.age, b.ttl) for b in scene.bubbles],
                                   scene.director.effect, scene.layer and scene.layer.busy())
    assert abs(scene.wake_in() - (bubble.ttl - bubble.FADE_OUT - bubble.age)) < 1e-6
    assert not screen.stale() and not screen.redrawn_in_full_differs()
    _until(app, scene, lambda: not scene.bubbles)
    settle(app, 2)
    assert not screen.stale() and not screen.redrawn_in_full_differs()


def test_a_deals_end_hands_its_passing_pictures_back_when_the_loop_rests(monkeypatch) -> None:
    """Cards in flight, bubbles and the dealing leave free heap behind them: as after a
    screen change, the loop's next rest collects and trims (megabytes at 1920x1080)."""
    from game.ui import app as app_module

    trims: list[int] = []
    monkeypatch.setattr(app_module, "release_heap", lambda: trims.append(1) or True)
    app = make_app(speed="fast")
    app.services.table_autoplay = "easy"
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["easy"] * 2, seed=3),
                       bot_budget_ms=0)
    app.rest()  # the switch's own trim
    assert trims == [1]
    deadline = time.perf_counter() + 60
    while scene.model.result is None and time.perf_counter() < deadline:
        app.step(1 / 60)
        time.sleep(0.002)
    assert scene.model.result is not None
    app.rest()
    assert trims == [1, 1]
    app.rest()  # nothing new: no trim
    assert trims == [1, 1]
    scene.shutdown()
