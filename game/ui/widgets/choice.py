"""Composite controls: a drop-down choice and an on/off toggle, both keyboard-steppable.

They wrap pygame-gui elements (a ``UIDropDownMenu``, a ``UIButton``) so mouse use is
pygame-gui's own; what we add is a value, a change callback and the focus hooks of
:mod:`game.ui.widgets.focus`.  Labels are translation keys ("ui.level_easy") or plain
text: pygame-gui translates them and re-translates on ``set_locale``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui

from game.ui.gui_internals import full_width_list, selected_button, translate


class Choice:
    """One value out of a list, shown as a drop-down."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect,
                 options: Sequence[tuple[str, Any]], value: Any,
                 on_change: Callable[[Any], None] | None = None,
                 object_id: str = "#choice", container: Any = None):
        self.manager = manager
        self.relative_rect = pygame.Rect(rect)
        self.options = list(options)
        self.values = [v for _, v in self.options]
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.object_id = object_id
        self.container = container
        self.menu: pygame_gui.elements.UIDropDownMenu | None = None
        self._build()

    def _build(self) -> None:
        if self.menu is not None:
            self.menu.kill()
        labels = [label for label, _ in self.options]
        self.menu = self._menu(labels)
        fitted = self._fitted(labels)
        if fitted != labels:
            self.menu.kill()
            self.menu = self._menu(fitted)

    def _menu(self, labels: list[str]) -> pygame_gui.elements.UIDropDownMenu:
        opts: list[str | tuple[str, str]] = [(label, str(i)) for i, label in enumerate(labels)]
        menu = pygame_gui.elements.UIDropDownMenu(
            opts, opts[self.index], self.relative_rect, self.manager,
            container=self.container, object_id=self.object_id)
        full_width_list(menu)
        return menu

    def _fitted(self, labels: list[str]) -> list[str]:
        """Labels too wide for the box, shortened with an ellipsis (pygame-gui would cut
        them off mid-letter: "Немецкая («Вильгельм").  A shortened label is plain text;
        scenes rebuild their widgets when the language changes."""
        button = selected_button(self.menu) if self.menu is not None else None
        font = getattr(button, "font", None)
        if button is None or font is None:
            return labels
        room = button.rect.width - 2 * max(8, button.rect.height // 3)
        out = []
        for label in labels:
            text = translate(label)
            if font.get_rect(text).width <= room:
                out.append(label)
                continue
            lo, hi = 0, len(text)
            while lo < hi:  # the longest prefix that fits with the ellipsis
                mid = (lo + hi + 1) // 2
                if font.get_rect(text[:mid].rstrip() + "…").width <= room:
                    lo = mid
                else:
                    hi = mid - 1
            out.append(text[:lo].rstrip() + "…")
        return out

    @property
    def value(self) -> Any:
        return self.values[self.index]

    @property
    def rect(self) -> pygame.Rect:
        return self.menu.rect if self.menu else self.relative_rect

    @property
    def focus_enabled(self) -> bool:
        return self.menu is not None and self.menu.is_enabled and self.menu.visible

    def focus_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        self._build()
        if self.on_change:
            self.on_change(self.value)

    def focus_activate(self) -> None:
        self.focus_step(1)

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
                and getattr(event, "ui_element", None) is self.menu):
            try:
                self.index = int(event.selected_option_id)
            except (AttributeError, TypeError, ValueError):
                return True
            if self.on_change:
                self.on_change(self.value)
            return True
        return False

    def enable(self, on: bool = True) -> None:
        if self.menu is not None:
            self.menu.enable() if on else self.menu.disable()

    def kill(self) -> None:
        if self.menu is not None:
            self.menu.kill()
            self.menu = None

    def alive(self) -> bool:
        return self.menu is not None and self.menu.alive()


class Toggle:
    """An on/off button: the text says On/Off and the fill turns gold (not colour alone)."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, value: bool,
                 on_change: Callable[[bool], None] | None = None, container: Any = None,
                 on_text: str = "ui.common_on", off_text: str = "ui.common_off"):
        self.value = bool(value)
        self.on_change = on_change
        self.on_text, self.off_text = on_text, off_text
        self.button = pygame_gui.elements.UIButton(
            rect, self._text(), manager, container=container, object_id="#toggle")
        self._show()

    def _text(self) -> str:
        return self.on_text if self.value else self.off_text

    def _show(self) -> None:
        self.button.set_text(self._text())
        self.button.select() if self.value else self.button.unselect()

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.button.rect)

    @property
    def focus_enabled(self) -> bool:
        return self.button.is_enabled and self.button.visible

    def set(self, value: bool, notify: bool = True) -> None:
        self.value = bool(value)
        self._show()
        if notify and self.on_change:
            self.on_change(self.value)

    def focus_activate(self) -> None:
        self.set(not self.value)

    def focus_step(self, delta: int) -> None:
        self.set(delta > 0)

    def handle(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED
                and getattr(event, "ui_element", None) is self.button):
            self.set(not self.value)
            return True
        return False

    def kill(self) -> None:
        self.button.kill()

    def alive(self) -> bool:
        return bool(self.button.alive())
