"""Helper threads of the window give way to the frame loop (game.ui.workers)."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from game.ui import workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread priority: Linux")
def test_a_helper_thread_is_nicer_than_the_window_and_can_give_it_back():
    window = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    seen: dict[str, object] = {}

    def helper() -> None:
        tid = threading.get_native_id()
        workers.as_helper()
        seen["helper"] = os.getpriority(os.PRIO_PROCESS, tid)
        seen["restored"] = workers.as_window()
        seen["after"] = os.getpriority(os.PRIO_PROCESS, tid)

    t = threading.Thread(target=helper)
    t.start()
    t.join()
    assert seen["helper"] == min(19, window + workers.HELPER_NICE)
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == window  # untouched
    # Raising a priority back may need a privilege: then as_window says so.
    assert seen["after"] == (window if seen["restored"] else seen["helper"])


def test_the_window_hands_the_gil_over_often():
    before = sys.getswitchinterval()
    try:
        workers.window_first()
        assert sys.getswitchinterval() == pytest.approx(workers.SWITCH_INTERVAL_S)
    finally:
        sys.setswitchinterval(before)
