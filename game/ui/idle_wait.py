"""Sleep until the next event without burning CPU.

Why not ``pygame.event.wait(timeout)``: pygame-ce implements it as a loop that
pumps the event queue and sleeps 1 ms (src_c/event.c, ``_pg_event_wait``), so
a program "waiting" for input still wakes a thousand times a second, which costs
more CPU than the whole idle budget.
SDL itself can really block: ``SDL_WaitEventTimeout`` sleeps in ``select()`` on
the X11 connection (and in the native wait of other systems) and is woken by
input or by ``SDL_PushEvent`` from another thread (``pygame.event.post`` is
that).  pygame-ce does not expose it, so it is called through ``ctypes`` from
the very SDL library pygame-ce loaded; passing NULL leaves the event in the
queue for ``pygame.event.get``.  Where that library cannot be found the
fallback polls every 10 ms, a tenth as often as pygame-ce's loop wakes.
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.ui import hostos

log = logging.getLogger(__name__)

_POLL_S = 0.010
_wait: Callable[[int], int] | None = None
_looked = False


def _loaded_sdl_paths() -> list[str]:
    """Candidate paths of the SDL2 library this process uses (pygame-ce's own copy)."""
    paths = hostos.loaded_libraries(("libSDL2-2", "libSDL2."))
    base = os.path.dirname(pygame.__file__)
    for pattern in ("SDL2.dll", "libSDL2*.so*", "libSDL2*.dylib", "../pygame_ce.libs/libSDL2*",
                    ".dylibs/libSDL2*", "../pygame_ce.dylibs/libSDL2*"):
        for path in sorted(glob.glob(os.path.join(base, pattern))):
            if path not in paths:
                paths.append(path)
    return paths


def _waiter(sdl_wait: Any) -> Callable[[int], int]:
    def wait_ms(ms: int) -> int:
        return int(sdl_wait(None, ms))
    return wait_ms


def _find() -> Callable[[int], int] | None:
    for path in _loaded_sdl_paths():
        try:
            lib = ctypes.CDLL(path)
            fn = lib.SDL_WaitEventTimeout
            init = lib.SDL_WasInit
        except (OSError, AttributeError):
            continue
        fn.argtypes = [ctypes.c_void_p, ctypes.c_int]
        fn.restype = ctypes.c_int
        init.argtypes = [ctypes.c_uint32]
        init.restype = ctypes.c_uint32
        # The same library instance as pygame's: its video subsystem is up.
        if init(0x20):  # SDL_INIT_VIDEO
            return _waiter(fn)
    return None


def wait(timeout_s: float) -> None:
    """Return when an event is queued or ``timeout_s`` has passed (events stay queued)."""
    global _wait, _looked
    if timeout_s <= 0:
        return
    if not _looked and pygame.display.get_init():
        _looked = True
        _wait = _find()
        if _wait is None:
            log.info("SDL_WaitEventTimeout not reachable: polling for events every 10 ms")
    if _wait is not None and pygame.display.get_driver() not in ("dummy", "offscreen"):
        _wait(max(1, round(timeout_s * 1000)))
        return
    end = time.perf_counter() + timeout_s
    while not pygame.event.peek() and time.perf_counter() < end:
        time.sleep(min(_POLL_S, max(0.0, end - time.perf_counter())))
