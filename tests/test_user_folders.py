"""Settings, saved data and the log live where each platform expects them (platformdirs),
and README says where.

platformdirs' macOS and Linux (XDG) answers are computed here with a made-up home: each
test names the platform it forces.  Windows' folders come from the Windows API, which
does not exist here; README quotes platformdirs' documentation for them.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix

from game import paths
from game.ui.launch import LOG_FILE, keep_a_log

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _folders(cls: type, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str, str]:
    monkeypatch.setenv("HOME", "/home/you")
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(var, raising=False)
    d = cls(paths.APP_NAME, appauthor=False)
    return tuple(str(p).replace("/home/you", "~") for p in
                 (d.user_config_dir, d.user_data_dir, d.user_log_dir))  # type: ignore[return-value]


def test_linux_folders_are_the_ones_readme_names(monkeypatch: pytest.MonkeyPatch) -> None:
    config, data, logs = _folders(Unix, monkeypatch)  # forced: Linux (XDG)
    assert (config, data, logs) == ("~/.config/MarriageTable", "~/.local/share/MarriageTable",
                                    "~/.local/state/MarriageTable/log")
    for folder in (config, data, logs):
        assert f"`{folder}`" in README


def test_macos_folders_are_the_ones_readme_names(monkeypatch: pytest.MonkeyPatch) -> None:
    config, data, logs = _folders(MacOS, monkeypatch)  # forced: macOS
    assert config == data == "~/Library/Application Support/MarriageTable"
    assert logs == "~/Library/Logs/MarriageTable"
    for folder in (config, logs):
        assert f"`{folder}`" in README


def test_readme_names_the_windows_folders() -> None:
    assert r"`%LOCALAPPDATA%\MarriageTable`" in README
    assert r"`%LOCALAPPDATA%\MarriageTable\Logs`" in README


def test_one_home_overrides_every_folder(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    assert paths.user_config_dir() == tmp_path / "config"
    assert paths.user_data_dir() == tmp_path / "data"
    assert paths.user_log_dir() == tmp_path / "logs"


def test_the_window_keeps_its_warnings_in_the_log_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    handler = keep_a_log()
    assert handler is not None
    try:
        logging.getLogger("game.test").warning("the bots' process stopped")
        logging.getLogger("game.test").info("not kept")
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()
    text = (tmp_path / "logs" / LOG_FILE).read_text(encoding="utf-8")
    assert "the bots' process stopped" in text and "not kept" not in text


def test_no_log_folder_is_no_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(blocker))  # logs/ cannot be made under a file
    assert keep_a_log() is None
