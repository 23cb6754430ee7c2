"""Who decides a seat's actions: a person at the mouse/keyboard or a computer player.

Both are *inputs* behind one small protocol so the turn flow never cares which
kind a seat has: the flow calls :meth:`Input.request` with the seat's
observation and polls the returned :class:`Pending` once per frame.  A bot
thinks in a worker thread so the frame loop keeps drawing (and a hurried
player can cancel it); a human's pending request is resolved by the table when
a card is clicked or a key pressed.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from game.ai.bot import make_bot
from game.ai.hint import hint
from game.rules import Action, Observation, observation_from_json
from game.ui import hostos

log = logging.getLogger(__name__)


class Pending:
    """An action that will exist later (a tiny, poll-only future).

    Why not ``concurrent.futures``: the flow polls from the frame loop and
    needs a "not before" time (the bot pause) and cheap cancellation; this is
    a dozen lines and has no executor to shut down.
    """

    def __init__(self, observation: Observation, not_before: float = 0.0):
        self.observation = observation
        self.not_before = not_before
        self._action: Action | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self.cancelled = False
        self.started = time.perf_counter()

    def resolve(self, action: Action) -> None:
        if not self._done.is_set() and not self.cancelled:
            self._action = action
            self._done.set()

    def fail(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def cancel(self) -> None:
        self.cancelled = True
        self._done.set()

    def ready(self) -> bool:
        """Done, not cancelled, and the pause (if any) has elapsed."""
        return (self._done.is_set() and not self.cancelled
                and time.perf_counter() >= self.not_before)

    @property
    def thinking(self) -> bool:
        return not self._done.is_set() and not self.cancelled

    def result(self) -> Action:
        if self._error is not None:
            raise self._error
        if self._action is None:
            raise RuntimeError("no action yet")
        return self._action


class Input(Protocol):
    """A seat's decision maker.  ``request`` starts a decision and returns at once."""

    kind: str

    def request(self, observation: Observation) -> Pending: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class HumanInput:
    """The local player: the table resolves the pending request from clicks and keys."""

    kind = "human"

    def __init__(self) -> None:
        self.pending: Pending | None = None

    def request(self, observation: Observation) -> Pending:
        self.pending = Pending(observation)
        return self.pending

    def submit(self, action: Action) -> bool:
        """Hand over the player's choice; False if nothing was being asked."""
        if self.pending is None or not self.pending.thinking:
            return False
        self.pending.resolve(action)
        return True

    @property
    def waiting(self) -> bool:
        return self.pending is not None and self.pending.thinking

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.cancel()

    def close(self) -> None:
        self.cancel()


def make_engine(level: str, variant: str, seed: int | None,
                budget_ms: float | None = None, server: BotServer | None = None) -> Any:
    """A bot of game.ai for ``level`` (in ``server``'s process if given)."""
    if server is not None:
        try:
            return server.engine(level, variant, seed, budget_ms)
        except Exception as exc:  # noqa: BLE001
            log.warning("bot process failed (%s): thinking in a thread", exc)
    return _local_engine(level, variant, seed, budget_ms)


def _serve(conn: Any, cancel: Any) -> None:  # pragma: no cover - runs in the child process
    """The bot process: make engines, answer ``choose`` and ``hint`` requests, one at a time.

    Observations cross the pipe as NOTATION.md's JSON and actions as their text: the
    protocol the network and third-party bots speak too."""
    engines: dict[int, Any] = {}
    # The table (and the X server) come first: a bot may think a bit slower.
    hostos.lower_process_priority(8)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        kind = msg[0]
        try:
            if kind == "make":
                _, key, level, variant, seed, budget = msg
                engines[key] = _local_engine(level, variant, seed, budget, cancel)
            elif kind == "choose":
                _, key, obs = msg
                action = engines[key].choose(observation_from_json(obs))
                conn.send(("action", str(action)))
            elif kind == "hint":
                _, obs, budget = msg
                h = hint(observation_from_json(obs), budget_ms=budget, cancel=cancel)
                conn.send(("hint", h.to_json()))
        except Exception as exc:  # noqa: BLE001 - report, keep serving
            if kind != "make":
                conn.send(("error", repr(exc)))


def _local_engine(level: str, variant: str, seed: int | None, budget_ms: float | None,
                  cancel: Any = None) -> Any:
    return make_bot(level, variant, seed=seed, budget_ms=budget_ms, cancel=cancel)


class BotServer:
    """One worker *process* that runs every computer player of a table.

    Why a process and not just a thread: the search bots are pure Python, and
    a thread holding the GIL for a whole search starves the frame loop (hitches
    under X11).  In a process the search runs on the other
    core and the table's bot thread merely waits on a pipe.  One process per
    table is enough: only one seat thinks at a time.  If a process cannot be
    started (a sandbox without processes), the engines run in threads instead.
    The bundle supports it through ``multiprocessing.freeze_support()`` in main.py.
    """

    def __init__(self) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.cancel_event = ctx.Event()
        self.conn, child = ctx.Pipe()
        self.lock = threading.Lock()
        self.proc = ctx.Process(target=_serve, args=(child, self.cancel_event), daemon=True,
                                name="bots")
        self.proc.start()
        child.close()
        self._keys = 0
        self.closed = False

    #: A process started ahead of time (behind the menu) for the next table: starting
    #: one costs the main thread a visible hitch as the first deal begins.
    _spare: BotServer | None = None
    _spare_lock = threading.Lock()

    @classmethod
    def prestart_soon(cls) -> None:
        """:meth:`prestart` on a worker thread (not while a table plays: a second process
        would sit idle beside the table's own, holding its memory)."""
        threading.Thread(target=cls.prestart, daemon=True, name="bots-prestart").start()

    @classmethod
    def prestart(cls) -> None:
        """Start the next table's bot process now (call from a worker thread)."""
        if os.environ.get("MARRIAGE_TABLE_BOT_THREADS"):
            return
        with cls._spare_lock:
            if cls._spare is not None and cls._spare.proc.is_alive():
                return
        try:
            server = cls()
        except Exception as exc:  # noqa: BLE001 - the table starts one itself
            log.info("no spare bot process (%s)", exc)
            return
        with cls._spare_lock:
            if cls._spare is None:
                cls._spare = server
                return
        server.close()

    @classmethod
    def try_start(cls) -> BotServer | None:
        if os.environ.get("MARRIAGE_TABLE_BOT_THREADS"):
            return None
        with cls._spare_lock:
            spare, cls._spare = cls._spare, None
        if spare is not None and spare.proc.is_alive():
            return spare  # the next one is started when the player leaves this table
        try:
            return cls()
        except Exception as exc:  # noqa: BLE001
            log.warning("no bot process (%s): bots think in threads", exc)
            return None

    def engine(self, level: str, variant: str, seed: int | None,
               budget_ms: float | None) -> RemoteEngine:
        self._keys += 1
        with self.lock:
            self.conn.send(("make", self._keys, level, variant, seed, budget_ms))
        return RemoteEngine(self, self._keys, (level, variant, seed, budget_ms))

    def request(self, msg: tuple[Any, ...]) -> tuple[Any, ...]:
        with self.lock:
            self.cancel_event.clear()
            self.conn.send(msg)
            reply = self.conn.recv()
        if reply[0] == "error":
            raise RuntimeError(reply[1])
        return tuple(reply)

    def hint(self, obs: Observation, budget_ms: float) -> Any:
        """game.ai.hint's :class:`~game.ai.hint.Hint` for ``obs``, searched in this process
        (it travels as ``Hint.to_json()``: the action, the values and the explanation)."""
        from game.ai.hint import Hint

        _, data = self.request(("hint", obs.to_json(), budget_ms))
        return Hint.from_json(data)

    def cancel(self) -> None:
        self.cancel_event.set()

    def close(self, wait: bool = True) -> None:
        """Ask the process to end, then reap it: here, or with ``wait=False`` (a table that
        goes on with a new match) on a thread — a bot process takes a while to exit (its
        interpreter frees the bots' tables), which was a long frame as a new match
        began."""
        self.closed = True
        self.cancel()
        try:
            self.conn.send(None)
        except (OSError, ValueError):
            pass
        if wait:
            self._reap()
        else:
            threading.Thread(target=self._reap, daemon=True, name="bots-reap").start()

    def _reap(self) -> None:
        self.proc.join(timeout=0.5)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(timeout=0.5)
        self.conn.close()


class RemoteEngine:
    """A bot living in the :class:`BotServer` process (``choose``/``cancel`` like a local one).

    If the process dies (killed, out of memory), the bot carries on in a local
    thread with the same level and seed: a crash must not end the player's game.
    """

    def __init__(self, server: BotServer, key: int, spec: tuple[Any, ...]):
        self.server = server
        self.key = key
        self.spec = spec
        self.local: Any = None

    def choose(self, observation: Observation, budget_ms: float | None = None) -> Action:
        if self.local is None:
            try:
                reply = self.server.request(("choose", self.key, observation.to_json()))
                return Action.parse(reply[1])
            except (EOFError, OSError) as exc:
                if self.server.closed:  # the table is closing: any answer will be dropped
                    return observation.legal[0]
                log.warning("the bot process is gone (%r): thinking in a thread", exc)
                self.local = _local_engine(*self.spec)
        action: Action = self.local.choose(observation)
        return action

    def cancel(self) -> None:
        if self.local is not None:
            stop = getattr(self.local, "cancel", None)
            if callable(stop):
                stop()
        else:
            self.server.cancel()


class BotInput:
    """A computer player thinking in a daemon worker thread.

    ``pause_ms`` is the minimum time between the request and the action being
    handed over, so a person can follow each computer card; the search itself
    runs meanwhile, so a slow bot adds no extra wait.
    """

    kind = "bot"

    def __init__(self, engine: Any, pause_ms: Callable[[], float] | float = 0.0,
                 level: str = "bot", on_ready: Callable[[], None] | None = None):
        self.engine = engine
        self.level = level
        self._pause = pause_ms
        #: Called from the worker thread once the answer is there (the table sleeps
        #: between frames while a bot thinks: this wakes it).
        self.on_ready = on_ready
        self.pending: Pending | None = None
        self._thread: threading.Thread | None = None

    def pause_ms(self) -> float:
        return float(self._pause() if callable(self._pause) else self._pause)

    def request(self, observation: Observation) -> Pending:
        self.cancel()
        pending = Pending(observation, time.perf_counter() + self.pause_ms() / 1000.0)
        self.pending = pending
        legal = observation.legal
        if len(legal) == 1:  # nothing to think about: no thread
            pending.resolve(legal[0])
            return pending
        self._thread = threading.Thread(target=self._think, args=(pending,), daemon=True,
                                        name=f"bot-{self.level}")
        self._thread.start()
        return pending

    def _think(self, pending: Pending) -> None:
        try:
            self._answer(pending)
        finally:
            if self.on_ready is not None:
                self.on_ready()

    def _answer(self, pending: Pending) -> None:
        try:
            action = self.engine.choose(pending.observation)
        except Exception as exc:  # noqa: BLE001 - a bot bug must not freeze the table
            log.exception("bot failed; playing the first legal action")
            legal = pending.observation.legal
            if legal:
                pending.resolve(legal[0])
            else:
                pending.fail(exc)
            return
        if action not in pending.observation.choices:  # (a blind trump card is a choice)
            log.warning("bot chose illegal %r; playing the first legal action", action)
            action = pending.observation.legal[0]
        pending.resolve(action)

    @property
    def thinking(self) -> bool:
        return self.pending is not None and self.pending.thinking

    def cancel(self) -> None:
        """Stop a running search (the engine answers at once) and drop its answer."""
        if self.pending is not None and self.pending.thinking:
            stop = getattr(self.engine, "cancel", None)
            if callable(stop):
                stop()
            self.pending.cancel()

    def close(self) -> None:
        self.cancel()
        if self._thread is not None:
            self._thread.join(timeout=1.0)
            self._thread = None
