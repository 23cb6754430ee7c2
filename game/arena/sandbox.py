"""Third parties' bots (``module:Class``) in processes of their own, timed from outside.

A bot in the arena's process could read the other seats' hidden cards (through the
garbage collector), change the deal, end the run (``sys.exit``, ``os._exit``) or keep
the GIL past any timeout.  So a third party's bot runs in :mod:`game.arena.botproc`:
it is sent its seat's observation as NOTATION.md's JSON and answers an action in the
notation.  The arena waits for each answer at most the decision's time limit and
kills the process when it does not come; a process that ends, or answers what is not
an answer, is a fault of that bot.  Every fault is that bot's decision counted as
illegal (:mod:`game.arena.play`); the run goes on.  After a fault the process is gone
and the bot is not asked again in that game (its state is unknown); the next game
starts a new process.

Processes are kept between games (a new game constructs a new bot object in the same
process): starting Python for every deal would cost more than most bots think.  The
arena's own levels do not need any of this and run in the arena's process.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import subprocess
import sys
import threading
import time
from typing import Any

from game.rules import Action
from game.rules.errors import NotationError
from game.rules.record import echo

#: The longest answer line read from a bot process (an action is a few characters).
MAX_ANSWER_BYTES = 64 * 1024
#: Seconds a bot process may take to start Python and import the bot's module.  Not the
#: bot's thinking time (``--timeout``): a loaded machine starts programs slowly, and a
#: slow start must not count against the bot.
START_TIMEOUT_S = 60.0

_EOF = b""


def spec_error(spec: str) -> str | None:
    """What is wrong with the form of ``module:Class`` (None: nothing)."""
    module, _, name = spec.partition(":")
    if not module or not name or not all(p.isidentifier() for p in module.split(".")) \
            or not name.isidentifier():
        return f"'{spec}' is not module:Class (e.g. mybots.greedy:Greedy)"
    return None


def _child_env() -> dict[str, str]:
    """The arena's import path for the bot process: a bot the arena could import (a
    module beside the arena's working folder, a test's module) is found there too."""
    env = dict(os.environ)
    paths = [os.path.abspath(p) if p else os.getcwd() for p in sys.path]
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


class BotProcess:
    """One running :mod:`game.arena.botproc` and the answers it sent."""

    def __init__(self, spec: str):
        self.spec = spec
        self.proc = subprocess.Popen(  # noqa: S603 - our own program, no shell
            [sys.executable, "-m", "game.arena.botproc"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_child_env())
        self._answers: queue.Queue[bytes] = queue.Queue()
        self.dead = False
        threading.Thread(target=self._read, daemon=True, name="arena-bot-answers").start()

    def _read(self) -> None:
        """Each answer line into the queue; the end of the output (or a line beyond the
        bound) as ``_EOF``."""
        out = self.proc.stdout
        assert out is not None
        try:
            while True:
                line = out.readline(MAX_ANSWER_BYTES + 1)
                if not line.endswith(b"\n"):  # the end, or a line past the bound
                    break
                self._answers.put(line)
        except (OSError, ValueError):  # the pipe closed under us: the process was killed
            pass
        self._answers.put(_EOF)

    def ask(self, request: dict[str, Any], timeout_s: float) -> tuple[dict[str, Any] | None,
                                                                      str | None]:
        """The answer to ``request`` within ``timeout_s``, or ``(None, why)``: the process
        is then killed (it never answers again)."""
        if self.dead:
            return None, "its process ended earlier"
        if not self._answers.empty():  # a line nobody asked for: out of step
            return self._fault("it sent a line it was not asked for")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            self.proc.stdin.flush()
        except OSError:
            return self._fault("its process ended")
        try:
            line = self._answers.get(timeout=timeout_s)
        except queue.Empty:
            self.kill()
            return None, f"no answer within {timeout_s:g} s"
        if line == _EOF:
            return self._fault("its process ended")
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):
            return self._fault(f"it answered {echo(line.decode('utf-8', 'replace'), 60)}")
        if not isinstance(reply, dict):
            return self._fault(f"it answered {echo(line.decode('utf-8', 'replace'), 60)}")
        return reply, None

    def _fault(self, why: str) -> tuple[None, str]:
        self.kill()
        code = self.proc.returncode
        return None, why + (f" (exit status {code})" if why.startswith("its process") and
                            code is not None and code >= 0 else "")

    def kill(self) -> None:
        """End the process now (a bot holding the GIL included) and reap it."""
        self.dead = True
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # an unkillable process: the OS reaps it later
            return
        # Only the input is closed here: closing the output under the reading thread would
        # wait for that read, for ever if the bot left a process of its own holding the
        # pipe; the thread ends with the output's end and takes it along.
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass

    def close(self) -> None:
        """Let a healthy process end by itself (its input closes), else kill it."""
        if self.dead:
            return
        self.dead = True
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()


#: Healthy processes between games, by spec (one per seat the spec may hold at once).
_idle: dict[str, list[BotProcess]] = {}
_idle_lock = threading.Lock()


def _start(spec: str) -> tuple[BotProcess | None, str | None]:
    """A process with ``spec`` loaded: an idle one, or a new one."""
    with _idle_lock:
        free = _idle.get(spec, [])
        while free:
            proc = free.pop()
            if proc.proc.poll() is None:
                return proc, None
            proc.kill()  # it ended between games (a thread of the bot's, say)
    try:
        proc = BotProcess(spec)
    except OSError as exc:  # no more processes, no interpreter: that bot cannot play
        return None, f"cannot start its process: {exc.strerror or exc}"
    reply, why = proc.ask({"load": spec}, START_TIMEOUT_S)
    if reply is not None and "error" in reply:
        proc.kill()
        why = str(reply["error"])
    if why is not None:
        return None, why
    return proc, None


def _put_back(proc: BotProcess) -> None:
    if proc.dead:
        return
    with _idle_lock:
        _idle.setdefault(proc.spec, []).append(proc)


@atexit.register
def close_all() -> None:
    """End the idle processes (also when the arena's own process exits)."""
    with _idle_lock:
        procs = [p for ps in _idle.values() for p in ps]
        _idle.clear()
    for p in procs:
        p.close()


def check_spec(spec: str) -> str | None:
    """Why ``spec`` cannot be played (a typo, a module that does not import, no such
    class), found in a bot process before any game; None when it can."""
    why = spec_error(spec)
    if why is not None:
        return why
    proc, why = _start(spec)
    if proc is None:
        return f"cannot load {spec}: {why}"
    _put_back(proc)
    return None


class SandboxedBot:
    """One seat's third-party bot for one game; ``choose`` as :class:`GuardedBot`'s:
    ``(action, None)`` or ``(None, why)``, never raises."""

    def __init__(self, spec: str, variant: str, seed: int, timeout_s: float):
        self.spec = spec
        self.timeout_s = timeout_s
        self.wants_truth = False
        self.proc, self.broken = _start(spec)
        if self.proc is not None:
            t0 = time.perf_counter()
            reply, why = self.proc.ask({"new": {"variant": variant, "seed": seed}}, timeout_s)
            if why is None and reply is not None and "ok" not in reply:
                why = f"cannot construct it: {reply.get('error', 'no answer')}"
                self.proc.kill()
            self.broken = why
            self.start_ms = (time.perf_counter() - t0) * 1000.0
        self.broken_told = False

    def choose(self, observation: Any) -> tuple[Action | None, str | None]:
        if self.proc is None or self.proc.dead:
            return None, self._why_out()
        reply, why = self.proc.ask({"choose": observation.to_json()}, self.timeout_s)
        if reply is None:
            self.broken = why
            self.broken_told = True
            return None, why
        if "action" not in reply:
            return None, echo(str(reply.get("error", "it answered no action")), 160)
        text = reply["action"]
        try:
            return Action.parse(str(text)), None
        except (NotationError, KeyError, ValueError):
            return None, f"it answered {echo(str(text), 60)}, not an action"

    def _why_out(self) -> str:
        if self.broken and not self.broken_told:
            self.broken_told = True
            return self.broken
        return f"it is out of this game ({self.broken or 'its process ended'})"

    def close(self) -> None:
        """The game is over: a healthy process waits for the next game."""
        if self.proc is not None:
            _put_back(self.proc)
            self.proc = None
