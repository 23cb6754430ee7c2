"""The interface scale setting: larger (or smaller) text in every widget.

pygame-gui takes font sizes from the theme, so scaling means loading the theme
again with every font ``size`` multiplied and asking the manager to rebuild its
elements; scenes scale their own layout with the same factor (``MenuScene.px``).
"""

from __future__ import annotations

import copy
from typing import Any

from game.ui.gui_internals import forget_fonts_not_in_use, load_checked_theme
from game.ui.theme import load_theme

#: The theme as read and checked, by the file's identity: the menus and the table at
#: one window size ask for two scales, and reading and checking the file again at every
#: switch between them was a large part of each switch's (one frame's) work.
_read: dict[tuple[str, int, int], dict[str, Any] | None] = {}


def _theme() -> dict[str, Any] | None:
    from game.paths import assets_dir
    from game.ui.theme import THEME_FILE

    path = assets_dir() / THEME_FILE
    try:
        st = path.stat()
    except OSError:
        return load_theme()  # (load_theme says why)
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _read:
        _read.clear()
        _read[key] = load_theme(path)
    return copy.deepcopy(_read[key])


def scaled_theme(scale: float) -> dict[str, Any] | None:
    theme = _theme()
    if theme is None:
        return None

    def scale_font(font: dict[str, Any]) -> None:
        if "size" in font:
            font["size"] = str(max(8, round(int(font["size"]) * scale)))

    for block in theme.values():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        for font in fonts if isinstance(fonts, list) else [fonts]:
            if isinstance(font, dict):
                scale_font(font)
    return theme


def apply_ui_scale(app: Any, scale: float) -> bool:
    """Reload the manager's theme at ``scale``; False (and unchanged) if that fails.

    The fonts of every other scale are closed: at 1920x1080 the menus and the table have
    a scale each, and the table would keep the other one's whole set."""
    theme = scaled_theme(scale)
    if theme is None:
        return False
    load_checked_theme(app.manager, theme)  # checked once as the file was read
    forget_fonts_not_in_use(app.manager)
    return True


def ensure_font_scale(app: Any, scale: float) -> None:
    """Bring the theme's fonts to ``scale`` (rounded to 5 %), reloading only on a change.

    Each scene asks for the scale its layout was made for: the menus grow gently
    with the window, the table's text follows the window height.
    """
    wanted = round(scale / 0.05) * 0.05
    current = app.services.font_scale or 1.0
    if abs(wanted - current) > 1e-6 and apply_ui_scale(app, wanted):
        app.services.font_scale = wanted
