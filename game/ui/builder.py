"""One builder paces the construction of every screen across frames.

pygame-gui makes a widget — its text laid out, its shapes drawn in every state — in
milliseconds, and a screen of forty widgets made in one frame was a long frame.  So a
screen says what it shows (:mod:`game.ui.shown`; the table, a list of its steps), the
builder turns that into steps — an element, a card face, a box's picture each — and a
:class:`Build` runs as many as fit before the frame's deadline; the window keeps showing
the last picture meanwhile (game.ui.scene).  Without a deadline (tests, the first screen
of the program) a screen is built whole, now.  How the steps are sliced, which steps are
long, which of pygame-gui's looks are drawn ahead, what runs once the last step is done,
what happens to a build its screen left or started again and letting go of what a left
screen made live here and nowhere else.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

import pygame
import pygame_gui

from game.ui import shown as sh
from game.ui.gui_internals import pending_looks
from game.ui.widgets.boxes import warm_box
from game.ui.widgets.choice import Choice, Toggle
from game.ui.widgets.focus import FocusRing

#: Any element a screen keeps (returned as the type it was given).
E = TypeVar("E")

#: Yielded by a step before one it knows is long: that one waits for a frame of its own.
LONG = True


class Build:
    """The construction of one screen, a slice per frame.

    ``one_per_frame``: a step is a frame's whole share (the table's steps are each a
    frame's worth: the theme at a new text size, the widgets, the next deal); and with
    ``rest_first`` the frame that opened the screen runs none of them.
    """

    def __init__(self, steps: Iterator[bool | None], one_per_frame: bool = False,
                 rest_first: bool = False):
        self._steps: Iterator[bool | None] | None = steps
        self.one_per_frame = one_per_frame
        self._rest = rest_first
        self._then: list[Callable[[], None]] = []

    @classmethod
    def of_calls(cls, calls: Iterable[Callable[[], None]], one_per_frame: bool = True,
                 rest_first: bool = True) -> Build:
        """A build whose steps are plain calls (done as the last call returns)."""
        def steps() -> Iterator[bool | None]:
            for i, call in enumerate(calls):
                if i:
                    yield None
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
            said = next(steps, StopIteration)
            if said is StopIteration:
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
            if now + (now - began) >= until or (said is LONG and until < math.inf):
                return


# --- a screen's declaration, made element by element --------------------------------------


class Holder(Protocol):
    """What the builder needs of a screen: where its elements are made and kept (the
    menu-like screens' base, game.ui.scenes.base.MenuScene)."""

    @property
    def manager(self) -> pygame_gui.UIManager: ...

    focus: FocusRing

    def add(self, element: E) -> E: ...

    def boxed(self, element: E, style: str) -> E: ...

    def button(self, key: str, rect: pygame.Rect, text: str, object_id: str | None = None,
               container: object = None, tooltip: str | None = None, enabled: bool = True,
               **text_kwargs: str) -> pygame_gui.elements.UIButton: ...

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None,
              container: object = None, **text_kwargs: str) -> pygame_gui.elements.UILabel: ...

    def choice(self, rect: pygame.Rect, options: list[tuple[str, Any]], value: Any,
               on_change: Callable[[Any], None], container: object = None) -> Choice: ...

    def toggle(self, rect: pygame.Rect, value: bool, on_change: Callable[[bool], None],
               container: object = None) -> Toggle: ...


def screen_steps(screen: Holder, shown: sh.Shown, made: dict[str, Any],
                 ahead: Sequence[Callable[[], object]] = ()) -> Iterator[bool | None]:
    """The steps that make ``shown`` on ``screen``: ``ahead`` first (the felt), then an
    element, a card face or a box's picture a step, the focus ring, and last the looks
    pygame-gui would draw in the screen's first frames.  ``made`` receives each named
    element as it is made."""
    for call in ahead:
        call()
        yield None
    ring: list[tuple[int, int, object]] = []
    for item in shown.items:
        yield from _item_steps(screen, item, made, ring)
    ring.sort(key=lambda entry: (entry[0], entry[1]))
    screen.focus.set_items([element for _, _, element in ring])
    if shown.focused is not None and shown.focused in made:
        screen.focus.focus(made[shown.focused])
    yield from pending_looks(screen.manager)


def _rect(place: sh.Place, made: dict[str, Any]) -> pygame.Rect:
    return place if isinstance(place, pygame.Rect) else place(made)


def _container(name: str | None, made: dict[str, Any]) -> Any:
    return None if name is None else made[name]


def _item_steps(screen: Holder, item: sh.Item, made: dict[str, Any],
                ring: list[tuple[int, int, object]]) -> Iterator[bool | None]:
    """One declaration's steps (none when its ``when`` says no)."""
    if isinstance(item, sh.Faces):
        from game.ui.widgets.cards import face

        for card in item.cards:
            face(card, item.height, item.artwork)
            yield None
        return
    if isinstance(item, sh.BoxLooks):
        yield from warm_box(_rect(item.rect, made), item.style)
        return
    if isinstance(item, sh.Prepare):
        item.call()
        yield None
        return
    if isinstance(item, sh.Then):
        item.call(made)
        yield None
        return
    if item.when is not None and not item.when(made):
        return
    element: Any
    focus: sh.Focus = None
    if isinstance(item, sh.Label):
        element = screen.label(_rect(item.rect, made), item.text, object_id=item.object_id,
                               container=_container(item.container, made), **item.text_kwargs)
    elif isinstance(item, sh.Button):
        element = screen.button(item.key, _rect(item.rect, made), item.text,
                                object_id=item.object_id,
                                container=_container(item.container, made),
                                tooltip=item.tooltip, enabled=True, **item.text_kwargs)
        focus = item.focus
        if not item.visible:
            element.hide()
        if item.selected or not item.enabled:
            if item.name is not None:
                made[item.name] = element
            # its selected or disabled look is drawn at once: a step of its own
            yield None
            if item.selected:
                element.select()
            if not item.enabled:
                element.disable()
    elif isinstance(item, sh.TextBox):
        from game.ui.gui_internals import PlainTextBox

        rect = _rect(item.rect, made)
        if item.boxed:
            yield LONG  # its rounded box is slow to make large: a slice of its own
        element = PlainTextBox(item.text, rect, screen.manager,
                               container=_container(item.container, made),
                               object_id=item.object_id)
        if item.boxed:
            screen.boxed(element, item.object_id or "")
        else:
            screen.add(element)
    elif isinstance(item, sh.Choice):
        element = screen.choice(_rect(item.rect, made), list(item.options), item.value,
                                item.on_change)
        focus = item.focus
    elif isinstance(item, sh.Toggle):
        element = screen.toggle(_rect(item.rect, made), item.value, item.on_change)
        focus = item.focus
    elif isinstance(item, sh.TextEntry):
        element = screen.add(pygame_gui.elements.UITextEntryLine(
            _rect(item.rect, made), screen.manager, initial_text=item.initial_text,
            placeholder_text=item.placeholder))
        if item.limit is not None:
            element.set_text_length_limit(item.limit)
        focus = item.focus
    elif isinstance(item, sh.Slider):
        element = screen.add(pygame_gui.elements.UIHorizontalSlider(
            _rect(item.rect, made), item.value, item.value_range, screen.manager))
        focus = item.focus
    elif isinstance(item, sh.ScrollPage):
        element = screen.add(pygame_gui.elements.UIScrollingContainer(
            _rect(item.rect, made), screen.manager, allow_scroll_x=False,
            object_id=item.object_id))
    elif isinstance(item, sh.Image):
        element = screen.add(pygame_gui.elements.UIImage(
            _rect(item.rect, made), item.surface, screen.manager,
            container=_container(item.container, made)))
    else:
        element = screen.add(item.make(made))
        focus = item.focus
    if item.name is not None:
        made[item.name] = element
    if focus is not None:
        ring.append((focus, len(ring), element))
    yield None
