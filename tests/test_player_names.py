"""One name per player everywhere, and statistics and the hand history
that show both sides of every deal."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.rules import Match, write_record
from game.ui.player_names import player_names, seat_key, seat_name
from game.ui.session import GameSetup
from game.ui.settings import Settings
from game.ui.stats import Stats, summarise_deal

ROOT = Path(__file__).resolve().parent.parent


def test_the_others_are_named_by_where_they_sit():
    assert player_names(["human", "hard"]) == ["You", "North"]
    assert player_names(["human", "easy", "hard"]) == ["You", "West", "East"]
    assert player_names(["human", "easy", "hard"], with_level=True) == [
        "You", "West · easy", "East · hard"]
    # as seen from another seat (the review of a seat that is not 0)
    assert [seat_name(s, 3, 1) for s in range(3)] == ["East", "You", "West"]
    assert player_names(["human", "easy"], player_name="Olga") == ["Olga", "North"]
    assert seat_key(1, 3) == "ui.table_seat_west" and seat_key(1, 2) == "ui.table_seat_north"


def test_no_screen_calls_a_player_computer_n_or_seat_n():
    """The old names of the same opponent ("Computer 1" in setup and the score sheet,
    "Seat 1" in the review and the replay) are gone from the program's screens; "Seat"
    is left only for the network lobby, where seats are chosen by number."""
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        text = path.read_text("utf-8")
        assert "common_computer" not in text, path
        if "common_seat" in text:
            assert path.name in ("player_names.py", "result_text.py", "scenes.py", "scene.py",
                                 "texts.py"), \
                path


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui import i18n
    from game.ui.app import App, install_services
    from game.ui.screens import register_all
    from game.ui.table import TableScene

    application = App(size=(1280, 720), lang="en")
    install_services(application)
    register_all(application)
    application.register("table", TableScene)
    yield application
    table = application.scenes.get("table")
    if table is not None:
        table.shutdown()
    i18n.set_language("en")
    pygame.quit()


def played(variant: str, seed: int = 3) -> Match:
    m = Match(variant, seed=seed)
    rng = random.Random(seed)
    d = m.start_deal()
    while not d.is_over():
        d.apply(rng.choice(d.legal_actions()))
    m.finish_deal()
    return m


@pytest.mark.parametrize("variant", ["sixty-six", "marias"])
def test_table_score_sheet_review_replay_and_result_use_the_same_names(app, variant):
    from game.ui.scenes.base import seat_names

    players = 3 if variant == "marias" else 2
    setup = GameSetup(variant, seats=["human"] + ["hard"] * (players - 1), seed=4)
    table = app.switch("table", setup=setup, bot_budget_ms=0)
    for _ in range(3):
        app.step(1 / 60)
    at_table = [table.seat_name(s) for s in range(players)]
    settings: Settings = app.services.settings
    assert seat_names(setup, settings, players) == at_table
    short = [n.split(" · ")[0] for n in at_table]
    assert short == (["You", "North"] if players == 2 else ["You", "West", "East"])
    m = played(variant)
    # the score sheet's rows and the match result name the players the same way
    sheet = app.switch("score", match=m, setup=setup, return_to="menu")
    assert [n.split(" · ")[0] for n in sheet.names] == short
    result = app.switch("match_result", match=m, setup=setup)
    assert result.names == short
    assert all(name in result.last_deal for name in short[1:]) or not result.last_deal
    # the review opened from the history (no names given) and the replay viewer
    review = app.switch("review", deal=m.deals[-1], seat=0, back_to="menu")
    assert [review._name(s) for s in range(players)] == short
    replay = app.switch("replay", record=write_record(m.deals))
    replay.replay.goto(replay.replay.steps)
    app.step(1 / 60)
    from game.ui.scenes.replay import history_labels

    storage = app.services.storage
    path = storage.export_deal(write_record(m.deals), variant, key="abcdef0123")
    (label,) = history_labels([path], settings.player_name)
    score = m.deals[-1].score()
    for s in range(players):
        sign = f"+{score[s]}" if score[s] > 0 else (f"−{-score[s]}" if score[s] < 0 else "0")
        assert f"{short[s]} {sign}" in label  # who won, and both sides' points
    assert replay.replay is not None


def test_points_per_deal_counts_deals_lost_on_both_sides():
    st = Stats()
    # Sixty-six: won 2, lost 3 (the opponent scored), lost 1
    for i, (mine, theirs) in enumerate([(2, 0), (0, 3), (0, 1)]):
        st.record_deal("sixty-six", {"key": str(i), "won": mine > 0, "points": mine,
                                     "others": theirs, "players": 2})
    s = st.of("sixty-six")
    assert s.points_per_deal == pytest.approx(2 / 3)
    assert s.opponent_points_per_deal(2) == pytest.approx(4 / 3)
    assert s.recent_balance == [2, -3, -1]
    again, problems = Stats.from_dict(st.to_dict())
    assert again.of("sixty-six") == s and problems == []


def test_a_deal_summary_has_both_sides():
    m = played("marriage", seed=5)
    deal = m.deals[-1]
    summary = summarise_deal(deal, 0)
    score = deal.score()
    assert summary["points"] == score[0] and summary["others"] == score[1]
    assert summary["players"] == 2


def test_the_statistics_screen_says_both_sides(app):
    storage = app.services.storage
    storage.record_deal("marriage", {"key": "a", "won": False, "points": 0, "others": 3,
                                     "players": 2})
    scene = app.switch("stats", variant="marriage")
    app.step(1 / 60)
    surface = pygame.Surface(app.size)
    scene.draw_content(surface)  # draws without error, with the balance chart
    s = storage.stats.of("marriage")
    assert s.others_total == 3 and s.recent_balance == [-3]
