"""Bots against bots, deal by deal: the schedule, the games and their summary.

Seats are rotated from deal to deal; with ``duplicate`` every deck is played once per
distinct seat permutation of the players, which cancels the luck of the cards (the paired
per-deck difference is the number to trust).  A summary gives per player the mean deal
score with a 95% confidence interval and the decision time median / p95 / max; for the
first two distinct players also the paired per-deck difference.  ``python -m game.arena``
(:mod:`game.arena.__main__`) is its command line.
"""

from __future__ import annotations

import itertools
import random
import statistics
from typing import Any, NamedTuple

from game.ai.bench import percentile
from game.rules.cli import CliError
from game.rules.record import echo
from game.rules.variants import random_deck

from .logs import play_logged, read_log_lines
from .play import DECISION_TIMEOUT_S, GameResult, play_deal, seats_of
from .stats import mean_ci


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
    """The games of a ``--log`` file (:func:`game.arena.logs.read_log_lines`: a line that
    is not a game is skipped with a warning; a missing file is none or an error)."""
    return read_log_lines(path, "game", GameResult.from_json, missing_ok)


def run(variant: str, players: list[str], deals: int, seed: int, duplicate: bool,
        budget_ms: float | None, jobs: int = 1, log: str | None = None,
        timeout_s: float = DECISION_TIMEOUT_S) -> dict[str, Any]:
    """Play the schedule; with ``log``, append each game to it and skip games already there."""
    todo = schedule(variant, players, deals, seed, duplicate)
    done = {(r.deck_index, r.seating): r for r in read_log(log) if r.seed == seed} if log else {}
    results = play_logged(todo, done, lambda j: (j.deck_index, j.seating_index),
                          lambda j: (variant, budget_ms, seed, j, timeout_s), _run_job, jobs, log)
    out = summarize(results, players)
    out.update({"variant": variant, "seed": seed, "duplicate": duplicate,
                "budget_ms": budget_ms})
    return out


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
