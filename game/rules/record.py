"""Deal records (NOTATION.md): reading, writing and replaying them.

A record is UTF-8 text: for each deal a header (``variant``, ``options``,
``dealer``, ``deck``) and then one ``SEAT ACTION`` line per action; ``#``
starts a comment.  A whole match is several deals one after another.

Why the reader is strict and bounded: records come from files anyone can edit
(saved matches, hand histories, bug reports, bots' logs).  Every problem is a
:class:`RecordError` naming the line it is on, with the offending text cut to
:data:`ECHO_CHARS` and its control characters escaped (so a message is one
readable line).  Input is read line by line with a limit on the line length
and on the total size, and a match is replayed deal by deal keeping only the
last one (:func:`replay_stream`), so neither ``/dev/zero`` nor an 80,000-deal
file can exhaust the memory.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from .base import Deal
from .cards import CARD_STR, card
from .errors import NotationError, RecordError, RulesError
from .options import format_options, make_options
from .variants import deal_class, deck_cards, new_deal

HEADER_KEYS = ("variant", "options", "dealer", "deck")
#: The longest line a record may hold (a 32-card deck line is ~100 characters).
MAX_LINE_CHARS = 4096
#: The largest record read (a 1,000-deal match is ~0.6 MB).
MAX_RECORD_BYTES = 64 * 1024 * 1024
#: How much of an offending line an error message repeats.
ECHO_CHARS = 60
BOM = "\ufeff"


def echo(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` made safe to show in a one-line message: control characters escaped, cut."""
    out = []
    for ch in text:
        if unicodedata.category(ch)[0] == "C" and ch != " ":
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    safe = "".join(out)
    return safe if len(safe) <= limit else safe[: limit - 1] + "…"


@dataclass
class DealRecord:
    """One deal as written in a record (not yet replayed)."""

    variant: str
    dealer: int
    deck: list[int]
    options: dict[str, Any]
    #: ``(line number, seat, action text)`` in file order.
    actions: list[tuple[int, int, str]] = field(default_factory=list)
    first_line: int = 1
    #: Where the deal's header lines are (for errors found later).
    dealer_line: int = 1
    deck_line: int = 1
    #: The options as written (``a=1,b=on``), to compare the deals of one match.
    options_text: str = ""


def _deck_problem(variant: str, deck: list[int]) -> str | None:
    expected = deck_cards(variant)
    if sorted(deck) == sorted(expected):
        return None
    missing = [CARD_STR[c] for c in expected if c not in deck]
    twice = sorted({CARD_STR[c] for c in deck if deck.count(c) > 1})
    extra = sorted({CARD_STR[c] for c in deck if c not in expected})
    parts = [f"missing {' '.join(missing)}" if missing else "",
             f"twice {' '.join(twice)}" if twice else "",
             f"not in this deck {' '.join(extra)}" if extra else ""]
    detail = "; ".join(p for p in parts if p)
    return (f"the deck of {variant} must hold each of its {len(expected)} cards exactly once"
            f" ({echo(detail)})")


class _Reader:
    """The state of :func:`iter_records`: the header being read and the deal being filled."""

    def __init__(self) -> None:
        self.header: dict[str, tuple[int, str]] = {}
        self.current: DealRecord | None = None
        self.first: DealRecord | None = None

    def open_deal(self, line_no: int) -> DealRecord:
        header = self.header
        for key in ("variant", "dealer", "deck"):
            if key not in header:
                raise RecordError(f"the deal has no '{key}:' header", line_no)
        v_line, variant = header["variant"]
        try:
            players = deal_class(variant).players
        except NotationError:
            raise RecordError(f"unknown game '{echo(variant)}'", v_line) from None
        o_line, options_text = header.get("options", (v_line, ""))
        try:
            options = make_options(variant, options_text)
        except NotationError as exc:
            raise RecordError(echo(str(exc), 200), o_line) from None
        d_line, dealer_text = header["dealer"]
        digits = dealer_text.strip()
        dealer = int(digits) if digits.isascii() and digits.isdigit() and len(digits) < 4 else -1
        if not 0 <= dealer < players:
            raise RecordError(f"dealer must be a seat number from 0 to {players - 1},"
                              f" not '{echo(dealer_text)}'", d_line)
        k_line, deck_text = header["deck"]
        try:
            deck = [card(t) for t in deck_text.split()]
        except NotationError:
            bad = next(t for t in deck_text.split() if not _is_card(t))
            raise RecordError(f"'{echo(bad)}' is not a card (rank A T K Q J 9 8 7,"
                              " suit C D H S)", k_line) from None
        problem = _deck_problem(variant, deck)
        if problem:
            raise RecordError(problem, k_line)
        rec = DealRecord(variant, dealer, deck, options, first_line=v_line,
                         dealer_line=d_line, deck_line=k_line,
                         options_text=format_options(options))
        first = self.first
        if first is None:
            self.first = rec
        elif rec.variant != first.variant:
            raise RecordError(f"a match cannot mix games: this deal is {rec.variant}, the first"
                              f" one (line {first.first_line}) {first.variant}", v_line)
        elif rec.options_text != first.options_text:
            raise RecordError("the deals of one match must have the same options"
                              f" (line {first.first_line}: {echo(first.options_text)})", o_line)
        return rec


def _is_card(text: str) -> bool:
    try:
        card(text)
    except NotationError:
        return False
    return True


def iter_records(lines: Iterable[str]) -> Iterator[DealRecord]:
    """The deals of a record, one at a time, as its lines arrive (see :func:`parse_record`)."""
    reader = _Reader()
    line_no = 0
    for line_no, raw in enumerate(lines, start=1):
        if line_no == 1 and raw.startswith(BOM):
            raw = raw[1:]  # a byte-order mark some editors write: not part of the text
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        key = head.strip().lower()
        if sep and key in HEADER_KEYS:
            if key == "variant" and (reader.current is not None or reader.header):
                done = reader.current or reader.open_deal(line_no)  # a header-only deal too
                yield done
                reader.current, reader.header = None, {}
            if reader.current is not None:
                raise RecordError(f"header '{key}:' after the deal's actions began",
                                  line_no, echo(line))
            if key in reader.header:
                raise RecordError(f"a second '{key}:' header in one deal (the first is on"
                                  f" line {reader.header[key][0]})", line_no, echo(line))
            reader.header[key] = (line_no, rest.strip())
            continue
        if sep and len(head.split()) == 1:
            raise RecordError(f"unknown header '{echo(key)}'", line_no, echo(line))
        if reader.current is None:
            reader.current = reader.open_deal(line_no)
        parts = line.split(None, 1)
        seat_text, action = parts[0], (parts[1] if len(parts) > 1 else "")
        if not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) <= 3):
            raise RecordError("a move line must start with the seat number", line_no,
                              echo(line))
        seat = int(seat_text)
        action = " ".join(action.split())  # any spacing (tabs too) between the words
        reader.current.actions.append((line_no, seat, action))
    if reader.current is None and reader.header:
        reader.current = reader.open_deal(line_no)
    if reader.current is not None:
        yield reader.current
    elif reader.first is None:
        raise RecordError("the record holds no deal", 1)


def bounded_lines(text: str) -> tuple[list[str], int | None]:
    """The lines of a record's text (``\\n`` or ``\\r\\n``) up to the first longer than
    :data:`MAX_LINE_CHARS`, and that line's number (None: every line is short enough)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out: list[str] = []
    for n, line in enumerate(lines, start=1):
        line = line.removesuffix("\r")
        if len(line) > MAX_LINE_CHARS:
            return out, n
        out.append(line)
    return out, None


def split_lines(text: str) -> list[str]:
    """The lines of a record's text, each checked for its length."""
    out, too_long = bounded_lines(text)
    if too_long is not None:
        raise RecordError(f"the line is longer than {MAX_LINE_CHARS} characters", too_long)
    return out


def read_lines(stream: IO[bytes], max_bytes: int = MAX_RECORD_BYTES,
               max_line: int = MAX_LINE_CHARS) -> Iterator[str]:
    """Decode a binary stream's lines as strict UTF-8, bounded in line length and total size."""
    total = 0
    line_no = 0
    limit = max_line * 4 + 2  # UTF-8 takes up to 4 bytes a character, then \r\n
    while True:
        raw = stream.readline(limit)
        if not raw:
            return
        line_no += 1
        total += len(raw)
        if total > max_bytes:
            raise RecordError(f"the record is larger than {max_bytes // (1024 * 1024)} MiB"
                              " (a record of a whole long match is well under 1 MiB)", line_no)
        if len(raw) >= limit and not raw.endswith(b"\n"):
            raise RecordError(f"the line is longer than {max_line} characters", line_no)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the text is not UTF-8 (byte {exc.start + 1} of the line)",
                              line_no) from None
        text = text.removesuffix("\n").removesuffix("\r")
        if len(text) > max_line:
            raise RecordError(f"the line is longer than {max_line} characters", line_no)
        yield text


def parse_record(text: str) -> list[DealRecord]:
    """Split a record into deals; raise :class:`RecordError` naming the bad line."""
    return list(iter_records(split_lines(text)))


def build_deal(rec: DealRecord) -> Deal:
    try:
        return new_deal(rec.variant, rec.dealer, rec.deck, rec.options)
    except RulesError as exc:
        raise RecordError(echo(str(exc), 200), rec.first_line) from None


def replay_deal(rec: DealRecord) -> Deal:
    """Apply every action of the record; errors name the line, the action and why."""
    deal = build_deal(rec)
    for line_no, seat, action in rec.actions:
        try:
            deal.apply(action, seat)
        except RulesError as exc:
            raise RecordError(echo(str(exc), 200), line_no, echo(f"{seat} {action}"),
                              exc.refusal) from None
    return deal


def replay_records(records: Iterable[DealRecord]) -> Iterator[Deal]:
    """Replay the deals of a match one by one; every deal but the last must be finished."""
    previous: Deal | None = None
    for rec in records:
        if previous is not None and not previous.is_over():
            raise RecordError("a new deal starts before the one above it is finished",
                              rec.first_line)
        previous = replay_deal(rec)
        yield previous


def replay_text(text: str) -> list[Deal]:
    return list(replay_records(iter_records(split_lines(text))))


def write_deal(deal: Deal, comment: str | None = None) -> str:
    """The record of one deal (as far as it has been played)."""
    lines: list[str] = []
    if comment:
        lines.extend("# " + c for c in comment.splitlines())
    lines.append(f"variant: {deal.variant}")
    lines.append(f"options: {format_options(deal.options)}")
    lines.append(f"dealer: {deal.dealer}")
    lines.append(f"deck: {deal.deck_text()}")
    lines.extend(f"{seat} {action}" for seat, action in deal.history)
    return "\n".join(lines) + "\n"


def write_record(deals: Iterable[Deal]) -> str:
    """A record of several deals (a match), one after another."""
    return "".join(write_deal(d) for d in deals)


def replay_stream(lines: Iterable[str]) -> dict[str, Any]:
    """The JSON object of ``python -m game.rules replay`` for a record's lines.

    Deals are replayed one at a time and only the last is kept, with the running
    totals: memory stays flat however long the match.
    """
    last: Deal | None = None
    totals: list[int] = []
    count = 0
    for deal in replay_records(iter_records(lines)):
        last, count = deal, count + 1
        score = deal.score()
        if score:
            totals = [t + s for t, s in zip(totals, score)] if totals else list(score)
    assert last is not None  # iter_records raises on a record without a deal
    result = last.replay_summary()
    if count > 1:
        result["match"] = {"deals": count, "totals": totals or [0] * last.players}
    return result


def replay_json(text: str) -> dict[str, Any]:
    """The JSON object of ``python -m game.rules replay`` for a record's text."""
    return replay_stream(split_lines(text))
