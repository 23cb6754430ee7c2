"""Keep the C heap from holding on to memory the program gave back (glibc only).

Card pictures are large blocks (60-700 KB each) made and dropped all the time,
some of them on worker threads (the deck is rendered behind the table).  Two
glibc defaults inflate the resident size of such a program: every thread that
allocates gets its own heap arena (up to eight per core), and the threshold
above which blocks are mapped — and returned to the system when freed — grows
with every large block freed.  Two arenas and a fixed 256 KiB threshold cost
nothing measurable in speed and keep ~20 MB off the table at 1920x1080
(docs/performance.md).  Elsewhere (other C libraries, Windows, macOS) nothing
is done; ``MALLOC_ARENA_MAX`` / ``MALLOC_MMAP_THRESHOLD_`` set by the player win.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys

log = logging.getLogger(__name__)

_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


def tune_malloc(arenas: int = 2, mmap_threshold: int = 256 * 1024) -> bool:
    """Apply the two settings; True if glibc took them."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    ok = True
    if "MALLOC_ARENA_MAX" not in os.environ:
        ok = bool(mallopt(_M_ARENA_MAX, arenas)) and ok
    if "MALLOC_MMAP_THRESHOLD_" not in os.environ:
        ok = bool(mallopt(_M_MMAP_THRESHOLD, mmap_threshold)) and ok
    if not ok:
        log.info("mallopt refused a setting")
    return ok


def release_heap() -> bool:
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``).

    Pictures dropped when a screen, a deck or a window size is left leave free pages in
    the heap that glibc keeps mapped: 3-12 MB after a deal at 1920x1080.  Called in the
    loop's idle time after a screen change (it walks the heap: a few ms).  True if done.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True
