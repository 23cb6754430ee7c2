"""One deal drawn as the table draws it, for the screens that show a deal without playing
it: the tutorial, the review after a deal and the replay viewer.

The same places (:func:`.layout.compute_layout` for the board's rectangle), the same
cards where the table puts them (:func:`.sprites.board_targets` of the viewer's
observation) and the same pictures (:class:`.stage.Stage` over :class:`.art.CardArt`):
a lesson looks like the game it teaches.  What the table adds while it plays — the
flow, animations, buttons, bubbles — stays in :mod:`.scene`.  Seats named in
``face_up`` (the review and the replay show every hand) are laid open in front of
their seat, as an open contract is at the table.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.rules import Observation, Verb
from game.rules.base import Deal
from game.rules.cards import CARD_STR, cards_of
from game.ui.i18n import tr
from game.ui.widgets.fonts import font

from .animation import Animator
from .art import CardArt, make_renderer
from .layout import TableLayout, compute_layout
from .sprites import Target, board_targets, jitter, sort_hand
from .stage import GLOW_HINT, GLOW_SELECT, Stage

GOLD = (233, 200, 110)
CREAM = (246, 238, 218)
MUTED = (190, 205, 190)
#: The colours a screen marks cards with (the table's own).
HINT = GLOW_HINT
SELECT = GLOW_SELECT


class DealBoard:
    """A deal at rest in a rectangle of the window, in the table's layout and cards."""

    def __init__(self, artwork: str = "french-classic", back: str = "classic-red"):
        self.art = CardArt(make_renderer(), artwork, back)
        self.area = pygame.Rect(0, 0, 0, 0)
        self.layout: TableLayout | None = None
        self.stage: Stage | None = None

    def set_style(self, artwork: str, back: str) -> None:
        self.art.set_style(artwork, back)

    # --- drawing -----------------------------------------------------------------------
    def draw_deal(self, surface: pygame.Surface, area: pygame.Rect, deal: Deal, view: int = 0,
                  face_up: set[int] | None = None, names: list[str] | None = None,
                  glow: dict[str, tuple[int, int, int]] | None = None,
                  lift: set[str] | None = None, dim: set[str] | None = None,
                  complete_trick: bool = False,
                  last_trick: bool = False) -> dict[str, pygame.Rect]:
        """Draw ``deal`` as ``view`` sees it in ``area`` (plus the hands of ``face_up``);
        returns the rectangles of the viewer's cards, in window coordinates.

        ``complete_trick`` (a step-through): right after the card that completes a trick,
        the trick lies whole on the table — the engine has already gathered it, but a
        player must see all its cards before it goes (the next step shows it gathered).
        ``last_trick``: the trick just finished still lies on the table (waiting to be
        collected), side by side, as it does once the deal is over."""
        players = deal.players
        obs = deal.observation(view)
        layout = _without_plates(compute_layout(area.size, players, view), view)
        targets = board_targets(obs, layout, view, frozenset(lift or ()))
        for seat in sorted(face_up or ()):
            if seat != view and seat not in obs.shown:
                self._lay_open(targets, layout, deal, seat, obs)
        if not obs.trick and obs.last_trick is not None and last_trick and not deal.is_over():
            # Side by side in the middle, each card whole: which cards fell, at a glance.
            cards = obs.last_trick.cards
            step = layout.card_w(layout.table_h) * 1.12
            cx, cy = layout.center
            for i, (seat, c) in enumerate(cards):
                x = cx + (i - (len(cards) - 1) / 2) * step
                targets[c] = Target(c, c, x, cy, 0, layout.table_h, 200 + i, True, "trick",
                                    seat)
        elif not obs.trick and obs.last_trick is not None and (
                deal.is_over() or (complete_trick and just_completed(deal))):
            for i, (seat, c) in enumerate(obs.last_trick.cards):
                tx, ty = layout.spot(seat).trick
                targets[c] = Target(c, c, tx, ty, layout.spot(seat).trick_angle + jitter(c, 4),
                                    layout.table_h, 200 + i, True, "trick", seat)
        stage = Stage(self.art, layout, Animator())
        stage.snap(targets)
        stage.glow = dict(glow or {})
        stage.dim = set(dim or ())
        self.area, self.layout, self.stage = pygame.Rect(area), layout, stage
        canvas = surface.subsurface(area)
        stage.draw(canvas)
        for key, colour in stage.glow.items():
            sprite = stage.sprites.get(key)
            if sprite is not None and sprite.role not in ("hand", "blind"):
                rect = stage.rect_of(sprite)
                pygame.draw.rect(canvas, colour, rect.inflate(6, 6), 3,
                                 border_radius=max(4, rect.h // 12))
        self._draw_names(canvas, layout, stage, deal, names or [str(s) for s in range(players)])
        return {s.key: stage.rect_of(s).move(area.topleft) for s in stage.hand_sprites()
                if s.card is not None}

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The viewer's card under ``pos`` (window coordinates) as last drawn, or None."""
        if self.stage is None:
            return None
        hit = self.stage.hit((pos[0] - self.area.x, pos[1] - self.area.y))
        return hit.card if hit is not None else None

    @staticmethod
    def _lay_open(targets: dict[str, Target], layout: TableLayout, deal: Deal, seat: int,
                  obs: Observation) -> None:
        """``seat``'s hand face up in front of it (its backs taken away)."""
        for key in [k for k, t in targets.items() if t.role == "opp" and t.seat == seat]:
            del targets[key]
        cards = sort_hand([CARD_STR[c] for c in cards_of(deal.hand(seat))], obs)
        for i, (x, y) in enumerate(layout.fan(seat, len(cards), layout.table_h, spread=True)):
            c = cards[i]
            # upright, whichever side: the index corners stay readable down the fan
            targets[c] = Target(c, c, x, y, 0, layout.table_h, 60 + i, True, "opp", seat)

    @staticmethod
    def _draw_names(canvas: pygame.Surface, layout: TableLayout, stage: Stage, deal: Deal,
                    names: list[str]) -> None:
        """Each seat's name (gold on its turn), points and tricks: on its plate, or beside
        the hand at the top where the board is too narrow for the table's plate."""
        bold = font("sans_bold", layout.font)
        small = font("sans", max(11, round(layout.font * 0.85)))
        mover = deal.to_move()
        obs = deal.observation(0)
        m = layout.margin
        for seat in range(deal.players):
            spot = layout.spot(seat)
            plate = pygame.Rect(spot.plate.tuple())
            name, _ = bold.render(names[seat], GOLD if mover == seat else CREAM)
            info, _ = small.render(f"{tr('ui.table_points', n=obs.points[seat])}  ·  "
                                   f"{tr('ui.table_tricks', n=obs.tricks[seat])}", MUTED)
            x, y = plate.x + 4, plate.y + 2
            if spot.side == "bottom":
                # above the hand's left end: the hand has the plates' room (_without_plates)
                cards = [stage.rect_of(s) for s in stage.hand_sprites()]
                if cards:
                    x = min(r.left for r in cards)
                    y = min(r.top for r in cards) - m // 2 - name.get_height() * 2 - 4
            elif spot.side == "top":
                wide = name.get_width() + m + info.get_width()
                # never over the seat's won tricks, to the right of its hand
                x = min(x, round(spot.pile[0] - layout.card_w(layout.pile_h) - m - wide))
                cards = [stage.rect_of(s) for s in stage.sprites.values()
                         if s.seat == seat and s.role == "opp"]
                if cards:
                    left = min(r.left for r in cards)
                    x = min(x, left - m - wide)
                    if x < m:  # no room beside the hand: under it
                        x, y = left, max(r.bottom for r in cards) + m // 2
            canvas.blit(name, (x, y))
            canvas.blit(info, (x + name.get_width() + m, y + (name.get_height()
                                                              - info.get_height()) // 2))


def just_completed(deal: Deal) -> bool:
    """Did the deal's last action complete a trick (a card played, and none is on the table
    now)?"""
    if not deal.history:
        return False
    return deal.history[-1][1].verb is Verb.PLAY and not deal.observation(0).trick


def _without_plates(layout: TableLayout, view: int) -> TableLayout:
    """The table keeps room beside the viewer's hand for its name plate and buttons; a
    board has neither there (its names sit above the hands), so the hand may spread."""
    width = layout.size[0] * 0.6
    seats = tuple(replace(s, span=max(s.span, width)) if s.seat == view else s
                  for s in layout.seats)
    return replace(layout, seats=seats)
