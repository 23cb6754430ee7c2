"""Work done behind the menu, so that no later frame waits for it.

Started once the menu's first frame is on screen (the window comes first): a
worker thread imports the scenes registered lazily (the table pulls in the
bots), synthesises the sound effects, prepares the first table for the
window's size — its felt and the deck of the last game played, at the heights
the table will ask for — and starts the bot process; then the loop's idle
moments open the table's fonts.  Each step is what the first frame of that scene would
otherwise have done (measured: ~0.3 s of CPU for the deck alone), and each is
also done on demand when the player is quicker than the worker.
"""

from __future__ import annotations

import importlib
import logging
import threading
from typing import Any

log = logging.getLogger(__name__)

THREAD_NAME = "preload"


def start(app: Any) -> threading.Thread:
    """Start the worker (a daemon: closing the window never waits for it)."""
    size = app.size
    settings = app.services.get("settings")
    modules = [getattr(f, "module", None) for f in app.scene_factories.values()]
    sound = app.services.get("sound")

    def work() -> None:
        for module in modules:
            if module:
                try:
                    importlib.import_module(module)
                except Exception:  # noqa: BLE001 - the scene reports it when opened
                    log.warning("preloading %s failed", module, exc_info=True)
        if sound is not None and hasattr(sound, "preload"):
            try:
                sound.preload()
            except Exception:  # noqa: BLE001 - sounds are made on first use instead
                log.warning("preloading the sounds failed", exc_info=True)
        try:
            prepare_table(size, settings)
        except Exception:  # noqa: BLE001 - the table renders on demand instead
            log.warning("preparing the table failed", exc_info=True)
        try:
            from .players import BotServer

            BotServer.prestart()
        except Exception:  # noqa: BLE001 - the table starts its own
            log.warning("starting the bot process failed", exc_info=True)
        # Fonts are opened on the main thread (FreeType is not thread-safe), one per
        # idle moment of the loop.
        for size_bold in table_font_sizes(size, settings):
            app.idle_tasks.append(lambda sb=size_bold: _warm_font(app, *sb))
        app.wake()

    thread = threading.Thread(target=work, daemon=True, name=THREAD_NAME)
    thread.start()
    return thread


def table_font_sizes(size: tuple[int, int], settings: Any) -> list[tuple[int, bool]]:
    from .table.hud import Fonts
    from .table.layout import compute_layout

    variant = getattr(settings, "last_variant", None) or "marriage"
    players = 3 if variant in ("sixty-six-3", "marias") else 2
    return Fonts.table_sizes(compute_layout(size, players, 0).font)


def _warm_font(app: Any, size: int, bold: bool) -> bool:
    from .table.hud import Fonts

    app.services.setdefault("table_fonts", Fonts()).warm(size, bold)
    return False


def busy() -> bool:
    """Whether the worker still runs (the benchmark measures idle CPU after it)."""
    return any(t.name in (THREAD_NAME, "bots-prestart") and t.is_alive()
               for t in threading.enumerate())


def prepare_table(size: tuple[int, int], settings: Any) -> None:
    """The felt and the deck of the next table at this window size, rendered ahead."""
    from .table.art import CardArt, make_renderer
    from .table.felt import make_felt
    from .table.layout import compute_layout
    from .table.scene import deck_cards

    make_felt(size)
    variant = getattr(settings, "last_variant", None) or "marriage"
    players = 3 if variant in ("sixty-six-3", "marias") else 2
    layout = compute_layout(size, players, 0)
    deck = settings.deck_for(variant) if settings is not None else "french-classic"
    back = getattr(settings, "card_back", "classic-red")
    art = CardArt(make_renderer(), deck, back, size)
    art.warm(deck_cards(variant), [layout.hand_h, layout.table_h], background=False)
