"""Sound effects synthesised by our own code: no sample files, no numpy.

Each effect is a few lines of arithmetic (noise bursts, decaying sines) written
into ``array('h')`` in the mixer's own format, built on first use and cached.
Why synthesise: the bundle needs no licensed samples, and a missing audio device
is just "no mixer": without one ``pygame.mixer.init`` raises ``pygame.error``,
and :class:`Sounds` then runs silent — every call stays harmless.

Names: ``card``, ``shuffle``, ``trick``, ``announce``, ``win``, ``lose``, ``click``.
Registered as ``app.services.sound``; the table calls ``sound.play("card")``.
"""

from __future__ import annotations

import logging
import math
import random
from array import array
from collections.abc import Callable
from typing import Any

import pygame

log = logging.getLogger(__name__)

Samples = list[float]


def _env(n: int, attack: int, decay: float) -> list[float]:
    """Linear attack then exponential decay (``decay`` = e-folding in samples)."""
    return [min(1.0, i / attack) * math.exp(-max(0, i - attack) / decay) if attack else
            math.exp(-i / decay) for i in range(n)]


def _noise_burst(rate: int, seconds: float, decay_s: float, rng: random.Random,
                 smooth: float = 0.55) -> Samples:
    """Filtered noise with a fast decay: the 'snap' of a card on cloth."""
    n = int(rate * seconds)
    env = _env(n, int(rate * 0.002), rate * decay_s)
    out, prev = [], 0.0
    for i in range(n):
        prev = smooth * prev + (1 - smooth) * rng.uniform(-1, 1)
        out.append(prev * env[i])
    return out


def _tone(rate: int, freq: float, seconds: float, decay_s: float, volume: float = 1.0,
          harmonics: tuple[float, ...] = (1.0, 0.35, 0.12)) -> Samples:
    n = int(rate * seconds)
    env = _env(n, int(rate * 0.004), rate * decay_s)
    w = 2 * math.pi * freq / rate
    return [volume * env[i] * sum(a * math.sin(w * (k + 1) * i) for k, a in enumerate(harmonics))
            / sum(harmonics) for i in range(n)]


def _mix(rate: int, parts: list[tuple[float, Samples]]) -> Samples:
    """Overlay parts, each starting at a time in seconds."""
    length = max(int(start * rate) + len(p) for start, p in parts)
    out = [0.0] * length
    for start, p in parts:
        offset = int(start * rate)
        for i, v in enumerate(p):
            out[offset + i] += v
    return out


def card(rate: int) -> Samples:
    rng = random.Random(1)
    return [0.8 * v for v in _noise_burst(rate, 0.09, 0.018, rng, 0.35)]


def shuffle(rate: int) -> Samples:
    rng = random.Random(2)
    parts = [(0.012 * k + rng.uniform(0, 0.004),
              [0.35 * v for v in _noise_burst(rate, 0.03, 0.006, rng, 0.2)]) for k in range(38)]
    parts.append((0.47, [0.7 * v for v in _noise_burst(rate, 0.12, 0.03, rng, 0.6)]))
    return _mix(rate, parts)


def trick(rate: int) -> Samples:
    rng = random.Random(3)
    sweep = [0.5 * v for v in _noise_burst(rate, 0.16, 0.05, rng, 0.8)]
    return _mix(rate, [(0.0, sweep), (0.07, [0.6 * v for v in
                                             _noise_burst(rate, 0.08, 0.02, rng, 0.4)])])


def announce(rate: int) -> Samples:
    return _mix(rate, [(0.0, _tone(rate, 784, 0.5, 0.18, 0.5)),
                       (0.12, _tone(rate, 1175, 0.6, 0.22, 0.45))])


def win(rate: int) -> Samples:
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(0.11 * i, _tone(rate, f, 0.7, 0.25, 0.4)) for i, f in enumerate(notes)]
    return _mix(rate, parts + [(0.44, _tone(rate, 1318.5, 0.9, 0.35, 0.25))])


def lose(rate: int) -> Samples:
    notes = (440.0, 415.3, 392.0, 329.63)
    return _mix(rate, [(0.16 * i, _tone(rate, f, 0.6, 0.22, 0.4, (1.0, 0.2)))
                       for i, f in enumerate(notes)])


def click(rate: int) -> Samples:
    return _tone(rate, 1400, 0.04, 0.008, 0.35, (1.0,))


SYNTHS: dict[str, Callable[[int], Samples]] = {
    "card": card, "shuffle": shuffle, "trick": trick, "announce": announce,
    "win": win, "lose": lose, "click": click,
}


def to_pcm(samples: Samples, channels: int, size: int = -16) -> array[int]:
    """Signed 16-bit PCM, one sample per channel (the mixer's format)."""
    if abs(size) != 16:
        raise ValueError("only 16-bit mixers are supported")
    pcm = array("h")
    for v in samples:
        s = int(max(-1.0, min(1.0, v)) * 32000)
        pcm.extend([s] * channels)
    return pcm


class Sounds:
    """The effects, or silence.  Reads ``settings.sound`` and ``settings.volume`` at each play."""

    def __init__(self, settings: Any = None):
        self.settings = settings
        self.available = False
        self.format: tuple[int, int, int] | None = None
        self._cache: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.format = pygame.mixer.get_init()
            self.available = self.format is not None and abs(self.format[1]) == 16
        except (pygame.error, NotImplementedError) as exc:
            log.info("no audio device (%s): running silent", exc)

    @property
    def volume(self) -> float:
        if self.settings is None:
            return 0.7
        if not getattr(self.settings, "sound", True):
            return 0.0
        return max(0.0, min(1.0, float(getattr(self.settings, "volume", 0.7))))

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The effect (built once), or None when silent or unknown."""
        if not self.available or name not in SYNTHS or self.format is None:
            return None
        if name not in self._cache:
            rate, size, channels = self.format
            try:
                self._cache[name] = pygame.mixer.Sound(
                    buffer=to_pcm(SYNTHS[name](rate), channels, size).tobytes())
            except (pygame.error, ValueError) as exc:
                log.warning("sound %s unavailable: %s", name, exc)
                self.available = False
                return None
        return self._cache[name]

    def play(self, name: str) -> bool:
        """Play an effect; True if it was started (never raises)."""
        volume = self.volume
        if volume <= 0:
            return False
        snd = self.sound(name)
        if snd is None:
            return False
        try:
            snd.set_volume(volume)
            snd.play()
            return True
        except pygame.error:
            return False

    def preload(self) -> None:
        """Build every effect now (e.g. behind the menu) so the first card makes no stutter."""
        for name in SYNTHS:
            self.sound(name)

    def preload_async(self) -> None:
        """Build the effects on a background thread (slow arithmetic) while the menu shows."""
        if self.available:
            import threading

            threading.Thread(target=self.preload, daemon=True, name="sound-synth").start()
