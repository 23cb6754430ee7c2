"""One name per player, everywhere: the table, setup, the score sheet, the deal-over
panel, the review, the replay viewer and the match result.

A card table names the others by where they sit as seen from the player: in a game
for two the opponent is *North*, in a game for three the player's left-hand
neighbour (the next seat clockwise, RULES.md 0) is *West* and the right-hand one
*East*.  The player is their own name from Settings, or *You*.  A computer's level
is not part of its name; places with room add it (``with_level``).  A network table
names its people by the names they chose (game/ui/netplay overrides the table's
``seat_name`` with them).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ui.i18n import tr

#: The compass word of each seat relative to the player, by the number of players.
COMPASS = {2: ("north",), 3: ("west", "east")}


def seat_key(seat: int, players: int, view_seat: int = 0) -> str:
    """The translation key of a seat other than the player's ("ui.table_seat_west")."""
    words = COMPASS.get(players, ())
    rel = (seat - view_seat) % players
    if 0 < rel <= len(words):
        return "ui.table_seat_" + words[rel - 1]
    return "ui.common_seat"


def own_name(player_name: str | None, lang: str | None = None) -> str:
    """The player: the name from Settings, or "You" in the language shown."""
    name = (player_name or "").strip()
    return name if name and name != "You" else tr("ui.common_you", lang)


def seat_name(seat: int, players: int, view_seat: int = 0, *, human: bool | None = None,
              player_name: str | None = None, level: str | None = None,
              with_level: bool = False, lang: str | None = None) -> str:
    """The name of ``seat`` as the player at ``view_seat`` says it.

    ``human`` (default: the seat is the viewer's) gives the player's own name; every
    other seat is its compass word, with `` · level`` when ``with_level`` and a level
    is known.
    """
    if human if human is not None else seat == view_seat:
        return own_name(player_name, lang)
    name = tr(seat_key(seat, players, view_seat), lang, n=seat + 1)
    if with_level and level:
        name += " · " + tr("ui.level_" + level, lang).lower()
    return name


def player_names(kinds: Sequence[str], player_name: str | None = None,
                 view_seat: int | None = None, with_level: bool = False) -> list[str]:
    """Every seat's name; ``kinds`` is per seat ``"human"`` or a computer's level.

    The viewer is ``view_seat``, else the first human seat, else seat 0.
    """
    players = len(kinds)
    if view_seat is None:
        view_seat = next((s for s, k in enumerate(kinds) if k == "human"), 0)
    return [seat_name(s, players, view_seat, human=kinds[s] == "human" and s == view_seat,
                      player_name=player_name, level=None if kinds[s] == "human" else kinds[s],
                      with_level=with_level)
            for s in range(players)]


__all__ = ["COMPASS", "own_name", "player_names", "seat_key", "seat_name"]
