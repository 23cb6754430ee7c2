"""The arena's core: one guarded game between players, and its log file.

Below both command lines that play games — ``python -m game.arena`` (deals) and
:mod:`game.arena_matches` (whole matches) — so neither imports the other's internals.
A bot's fault loses its game, never the tournament (:class:`GuardedBot`).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.ai.bot import load_player
from game.rules import Action
from game.rules.cli import CliError
from game.rules.record import echo, write_deal
from game.rules.variants import deal_class, new_deal

T = TypeVar("T")

#: Seconds one decision may take before the arena gives up on it (``--timeout``).
DECISION_TIMEOUT_S = 60.0
#: Bounds of the command line's numbers.
MAX_DEALS = 1_000_000
MAX_JOBS = 64
MAX_TIMEOUT_S = 3600.0


class GuardedBot:
    """One seat's bot, asked in a worker thread with a time limit; never raises.

    ``choose`` returns ``(action, None)`` or ``(None, why)``.  Why a thread: it
    works inside ``--jobs`` worker processes (which may not start processes of
    their own); a thread that does not come back in time is abandoned (it is a
    daemon) and the bot is not asked again, since its state is unknown.
    """

    def __init__(self, bot: Any, timeout_s: float = DECISION_TIMEOUT_S):
        self.bot = bot
        self.timeout_s = timeout_s
        self.hung = False

    def choose(self, observation: Any) -> tuple[Action | None, str | None]:
        if self.hung:
            return None, "it did not answer an earlier decision in time"
        box: dict[str, Any] = {}

        def ask() -> None:
            try:
                box["action"] = self.bot.choose(observation)
            except BaseException as exc:  # noqa: BLE001 - SystemExit and all: a bot's fault
                box["error"] = exc

        worker = threading.Thread(target=ask, name="arena-decision", daemon=True)
        worker.start()
        worker.join(self.timeout_s)
        if worker.is_alive():
            self.hung = True
            return None, f"no answer within {self.timeout_s:g} s"
        if "error" in box:
            exc = box["error"]
            return None, f"it raised {type(exc).__name__}: {exc}"
        action = box.get("action")
        if not isinstance(action, Action):
            return None, f"it returned {type(action).__name__}, not an action"
        return action, None


_warned: set[tuple[str, str]] = set()


def _warn(player: str, why: str) -> None:
    """Tell once per player and kind of fault (stderr), so a broken bot is noticed."""
    kind = why.split(":")[0][:40]
    if (player, kind) in _warned:
        return
    _warned.add((player, kind))
    print(f"arena: {echo(player)}: {echo(why, 160)}; counted as illegal, first legal action "
          "played", file=sys.stderr)


@dataclass
class GameResult:
    deck_index: int  # decks are identified by (seed, deck_index) when logs are pooled
    seats: list[str]  # player name per seat
    score: list[int]
    times: dict[str, list[float]] = field(default_factory=dict)
    illegal: dict[str, int] = field(default_factory=dict)
    seed: int = 0  # the run's seed: with deck_index, identifies the deck in pooled logs
    seating: int = 0  # which seating of the deck this game was
    #: the deal record (NOTATION.md): a logged game can be replayed and studied afterwards
    #: (``python -m game.rules replay``) — where a level loses, not only how much
    record: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "deck": self.deck_index, "seating": self.seating,
                "seats": self.seats, "score": self.score,
                "times": {p: [round(t, 2) for t in ts] for p, ts in self.times.items()},
                "illegal": self.illegal, "record": self.record}

    @classmethod
    def from_json(cls, d: Any) -> GameResult:
        """A logged game; ValueError says what is wrong with a line that is not one."""
        if not isinstance(d, dict):
            raise ValueError("not a JSON object")

        def whole(name: str, default: Any = None) -> int:
            v = d.get(name, default)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"'{name}' is not a whole number")
            return v

        seats, score = d.get("seats"), d.get("score")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise ValueError("'seats' is not a list of player names")
        if not isinstance(score, list) or len(score) != len(seats) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in score):
            raise ValueError("'score' is not one whole number per seat")
        times, illegal, record = logged_extras(d)
        return cls(whole("deck"), seats, score, times, illegal, whole("seed"),
                   whole("seating", 0), record)


def play_deal(
    variant: str,
    players: list[str],
    deck: list[int],
    dealer: int,
    seed: int,
    budget_ms: float | None,
    deck_index: int = 0,
    timeout_s: float = DECISION_TIMEOUT_S,
    options: dict[str, Any] | None = None,
) -> GameResult:
    """One deal; ``players[s]`` is the spec of the player in seat ``s``."""
    deal = new_deal(variant, dealer, deck, options)
    bots = [GuardedBot(load_player(p, variant, seed=seed * 7919 + s, budget_ms=budget_ms),
                       timeout_s) for s, p in enumerate(players)]
    times: dict[str, list[float]] = {p: [] for p in players}
    illegal: dict[str, int] = {p: 0 for p in players}
    while not deal.is_over():
        seat = deal.to_move()
        assert seat is not None
        bot = bots[seat]
        # the arena's own copy of the position: frozen, a bot cannot change it
        obs = deal.observation(seat)
        if getattr(bot.bot, "wants_truth", False):
            bot.bot.reveal(deal.clone())
        t0 = time.perf_counter()
        action, why = bot.choose(obs)
        times[players[seat]].append((time.perf_counter() - t0) * 1000.0)
        if why is None and action is not None:
            refused = deal.check(action, seat)
            if refused is not None:
                why = f"illegal action '{action}': {refused}"
        if why is not None or action is None:
            _warn(players[seat], why or "no action")
            illegal[players[seat]] += 1
            action = obs.legal[0]
        # chance (the blind trump card) from the deck's seed: the same in every seating
        deal.apply(action, seat, chance=random.Random(seed + len(deal.history)))
    return GameResult(deck_index, list(players), list(deal.score() or [0] * len(players)),
                      times, illegal, record=write_deal(deal))


def cut_torn_line(path: str) -> None:
    """Remove the unfinished last line a killed run left (its game is played again)."""
    try:
        with open(path, "rb+") as f:
            size = f.seek(0, os.SEEK_END)
            if not size:
                return
            f.seek(size - 1)
            if f.read(1) == b"\n":
                return
            back = min(size, 1 << 20)
            f.seek(size - back)
            tail = f.read(back)
            cut = tail.rfind(b"\n")
            f.truncate(size - back + cut + 1 if cut >= 0 else (0 if back == size else size))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CliError(f"cannot write the log {path}: {exc.strerror or exc}") from None


def open_log(path: str) -> Any:
    if os.path.isdir(path):
        raise CliError(f"cannot write the log {path}: it is a folder")
    try:
        return open(path, "a+", encoding="utf-8")  # noqa: SIM115 - closed by run()
    except OSError as exc:
        raise CliError(f"cannot write the log {path}: {exc.strerror or exc}") from None


def logged_extras(d: dict[str, Any]) -> tuple[dict[str, list[float]], dict[str, int], str | None]:
    """What every logged line has, a game's or a match's: each player's decision times
    (ms), illegal-decision counts and the record; ValueError says what is wrong."""
    times, illegal = d.get("times", {}), d.get("illegal", {})
    if not isinstance(times, dict) or not all(
            isinstance(v, list) and all(isinstance(t, int | float) and math.isfinite(t)
                                        for t in v) for v in times.values()):
        raise ValueError("'times' is not lists of milliseconds per player")
    if not isinstance(illegal, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in illegal.values()):
        raise ValueError("'illegal' is not a count per player")
    record = d.get("record")
    if record is not None and not isinstance(record, str):
        raise ValueError("'record' is not a text")
    return ({str(k): [float(t) for t in v] for k, v in times.items()},
            {str(k): v for k, v in illegal.items()}, record)


def read_log_lines(path: str, kind: str, parse: Callable[[Any], T],
                   missing_ok: bool = True) -> list[T]:
    """Each line of a ``--log`` file read by ``parse`` (a logged ``kind``: game, match).

    A line that is not one (a torn line of a killed run, a line damaged by hand, text
    that is not UTF-8) is skipped with a one-line warning naming the file and the line:
    the log stays usable (a resumed run plays it again) and nothing is changed.  A
    missing file is nothing (``missing_ok``) or a :class:`CliError`; so is a folder.
    """
    if os.path.isdir(path):
        raise CliError(f"cannot read {path}: it is a folder")
    try:
        with open(path, "rb") as f:
            raw_lines = f.read().split(b"\n")
    except FileNotFoundError:
        if missing_ok:
            return []
        raise CliError(f"cannot read {path}: no such file") from None
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    out = []
    last = len(raw_lines)
    for n, raw in enumerate(raw_lines, start=1):
        if not raw.strip():
            continue
        try:
            out.append(parse(json.loads(raw.decode("utf-8"))))
        except (ValueError, RecursionError) as exc:
            torn = n == last  # no newline after it: a run killed while writing it
            why = ("cut short" if torn else "not UTF-8 text"
                   if isinstance(exc, UnicodeDecodeError) else echo(str(exc)))
            print(f"arena: {echo(path)} line {n}: not a {kind} ({why}); skipped",
                  file=sys.stderr)
    return out


def seats_of(variant: str, players: list[str]) -> int:
    """The game's number of seats, once the players are checked to fill them."""
    n = deal_class(variant).players
    if len(players) != n:
        raise CliError(f"{variant} needs {n} players, got {len(players)}")
    return n
