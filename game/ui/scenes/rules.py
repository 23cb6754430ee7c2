"""The rules reader: the players' rulebook, one page per game.

The pages are pygame-gui ``UITextBox`` markup shipped in ``assets/rules/LANG/``,
built from the hand-written rulebook sources by :mod:`game.ui.rulebook` (the binding
text stays ``docs/RULES.md``); a language without its own page falls back to English.
A page is shown as one text box per section in a scrolling container, made a section
a step: one text box for the whole page was one long frame (docs/performance.md).
Opened from the menu or from the table (``app.go(routes.Rules(variant=...,
return_to="table"))``) it returns where it came from.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.paths import assets_dir
from game.rules.options import VARIANT_IDS
from game.ui.gui_internals import PlainTextBox, font_loaded
from game.ui.i18n import current_language, variant_key
from game.ui.routes import ScreenName
from game.ui.rulebook import sections
from game.ui.shown import BoxLooks, Button, Faces, Made, Prepare, ScrollPage, Shown, TextBox, Then
from game.ui.widgets.boxes import SHADOW, draw_box

from .base import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)
#: pygame-gui's scroll bar of a scrolling container (its width is fixed there).
SCROLL_BAR_W = 20
#: Space above the first section and below the last one.
PAGE_PAD_Y = 16
#: The page's box: its border inside a shadow (game.ui.widgets.boxes, "#rules_text").
BORDER = 2


def rules_page(variant: str, lang: str) -> str:
    """The page's markup; English when the language has none; a short notice if missing."""
    for code in (lang, "en"):
        path = assets_dir() / "rules" / code / f"{variant}.html"  # VARIANT or VARIANT.brief
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    log.warning("no rules page for %s", variant)
    return f"<b>{variant}</b>"


class RulesScene(MenuScene):
    name = "rules"
    remembers = ("variant",)
    title_key = "ui.rules_title"

    def __init__(self, app: App):
        super().__init__(app)
        self.variant = "marriage"
        self.page_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def game_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The games' buttons, by game (those made so far)."""
        return {v: self.made[f"variant:{v}"] for v in VARIANT_IDS if f"variant:{v}" in self.made}

    @property
    def page(self) -> pygame_gui.elements.UIScrollingContainer | None:
        """The scrolling page the sections are in (None before it is made)."""
        page: pygame_gui.elements.UIScrollingContainer | None = self.made.get("page")
        return page

    @property
    def sections(self) -> list[PlainTextBox]:
        """The page's text boxes, a section each (the title and lead first), as made so
        far."""
        return [element for name, element in self.made.items() if name.startswith("section:")]

    def build(self, variant: str | None = None, return_to: ScreenName = "menu",
              **params: Any) -> Shown:
        """The buttons, the cards, then the page a section per step."""
        if variant in VARIANT_IDS:
            self.variant = variant
        self.params["variant"] = self.variant
        self.back_to = return_to
        w, h = self.app.size
        px = self.px
        margin = max(px(60), (w - px(1180)) // 2)
        side = px(250)
        top = px(112)
        shown = Shown(focused=f"variant:{self.variant}")
        for i, v in enumerate(VARIANT_IDS):
            shown.add(Button(f"variant:{v}", pygame.Rect(margin, top + i * px(58), side, px(48)),
                             variant_key(v), selected=v == self.variant, name=f"variant:{v}"))
        shown.add(Button("back", pygame.Rect(margin, h - px(92), side, px(50)),
                         "ui.common_back"),
                  Prepare(self._preload_fonts))
        cards = self._cards()
        if cards is not None:
            shown.add(Faces(*cards))
        text_rect = pygame.Rect(margin + side + px(30), top, w - 2 * margin - side - px(30),
                                h - top - px(42))
        # One text box per section, in a scrolling page, one section a step: pygame-gui lays
        # out and renders a text box whole, and the page as one box was a hitch
        # (docs/performance.md); a section fits in a frame.
        # (Inside the box's border: the scroll bar would cover it.)
        self.page_rect = text_rect
        inset = 2 * (SHADOW + BORDER)
        shown.add(BoxLooks(text_rect, "#rules_text"),
                  ScrollPage(text_rect.inflate(-inset, -inset), object_id="#rules_page",
                             name="page"))
        parts = sections(rules_page(self.variant, current_language()))
        for i, part in enumerate(parts):
            shown.add(TextBox(part, partial(self._section_place, i), object_id="#rules_section",
                              container="page", name=f"section:{i}"))
        shown.add(Then(partial(self._fit_page, len(parts))))
        return shown

    @staticmethod
    def _section_width(made: Made) -> int:
        """A section is as wide as the page less its scroll bar."""
        return int(made["page"].rect.w) - SCROLL_BAR_W

    def _section_place(self, i: int, made: Made) -> pygame.Rect:
        """Section ``i`` goes right under the one before it, as tall as its text."""
        top = PAGE_PAD_Y if i == 0 else int(made[f"section:{i - 1}"].relative_rect.bottom)
        return pygame.Rect(0, top, self._section_width(made), -1)

    def _fit_page(self, count: int, made: Made) -> None:
        """The page scrolls down to its last section's bottom and a margin."""
        bottom = int(made[f"section:{count - 1}"].relative_rect.bottom) if count else PAGE_PAD_Y
        made["page"].set_scrollable_area_dimensions((self._section_width(made),
                                                     bottom + PAGE_PAD_Y))

    def _preload_fonts(self) -> None:
        """The page headings use bold NotoSans in two sizes: load them before the text box
        asks (once: pygame-gui warns on stderr about a font loaded again, slowly)."""
        fonts: list[dict[str, str | int | float]] = [
            {"name": "noto_sans", "point_size": size, "style": "bold"} for size in (24, 32)]
        fonts.append({"name": "noto_sans", "point_size": 17, "style": "italic"})
        wanted = [f for f in fonts if not font_loaded(
            self.manager, int(f["point_size"]), "noto_sans", f["style"] == "bold",
            f["style"] == "italic")]
        if wanted:
            self.manager.preload_fonts(wanted)

    def draw_content(self, surface: pygame.Surface) -> None:
        """The page's box, and the game's signature cards under its buttons: a marriage, a
        trump nine, a seven."""
        from game.ui.widgets.cards import card_size, draw_row

        if self.page is not None and self.page.alive():
            draw_box(surface, self.page_rect, "#rules_text")
        shown = self._cards()
        if shown is None:
            return
        cards, height, artwork = shown
        px = self.px
        top = px(112) + 4 * px(58) + px(24)
        margin = max(px(60), (self.app.size[0] - px(1180)) // 2)
        w = card_size(height)[0]
        step = (px(250) - w) // 2
        draw_row(surface, cards, artwork, height, (margin, top), step)

    def _cards(self) -> tuple[list[str], int, str] | None:
        """The game's signature cards, their height and artwork (None: no room)."""
        cards = {"marriage": ["KH", "QH", "7H"], "sixty-six": ["KH", "QH", "9H"],
                 "sixty-six-3": ["AS", "KS", "QS"], "marias": ["QH", "KH", "7H"]}[self.variant]
        px = self.px
        top = px(112) + 4 * px(58) + px(24)
        height = min(px(150), self.app.size[1] - px(110) - top)
        if height < px(70):
            return None
        return cards, height, self.settings.deck_for(self.variant)

    def select(self, variant: str) -> None:
        if variant != self.variant:
            self.variant = self.params["variant"] = variant
            self.rebuild()

    def on_button(self, key: str) -> None:
        if key.startswith("variant:"):
            self.select(key.split(":", 1)[1])
        else:
            super().on_button(key)

    def go_back(self) -> None:
        target: ScreenName = self.back_to or "menu"
        if target not in self.app.scene_factories:
            target = "menu"
        self.app.show(target)  # the table resumes as it was (no params: no new match)

    def on_event(self, event: pygame.event.Event) -> None:
        """Page Up/Down, Home/End scroll the text (arrows move between the buttons)."""
        if event.type != pygame.KEYDOWN:
            return
        bar = getattr(self.page, "vert_scroll_bar", None) if self.page is not None else None
        if bar is None:
            return
        page = bar.visible_percentage
        moves = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_HOME: -1.0,
                 pygame.K_END: 1.0}
        if event.key in moves:
            start = max(0.0, min(1.0 - page, bar.start_percentage + moves[event.key]))
            bar.set_scroll_from_start_percentage(start)
