"""The host's server: connections in, the :class:`~game.net.table.Table` in the middle.

One asyncio event loop does all the input/output; the table is only ever touched
from that loop, so it needs no locks.  Computer players think in a worker thread
(``asyncio.to_thread``) — or, in the game window, in the bot *process* the UI
hands over through ``engine_factory`` — so the loop keeps answering.

Defences, each refusing a message without touching the game: a size limit per
line (longer: the line is closed), a token bucket per connection for the messages
the table does not expect (an empty bucket closes that line; a legal move of the
seat to move never counts), a schema check of every field, a limit on connections
waiting to say hello (the oldest is closed first) and on the time to say it, and a
wall around every handler (a bug in one connection closes that connection, never
the server).

Nothing lost leaves a table waiting: after ``Limits.reprompt_s`` of quiet the
seats the table waits for get a ``prompt`` and answer again; a copy of an applied
action is ignored (:meth:`Table.submit`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import protocol as P
from . import view
from .table import BLIND, Refusal, Table, Turn

log = logging.getLogger(__name__)

EngineFactory = Callable[[str, str, int], Any]


def default_engine_factory(level: str, variant: str, seed: int) -> Any:
    """A bot of game.ai (``choose(observation)``); it thinks in a worker thread."""
    from game.ai.bot import make_bot

    return make_bot(level, variant, seed=seed)


@dataclass
class Limits:
    """The server's patience; tests shorten the timeouts."""

    hello_s: float = 5.0
    #: A connection silent this long is taken for dropped (clients ping every ``ping_s``).
    idle_s: float = 20.0
    ping_s: float = 5.0
    #: Connections that have not said hello yet; one more closes the oldest of them, so
    #: idle connections can never keep a seated player from coming back.
    max_pending: int = 8
    #: Token bucket for the messages a table does not expect (chat, emotes, pings,
    #: refused or repeated actions).  The expected ones — hello, a legal action of the
    #: seat to move, "next deal" — never take a token.  A person sends a few unexpected
    #: messages a minute, the clients a ping every few seconds; 200 at once and 50 a
    #: second is far above both and still closes a flooding line within seconds.
    rate: float = 50.0
    burst: float = 200.0
    #: Seconds of quiet after which the seats the table waits for are asked again.
    reprompt_s: float = 3.0
    #: Messages queued for a client that does not read before it is dropped.
    backlog: int = 2000


@dataclass
class Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second."""

    rate: float
    burst: float
    tokens: float = 0.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = self.burst

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class Connection:
    def __init__(self, server: TableServer, reader: asyncio.StreamReader,
                 writer: asyncio.StreamWriter):
        self.server = server
        self.reader = reader
        self.writer = writer
        self.seat: int | None = None
        self.out: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.bucket = Bucket(server.limits.rate, server.limits.burst)
        self.closed = False
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else "?"

    def send(self, msg: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.out.qsize() > self.server.limits.backlog:
            log.warning("%s reads nothing: dropped", self.peer)
            self.close()
            return
        self.out.put_nowait(P.encode(msg))

    def close(self, last: dict[str, Any] | None = None) -> None:
        if self.closed:
            return
        if last is not None:
            self.out.put_nowait(P.encode(last))
        self.closed = True
        self.out.put_nowait(None)

    async def write_loop(self) -> None:
        try:
            while True:
                data = await self.out.get()
                if data is None:
                    break
                self.writer.write(data)
                await self.writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.closed = True
            with contextlib.suppress(Exception):
                self.writer.close()


class TableServer:
    """Serves one :class:`Table` on a TCP port until the match is over or :meth:`stop`."""

    def __init__(self, table: Table, host: str = "0.0.0.0", port: int = 0,
                 engine_factory: EngineFactory | None = None, bot_pause_s: float = 0.6,
                 limits: Limits | None = None, linger_s: float = 1.0,
                 announce: bool = False):
        self.table = table
        self.host = host
        self.port = port
        self.engine_factory = engine_factory or default_engine_factory
        self.bot_pause_s = bot_pause_s
        self.limits = limits or Limits()
        #: After the match ends, how long the server stays for the last messages to go out.
        self.linger_s = linger_s
        #: Announce the table on the LAN (game.net.discovery) while it is open.
        self.announce = announce
        self.beacon: Any = None
        self.connections: set[Connection] = set()
        #: Connections that have not said hello yet, oldest first.
        self.pending: dict[Connection, None] = {}
        self._quiet_since = time.monotonic()
        self._watcher: asyncio.Task[None] | None = None
        #: Prompts sent to seats the table waited for.
        self.prompts = 0
        self.by_seat: dict[int, Connection] = {}
        self.engines: dict[tuple[int, str], Any] = {}
        self._server: asyncio.base_events.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._task_key: Any = None
        self._thinking: Any = None
        self._last_change = time.monotonic()
        self._done: asyncio.Event | None = None
        self._closing = False
        self._handlers: set[asyncio.Task[Any]] = set()
        self.errors: list[str] = []
        table.send = self._deliver

    # --- lifecycle ---------------------------------------------------------------------
    async def start(self) -> int:
        """Listen; returns the port (``port=0`` picks a free one)."""
        self._done = asyncio.Event()
        self._server = await asyncio.start_server(self._handle, self.host, self.port,
                                                  limit=P.MAX_CLIENT_MESSAGE)
        self.port = self._server.sockets[0].getsockname()[1]
        if self.announce:
            from .discovery import Beacon

            self.beacon = Beacon(self.lan_info)
            await self.beacon.start()
        self._reschedule()
        self._watcher = asyncio.create_task(self._watch())
        return self.port

    def lan_info(self) -> dict[str, Any]:
        """What the LAN announcement says about the table."""
        seats = self.table.seats
        host = next((s.name for s in seats if s.host), "") or next(
            (s.name for s in seats if s.person and s.name), "")
        return {"port": self.port, "variant": self.table.variant, "host": host,
                "free": sum(1 for s in seats if s.person and not s.connected),
                "started": self.table.started}

    async def serve(self) -> None:
        """Run until the match is over (and the last messages are out) or :meth:`stop`."""
        assert self._done is not None
        await self._done.wait()
        await self.close()

    def stop(self) -> None:
        if self._done is not None:
            self._done.set()

    async def close(self) -> None:
        self._closing = True
        task = self._task
        self._cancel_turn()
        if self._watcher is not None:
            self._watcher.cancel()
        if task is not None and task is not asyncio.current_task():
            with contextlib.suppress(BaseException):
                await task
        if self.beacon is not None:
            self.beacon.close()
            self.beacon = None
        for conn in list(self.connections):
            conn.close(P.error(P.HOST_CLOSED))
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=2.0)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
        await asyncio.sleep(0)

    # --- connections ---------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(self, reader, writer)
        me = asyncio.current_task()
        if me is not None:
            self._handlers.add(me)
            me.add_done_callback(self._handlers.discard)
        writer_task = asyncio.create_task(conn.write_loop())
        if len(self.pending) >= self.limits.max_pending:
            oldest = next(iter(self.pending))
            del self.pending[oldest]
            oldest.close(P.error(P.TIMEOUT, "too many connections waiting to say hello"))
        self.pending[conn] = None
        self.connections.add(conn)
        try:
            await self._read_loop(conn)
        except Exception as exc:  # noqa: BLE001 - one bad connection never takes the host down
            log.exception("connection %s failed", conn.peer)
            self.errors.append(repr(exc))
            conn.close(P.error("server_error"))
        finally:
            self.connections.discard(conn)
            self.pending.pop(conn, None)
            conn.close()
            self._gone(conn)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer_task, 2.0)

    async def _read_loop(self, conn: Connection) -> None:
        limits = self.limits
        while not conn.closed:
            timeout = limits.hello_s if conn.seat is None else limits.idle_s
            try:
                line = await asyncio.wait_for(conn.reader.readline(), timeout)
            except (ValueError, asyncio.LimitOverrunError):
                conn.close(P.error(P.TOO_LARGE, f"at most {P.MAX_CLIENT_MESSAGE} bytes"))
                return
            except TimeoutError:
                conn.close(P.error(P.TIMEOUT))
                return
            except (ConnectionError, OSError):
                return
            if not line or conn.closed:
                return
            try:
                msg = P.parse_client(line)
            except P.ProtocolError as exc:
                if conn.seat is None:
                    conn.close(P.error(exc.code, exc.detail))
                    return
                if self._charge(conn):
                    conn.send(P.refused(exc.code, exc.detail))
                continue
            self._dispatch(conn, msg)

    def _charge(self, conn: Connection) -> bool:
        """Take a token for a message the table did not expect; False (and the line
        closed with the reason) when the bucket is empty."""
        if conn.bucket.take():
            return True
        log.warning("%s floods the table: closed", conn.peer)
        conn.close(P.error(P.FLOOD, "too many messages"))
        return False

    def _dispatch(self, conn: Connection, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if conn.seat is None:
            if kind != "hello":
                conn.close(P.error(P.HELLO_FIRST))
                return
            self._hello(conn, msg)
            return
        seat = conn.seat
        try:
            if kind == "act":
                if msg.get("seat") is not None and msg["seat"] != seat:
                    raise Refusal(P.WRONG_SEAT, f"you sit at seat {seat}")
                version = self.table.version
                self.table.submit(seat, msg["action"], msg.get("seq"), msg.get("blind"))
                if self.table.version != version:
                    self._changed()
                else:  # a copy of an applied action: ignored, but it takes a token
                    self._charge(conn)
            elif kind == "ready":
                self._ready(conn, seat, msg.get("deal"))
            elif self._charge(conn):
                self._other(conn, seat, kind, msg)
        except Refusal as exc:
            if self._charge(conn):
                conn.send(P.refused(exc.code, exc.reason, msg.get("action"), exc.rule,
                                    exc.params))

    def _ready(self, conn: Connection, seat: int, deal: int | None) -> None:
        """"Next deal": free when the table waited for it; a copy takes a token."""
        if self.table.ready(seat, deal):
            self._quiet_since = time.monotonic()
            self._reschedule()
        else:
            self._charge(conn)

    def _other(self, conn: Connection, seat: int, kind: str, msg: dict[str, Any]) -> None:
        """The messages that took a token: the game's position does not depend on them."""
        if kind == "start":
            self.table.start_now(seat)
            self._changed()
        elif kind == "chat":
            self.table.chat(seat, msg["text"])
        elif kind == "emote":
            self.table.emote(seat, msg["what"], time.monotonic())
        elif kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "bye":
            conn.close()
        elif kind == "hello":
            raise Refusal(P.BAD_MESSAGE, "already seated")

    def _hello(self, conn: Connection, msg: dict[str, Any]) -> None:
        if msg["protocol"] != P.PROTOCOL_VERSION:
            conn.close(P.error(P.PROTOCOL_MISMATCH, server=P.PROTOCOL_VERSION,
                               client=msg["protocol"]))
            return
        if msg.get("app", P.APP_ID) != P.APP_ID:
            conn.close(P.error(P.NOT_OUR_APP))
            return
        try:
            seat = self.table.join(msg["name"], msg.get("token"), msg.get("seat"),
                                   msg.get("host_key"))
        except Refusal as exc:
            conn.close(P.error(exc.code, exc.reason))
            return
        self.pending.pop(conn, None)
        old = self.by_seat.get(seat.index)
        if old is not None and old is not conn:
            old.seat = None  # its end must not mark the seat away
            old.close(P.error(P.REPLACED))
        conn.seat = seat.index
        self.by_seat[seat.index] = conn
        log.info("%s sits at seat %d as %s", conn.peer, seat.index, seat.name)
        conn.send(self.table.welcome(seat.index))
        self.table.arrived(seat.index)
        self._changed()

    def _gone(self, conn: Connection) -> None:
        seat = conn.seat
        if seat is None or self.by_seat.get(seat) is not conn:
            return
        del self.by_seat[seat]
        self.table.left(seat)
        self._reschedule()

    def _deliver(self, seat: int, msg: dict[str, Any]) -> None:
        conn = self.by_seat.get(seat)
        if conn is not None:
            conn.send(msg)

    # --- who acts next ---------------------------------------------------------------------
    def _changed(self) -> None:
        self._last_change = self._quiet_since = time.monotonic()
        self._reschedule()

    async def _watch(self) -> None:
        """Ask again, after a quiet spell, the seats the table waits for."""
        while True:
            await asyncio.sleep(self.limits.reprompt_s / 4)
            self.reprompt()

    def reprompt(self, now: float | None = None) -> int:
        """Prompt the waited-for seats if the table was quiet long enough; how many."""
        now = time.monotonic() if now is None else now
        if now - self._quiet_since < self.limits.reprompt_s:
            return 0
        self._quiet_since = now
        sent = 0
        for seat, need in self.table.waiting_for():
            conn = self.by_seat.get(seat)
            if conn is not None:
                conn.send(self.table.prompt(need))
                sent += 1
        self.prompts += sent
        return sent

    def _decision(self) -> Any:
        table = self.table
        if table.match_over():
            return ("over",)
        turn = table.turn()
        if turn is not None:
            if turn.kind == "person" or (turn.kind == "away" and turn.level is None):
                return None  # a person decides, or the table waits for them
            return turn
        if table.waiting_for_next_deal() and table.all_ready():
            return ("next", table.version)
        return None

    def _reschedule(self) -> None:
        if self._done is None or self._closing:
            return
        key = self._decision()
        if key == self._task_key and self._task is not None and not self._task.done():
            return
        self._cancel_turn()
        self._task_key = key
        if key is None:
            return
        if key == ("over",):
            self._task = asyncio.create_task(self._finish())
        elif isinstance(key, Turn):
            self._task = asyncio.create_task(self._computer_turn(key))
        else:
            self._task = asyncio.create_task(self._next_deal(key[1]))

    def _cancel_turn(self) -> None:
        if self._thinking is not None:
            stop = getattr(self._thinking, "cancel", None)
            if callable(stop):
                with contextlib.suppress(Exception):
                    stop()
            self._thinking = None
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None
        self._task_key = None

    async def _pause(self, seconds: float) -> None:
        wait = self._last_change + seconds - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)

    def _engine(self, seat: int, level: str) -> Any:
        key = (seat, level)
        if key not in self.engines:
            seed = (self.table.live.seed % 1_000_003) * 7 + seat
            self.engines[key] = self.engine_factory(level, self.table.variant, seed)
        return self.engines[key]

    async def _computer_turn(self, turn: Turn) -> None:
        table = self.table
        try:
            await self._pause(table.away.after_s if turn.kind == "away" else self.bot_pause_s)
            obs = table.observation(turn.seat)
            assert obs is not None and turn.level is not None
            legal = view.legal(obs)
            if len(legal) == 1:
                action = legal[0]
            else:
                engine = await asyncio.to_thread(self._engine, turn.seat, turn.level)
                self._thinking = engine
                action = await asyncio.to_thread(engine.choose, view.typed(obs))
                self._thinking = None
            if table.version != turn.version:
                return
            try:
                table.submit(turn.seat, str(action))
            except Refusal as exc:
                if str(action) != BLIND:
                    log.warning("computer at seat %d: %s (%s)", turn.seat, action, exc.reason)
                    self.errors.append(f"seat {turn.seat} {action}: {exc.reason}")
                table.submit(turn.seat, legal[0] if str(action) != BLIND else BLIND)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a bot bug must not freeze the table
            log.exception("computer turn failed")
            self.errors.append(repr(exc))
            obs = table.observation(turn.seat)
            if table.version == turn.version and obs and view.legal(obs):
                with contextlib.suppress(Refusal):
                    table.submit(turn.seat, view.legal(obs)[0])
        self._task = None
        self._changed()

    async def _next_deal(self, version: int) -> None:
        await self._pause(min(self.bot_pause_s, 0.5))
        if self.table.version == version and self.table.waiting_for_next_deal():
            with contextlib.suppress(Refusal):
                self.table.next_deal()
        self._task = None
        self._changed()

    async def _finish(self) -> None:
        await asyncio.sleep(self.linger_s)
        self.stop()


class ServerThread:
    """A :class:`TableServer` on its own thread and event loop (the game window's host).

    The window's frame loop never waits on the network: it talks to the table only
    through its own client connection, like every other player.
    """

    def __init__(self, server: TableServer):
        self.server = server
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.port: int | None = None
        self.error: BaseException | None = None
        self._ready = threading.Event()

    def start(self, timeout: float = 5.0) -> int:
        self.thread = threading.Thread(target=self._run, daemon=True, name="table-server")
        self.thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the table server did not start")
        if self.error is not None:
            raise self.error
        assert self.port is not None
        return self.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            self.port = loop.run_until_complete(self.server.start())
        except BaseException as exc:  # noqa: BLE001 - handed to the caller of start()
            self.error = exc
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_until_complete(self.server.serve())
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def call(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the server's loop (thread-safe)."""
        if self.loop is not None and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(fn)

    @property
    def alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def stop(self, timeout: float = 3.0) -> None:
        self.call(self.server.stop)
        if self.thread is not None:
            self.thread.join(timeout)
