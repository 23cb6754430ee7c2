"""Scenes: one screen of the program each (menu, setup, table, score sheet ...).

The :class:`~game.ui.app.App` owns the window, the pygame-gui manager and the
shared services; a scene builds its widgets in :meth:`Scene.enter`, removes
them in :meth:`Scene.leave`, and is told about events, time and size changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    name: ClassVar[str] = "scene"

    def __init__(self, app: App):
        self.app = app

    def enter(self, **params: Any) -> None:
        """Build the widgets; ``params`` come from :meth:`App.switch`."""

    def leave(self) -> None:
        """Remove the widgets (the manager is shared by all scenes)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """An input event the UI widgets did not consume, or a pygame-gui event."""

    def update(self, dt: float) -> None:
        """Advance animations and flows by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what lies under the widgets (the manager draws the widgets after)."""
        surface.fill((18, 64, 40))

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild the layout (and re-render cards crisp)."""
        self.leave()
        self.enter(**getattr(self, "params", {}))
