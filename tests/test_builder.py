"""The one builder of every screen (game.ui.builder): slices, callbacks, cancelling."""

from __future__ import annotations

import math
import time

from game.ui.builder import Build


def test_a_build_runs_whole_without_a_deadline_and_then_its_callbacks():
    done: list[str] = []

    def steps():
        done.append("a")
        yield
        done.append("b")
        yield
        done.append("c")

    build = Build(steps())
    build.after(lambda: done.append("then"))
    build.advance(math.inf)
    assert done == ["a", "b", "c", "then"] and not build.running()
    build.after(lambda: done.append("now"))  # once built: at once
    assert done[-1] == "now"


def test_calls_one_per_frame_rest_in_the_first_and_end_with_the_last():
    done: list[int] = []
    build = Build.of_calls([lambda: done.append(1), lambda: done.append(2)])
    later = time.perf_counter() + 3600
    build.advance(later)  # the frame that opened the screen
    assert done == [] and build.running()
    build.advance(later)
    assert done == [1] and build.running()
    build.advance(later)
    assert done == [1, 2] and not build.running()  # done in the frame of its last step


def test_a_cancelled_build_stops_and_forgets_its_callbacks():
    done: list[str] = []
    build: Build

    def steps():
        done.append("a")
        yield
        build.cancel()  # the screen was left during this step
        done.append("b")
        yield
        done.append("never")

    build = Build(steps())
    build.after(lambda: done.append("then"))
    build.advance(math.inf)
    assert done == ["a", "b"] and not build.running()
