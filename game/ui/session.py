"""What a game on the table is made of: the setup chosen on the new-game screen."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.variants import deal_class


@dataclass
class GameSetup:
    variant: str
    #: Rule options given (defaults from RULES.md fill the rest).
    options: dict[str, Any] = field(default_factory=dict)
    #: Per seat: "human" or a bot level ("easy", "normal", "hard").  Seat 0 is the local human;
    #: none given: the human and a normal bot in each other seat of the game.
    seats: list[str] = field(default_factory=list)
    seed: int | None = None
    practice: bool = False
    #: Where the match is saved (game.ui.storage): None = one slot per game (the variant id);
    #: e.g. a network table names its own so it never replaces a local match.
    slot: str | None = None
    #: A table hosted on the network (game.ui.netplay): seats, names, port, away rule.
    network: dict[str, Any] | None = None
    #: The counting trainer: the table asks counting questions now and then (game.ai.trainer);
    #: like practice, such a match does not count for the rating.
    trainer: bool = False

    def __post_init__(self) -> None:
        if not self.seats:
            try:
                players = deal_class(self.variant).players
            except ValueError:
                players = 2  # an unknown game is refused where it is used, not here
            self.seats = ["human"] + ["normal"] * (players - 1)
