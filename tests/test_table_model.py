"""The table's model: what the player has chosen and what lies open over the cards.

Plain data the view draws and the input and the flow's events change; these pin each
change of state it owns, without a window.
"""

from __future__ import annotations

import ast
from pathlib import Path

from game.rules import Action
from game.ui.table.model import Overlay, TableModel, toggle_discard

PLAY = Action.parse("play AS")
OTHER = Action.parse("play KS")


def test_two_cards_are_chosen_together_and_a_third_starts_again():
    assert toggle_discard(set(), "AS") == {"AS"}
    assert toggle_discard({"AS"}, "KS") == {"AS", "KS"}
    assert toggle_discard({"AS", "KS"}, "KS") == {"AS"}
    assert toggle_discard({"AS", "KS"}, "QS") == {"QS"}


def test_the_pair_to_put_away_is_there_only_with_two_cards():
    m = TableModel()
    assert m.toggle_select("KS") == frozenset({"KS"}) and m.discard_pair() is None
    assert m.toggle_select("AS") == frozenset({"AS", "KS"})
    assert m.discard_pair() == ("AS", "KS")


def test_a_move_clears_what_was_chosen_for_the_old_position():
    m = TableModel(selected={"AS"}, hint_action=PLAY, hint_text="why", cursor=3)
    m.moved(by_viewer=False)
    assert (m.selected, m.hint_action, m.hint_text, m.cursor) == (set(), None, None, 3)
    m.cursor = 2
    m.moved(by_viewer=True)  # the player's own move: the next Enter plays a card chosen anew
    assert m.cursor == -1


def test_a_new_deal_starts_with_a_fresh_hand_and_no_result():
    m = TableModel(selected={"AS"}, hint_action=PLAY, cursor=4, result={"score": [1, 0]})
    m.new_deal()
    assert (m.selected, m.hint_action, m.cursor, m.result) == (set(), None, -1, None)


def test_a_take_back_closes_the_result_and_says_so():
    m = TableModel(result={"score": [2, 0]}, selected={"AS"})
    assert m.taken_back() is True and m.result is None and m.selected == set()
    assert m.taken_back() is False


def test_a_confirmation_is_used_once_and_only_for_its_action():
    m = TableModel(confirmed=PLAY)
    assert m.take_confirmed(OTHER) is False and m.confirmed is None
    m.confirmed = PLAY
    assert m.take_confirmed(PLAY) is True and m.take_confirmed(PLAY) is False


def test_the_topmost_overlay_is_the_one_a_key_reaches_first():
    m = TableModel(last_trick_view=True, result={"score": [0, 0]})
    assert m.overlay(question=True, warning=True, counting_question=True) is Overlay.QUESTION
    assert m.overlay(warning=True, counting_question=True) is Overlay.WARNING
    assert m.overlay(counting_question=True) is Overlay.COUNTING_QUESTION
    assert m.overlay() is Overlay.LAST_TRICK
    assert m.close_last_trick() is True and m.close_last_trick() is False
    assert m.overlay() is Overlay.RESULT
    m.result = None
    assert m.overlay() is Overlay.NONE
    assert [o for o in Overlay if o.modal] == [Overlay.QUESTION, Overlay.WARNING]


def test_the_model_is_plain_data_without_pygame():
    import game.ui.table.model as model

    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
             for a in n.names}
    names |= {(n.module or "").split(".")[0] for n in ast.walk(tree)
              if isinstance(n, ast.ImportFrom)}
    assert not names & {"pygame", "pygame_gui"}
    assert names <= {"__future__", "enum", "dataclasses", "typing", "game"}
