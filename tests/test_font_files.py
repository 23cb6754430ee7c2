"""Memory: pygame-gui's fonts are opened from their files.

pygame-gui opens its own faces (Noto Sans, Fira Code) as package resources, each size
and style with its own in-memory copy of the whole file (dozens of them at the table at
1920x1080).  ``game.ui.gui_internals.fonts_from_files`` points them at the files: the
same glyphs, no copies.
"""

from __future__ import annotations

import gc
import io
import os

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import PackageResource

from game.ui import i18n
from game.ui.gui_internals import font_file, fonts_from_files
from tests.test_screens import app, pump  # noqa: F401 - fixture


def _copies() -> set[int]:
    gc.collect()
    # (A closed buffer another test left for the collector holds no font.)
    return {id(o) for o in gc.get_objects() if isinstance(o, io.BytesIO) and not o.closed
            and len(o.getbuffer()) > 100_000}


#: The copies that were there before a test of this file began: pygame keeps a font made
#: from a buffer (and so the buffer) for as long as anything holds that font, and earlier
#: tests of the same process made managers of their own, with pygame-gui's default way.
_before: set[int] = set()


@pytest.fixture(autouse=True)
def _copies_before():
    """(Autouse: taken before the ``app`` fixture opens its window.)"""
    _before.clear()
    _before.update(_copies())


def _font_copies() -> int:
    """Copies of font files in memory made since this test began."""
    return len(_copies() - _before)


def _locations(manager: pygame_gui.UIManager) -> list[object]:
    fonts = manager.get_theme().get_font_dictionary()
    known = [loc for places in fonts.known_font_paths.values() for loc, _ in places]
    return known + [res.location for res in fonts.loaded_fonts.values()]


def test_a_package_font_is_found_as_a_file_and_other_places_are_left_alone():
    path = font_file(PackageResource("pygame_gui.data", "NotoSans-Regular.ttf"))
    assert path is not None and os.path.isfile(path)
    assert font_file(PackageResource("pygame_gui.data", "no-such-font.ttf")) is None
    assert font_file("/some/where/font.ttf") is None  # a path already: nothing to do


def test_every_screen_opens_its_fonts_from_files(app):  # noqa: F811
    for name in ("menu", "setup", "settings", "rules"):
        app.switch(name)
        pump(app, 40)
    locations = _locations(app.manager)
    assert locations and not any(isinstance(loc, PackageResource) for loc in locations)
    assert all(os.path.isfile(loc) for loc in locations)  # type: ignore[arg-type]
    loaded = app.manager.get_theme().get_font_dictionary().loaded_fonts.values()
    assert all(res.loaded_font is not None for res in loaded)
    assert _font_copies() == 0


def test_a_language_switch_keeps_fonts_on_files(app):  # noqa: F811
    app.switch("menu")
    pump(app, 30)
    for lang in ("ru", "cs", "en"):
        i18n.apply_language(app, lang)
        pump(app, 30)
        assert not any(isinstance(loc, PackageResource) for loc in _locations(app.manager))
    assert _font_copies() == 0


def test_text_from_the_file_is_drawn_as_from_the_package_copy():
    """The same face: the same pixels, whichever way it was opened."""
    pygame.init()
    pygame.display.set_mode((400, 200))
    manager = pygame_gui.UIManager((400, 200))
    text = "Mariáš — Сорок шесть"

    def drawn(manager: pygame_gui.UIManager) -> bytes:
        label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 300, 40), text, manager=manager)
        manager.draw_ui(pygame.Surface((400, 200)))
        pixels = pygame.image.tobytes(label.image, "RGBA")
        label.kill()
        return pixels

    before = drawn(manager)
    assert _font_copies() > 0  # pygame-gui's own way: copies in memory
    assert fonts_from_files(manager) > 0
    fonts = manager.get_theme().get_font_dictionary()
    assert all(isinstance(res.location, str) for res in fonts.loaded_fonts.values())
    assert drawn(manager) == before
    manager.clear_and_reset()
    del manager, fonts
    gc.collect()
    assert _font_copies() == 0
