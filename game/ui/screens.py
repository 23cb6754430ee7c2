"""The registry of every screen of the program: the app knows each one by name.

The names are those of :data:`game.ui.routes.ScreenName`; the program opens a screen by
its typed route (``app.go(routes.Table(setup=...))``): ``menu``, ``continue`` (the saved
matches), ``setup``, ``settings``, ``rules``, ``stats``, ``replay``, ``score``,
``match_result`` and ``table`` (:mod:`game.ui.table`), ``tutorial``, ``review`` and
``showme`` (:mod:`game.ui.lessons`), ``net``, ``net_host``, ``net_join``, ``net_lobby``,
``net_table`` (:mod:`game.ui.netplay`).
Every one of them is part of the program: a module that cannot be imported is a bug
that the tests find, never a screen that silently goes missing.

The table and the screens after it (:data:`DEFERRED`) are imported when first opened
— or earlier, behind the menu, by :mod:`game.ui.preload` — not before the first frame:
importing them (the table pulls in the bots) was a large part of the start-up time.  The
import is a plain one in :func:`deferred_scenes`, deferred, never optional.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App, Screen

#: The scenes imported on first use, by name (each is a key of :func:`deferred_scenes`).
DEFERRED = ("table", "tutorial", "review", "showme",
            "net", "net_host", "net_join", "net_lobby", "net_table")


def register_all(app: App) -> None:
    from .scenes.continue_scene import ContinueScene
    from .scenes.match_result import MatchResultScene
    from .scenes.menu import MainMenuScene
    from .scenes.replay import ReplayScene
    from .scenes.rules import RulesScene
    from .scenes.score import ScoreScene
    from .scenes.settings_scene import SettingsScene
    from .scenes.setup import SetupScene
    from .scenes.stats_scene import StatsScene

    scenes = (MainMenuScene, SetupScene, SettingsScene, RulesScene, StatsScene,
              ReplayScene, ScoreScene, MatchResultScene, ContinueScene)
    for scene in scenes:
        app.register(scene.name, scene)
    for name in DEFERRED:
        app.register(name, _on_first_use(name))


def deferred_scenes() -> dict[str, Callable[[App], Screen]]:
    """The scenes of :data:`DEFERRED`, imported now (the first call pays the import)."""
    from game.ui.lessons.review_scene import ReviewScene
    from game.ui.lessons.showme_scene import ShowMeScene
    from game.ui.lessons.tutorial_scene import TutorialScene
    from game.ui.netplay.scenes import HostScene, JoinScene, LobbyScene, NetMenuScene
    from game.ui.netplay.table import NetTableScene
    from game.ui.table import TableScene

    return {scene.name: scene for scene in (
        TableScene, TutorialScene, ReviewScene, ShowMeScene,
        NetMenuScene, HostScene, JoinScene, LobbyScene, NetTableScene)}


def _on_first_use(name: str) -> Callable[[App], Screen]:
    def make(app: App) -> Screen:
        return deferred_scenes()[name](app)
    return make
