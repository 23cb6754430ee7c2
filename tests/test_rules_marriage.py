"""RULES.md 1 (marriage) and the two-player details of 5, one test per numbered rule."""

import json
import subprocess
import sys

from conftest import ROOT

from game.rules.record import replay_json

RECORDS = ROOT / "tests" / "records"


def test_1_12_worked_example_record():
    text = (RECORDS / "marriage_1_12.txt").read_text(encoding="utf-8")
    out = replay_json(text)
    assert out["over"] is True
    assert out["points"] == [68, 25]
    assert out["tricks"] == [2, 2]
    assert out["score"] == [2, 0]
    assert out["trump"] == "H"
    assert out["legal"] == [] and out["to_move"] is None


def test_1_12_worked_example_cli():
    proc = subprocess.run([sys.executable, "-m", "game.rules", "replay",
                           str(RECORDS / "marriage_1_12.txt")],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["score"] == [2, 0] and out["points"] == [68, 25]
