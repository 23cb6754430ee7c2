"""Tutorials: scripted deals stored as deal records under ``assets/tutorials/``.

A tutorial file is a valid NOTATION.md record (one or more deals) with extra
comment lines the rules engine ignores::

    #= Marriage: the exchange, a marriage, closing and 66     (title, English)
    #=ru Марьяж: обмен, марьяж, закрытие и 66                 (title in Russian)
    #> Your opponent leads. Take the trick with your ace.     (narration, English)
    #>ru Противник ходит первым. Возьмите взятку тузом.       (the same in Russian)
    0 play AS

Narration lines (``#>`` or ``#>LANG``) belong to the **next** action line; a
narration after the file's last action is an error (every narration line is
attached to an action).  Seat 0 is the learner; every other seat's actions are
played by the script.  :func:`build_deck` makes a deck from the hands a script
needs, through the variant's ``deal_owners(dealer)``.

:class:`TutorialRun` is the lesson in play, without pygame: it knows the
expected action, refuses any other with a friendly sentence, and plays the
scripted seats' moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from game.paths import assets_dir
from game.rules import Action, Refusal
from game.rules.base import Deal
from game.rules.cards import CARD_STR, card
from game.rules.errors import RecordError, RulesError
from game.rules.record import DealRecord, build_deal, parse_record
from game.rules.variants import deal_class, deck_cards

HUMAN = 0
#: The order lessons are offered in (other files follow, by name).
LESSON_ORDER = ("marriage", "sixty-six", "sixty-six-3", "marias-seven", "marias-betl")


def tutorials_dir() -> Path:
    return assets_dir() / "tutorials"


@dataclass
class Step:
    """One scripted action and the narration shown before it."""

    deal: int
    seat: int
    action: Action
    line: int
    narration: dict[str, list[str]] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        lines = self.narration.get(lang) or self.narration.get("en") or []
        return " ".join(lines)


@dataclass
class Lesson:
    id: str
    variant: str
    titles: dict[str, str]
    records: list[DealRecord]
    steps: list[Step]
    text: str = ""

    def title(self, lang: str) -> str:
        return self.titles.get(lang) or self.titles.get("en") or self.id


def _tagged(line: str, mark: str) -> tuple[str, str] | None:
    """``#>ru text`` -> ("ru", "text"); ``#> text`` -> ("en", "text"); else None."""
    stripped = line.strip()
    if not stripped.startswith(mark):
        return None
    rest = stripped[len(mark):]
    lang = "en"
    if rest[:2].isalpha() and (len(rest) == 2 or rest[2] in " \t"):
        lang, rest = rest[:2].lower(), rest[2:]
    return lang, rest.strip()


def parse_lesson(text: str, lesson_id: str = "lesson") -> Lesson:
    """Read a tutorial file (see the module docstring); raise RecordError on a bad one."""
    records = parse_record(text)
    titles: dict[str, str] = {}
    narration: dict[int, tuple[int, str, str]] = {}
    for line_no, raw in enumerate(text.splitlines(), start=1):
        t = _tagged(raw, "#=")
        if t is not None:
            titles.setdefault(t[0], t[1])
            continue
        n = _tagged(raw, "#>")
        if n is not None:
            narration[line_no] = (line_no, n[0], n[1])
    steps: list[Step] = []
    pending = sorted(narration)
    for d, rec in enumerate(records):
        for line_no, seat, action in rec.actions:
            try:
                parsed = Action.parse(action)
            except RulesError as exc:
                raise RecordError(str(exc), line_no, f"{seat} {action}", exc.refusal) from None
            step = Step(d, seat, parsed, line_no)
            while pending and pending[0] < line_no:
                _, lang, said = narration[pending.pop(0)]
                step.narration.setdefault(lang, []).append(said)
            steps.append(step)
    if pending:
        raise RecordError("narration after the last action is attached to no action",
                          pending[0])
    variants = {r.variant for r in records}
    if len(variants) != 1:
        raise RecordError("a lesson plays one game", 1)
    return Lesson(lesson_id, records[0].variant, titles, records, steps, text)


def load_lesson(path: Path) -> Lesson:
    return parse_lesson(Path(path).read_text("utf-8"), Path(path).stem)


def lesson_files(folder: Path | None = None) -> list[Path]:
    folder = folder or tutorials_dir()
    files = sorted(folder.glob("*.txt")) if folder.exists() else []
    rank = {name: i for i, name in enumerate(LESSON_ORDER)}
    return sorted(files, key=lambda p: (rank.get(p.stem, len(rank)), p.stem))


def load_lessons(folder: Path | None = None) -> list[Lesson]:
    return [load_lesson(p) for p in lesson_files(folder)]


def build_deck(variant: str, dealer: int, hands: Mapping[int, Iterable[str]],
               stock: Iterable[str] = ()) -> list[str]:
    """A deck whose deal gives each seat the cards listed (in dealing order).

    ``hands[seat]`` lists the cards in the order the seat receives them (for
    Mariáš forehand's first seven come first); ``stock`` the stock from its
    first card (the King-Queen games: the indicator first, then the cards in
    drawing order).  Cards not named fill the remaining places in deck order.
    """
    owners = deal_class(variant).deal_owners(dealer)
    queues = {s: [card(c) for c in cs] for s, cs in hands.items()}
    queues[-1] = [card(c) for c in stock]
    named = [c for q in queues.values() for c in q]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice")
    rest = [c for c in deck_cards(variant) if c not in set(named)]
    deck: list[int] = []
    for owner in owners:
        q = queues.get(owner, [])
        deck.append(q.pop(0) if q else rest.pop(0))
    left = [CARD_STR[c] for q in queues.values() for c in q]
    if left:
        raise ValueError(f"too many cards for the places: {' '.join(left)}")
    return [CARD_STR[c] for c in deck]


class TutorialRun:
    """A lesson in play: which step is next, and whether the learner's move is the one."""

    def __init__(self, lesson: Lesson, human: int = HUMAN):
        self.lesson = lesson
        self.human = human
        self.index = 0
        self.deal_index = 0
        self.deal: Deal = build_deal(lesson.records[0])
        self.deals: list[Deal] = [self.deal]

    def _open_deal(self, d: int) -> None:
        self.deal_index = d
        self.deal = build_deal(self.lesson.records[d])
        self.deals.append(self.deal)

    # --- queries ------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    def human_turn(self) -> bool:
        s = self.step
        return s is not None and s.seat == self.human

    def expected(self) -> Action | None:
        s = self.step
        return s.action if s is not None else None

    # --- moving on ----------------------------------------------------------------------
    def _sync_deal(self) -> None:
        s = self.step
        if s is not None and s.deal != self.deal_index:
            self._open_deal(s.deal)

    def apply_scripted(self) -> Action:
        """Play the next scripted (non-learner) action; returns its canonical form."""
        s = self.step
        if s is None:
            raise RuntimeError("the lesson is over")
        assert self.deal is not None
        canonical = self.deal.apply(s.action, s.seat)
        self.index += 1
        self._sync_deal()
        return canonical

    def try_action(self, action: Action) -> tuple[bool, Refusal | None]:
        """The learner's move: (True, None) if it is the scripted one (applied), else
        (False, why): the engine's refusal for an illegal move, or None for a legal one
        that is simply not this lesson's (the scene says which move is wanted)."""
        s = self.step
        if s is None or s.seat != self.human:
            return False, None
        assert self.deal is not None
        if action is not s.action:
            return False, self.deal.check(action, self.human)
        self.apply_scripted()
        return True, None
