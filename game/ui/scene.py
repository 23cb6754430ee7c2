"""Scenes: one screen of the program each (menu, setup, table, score sheet ...).

The :class:`~game.ui.app.App` owns the window, the pygame-gui manager and the
shared services; a scene builds its widgets in :meth:`Scene.enter`, removes
them in :meth:`Scene.leave`, and is told about events, time and size changes.

How a scene gets redrawn (the redraw protocol)
----------------------------------------------
A card game mostly sits still, so the app draws a frame only when something
asks for one and otherwise blocks in SDL's ``SDL_WaitEventTimeout`` until an event
comes (:mod:`game.ui.idle_wait`; never ``pygame.event.wait``, which wakes every
millisecond to poll), so an idle window uses next to no CPU.
A frame is drawn when:

1. **an input event** reached the app (a key, a click, the wheel, a pygame-gui
   event such as a button press, a posted event) — mouse *motion* alone does
   not redraw the scene: pygame-gui's hover looks are picked up by comparing
   the widgets' pictures, and a scene that reacts to the pointer itself calls
   :meth:`invalidate` (the table's hover lift does);
2. **the scene called** :meth:`invalidate` (an area, or everything) or
   :meth:`redraw` (draw again, present what ``draw`` reports changed) —
   anything that changes the picture outside an input event: a timer that
   fired, a result from a thread (call :meth:`wake` too, so a sleeping app
   looks at once);
3. **the scene is** :meth:`animating` — something moves by itself; the app then
   draws at full frame rate until it returns False;
4. a widget of pygame-gui changed its look (hover, a tooltip, a caret);
5. the window was resized, exposed or switched to full screen.

:meth:`wake_in` lets a scene with a timer (a pause before a scripted move, a
bot's answer to poll for) sleep until the timer is due instead of animating
through it; ``update`` then runs, and the scene asks for a frame if the timer
changed the picture.  After motion stops the app draws one more frame, so what
ended in the last update (a faded bubble) is drawn in its final state.

:meth:`draw` composes the whole picture under the widgets every drawn frame
(cheap: cached layers and pictures); what reaches the screen is limited to the
damage.  ``draw`` may return the list of rectangles that changed since the
previous drawn frame (see :class:`game.ui.redraw.DisplayList`); returning
``None`` (the default) means "anything may have changed" and the whole window
is presented whenever this scene's drawing was the reason for the frame.  A
scene that draws on top of another scene's picture (e.g. a new panel on the
table) must either put it in that scene's display list or invalidate the area
it covers when it appears, moves or goes.  On the table that means returning it
from :meth:`TableScene.draw_overlays <game.ui.table.scene.TableScene.draw_overlays>`
(or as an item of ``TableScene.draw``): ``(key, area, look)``; docs/performance.md
has the whole protocol and the table's rules.

Building a screen across frames
-------------------------------
pygame-gui builds a widget (its text layout, its shapes in every state) in
milliseconds; a screen of forty widgets built at once made one frame far over
the 50 ms a frame may take.  A screen that says what it shows in its ``build``
(:class:`game.ui.scenes.base.MenuScene`, :mod:`game.ui.shown`) is made by the
builder (:mod:`game.ui.builder`) a slice per frame (:meth:`Scene.start_build`)
when the app has a ``build_slice_s`` (the program has; tests build whole
screens at once): while :meth:`building` is true the app keeps the previous
picture on screen, holds input and scripted calls, and draws the new screen
once it is complete.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from .fits import Fit
from .regions import Region

if TYPE_CHECKING:
    from .app import App
    from .builder import Build


class Scene:
    name: ClassVar[str] = "scene"
    #: Kept when left, to be shown again as it was (a table in play; a score sheet a
    #: review returns to).  Every other screen is let go when left and made anew from its
    #: route when opened again (game.ui.leaving).
    kept: ClassVar[bool] = False
    #: What the player chose here that outlives a screen let go (attribute names: the
    #: next screen of this name gets them back).
    remembers: ClassVar[tuple[str, ...]] = ()

    def __init__(self, app: App):
        self.app = app
        #: The screen's construction under way, a slice per frame (game.ui.builder).
        self._build: Build | None = None
        #: What the screen was last opened with (:meth:`App.switch`): a resize or a
        #: language opens it again with the same.
        self.params: dict[str, Any] = {}

    def enter(self, **params: Any) -> None:
        """Build the widgets; ``params`` come from :meth:`App.switch`."""

    def leave(self) -> None:
        """Remove the widgets (the manager is shared by all scenes)."""

    def shutdown(self) -> None:
        """Stop for good what runs beside the screen (threads, processes, sockets): it is
        let go, or the program closes."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """An input event the UI widgets did not consume, or a pygame-gui event."""

    def update(self, dt: float) -> None:
        """Advance animations and flows by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what lies under the widgets (the manager draws the widgets after).

        Returns the rectangles that changed since the last drawn frame, or None
        for "the whole window" (see the module docstring).
        """
        surface.fill((18, 64, 40))
        return None

    def regions(self) -> list[Region]:
        """What this scene drew itself beyond its widgets, as the next frame draws it
        (cards, plates, boxes, panels: game.ui.regions); none by default."""
        return []

    def text_fits(self) -> list[Fit]:
        """The texts this scene drew itself with the room each had (game.ui.fits)."""
        return []

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild the layout (and re-render cards crisp)."""
        self.leave()
        self.enter(**self.params)

    # --- building across frames ------------------------------------------------------------
    def start_build(self, build: Build) -> None:
        """Construct the screen by ``build``'s steps (one under way is dropped): a slice
        per frame in the program's loop, whole now where the app has no slice (tests,
        the first screen)."""
        if self._build is not None:
            self._build.cancel()
        self._build = build
        if self.app.build_slice_s is None:
            self.continue_build(math.inf)

    def cancel_build(self) -> None:
        """The screen was left: what is not built yet never will be."""
        if self._build is not None:
            self._build.cancel()
            self._build = None

    def building(self) -> bool:
        """True while the screen's widgets are being built, a slice per frame."""
        return self._build is not None and self._build.running()

    def continue_build(self, until: float) -> None:
        """Build more of the screen until ``time.perf_counter()`` reaches ``until``."""
        build = self._build
        if build is None:
            return
        build.advance(until)
        if not build.running() and build is self._build:
            self._build = None

    def after_build(self, then: Callable[[], None]) -> None:
        """Run ``then`` once the screen is built (now, if it is)."""
        if self._build is None:
            then()
        else:
            self._build.after(then)

    # --- the redraw protocol -------------------------------------------------------------
    def animating(self) -> bool:
        """True while something on this scene moves by itself (frames at full rate)."""
        return False

    def wake_in(self) -> float | None:
        """Seconds until a timer of this scene is due (None: no timer)."""
        return None

    def invalidate(self, rect: pygame.Rect | tuple[int, int, int, int] | None = None) -> None:
        """Ask for a redraw of ``rect`` (None: the whole window) in the next frame."""
        self.app.invalidate(rect)

    def redraw(self) -> None:
        """Draw this scene again next frame and present what its :meth:`draw` reports as
        changed (the whole window if it reports None).  Any thread; add :meth:`wake`."""
        self.app.redraw_scene()

    def wake(self) -> None:
        """Make a sleeping app run a frame now (safe to call from any thread)."""
        self.app.wake()
