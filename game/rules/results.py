"""How a finished deal was scored, as typed facts: ``deal.result()``.

The engine knows every number of a deal's arithmetic — who declared or closed, the
totals the scale was read from, each Mariáš component's base, hearts factor and
doublings — and gives them here as frozen dataclasses, so the program can say the
result as a card player would, in any language, without reading an English sentence
back.  ``result_summary()`` (the score-sheet dict of NOTATION's records and JSON) is
unchanged; these values carry more.

* :class:`KingQueenResult` — Marriage, Sixty-six, Sixty-six for three: how the deal
  ended (:class:`Ending`), the winner's game points and what they were read from;
* :class:`MariasResult` — the contract, how it ended, the sides' points and every
  scored :class:`Component` with its arithmetic (``base × hearts × 2^doublings = value``;
  the soloist is paid ``2 × value``, each defender ``value``).

Both have ``to_json()`` / ``from_json()`` (plain JSON types) for the network.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any


class Ending(StrEnum):
    """How a King-Queen deal ended (RULES.md 1.10, 2.8-2.9, 3.4-3.5)."""

    #: A correct declaration, stock not closed: the scale against the opponent now.
    DECLARED = "declared"
    #: The closer declared correctly: the scale against the opponent at closing.
    CLOSER_DECLARED = "closer_declared"
    #: A false declaration (not by the closer): the opponent scores 2.
    FALSE_DECLARATION = "false_declaration"
    #: The closer declared falsely: the closer failed.
    CLOSER_FALSE_DECLARATION = "closer_false_declaration"
    #: The closer's opponent declared correctly first: the closer failed.
    DECLARED_BEFORE_CLOSER = "declared_before_closer"
    #: Marriage, not closed: the last trick's winner has 66 with its 10 (deemed declared).
    LAST_TRICK_66 = "last_trick_66"
    #: Marriage, closed: the closer took the last trick with 66 (deemed declared).
    CLOSER_LAST_TRICK = "closer_last_trick"
    #: The tricks ran out without the closer's 66.
    CLOSER_FAILED = "closer_failed"
    #: Marriage, not closed, nobody at 66 after the last trick: the higher total wins.
    HIGHER_TOTAL = "higher_total"
    #: Sixty-six (both): a player reached 66 and won at once.
    REACHED_66 = "reached_66"
    #: Nobody scores (equal totals / nobody reached 66).
    NO_SCORE = "no_score"


class Band(StrEnum):
    """Where an opponent's position falls on the scale of game points (RULES.md 1.10 for
    Marriage, 2.9 / 3.5 for Sixty-six): the engine's reading, said by the program."""

    #: 33 or more: 1.
    AT_LEAST_33 = "33_or_more"
    #: Marriage: under 33 with a trick: 2.
    UNDER_33_TRICK = "under_33_trick"
    #: Marriage: no trick: 3.
    NO_TRICK = "no_trick"
    #: Sixty-six: under 33: 2.
    UNDER_33 = "under_33"
    #: Sixty-six: not a single point: 3.
    NO_POINT = "no_point"


class When(StrEnum):
    """The moment a Sixty-six player reached 66."""

    TRICK = "trick"
    LAST_TRICK = "last_trick"
    MARRIAGE = "marriage"


@dataclass(frozen=True, slots=True)
class Opponent:
    """An opponent's position the game points were read from: ``total`` and whether
    they had taken a trick (at closing when the result says ``at_closing``), where that
    falls on the scale (``band``) and the points it gives (Sixty-six for three,
    ``each``: one per opponent)."""

    seat: int
    total: int
    trick: bool
    points: int
    band: Band


@dataclass(frozen=True, slots=True)
class KingQueenResult:
    variant: str
    ending: Ending
    #: Who scores (None: nobody) and how many game points.
    winner: int | None
    points: int
    #: Per seat: this deal's game points, totals (cards + counted marriages + last
    #: trick), tricks taken.
    score: tuple[int, ...]
    totals: tuple[int, ...]
    tricks: tuple[int, ...]
    #: Who declared, reached 66, took the last trick, or closed and failed.
    actor: int | None
    actor_total: int
    #: The seat that closed the stock (None: not closed).
    closer: int | None
    #: The positions the scale was read from (empty when a fixed number was scored).
    opponents: tuple[Opponent, ...] = ()
    #: The opponent's position is the one recorded when the stock was closed.
    at_closing: bool = False
    #: Sixty-six: when 66 was reached.
    when: When | None = None
    #: The winner of the last trick took its 10 (a deal not closed, played to the end).
    last_trick_bonus: bool = False
    #: Sixty-six for three: ``"stronger"`` or ``"each"`` (the scale per opponent, summed).
    three_hand_scoring: str | None = None

    @property
    def family(self) -> str:
        return "kingqueen"

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["ending"] = self.ending.value
        d["when"] = None if self.when is None else self.when.value
        d["family"] = self.family
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> KingQueenResult:
        return cls(
            variant=str(d["variant"]), ending=Ending(d["ending"]),
            winner=d["winner"], points=int(d["points"]), score=tuple(d["score"]),
            totals=tuple(d["totals"]), tricks=tuple(d["tricks"]), actor=d["actor"],
            actor_total=int(d["actor_total"]), closer=d["closer"],
            opponents=tuple(Opponent(o["seat"], o["total"], o["trick"], o["points"],
                                     Band(o["band"])) for o in d.get("opponents", ())),
            at_closing=bool(d.get("at_closing")),
            when=None if d.get("when") is None else When(d["when"]),
            last_trick_bonus=bool(d.get("last_trick_bonus")),
            three_hand_scoring=d.get("three_hand_scoring"))


class MariasEnding(StrEnum):
    """How a Mariáš deal ended (RULES.md 4.10-4.14)."""

    #: A Suit contract played to the tenth trick.
    PLAYED_OUT = "played_out"
    #: Betl: the soloist took a trick; Durch: the soloist lost one (``trick`` says which).
    LOST_IN_TRICK = "lost_in_trick"
    #: Betl / Durch won after ten tricks.
    WON = "won"
    #: Open Betl / Durch lost in trick 1 (the soloist won it / lost it).
    OPEN_FIRST_TRICK = "open_first_trick"
    #: Open Betl / Durch lost on a shown card that is not extreme (``card``).
    OPEN_COUNTEREXAMPLE = "open_counterexample"
    #: Open Betl / Durch won after trick 1: every shown card is extreme.
    OPEN_WON = "open_won"
    #: House rule: a plain Suit not played, paid as won.
    CONCEDED = "conceded"
    #: House rule: a Seven with only the game fleked, not played (game lost, Seven won).
    SEVEN_FLEK_SHORTCUT = "seven_flek_shortcut"


@dataclass(frozen=True, slots=True)
class Component:
    """One scored part of a Mariáš deal (RULES.md 4.13): ``value = base × hearts ×
    multiplier`` with ``multiplier = 2 ** doublings`` (flek, re, tutti …)."""

    #: game, hundred, silent hundred, hundred-against, seven, seven-against,
    #: silent seven, betl, durch, open-betl, open-durch
    name: str
    #: ``"soloist"`` or ``"defenders"``: whose component it is.
    owner: str
    won: bool
    base: int
    hearts: int
    doublings: int
    value: int
    #: Hundreds: the side whose hundred it is ("soloist"/"defenders"), its count (cards +
    #: the largest marriage) and total (cards + all marriages).
    count: int | None = None
    total: int | None = None

    @property
    def multiplier(self) -> int:
        return 1 << self.doublings

    @property
    def for_soloist(self) -> bool:
        """The soloist is paid (+2V, each defender −V); else the reverse."""
        return self.won == (self.owner == "soloist")


@dataclass(frozen=True, slots=True)
class Renege:
    """A table-rules renege (4.14): who, in which trick, the card, the refusal's code."""

    seat: int
    trick: int
    card: str
    code: str


@dataclass(frozen=True, slots=True)
class MariasResult:
    variant: str
    soloist: int
    #: The contract as NOTATION names it (``suit seven``, ``open-betl`` …).
    contract: str
    #: The trump suit letter of a Suit contract (None in no-trump contracts).
    trump: str | None
    ending: MariasEnding
    score: tuple[int, ...]
    components: tuple[Component, ...]
    #: ``(soloist, defenders)``: card points (with the last trick's 10), marriages.
    cards: tuple[int, int] = (0, 0)
    marriages: tuple[int, int] = (0, 0)
    tricks: tuple[int, ...] = ()
    #: Who took the last trick played (trick ``trick`` for an early end), and its number.
    last_trick_winner: int | None = None
    trick: int | None = None
    #: Open contracts: the shown card that lost it.
    card: str | None = None
    #: The trump seven, who played it in the last trick (None: not there).
    seven_card: str | None = None
    seven_seat: int | None = None
    #: Who announced Seven against / Hundred against (None: nobody).
    seven_against_seat: int | None = None
    hundred_against_seat: int | None = None
    reneges: tuple[Renege, ...] = field(default=())
    #: What each renege cost the offender per other seat (4.14), 0 without one.
    renege_stake: int = 0

    @property
    def family(self) -> str:
        return "marias"

    @property
    def hearts(self) -> bool:
        return self.trump == "H"

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["ending"] = self.ending.value
        d["family"] = self.family
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> MariasResult:
        return cls(
            variant=str(d["variant"]), soloist=int(d["soloist"]), contract=str(d["contract"]),
            trump=d.get("trump"), ending=MariasEnding(d["ending"]), score=tuple(d["score"]),
            components=tuple(Component(**c) for c in d["components"]),
            cards=tuple(d["cards"]), marriages=tuple(d["marriages"]),
            tricks=tuple(d.get("tricks", ())), last_trick_winner=d.get("last_trick_winner"),
            trick=d.get("trick"), card=d.get("card"), seven_card=d.get("seven_card"),
            seven_seat=d.get("seven_seat"), seven_against_seat=d.get("seven_against_seat"),
            hundred_against_seat=d.get("hundred_against_seat"),
            reneges=tuple(Renege(**r) for r in d.get("reneges", ())),
            renege_stake=int(d.get("renege_stake", 0)))


DealResult = KingQueenResult | MariasResult


def result_from_json(d: Mapping[str, Any]) -> DealResult:
    """A result sent as JSON (the ``family`` field says which)."""
    if d.get("family") == "marias":
        return MariasResult.from_json(d)
    return KingQueenResult.from_json(d)


def component_of(comp: Mapping[str, Any], count: int | None = None,
                 total: int | None = None) -> Component:
    """A scoring component dict (marias_scoring.component) as a :class:`Component`."""
    return Component(name=str(comp["name"]), owner=str(comp["owner"]), won=bool(comp["won"]),
                     base=int(comp["base"]), hearts=int(comp["hearts"]),
                     doublings=int(comp["multiplier"]).bit_length() - 1,
                     value=int(comp["value"]), count=count, total=total)


__all__ = ["Band", "Component", "DealResult", "Ending", "KingQueenResult", "MariasEnding",
           "MariasResult", "Opponent", "Renege", "When", "component_of", "result_from_json"]
