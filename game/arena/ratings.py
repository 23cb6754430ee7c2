"""The levels' ratings from the arena's match logs: ``python -m game.arena.ratings LOG_FOLDER``.

Each level is measured against the next lower one in whole duplicate matches
(:mod:`game.arena.matches`, one log ``GAME.match.A-B.jsonl`` per pair); the differences are
chained from the anchor, easy = 1000, into the table of ``docs/ratings.json``
(docs/ratings.md), which :mod:`game.ai.ratings` shows the player (a test keeps the two equal).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import sys
from typing import Any

from game.rules.cli import CliError, OneLineParser, run_main
from game.rules.options import VARIANT_IDS
from game.rules.record import echo

from .matches import MatchResult, read_match_log, summarize_matches
from .stats import elo_difference, rounded_elo, wilson

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
                         "ci95": [rounded_elo(elo - low_dev[a]), rounded_elo(elo + high_dev[a])],
                         **link}
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


def _main(argv: list[str] | None = None) -> int:
    ap = OneLineParser(prog="python -m game.arena.ratings",
                       description="the levels' ratings from the arena's match logs")
    ap.add_argument("folder", nargs="?", default=".",
                    help="the folder of the logs GAME.match.A-B.jsonl")
    ap.add_argument("games", nargs="*", metavar="GAME",
                    help=f"the games to rate (default: all of {', '.join(VARIANT_IDS)})")
    args = ap.parse_args(argv)
    for game in args.games:
        if game not in VARIANT_IDS:
            ap.error(f"unknown game '{echo(game)}' (one of {', '.join(VARIANT_IDS)})")
    if not os.path.isdir(args.folder):
        raise CliError(f"cannot read {args.folder}: "
                       + ("it is not a folder" if os.path.exists(args.folder)
                          else "no such folder"))
    print(json.dumps(ratings_from_logs(args.folder, args.games or list(VARIANT_IDS)),
                     indent=1))
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(_main, argv)


if __name__ == "__main__":  # python -m game.arena.ratings LOG_FOLDER [GAME ...]
    sys.exit(main())
