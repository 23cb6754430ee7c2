"""The interface every variant's deal implements.

A :class:`Deal` is one deal from the deck's order to its score.  It is the only
mutable rules object: actions are :class:`~game.rules.actions.Action` values, the state
is small (cards are bit masks) and :meth:`Deal.clone` is a shallow copy of a few lists,
so search-based players can copy it thousands of times a move.

What a deal offers, by use:

* **playing**: :meth:`~Deal.to_move`, :meth:`~Deal.legal_actions`, :meth:`~Deal.apply`
  (any text or an Action; a refusal raises :class:`IllegalAction` with a code),
  :meth:`~Deal.check` (the :class:`Refusal`, or None), :meth:`~Deal.apply_legal` (the
  searches' fast path);
* **chance**: :meth:`~Deal.chance_outcomes` — Mariáš forehand's blind trump card
  (``trump blind``) is a chance event, resolved by ``apply(..., chance=rng)`` from the
  random source the caller gives; the history records the card that came up;
* **what a seat sees**: :meth:`~Deal.observation` (a frozen dataclass, see
  :mod:`game.rules.observation`);
* **history**: :attr:`~Deal.history` (``(seat, action)`` steps), :meth:`~Deal.at_step`,
  :meth:`~Deal.positions`, :meth:`~Deal.undo` — one replay for the coach's take-back,
  the review, the replay viewer and the bots' samplers;
* **search**: :meth:`~Deal.state_key` (the solver's transposition key),
  :meth:`~Deal.play_mask`, :meth:`~Deal.extra_actions`, :meth:`~Deal.current_trick`,
  :meth:`~Deal.on_lead`, :meth:`~Deal.side`, :attr:`~Deal.trump_suit`,
  :attr:`~Deal.rank_order`, :attr:`~Deal.rank_points` — everything the bots read of a
  (sampled) deal, so they never touch the engine's private state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar

from .actions import Action
from .cards import CARD_STR, KQ_RANK_POINTS
from .errors import IllegalAction, Refusal, RulesError
from .observation import Observation
from .results import DealResult
from .tricks import TRUMP_ORDER, winner_index

D = TypeVar("D", bound="Deal")


def seat_ref(seat: int, capital: bool = False) -> str:
    """A seat in a result sentence's template: "seat 2" / "Seat 2" by default, the player's
    name in :meth:`Deal.result_text`."""
    return "{" + ("Seat" if capital else "seat") + str(seat) + "}"


def seat_number(seat: int) -> str:
    """A seat named by its number alone ("renege by seat 1, 2"), its name with names."""
    return "{number" + str(seat) + "}"


def _seat_words(names: Sequence[str]) -> dict[str, str]:
    words: dict[str, str] = {}
    for s, name in enumerate(names):
        words[f"seat{s}"] = words[f"Seat{s}"] = words[f"number{s}"] = name
    return words


#: The placeholders' default words (made once: every playout of the bots ends a deal).
_DEFAULT_WORDS = {f"{key}{s}": word for s in range(3)
                  for key, word in (("seat", f"seat {s}"), ("Seat", f"Seat {s}"),
                                    ("number", str(s)))}


def render_seats(template: str, names: Sequence[str] | None = None) -> str:
    """A result sentence with its seats as "seat N" (``names`` None) or the given names."""
    return template.format_map(_DEFAULT_WORDS if names is None else _seat_words(names))


class Deal(ABC):
    """One deal of one variant.  Subclasses fill in the rules."""

    variant: ClassVar[str]
    players: ClassVar[int]
    #: 24 or 32: the number of cards in the deck of this variant.
    deck_size: ClassVar[int]
    #: Card points by rank index (A T K Q J 9 8 7) in this game (cards.py has the tables).
    rank_points: ClassVar[tuple[int, ...]] = KQ_RANK_POINTS
    #: The trump suit (0-3) as it is now, None without one (Mariáš before a Suit contract
    #: and in no-trump contracts).
    trump_suit: int | None = None
    #: A two-player stock has been closed (the King-Queen games); always False elsewhere.
    closed: bool = False
    #: Mariáš: the seat playing alone (None in the other games).
    soloist: int | None = None
    #: Mariáš: the contract named (``suit``, ``betl`` … without Seven/Hundred), else None.
    contract_name: str | None = None
    #: Rank strengths for trick comparisons now (tricks.TRUMP_ORDER, or NO_TRUMP_ORDER in
    #: Mariáš's Betl and Durch).
    rank_order: tuple[int, ...] = TRUMP_ORDER

    def __init__(self, dealer: int, deck: Sequence[int], options: dict[str, Any]):
        if not 0 <= dealer < self.players:
            raise IllegalAction("bad_dealer", players=self.players)
        self.dealer = dealer
        self.deck: tuple[int, ...] = tuple(deck)
        self.options = options
        #: Every action applied, as ``(seat, action)``.
        self.history: list[tuple[int, Action]] = []
        #: Human-readable lines of what happened (replay output).
        self.events: list[str] = []
        #: Finished tricks in play order, each ``[(seat, card), ...]`` (gathering, records).
        self.trick_log: list[list[tuple[int, int]]] = []

    # --- the core every variant implements -------------------------------------------
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to act, or None once the deal is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of :meth:`to_move` in NOTATION.md's order (``sorted`` by text)."""

    @abstractmethod
    def why_illegal(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal for the seat to move, else the refusal."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def points(self) -> list[int]:
        """Each seat's total as the rules count it (NOTATION.md ``points``)."""

    @abstractmethod
    def tricks(self) -> list[int]:
        """Tricks taken per seat."""

    @abstractmethod
    def score(self) -> list[int] | None:
        """This deal's match points / units per seat once over, else None."""

    @abstractmethod
    def trump(self) -> str | None:
        """Trump suit letter as NOTATION.md defines it for the replay output."""

    def contract(self) -> str | None:
        """The Mariáš contract name; None in the King-Queen games."""
        return None

    @abstractmethod
    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know; never a hidden card."""

    @abstractmethod
    def hand(self, seat: int) -> int:
        """The seat's hand as a card mask (full information: not for bots)."""

    @classmethod
    @abstractmethod
    def deal_owners(cls, dealer: int) -> list[int]:
        """For each deck position, the seat that receives it, or -1 for the stock.

        The samplers of the AI use it to build decks consistent with what a seat saw.
        """

    @abstractmethod
    def gathered(self) -> list[int]:
        """All cards gathered after the deal (Mariáš 4.2 order), for gather-and-cut."""

    def result(self) -> DealResult | None:
        """How the deal was scored, as typed facts with every number of the arithmetic
        (:mod:`game.rules.results`); None while the deal is on.  The program says it to
        the player from these, never from :meth:`result_summary`'s English text."""
        raise NotImplementedError(type(self).__name__ + ".result")

    def result_summary(self) -> dict[str, Any]:
        """How the deal was scored, for the score sheet: at least ``{"text": str}``."""
        return {"text": "; ".join(self.events[-2:])}

    def result_text(self, names: Sequence[str]) -> str:
        """The engine's English sentence of :meth:`result_summary` with the given names for
        the seats (the command line, tests); players read :meth:`result` through
        ``game.ui.result_text`` instead."""
        return render_seats(self._result_template(), names)

    def _result_template(self) -> str:
        """The result sentence with its seats as :func:`seat_ref` placeholders."""
        return str(self.result_summary()["text"]).replace("{", "{{").replace("}", "}}")

    # --- the search interface (defaults; the variants refine them) ---------------------
    @abstractmethod
    def state_key(self) -> Hashable:
        """A key equal for two deals whose futures are the same (the solver's table)."""

    @abstractmethod
    def trick_cards(self) -> list[int]:
        """The cards on the table in play order (read only: it may be the deal's own list)."""

    @abstractmethod
    def trick_seats(self) -> list[int]:
        """Who played each card of :meth:`trick_cards` (read only, as that)."""

    def current_trick(self) -> list[tuple[int, int]]:
        """The cards on the table in play order as ``(seat, card)``."""
        return list(zip(self.trick_seats(), self.trick_cards()))

    @abstractmethod
    def play_mask(self) -> int:
        """The cards the seat to move may play now, as a mask (0: none, or over)."""

    @abstractmethod
    def extra_actions(self) -> list[Action]:
        """The legal actions that are not card plays, in :meth:`legal_actions` order."""

    def on_lead(self) -> bool:
        """No card lies on the table: the seat to move leads (or bids)."""
        return not self.trick_cards()

    def trick_winner(self, trick: Sequence[tuple[int, int]]) -> int:
        """The seat that wins ``trick`` (``(seat, card)`` in play order) under this deal's
        trump and rank order: the one trick rule, :func:`game.rules.tricks.winner_index`."""
        return trick[winner_index([c for _, c in trick], self.trump_suit, self.rank_order)][0]

    def side(self, seat: int) -> int:
        """Partners share a side (Mariáš: 0 the soloist, 1 the defenders); else the seat."""
        return seat

    def stock_size(self) -> int:
        """Cards left in a two-player stock (0 in the other games)."""
        return 0

    def stock_open(self) -> bool:
        """A two-player stock is neither closed nor exhausted (open-phase rules)."""
        return False

    # --- chance ------------------------------------------------------------------------
    def chance_outcomes(self, action: Action) -> list[tuple[Action, float]]:
        """The actions chance may turn ``action`` into, with their probabilities; empty
        for an action without chance (every action of the King-Queen games)."""
        return []

    def _resolve(self, action: Action, chance: random.Random | None) -> Action:
        outcomes = self.chance_outcomes(action)
        if not outcomes:
            return action
        if chance is None:
            raise ValueError(f"'{action}' is decided by chance: apply it with chance=a "
                             "random source")
        return outcomes[chance.randrange(len(outcomes))][0]

    # --- applying ----------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None,
              chance: random.Random | None = None) -> Action:
        """Apply one action (an Action, or text in any case and spacing); return the
        action applied (for a chance event, the outcome chance chose from ``chance``).

        Raises :class:`NotationError` for text that is no action and
        :class:`IllegalAction` (with the refusal's code) for a move the rules do not
        allow now.  The state is unchanged after an error.
        """
        act = action if isinstance(action, Action) else Action.parse(action)
        mover = self.to_move()
        if mover is None:
            raise IllegalAction("deal_over")
        if seat is not None and seat != mover:
            raise IllegalAction("not_your_turn", to_move=mover, seat=seat)
        refusal = self._refusal(act)
        if refusal is not None:
            raise IllegalAction.of(refusal)
        act = self._resolve(act, chance)
        self.history.append((mover, act))
        self._apply(act)
        return act

    def _refusal(self, action: Action) -> Refusal | None:
        if action.hidden:
            return Refusal("hidden_action", {"action": action.text})
        return self.why_illegal(action)

    def apply_legal(self, action: Action, chance: random.Random | None = None) -> None:
        """Fast path for search: apply an action taken from :meth:`legal_actions` (or a
        chance event, resolved from ``chance``)."""
        if action.blind:
            action = self._resolve(action, chance)
        self.history.append((self.to_move(), action))  # type: ignore[arg-type]
        self._apply(action)

    def check(self, action: Action | str, seat: int | None = None) -> Refusal | None:
        """Why ``action`` would be refused (a :class:`Refusal`), or None if it is legal."""
        try:
            act = action if isinstance(action, Action) else Action.parse(action)
        except RulesError as exc:
            return exc.refusal
        mover = self.to_move()
        if mover is None:
            return Refusal("deal_over")
        if seat is not None and seat != mover:
            return Refusal("seat_to_move", {"to_move": mover})
        return self._refusal(act)

    def clone(self: D) -> D:
        """An independent copy; subclasses copy their own mutable lists too."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.history = list(self.history)
        twin.events = list(self.events)
        twin.trick_log = [list(t) for t in self.trick_log]
        return twin

    # --- history: one replay for undo, review and the replay viewer ---------------------
    def initial(self: D) -> D:
        """This deal before its first action (a new object)."""
        return type(self)(self.dealer, self.deck, dict(self.options))

    def at_step(self: D, n: int) -> D:
        """A new deal after the first ``n`` actions of this one's history."""
        if not 0 <= n <= len(self.history):
            raise IndexError(f"step {n} of a history of {len(self.history)}")
        twin = self.initial()
        for seat, action in self.history[:n]:
            twin.apply(action, seat)
        return twin

    def positions(self: D) -> list[D]:
        """The deal after 0, 1, ... every action of its history (independent copies)."""
        twin = self.initial()
        out = [twin.clone()]
        for seat, action in self.history:
            twin.apply(action, seat)
            out.append(twin.clone())
        return out

    def steps(self: D) -> Iterator[tuple[int, Action, D]]:
        """``(seat, action, the deal before it)`` for every action (independent copies)."""
        twin = self.initial()
        for seat, action in self.history:
            yield seat, action, twin.clone()
            twin.apply(action, seat)

    def undo(self, n: int = 1) -> list[tuple[int, Action]]:
        """Take back the last ``n`` actions in place; return them, oldest first."""
        if not 0 < n <= len(self.history):
            raise IllegalAction("nothing_to_undo")
        taken = self.history[-n:]
        earlier = self.at_step(len(self.history) - n)
        self.__dict__.clear()
        self.__dict__.update(earlier.__dict__)
        return taken

    def last_step_of(self, seat: int) -> int | None:
        """The index in :attr:`history` of ``seat``'s last action, or None."""
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i][0] == seat:
                return i
        return None

    # --- shared behaviour ----------------------------------------------------------
    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % self.players

    def replay_summary(self) -> dict[str, Any]:
        """The JSON object of ``python -m game.rules replay`` (NOTATION.md)."""
        return {
            "variant": self.variant,
            "over": self.is_over(),
            "to_move": self.to_move(),
            "legal": [a.text for a in self.legal_actions()] if not self.is_over() else [],
            "points": self.points(),
            "tricks": self.tricks(),
            "score": self.score(),
            "trump": self.trump(),
            "contract": self.contract(),
            "events": list(self.events),
        }

    def deck_text(self) -> str:
        return " ".join(CARD_STR[c] for c in self.deck)
