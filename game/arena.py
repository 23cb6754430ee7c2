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
import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.ai.bench import percentile
from game.ai.bot import load_player
from game.rules.record import write_deal
from game.rules.variants import deal_class, new_deal, random_deck


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
    def from_json(cls, d: dict[str, Any]) -> GameResult:
        return cls(d["deck"], d["seats"], d["score"], d["times"], d["illegal"], d["seed"],
                   d.get("seating", 0), d.get("record"))


def play_deal(
    variant: str,
    players: list[str],
    deck: list[int],
    dealer: int,
    seed: int,
    budget_ms: float | None,
    deck_index: int = 0,
) -> GameResult:
    """One deal; ``players[s]`` is the spec of the player in seat ``s``."""
    deal = new_deal(variant, dealer, deck)
    bots = [load_player(p, variant, seed=seed * 7919 + s, budget_ms=budget_ms)
            for s, p in enumerate(players)]
    times: dict[str, list[float]] = {p: [] for p in players}
    illegal: dict[str, int] = {p: 0 for p in players}
    while not deal.is_over():
        seat = deal.to_move()
        assert seat is not None
        bot = bots[seat]
        if getattr(bot, "wants_truth", False):
            bot.reveal(deal.clone())
        obs = deal.observation(seat)
        t0 = time.perf_counter()
        action = bot.choose(obs)
        times[players[seat]].append((time.perf_counter() - t0) * 1000.0)
        if action == "trump blind" and hasattr(deal, "blind_trump_action"):
            action = deal.blind_trump_action(random.Random(seed + len(deal.history)).randrange(5))
        if deal.check(action, seat) is not None:
            illegal[players[seat]] += 1
            action = obs["legal"][0]
        deal.apply(action, seat)
    return GameResult(deck_index, list(players), list(deal.score() or [0] * len(players)),
                      times, illegal, record=write_deal(deal))


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
    n = deal_class(variant).players
    if len(players) != n:
        raise SystemExit(f"{variant} needs {n} players, got {len(players)}")
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


def _run_job(args: tuple[str, float | None, int, Job]) -> GameResult:
    variant, budget_ms, seed, job = args
    r = play_deal(variant, job.seating, job.deck, job.dealer, job.seed, budget_ms,
                  job.deck_index)
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
    by_deck: dict[int, dict[str, list[float]]] = {}
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


def read_log(path: str) -> list[GameResult]:
    """The games of a ``--log`` file (a torn last line from a killed run is skipped)."""
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    out.append(GameResult.from_json(json.loads(line)))
                except (ValueError, KeyError, TypeError):
                    continue
    except FileNotFoundError:
        pass
    return out


def run(variant: str, players: list[str], deals: int, seed: int, duplicate: bool,
        budget_ms: float | None, jobs: int = 1, log: str | None = None) -> dict[str, Any]:
    """Play the schedule; with ``log``, append each game to it and skip games already there."""
    todo = schedule(variant, players, deals, seed, duplicate)
    results: list[GameResult] = []
    if log:
        done = {(r.deck_index, r.seating): r for r in read_log(log) if r.seed == seed}
        results = [done[(j.deck_index, j.seating_index)] for j in todo
                   if (j.deck_index, j.seating_index) in done]
        todo = [j for j in todo if (j.deck_index, j.seating_index) not in done]
    work = [(variant, budget_ms, seed, j) for j in todo]
    sink = open(log, "a+", encoding="utf-8") if log else None
    if sink is not None and sink.tell():
        sink.seek(sink.tell() - 1)
        if sink.read(1) != "\n":
            sink.write("\n")  # end a torn line left by a killed run
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
    results = [r for p in paths for r in read_log(p)]
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--variant")
    ap.add_argument("--players", help="comma-separated: level or module:Class")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--duplicate", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--budget-ms", type=float, default=None)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--log", help="append each game to this JSON-lines file; resume from it")
    ap.add_argument("--pool", nargs="+", metavar="LOG", help="summarise --log files together")
    args = ap.parse_args(argv)
    if args.pool:
        out = pool_logs(args.pool)
        print(json.dumps(out) if args.json else format_text(out))
        return 0
    if not args.variant or not args.players:
        ap.error("--variant and --players are required (or --pool LOG...)")
    players = [p.strip() for p in args.players.split(",") if p.strip()]
    out = run(args.variant, players, args.deals, args.seed, args.duplicate, args.budget_ms,
              args.jobs, args.log)
    print(json.dumps(out) if args.json else format_text(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
