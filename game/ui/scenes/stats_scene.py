"""Statistics: per game matches and deals won, points per deal, streaks, Mariáš contracts;
on a second page the player's rating with its history among the computer levels' ratings,
and the counting trainer's score by kind of question.

The numbers come from :class:`game.ui.stats.Stats` (``storage.stats``); the charts are
drawn by :mod:`game.ui.widgets.charts` on the felt, the game tabs are buttons.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.bot import GAME_LEVELS
from game.ai.ratings import ANCHOR, level_rating
from game.ai.trainer import KINDS
from game.rules.options import VARIANT_IDS
from game.rules.variants import deal_class
from game.ui.fits import Fit
from game.ui.i18n import number, tr, variant_key, variant_name
from game.ui.shown import Button, Prepare, Shown
from game.ui.widgets.charts import Bar, bar_chart, line_chart, panel, rating_chart
from game.ui.widgets.felt import GOLD_LIGHT, IVORY, felt
from game.ui.widgets.fonts import font, wrap

from .base import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

CONTRACTS = ("suit", "betl", "durch", "open-betl", "open-durch")


class StatsScene(MenuScene):
    name = "stats"
    remembers = ("variant", "page")
    title_key = "ui.stats_title"

    def __init__(self, app: App):
        super().__init__(app)
        #: The page under the widgets, painted a panel a step while the screen is
        #: built (its charts are slow to draw: a frame of their own was a hitch).
        self._page: pygame.Surface | None = None
        self.variant = "marriage"
        #: "results" (matches, deals, points, contracts) or "rating" (rating and counting)
        self.page = "results"

    @property
    def tabs(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The games' tabs, by game (those made so far)."""
        return {v: self.made[f"variant:{v}"] for v in VARIANT_IDS if f"variant:{v}" in self.made}

    def build(self, variant: str | None = None, **params: Any) -> Shown:
        """The tabs and buttons, then the page painted a panel a step (it is drawn, not
        built)."""
        if variant in VARIANT_IDS:
            self.variant = variant
        w, h = self.app.size
        px = self.px
        self.margin = margin = max(px(60), (w - px(1160)) // 2)
        tab_w = (w - 2 * margin - 3 * px(12)) // 4
        shown = Shown(focused=f"variant:{self.variant}")
        for i, v in enumerate(VARIANT_IDS):
            shown.add(Button(f"variant:{v}", pygame.Rect(margin + i * (tab_w + px(12)), px(108),
                                                         tab_w, px(44)), variant_key(v),
                             selected=v == self.variant, name=f"variant:{v}"))
        other = "rating" if self.page == "results" else "results"
        page = pygame.Rect(0, 0, px(300), px(48))
        page.bottomright = (w - margin, h - px(36))
        # The keyboard goes tabs, page, Back (Back is made first).
        shown.add(Button("back", pygame.Rect(margin, h - px(84), px(180), px(48)),
                         "ui.common_back", focus=2),
                  Button(f"page:{other}", page, f"ui.stats_page_{other}", focus=1))
        self._page = None
        #: The texts of the numbers panel as last drawn (:meth:`text_fits`).
        self.fits: list[Fit] = []
        shown.add(*(Prepare(call) for call in self._painting()))
        return shown

    def on_button(self, key: str) -> None:
        if key.startswith("page:"):
            self.page = key.split(":", 1)[1]
            self.rebuild()
        elif key.startswith("variant:"):
            self.variant = key.split(":", 1)[1]
            self.params["variant"] = self.variant
            self.rebuild()
        else:
            super().on_button(key)

    # --- drawing ------------------------------------------------------------------------
    def leave(self) -> None:
        super().leave()
        self._page = None  # a window-sized picture: made again on the next visit

    def draw(self, surface: pygame.Surface) -> None:
        if self._page is None or self._page.get_size() != surface.get_size():
            for call in self._painting():
                call()
        assert self._page is not None
        surface.blit(self._page, (0, 0))

    def _painting(self) -> list[Callable[[], None]]:
        """The page painted a panel a call: the felt and the title, the page's panels,
        then the painted page is kept (a build in steps and a whole repaint by
        :meth:`draw` each paint a picture of their own)."""
        page = pygame.Surface(self.app.size)

        def ground() -> None:
            page.blit(felt(page.get_size()), (0, 0))
            if self.title_key:
                self.draw_title(page, self.title_key, self.px(58), self.px(40))

        def keep() -> None:
            self._page = page
        panels = self.rating_panels(page) if self.page == "rating" else self.result_panels(page)
        return [ground, *panels, keep]

    def text_fits(self) -> list[Fit]:
        """The numbers' labels and values as last drawn, with their cells' width
        (:mod:`game.ui.harness.textfit`)."""
        return list(getattr(self, "fits", []))

    def columns(self, w: int, h: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The page's two panels, side by side under the tabs."""
        px, margin = self.px, self.margin
        top, bottom = px(168), h - px(100)
        half = (w - 2 * margin - px(24)) // 2
        return (pygame.Rect(margin, top, half, bottom - top),
                pygame.Rect(margin + half + px(24), top, half, bottom - top))

    def result_panels(self, surface: pygame.Surface) -> list[Callable[[], None]]:
        """The results page's panels, a call each: left the chosen game's numbers and its
        balance per deal, right the win rates of every game and the Mariáš contracts."""
        stats = self.storage.stats
        s = stats.of(self.variant) if self.variant in stats.games else None
        w, h = surface.get_size()
        px, sc = self.px, self.scale
        left, right = self.columns(w, h)
        numbers_h = px(150)
        upper = pygame.Rect(right.x, right.y, right.w, right.h * 52 // 100)

        def numbers() -> None:
            area = panel(surface, pygame.Rect(left.x, left.y, left.w, numbers_h),
                         variant_name(self.variant), sc)
            players = deal_class(self.variant).players
            if s is None or (s.deals_played == 0 and s.matches_played == 0):
                f = font("sans", px(16))
                for k, line in enumerate(wrap(tr("ui.stats_none"), f, area.w)):
                    f.render_to(surface, (area.x, area.y + k * px(24)), line, IVORY)
                return
            cells = [
                ("ui.stats_matches", tr("ui.stats_of", a=s.matches_won, b=s.matches_played)),
                ("ui.stats_deals", tr("ui.stats_of", a=s.deals_won, b=s.deals_played)),
                ("ui.stats_ppd_both", tr("ui.stats_ppd_value",
                                         you=number(s.points_per_deal, 2, signed=True),
                                         them=number(s.opponent_points_per_deal(players), 2,
                                                     signed=True))),
                ("ui.stats_streak", str(s.current_streak)),
                ("ui.stats_best_streak", str(s.best_streak)),
                ("ui.stats_match_streak", f"{s.match_streak} ({s.best_match_streak})"),
            ]
            value = font("serif_bold", px(21))
            cw = area.w // 3
            self.fits = []
            for i, (key, text) in enumerate(cells):
                x, y = area.x + (i % 3) * cw, area.y + (i // 3) * px(50)
                # A long label ("Bodů za rozdání: vy / soupeř") in a smaller size, never
                # into the next cell.
                size = px(14)
                label = font("sans", size)
                while label.get_rect(tr(key)).width > cw - px(8) and size > px(10):
                    size -= 1
                    label = font("sans", size)
                label.render_to(surface, (x, y), tr(key), IVORY)
                value.render_to(surface, (x, y + px(19)), text, GOLD_LIGHT)
                self.fits.append(Fit("stats", tr(key), label.get_rect(tr(key)).width,
                                     cw - px(8)))
                self.fits.append(Fit("stats", text, value.get_rect(text).width, cw - px(8)))

        def balance() -> None:
            chart = pygame.Rect(left.x, left.y + numbers_h + px(16), left.w,
                                left.h - numbers_h - px(16))
            area = panel(surface, chart, tr("ui.stats_chart_balance"), sc)
            # Each deal's balance (yours minus an average opponent's): a deal lost is a loss
            # here in every game; statistics from before it was kept show the own points.
            values = (s.recent_balance or s.recent_points) if s else []
            line_chart(surface, area, values, sc, tr("ui.stats_none"))

        def wins() -> None:
            area = panel(surface, upper, tr("ui.stats_chart_wins"), sc)
            bars = []
            for v in VARIANT_IDS:
                vs = stats.games.get(v)
                played = vs.deals_played if vs else 0
                won = vs.deals_won if vs else 0
                bars.append(Bar(variant_name(v), won / played if played else 0.0,
                                f"{round(100 * won / played) if played else 0} %"))
            bar_chart(surface, area, bars, sc)

        def contracts() -> None:
            lower = pygame.Rect(right.x, upper.bottom + px(16), right.w,
                                right.bottom - upper.bottom - px(16))
            area = panel(surface, lower, tr("ui.stats_contracts"), sc)
            marias = stats.games.get("marias")
            played_won = marias.contracts if marias else {}
            bars = []
            for c in CONTRACTS:
                played, won = (played_won.get(c) or [0, 0])[:2]
                bars.append(Bar(tr("ui.contract_" + c.replace("-", "_")),
                                won / played if played else 0.0, f"{won}/{played}"))
            bar_chart(surface, area, bars, sc)
        return [numbers, balance, wins, contracts]

    def rating_panels(self, surface: pygame.Surface) -> list[Callable[[], None]]:
        """The rating page's panels, a call each.  Left: the player's rating in this game,
        then its history among the levels'.  Right: the counting trainer — right answers
        per kind of question."""
        stats = self.storage.stats
        s = stats.games.get(self.variant)
        w, h = surface.get_size()
        px, sc = self.px, self.scale
        left, right = self.columns(w, h)
        # Where the history goes: under the rating (known once the rating is painted).
        below = left

        def rating() -> None:
            nonlocal below
            area = panel(surface, left,
                         tr("ui.stats_rating_title", game=variant_name(self.variant)), sc)
            rating = s.rating if s else ANCHOR
            counted = s.rated_matches if s else 0
            big, small = font("serif_bold", px(30)), font("sans", px(14))
            img, _ = big.render(number(rating, 0), GOLD_LIGHT)
            surface.blit(img, (area.x, area.y))
            note = tr("ui.stats_rating_counted", n=counted)
            for k, line in enumerate(wrap(note, small, area.w - img.get_width() - px(16))[:2]):
                small.render_to(surface, (area.x + img.get_width() + px(16),
                                          area.y + px(4) + k * px(18)), line, IVORY)
            below = pygame.Rect(area.x, area.y + img.get_height() + px(14), area.w,
                                area.bottom - area.y - img.get_height() - px(14))

        def history() -> None:
            levels = [(tr(f"ui.level_{lv}"), float(r)) for lv in GAME_LEVELS
                      if (r := level_rating(self.variant, lv)) is not None]
            rating_chart(surface, below, s.rating_history if s else [], ANCHOR, levels, sc,
                         tr("ui.stats_rating_none"))

        def trainer() -> None:
            area = panel(surface, right, tr("ui.stats_trainer_title"), sc)
            counts = s.trainer if s else {}
            asked = sum(v[0] for v in counts.values())
            if not asked:
                f = font("sans", px(16))
                for k, line in enumerate(wrap(tr("ui.stats_trainer_none"), f, area.w)):
                    f.render_to(surface, (area.x, area.y + k * px(24)), line, IVORY)
                return
            right_total = sum(v[1] for v in counts.values())
            head = font("sans_bold", px(16))
            head.render_to(surface, (area.x, area.y),
                           tr("ui.stats_trainer_total", a=right_total, b=asked), GOLD_LIGHT)
            bars = []
            for kind in KINDS:
                n, ok = (counts.get(kind) or [0, 0])[:2]
                bars.append(Bar(tr(f"ui.stats_trainer_{kind}"), ok / n if n else 0.0,
                                f"{ok}/{n}"))
            bar_chart(surface, pygame.Rect(area.x, area.y + px(34), area.w, area.h - px(34)),
                      bars, sc)
        return [rating, history, trainer]
