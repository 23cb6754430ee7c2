"""The host's table: the one authority over a networked match.

The table owns the :class:`~game.rules.Match` (the deal, the deck, the totals) and
applies every action through the rules engine.  People and computers are seats;
a person's client is told only what its seat may know: each message it gets is
built from ``observation(seat)`` (NOTATION.md) and public facts (names, totals,
the score of a finished deal).  Nothing here does input/output: the server
(:mod:`game.net.server`) feeds it messages and delivers what it sends, so the
rules of the table can be tested without a socket.

Seat kinds: ``open`` (a person sits there) or a computer level (``easy``,
``normal``, ``hard``).  A person who is away — dropped, closed the window, or
never came — is played by :class:`AwayPolicy`'s level after its timeout, or the
table waits for them.
"""

from __future__ import annotations

import json
import logging
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import IllegalAction, Match, NotationError, write_record
from game.rules.options import make_options
from game.rules.record import replay_text
from game.rules.variants import deal_class

from . import protocol as P
from . import view

log = logging.getLogger(__name__)

OPEN = "open"
#: Computer levels a seat may have (the levels the game offers).
LEVELS = ("easy", "normal", "hard")


def new_token() -> str:
    """A seat's secret: 128 random bits as 32 hexadecimal digits.

    Only letters and digits, so it can be copied and handed on as it is: a token
    beginning with a hyphen (as URL-safe base64 can) is read by a command line as an
    option, and ``game.net play --token`` could not take the seat back.
    """
    return secrets.token_hex(16)
#: A computer's wish to pick the Mariáš trump card blindly (game.ai's BLIND).
BLIND = "trump blind"
#: How many applied actions are remembered to recognise a copy sent again (a copy is
#: at most a prompt or two late: a few rounds of the table are plenty).
APPLIED_KEPT = 64
#: The first line of a saved network match (a comment of the record format).
SAVE_MARK = "# marriage-table network table: "


class Refusal(Exception):
    """A client's request the table does not carry out; nothing changed."""

    def __init__(self, code: str, reason: str = "", rule: str | None = None,
                 params: dict[str, Any] | None = None):
        super().__init__(f"{code}: {reason}" if reason else code)
        self.code = code
        self.reason = reason
        #: The rules engine's own code of the refusal, when it gives one, and its parameters.
        self.rule = rule
        self.params = params or {}


@dataclass
class AwayPolicy:
    """What happens at the turn of a person who is not connected."""

    #: The computer level that plays for them, or None: the table waits.
    level: str | None = "normal"
    #: Seconds the table waits first (from the start of the turn).
    after_s: float = 30.0

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "after_s": self.after_s}


@dataclass
class Seat:
    index: int
    #: The computer level of a computer seat; None for a person's seat.
    computer: str | None
    name: str = ""
    token: str | None = None
    connected: bool = False
    ready: bool = False
    host: bool = False

    @property
    def person(self) -> bool:
        return self.computer is None

    @property
    def taken(self) -> bool:
        return self.token is not None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.index, "kind": "person" if self.person else "computer",
                "level": self.computer, "name": self.name, "connected": self.connected,
                "taken": self.taken, "host": self.host, "ready": self.ready}


@dataclass(frozen=True)
class Turn:
    """Who decides the current position: ``person``, ``computer`` or ``away``."""

    version: int
    seat: int
    kind: str
    level: str | None


@dataclass
class Table:
    variant: str
    seat_kinds: Sequence[str]
    options: dict[str, Any] | None = None
    away: AwayPolicy = field(default_factory=AwayPolicy)
    seed: int | None = None
    match: Match | None = None
    names: Sequence[str] = ()
    host_key: str | None = None

    def __post_init__(self) -> None:
        players = deal_class(self.variant).players
        kinds = [str(k).strip().lower() for k in self.seat_kinds]
        if len(kinds) != players:
            raise ValueError(f"{self.variant} has {players} seats, not {len(kinds)}")
        for k in kinds:
            if k != OPEN and k not in LEVELS:
                raise ValueError(f"a seat is '{OPEN}' or a computer level "
                                 f"({', '.join(LEVELS)}), not '{k}'")
        if OPEN not in kinds:
            raise ValueError("a table needs at least one open seat for a person")
        if self.away.level is not None and self.away.level not in LEVELS:
            raise ValueError(f"unknown computer level '{self.away.level}'")
        self.seat_kinds = kinds
        if self.match is None:
            self.match = Match(self.variant, self.options or None, seed=self.seed)
        self.options = dict(self.match.options)
        self.seats = [Seat(i, None if k == OPEN else k) for i, k in enumerate(kinds)]
        # a person's name from a saved match; a computer's is the host's name for it, the
        # same in every window
        for seat, name in zip(self.seats, self.names):
            if name:
                seat.name = P.clean_text(str(name), P.MAX_NAME)
        self.rng = random.Random(self.match.seed ^ 0x5EA7)
        #: A resumed match starts again like a new one: when everyone is back, or the host
        #: says so (computers play for those who are not).
        self.started = False
        #: Bumped on every change of the position (a deal, an action): ``act.seq``.
        self.version = 0
        self.last_deal_end: dict[str, Any] | None = None
        self._emoted: dict[int, float] = {}
        #: The latest applied actions by the position they were sent for (``act.seq``):
        #: ``seq -> (seat, action as sent, canonical)``, so a copy that arrives again
        #: (a client answering a prompt, a line that repeats itself) changes nothing.
        self._applied: OrderedDict[int, tuple[int, str, str]] = OrderedDict()
        #: Copies of applied actions that were ignored.
        self.duplicates = 0
        #: Delivers a message to a seat's client (the server sets it).
        self.send: Callable[[int, dict[str, Any]], None] = lambda seat, msg: None
        #: Called after every change worth saving (the record is :meth:`record_text`).
        self.on_save: Callable[[Table], None] | None = None
        if self.match.deals:
            self._restore_deal_end()

    # --- facts -----------------------------------------------------------------------
    @property
    def live(self) -> Match:
        """The match (made by the constructor when none is given)."""
        assert self.match is not None
        return self.match

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def deal(self):  # noqa: ANN201 - game.rules.Deal
        return self.live.current

    def at(self) -> list[int]:
        deal = self.deal
        return [len(self.live.deals) - 1, len(deal.history) if deal is not None else 0]

    def observation(self, seat: int) -> dict[str, Any] | None:
        deal = self.deal
        return view.as_json(deal.observation(seat)) if deal is not None else None

    def roster(self) -> dict[str, Any]:
        return {"type": "table", "variant": self.variant, "options": dict(self.options or {}),
                "seats": [s.to_json() for s in self.seats], "started": self.started,
                "deals": len(self.live.deals), "away": self.away.to_json()}

    def match_over(self) -> bool:
        return self.started and self.live.is_over()

    def turn(self) -> Turn | None:
        """Who must act now (None: nobody — before the start, between deals, at the end)."""
        deal = self.deal
        if not self.started or deal is None or deal.is_over():
            return None
        mover = deal.to_move()
        if mover is None:
            return None
        seat = self.seats[mover]
        if not seat.person:
            return Turn(self.version, mover, "computer", seat.computer)
        if seat.connected:
            return Turn(self.version, mover, "person", None)
        if not seat.taken:  # nobody ever sat here (the host dealt at once): a computer plays
            return Turn(self.version, mover, "away", self.away.level or "normal")
        return Turn(self.version, mover, "away", self.away.level)

    def all_ready(self) -> bool:
        """Between deals: every person at the table has seen the result (at least one is)."""
        people = [s for s in self.seats if s.person and s.connected]
        return bool(people) and all(s.ready for s in people)

    def waiting_for_next_deal(self) -> bool:
        deal = self.deal
        return self.started and deal is not None and deal.is_over() and not self.live.is_over()

    # --- people arrive and leave ---------------------------------------------------------
    def join(self, name: str, token: str | None = None, seat: int | None = None,
             host_key: str | None = None) -> Seat:
        """The seat a newcomer sits at (it is marked connected); :class:`Refusal` if none.

        A seat that was given a token is handed back only for that secret ``token``
        (rejoin after a drop or a closed window): a name alone never takes over a seat
        and its hand (``seat_taken``).  A newcomer gets the seat number asked for or
        the first free person's seat; a resumed match's seat, which nobody took since
        the host started again, goes to the person of that name first.
        """
        name = P.clean_text(name, P.MAX_NAME)
        if not name:
            raise Refusal(P.BAD_NAME, "a name is needed")
        host = bool(host_key) and host_key == self.host_key
        if token:
            for s in self.seats:
                if s.token is not None and secrets.compare_digest(s.token, token):
                    return self._sit(s, name, host)
        same = name.casefold()
        for s in self.seats:
            if s.connected and s.name.casefold() == same:
                raise Refusal(P.NAME_TAKEN, name)
        if seat is not None:
            if not 0 <= seat < self.players:
                raise Refusal(P.NO_SUCH_SEAT, str(seat))
            s = self.seats[seat]
            if not s.person or s.taken:
                raise Refusal(P.SEAT_TAKEN, str(seat))
            return self._sit(s, name, host)
        for s in self.seats:
            if s.person and s.taken and s.name.casefold() == same:
                raise Refusal(P.SEAT_TAKEN, "that player's seat is held for them")
        for s in self.seats:
            if s.person and not s.taken and (not s.name or s.name.casefold() == same):
                return self._sit(s, name, host)
        for s in self.seats:  # a saved match's seat whose person has not come back yet
            if s.person and not s.taken and not s.connected:
                return self._sit(s, name, host)
        raise Refusal(P.TABLE_FULL)

    def _sit(self, s: Seat, name: str, host: bool) -> Seat:
        s.token = s.token or new_token()
        s.name = name
        s.connected = True
        s.ready = False
        s.host = s.host or host
        return s

    def welcome(self, seat: int) -> dict[str, Any]:
        s = self.seats[seat]
        return {"type": "welcome", "protocol": P.PROTOCOL_VERSION, "seat": seat,
                "token": s.token, "variant": self.variant, "options": dict(self.options or {}),
                "players": self.players, "host": s.host}

    def arrived(self, seat: int) -> None:
        """After the welcome: everyone hears of the newcomer; it gets the position."""
        self._broadcast_roster()
        if self.started:
            self.send(seat, self.snapshot(seat))
        elif all(s.taken for s in self.seats if s.person):
            self.start()

    def left(self, seat: int) -> None:
        s = self.seats[seat]
        if s.connected:
            s.connected = False
            s.ready = False
            self._broadcast_roster()

    def snapshot(self, seat: int) -> dict[str, Any]:
        """The whole position for one seat (join, rejoin)."""
        msg: dict[str, Any] = {"type": "sync", "at": self.at(), "v": self.version,
                               "obs": self.observation(seat), "deal_no": len(self.live.deals),
                               "totals": list(self.live.totals)}
        self._add_why(msg, seat)
        if self.waiting_for_next_deal() or self.match_over():
            msg["result"] = self.last_deal_end
        if self.match_over():
            msg["match_end"] = self._match_end()
        return msg

    # --- the match -----------------------------------------------------------------------
    def start(self) -> bool:
        """Deal the first deal (or carry on a resumed one); False if it had started."""
        if self.started:
            return False
        self.started = True
        self._broadcast_roster()
        deal = self.deal
        if deal is None or (deal.is_over() and not self.live.is_over()):
            self.next_deal()
        else:
            for s in self.seats:
                if s.connected:
                    self.send(s.index, self.snapshot(s.index))
        return True

    def start_now(self, seat: int) -> None:
        """The host's "deal now": people's empty seats are played by the away level."""
        if not self.seats[seat].host:
            raise Refusal(P.NOT_HOST)
        if not self.start():
            raise Refusal(P.NOT_STARTED, "the match has started already")

    def next_deal(self) -> None:
        if self.live.is_over():
            raise Refusal(P.MATCH_OVER)
        self.live.start_deal()
        self.version += 1
        self.last_deal_end = None
        for s in self.seats:
            s.ready = False
        self._broadcast(lambda seat: {
            "type": "deal", "at": self.at(), "v": self.version, "obs": self.observation(seat),
            "deal_no": len(self.live.deals), "totals": list(self.live.totals)},
            why=True)
        self._save()

    def ready(self, seat: int, deal: int | None = None) -> bool:
        """The person at ``seat`` has seen the deal's result; False when that changed nothing.

        ``deal`` (1-based) names the deal whose result was seen: a copy that arrives
        after the next deal was dealt, or a second press, is ignored.
        """
        if deal is not None and deal != len(self.live.deals):
            return False
        if not self.waiting_for_next_deal():
            raise Refusal(P.NOT_YOUR_TURN, "no deal is waiting to be dealt")
        if self.seats[seat].ready:
            return False
        self.seats[seat].ready = True
        ready = [s.index for s in self.seats if s.person and s.ready]
        self._broadcast(lambda _seat: {"type": "ready", "seats": ready})
        return True

    def waiting_for(self) -> list[tuple[int, str]]:
        """The connected people the table waits for: ``(seat, "act" | "ready")``."""
        turn = self.turn()
        if turn is not None:
            return [(turn.seat, "act")] if turn.kind == "person" else []
        if self.waiting_for_next_deal():
            return [(s.index, "ready") for s in self.seats
                    if s.person and s.connected and not s.ready]
        return []

    def prompt(self, need: str) -> dict[str, Any]:
        """The message that asks a seat again for what the table waits for."""
        return {"type": "prompt", "need": need, "v": self.version,
                "deal_no": len(self.live.deals)}

    def submit(self, seat: int, action: str, seq: int | None = None,
               blind: int | None = None) -> str:
        """Apply ``seat``'s action through the rules engine; its canonical form.

        :class:`Refusal` (nothing changed) for a seat out of turn, a stale position
        (``seq`` is the ``v`` the client acted on) or an action the rules refuse.
        """
        deal = self.deal
        if not self.started or deal is None:
            raise Refusal(P.NOT_STARTED)
        if seq is not None and seq != self.version:
            done = self._applied.get(seq)
            if done is not None and done[0] == seat and done[1] == action:
                self.duplicates += 1
                return done[2]
        mover = deal.to_move()
        if mover is None:
            raise Refusal(P.NOT_YOUR_TURN, "the deal is over")
        if seat != mover:
            raise Refusal(P.NOT_YOUR_TURN)
        if seq is not None and seq != self.version:
            raise Refusal(P.STALE)
        try:
            # a blind trump card ("trump blind"): which face-down card it is, is chance, and
            # the engine draws it from the table's generator (``blind``, a face-down card a
            # client clicked, says nothing more: they are all alike to the player)
            canonical = deal.apply(action, seat, chance=self.rng)
        except (IllegalAction, NotationError) as exc:
            raise Refusal(P.ILLEGAL, str(exc), exc.code, dict(exc.params)) from None
        if seq is not None:
            self._applied[seq] = (seat, action, canonical.text)
            while len(self._applied) > APPLIED_KEPT:
                self._applied.popitem(last=False)
        self.version += 1
        self._after_action(seat)
        return canonical.text

    def _after_action(self, mover: int) -> None:
        deal = self.deal

        def message(seat: int) -> dict[str, Any]:
            obs = self.observation(seat)
            seen = view.last_action(obs) if obs else None
            return {"type": "action", "at": self.at(), "v": self.version, "seat": mover,
                    "action": seen[1] if seen else "", "obs": obs}

        self._broadcast(message, why=True)
        if deal.is_over():
            self._deal_end()
        self._save()

    def _deal_end(self) -> None:
        deal = self.deal
        before = list(self.live.totals)
        totals = self.live.finish_deal()
        try:
            summary = dict(deal.result_summary())
        except Exception:  # noqa: BLE001 - a summary is decoration, never fatal
            log.exception("result_summary failed")
            summary = {}
        result = deal.result()
        self.last_deal_end = {
            "score": deal.score(), "points": deal.points(), "tricks": deal.tricks(),
            "totals": totals, "before_totals": before, "summary": summary,
            "result": None if result is None else result.to_json(),
            "match_over": self.live.is_over()}
        info = self.last_deal_end
        self._broadcast(lambda seat: {"type": "deal_end", "at": self.at(), "v": self.version,
                                      "obs": self.observation(seat), **info})
        if self.live.is_over():
            self._broadcast(lambda seat: self._match_end())

    def _restore_deal_end(self) -> None:
        """A resumed match whose last deal is over: its result, as it was announced."""
        deal = self.deal
        if deal is None or not deal.is_over():
            return
        self.live.finish_deal()
        score = deal.score() or [0] * self.players
        totals = list(self.live.totals)
        self.last_deal_end = {
            "score": deal.score(), "points": deal.points(), "tricks": deal.tricks(),
            "totals": totals, "before_totals": [t - s for t, s in zip(totals, score)],
            "summary": dict(deal.result_summary()), "match_over": self.live.is_over(),
            "result": None if deal.result() is None else deal.result().to_json()}

    def _match_end(self) -> dict[str, Any]:
        return {"type": "match_end", "totals": list(self.live.totals),
                "winners": self.live.winners()}

    def emote(self, seat: int, what: str, now: float) -> None:
        """A short word to the table (``protocol.EMOTES``), at most one a second per seat."""
        if what not in P.EMOTES:
            raise Refusal(P.BAD_MESSAGE, "unknown emote")
        last = self._emoted.get(seat)
        if last is not None and now - last < P.EMOTE_GAP_S:
            raise Refusal(P.FLOOD, "one at a time")
        self._emoted[seat] = now
        self._broadcast(lambda _s: {"type": "emote", "seat": seat, "what": what})

    def chat(self, seat: int, text: str) -> None:
        text = P.clean_text(text, P.MAX_CHAT)
        if text:
            name = self.seats[seat].name
            self._broadcast(lambda _s: {"type": "chat", "seat": seat, "name": name,
                                        "text": text})

    # --- delivery ------------------------------------------------------------------------
    def _broadcast(self, build: Callable[[int], dict[str, Any]], why: bool = False) -> None:
        for s in self.seats:
            if s.person and s.connected:
                msg = build(s.index)
                if why:
                    self._add_why(msg, s.index)
                self.send(s.index, msg)

    def _broadcast_roster(self) -> None:
        roster = self.roster()
        self._broadcast(lambda _s: roster)

    def _add_why(self, msg: dict[str, Any], seat: int) -> None:
        """For the seat to move: why each card of its hand it may not play is refused.

        The reasons come from the engine (``deal.check``) and speak only of the seat's
        own cards and the table: they tell the player nothing hidden.  Each is the
        refusal's code and parameters (``{"code", "params"}``): the client says it in its
        player's language.
        """
        obs = msg.get("obs")
        deal = self.deal
        if not obs or deal is None or obs.get("to_move") != seat:
            return
        verb = view.card_verb(obs)
        if verb is None:  # buttons are asked for: the client says so in the player's words
            return
        legal = set(view.legal(obs))
        why = {}
        for card in view.hand(obs):
            action = f"{verb} {card}"
            if action not in legal:
                reason = deal.check(action, seat)
                if reason is not None:
                    why[action] = reason.to_json()
        if why:
            msg["why"] = why

    def _save(self) -> None:
        if self.on_save is not None:
            try:
                self.on_save(self)
            except Exception:  # noqa: BLE001 - saving must never stop the table
                log.exception("saving the network match failed")

    # --- saving and resuming ---------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        return {"variant": self.variant, "seats": list(self.seat_kinds),
                "names": [s.name for s in self.seats], "away": self.away.to_json(),
                "seed": self.live.seed}

    def record_text(self) -> str:
        """The match as a deal record (NOTATION.md) led by one comment line of table facts."""
        return SAVE_MARK + json.dumps(self.meta(), ensure_ascii=False) + "\n" + \
            write_record(self.live.deals)


def check_network_setup(data: object, players: int) -> dict[str, Any]:
    """A saved hosted table's facts (the ``network`` field of a game's setup), checked.

    ValueError for anything a damaged or hand-edited file could hold instead.
    """
    if not isinstance(data, dict):
        raise ValueError("the network table facts are not an object")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players or not all(
            s == OPEN or s in LEVELS for s in seats) or OPEN not in seats:
        raise ValueError(f"the network table's seats are not {players} of open/"
                         + "/".join(LEVELS))
    host = data.get("host_seat", 0)
    port = data.get("port", P.DEFAULT_PORT)
    if isinstance(host, bool) or not isinstance(host, int) or not 0 <= host < players \
            or seats[host] != OPEN:
        raise ValueError("the network table's host seat is not a person's seat")
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port < 65536:
        raise ValueError("the network table's port is not a port number")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > P.MAX_NAME * 4:
        raise ValueError("the host's name is malformed")
    away = data.get("away") or {}
    level = away.get("level") if isinstance(away, dict) else None
    after = away.get("after_s", 30.0) if isinstance(away, dict) else 30.0
    if level is not None and level not in LEVELS or isinstance(after, bool) \
            or not isinstance(after, int | float) or not 0 <= after <= 3600:
        raise ValueError("the network table's away rule is malformed")
    return {"seats": list(seats), "host_seat": host, "port": port,
            "name": P.clean_text(name, P.MAX_NAME), "away": {"level": level,
                                                             "after_s": float(after)}}


def match_from_record(text: str, seed: int | None = None) -> Match:
    """A match rebuilt from its record: every deal replayed, finished deals counted."""
    deals = replay_text(text)
    first = deals[0]
    match = Match(first.variant, dict(first.options), seed=seed, first_dealer=first.dealer)
    for i, deal in enumerate(deals):
        if deal.variant != first.variant:
            raise NotationError("a match record holds deals of one game only")
        match.deals = deals[: i + 1]
        if deal.is_over():
            match.finish_deal()
    return match


def read_meta(text: str) -> dict[str, Any] | None:
    """The table facts of a saved network match (None for a plain record)."""
    first = text.split("\n", 1)[0]
    if not first.startswith(SAVE_MARK):
        return None
    try:
        data = json.loads(first[len(SAVE_MARK):])
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def table_from_record(text: str, host_key: str | None = None,
                      away: AwayPolicy | None = None,
                      seats: Sequence[str] | None = None) -> Table:
    """A saved network match, ready to be hosted again (people rejoin by their names)."""
    meta = read_meta(text) or {}
    seed = meta.get("seed") if isinstance(meta.get("seed"), int) else None
    match = match_from_record(text, seed=seed)
    kinds = list(seats or meta.get("seats") or [])
    if len(kinds) != match.players:
        kinds = [OPEN] * match.players
    if away is None:
        a = meta.get("away") or {}
        away = AwayPolicy(a.get("level"), float(a.get("after_s", 30.0))) \
            if isinstance(a, dict) else AwayPolicy()
    make_options(match.variant, match.options)  # raises for a broken record
    return Table(match.variant, kinds, dict(match.options), away=away, match=match,
                 names=list(meta.get("names") or []), host_key=host_key)
