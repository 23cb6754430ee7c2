"""Where things live: bundled resources (source tree or PyInstaller bundle) and user folders."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "MarriageTable"


def resource_root() -> Path:
    """The folder holding ``assets/``: the PyInstaller bundle, else the repository root."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    return resource_root() / "assets"


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
