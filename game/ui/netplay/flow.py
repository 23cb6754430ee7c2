"""The turn flow of a networked table, seen from one seat: the host's messages become
the table's flow events.

:class:`ClientFlow` stands where :class:`~game.ui.flow.TurnFlow` stands for a local
match, with the same face towards the table scene (``state``, ``match``, ``deal``,
``pending``, ``update()`` …), so the table draws, animates and takes clicks the same
way.  The difference: nothing is decided here.  The person's choice goes to the
host; the host's answer — an ``action`` with the seat's new observation — is what
moves the cards.  Messages are handed to the table one at a time, each after the
previous animation has finished (``busy``), exactly as the local flow waits.

The client never holds a deal: :class:`DealView` and :class:`MatchView` answer the
few questions the table asks (history, why a card is refused, the deal's score)
from what the host sent for this seat.  The wire carries the observation's JSON; it
is read into the typed observation once, as a message arrives.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.net import protocol as P
from game.net import view
from game.net.client import CLOSED, CONNECTED, NetClient
from game.rules import Action, DealResult, Observation, Refusal, Verb, result_from_json

from ..flow import (
    ASKING,
    ActionApplied,
    DealEnded,
    DealStarted,
    Listener,
    MatchEnded,
    Phase,
    PhaseChanged,
    Refused,
    Resumed,
    phase_of,
)
from ..players import HumanInput, Pending

log = logging.getLogger(__name__)

#: Messages that change the cards on the table (handed over one at a time).
GAME_TYPES = ("sync", "deal", "action", "deal_end", "match_end", "refused")


@dataclass
class SeatInfo:
    """Who sits at a seat, for the name plates (the table reads ``kind`` and ``level``)."""

    kind: str  # "human" (this window), "remote" (a person elsewhere), "bot"
    level: str = "bot"
    name: str = ""
    connected: bool = True
    taken: bool = True
    host: bool = False
    ready: bool = False


class DealView:
    """The deal as this seat knows it (answers the table's few questions)."""

    def __init__(self, obs: Observation | None, deal_no: int, variant: str = "marriage",
                 players: int = 2):
        #: None for a deal of the match this seat never saw (it joined later)
        self.obs = obs
        self.deal_no = deal_no
        self._variant = variant
        self._players = players
        self.summary: dict[str, Any] | None = None
        #: The host's typed result of the finished deal (``deal.result()`` there).
        self.typed_result: DealResult | None = None
        #: the host's refusal of each card action the seat may not take now
        self.why: dict[str, Refusal] = {}

    @property
    def variant(self) -> str:
        return self.obs.variant if self.obs is not None else self._variant

    @property
    def players(self) -> int:
        return self.obs.players if self.obs is not None else self._players

    @property
    def dealer(self) -> int:
        return self.obs.dealer if self.obs is not None else 0

    @property
    def history(self) -> list[tuple[int, Action]]:
        return [(st.seat, st.action) for st in self.obs.history] if self.obs else []

    def is_over(self) -> bool:
        return self.obs is not None and self.obs.over

    def to_move(self) -> int | None:
        return self.obs.to_move if self.obs is not None else None

    def legal_actions(self) -> list[Action]:
        return list(self.obs.legal) if self.obs is not None else []

    def check(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why the host's engine would refuse ``action`` (it sent the reasons with the turn)."""
        if self.obs is not None and action in self.obs.choices:
            return None
        if action.text in self.why:
            return self.why[action.text]
        legal = self.legal_actions()
        if not any(a.verb in (Verb.PLAY, Verb.TRUMP, Verb.DISCARD) for a in legal):
            return Refusal("choose_button")  # a card clicked while a button is asked for
        return Refusal("card_unavailable")

    def result_summary(self) -> dict[str, Any]:
        return dict(self.summary or {"text": ""})

    def result(self) -> DealResult | None:
        """How the deal was scored, as the host's engine said it (typed facts)."""
        return self.typed_result

    def hand(self, seat: int) -> int:
        raise LookupError("a networked table never sees another seat's hand")


class MatchView:
    """The match as the host reports it: the game, the options, the totals, the deals."""

    def __init__(self, variant: str, options: dict[str, Any], players: int):
        self.variant = variant
        self.options = dict(options)
        self.players = players
        self.totals = [0] * players
        self.deals: list[DealView] = []
        self.over = False
        self.winners: list[int] = []
        self.seed = 0

    @property
    def current(self) -> DealView | None:
        return self.deals[-1] if self.deals else None

    def is_over(self) -> bool:
        return self.over


class ClientFlow:
    """The table's flow for a seat at a networked table (see the module docstring)."""

    networked = True

    def __init__(self, client: NetClient, variant: str = "marriage",
                 options: dict[str, Any] | None = None, players: int = 2):
        self.client = client
        self.match = MatchView(variant, options or {}, players)
        self.view_seat = 0
        self.human = HumanInput()
        self.inputs: list[SeatInfo] = [SeatInfo("human")] + \
            [SeatInfo("remote") for _ in range(players - 1)]
        self.listener: Listener = lambda e: None
        #: Told the token each time the host welcomes this seat (the session keeps it).
        self.on_token: Callable[[str], None] = lambda token: None
        self.busy: Callable[[], bool] = lambda: False
        self.state = Phase.NEXT_DEAL
        self.pending: Pending | None = None
        self.pending_seat: int | None = None
        self.obs: Observation | None = None
        self.version: int | None = None
        self.queue: deque[dict[str, Any]] = deque()
        self.started = False
        self.welcomed = False
        self.host = False
        self.away: dict[str, Any] = {}
        #: The host continues a saved match (the waiting room says "continue").
        self.resumed = False
        self.ready_sent = False
        self.ready_seats: list[int] = []
        self.status = client.status
        #: How often the line was lost and dialled again.
        self.reconnects = 0
        self.failure: dict[str, Any] | None = None
        self.chat: list[tuple[str, str]] = []
        #: Emotes heard and not shown yet: (seat, what).
        self.emotes: list[tuple[int, str]] = []
        self.errors: list[str] = []
        self.history: list[tuple[Phase, Phase]] = []
        self.actions_applied = 0
        self.auto_next = False
        self._sent: int | None = None
        #: The last action sent (the host's prompt for that position sends it again).
        self._sent_msg: dict[str, Any] | None = None

    # --- what the table asks ---------------------------------------------------------------
    @property
    def deal(self) -> DealView | None:
        return self.match.current

    def observation(self, seat: int | None = None) -> Observation | None:
        return self.obs

    def record_text(self) -> str:
        return ""  # the host keeps the record; nothing is saved here

    def thinking_seat(self) -> int | None:
        """The seat whose turn it is elsewhere (a computer or a person): dots on its plate."""
        if self.state not in ASKING or self.obs is None or self.busy():
            return None
        mover = self.obs.to_move
        return mover if mover is not None and mover != self.view_seat else None

    def waiting_for_human(self) -> bool:
        return self.state in ASKING and self.pending is not None and self.pending.thinking

    def settled(self) -> bool:
        """Nothing happens in :meth:`update` until a message or the player's input (the
        table may sleep: every message from the host wakes it, game.ui.netplay.session)."""
        return not self.queue

    def connected(self) -> bool:
        return self.status == CONNECTED

    # --- messages from the host -------------------------------------------------------------
    def receive(self) -> None:
        """Take what arrived: table facts at once, game messages into the queue."""
        for msg in self.client.poll():
            kind = msg["type"]
            if kind in GAME_TYPES:
                self.queue.append(msg)
                self.started = True
            else:
                self._fact(msg)

    def _fact(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "welcome":
            self.welcomed = True
            if msg.get("token"):
                self.on_token(str(msg["token"]))
            self.view_seat = int(msg["seat"])
            self.host = bool(msg.get("host"))
            players = int(msg["players"])
            if self.match.variant != msg["variant"] or self.match.players != players:
                self.match = MatchView(str(msg["variant"]), msg.get("options") or {}, players)
            self.match.options = dict(msg.get("options") or {})
        elif kind == "table":
            self._roster(msg)
        elif kind == "_status":
            self.status = str(msg["status"])
            self.reconnects += self.status == "reconnecting"
            if self.status == CLOSED and self.client.failure:
                self.failure = {"code": self.client.failure, **self.client.failure_detail}
        elif kind == "error":
            self.failure = dict(msg)
        elif kind == "ready":
            self.ready_seats = [int(s) for s in msg.get("seats") or []]
            for i, info in enumerate(self.inputs):
                info.ready = i in self.ready_seats
        elif kind == "emote":
            self.emotes.append((int(msg.get("seat", -1)), str(msg.get("what", ""))))
            self.emotes = self.emotes[-10:]
        elif kind == "prompt":
            self._prompted(msg)
        elif kind == "chat":
            self.chat.append((str(msg.get("name", "")), str(msg.get("text", ""))))
            self.chat = self.chat[-20:]

    def _prompted(self, msg: dict[str, Any]) -> None:
        """The host still waits for this seat: an answer it did not get is sent again
        (a copy of one it applied is ignored there); a person still choosing is left be."""
        if msg.get("need") == "act" and self._sent_msg is not None \
                and self._sent_msg.get("seq") == msg.get("v"):
            self.client.send(self._sent_msg)
        elif msg.get("need") == "ready" and self.ready_sent:
            self.client.send({"type": "ready", "deal": msg.get("deal_no")})

    def _roster(self, msg: dict[str, Any]) -> None:
        self.away = dict(msg.get("away") or {})
        self.resumed = int(msg.get("deals") or 0) > 0 and not msg.get("started")
        inputs = []
        for seat in msg.get("seats") or []:
            i = int(seat["seat"])
            if seat["kind"] == "computer":
                info = SeatInfo("bot", str(seat.get("level") or "normal"))
            else:
                info = SeatInfo("human" if i == self.view_seat else "remote",
                                str(self.away.get("level") or "normal"))
            info.name = str(seat.get("name") or "")
            info.connected = bool(seat.get("connected"))
            info.taken = bool(seat.get("taken"))
            info.host = bool(seat.get("host"))
            info.ready = bool(seat.get("ready"))
            inputs.append(info)
        if inputs:
            self.inputs = inputs
        if msg.get("started"):
            self.started = True

    # --- the frame -------------------------------------------------------------------------
    def start(self) -> None:
        """The table is ready to show the game: it gets everything from now on in order."""
        self.receive()

    def catch_up(self) -> None:
        """Back at the table after a while: jump to the newest position without replaying.

        Everything up to the newest message with a position is folded into one ``sync``
        of that position; what came after it (a deal's end, the match's end) follows.
        """
        self.receive()
        queue = list(self.queue)
        last = max((i for i, m in enumerate(queue) if m["type"] in ("action", "deal", "sync")),
                   default=None)
        if last is None or last < 2:
            return
        deal_no = len(self.match.deals)
        totals = list(self.match.totals)
        for msg in queue[: last + 1]:
            deal_no = int(msg.get("deal_no") or deal_no)
            totals = list(msg.get("totals") or totals)
        newest = queue[last]
        sync = {"type": "sync", "at": newest.get("at"), "v": newest.get("v"),
                "obs": newest.get("obs"), "deal_no": deal_no, "totals": totals,
                "why": newest.get("why") or {}}
        self.queue = deque([sync, *[m for m in queue[last + 1:] if m["type"] != "refused"]])

    def update(self) -> None:
        self._send_choice()
        self.receive()
        while self.queue and not self.busy():
            self._game(self.queue.popleft())
            self._send_choice()
        if not self.queue and not self.busy() and self.state not in (
                Phase.DEAL_END, Phase.MATCH_END, Phase.NEXT_DEAL):
            self._settle()

    def _send_choice(self) -> None:
        pending = self.pending
        if pending is None or not pending.ready():
            return
        self.pending = None
        try:
            action = pending.result()
        except Exception as exc:  # noqa: BLE001 - the bot's thread failed: this move is not sent
            log.warning("no answer to send (%s)", exc)
            self.errors.append(str(exc))
            return
        # a blind trump card is sent as "trump blind": the host's engine draws the card
        msg: dict[str, Any] = {"type": "act", "action": action.text, "seq": self.version}
        self._sent = self.version
        self._sent_msg = msg
        self.client.send(msg)

    def _game(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "refused":
            self._refused(msg)
            return
        if kind == "match_end":
            self.match.over = True
            self.match.totals = list(msg.get("totals") or self.match.totals)
            self.match.winners = list(msg.get("winners") or [])
            self._go(Phase.MATCH_END)
            self.listener(MatchEnded(list(self.match.totals)))
            return
        raw = msg.get("obs")
        obs = view.typed(raw) if raw else None
        before = self.obs
        self.version = msg.get("v", self.version)
        if "totals" in msg and kind != "deal_end":
            self.match.totals = list(msg["totals"])
        if kind == "deal" or (kind == "sync" and obs is not None and
                              msg.get("deal_no") != len(self.match.deals)):
            self.match.deals.append(DealView(obs, int(msg.get("deal_no") or 1),
                                             self.match.variant, self.match.players))
            while len(self.match.deals) < int(msg.get("deal_no") or 1):
                self.match.deals.insert(0, DealView(None, 0, self.match.variant,
                                                    self.match.players))
        deal = self.deal
        if deal is not None and obs is not None:
            deal.obs = obs
            deal.why = {str(a): Refusal(str(r.get("code")), dict(r.get("params") or {}))
                        for a, r in (msg.get("why") or {}).items() if isinstance(r, dict)}
        self.obs = obs
        self.ready_sent = False if kind in ("deal", "sync") else self.ready_sent
        if kind == "sync":
            # A new line to the host: a choice sent on the old one is applied (the position
            # moved on) or lost — either way the person is asked again if it is their turn.
            self._sent = None
            self._drop_pending()
        if kind == "deal":
            self._go(Phase.DEALING)
            self.listener(DealStarted(obs))
        elif kind == "sync":
            self.listener(Resumed(obs))
            result = msg.get("result")
            if result and deal is not None:
                self._deal_end(result)
            if msg.get("match_end"):
                self._game(msg["match_end"])
            elif not result:
                self._settle()
        elif kind == "action":
            self.actions_applied += 1
            said = msg.get("action")
            seat = msg.get("seat")
            self.listener(ActionApplied(int(seat) if seat is not None else None,
                                        Action.parse(said) if said else None, before, obs))
            if obs is None or not obs.over:
                self._settle()
        elif kind == "deal_end":
            self._deal_end(msg)

    def _deal_end(self, info: dict[str, Any]) -> None:
        deal = self.deal
        if deal is not None:
            deal.summary = dict(info.get("summary") or {})
            raw = info.get("result")
            try:
                deal.typed_result = result_from_json(raw) if isinstance(raw, dict) else None
            except (KeyError, TypeError, ValueError):  # a malformed message loses only the words
                log.warning("deal_end: unreadable result %r", raw)
                deal.typed_result = None
        self.match.totals = list(info.get("totals") or self.match.totals)
        self._drop_pending()
        self._go(Phase.DEAL_END)
        def numbers(key: str) -> list[int]:
            value = info.get(key)
            return [int(v) for v in value] if isinstance(value, list) else []

        self.listener(DealEnded(
            self.obs, score=numbers("score"), points=numbers("points"),
            tricks=numbers("tricks"), totals=numbers("totals"),
            before_totals=numbers("before_totals"), summary=dict(info.get("summary") or {}),
            match_over=bool(info.get("match_over"))))

    def _refused(self, msg: dict[str, Any]) -> None:
        code = str(msg.get("code"))
        rule = msg.get("rule")
        # the engine's refusal (its code and parameters), said in this player's language
        reason = Refusal(str(rule), dict(msg.get("params") or {})) if rule else None
        self.listener(Refused(self.view_seat, reason=reason, host_code=code))
        if code in (P.ILLEGAL, P.STALE, P.FLOOD):
            self._settle(force=True)  # ask the person again

    def _settle(self, force: bool = False) -> None:
        """The phase from the observation; if it is this seat's turn, wait for the person."""
        obs = self.obs
        if obs is None or self.busy():
            return
        if obs.over:
            return
        legal = list(obs.legal)
        self._go(phase_of(legal, False) if legal else Phase.TRICKS)
        mine = obs.to_move == self.view_seat and bool(legal)
        if not mine:
            self._drop_pending()
            return
        if force or self.pending is None and self._sent != self.version:
            self.pending_seat = self.view_seat
            self.pending = self.human.request(obs)
            self._sent = None

    def _drop_pending(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
        self.pending = None

    def _go(self, state: Phase) -> None:
        if state is not self.state:
            self.history.append((self.state, state))
            self.state = state
            if state in ASKING:
                self.listener(PhaseChanged(state))

    # --- what the person does ---------------------------------------------------------------
    def next_deal(self) -> None:
        """The person has seen the result: tell the host (the deal comes when all have)."""
        if self.state is Phase.DEAL_END and not self.ready_sent:
            self.ready_sent = True
            self.client.send({"type": "ready", "deal": len(self.match.deals)})

    def start_now(self) -> None:
        self.client.send({"type": "start"})

    def emote(self, what: str) -> None:
        if what in P.EMOTES:
            self.client.send({"type": "emote", "what": what})

    def take_emotes(self) -> list[tuple[int, str]]:
        out, self.emotes = self.emotes, []
        return out

    def say(self, text: str) -> None:
        text = P.clean_text(text, P.MAX_CHAT)
        if text:
            self.client.send({"type": "chat", "text": text})

    def close(self) -> None:
        self._drop_pending()
        self.client.close()
