"""The moments of a deal worth announcing, read off the engine's result — no rule decided here.

A table that shows a declaration at 7 points like one at 73, or lets a lost Seven
pass in silence, hides what happened.  :func:`deal_moments` turns the engine's
``result_summary()`` (its ``reason`` in the King-Queen games, its scored
``components`` in Mariáš) into a few :class:`Moment` s; the director shows each as
a speech bubble at the seat it concerns, with the "announce" sound.  Pure Python
(no pygame) so the tests can check every case without a window.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules import MariasObservation, Observation

#: Mariáš components that are announced when the deal ends (the plain game is in the
#: result panel anyway).
_ANNOUNCED = ("seven", "seven-against", "hundred", "hundred-against", "silent hundred",
              "silent seven", "betl", "durch", "open-betl", "open-durch")


@dataclass(frozen=True)
class Moment:
    """One announcement: who says it, a translation key and its parameters, and whether
    it is good news for the one it concerns."""

    seat: int | None
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    good: bool = True


def declaration_moment(seat: int, points: int, score: Sequence[int] | None) -> Moment:
    """A declaration of 66: its total, and whether the engine scored it for the declarer."""
    ok = score is not None and seat < len(score) and score[seat] > 0
    if ok:
        return Moment(seat, "table_moment_66", {"n": points})
    return Moment(seat, "table_moment_declared_short", {"n": points},
                  good=False)


def deal_moments(summary: dict[str, Any], obs: Observation) -> list[Moment]:
    """The moments at the end of a deal (``obs``: the viewer's observation at the end)."""
    if not summary:
        return []
    if "components" in summary:
        return _marias(summary, obs) if isinstance(obs, MariasObservation) else []
    reason = summary.get("reason")
    totals = summary.get("totals") or []
    winner = summary.get("winner")
    if reason == "reached_66" and winner is not None and winner < len(totals):
        return [Moment(winner, "table_moment_66", {"n": totals[winner]})]
    if reason == "closer_failed" and summary.get("closer") is not None:
        return [Moment(summary["closer"], "table_moment_close_failed",
                       good=False)]
    return []


def _marias(summary: dict[str, Any], obs: MariasObservation) -> list[Moment]:
    soloist = summary.get("soloist")
    announcers = {a.name: a.seat for a in obs.announcements}
    last = obs.last_trick.cards if obs.last_trick is not None else ()
    trump = obs.trump
    seven_by = next((s for s, c in last if trump and c == "7" + trump), None)
    out: list[Moment] = []
    for comp in summary.get("components") or []:
        name = comp.get("name")
        if name not in _ANNOUNCED:
            continue
        won = bool(comp.get("won"))
        owner = comp.get("owner")
        if name in ("seven-against", "hundred-against"):
            seat = announcers.get(name)
        elif name == "silent seven":
            seat = seven_by
        elif owner == "soloist":
            seat = soloist
        else:
            seat = None  # the defenders together: said in the middle of the table
        what = name.replace("silent ", "")
        out.append(Moment(seat, "table_moment_won" if won else "table_moment_lost",
                          {"what": what}, good=won))
    return out
