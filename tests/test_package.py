"""The wheel and the sdist carry everything the game reads at run time.

The game's files live in ``assets/`` at the top of the repository and are installed as
the package ``game.assets`` (setup.py); game.paths finds them through importlib.resources.
Here the wheel is built as ``pip wheel .`` builds it, and the sdist as any frontend does
(setuptools' PEP 517 hook), and their file lists are compared with the folder.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _asset_files() -> set[str]:
    """Every file under assets/ as a path relative to it (no compiled Python)."""
    out = set()
    for path in (ROOT / "assets").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            out.add(path.relative_to(ROOT / "assets").as_posix())
    return out


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--disable-pip-version-check", "-w", str(out), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = out.glob("marriage_table-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def test_assets_are_there_to_check() -> None:
    files = _asset_files()
    for needed in ("themes/theme.json", "translations/ui.en.json", "translations/ui.ru.json",
                   "translations/ui.cs.json", "tutorials/sixty-six.txt", "rules/en/marias.html",
                   "desktop/org.marriagetable.MarriageTable.desktop"):
        assert needed in files


def test_the_wheel_holds_every_asset_as_game_assets(wheel_names: list[str]) -> None:
    inside = {n.removeprefix("game/assets/") for n in wheel_names
              if n.startswith("game/assets/")}
    assert _asset_files() <= inside
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in wheel_names)
    # Nothing lands at the top of site-packages but the game and its metadata.
    tops = {n.split("/", 1)[0] for n in wheel_names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"game"}


def test_the_wheel_holds_every_module(wheel_names: list[str]) -> None:
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    assert modules <= set(wheel_names)
    entry = next(n for n in wheel_names if n.endswith(".dist-info/entry_points.txt"))
    assert entry


def test_the_sdist_holds_every_asset(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-c",
                    "import sys; from setuptools import build_meta as b;"
                    " b.build_sdist(sys.argv[1])", str(tmp_path)],
                   cwd=ROOT, check=True, capture_output=True)
    (sdist,) = tmp_path.glob("marriage*-*.tar.gz")
    with tarfile.open(sdist) as tf:
        names = tf.getnames()
    top = names[0].split("/", 1)[0]
    inside = {n.removeprefix(f"{top}/assets/") for n in names if n.startswith(f"{top}/assets/")}
    assert _asset_files() <= inside
    assert f"{top}/setup.py" in names and f"{top}/pyproject.toml" in names


def test_the_running_game_finds_its_assets_through_the_package() -> None:
    """In this checkout (an editable install) and in a wheel alike: game.assets."""
    from importlib import resources

    from game.paths import assets_dir

    assert (assets_dir() / "themes" / "theme.json").is_file()
    assert Path(str(resources.files("game.assets"))) == assets_dir()


def test_the_bundle_keeps_the_assets_where_the_package_has_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """build.spec copies assets/ to game/assets inside the bundle, where game.paths looks."""
    from game.paths import assets_dir, resource_root

    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), "game/assets")' in spec
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets_dir() == tmp_path / "game" / "assets"
    assert resource_root() == tmp_path / "game"
