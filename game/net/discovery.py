"""Tables announced on the local network: a UDP broadcast once a second, and a finder.

Optional comfort: a player can always type the host's address and port.  The
announcement is one small JSON datagram (``app``, ``protocol``, the table's port,
game, host name, free seats); the finder keeps what it heard in the last few
seconds.  Neither blocks: the beacon runs on the server's event loop, the finder
is a non-blocking socket the join screen polls once a frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import protocol as P

log = logging.getLogger(__name__)

DISCOVERY_PORT = 47626
INTERVAL_S = 1.0
#: A table not heard of for this long is dropped from the list.
FORGET_S = 4.0
MAX_DATAGRAM = 1024


@dataclass
class FoundTable:
    address: str
    port: int
    variant: str
    host: str
    free: int
    started: bool
    protocol: int
    seen: float
    #: The table's own id: one table heard on two routes (loopback, broadcast) is one.
    table_id: str = ""

    @property
    def compatible(self) -> bool:
        return self.protocol == P.PROTOCOL_VERSION


class Beacon:
    """Announces a table every second (``info()`` says what; it may change)."""

    def __init__(self, info: Callable[[], dict[str, Any]],
                 targets: list[tuple[str, int]] | None = None):
        self.info = info
        self.targets = targets or [("255.255.255.255", DISCOVERY_PORT),
                                   ("127.0.0.1", DISCOVERY_PORT)]
        self.sock: socket.socket | None = None
        self.task: asyncio.Task[None] | None = None
        self.table_id = secrets.token_hex(6)

    async def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.setblocking(False)
        self.sock = sock
        self.task = asyncio.create_task(self._run())

    def datagram(self) -> bytes:
        data = {"app": P.APP_ID, "protocol": P.PROTOCOL_VERSION, "id": self.table_id,
                **self.info()}
        return json.dumps(data, ensure_ascii=False).encode()[:MAX_DATAGRAM]

    async def _run(self) -> None:
        while self.sock is not None:
            payload = self.datagram()
            for target in self.targets:
                try:
                    self.sock.sendto(payload, target)
                except OSError as exc:  # no broadcast route (a sandbox): keep the others
                    log.debug("beacon to %s: %s", target, exc)
            await asyncio.sleep(INTERVAL_S)

    def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.sock is not None:
            self.sock.close()
            self.sock = None


class Finder:
    """Listens for beacons; :meth:`poll` once a frame returns the tables heard of lately."""

    def __init__(self, port: int = DISCOVERY_PORT, bind: str = ""):
        self.tables: dict[str, FoundTable] = {}
        self.sock: socket.socket | None = None
        self.error: str | None = None
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind((bind, port))
            sock.setblocking(False)
            self.sock = sock
        except OSError as exc:  # the port is busy: typing the address still works
            self.error = str(exc)
            log.info("LAN discovery unavailable: %s", exc)

    @property
    def port(self) -> int | None:
        return self.sock.getsockname()[1] if self.sock is not None else None

    def poll(self) -> list[FoundTable]:
        now = time.monotonic()
        while self.sock is not None:
            try:
                data, (address, _port) = self.sock.recvfrom(MAX_DATAGRAM)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            found = parse_beacon(data, address, now)
            if found is not None:
                key = found.table_id or f"{found.address}:{found.port}"
                known = self.tables.get(key)
                # The same table on two routes: keep the LAN address friends can use too.
                if known is not None and found.address.startswith("127.") \
                        and not known.address.startswith("127."):
                    known.seen = now
                else:
                    self.tables[key] = found
        self.tables = {k: t for k, t in self.tables.items() if now - t.seen < FORGET_S}
        return sorted(self.tables.values(), key=lambda t: (t.host.casefold(), t.address, t.port))

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


def parse_beacon(data: bytes, address: str, now: float) -> FoundTable | None:
    """A beacon's datagram, or None for anything else on the port."""
    try:
        info = json.loads(data.decode("utf-8"))
        if not isinstance(info, dict) or info.get("app") != P.APP_ID:
            return None
        port = int(info["port"])
        if not 0 < port < 65536:
            return None
        return FoundTable(address, port, str(info.get("variant", ""))[:20],
                          P.clean_text(str(info.get("host", "")), P.MAX_NAME),
                          int(info.get("free", 0)), bool(info.get("started")),
                          int(info.get("protocol", 0)), now, str(info.get("id", ""))[:32])
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None
