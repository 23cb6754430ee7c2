"""Nothing saved is lost, and nothing the game wrote is called damaged.

Issue 36 ("Data lost without a word", "Crashes and hangs" of the program's own files) and
issue 32 ("Normal use damages the settings", "A started match is lost by Esc before the
first move").  Each test drives the program the way a player (or a crash) would and then
reads the files back the way the next start does: a fresh :class:`Storage`.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.settings import Settings
from game.ui.storage import Storage


@pytest.fixture
def storage(tmp_path):
    return Storage(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


def menu_app(tmp_path, monkeypatch):
    """The whole program (every scene and service) with its files under ``tmp_path``."""
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    app = App(size=(1280, 720), lang="en")
    install_services(app)
    register_all(app)
    return app


def settle(app, frames: int = 40) -> None:
    """Frames until the screen is built (scenes build a slice per frame)."""
    for _ in range(frames):
        app.step(1 / 60)
        if not app.building():
            break
    app.step(1 / 60)


def restarted(tmp_path) -> tuple[Settings, list]:
    """What the next start reads: a fresh storage on the same folders."""
    fresh = Storage(tmp_path / "config", tmp_path / "data")
    return fresh.load_settings(), fresh.take_reports()


def assert_read_back(app, tmp_path, what: str) -> None:
    settings, reports = restarted(tmp_path)
    assert reports == [], (what, reports)
    assert settings == app.services["settings"], what


# --- issue 32: nothing the game writes is called damaged ------------------------------------------
def test_a_german_artwork_in_the_french_slot_is_a_choice_not_damage(storage):
    """French-suited games with German cards: the slot names the game, not the cards."""
    storage.save_settings(Settings(deck_french="german-prague", deck_german="french-4color"))
    fresh = Storage(storage.config_dir, storage.data_dir)
    s = fresh.load_settings()
    assert (s.deck_french, s.deck_german) == ("german-prague", "french-4color")
    assert fresh.take_reports() == []
    # The table then names the cards after the deck it shows.
    assert s.family_for("marriage") == "german" and s.family_for("marias") == "french"


def test_every_value_of_every_setting_on_the_settings_screen_is_read_back(tmp_path,
                                                                           monkeypatch):
    from game.ui.widgets.choice import Choice, Toggle

    app = menu_app(tmp_path, monkeypatch)
    try:
        app.desktop = (1920, 1080)
        scene = app.switch("settings")
        settle(app)
        count = len(scene.widgets)
        tried = 0
        for i in range(count):
            widget = scene.widgets[i]
            if isinstance(widget, Choice):
                steps = len(widget.values)
            elif isinstance(widget, Toggle):
                steps = 2
            else:
                continue
            for step in range(steps):
                widget = scene.widgets[i]  # a language or scale change rebuilds the screen
                widget.focus_step(1) if isinstance(widget, Choice) else widget.focus_activate()
                settle(app)
                assert_read_back(app, tmp_path, f"widget {i} step {step}")
                tried += 1
        assert tried >= 40  # every choice's every value, every toggle both ways
        for value in (0, 37, 100):  # the volume slider
            scene.volume.set_current_value(value)
            scene.on_event(_slider_event(scene.volume))
            assert_read_back(app, tmp_path, f"volume {value}")
        for name in ("Ева", "Zdeněk Novák", "x" * 40, "", "  tab\there  "):
            scene.name_entry.set_text(name[:24])
            scene.on_event(_entry_event(scene.name_entry))
            assert_read_back(app, tmp_path, f"name {name!r}")
    finally:
        pygame.quit()


def _slider_event(slider) -> pygame.event.Event:
    import pygame_gui

    return pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider,
                              value=slider.get_current_value())


def _entry_event(entry) -> pygame.event.Event:
    import pygame_gui

    return pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry,
                              text=entry.get_text())


@pytest.mark.parametrize("variant", ["sixty-six", "marias"])
def test_every_deck_the_d_key_gives_at_the_table_is_read_back(variant, tmp_path, monkeypatch):
    from game.ui.decks import list_artworks
    from game.ui.session import GameSetup

    app = menu_app(tmp_path, monkeypatch)
    try:
        players = 3 if variant == "marias" else 2
        scene = app.switch("table", setup=GameSetup(variant, seats=["human"] + ["easy"] *
                                                    (players - 1), seed=5), bot_budget_ms=0)
        settle(app)
        seen = set()
        for _ in list_artworks():
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0,
                                                 unicode="d"))
            app.step(1 / 60)
            seen.add(app.services["settings"].deck_for(variant))
            assert_read_back(app, tmp_path, f"deck {app.services['settings'].deck_for(variant)}")
        assert seen == {a.id for a in list_artworks()}
    finally:
        table = app.scenes.get("table")
        if table is not None:
            table.shutdown()
        pygame.quit()


# --- issue 32: a started match is kept by Esc before the first move --------------------------------
@pytest.mark.parametrize("variant", ["marriage", "marias"])
def test_a_match_is_saved_as_soon_as_it_is_dealt(variant, tmp_path, monkeypatch):
    from game.ui.session import GameSetup

    app = menu_app(tmp_path, monkeypatch)
    try:
        players = 3 if variant == "marias" else 2
        # The computers pause long before each card: a few frames in, nothing has moved.
        app.services["settings"].bot_pause_ms = 10_000
        scene = app.switch("table", setup=GameSetup(variant, seats=["human"] + ["easy"] *
                                                    (players - 1), seed=5))
        for _ in range(5):
            app.step(1 / 60)
        assert scene.flow is not None and scene.flow.deal is not None
        assert not scene.flow.deal.history  # before the first move
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b"))
        settle(app)
        assert app.scene.name == "menu"
        assert app.scene.menu_buttons["continue"].is_enabled
        fresh = Storage(tmp_path / "config", tmp_path / "data")
        saved = fresh.saved_matches()
        assert [m.variant for m in saved] == [variant] and saved[0].state.moves == 0
        assert fresh.take_reports() == []
    finally:
        table = app.scenes.get("table")
        if table is not None:
            table.shutdown()
        pygame.quit()
