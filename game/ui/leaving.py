"""What becomes of a screen that is left: kept for its return, or let go.

A screen's widgets die when it is left (:meth:`Scene.leave`), but a screen object that
lives on still holds their pictures (each state of a button, a page of rules text:
megabytes at 1920x1080).  So a screen is let go when left — its next visit builds a new
one from its route — unless it says it is ``kept``: the table in play, and the score
sheet and the hand history that a review opened from them comes back to.  A kept screen
lets go of its dead widgets instead.

What a player chose on a screen that is let go (the game whose rules were read, the
statistics page, the new game's options not yet started) outlives it: the screen names
those attributes in ``remembers`` and the next one made of that screen gets them back.
Screens only declare; the keeping, the forgetting and the remembering live here.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


class Screen(Protocol):
    """What is asked of a screen that is left (game.ui.app.Screen has it)."""

    @property
    def name(self) -> str: ...

    @property
    def kept(self) -> bool: ...

    @property
    def remembers(self) -> tuple[str, ...]: ...

    def shutdown(self) -> None: ...


class ScreenMemory:
    """The choices of the screens that were let go, by screen name."""

    def __init__(self) -> None:
        self._choices: dict[str, dict[str, Any]] = {}

    def left(self, screen: Screen) -> bool:
        """``screen`` was left (its widgets are gone): True when it is to be let go (its
        choices are remembered), False when it is kept (its dead widgets are dropped)."""
        if screen.kept:
            forget_dead_widgets(screen)
            return False
        self._choices[screen.name] = {name: getattr(screen, name)
                                      for name in screen.remembers}
        screen.shutdown()
        return True

    def made(self, screen: Screen) -> None:
        """A new ``screen`` was made: it gets back what the last one of its name chose."""
        for name, value in self._choices.get(screen.name, {}).items():
            setattr(screen, name, value)


def forget_dead_widgets(screen: object) -> None:
    """Drop a kept screen's references to its killed widgets, and the dicts and lists that
    name them (the game buttons, the options' widgets ...)."""
    for name, value in list(vars(screen).items()):
        if _dead(value):
            setattr(screen, name, None)
        elif isinstance(value, dict) and any(_dead(k) or _dead(v) for k, v in value.items()):
            setattr(screen, name, {})
        elif isinstance(value, list) and any(_dead(v) for v in value):
            setattr(screen, name, [])


@runtime_checkable
class _Widget(Protocol):
    """A widget that can be killed: pygame-gui's elements, our Choice and Toggle."""

    def alive(self) -> bool: ...


def _dead(value: object) -> bool:
    """A widget that was killed (a kept screen's widgets are killed when it is left)."""
    return isinstance(value, _Widget) and not value.alive()
