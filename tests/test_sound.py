"""Generated sound: harmless without an audio device, valid PCM with one."""

from __future__ import annotations

import pygame
import pytest

from game.ui import sound
from game.ui.settings import Settings


def test_silent_without_audio_device(monkeypatch):
    pygame.mixer.quit()

    def no_device(*a, **k):
        raise pygame.error("ALSA: no device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    s = sound.Sounds(Settings())
    assert not s.available
    for name in sound.SYNTHS:
        assert s.play(name) is False
    s.preload()
    assert s.play("no-such-sound") is False


@pytest.mark.parametrize("name", ["card", "click", "trick"])
def test_synth_in_range(name):
    samples = sound.SYNTHS[name](8000)
    assert samples and max(abs(v) for v in samples) <= 1.5
    pcm = sound.to_pcm(samples, 2)
    assert len(pcm) == 2 * len(samples) and max(abs(v) for v in pcm) <= 32000


def test_mute_and_volume_follow_settings():
    pygame.mixer.quit()
    settings = Settings(sound=False)
    s = sound.Sounds(settings)
    assert s.play("card") is False  # muted: not even built
    settings.sound, settings.volume = True, 0.3
    assert s.volume == pytest.approx(0.3)
    if s.available:  # SDL_AUDIODRIVER=dummy gives a device in tests
        assert s.play("click") is True
