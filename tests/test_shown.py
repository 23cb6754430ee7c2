"""A screen says what it shows; the builder makes it: in order, in places that may follow
what is made before, with the focus ring and the frame slicing the screen never writes."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pygame_gui
import pytest

from game.ui import shown as sh
from game.ui.builder import LONG, Build
from game.ui.scenes.base import MenuScene
from tests.test_screens import app, pump  # noqa: F401 - fixture

calls: list[str] = []


class Declared(MenuScene):
    """A screen of every kind of declaration, with a record of the touches made."""

    name = "declared"
    title_key = None

    def build(self, **params: Any) -> sh.Shown:
        room: bool = params.get("room", True)
        return sh.Shown([
            sh.Label(pygame.Rect(20, 20, 300, 30), "Options", name="title"),
            sh.Button("b", pygame.Rect(20, 60, 200, 40), "Second", focus=1, name="second"),
            sh.Button("a", pygame.Rect(240, 60, 200, 40), "First", selected=True, name="first"),
            sh.TextBox("A text as tall as it is long.", pygame.Rect(20, 110, 300, -1),
                       name="blurb"),
            # below the text box, wherever its text ended
            sh.Toggle(lambda made: pygame.Rect(20, made["blurb"].rect.bottom + 6, 120, 36),
                      False, lambda on: None, name="toggle"),
            sh.TextBox("A boxed brief.", pygame.Rect(400, 110, 300, 120), object_id="#brief",
                       boxed=True, when=lambda made: room, name="brief"),
            sh.Prepare(lambda: calls.append("prepared")),
            sh.Then(lambda made: calls.append(f"then {sorted(made)}")),
            sh.Button("back", pygame.Rect(20, 600, 180, 50), "Back", focus=2, name="back"),
            sh.Label(pygame.Rect(20, 660, 300, 30), "Footer", name="footer"),
            sh.Button("off", pygame.Rect(460, 60, 200, 40), "Later", enabled=False,
                      visible=False, focus=None, name="off"),
        ], focused="first")


@pytest.fixture
def declared(app):  # noqa: F811
    calls.clear()
    app.register("declared", Declared)
    return app


def made_in_order(scene: MenuScene) -> list[str]:
    names = {id(e): n for n, e in scene.made.items()}
    return [names.get(id(e), "?") for e in [*scene.elements, *scene.widgets]]


def test_a_declaration_is_made_in_order_with_places_that_follow_what_is_made(declared):
    scene = declared.switch("declared")
    pump(declared)
    assert [n for n in made_in_order(scene) if n != "toggle"] == [
        "title", "second", "first", "blurb", "brief", "back", "footer", "off"]
    assert scene.widgets == [scene.made["toggle"]]
    assert scene.made["toggle"].rect.top == scene.made["blurb"].rect.bottom + 6
    assert scene.made["first"].is_selected and not scene.made["second"].is_selected
    off = scene.made["off"]
    assert not off.is_enabled and not off.visible and off not in scene.focus.items
    assert scene.boxes == [(scene.made["brief"], "#brief")]
    assert calls == ["prepared",
                     "then ['blurb', 'brief', 'first', 'second', 'title', 'toggle']"]
    # The focus ring: ascending focus, then as declared; it starts where it was told.
    assert scene.focus.items == [scene.made[n] for n in ("first", "toggle", "second", "back")]
    assert scene.focus.current is scene.made["first"]
    assert scene.button_keys[scene.made["back"]] == "back"


def test_an_element_whose_when_says_no_is_not_made(declared):
    scene = declared.switch("declared", room=False)
    pump(declared)
    assert "brief" not in scene.made and scene.boxes == []
    assert "footer" in scene.made


def test_built_a_step_a_frame_a_screen_ends_as_built_at_once(declared):
    whole = declared.switch("declared")
    pump(declared)
    at_once = sorted((type(e).__name__, tuple(e.rect)) for e in whole.elements)
    declared.switch("menu")
    pump(declared)
    declared.build_slice_s = 0.0  # one step per frame
    scene = declared.switch("declared")
    counts = []
    while declared.building():
        declared.step(0.016)
        counts.append(len(scene.elements) + len(scene.widgets))
    assert all(b - a <= 1 for a, b in zip(counts, counts[1:]))  # an element a step at most
    assert sorted((type(e).__name__, tuple(e.rect)) for e in scene.elements) == at_once
    assert scene.focus.current is scene.made["first"]


def test_the_selected_look_and_a_boxed_text_box_start_steps_of_their_own(declared):
    """A button is made in one step and selected in the next; a boxed text box (its box
    is slow to make large) waits for a slice of its own however much time is left."""
    scene = declared.switch("declared")
    pump(declared)
    declared.switch("menu")
    pump(declared)
    declared.build_slice_s = 0.0
    scene = declared.switch("declared")
    selected_when_made = []
    while "first" not in scene.made:
        declared.step(0.016)
    selected_when_made.append(scene.made["first"].is_selected)
    declared.step(0.016)
    selected_when_made.append(scene.made["first"].is_selected)
    assert selected_when_made == [False, True]
    # With all the time in the world a slice still ends before the boxed text box.
    build = scene._build
    assert build is not None
    build.advance(1e18)
    assert "brief" not in scene.made and "blurb" in scene.made
    build.advance(1e18)
    assert "footer" in scene.made


def test_a_screen_left_while_it_is_built_makes_nothing_more(declared):
    declared.build_slice_s = 0.0
    scene = declared.switch("declared")
    declared.step(0.016)
    declared.step(0.016)
    declared.switch("menu")
    pump(declared)
    assert scene.elements == [] and scene.widgets == [] and scene.made == {}
    assert "prepared" not in calls
    alive = [e for e in declared.manager.get_sprite_group().sprites()
             if isinstance(e, pygame_gui.elements.UIButton) and e.text in ("First", "Second")]
    assert alive == []


def test_a_build_stops_a_slice_where_a_step_says_the_next_is_long():
    done: list[int] = []

    def steps():
        done.append(1)
        yield None
        done.append(2)
        yield LONG
        done.append(3)
        yield None
        done.append(4)

    build = Build(steps())
    build.advance(1e18)
    assert done == [1, 2]
    build.advance(1e18)
    assert done == [1, 2, 3, 4] and not build.running()
    whole = Build(iter([None, LONG, None]))
    whole.advance(math.inf)  # built whole: nothing waits
    assert not whole.running()


def test_a_rebuilt_screen_keeps_the_keyboard_on_the_same_element(app):  # noqa: F811
    """Start keeps the keyboard when another game is chosen, though the rows above it
    (the opponents, the rules' options) are more or fewer than before."""
    setup = app.switch("setup")
    pump(app)
    setup.select_variant("marriage")
    pump(app)
    setup.focus.focus(setup.start_button)
    setup.focus.visible = True
    for variant in ("marias", "sixty-six-3", "marriage"):
        setup.select_variant(variant)
        pump(app)
        assert setup.focus.current is setup.start_button, variant
        assert setup.focus.visible
