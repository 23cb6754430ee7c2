"""Keyboard focus for the menus: Tab/arrows move, Enter/Space press, Left/Right change.

pygame-gui has no keyboard focus traversal of its own, so each screen lists its
controls in reading order in a :class:`FocusRing`.  An item is a pygame-gui
element or one of our composite widgets; the ring asks for duck-typed hooks:

* ``focus_activate()`` — Enter/Space (buttons: a real ``UI_BUTTON_PRESSED`` is posted,
  so keyboard and mouse take the same code path);
* ``focus_step(+1/-1)`` — Left/Right on choices, toggles and sliders;
* ``focus_rect`` or ``rect`` — where to draw the focus frame.

The focus frame is a thick light outline plus an arrow marker, so it does not rely on
colour alone (accessibility), and it is drawn only once the keyboard has been used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

FOCUS_COLOUR = (255, 246, 200)
FOCUS_SHADOW = (10, 20, 14)


def is_enabled(item: Any) -> bool:
    if hasattr(item, "focus_enabled"):
        return bool(item.focus_enabled)
    if not getattr(item, "visible", True):
        return False
    return bool(getattr(item, "is_enabled", True))


def item_rect(item: Any) -> pygame.Rect:
    rect = getattr(item, "focus_rect", None) or item.rect
    return pygame.Rect(rect)


def press_button(button: pygame_gui.elements.UIButton) -> None:
    """Post the event a mouse click on ``button`` would post."""
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
        "ui_element": button, "ui_object_id": button.most_specific_combined_id,
        "mouse_button": 1}))


class FocusRing:
    def __init__(self, items: Sequence[Any] = ()):
        self.items: list[Any] = list(items)
        self.index: int | None = None
        #: Draw the frame only after a key was used (mouse players never see it).
        self.visible = False

    @property
    def current(self) -> Any | None:
        if self.index is None or not self.items:
            return None
        return self.items[self.index % len(self.items)]

    def set_items(self, items: Sequence[Any], keep: bool = True) -> None:
        old = self.current
        self.items = list(items)
        if keep and old in self.items:
            self.index = self.items.index(old)
        elif self.index is not None:
            self.index = min(self.index, len(self.items) - 1) if self.items else None

    def focus(self, item: Any) -> None:
        if item in self.items:
            self.index = self.items.index(item)

    def move(self, delta: int) -> Any | None:
        if not self.items:
            return None
        previous = self.current
        if isinstance(previous, pygame_gui.elements.UITextEntryLine) and previous.is_focused:
            previous.ui_manager.set_focus_set(None)  # typing must not follow the old field
        n = len(self.items)
        start = (-1 if delta > 0 else 0) if self.index is None else self.index
        for k in range(1, n + 1):
            i = (start + delta * k) % n
            if is_enabled(self.items[i]):
                self.index = i
                return self.items[i]
        return None

    def activate(self) -> bool:
        item = self.current
        if item is None or not is_enabled(item):
            return False
        if hasattr(item, "focus_activate"):
            item.focus_activate()
        elif isinstance(item, pygame_gui.elements.UIButton):
            press_button(item)
        elif isinstance(item, pygame_gui.elements.UITextEntryLine):
            item.ui_manager.set_focus_set(item)
        else:
            return False
        return True

    def step(self, delta: int) -> bool:
        item = self.current
        if item is None:
            return False
        if hasattr(item, "focus_step"):
            item.focus_step(delta)
            return True
        if isinstance(item, pygame_gui.elements.UIHorizontalSlider):
            low, high = item.value_range
            span = high - low
            value = max(low, min(high, item.get_current_value() + delta * span / 20))
            item.set_current_value(value)
            pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
                "ui_element": item, "ui_object_id": item.most_specific_combined_id,
                "value": item.get_current_value()}))
            return True
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """React to a KEYDOWN; True if the ring used it."""
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_TAB:
            self.visible = True
            return self.move(-1 if shift else 1) is not None
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.visible = True
            return self.move(1 if key == pygame.K_DOWN else -1) is not None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.visible = True
            delta = 1 if key == pygame.K_RIGHT else -1
            if self.current is not None and self.step(delta):
                return True
            return self.move(delta) is not None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.current is None:
                self.visible = True
                return self.move(1) is not None
            self.visible = True
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface) -> None:
        item = self.current
        if not self.visible or item is None or not is_enabled(item):
            return
        r = item_rect(item).inflate(10, 10)
        pygame.draw.rect(surface, FOCUS_SHADOW, r.inflate(4, 4), 3, border_radius=12)
        pygame.draw.rect(surface, FOCUS_COLOUR, r, 3, border_radius=10)
        # An arrow marker left of the control: a shape cue besides the colour.
        cx, cy = r.left - 12, r.centery
        outer = [(cx - 9, cy - 10), (cx + 3, cy), (cx - 9, cy + 10)]
        pygame.draw.polygon(surface, FOCUS_SHADOW, outer)
        inner = [(cx - 8, cy - 8), (cx + 1, cy), (cx - 8, cy + 8)]
        pygame.draw.polygon(surface, FOCUS_COLOUR, inner)
