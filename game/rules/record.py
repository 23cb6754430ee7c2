"""Deal records (NOTATION.md): reading, writing and replaying them.

A record is UTF-8 text: for each deal a header (``variant``, ``options``,
``dealer``, ``deck``) and then one ``SEAT ACTION`` line per action; ``#``
starts a comment.  A whole match is several deals one after another.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .base import Deal
from .cards import card
from .errors import NotationError, RecordError, RulesError
from .options import format_options, make_options
from .variants import new_deal

HEADER_KEYS = ("variant", "options", "dealer", "deck")


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


def parse_record(text: str) -> list[DealRecord]:
    """Split a record into deals; raise :class:`RecordError` naming the bad line."""
    deals: list[DealRecord] = []
    header: dict[str, tuple[int, str]] = {}
    current: DealRecord | None = None

    def open_deal(line_no: int) -> DealRecord:
        for key in ("variant", "dealer", "deck"):
            if key not in header:
                raise RecordError(f"the deal has no '{key}:' header", line_no)
        v_line, variant = header["variant"]
        try:
            options = make_options(variant, header.get("options", (0, ""))[1])
        except NotationError as exc:
            raise RecordError(str(exc), header.get("options", (v_line, ""))[0]) from None
        d_line, dealer_text = header["dealer"]
        try:
            dealer = int(dealer_text)
        except ValueError:
            raise RecordError(
                f"dealer must be a seat number, not '{dealer_text}'", d_line
            ) from None
        k_line, deck_text = header["deck"]
        try:
            deck = [card(t) for t in deck_text.split()]
        except NotationError as exc:
            raise RecordError(str(exc), k_line) from None
        return DealRecord(variant, dealer, deck, options, first_line=v_line)

    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        key = head.strip().lower()
        if sep and key in HEADER_KEYS:
            if key == "variant" and (current is not None or header):
                if current is not None:
                    deals.append(current)
                current = None
                header = {}
            if current is not None:
                raise RecordError(f"header '{key}:' after the deal's actions began", line_no, line)
            header[key] = (line_no, rest.strip())
            continue
        if sep and " " not in head.strip():
            raise RecordError(f"unknown header '{key}'", line_no, line)
        if current is None:
            current = open_deal(line_no)
        seat_text, _, action = line.partition(" ")
        try:
            seat = int(seat_text)
        except ValueError:
            raise RecordError(
                "a move line must start with the seat number", line_no, line
            ) from None
        current.actions.append((line_no, seat, action.strip()))
    if current is None and header:
        current = open_deal(len(text.splitlines()))
    if current is not None:
        deals.append(current)
    if not deals:
        raise RecordError("the record holds no deal", 1)
    return deals


def build_deal(rec: DealRecord) -> Deal:
    try:
        return new_deal(rec.variant, rec.dealer, rec.deck, rec.options)
    except RulesError as exc:
        raise RecordError(str(exc), rec.first_line) from None


def replay_deal(rec: DealRecord) -> Deal:
    """Apply every action of the record; errors name the line, the action and why."""
    deal = build_deal(rec)
    for line_no, seat, action in rec.actions:
        try:
            deal.apply(action, seat)
        except RulesError as exc:
            raise RecordError(str(exc), line_no, f"{seat} {action}") from None
    return deal


def replay_text(text: str) -> list[Deal]:
    return [replay_deal(rec) for rec in parse_record(text)]


def write_deal(deal: Deal, comment: str | None = None) -> str:
    """The record of one deal (as far as it has been played)."""
    lines = []
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


def replay_json(text: str) -> dict[str, Any]:
    """The JSON object of ``python -m game.rules replay`` for a record's text."""
    deals = replay_text(text)
    result = deals[-1].replay_summary()
    if len(deals) > 1:
        players = deals[-1].players
        totals = [0] * players
        for d in deals:
            score = d.score()
            if score:
                totals = [t + s for t, s in zip(totals, score)]
        result["match"] = {"deals": len(deals), "totals": totals}
    return result
