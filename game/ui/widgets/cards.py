"""Card pictures for the menus and the replay viewer.

The colleague's :class:`game.ui.decks.DeckRenderer` draws the real artwork; when it
is missing or fails, a text chip (rank + a drawn suit sign) keeps every screen usable.
One renderer is shared (it caches rendered surfaces).
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

import pygame

from .fonts import font
from .icons import SUIT_COLOURS, suit_icon

log = logging.getLogger(__name__)
RANK_TEXT = {"T": "10"}


@cache
def renderer() -> Any | None:
    try:
        from game.ui.decks import DeckRenderer

        return DeckRenderer()
    except Exception as exc:  # noqa: BLE001 - a colleague's module: fall back to chips
        log.info("deck renderer unavailable (%s): text cards", exc)
        return None


def card_size(height: int) -> tuple[int, int]:
    return (round(height * 0.69), height)


@cache
def chip(card: str, height: int) -> pygame.Surface:
    """A plain card: white, rounded, rank and suit sign (the renderer's fallback)."""
    w, h = card_size(height)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (252, 250, 244), surf.get_rect(), border_radius=max(3, w // 10))
    pygame.draw.rect(surf, (120, 112, 96), surf.get_rect(), 1, border_radius=max(3, w // 10))
    suit = card[-1]
    colour = SUIT_COLOURS.get(suit, (0, 0, 0))
    label = RANK_TEXT.get(card[0], card[0])
    text, _ = font("sans_bold", max(8, height // 4)).render(label, colour)
    surf.blit(text, (max(2, w // 10), max(2, h // 14)))
    icon = suit_icon(suit, max(6, w // 2))
    surf.blit(icon, icon.get_rect(center=(w // 2, int(h * 0.62))))
    return surf


def face(card: str, height: int, artwork: str) -> pygame.Surface:
    r = renderer()
    if r is not None:
        try:
            return r.face(card, height, artwork)
        except Exception as exc:  # noqa: BLE001
            log.warning("card %s/%s not drawn: %s", card, artwork, exc)
    return chip(card, height)


def back(height: int, back_id: str) -> pygame.Surface:
    r = renderer()
    if r is not None:
        try:
            return r.back(height, back_id)
        except Exception as exc:  # noqa: BLE001
            log.warning("back %s not drawn: %s", back_id, exc)
    w, h = card_size(height)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (150, 30, 40), surf.get_rect(), border_radius=max(3, w // 10))
    pygame.draw.rect(surf, (250, 245, 235), surf.get_rect(), 3, border_radius=max(3, w // 10))
    return surf


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
