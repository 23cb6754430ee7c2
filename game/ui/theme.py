"""Loading the pygame-gui theme with paths made absolute.

pygame-gui resolves a theme's font and image paths against the working
directory (TOOLING.md), which breaks from any other folder and inside the
bundle; we load the JSON ourselves and anchor every ``*_path`` at the
resource root before handing the dict to the manager.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

from game.paths import assets_dir, resource_root

log = logging.getLogger(__name__)

THEME_FILE = "themes/theme.json"
#: The theme is a bundled file, but a damaged or hand-edited one must not take the game
#: down: pygame-gui raises on wrong types and even crashes (segfault) on a font size of
#: 100000, so :func:`clean_theme` keeps only blocks of the shapes and sizes we use.
FONT_SIZES = (6, 96)
MISC_NUMBER_MAX = 200
THEME_MAX_BYTES = 1024 * 1024
_NUMBERS = re.compile(r"^-?\d+(\.\d+)?(,-?\d+(\.\d+)?)*$")


def _short_text(value: Any, limit: int = 200) -> bool:
    return isinstance(value, str) and len(value) <= limit and value.isprintable()


def _clean_font(font: Any) -> dict[str, str] | None:
    if not isinstance(font, dict):
        return None
    out: dict[str, str] = {}
    for key, value in font.items():
        if not isinstance(key, str) or not _short_text(value, 400):
            return None
        if key == "size":
            if not value.isdigit() or not FONT_SIZES[0] <= int(value) <= FONT_SIZES[1]:
                return None
        elif key in ("bold", "italic") and value not in ("0", "1"):
            return None
        out[key] = value
    return out if "name" in out else None


def _clean_block(name: str, block: Any) -> dict[str, Any] | None:
    """One element's theme block, or None if any part of it is not what we write."""
    if not isinstance(block, dict):
        return None
    out: dict[str, Any] = {}
    for section, body in block.items():
        if section == "font":
            fonts = body if isinstance(body, list) else [body]
            clean = [_clean_font(f) for f in fonts[:8]]
            if not clean or any(f is None for f in clean):
                return None
            out["font"] = clean if isinstance(body, list) else clean[0]
        elif section in ("colours", "misc"):
            if not isinstance(body, dict) or len(body) > 64:
                return None
            for key, value in body.items():
                if not isinstance(key, str) or not _short_text(value):
                    return None
                if section == "misc" and _NUMBERS.match(value) and any(
                        abs(float(v)) > MISC_NUMBER_MAX for v in value.split(",")):
                    return None
            out[section] = dict(body)
        elif section == "prototype" and _short_text(body, 100):
            out[section] = body
        else:
            return None  # images and anything else: not part of our theme
    return out


def clean_theme(data: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """The blocks of a theme that are safe to hand to pygame-gui, and the ones dropped."""
    if not isinstance(data, dict):
        return None, ["not a JSON object"]
    out: dict[str, Any] = {}
    dropped = []
    for name, block in list(data.items())[:400]:
        clean = _clean_block(name, block) if isinstance(name, str) else None
        if clean is None:
            dropped.append(str(name)[:40])
        else:
            out[name] = clean
    return out, dropped


def _absolutise(node: Any) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key.endswith("_path") and isinstance(value, str) and not Path(value).is_absolute():
                out[key] = str(resource_root() / value)
            else:
                out[key] = _absolutise(value)
        return out
    if isinstance(node, list):
        return [_absolutise(v) for v in node]
    return node


def load_theme(path: Path | None = None) -> dict[str, Any] | None:
    """The theme as a dict, or None (pygame-gui's default look) if it cannot be read."""
    path = path or assets_dir() / THEME_FILE
    try:
        with open(path, "rb") as fh:
            raw = fh.read(THEME_MAX_BYTES + 1)
        if len(raw) > THEME_MAX_BYTES:
            raise ValueError("larger than 1 MB")
        data = json.loads(raw.decode("utf-8-sig"))
    except FileNotFoundError:
        log.warning("theme %s is missing: using the default look", path)
        return None
    except (OSError, ValueError, RecursionError) as exc:
        log.warning("theme %s is unreadable (%s): using the default look", path, exc)
        return None
    theme, dropped = clean_theme(data)
    if theme is None:
        log.warning("theme %s is not a JSON object: using the default look", path)
        return None
    if dropped:
        log.warning("theme %s: blocks ignored (malformed): %s", path, ", ".join(dropped[:10]))
    out: dict[str, Any] = _absolutise(theme)
    return out
