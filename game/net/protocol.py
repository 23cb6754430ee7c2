"""The table protocol: versioned JSON messages, one per line, with hard size limits.

Why newline-delimited JSON over asyncio streams (docs/net.md has the measurements):
the messages are small (an observation is 1–4 KB), the transport is the standard
library's (no dependency to keep up, nothing added to the bundle), and
``StreamReader(limit=...)`` enforces the size limit before a line is buffered whole.

Every message is a JSON object with a ``type``.  The server checks everything a
client sends with :func:`parse_client` (type, fields, their types and lengths);
whatever does not pass is a :class:`ProtocolError` with a stable ``code`` that the
program translates for the player — the text is never parsed.

Client → server::

    hello  {protocol, app, name, token?, seat?, host_key?}   must be the first message
    act    {action, seq?, blind?, seat?}   an action of NOTATION.md for the client's seat
    ready  {deal?}                         the player has seen the result of deal ``deal``
    start  {}                              the host: deal now, computers fill empty seats
    chat   {text}
    emote  {what}                          one of EMOTES ("well_played" ...)
    ping   {}
    bye    {}

Server → client::

    welcome   {protocol, seat, token, variant, options, players, host}
    table     {seats: [{seat, kind, level, name, connected}], started, away}
    sync      {at, obs, deal_no, totals, why?, result?}   the whole position (join, rejoin)
    deal      {at, obs, deal_no, totals}                  a new deal was dealt
    action    {at, seat, action, obs, why?}               an action as this seat may see it
    deal_end  {at, obs, score, points, tricks, totals, before_totals, summary, result,
               match_over}   result: the engine's typed result (game.rules.results) as JSON
    match_end {totals, winners}
    ready     {seats}                                     who pressed "next deal"
    refused   {code, reason?, action?, rule?, params?}    the message changed nothing
    error     {code, detail?, server?}                    fatal: the server closes the line
    chat      {seat, name, text}
    emote     {seat, what}
    pong      {}
    prompt    {need, v, deal_no}   the host still waits for this seat: ``need`` is ``act``
              (an action at position ``v``) or ``ready``; a client that already answered
              sends its answer again (the host ignores a duplicate)

``at`` is ``[deal index, actions applied in that deal]``: which position the
observation belongs to (tests replay the match and compare).  ``obs`` is exactly
the engine's ``observation(seat).to_json()`` (NOTATION.md) for the receiving seat.
``why`` maps an action the seat may not take to the engine's refusal
``{"code", "params"}`` (version 2; version 1 sent English sentences).  ``act`` with
``trump blind``: Mariáš forehand's blind trump card, drawn by the host's engine
(``blind`` is accepted and ignored: the face-down cards are all alike).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

#: Bumped on any change a client of the previous version would misread.
PROTOCOL_VERSION = 2
APP_ID = "marriage-table"
#: The default TCP port of a table (the host may choose another).
DEFAULT_PORT = 47625

#: The longest line a client may send (bytes, newline included).  An action is < 40 bytes.
MAX_CLIENT_MESSAGE = 4096
#: The longest line the server sends (a Mariáš observation with its history is ~4 KB).
MAX_SERVER_MESSAGE = 256 * 1024
MAX_NAME = 24
MAX_CHAT = 200
MAX_ACTION = 64
MAX_TOKEN = 64

CLIENT_TYPES = ("hello", "act", "ready", "start", "chat", "emote", "ping", "bye")
#: The short things a player can say at the table; each window shows them in its own language.
EMOTES = ("hello", "good_luck", "well_played", "oops", "hurry", "thanks", "good_game")
#: Seconds between two emotes of one seat (more are refused: a table is no chat room).
EMOTE_GAP_S = 1.0

#: Refusal and error codes (the UI translates ``net_code_<code>``).
BAD_JSON = "bad_json"
BAD_MESSAGE = "bad_message"
UNKNOWN_TYPE = "unknown_type"
TOO_LARGE = "too_large"
FLOOD = "flood"
PROTOCOL_MISMATCH = "protocol_version"
NOT_OUR_APP = "wrong_app"
HELLO_FIRST = "hello_first"
NOT_SEATED = "not_seated"
WRONG_SEAT = "wrong_seat"
NOT_YOUR_TURN = "not_your_turn"
ILLEGAL = "illegal"
STALE = "stale"
NOT_STARTED = "not_started"
NOT_HOST = "not_host"
TABLE_FULL = "table_full"
SEAT_TAKEN = "seat_taken"
NAME_TAKEN = "name_taken"
BAD_NAME = "bad_name"
NO_SUCH_SEAT = "no_such_seat"
REPLACED = "replaced"
HOST_CLOSED = "host_closed"
TIMEOUT = "timeout"
MATCH_OVER = "match_over"


class ProtocolError(ValueError):
    """A message that cannot be accepted; ``code`` is one of the constants above."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of compact UTF-8 JSON."""
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def decode(line: bytes, limit: int = MAX_SERVER_MESSAGE) -> dict[str, Any]:
    """A received line as a JSON object with a string ``type`` (any type: no field checks)."""
    if len(line) > limit:
        raise ProtocolError(TOO_LARGE, f"{len(line)} bytes, at most {limit}")
    try:
        data = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ProtocolError(BAD_JSON, str(exc)[:80]) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError(BAD_MESSAGE, "a message is a JSON object with a 'type'")
    return data


@dataclass(frozen=True)
class _Field:
    kind: type | tuple[type, ...]
    required: bool = False
    max_len: int | None = None


_SCHEMA: dict[str, dict[str, _Field]] = {
    "hello": {"protocol": _Field(int, True), "app": _Field(str, False, 40),
              "name": _Field(str, True, MAX_NAME * 4), "token": _Field((str, type(None)), False,
                                                                       MAX_TOKEN),
              "seat": _Field((int, type(None))), "host_key": _Field((str, type(None)), False,
                                                                    MAX_TOKEN)},
    "act": {"action": _Field(str, True, MAX_ACTION), "seq": _Field((int, type(None))),
            "blind": _Field((int, type(None))), "seat": _Field((int, type(None)))},
    "ready": {"deal": _Field((int, type(None)))},
    "start": {},
    "chat": {"text": _Field(str, True, MAX_CHAT * 4)},
    "emote": {"what": _Field(str, True, 20)},
    "ping": {},
    "bye": {},
}


def parse_client(line: bytes) -> dict[str, Any]:
    """A client's line checked against the schema: known type, known fields, right types.

    ``bool`` is refused where an ``int`` is expected (JSON ``true`` is not a seat).
    """
    msg = decode(line, MAX_CLIENT_MESSAGE)
    kind = msg["type"]
    schema = _SCHEMA.get(kind)
    if schema is None:
        raise ProtocolError(UNKNOWN_TYPE, kind[:20])
    for name, value in msg.items():
        if name == "type":
            continue
        spec = schema.get(name)
        if spec is None:
            raise ProtocolError(BAD_MESSAGE, f"'{name[:20]}' is no field of '{kind}'")
        if isinstance(value, bool) or not isinstance(value, spec.kind):
            raise ProtocolError(BAD_MESSAGE, f"'{name}' has the wrong type")
        if spec.max_len is not None and isinstance(value, str) and len(value) > spec.max_len:
            raise ProtocolError(BAD_MESSAGE, f"'{name}' is too long")
        if isinstance(value, int) and not -1 <= value < 2**31:
            raise ProtocolError(BAD_MESSAGE, f"'{name}' is out of range")
    for name, spec in schema.items():
        if spec.required and name not in msg:
            raise ProtocolError(BAD_MESSAGE, f"'{kind}' needs '{name}'")
    return msg


def clean_text(text: str, limit: int) -> str:
    """Printable text of at most ``limit`` characters on one line (names, chat)."""
    out = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(out.split())[:limit]


def hello(name: str, token: str | None = None, seat: int | None = None,
          host_key: str | None = None, protocol: int = PROTOCOL_VERSION) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "hello", "protocol": protocol, "app": APP_ID, "name": name}
    if token:
        msg["token"] = token
    if seat is not None:
        msg["seat"] = seat
    if host_key:
        msg["host_key"] = host_key
    return msg


def refused(code: str, reason: str | None = None, action: str | None = None,
            rule: str | None = None, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """``rule`` and ``params``: the rules engine's refusal (its code and parameters), which
    the client says in its player's language; ``reason`` is the English sentence."""
    msg: dict[str, Any] = {"type": "refused", "code": code}
    if reason:
        msg["reason"] = reason
    if rule:
        msg["rule"] = rule
        if params:
            msg["params"] = params
    if action is not None:
        msg["action"] = action
    return msg


def error(code: str, detail: str | None = None, **extra: Any) -> dict[str, Any]:
    msg: dict[str, Any] = {"type": "error", "code": code, **extra}
    if detail:
        msg["detail"] = detail
    return msg
