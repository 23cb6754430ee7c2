"""The score sheet after every deal: each deal, how it was scored, the running totals.

Opening the sheet also files the deal away: it is counted in the statistics and
exported to the hand history (both keyed by the deal's record, so re-opening the
sheet, resizing the window or resuming a saved match never counts it twice).
The table therefore only has to
``app.go(routes.Score(match=..., setup=..., return_to="table"))``.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui

from game.ui import routes
from game.ui.i18n import tr, variant_name
from game.ui.result_text import describe, signed
from game.ui.routes import ScreenName
from game.ui.shown import Button, Image, Label, Made, ScrollPage, Shown, Then
from game.ui.stats import summarise_deal
from game.ui.widgets.felt import GOLD, GOLD_LIGHT, IVORY
from game.ui.widgets.fonts import font, wrap

from .base import MenuScene, human_seat, seat_names

log = logging.getLogger(__name__)
ROW_BG = ((14, 46, 31, 215), (20, 58, 40, 215))
WIN_BG = (201, 167, 74, 60)
#: Width of the deal-number column at scale 1.
COL_DEAL = 104


def render_sheet(deals: list[Any], names: list[str], width: int, scale: float,
                 human: int, family: str = "french", col_pts: int | None = None
                 ) -> pygame.Surface:
    """The rows of the sheet as one surface (scrolled by a pygame-gui container);
    ``col_pts`` is each player's column width (as wide as the widest name)."""
    f = font("sans", round(15 * scale))
    fb = font("sans_bold", round(17 * scale))
    n = len(names)
    col_deal = round(COL_DEAL * scale)
    col_pts = col_pts or round(120 * scale)
    text_w = width - col_deal - n * col_pts - round(24 * scale)
    rows: list[tuple[int, list[str], list[int] | None]] = []
    for i, deal in enumerate(deals, 1):
        over = deal.is_over()
        # one sentence a line: what happened, why, each component's arithmetic
        text = (describe(deal, names, family=family, sep="\n") if over
                else tr("ui.score_in_progress"))
        score = deal.score() if over else None
        rows.append((i, wrap(text, f, text_w), score))
    line_h = f.get_sized_height(0) + round(3 * scale)
    pad = round(8 * scale)
    heights = [max(1, len(lines)) * line_h + 2 * pad for _, lines, _ in rows]
    surf = pygame.Surface((width, max(1, sum(heights))), pygame.SRCALPHA)
    y = 0
    for (i, lines, score), h in zip(rows, heights):
        pygame.draw.rect(surf, ROW_BG[i % 2], pygame.Rect(0, y, width, h - 2), border_radius=6)
        fb.render_to(surf, (pad, y + pad), str(i), GOLD_LIGHT)
        for k, line in enumerate(lines):
            f.render_to(surf, (col_deal, y + pad + k * line_h), line, IVORY)
        if score:
            best = max(score)
            for s, value in enumerate(score):
                cell = pygame.Rect(width - (n - s) * col_pts, y + 2, col_pts - 4, h - 6)
                if value == best and value > 0:
                    pygame.draw.rect(surf, WIN_BG, cell, border_radius=6)
                    pygame.draw.rect(surf, GOLD, cell, 1, border_radius=6)
                text = signed(value)
                img, r = fb.render(text, GOLD_LIGHT if s == human else IVORY)
                surf.blit(img, img.get_rect(center=cell.center))
        y += h
    return surf


class ScoreScene(MenuScene):
    name = "score"
    kept = True  # a review opened here comes back to it
    title_key = "ui.score_title"
    back_to = None

    def build(self, match: Any = None, setup: Any = None, return_to: ScreenName | None = None,
              **params: Any) -> Shown:
        if match is None:  # back from the review: the sheet we showed before
            match, setup = getattr(self, "match", None), getattr(self, "setup", None)
            return_to = return_to or getattr(self, "return_to", None)
        self.return_to: ScreenName = return_to or "table"
        self.match, self.setup = match, setup
        w, h = self.app.size
        px = self.px
        margin = max(px(60), (w - px(1160)) // 2)
        if match is None:  # (a lone Back, out of the focus ring)
            return Shown([Button("back", pygame.Rect(margin, h - px(92), px(180), px(50)),
                                 "ui.common_back", focus=None)])
        self.file_deal()
        players = match.players
        self.names = seat_names(setup, self.settings, players)
        human = human_seat(setup)
        subtitle = variant_name(match.variant) + " · " + (
            tr("ui.score_target_rounds", n=match.deals_played(),
               total=match.options["rounds"] * players)
            if match.variant == "marias"
            else tr("ui.score_target_points", n=match.options["match_points"]))
        shown = Shown([Label(pygame.Rect(0, px(102), w, px(28)), subtitle,
                             object_id="#subtitle")], focused="next")
        top, bottom = px(176), h - px(190)
        width = w - 2 * margin
        short = [n.split(" · ")[0] for n in self.names]
        # Each player's column as wide as the widest name (the heads never run together).
        head_font = self.manager.get_theme().get_font(["#value", "label"])
        col_pts = max([round(120 * self.scale)] +
                      [head_font.get_rect(n).width + px(16) for n in short])
        # Column heads.
        shown.add(Label(pygame.Rect(margin + px(4), top - px(34), px(COL_DEAL - 8), px(30)),
                        "ui.score_col_deal", object_id="#section"),
                  Label(pygame.Rect(margin + round(COL_DEAL * self.scale), top - px(34),
                                    px(400), px(30)),
                        "ui.score_col_how", object_id="#section"))
        for s, name in enumerate(short):
            x = margin + width - px(20) - (players - s) * col_pts  # over its cells
            shown.add(Label(pygame.Rect(x, top - px(34), col_pts - 4, px(30)), name,
                            object_id="#value"))
        sheet = render_sheet(match.deals, short, width - px(20), self.scale, human,
                             self.settings.family_for(match.variant), col_pts)
        area = (width - px(20), max(sheet.get_height(), 1))

        def newest_in_view(made: Made) -> None:
            bar = made["sheet"].vert_scroll_bar
            if sheet.get_height() > bottom - top and bar is not None:
                bar.set_scroll_from_start_percentage(1.0)

        shown.add(ScrollPage(pygame.Rect(margin, top, width, bottom - top), name="sheet"),
                  Then(lambda made: made["sheet"].set_scrollable_area_dimensions(area)),
                  Image(pygame.Rect(0, 0, *sheet.get_size()), sheet, container="sheet"),
                  Then(newest_in_view))
        self.totals_y = bottom + px(10)
        self.sheet_rect = pygame.Rect(margin, top, width, bottom - top)
        self.col_pts = col_pts
        self.human = human
        # Buttons: the primary one first in the focus ring, Menu last.
        over = match.is_over()
        menu = pygame.Rect(margin, h - px(92), px(220), px(50))
        primary = pygame.Rect(0, 0, px(300), px(56))
        primary.bottomright = (w - margin, h - px(39))
        in_play = match.current is not None and not match.current.is_over()
        key, text = (("result", "ui.score_result") if over
                     else ("next", "ui.score_back" if in_play else "ui.score_next"))
        shown.add(Button("menu", menu, "ui.common_menu", focus=2),
                  Button(key, primary, text, object_id="#primary", name="next"))
        last = match.current
        if "review" in self.app.scene_factories and last is not None and last.is_over() \
                and "human" in (getattr(setup, "seats", None) or []):
            # Review and "Could I have won?" share the room between Menu and the primary
            # button, each as wide as half of it allows
            showme = "showme" in self.app.scene_factories and not (
                setup is not None and getattr(setup, "network", None))
            lo, hi = menu.right + px(16), primary.left - px(16)
            count = 2 if showme else 1
            bw = min(px(260), (hi - lo - px(12) * (count - 1)) // count)
            x = (lo + hi) // 2 - (count * bw + px(12) * (count - 1)) // 2
            review = pygame.Rect(x, h - px(67) - px(25), bw, px(50))
            shown.add(Button("review", review, "ui.score_review", focus=1))
            if showme:
                rect = pygame.Rect(review.right + px(12), review.y, bw, px(50))
                shown.add(Button("showme", rect, "ui.showme_button", focus=1))
        return shown

    @property
    def next_button(self) -> pygame_gui.elements.UIButton:
        """The primary button: the next deal, back to the deal, or the match's result."""
        button: pygame_gui.elements.UIButton = self.made["next"]
        return button

    def file_deal(self) -> None:
        """Count the last finished deal and keep its record in the history (once)."""
        deal = self.match.current if self.match is not None else None
        if deal is None or not deal.is_over() or "human" not in (getattr(self.setup, "seats", None)
                                                                   or []):
            return  # bot-only games (demos, the selftest) are not the player's statistics
        try:
            from game.rules import write_deal

            summary = summarise_deal(deal, human_seat(self.setup))
            if not getattr(self.setup, "practice", False):  # practice is not counted
                self.storage.record_deal(self.match.variant, summary)
            self.storage.export_deal(write_deal(deal), self.match.variant, key=summary["key"])
        except Exception:  # noqa: BLE001 - statistics are a comfort, never a crash
            log.exception("could not file the deal")

    def on_button(self, key: str) -> None:
        if key == "next":
            if self.return_to == "table":
                self.app.go(routes.Table(continue_match=True))
            elif self.return_to in self.app.scene_factories:
                self.app.show(self.return_to)
        elif key == "review":
            self.app.go(routes.Review(deal=self.match.current, seat=human_seat(self.setup),
                                      names=[n.split(" · ")[0] for n in self.names],
                                      back_to="score"))
        elif key == "showme":
            self.app.go(routes.ShowMe(deal=self.match.current, seat=human_seat(self.setup),
                                      names=[n.split(" · ")[0] for n in self.names],
                                      levels=list(getattr(self.setup, "seats", None) or []),
                                      back_to="score"))
        elif key == "result":
            self.app.go(routes.MatchResult(match=self.match, setup=self.setup))
        elif key in ("menu", "back"):
            self.app.go(routes.Menu())

    def go_back(self) -> None:
        self.on_button("next" if self.match is not None and not self.match.is_over() else "menu")

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.match is None:
            return
        rect = self.sheet_rect
        totals = self.match.totals
        band = pygame.Rect(rect.x, self.totals_y, rect.width, self.px(48))
        pygame.draw.rect(surface, (8, 30, 20), band, border_radius=10)
        pygame.draw.rect(surface, GOLD, band, 2, border_radius=10)
        fb = font("serif_bold", self.px(22))
        # centred on the band like the numbers (rendered at a fixed top, it sat lower)
        img, _ = fb.render(tr("ui.score_total"), GOLD_LIGHT)
        surface.blit(img, img.get_rect(midleft=(band.x + self.px(14), band.centery)))
        best = max(totals) if totals else 0
        n = len(totals)
        for s, value in enumerate(totals):
            cell = pygame.Rect(band.right - self.px(20) - (n - s) * self.col_pts, band.y + 4,
                               self.col_pts - 4, band.height - 8)
            if value == best and best != 0:
                pygame.draw.rect(surface, (201, 167, 74, 255), cell, 2, border_radius=8)
            img, _ = fb.render(str(value), GOLD_LIGHT if s == self.human else IVORY)
            surface.blit(img, img.get_rect(center=cell.center))
