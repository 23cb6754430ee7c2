"""One deal between guarded bots: the arena's unit of play, for deals and whole matches alike.

A bot's fault loses its game, never the tournament: the arena's own levels are asked in a
thread with a time limit (:class:`GuardedBot`), a third party's ``module:Class`` in a
process of its own (:class:`~game.arena.sandbox.SandboxedBot`).
"""

from __future__ import annotations

import random
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from game.ai.bot import load_player
from game.rules import Action, Deal
from game.rules.cli import CliError
from game.rules.record import echo, write_deal
from game.rules.variants import deal_class, new_deal

from .logs import logged_extras
from .sandbox import SandboxedBot

#: Seconds one decision may take before the arena gives up on it (``--timeout``).
DECISION_TIMEOUT_S = 60.0


class GuardedBot:
    """One seat's bot of the arena's own levels, asked in a worker thread with a time
    limit; never raises.

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

    def close(self) -> None:
        """The game is over (nothing to let go of: the bot is an object of this process)."""


Seat = GuardedBot | SandboxedBot


def make_seat(spec: str, variant: str, seed: int, budget_ms: float | None,
              timeout_s: float) -> Seat:
    """The bot of one seat for one game: a third party's in its own process."""
    if ":" in spec:
        return SandboxedBot(spec, variant, seed, timeout_s)
    return GuardedBot(load_player(spec, variant, seed=seed, budget_ms=budget_ms), timeout_s)


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
    bots: list[Seat] = []
    try:
        for s, p in enumerate(players):
            bots.append(make_seat(p, variant, seed * 7919 + s, budget_ms, timeout_s))
        return _play(deal, bots, players, deck_index, seed)
    finally:
        for b in bots:
            b.close()


def _play(deal: Deal, bots: list[Seat], players: list[str], deck_index: int,
          seed: int) -> GameResult:
    times: dict[str, list[float]] = {p: [] for p in players}
    illegal: dict[str, int] = {p: 0 for p in players}
    while not deal.is_over():
        seat = deal.to_move()
        assert seat is not None
        bot = bots[seat]
        # the arena's own copy of the position: frozen, a bot cannot change it
        obs = deal.observation(seat)
        if isinstance(bot, GuardedBot) and getattr(bot.bot, "wants_truth", False):
            bot.bot.reveal(deal.clone())  # the measuring level "cheat", ours
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


def seats_of(variant: str, players: list[str]) -> int:
    """The game's number of seats, once the players are checked to fill them."""
    n = deal_class(variant).players
    if len(players) != n:
        raise CliError(f"{variant} needs {n} players, got {len(players)}")
    return n
