"""Every Linux/X11-only call has a fallback, and the game plays through it.

``hostos.pretend`` makes game.ui.hostos answer as Windows, macOS or a Wayland desktop would;
each test names the branch it forces.
"""

from __future__ import annotations

import ctypes
import os
import threading

import pytest

from game.ui import hostos, workers


@pytest.fixture
def no_native(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Any call of the Linux-only native functions is recorded (and would fail the test)."""
    called: list[str] = []

    def refuse(name: str):
        def call(*_a: object, **_k: object) -> None:
            called.append(name)
            raise AssertionError(f"{name} called on another system")
        return call

    monkeypatch.setattr(ctypes, "CDLL", refuse("ctypes.CDLL"))
    # (Windows has neither: then there is nothing to refuse.)
    monkeypatch.setattr(os, "setpriority", refuse("os.setpriority"), raising=False)
    monkeypatch.setattr(os, "nice", refuse("os.nice"), raising=False)
    real_open = open

    def guarded_open(file: object, *a: object, **k: object) -> object:
        if str(file).startswith("/proc"):
            called.append(f"open {file}")
            raise AssertionError(f"{file} read on another system")
        return real_open(file, *a, **k)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", guarded_open)
    return called


@pytest.mark.parametrize("name", ["windows", "macos", "other"])
def test_other_systems_take_every_fallback(name: str, no_native: list[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    driver = {"windows": "windows", "macos": "cocoa", "other": "wayland"}[name]
    with hostos.pretend(name, driver):
        assert hostos.system() == name and not hostos.is_linux()
        assert hostos.tune_malloc() is False
        assert hostos.release_heap() is False
        assert hostos.lower_thread_priority(10) is False
        assert hostos.restore_thread_priority() is True  # nothing to restore
        assert hostos.prefer_direct_framebuffer() is False
        assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
        assert hostos.process_age_s() is None
        assert hostos.cpu_seconds(os.getpid()) is None
        assert hostos.rss_mb() is None
        assert hostos.loaded_libraries(("libSDL2",)) == []
        workers.as_helper()
        assert workers.as_window() is True
        if name == "windows":
            assert hostos.lower_process_priority(8) is False  # no nice levels there
            assert hostos.peak_rss_mb() is None
    assert no_native == []


def test_the_guard_sees_the_linux_branch(no_native: list[str]) -> None:
    """The fixture above really catches the calls the other systems must not make."""
    with hostos.pretend("linux"), pytest.raises(AssertionError):
        hostos.release_heap()
    with hostos.pretend("linux"), pytest.raises(AssertionError):
        hostos.rss_mb()
    assert no_native == ["ctypes.CDLL", "open /proc/self/status"]


def test_wayland_on_linux_keeps_sdls_own_presentation(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    with hostos.pretend("linux", "wayland"):
        assert hostos.prefer_direct_framebuffer() is False
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    with hostos.pretend("linux", "x11"):
        assert hostos.prefer_direct_framebuffer() is True
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"


def test_linux_branch_reads_this_process() -> None:
    """On Linux the figures come from /proc; a system without /proc answers None."""
    with hostos.pretend("linux"):
        rss = hostos.rss_mb()
        cpu = hostos.cpu_seconds(os.getpid())
        age = hostos.process_age_s()
    if os.path.isdir("/proc/self"):
        assert rss is not None and rss > 1
        assert cpu is not None and age is not None and age >= 0
    else:
        assert rss is None and cpu is None and age is None


def test_a_player_setting_wins_over_ours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "mine")
    with hostos.pretend("linux", "x11"):
        hostos.prefer_direct_framebuffer()
    hostos.name_windows("org.example.Id")
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "mine"


def test_pretend_ends_with_its_block() -> None:
    before = hostos.system()
    with pytest.raises(RuntimeError), hostos.pretend("windows"):
        assert hostos.system() == "windows"
        raise RuntimeError
    assert hostos.system() == before
    with pytest.raises(ValueError):
        with hostos.pretend("beos"):
            pass


def test_a_helper_thread_keeps_its_priority_where_threads_have_none(
        no_native: list[str]) -> None:
    """As on macOS: the helper thread asks, and nothing is changed."""
    with hostos.pretend("macos"):
        t = threading.Thread(target=workers.as_helper)
        t.start()
        t.join()
    assert no_native == []


@pytest.mark.parametrize("name, driver", [("windows", "windows")])
def test_a_deal_plays_through_the_fallbacks(name: str, driver: str, tmp_path,
                                           no_native: list[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The window, the table, the helper threads and the idle tidying as on another
    system: not one Linux-only call is made in this process (the bots' own process is a
    fresh interpreter and answers for the machine it runs on), and the deal is played to
    its end."""
    from game.ui import idle_wait
    from game.ui.harness.selftest import run_selftest

    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(idle_wait, "_looked", False)  # look for SDL again, the other way
    with hostos.pretend(name, driver):
        result = run_selftest(size=(800, 600), variants=("sixty-six",), normal_phase=False,
                              comfort_phase=False, check_phase=False)
    assert result["ok"], result["errors"]
    assert [d["variant"] for d in result["deals"]] == ["sixty-six"]
    assert all(d["ok"] for d in result["deals"])
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    assert no_native == []


def test_the_wait_for_a_core_is_measured_per_thread() -> None:
    """Linux tells how long a thread stood ready while the cores were busy: a running
    total, never going back; elsewhere the figure is unknown (None), not zero."""
    first = hostos.run_queue_ms()
    if not hostos.is_linux():
        assert first is None
        return
    assert first is not None and first >= 0
    sum(range(200_000))  # a little work: the total may grow, never shrink
    second = hostos.run_queue_ms()
    assert second is not None and second >= first
    with hostos.pretend("windows"):
        assert hostos.run_queue_ms() is None
