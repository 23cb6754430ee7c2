"""The application: window, pygame-gui manager, scene manager and the frame loop."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import pygame
import pygame_gui

from .i18n import translation_dir
from .theme import load_theme

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)
TITLE = "Marriage Table — Sixty-six & Mariáš"
#: Room kept free on the desktop for a title bar and a task bar.
DESKTOP_MARGIN = (0, 48)


def desktop_size() -> tuple[int, int] | None:
    """The size of the (first) desktop, or None where SDL cannot tell (pygame initialised)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or sizes[0][0] <= 0 or sizes[0][1] <= 0:
        return None
    return int(sizes[0][0]), int(sizes[0][1])


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` clamped to the desktop (less :data:`DESKTOP_MARGIN`), never below
    :data:`MIN_SIZE` unless the desktop itself is smaller.  A window larger than the
    screen hides its title and buttons; a huge one costs gigabytes of memory."""
    w, h = int(size[0]), int(size[1])
    if desktop is not None:
        room_w = max(320, desktop[0] - DESKTOP_MARGIN[0])
        room_h = max(240, desktop[1] - DESKTOP_MARGIN[1])
        w = min(w, room_w)
        h = min(h, room_h)
        w = max(w, min(MIN_SIZE[0], room_w))
        h = max(h, min(MIN_SIZE[1], room_h))
    return w, h


class Screen(Protocol):
    """What the app asks of a scene (:class:`game.ui.scene.Scene`, the base every scene
    extends, builds on the app: the app knows its scenes only by this)."""

    @property
    def name(self) -> str: ...

    def enter(self, **params: Any) -> None: ...

    def leave(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...


class App:
    """Owns the window and the shared services; scenes do the rest."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool = False,
        lang: str = "en",
        clamp_to_desktop: bool = False,
    ):
        pygame.init()
        #: Where the window may grow to (None: unknown, e.g. headless): sizes are clamped to it.
        self.desktop = desktop_size() if clamp_to_desktop else None
        self.windowed_size = fit_window(size or DEFAULT_SIZE, self.desktop)
        #: True once the player changed the window size (drag, Settings): then it is remembered.
        self.user_sized = False
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        self.manager = pygame_gui.UIManager(
            self.screen.get_size(),
            theme_path=load_theme(),
            starting_language=lang,
            translation_directory_paths=[translation_dir()],
        )
        self.clock = pygame.time.Clock()
        self.scene_factories: dict[str, Callable[[App], Screen]] = {}
        self.scenes: dict[str, Screen] = {}
        self.scene: Screen | None = None
        self.running = True
        self.frame_times: list[float] = []
        self.services: dict[str, Any] = {}
        if fullscreen:
            self.toggle_fullscreen()

    # --- scenes -----------------------------------------------------------------------
    def register(self, name: str, factory: Callable[[App], Screen]) -> None:
        self.scene_factories[name] = factory

    def switch(self, name: str, **params: Any) -> Screen:
        """Leave the current scene and enter ``name`` (scenes are kept for re-entry)."""
        if self.scene is not None:
            self.scene.leave()
        scene = self.scenes.get(name)
        if scene is None:
            scene = self.scenes[name] = self.scene_factories[name](self)
        self.scene = scene
        scene.params = params  # type: ignore[attr-defined]
        scene.enter(**params)
        return scene

    # --- window -----------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_window_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """Resize the window (clamped to the desktop); returns the size it got."""
        self.windowed_size = fit_window(size, self.desktop)
        self.user_sized = True
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._resized()
        return self.windowed_size

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        self.manager.set_window_resolution(self.size)
        if self.scene is not None:
            self.scene.resize(self.size)

    # --- the loop -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1])
            if (w, h) != tuple(self.windowed_size):
                self.user_sized = True
            self.windowed_size = (w, h)
            if (w, h) != (event.w, event.h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.manager.process_events(event)
        if not consumed and self.scene is not None:
            self.scene.handle_event(event)

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip.  Records the frame's work time."""
        start = time.perf_counter()
        for event in pygame.event.get():
            self.handle(event)
        self.manager.update(dt)
        if self.scene is not None:
            self.scene.update(dt)
            self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        overlay = getattr(self.scene, "draw_overlay", None)
        if overlay is not None:
            overlay(self.screen)  # e.g. the keyboard focus frame, above the widgets
        pygame.display.flip()
        self.frame_times.append((time.perf_counter() - start) * 1000.0)

    def run(self, max_frames: int | None = None, fps: int = 60) -> int:
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            dt = self.clock.tick(fps) / 1000.0
            self.step(min(dt, 0.1))
            frames += 1
        return 0

    def quit(self) -> None:
        self.running = False


def install_services(app: App, storage: Any = None, settings: Any = None) -> dict[str, Any]:
    """Register ``storage``, ``settings`` and ``sound`` in ``app.services`` (idempotent).

    Scenes reach files, preferences and sound only through these services, so tests
    can point storage at a temporary folder and run without an audio device.
    """
    from . import i18n
    from .sound import Sounds
    from .storage import Storage

    storage = storage or app.services.get("storage") or Storage(background=True)
    if settings is None:
        settings = app.services.get("settings") or storage.load_settings()
    app.services["storage"] = storage
    app.services["settings"] = settings
    if "sound" not in app.services:
        app.services["sound"] = Sounds(settings)
    else:
        app.services["sound"].settings = settings
    i18n.set_language(app.manager.get_locale())
    return app.services
