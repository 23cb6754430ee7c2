"""Statistics: streaks, points per deal, Mariáš contracts, JSON round trip."""

from __future__ import annotations

import pytest

from game.ui.stats import Stats


def test_streaks_points_and_contracts():
    st = Stats()
    for i, (won, pts) in enumerate([(True, 2), (True, 1), (False, -1), (True, 3)]):
        st.record_deal("marias", {"key": str(i), "won": won, "points": pts, "contract": "betl",
                                  "soloist": i % 2 == 0, "contract_won": won})
    s = st.of("marias")
    assert (s.deals_played, s.deals_won, s.points_total) == (4, 3, 5)
    assert (s.current_streak, s.best_streak) == (1, 2)
    assert s.points_per_deal == pytest.approx(1.25)
    assert s.contracts == {"betl": [2, 1]}
    assert s.recent_points == [2, 1, -1, 3]
    st.record_match("marias", True)
    st.record_match("marias", False)
    assert (s.matches_played, s.matches_won, s.best_match_streak, s.match_streak) == (2, 1, 1, 0)
    again, problems = Stats.from_dict(st.to_dict())
    assert again.of("marias") == s and problems == []


@pytest.mark.parametrize("bad", [[], {"games": []}, "text", 5])
def test_a_file_that_is_not_statistics_raises_value_error(bad):
    with pytest.raises(ValueError):
        Stats.from_dict(bad)


@pytest.mark.parametrize("bad", [{"games": {"x": 5}}, {"games": {"marias": 5}},
                                 {"games": {"marias": {"deals_played": "many"}}},
                                 {"games": {"marias": {"points_total": 10**400}}},
                                 {"games": {"marias": {"recent_points": [1e308, "x", 2]}}},
                                 {"games": {"marias": {"contracts": {"betl": [1]}}}},
                                 {"seen": [1, 2]}])
def test_bad_parts_of_statistics_are_dropped_and_listed(bad):
    stats, problems = Stats.from_dict(bad)
    assert problems
    for vs in stats.games.values():  # what is left is bounded and well typed
        assert all(isinstance(p, int) and abs(p) <= 10**6 for p in vs.recent_points)
        assert abs(vs.points_total) <= 10**12 and vs.deals_played >= 0
