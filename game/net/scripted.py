"""A scripted client: sits at a table and plays with a computer level (tests, club rooms).

It keeps every message it receives (``received``), so a test can check afterwards
that nothing reached it that its seat may not know.  It can also drop its line on
purpose after a number of actions (a killed program, lost Wi-Fi) and be followed
by another scripted client that rejoins with the token the host gave.

:class:`Faults` makes its line unreliable on purpose (tests, the soak): messages
dropped, sent twice or late, at random but from a seed.  The host's prompts and
its ignoring of copies must carry every match to its end all the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import protocol as P
from . import view

log = logging.getLogger(__name__)


@dataclass
class Faults:
    """An unreliable line: each message after the hello is dropped, sent twice or
    delayed (so later ones may overtake it) with these chances."""

    drop: float = 0.0
    duplicate: float = 0.0
    delay: float = 0.0
    max_delay_s: float = 0.3
    seed: int = 0
    rng: random.Random = field(init=False)
    dropped: int = 0
    duplicated: int = 0
    delayed: int = 0

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def plan(self) -> list[float]:
        """When to send the copies of one message (seconds from now; empty: dropped)."""
        rng = self.rng
        if rng.random() < self.drop:
            self.dropped += 1
            return []
        copies = 1
        if rng.random() < self.duplicate:
            self.duplicated += 1
            copies = 2
        out = []
        for _ in range(copies):
            if rng.random() < self.delay:
                self.delayed += 1
                out.append(rng.uniform(0.0, self.max_delay_s))
            else:
                out.append(0.0)
        return out


class ScriptedClient:
    def __init__(self, host: str, port: int, name: str, level: str = "easy",
                 seat: int | None = None, token: str | None = None, seed: int = 0,
                 protocol: int = P.PROTOCOL_VERSION, ready: bool = True,
                 faults: Faults | None = None, ping_s: float = 5.0):
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
        #: The last action sent: its position and the message (sent again when prompted).
        self._last_act: tuple[int, dict[str, Any]] | None = None
        self._deal_no = 0
        self.faults = faults
        #: Called once the host has given this client its seat and token.
        self.on_seated: Callable[[ScriptedClient], None] | None = None
        self.ping_s = ping_s
        #: Prompts of the host this client answered by sending again.
        self.resent = 0
        self._writer: asyncio.StreamWriter | None = None

    def _bot(self, variant: str) -> Any:
        if self._engine is None:
            from game.ai.bot import make_bot

            self._engine = make_bot(self.level, variant, seed=self.seed)
        return self._engine

    async def send(self, msg: dict[str, Any]) -> None:
        writer = self._writer
        assert writer is not None
        data = P.encode(msg)
        if self.faults is None or msg["type"] in ("hello", "bye"):
            writer.write(data)
            await writer.drain()
            return
        loop = asyncio.get_running_loop()
        for after in self.faults.plan():
            if after <= 0:
                writer.write(data)
            else:
                loop.call_later(after, self._late, writer, data)
        await writer.drain()

    @staticmethod
    def _late(writer: asyncio.StreamWriter, data: bytes) -> None:
        if not writer.is_closing():
            with contextlib.suppress(Exception):
                writer.write(data)

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
                    if self.on_seated is not None:
                        self.on_seated(self)
                elif kind == "error":
                    self.outcome = "error:" + str(msg.get("code"))
                    break
                elif kind == "refused":
                    self.refusals.append(msg)
                elif kind == "prompt":
                    await self._prompted(msg)
                elif kind == "match_end":
                    self.outcome = "match_end"
                    break
                if msg.get("deal_no"):
                    self._deal_no = int(msg["deal_no"])
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
                    await self.send({"type": "ready", "deal": self._deal_no})
        except (ConnectionError, OSError):
            self.outcome = self.outcome or "closed"
        finally:
            pinger.cancel()
            if self.outcome != "dropped" and self._writer is not None:
                with contextlib.suppress(Exception):
                    self._writer.close()
        return self.outcome or "closed"

    async def _ping(self) -> None:
        """Keep the line alive while others think (the host drops silent lines)."""
        with contextlib.suppress(Exception):
            while True:
                await asyncio.sleep(self.ping_s)
                await self.send({"type": "ping"})

    async def _prompted(self, msg: dict[str, Any]) -> None:
        """The host still waits: send the answer again (a copy is ignored there)."""
        if msg.get("need") == "act" and self._last_act is not None \
                and self._last_act[0] == msg.get("v"):
            self.resent += 1
            await self.send(self._last_act[1])
        elif msg.get("need") == "ready" and self.auto_ready:
            self.resent += 1
            await self.send({"type": "ready", "deal": msg.get("deal_no")})

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
        act = {"type": "act", "action": str(action), "seq": msg["v"]}
        self._last_act = (msg["v"], act)
        await self.send(act)
        self.actions_sent += 1
