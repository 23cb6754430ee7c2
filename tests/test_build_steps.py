"""Screens whose slow widgets are spread over the steps of their build (built at once they
were hitches at 1080p): the new-game screen's "a match is in progress" question, the game
buttons, the hand history's buttons.  Built a step per frame they end as built at once."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
import pytest

from game.rules import Match, write_record
from game.ui.widgets.boxes import NO_SHADOW, STYLES, draw_box
from tests.test_safety import played
from tests.test_screens import app, pump  # noqa: F401 - fixture


def save_a_match(app, variant: str) -> None:  # noqa: F811
    """A match of ``variant`` in progress (the new-game screen then asks before Start)."""
    from game.ui.session import GameSetup

    m = Match(variant, seed=3)
    d = m.start_deal()
    d.apply(d.legal_actions()[0])
    app.services.storage.save_match(write_record(m.deals),
                                       GameSetup(variant, seats=["human", "normal"]))
    app.services.storage.flush()


def elements(scene) -> list[tuple[str, tuple[int, ...], bool]]:
    return sorted((type(e).__name__, tuple(e.rect), bool(getattr(e, "is_enabled", True)))
                  for e in scene.elements)


def build_by_steps(app, start, watch: Any = None) -> list[list[Any]]:  # noqa: F811
    """Run ``start`` in a frame and build the screen one step a frame; the screen's
    elements after each frame (and ``watch()``'s answers, when given, in ``watched``)."""
    app.build_slice_s = 0.0  # one step per frame
    app.call_soon(start)
    app.step(0.016)
    seen = [list(app.scene.elements)]
    watched.clear()
    while app.building():
        app.step(0.016)
        seen.append(list(app.scene.elements))
        if watch is not None:
            watched.append(watch())
    return seen


watched: list[Any] = []


def test_the_replace_question_draws_its_box_and_builds_it_in_steps(app):  # noqa: F811
    """The notice box of "a match of this game is in progress" is a transparent text box
    over a box the screen draws (pygame-gui's rounded box, drawn four times larger, was a
    hitch at 1920x1080); its pictures are made as steps of their own."""
    save_a_match(app, "marriage")
    setup = app.switch("setup")
    pump(app)
    setup.select_variant("marriage")
    pump(app)
    assert setup.start() is None and setup.replace_pending is not None
    pump(app)
    whole = elements(setup)
    (box, style), = setup.boxes
    assert style == "#notice_box" and box in setup.elements
    assert "in progress" in box.html_text
    # The widget's own picture has no box: the fill is the screen's.
    inside = (box.rect.w // 2, 4)
    assert box.image.get_at(inside).a == 0
    frame = app.screen.get_at((box.rect.x + box.rect.w // 2, box.rect.y + 4))
    fill = STYLES["#notice_box"][0]
    assert all(abs(frame[i] - fill[i]) <= 8 for i in range(3))
    # Its border is at the rect's edge (no shadow ring, as the theme's shadow_width 0).
    edge = app.screen.get_at((box.rect.x + box.rect.w // 2, box.rect.y))
    assert tuple(edge)[:3] == STYLES["#notice_box"][1][:3]

    setup.on_button("replace_cancel")
    pump(app)
    seen = build_by_steps(app, setup.start)
    assert app.scene is setup and setup.replace_pending is not None
    counts = [len(s) for s in seen]
    assert all(b - a <= 1 for a, b in zip(counts, counts[1:]))  # a widget a step at most
    at = next(i for i, s in enumerate(seen) if any(
        isinstance(e, pygame_gui.elements.UITextBox) for e in s))
    assert counts[at + 1] == counts[at]  # the box's picture: a step without a widget
    assert elements(setup) == whole


def test_the_menu_notice_draws_its_box(app):  # noqa: F811
    app.services.notices = [("ui.notice_save_corrupt", {"variant": "marriage",
                                                           "file": "x", "folder": "y"})]
    menu = app.switch("menu")
    pump(app)
    assert menu.notice_label is not None
    assert menu.boxes == [(menu.notice_label, "#notice_box")]
    rect = menu.notice_label.rect
    frame = app.screen.get_at((rect.x + rect.w // 2, rect.y + 4))
    fill = STYLES["#notice_box"][0]
    assert all(abs(frame[i] - fill[i]) <= 8 for i in range(3))


def test_a_box_without_shadow_fills_its_rect():
    surface = pygame.Surface((200, 80), pygame.SRCALPHA)
    rect = pygame.Rect(20, 10, 160, 60)
    assert "#notice_box" in NO_SHADOW
    draw_box(surface, rect, "#notice_box")
    fill, border, radius, _width = STYLES["#notice_box"]
    assert tuple(surface.get_at((rect.centerx, rect.top))) == border
    assert tuple(surface.get_at((rect.left, rect.centery))) == border
    assert tuple(surface.get_at((rect.centerx, rect.centery))) == fill
    assert surface.get_at(rect.topleft).a < 255  # a rounded corner
    assert surface.get_at((rect.centerx, rect.top - 1)).a == 0  # nothing outside it
    shadowed = pygame.Surface((200, 80), pygame.SRCALPHA)
    draw_box(shadowed, rect, "#brief")
    assert shadowed.get_at((rect.centerx, rect.top)).a < 255  # the shadow ring of others


def test_choosing_a_game_builds_the_screen_in_steps_as_at_once(app):  # noqa: F811
    """The chosen game's button gets its selected look in a step after it is made."""
    setup = app.switch("setup")
    pump(app)
    whole = {}
    for variant in ("marias", "sixty-six-3", "marriage"):  # built at once
        setup.select_variant(variant)
        pump(app)
        whole[variant] = (elements(setup), sorted(setup.option_widgets),
                          [k for k, b in setup.variant_buttons.items() if b.is_selected])
    for variant in whole:
        setup.select_variant("sixty-six")
        while app.building():
            app.step(0.016)

        def last() -> tuple[Any, bool]:
            element = setup.elements[-1] if setup.elements else None
            return element, bool(getattr(element, "is_selected", False))

        seen = build_by_steps(app, lambda v=variant: setup.select_variant(v), last)
        # The chosen game's button is made in one step and selected in the next.
        target = setup.variant_buttons[variant]
        assert [on for element, on in watched if element is target][:2] == [False, True]
        counts = [len(s) for s in seen]
        assert all(b - a <= 2 for a, b in zip(counts, counts[1:]))
        assert len(seen) > 20
        selected = [k for k, b in setup.variant_buttons.items() if b.is_selected]
        assert (elements(setup), sorted(setup.option_widgets), selected) == whole[variant]
        assert selected == [variant]


def test_the_hand_history_makes_a_button_a_step(app):  # noqa: F811
    """The history's buttons are made one a step (three wide ones in one step, one of them
    disabled at once, were a hitch at 1920x1080) and end as made at once."""
    storage = app.services.storage
    for i in range(3):
        m = played("marriage", deals=1, seed=i)
        storage.export_deal(write_record(m.deals), m.variant, key=f"{i:08x}")
    whole = elements(app.switch("replay"))
    pump(app)
    review = [b for b, k in app.scene.button_keys.items() if k == "review"]
    assert review and not review[0].is_enabled
    app.switch("menu")
    pump(app)
    seen = build_by_steps(app, lambda: app.switch("replay"))
    buttons = [sum(isinstance(e, pygame_gui.elements.UIButton) for e in s) for s in seen]
    assert all(b - a <= 1 for a, b in zip(buttons, buttons[1:]))
    assert buttons[-1] == 9  # open, review, back, four steps, two deals
    assert elements(app.scene) == whole


def test_the_network_screens_are_built_in_steps_as_at_once(app):  # noqa: F811
    """The network menu and the join screen were built in one frame (a hitch at
    1920x1080); built a step a frame they end with the same widgets."""
    app.services.net_discovery_port = 0  # an ephemeral port: no other table is heard
    for name in ("net", "net_join"):
        app.build_slice_s = None
        whole = elements(app.switch(name))
        pump(app)
        app.switch("menu")
        pump(app)
        seen = build_by_steps(app, lambda n=name: app.switch(n))
        assert app.scene.name == name and len(seen) > 3
        assert elements(app.scene) == whole
        if name == "net_join":
            app.scene.finder.close()


def test_a_table_found_while_typing_keeps_the_typing_when_built_in_steps(app):  # noqa: F811
    """The join screen is rebuilt when a table is heard on the LAN; built across frames,
    what was typed and where survive it (the focus is given back once it is built)."""
    import json
    import socket

    from game.net import protocol as P

    app.services.net_discovery_port = 0
    app.build_slice_s = 0.0
    app.switch("net_join")
    while app.building():
        app.step(0.016)
    join = app.scene
    assert join.finder is not None and join.finder.sock is not None
    address = join.entries[1]
    address.set_text("192.1")
    join.focus.focus(address)
    address.focus()
    beacon = {"app": P.APP_ID, "protocol": P.PROTOCOL_VERSION, "id": "t1", "port": 5000,
              "variant": "marias", "host": "Zoe", "free": 1, "started": False}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.sendto(json.dumps(beacon).encode(), ("127.0.0.1", join.finder.port))
    import time

    end = time.monotonic() + 5
    rebuilt = False
    while time.monotonic() < end and not (join.table_buttons and not app.building()):
        app.step(0.3)  # (the finder is read every 0.25 s)
        rebuilt = rebuilt or app.building()
    assert rebuilt and join.table_buttons
    assert join.entries[1] is not address  # a new widget ...
    assert join.entries[1].get_text() == "192.1" and join.entries[1].is_focused  # ... as it was
    join.finder.close()


def test_a_long_step_starts_a_slice_of_its_own(app):  # noqa: F811
    """A boxed text box (its box is slow to make large) is a long step: a slice with room
    for any number of ordinary steps stops before it, and the next slice starts with it."""
    import time

    from game.ui import shown as sh
    from game.ui.scenes.base import MenuScene

    done: list[int] = []

    class Steps(MenuScene):
        name = "steps"

        def build(self, **params: Any) -> sh.Shown:
            return sh.Shown([
                sh.Prepare(lambda: done.append(1)),
                sh.Prepare(lambda: done.append(2)),
                sh.TextBox("A brief.", pygame.Rect(10, 10, 300, 200), object_id="#brief",
                           boxed=True),
                sh.Prepare(lambda: done.append(3)),
            ])

    app.register("steps", Steps)
    app.build_slice_s = 3600.0  # (built a slice per frame, any number of steps a slice)
    scene = app.switch("steps")
    scene.continue_build(time.perf_counter() + 3600.0)
    assert done == [1, 2] and scene.building() and not scene.boxes
    scene.continue_build(time.perf_counter() + 3600.0)
    assert done == [1, 2, 3] and not scene.building() and len(scene.boxes) == 1


@pytest.mark.parametrize("app", [(1920, 1080)], indirect=True)
def test_the_rules_at_a_glance_start_a_slice_of_their_own(app):  # noqa: F811
    """The new-game screen's rules-at-a-glance box (slow to make at 1920x1080) is never built
    in the frame of another step: all the rest fits one slice here, yet it waits."""
    setup = app.switch("setup")
    pump(app)
    assert [b for b, style in setup.boxes if style == "#brief"]  # (built at once)
    app.build_slice_s = 3600.0
    app.call_soon(lambda: setup.select_variant("marias"))
    app.step(0.016)
    assert app.building()
    assert not [b for b, style in setup.boxes if style == "#brief"]
    assert setup.option_widgets  # (the rest before it is there)
    app.step(0.016)
    assert not app.building()
    assert [b for b, style in setup.boxes if style == "#brief"]


def test_the_table_reloads_the_text_size_and_builds_its_widgets_in_frames_apart(app):  # noqa: F811
    """Entering the table at a size whose text scale differs from the menus' reloads the
    whole theme; done in the same frame as the table's widgets (and the entering itself)
    it was one frame over the 50 ms any frame may take at 1920x1080.  In the program's
    loop each is a frame of its own, and the table ends as one built at once."""
    from game.ui.session import GameSetup
    from game.ui.table.scene import TableScene
    from game.ui.widgets import scaling

    app.register("table", TableScene)
    app.services.settings.animation_speed = "instant"
    reloads: list[int] = []
    real = scaling.apply_ui_scale

    def reload(app_: Any, scale: float) -> bool:
        reloads.append(len(app.frames))
        return real(app_, scale)

    def widgets(scene) -> list[tuple[str, tuple[int, ...]]]:
        return sorted((type(w).__name__, tuple(w.rect)) for w in scene.widgets.values())

    setup = GameSetup("marriage", seats=["human", "easy"], seed=4)
    app.services.font_scale = 0.5  # the menus' scale: the table must change it
    table = app.switch("table", setup=setup)
    try:
        expected = widgets(table)
        assert expected
        app.switch("menu")
        pump(app)
        app.services.font_scale = 0.5
        scaling.apply_ui_scale = reload
        try:
            frames = len(app.frames)
            app.build_slice_s = 0.0  # one step per frame
            app.call_soon(lambda: app.switch("table", setup=setup))
            app.step(0.016)
            after = {len(app.frames): widgets(app.scene)}  # frames so far: widgets
            while app.building():
                app.step(0.016)
                after[len(app.frames)] = widgets(app.scene)
        finally:
            scaling.apply_ui_scale = real
        built = [f for f in list(app.frames)[frames:] if f.building]
        assert len(built) >= 3  # entering, the text size, the widgets: a frame each
        assert len(reloads) == 1
        # The frame that reloaded the theme built no widget; a later one built them all.
        assert after[reloads[0] + 1] == []
        assert widgets(app.scene) == expected
    finally:
        app.scene.shutdown()
