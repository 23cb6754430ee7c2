"""What the practice layer knows of the table it sits on: one narrow, typed interface.

The table (``game.ui.table.scene.TableScene``) is a :class:`PracticeHost`; the layer asks
it these few things and nothing else — no attribute of the table is read by name, no
private method called.  Where things lie on the table comes as one
:class:`TablePicture`, made by the table when asked, so the layer's placement of the hint
panel and the tips needs nothing of the table's sprites, layout or widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.rules import Action, Observation

from ..flow import TurnFlow
from ..session import GameSetup
from ..settings import Settings

if TYPE_CHECKING:
    from ..app import App


@dataclass(frozen=True)
class TablePicture:
    """Where things lie on the table now, as the practice panels must see them.

    ``cards``: every card on the table as it lies, with how bad covering it is and whether a
    player reads it every turn (the trick, the trump card, the stock, the other hands).
    ``seats``: the other seats' name plates and hand areas and the game and match boxes of
    the layout; ``trick_area``: where the trick is played.  ``hand_top``: the top of the
    player's hand (its cards as they lie, or where they will be dealt); ``room_top``: the
    lowest bottom of what the hint panel must stay below (the boxes, a hand across).
    """

    buttons: tuple[pygame.Rect, ...]
    widgets: tuple[pygame.Rect, ...]
    cards: tuple[tuple[pygame.Rect, float, bool], ...]
    own_cards: tuple[pygame.Rect, ...]
    plates: tuple[pygame.Rect, ...]
    seats: tuple[pygame.Rect, ...]
    trick_area: pygame.Rect | None
    margin: int
    hand_top: int
    room_top: int
    #: Before the first card of a Mariáš deal the trick area is free.
    bidding: bool
    #: The prompt over the hand, if one is shown.
    prompt: pygame.Rect | None


class PracticeHost(Protocol):
    """The table, as the practice layer sees it."""

    app: App
    view_seat: int
    setup: GameSetup | None

    def point_at(self, action: Action | None) -> None:
        """Let the hinted action's card or button glow (None: nothing glows)."""

    @property
    def local_flow(self) -> TurnFlow | None:
        """The match's flow when it is played here (practice, take back and the review
        need the rules' own deal; a table with friends has none)."""

    @property
    def settings(self) -> Settings: ...

    def observation(self) -> Observation | None:
        """The player's observation now (None: no deal, or not the player's to see)."""

    def submit(self, action: Action) -> bool:
        """Hand the player's action on, as a click would."""

    def remote_hint(self, obs: Observation, budget_ms: float) -> Any:
        """The hint searched in the table's bot process; None when it has none."""

    def seat_label(self, seat: int) -> str:
        """The name a seat is shown with."""

    def taken_back(self) -> None:
        """The flow was rewound by a take back: show the position as it is now, save it."""

    def picture(self) -> TablePicture | None:
        """Where things lie now (None: the table is not laid out yet)."""

    def overlays(self, aid: bool) -> list[pygame.Rect]:
        """What the table drew over itself that panels must leave alone: the counting aid
        where it stands (``aid``), an open counting question."""

    def aid_steps_aside(self, aside: bool) -> None:
        """Whether the counting aid gives its place to an open hint panel or tip."""
