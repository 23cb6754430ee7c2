"""A third party's bot in a process of its own: ``python -m game.arena.botproc``.

The arena (:mod:`game.arena.sandbox`) starts this program and talks to it in JSON lines,
one request and one answer at a time, on the standard input and output:

* ``{"load": "module:Class"}`` — import the bot's module and find the class;
* ``{"new": {"variant": ..., "seed": ...}}`` — a new game: construct the bot (with
  ``variant`` and ``seed`` when it accepts them, else with no arguments);
* ``{"choose": OBSERVATION}`` — NOTATION.md's observation of the bot's seat;
  the answer is ``{"action": TEXT}``.

Any other answer is ``{"error": TEXT}``.  Why a process: the bot can see only what it
is sent (one seat's observation, plain JSON — never the arena's objects), it cannot
change the deal, and a bot that exits, crashes or hangs (even holding the GIL) is
timed and killed from outside.  The bot's own prints go nowhere: the answers have a
channel of their own, which the bot's ``print`` cannot reach by accident.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import Any, BinaryIO

#: The longest request the arena sends (an observation is a few kB).
MAX_REQUEST_BYTES = 1 << 20


class BotHost:
    """The bot's class and the game's bot object, asked on behalf of the arena."""

    def __init__(self) -> None:
        self.cls: Any = None
        self.bot: Any = None

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        if "load" in request:
            return self._load(str(request["load"]))
        if "new" in request:
            return self._new(request["new"])
        if "choose" in request:
            if self.bot is None:
                return {"error": "no game was started"}
            answer = self.bot.choose(request["choose"])
            return {"action": str(answer)}
        return {"error": "unknown request"}

    def _load(self, spec: str) -> dict[str, Any]:
        module, _, name = spec.partition(":")
        try:
            mod = importlib.import_module(module)
        except Exception as exc:  # noqa: BLE001 - any failure to import is the bot's module
            error = f"cannot import {module}: {type(exc).__name__}: {exc}"
            return {"error": error}
        cls = getattr(mod, name, None)
        if cls is None or not callable(cls):
            return {"error": f"{module} has no class {name}"}
        self.cls = cls
        return {"ok": True}

    def _new(self, how: Any) -> dict[str, Any]:
        self.bot = None
        if self.cls is None or not isinstance(how, dict):
            return {"error": "no bot class was loaded"}
        for kwargs in ({"variant": how.get("variant"), "seed": how.get("seed")}, {}):
            try:
                bot = self.cls(**kwargs)
            except TypeError:
                continue
            if not callable(getattr(bot, "choose", None)):
                return {"error": "it has no choose(observation) method"}
            self.bot = bot
            return {"ok": True}
        return {"error": "it takes neither (variant, seed) nor nothing"}


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """Answer each request line until the arena closes the input."""
    host = BotHost()
    while True:
        line = requests.readline(MAX_REQUEST_BYTES + 1)
        if not line or not line.endswith(b"\n"):
            return  # the arena went away (or broke the protocol): nothing left to do
        try:
            request = json.loads(line)
            reply = host.handle(request) if isinstance(request, dict) else \
                {"error": "unknown request"}
        except BaseException as exc:  # noqa: BLE001 - SystemExit too: the bot's fault, told
            error = f"it raised {type(exc).__name__}: {exc}"
            reply = {"error": error}
        try:
            text = json.dumps(reply)
        except (TypeError, ValueError):  # an answer's str() that is not text
            text = json.dumps({"error": "its answer is not text"})
        answers.write(text.encode("utf-8", "replace") + b"\n")
        answers.flush()


def main() -> None:
    # The protocol's own copies of the standard streams; the bot's stdin, stdout (print,
    # os.write(1, ...)) lead nowhere.
    requests = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the process's life
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    try:
        serve(requests, answers)
    finally:
        # Whatever threads the bot started, the process ends with the arena's input.
        os._exit(0)


if __name__ == "__main__":
    main()
