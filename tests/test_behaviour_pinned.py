"""Behaviour pinned before the model redesign must not change.

``tests/fixtures/behaviour.json`` was captured by ``tests/fixtures/behaviour_capture.py``
from the code before the redesign (its commit is in the file).  These tests replay the same
deals and positions with today's code:

* every step of 21 random deals (all games and option sets): every seat's observation as
  JSON text (keys in order), the engine's legal list, the replay and result summaries, and
  the refusal of ~110 actions for the right and the wrong seat — hashed per step;
* ``python -m game.rules replay`` on every record file of ``tests/`` and the tutorials:
  the same exit status, standard output and standard error, byte for byte;
* every level (random, easy, normal, hard, pimc, cheat) and the hint at a fixed iteration
  count (not time) on 40 positions: the same decision (the hint: the same reason and values).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures import behaviour_capture as cap

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = json.loads((ROOT / "tests" / "fixtures" / "behaviour.json").read_text("utf-8"))


@pytest.mark.parametrize("case", FIXTURE["deals"], ids=lambda c: c["variant"])
def test_every_step_of_random_deals_is_unchanged(case):
    from game.rules import new_deal
    from game.rules.record import parse_record

    rec = parse_record(case["record"])[0]
    deal = new_deal(rec.variant, rec.dealer, rec.deck, rec.options)
    got = [cap.step_digest(deal)]
    for _line, seat, action in rec.actions:
        deal.apply(action, seat)
        got.append(cap.step_digest(deal))
    first_diff = next((i for i, (a, b) in enumerate(zip(got, case["digests"])) if a != b), None)
    assert len(got) == len(case["digests"])
    assert first_diff is None, \
        f"step {first_diff} differs ({rec.actions[first_diff - 1:first_diff]})"


@pytest.mark.parametrize("path", sorted(FIXTURE["replays"]))
def test_replay_output_is_byte_identical(path):
    want = FIXTURE["replays"][path]
    p = subprocess.run([sys.executable, "-m", "game.rules", "replay", str(ROOT / path)],
                       cwd=ROOT, capture_output=True, text=True)
    assert (p.returncode, p.stdout, p.stderr) == (want["status"], want["stdout"], want["stderr"])


@pytest.mark.parametrize("pos", FIXTURE["positions"],
                         ids=lambda p: f"{p['variant']}-seat{p['seat']}")
def test_every_level_decides_as_before(pos):
    assert cap.decide(pos["record"], pos["seat"]) == pos["decisions"]
