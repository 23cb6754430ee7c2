"""Statistics per game: matches and deals played and won, points, streaks, Mariáš contracts,
the player's rating and its history, and the counting trainer's score.

The numbers live in ``stats.json`` in the user's data folder, written atomically by
:class:`game.ui.storage.Storage`.  Who records what:

* the score sheet scene ("score") records the match's last finished deal when it opens
  (``storage.record_deal``), the match result scene ("match_result") records the match
  (``storage.record_match``).  Both are idempotent: every deal/match carries a ``key``
  (a hash of its record text) and a key already counted is ignored, so re-entering a
  scene, resizing the window or resuming a saved match never counts anything twice.
* The table does not need to call anything; it may call the same methods with its own
  summaries (same ``key`` = counted once).

``deal_summary`` (a dict; every field optional except ``won``)::

    {"key": str,               # identity of the deal (dedupe)
     "won": bool,              # the human's side scored more than the others this deal
     "points": int,            # the human's match points / units of this deal (may be < 0)
     "others": int,            # the other players' points of this deal, together
     "players": int,           # how many sat at the table
     "contract": str | None,   # Mariáš: the contract (suit, betl, durch, open-betl ...)
     "soloist": bool,          # Mariáš: the human played the contract
     "contract_won": bool}     # Mariáš: the soloist won it

Build one from a finished deal with :func:`summarise_deal`.

The rating (``game.ai.ratings``) moves only with a *counted* match: ``record_match`` gets a
:class:`RatedMatch` (the final totals, the player's seat and the computer levels) for a
finished match the player played alone against computer levels outside practice and the
counting trainer; the change is kept (not saved) under the match's key for the result
screen (:attr:`Stats.changes`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from game.ai.ratings import ANCHOR, RatingChange, level_rating, updated
from game.ai.trainer import KINDS as QUESTION_KINDS

#: How many per-deal points are kept per game for the points-per-deal chart.
POINTS_KEPT = 60
#: How many dedupe keys are remembered (older ones cannot come back: resumes are recent).
KEYS_KEPT = 400
#: How many ratings are kept per game for the rating chart (one after each counted match).
RATINGS_KEPT = 200
#: The ratings a file may hold (far beyond any real one).
RATING_MIN, RATING_MAX = 0.0, 4000.0


@dataclass(frozen=True)
class RatedMatch:
    """A finished match that counts for the player's rating: the final totals, the
    player's seat, and every other seat's computer level."""

    totals: tuple[int, ...]
    me: int
    levels: dict[int, str]

    def opponent_ratings(self, variant: str) -> dict[int, float] | None:
        """The published rating of every opponent's level, or None if one has none."""
        out: dict[int, float] = {}
        for seat, level in self.levels.items():
            r = level_rating(variant, level)
            if r is None:
                return None
            out[seat] = float(r)
        return out


@dataclass
class VariantStats:
    matches_played: int = 0
    matches_won: int = 0
    deals_played: int = 0
    deals_won: int = 0
    points_total: int = 0
    #: The other players' points of every deal, together (a deal lost shows here).
    others_total: int = 0
    #: Consecutive deals won, now and at best.
    current_streak: int = 0
    best_streak: int = 0
    #: Consecutive matches won, now and at best.
    match_streak: int = 0
    best_match_streak: int = 0
    #: The human's points of the last deals, oldest first (for the line chart).
    recent_points: list[int] = field(default_factory=list)
    #: Each of those deals' balance: the human's points minus an average opponent's
    #: (what a deal lost cost shows as a loss, in every game), oldest first.
    recent_balance: list[float] = field(default_factory=list)
    #: Mariáš: contract -> [played as soloist, won].
    contracts: dict[str, list[int]] = field(default_factory=dict)
    #: The player's rating in this game (game.ai.ratings) and how many matches counted.
    rating: float = ANCHOR
    rated_matches: int = 0
    #: The rating after each counted match, oldest first (the chart; the start is ANCHOR).
    rating_history: list[float] = field(default_factory=list)
    #: The counting trainer: question kind -> [asked, answered right].
    trainer: dict[str, list[int]] = field(default_factory=dict)

    @property
    def points_per_deal(self) -> float:
        """The player's own points per deal (deals lost count as what they scored: 0, or
        the units paid in Mariáš)."""
        return self.points_total / self.deals_played if self.deals_played else 0.0

    def opponent_points_per_deal(self, players: int) -> float:
        """An average opponent's points per deal: the other side of the table."""
        if not self.deals_played or players < 2:
            return 0.0
        return self.others_total / self.deals_played / (players - 1)

    @property
    def deal_win_rate(self) -> float:
        return self.deals_won / self.deals_played if self.deals_played else 0.0

    @property
    def match_win_rate(self) -> float:
        return self.matches_won / self.matches_played if self.matches_played else 0.0


@dataclass
class Stats:
    games: dict[str, VariantStats] = field(default_factory=dict)
    seen: list[str] = field(default_factory=list)
    #: match key -> the rating change it made (this session only; the result screen's)
    changes: dict[str, RatingChange] = field(default_factory=dict, repr=False, compare=False)
    #: Fields of the file this version does not know (a newer version's): written back as
    #: they were, so going back to an older version never drops them.
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: The same per game: variant -> unknown fields of its entry.
    game_extra: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False,
                                                  compare=False)

    def of(self, variant: str) -> VariantStats:
        return self.games.setdefault(variant, VariantStats())

    def _first_time(self, key: str | None) -> bool:
        if not key:
            return True
        if key in self.seen:
            return False
        self.seen.append(key)
        del self.seen[:-KEYS_KEPT]
        return True

    def record_deal(self, variant: str, summary: dict[str, Any]) -> bool:
        """Count one finished deal; False if its ``key`` was counted before."""
        if not self._first_time(summary.get("key")):
            return False
        s = self.of(variant)
        s.deals_played += 1
        points = int(summary.get("points", 0) or 0)
        others = int(summary.get("others", 0) or 0)
        players = max(2, int(summary.get("players", 2) or 2))
        s.points_total += points
        s.others_total += others
        s.recent_points.append(points)
        del s.recent_points[:-POINTS_KEPT]
        s.recent_balance.append(round(points - others / (players - 1), 2))
        del s.recent_balance[:-POINTS_KEPT]
        if summary.get("won"):
            s.deals_won += 1
            s.current_streak += 1
            s.best_streak = max(s.best_streak, s.current_streak)
        else:
            s.current_streak = 0
        contract = summary.get("contract")
        if contract and summary.get("soloist"):
            played_won = s.contracts.setdefault(str(contract), [0, 0])
            played_won[0] += 1
            if summary.get("contract_won"):
                played_won[1] += 1
        return True

    def record_match(self, variant: str, won: bool, key: str | None = None,
                     rated: RatedMatch | None = None) -> bool:
        """Count one finished match; False if its ``key`` was counted before.  ``rated``:
        the match counts for the rating too (see the module docstring)."""
        if not self._first_time(f"match:{key}" if key else None):
            return False
        s = self.of(variant)
        s.matches_played += 1
        if won:
            s.matches_won += 1
            s.match_streak += 1
            s.best_match_streak = max(s.best_match_streak, s.match_streak)
        else:
            s.match_streak = 0
        opponents = rated.opponent_ratings(variant) if rated is not None else None
        if rated is not None and opponents:
            change = updated(s.rating, s.rated_matches, rated.totals, rated.me, opponents)
            s.rating = round(min(RATING_MAX, max(RATING_MIN, change.after)), 1)
            s.rated_matches += 1
            s.rating_history.append(s.rating)
            del s.rating_history[:-RATINGS_KEPT]
            if key:
                self.changes[key] = change
        return True

    def record_question(self, variant: str, kind: str, right: bool) -> None:
        """One answer of the counting trainer."""
        if kind not in QUESTION_KINDS:
            return
        asked_right = self.of(variant).trainer.setdefault(kind, [0, 0])
        asked_right[0] += 1
        if right:
            asked_right[1] += 1

    # --- JSON -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        games = {k: {**self.game_extra.get(k, {}), **asdict(v)} for k, v in self.games.items()}
        return {**self.extra, "version": STATS_VERSION, "games": games, "seen": list(self.seen)}

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Stats, list[str]]:
        """The statistics of a decoded file and what had to be dropped.

        Every number is bounded (:data:`COUNT_MAX`, :data:`POINTS_MAX`), lists keep
        their newest entries, unknown games and contracts are dropped: a damaged or
        hand-edited file can neither crash a chart nor slow the start.  Raises
        ValueError only when the file is not a statistics object at all.
        """
        from .schema import Invalid, Problems

        problems = Problems()
        if not isinstance(data, dict) or not isinstance(data.get("games", {}), dict):
            raise ValueError("statistics file is not an object")
        games: dict[str, VariantStats] = {}
        game_extra: dict[str, dict[str, Any]] = {}
        check = _variant_schema()
        for variant, raw in list(data.get("games", {}).items())[:16]:
            if variant not in _variant_ids():
                problems.add("games", f"unknown game dropped ({str(variant)[:20]!r})")
                continue
            try:
                values = check(raw, str(variant), problems)
            except Invalid as exc:
                problems.add(str(variant), f"dropped ({exc})")
                continue
            games[str(variant)] = VariantStats(**values)
            if isinstance(raw, dict):
                unknown = {k: v for k, v in raw.items() if k not in _VARIANT_FIELDS}
                if unknown:
                    game_extra[str(variant)] = unknown
        seen = data.get("seen", [])
        if not isinstance(seen, list):
            problems.add("seen", "not a list")
            seen = []
        if len(seen) > KEYS_KEPT:
            seen = seen[-KEYS_KEPT:]
        kept = [k for k in seen if isinstance(k, str) and 0 < len(k) <= 80]
        if len(kept) != len(seen):
            problems.add("seen", "malformed keys dropped")
        extra = {k: v for k, v in data.items() if k not in ("version", "games", "seen")}
        return cls(games=games, seen=kept, extra=extra, game_extra=game_extra), problems.lines


#: Version of the file format; a file with a higher number comes from a newer program.
STATS_VERSION = 1
_VARIANT_FIELDS = frozenset(VariantStats.__dataclass_fields__)

#: Bounds of every number of the statistics file (far beyond any real player's).
COUNT_MAX = 10**9
POINTS_MAX = 10**12
DEAL_POINTS_MAX = 10**6
CONTRACTS_KNOWN = ("suit", "betl", "durch", "open-betl", "open-durch")


def _variant_ids() -> tuple[str, ...]:
    from game.rules.options import VARIANT_IDS

    return VARIANT_IDS


def _variant_schema() -> Any:
    from . import schema as sc

    count = sc.whole(0, COUNT_MAX)
    spec = {name: count for name in ("matches_played", "matches_won", "deals_played",
                                      "deals_won", "current_streak", "best_streak",
                                      "match_streak", "best_match_streak")}
    spec["points_total"] = sc.whole(-POINTS_MAX, POINTS_MAX)
    spec["others_total"] = sc.whole(-POINTS_MAX, POINTS_MAX)
    spec["recent_points"] = sc.list_of(sc.whole(-DEAL_POINTS_MAX, DEAL_POINTS_MAX),
                                       POINTS_KEPT, lenient=True, keep_last=True)
    spec["recent_balance"] = sc.list_of(sc.number(-DEAL_POINTS_MAX, DEAL_POINTS_MAX),
                                        POINTS_KEPT, lenient=True, keep_last=True)
    spec["contracts"] = sc.dict_of(sc.text(20, CONTRACTS_KNOWN),
                                   sc.list_of(count, 2, exact_len=2), 8, lenient=True)
    spec["rating"] = sc.number(RATING_MIN, RATING_MAX)
    spec["rated_matches"] = count
    spec["rating_history"] = sc.list_of(sc.number(RATING_MIN, RATING_MAX), RATINGS_KEPT,
                                        lenient=True, keep_last=True)
    spec["trainer"] = sc.dict_of(sc.text(20, QUESTION_KINDS), sc.list_of(count, 2, exact_len=2),
                                 8, lenient=True)
    defaults = asdict(VariantStats())
    return sc.fields_of(spec, defaults)


def rated_match(setup: Any, totals: Any, human: int) -> RatedMatch | None:
    """The match as it counts for the rating, or None when it does not count: a practice
    or counting-trainer game, a table with friends, a seat that is not a computer level."""
    from game.ai.bot import GAME_LEVELS

    seats = list(getattr(setup, "seats", None) or [])
    if getattr(setup, "practice", False) or getattr(setup, "trainer", False) or \
            getattr(setup, "network", None) or not seats or len(seats) != len(totals):
        return None
    levels = {s: kind for s, kind in enumerate(seats) if s != human}
    if seats[human] != "human" or not all(k in GAME_LEVELS for k in levels.values()):
        return None
    return RatedMatch(tuple(int(t) for t in totals), human, levels)


def deal_key(record_text: str) -> str:
    """A stable identity of a deal or match: the same record gives the same key after resume."""
    import hashlib

    return hashlib.sha1(record_text.encode("utf-8")).hexdigest()[:20]


def summarise_deal(deal: Any, human: int = 0) -> dict[str, Any]:
    """The ``deal_summary`` of a finished :class:`game.rules.Deal` for seat ``human``."""
    from game.rules import write_deal

    score = deal.score() or [0] * deal.players
    mine = score[human]
    best_other = max(s for i, s in enumerate(score) if i != human)
    summary: dict[str, Any] = {
        "key": deal_key(write_deal(deal)),
        "points": int(mine),
        "others": int(sum(score) - mine),
        "players": int(deal.players),
        "won": mine > 0 and mine >= best_other,
    }
    contract = deal.contract() if hasattr(deal, "contract") else None
    if contract:
        soloist = getattr(deal, "soloist", None)
        summary["contract"] = contract.split()[0] if contract.startswith("suit") else contract
        summary["soloist"] = soloist == human
        if soloist is not None:
            summary["contract_won"] = score[soloist] > 0
    return summary
