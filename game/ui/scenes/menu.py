"""The main menu."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.ui.scene import Scene


class MenuScene(Scene):
    name = "menu"

    def enter(self, **params: Any) -> None:
        w, h = self.app.size
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        labels = ["new", "continue", "rules", "settings", "quit"]
        for i, key in enumerate(labels):
            rect = pygame.Rect(0, 0, 280, 52)
            rect.center = (w // 2, h // 2 - 100 + i * 64)
            self.buttons[key] = pygame_gui.elements.UIButton(
                rect, key.capitalize(), self.app.manager, object_id=f"#menu_{key}"
            )

    def leave(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.buttons.get("quit"):
            self.app.quit()
