"""Work done behind the menu, so that no later frame waits for it.

Started once the menu's first frame is on screen (the window comes first): a
worker thread imports the scenes deferred by :mod:`game.ui.screens` (the table pulls in the
bots), synthesises the sound effects, prepares the first table for the
window's size — its felt and the deck of the last game played, at the heights
the table will ask for — and starts the bot process; then the loop's idle
moments open the table's fonts.  Each step is what the first frame of that scene would
otherwise have done (the deck alone is many frames' worth of CPU), and each is
also done on demand when the player is quicker than the worker.
"""

from __future__ import annotations

import threading
from typing import Any

from .workers import as_helper, as_window

THREAD_NAME = "preload"


def start(app: Any) -> threading.Thread:
    """Start the worker (a daemon: closing the window never waits for it).

    Every step is our own code: one that fails is a bug, reported by the thread's
    traceback (the scene then does that work itself when it is opened)."""
    size = app.size
    settings = app.services.settings
    sound = app.services.sound

    def work() -> None:
        from .screens import deferred_scenes

        as_helper()

        deferred_scenes()  # the table (with the bots) and the later screens
        if sound is not None and hasattr(sound, "preload"):
            sound.preload()
        prepare_table(size, settings)
        from .players import BotServer

        if as_window():  # the bot process must not inherit the helper's low priority
            BotServer.prestart()  # (otherwise the table starts it, as without preloading)
        # Fonts are opened on the main thread (FreeType is not thread-safe), one per
        # idle moment of the loop.
        for size_bold in table_font_sizes(size, settings):
            app.idle_tasks.append(lambda sb=size_bold: _warm_font(app, *sb))
        app.wake()

    thread = threading.Thread(target=work, daemon=True, name=THREAD_NAME)
    thread.start()
    return thread


def table_font_sizes(size: tuple[int, int], settings: Any) -> list[tuple[int, bool]]:
    from game.rules.variants import deal_class

    from .table.hud import Fonts
    from .table.layout import compute_layout

    variant = getattr(settings, "last_variant", None) or "marriage"
    players = deal_class(variant).players
    return Fonts.table_sizes(compute_layout(size, players, 0).font)


def _warm_font(app: Any, size: int, bold: bool) -> bool:
    from .table.hud import Fonts

    Fonts.of(app).warm(size, bold)
    return False


def busy() -> bool:
    """Whether the worker still runs (the benchmark measures idle CPU after it)."""
    return any(t.name in (THREAD_NAME, "bots-prestart") and t.is_alive()
               for t in threading.enumerate())


def prepare_table(size: tuple[int, int], settings: Any) -> None:
    """The felt and the deck of the next table at this window size, rendered ahead."""
    from game.rules.variants import deal_class

    from .table.art import CardArt, make_renderer
    from .table.felt import make_felt
    from .table.layout import compute_layout
    from .table.scene import deck_faces
    from .table.stage import GLOW_HINT, GLOW_LEGAL, GLOW_SELECT

    make_felt(size)
    variant = getattr(settings, "last_variant", None) or "marriage"
    players = deal_class(variant).players
    layout = compute_layout(size, players, 0)
    deck = settings.deck_for(variant) if settings is not None else "french-classic"
    back = getattr(settings, "card_back", "classic-red")
    art = CardArt(make_renderer(), deck, back, size)
    art.warm(deck_faces(variant), [layout.hand_h, layout.table_h], background=False)
    # The shadows and the hand's glow rims are shared by every table: the first one
    # then draws its cards without blurring any (its first picture was a hitch).
    art.warm_shapes(list(layout.card_heights()), layout.hand_h,
                    [GLOW_LEGAL, GLOW_SELECT, GLOW_HINT])
