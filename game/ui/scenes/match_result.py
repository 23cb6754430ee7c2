"""The end of a match: who won, the final totals, and where to go next.

Opening it files the match (statistics, keyed by the match's record so it counts
once), clears the saved match (there is nothing left to continue) and plays the
win or lose fanfare once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import routes
from game.ui.i18n import number, tr, variant_name
from game.ui.result_text import result_sentences
from game.ui.shown import Button, Shown
from game.ui.stats import deal_key
from game.ui.widgets.felt import GOLD, GOLD_LIGHT, IVORY
from game.ui.widgets.fonts import font, wrap
from game.ui.widgets.icons import suit_icon

from .base import MenuScene, human_seat, seat_names

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)


class MatchResultScene(MenuScene):
    name = "match_result"
    remembers = ("_celebrated",)
    title_key = "ui.result_title"
    back_to = "menu"

    def __init__(self, app: App):
        super().__init__(app)
        self._celebrated: set[str] = set()

    def build(self, match: Any = None, setup: Any = None, **params: Any) -> Shown:
        self.match, self.setup = match, setup
        w, h = self.app.size
        px = self.px
        self.won = False
        self.message = ""
        self.last_deal = ""
        if match is not None:
            self.names = [n.split(" · ")[0] for n in seat_names(setup, self.settings,
                                                                 match.players)]
            human = human_seat(setup)
            winners = match.winners() or [max(range(match.players), key=lambda s: match.totals[s])]
            self.won = human in winners
            if len(winners) > 1:
                self.message = tr("ui.result_tie", names=", ".join(self.names[s] for s in winners))
            elif self.won:
                self.message = tr("ui.result_won")
            else:
                self.message = tr("ui.result_lost", name=self.names[winners[0]])
            self.winners = winners
            self.last_deal = self.last_deal_text()
            self.file_match(human)
        bw, bh = px(260), px(52)
        y = h - px(110)
        keys = [("again", "ui.result_again", "#primary"), ("scores", "ui.result_scores", None),
                ("menu", "ui.common_menu", None)]
        total = 3 * bw + 2 * px(20)
        again = match is not None and "table" in self.app.scene_factories
        shown = Shown(focused="again" if again else "menu")
        for i, (key, text, oid) in enumerate(keys):
            rect = pygame.Rect(w // 2 - total // 2 + i * (bw + px(20)), y, bw, bh)
            enabled = again if key == "again" else match is not None or key == "menu"
            shown.add(Button(key, rect, text, object_id=oid, enabled=enabled, name=key))
        return shown

    def last_deal_text(self) -> str:
        deal = self.match.deals[-1] if self.match.deals else None
        result = deal.result() if deal is not None and deal.is_over() else None
        if result is None:
            return ""
        said = result_sentences(result, self.names, self.settings.family_for(self.match.variant))
        # what happened, how it ended (or why the points), and every player's points
        return tr("ui.result_last_deal", text=" ".join(said[:2] + said[-1:] if len(said) > 2
                                                        else said))

    def file_match(self, human: int) -> None:
        from game.rules import write_record

        key = deal_key(write_record(self.match.deals))
        playing = "human" in (getattr(self.setup, "seats", None) or [])
        self.rating_change = None
        if self.match.is_over() and playing:
            if not getattr(self.setup, "practice", False):  # practice is not counted
                from game.ui.stats import rated_match

                self.storage.record_match(self.match.variant, self.won, key=key,
                                          rated=rated_match(self.setup, self.match.totals,
                                                            human))
                self.rating_change = self.storage.stats.changes.get(key) if key else None
            self.storage.clear_match()
        if key and key not in self._celebrated:
            self._celebrated.add(key)
            self.play("win" if self.won else "lose")

    def on_button(self, key: str) -> None:
        if key == "again" and self.setup is not None:
            self.app.go(routes.Table(setup=self.setup))
        elif key == "scores" and self.match is not None:
            self.app.go(routes.Score(match=self.match, setup=self.setup, return_to="menu"))
        elif key in ("menu", "back"):
            self.app.go(routes.Menu())

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.match is None:
            return
        w, h = surface.get_size()
        px = self.px
        f = font("serif_bold", px(38))
        img, _ = f.render(self.message, GOLD_LIGHT if self.won else IVORY)
        surface.blit(img, img.get_rect(center=(w // 2, px(150))))
        sub = font("serif_italic", px(19))
        line = f"{variant_name(self.match.variant)} · " + tr("ui.result_deals",
                                                            n=self.match.deals_played())
        img, _ = sub.render(line, IVORY)
        surface.blit(img, img.get_rect(center=(w // 2, px(192))))
        # How the last deal — the one that decided the match — was scored, as the score
        # sheet says it: what happened, and every player's points.
        small = font("sans", px(14))
        lines = wrap(self.last_deal, small, min(w - px(120), px(1040)))[:2]
        for k, text in enumerate(lines):  # two lines above the winner's crown
            img, _ = small.render(text, IVORY)
            surface.blit(img, img.get_rect(center=(w // 2, px(216) + k * px(18))))
        change = getattr(self, "rating_change", None)
        if change is not None:  # the player's rating moved with this match
            text = tr("ui.result_rating", before=round(change.before), after=round(change.after),
                      delta=number(change.delta, 0, signed=True),
                      game=variant_name(self.match.variant))
            img, _ = font("sans_bold", px(17)).render(text, GOLD_LIGHT)
            surface.blit(img, img.get_rect(center=(w // 2, px(222) + len(lines) * px(18))))
        # Podium: one column per seat, height by total (negative Mariáš totals hang low).
        totals = self.match.totals
        n = len(totals)
        col_w, gap = px(210), px(36)
        base_y, max_h = h - px(190), px(250)
        lo, hi = min(0, *totals), max(1, *totals)
        left = w // 2 - (n * col_w + (n - 1) * gap) // 2
        name_font, value_font = font("sans_bold", px(18)), font("serif_bold", px(34))
        for s, total in enumerate(totals):
            frac = (total - lo) / (hi - lo) if hi != lo else 1.0
            bar_h = max(px(24), int(max_h * (0.25 + 0.75 * frac)))
            rect = pygame.Rect(left + s * (col_w + gap), base_y - bar_h, col_w, bar_h)
            winner = s in self.winners
            pygame.draw.rect(surface, (12, 44, 29), rect, border_radius=12)
            if winner:  # a warm glow rising from the foot of the winner's column
                glow = pygame.Surface(rect.size, pygame.SRCALPHA)
                for y in range(rect.h):
                    alpha = int(70 * (y / max(1, rect.h - 1)) ** 1.5)
                    pygame.draw.line(glow, (201, 167, 74, alpha), (0, y), (rect.w, y))
                mask = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=12)
                glow.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                surface.blit(glow, rect)
            pygame.draw.rect(surface, GOLD if winner else (90, 110, 90), rect, 3 if winner else 2,
                             border_radius=12)
            img, _ = value_font.render(str(total), GOLD_LIGHT if winner else IVORY)
            surface.blit(img, img.get_rect(center=(rect.centerx, rect.y + px(34))))
            if winner:  # a crown of suit signs: a shape, not only a colour
                for k, suit in enumerate("SHDC"):
                    icon = suit_icon(suit, px(22), GOLD_LIGHT)
                    surface.blit(icon, (rect.centerx - px(58) + k * px(30), rect.y - px(32)))
            img, _ = name_font.render(self.names[s], IVORY)
            surface.blit(img, img.get_rect(center=(rect.centerx, base_y + px(20))))
