"""Fonts for text we draw ourselves (titles, charts, card chips).

pygame-gui draws widget text; the felt's own lettering uses pygame.freetype with
the NotoSans that pygame-gui ships (Latin + Cyrillic).  We ship no font of our own:
every font comes with a dependency.  The "serif" kinds are the display weights of
the titles (kept as names so the callers say what the text is for).
"""

from __future__ import annotations

import logging

import pygame
import pygame.freetype


def _noto(name: str) -> str:
    from importlib.resources import files

    import pygame_gui.data as data

    return str(files(data) / name)


_fonts: dict[tuple[str, int], pygame.freetype.Font] = {}
_missing: set[str] = set()
log = logging.getLogger(__name__)


def font(kind: str, size: int) -> pygame.freetype.Font:
    """``kind``: "serif_bold", "serif", "serif_italic", "sans", "sans_bold".

    Cached, but checked: a font made before ``pygame.quit()`` is dead after a new
    ``pygame.init()`` (tests open several windows), so it is made again.
    """
    key = (kind, max(6, int(size)))
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_sized_ascender(0)
            return f
        except pygame.error:
            _fonts.clear()
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    paths = {
        "serif_bold": _noto("NotoSans-Bold.ttf"),
        "serif": _noto("NotoSans-Regular.ttf"),
        "serif_italic": _noto("NotoSans-Italic.ttf"),
        "sans": _noto("NotoSans-Regular.ttf"),
        "sans_bold": _noto("NotoSans-Bold.ttf"),
    }
    try:
        f = pygame.freetype.Font(paths[kind], key[1])
    except (OSError, pygame.error) as exc:
        # A missing or broken font file must not stop the game: pygame's own font instead.
        if kind not in _missing:
            _missing.add(kind)
            log.warning("font %s unavailable (%s): using pygame's default font", kind, exc)
        f = pygame.freetype.Font(None, key[1])
    f.pad = True
    _fonts[key] = f
    return f


def wrap(text: str, f: pygame.freetype.Font, width: int) -> list[str]:
    """Greedy word wrap measured with the freetype font ``f``; newlines start paragraphs."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if line and f.get_rect(trial).width > width:
                out.append(line)
                line = word
            else:
                line = trial
        out.append(line)
    return out


def ellipsize(text: str, f: pygame.freetype.Font, width: int) -> str:
    """``text`` as it fits in ``width``: whole, or cut with "…" (the cut a test recognises)."""
    if f.get_rect(text).width <= width:
        return text
    while text and f.get_rect(text + "…").width > width:
        text = text[:-1]
    return text + "…"
