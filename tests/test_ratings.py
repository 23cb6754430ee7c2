"""Ratings: the Elo rule, the player's rating update after counted matches, the published
level ratings (docs/ratings.json), and the arena's match measurement."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.ai import ratings
from game.ai.ratings import ANCHOR, K_NEW, K_SETTLED, PROVISIONAL, expected, updated
from game.arena.matches import (
    MatchJob,
    MatchResult,
    ahead_share,
    play_match,
    schedule_matches,
    summarize_matches,
    win_shares,
)
from game.arena.stats import elo_difference, wilson
from game.ui.session import GameSetup
from game.ui.stats import RatedMatch, Stats, rated_match

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def levels(monkeypatch):
    """Level ratings for the tests' games (the published table is docs/ratings.json's)."""
    table = {"marriage": {"easy": 1000, "normal": 1200, "hard": 1400},
             "marias": {"easy": 1000, "normal": 1100, "hard": 1300}}
    monkeypatch.setattr(ratings, "LEVEL_RATINGS", table)
    return table


# --- the Elo rule ----------------------------------------------------------------------------


def test_expected_score_follows_the_elo_curve():
    assert expected(1000, 1000) == pytest.approx(0.5)
    assert expected(1200, 1000) == pytest.approx(1 / (1 + 10 ** (-0.5)))
    assert expected(1000, 1400) == pytest.approx(1 / 11)
    assert expected(1300, 1100) + expected(1100, 1300) == pytest.approx(1.0)


def test_a_win_against_an_equal_level_gains_half_of_k():
    change = updated(1000, 0, (7, 3), 0, {1: 1000.0})
    assert change.delta == pytest.approx(K_NEW / 2)
    change = updated(1000, PROVISIONAL, (3, 7), 0, {1: 1000.0})
    assert change.delta == pytest.approx(-K_SETTLED / 2)


def test_beating_a_much_stronger_level_gains_more_than_beating_a_weaker_one():
    up_strong = updated(1000, 20, (7, 5), 0, {1: 1400.0}).delta
    up_weak = updated(1000, 20, (7, 5), 0, {1: 800.0}).delta
    assert up_strong == pytest.approx(K_SETTLED * (1 - 1 / 11))
    assert 0 < up_weak < up_strong


def test_a_three_player_match_counts_against_each_opponent_and_moves_at_most_k():
    # the player finished between the two: ahead of seat 2, behind seat 1
    change = updated(1000, 0, (5, 8, 2), 0, {1: 1000.0, 2: 1000.0})
    assert change.delta == pytest.approx(0.0)
    assert [(seat, s) for seat, _r, _e, s in change.against] == [(1, 0.0), (2, 1.0)]
    best = updated(1000, 0, (8, 1, 1), 0, {1: 1000.0, 2: 1000.0})
    assert best.delta == pytest.approx(K_NEW / 2)  # half of K: expected 0.5 against each
    tie = updated(1000, 0, (0, 0, 0), 0, {1: 1000.0, 2: 1000.0})
    assert tie.delta == pytest.approx(0.0)


# --- the player's rating in the statistics ------------------------------------------------------


def test_counted_matches_move_the_rating_and_keep_its_history(levels):
    st = Stats()
    assert st.record_match("marriage", True, key="m1",
                           rated=RatedMatch((7, 4), 0, {1: "normal"}))
    s = st.of("marriage")
    e = expected(ANCHOR, 1200)
    assert s.rating == pytest.approx(round(ANCHOR + K_NEW * (1 - e), 1))
    assert s.rated_matches == 1 and s.rating_history == [s.rating]
    assert st.changes["m1"].before == ANCHOR
    # the same match again (a re-entered result screen, a resume): counted once
    assert not st.record_match("marriage", True, key="m1",
                               rated=RatedMatch((7, 4), 0, {1: "normal"}))
    assert s.rated_matches == 1
    before = s.rating
    st.record_match("marriage", False, key="m2", rated=RatedMatch((2, 7), 0, {1: "hard"}))
    assert s.rating < before and len(s.rating_history) == 2
    # survives the file
    again, problems = Stats.from_dict(json.loads(json.dumps(st.to_dict())))
    assert not problems
    assert again.of("marriage").rating == s.rating
    assert again.of("marriage").rating_history == s.rating_history


def test_after_ten_matches_the_rating_settles(levels):
    st = Stats()
    for i in range(PROVISIONAL + 1):
        before = st.of("marriage").rating
        st.record_match("marriage", True, key=f"k{i}", rated=RatedMatch((7, 0), 0,
                                                                          {1: "easy"}))
        gain = st.of("marriage").rating - before
        k = K_NEW if i < PROVISIONAL else K_SETTLED
        assert gain == pytest.approx(k * (1 - expected(before, 1000)), abs=0.06)


def test_a_match_that_does_not_count_leaves_the_rating(levels):
    human = ["human", "normal"]
    assert rated_match(GameSetup("marriage", seats=human), [7, 3], 0) is not None
    assert rated_match(GameSetup("marriage", seats=human, practice=True), [7, 3], 0) is None
    assert rated_match(GameSetup("marriage", seats=human, trainer=True), [7, 3], 0) is None
    assert rated_match(GameSetup("marriage", seats=human, network={"host_seat": 0}),
                       [7, 3], 0) is None
    assert rated_match(GameSetup("marriage", seats=["normal", "hard"]), [7, 3], 0) is None
    st = Stats()
    # a level without a published rating in that game: the match counts, the rating waits
    st.record_match("sixty-six", True, key="x",
                    rated=RatedMatch((8, 2), 0, {1: "normal"}))
    assert st.of("sixty-six").matches_played == 1
    assert st.of("sixty-six").rated_matches == 0 and st.of("sixty-six").rating == ANCHOR


def test_a_damaged_rating_in_the_file_is_reset_not_fatal():
    st, problems = Stats.from_dict({"games": {"marriage": {"rating": "high", "rated_matches": -3,
                                                           "rating_history": [1e9, 1010, "x"],
                                                           "trainer": {"points": [3, 1],
                                                                       "bogus": [1, 1]}}}})
    s = st.of("marriage")
    assert s.rating == ANCHOR and s.rated_matches == 0
    assert s.rating_history == [1010]
    assert s.trainer == {"points": [3, 1]}
    assert problems


def test_trainer_answers_are_kept_per_game_and_kind():
    st = Stats()
    st.record_question("marias", "points", True)
    st.record_question("marias", "points", False)
    st.record_question("marias", "can_hold", True)
    st.record_question("marias", "nonsense", True)
    assert st.of("marias").trainer == {"points": [2, 1], "can_hold": [1, 1]}


# --- the published ratings ------------------------------------------------------------------------


def test_the_published_level_ratings_are_the_measured_ones():
    """game/ai/ratings.py's table is docs/ratings.json's (the measurement's result)."""
    data = json.loads((ROOT / "docs" / "ratings.json").read_text(encoding="utf-8"))
    published = {g: {lv: round(v["elo"] / 10) * 10 for lv, v in d["levels"].items()
                     if lv in ("easy", "normal", "hard") and v.get("elo") is not None}
                 for g, d in data["games"].items()}
    assert ratings.LEVEL_RATINGS == published
    for game, table in published.items():
        assert table["easy"] == ANCHOR
        for level in ("normal", "hard"):  # each from matches played, never a number made up
            if level in table:
                assert data["games"][game]["levels"][level]["matches"] > 0, (game, level)


# --- the arena's whole matches ----------------------------------------------------------------


def test_elo_difference_and_the_wilson_interval():
    assert elo_difference(0.5) == 0
    assert elo_difference(1 / (1 + 10 ** -0.5)) == pytest.approx(200)
    assert math.isinf(elo_difference(1.0)) and elo_difference(0.0) < 0
    lo, hi = wilson(20, 20)
    assert hi == 1.0 and 0.8 < lo < 0.85
    lo, hi = wilson(10, 20)
    assert lo < 0.5 < hi


def test_duplicate_match_schedule_plays_every_deck_sequence_in_every_seating():
    two = schedule_matches("marriage", ["hard", "easy"], 3, 5, True)
    assert len(two) == 6
    assert {tuple(j.seating) for j in two if j.unit == 0} == {("hard", "easy"), ("easy", "hard")}
    three = schedule_matches("marias", ["hard", "easy", "easy"], 2, 5, True)
    assert len(three) == 6
    assert {j.seating.index("hard") for j in three if j.unit == 1} == {0, 1, 2}


def test_a_whole_match_is_played_to_its_end_on_the_same_decks_in_every_seating():
    a = play_match("marriage", MatchJob(0, ["easy", "random"], 0, 9))
    b = play_match("marriage", MatchJob(0, ["random", "easy"], 1, 9))
    assert max(a.totals) >= 7 and max(b.totals) >= 7
    decks_a = [line for line in (a.record or "").splitlines() if line.startswith("deck:")]
    decks_b = [line for line in (b.record or "").splitlines() if line.startswith("deck:")]
    n = min(len(decks_a), len(decks_b))
    assert n >= 1 and decks_a[:n] == decks_b[:n]
    assert sum(sum(s) for s in a.deal_scores) == sum(a.totals)
    again = MatchResult.from_json(json.loads(json.dumps(a.to_json())))
    assert again.totals == a.totals and again.record == a.record


def test_match_summary_shares_and_elo():
    r = [MatchResult(1, 0, 0, ["A", "B"], [7, 3], [[7, 3]]),
         MatchResult(1, 0, 1, ["B", "A"], [7, 5], [[7, 5]]),
         MatchResult(1, 1, 0, ["A", "B"], [7, 0], [[7, 0]]),
         MatchResult(1, 1, 1, ["B", "A"], [2, 7], [[2, 7]])]
    out = summarize_matches(r, ["A", "B"])
    assert out["players"]["A"]["win_share"] == pytest.approx(0.75)
    assert out["paired"]["a_ahead"] == pytest.approx(0.75)
    assert out["paired"]["elo_diff"] == pytest.approx(round(elo_difference(0.75), 1))
    three = MatchResult(1, 0, 0, ["A", "B", "B"], [8, 8, 3], [])
    assert win_shares(three) == {"A": 0.5, "B": 0.5}
    assert ahead_share(three, "A", "B") == pytest.approx(0.75)


def test_the_ratings_chain_from_easy_through_each_measured_pair():
    from game.arena.ratings import ratings_table

    def pair(a: str, b: str, ahead_of_ten: int) -> dict:
        rs = []
        for unit in range(10):
            a_first = unit < ahead_of_ten
            rs.append(MatchResult(1, unit, 0, [a, b], [7, 2] if a_first else [2, 7], []))
            rs.append(MatchResult(1, unit, 1, [b, a], [2, 7] if a_first else [7, 2], []))
        return summarize_matches(rs, [a, b])

    table = ratings_table({"marriage": {("easy", "random"): pair("easy", "random", 10),
                                        ("normal", "easy"): pair("normal@9it", "easy", 7),
                                        ("hard", "normal"): pair("hard@9it", "normal@9it", 6)}})
    lv = table["games"]["marriage"]["levels"]
    assert lv["easy"]["elo"] == 1000
    assert lv["normal"]["elo"] == pytest.approx(1000 + elo_difference(0.7), abs=0.2)
    assert lv["hard"]["elo"] == pytest.approx(lv["normal"]["elo"] + elo_difference(0.6), abs=0.2)
    lo, hi = lv["hard"]["ci95"]
    n_lo, n_hi = lv["normal"]["ci95"]
    assert hi - lo > n_hi - n_lo  # the chain widens the interval
    assert lv["random"]["elo"] is None and lv["random"]["at_most"] < 1000


def test_a_deck_sequence_cut_short_is_left_out_until_it_is_played_in_every_seating(tmp_path):
    from game.arena.ratings import pair_summary, whole_sequences

    rs = [MatchResult(1, 0, 0, ["A", "B"], [7, 3], [[7, 3]]),
          MatchResult(1, 0, 1, ["B", "A"], [7, 5], [[7, 5]]),
          MatchResult(1, 1, 0, ["A", "B"], [7, 0], [[7, 0]])]  # its other seating not played
    assert whole_sequences(rs) == rs[:2]
    three = [MatchResult(1, 0, k, s, [8, 2, 1], []) for k, s in
             enumerate((["A", "B", "B"], ["B", "A", "B"], ["B", "B", "A"]))]
    assert whole_sequences(three) == three and whole_sequences(three[:2]) == []
    log = tmp_path / "marriage.match.easy-random.jsonl"
    log.write_text("".join(json.dumps(r.to_json()) + "\n" for r in rs) + '{"kind": "ma',
                   encoding="utf-8")  # and a torn last line
    out = pair_summary(str(log), "A")
    assert out["matches"] == 2 and out["matches_in_log"] == 3 and out["left_out_partial"] == 1
