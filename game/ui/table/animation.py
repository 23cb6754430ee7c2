"""Tweens, easing and a step timeline: how cards move between two table states.

Why a timeline of steps rather than one big tween list: a table event is a
*sequence* ("the card flies to the trick, the trick rests a moment, then slides
to its winner, then both players draw"); each step starts when the previous
one has settled.  The flow waits on :meth:`Animator.busy` so the rules never
run ahead of what the player has seen.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Duration multiplier per animation speed setting (``instant`` skips motion entirely).
SPEED_FACTORS = {"slow": 1.7, "normal": 1.0, "fast": 0.45, "instant": 0.0}


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.3
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


@dataclass
class Tween:
    """Moves named float attributes of ``target`` from their current values to ``to``."""

    target: Any
    to: dict[str, float]
    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_done: Callable[[], None] | None = None
    start: dict[str, float] = field(default_factory=dict)
    elapsed: float = 0.0
    started: bool = False

    def update(self, dt: float) -> bool:
        """Advance; True when finished."""
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if not self.started:
            self.started = True
            self.start = {k: float(getattr(self.target, k)) for k in self.to}
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        k = self.ease(t)
        for name, end in self.to.items():
            a = self.start[name]
            setattr(self.target, name, a + (end - a) * k)
        if t >= 1.0:
            if self.on_done is not None:
                self.on_done()
            return True
        return False


class Animator:
    """Runs tweens and a queue of steps; ``speed`` scales every duration."""

    def __init__(self, speed: str = "normal"):
        self.speed = speed
        self.tweens: list[Tween] = []
        #: (step, hold seconds, whether the hold follows the animation speed)
        self.steps: deque[tuple[Callable[[], None], float, bool]] = deque()
        self.hold = 0.0
        #: A pause that lasts until its predicate is true (:meth:`wait`), or None.
        self.gate: Callable[[], bool] | None = None
        #: Seconds of the current step so far (effects use it for progress).
        self.clock = 0.0

    @property
    def factor(self) -> float:
        return SPEED_FACTORS.get(self.speed, 1.0)

    def scaled(self, seconds: float) -> float:
        return seconds * self.factor

    def tween(self, target: Any, duration: float, delay: float = 0.0,
              ease: Callable[[float], float] = ease_out_cubic,
              on_done: Callable[[], None] | None = None, **to: float) -> Tween | None:
        """Start a tween (durations in "normal" seconds; scaled by the speed)."""
        f = self.factor
        # Drop earlier tweens of the same attributes of the same target: newest wins.
        self.tweens = [t for t in self.tweens if not (t.target is target and set(t.to) & set(to))]
        if f == 0:
            for k, v in to.items():
                setattr(target, k, v)
            if on_done:
                on_done()
            return None
        tw = Tween(target, dict(to), duration * f, delay * f, ease, on_done)
        self.tweens.append(tw)
        return tw

    def then(self, step: Callable[[], None], hold: float = 0.0, scaled: bool = True) -> None:
        """Queue ``step`` to start once everything before it has finished, then wait ``hold``
        (seconds at "normal" speed; ``scaled=False``: real seconds the player chose)."""
        self.steps.append((step, hold, scaled))

    def wait(self, ready: Callable[[], bool]) -> None:
        """Queue a pause that lasts until ``ready()`` is true — the finished trick stays on
        the table until the player collects it (everything after it waits too)."""
        def start() -> None:
            self.gate = ready
        self.steps.append((start, 0.0, True))

    def waiting(self) -> bool:
        """Is the timeline paused at a :meth:`wait`?"""
        return self.gate is not None and not self.tweens

    def busy(self) -> bool:
        return bool(self.tweens or self.steps or self.hold > 0 or self.gate is not None)

    def moving(self) -> bool:
        return bool(self.tweens)

    def next_change(self) -> float | None:
        """Seconds until the timeline changes by itself (the table's redraw protocol): 0
        while something moves or a step can start, the rest of a hold (nothing moves
        meanwhile), None while it waits at a gate (only the player opens it) or is idle."""
        if self.tweens:
            return 0.0
        if self.gate is not None:
            return None
        if self.hold > 0:
            return self.hold
        return 0.0 if self.steps else None

    def finish(self) -> None:
        """Jump to the end of everything (resize, leaving the table, tests)."""
        guard = 0
        while self.busy() and guard < 10000:
            guard += 1
            for tw in list(self.tweens):
                tw.delay = 0
                tw.update(1e9)
            self.tweens = []
            self.hold = 0
            self.gate = None
            if self.steps:
                step, _hold, _scaled = self.steps.popleft()
                step()

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.tweens:
            self.tweens = [t for t in self.tweens if not t.update(dt)]
        if self.hold > 0 and not self.tweens:
            self.hold -= dt
        if self.gate is not None:
            if not self.gate():
                return
            self.gate = None
        # Start as many steps as can start now (instant speed runs a whole chain in a frame).
        while not self.tweens and self.hold <= 0 and self.gate is None and self.steps:
            step, hold, scaled = self.steps.popleft()
            self.clock = 0.0
            step()
            self.hold = hold * self.factor if scaled else hold
        if self.hold < 0:
            self.hold = 0
