"""Third parties' bots in the arena run in processes of their own (game.arena.sandbox).

The hostile bots of tests/arena_bots.py exit (in the constructor and mid-game, with
``sys.exit`` and ``os._exit``), answer nonsense, hold the GIL, sleep, print, and look for
the arena's deal through the garbage collector.  Every fault is an illegal decision of
that bot (the first legal action is played for it, so the games go as the control
bot's, which plays the first legal action); nothing else changes, and the run ends with
its summary, with one worker process and with two.
"""

from __future__ import annotations

import json
import multiprocessing
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.arena.__main__ import main
from game.arena.deals import run
from game.rules.variants import new_deal, random_deck
from tests import arena_bots

ROOT = Path(__file__).resolve().parent.parent
BOTS = "tests.arena_bots:"
#: A time limit far above what a decision of these bots takes, except the ones that hang.
TIMEOUT_S = 2.0

FAULTS = ["ExitInConstructor", "OsExitInConstructor", "ExitMidGame", "OsExitMidGame",
          "AnswersGarbage"]
HANGS = ["HoldsTheGil", "Sleeper"]
HARMLESS = ["ReadsTheGarbage", "ChangesWhatItGets", "PrintsGarbage"]


def _play(players: list[str], jobs: int = 1, variant: str = "sixty-six",
          timeout_s: float = 60.0) -> dict[str, Any]:
    return run(variant, players, 2, 5, False, None, jobs=jobs, timeout_s=timeout_s)


def _means(out: dict[str, Any]) -> list[float]:
    """Each player's mean score, in the order they were named."""
    return [r["mean"] for r in out["players"].values()]


@pytest.fixture(scope="module")
def control() -> dict[str, Any]:
    """The games with the control bot in the hostile bot's seat."""
    return _play([BOTS + "Polite", "random"])


def test_in_the_arenas_process_the_gc_reader_would_find_the_deal() -> None:
    """The reader is a real threat where it runs beside the deal (as it did)."""
    deal = new_deal("sixty-six", 0, random_deck("sixty-six", random.Random(1)))
    answer = arena_bots.ReadsTheGarbage().choose(deal.observation(0).to_json())
    assert answer.startswith("found")


@pytest.mark.parametrize("bot", FAULTS)
def test_a_fault_is_an_illegal_decision_and_the_run_goes_on(bot: str,
                                                            control: dict[str, Any]) -> None:
    out = _play([BOTS + bot, "random"])
    me, other = out["players"][BOTS + bot], out["players"]["random"]
    assert out["games"] == 2
    assert me["illegal"] >= 1 and other["illegal"] == 0
    assert me["decisions"] == control["players"][BOTS + "Polite"]["decisions"]
    assert _means(out) == _means(control)  # the first legal action was played for it


@pytest.mark.parametrize("bot", HANGS)
def test_a_bot_that_does_not_answer_is_stopped_at_the_timeout(bot: str,
                                                              control: dict[str, Any]) -> None:
    """A sleeping bot and one holding the GIL alike: timed and killed from outside; it is
    not asked again in that game."""
    out = _play([BOTS + bot, "random"], timeout_s=TIMEOUT_S)
    me = out["players"][BOTS + bot]
    assert me["illegal"] == me["decisions"] > 0
    assert me["ms_max"] >= TIMEOUT_S * 1000  # it had its time
    assert out["players"]["random"]["illegal"] == 0
    assert _means(out) == _means(control)


@pytest.mark.parametrize("bot", HARMLESS)
def test_a_bot_cannot_read_or_change_the_deal_nor_spoil_the_answers(
        bot: str, control: dict[str, Any]) -> None:
    out = _play([BOTS + bot, "random"])
    assert out["players"][BOTS + bot]["illegal"] == 0  # it found no deal, no answer spoiled
    assert _means(out) == _means(control)


def test_two_workers_start_by_spawn_and_keep_the_bots_apart(monkeypatch) -> None:
    """``--jobs`` starts its workers the way every platform can (no fork on Windows)."""
    methods: list[str | None] = []
    real = multiprocessing.get_context

    def spy(method: str | None = None) -> Any:
        methods.append(method)
        return real(method)
    monkeypatch.setattr(multiprocessing, "get_context", spy)
    variant = "sixty-six-3"
    out = _play([BOTS + "ReadsTheGarbage", BOTS + "ChangesWhatItGets", "random"], jobs=2,
                variant=variant)
    assert methods == ["spawn"]
    same = _play([BOTS + "Polite", "tests.test_arena:FirstLegal", "random"], variant=variant)
    assert _means(out) == _means(same)
    assert all(r["illegal"] == 0 for r in out["players"].values())


def _cli(players: list[str], *extra: str) -> tuple[int, dict[str, Any], str]:
    proc = subprocess.run(
        [sys.executable, "-m", "game.arena", "--variant", "sixty-six-3", "--players",
         ",".join(players), "--deals", "2", "--seed", "5", "--json", *extra],
        capture_output=True, text=True, cwd=ROOT, timeout=600)
    return proc.returncode, json.loads(proc.stdout) if proc.stdout.strip() else {}, proc.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_exits_and_nonsense_end_neither_the_run_nor_its_output(jobs: str) -> None:
    """``os._exit`` with two workers hung the arena; ``sys.exit`` in a constructor ended
    the run with status 0 and no output.  The bots' prints never reach the output."""
    players = [BOTS + "OsExitMidGame", BOTS + "ExitInConstructor", BOTS + "PrintsGarbage"]
    code, out, err = _cli(players, "--jobs", jobs)
    assert code == 0, err
    assert out["games"] == 2
    got = out["players"]
    assert got[players[0]]["illegal"] >= 1 and got[players[1]]["illegal"] >= 1
    assert got[players[2]]["illegal"] == 0
    code, out, err = _cli([BOTS + "ExitMidGame", BOTS + "AnswersGarbage", "random"],
                          "--jobs", jobs)
    assert code == 0, err
    assert [r["illegal"] > 0 for r in out["players"].values()] == [True, True, False]


def test_hanging_bots_with_two_workers() -> None:
    code, out, err = _cli([BOTS + "HoldsTheGil", BOTS + "Sleeper", "random"],
                          "--jobs", "2", "--timeout", str(TIMEOUT_S))
    assert code == 0, err
    assert [r["illegal"] == r["decisions"] > 0 for r in out["players"].values()] \
        == [True, True, False]


@pytest.mark.parametrize("spec", [BOTS + "NoSuchBot", "tests.no_such_module:Bot",
                                  "not a module:Bot"])
def test_a_bot_that_cannot_be_loaded_is_one_line_before_any_game(spec: str, capsys) -> None:
    code = main(["--variant", "sixty-six", "--players", f"{spec},random", "--deals", "1"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
