"""Where the program can go: every screen by a typed reference, with its parameters typed.

``app.go(routes.Table(setup=...))`` opens the table for a new match,
``app.go(routes.Menu())`` the main menu.  A screen that sends the player back somewhere
names it by :data:`ScreenName` (checked by mypy, like every route's fields), and
``app.show(name)`` goes there as it was left.  ``App.switch(name, **params)`` is the
mechanism underneath; code of the program never calls it directly
(``tests/test_architecture.py``).

A route hands on only the fields that were given (a field left at None is not given), so
each screen keeps its own default for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from game.rules import Deal

from .session import GameSetup

ScreenName = Literal[
    "menu", "continue", "setup", "settings", "rules", "stats", "replay", "score",
    "match_result", "table", "tutorial", "review", "showme",
    "net", "net_host", "net_join", "net_lobby", "net_table",
]


@dataclass(frozen=True)
class Route:
    """A screen and what it is opened with."""

    screen: ClassVar[ScreenName]

    def params(self) -> dict[str, Any]:
        """The fields given (not None), as the screen's ``enter`` takes them."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) is not None}


@dataclass(frozen=True)
class Menu(Route):
    screen: ClassVar[ScreenName] = "menu"


@dataclass(frozen=True)
class Continue(Route):
    """The matches in progress."""

    screen: ClassVar[ScreenName] = "continue"


@dataclass(frozen=True)
class Setup(Route):
    """The new-game screen."""

    screen: ClassVar[ScreenName] = "setup"


@dataclass(frozen=True)
class SettingsScreen(Route):
    screen: ClassVar[ScreenName] = "settings"


@dataclass(frozen=True)
class Rules(Route):
    """The rules of ``variant`` (None: the last read); back to ``return_to``."""

    screen: ClassVar[ScreenName] = "rules"
    variant: str | None = None
    return_to: ScreenName | None = None


@dataclass(frozen=True)
class Stats(Route):
    screen: ClassVar[ScreenName] = "stats"
    variant: str | None = None


@dataclass(frozen=True)
class Replay(Route):
    """The hand history, or one ``record`` (``path``: the file it came from)."""

    screen: ClassVar[ScreenName] = "replay"
    record: str | None = None
    path: str | None = None


@dataclass(frozen=True)
class Score(Route):
    """The score sheet of ``match`` (None: the sheet shown before); then ``return_to``."""

    screen: ClassVar[ScreenName] = "score"
    match: Any = None
    setup: GameSetup | None = None
    return_to: ScreenName | None = None


@dataclass(frozen=True)
class MatchResult(Route):
    screen: ClassVar[ScreenName] = "match_result"
    match: Any = None
    setup: GameSetup | None = None


@dataclass(frozen=True)
class Table(Route):
    """The card table: a new match (``setup``), a saved one (``resume_record``), or the
    match on it (neither), on to the next deal (``continue_match``)."""

    screen: ClassVar[ScreenName] = "table"
    setup: GameSetup | None = None
    resume_record: str | None = None
    bot_budget_ms: float | None = None
    continue_match: bool | None = None


@dataclass(frozen=True)
class Tutorial(Route):
    screen: ClassVar[ScreenName] = "tutorial"
    lesson: str | None = None


@dataclass(frozen=True)
class Review(Route):
    """The review of a deal (``deal``, or a ``record``) from ``seat``; back to ``back_to``."""

    screen: ClassVar[ScreenName] = "review"
    deal: Deal | None = None
    record: str | None = None
    seat: int | None = None
    names: list[str] | None = None
    judgements: dict[str, Any] | None = None
    back_to: ScreenName | None = None


@dataclass(frozen=True)
class ShowMe(Route):
    """"Could I have won?" for ``deal`` from ``seat``; back to ``back_to``."""

    screen: ClassVar[ScreenName] = "showme"
    deal: Deal | None = None
    seat: int | None = None
    names: list[str] | None = None
    levels: list[str] | None = None
    back_to: ScreenName | None = None


@dataclass(frozen=True)
class Net(Route):
    """Play with friends: host or join."""

    screen: ClassVar[ScreenName] = "net"


@dataclass(frozen=True)
class NetHost(Route):
    """Open a table (``resume``: the saved network match's record, with its ``setup``)."""

    screen: ClassVar[ScreenName] = "net_host"
    setup: GameSetup | None = None
    resume: str | None = None


@dataclass(frozen=True)
class NetJoin(Route):
    screen: ClassVar[ScreenName] = "net_join"


@dataclass(frozen=True)
class NetLobby(Route):
    """The waiting room of the table this window sits at."""

    screen: ClassVar[ScreenName] = "net_lobby"


@dataclass(frozen=True)
class NetTable(Route):
    screen: ClassVar[ScreenName] = "net_table"
