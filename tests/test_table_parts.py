"""The table's parts that own one job each: the hand's looks and the table's own buttons.

The hand's looks are read from the legal actions and the model (a card the rules refuse is
dimmed, the playable ones glow only when some are not, the chosen and the hinted cards glow
in their colours, the card pointed at lifts and settles); the buttons sit where the player
finds them and hide under a question.  Both are pinned here without a table.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pygame_gui

from game.rules import Action
from game.ui.table.hand_looks import lift_cards, mark_cards
from game.ui.table.layout import compute_layout
from game.ui.table.model import TableModel
from game.ui.table.stage import GLOW_HINT, GLOW_LEGAL, GLOW_SELECT
from game.ui.table.table_buttons import RESULT_KEYS, TableButtons


@dataclass
class Card:
    key: str
    lift: float = 0.0


@dataclass
class FakeStage:
    """The hand as the stage holds it (only what the looks read and set)."""

    hand: list[Card]
    dim: set[str] = field(default_factory=set)
    glow: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    def hand_sprites(self) -> list[Card]:
        return self.hand


@dataclass
class Choices:
    """What the rules allow now: plays of some cards, or a discard of some."""

    plays: list[str] = field(default_factory=list)
    discards: set[str] = field(default_factory=set)

    def legal(self) -> list[Action]:
        if self.discards:
            keys = sorted(self.discards)
            return [Action.parse(f"discard {keys[0]} {keys[1]}")]
        return [Action.parse(f"play {k}") for k in self.plays]

    def choices(self) -> list[Action]:
        return self.legal()

    def discarding(self) -> bool:
        return bool(self.discards)

    def discardable(self) -> set[str]:
        return set(self.discards)

    def card_action(self, key: str) -> Action | None:
        return Action.parse(f"play {key}")


HAND = ["AS", "KS", "QH", "JD"]


def stage() -> FakeStage:
    return FakeStage([Card(k) for k in HAND])


def test_the_cards_the_rules_refuse_are_dimmed_and_the_others_glow():
    s, m = stage(), TableModel()
    assert mark_cards(s, m, Choices(plays=["AS", "KS"]), waiting=True) is True
    assert s.dim == {"QH", "JD"} and s.glow == {"AS": GLOW_LEGAL, "KS": GLOW_LEGAL}


def test_when_every_card_may_be_played_none_glows_and_none_is_dimmed():
    s = stage()
    mark_cards(s, TableModel(), Choices(plays=list(HAND)), waiting=True)
    assert s.dim == set() and s.glow == {}


def test_putting_away_dims_the_cards_no_legal_discard_contains():
    s = stage()
    assert mark_cards(s, TableModel(), Choices(discards={"QH", "JD"}), waiting=True) is True
    assert s.dim == {"AS", "KS"}


def test_the_chosen_and_the_hinted_cards_glow_in_their_colours_even_when_not_waiting():
    s = stage()
    m = TableModel(selected={"KS"}, hint_action=Action.parse("play QH"))
    assert mark_cards(s, m, Choices(plays=["AS"]), waiting=False) is False
    assert s.dim == set() and s.glow == {"KS": GLOW_SELECT, "QH": GLOW_HINT}


def test_the_card_pointed_at_lifts_settles_and_drops_when_the_pointer_leaves():
    s, m = stage(), TableModel(hover="KS")
    steps = 0
    while lift_cards(s, m, True, 20.0, 1 / 60):
        steps += 1
        assert steps < 120, "the lift never settles"
    assert [c.lift for c in s.hand] == [0.0, 20.0, 0.0, 0.0] and steps > 1
    m.hover = None
    while lift_cards(s, m, True, 20.0, 1 / 60):
        pass
    assert all(c.lift == 0.0 for c in s.hand)


def test_a_dimmed_card_or_a_hand_with_nothing_to_play_never_lifts():
    s, m = stage(), TableModel(hover="QH")
    s.dim = {"QH"}
    assert lift_cards(s, m, True, 20.0, 1.0) is False and s.hand[2].lift == 0.0
    m.hover = "AS"
    assert lift_cards(s, m, False, 20.0, 1.0) is False and s.hand[0].lift == 0.0


class Panel:
    """A result panel in the middle of the window."""

    def __init__(self, size: tuple[int, int]):
        self.result_rows = 0
        self.size = size

    def result_button_w(self) -> int:
        return 150

    def result_per_row(self, width: int | None = None) -> int:
        return 3

    def result_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w // 4, h // 4, w // 2, h // 3 + 60 * self.result_rows)


def test_the_corner_buttons_and_the_result_panel_buttons_sit_where_a_player_looks():
    pygame.init()
    size = (1280, 720)
    pygame.display.set_mode(size)
    buttons = TableButtons(pygame_gui.UIManager(size))
    L = compute_layout(size, 2)
    buttons.corner(L, undo=True)
    menu, hint, undo = (buttons.widgets[k].rect for k in ("menu", "hint", "undo"))
    assert menu.right == size[0] - L.margin and menu.bottom == size[1] - L.margin
    assert hint.right < menu.left and hint.y == menu.y
    assert undo.right == menu.right and undo.bottom < menu.top
    panel = Panel(size)
    keys = [(k, k.title()) for k in RESULT_KEYS]
    buttons.result(L, panel, keys)
    assert panel.result_rows == 2  # five buttons, three to a row
    inside = panel.result_rect()
    assert all(inside.contains(buttons.widgets[k].rect) for k in RESULT_KEYS)
    assert not buttons.result_moved(panel)
    panel.size = (1000, 700)
    assert buttons.result_moved(panel)
    assert buttons.key_of(buttons.widgets["score"]) == "score" and buttons.key_of(object()) is None
    buttons.veil(True)
    assert not any(w.visible for w in buttons.widgets.values())
    buttons.veil(False)
    assert all(w.visible for w in buttons.widgets.values())
    buttons.result(L, panel, [])
    assert set(buttons.widgets) == {"menu", "hint", "undo"} and panel.result_rows == 0
    kept = buttons.widgets
    buttons.clear()
    assert buttons.widgets is kept and not kept


def test_a_decisions_buttons_are_the_legal_actions_not_made_on_the_cards_with_their_keys():
    import random

    from game.rules import new_deal, random_deck
    from game.ui.table.controls import decision_buttons

    for seed in range(40):
        deal = new_deal("marias", 0, random_deck("marias", random.Random(seed)))
        while not deal.is_over():
            seat = deal.to_move()
            obs = deal.observation(seat)
            stray = Action.parse("discard AS KS")  # chosen cards the rules may refuse
            actions, labels = decision_buttons(list(obs.legal), obs, stray, german=False)
            assert all(a in obs.legal for a in actions)
            assert (stray in actions) == (stray in obs.legal)
            assert not any(a.verb.name in ("PLAY", "TRUMP") for a in actions)
            assert all(label.startswith(f"F{i + 1}  ") for i, label in enumerate(labels[:9]))
            assert len(labels) == len(actions) and all(len(label) > 4 for label in labels)
            deal.apply(obs.legal[0])
