"""Card pictures for the menus: the deck renderer's real artwork, one shared renderer
(it caches rendered surfaces).
"""

from __future__ import annotations

from functools import cache

import pygame

from game.ui.decks.renderer import DeckRenderer

#: The menus show a few cards at a few sizes (the deck previews, the menu's fans): a
#: small budget, not the renderer's default of 96 MB.
MENU_CARDS_MB = 16


@cache
def renderer() -> DeckRenderer:
    return DeckRenderer(max_entries=200, max_bytes=MENU_CARDS_MB * 1024 * 1024)


def card_size(height: int) -> tuple[int, int]:
    return DeckRenderer.card_size(height)


def face(card: str, height: int, artwork: str) -> pygame.Surface:
    return renderer().face(card, height, artwork)


def back(height: int, back_id: str) -> pygame.Surface:
    return renderer().back(height, back_id)


def shadowed(surface: pygame.Surface, img: pygame.Surface, topleft: tuple[int, int],
             offset: int = 4) -> pygame.Rect:
    """Blit a card with a soft drop shadow; returns the card's rect."""
    w, h = img.get_size()
    sh = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, 80), sh.get_rect(), border_radius=max(3, w // 12))
    surface.blit(sh, (topleft[0] + offset, topleft[1] + offset))
    return surface.blit(img, topleft)


def draw_row(surface: pygame.Surface, cards: list[str], artwork: str, height: int,
             topleft: tuple[int, int], step: int | None = None,
             dim: set[str] | None = None) -> list[pygame.Rect]:
    """Cards side by side (overlapping by ``step``); ``dim`` cards are drawn greyed."""
    w, _ = card_size(height)
    step = step if step is not None else w + 6
    rects = []
    for i, c in enumerate(cards):
        img = face(c, height, artwork)
        if dim and c in dim:
            img = img.copy()
            img.fill((110, 110, 110, 255), special_flags=pygame.BLEND_RGBA_MULT)
        rects.append(shadowed(surface, img, (topleft[0] + i * step, topleft[1])))
    return rects
