"""All scenes of the program, registered with the app by name.

Names other code switches to: ``menu``, ``continue`` (the saved matches), ``setup``,
``settings``, ``rules``, ``stats``, ``replay``, ``score`` (match, setup, return_to),
``match_result`` (match, setup) and
``table`` (:mod:`game.ui.table`), ``tutorial`` and ``review`` (:mod:`game.ui.practice`),
``net``, ``net_host``, ``net_join``, ``net_lobby``, ``net_table`` (:mod:`game.ui.netplay`).
Every one of them is part of the program: a module that cannot be imported is a bug
that the tests find, never a screen that silently goes missing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App


def register_all(app: App) -> None:
    from game.ui.netplay.scenes import HostScene, JoinScene, LobbyScene, NetMenuScene
    from game.ui.netplay.table import NetTableScene
    from game.ui.practice.review_scene import ReviewScene
    from game.ui.practice.showme_scene import ShowMeScene
    from game.ui.practice.tutorial_scene import TutorialScene
    from game.ui.table import TableScene

    from .continue_scene import ContinueScene
    from .match_result import MatchResultScene
    from .menu import MainMenuScene
    from .replay import ReplayScene
    from .rules import RulesScene
    from .score import ScoreScene
    from .settings_scene import SettingsScene
    from .setup import SetupScene
    from .stats_scene import StatsScene

    scenes = (MainMenuScene, SetupScene, SettingsScene, RulesScene, StatsScene,
              ReplayScene, ScoreScene, MatchResultScene, ContinueScene,
              TableScene, TutorialScene, ReviewScene, ShowMeScene,
              NetMenuScene, HostScene, JoinScene, LobbyScene, NetTableScene)
    for scene in scenes:
        app.register(scene.name, scene)
