"""What a screen shows, said as data: the builder (game.ui.builder) makes it.

A menu-like screen's :meth:`~game.ui.scenes.base.MenuScene.build` returns a
:class:`Shown`: its widgets in the order they are made, each with where it goes, what
it says and what it does; the work to do ahead of the first picture (card faces,
boxes, fonts, panels); and the keyboard's focus order.  How that is sliced into frames,
which pygame-gui looks are drawn ahead and what is let go when the screen is left are
the builder's business: a screen never says when a frame ends.

A place may depend on what is made before it (a text box as tall as its text pushes
the rows below it): such a place is a function of :data:`Made`, the elements made so
far by name; so is ``when``, for a widget shown only if there is room.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

#: The elements made so far, by the names their declarations gave them.
Made = Mapping[str, Any]
#: Where an element goes: a rectangle, or one computed from the elements made before it.
Place = pygame.Rect | Callable[[Made], pygame.Rect]
#: Whether an element is made at all, judged when its turn comes.
When = Callable[[Made], bool] | None
#: The keyboard focus ring's order: elements in ascending ``focus``, the same ``focus``
#: in the order declared; ``None`` stays out of the ring.
Focus = int | None


@dataclass(frozen=True)
class Label:
    """A line of text (a translation key or a literal)."""

    rect: Place
    text: str
    object_id: str | None = None
    text_kwargs: Mapping[str, str] = field(default_factory=dict)
    container: str | None = None
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Button:
    """A button; pressed, the screen hears ``key`` (mouse or keyboard alike)."""

    key: str
    rect: Place
    text: str
    object_id: str | None = None
    tooltip: str | None = None
    enabled: bool = True
    selected: bool = False
    visible: bool = True
    text_kwargs: Mapping[str, str] = field(default_factory=dict)
    container: str | None = None
    focus: Focus = 0
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class TextBox:
    """Text that wraps (a translation key or HTML); height -1: as tall as its text.

    ``boxed``: the screen draws its rounded box under it (game.ui.widgets.boxes),
    themed by ``object_id``."""

    text: str
    rect: Place
    object_id: str | None = None
    boxed: bool = False
    container: str | None = None
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Choice:
    """A drop-down of ``(label, value)`` entries; ``on_change`` hears the value chosen."""

    rect: Place
    options: Sequence[tuple[str, Any]]
    value: Any
    on_change: Callable[[Any], None]
    focus: Focus = 0
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Toggle:
    """An on/off switch."""

    rect: Place
    value: bool
    on_change: Callable[[bool], None]
    focus: Focus = 0
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class TextEntry:
    """A line the player types in."""

    rect: Place
    initial_text: str = ""
    placeholder: str | None = None
    limit: int | None = None
    focus: Focus = 0
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Slider:
    """A horizontal slider over ``value_range``."""

    rect: Place
    value: int
    value_range: tuple[int, int]
    focus: Focus = 0
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class ScrollPage:
    """A vertically scrolling container other elements name as theirs."""

    rect: Place
    object_id: str | None = None
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Image:
    """A picture made by the screen (a score sheet)."""

    rect: Place
    surface: pygame.Surface
    container: str | None = None
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Element:
    """Any other pygame-gui element, made by ``make`` from what is made before it."""

    make: Callable[[Made], Any]
    focus: Focus = None
    name: str | None = None
    when: When = None


@dataclass(frozen=True)
class Faces:
    """Card faces the screen will draw, rendered ahead (slow the first time)."""

    cards: Sequence[str]
    height: int
    artwork: str


@dataclass(frozen=True)
class BoxLooks:
    """The pictures of a rounded box the screen will draw, made ahead."""

    rect: Place
    style: str


@dataclass(frozen=True)
class Prepare:
    """Work done ahead of the first picture (fonts loaded, a panel painted)."""

    call: Callable[[], None]


@dataclass(frozen=True)
class Then:
    """A touch on what is made before it (a scroll area sized to its sections)."""

    call: Callable[[Made], None]


Item = (Label | Button | TextBox | Choice | Toggle | TextEntry | Slider | ScrollPage | Image
        | Element | Faces | BoxLooks | Prepare | Then)


@dataclass
class Shown:
    """A screen's declaration: its items in the order made, and the element (by name)
    the keyboard focus starts on."""

    items: list[Item] = field(default_factory=list)
    focused: str | None = None

    def add(self, *items: Item) -> None:
        self.items.extend(items)
