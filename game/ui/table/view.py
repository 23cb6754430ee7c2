"""The table's view: it draws the model and the parts, and says what changed since the last frame.

Two display lists (see :class:`game.ui.redraw.DisplayList`): the cached background layer
(felt, plates, boxes, cards at rest) is compared when it is made again, the live part
(moving cards, the hand, bubbles, panels) every frame.  Each part draws itself
(the stage its cards, the panels their plates and boxes, the counting aid, the trainer,
the practice layer, the question); the view keeps the order they are drawn in and the
cache, and reads the table only through :class:`ViewHost`.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

import pygame

from game.ui.practice.layer import PracticeLayer
from game.ui.practice.panels import ConfirmDialog

from ..redraw import DisplayList
from . import text as words
from .animation import Animator
from .art import CardArt
from .counting import CountingPanel
from .director import Director
from .felt import make_felt
from .host import TableBasics
from .hud import Bubble, Fonts, draw_bubble, draw_tooltip
from .input import TableInput
from .panels import Panels
from .stage import Stage
from .trainer import TrainerPanel

#: What a frame drew over the layer: ``(key, area, look)`` (see TableScene.draw_overlays).
Drawn = tuple[Hashable, pygame.Rect | None, Any]


class ViewHost(TableBasics, Protocol):
    """The table as its view draws it: the parts that draw themselves, in order."""

    stage: Stage | None
    director: Director | None
    art: CardArt | None
    anim: Animator
    fonts: Fonts
    bubbles: list[Bubble]
    input: TableInput
    layer: PracticeLayer | None
    confirm: ConfirmDialog

    @property
    def panels(self) -> Panels: ...

    @property
    def counting(self) -> CountingPanel: ...

    @property
    def trainer(self) -> TrainerPanel: ...

    def prompt(self) -> str | None: ...

    def draw_overlays(self, surface: pygame.Surface) -> list[Drawn]: ...


class TableView:
    def __init__(self, host: ViewHost):
        self.host = host
        #: The felt of the window's size (shared by size: game.ui.table.felt).
        self.felt: pygame.Surface | None = None
        #: The cached background layer (felt, panels, cards at rest) and what it shows.
        self._base: pygame.Surface | None = None
        self._base_sig: tuple[Any, ...] | None = None
        self._base_items: dict[str, tuple[object, ...]] = {}
        #: What the last frame drew (redraw protocol): the layer's items and the live ones.
        self._base_list = DisplayList()
        self.live = DisplayList()
        #: The surface the last live items were drawn on (a new window: draw it all).
        self._live_on: pygame.Surface | None = None

    def fit(self, size: tuple[int, int]) -> None:
        """The felt for a window of ``size``."""
        if self.felt is None or self.felt.get_size() != size:
            self.felt = make_felt(size)

    def stale(self) -> None:
        """Make the background layer again next frame (what the plates show changed)."""
        self._base_sig = None

    def forget(self) -> None:
        """Let go of the window-sized pictures (the table is left; the next frame here
        composes them again).  The display lists name the pictures they drew: they would
        keep them alive."""
        self._base = None
        self._base_sig = None
        self._base_items = {}
        self._base_list = DisplayList()
        self.live = DisplayList()
        self._live_on = None
        # The felt stays cached by size (game.ui.table.felt) while that size is in use; a
        # view holding its own reference kept a window-sized copy alive after the cache
        # had moved on.
        self.felt = None

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Compose the table; returns the areas that changed since the last frame."""
        host = self.host
        self.fit(surface.get_size())
        assert self.felt is not None
        if host.flow is None or host.stage is None:
            surface.blit(self.felt, (0, 0))
            self.live = DisplayList()
            self._base_list = DisplayList()
            return None
        static, active = host.stage.split()
        art = host.art
        hud = (surface.get_size(), id(host.director.displayed) if host.director else 0,
               host.flow.state, tuple(host.flow.match.totals), len(host.flow.match.deals),
               host.settings.count_in_memory, host.settings.player_name,
               art.artwork if art else "", art.back_id if art else "",
               words.t("table_trump"))  # the language
        damage, pending = self._draw_layer(surface.get_size(), static, hud)
        layer = self._base
        assert layer is not None
        if damage or not host.app.kept_picture or self._live_on is not surface:
            surface.blit(layer, (0, 0))
        else:
            # The window still shows the last frame: put the layer back only where the
            # last frame drew over it (its live items and the widgets, which are drawn
            # again on top), not the whole window (a full-window copy every frame).
            for under in self.live.rects() + host.app.widget_rects():
                surface.blit(layer, under, under)
        self._live_on = surface
        live = self._draw_live(surface, active + pending, hud)
        damage += live.damage(self.live)
        self.live = live
        return damage

    def _draw_layer(self, size: tuple[int, int], static: list[Any],
                    hud: tuple[Any, ...]) -> tuple[list[pygame.Rect], list[Any]]:
        """The cached background layer (felt, plates, boxes, cards at rest), made again only
        when it changed; returns what changed and the resting cards not in it yet.

        A card that comes to rest while others still move is drawn live until everything
        settles (one rebuild, not one a frame); a card of the layer that moves or goes
        away forces a rebuild at once."""
        host = self.host
        stage = host.stage
        assert stage is not None and self.felt is not None
        if self._base is None or self._base.get_size() != size:
            self._base = pygame.Surface(size).convert() \
                if pygame.display.get_surface() else pygame.Surface(size)
            self._base_sig = None
        looks = {s.key: stage.look(s) for s in static}
        stale = hud != self._base_sig or any(
            looks.get(k) != v for k, v in self._base_items.items())
        pending = [s for s in static if self._base_items.get(s.key) != looks[s.key]]
        damage: list[pygame.Rect] = []
        layer = self._base
        moving = host.anim.moving()
        if stale or (pending and not moving):
            base = DisplayList()
            base.add("felt", layer.blit(self.felt, (0, 0)), self.felt)
            for i, r in enumerate(host.panels.draw_plates(layer)):
                base.add(("plate", i), r, hud)
            base.add("info", host.panels.draw_info(layer), hud)
            base.add("scores", host.panels.draw_scores(layer), hud)
            settled = static if not moving else [s for s in static if s not in pending]
            stage.draw(layer, settled, display=base)
            self._base_items = {s.key: looks[s.key] for s in settled}
            self._base_sig = hud
            pending = [s for s in static if s.key not in self._base_items]
            damage = base.damage(self._base_list)
            self._base_list = base
        return damage, pending

    def _draw_live(self, surface: pygame.Surface, active: list[Any],
                   hud: tuple[Any, ...]) -> DisplayList:
        """What is drawn over the layer every drawn frame, bottom to top: the thinking dots,
        the moving cards and the hand, the cursor and key badges, bubbles, the prompt and
        the hint, the counting aid and trainer, the last trick, the result, a tooltip, the
        overlays, the practice layer and the table's own question."""
        host = self.host
        assert host.stage is not None and host.flow is not None
        panels, L, model = host.panels, host.layout, host.model
        live = DisplayList()
        dots = panels.draw_thinking(surface)
        if dots is not None:
            live.add("dots", *dots)
        live.add("effect", panels.draw_effect(surface), host.anim.clock)
        host.stage.draw(surface, active, display=live)
        live.add("cursor", panels.draw_cursor(surface))
        legend = tuple(panels.key_legend())
        for i, r in enumerate(panels.draw_keys(surface)):
            live.add(("keys", i), r, legend)
        for b in host.bubbles:
            icon = host.art.suit_chip(b.suit, round(L.font * (1.7 if b.big else 1.1))) \
                if b.suit and host.art else None
            live.add(("bubble", id(b)), draw_bubble(surface, host.fonts, b, L.font, icon),
                     (b.picture[1] if b.picture else None, b.alpha))
        asked = host.prompt()
        prompt = panels.draw_prompt(surface)
        live.add("prompt", prompt, asked)
        hint = model.hint_text, model.hint_action
        live.add("hint", panels.draw_hint(surface), (*hint, asked))
        for name, drawn in (("counting", host.counting.draw(surface)),
                            ("trainer", host.trainer.draw(surface))):
            if drawn is not None:
                live.add(name, *drawn)
        if model.last_trick_view:
            obs = host.flow.observation()
            live.add("last_trick", panels.draw_last_trick(surface),
                     (obs.last_trick if obs is not None else None, hud))
        if model.result is not None:
            live.add("result", panels.draw_result(surface), (id(model.result), hud))
        if host.input.tooltip:
            text, pos = host.input.tooltip
            if prompt is not None and pos[1] > prompt.top:
                pos = (pos[0], prompt.top)  # above the prompt, which it must not hide
            live.add("tooltip", draw_tooltip(surface, host.fonts, text, pos,
                                             round(L.font * 0.85)), (text, pos))
        for key, rect, look in host.draw_overlays(surface):
            live.add(key, rect, look)
        if host.layer is not None:
            for key, rect, look in host.layer.draw(surface) or ():
                live.add(key, rect, look)
        if host.confirm.active:
            host.confirm.draw(surface)
            c = host.confirm  # a veil over the whole window and the question
            live.add("confirm", surface.get_rect(), (c.title, tuple(c.lines), tuple(c.rect)))
        return live
