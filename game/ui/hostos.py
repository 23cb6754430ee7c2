"""Everything that only some systems have, in one place, each with its fallback.

The game runs on Windows, macOS and Linux (X11 or Wayland).  A few speed-ups and
measurements use what only Linux or X11 offers: glibc's ``mallopt``/``malloc_trim``,
per-thread CPU priority, ``/proc``, X11's direct framebuffer.  Each is asked for here and
does nothing (or answers None) elsewhere, so the rest of the program never tests the
platform itself.  :func:`pretend` makes this module answer as another system would, so
the fallbacks are played through by the tests on this machine.
"""

from __future__ import annotations

import ctypes
import logging
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

log = logging.getLogger(__name__)

#: What :func:`system` answers: the three desktops and the rest.
SYSTEMS = ("linux", "windows", "macos", "other")

_forced_system: str | None = None
_forced_driver: str | None = None

_M_MMAP_THRESHOLD = -3
_M_ARENA_MAX = -8


def _detect() -> str:
    if sys.platform.startswith("linux"):
        return "linux"
    if sys.platform == "win32":
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return "other"


def system() -> str:
    """One of :data:`SYSTEMS`."""
    return _forced_system or _detect()


def is_linux() -> bool:
    return system() == "linux"


def video_driver() -> str | None:
    """SDL's video driver ("x11", "wayland", "windows", "cocoa", "dummy" …), None before
    the display is up."""
    if _forced_driver is not None:
        return _forced_driver
    import pygame

    if not pygame.display.get_init():
        return None
    return str(pygame.display.get_driver())


@contextmanager
def pretend(name: str, driver: str | None = None) -> Iterator[None]:
    """Answer as ``name`` (one of :data:`SYSTEMS`) with SDL's ``driver`` until the block
    ends: the tests' way to play the other systems' branches here."""
    global _forced_system, _forced_driver
    if name not in SYSTEMS:
        raise ValueError(f"unknown system {name!r}")
    before = _forced_system, _forced_driver
    _forced_system, _forced_driver = name, driver
    try:
        yield
    finally:
        _forced_system, _forced_driver = before


# --- presenting frames ------------------------------------------------------------------
def prefer_direct_framebuffer() -> bool:
    """On X11, present through shared memory (``XShmPutImage``) rather than an OpenGL
    texture: without a GPU the texture path redraws the whole window for every small
    update.  Other drivers (Windows' GDI, Wayland, macOS) keep SDL's default; a player's
    own ``SDL_FRAMEBUFFER_ACCELERATION`` wins.  True if the X11 way was chosen."""
    if video_driver() != "x11":
        return False
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    return True


def name_windows(app_id: str) -> None:
    """Give our windows the desktop entry's id (X11's WM_CLASS, Wayland's app id), so the
    task bar shows the entry's name and icon; call before the display starts.  Windows
    and macOS take both from the program itself.  A player's own setting wins."""
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", app_id)
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", app_id)


# --- the C heap (glibc) -----------------------------------------------------------------
def _libc() -> ctypes.CDLL | None:
    if not is_linux():
        return None
    try:
        return ctypes.CDLL("libc.so.6")
    except OSError:
        return None  # musl or another C library: nothing to tune


def tune_malloc(arenas: int = 2, mmap_threshold: int = 256 * 1024) -> bool:
    """Two heap arenas and a fixed mmap threshold (glibc): card pictures are large blocks
    made and dropped on several threads, and glibc's defaults keep them mapped.  The
    player's ``MALLOC_ARENA_MAX`` / ``MALLOC_MMAP_THRESHOLD_`` win.  True if glibc took
    them; elsewhere nothing is done."""
    libc = _libc()
    mallopt = getattr(libc, "mallopt", None)
    if mallopt is None:
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
    """Hand the C heap's free pages back to the system (glibc's ``malloc_trim``): pictures
    dropped with a screen leave pages glibc keeps mapped.  True if done."""
    trim = getattr(_libc(), "malloc_trim", None)
    if trim is None:
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    trim(0)
    return True


# --- CPU priority ---------------------------------------------------------------------------
def lower_thread_priority(by: int) -> bool:
    """Make the calling thread alone ``by`` nice levels nicer.  Only Linux schedules
    threads one by one (``setpriority`` on a thread id); elsewhere nothing.  True if done."""
    if not is_linux():
        return False
    tid = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, tid, os.getpriority(os.PRIO_PROCESS, tid) + by)
    except OSError:
        return False  # not permitted here (a sandbox): the thread keeps its priority
    return True


def restore_thread_priority() -> bool:
    """Give the calling thread its process's priority again (before it starts a process:
    a child inherits its starting thread's priority).  False where that was needed but
    not permitted (raising a priority may need a privilege); True where threads have no
    priority of their own."""
    if not is_linux():
        return True
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(),
                       os.getpriority(os.PRIO_PROCESS, os.getpid()))
    except OSError:
        return False
    return True


def lower_process_priority(by: int) -> bool:
    """The whole calling process ``by`` nice levels nicer (Unix ``nice``).  Windows has
    no nice levels: nothing is done there.  True if done."""
    if system() == "windows" or not hasattr(os, "nice"):
        return False
    try:
        os.nice(by)
    except OSError:
        return False
    return True


# --- facts about processes (the benchmark's measurements) -------------------------------
def _proc_stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name, None without /proc."""
    if not is_linux():
        return None
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def process_age_s() -> float | None:
    """Seconds since this process started (Linux), None where unknown."""
    fields = _proc_stat("self")
    if fields is None:
        return None
    try:
        start_ticks = int(fields[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def run_queue_ms() -> float | None:
    """How long the calling thread has stood ready to run while every core was busy with
    other work, in ms since it started (Linux's scheduler statistics), None where unknown.

    What a frame loses to other programs on a loaded machine, told apart from what it
    spends itself or waits for (the X server, a lock)."""
    if not is_linux():
        return None
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as f:
            return int(f.read().split()[1]) / 1e6
    except (OSError, ValueError, IndexError):
        return None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of another process (Linux), None where unknown."""
    fields = _proc_stat(pid)
    if fields is None:
        return None
    try:
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (ValueError, IndexError, AttributeError):
        return None


def rss_mb(pid: int | None = None) -> float | None:
    """Resident memory now, in MB (Linux), None where unknown."""
    if not is_linux():
        return None
    try:
        with open(f"/proc/{pid or 'self'}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        pass
    return None


def peak_rss_mb() -> float | None:
    """The most memory this process held, in MB; None on Windows (no getrusage)."""
    name = system()
    if name == "windows" or sys.platform == "win32":
        return None
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux counts KiB, macOS bytes.
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def loaded_libraries(prefixes: tuple[str, ...]) -> list[str]:
    """Paths of the shared libraries this process has loaded whose file name starts with
    one of ``prefixes`` (Linux: ``/proc/self/maps``); empty elsewhere — the caller then
    looks beside the Python package that brought the library."""
    if not is_linux():
        return []
    paths: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.rsplit(None, 1)[-1] if "/" in line else ""
                if os.path.basename(path).startswith(prefixes) and path not in paths:
                    paths.append(path)
    except OSError:
        pass
    return paths
