"""A screen that is left is let go, unless it is one a player comes back to as it was.

The choices a player made on a screen that is let go (the game whose rules were read, the
new game's options not yet started) come back with the next one; a kept screen (the table,
the score sheet a review returns to) is the same object when shown again, without its dead
widgets.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from game.rules import write_record
from game.ui import routes
from game.ui.leaving import ScreenMemory
from tests.test_screens import played_match


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui import i18n
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    application = App(size=(1280, 720), lang="en")
    install_services(application)
    register_all(application)
    yield application
    application.close()
    i18n.set_language("en")


def test_a_screen_left_is_let_go_and_freed(app):
    settings = app.go(routes.SettingsScreen())
    gone = weakref.ref(settings)
    app.go(routes.Menu())
    del settings
    assert "settings" not in app.scenes
    gc.collect()
    assert gone() is None, gc.get_referrers(gone())
    again = app.show("settings")
    assert again is app.scenes["settings"] and again.widgets  # made anew, whole


def test_what_the_player_chose_comes_back_with_the_next_screen(app):
    rules = app.go(routes.Rules(variant="marias"))
    app.go(routes.Menu())
    again = app.show("rules")  # from the menu: the game last read
    assert again is not rules and again.variant == "marias"
    stats = app.go(routes.Stats())
    stats.on_button("page:rating")
    app.go(routes.Menu())
    assert app.show("stats").page == "rating"


def test_the_screens_a_review_comes_back_to_are_kept_without_their_dead_widgets(app):
    m = played_match("sixty-six", deals=2, seed=5)
    replay = app.go(routes.Replay(record=write_record(m.deals)))
    assert replay.button_keys
    app.go(routes.Menu())
    assert app.scenes["replay"] is replay
    assert replay.button_keys == {} and replay.widgets == []
    assert app.show("replay") is replay


def test_a_screen_let_go_is_shut_down_and_one_kept_is_not():
    class Shown:
        def __init__(self, name, kept):
            self.name, self.kept, self.remembers = name, kept, ("choice",)
            self.choice, self.stopped = name.upper(), 0

        def shutdown(self):
            self.stopped += 1

    memory = ScreenMemory()
    gone, kept = Shown("stats", False), Shown("table", True)
    assert memory.left(gone) is True and gone.stopped == 1
    assert memory.left(kept) is False and kept.stopped == 0
    fresh = Shown("stats", False)
    fresh.choice = None
    memory.made(fresh)
    assert fresh.choice == "STATS"
