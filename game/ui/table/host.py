"""What the table's parts may ask of the scene that holds them.

:class:`~.scene.TableScene` builds its parts — :class:`~.input.TableInput` (mouse and
keys), :class:`~.panels.Panels`, :class:`~.counting.CountingPanel` and
:class:`~.trainer.TrainerPanel` — and hands each itself.  Each part knows it only
through its own narrow protocol — :class:`InputHost`, :class:`PanelsHost`,
:class:`CountingHost`, :class:`TrainerHost` (in ``trainer.py``) — the few members that part
reads and calls, typed, so no part imports the scene that imports it and none sees more
of the table than it uses (the scene is the one host; mypy checks that it is each where
it builds its parts).  A member a part starts to use is added to that part's protocol.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.rules import Action, Refusal
from game.ui.app import App
from game.ui.flow import TableFlow
from game.ui.players import HumanInput
from game.ui.practice.layer import PracticeLayer
from game.ui.session import GameSetup
from game.ui.settings import Settings

from .animation import Animator
from .art import CardArt
from .controls import ButtonBar
from .director import Director
from .hud import Fonts
from .layout import TableLayout
from .model import TableModel
from .stage import Stage
from .table_buttons import TableButtons


class InputView(Protocol):
    """The table's input as the panels read it: is a card to be played now?"""

    def card_turn(self) -> bool: ...


class PanelsView(Protocol):
    """The drawn panels as the counting aid reads them, to stand clear of them: the
    seats' plates as drawn and the prompt over the hand."""

    plate_rects: dict[int, pygame.Rect]

    def prompt_rect(self) -> pygame.Rect | None: ...


class CountingView(Protocol):
    """The counting panel as the panels read it: may the aid be offered at this table?"""

    def allowed(self) -> bool: ...


class TableBasics(Protocol):
    """What every part knows: the program, the game, the seat the table is seen from, its
    geometry, the table's model (what is chosen and open over the cards) and the player's
    settings."""

    app: App
    model: TableModel
    setup: GameSetup | None
    flow: TableFlow | None
    view_seat: int
    layout: TableLayout

    @property
    def settings(self) -> Settings: ...


class InputHost(TableBasics, Protocol):
    """The table as its mouse and keys (:class:`~.input.TableInput`) use it."""

    layer: PracticeLayer | None
    stage: Stage | None
    buttons: ButtonBar

    @property
    def german_names(self) -> bool: ...

    def submit(self, action: Action) -> bool: ...

    def press_action(self, action: Action) -> bool: ...

    def refuse(self, reason: Refusal) -> None: ...

    def toggle_select(self, key: str) -> None: ...

    def toggle_last_trick(self) -> None: ...

    def on_hint(self) -> None: ...

    def say_keys(self, arrows: bool = False) -> None: ...


class CountingHost(TableBasics, Protocol):
    """The table as the counting aid (:class:`~.counting.CountingPanel`) uses it: where
    the cards and buttons lie, so it stands clear of them."""

    stage: Stage | None
    director: Director | None
    art: CardArt | None
    buttons: ButtonBar
    table_buttons: TableButtons

    @property
    def panels(self) -> PanelsView: ...

    def seat_name(self, seat: int) -> str: ...


class PanelsHost(TableBasics, Protocol):
    """The table as its drawn panels (:class:`~.panels.Panels`: plates, boxes, prompt,
    result, thinking dots) use it."""

    human: HumanInput | None
    layer: PracticeLayer | None
    stage: Stage | None
    director: Director | None
    art: CardArt | None
    fonts: Fonts
    anim: Animator
    clock: float
    #: how many steps a second the thinking dots glow in (a redraw only when they step)
    DOTS_HZ: int
    buttons: ButtonBar

    @property
    def input(self) -> InputView: ...

    @property
    def counting(self) -> CountingView: ...

    def seat_name(self, seat: int) -> str: ...

    def prompt(self) -> str | None: ...

    def result_keys(self) -> list[tuple[str, str]]: ...
