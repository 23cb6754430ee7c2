"""Where things live: the game's own files (package data) and the player's folders."""

from __future__ import annotations

import os
import sys
from importlib import resources, util
from pathlib import Path

APP_NAME = "MarriageTable"
#: The package that holds everything read at run time (``assets/`` of the repository,
#: installed as ``game/assets`` by setup.py and by build.spec).
ASSETS_PACKAGE = "game.assets"


def assets_dir() -> Path:
    """The folder of themes, translations, rules pages and tutorials.

    Found through importlib.resources, so a wheel, an editable install and a PyInstaller
    bundle all answer; a checkout run without any install falls back to ``assets/`` beside
    ``game/``.  Always a real folder: pygame and pygame-gui open files by path.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "game" / "assets"
    if util.find_spec(ASSETS_PACKAGE) is not None:
        found = resources.files(ASSETS_PACKAGE)
        if isinstance(found, Path) and found.is_dir():
            return found
    return Path(__file__).resolve().parent.parent / "assets"


def resource_root() -> Path:
    """The folder holding ``assets/`` (theme entries such as ``assets/x.ttf`` are relative
    to it)."""
    return assets_dir().parent


def user_config_dir() -> Path:
    """Settings; ``MARRIAGE_TABLE_HOME`` overrides (tests, portable installs)."""
    override = os.environ.get("MARRIAGE_TABLE_HOME")
    if override:
        return Path(override) / "config"
    from platformdirs import user_config_dir as _cfg

    return Path(_cfg(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """Saves, statistics and hand histories."""
    override = os.environ.get("MARRIAGE_TABLE_HOME")
    if override:
        return Path(override) / "data"
    from platformdirs import user_data_dir as _data

    return Path(_data(APP_NAME, appauthor=False))


def user_log_dir() -> Path:
    """The window's log (warnings and errors): a windowed program on Windows and macOS has
    no console to print them on."""
    override = os.environ.get("MARRIAGE_TABLE_HOME")
    if override:
        return Path(override) / "logs"
    from platformdirs import user_log_dir as _log

    return Path(_log(APP_NAME, appauthor=False))
