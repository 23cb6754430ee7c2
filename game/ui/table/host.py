"""What the table's parts may ask of the scene that holds them.

:class:`~.scene.TableScene` builds its parts — :class:`~.input.TableInput` (mouse and
keys), :class:`~.panels.Panels`, :class:`~.counting.CountingPanel` and
:class:`~.trainer.TrainerPanel` — and hands each itself.  The parts know it only as a
:class:`TableHost`: the members they read and call, typed, so no part imports the scene
that imports it (the scene is the one host; mypy checks that it is one where it builds
its parts).  A member a part starts to use is added here.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame_gui

from game.rules import Action, Refusal
from game.ui.app import App
from game.ui.flow import TurnFlow
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
from .stage import Stage


class InputView(Protocol):
    """The table's input as the panels read it: where the keyboard's card cursor is."""

    cursor: int

    def card_turn(self) -> bool: ...


class CountingView(Protocol):
    """The counting panel as the panels read it: may the aid be offered at this table?"""

    def allowed(self) -> bool: ...


class TableHost(Protocol):
    """The table scene, as far as its parts use it."""

    # the program, the match and the seat the table is seen from
    app: App
    setup: GameSetup | None
    flow: TurnFlow | None
    human: HumanInput | None
    view_seat: int
    result: dict[str, Any] | None
    layer: PracticeLayer | None
    hint_action: Action | None
    hint_text: str | None
    # what is drawn, and with what
    layout: TableLayout
    stage: Stage | None
    director: Director | None
    art: CardArt | None
    fonts: Fonts
    anim: Animator
    clock: float
    #: how many steps a second the thinking dots glow in (a redraw only when they step)
    DOTS_HZ: int
    buttons: ButtonBar
    widgets: dict[str, pygame_gui.elements.UIButton]

    @property
    def input(self) -> InputView: ...

    @property
    def counting(self) -> CountingView: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def german_names(self) -> bool: ...

    def seat_name(self, seat: int) -> str: ...

    def prompt(self) -> str | None: ...

    def result_keys(self) -> list[tuple[str, str]]: ...

    # what the player does, handed to the scene
    def submit(self, action: Action) -> bool: ...

    def press_action(self, action: Action) -> bool: ...

    def refuse(self, reason: Refusal) -> None: ...

    def toggle_select(self, key: str) -> None: ...

    def toggle_last_trick(self) -> None: ...

    def on_hint(self) -> None: ...

    def say_keys(self, arrows: bool = False) -> None: ...

    def play_sound(self, name: str) -> None: ...
