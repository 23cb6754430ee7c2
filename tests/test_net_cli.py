"""The headless server and player as a club room runs them: real processes, a killed one.

``python -m game.net serve`` on an ephemeral port, scripted players as separate
processes; one is killed (SIGKILL: no goodbye) in the middle of a deal and a new
process takes its seat back with the token the first one printed; the match ends
and the server exits 0.  A server stopped mid-match continues from its save file.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.net.__main__ import build_parser
from game.net.discovery import Beacon, Finder
from game.net.table import OPEN, Table, match_from_record, read_meta

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "game.net", *args], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _listening(server: subprocess.Popen) -> int:
    line = server.stdout.readline()
    assert line, server.stderr.read()
    return int(json.loads(line)["listening"])


def _last(out: str) -> dict:
    """The last JSON line a process printed."""
    return json.loads(out.strip().splitlines()[-1])


def _wait_for_actions(save: Path, at_least: int, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if save.exists():
            text = save.read_text("utf-8")
            if sum(1 for line in text.splitlines() if line[:1].isdigit()) >= at_least:
                return
        time.sleep(0.05)
    raise AssertionError("the match did not get going")


def test_headless_server_survives_a_killed_player(tmp_path):
    save = tmp_path / "club.txt"
    server = _start("serve", "--variant", "marias", "--port", "0", "--bind", "127.0.0.1",
                    "--seats", "open,open,easy", "--options", "rounds=1", "--away", "wait",
                    "--bot-pause", "0", "--seed", "11", "--save", str(save))
    procs = [server]
    try:
        port = _listening(server)
        anna = _start("play", "--port", str(port), "--name", "Anna", "--level", "easy")
        boris = _start("play", "--port", str(port), "--name", "Boris", "--level", "easy")
        procs += [anna, boris]
        seated = json.loads(anna.stdout.readline())
        _wait_for_actions(save, 4)
        anna.send_signal(signal.SIGKILL)  # the window is closed mid-deal: no goodbye
        anna.wait(10)
        text = save.read_text("utf-8")
        assert not match_from_record(text).is_over()
        back = _start("play", "--port", str(port), "--name", "Anna", "--level", "easy",
                      "--token", seated["token"])
        procs.append(back)
        back_out, back_err = back.communicate(timeout=90)
        assert back.returncode == 0, back_err  # else Boris would wait for Anna in vain
        boris_out, _ = boris.communicate(timeout=30)
        server_out, server_err = server.communicate(timeout=30)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    assert server.returncode == 0, server_err
    result = json.loads(server_out.strip().splitlines()[-1])
    assert result["over"] is True and result["errors"] == []
    assert _last(back_out) == {"outcome": "match_end", "seat": seated["seated"],
                               "actions": _last(back_out)["actions"]}
    assert _last(boris_out)["outcome"] == "match_end"
    final = save.read_text("utf-8")
    assert read_meta(final)["names"][:2] in (["Anna", "Boris"], ["Boris", "Anna"])
    assert match_from_record(final).totals == result["totals"]


def test_every_seat_token_can_be_handed_to_play_as_printed():
    """The token ``play`` prints is what ``play --token`` takes back, whatever it is.

    URL-safe base64 tokens began with a hyphen one time in 64, and the command line
    read such a token as an option: the player could not come back and the table
    waited for them for ever.
    """
    parser = build_parser()
    for seed in range(2000):
        token = Table("sixty-six", [OPEN, "easy"], seed=seed).join("Vera").token
        assert token is not None and re.fullmatch(r"[0-9a-f]{32}", token), token
        assert parser.parse_args(["play", "--token", token]).token == token


def test_headless_server_resumes_its_save(tmp_path):
    save = tmp_path / "club.txt"
    args = ["--port", "0", "--bind", "127.0.0.1", "--bot-pause", "0"]
    # The first server's bot takes its time (0.2 s a move): with no pause a whole match to
    # 3 could end between the third saved action and the stop signal on a fast machine.
    first = args[:-1] + ["0.2"]
    server = _start("serve", "--variant", "sixty-six", "--seats", "open,easy",
                    "--options", "match_points=3", "--save", str(save), "--seed", "5", *first)
    procs = [server]
    try:
        port = _listening(server)
        player = _start("play", "--port", str(port), "--name", "Vera")
        procs.append(player)
        _wait_for_actions(save, 3)
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=20)
        player.communicate(timeout=20)
        assert server.returncode == 0
        before = match_from_record(save.read_text("utf-8"))
        assert not before.is_over()
        server = _start("serve", "--resume", str(save), *args)
        procs.append(server)
        port = _listening(server)
        player = _start("play", "--port", str(port), "--name", "Vera")
        procs.append(player)
        out, _ = player.communicate(timeout=90)
        server_out, err = server.communicate(timeout=30)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    assert _last(out)["outcome"] == "match_end", err
    after = match_from_record(save.read_text("utf-8"))
    assert after.is_over()
    played = [d.history for d in before.deals]
    # The continued match is the saved one, carried on: the same deals, then more.
    assert [d.history[: len(h)] for d, h in zip(after.deals, played)] == played


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.net", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=30)


def test_bad_command_lines_get_a_clear_message(tmp_path):
    """Each mistake: one line on stderr naming it, exit 2, no traceback, no usage."""
    big = tmp_path / "big.txt"
    big.write_bytes(b"#" * (2 << 20))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    serve = ["serve", "--variant", "marriage", "--port", "0", "--bind", "127.0.0.1"]
    cases = [
        (["serve", "--seats", "open,wizard", "--variant", "marriage", "--port", "0"],
         "computer level"),
        (["serve", "--resume", str(tmp_path / "nope.txt"), "--port", "0"], "nope.txt"),
        (["serve", "--port", "70000"], "out of range"),
        (["serve", "--port", "-1"], "out of range"),
        (["play", "--port", "99999"], "out of range"),
        (["serve", "--port", "http"], "not a port"),
        ([*serve, "--bot-pause", "inf"], "--bot-pause"),
        ([*serve, "--bot-pause", "nan"], "--bot-pause"),
        ([*serve, "--bot-pause", "61"], "--bot-pause"),
        ([*serve, "--bot-pause", "-1"], "--bot-pause"),
        ([*serve, "--away", "easy:inf"], "--away"),
        ([*serve, "--save", str(tmp_path)], "folder"),
        ([*serve, "--save", str(tmp_path / "no" / "such.txt")], "does not exist"),
        (["serve", "--resume", str(tmp_path), "--port", "0"], "folder"),
        (["serve", "--resume", str(big), "--port", "0"], "too large"),
        (["serve", "--resume", str(fifo), "--port", "0"], "not a regular file"),
        (["serve", "--resume", "/dev/zero", "--port", "0"], "not a regular file"),
        (["serve", "--no-such-flag"], "no-such-flag"),
        (["dance"], "dance"),
    ]
    for args, words in cases:
        done = _run(*args)
        assert done.returncode == 2, (args, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], (args, done.stderr)
        assert lines[0].startswith("game.net: "), (args, done.stderr)


def test_tables_are_found_on_the_lan():
    finder = Finder(port=0, bind="127.0.0.1")
    table = Table("marias", ["open", "open", "hard"], names=["Anna"])

    async def announce():
        beacon = Beacon(lambda: {"port": 4321, "variant": table.variant, "host": "Anna",
                                 "free": 2, "started": False},
                        targets=[("127.0.0.1", finder.port)])
        await beacon.start()
        await asyncio.sleep(0.2)
        beacon.close()

    asyncio.run(announce())
    found = finder.poll()
    finder.sock.sendto(b"not a beacon", ("127.0.0.1", finder.port))
    assert len(finder.poll()) == 1
    finder.close()
    assert len(found) == 1
    t = found[0]
    assert (t.address, t.port, t.variant, t.host, t.free, t.compatible) == \
        ("127.0.0.1", 4321, "marias", "Anna", 2, True)


def test_the_network_package_never_imports_pygame():
    """A club-room server runs without a display library: game.net stays below the UI."""
    code = ("import sys, game.net, game.net.server, game.net.client, game.net.scripted, "
            "game.net.discovery, game.net.__main__, game.net.view; "
            "bad = sorted(m for m in sys.modules if m.startswith(('pygame', 'game.ui'))); "
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
