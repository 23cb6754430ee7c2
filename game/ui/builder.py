"""One builder paces the construction of every screen across frames.

pygame-gui makes a widget — its text laid out, its shapes drawn in every state — in
milliseconds, and a screen of forty widgets made in one frame was a long frame.  So a
screen hands its construction over as steps (a generator that yields between groups of
widgets; the table, a list of its steps) and a :class:`Build` runs as many as fit before
the frame's deadline; the window keeps showing the last picture meanwhile
(game.ui.scene).  Without a deadline (tests, the first screen of the program) a screen is
built whole, now.  How the steps are sliced, what runs once the last one is done and
what happens to a build its screen left or started again live here and nowhere else.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator


class Build:
    """The construction of one screen, a slice per frame.

    ``one_per_frame``: a step is a frame's whole share (the table's steps are each a
    frame's worth: the theme at a new text size, the widgets, the next deal); and with
    ``rest_first`` the frame that opened the screen runs none of them.
    """

    def __init__(self, steps: Iterator[None], one_per_frame: bool = False,
                 rest_first: bool = False):
        self._steps: Iterator[None] | None = steps
        self.one_per_frame = one_per_frame
        self._rest = rest_first
        self._then: list[Callable[[], None]] = []
        #: Set by a step that knows the next one is long: it waits for a frame of its own.
        self.long_step_next = False

    @classmethod
    def of_calls(cls, calls: Iterable[Callable[[], None]], one_per_frame: bool = True,
                 rest_first: bool = True) -> Build:
        """A build whose steps are plain calls (done as the last call returns)."""
        def steps() -> Iterator[None]:
            for i, call in enumerate(calls):
                if i:
                    yield
                call()
        return cls(steps(), one_per_frame, rest_first)

    def running(self) -> bool:
        return self._steps is not None

    def cancel(self) -> None:
        """The screen was left or is built again: this build is over, its callbacks too."""
        self._steps = None
        self._then = []

    def after(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the last step is done (now, if it is)."""
        if self._steps is None:
            then()
        else:
            self._then.append(then)

    def advance(self, until: float) -> None:
        """Run steps until ``time.perf_counter()`` reaches ``until`` (``math.inf``: all).

        The next step is likely to cost about what the last one did: one that would end
        past ``until`` waits for the next frame (two long steps in one frame made it a
        long frame); so does one a step said is long, unless the screen is built whole.
        """
        if self._rest and until < math.inf:
            self._rest = False
            return
        steps = self._steps
        while steps is not None and steps is self._steps:
            began = time.perf_counter()
            if next(steps, StopIteration) is StopIteration:
                if steps is not self._steps:
                    return  # a step cancelled this build (the screen left or rebuilt)
                self._steps = None
                then, self._then = self._then, []
                for call in then:
                    call()
                return
            if steps is not self._steps:
                return
            if self.one_per_frame and until < math.inf:
                return
            now = time.perf_counter()
            long_next, self.long_step_next = self.long_step_next, False
            if now + (now - began) >= until or (long_next and until < math.inf):
                return
