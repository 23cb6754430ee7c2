"""The program's icon, drawn by our own code like the decks: two cards of a marriage
(King and Queen of hearts) fanned on the green cloth, with a gold ring.

One drawing serves every place an icon goes: the window (``pygame.display.set_icon``),
the Linux desktop (hicolor PNGs and an SVG, :func:`install_desktop`), Windows (``.ico``)
and macOS (``.icns``), the last two written when the bundle is built (build.spec).
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from game.paths import assets_dir
from game.ui.decks.suits import FRENCH_PATHS
from game.ui.decks.svg import circle, document, group, path, place, rect

if TYPE_CHECKING:
    import pygame

#: The id of the desktop entry, the icon and the AppStream component (reverse DNS).
APP_ID = "org.marriagetable.MarriageTable"
#: The sizes of the hicolor theme's usual folders.
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: Windows shows 16-256 px: one PNG each inside the .ico.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS's PNG-carrying icns types and their sizes.
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256),
              (b"ic09", 512), (b"ic10", 1024))

_VIEW = 100.0


def _card(rotate: float, cx: float, letter_d: str) -> str:
    """A card 38 x 54 units, white with a thin edge, a heart and a letter stroke."""
    body = [
        rect(-19, -27, 38, 54, "#fbf8ef", rx=4.5, stroke="#3a2a1a", stroke_width=1.2),
        group([path(FRENCH_PATHS["H"], fill="#d3202a")], transform=place(0, 6, 24)),
        path(letter_d, stroke="#d3202a", stroke_width=3.2, stroke_linecap="round",
             stroke_linejoin="round"),
    ]
    return group(body, transform=f"translate({cx} 50) rotate({rotate})")


def icon_svg() -> str:
    """The icon as SVG text in a 100 x 100 box (paths only: nanosvg draws no text)."""
    king = "M-13-21L-13-9M-7-21L-13-15L-7-9"  # a K in the corner
    queen = "M-8-15m-5 0a5 6 0 1 0 10 0a5 6 0 1 0 -10 0M-5-11L-2-8"  # a Q
    parts = [
        rect(4, 4, 92, 92, "#1f6b3a", rx=20, stroke="#123f22", stroke_width=2.5),
        rect(9, 9, 82, 82, "none", rx=16, stroke="#2f8a4e", stroke_width=1.5),
        _card(-14.0, 39.0, king),
        _card(12.0, 59.0, queen),
        circle(50, 80, 8.5, "none", stroke="#f2c230", stroke_width=3.4),
        circle(50, 71.5, 2.6, "#fff4c2", stroke="#f2c230", stroke_width=1.2),
    ]
    return document("".join(parts), 100, 100, _VIEW, _VIEW).decode()


def icon_surface(px: int) -> pygame.Surface:
    """The icon rasterised for ``px`` x ``px`` pixels (per-pixel alpha)."""
    import pygame

    svg = icon_svg().replace('width="100" height="100"', f'width="{px}" height="{px}"', 1)
    surface = pygame.image.load(io.BytesIO(svg.encode()), "icon.svg")
    if surface.get_size() != (px, px):
        surface = pygame.transform.smoothscale(surface, (px, px))
    return surface


def png_bytes(px: int) -> bytes:
    import pygame

    out = io.BytesIO()
    pygame.image.save(icon_surface(px), out, "icon.png")
    return out.getvalue()


def write_png(target: Path, px: int) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(png_bytes(px))
    return target


def write_ico(target: Path, sizes: tuple[int, ...] = ICO_SIZES) -> Path:
    """A Windows icon holding one PNG per size (the format since Windows Vista)."""
    images = [png_bytes(px) for px in sizes]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries = b""
    for px, data in zip(sizes, images, strict=True):
        side = 0 if px >= 256 else px  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(head + entries + b"".join(images))
    return target


def write_icns(target: Path) -> Path:
    """A macOS icon holding one PNG per size."""
    body = b""
    for kind, px in ICNS_TYPES:
        data = png_bytes(px)
        body += kind + struct.pack(">I", len(data) + 8) + data
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"icns" + struct.pack(">I", len(body) + 8) + body)
    return target


def set_window_icon() -> None:
    """The window's (and the task bar's) icon; call before the window is opened."""
    import pygame

    pygame.display.set_icon(icon_surface(64))


# --- the Linux desktop ------------------------------------------------------------------
def xdg_data_home() -> Path:
    """Where a user's own applications, icons and metainfo go (XDG base directories)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def launch_command() -> str:
    """How the desktop starts this program: the bundle's executable, the installed
    ``marriage-table`` command, else this Python running the package."""
    if getattr(sys, "frozen", False):
        return _quoted(sys.executable)
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name.startswith("marriage-table") and script.is_file():
        return _quoted(str(script.resolve()))
    found = shutil.which("marriage-table")
    if found:
        return _quoted(os.path.abspath(found))
    return f"{_quoted(sys.executable)} -m game.ui.cli"


def _quoted(arg: str) -> str:
    """An Exec argument (desktop entry spec: reserved characters need double quotes)."""
    if any(c in arg for c in ' \t\n"\'\\><~|&;$*?#()`'):
        escaped = arg.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`").replace(
            "$", "\\$")
        return f'"{escaped}"'
    return arg


def install_desktop(data_home: Path | None = None) -> list[Path]:
    """Install the desktop entry, the icons and the AppStream metadata into the user's own
    folders (no administrator rights); returns the files written."""
    home = data_home or xdg_data_home()
    src = assets_dir() / "desktop"
    written: list[Path] = []
    entry = (src / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = [f"Exec={launch_command()}" if line.startswith("Exec=") else line
             for line in entry.splitlines()]
    target = home / "applications" / f"{APP_ID}.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(target)
    for px in HICOLOR_SIZES:
        written.append(write_png(home / "icons" / "hicolor" / f"{px}x{px}" / "apps"
                                 / f"{APP_ID}.png", px))
    svg = home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    svg.parent.mkdir(parents=True, exist_ok=True)
    svg.write_text(icon_svg(), encoding="utf-8")
    written.append(svg)
    meta = home / "metainfo" / f"{APP_ID}.metainfo.xml"
    meta.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src / f"{APP_ID}.metainfo.xml", meta)
    written.append(meta)
    return written
