"""The screens, driven like a player would: synthetic clicks and keys on a headless window."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pygame_gui
import pytest

from game.rules import Match, write_record
from game.ui.scene import Scene
from game.ui.session import GameSetup
from game.ui.storage import Storage


class FakeTable(Scene):
    """Stands in for the colleague's table: remembers how it was entered."""

    name = "table"
    entered: list[dict[str, Any]] = []

    def enter(self, **params: Any) -> None:
        FakeTable.entered.append(params)


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    """The screens in a 1280x720 window (another size: ``indirect`` parametrization)."""
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui import i18n
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    application = App(size=getattr(request, "param", (1280, 720)), lang="en")
    install_services(application)
    register_all(application)
    application.register("table", FakeTable)
    FakeTable.entered = []
    yield application
    i18n.set_language("en")
    pygame.quit()


def pump(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(0.016)


def click(app, element, frames: int = 4) -> None:
    """A left click inside the element's hit area (2 px inside its rect: the shadow)."""
    rect = element.rect if hasattr(element, "rect") else element
    pos = pygame.Rect(rect).inflate(-4, -4).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def key(app, k: int, mod: int = 0, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    pump(app, frames)


def choose(app, choice, label_index: int) -> None:
    """Open a drop-down and click one of its entries (drop-down events come 1-2 frames late)."""
    click(app, choice.menu.current_state.selected_option_button, frames=6)
    items = choice.menu.current_state.options_selection_list.item_list
    click(app, items[label_index]["button_element"], frames=6)


def played_match(variant: str, deals: int = 99, seed: int = 1) -> Match:
    m = Match(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(deals):
        if m.is_over():
            break
        d = m.start_deal()
        while not d.is_over():
            d.apply(rng.choice(d.legal_actions()))
        m.finish_deal()
    return m


# --- main menu -------------------------------------------------------------------------------
def test_menu_buttons_and_continue_disabled_without_save(app):
    menu = app.switch("menu")
    pump(app)
    assert set(menu.menu_buttons) - {"tutorial"} == {"new", "continue", "network", "rules",
                                                     "stats", "history", "settings", "quit"}
    assert not menu.menu_buttons["continue"].is_enabled
    click(app, menu.menu_buttons["new"])
    assert app.scene.name == "setup"


def test_continue_resumes_the_saved_match(app):
    storage: Storage = app.services.storage
    m = played_match("marriage", deals=1)
    setup = GameSetup("marriage", seats=["human", "hard"])
    storage.save_match(write_record(m.deals), setup)
    menu = app.switch("menu")
    pump(app)
    assert menu.menu_buttons["continue"].is_enabled
    click(app, menu.menu_buttons["continue"])
    assert FakeTable.entered[-1]["setup"] == setup
    assert FakeTable.entered[-1]["resume_record"] == write_record(m.deals)


def test_corrupt_files_reported_once_on_the_menu(app, tmp_path):
    storage: Storage = app.services.storage
    storage.save_match("variant: marriage\ndealer: 9\n", GameSetup("marriage"))
    storage.flush()
    storage.match_paths("marriage")[0].write_text("rubbish ::: ", encoding="utf-8")
    menu = app.switch("menu")
    pump(app)
    # The damaged save is found when the menu opens: a notice in the middle, nothing else.
    assert menu.notice_label is not None and menu.menu_buttons == {}
    assert "saved match" in menu.notice_label.html_text
    assert "marriage.txt.corrupt-" in menu.notice_label.html_text
    click(app, menu.dismiss_button)
    assert menu.notice_label is None
    assert not menu.menu_buttons["continue"].is_enabled
    app.switch("settings")
    app.switch("menu")
    assert menu.notice_label is None  # reported once


def test_keyboard_navigation_of_the_menu(app):
    menu = app.switch("menu")
    pump(app)
    assert menu.focus.current is menu.menu_buttons["new"]
    key(app, pygame.K_DOWN)  # Continue is disabled: skipped
    assert menu.focus.current is menu.menu_buttons["network"]
    key(app, pygame.K_DOWN)
    assert menu.focus.current is menu.menu_buttons.get("tutorial", menu.menu_buttons["rules"])
    if "tutorial" in menu.menu_buttons:
        key(app, pygame.K_DOWN)
    assert menu.focus.current is menu.menu_buttons["rules"]
    for _ in range(3 if "tutorial" in menu.menu_buttons else 2):
        key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert menu.focus.current is menu.menu_buttons["new"]
    key(app, pygame.K_UP)
    assert menu.focus.current is menu.menu_buttons["quit"]
    menu.focus.focus(menu.menu_buttons["rules"])
    key(app, pygame.K_DOWN)
    assert menu.focus.current is menu.menu_buttons["stats"]
    key(app, pygame.K_RETURN, frames=3)
    assert app.scene.name == "stats"
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"


# --- new game ----------------------------------------------------------------------------------
def test_setup_values_reach_the_table_and_are_remembered(app):
    setup = app.switch("setup")
    pump(app)
    click(app, setup.variant_buttons["marias"])
    assert setup.variant == "marias"
    assert set(setup.option_widgets) == {"rounds", "gather_and_cut", "concede_plain_suit",
                                         "seven_flek_shortcut", "table_rules"}
    choose(app, setup.level_choices[0], 2)  # hard
    choose(app, setup.level_choices[1], 0)  # easy
    choose(app, setup.option_widgets["rounds"], 2)  # 3 rounds
    click(app, setup.option_widgets["table_rules"].button)
    click(app, setup.practice_toggle.button)
    click(app, setup.start_button)
    got = FakeTable.entered[-1]["setup"]
    assert got.variant == "marias"
    assert got.seats == ["human", "hard", "easy"]
    assert got.options["rounds"] == 3 and got.options["table_rules"] is True
    assert got.options["gather_and_cut"] is True and got.practice is True
    saved = Storage().load_settings()
    assert saved.last_variant == "marias" and saved.practice
    assert saved.default_levels["marias"] == ["hard", "easy"]
    assert saved.rule_options["marias"]["rounds"] == 3


def test_setup_offers_every_option_of_every_game_with_defaults(app):
    from game.rules.options import OPTION_SPECS, defaults

    setup = app.switch("setup")
    for variant in OPTION_SPECS:
        setup.select_variant(variant)
        pump(app, 1)
        assert set(setup.option_widgets) == set(OPTION_SPECS[variant])
        for name, widget in setup.option_widgets.items():
            assert widget.value == defaults(variant)[name]
        assert len(setup.level_choices) == (2 if variant in ("sixty-six-3", "marias") else 1)


def test_setup_keyboard_toggles(app):
    setup = app.switch("setup")
    pump(app)
    setup.focus.focus(setup.practice_toggle)
    before = setup.practice_toggle.value
    key(app, pygame.K_RETURN)
    assert setup.practice_toggle.value is (not before)
    setup.focus.focus(setup.level_choices[0])
    key(app, pygame.K_RIGHT)
    assert setup.levels[setup.variant][0] == "hard"


# --- settings ----------------------------------------------------------------------------------
def test_settings_change_language_and_persist(app):
    scene = app.switch("settings")
    pump(app)
    choose(app, scene.language, 1)  # Русский
    assert app.manager.get_locale() == "ru"
    assert Storage().load_settings().language == "ru"
    from game.ui.i18n import tr

    assert tr("ui.menu_quit") == "Выход"
    sound_toggle = next(w for w in app.scene.widgets if getattr(w, "button", None)
                        and w.button.text in ("ui.common_on", "ui.common_off"))
    click(app, sound_toggle.button)
    assert Storage().load_settings().sound is False


def test_settings_texts_fit_their_boxes_in_russian(app):
    """Russian deck names fit their boxes whole (an ellipsis is the last resort, not used),
    and the sound test button is as wide as its word."""
    from pygame_gui.core.utility import translate

    scene = app.switch("settings")
    pump(app)
    choose(app, scene.language, 1)  # Русский
    pump(app)
    scene = app.scene
    shortened = 0
    for widget in scene.widgets:
        menu = getattr(widget, "menu", None)
        if menu is None:
            continue
        box = menu.current_state.selected_option_button
        text = translate(box.text)
        assert box.font.get_rect(text).width <= box.rect.width, text
        shortened += text.endswith("…")
    assert shortened == 0  # no deck name is cut short
    for button in scene.button_keys:
        text = translate(button.text)
        assert button.font.get_rect(text).width <= button.rect.width - 4, text


def test_settings_volume_and_name(app):
    scene = app.switch("settings")
    pump(app)
    scene.focus.focus(scene.volume)
    key(app, pygame.K_LEFT, frames=3)
    assert Storage().load_settings().volume == pytest.approx(0.65)
    scene.name_entry.set_text("Marta")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED,
                                         {"ui_element": scene.name_entry, "text": "Marta"}))
    pump(app)
    assert Storage().load_settings().player_name == "Marta"


# --- score sheet and match result --------------------------------------------------------------
def test_score_sheet_next_deal_and_filing(app):
    m = played_match("sixty-six", deals=2)
    setup = GameSetup("sixty-six")
    scene = app.switch("score", match=m, setup=setup, return_to="table")
    pump(app)
    storage: Storage = app.services.storage
    assert storage.stats.of("sixty-six").deals_played == 1
    assert len(storage.list_history()) == 1
    scene.resize(app.size)  # re-entering must not count twice
    assert storage.stats.of("sixty-six").deals_played == 1
    click(app, scene.next_button)
    assert FakeTable.entered[-1] == {"continue_match": True}


def test_match_result_files_the_match(app):
    m = played_match("marias")
    assert m.is_over()
    storage: Storage = app.services.storage
    storage.save_match(write_record(m.deals), GameSetup("marias"))
    setup = GameSetup("marias", seats=["human", "easy", "hard"])
    score = app.switch("score", match=m, setup=setup, return_to="table")
    pump(app)
    click(app, score.next_button)  # the match is over: "Match result"
    assert app.scene.name == "match_result"
    assert storage.stats.of("marias").matches_played == 1
    assert not storage.has_match()
    menu_button = next(b for b, k in app.scene.button_keys.items() if k == "menu")
    click(app, menu_button)
    assert app.scene.name == "menu"


# --- rules, statistics, replay --------------------------------------------------------------------
def test_rules_reader_has_every_game(app):
    scene = app.switch("rules")
    pump(app)
    for variant in list(scene.game_buttons):
        click(app, scene.game_buttons[variant])
        assert scene.variant == variant
        text = "".join(box.html_text for box in scene.sections)
        assert "<b>" in text and len(text) > 2000
    assert "Example" in text  # Mariáš carries its worked example
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"


def _shown_rules(scene) -> list[str]:
    """The rules page's text boxes, in order down the page, checked to be stacked one
    under another inside the page (nothing overlapping, no gap of another section)."""
    boxes = scene.sections
    for upper, lower in zip(boxes, boxes[1:]):
        assert upper.relative_rect.bottom == lower.relative_rect.top
    assert all(not box.scroll_bar for box in boxes)  # each shows its whole section
    area = scene.page.scrollable_container.rect
    assert boxes[0].rect.top > area.top and boxes[-1].rect.bottom < area.bottom
    assert all(box.rect.w <= scene.page.rect.w for box in boxes)
    return [box.html_text for box in boxes]


@pytest.mark.parametrize("lang", ["en", "ru", "cs"])
def test_rules_reader_shows_every_section_of_every_page(app, lang):
    from game.ui import i18n
    from game.ui.rulebook import sections
    from game.ui.scenes.rules import rules_page

    i18n.apply_language(app, lang)
    scene = app.switch("rules")
    pump(app)
    for variant in list(scene.game_buttons):
        scene.select(variant)
        pump(app)
        page = rules_page(variant, lang)
        assert _shown_rules(scene) == sections(page)
        assert len(scene.sections) > 5
    # The keys scroll the page: Page Down a screen at a time, End to the last section.
    bar = scene.page.vert_scroll_bar
    assert bar is not None and bar.start_percentage == 0
    key(app, pygame.K_PAGEDOWN)
    assert bar.start_percentage > 0.1
    key(app, pygame.K_END)
    pump(app)
    last = scene.sections[-1].rect
    assert scene.page.rect.top < last.bottom <= scene.page.rect.bottom
    key(app, pygame.K_HOME)
    pump(app)
    assert bar.start_percentage == 0 and scene.sections[0].rect.top > scene.page.rect.top


def test_rules_page_is_built_a_section_per_frame(app):
    """In the program's loop the page comes a section per frame (a page in one text box
    was a hitch) and the finished page is the whole page."""
    from game.ui.rulebook import sections
    from game.ui.scenes.rules import rules_page

    pump(app)
    app.build_slice_s = 0.0  # one step per frame
    app.call_soon(lambda: app.switch("rules", variant="marias"))
    app.step(0.016)
    scene = app.scene
    counts = []
    while app.building():
        app.step(0.016)
        counts.append(len(scene.sections))
    parts = sections(rules_page("marias", "en"))
    # Never two sections in one frame.
    assert all(b - a <= 1 for a, b in zip(counts, counts[1:]))
    assert counts[-1] == len(parts) > 10
    pump(app)
    assert _shown_rules(scene) == parts


def test_stats_scene_draws_with_and_without_data(app):
    scene = app.switch("stats")
    pump(app)
    app.services.storage.record_deal("marias", {"won": True, "points": 5, "contract": "betl",
                                                   "soloist": True, "contract_won": True})
    for variant in scene.tabs:
        click(app, scene.tabs[variant])
        assert scene.variant == variant


def test_replay_steps_through_a_record(app):
    m = played_match("marriage", deals=2)
    scene = app.switch("replay", record=write_record(m.deals))
    pump(app)
    assert scene.replay is not None and scene.replay.step == 0
    click(app, scene.nav_buttons["next"])
    assert scene.replay.step == 1
    click(app, scene.nav_buttons["last"])
    assert scene.replay.step == scene.replay.steps
    key(app, pygame.K_LEFT)
    assert scene.replay.step == scene.replay.steps - 1
    key(app, pygame.K_PAGEDOWN)
    assert scene.replay.deal_index == 1
    pos = scene.replay.position()
    assert sum(len(h) for h in pos.hands) == 12  # every card shown


def test_replay_opens_history_and_survives_bad_files(app, tmp_path):
    storage: Storage = app.services.storage
    m = played_match("sixty-six-3", deals=1)
    storage.export_deal(write_record(m.deals), "sixty-six-3", key="feedfacecafe")
    scene = app.switch("replay")
    pump(app)
    assert scene.history is not None
    item = scene.history.item_list[0]["button_element"]
    click(app, item, frames=4)
    assert scene.replay is not None and scene.replay.record.variant == "sixty-six-3"
    bad = tmp_path / "bad.txt"
    bad.write_text("variant: marias\ndealer: 7\n", encoding="utf-8")
    scene.load_path(bad)
    pump(app)
    assert scene.replay is None and scene.error
    click(app, next(b for b, k in scene.button_keys.items() if k == "open"))
    assert scene.dialog is not None and scene.dialog.alive()


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_every_scene_renders_at_other_sizes(app, size):
    app.set_exact_size(size)
    m = played_match("marriage")
    for name, params in [("menu", {}), ("setup", {}), ("settings", {}), ("rules", {}),
                         ("stats", {}), ("replay", {"record": write_record(m.deals)}),
                         ("score", {"match": m, "setup": GameSetup("marriage")}),
                         ("match_result", {"match": m, "setup": GameSetup("marriage")})]:
        app.switch(name, **params)
        pump(app, 2)
        assert app.scene.name == name


def test_ui_scale_setting_grows_the_fonts_and_persists(app):
    scene = app.switch("settings")
    pump(app)
    scale_choice = next(w for w in scene.widgets
                        if getattr(w, "values", None) and 1.3 in w.values)
    choose(app, scale_choice, scale_choice.values.index(1.3))
    assert Storage().load_settings().ui_scale == pytest.approx(1.3)
    assert app.services.font_scale == pytest.approx(1.3)
    font_info = app.manager.get_theme().get_font_info(["button"])
    assert int(font_info["size"]) == round(18 * 1.3)
    # the layout stops growing where the 1280 x 720 window is full, the fonts do not:
    # every label still holds its text (a section title lost its descenders before)
    scene = app.scene
    labels = [e for e in scene.elements if isinstance(e, pygame_gui.elements.UILabel)]
    assert labels
    for lab in labels:
        assert lab.font.get_rect("ÁÉgjy").height <= lab.relative_rect.height


def test_drop_down_arrows_are_drawn_by_a_font_that_has_them(app):
    """pygame-gui draws the expand button's arrow as text (▼, ▲); the bundled Noto Sans has
    no such glyph (an empty box), its Fira Code has."""
    scene = app.switch("settings")
    pump(app)
    choice = next(w for w in scene.widgets if getattr(w, "menu", None) is not None)
    button = choice.menu.current_state.open_button
    assert button.text == "▼"
    internal = button.font._GUIFontPygame__internal_font  # pygame.font.Font
    for arrow in "▼▲":
        assert internal.metrics(arrow)[0] is not None, arrow


def test_score_sheet_opens_the_review_and_comes_back(app):
    assert "review" in app.scene_factories
    m = played_match("marriage", deals=1)
    scene = app.switch("score", match=m, setup=GameSetup("marriage"), return_to="table")
    pump(app)
    review = next(b for b, k in scene.button_keys.items() if k == "review")
    click(app, review)
    assert app.scene.name == "review"
    app.switch("score")  # what the review's Continue does with back_to="score"
    assert app.scene is scene and scene.match is m and scene.return_to == "table"


def test_replay_opens_the_review_and_keeps_its_place(app):
    assert "review" in app.scene_factories
    m = played_match("sixty-six", deals=2)
    scene = app.switch("replay", record=write_record(m.deals))
    pump(app)
    scene.replay.goto_deal(1)
    click(app, next(b for b, k in scene.button_keys.items() if k == "review"))
    assert app.scene.name == "review"
    app.switch("replay")
    assert app.scene is scene and scene.replay is not None and scene.replay.deal_index == 1


def test_every_screen_is_registered_and_the_deferred_ones_import(app):
    """The table and the screens after it are imported on first use (a fast start), by a
    plain import that fails loudly: each name is registered and each module imports."""
    from game.ui.screens import DEFERRED, deferred_scenes

    scenes = deferred_scenes()
    assert set(scenes) == set(DEFERRED)
    for name in ("menu", "setup", "settings", "rules", "stats", "replay", "score",
                 "match_result", "continue", *DEFERRED):
        assert name in app.scene_factories, name
    assert all(scenes[name].name == name for name in DEFERRED)


def test_a_large_screen_is_built_across_frames_behind_the_last_picture(app):
    """With a build slice (the program's loop), the settings screen is built a few widgets
    per frame: nothing is drawn meanwhile, input waits for the finished screen, and the
    finished screen is the same as one built at once."""
    pump(app)
    whole = app.switch("settings")
    pump(app)
    expected = sorted((type(e).__name__, tuple(e.rect)) for e in whole.elements)
    app.switch("menu")
    pump(app)
    app.build_slice_s = 0.0  # one group of widgets per frame
    frames = len(app.frames)
    app.call_soon(lambda: app.switch("settings"))
    app.step(0.016)
    assert app.building()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    slices = 0
    while app.building():
        app.step(0.016)
        slices += 1
        assert app.scene.name == "settings"  # the held Escape has not been handled yet
    built = [f for f in list(app.frames)[frames:] if f.building]
    assert slices > 5 and len(built) == slices + 1
    assert not any(f.presented_px for f in built)  # the last picture stayed on screen
    assert sorted((type(e).__name__, tuple(e.rect)) for e in app.scene.elements) == expected
    pump(app)
    assert app.scene.name == "menu"  # then the held Escape went back


def test_a_rebuild_across_frames_keeps_the_keyboard_focus(app):
    app.build_slice_s = 0.0
    screen = app.switch("settings")
    while app.building():
        app.step(0.016)
    screen.focus.index = 3
    screen.focus.visible = True
    screen.rebuild()
    assert app.building()
    while app.building():
        app.step(0.016)
    assert screen.focus.index == 3 and screen.focus.visible


def test_a_long_hand_history_is_built_across_frames_whole(app):
    """A full history's list is built a few files and rows per frame (made at once it
    was a hitch) and ends as the list made at once: every deal listed,
    the same rows in view, its scroll bar in place."""
    storage = app.services.storage
    for i in range(40):
        m = played_match(("marriage", "marias")[i % 2], deals=1, seed=i)
        storage.export_deal(write_record(m.deals), m.variant, key=f"{i:08x}")

    def rows(scene):
        lst = scene.history
        assert lst.rect.h > 300 and lst.scroll_bar is not None
        shown = [(b.text, tuple(b.rect)) for item in lst.item_list
                 if (b := item["button_element"]) is not None]
        return [item["text"] for item in lst.item_list], shown, tuple(lst.rect)

    whole = rows(app.switch("replay"))
    pump(app)
    app.switch("menu")
    pump(app)
    app.build_slice_s = 0.0
    app.call_soon(lambda: app.switch("replay"))
    frames = 0
    app.step(0.016)
    while app.building():
        app.step(0.016)
        frames += 1
    assert frames > 8
    pump(app)
    listed, shown, rect = rows(app.scene)
    assert len(listed) == 40 and (listed, shown, rect) == whole
    assert len(shown) > 8
