"""The soak in small: a networked match of every game with plain, delayed and returning
players and a client that keeps opening idle connections; nothing stalls."""

from __future__ import annotations

import json

from game.net import soak


def test_a_small_soak_ends_every_match_and_every_rejoin_succeeds(capsys):
    assert soak.main(["--matches", "1", "--parallel", "4", "--seed", "3",
                      "--match-timeout", "90"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["matches"] == len(soak.GAMES) == result["ended"]
    assert result["per_game"] == dict.fromkeys(soak.GAMES, 1)
    assert result["stalls"] == 0 and result["rejoins_failed"] == 0
    assert result["rejoins_ok"] >= 1  # seed 3 has players who drop and come back
    assert result["host_errors"] == []
    assert result["rss_start_mb"] > 0 and result["rss_end_mb"] > 0
