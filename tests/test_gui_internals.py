"""What game.ui.gui_internals relies on in pygame-gui's insides, pinned one by one.

An upgrade of pygame-gui that changes one of these details fails the test named after it
(the text box that keeps one picture: tests/test_screen_memory.py; the fonts opened from
their files: tests/test_font_files.py).
"""

from __future__ import annotations

import os

import pygame
import pygame_gui

from game.ui import gui_internals as gi
from game.ui.i18n import set_language
from game.ui.widgets.scaling import scaled_theme
from tests.test_screens import app, pump  # noqa: F401 - fixture


def test_translate_is_what_a_widget_shows(app):  # noqa: F811
    label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 400, 30), "ui.collect_auto_s",
                                        app.manager, text_kwargs={"s": "1,5"})
    assert gi.translate("ui.collect_auto_s", s="1,5") == gi.shown_text(label)
    assert "1,5" in gi.shown_text(label) and "ui." not in gi.shown_text(label)
    assert gi.translate("plain words") == "plain words"
    set_language("ru")
    app.manager.set_locale("ru")
    russian = gi.translate("ui.menu_new")
    set_language("en")
    app.manager.set_locale("en")
    assert russian != gi.translate("ui.menu_new")  # the manager's locale decides


def test_the_widgets_face_is_a_file_we_can_draw_with():
    for bold in (False, True):
        path = gi.noto_sans_file(bold)
        assert path is not None and os.path.isfile(path)
        pygame.font.init()
        assert pygame.font.Font(path, 20).render("Ř ж", True, (0, 0, 0)).get_width() > 0


def test_a_font_once_loaded_is_known(app):  # noqa: F811
    assert not gi.font_loaded(app.manager, 31, "noto_sans", True, False)
    app.manager.preload_fonts([{"name": "noto_sans", "point_size": 31, "style": "bold"}])
    assert gi.font_loaded(app.manager, 31, "noto_sans", True, False)
    assert not gi.font_loaded(app.manager, 31, "noto_sans", False, True)


def _button_font_height(manager: pygame_gui.UIManager) -> int:
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Ag", manager)
    height = button.font.get_rect("Ag").height
    button.kill()
    return int(height)


def test_a_checked_theme_loads_without_a_second_check_and_rebuilds(app, monkeypatch):  # noqa: F811
    manager = app.manager
    small = _button_font_height(manager)
    seen: list[object] = []
    monkeypatch.setattr(pygame_gui.core.UIAppearanceTheme, "validate_theme_data",
                        lambda self, data: seen.append(data) or [], raising=True)
    theme = scaled_theme(1.6)
    assert theme is not None
    gi.load_checked_theme(manager, theme)
    assert seen == []  # load_theme calls validate_theme_data: switched off for this theme
    assert _button_font_height(manager) > small  # the new sizes are in use
    gone = gi.forget_fonts_not_in_use(manager)
    assert gone > 0  # the sizes of the scale before
    assert _button_font_height(manager) > small  # and what is in use still draws
    pump(app)


def test_the_shape_cache_empties_in_place_and_fills_again(app):  # noqa: F811
    manager = app.manager
    cache = manager.get_theme().shape_cache
    for i in range(6):
        pygame_gui.elements.UIButton(pygame.Rect(10, 10 + 50 * i, 220, 40), f"b{i}", manager)
    pump(app)
    assert cache.cache_surfaces and cache.cache_long_term_lookup
    gi.empty_shape_cache(manager)
    assert manager.get_theme().shape_cache is cache
    assert cache.cache_surfaces == [] and cache.cache_long_term_lookup == {}
    late = pygame_gui.elements.UIButton(pygame.Rect(300, 10, 220, 40), "late", manager)
    pump(app)
    assert late.image.get_bounding_rect(min_alpha=1).width > 100  # drawn whole
    assert cache.cache_surfaces or cache.cache_short_term_lookup


def test_a_new_buttons_other_looks_are_drawn_one_a_step(app):  # noqa: F811
    manager = app.manager
    for element in manager.get_sprite_group().sprites():
        element.kill()
    buttons = [pygame_gui.elements.UIButton(pygame.Rect(10, 10 + 50 * i, 220, 40), f"b{i}",
                                            manager) for i in range(3)]
    steps = sum(1 for _ in gi.pending_looks(manager))
    assert steps >= len(buttons)  # at least a look of each was waiting
    assert sum(1 for _ in gi.pending_looks(manager)) == 0  # and none is left
    hovered = [b.drawable_shape.states["hovered"].surface for b in buttons]
    assert all(s is not None and s.get_bounding_rect(min_alpha=1).width > 100 for s in hovered)


def test_a_text_boxs_rows_are_its_words_within_its_width(app):  # noqa: F811
    words = "Sixty-six is played with twenty-four cards by two players " * 4
    box = pygame_gui.elements.UITextBox(words, pygame.Rect(0, 0, 300, -1), app.manager)
    width, height, rows = gi.text_box_rows(box)
    assert 0 < width <= 300 and height > 0 and len(rows) > 2
    assert all(w <= width for w, _ in rows)
    assert " ".join(t.strip() for _, t in rows).split() == words.split()


def test_the_open_list_is_as_wide_as_the_drop_down(app):  # noqa: F811
    rect = pygame.Rect(20, 20, 260, 36)
    menu = pygame_gui.elements.UIDropDownMenu(["Easy", "Normal", "Hard"], "Easy", rect,
                                              app.manager)
    gi.full_width_list(menu)
    button = gi.selected_button(menu)
    assert button is not None and button.font.get_rect("Easy").width > 0
    assert button.rect.width < rect.width  # the arrow's button takes the rest
    menu.menu_states["expanded"].should_transition = False
    menu.current_state.should_transition = True
    menu.current_state.target_state = "expanded"
    pump(app)
    opened = menu.menu_states["expanded"].options_selection_list
    assert opened is not None and opened.relative_rect.width == rect.width
