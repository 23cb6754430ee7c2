"""The theme: paths anchored at the resources; an unreadable theme is reported, not fatal."""

import json

import pygame
import pygame_gui

from game.paths import resource_root
from game.ui.theme import load_theme


def test_theme_loads_with_absolute_paths():
    theme = load_theme()
    assert isinstance(theme, dict) and "button" in theme

    def paths(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k.endswith("_path"):
                    yield v
                yield from paths(v)
        elif isinstance(node, list):
            for v in node:
                yield from paths(v)

    for p in paths(theme):
        assert p.startswith(str(resource_root()))


def test_unreadable_theme_falls_back_to_the_default_look(tmp_path, caplog):
    broken = tmp_path / "theme.json"
    broken.write_text("{ not json", encoding="utf-8")
    assert load_theme(broken) is None
    assert "unreadable" in caplog.text
    assert load_theme(tmp_path / "missing.json") is None
    not_object = tmp_path / "list.json"
    not_object.write_text(json.dumps([1, 2]), encoding="utf-8")
    assert load_theme(not_object) is None
    # the manager starts with the default look when given None
    pygame.init()
    pygame.display.set_mode((320, 240))
    manager = pygame_gui.UIManager((320, 240), theme_path=None)
    manager.update(0.01)
