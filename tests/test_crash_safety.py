"""A match killed at random moments (SIGKILL: no clean-up at all) always continues from
its last completed action.

A child process plays a match with random legal actions through the real storage,
saving after every action as the table does, and prints how many actions it has
saved.  The parent kills it at a random moment, then opens the folder as the next
start of the program would: the saved match must replay without a single notice (no
torn or half-written file, nothing moved aside), and hold every action reported saved
(the one in flight may or may not have landed).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.rules.record import iter_records, replay_records, split_lines
from game.ui.storage import Storage

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import random, sys
from game.rules import Match, write_record
from game.ui.session import GameSetup
from game.ui.storage import Storage

variant, seed, home, background = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1"
storage = Storage(home + "/config", home + "/data", background=background)
three = variant in ("marias", "sixty-six-3")
setup = GameSetup(variant, seats=["human"] + ["easy"] * (2 if three else 1))
rng = random.Random(seed)
for game in range(50):
    m = Match(variant, seed=seed * 100 + game)
    while not m.is_over():
        d = m.start_deal()
        while not d.is_over():
            d.apply(rng.choice(d.legal_actions()))
            total = sum(len(x.history) for x in m.deals)  # the engine may add actions itself
            print("saving", total, flush=True)
            storage.save_match(write_record(m.deals), setup)
            if background:
                storage.flush()  # the table's writer thread: on disk once flushed
            if d.is_over():
                m.finish_deal()
            print("saved", total, int(m.is_over()), flush=True)
"""


def _actions(text: str) -> int:
    return sum(len(d.history) for d in replay_records(iter_records(split_lines(text))))


@pytest.mark.parametrize("variant, background", [("marriage", False), ("marias", False),
                                                 ("sixty-six", True)])
def test_killed_match_continues_from_the_last_completed_action(variant, background, tmp_path):
    rng = random.Random(2026)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for round_ in range(6):
        home = tmp_path / f"r{round_}"
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, variant, str(round_ + 1), str(home),
             "1" if background else "0"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        assert proc.stdout is not None
        lines: list[list[str]] = []
        kill_after = rng.randint(1, 240)  # lines read before the kill, then a random delay
        while len(lines) < kill_after:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.decode().split())
        time.sleep(rng.random() * 0.01)
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read().decode().splitlines()  # (communicate() would skip the
        lines += [r.split() for r in rest]              # lines readline() buffered already)
        assert proc.wait(timeout=30) == -signal.SIGKILL
        done = [ln for ln in lines if len(ln) == 3 and ln[0] == "saved"]  # a torn print: none
        pending = [ln for ln in lines if len(ln) == 2 and ln[0] == "saving"]
        saved = int(done[-1][1]) if done else 0
        match_over = bool(done) and done[-1][2] == "1"
        started_next = len(pending) > len(done)  # a save was under way when killed
        in_flight = int(pending[-1][1]) if started_next else saved

        storage = Storage(home / "config", home / "data")
        loaded = storage.load_match()
        assert storage.take_reports() == [], "a kill must never damage a file"
        assert not list((home / "data").rglob("*.corrupt-*"))
        if loaded is None:
            assert match_over or not done or (started_next and in_flight == 1), \
                f"the match of {saved} saved actions was lost"
            continue
        text, _setup = loaded
        got = _actions(text)
        if match_over or not done:  # the next (or first) match: only its save in flight
            assert started_next and got == in_flight, (saved, in_flight, got)
        else:
            assert got in (saved, in_flight), (saved, in_flight, got)
        # ... and the match goes on from there.
        last = list(replay_records(iter_records(split_lines(text))))[-1]
        if not last.is_over():
            last.apply(last.legal_actions()[0])
