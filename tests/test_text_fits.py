"""Every screen in every language at 1024×640 and 1280×720, and not one
text wider than its box (labels, buttons, drop-downs, text boxes, the table's own texts)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ui.harness import textfit
from game.ui.i18n import LANGUAGES


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    monkeypatch.setenv("MARRIAGE_TABLE_BOT_THREADS", "1")
    from game.ui import i18n
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    application = App(size=(1280, 720), lang="en")
    install_services(application)
    register_all(application)
    application.services.settings.tips = False
    yield application
    table = application.scenes.get("table")
    if table is not None:
        table.shutdown()
    i18n.set_language("en")
    pygame.quit()


@pytest.mark.parametrize("size", textfit.SIZES)
def test_every_screen_fits_in_every_language(app, size):
    names = [name for name, _go in textfit.stops(app)]
    for wanted in ("menu", "settings", "stats", "continue", "net_host", "net_join",
                   "setup marias", "rules marias", "score marias", "table marias"):
        assert wanted in names  # the tour visits every screen a player reaches
    faults = {}
    for lang in LANGUAGES:
        for screen, found in textfit.tour(app, size, lang).items():
            faults[f"{lang} {screen}"] = [str(o) for o in found]
    assert not faults, faults


def test_the_measure_catches_what_does_not_fit(app):
    """A label, a button and a fixed text box that are too small are each reported; an
    ellipsis (a shortened text) counts as not fitting; the table's drawn texts too."""
    app.switch("menu")
    textfit._frames(app)
    pygame_gui.elements.UILabel(pygame.Rect(0, 0, 60, 30), "A very long label", app.manager)
    pygame_gui.elements.UIButton(pygame.Rect(0, 40, 60, 30), "A long button", app.manager)
    pygame_gui.elements.UIButton(pygame.Rect(0, 80, 300, 30), "Shortened…", app.manager)
    pygame_gui.elements.UILabel(pygame.Rect(400, 0, 130, 30), "Компьютер 1", app.manager)
    pygame_gui.elements.UILabel(pygame.Rect(460, 0, 130, 30), "Компьютер 2", app.manager)
    pygame_gui.elements.UITextBox("many words " * 40, pygame.Rect(0, 120, 120, 60),
                                  app.manager, object_id="#blurb")
    textfit._frames(app)
    found = textfit.overflows(app)
    texts = " | ".join(str(o) for o in found)
    assert "A very long label" in texts and "A long button" in texts
    assert "shortened" in texts and "needs scrolling" in texts
    assert "runs into" in texts  # two heads whose texts meet

    class Drawn:
        def text_fits(self):
            return [textfit.Fit("info", "Шестьдесят шесть · сдача 1", 221, 202),
                    textfit.Fit("info", "Козырь: пики", 120, 202)]

    assert [o.text for o in textfit.drawn_overflows(Drawn())] == ["Шестьдесят шесть · сдача 1"]


def test_a_long_game_title_takes_two_lines_at_the_table(app):
    """"Šedesát šest ve třech · rozdání 1" is wider than the game box at 1024×640: the
    table writes the deal on a line of its own instead of running past the box."""
    found = textfit.tour(app, (1024, 640), "cs", only=lambda name: name == "table sixty-six-3")
    assert not found
    lines = [f.text for f in app.scene.text_fits() if f.where == "info"]
    assert lines[:2] == ["Šedesát šest ve třech", "rozdání 1"]
