"""The icon drawn by our own code, in the window, the Windows/macOS files and the Linux
desktop (``--install-desktop``)."""

from __future__ import annotations

import configparser
import os
import struct
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import icon

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()


@pytest.mark.parametrize("px", [16, 48, 256])
def test_the_icon_is_a_picture_with_clear_corners(px: int) -> None:
    surface = icon.icon_surface(px)
    assert surface.get_size() == (px, px)
    assert surface.get_at((0, 0)).a == 0  # rounded: the desktop shows through the corners
    centre = surface.get_at((px // 2, px // 2))
    assert centre.a == 255
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, px, max(1, px // 16))
               for y in range(0, px, max(1, px // 16)) if surface.get_at((x, y)).a == 255}
    assert len(colours) >= 4  # cloth, cards, hearts, ring: not a blank square


def test_the_icon_is_only_paths_and_shapes() -> None:
    svg = icon.icon_svg()
    assert svg.startswith("<svg") and "<text" not in svg and "<use" not in svg
    assert "<image" not in svg  # drawn, never a stored picture


def test_the_windows_icon_holds_every_size(tmp_path: Path) -> None:
    data = icon.write_ico(tmp_path / "i.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(icon.ICO_SIZES))
    for i, px in enumerate(icon.ICO_SIZES):
        w, h, _, _, _, bpp, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w or 256, h or 256, bpp) == (px, px, 32)
        png = data[offset:offset + size]
        assert png.startswith(b"\x89PNG")
        assert struct.unpack(">II", png[16:24]) == (px, px)


def test_the_macos_icon_holds_every_size(tmp_path: Path) -> None:
    data = icon.write_icns(tmp_path / "i.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, seen = 8, []
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        png = data[pos + 8:pos + length]
        assert png.startswith(b"\x89PNG")
        seen.append((kind, struct.unpack(">I", png[16:20])[0]))
        pos += length
    assert seen == [(k, px) for k, px in icon.ICNS_TYPES]


def test_the_window_gets_the_icon(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.app import App

    given: list[tuple[int, int]] = []
    real = pygame.display.set_icon
    monkeypatch.setattr(pygame.display, "set_icon",
                        lambda s: (given.append(s.get_size()), real(s))[1])
    App(size=(640, 480))
    assert given == [(64, 64)]


def test_install_desktop_writes_into_the_users_own_folders(tmp_path: Path) -> None:
    written = icon.install_desktop(tmp_path)
    entry = tmp_path / "applications" / f"{icon.APP_ID}.desktop"
    assert entry in written
    for px in icon.HICOLOR_SIZES:
        png = tmp_path / "icons" / "hicolor" / f"{px}x{px}" / "apps" / f"{icon.APP_ID}.png"
        assert struct.unpack(">II", png.read_bytes()[16:24]) == (px, px)
    assert (tmp_path / "icons/hicolor/scalable/apps" / f"{icon.APP_ID}.svg").is_file()
    assert (tmp_path / "metainfo" / f"{icon.APP_ID}.metainfo.xml").is_file()
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str  # type: ignore[assignment,method-assign]
    parsed.read(entry, encoding="utf-8")
    section = parsed["Desktop Entry"]
    assert section["Icon"] == icon.APP_ID
    assert section["Exec"] == icon.launch_command() and section["Exec"] != "marriage-table"
    assert all(path.is_relative_to(tmp_path) for path in written)


def test_the_desktop_sources_agree() -> None:
    folder = ROOT / "assets" / "desktop"
    parsed = configparser.ConfigParser(interpolation=None)
    parsed.optionxform = str  # type: ignore[assignment,method-assign]
    parsed.read(folder / f"{icon.APP_ID}.desktop", encoding="utf-8")
    section = parsed["Desktop Entry"]
    assert section["Icon"] == icon.APP_ID == section["StartupWMClass"]
    for lang in ("ru", "cs"):
        assert section[f"Name[{lang}]"] and section[f"Comment[{lang}]"]
    meta = (folder / f"{icon.APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    assert f"<id>{icon.APP_ID}</id>" in meta
    assert f'<launchable type="desktop-id">{icon.APP_ID}.desktop</launchable>' in meta


def test_the_command_line_installs_the_desktop_entry(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--install-desktop"],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "XDG_DATA_HOME": str(tmp_path),
                              "SDL_VIDEODRIVER": "dummy"})
    assert out.returncode == 0, out.stderr
    assert str(tmp_path / "applications" / f"{icon.APP_ID}.desktop") in out.stdout.splitlines()
