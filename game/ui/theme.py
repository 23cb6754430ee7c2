"""Loading the pygame-gui theme with paths made absolute.

pygame-gui resolves a theme's font and image paths against the working
directory (TOOLING.md), which breaks from any other folder and inside the
bundle; we load the JSON ourselves and anchor every ``*_path`` at the
resource root before handing the dict to the manager.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from game.paths import assets_dir, resource_root

log = logging.getLogger(__name__)

THEME_FILE = "themes/theme.json"


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
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        log.warning("theme %s is missing: using the default look", path)
        return None
    except (OSError, ValueError) as exc:
        log.warning("theme %s is unreadable (%s): using the default look", path, exc)
        return None
    if not isinstance(data, dict):
        log.warning("theme %s is not a JSON object: using the default look", path)
        return None
    return _absolutise(data)
