"""Continue: the matches in progress, one per game (and per network table), newest first.

The storage replays every saved match before it is listed (``Storage.saved_matches``),
so what is offered here can always be continued; choosing one opens the table.
"""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from game.ui import routes
from game.ui.i18n import tr
from game.ui.shown import Button, Label, Shown

from .base import MenuScene
from .menu import match_summary


def saved_when(modified: float) -> str:
    """``29.11.2026 13:45`` (the form the hand history uses too)."""
    return time.strftime("%d.%m.%Y %H:%M", time.localtime(modified)) if modified else ""


class ContinueScene(MenuScene):
    name = "continue"
    title_key = "ui.continue_title"

    def build(self, **params: Any) -> Shown:
        self.saved = self.storage.saved_matches()
        w, h = self.app.size
        px = self.px
        width = min(w - 2 * px(60), px(800))  # three named scores need the room
        x = (w - width) // 2
        top = px(120)
        room = h - top - px(110)
        row_h, when_h, gap = px(60), px(24), px(14)
        rows = max(1, min(len(self.saved), room // (row_h + when_h + gap)))
        shown = Shown(focused=f"slot:{self.saved[0].slot}" if self.saved else "back")
        for i, saved in enumerate(self.saved[:rows]):
            y = top + i * (row_h + when_h + gap)
            # Two lines: the game on the button, its score (three named scores are long)
            # and when it was saved under it; on one line they outgrew the button.
            summary = match_summary(saved, self.settings)
            text = tr("ui.continue_slot", **summary)
            if saved.setup.practice:
                text += f" · {tr('ui.continue_practice')}"
            shown.add(Button(f"slot:{saved.slot}", pygame.Rect(x, y, width, row_h), text,
                             object_id="#menu_button", name=f"slot:{saved.slot}"),
                      Label(pygame.Rect(x, y + row_h + px(2), width, when_h - px(2)),
                            tr("ui.continue_slot_detail", score=summary["score"],
                               when=saved_when(saved.modified)),
                            object_id="#footer", name=f"detail:{saved.slot}"))
        shown.add(Button("back", pygame.Rect(x, h - px(92), px(180), px(50)), "ui.common_back",
                         name="back"))
        return shown

    @property
    def slot_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        """Each listed match's button, by its slot."""
        return {name.split(":", 1)[1]: element for name, element in self.made.items()
                if name.startswith("slot:")}

    @property
    def slot_details(self) -> dict[str, pygame_gui.elements.UILabel]:
        """Each row's second line: its score and when it was saved."""
        return {name.split(":", 1)[1]: element for name, element in self.made.items()
                if name.startswith("detail:")}

    def on_button(self, key: str) -> None:
        if key.startswith("slot:"):
            slot = key.split(":", 1)[1]
            loaded = self.storage.load_match(slot)
            if loaded is None:
                self.app.go(routes.Menu())  # damaged after all: the menu tells why
                return
            text, setup = loaded
            if setup.network and "net_host" in self.app.scene_factories:
                self.app.go(routes.NetHost(resume=text, setup=setup))  # host it again
            elif "table" in self.app.scene_factories:
                self.app.go(routes.Table(resume_record=text, setup=setup))
        else:
            super().on_button(key)
