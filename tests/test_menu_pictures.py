"""Memory: the table keeps none of the menus' pictures, and a screen that
was left is collected when the loop next rests.

At 1920x1080 the menus' felt (8 MB), the boxes under their text, their card faces and
pygame-gui's pages of shapes (4 MB each, up to three) stayed for the whole match; the
widgets of a screen that was left (pygame-gui's hold each other in cycles) waited for
Python's rare full collection.  The menu makes its felt again as the first step of its
build: the same pixels.
"""

from __future__ import annotations

import gc
import time
import weakref

import pygame

from game.ui.session import GameSetup
from game.ui.table.scene import TableScene
from game.ui.widgets import boxes, cards
from game.ui.widgets import felt as felt_module
from tests.test_screens import app, pump  # noqa: F401 - fixture


def _built(app, limit: int = 400) -> None:  # noqa: F811
    for _ in range(limit):
        app.step(1 / 60)
        if not app.scene.building():
            return
    raise AssertionError("the screen was not built")


def test_the_table_lets_go_of_the_menus_pictures_and_the_menu_makes_them_again(app):  # noqa: F811
    app.register("table", TableScene)
    app.services.settings.animation_speed = "instant"
    size = app.size
    app.switch("setup")  # its deck previews: the menus' card faces
    _built(app)
    app.switch("menu")
    _built(app)
    felt_before = pygame.image.tobytes(felt_module.felt(size), "RGB")
    assert cards.renderer().cache_info()["bytes"] > 0
    cache = app.manager.get_theme().shape_cache
    pages = [weakref.ref(page["surface"]) for page in cache.cache_surfaces]
    assert pages

    table = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=4))
    try:
        assert felt_module.felt.cache_info().currsize == 0
        assert boxes.rounded_box.cache_info().currsize == 0
        assert cards.renderer().cache_info()["bytes"] == 0
        assert not cache.cache_long_term_lookup  # emptied in place: the widgets share it
        pump(app, 30)
        app.rest()  # where the loop would sleep: a full collection
        assert all(page() is None for page in pages)  # gone with the menus' widgets
        assert len(cache.cache_surfaces) <= 1  # the table's few shapes
        assert felt_module.felt.cache_info().currsize == 0  # the table never asks for it
    finally:
        table.shutdown()

    app.build_slice_s = 0.02  # as in the real loop: screens are built across frames
    app.switch("menu")
    assert app.scene.building()
    app.scene.continue_build(0.0)  # the first step alone: the felt
    assert felt_module.felt.cache_info().currsize == 1
    _built(app)
    assert pygame.image.tobytes(felt_module.felt(size), "RGB") == felt_before


def test_a_screen_that_was_left_is_collected_when_the_loop_next_rests(app):  # noqa: F811
    app.switch("settings")
    _built(app)
    widgets = [weakref.ref(e) for e in app.scene.elements]
    gc.disable()  # only the loop's own collection may run
    try:
        app.switch("menu")
        _built(app)
        assert any(w() is not None for w in widgets)  # killed, still in pygame-gui's cycles
        for _ in range(100):
            if not app.awake():
                break
            app.frame()
        app.frame()  # nothing to draw: on its way to sleep the loop collects
        assert all(w() is None for w in widgets)
    finally:
        gc.enable()


def test_a_screen_whose_entering_took_the_frame_is_built_from_the_next_one(app):  # noqa: F811
    """Leaving the table (and the scale of the menus' fonts) can take a frame's slice:
    the new screen's first step (its felt, slow to make at 1080p) then waits a frame."""
    app.build_slice_s = 0.02
    app.switch("settings")
    _built(app)
    felt_module.felt.cache_clear()
    settings = app.scene
    leave = settings.leave

    def slow_leave() -> None:
        time.sleep(0.03)  # as long as leaving a table can take
        leave()
    settings.leave = slow_leave
    try:
        app.call_soon(lambda: app.switch("menu"))
        app.step(1 / 60)
        assert app.scene.name == "menu" and app.scene.building()
        assert felt_module.felt.cache_info().currsize == 0  # no step in that frame
        app.step(1 / 60)
        assert felt_module.felt.cache_info().currsize == 1  # the felt, first
    finally:
        del settings.leave
    _built(app)
