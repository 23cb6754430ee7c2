"""What one seat may know about a deal, as frozen dataclasses (NOTATION.md "Observations").

``deal.observation(seat)`` returns a :class:`KingQueenObservation` (Marriage, Sixty-six,
Sixty-six for three) or a :class:`MariasObservation`; both extend :class:`Observation`,
the fields every game has.  Readers use attributes (``obs.hand``, ``obs.trick[0].card``);
a misspelt field is an error, not a silent ``None``.

``to_json()`` is exactly the JSON object of NOTATION.md (the same keys in the same
order as before the dataclasses existed): the bot worker pipe, the network and
third-party ``module:Class`` bots receive it; ``Observation.from_json`` reads it back
(``from_json(obs.to_json()) == obs``).  Cards stay in the notation (``"QH"``): the
table draws and names them, the bots decode them once into masks (``game.ai.view``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import TRUMP_BLIND, Action


class Played(NamedTuple):
    """One card on a trick: who played it.  JSON ``[seat, card]``."""

    seat: int
    card: str


class Step(NamedTuple):
    """One action of the history as the seat saw it.  JSON ``[seat, action]``."""

    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class LastTrick:
    cards: tuple[Played, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"cards": [[p.seat, p.card] for p in self.cards], "winner": self.winner}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> LastTrick:
        return cls(_played(d["cards"]), int(d["winner"]))


@dataclass(frozen=True, slots=True)
class Marriage:
    """An announced marriage: ``counted`` once its owner has a trick (always in Mariáš)."""

    seat: int
    suit: str
    points: int
    counted: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "suit": self.suit, "points": self.points,
                "counted": self.counted}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Marriage:
        return cls(int(d["seat"]), str(d["suit"]), int(d["points"]), bool(d["counted"]))


@dataclass(frozen=True, slots=True)
class Announcement:
    """A Mariáš announcement: ``seven``, ``hundred``, ``seven-against``, ``hundred-against``."""

    seat: int
    name: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Announcement:
        return cls(int(d["seat"]), str(d["name"]))


@dataclass(frozen=True, slots=True)
class Renege:
    """A Mariáš renege under the table rules (4.14): seen by its author, by all at the end."""

    seat: int
    trick: int
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "trick": self.trick, "card": self.card}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Renege:
        return cls(int(d["seat"]), int(d["trick"]), str(d["card"]))


def _played(items: Any) -> tuple[Played, ...]:
    return tuple(Played(int(s), str(c)) for s, c in items)


def _cards(items: Any) -> tuple[str, ...]:
    return tuple(str(c) for c in items)


def _ints(items: Any) -> tuple[int, ...]:
    return tuple(int(x) for x in items)


def _opt_cards(items: Any) -> tuple[str, ...] | None:
    return None if items is None else _cards(items)


@dataclass(frozen=True, slots=True, kw_only=True)
class Observation:
    """The fields every game shows (NOTATION.md).  See the subclasses for the rest.

    ``hand``: the seat's cards, sorted; ``hand_sizes``: every seat's count; ``trump``:
    the trump suit letter if the seat may know it; ``indicator``: the face-up trump card
    of a two-player stock; ``trick``: the current trick in play order; ``marriages``:
    in announcement order; ``shown``: cards of other seats that lie face up (open
    contracts); ``history``: every action so far, another seat's hidden cards as ``??``.
    ``legal``: the seat's legal actions when it is to move (else empty).
    """

    variant: str
    options: Mapping[str, Any]
    players: int
    seat: int
    dealer: int
    forehand: int
    to_move: int | None
    legal: tuple[Action, ...]
    over: bool
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    trump: str | None
    indicator: str | None
    stock_size: int
    closed: bool
    trick: tuple[Played, ...]
    last_trick: LastTrick | None
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    score: tuple[int, ...] | None
    marriages: tuple[Marriage, ...]
    shown: Mapping[int, tuple[str, ...]]
    history: tuple[Step, ...]

    @property
    def choices(self) -> tuple[Action, ...]:
        """What the seat may decide now: ``legal``, plus any choice resolved by chance
        (Mariáš: :data:`~game.rules.actions.TRUMP_BLIND`).  A bot returns one of these."""
        return self.legal

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and not self.over

    # --- JSON -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The NOTATION.md JSON object (exactly the keys and order the engine always wrote)."""
        raise NotImplementedError

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> Observation:
        """The observation of a JSON object (as :meth:`to_json` writes it)."""
        if d["variant"] == "marias":
            return MariasObservation.from_json(d)
        return KingQueenObservation.from_json(d)

    def _common_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "players": self.players,
            "seat": self.seat,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "to_move": self.to_move,
            "legal": [a.text for a in self.legal],
            "over": self.over,
            "hand": list(self.hand),
            "hand_sizes": list(self.hand_sizes),
        }

    @staticmethod
    def _common_fields(d: Mapping[str, Any]) -> dict[str, Any]:
        last = d.get("last_trick")
        score = d.get("score")
        return {
            "variant": str(d["variant"]),
            "options": dict(d["options"]),
            "players": int(d["players"]),
            "seat": int(d["seat"]),
            "dealer": int(d["dealer"]),
            "forehand": int(d["forehand"]),
            "to_move": None if d["to_move"] is None else int(d["to_move"]),
            "legal": tuple(Action.parse(a) for a in d["legal"]),
            "over": bool(d["over"]),
            "hand": _cards(d["hand"]),
            "hand_sizes": _ints(d["hand_sizes"]),
            "trump": d.get("trump"),
            "indicator": d.get("indicator"),
            "stock_size": int(d.get("stock_size") or 0),
            "closed": bool(d.get("closed")),
            "trick": _played(d["trick"]),
            "last_trick": None if last is None else LastTrick.from_json(last),
            "tricks": _ints(d["tricks"]),
            "points": _ints(d["points"]),
            "score": None if score is None else _ints(score),
            "marriages": tuple(Marriage.from_json(m) for m in d["marriages"]),
            "shown": {int(k): _cards(v) for k, v in d["shown"].items()},
            "history": tuple(Step(int(s), Action.parse(a)) for s, a in d["history"]),
        }

    def _json_parts(self) -> dict[str, Any]:
        """The JSON values of the common fields not in :meth:`_common_json`."""
        return {
            "trump": self.trump,
            "indicator": self.indicator,
            "stock_size": self.stock_size,
            "closed": self.closed,
            "trick": [[p.seat, p.card] for p in self.trick],
            "last_trick": None if self.last_trick is None else self.last_trick.to_json(),
            "tricks": list(self.tricks),
            "points": list(self.points),
            "score": None if self.score is None else list(self.score),
            "marriages": [m.to_json() for m in self.marriages],
            "shown": {s: list(c) for s, c in self.shown.items()},
            "history": [[st.seat, st.action.text] for st in self.history],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class KingQueenObservation(Observation):
    """Marriage, Sixty-six and Sixty-six for three.

    ``trump_card``: the indicator dealt (Sixty-six for three: the dealer's card shown),
    public from the deal on; ``indicators_seen``: every card that lay face up as the
    indicator, in order; ``closer``: who closed the stock; ``first_lead``: no card has
    been played yet; ``marriage_pending``: the suit letter whose king or queen the mover
    must play after announcing it; ``played``: cards out in finished tricks;
    ``card_points``: card points and the last-trick bonus per seat; ``known_cards``: per
    seat, the cards everyone knows that seat holds; ``known_opponent_cards``: the same
    for the other seats, flat.
    """

    trump_card: str
    indicators_seen: tuple[str, ...]
    closer: int | None
    first_lead: bool
    marriage_pending: str | None
    tricks_played: int
    played: tuple[str, ...]
    card_points: tuple[int, ...]
    known_cards: tuple[tuple[str, ...], ...]
    known_opponent_cards: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        p = self._json_parts()
        out = self._common_json()
        out.update({
            "trump": p["trump"],
            "trump_card": self.trump_card,
            "indicator": p["indicator"],
            "indicators_seen": list(self.indicators_seen),
            "stock_size": p["stock_size"],
            "closed": p["closed"],
            "closer": self.closer,
            "first_lead": self.first_lead,
            "marriage_pending": self.marriage_pending,
            "trick": p["trick"],
            "last_trick": p["last_trick"],
            "tricks": p["tricks"],
            "tricks_played": self.tricks_played,
            "played": list(self.played),
            "card_points": list(self.card_points),
            "points": p["points"],
            "score": p["score"],
            "marriages": p["marriages"],
            "shown": p["shown"],
            "known_cards": [list(k) for k in self.known_cards],
            "known_opponent_cards": list(self.known_opponent_cards),
            "history": p["history"],
        })
        return out

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> KingQueenObservation:
        closer = d.get("closer")
        return KingQueenObservation(
            **Observation._common_fields(d),
            trump_card=str(d["trump_card"]),
            indicators_seen=_cards(d["indicators_seen"]),
            closer=None if closer is None else int(closer),
            first_lead=bool(d["first_lead"]),
            marriage_pending=d.get("marriage_pending"),
            tricks_played=int(d["tricks_played"]),
            played=_cards(d["played"]),
            card_points=_ints(d["card_points"]),
            known_cards=tuple(_cards(k) for k in d["known_cards"]),
            known_opponent_cards=_cards(d["known_opponent_cards"]),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MariasObservation(Observation):
    """Mariáš (RULES.md 4).

    ``phase``: ``trump contract discard answer doubling play over``; ``soloist`` and
    ``contract`` from the contract's naming on; ``doublings``: component -> times
    doubled; ``trump_card``: forehand's trump card, to forehand and, once a Suit stands,
    to all; ``talon``: the two cards laid away, to the seat that laid them; ``picked_up``:
    the talon cards this seat took up after saying bad; ``first_seven``: forehand's
    first seven cards (forehand only); ``blind_trump``: how many face-down cards
    forehand may choose the trump card from blindly (5 in the trump phase, else 0);
    ``reneges``: the table-rules reneges this seat may know; ``result``: the scoring
    summary once the deal is over.
    """

    soloist: int | None
    contract: str | None
    phase: str
    doublings: Mapping[str, int]
    announcements: tuple[Announcement, ...]
    trump_card: str | None
    talon: tuple[str, ...] | None
    picked_up: tuple[str, ...] | None
    first_seven: tuple[str, ...] | None
    blind_trump: int
    reneges: tuple[Renege, ...]
    result: Mapping[str, Any] | None

    @property
    def choices(self) -> tuple[Action, ...]:
        return self.legal + (TRUMP_BLIND,) if self.blind_trump else self.legal

    def to_json(self) -> dict[str, Any]:
        out = self._common_json()
        out.update(self._json_parts())
        out.update({
            "soloist": self.soloist,
            "contract": self.contract,
            "phase": self.phase,
            "doublings": dict(self.doublings),
            "announcements": [a.to_json() for a in self.announcements],
            "trump_card": self.trump_card,
            "talon": None if self.talon is None else list(self.talon),
            "picked_up": None if self.picked_up is None else list(self.picked_up),
            "first_seven": None if self.first_seven is None else list(self.first_seven),
            "blind_trump": self.blind_trump,
            "reneges": [r.to_json() for r in self.reneges],
            "result": None if self.result is None else dict(self.result),
        })
        return out

    @staticmethod
    def from_json(d: Mapping[str, Any]) -> MariasObservation:
        soloist = d.get("soloist")
        result = d.get("result")
        return MariasObservation(
            **Observation._common_fields(d),
            soloist=None if soloist is None else int(soloist),
            contract=d.get("contract"),
            phase=str(d["phase"]),
            doublings={str(k): int(v) for k, v in d["doublings"].items()},
            announcements=tuple(Announcement.from_json(a) for a in d["announcements"]),
            trump_card=d.get("trump_card"),
            talon=_opt_cards(d.get("talon")),
            picked_up=_opt_cards(d.get("picked_up")),
            first_seven=_opt_cards(d.get("first_seven")),
            blind_trump=int(d.get("blind_trump") or 0),
            reneges=tuple(Renege.from_json(r) for r in d["reneges"]),
            result=None if result is None else dict(result),
        )


def observation_from_json(d: Mapping[str, Any]) -> Observation:
    """:meth:`Observation.from_json` as a function (the bot worker, the network)."""
    return Observation.from_json(d)
