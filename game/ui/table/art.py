"""Card pictures for the table: faces and backs at exact pixel heights, rotated and shaded.

The deck renderer draws vector artwork at the requested height (crisp at any
window size); this module adds what the table needs on top — rotations, the
"flip" squeeze, dimming, highlight rims and soft shadows — and caches every
variant, because rotating or scaling a card per frame costs a good part of
the 8 ms frame budget (TOOLING.md).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.ui.decks.renderer import DeckRenderer
from game.ui.workers import as_helper

log = logging.getLogger(__name__)

#: Settings.card_back values (short) to the renderer's back ids.
BACK_IDS = {"red": "classic-red", "blue": "blue-rosette", "green": "green-ornament",
            "tell": "tell-checks"}
CARD_ASPECT = 0.69


_SHARED: DeckRenderer | None = None
_SHARED_LOCK = threading.Lock()
MB = 1024 * 1024
#: The renderer keeps the plain faces and backs at the hand and table heights: this holds
#: the deck in play, another one after a switch and the odd size; the LRU drops the oldest
#: beyond that.  Grown with the window's area by :func:`fit_renderer`.
RENDERER_ENTRIES = 400
RENDERER_MB = 12
#: CardArt's budgets at 1280x720 (grown with the window's area).  What a deal shows at
#: rest — twelve hand cards with their glow or dimmed looks, the trick, stock, piles,
#: the opponents' rotated backs and their shadows — fits with room to spare (plain faces
#: are the renderer's pictures, not copies).  Pictures of cards in flight (in-between
#: angles, the flip's squeezed widths, their shadows) are used for a few frames each:
#: they go to the small ``moving`` cache, so they never push out what lies at rest
#: (they filled a far larger budget at 1080p within one deal).
PICTURES_MB = 8
MOVING_MB = 3
#: The shapes that do not depend on the deck (soft shadows, glow rims, dimming veils),
#: shared by every CardArt of the program: a deck switch or a new table keeps them, and
#: the preload makes the first table's ahead of time (each shadow or rim is a blur: a
#: dozen of them made the table's first picture a hitch).
SHAPES_MB = 3


def make_renderer() -> DeckRenderer:
    """The table's deck renderer: one for the program, so faces rendered ahead of time
    (:mod:`game.ui.preload`, on a worker thread) serve every table."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None:
            _SHARED = DeckRenderer(max_entries=RENDERER_ENTRIES, max_bytes=RENDERER_MB * MB)
        return _SHARED


def fit_renderer(renderer: DeckRenderer, window: tuple[int, int]) -> None:
    """Give the shared renderer a budget for this window (area-proportional)."""
    scale = max(1.0, window[0] * window[1] / (1280 * 720))
    renderer.max_bytes = round(RENDERER_MB * scale * MB)


class _LRU:
    """Least-recently-used surfaces, bounded by count *and* bytes (a 4K card is ~1 MB).

    Thread-safe: the preload fills the shared shapes from its worker."""

    def __init__(self, limit: int, max_bytes: int = 160 * 1024 * 1024):
        self.limit = limit
        self.max_bytes = max_bytes
        self.bytes = 0
        self.data: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> pygame.Surface | None:
        with self._lock:
            s = self.data.get(key)
            if s is not None:
                self.data.move_to_end(key)
            return s

    def pop(self, key: Hashable) -> pygame.Surface | None:
        with self._lock:
            s = self.data.pop(key, None)
            if s is not None:
                self.bytes -= _nbytes(s)
            return s

    def put(self, key: Hashable, s: pygame.Surface) -> pygame.Surface:
        with self._lock:
            old = self.data.pop(key, None)
            if old is not None:
                self.bytes -= _nbytes(old)
            self.data[key] = s
            self.bytes += _nbytes(s)
            while len(self.data) > 1 and (len(self.data) > self.limit or
                                          self.bytes > self.max_bytes):
                _k, gone = self.data.popitem(last=False)
                self.bytes -= _nbytes(gone)
            return s

    def clear(self) -> None:
        with self._lock:
            self.data.clear()
            self.bytes = 0


_SHAPES = _LRU(400, SHAPES_MB * MB)


def shared_shapes(window: tuple[int, int] | None = None) -> _LRU:
    """The program's shadows, glow rims and veils (budget grown with the window's area)."""
    if window is not None:
        _SHAPES.max_bytes = round(SHAPES_MB * max(1.0, window[0] * window[1] / (1280 * 720))
                                  * MB)
    return _SHAPES


def _nbytes(s: pygame.Surface) -> int:
    return s.get_width() * s.get_height() * s.get_bytesize()


class CardArt:
    """Every card picture the table draws, cached by (card, height, angle, look)."""

    def __init__(self, renderer: DeckRenderer, artwork: str, back: str,
                 window: tuple[int, int] = (1280, 720)):
        self.renderer = renderer
        self.artwork = artwork
        self.back_id = BACK_IDS.get(back, back)
        self._scale = 1.0
        self.set_window(window)
        self._new_caches()
        self._warm_gen = 0
        #: The gen of the last :meth:`stop_warming`: a worker started before it ends quietly.
        self._stopped_gen = 0
        #: The workers drawing ahead (warm-up, a deck being prepared), to be waited for.
        self._workers: list[threading.Thread] = []
        self._check_ids()

    def set_window(self, size: tuple[int, int]) -> None:
        """Cache budgets follow the window (a 4K card weighs nine times a 720p one)."""
        fit_renderer(self.renderer, size)
        shared_shapes(size)
        scale = max(1.0, size[0] * size[1] / (1280 * 720))
        if scale != self._scale:
            self._scale = scale
            if hasattr(self, "_cache"):
                self._cache.max_bytes = round(PICTURES_MB * scale * MB)
                self._moving.max_bytes = round(MOVING_MB * scale * MB)

    def _new_caches(self) -> None:
        #: Finished pictures at rest (rotated, dimmed, glowing), shadows, suit signs.
        self._cache = _LRU(1500, round(PICTURES_MB * self._scale * MB))
        #: Cards in flight at in-between heights: many sizes, each used a few frames.
        self._moving = _LRU(400, round(MOVING_MB * self._scale * MB))

    def _check_ids(self) -> None:
        try:
            self.renderer.back(20, self.back_id)
        except ValueError:  # an unknown back id in old settings: the default
            self.back_id = "classic-red"
        try:
            self.renderer.face("AS", 20, self.artwork)
        except ValueError:  # an unknown artwork id: the default
            self.artwork = "french-classic"

    def set_style(self, artwork: str, back: str) -> None:
        """Another deck or back: the pictures of the old one go (the shared shapes stay)."""
        back = BACK_IDS.get(back, back)
        if (artwork, back) != (self.artwork, self.back_id):
            # A warm-up of the old deck would draw its faces into the shared renderer
            # after the caller has let go of them.
            self.stop_warming()
            self.artwork, self.back_id = artwork, back
            self._check_ids()
            self._new_caches()

    def release(self) -> None:
        """Let go of this table's own pictures (the screen was left; made again on demand)."""
        self.stop_warming()
        self._new_caches()

    def stop_warming(self) -> None:
        """Stop the workers drawing faces ahead and wait for them (at most the face each is
        drawing): nothing of this table's decks is drawn into the shared renderer after
        this returns, so what the caller lets go of next stays gone.  A deck being
        prepared is not switched to (its ``done`` is not called)."""
        self._warm_gen += 1
        self._stopped_gen = self._warm_gen
        workers, self._workers = self._workers, []
        me = threading.current_thread()
        for w in workers:
            if w is not me:
                w.join()

    def _start_worker(self, work: Callable[[], None], name: str) -> None:
        self._workers = [w for w in self._workers if w.is_alive()]
        worker = threading.Thread(target=work, daemon=True, name=name)
        self._workers.append(worker)
        worker.start()

    def cache_bytes(self) -> int:
        """What this table's own picture caches hold (the shared shapes and the renderer's
        plain faces apart)."""
        return self._cache.bytes + self._moving.bytes

    def size(self, height: int) -> tuple[int, int]:
        return self.renderer.card_size(height)

    def base(self, card: str | None, height: int) -> pygame.Surface:
        """The unrotated picture; ``card`` None is the back."""
        if card is None or card == "??":
            return self.renderer.back(height, self.back_id)
        return self.renderer.face(card, height, self.artwork)

    def picture(self, card: str | None, height: int, angle: int = 0, squeeze: int = 10,
                dim: bool = False, glow: tuple[int, int, int] | None = None,
                moving: bool = False) -> pygame.Surface:
        """A finished card surface: ``squeeze`` 0..10 is the flip width in tenths.

        ``moving``: the card is in flight (its angle is an in-between one); such a
        picture, and every squeezed one, is kept in the small cache of moving pictures."""
        if not (angle or squeeze != 10 or dim or glow):
            return self.base(card, height)  # the renderer's own picture: no copy to keep
        key = (card, height, angle, squeeze, dim, glow)
        s = self._cache.get(key)
        if s is not None:
            return s
        transient = moving or squeeze != 10
        s = self._moving.get(key)
        if s is not None:
            if not transient:  # it came to rest: keep it with the resting pictures
                self._moving.pop(key)
                self._cache.put(key, s)
            return s
        s = self.base(card, height)
        if squeeze != 10:
            w = max(1, round(s.get_width() * squeeze / 10))
            s = pygame.transform.smoothscale(s, (w, s.get_height()))
        if dim or glow:
            s = s.copy()
            r = s.get_rect()
            rad = max(3, height // 16)
            if dim:
                s.blit(self._veil(r.size, rad), (0, 0))
            if glow:
                pad = max(3, height // 28)
                big = self._rim(r.size, rad, pad, glow).copy()
                big.blit(s, (pad, pad))
                s = big
        if angle and transient:
            s = pygame.transform.rotate(s, angle)  # in flight for a moment: the fast way
        elif angle:
            # At rest a card is looked at: smoothed, its edges straight.  (Unsmoothed, a
            # few degrees step the edges by pixel columns and one card reads as two
            # overlapping.)  Made once, kept with the resting pictures.
            s = pygame.transform.rotozoom(s, angle, 1.0)
        return (self._moving if transient else self._cache).put(key, s)

    @staticmethod
    def _veil(size: tuple[int, int], rad: int) -> pygame.Surface:
        """The dimming veil of a card of ``size`` (shared: one per size)."""
        key = ("veil", size, rad)
        s = _SHAPES.get(key)
        if s is None:
            s = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(s, (20, 30, 25, 120), s.get_rect(), border_radius=rad)
            s = _SHAPES.put(key, s)
        return s

    @staticmethod
    def _rim(size: tuple[int, int], rad: int, pad: int,
             glow: tuple[int, int, int]) -> pygame.Surface:
        """The blurred glow behind a card of ``size`` (shared: one blur per size and colour,
        not one per card)."""
        key = ("rim", size, rad, pad, glow)
        s = _SHAPES.get(key)
        if s is None:
            s = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(s, (*glow, 235), s.get_rect(), border_radius=rad + pad)
            s = _SHAPES.put(key, pygame.transform.gaussian_blur(s, max(1, pad // 2)))
        return s

    def warm_shapes(self, heights: list[int], hand_h: int,
                    glows: list[tuple[int, int, int]]) -> None:
        """Make the shadows of cards of ``heights`` (upright and sideways) and the glow
        rims and veil of the hand's cards ahead of time: the preload does, on its worker,
        so the table's first picture blurs nothing (a blur is slow at 1080p)."""
        for h in heights:
            w, hh = self.size(h)
            self.shadow(w, hh)
            self.shadow(hh, w)
        w, hh = self.size(hand_h)
        rad = max(3, hand_h // 16)
        self._veil((w, hh), rad)
        for g in glows:
            self._rim((w, hh), rad, max(3, hand_h // 28), g)

    def scaled(self, card: str | None, height: int, from_height: int, angle: int = 0,
               squeeze: int = 10) -> pygame.Surface:
        """A card at an in-between height (during a move), downscaled from a crisp larger one."""
        key = ("scaled", card, height, from_height, angle, squeeze)
        s = self._moving.get(key)
        if s is not None:
            return s
        src = self.base(card, from_height)
        w, h = self.size(height)
        w = max(1, round(w * squeeze / 10))
        s = pygame.transform.smoothscale(src, (w, h))
        if angle:
            s = pygame.transform.rotate(s, angle)
        return self._moving.put(key, s)

    def shadow(self, w: int, h: int, angle: int = 0, moving: bool = False) -> pygame.Surface:
        """A soft shadow for a card of ``w``×``h``: blurred once per size, rotated copies cached.

        Sizes are quantised to 8 px so cards in flight reuse a few shadows.  Shadows do
        not depend on the deck: every CardArt shares them.  ``moving``: for a card in
        flight, whose in-between angles are kept only in the cache of moving pictures.
        """
        w, h = max(8, w // 8 * 8), max(8, h // 8 * 8)
        key = ("shadow", w, h, angle)
        s = _SHAPES.get(key)
        if s is None and angle:
            s = self._moving.get(key)
        if s is not None:
            return s
        if angle:
            s = pygame.transform.rotate(self.shadow(w, h, 0), angle)
            return (self._moving if moving else _SHAPES).put(key, s)
        pad = max(4, h // 14)
        s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        pygame.draw.rect(s, (0, 0, 0, 110), pygame.Rect(pad, pad, w, h),
                         border_radius=max(3, h // 14))
        s = pygame.transform.gaussian_blur(s, max(2, pad // 2))
        return _SHAPES.put(key, s)

    def suit_icon(self, suit: str, size: int) -> pygame.Surface:
        key = ("suit", suit, size)
        s = self._cache.get(key)
        if s is None:
            s = self._cache.put(key, self.renderer.suit_icon(suit, size, self.artwork))
        return s

    def suit_chip(self, suit: str, size: int) -> pygame.Surface:
        """The suit icon on a small card-coloured tile: black suits stay visible on dark panels."""
        key = ("chip", suit, size)
        s = self._cache.get(key)
        if s is None:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(s, (250, 246, 235), s.get_rect(), border_radius=max(3, size // 4))
            icon = self.suit_icon(suit, round(size * 0.78))
            s.blit(icon, ((size - icon.get_width()) // 2, (size - icon.get_height()) // 2))
            s = self._cache.put(key, s)
        return s

    def prepare(self, artwork: str, faces: list[tuple[str, int]],
                done: Callable[[], None]) -> None:
        """Render ``faces`` (card, height) of ``artwork`` on a worker, then call ``done``
        (from the worker: hand it to the main thread).  Nothing here changes the deck
        shown until the caller switches to it."""
        self._warm_gen += 1
        gen = self._warm_gen

        def work() -> None:
            as_helper()
            try:
                for card, h in faces:
                    if gen != self._warm_gen:
                        return
                    self.renderer.face(card, h, artwork)
            finally:
                # the switch goes on (a face that failed here fails again when drawn),
                # unless the table stopped its workers: it left this deck behind
                if self._stopped_gen < gen:
                    done()

        self._start_worker(work, "card-prepare")

    def warm(self, cards: list[str], heights: list[int], background: bool = True) -> None:
        """Render the faces of a deck in advance so no frame of a deal stalls on them.

        Rendering a deck at two heights takes many frames' worth of CPU (nanosvg): on a worker
        thread it overlaps the shuffle and the deal (the rasteriser runs without the
        GIL), and the table never waits for it — a face needed before the worker got
        to it is drawn on the spot, as without warming.  A newer call (another deck,
        another size) makes the older worker stop.
        """
        self._warm_gen += 1
        gen = self._warm_gen
        artwork, back = self.artwork, self.back_id
        jobs: list[tuple[str | None, int]] = [(None, h) for h in heights]
        jobs += [(c, h) for h in heights for c in cards]

        def work() -> None:
            as_helper()
            for card, h in jobs:
                if gen != self._warm_gen:
                    return
                if card is None:
                    self.renderer.back(h, back)
                else:
                    self.renderer.face(card, h, artwork)

        if not background or not hasattr(self.renderer, "has_face"):
            work()
            return
        self._start_worker(work, "card-warm")
