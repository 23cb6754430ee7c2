"""A missing font file is reported and replaced, never a crash (bad input loses nothing)."""

import pygame

from game.ui.widgets import fonts


def test_missing_font_falls_back_to_pygames_default(monkeypatch, caplog):
    pygame.init()
    monkeypatch.setattr(fonts, "_noto", lambda name: "/nonexistent/" + name)
    monkeypatch.setattr(fonts, "_fonts", {})
    monkeypatch.setattr(fonts, "_missing", set())
    f = fonts.font("sans_bold", 20)
    surface, rect = f.render("Marriage Table", (255, 255, 255))
    assert rect.width > 50 and surface.get_height() > 5
    assert "unavailable" in caplog.text
    fonts.font("sans_bold", 24)  # reported once per kind
    assert caplog.text.count("unavailable") == 1


def test_wrap_breaks_lines_within_the_width():
    pygame.init()
    f = fonts.font("sans", 16)
    lines = fonts.wrap("one two three four five six seven eight nine ten", f, 80)
    assert len(lines) > 1
    assert all(f.get_rect(line).width <= 80 or " " not in line for line in lines)
