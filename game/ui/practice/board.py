"""A deal drawn on the felt for the review's replay and the tutorial: hands, trick, trump.

Unlike the table (animated sprites, one viewer), this draws a *state* in one go:
any set of seats face up (the review shows every hand), the current trick (or
the last one, greyed, right after it was gathered), the trump card or stock,
and a small line per seat.  It returns the rectangles of the viewer's cards so
a scene can hit-test clicks.  Card pictures come from the deck renderer and are
cached per (card, height).
"""

from __future__ import annotations

import logging

import pygame

from game.rules import MariasObservation, Observation
from game.rules.base import Deal
from game.rules.cards import CARD_STR, cards_of
from game.ui.decks.renderer import DeckRenderer
from game.ui.i18n import tr
from game.ui.widgets.fonts import font

log = logging.getLogger(__name__)

GOLD = (233, 200, 110)
CREAM = (246, 238, 218)
MUTED = (190, 205, 190)
HINT = (120, 220, 255)
SELECT = (255, 160, 90)
RANKS = "AKQJT987"
SUIT_ORDER = "SHCD"


def sort_hand(cards: list[str], trump: str | None = None) -> list[str]:
    """Cards grouped by suit (trumps last), high to low within a suit."""
    suits = [s for s in SUIT_ORDER if s != trump] + ([trump] if trump else [])
    order = "ATKQJ987"
    return sorted(cards, key=lambda c: (suits.index(c[1]) if c[1] in suits else 9,
                                        order.index(c[0])))


class Board:
    """Draws one deal state; keeps its card pictures cached."""

    def __init__(self, artwork: str = "french-classic", back: str = "classic-red"):
        self.artwork = artwork
        self.back = back
        self.renderer = DeckRenderer(max_entries=300)
        self._cache: dict[tuple[str | None, int], pygame.Surface] = {}

    def set_style(self, artwork: str, back: str) -> None:
        if (artwork, back) != (self.artwork, self.back):
            self.artwork, self.back = artwork, back
            self._cache.clear()

    # --- pictures ----------------------------------------------------------------------
    def card(self, card: str | None, height: int) -> pygame.Surface:
        key = (card, height)
        pic = self._cache.get(key)
        if pic is not None:
            return pic
        pic = (self.renderer.face(card, height, self.artwork) if card
               else self.renderer.back(height, self.back))
        if len(self._cache) > 400:
            self._cache.clear()
        self._cache[key] = pic
        return pic

    def suit_icon(self, suit: str, size: int) -> pygame.Surface:
        return self.renderer.suit_icon(suit, size, self.artwork)

    def card_width(self, height: int) -> int:
        return round(height * 0.69)

    # --- drawing -----------------------------------------------------------------------
    def draw_row(self, surface: pygame.Surface, cards: list[str | None], centre: tuple[int, int],
                 height: int, max_width: int, glow: dict[str, tuple[int, int, int]] | None = None,
                 lift: set[str] | None = None, dim: set[str] | None = None
                 ) -> dict[str, pygame.Rect]:
        """A fanned row of cards centred on ``centre``; returns each face's rectangle."""
        rects: dict[str, pygame.Rect] = {}
        if not cards:
            return rects
        w = self.card_width(height)
        step = min(w * 0.62, (max_width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        total = w + step * (len(cards) - 1)
        x0 = centre[0] - total / 2
        glow = glow or {}
        for i, c in enumerate(cards):
            y = centre[1] - height / 2 - (height * 0.12 if lift and c in lift else 0)
            r = pygame.Rect(round(x0 + i * step), round(y), w, height)
            shadow = pygame.Surface((w, height), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(),
                             border_radius=max(3, height // 14))
            surface.blit(shadow, r.move(3, 4))
            surface.blit(self.card(c, height), r)
            if c and dim and c in dim:
                veil = pygame.Surface((w, height), pygame.SRCALPHA)
                pygame.draw.rect(veil, (0, 0, 0, 95), veil.get_rect(),
                                 border_radius=max(3, height // 14))
                surface.blit(veil, r)
            if c and c in glow:
                pygame.draw.rect(surface, glow[c], r.inflate(6, 6), 3,
                                 border_radius=max(4, height // 12))
            if c:
                rects[c] = r
        # the visible part of each card is what a click hits: later cards cover earlier ones
        return rects

    def draw_deal(self, surface: pygame.Surface, area: pygame.Rect, deal: Deal, view: int = 0,
                  face_up: set[int] | None = None, names: list[str] | None = None,
                  glow: dict[str, tuple[int, int, int]] | None = None,
                  lift: set[str] | None = None, dim: set[str] | None = None,
                  hand_scale: float = 1.0) -> dict[str, pygame.Rect]:
        """Draw ``deal`` in ``area``; returns the viewer's card rectangles."""
        players = deal.players
        face_up = {view} if face_up is None else face_up
        names = names or [f"{s}" for s in range(players)]
        obs = deal.observation(view)
        trump = obs.trump
        h_main = round(min(area.h * 0.25, area.w * 0.16) * hand_scale)
        h_side = round(h_main * 0.72)
        hands = {s: sort_hand([CARD_STR[c] for c in cards_of(deal.hand(s))], trump)
                 for s in range(players)}
        shown = obs.shown
        small = font("sans", max(11, h_main // 9))
        bold = font("sans_bold", max(12, h_main // 8))
        pts = obs.points
        tricks = obs.tricks
        my_rects: dict[str, pygame.Rect] = {}
        spots = self._spots(area, players, view, h_main, h_side)
        for seat, (centre, height, width) in spots.items():
            up = seat in face_up or seat in shown
            cards: list[str | None] = list(hands[seat]) if up else [None] * len(hands[seat])
            if seat == view and face_up == {view}:
                # Only what the seat may see: Mariáš forehand sees its first seven cards
                # before choosing the trump card; the other five stay face down.
                seen = set(obs.hand)
                # (the hidden ones at the end: their place in a sorted hand would tell)
                visible = [c for c in cards if c in seen]
                cards = [*visible, *([None] * (len(cards) - len(visible)))]
            rects = self.draw_row(surface, cards, centre, height, width,
                                  glow if seat == view else None,
                                  lift if seat == view else None,
                                  dim if seat == view else None)
            if seat == view:
                my_rects = rects
            img, _ = bold.render(names[seat], GOLD if deal.to_move() == seat else CREAM)
            info, _ = small.render(f"{tr('ui.table_points', n=pts[seat])}  ·  "
                                   f"{tr('ui.table_tricks', n=tricks[seat])}", MUTED)
            y = centre[1] + height / 2 + 6 if seat == view else centre[1] - height / 2 - \
                img.get_height() - 6
            x = centre[0] - (img.get_width() + info.get_width() + 10) / 2
            surface.blit(img, (x, y))
            surface.blit(info, (x + img.get_width() + 10, y + (img.get_height() -
                                                               info.get_height()) / 2))
        self._draw_trick(surface, area, deal, obs, view, h_side)
        self._draw_stock(surface, area, obs, h_side)
        return my_rects

    def _spots(self, area: pygame.Rect, players: int, view: int, h_main: int, h_side: int
               ) -> dict[int, tuple[tuple[int, int], int, int]]:
        """Seat -> (centre of its row, card height, max row width)."""
        out = {view: ((area.centerx, area.bottom - h_main // 2 - 28), h_main,
                      round(area.w * 0.62))}
        if players == 2:
            out[1 - view] = ((area.centerx, area.top + h_side // 2 + 30), h_side,
                             round(area.w * 0.5))
        else:
            left, right = (view + 1) % 3, (view + 2) % 3
            y = area.top + h_side // 2 + 30
            out[left] = ((area.left + round(area.w * 0.24), y), h_side, round(area.w * 0.42))
            out[right] = ((area.right - round(area.w * 0.24), y), h_side, round(area.w * 0.42))
        return out

    def _draw_trick(self, surface: pygame.Surface, area: pygame.Rect, deal: Deal,
                    obs: Observation, view: int, height: int) -> None:
        trick = obs.trick
        faded = False
        if not trick and obs.last_trick and not deal.is_over():
            trick = obs.last_trick.cards
            faded = True
        if not trick and deal.is_over() and obs.last_trick:
            trick = obs.last_trick.cards
        cx, cy = area.centerx, area.centery - round(height * 0.05)
        w = self.card_width(height)
        players = deal.players
        for seat, c in trick:
            rel = (seat - view) % players
            off: tuple[float, float]
            if players == 2:
                off = (0, height * 0.3) if rel == 0 else (0, -height * 0.3)
                off = (off[0] + (-w * 0.3 if rel == 0 else w * 0.3), off[1])
            else:
                off = [(0, height * 0.3), (-w * 0.75, -height * 0.12), (w * 0.75, -height * 0.12)][
                    rel]
            r = pygame.Rect(0, 0, w, height)
            r.center = (round(cx + off[0]), round(cy + off[1]))
            pic = self.card(c, height)
            if faded:
                pic = pic.copy()
                pic.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(pic, r)

    def _draw_stock(self, surface: pygame.Surface, area: pygame.Rect, obs: Observation,
                    height: int) -> None:
        x = area.left + round(area.w * 0.1)
        y = area.centery - height // 2
        ind = obs.indicator
        if ind:
            pic = pygame.transform.rotate(self.card(ind, height), 90)
            surface.blit(pic, (x - height * 0.52, y + height * 0.18))
        size = obs.stock_size
        if size:
            for i in range(min(size, 6)):
                surface.blit(self.card(None, height), (x + i * 1.5, y - i * 1.5))
            f = font("sans_bold", max(12, height // 6))
            img, _ = f.render(str(size), CREAM)
            surface.blit(img, (x + self.card_width(height) // 2 - img.get_width() // 2,
                               y + height + 6))
        trump = obs.trump
        if trump:
            from game.ui.i18n import suit_name

            family = "german" if self.artwork.startswith("german") else "french"
            f = font("sans_bold", max(12, height // 6))
            img, _ = f.render(tr("ui.review_trump", suit=suit_name(trump, family)), GOLD)
            ty = y - img.get_height() - max(12, height // 5)
            surface.blit(img, (x - height * 0.5, ty))
            icon = self.suit_icon(trump, img.get_height() + 4)
            if icon is not None:
                surface.blit(icon, (x - height * 0.5 + img.get_width() + 8, ty - 2))
        contract = obs.contract if isinstance(obs, MariasObservation) else None
        if contract:
            from .texts import contract_text

            f = font("sans_bold", max(12, height // 6))
            img, _ = f.render(tr("ui.table_contract_is", contract=contract_text(contract)), GOLD)
            surface.blit(img, (x - height * 0.5, y + height * 0.6))
