"""Shared pieces of the network tests: a table on the loopback and the leak check."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from game.net.protocol import decode, encode
from game.net.scripted import ScriptedClient
from game.net.server import Limits, TableServer
from game.net.table import AwayPolicy, Table
from game.net.view import as_json
from game.rules import new_deal

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[AKQJT987][CDHS])(?![A-Za-z0-9])")

FAST = Limits(hello_s=2.0, idle_s=10.0, ping_s=1.0, reprompt_s=0.5)


def make_server(variant: str, seats: list[str], options: dict[str, Any] | None = None,
                away: AwayPolicy | None = None, seed: int = 7,
                limits: Limits | None = None) -> TableServer:
    table = Table(variant, seats, options, away=away or AwayPolicy("easy", 0.05), seed=seed)
    saved: list[str] = []
    table.on_save = lambda t: saved.append(t.record_text())
    server = TableServer(table, "127.0.0.1", 0, bot_pause_s=0.0, limits=limits or FAST,
                         linger_s=0.05)
    server.saved = saved  # type: ignore[attr-defined]
    return server


def cards_in(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value, ensure_ascii=False)))


def observation_at(table: Table, deal_index: int, actions: int, seat: int) -> dict[str, Any]:
    """The engine's observation of ``seat`` after ``actions`` actions of a deal, replayed."""
    played = table.match.deals[deal_index]
    deal = new_deal(played.variant, played.dealer, played.deck, played.options)
    for s, action in played.history[:actions]:
        deal.apply(action, s)
    # Through JSON, as it travels (int keys of "shown" become strings).
    return json.loads(json.dumps(as_json(deal.observation(seat))))


def check_knowledge(table: Table, seat: int, received: list[dict[str, Any]]) -> int:
    """Every message a seat received holds only what that seat may know.

    A message with an observation: it is exactly the engine's ``observation(seat)`` at
    the position it names, and any card it mentions appears in that observation.  A
    message without one names no card at all (a refusal may repeat the client's own
    action).  Returns the number of observations checked.
    """
    checked = 0
    for msg in received:
        if msg.get("obs") is not None:
            deal_index, actions = msg["at"]
            expected = observation_at(table, deal_index, actions, seat)
            assert msg["obs"] == expected, (msg["type"], msg["at"])
            extra = cards_in({k: v for k, v in msg.items() if k != "obs"})
            assert extra <= cards_in(expected), (msg["type"], extra - cards_in(expected))
            checked += 1
        elif msg["type"] == "refused":
            assert cards_in(msg) <= cards_in(msg.get("action") or ""), msg
        elif msg["type"] != "sync":
            assert not cards_in(msg), msg
    return checked


async def run_table(server: TableServer, clients: list[ScriptedClient],
                    timeout: float = 60.0, **run_kwargs: Any) -> list[str]:
    await server.start()
    for c in clients:
        c.port = server.port
    results = await asyncio.wait_for(
        asyncio.gather(*(c.run(**run_kwargs) for c in clients), server.serve()), timeout)
    return list(results[:-1])


class RawClient:
    """A hand-driven connection for hostile tests."""

    def __init__(self, port: int):
        self.port = port
        self.received: list[dict[str, Any]] = []
        #: The newest message with an observation.
        self.latest: dict[str, Any] | None = None

    async def open(self) -> RawClient:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port,
                                                                 limit=1 << 20)
        return self

    async def send(self, msg: dict[str, Any] | bytes) -> None:
        self.writer.write(msg if isinstance(msg, bytes) else encode(msg))
        await self.writer.drain()

    async def recv(self, timeout: float = 3.0) -> dict[str, Any] | None:
        """The next message, or None when the line is closed."""
        try:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
        except TimeoutError:
            raise AssertionError(f"nothing came in {timeout} s") from None
        except (ConnectionError, OSError):
            return None
        if not line:
            return None
        msg = decode(line)
        self.received.append(msg)
        if msg.get("obs"):
            self.latest = msg
        return msg

    async def until(self, kind: str, timeout: float = 5.0) -> dict[str, Any] | None:
        while True:
            msg = await self.recv(timeout)
            if msg is None or msg["type"] == kind:
                return msg

    def close(self) -> None:
        self.writer.close()
