"""The application: window, pygame-gui manager, scene manager and the frame loop.

The loop draws only when something changed and sleeps in ``SDL_WaitEventTimeout``
otherwise (:mod:`.idle_wait`) (the redraw protocol is described on :class:`game.ui.scene.Scene`);
a drawn frame presents only the damaged parts of the window.
"""

from __future__ import annotations

import gc
import logging
import time
import warnings
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import pygame
import pygame_gui

from . import idle_wait
from .fits import Fit
from .gui_internals import fonts_from_files
from .hostos import name_windows, prefer_direct_framebuffer, release_heap, run_queue_ms
from .i18n import translation_dir
from .icon import APP_ID, set_window_icon
from .leaving import ScreenMemory
from .redraw import Damage, UISnapshot
from .regions import Region
from .routes import Route, ScreenName
from .services import Services
from .settings import Settings
from .storage import Storage
from .theme import load_theme

log = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 640)
TITLE = "Marriage Table — Sixty-six & Mariáš"
FPS = 60
#: After input, pygame-gui keeps changing by itself for a while (a tooltip appears 1 s
#: after the pointer stops on a button; a drop-down reports its choice a frame or two
#: after the click; held keys repeat in a text field): the loop keeps updating — not
#: redrawing unless a widget's look changed — for this long, at ``SETTLE_HZ``.
UI_SETTLE_S = 1.3
SETTLE_HZ = 30
#: The longest sleep without events.  Nothing should need it (changes ask for a frame);
#: it bounds the damage of a forgotten request.
IDLE_WAKE_S = 1.0
#: A focused text field blinks its caret (pygame-gui: every 0.4 s).
CARET_WAKE_S = 0.1
#: How long one frame may spend building a screen's widgets (game.ui.scene): with the
#: frame's other work it stays well under the 50 ms a frame may take.
BUILD_SLICE_S = 0.02
#: Python's full garbage collection (every object that may be in a cycle: over a frame's
#: work) is left to the loop's idle moments (:meth:`App.collect_when_idle`); on its own it
#: runs this many times less often than Python's default, so a program that never idles
#: still collects.
GC_FULL_RARELY = 100
#: Python's default: a full collection once ten younger ones ran.
GC_FULL_DUE = 10
#: Posted by threads (a bot's answer, a finished analysis) to end the sleep at once.
#: ``USEREVENT`` marked ``wake``, not ``pygame.event.custom_type()``: that counter starts
#: again after ``pygame.quit()`` and would hand out pygame-gui's own event numbers.
WAKE_EVENT = pygame.USEREVENT


def is_wake_event(event: pygame.event.Event) -> bool:
    return event.type == WAKE_EVENT and bool(getattr(event, "wake", False))
#: Events that never change the scene's picture by themselves.
_QUIET_EVENTS = {
    pygame.MOUSEMOTION, pygame.NOEVENT, pygame.ACTIVEEVENT, pygame.WINDOWENTER,
    pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST,
    pygame.WINDOWMOVED, pygame.AUDIODEVICEADDED, pygame.AUDIODEVICEREMOVED,
    pygame.TEXTEDITING, pygame.KEYMAPCHANGED, pygame.CLIPBOARDUPDATE,
    pygame_gui.UI_BUTTON_ON_HOVERED, pygame_gui.UI_BUTTON_ON_UNHOVERED,
}
#: Events after which the whole window is presented again (the system may have lost it).
_EXPOSE_EVENTS = {pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN,
                  pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED}


def use_direct_framebuffer() -> None:
    """Present through X11 shared memory, not through an OpenGL texture.

    SDL2 on X11 backs the window surface with an OpenGL texture by default.  Without
    a GPU (Xvfb, virtual machines, remote desktops, many older laptops) that is Mesa's
    llvmpipe, which uploads and redraws the *whole* window on every present, even for
    ``display.update(rects)``, so even one card-sized rectangle costs as much CPU as the
    whole window.  The direct X11 framebuffer (``XShmPutImage``) presents exactly the
    rectangles asked for, so a card costs a small part of a full window
    (docs/performance.md).  Only for X11: other drivers (Windows already uses GDI by
    default; Wayland and macOS have no direct framebuffer in SDL2) keep their default.
    A player may still choose with ``SDL_FRAMEBUFFER_ACCELERATION`` in the environment.
    """
    prefer_direct_framebuffer()


@dataclass
class Frame:
    """One drawn frame, for the benchmark: work time and what was presented."""

    ms: float
    #: CPU time of the main thread in the frame (ms): the work, whatever the machine's load.
    cpu_ms: float
    scene: str
    presented_px: int
    full: bool
    at: float
    #: A frame that built a slice of a screen (nothing presented).
    building: bool = False
    #: How long in the frame the main thread stood ready while other programs held every
    #: core (ms; 0 unless :attr:`App.measure_waits`, and where the system cannot tell).
    waited_ms: float = 0.0


#: Room kept free on the desktop for a title bar and a task bar.
DESKTOP_MARGIN = (0, 48)


def desktop_size() -> tuple[int, int] | None:
    """The size of the (first) desktop, or None where SDL cannot tell (pygame initialised)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    if not sizes or sizes[0][0] <= 0 or sizes[0][1] <= 0:
        return None
    return int(sizes[0][0]), int(sizes[0][1])


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` clamped to the desktop (less :data:`DESKTOP_MARGIN`), never below
    :data:`MIN_SIZE` unless the desktop itself is smaller.  A window larger than the
    screen hides its title and buttons; a huge one costs gigabytes of memory."""
    w, h = int(size[0]), int(size[1])
    if desktop is not None:
        room_w = max(320, desktop[0] - DESKTOP_MARGIN[0])
        room_h = max(240, desktop[1] - DESKTOP_MARGIN[1])
        w = min(w, room_w)
        h = min(h, room_h)
        w = max(w, min(MIN_SIZE[0], room_w))
        h = max(h, min(MIN_SIZE[1], room_h))
    return w, h


class Screen(Protocol):
    """What the app asks of a scene (:class:`game.ui.scene.Scene`, the base every scene
    extends, builds on the app: the app knows its scenes only by this)."""

    @property
    def name(self) -> str: ...

    #: What the screen was last opened with.
    params: dict[str, Any]

    @property
    def kept(self) -> bool:
        """Kept when left, to be shown again as it was (else let go: game.ui.leaving)."""

    @property
    def remembers(self) -> tuple[str, ...]:
        """What the player chose here that the next screen of this name gets back."""

    def shutdown(self) -> None:
        """Stop for good what runs beside the screen (let go, or the program closes)."""

    def enter(self, **params: Any) -> None: ...

    def leave(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw what lies under the widgets; the rectangles that changed since the last
        drawn frame, or None for the whole window (the redraw protocol)."""

    def resize(self, size: tuple[int, int]) -> None: ...

    # --- building across frames (game.ui.scene) -------------------------------------------
    def building(self) -> bool:
        """True while the screen's widgets are being built, a slice per frame."""

    def continue_build(self, until: float) -> None:
        """Build more of the screen until ``time.perf_counter()`` reaches ``until``."""

    # --- the redraw protocol (game.ui.scene) ----------------------------------------------
    def animating(self) -> bool:
        """True while something moves by itself: frames at full rate."""

    def wake_in(self) -> float | None:
        """Seconds until a timer of this scene is due (None: no timer): the loop sleeps
        until then."""

    def invalidate(self, rect: pygame.Rect | tuple[int, int, int, int] | None = None) -> None:
        """Ask for a redraw of ``rect`` (None: the whole window) in the next frame."""

    # --- what it drew itself (game.ui.regions, game.ui.fits) -------------------------------
    def regions(self) -> list[Region]:
        """Cards, plates, boxes and panels it drew beyond its widgets."""

    def text_fits(self) -> list[Fit]:
        """The texts it drew itself, with the room each had."""


class App:
    """Owns the window and the shared services; scenes do the rest."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        fullscreen: bool = False,
        lang: str = "en",
        clamp_to_desktop: bool = False,
    ):
        # pygame-gui rounds a corner no larger than half the widget's height and says so
        # once per new size, on stderr; writing those lines slowed every screen build.
        warnings.filterwarnings("ignore", "Clamping shape_corner_radius", UserWarning)
        name_windows(APP_ID)  # the desktop matches the window to its entry and icon
        pygame.display.init()
        use_direct_framebuffer()
        pygame.font.init()
        #: Where the window may grow to (None: unknown, e.g. headless): sizes are clamped to it.
        self.desktop = desktop_size() if clamp_to_desktop else None
        self.windowed_size = fit_window(size or DEFAULT_SIZE, self.desktop)
        #: True once the player changed the window size (drag, Settings): then it is remembered.
        self.user_sized = False
        self.fullscreen = False
        set_window_icon()  # before the window opens: some systems read it only then
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption(TITLE)
        self.manager = pygame_gui.UIManager(
            self.screen.get_size(),
            theme_path=load_theme(),
            starting_language=lang,
            translation_directory_paths=[translation_dir()],
        )
        fonts_from_files(self.manager)  # not a copy of the font file per size
        self.clock = pygame.time.Clock()
        self.scene_factories: dict[str, Callable[[App], Screen]] = {}
        self.scenes: dict[str, Screen] = {}
        #: What becomes of a screen that is left (kept, or let go with its choices kept).
        self.memory = ScreenMemory()
        self.scene: Screen | None = None
        self.running = True
        #: Work time (ms) of every drawn frame; ``frames`` has the details (bounded).
        self.frame_times: list[float] = []
        self.frames: deque[Frame] = deque(maxlen=20000)
        #: Whether each frame measures its wait for a core (the benchmark's, Linux only).
        self.measure_waits = False
        self._wait_start: float | None = None
        self.services = Services()
        #: Small jobs done while the loop has nothing else to do (e.g. rendering the
        #: rest of a deck): each call does a little and returns True while more is left.
        self.idle_tasks: deque[Callable[[], bool]] = deque()
        self._damage = Damage()
        self._damage.full = True
        self._ui = self._ui_before = UISnapshot()
        self._presented_on: pygame.Surface | None = None
        #: During ``Scene.draw``: the window holds the last drawn frame everywhere (no
        #: resize, expose, new surface or full invalidation since), see TableScene.draw.
        self.kept_picture = False
        self._settle_until = 0.0
        self._keys_down: set[int] = set()
        self._scene_touched = False
        self._scene_redraw = False
        self._moved_last = False
        self._calls: deque[Callable[[], Any]] = deque()
        #: Set (e.g. to :data:`BUILD_SLICE_S`) to build screens a slice per frame; None:
        #: a screen is built whole in the frame that opens it (tests, the selftest).
        self.build_slice_s: float | None = None
        #: Input that arrived while a screen was being built, handed to it once built.
        self._held: list[pygame.event.Event] = []
        #: A scene was entered in this step (its first picture comes in the next one).
        self._entered = False
        #: A screen was left or a deal ended: the loop's next rest collects and hands free
        #: heap back to the system (never in a frame that draws; :meth:`rest`).
        self._tidy_due = False
        self._last_update = time.perf_counter()
        if fullscreen:
            self.toggle_fullscreen()

    # --- scenes -----------------------------------------------------------------------
    def register(self, name: str, factory: Callable[[App], Screen]) -> None:
        self.scene_factories[name] = factory

    def go(self, route: Route) -> Screen:
        """Open the screen ``route`` names, with its parameters (game.ui.routes)."""
        return self.switch(route.screen, **route.params())

    def show(self, screen: ScreenName) -> Screen:
        """Go to ``screen`` as it was left, without new parameters (a screen's Back)."""
        return self.switch(screen)

    def switch(self, name: str, **params: Any) -> Screen:
        """Leave the current scene and enter ``name`` (scenes are kept for re-entry); the
        program goes by :meth:`go` and :meth:`show`, typed."""
        left = self.scene
        if left is not None:
            left.leave()
            if self.memory.left(left) and self.scenes.get(left.name) is left:
                del self.scenes[left.name]  # made anew from its route next time
        scene = self.scenes.get(name)
        if scene is None:
            scene = self.scenes[name] = self.scene_factories[name](self)
            self.memory.made(scene)
        self.scene = scene
        scene.params = params
        scene.enter(**params)
        self.invalidate()
        self._entered = True
        # What the screen that was left let go of goes back to the system the next time
        # the loop has nothing to do (game.ui.hostos).
        self._tidy_due = True
        return scene

    # --- redraw requests (see Scene) ------------------------------------------------------
    def invalidate(self, rect: Any = None) -> None:
        """Draw a frame soon and present ``rect`` (None: the whole window)."""
        self._damage.add(rect)

    def redraw_scene(self) -> None:
        """Have the scene draw again and present what it reports changed (any thread)."""
        self._scene_redraw = True

    def call_soon(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the main thread at the start of the next frame (from any thread:
        a search's result, a benchmark's scripted click), and wake the loop for it."""
        self._calls.append(fn)
        self.wake()

    def wake(self) -> None:
        """End the loop's sleep now; safe from any thread."""
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT, wake=True))
        except pygame.error:  # the display is gone (closing)
            pass

    # --- window -----------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_window_size(self, size: tuple[int, int]) -> tuple[int, int]:
        """Resize the window (clamped to the desktop); returns the size it got."""
        self.windowed_size = fit_window(size, self.desktop)
        self.user_sized = True
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._resized()
        return self.windowed_size

    def set_exact_size(self, size: tuple[int, int]) -> None:
        """A window of exactly ``size``, not fitted to the desktop (the checks that walk
        every screen at the sizes they name)."""
        if self.size != tuple(size):
            self.windowed_size = size
            self.screen = pygame.display.set_mode(size)
            self._resized()

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._resized()

    def _resized(self) -> None:
        self.manager.set_window_resolution(self.size)
        if self.scene is not None:
            self.scene.resize(self.size)
        self.invalidate()

    # --- the loop -----------------------------------------------------------------------
    def building(self) -> bool:
        """Whether the current screen is still being built (a slice per frame)."""
        return self.scene is not None and self.scene.building()

    def handle(self, event: pygame.event.Event) -> None:
        if is_wake_event(event):
            return  # it ended the sleep; whatever woke us asks for its own frame
        if event.type not in _QUIET_EVENTS and event.type not in _EXPOSE_EVENTS and \
                event.type not in (pygame.QUIT, pygame.VIDEORESIZE) and self.building():
            self._held.append(event)  # for the screen being built, once it is there
            return
        if event.type not in _QUIET_EVENTS:
            # An input may change anything the scene draws: recompose, present its damage.
            self._scene_touched = True
        if event.type in _EXPOSE_EVENTS:
            self.invalidate()
        if event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            self._settle_until = time.perf_counter() + UI_SETTLE_S
        if event.type == pygame.KEYDOWN:
            self._keys_down.add(event.key)  # pygame-gui repeats held keys in its update
        elif event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1])
            if (w, h) != tuple(self.windowed_size):
                self.user_sized = True
            self.windowed_size = (w, h)
            if (w, h) != (event.w, event.h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        consumed = self.manager.process_events(event)
        if not consumed and self.scene is not None:
            self.scene.handle_event(event)

    def step(self, dt: float, events: list[pygame.event.Event] | None = None) -> bool:
        """One frame: events, update, and — only if something changed — draw and present.

        Returns True when a frame was drawn or a slice of a screen built (its work time is
        in ``frame_times``).
        """
        start = time.perf_counter()
        cpu_start = time.thread_time()
        self._wait_start = run_queue_ms() if self.measure_waits else None
        self._scene_touched = False
        self._entered = False  # (a switch before this step is drawn by it)
        while self._calls and not self.building():
            self._calls.popleft()()
            self._scene_touched = True
        held, self._held = self._held, []
        for event in held + (pygame.event.get() if events is None else events):
            self.handle(event)
        scene = self.scene
        entered = self._entered
        if scene is not None and self.build_slice_s is not None and (
                scene.building() or entered):
            # A slice of the new screen (or, for a scene built at once such as the table,
            # its entering): the window keeps the last picture meanwhile, and the new one
            # is drawn whole in a frame of its own.
            until = start + self.build_slice_s
            # (When leaving the last screen took the slice, the build starts next frame.)
            if scene.building() and not (entered and time.perf_counter() >= until):
                scene.continue_build(until)
            self._damage.full = True
            self._last_update = time.perf_counter()
            self._record(start, cpu_start, scene, 0, False, building=True)
            return True
        self.manager.update(dt)
        if scene is not None:
            scene.update(dt)
        self._last_update = time.perf_counter()
        ui = UISnapshot(self.manager)
        ui_damage = ui.damage(self._ui)
        self._ui_before, self._ui = self._ui, ui
        moving = scene is not None and scene.animating()
        # One frame more after the motion stops: what ended in the last update (a bubble
        # faded out, a card came to rest) is drawn in its final state.
        animating = moving or self._moved_last
        self._moved_last = moving
        if self.screen is not self._presented_on:
            self._damage.full = True  # a new window surface (resize, tests, full screen)
        if self._scene_redraw:
            self._scene_redraw = False
            self._scene_touched = True
        if not (self._damage or ui_damage or animating or self._scene_touched):
            return False
        damage, self._damage = self._damage, Damage()
        # Whether the window still shows the last frame everywhere: a scene may then
        # redraw only what changes (the table does); otherwise it must draw it all.
        self.kept_picture = not damage.full
        live: list[pygame.Rect] | None = []
        if scene is not None:
            live = scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        overlay = getattr(scene, "draw_overlay", None)
        if overlay is not None:
            overlay(self.screen)  # e.g. the keyboard focus frame, above the widgets
        damage.extend(ui_damage)
        if live is not None:
            damage.extend(live)  # the scene knows what changed
        elif animating or self._scene_touched:
            damage.full = True  # it does not, and it was a reason for this frame
        bounds = self.screen.get_rect()
        if damage.full:
            pygame.display.flip()
            presented = bounds.w * bounds.h
        else:
            rects = damage.merged(bounds)
            presented = sum(r.w * r.h for r in rects)
            if presented >= bounds.w * bounds.h * 0.7:
                pygame.display.flip()
            elif rects:
                pygame.display.update(rects)
        self._presented_on = self.screen
        self._record(start, cpu_start, scene, presented, damage.full)
        return True

    def _record(self, start: float, cpu_start: float, scene: Screen | None, presented: int,
                full: bool, building: bool = False) -> None:
        """File a frame's work time (a frame that only built part of a screen too)."""
        ms = (time.perf_counter() - start) * 1000.0
        self.frame_times.append(ms)
        if len(self.frame_times) > 20000:
            del self.frame_times[:10000]
        waited = 0.0
        if self._wait_start is not None:
            waited = max(0.0, (run_queue_ms() or self._wait_start) - self._wait_start)
        self.frames.append(Frame(ms, (time.thread_time() - cpu_start) * 1000.0,
                                 scene.name if scene is not None else "", presented, full,
                                 start, building, waited))

    def widget_rects(self) -> list[pygame.Rect]:
        """Where pygame-gui's visible widgets lie now and lay in the last frame."""
        rects = {rect for _image, rect, _area in self._ui.items}
        rects.update(rect for _image, rect, _area in self._ui_before.items)
        return [pygame.Rect(rect) for rect in rects]

    def awake(self) -> bool:
        """Whether the next frame must come at full rate (else the loop may sleep)."""
        scene = self.scene
        return bool(self._damage or self._moved_last or self._calls or self._scene_redraw
                    or self._held
                    or (scene is not None and (scene.animating() or scene.building())))

    def _sleep_limit(self) -> float:
        """How long the loop may sleep waiting for an event."""
        limit = IDLE_WAKE_S
        if self.idle_tasks:
            return 0.0
        due = self.scene.wake_in() if self.scene is not None else None
        if due is not None:
            limit = min(limit, max(1.0 / FPS, due))
        if self._keys_down or time.perf_counter() < self._settle_until:
            limit = min(limit, 1.0 / SETTLE_HZ)
        focus = self.manager.get_focus_set()
        if focus and any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus):
            limit = min(limit, CARET_WAKE_S)
        return limit

    def run_idle_tasks(self, budget_s: float) -> None:
        """Do queued small jobs until ``budget_s`` seconds are used."""
        end = time.perf_counter() + budget_s
        while self.idle_tasks and time.perf_counter() < end:
            # Our own small jobs (preloading): one that fails is a bug, never hidden.
            more = self.idle_tasks[0]()
            if not more:
                self.idle_tasks.popleft()

    def frame(self) -> bool:
        """One turn of the real loop: wait (or pace), then :meth:`step` with real time.

        At full rate while something moves or changed recently; otherwise sleep
        until an event, a scene timer or :data:`IDLE_WAKE_S`.
        """
        events: list[pygame.event.Event] | None = None
        if self.awake():
            self.clock.tick(FPS)
            now = time.perf_counter()
            dt = min(now - self._last_update, 0.1)
        else:
            self.rest()
            idle_wait.wait(self._sleep_limit())
            events = pygame.event.get()
            now = time.perf_counter()
            # Woken by input: whatever it starts begins now (no jump); by a timer: the
            # time really passed (timers of the scene count it).
            dt = min(now - self._last_update, 1.0 / FPS if events else 1.0)
            self.clock.tick()
        drawn = self.step(dt, events)
        if self.idle_tasks:
            # Spend what is left of this frame's time on background work.
            spare = 1.0 / FPS - (time.perf_counter() - now)
            self.run_idle_tasks(max(0.002, spare - 0.004))
        return drawn

    def step_or_rest(self, dt: float) -> bool:
        """A scripted frame (the selftest): :meth:`step`, and where the real loop would
        sleep (nothing drawn, nothing due), :meth:`rest` as it does."""
        drawn = self.step(dt)
        if not drawn and not self.awake():
            self.rest()
        return drawn

    def tidy_at_rest(self) -> None:
        """Collect and hand free heap back the next time the loop rests, as after a screen
        change: a deal's end, whose passing pictures (cards in flight, bubbles, the
        dealing) are gone by then (megabytes at 1920x1080)."""
        self._tidy_due = True

    def rest(self) -> None:
        """What the loop does on its way to sleep (nothing is drawn then).

        After a screen change or a deal's end (:meth:`tidy_at_rest`): a full collection —
        the widgets of the screen that was left (pygame-gui's hold each other in cycles),
        their pictures and pygame-gui's pages of shapes wait for one (Python's own is made
        rare, below, and much can wait for it after a tour of the screens) — then what it
        freed goes back to the system.  Otherwise a full collection only when one is due."""
        tidy, self._tidy_due = self._tidy_due, False
        self.collect_when_idle(now=tidy)
        if tidy:
            release_heap()

    @staticmethod
    def collect_when_idle(now: bool = False) -> None:
        """Collect garbage now, while nothing is to be drawn, when a full collection is due
        (or ``now``).

        Python's full collection walks every object that may be in a cycle (more than a
        frame's work with the table's objects) and runs in whichever frame — or worker thread,
        stopping the window's thread on the GIL — happens to allocate when it is due: it
        made the hand history's first opening and a language switch frames far over the
        limit.  So the automatic one is made rare (``GC_FULL_RARELY``) and the
        loop does it on the way to sleep, where it costs no frame."""
        threshold = gc.get_threshold()
        if threshold[2] < GC_FULL_DUE * GC_FULL_RARELY:
            gc.set_threshold(threshold[0], threshold[1], GC_FULL_DUE * GC_FULL_RARELY)
        if now or gc.get_count()[2] >= GC_FULL_DUE:
            gc.collect()

    def run(self, max_frames: int | None = None) -> int:
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            self.frame()
            frames += 1
        return 0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """The window is closed for good: the scenes (their widgets, pictures and tables)
        and pygame-gui's manager (its fonts and shapes) are let go, then pygame quits.
        The services (settings, storage) stay for whoever reads them after."""
        for scene in self.scenes.values():
            scene.shutdown()
        self.scenes.clear()
        self.scene = None
        self._calls.clear()
        self.idle_tasks.clear()
        self._held = []
        self._ui = self._ui_before = UISnapshot()
        self.manager.clear_and_reset()
        del self.manager
        pygame.quit()
        gc.collect()  # widgets and their manager hold each other
        release_heap()


def install_services(app: App, storage: Storage | None = None,
                     settings: Settings | None = None) -> Services:
    """Register ``storage``, ``settings`` and ``sound`` in ``app.services`` (idempotent).

    Scenes reach files, preferences and sound only through these services, so tests
    can point storage at a temporary folder and run without an audio device.
    """
    from . import i18n
    from .sound import Sounds

    storage = storage or app.services.storage or Storage(background=True)
    if settings is None:
        settings = app.services.settings or storage.load_settings()
    app.services.storage = storage
    app.services.settings = settings
    if app.services.sound is None:
        app.services.sound = Sounds(settings)
    else:
        app.services.sound.settings = settings
    i18n.set_language(app.manager.get_locale())
    return app.services
