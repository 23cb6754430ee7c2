"""The turn flow of a match on the table: an explicit state machine over the rules engine.

Why a separate state machine: the table must *wait* — for the deal animation,
for a person to click, for a bot thread, for the cards to slide to a trick's
winner — while the rules engine is a plain, instant object.  This module owns
the waiting; the engine owns every rule.  The phase of a deal is never
re-derived from rules knowledge here: it is read off the shape of the engine's
legal actions (``trump …`` → TRUMP, ``contract …`` → CONTRACT, …), so a
variant with more or fewer bidding steps needs no change in the UI.

States::

    DEALING → (Mariáš: TRUMP → CONTRACT → DISCARD → ANSWER … → DOUBLING) → TRICKS
            → DEAL_END → NEXT_DEAL → DEALING …   or   DEAL_END → MATCH_END

Chance (Mariáš forehand's blind trump card) is the engine's: the flow hands it its own
random source (seeded by the match), so a resumed or replayed match draws the same.

The flow talks to the table through two callables: ``busy()`` (an animation
is still playing: do not move on) and ``listener(event)`` (something
happened: animate it, save the game, show a banner).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from game.rules import Action, IllegalAction, Match, NotationError, Observation, Verb, write_record
from game.rules.base import Deal
from game.rules.errors import Refusal

from .players import Input, Pending

log = logging.getLogger(__name__)


class Phase(Enum):
    DEALING = "dealing"
    TRUMP = "trump"
    CONTRACT = "contract"
    DISCARD = "discard"
    ANSWER = "answer"
    DOUBLING = "doubling"
    TRICKS = "tricks"
    DEAL_END = "deal_end"
    NEXT_DEAL = "next_deal"
    MATCH_END = "match_end"


#: Phases in which a seat is asked for an action.
ASKING = (Phase.TRUMP, Phase.CONTRACT, Phase.DISCARD, Phase.ANSWER, Phase.DOUBLING,
          Phase.TRICKS)

_VERB_PHASE = {
    Verb.TRUMP: Phase.TRUMP,
    Verb.CONTRACT: Phase.CONTRACT,
    Verb.DISCARD: Phase.DISCARD,
    Verb.GOOD: Phase.ANSWER,
    Verb.BAD: Phase.ANSWER,
    Verb.DOUBLE: Phase.DOUBLING,
    Verb.ANNOUNCE: Phase.DOUBLING,
    Verb.PASS: Phase.DOUBLING,
}


def phase_of(legal: Sequence[Action], over: bool) -> Phase:
    """The asking phase implied by the engine's legal actions (or DEAL_END)."""
    if over:
        return Phase.DEAL_END
    for action in legal:
        phase = _VERB_PHASE.get(action.verb)
        if phase is not None:
            return phase
    return Phase.TRICKS


@dataclass(frozen=True)
class DealStarted:
    """A new deal was dealt; ``after`` is the viewing seat's first observation."""

    after: Observation | None


@dataclass(frozen=True)
class Resumed:
    """The position was taken up as it stands (a continued match, a line that came back)."""

    after: Observation | None


@dataclass(frozen=True)
class ActionApplied:
    """A seat's action went through; the viewing seat's observation before and after."""

    seat: int | None
    action: Action | None
    before: Observation | None
    after: Observation | None


@dataclass(frozen=True)
class Refused:
    """An action was refused: the engine's reason (said in the player's language), and at
    a network table the host's code (``game.net.protocol``) when it was not the rules."""

    seat: int | None
    action: Action | None = None
    reason: Refusal | None = None
    host_code: str = ""


@dataclass(frozen=True)
class PhaseChanged:
    phase: Phase


@dataclass(frozen=True)
class DealEnded:
    """The deal is over: its score, card points and tricks by seat, the match's totals
    before and after, the engine's summary of the result and whether the match is over."""

    after: Observation | None
    score: list[int]
    points: list[int]
    tricks: list[int]
    totals: list[int]
    before_totals: list[int]
    summary: dict[str, Any]
    match_over: bool

    def result(self) -> dict[str, Any]:
        """What the result panel shows (the table's ``result``)."""
        return {"score": self.score, "points": self.points, "tricks": self.tricks,
                "totals": self.totals, "before_totals": self.before_totals,
                "summary": self.summary, "match_over": self.match_over}


@dataclass(frozen=True)
class MatchEnded:
    totals: list[int]


#: Something the table should show: a new deal, an action, a refusal, the end.
FlowEvent = DealStarted | Resumed | ActionApplied | Refused | PhaseChanged | DealEnded | MatchEnded


Listener = Callable[[FlowEvent], None]


class DealInfo(Protocol):
    """What a table reads of the deal in play: the rules' ``Deal`` at a local table, the
    host's report (``game.ui.netplay.flow.DealView``) at a network one."""

    @property
    def variant(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def history(self) -> list[tuple[int, Action]]: ...

    def is_over(self) -> bool: ...

    def to_move(self) -> int | None: ...

    def hand(self, seat: int) -> int: ...

    def check(self, action: Action, seat: int | None = None) -> Refusal | None: ...

    def result(self) -> Any: ...


class MatchInfo(Protocol):
    """What a table reads of the match: the game, its options, the deals, the totals."""

    @property
    def variant(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def totals(self) -> list[int]: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def deals(self) -> Sequence[DealInfo]: ...

    @property
    def current(self) -> DealInfo | None: ...

    def is_over(self) -> bool: ...


class SeatInput(Protocol):
    """Who plays a seat, as the table names it: ``kind`` is "human", "bot" or, at a
    network table, "remote"."""

    @property
    def kind(self) -> str: ...


class TableFlow(Protocol):
    """What a table asks of the flow that drives it.  The local :class:`TurnFlow` and the
    network ``ClientFlow`` both are one (mypy checks it where the table takes each)."""

    view_seat: int
    state: Phase
    pending: Pending | None
    listener: Listener
    busy: Callable[[], bool]
    actions_applied: int
    errors: list[str]

    @property
    def inputs(self) -> Sequence[SeatInput]: ...

    @property
    def match(self) -> MatchInfo: ...

    @property
    def deal(self) -> DealInfo | None: ...

    def observation(self, seat: int | None = None) -> Observation | None: ...

    def record_text(self) -> str: ...

    def thinking_seat(self) -> int | None: ...

    def waiting_for_human(self) -> bool: ...

    def settled(self) -> bool: ...

    def update(self) -> None: ...

    def start(self) -> None: ...

    def next_deal(self) -> None: ...

    def close(self) -> None: ...


class TurnFlow:
    """Drives one match: asks the inputs, applies actions through the engine, waits for the table.

    The flow is updated once per frame.  It never blocks: a bot decides in its
    own thread and a human's decision arrives through :class:`HumanInput`.
    """

    def __init__(
        self,
        match: Match,
        inputs: Sequence[Input],
        view_seat: int = 0,
        listener: Listener | None = None,
        busy: Callable[[], bool] | None = None,
        auto_next: bool = False,
    ):
        if len(inputs) != match.players:
            raise ValueError(f"{match.variant} needs {match.players} inputs, got {len(inputs)}")
        self.match = match
        self.inputs = list(inputs)
        self.view_seat = view_seat
        self.listener: Listener = listener or (lambda e: None)
        self.busy: Callable[[], bool] = busy or (lambda: False)
        #: Start the next deal without waiting for :meth:`next_deal` (selftest, all-bot games).
        self.auto_next = auto_next
        self.state = Phase.NEXT_DEAL
        self.pending: Pending | None = None
        self.pending_seat: int | None = None
        self.history: list[tuple[Phase, Phase]] = []
        self.actions_applied = 0
        self.errors: list[str] = []
        self.rng = random.Random(match.seed)

    # --- queries ----------------------------------------------------------------------
    @property
    def deal(self) -> Deal | None:
        return self.match.current

    def observation(self, seat: int | None = None) -> Observation | None:
        deal = self.deal
        if deal is None:
            return None
        return deal.observation(self.view_seat if seat is None else seat)

    def record_text(self) -> str:
        return write_record(self.match.deals)

    def thinking_seat(self) -> int | None:
        """The seat whose bot is searching right now (for the thinking indicator)."""
        if self.pending is not None and self.pending.thinking:
            inp = self.inputs[self.pending_seat] if self.pending_seat is not None else None
            if inp is not None and inp.kind == "bot":
                return self.pending_seat
        return None

    def waiting_for_human(self) -> bool:
        return (self.state in ASKING and self.pending is not None and self.pending.thinking
                and self.pending_seat is not None
                and self.inputs[self.pending_seat].kind == "human")

    def settled(self) -> bool:
        """Nothing happens in :meth:`update` until a person acts (the table may sleep).

        True while a person is asked for an action and at the end of a deal or match;
        False while a bot thinks or pauses, or a deal is being started.
        """
        if self.state is Phase.MATCH_END:
            return True
        if self.state is Phase.DEAL_END:
            return not self.auto_next
        return self.waiting_for_human()

    # --- transitions --------------------------------------------------------------------
    def _go(self, state: Phase) -> None:
        if state is not self.state:
            self.history.append((self.state, state))
            self.state = state
            if state in ASKING:
                self.listener(PhaseChanged(state))

    def start(self) -> None:
        """Begin: continue a resumed deal, or deal the first/next one."""
        deal = self.deal
        if deal is None:
            self._go(Phase.NEXT_DEAL)
            self._next_deal()
            return
        if deal.is_over():
            self._go(Phase.DEAL_END)
            self.listener(Resumed(self.observation()))
            self._deal_end()
            return
        self.listener(Resumed(self.observation()))
        self._go(phase_of(deal.legal_actions(), False))

    def _next_deal(self) -> None:
        if self.match.is_over():
            self._go(Phase.MATCH_END)
            self.listener(MatchEnded(list(self.match.totals)))
            return
        self.match.start_deal()
        self._go(Phase.DEALING)
        self.listener(DealStarted(self.observation()))

    def _deal_end(self) -> None:
        deal = self.deal
        assert deal is not None
        before_totals = list(self.match.totals)
        totals = self.match.finish_deal()
        summary: dict[str, Any] = dict(deal.result_summary())
        self.listener(DealEnded(
            self.observation(), score=list(deal.score() or []), points=list(deal.points()),
            tricks=list(deal.tricks()), totals=list(totals), before_totals=before_totals,
            summary=summary, match_over=self.match.is_over()))

    def next_deal(self) -> None:
        """The player has seen the deal's result: go on (or to the match end)."""
        if self.state is Phase.DEAL_END:
            self._go(Phase.NEXT_DEAL)

    # --- the frame ------------------------------------------------------------------------
    def update(self) -> None:
        """Advance as far as possible without waiting; called once per frame."""
        if self.busy():
            return
        state = self.state
        if state is Phase.DEALING:
            deal = self.deal
            assert deal is not None
            self._go(phase_of(deal.legal_actions(), deal.is_over()))
        elif state in ASKING:
            self._ask_or_apply()
        elif state is Phase.DEAL_END:
            if self.auto_next:
                self._go(Phase.NEXT_DEAL)
        elif state is Phase.NEXT_DEAL:
            self._next_deal()

    def _ask_or_apply(self) -> None:
        deal = self.deal
        assert deal is not None
        seat = deal.to_move()
        if seat is None:
            self._go(Phase.DEAL_END)
            self._deal_end()
            return
        if self.pending is None or self.pending_seat != seat:
            self.pending_seat = seat
            self.pending = self.inputs[seat].request(deal.observation(seat))
            return
        if not self.pending.ready():
            return
        pending, self.pending = self.pending, None
        try:
            action = pending.result()
        except Exception as exc:  # noqa: BLE001 - the bot's thread failed: its move is lost
            log.warning("seat %s: no answer (%s): the first legal action is played", seat, exc)
            self.errors.append(f"seat {seat}: {exc}")
            action = deal.legal_actions()[0]
        self.apply(seat, action)

    def apply(self, seat: int, action: Action | str) -> bool:
        """Apply ``action`` for ``seat`` through the engine; a refusal is reported, not raised.
        A chance event (the blind trump card) is resolved by the engine from the flow's
        random source."""
        deal = self.deal
        assert deal is not None
        before = deal.observation(self.view_seat)
        try:
            canonical = deal.apply(action, seat, chance=self.rng)
        except (IllegalAction, NotationError) as exc:
            shown = action if isinstance(action, Action) else None
            self.listener(Refused(seat, shown, exc.refusal))
            if self.inputs[seat].kind != "human":
                self.errors.append(f"seat {seat} {action}: {exc}")
            return False
        self.actions_applied += 1
        after = deal.observation(self.view_seat)
        self.listener(ActionApplied(seat, canonical, before, after))
        if deal.is_over():
            self._go(Phase.DEAL_END)
            self._deal_end()
        else:
            self._go(phase_of(deal.legal_actions(), False))
        return True

    def close(self) -> None:
        """Stop every input (bot threads) — the table is being left for good."""
        for inp in self.inputs:
            inp.close()
