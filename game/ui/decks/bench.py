"""Benchmark: ``python -m game.ui.decks.bench`` prints JSON timings per artwork.

"full_ms" renders 32 faces plus every back at 300 px from an empty cache (the SVG source
strings are built once per process and measured separately as "first_ms"); "cached_ms" asks
for the same deck again.  Target: a full deck at 300 px under 300 ms.
"""

from __future__ import annotations

import json
import os
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .renderer import DeckRenderer

HEIGHT = 300


def _deck(renderer: DeckRenderer, artwork: str, height: int) -> None:
    from .artworks import CARDS

    for card in CARDS:
        renderer.face(card, height, artwork)
    for info in renderer.list_backs():
        renderer.back(height, info.id)


def run(height: int = HEIGHT) -> dict[str, dict[str, float]]:
    """Time every artwork; returns {artwork: {first_ms, full_ms, cached_ms}}."""

    from .artworks import ARTWORKS
    from .renderer import DeckRenderer

    results: dict[str, dict[str, float]] = {}
    for artwork in ARTWORKS:
        renderer = DeckRenderer()
        t0 = time.perf_counter()
        _deck(renderer, artwork, height)
        first = time.perf_counter() - t0
        renderer.clear_cache()
        t0 = time.perf_counter()
        _deck(renderer, artwork, height)
        full = time.perf_counter() - t0
        t0 = time.perf_counter()
        _deck(renderer, artwork, height)
        cached = time.perf_counter() - t0
        results[artwork] = {
            "first_ms": round(first * 1000, 1),
            "full_ms": round(full * 1000, 1),
            "cached_ms": round(cached * 1000, 2),
        }
    return results


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print(json.dumps({"height": HEIGHT, "artworks": run()}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
