"""The arena: schedule, duplicate seating, statistics and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.bench import percentile
from game.arena.deals import run, schedule
from game.arena.stats import mean_ci

ROOT = Path(__file__).resolve().parent.parent


class FirstLegal:
    """A third-party bot: NOTATION.md's interface and nothing else."""

    def choose(self, observation):
        return observation["legal"][0]


def test_duplicate_schedule_plays_every_deck_in_every_seating():
    jobs = schedule("marias", ["easy", "random", "random"], 2, 1, duplicate=True)
    assert len(jobs) == 2 * 3  # distinct permutations of (easy, random, random)
    decks = {tuple(j[2]) for j in jobs}
    assert len(decks) == 2
    jobs2 = schedule("marriage", ["a", "b"], 3, 1, duplicate=False)
    assert [j[1] for j in jobs2] == [["a", "b"], ["b", "a"], ["a", "b"]]


def test_run_reports_means_and_times():
    out = run("sixty-six", ["easy", "random"], 6, 3, True, None)
    assert out["games"] == 12 and out["decks"] == 6
    for p in ("easy", "random"):
        r = out["players"][p]
        assert r["n"] == 12 and r["illegal"] == 0
        assert r["ms_median"] <= r["ms_p95"] <= r["ms_max"]
    assert out["paired"]["a"] == "easy"


def test_third_party_bot_class():
    out = run("marriage", ["tests.test_arena:FirstLegal", "easy"], 3, 1, False, None)
    assert out["players"]["tests.test_arena:FirstLegal"]["illegal"] == 0


def test_statistics_helpers():
    m, h = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and 0 < h < 2
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95) == 10
    assert percentile([5.0], 0.5) == 5.0


def test_cli_json():
    proc = subprocess.run(
        [sys.executable, "-m", "game.arena", "--variant", "sixty-six-3", "--players",
         "easy,random,random", "--deals", "2", "--seed", "4", "--duplicate", "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["variant"] == "sixty-six-3" and data["games"] == 2 * 3


def test_log_resumes_and_pools(tmp_path):
    from game.arena.deals import pool_logs, read_log

    log = tmp_path / "games.jsonl"
    run("marriage", ["easy", "random"], 3, 5, True, None, log=str(log))
    assert len(read_log(str(log))) == 6
    # a killed run leaves a torn last line: it is skipped, the rest is kept
    with open(log, "a", encoding="utf-8") as f:
        f.write('{"seed": 5, "deck": 9')
    again = run("marriage", ["easy", "random"], 4, 5, True, None, log=str(log))
    assert again["games"] == 8 and again["decks"] == 4
    kept = read_log(str(log))
    assert len(kept) == 8  # only deck 3's two games were played on resume
    log2 = tmp_path / "other.jsonl"
    run("marriage", ["easy", "random"], 2, 6, True, None, log=str(log2))
    pooled = pool_logs([str(log), str(log2)])
    assert pooled["decks"] == 6 and pooled["games"] == 12  # decks of seeds 5 and 6 kept apart
    assert pooled["paired"]["a"] == "easy" and pooled["paired"]["n"] == 6


def test_log_keeps_each_games_record(tmp_path):
    """Every logged game carries its deal record; replaying it gives the logged score."""
    from game.arena.deals import read_log
    from game.rules.record import replay_text

    log = tmp_path / "games.jsonl"
    run("marias", ["easy", "random", "random"], 2, 3, False, None, log=str(log))
    games = read_log(str(log))
    assert len(games) == 2
    for g in games:
        (deal,) = replay_text(g.record)
        assert deal.is_over() and deal.score() == g.score


class _SeedSpy:
    """Writes the seed the arena built it with to the file named by ``ARENA_SEED_SPY``
    (a third party's bot runs in a process of its own: a file is how it can tell)."""

    name = "?"

    def __init__(self, variant, seed):
        with open(os.environ["ARENA_SEED_SPY"], "a", encoding="utf-8") as f:
            f.write(f"{self.name} {variant} {seed}\n")

    def choose(self, observation):
        return observation["legal"][0]


class SpyA(_SeedSpy):
    name = "A"


class SpyB(_SeedSpy):
    name = "B"


def test_duplicate_seatings_share_the_decks_random_numbers(tmp_path, monkeypatch):
    """In every seating of a deck the bot in seat s gets the same seed, whoever it is: the
    shared code (the Mariáš bidding simulations, a blind trump card) then decides alike and
    the paired difference measures only the players."""
    spied = tmp_path / "seeds.txt"
    monkeypatch.setenv("ARENA_SEED_SPY", str(spied))
    run("marias", ["tests.test_arena:SpyA", "tests.test_arena:SpyB", "tests.test_arena:SpyB"],
        2, 7, True, None)
    seen = [(n, v, int(s)) for n, v, s in
            (line.split() for line in spied.read_text(encoding="utf-8").splitlines())]
    # two decks x three seatings x three seats, in order: seat 0, 1, 2 of each game
    assert len(seen) == 2 * 3 * 3
    games = [seen[i:i + 3] for i in range(0, len(seen), 3)]
    per_deck: dict[int, set[tuple[int, ...]]] = {}
    for g in games:
        seeds = tuple(s for _n, _v, s in g)
        per_deck.setdefault(seeds[0] - seeds[0] % 7919, set()).add(seeds)
        assert sorted(n for n, _v, _s in g) == ["A", "B", "B"]
    assert len(per_deck) == 2  # the two decks have their own seeds ...
    assert all(len(v) == 1 for v in per_deck.values())  # ... the same in every seating


def test_match_log_resumes_where_a_killed_run_stopped(tmp_path):
    """Whole matches resume from their log as games do: what is there is not played again."""
    from game.arena.matches import read_match_log, run_matches

    log = tmp_path / "matches.jsonl"
    first = run_matches("sixty-six", ["easy", "random"], 1, 7, True, None, log=str(log))
    played = read_match_log(str(log))
    assert first["matches"] == 2 and len(played) == 2
    with open(log, "a", encoding="utf-8") as f:
        f.write('{"kind": "match", "seed": 7, "un')  # torn by a kill
    again = run_matches("sixty-six", ["easy", "random"], 2, 7, True, None, log=str(log))
    kept = read_match_log(str(log))
    assert again["matches"] == 4 and len(kept) == 4
    assert [m.to_json() for m in kept[:2]] == [m.to_json() for m in played]  # reused, not replayed


# --- files the user names: read only when they are logs, and bounded ------------------------

def _one_line_error(argv: list[str], capsys) -> str:
    from game.arena.__main__ import main

    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_special_file_as_a_log_is_one_line_never_a_hang(tmp_path, capsys):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    assert "not a regular file" in _one_line_error(["--pool", str(fifo)], capsys)
    assert "not a regular file" in _one_line_error(
        ["--variant", "sixty-six", "--players", "random,random", "--log", str(fifo)], capsys)
    if os.path.exists("/dev/zero"):
        assert "not a regular file" in _one_line_error(["--pool", "/dev/zero"], capsys)
        assert "not a regular file" in _one_line_error(["--pool", "/dev/zero", "--matches", "1"],
                                                       capsys)


def test_a_log_past_the_bound_is_one_line_not_read(tmp_path, capsys):
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as f:
        f.truncate(1 << 30)  # a 1 GB file (sparse: nothing written)
    assert "more than a log" in _one_line_error(["--pool", str(big)], capsys)
    assert "more than a log" in _one_line_error(["--pool", str(big), "--matches", "1"], capsys)


def test_a_line_past_the_bound_is_skipped_with_a_warning(tmp_path, capsys):
    from game.arena.deals import read_log
    from game.arena.logs import MAX_LINE_BYTES

    log = tmp_path / "games.jsonl"
    run("marriage", ["random", "random"], 1, 5, False, None, log=str(log))
    good = log.read_bytes()
    log.write_bytes(b'{"x": "' + b"a" * (MAX_LINE_BYTES + 10) + b'"}\n' + good)
    assert len(read_log(str(log))) == 1
    err = capsys.readouterr().err
    assert "line 1: not a game (longer than" in err and "line 2" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_the_ratings_command_line_says_what_is_wrong_in_one_line(tmp_path, capsys):
    from game.arena.ratings import main

    def one_line(argv: list[str]) -> str:
        code = main(argv)
        err = capsys.readouterr().err
        assert code == 2, err
        assert err.count("\n") == 1 and "Traceback" not in err
        return err

    assert "no such folder" in one_line([str(tmp_path / "none")])
    assert "unknown game" in one_line([str(tmp_path), "bridge"])
    os.mkfifo(tmp_path / "marriage.match.easy-random.jsonl")
    assert "not a regular file" in one_line([str(tmp_path), "marriage"])


@given(lines=st.lists(st.binary(max_size=20).map(lambda b: b.replace(b"\n", b"")), max_size=12),
       torn=st.booleans())
@settings(max_examples=200, deadline=None)
def test_bounded_lines_keep_every_line_within_the_bound_and_pass_over_the_rest(lines, torn):
    """Each line up to the bound comes out whole and numbered; a longer one is None and
    the lines after it are not disturbed."""
    import io

    from game.arena import logs

    bound = 8
    torn = torn and bool(lines) and lines[-1] != b""
    data = b"".join(line + b"\n" for line in lines)
    if torn:
        data = data[:-1]  # a last line without its newline (a killed writer)
    real = logs.MAX_LINE_BYTES
    logs.MAX_LINE_BYTES = bound
    try:
        got = list(logs.bounded_lines(io.BytesIO(data), "x"))
    finally:
        logs.MAX_LINE_BYTES = real
    assert [n for n, _ in got] == list(range(1, len(lines) + 1))
    for i, ((_, raw), line) in enumerate(zip(got, lines)):
        newline = 0 if torn and i == len(lines) - 1 else 1
        if len(line) + newline > bound:  # the bound counts the newline
            assert raw is None
        else:
            assert raw == line + b"\n" * newline
