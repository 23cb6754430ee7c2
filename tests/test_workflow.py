"""The CI workflow that builds the bundle on Windows, macOS and Linux.

It runs on the code host's runners, never here; what can be checked here is checked: the
file is valid YAML, names the three systems, builds with build.spec and runs the selftest
of the program each system's bundle gives (the console twin where the game is windowed).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def _workflow() -> dict[str, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _steps() -> list[dict[str, Any]]:
    (job,) = _workflow()["jobs"].values()
    return list(job["steps"])


def _runs(os_name: str) -> str:
    """Every command a runner of ``os_name`` ('Linux', 'Windows', 'macOS') runs."""
    out = []
    for step in _steps():
        cond = step.get("if", "")
        if "run" in step and (not cond or f"'{os_name}'" in cond):
            out.append(step["run"])
    return "\n".join(out)


def test_it_triggers_on_push_and_by_hand() -> None:
    data = _workflow()
    triggers = data.get("on", data.get(True))  # YAML 1.1 reads a bare `on` as true
    assert {"push", "pull_request", "workflow_dispatch"} <= set(triggers)


def test_three_systems_with_the_games_python() -> None:
    (job,) = _workflow()["jobs"].values()
    assert set(job["strategy"]["matrix"]["os"]) == {"ubuntu-latest", "windows-latest",
                                                    "macos-latest"}
    assert job["strategy"]["fail-fast"] is False  # one system's failure hides no other
    setup = next(s for s in _steps() if str(s.get("uses", "")).startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "3.11"
    assert job["env"]["SDL_VIDEODRIVER"] == "dummy"


def test_each_system_builds_the_spec_and_runs_its_selftest() -> None:
    uses = [s.get("uses", "") for s in _steps()]
    assert uses[0].startswith("actions/checkout")
    for os_name, exe in (("Linux", "dist/marriage-table/marriage-table"),
                         ("Windows", r"dist\marriage-table\marriage-table-cli.exe"),
                         ("macOS", '"dist/Marriage Table.app/Contents/MacOS/marriage-table-cli"')):
        runs = _runs(os_name)
        assert 'pip install ".[test,build]"' in runs
        assert "python -m pytest" in runs
        assert "PyInstaller --noconfirm --clean build.spec" in runs
        assert f"{exe} --selftest" in runs, os_name
        assert runs.index("build.spec") < runs.index("--selftest")


def test_the_linux_runner_validates_the_desktop_files() -> None:
    runs = _runs("Linux")
    assert "desktop-file-validate assets/desktop/" in runs
    assert "appstreamcli validate" in runs
    for name in ("*.desktop", "*.metainfo.xml"):
        assert list((ROOT / "assets" / "desktop").glob(name))


def test_the_names_it_relies_on_exist() -> None:
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert 'name="marriage-table-cli"' in spec and 'name="Marriage Table.app"' in spec
    assert any(s.get("uses", "").startswith("actions/upload-artifact") for s in _steps())
