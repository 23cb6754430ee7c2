"""Ratings that mean something: the computer levels' published Elo and the player's own.

The levels' ratings are measured (docs/ratings.md): whole duplicate matches between each
level and the next lower one in the arena (``python -m game.arena --matches``), the share
of matches in which the stronger finishes ahead turned into an Elo difference, and the
differences chained from the anchor, **easy = 1000** in every game.  The table below is
that measurement's result, copied from ``docs/ratings.json`` (a test keeps the two equal).

The player's rating per game starts at the anchor and moves after every counted match
against the levels by the Elo rule: against each computer opponent the expected score
``E = 1 / (1 + 10 ** ((R_opponent - R) / 400))`` is compared with the real one ``S``
(1 finished ahead of it, 0.5 level, 0 behind), and ``R`` moves by ``K * (S - E)``, shared
between the opponents of a three-player match so that one match moves it by at most K.
K is 40 for the first ten counted matches of a game (a new rating must find its level
fast) and 20 afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The anchor: easy's rating in every game, and where a player's rating starts.
ANCHOR = 1000.0
#: K for the first :data:`PROVISIONAL` counted matches of a game, and afterwards.
K_NEW, K_SETTLED, PROVISIONAL = 40.0, 20.0, 10

#: The published ratings of the levels per game (docs/ratings.md), rounded to 10.
LEVEL_RATINGS: dict[str, dict[str, int]] = {
    "marriage": {"easy": 1000, "normal": 1300, "hard": 1380},
    "sixty-six": {"easy": 1000, "normal": 1280, "hard": 1340},
    "sixty-six-3": {"easy": 1000, "normal": 1140, "hard": 1210},
    "marias": {"easy": 1000, "normal": 1210, "hard": 1250},
}


def expected(rating: float, opponent: float) -> float:
    """The Elo model's expected score of ``rating`` against ``opponent`` (0..1)."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def level_rating(variant: str, level: str) -> int | None:
    """The published rating of a computer level in a game, or None where none is measured."""
    return LEVEL_RATINGS.get(variant, {}).get(level)


def k_factor(counted: int) -> float:
    """K for a player who has ``counted`` matches of the game behind him."""
    return K_NEW if counted < PROVISIONAL else K_SETTLED


def match_scores(totals: Sequence[int], me: int) -> list[tuple[int, float]]:
    """``(opponent seat, S)`` for each other seat: 1 ahead of it, 0.5 level, 0 behind."""
    return [(s, 1.0 if totals[me] > t else 0.5 if totals[me] == t else 0.0)
            for s, t in enumerate(totals) if s != me]


@dataclass(frozen=True)
class RatingChange:
    before: float
    after: float
    #: per opponent seat: (its rating, expected score, real score)
    against: tuple[tuple[int, float, float, float], ...]

    @property
    def delta(self) -> float:
        return self.after - self.before


def updated(rating: float, counted: int, totals: Sequence[int], me: int,
            opponent_ratings: dict[int, float]) -> RatingChange:
    """The player's new rating after a finished match (see the module docstring).

    ``opponent_ratings``: the rating of every other seat (the computer levels')."""
    k = k_factor(counted)
    scores = match_scores(totals, me)
    share = k / len(scores)
    delta = 0.0
    rows = []
    for seat, s in scores:
        r_opp = opponent_ratings[seat]
        e = expected(rating, r_opp)
        delta += share * (s - e)
        rows.append((seat, r_opp, round(e, 4), s))
    return RatingChange(rating, rating + delta, tuple(rows))
