"""Open the window on the main menu and run it: the settings, the services, every scene.

This is the one place that knows the whole program (:mod:`.cli` calls it; the frame
benchmark opens the program through :func:`open_app` too): :class:`~.app.App` owns the
window and the frame loop, :func:`~.screens.register_all` names every screen,
:class:`~.storage.Storage` keeps what outlives a run, :mod:`.preload` prepares the
later scenes behind the menu.
"""

from __future__ import annotations

import logging
import logging.handlers
from collections.abc import Callable
from typing import Any

import pygame

from game.paths import user_log_dir
from game.ui import routes

from . import preload
from .app import BUILD_SLICE_S, App, install_services
from .i18n import system_language
from .screens import register_all
from .storage import Storage
from .widgets.scaling import apply_ui_scale
from .workers import window_first


def open_app(size: tuple[int, int] | None = None, fullscreen: bool = False,
             lang: str | None = None) -> App:
    """The window on the main menu, as a player starts it (settings, services, scenes).

    Settings are loaded before the window opens (its size, full screen, language and
    interface scale come from them).  The window is clamped to the desktop.  A size
    given on the command line is for this run only; the size is remembered on the way
    out only when the player changed it (by dragging the window or in Settings).  The
    benchmark opens the program the same way.
    """
    window_first()
    storage = Storage(background=True)
    first_start = not storage.settings_path.exists()
    settings = storage.load_settings()
    if first_start:
        settings.language = system_language()
    saved_w, saved_h = settings.window_size
    app = App(size=size or (int(saved_w), int(saved_h)),
              fullscreen=fullscreen or settings.fullscreen, lang=lang or settings.language,
              clamp_to_desktop=True)
    install_services(app, storage, settings)
    if settings.ui_scale != 1.0 and apply_ui_scale(app, settings.ui_scale):
        app.services.font_scale = settings.ui_scale
    register_all(app)
    app.go(routes.Menu())  # built whole: the first frame shows it
    app.build_slice_s = BUILD_SLICE_S  # from now on a screen is built a slice per frame
    # Sounds, the other scenes and the first table are prepared once the menu is on
    # screen: the first frame comes first (game.ui.preload).
    app.idle_tasks.append(_later(lambda: preload.start(app)))
    return app


def _later(fn: Callable[[], Any]) -> Callable[[], bool]:
    """An idle task that calls ``fn`` once."""
    def task() -> bool:
        fn()
        return False
    return task


#: The log file's name in the user's log folder, and how large it grows (one older copy kept).
LOG_FILE = "marriage-table.log"
LOG_MAX_BYTES = 512 * 1024


def keep_a_log() -> logging.Handler | None:
    """Warnings and errors of the window also go to the user's log folder (a windowed
    program has no console); None when that folder cannot be written (the console
    still gets them)."""
    try:
        folder = user_log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            folder / LOG_FILE, maxBytes=LOG_MAX_BYTES, backupCount=1, encoding="utf-8")
    except OSError as exc:
        logging.getLogger(__name__).warning("no log file: %s", exc)
        return None
    handler.setLevel(logging.WARNING)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(handler)
    return handler


def run_app(size: tuple[int, int] | None = None, fullscreen: bool = False,
            lang: str | None = None) -> int:
    """Open the window on the main menu and run until the player quits.

    The window size is remembered on the way out.
    """
    log_file = keep_a_log()
    app = open_app(size, fullscreen, lang)
    storage, settings = app.services.storage, app.services.settings
    assert storage is not None and settings is not None  # (open_app installs them)
    try:
        return app.run()
    finally:
        net = app.services.take_net()
        if net is not None:  # a network table: say goodbye (the host's table closes, saved)
            net.close()
        settings.fullscreen = app.fullscreen  # F11 is remembered too
        if app.user_sized:
            settings.window_size = (int(app.windowed_size[0]), int(app.windowed_size[1]))
        storage.save_settings(settings)
        storage.flush()
        pygame.quit()
        if log_file is not None:
            logging.getLogger().removeHandler(log_file)
            log_file.close()
