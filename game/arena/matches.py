"""Whole matches in the arena (``python -m game.arena --matches N``): the ratings' measurement.

A deal is not what a player wins: a match is (to 7 points in Marriage, 8 in Sixty-six and
Sixty-six for three; Mariáš: a session of two rounds of dealers, the highest total wins).
So the level ratings (docs/ratings.md) are measured over whole matches.

Duplicate matches: a *deck sequence* fixes the deck of the match's 1st, 2nd, … deal and the
first dealer; with ``duplicate`` it is played once in every distinct seating of the players
(two seatings for two players; one A and two Bs: three), so each player meets the same
cards from every seat and the luck of the deal cancels.  The decks come from the run's seed
alone, never from the play, so Mariáš is measured with ``gather_and_cut`` off (a gathered
deck would depend on how the deal before was played and the seatings would part).  Each
deal is played by :func:`game.arena.play.play_deal` (guarded decisions, bots seeded by the deck).

Results per match: the final totals.  A *match win* is a best total (shared wins split the
match); *A ahead of B* compares A's total with each B's (a tie is half).  Both are averaged
over the seatings of a deck sequence first, then over the sequences: the interval is the
normal-approximation 95% interval of those per-sequence means, as the arena's per-deck one
(:mod:`game.arena.stats`).  The levels' ratings are chained from these summaries by
:mod:`game.arena.ratings`.
"""

from __future__ import annotations

import itertools
import random
import statistics
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.ai.bench import percentile
from game.rules.cli import CliError
from game.rules.match import match_over
from game.rules.options import make_options
from game.rules.record import echo
from game.rules.variants import random_deck

from .logs import logged_extras, play_logged, read_log_lines
from .play import DECISION_TIMEOUT_S, play_deal, seats_of
from .stats import elo_difference, mean_ci, rounded_elo, wilson

#: A match that has not ended after this many deals is stopped (it never happens in play:
#: a safety net against a bot that never lets anyone score).
MAX_DEALS_PER_MATCH = 200


def match_options(variant: str) -> dict[str, Any]:
    """The rules of a measured match: the defaults, Mariáš without gathering (see above)."""
    return dict(make_options(variant, {"gather_and_cut": False} if variant == "marias" else None))


class MatchJob(NamedTuple):
    """One match of the schedule."""

    unit: int  # the deck sequence
    seating: list[str]  # player spec per seat
    seating_index: int
    seed: int  # the run's seed


@dataclass
class MatchResult:
    seed: int
    unit: int
    seating: int
    seats: list[str]
    totals: list[int]
    deal_scores: list[list[int]]
    times: dict[str, list[float]] = field(default_factory=dict)
    illegal: dict[str, int] = field(default_factory=dict)
    #: the match's record (NOTATION.md: the deals one after another)
    record: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": "match", "seed": self.seed, "unit": self.unit,
                "seating": self.seating, "seats": self.seats, "totals": self.totals,
                "deal_scores": self.deal_scores,
                "times": {p: [round(t, 2) for t in ts] for p, ts in self.times.items()},
                "illegal": self.illegal, "record": self.record}

    @classmethod
    def from_json(cls, d: Any) -> MatchResult:
        """A logged match; ValueError says what is wrong with a line that is not one."""
        if not isinstance(d, dict) or d.get("kind") != "match":
            raise ValueError("not a logged match")
        seats, totals = d.get("seats"), d.get("totals")
        if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
            raise ValueError("'seats' is not a list of player names")
        if not isinstance(totals, list) or len(totals) != len(seats) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in totals):
            raise ValueError("'totals' is not one whole number per seat")
        for name in ("seed", "unit", "seating"):
            if isinstance(d.get(name), bool) or not isinstance(d.get(name), int):
                raise ValueError(f"'{name}' is not a whole number")
        scores = d.get("deal_scores", [])
        if not isinstance(scores, list) or not all(
                isinstance(s, list) and len(s) == len(seats) for s in scores):
            raise ValueError("'deal_scores' is not one score per seat and deal")
        times, illegal, record = logged_extras(d)
        return cls(d["seed"], d["unit"], d["seating"], seats, totals, scores, times, illegal,
                   record)


def deck_of(variant: str, seed: int, unit: int, k: int) -> list[int]:
    """The deck of the ``k``-th deal of deck sequence ``unit`` (the same in every seating)."""
    return random_deck(variant, random.Random(f"match|{seed}|{unit}|{k}"))


def schedule_matches(variant: str, players: list[str], matches: int, seed: int,
                     duplicate: bool) -> list[MatchJob]:
    n = seats_of(variant, players)
    jobs = []
    for unit in range(matches):
        if duplicate:
            seatings = sorted(set(itertools.permutations(players)))
        else:
            r = unit % n
            seatings = [tuple(players[r:] + players[:r])]
        for k, seating in enumerate(seatings):
            jobs.append(MatchJob(unit, list(seating), k, seed))
    return jobs


def play_match(variant: str, job: MatchJob, budget_ms: float | None = None,
               timeout_s: float | None = None) -> MatchResult:
    """One whole match of ``job`` (see the module docstring)."""

    options = match_options(variant)
    n = len(job.seating)
    totals = [0] * n
    scores: list[list[int]] = []
    times: dict[str, list[float]] = {p: [] for p in job.seating}
    illegal: dict[str, int] = {p: 0 for p in job.seating}
    records = []
    dealer = job.unit % n
    k = 0
    while not match_over(variant, options, totals, k) and k < MAX_DEALS_PER_MATCH:
        deck_seed = (job.seed * 1_000_003 + job.unit) * 1000 + k
        r = play_deal(variant, job.seating, deck_of(variant, job.seed, job.unit, k), dealer,
                      deck_seed, budget_ms, job.unit, timeout_s or DECISION_TIMEOUT_S, options)
        scores.append(list(r.score))
        totals = [t + s for t, s in zip(totals, r.score)]
        for p, ts in r.times.items():
            times[p].extend(ts)
        for p, c in r.illegal.items():
            illegal[p] += c
        records.append(r.record or "")
        dealer = (dealer + 1) % n
        k += 1
    return MatchResult(job.seed, job.unit, job.seating_index, list(job.seating), totals,
                       scores, times, illegal, "\n".join(records))


def _run_match(args: tuple[str, MatchJob, float | None, float | None]) -> MatchResult:
    variant, job, budget_ms, timeout_s = args
    return play_match(variant, job, budget_ms, timeout_s)


# --- reading the results ----------------------------------------------------------------

def win_shares(r: MatchResult) -> dict[str, float]:
    """Each player's share of the match win (a best total; shared best totals split it)."""
    best = max(r.totals)
    winners = [s for s, t in enumerate(r.totals) if t == best]
    out = {p: 0.0 for p in r.seats}
    for s in winners:
        out[r.seats[s]] += 1.0 / len(winners)
    return out


def ahead_share(r: MatchResult, a: str, b: str) -> float | None:
    """How often ``a``'s total beats a ``b``'s total in this match (a tie is half)."""
    pairs = [(i, j) for i, p in enumerate(r.seats) if p == a
             for j, q in enumerate(r.seats) if q == b]
    if not pairs:
        return None
    return statistics.fmean(1.0 if r.totals[i] > r.totals[j] else
                            0.5 if r.totals[i] == r.totals[j] else 0.0 for i, j in pairs)


def summarize_matches(results: list[MatchResult], players: list[str]) -> dict[str, Any]:
    names = list(dict.fromkeys(players))
    out: dict[str, Any] = {"matches": len(results), "players": {}}
    units: dict[tuple[int, int], list[MatchResult]] = {}
    for r in results:
        units.setdefault((r.seed, r.unit), []).append(r)
    out["deck_sequences"] = len(units)
    if not results:
        return out
    out["deals_per_match"] = round(statistics.fmean(len(r.deal_scores) for r in results), 2)
    for p in names:
        per_unit = [statistics.fmean(win_shares(r)[p] for r in rs) for rs in units.values()
                    if all(p in r.seats for r in rs)]
        m, h = mean_ci(per_unit)
        times = [t for r in results for t in r.times.get(p, [])]
        seats = sum(r.seats.count(p) for r in results)
        out["players"][p] = {
            "match_wins": round(sum(win_shares(r)[p] for r in results), 2),
            "win_share": round(m, 4), "ci95": round(h, 4),
            "mean_total": round(statistics.fmean(
                r.totals[s] for r in results for s, q in enumerate(r.seats) if q == p), 3),
            "seats": seats,
            "ms_median": round(statistics.median(times), 2) if times else 0.0,
            "ms_p95": round(percentile(times, 0.95), 2),
            "ms_max": round(max(times), 2) if times else 0.0,
            "decisions": len(times),
            "illegal": sum(r.illegal.get(p, 0) for r in results),
        }
    if len(names) >= 2:
        a, b = names[0], names[1]
        per_unit = []
        for rs in units.values():
            vals = [v for r in rs if (v := ahead_share(r, a, b)) is not None]
            if vals:
                per_unit.append(statistics.fmean(vals))
        m, h = mean_ci(per_unit)
        lo, hi = max(0.0, m - h), min(1.0, m + h)
        wins_a = sum(win_shares(r)[a] for r in results)
        w_lo, w_hi = wilson(wins_a, len(results))
        out["paired"] = {
            "a": a, "b": b, "n": len(per_unit),
            # the share of the matches A wins outright (equal players: 1 / number of players)
            "a_wins": out["players"][a]["win_share"], "a_wins_ci95": out["players"][a]["ci95"],
            "a_wins_wilson95": [round(w_lo, 4), round(w_hi, 4)],
            "chance_level": round(out["players"][a]["seats"]
                                  / sum(len(r.seats) for r in results), 4),
            # how often A finishes ahead of a B (equal players: one half): the Elo score
            "a_ahead": round(m, 4), "ci95": round(h, 4),
            "significant": abs(m - 0.5) > h,
            "elo_diff": rounded_elo(elo_difference(m)),
            "elo_diff_ci95": [rounded_elo(elo_difference(lo)), rounded_elo(elo_difference(hi))],
        }
    return out


def read_match_log(path: str, missing_ok: bool = True) -> list[MatchResult]:
    """The matches of a ``--log`` file (a line that is not one is skipped with a warning)."""
    return read_log_lines(path, "match", MatchResult.from_json, missing_ok)


def run_matches(variant: str, players: list[str], matches: int, seed: int, duplicate: bool,
                budget_ms: float | None, jobs: int = 1, log: str | None = None,
                timeout_s: float | None = None) -> dict[str, Any]:
    """Play the schedule of whole matches; with ``log``, append each and resume from it."""

    todo = schedule_matches(variant, players, matches, seed, duplicate)
    done = ({(r.unit, r.seating): r for r in read_match_log(log) if r.seed == seed}
            if log else {})
    results = play_logged(todo, done, lambda j: (j.unit, j.seating_index),
                          lambda j: (variant, j, budget_ms, timeout_s), _run_match, jobs, log)
    out = summarize_matches(results, players)
    out.update({"variant": variant, "seed": seed, "duplicate": duplicate,
                "options": match_options(variant)})
    return out


def pool_match_logs(paths: list[str], order: list[str] | None = None) -> dict[str, Any]:
    """One summary over several match logs; ``order`` names A and B (default: the player
    with the fewest seats first — the one A among two Bs — then by first appearance)."""
    results = [r for p in paths for r in read_match_log(p, missing_ok=False)]
    if not results:
        raise CliError(f"no matches in {', '.join(echo(p) for p in paths)}")
    players = list(dict.fromkeys(p for r in results for p in r.seats))
    if order:
        players = [p for p in dict.fromkeys(order) if p in players] + \
            [p for p in players if p not in order]
    else:
        players.sort(key=lambda p: results[0].seats.count(p))
    out = summarize_matches(results, players)
    out.update({"logs": paths})
    return out


def format_matches(out: dict[str, Any]) -> str:
    head = (f"{out['matches']} matches on {out['deck_sequences']} deck sequences"
            + (f", {out.get('deals_per_match', 0):.1f} deals a match" if out["matches"] else ""))
    lines = [f"{out['variant']}: {head}" if "variant" in out else head]
    for p, r in out.get("players", {}).items():
        lines.append(f"  {p:<24} wins {r['win_share']:.3f} ± {r['ci95']:.3f} of the matches"
                     f"   mean total {r['mean_total']:+.2f}   ms median {r['ms_median']:.1f}"
                     f" p95 {r['ms_p95']:.1f}" + (f", ILLEGAL {r['illegal']}" if r["illegal"]
                                                  else ""))
    if "paired" in out:
        pr = out["paired"]
        lo, hi = pr["elo_diff_ci95"]
        lines.append(f"  {pr['a']} ahead of {pr['b']}: {pr['a_ahead']:.3f} ± {pr['ci95']:.3f}"
                     f"   Elo difference {pr['elo_diff']} ({lo} to {hi})")
    return "\n".join(lines)
