"""The command line of main.py: version, help, unknown options."""

import subprocess
import sys

from conftest import ROOT

from game import __version__


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args],
                          capture_output=True, text=True, timeout=60)


def test_version():
    out = run("--version")
    assert out.returncode == 0
    assert __version__ in out.stdout


def test_help_lists_options():
    out = run("--help")
    assert out.returncode == 0
    for option in ("--selftest", "--screenshots", "--render-decks", "--size", "--fullscreen"):
        assert option in out.stdout


def test_unknown_option_is_refused_with_exit_2():
    out = run("--no-such-option")
    assert out.returncode == 2
    assert "unrecognized arguments: --no-such-option" in out.stderr


def test_bad_size_is_explained():
    out = run("--size", "big")
    assert out.returncode == 2
    assert "is not a size like 1280x720" in out.stderr
