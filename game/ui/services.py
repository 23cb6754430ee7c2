"""The program's shared services: one typed object, ``App.services``.

Scenes reach files, preferences and sound only through these, so tests point the storage
at a temporary folder and run without an audio device.  Besides them: what one screen
leaves for the next (notices for the menu, the network table this window sits at, the
address last typed) and the switches a scripted run sets (the selftest, the benchmark,
tests: computer players at the player's seat, a search budget, the network's ports).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from game.net.discovery import DISCOVERY_PORT

from .settings import Settings
from .sound import Sounds
from .storage import Storage


class OpenTable(Protocol):
    """A network table this window sits at (``game.ui.netplay.session.NetSession``): the
    menu offers to go back to it, and leaving the program closes it."""

    def close(self) -> None: ...


@dataclass
class Services:
    storage: Storage | None = None
    settings: Settings | None = None
    sound: Sounds | None = None
    #: Notices the menu shows once: (translation key, its values).
    notices: list[tuple[str, Any]] = field(default_factory=list)
    #: The text scale the theme was last loaded at (None: never scaled).
    font_scale: float | None = None
    #: The network table this window sits at, if any.
    net: OpenTable | None = None
    #: The address and port of the table joined last in this run (the forms show them
    #: again; None: the ones remembered in the settings, or the usual port).
    net_address: str | None = None
    net_port: int | None = None
    #: Where tables are looked for on the network.
    net_discovery_port: int = DISCOVERY_PORT
    #: How long a hosted table's computer players pause before they play, and whether the
    #: table is announced on the network (a scripted run sets both).
    net_bot_pause_s: float = 0.7
    net_announce: bool = True
    #: A scripted run: the computer plays the player's seat at this level.
    table_autoplay: str | None = None
    #: A scripted run: the computer players' search budget at the table.
    table_bot_budget_ms: float | None = None

    def take_net(self) -> OpenTable | None:
        """The network table this window sat at, which it no longer does."""
        net, self.net = self.net, None
        return net
