"""All scenes of the program, registered with the app by name.

Names other code switches to: ``menu``, ``continue`` (the saved matches), ``setup``,
``settings``, ``rules``, ``stats``, ``replay``, ``score`` (match, setup, return_to),
``match_result`` (match, setup) and
``table`` (:mod:`game.ui.table`), ``tutorial`` and ``review`` (:mod:`game.ui.practice`),
``net``, ``net_host``, ``net_join``, ``net_lobby``, ``net_table`` (:mod:`game.ui.netplay`),
the table and the later ones registered when importable.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


def register_all(app: App) -> None:
    from game.ui.practice.showme_scene import ShowMeScene

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
                  ReplayScene, ScoreScene, MatchResultScene, ContinueScene, ShowMeScene):
        app.register(scene.name, scene)
    optional = {  # colleagues' scenes: registered when importable, never fatal
        "table": ("game.ui.table", "TableScene"),
        "tutorial": ("game.ui.practice.tutorial_scene", "TutorialScene"),
        "review": ("game.ui.practice.review_scene", "ReviewScene"),
        "net": ("game.ui.netplay.scenes", "NetMenuScene"),
        "net_host": ("game.ui.netplay.scenes", "HostScene"),
        "net_join": ("game.ui.netplay.scenes", "JoinScene"),
        "net_lobby": ("game.ui.netplay.scenes", "LobbyScene"),
        "net_table": ("game.ui.netplay.table", "NetTableScene"),
    }
    for name, (module, cls) in optional.items():
        try:
            scene = getattr(importlib.import_module(module), cls)
        except Exception as exc:  # noqa: BLE001 - a broken module must not take the menus down
            log.warning("no %s scene (%s)", name, exc)
        else:
            app.register(name, scene)
