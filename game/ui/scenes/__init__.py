"""All scenes of the program, registered with the app by name.

Names other code switches to: ``menu``, ``continue`` (the saved matches), ``setup``,
``settings``, ``rules``, ``stats``, ``replay``, ``score`` (match, setup, return_to),
``match_result`` (match, setup) and
``table`` (:mod:`game.ui.table`), ``tutorial`` and ``review`` (:mod:`game.ui.practice`),
``net``, ``net_host``, ``net_join``, ``net_lobby``, ``net_table`` (:mod:`game.ui.netplay`),
the table and the later ones imported when first opened (or behind the menu).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


def register_all(app: App) -> None:
    from .continue_scene import ContinueScene
    from .match_result import MatchResultScene
    from .menu import MainMenuScene
    from .replay import ReplayScene
    from .rules import RulesScene
    from .score import ScoreScene
    from .settings_scene import SettingsScene
    from .setup import SetupScene
    from .stats_scene import StatsScene

    for scene in (MainMenuScene, SetupScene, SettingsScene, RulesScene, StatsScene,
                  ReplayScene, ScoreScene, MatchResultScene, ContinueScene):
        app.register(scene.name, scene)
    # The table (with the bots), the tutorial and the review are imported when first
    # opened — or earlier, behind the menu (game.ui.preload) — not before the first
    # frame: importing them took a fifth of the start-up time.
    lazy = {
        "table": ("game.ui.table", "TableScene"),
        "tutorial": ("game.ui.practice.tutorial_scene", "TutorialScene"),
        "review": ("game.ui.practice.review_scene", "ReviewScene"),
        "net": ("game.ui.netplay.scenes", "NetMenuScene"),
        "net_host": ("game.ui.netplay.scenes", "HostScene"),
        "net_join": ("game.ui.netplay.scenes", "JoinScene"),
        "net_lobby": ("game.ui.netplay.scenes", "LobbyScene"),
        "net_table": ("game.ui.netplay.table", "NetTableScene"),
    }
    for name, (module, cls) in lazy.items():
        if importlib.util.find_spec(module) is None:
            log.warning("no %s scene (%s is missing)", name, module)
            continue
        app.register(name, _Lazy(module, cls))


class _Lazy:
    """A scene factory that imports its module on first use (``module`` says which)."""

    def __init__(self, module: str, cls: str):
        self.module = module
        self.cls = cls

    def __call__(self, app: App) -> Any:
        return getattr(importlib.import_module(self.module), self.cls)(app)
