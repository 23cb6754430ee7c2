"""Contact sheets of every deck: one PNG per artwork with all 32 faces and every back.

Used to look at the artwork (``python main.py --render-decks DIR``) and in reviews.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from .artworks import ARTWORKS, RANKS, SUITS

if TYPE_CHECKING:
    import pygame

    from .renderer import DeckRenderer

GAP = 10
TABLE_GREEN = (30, 92, 58)


def render_sheet(renderer: DeckRenderer, artwork: str, height: int) -> pygame.Surface:
    """All faces (one suit per row, ranks A..7) and, in a last row, all backs."""
    import pygame

    from .renderer import card_size

    w, h = card_size(height)
    gap = max(4, height // 30)
    backs = renderer.list_backs()
    cols = max(len(RANKS), len(backs))
    rows = len(SUITS) + 1
    sheet = pygame.Surface((cols * (w + gap) + gap, rows * (h + gap) + gap), pygame.SRCALPHA)
    sheet.fill(TABLE_GREEN)
    for row, suit in enumerate(SUITS):
        for col, rank in enumerate(RANKS):
            face = renderer.face(rank + suit, height, artwork)
            sheet.blit(face, (gap + col * (w + gap), gap + row * (h + gap)))
    for col, info in enumerate(backs):
        sheet.blit(renderer.back(height, info.id), (gap + col * (w + gap), gap + 4 * (h + gap)))
    return sheet


def render_sheets(out_dir: Path, height: int = 300) -> list[str]:
    """Write ``<artwork>.png`` for every artwork into ``out_dir``; return the artwork ids."""
    import pygame  # late: callers may set SDL variables after importing this module

    from .renderer import DeckRenderer

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    renderer = DeckRenderer()
    names = []
    for artwork in ARTWORKS:
        pygame.image.save(render_sheet(renderer, artwork, height), str(out_dir / f"{artwork}.png"))
        names.append(artwork)
    return names


def cli_render_decks(out_dir: str, height: int = 300) -> int:
    """Entry point for ``main.py --render-decks DIR``: prints the artwork ids as JSON."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    names = render_sheets(Path(out_dir), height)
    print(json.dumps(names))
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(cli_render_decks(sys.argv[1] if len(sys.argv) > 1 else "decks"))
