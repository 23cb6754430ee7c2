"""The table's own buttons: Menu, Hint and Undo in the corner, and the result panel's.

The table scene decides which buttons a table offers and what a press does; this part
owns the pygame-gui buttons themselves: where they sit for the window's layout, which
key a pressed one has, and hiding them under an open question (pygame-gui draws them
above a dialog's veil, where they would look pressable).  The action buttons of a
decision (declare, call, pass …) are another part: :class:`~.controls.ButtonBar`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import pygame
import pygame_gui

from .controls import text_width
from .layout import TableLayout
from .text import t

#: The result panel's buttons, by key (the table offers some of them after a deal).
RESULT_KEYS = ("next", "score", "review", "showme", "end_menu")


class ResultPanel(Protocol):
    """The result panel's measures (game.ui.table.panels): its buttons sit in it."""

    #: How many rows of buttons the panel is made high enough for (0: as it wants).
    result_rows: int

    def result_button_w(self) -> int: ...
    def result_per_row(self, width: int | None = None) -> int: ...
    def result_rect(self) -> pygame.Rect: ...


class TableButtons:
    def __init__(self, manager: pygame_gui.UIManager):
        self.manager = manager
        #: The buttons by key ("menu", "hint", "undo", the result panel's …); one dict for
        #: the table's life: parts that read it keep seeing the buttons of now.
        self.widgets: dict[str, pygame_gui.elements.UIButton] = {}
        #: Where the result panel was when its buttons were placed (empty: none placed).
        self.result_at = pygame.Rect(0, 0, 0, 0)

    def add(self, key: str, rect: pygame.Rect, label: str,
            object_id: str | None = None) -> pygame_gui.elements.UIButton:
        """A button in place of any of that key (``#table_KEY`` unless named)."""
        self.drop(key)
        button = pygame_gui.elements.UIButton(rect, label, self.manager,
                                              object_id=object_id or f"#table_{key}")
        self.widgets[key] = button
        return button

    def drop(self, *keys: str) -> None:
        for key in keys:
            button = self.widgets.pop(key, None)
            if button is not None:
                button.kill()

    def clear(self) -> None:
        self.drop(*list(self.widgets))
        self.result_at = pygame.Rect(0, 0, 0, 0)

    def key_of(self, element: Any) -> str | None:
        """The key of a pressed pygame-gui element, if it is one of these buttons."""
        return next((k for k, w in self.widgets.items() if w is element), None)

    def rects(self) -> tuple[pygame.Rect, ...]:
        return tuple(pygame.Rect(b.rect) for b in self.widgets.values())

    def corner(self, L: TableLayout, undo: bool) -> None:
        """Menu and Hint in the bottom right corner; Undo (a practice table's) above Menu."""
        menu_label, hint_label = t("table_menu"), t("table_hint")
        bw = max(round(L.font * 5), text_width(menu_label, L.font) + L.font * 2,
                 text_width(hint_label, L.font) + L.font * 2)
        bh = round(L.font * 1.9)
        x = L.size[0] - L.margin - bw
        y = L.size[1] - L.margin - bh
        self.add("menu", pygame.Rect(round(x), round(y), bw, bh), menu_label)
        self.add("hint", pygame.Rect(round(x - bw - L.margin), round(y), bw, bh), hint_label)
        if undo:
            label = t("table_undo")
            uw = max(bw, text_width(label, L.font) + L.font * 2)
            # Above Menu, right-aligned with it: beside Hint, or above it, a long label
            # ("Вернуть ход") reached over the hand's last card.
            self.add("undo", pygame.Rect(round(x + bw - uw), round(y - bh - L.margin), uw, bh),
                     label)

    def result(self, L: TableLayout, panel: ResultPanel,
               keys: Sequence[tuple[str, str]]) -> None:
        """The result panel's buttons (``(key, label)``; none: the panel is closed).

        As wide as the longest label needs (Russian runs long), within the panel; in two
        rows when one row does not fit (four Russian labels between two side plates).
        """
        self.drop(*RESULT_KEYS)
        panel.result_rows = 0
        self.result_at = pygame.Rect(0, 0, 0, 0)
        if not keys:
            return
        bh = round(L.font * 2.1)
        bw = panel.result_button_w()
        per_row = panel.result_per_row()
        rows = [keys[i:i + per_row] for i in range(0, len(keys), per_row)]
        panel.result_rows = len(rows)  # the panel is as high as these rows need
        r = self.result_at = panel.result_rect()
        room = r.w - 2 * L.margin - (per_row - 1) * L.margin
        bw = min(bw, room // per_row)
        for n, row in enumerate(rows):
            total = len(row) * bw + (len(row) - 1) * L.margin
            x = r.centerx - total / 2
            y = r.bottom - L.margin * 1.5 - bh - (len(rows) - 1 - n) * (bh + L.margin)
            for key, label in row:
                self.add(key, pygame.Rect(round(x), round(y), bw, bh), label)
                x += bw + L.margin

    def result_moved(self, panel: ResultPanel) -> bool:
        """The panel the buttons were placed in has moved or grown (the plates it is
        measured between grew: the deal's points, a language)."""
        return bool(self.result_at.w) and panel.result_rect() != self.result_at

    def veil(self, modal: bool, more: Iterable[Any] = ()) -> None:
        """Hide these buttons (and ``more``, a tip's) while a question is open."""
        for w in [*self.widgets.values(), *more]:
            if modal and w.visible:
                w.hide()
            elif not modal and not w.visible:
                w.show()
