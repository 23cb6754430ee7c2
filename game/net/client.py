"""The game window's connection to a table: its own thread and event loop, queues to the UI.

The frame loop never waits on the network.  Messages from the host land in
:attr:`NetClient.inbox` (a thread-safe queue) and ``wake()`` is called — the
window posts a pygame event there so a loop that sleeps until the next event
wakes up.  :meth:`NetClient.send` may be called from any thread.

A line that drops (lost Wi-Fi, the host's machine asleep) is dialled again with
the seat's token for :attr:`reconnect_s` seconds; the UI learns of it through
``{"type": "_status", "status": ...}`` entries in the same queue, in order with the
host's messages.  An ``error`` from the host (another protocol version, the table
is full, the host closed) ends the connection for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from . import protocol as P

log = logging.getLogger(__name__)

#: Codes after which dialling again makes no sense.
FINAL_CODES = {P.PROTOCOL_MISMATCH, P.NOT_OUR_APP, P.TABLE_FULL, P.SEAT_TAKEN, P.NAME_TAKEN,
               P.BAD_NAME, P.NO_SUCH_SEAT, P.REPLACED, P.HOST_CLOSED, P.TOO_LARGE, P.FLOOD}

CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"


class NetClient:
    def __init__(self, host: str, port: int, name: str, seat: int | None = None,
                 token: str | None = None, host_key: str | None = None,
                 wake: Callable[[], None] | None = None, reconnect_s: float = 300.0,
                 ping_s: float = 5.0, protocol: int = P.PROTOCOL_VERSION):
        self.host, self.port = host, port
        self.name = name
        self.want_seat = seat
        self.token = token
        self.host_key = host_key
        self.wake = wake or (lambda: None)
        self.reconnect_s = reconnect_s
        self.ping_s = ping_s
        self.protocol = protocol
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.status = CONNECTING
        #: Why the connection ended for good (an error code), if it did.
        self.failure: str | None = None
        self.failure_detail: dict[str, Any] = {}
        self.seat: int | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._out: asyncio.Queue[bytes] | None = None
        self._stop = False
        self._match_over = False

    # --- the UI's side --------------------------------------------------------------------
    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, daemon=True, name="table-client")
        self.thread.start()

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message for the host (thread-safe; dropped while not connected)."""
        data = P.encode(msg)
        loop = self.loop
        if loop is None or loop.is_closed() or self._out is None:
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._out.put_nowait, data)

    def poll(self) -> list[dict[str, Any]]:
        """Everything that arrived since the last call."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Leave the table (a polite goodbye when possible) and stop the thread."""
        self._stop = True
        self.send({"type": "bye"})
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(lambda: None)
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(2.0)

    # --- the network thread ------------------------------------------------------------------
    def _put(self, msg: dict[str, Any]) -> None:
        self.inbox.put(msg)
        try:
            self.wake()
        except Exception:  # noqa: BLE001 - waking the UI is a comfort
            log.debug("wake failed", exc_info=True)

    def _set_status(self, status: str) -> None:
        if status != self.status:
            self.status = status
            self._put({"type": "_status", "status": status, "failure": self.failure})

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._main())
        except Exception as exc:  # noqa: BLE001 - reported to the UI, never raised there
            log.exception("table client failed")
            self.failure = self.failure or "client_error"
            self.failure_detail = {"detail": repr(exc)}
        finally:
            self._set_status(CLOSED)
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _main(self) -> None:
        self._out = asyncio.Queue()
        deadline: float | None = None
        delay = 0.5
        while not self._stop:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(
                    self.host, self.port, limit=P.MAX_SERVER_MESSAGE), 5.0)
            except (OSError, TimeoutError) as exc:
                if self.seat is None:  # never got in: say so at once
                    self.failure = "unreachable"
                    self.failure_detail = {"detail": str(exc)}
                    return
                now = asyncio.get_running_loop().time()
                deadline = deadline or now + self.reconnect_s
                if now > deadline:
                    self.failure = "lost"
                    return
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 1.6)
                continue
            delay = 0.5
            writer.write(P.encode(P.hello(self.name, self.token, self.want_seat, self.host_key,
                                          self.protocol)))
            final = await self._session(reader, writer)
            with contextlib.suppress(Exception):
                writer.close()
            if final or self._stop or self._match_over:
                return
            self._set_status(RECONNECTING)
            deadline = asyncio.get_running_loop().time() + self.reconnect_s

    async def _session(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """One connection; True when it ended for good (an error or our goodbye)."""
        out = self._out
        assert out is not None
        while not out.empty():  # nothing meant for an earlier connection is sent on this one
            out.get_nowait()

        async def pump() -> None:
            while True:
                try:
                    data = await asyncio.wait_for(out.get(), self.ping_s)
                except TimeoutError:
                    data = P.encode({"type": "ping"})
                writer.write(data)
                await writer.drain()
                if b'"type":"bye"' in data:
                    return

        sender = asyncio.create_task(pump())
        try:
            while True:
                reader_task = asyncio.ensure_future(reader.readline())
                done, _ = await asyncio.wait({reader_task, sender},
                                             timeout=self.ping_s * 4,
                                             return_when=asyncio.FIRST_COMPLETED)
                if reader_task not in done:
                    reader_task.cancel()
                    if sender in done:
                        return True  # we said goodbye
                    return False  # silence: the line is dead
                line = reader_task.result()
                if not line:
                    return False
                msg = P.decode(line)
                kind = msg["type"]
                if kind == "welcome":
                    self.seat, self.token = msg["seat"], msg["token"]
                    self._set_status(CONNECTED)
                elif kind == "match_end" or msg.get("match_end"):
                    self._match_over = True
                elif kind == "error":
                    code = str(msg.get("code"))
                    if code == P.HOST_CLOSED and self._match_over:
                        self._put(msg)
                        return True
                    if code in FINAL_CODES or self.seat is None:
                        self.failure = code
                        self.failure_detail = msg
                        self._put(msg)
                        return True
                    continue
                if kind != "pong":
                    self._put(msg)
        except (ConnectionError, OSError, P.ProtocolError) as exc:
            log.info("table line lost: %s", exc)
            return False
        finally:
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender
