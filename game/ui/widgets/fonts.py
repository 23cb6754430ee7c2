"""Fonts for text we draw ourselves (titles, charts, card chips).

pygame-gui draws widget text; the felt's own lettering uses pygame.freetype with the
bundled DejaVu Serif (titles) and pygame-gui's NotoSans (Latin + Cyrillic).
"""

from __future__ import annotations

import pygame
import pygame.freetype

from game.paths import assets_dir

SERIF_BOLD = "themes/fonts/DejaVuSerif-Bold.ttf"
SERIF = "themes/fonts/DejaVuSerif.ttf"
SERIF_ITALIC = "themes/fonts/DejaVuSerif-Italic.ttf"


def _noto(bold: bool) -> str:
    from importlib.resources import files

    import pygame_gui.data as data

    return str(files(data) / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"))


_fonts: dict[tuple[str, int], pygame.freetype.Font] = {}


def font(kind: str, size: int) -> pygame.freetype.Font:
    """``kind``: "serif_bold", "serif", "serif_italic", "sans", "sans_bold".

    Cached, but checked: a font made before ``pygame.quit()`` is dead after a new
    ``pygame.init()`` (tests open several windows), so it is made again.
    """
    key = (kind, max(6, int(size)))
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_sized_ascender()
            return f
        except pygame.error:
            _fonts.clear()
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    paths = {
        "serif_bold": str(assets_dir() / SERIF_BOLD),
        "serif": str(assets_dir() / SERIF),
        "serif_italic": str(assets_dir() / SERIF_ITALIC),
        "sans": _noto(False),
        "sans_bold": _noto(True),
    }
    f = pygame.freetype.Font(paths[kind], key[1])
    f.pad = True
    _fonts[key] = f
    return f
