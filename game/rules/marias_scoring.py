"""Mariáš payments (RULES.md 4.11-4.14 and the ``marias`` lines of 5).

A deal's score is a sum of *components* (game or a hundred, Seven, Seven
against, a silent seven, the no-trump contract).  Each has an owner side
(``"soloist"`` or ``"defenders"``), a won flag and a value
``V = base x hearts factor x 2**doublings``.  A component the soloist's side
wins pays the soloist +2V and each defender -V; lost, the reverse.  Pure
functions of plain numbers so the tests can check them on their own.
"""

from __future__ import annotations

from typing import Any

#: Base units of the no-trump contracts (4.13).
CONTRACT_BASE = {"betl": 5, "durch": 10, "open-betl": 10, "open-durch": 20}
#: Display names of the contracts, for messages and the score sheet.
CONTRACT_NAMES = {
    "suit": "Suit",
    "betl": "Betl",
    "durch": "Durch",
    "open-betl": "Open Betl",
    "open-durch": "Open Durch",
}
#: The minimum a house-rule renege costs the offender per opponent (4.14).
RENEGE_MINIMUM = 10


def component(name: str, owner: str, won: bool, base: int, factor: int,
              doublings: int) -> dict[str, Any]:
    """One scored component (the score-sheet row of ``result_summary``)."""
    multiplier = 1 << doublings
    return {
        "name": name,
        "owner": owner,
        "won": won,
        "base": base,
        "hearts": factor,
        "multiplier": multiplier,
        "value": base * factor * multiplier,
    }


def hundred_won_base(total: int, silent: bool) -> int:
    """A reached hundred: silent 2 at 100, announced 4; doubling for every further 10."""
    steps = max(0, (total - 100) // 10)
    return (2 if silent else 4) << steps


def hundred_lost_base(count: int) -> int:
    """A failed announced hundred: 4 at 90, 8 at 80, ... (count = cards + largest marriage)."""
    steps = max(0, (90 - count + 9) // 10)
    return 4 << steps


def suit_components(
    *,
    hearts: bool,
    cards: tuple[int, int],
    marriages: tuple[int, int],
    largest: tuple[int, int],
    hundred: bool,
    hundred_against: bool,
    seven: bool,
    seven_against: bool,
    doublings: dict[str, int],
    last_seven: tuple[str, bool] | None,
    seven_won: bool,
    seven_against_won: bool,
) -> list[dict[str, Any]]:
    """The components of a Suit deal that was played out.

    ``cards``/``marriages``/``largest`` are ``(soloist, defenders)``;
    ``last_seven`` is ``(side, won)`` when the trump 7 was played in trick 10.
    """
    factor = 2 if hearts else 1
    comps: list[dict[str, Any]] = []
    s_cards, d_cards = cards
    s_marr, d_marr = marriages
    s_count = s_cards + largest[0]
    d_count = d_cards + largest[1]
    if hundred:
        won = s_count >= 100
        base = hundred_won_base(s_cards + s_marr, False) if won else hundred_lost_base(s_count)
        comps.append(component("hundred", "soloist", won, base, factor, doublings.get("game", 0)))
    elif hundred_against:
        won = d_count >= 100
        base = hundred_won_base(d_cards + d_marr, False) if won else hundred_lost_base(d_count)
        comps.append(component("hundred-against", "defenders", won, base, factor,
                               doublings.get("hundred-against", 0)))
    elif s_count >= 100:
        comps.append(component("silent hundred", "soloist", True,
                               hundred_won_base(s_cards + s_marr, True), factor,
                               doublings.get("game", 0)))
    elif d_count >= 100:
        comps.append(component("silent hundred", "defenders", True,
                               hundred_won_base(d_cards + d_marr, True), factor,
                               doublings.get("game", 0)))
    else:
        won = s_cards + s_marr > d_cards + d_marr  # a tie goes to the defenders
        comps.append(component("game", "soloist", won, 1, factor, doublings.get("game", 0)))
    if seven:
        comps.append(component("seven", "soloist", seven_won, 2, factor,
                               doublings.get("seven", 0)))
    if seven_against:
        comps.append(component("seven-against", "defenders", seven_against_won, 2, factor,
                               doublings.get("seven-against", 0)))
    if not seven and not seven_against and last_seven is not None:
        side, won = last_seven
        comps.append(component("silent seven", side, won, 1, factor, 0))
    return comps


def pay(components: list[dict[str, Any]], soloist: int, players: int = 3) -> list[int]:
    """Per-seat units of a list of components (sums to 0)."""
    score = [0] * players
    for comp in components:
        value = comp["value"]
        for_soloist = comp["won"] == (comp["owner"] == "soloist")
        sign = 1 if for_soloist else -1
        for seat in range(players):
            score[seat] += sign * (2 * value if seat == soloist else -value)
    return score


def renege_stake(components: list[dict[str, Any]]) -> int:
    """What a renege costs its offender per other seat (4.14): the greater of 10 units and
    the deal's full payment (the sum of its components' values)."""
    return max(RENEGE_MINIMUM, sum(int(c["value"]) for c in components))


def renege_score(components: list[dict[str, Any]], offenders: list[int],
                 players: int = 3) -> list[int]:
    """Table rules (4.14): each offender pays each other seat max(10, the deal's stake).

    The stake is the deal's full payment: the sum of the values V of its components,
    what one payer would pay if every component went against them.
    """
    stake = renege_stake(components)
    score = [0] * players
    for offender in offenders:
        for seat in range(players):
            if seat != offender:
                score[seat] += stake
                score[offender] -= stake
    return score


def describe(components: list[dict[str, Any]]) -> str:
    parts = []
    for c in components:
        state = "won" if c["won"] else "lost"
        mult = f" x{c['multiplier']}" if c["multiplier"] > 1 else ""
        hearts = " x2 hearts" if c["hearts"] > 1 else ""
        parts.append(
            f"{c['name']} ({c['owner']}) {state}: {c['base']}{mult}{hearts} = {c['value']}"
        )
    return "; ".join(parts)


def summary_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(c) for c in components]
