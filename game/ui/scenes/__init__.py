"""All scenes of the program, registered with the app by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App


def register_all(app: App) -> None:
    from .menu import MenuScene

    for scene in (MenuScene,):
        app.register(scene.name, scene)
