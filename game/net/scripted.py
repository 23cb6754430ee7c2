"""A scripted client: sits at a table and plays with a computer level (tests, club rooms).

It keeps every message it receives (``received``), so a test can check afterwards
that nothing reached it that its seat may not know.  It can also drop its line on
purpose after a number of actions (a killed program, lost Wi-Fi) and be followed
by another scripted client that rejoins with the same token or name.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from . import protocol as P
from . import view

log = logging.getLogger(__name__)


class ScriptedClient:
    def __init__(self, host: str, port: int, name: str, level: str = "easy",
                 seat: int | None = None, token: str | None = None, seed: int = 0,
                 protocol: int = P.PROTOCOL_VERSION, ready: bool = True):
        self.host, self.port = host, port
        self.name = name
        self.level = level
        self.want_seat = seat
        self.token = token
        self.seed = seed
        self.protocol = protocol
        #: Press "next deal" after each deal (False: a person who never does).
        self.auto_ready = ready
        self.seat: int | None = None
        self.received: list[dict[str, Any]] = []
        self.refusals: list[dict[str, Any]] = []
        self.actions_sent = 0
        self.outcome: str | None = None
        self._engine: Any = None
        self._acted_on: int | None = None
        self._writer: asyncio.StreamWriter | None = None

    def _bot(self, variant: str) -> Any:
        if self._engine is None:
            from game.ai.bot import make_bot

            self._engine = make_bot(self.level, variant, seed=self.seed)
        return self._engine

    async def send(self, msg: dict[str, Any]) -> None:
        assert self._writer is not None
        self._writer.write(P.encode(msg))
        await self._writer.drain()

    async def connect(self) -> None:
        reader, writer = await asyncio.open_connection(self.host, self.port,
                                                       limit=P.MAX_SERVER_MESSAGE)
        self._reader, self._writer = reader, writer
        await self.send(P.hello(self.name, self.token, self.want_seat, protocol=self.protocol))

    async def run(self, drop_after: int | None = None, stop_at_deal: int | None = None) -> str:
        """Play until the match ends (``match_end``), an error, or the line is dropped.

        ``drop_after``: abort the connection (no goodbye) after that many actions.
        ``stop_at_deal``: leave politely when that deal (1-based) is dealt.
        """
        if self._writer is None:
            await self.connect()
        variant = None
        pinger = asyncio.create_task(self._ping())
        try:
            while True:
                line = await self._reader.readline()
                if not line:
                    self.outcome = self.outcome or "closed"
                    break
                msg = P.decode(line)
                self.received.append(msg)
                kind = msg["type"]
                if kind == "welcome":
                    self.seat, self.token, variant = msg["seat"], msg["token"], msg["variant"]
                elif kind == "error":
                    self.outcome = "error:" + str(msg.get("code"))
                    break
                elif kind == "refused":
                    self.refusals.append(msg)
                elif kind == "match_end":
                    self.outcome = "match_end"
                    break
                if kind == "deal" and stop_at_deal is not None and msg["deal_no"] >= stop_at_deal:
                    await self.send({"type": "bye"})
                    self.outcome = "left"
                    break
                if msg.get("match_end"):
                    self.outcome = "match_end"
                    break
                if kind in ("deal", "action", "sync", "deal_end") and msg.get("obs"):
                    await self._maybe_act(msg, variant or msg["obs"]["variant"])
                    if drop_after is not None and self.actions_sent >= drop_after:
                        self.outcome = "dropped"
                        assert self._writer is not None
                        self._writer.transport.abort()
                        break
                if self.auto_ready and (kind == "deal_end" or (kind == "sync" and msg.get(
                        "result"))) and not (msg.get("match_over") or msg.get("match_end")):
                    await self.send({"type": "ready"})
        except (ConnectionError, OSError):
            self.outcome = self.outcome or "closed"
        finally:
            pinger.cancel()
            if self.outcome != "dropped" and self._writer is not None:
                with contextlib.suppress(Exception):
                    self._writer.close()
        return self.outcome or "closed"

    async def _ping(self, every: float = 5.0) -> None:
        """Keep the line alive while others think (the host drops silent lines)."""
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(every)
                await self.send({"type": "ping"})

    async def _maybe_act(self, msg: dict[str, Any], variant: str) -> None:
        obs = msg["obs"]
        if obs.get("to_move") != self.seat or not view.legal(obs) or self._acted_on == msg["v"]:
            return
        self._acted_on = msg["v"]
        legal = view.legal(obs)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = await asyncio.to_thread(self._bot(variant).choose, view.typed(obs))
        await self.send({"type": "act", "action": str(action), "seq": msg["v"]})
        self.actions_sent += 1
