"""All scenes of the program, registered with the app by name.

Names other code switches to: ``menu``, ``setup``, ``settings``, ``rules``, ``stats``,
``replay``, ``score`` (match, setup, return_to), ``match_result`` (match, setup) and
``table`` (the colleague's :mod:`game.ui.table`, registered when importable).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


def register_all(app: App) -> None:
    from .match_result import MatchResultScene
    from .menu import MainMenuScene
    from .replay import ReplayScene
    from .rules import RulesScene
    from .score import ScoreScene
    from .settings_scene import SettingsScene
    from .setup import SetupScene
    from .stats_scene import StatsScene

    for scene in (MainMenuScene, SetupScene, SettingsScene, RulesScene, StatsScene,
                  ReplayScene, ScoreScene, MatchResultScene):
        app.register(scene.name, scene)
    try:
        from game.ui.table import TableScene  # type: ignore[attr-defined]
    except Exception as exc:  # noqa: BLE001 - a broken table must not take the menus down
        log.warning("no table scene (%s)", exc)
    else:
        app.register("table", TableScene)
