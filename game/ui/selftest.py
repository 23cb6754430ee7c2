"""``--selftest``: open the window headless, draw frames through the menu, report timings."""

from __future__ import annotations

import os
import statistics
import time
from typing import Any


def run_selftest(screenshots: str | None = None, size: tuple[int, int] | None = None) -> dict[str, Any]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    start = time.perf_counter()
    import pygame

    from .app import App
    from .scenes import register_all

    app = App(size=size)
    register_all(app)
    app.switch("menu")
    app.step(0.016)
    first_frame_ms = (time.perf_counter() - start) * 1000
    for _ in range(60):
        app.step(0.016)
    if screenshots:
        os.makedirs(screenshots, exist_ok=True)
        pygame.image.save(app.screen, os.path.join(screenshots, "menu.png"))
    times = sorted(app.frame_times)
    pygame.quit()
    return {
        "ok": True,
        "frames": len(times),
        "first_frame_ms": round(first_frame_ms, 1),
        "frame_ms": {
            "p50": round(statistics.median(times), 2),
            "p95": round(times[int(len(times) * 0.95) - 1], 2),
            "max": round(times[-1], 2),
        },
    }
