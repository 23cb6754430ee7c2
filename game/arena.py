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

Every decision is guarded (:class:`GuardedBot`): a bot that raises, returns
something that is not a legal action, calls ``sys.exit`` or thinks longer than
``--timeout`` seconds has that decision counted as illegal and the first legal
action played for it (from the arena's own copy of the legal actions), and the
run goes on; a bot that timed out is not asked again in that game.

Whole matches: ``--matches N`` plays N deck sequences as whole matches (in every seating
with ``--duplicate``): the share of matches each player wins, how often A finishes ahead
of B and the Elo difference that makes (:mod:`game.arena_matches`; docs/ratings.md).
``--pool LOG... --matches 1`` summarises match logs.

Long ladders: ``--log FILE.jsonl`` appends every finished game as one JSON line
(so an interrupted run keeps what it played, and ``--log`` with the same
arguments resumes where it stopped); ``--pool FILE.jsonl ...`` summarises one or
more such logs together (e.g. several seeds run one after the other).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
from typing import Any, NamedTuple

from game.ai.bench import percentile
from game.ai.bot import load_player
from game.ai.budget import budget_arg
from game.arena_core import (  # noqa: F401 - the arena's names, as before
    DECISION_TIMEOUT_S,
    MAX_DEALS,
    MAX_JOBS,
    MAX_TIMEOUT_S,
    GameResult,
    GuardedBot,
    cut_torn_line,
    open_log,
    play_deal,
    read_log_lines,
    seats_of,
)
from game.rules.cli import CliError, OneLineParser, run_main
from game.rules.options import VARIANT_IDS
from game.rules.record import echo
from game.rules.variants import random_deck


class Job(NamedTuple):
    """One game of the schedule."""

    deck_index: int
    seating: list[str]  # player name per seat
    deck: list[int]
    dealer: int
    #: the deck's seed, the same in every seating: chance (a blind trump card) and a seat's
    #: random numbers repeat from seating to seating, so a duplicate comparison differs only
    #: by the players
    seed: int
    seating_index: int  # which seating of the deck (logs and resuming)


def schedule(variant: str, players: list[str], deals: int, seed: int,
             duplicate: bool) -> list[Job]:
    """Every game to play, deck by deck."""
    n = seats_of(variant, players)
    jobs = []
    for i in range(deals):
        rng = random.Random(seed * 1_000_003 + i)
        deck = random_deck(variant, rng)
        dealer = i % n
        if duplicate:
            seatings = sorted(set(itertools.permutations(players)))
        else:
            r = i % n
            seatings = [tuple(players[r:] + players[:r])]
        for k, seating in enumerate(seatings):
            jobs.append(Job(i, list(seating), deck, dealer, seed * 1000 + i * 10, k))
    return jobs


def _run_job(args: tuple[str, float | None, int, Job, float]) -> GameResult:
    variant, budget_ms, seed, job, timeout_s = args
    r = play_deal(variant, job.seating, job.deck, job.dealer, job.seed, budget_ms,
                  job.deck_index, timeout_s)
    r.seed = seed
    r.seating = job.seating_index
    return r


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    if not xs:
        return 0.0, 0.0
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def summarize(results: list[GameResult], players: list[str]) -> dict[str, Any]:
    names = list(dict.fromkeys(players))
    per: dict[str, list[float]] = {p: [] for p in names}
    times: dict[str, list[float]] = {p: [] for p in names}
    illegal = {p: 0 for p in names}
    by_deck: dict[tuple[int, int], dict[str, list[float]]] = {}
    for r in results:
        deck_scores = by_deck.setdefault((r.seed, r.deck_index), {p: [] for p in names})
        for seat, p in enumerate(r.seats):
            per[p].append(r.score[seat])
            deck_scores[p].append(r.score[seat])
        for p, ts in r.times.items():
            times[p].extend(ts)
        for p, k in r.illegal.items():
            illegal[p] += k
    out: dict[str, Any] = {"games": len(results), "decks": len(by_deck), "players": {}}
    if not results:
        return out
    for p in names:
        m, h = mean_ci(per[p])
        out["players"][p] = {
            "mean": round(m, 4), "ci95": round(h, 4), "n": len(per[p]),
            "ms_median": round(statistics.median(times[p]), 2) if times[p] else 0.0,
            "ms_p95": round(percentile(times[p], 0.95), 2),
            "ms_max": round(max(times[p]), 2) if times[p] else 0.0,
            "decisions": len(times[p]), "illegal": illegal[p],
        }
    if len(names) >= 2:
        a, b = names[0], names[1]
        diffs = [statistics.fmean(d[a]) - statistics.fmean(d[b])
                 for d in by_deck.values() if d[a] and d[b]]
        m, h = mean_ci(diffs)
        out["paired"] = {"a": a, "b": b, "mean_diff": round(m, 4), "ci95": round(h, 4),
                         "significant": abs(m) > h, "n": len(diffs)}
    return out


def read_log(path: str, missing_ok: bool = True) -> list[GameResult]:
    """The games of a ``--log`` file (:func:`game.arena_core.read_log_lines`: a line that
    is not a game is skipped with a warning; a missing file is none or an error)."""
    return read_log_lines(path, "game", GameResult.from_json, missing_ok)



def run(variant: str, players: list[str], deals: int, seed: int, duplicate: bool,
        budget_ms: float | None, jobs: int = 1, log: str | None = None,
        timeout_s: float = DECISION_TIMEOUT_S) -> dict[str, Any]:
    """Play the schedule; with ``log``, append each game to it and skip games already there."""
    todo = schedule(variant, players, deals, seed, duplicate)
    results: list[GameResult] = []
    if log:
        done = {(r.deck_index, r.seating): r for r in read_log(log) if r.seed == seed}
        results = [done[(j.deck_index, j.seating_index)] for j in todo
                   if (j.deck_index, j.seating_index) in done]
        todo = [j for j in todo if (j.deck_index, j.seating_index) not in done]
    work = [(variant, budget_ms, seed, j, timeout_s) for j in todo]
    if log:
        cut_torn_line(log)
    sink = open_log(log) if log else None
    try:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for r in pool.imap_unordered(_run_job, work, chunksize=1):
                    results.append(_keep(r, sink))
        else:
            for w in work:
                results.append(_keep(_run_job(w), sink))
    finally:
        if sink:
            sink.close()
    out = summarize(results, players)
    out.update({"variant": variant, "seed": seed, "duplicate": duplicate,
                "budget_ms": budget_ms})
    return out


def _keep(r: GameResult, sink: Any) -> GameResult:
    if sink is not None:
        sink.write(json.dumps(r.to_json()) + "\n")
        sink.flush()
    return r


def pool_logs(paths: list[str]) -> dict[str, Any]:
    """One summary over several ``--log`` files (players in order of first appearance)."""
    results = [r for p in paths for r in read_log(p, missing_ok=False)]
    if not results:
        raise CliError(f"no games in {', '.join(echo(p) for p in paths)}")
    players = list(dict.fromkeys(p for r in results for p in r.seats))
    out = summarize(results, players)
    out.update({"logs": paths})
    return out


def format_text(out: dict[str, Any]) -> str:
    if "logs" in out:
        lines = [f"{out['games']} games on {out['decks']} decks from {len(out['logs'])} log(s)"]
    else:
        lines = [f"{out['variant']}: {out['games']} games on {out['decks']} decks"
                 f"{' (duplicate)' if out['duplicate'] else ''}, budget {out['budget_ms']} ms"]
    for p, r in out.get("players", {}).items():
        lines.append(
            f"  {p:<24} mean {r['mean']:+.3f} ± {r['ci95']:.3f}   "
            f"ms median {r['ms_median']:.1f} p95 {r['ms_p95']:.1f} max {r['ms_max']:.1f}"
            f"   ({r['decisions']} decisions"
            + (f", ILLEGAL {r['illegal']}" if r["illegal"] else "") + ")")
    if "paired" in out:
        pr = out["paired"]
        lines.append(f"  paired {pr['a']} - {pr['b']}: {pr['mean_diff']:+.3f} ± {pr['ci95']:.3f}"
                     f" per deck{' (significant)' if pr['significant'] else ''}")
    return "\n".join(lines)


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
                         " (game.arena_matches; the ratings' measurement)")
    args = ap.parse_args(argv)
    if args.pool:
        from game.arena_matches import format_matches, pool_match_logs

        if args.matches:
            order = [p.strip() for p in (args.players or "").split(",") if p.strip()]
            out = pool_match_logs(args.pool, order)
            print(json.dumps(out) if args.json else format_matches(out))
            return 0
        out = pool_logs(args.pool)
        print(json.dumps(out) if args.json else format_text(out))
        return 0
    if not args.variant or not args.players:
        ap.error("--variant and --players are required (or --pool LOG...)")
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    for p in dict.fromkeys(players):  # every mistake in a player now, in one line
        try:
            load_player(p, args.variant, seed=0, budget_ms=args.budget_ms)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    if args.log:
        open_log(args.log).close()  # a missing folder or a folder: said before any game
    if args.matches:
        from game.arena_matches import format_matches, read_match_log, run_matches

        if args.log:
            read_match_log(args.log)
        out = run_matches(args.variant, players, args.matches, args.seed, args.duplicate,
                          args.budget_ms, args.jobs, args.log, args.timeout)
        print(json.dumps(out) if args.json else format_matches(out))
        return 0
    if args.log:
        read_log(args.log)
    out = run(args.variant, players, args.deals, args.seed, args.duplicate, args.budget_ms,
              args.jobs, args.log, args.timeout)
    print(json.dumps(out) if args.json else format_text(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
