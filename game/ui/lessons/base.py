"""What the review and "Could I have won?" share: a finished deal seen from one seat, its
players' names, the board that draws it, and one search thread that stops when the screen
is left (a search left running would slow the next screen's frames: the GIL)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

import pygame_gui

from game.rules.base import Deal
from game.ui.player_names import seat_name
from game.ui.scenes.base import MenuScene
from game.ui.table.board import DealBoard

if TYPE_CHECKING:
    from game.ui.app import App


class DealLessonScene(MenuScene):
    back_to = "table"
    #: How long :meth:`wait` blocks at most (tests, screenshots), seconds.
    WAIT_S = 60.0

    def __init__(self, app: App):
        super().__init__(app)
        self.deal: Deal | None = None
        self.seat = 0
        self.names: list[str] = []
        self.pos = 0  # the position shown
        self.board = DealBoard()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        #: what the last search was for (a deal, a seat, its sizes): the same again is not redone
        self._key: str | None = None

    @property
    def continue_button(self) -> pygame_gui.elements.UIButton | None:
        """Back to the screen the lesson was opened from (None until it is made)."""
        button: pygame_gui.elements.UIButton | None = self.made.get("continue")
        return button

    def _stop(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the search thread is done (tests, screenshots)."""
        if self._thread is not None:
            self._thread.join(self.WAIT_S if timeout is None else timeout)

    def step_to(self, key: str, last: int) -> int | None:
        """Where Start / Back / Forward / End lead among the positions 0..``last`` (None: the
        key is not one of them)."""
        return {"start": 0, "back_step": self.pos - 1, "forward": self.pos + 1,
                "end": last}.get(key)

    def _name(self, seat: int) -> str:
        """The name the table gave the seat, else the one the table would give it."""
        if seat < len(self.names):
            return self.names[seat]
        players = self.deal.players if self.deal is not None else 2
        return seat_name(seat, players, self.seat, player_name=self.settings.player_name)
