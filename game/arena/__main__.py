"""``python -m game.arena``: play bots against each other and measure them.

    python -m game.arena --variant marriage --players hard,easy --deals 200 --seed 1 \
        --duplicate --budget-ms 100 --jobs 2 [--json]

Players are level names (``random easy normal hard pimc cheat``) or
``module:Class`` objects with ``choose(observation) -> action``.  Seats are
rotated from deal to deal; with ``--duplicate`` every deck is played once per
distinct seat permutation of the players, which cancels the luck of the cards
(the paired difference is the number to trust).  Output: per player the mean
deal score with a 95% confidence interval and the decision time median / p95 /
max; for the first two distinct players also the paired per-deck difference.

Every decision is guarded (:mod:`game.arena.play`): a bot that raises, returns
something that is not a legal action, exits or crashes, or thinks longer than
``--timeout`` seconds has that decision counted as illegal and the first legal
action played for it (from the arena's own copy of the legal actions), and the
run goes on; a bot that timed out, exited or crashed is not asked again in that game.
A ``module:Class`` bot runs in a process of its own (:mod:`game.arena.sandbox`): it
is sent only its seat's observation and is timed and killed from outside.

Whole matches: ``--matches N`` plays N deck sequences as whole matches (in every seating
with ``--duplicate``): the share of matches each player wins, how often A finishes ahead
of B and the Elo difference that makes (:mod:`game.arena.matches`; docs/ratings.md).
``--pool LOG... --matches 1`` summarises match logs.

Long ladders: ``--log FILE.jsonl`` appends every finished game as one JSON line
(so an interrupted run keeps what it played, and ``--log`` with the same
arguments resumes where it stopped); ``--pool FILE.jsonl ...`` summarises one or
more such logs together (e.g. several seeds run one after the other).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.ai.bot import load_player
from game.ai.budget import budget_arg
from game.rules.cli import CliError, OneLineParser, run_main
from game.rules.options import VARIANT_IDS

from . import deals, matches
from .logs import open_log
from .play import DECISION_TIMEOUT_S
from .sandbox import check_spec

#: Bounds of the command line's numbers.
MAX_DEALS = 1_000_000
MAX_JOBS = 64
MAX_TIMEOUT_S = 3600.0


def _bounded(kind: type, low: float, high: float, what: str) -> Any:
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{text}' is not {what}") from None
        if not (low <= value <= high):  # also false for nan
            raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g}, not '{text}'")
        return value
    return parse


def _main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="python -m game.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=VARIANT_IDS)
    ap.add_argument("--players", help="comma-separated: level, level@ms or module:Class")
    ap.add_argument("--deals", type=_bounded(int, 1, MAX_DEALS, "a whole number"), default=20)
    ap.add_argument("--seed", type=_bounded(int, -2**62, 2**62, "a whole number"), default=1)
    ap.add_argument("--duplicate", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--budget-ms", type=budget_arg, default=None,
                    help="search budget per decision (ms; at most game.ai.budget.MAX_BUDGET_MS)")
    ap.add_argument("--timeout", type=_bounded(float, 0.01, MAX_TIMEOUT_S, "a number of seconds"),
                    default=DECISION_TIMEOUT_S,
                    help=f"seconds a decision may take before it counts as illegal"
                         f" (default {DECISION_TIMEOUT_S:g})")
    ap.add_argument("--jobs", type=_bounded(int, 1, MAX_JOBS, "a whole number"), default=1,
                    help="worker processes")
    ap.add_argument("--log", help="append each game to this JSON-lines file; resume from it")
    ap.add_argument("--pool", nargs="+", metavar="LOG", help="summarise --log files together")
    ap.add_argument("--matches", type=_bounded(int, 1, MAX_DEALS, "a whole number"),
                    help="play whole matches on this many deck sequences instead of deals"
                         " (game.arena.matches; the ratings' measurement)")
    args = ap.parse_args(argv)
    if args.pool:
        if args.matches:
            order = [p.strip() for p in (args.players or "").split(",") if p.strip()]
            out = matches.pool_match_logs(args.pool, order)
            print(json.dumps(out) if args.json else matches.format_matches(out))
            return 0
        out = deals.pool_logs(args.pool)
        print(json.dumps(out) if args.json else deals.format_text(out))
        return 0
    if not args.variant or not args.players:
        ap.error("--variant and --players are required (or --pool LOG...)")
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    for p in dict.fromkeys(players):  # every mistake in a player now, in one line
        if ":" in p:  # a third party's: loaded in a process of its own, never here
            why = check_spec(p)
            if why is not None:
                raise CliError(why)
            continue
        try:
            load_player(p, args.variant, seed=0, budget_ms=args.budget_ms)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    if args.log:
        open_log(args.log).close()  # a missing folder or a folder: said before any game
    if args.matches:
        if args.log:
            matches.read_match_log(args.log)
        out = matches.run_matches(args.variant, players, args.matches, args.seed, args.duplicate,
                          args.budget_ms, args.jobs, args.log, args.timeout)
        print(json.dumps(out) if args.json else matches.format_matches(out))
        return 0
    if args.log:
        deals.read_log(args.log)
    out = deals.run(args.variant, players, args.deals, args.seed, args.duplicate, args.budget_ms,
              args.jobs, args.log, args.timeout)
    print(json.dumps(out) if args.json else deals.format_text(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
