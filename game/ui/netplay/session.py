"""A network table the window takes part in: the connection, and when hosting, the server.

The host's window runs the :class:`~game.net.server.TableServer` on a thread of its
own and sits at its own table through a loopback connection, exactly like its
guests: one code path for everyone, and the frame loop never waits on a socket.
The computer players of a hosted table think in the window's bot process
(:class:`~game.ui.players.BotServer`), so a search never stalls the frames.  The
host's match is saved through the storage service after every action, like a
local match, and "Continue" hosts it again.
"""

from __future__ import annotations

import logging
import secrets
import socket
from typing import Any

import pygame

from game.net import protocol as P
from game.net.client import NetClient
from game.net.server import ServerThread, TableServer
from game.net.table import OPEN, AwayPolicy, Table, table_from_record

from ..player_names import seat_name
from ..players import BotServer, make_engine
from ..session import GameSetup
from .flow import ClientFlow
from .seat_tokens import SeatTokens

log = logging.getLogger(__name__)

#: Posted (from the network thread) when a message arrives, so a sleeping loop wakes up.
#: Not ``pygame.event.custom_type()``: its counter starts again after ``pygame.quit()``
#: and then hands out pygame-gui's own event numbers (a wake-up read as a button press).
#: ``USEREVENT`` itself is never one of pygame-gui's; the ``net`` attribute marks ours.
NET_EVENT = pygame.USEREVENT


def is_net_event(event: pygame.event.Event) -> bool:
    return event.type == NET_EVENT and bool(getattr(event, "net", False))


def wake() -> None:
    try:
        pygame.event.post(pygame.event.Event(NET_EVENT, net=True))
    except pygame.error:  # the queue is full or video is down: the next frame reads anyway
        pass


def local_addresses() -> list[str]:
    """This machine's addresses on the LAN (what friends type), best guess first."""
    found: list[str] = []
    try:  # the address of the route to the outside (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if addr not in found and not addr.startswith("127."):
                found.append(addr)
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")] or ["127.0.0.1"]


class NetSession:
    def __init__(self, client: NetClient, flow: ClientFlow, server: ServerThread | None = None,
                 bots: BotServer | None = None, setup: GameSetup | None = None):
        self.client = client
        self.flow = flow
        self.server = server
        self.bots = bots
        self.setup = setup
        self.closed = False

    @property
    def hosting(self) -> bool:
        return self.server is not None

    @property
    def port(self) -> int:
        return self.client.port

    @classmethod
    def join(cls, address: str, port: int, name: str, tokens: SeatTokens,
             seat: int | None = None, token: str | None = None) -> NetSession:
        """Sit at a table; a seat this player had there (``tokens``, kept across a restart)
        is asked for again, and the token the host gives is kept the moment it comes."""
        token = token or tokens.get(address, port, name)
        client = NetClient(address, port, name, seat=seat, token=token, wake=wake)
        flow = ClientFlow(client)
        flow.on_token = lambda given: tokens.put(address, port, name, given)
        client.start()
        return cls(client, flow)

    @classmethod
    def host(cls, setup: GameSetup, seats: list[str], name: str, port: int,
             away: AwayPolicy, storage: Any = None, record: str | None = None,
             bot_pause_s: float = 0.7, announce: bool = True) -> NetSession:
        """Open a table (or a saved one again) and sit at it; OSError if the port is taken."""
        host_key = secrets.token_urlsafe(16)
        if record is not None:
            table = table_from_record(record, host_key=host_key, away=away)
        else:
            table = Table(setup.variant, seats, dict(setup.options), away=away,
                          seed=setup.seed, host_key=host_key)
        host_seat = int((setup.network or {}).get("host_seat", 0))
        kinds = list(table.seat_kinds)
        for s in table.seats:  # one name for each computer, the host's, in every window
            if not s.person and not s.name:
                s.name = seat_name(s.index, table.players, host_seat, human=False)
        saved = GameSetup(setup.variant, dict(table.options or {}),
                          seats=["human" if i == host_seat else
                                 (k if k != OPEN else (away.level or "normal"))
                                 for i, k in enumerate(kinds)],
                          seed=setup.seed, slot="net-" + setup.variant,
                          network={"seats": kinds, "host_seat": host_seat,
                                                    "port": port, "name": name,
                                                    "away": away.to_json()})
        if storage is not None and hasattr(storage, "save_match"):
            table.on_save = lambda t: storage.save_match(t.record_text(), saved)
        bots = BotServer.try_start() if any(k != OPEN for k in kinds) or away.level else None

        def engine(level: str, variant: str, seed: int) -> Any:
            return make_engine(level, variant, seed, None, bots)

        server = TableServer(table, "0.0.0.0", port, engine_factory=engine,
                             bot_pause_s=bot_pause_s, announce=announce)
        thread = ServerThread(server)
        try:
            real_port = thread.start()
        except BaseException:
            if bots is not None:
                bots.close()
            raise
        client = NetClient("127.0.0.1", real_port, name, seat=host_seat, host_key=host_key,
                           wake=wake)
        flow = ClientFlow(client, setup.variant, dict(table.options or {}), table.players)
        client.start()
        return cls(client, flow, thread, bots, saved)

    def close(self) -> None:
        """Leave the table; the host's table closes for everyone (its match stays saved)."""
        if self.closed:
            return
        self.closed = True
        self.flow.close()
        if self.server is not None:
            self.server.stop()
        if self.bots is not None:
            self.bots.close()

    @property
    def failure(self) -> dict[str, Any] | None:
        return self.flow.failure

    def failure_text_key(self) -> tuple[str, dict[str, str]] | None:
        """The translation key (and its values) saying why the table was lost, if it was."""
        f = self.flow.failure
        if not f:
            return None
        code = str(f.get("code") or "lost")
        params = {}
        if code == P.PROTOCOL_MISMATCH:
            params = {"server": str(f.get("server", "?")), "client": str(P.PROTOCOL_VERSION)}
        return "ui.net_code_" + code, params
