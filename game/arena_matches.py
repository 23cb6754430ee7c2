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
deal is played by :func:`game.arena.play_deal` (guarded decisions, bots seeded by the deck).

Results per match: the final totals.  A *match win* is a best total (shared wins split the
match); *A ahead of B* compares A's total with each B's (a tie is half).  Both are averaged
over the seatings of a deck sequence first, then over the sequences: the interval is the
normal-approximation 95% interval of those per-sequence means, as the arena's per-deck one.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from game.ai.bench import percentile
from game.arena_core import (
    DECISION_TIMEOUT_S,
    cut_torn_line,
    logged_extras,
    open_log,
    play_deal,
    read_log_lines,
    seats_of,
)
from game.rules.match import match_over
from game.rules.options import make_options
from game.rules.record import echo
from game.rules.variants import random_deck

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


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    if not xs:
        return 0.0, 0.0
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a share (sound near 0 and 1, where the normal
    approximation collapses to a point)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(p: float) -> float:
    """Rating points between two players when the first scores ``p`` (0 < p < 1) against
    the second: the Elo model, ``p = 1 / (1 + 10 ** (-D / 400))``."""
    if not 0.0 < p < 1.0:
        return math.copysign(math.inf, p - 0.5)
    return 400.0 * math.log10(p / (1.0 - p))


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
            "elo_diff": _round(elo_difference(m)),
            "elo_diff_ci95": [_round(elo_difference(lo)), _round(elo_difference(hi))],
        }
    return out


def _round(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 1)


def read_match_log(path: str, missing_ok: bool = True) -> list[MatchResult]:
    """The matches of a ``--log`` file (a line that is not one is skipped with a warning)."""
    return read_log_lines(path, "match", MatchResult.from_json, missing_ok)



def run_matches(variant: str, players: list[str], matches: int, seed: int, duplicate: bool,
                budget_ms: float | None, jobs: int = 1, log: str | None = None,
                timeout_s: float | None = None) -> dict[str, Any]:
    """Play the schedule of whole matches; with ``log``, append each and resume from it."""

    todo = schedule_matches(variant, players, matches, seed, duplicate)
    results: list[MatchResult] = []
    if log:
        done = {(r.unit, r.seating): r for r in read_match_log(log) if r.seed == seed}
        results = [done[(j.unit, j.seating_index)] for j in todo
                   if (j.unit, j.seating_index) in done]
        todo = [j for j in todo if (j.unit, j.seating_index) not in done]
        cut_torn_line(log)
    work = [(variant, j, budget_ms, timeout_s) for j in todo]
    sink = open_log(log) if log else None

    def keep(r: MatchResult) -> None:
        results.append(r)
        if sink is not None:
            sink.write(json.dumps(r.to_json()) + "\n")
            sink.flush()

    try:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                for r in pool.imap_unordered(_run_match, work, chunksize=1):
                    keep(r)
        else:
            for w in work:
                keep(_run_match(w))
    finally:
        if sink:
            sink.close()
    out = summarize_matches(results, players)
    out.update({"variant": variant, "seed": seed, "duplicate": duplicate,
                "options": match_options(variant)})
    return out


def pool_match_logs(paths: list[str], order: list[str] | None = None) -> dict[str, Any]:
    """One summary over several match logs; ``order`` names A and B (default: the player
    with the fewest seats first — the one A among two Bs — then by first appearance)."""
    from game.rules.cli import CliError

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


# --- the ratings table ------------------------------------------------------------------------

#: The pairs measured per game, each level against the next lower one (docs/ratings.md).
RATING_PAIRS = (("easy", "random"), ("normal", "easy"), ("hard", "normal"))
#: The anchor of the scale.
ANCHOR_LEVEL, ANCHOR_ELO = "easy", 1000.0


def _level(name: str) -> str:
    """``hard@1250it`` -> ``hard``."""
    return name.split("@", 1)[0]


def ratings_table(summaries: dict[str, dict[tuple[str, str], dict[str, Any]]]
                  ) -> dict[str, Any]:
    """The levels' ratings per game from the pooled match summaries of each pair
    (``summaries[game][(a, b)]``, A the stronger): ``easy`` = 1000, each level the next
    lower one's rating plus the measured difference; a chained interval adds the links'
    deviations in quadrature (on each side).  A share of 1 (A ahead in every match) has no
    finite difference: the rating of B is then an upper bound from the Wilson interval."""
    out: dict[str, Any] = {"anchor": {"level": ANCHOR_LEVEL, "elo": ANCHOR_ELO},
                           "games": {}}
    for game, pairs in summaries.items():
        levels: dict[str, Any] = {ANCHOR_LEVEL: {"elo": ANCHOR_ELO, "ci95": [ANCHOR_ELO,
                                                                             ANCHOR_ELO]}}
        low_dev = {ANCHOR_LEVEL: 0.0}
        high_dev = {ANCHOR_LEVEL: 0.0}
        for a, b in RATING_PAIRS:
            s = pairs.get((a, b))
            if s is None or "paired" not in s:
                continue
            p = s["paired"]
            link = {"vs": b, "matches": s["matches"], "deck_sequences": s["deck_sequences"],
                    "left_out_partial": s.get("left_out_partial", 0),
                    "deals_per_match": s.get("deals_per_match"),
                    "a_ahead": p["a_ahead"], "a_ahead_ci95": p["ci95"],
                    "a_wins": p["a_wins"], "a_wins_ci95": p["a_wins_ci95"],
                    "a_wins_wilson95": p["a_wins_wilson95"], "chance_level": p["chance_level"],
                    "elo_diff": p["elo_diff"], "elo_diff_ci95": p["elo_diff_ci95"],
                    "players": [p["a"], p["b"]],
                    "illegal": sum(v["illegal"] for v in s["players"].values())}
            d, (lo, hi) = p["elo_diff"], p["elo_diff_ci95"]
            if a == ANCHOR_LEVEL:  # random below easy: easy's rating minus the difference
                if d is None:
                    ahead = p["a_ahead"] * s["deck_sequences"]
                    bound = elo_difference(wilson(ahead, s["deck_sequences"])[0])
                    levels[b] = {"elo": None, "at_most": round(ANCHOR_ELO - bound, 1), **link}
                else:
                    levels[b] = {"elo": round(ANCHOR_ELO - d, 1),
                                 "ci95": [None if hi is None else round(ANCHOR_ELO - hi, 1),
                                          None if lo is None else round(ANCHOR_ELO - lo, 1)],
                                 **link}
                continue
            base = levels.get(b, {}).get("elo")
            if base is None or d is None:
                continue
            dl = d - lo if lo is not None else math.inf
            dh = hi - d if hi is not None else math.inf
            low_dev[a] = math.hypot(low_dev.get(b, 0.0), dl)
            high_dev[a] = math.hypot(high_dev.get(b, 0.0), dh)
            elo = base + d
            levels[a] = {"elo": round(elo, 1),
                         "ci95": [_round(elo - low_dev[a]), _round(elo + high_dev[a])], **link}
        out["games"][game] = {"levels": levels}
    return out


def whole_sequences(results: list[MatchResult]) -> list[MatchResult]:
    """The matches of the deck sequences played in every seating.  A run stopped in the
    middle of a sequence leaves it played in some seatings only, where the luck of the
    cards does not cancel: such a sequence is left out until the run is continued."""
    units: dict[tuple[int, int], list[MatchResult]] = {}
    for r in results:
        units.setdefault((r.seed, r.unit), []).append(r)
    out = []
    for rs in units.values():
        seatings = len(set(itertools.permutations(rs[0].seats)))
        if len({r.seating for r in rs}) == seatings:
            out.extend(rs)
    return out


def pair_summary(path: str, a: str) -> dict[str, Any] | None:
    """The summary of one pair's log (its whole deck sequences), A (level ``a``) first;
    None for a log without a whole sequence."""
    played = read_match_log(path, missing_ok=False)
    results = whole_sequences(played)
    if not results:
        return None
    names = list(dict.fromkeys(p for r in results for p in r.seats))
    names.sort(key=lambda p: (_level(p) != a, p))
    out = summarize_matches(results, names)
    out["matches_in_log"] = len(played)
    out["left_out_partial"] = len(played) - len(results)
    return out


def ratings_from_logs(folder: str, games: list[str]) -> dict[str, Any]:
    """:func:`ratings_table` from the logs ``GAME.match.A-B.jsonl`` in ``folder``."""
    import os

    summaries: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    for game in games:
        for a, b in RATING_PAIRS:
            path = os.path.join(folder, f"{game}.match.{a}-{b}.jsonl")
            if not os.path.exists(path):
                continue
            summary = pair_summary(path, a)
            if summary is not None:
                summaries.setdefault(game, {})[(a, b)] = summary
    return ratings_table(summaries)


if __name__ == "__main__":  # python -m game.arena_matches LOG_FOLDER [GAME ...]
    from game.rules.options import VARIANT_IDS

    folder = sys.argv[1] if len(sys.argv) > 1 else "."
    print(json.dumps(ratings_from_logs(folder, sys.argv[2:] or list(VARIANT_IDS)), indent=1))
