"""What every non-table screen shares: felt, title, element bookkeeping, keyboard focus.

A screen says what it shows in :meth:`MenuScene.build` (a :class:`~game.ui.shown.Shown`:
its widgets, the work done ahead and the focus order) and the builder
(:mod:`game.ui.builder`) makes it, a slice per frame when the program runs.  Every
element is made through the helpers here (:meth:`button`, :meth:`label`, ...), which
remember it so :meth:`leave` can kill them all: the pygame-gui manager is shared with
the table, and a forgotten element would float over the next scene.  Button presses
arrive as :meth:`on_button` with the key the button was created with, whether they came
from the mouse or from the keyboard focus ring.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pygame
import pygame_gui

from game.ui.builder import Build, screen_steps
from game.ui.routes import ScreenName
from game.ui.scene import Scene
from game.ui.services import Services
from game.ui.settings import Settings
from game.ui.shown import Shown
from game.ui.storage import Storage
from game.ui.widgets.boxes import draw_box
from game.ui.widgets.choice import Choice, Toggle
from game.ui.widgets.felt import felt, ornament, title_surface
from game.ui.widgets.focus import FocusRing

if TYPE_CHECKING:
    from game.ui.app import App

#: The layout is designed for this size and scaled to the window (times the UI scale).
DESIGN = (1280, 720)


#: Any element a screen adds (returned as the type it was given).
E = TypeVar("E")


def services(app: App) -> Services:
    """The app's services, installed on first use (tests and the selftest skip run_app).

    Installed this lazy way, without ``MARRIAGE_TABLE_HOME``, storage goes to a fresh
    temporary folder: a demo or selftest must never overwrite the player's saved
    match or statistics (``run_app`` installs the real storage explicitly).
    """
    if app.services.storage is None or app.services.settings is None:
        import os
        import tempfile

        from game.ui.app import install_services

        storage = app.services.storage
        if storage is None and not os.environ.get("MARRIAGE_TABLE_HOME"):
            root = tempfile.mkdtemp(prefix="marriage-table-")
            storage = Storage(Path(root, "config"), Path(root, "data"), background=True)
        install_services(app, storage)
    installed: Services = app.services
    return installed


class MenuScene(Scene):
    """Base class of the menu-like screens (not the table).

    Redraws (see :class:`game.ui.scene.Scene`): a menu screen's picture changes only
    through input (every input event redraws it), :meth:`rebuild` and :meth:`enter`;
    a screen that changes by itself (a timer, a thread's result) calls
    :meth:`invalidate` and, from a thread, :meth:`wake`.
    """

    name = "menu-base"
    #: Translation key of the big title drawn on the felt; None for no title.
    title_key: str | None = None
    #: Where Escape and the Back button go.
    back_to: ScreenName | None = "menu"

    def __init__(self, app: App):
        super().__init__(app)
        self.elements: list[Any] = []
        self.widgets: list[Choice | Toggle] = []
        #: Widgets whose rounded box this screen draws under them (see widgets.boxes).
        self.boxes: list[tuple[Any, str]] = []
        self.button_keys: dict[Any, str] = {}
        self.focus = FocusRing()
        self.params: dict[str, Any] = {}
        #: The elements the screen's declaration named, as they are made.
        self.made: dict[str, Any] = {}

    # --- services ---------------------------------------------------------------------
    @property
    def storage(self) -> Storage:
        storage = services(self.app).storage
        assert storage is not None  # (services() installs it)
        return storage

    @property
    def settings(self) -> Settings:
        settings = services(self.app).settings
        assert settings is not None  # (services() installs them)
        return settings

    def play(self, sound: str) -> None:
        snd = services(self.app).sound
        if snd is not None:
            snd.play(sound)

    # --- layout -----------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """Layout scale: grows gently with the window and with the UI scale setting,
        but never beyond what fits the window (the fonts still grow with the setting)."""
        w, h = self.app.size
        fit = min(w / DESIGN[0], h / DESIGN[1])
        wanted = max(0.6, min(2.0, fit * 0.5 + 0.5)) * float(getattr(self.settings, "ui_scale", 1))
        return max(0.6, min(wanted, fit))

    def px(self, value: float) -> int:
        return int(round(value * self.scale))

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    # --- lifecycle --------------------------------------------------------------------
    def enter(self, **params: Any) -> None:
        self.params = params
        self.focus = FocusRing()
        self.fit_fonts()
        self.made = {}
        # The felt first, a step of its own: the table lets go of it (slow to make again
        # at 1920x1080: game.ui.widgets.shared); when it is cached the step costs nothing
        # and the next one runs in the same frame.
        size = self.app.size
        build = Build(screen_steps(self, self.build(**params), self.made,
                                   ahead=(lambda: felt(size),)))
        build.after(self.invalidate)  # the screen whole, drawn anew
        self.start_build(build)
        self.invalidate()  # a new picture (also when rebuilt in place)

    def remake(self, shown: Shown) -> None:
        """Show ``shown`` in place of what the screen shows now, without opening it again
        (a lesson's next step): made by the builder like any build."""
        self.leave()
        self.focus.items = []
        build = Build(screen_steps(self, shown, self.made))
        build.after(self.invalidate)
        self.start_build(build)

    def fit_fonts(self) -> None:
        """Fonts follow the UI scale and the window: they shrink with a window smaller
        than the design and grow with the layout in a larger one (4K stays readable).

        The theme is reloaded only when the wanted size changes (rare: a resize or the
        setting), so entering a screen costs nothing extra.
        """
        from game.ui.widgets.scaling import ensure_font_scale

        w, h = self.app.size
        fit = min(1.0, w / DESIGN[0], h / DESIGN[1])
        ui_scale = float(getattr(self.settings, "ui_scale", 1.0))
        ensure_font_scale(self.app, max(self.scale, ui_scale * fit))

    def build(self, **params: Any) -> Shown:
        """What the screen shows (subclasses); the builder makes it."""
        return Shown()

    def leave(self) -> None:
        self.cancel_build()  # a build in progress is abandoned with its widgets
        for widget in self.widgets:
            widget.kill()
        for element in self.elements:
            element.kill()
        self.widgets, self.elements, self.button_keys = [], [], {}
        self.boxes = []
        self.made = {}
        self.focus.items = []  # (its place is kept: a rebuild restores it)

    def rebuild(self, between: Any = None) -> None:
        """Rebuild the widgets in place (language, scale or data changed).

        ``between`` runs after the old widgets are gone and before the new ones are
        made: switching the language there spares pygame-gui re-rendering every old
        widget in the new language just before it is thrown away (half the cost).
        A player using the keyboard keeps their place — on the same element when the
        new screen has it (Start stays focused when another game is chosen, though the
        rows above it changed), else at the same place in the ring; for one who has not
        used it, the focus starts where the screen says, as on opening it.  Typing goes
        on in the line it was in.
        """
        current = self.focus.index
        visible = self.focus.visible
        focused = next((name for name, element in self.made.items()
                        if element is self.focus.current), None)
        typing = next((name for name, element in self.made.items()
                       if isinstance(element, pygame_gui.elements.UITextEntryLine)
                       and element.is_focused), None)
        self.leave()
        if between is not None:
            between()
        self.enter(**self.params)

        def keep_focus() -> None:
            if visible and current is not None and self.focus.items:
                self.focus.index = min(current, len(self.focus.items) - 1)
                if focused is not None and focused in self.made:
                    self.focus.focus(self.made[focused])
                self.focus.visible = True
            entry = self.made.get(typing) if typing is not None else None
            if isinstance(entry, pygame_gui.elements.UITextEntryLine):
                self.focus.focus(entry)
                entry.focus()
                entry.edit_position = len(entry.get_text())
        self.after_build(keep_focus)

    # --- element helpers ---------------------------------------------------------------
    def add(self, element: E) -> E:
        self.elements.append(element)
        return element

    def boxed(self, element: E, style: str) -> E:
        """Add ``element`` (a text box themed transparent) over a rounded box of ``style``
        drawn by the screen: pygame-gui's own rounded shapes of that size cost hundreds of
        megabytes for an instant (game.ui.widgets.boxes)."""
        self.boxes.append((element, style))
        return self.add(element)

    def button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None,
               container: Any = None, tooltip: str | None = None, enabled: bool = True,
               **text_kwargs: str) -> pygame_gui.elements.UIButton:
        b = pygame_gui.elements.UIButton(
            rect, text, self.manager, container=container, object_id=object_id,
            tool_tip_text=tooltip, text_kwargs=text_kwargs or None)
        if not enabled:
            b.disable()
        self.button_keys[b] = key
        return self.add(b)

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None,
              container: Any = None, **text_kwargs: str) -> pygame_gui.elements.UILabel:
        """A text label; grown in height (about its centre) when its font needs more.

        The layout scale stops where the window is full, but the interface-scale setting
        still grows the fonts (``fit_fonts``): at a large interface scale a section title
        needed more height than its row and lost its descenders.
        """
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Label Rect is too small", UserWarning)
            element = pygame_gui.elements.UILabel(
                rect, text, self.manager, container=container, object_id=object_id,
                text_kwargs=text_kwargs or None)
        font = getattr(element, "font", None)
        if font is not None:
            need = font.get_rect("ÁÉgjy").height + 2
            r = element.relative_rect
            if need > r.height:
                element.set_relative_position((r.x, r.y - (need - r.height) // 2))
                element.set_dimensions((r.width, need))
        return self.add(element)

    def choice(self, rect: pygame.Rect, options: list[tuple[str, Any]], value: Any,
               on_change: Any, container: Any = None) -> Choice:
        c = Choice(self.manager, rect, options, value, on_change, container=container)
        self.widgets.append(c)
        return c

    def toggle(self, rect: pygame.Rect, value: bool, on_change: Any,
               container: Any = None) -> Toggle:
        t = Toggle(self.manager, rect, value, on_change, container=container)
        self.widgets.append(t)
        return t

    # --- events -----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for widget in list(self.widgets):
            if widget.handle(event):
                self.play("click")
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = self.button_keys.get(event.ui_element)
            if key is not None:
                self.play("click")
                self.on_button(key)
            return
        if event.type == pygame.KEYDOWN:
            if self.focus.handle_key(event):
                return
            if event.key == pygame.K_ESCAPE and self.back_to:
                self.go_back()
                return
        self.on_event(event)

    def on_button(self, key: str) -> None:
        """A button created with ``key`` was pressed (mouse or keyboard)."""
        if key == "back":
            self.go_back()

    def on_event(self, event: pygame.event.Event) -> None:
        """Any other event (subclasses)."""

    def go_back(self) -> None:
        if self.back_to:
            self.app.show(self.back_to)

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        if self.title_key:
            self.draw_title(surface, self.title_key, self.px(58), self.px(40))
        for element, style in self.boxes:
            if element.alive() and element.visible:
                draw_box(surface, pygame.Rect(element.rect), style)
        self.draw_content(surface)

    def draw_title(self, surface: pygame.Surface, key: str, centre_y: int, size: int) -> int:
        """The screen's title in gold serif; returns the y below its ornament."""
        from game.ui.i18n import tr

        img = title_surface(tr(key), size)
        rect = img.get_rect(center=(surface.get_width() // 2, centre_y))
        surface.blit(img, rect)
        ornament(surface, (rect.centerx, rect.bottom + self.px(8)), max(rect.width, self.px(260)))
        return rect.bottom + self.px(18)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Custom drawing above the felt and below the widgets (charts, cards)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface)


def seat_names(setup: Any, settings: Settings, players: int) -> list[str]:
    """Names to show per seat, as at the table: the player's own name, then "North ·
    hard", "West · normal" … (game.ui.player_names; the part before " · " is the name)."""
    from game.ui.player_names import player_names

    seats = (list(getattr(setup, "seats", None) or ["human"]) + ["normal"] * players)[:players]
    return player_names(seats, settings.player_name, with_level=True)


def human_seat(setup: Any) -> int:
    seats = list(getattr(setup, "seats", None) or [])
    return seats.index("human") if "human" in seats else 0
