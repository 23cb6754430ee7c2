"""Fuzzing every file the program reads and every command line.

For files (settings, statistics, saved matches and their setups, hand history,
records, the theme, the translations): hostile bytes — random, random JSON of any
shape and depth, and damaged copies of real files — must never raise; every notice
is one line; no other file changes; and the damaged file's bytes are still on disk
(in place, or in its ``*.corrupt-*`` copy).  For command lines (``main.py``,
``python -m game.rules``, ``-m game.ai``, ``-m game.arena``): random argument lists
must end with exit status 0, 1 or 2, one line on standard error when not 0, never a
traceback, and no file changed but the one asked for.

Most cases call ``main(argv)`` in the test process (fast); a representative set runs
real subprocesses (``test_cli_subprocesses``).  The in-process command-line cases replace
the long-running *work* (playing arena games, a hint search, a benchmark, opening the
window) by a recorder, so that a fuzzed ``--budget-ms 60000`` is parsed, validated and
passed on without being waited for: what is fuzzed is the command line, not the bots.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import RecordError
from game.rules.match import match_over
from game.rules.options import make_options
from game.rules.record import iter_records, read_lines, replay_records, split_lines
from game.ui.settings import Settings
from game.ui.storage import Storage
from tests.random_play import match_record, whole_match_record

ROOT = Path(__file__).resolve().parent.parent
FAST = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SLOW = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _match_text(variant: str, deals: int, extra: int, seed: int = 3) -> str:
    return match_record(variant, deals, extra, seed)


GOOD_MATCH = _match_text("marriage", 1, 5)
GOOD_OTHER = _match_text("marias", 0, 3)
GOOD_SETUP = json.dumps({"version": 1, "setup": {"variant": "marriage", "options": {},
                                                 "seats": ["human", "hard"], "seed": 1,
                                                 "practice": False}})
GOOD_SETTINGS = json.dumps(Settings(language="cs", player_name="Eva").to_dict())
GOOD_STATS = json.dumps({"version": 1, "games": {"marriage": {
    "deals_played": 4, "deals_won": 2, "points_total": 3, "recent_points": [1, -1, 2, 1],
    "contracts": {}}}, "seen": ["a", "b"]})

# --- hostile content -------------------------------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) |
    st.text(max_size=30) | st.sampled_from([10**400, -(10**30), "\x00", "\u202e", ""]),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.text(max_size=12) | st.sampled_from(
            ["version", "language", "player_name", "window_size", "volume", "games", "seen",
             "setup", "variant", "seats", "seed", "options", "practice", "recent_points",
             "deals_played", "contracts", "rule_options", "default_levels", "marriage",
             "marias", "ui_scale", "deck_french", "card_back", "font", "colours", "misc",
             "button", "size", "name", "en", "ru", "cs", "menu_new"]),
        inner, max_size=6),
    max_leaves=25)


def _mutate(data: bytes, rnd: random.Random) -> bytes:
    """A damaged copy: bytes flipped, cut, doubled or spliced."""
    out = bytearray(data)
    for _ in range(rnd.randint(1, 4)):
        kind = rnd.randrange(5)
        i = rnd.randrange(len(out) + 1) if out else 0
        if kind == 0 and out:
            out[min(i, len(out) - 1)] = rnd.randrange(256)
        elif kind == 1:
            del out[i:]
        elif kind == 2:
            out[i:i] = out[max(0, i - 20):i]
        elif kind == 3:
            out[i:i] = rnd.choice([b"\xff", b"\x00", b"\xef\xbb\xbf", b"\t", b"\r\n", b"#",
                                   b"variant: sixty-six\n", b"[" * 5000, b"99999999999"])
        elif out:
            j = rnd.randrange(len(out))
            del out[min(i, j):max(i, j)]
    return bytes(out)


def hostile(sample: str) -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.binary(max_size=300),
        st.text(max_size=300).map(lambda t: t.encode("utf-8")),
        json_values.map(lambda v: json.dumps(v).encode()),
        st.integers(0, 2**32).map(lambda s: _mutate(sample.encode("utf-8"), random.Random(s))),
        st.sampled_from([b"", b"\xef\xbb\xbf", b"[" * 100_000, b"{" * 3000, b"null",
                         b"\x00" * 1000, sample.encode("utf-8-sig")]),
    )


# --- the saved state -----------------------------------------------------------------------------
def _fresh(tmp: Path) -> Storage:
    """A storage with one of every file, valid."""
    import shutil

    shutil.rmtree(tmp, ignore_errors=True)
    storage = Storage(tmp / "config", tmp / "data")
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(GOOD_SETTINGS, "utf-8")
    storage.data_dir.mkdir(parents=True)
    storage.stats_path.write_text(GOOD_STATS, "utf-8")
    storage.matches_dir.mkdir()
    text, setup = storage.match_paths("marriage")
    text.write_text(GOOD_MATCH, "utf-8")
    setup.write_text(GOOD_SETUP, "utf-8")
    storage.match_paths("marias")[0].write_text(GOOD_OTHER, "utf-8")
    storage.match_paths("marias")[1].write_text(GOOD_SETUP.replace(
        '"marriage"', '"marias"').replace('["human", "hard"]', '["human", "easy", "hard"]'),
        "utf-8")
    storage.history_dir.mkdir()
    (storage.history_dir / "20260101-120000-marias-0123abcd.txt").write_text(GOOD_OTHER, "utf-8")
    return storage


def _snapshot(tmp: Path) -> dict[str, bytes]:
    return {str(p.relative_to(tmp)): p.read_bytes() for p in sorted(tmp.rglob("*"))
            if p.is_file()}


def _check(storage: Storage, tmp: Path, target: Path, content: bytes,
           before: dict[str, bytes], may_change: set[Path]) -> None:
    for key, params in storage.take_reports():
        assert key.startswith("ui.notice_")
        assert all("\n" not in v for v in params.values()), params
    after = _snapshot(tmp)
    rel = {str(p.relative_to(tmp)) for p in may_change | {target}}
    for name, data in before.items():
        if name not in rel:
            assert after.get(name) == data, f"{name} changed or lost"
    assert any(data == content for data in after.values()), "the damaged file was lost"


FILES = {
    "settings": lambda s: s.settings_path,
    "stats": lambda s: s.stats_path,
    "match": lambda s: s.match_paths("marriage")[0],
    "setup": lambda s: s.match_paths("marriage")[1],
    "history": lambda s: s.history_dir / "20260101-120000-marias-0123abcd.txt",
}
SAMPLES = {"settings": GOOD_SETTINGS, "stats": GOOD_STATS, "match": GOOD_MATCH,
           "setup": GOOD_SETUP, "history": GOOD_OTHER}


@pytest.mark.parametrize("kind", list(FILES))
@FAST
@given(data=st.data())
def test_fuzz_saved_files(kind, data, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(kind)
    content = data.draw(hostile(SAMPLES[kind]))
    storage = _fresh(tmp)
    target = FILES[kind](storage)
    target.write_bytes(content)
    before = _snapshot(tmp)
    storage = Storage(storage.config_dir, storage.data_dir)
    settings_ = storage.load_settings()
    assert isinstance(settings_, Settings) and "\x00" not in settings_.player_name
    assert 0.0 <= settings_.volume <= 1.0 and len(settings_.window_size) == 2
    stats = storage.stats
    for vs in stats.games.values():
        assert all(abs(p) <= 10**6 for p in vs.recent_points)
    found = storage.saved_matches()
    for saved in found:  # whatever is offered replays
        for _ in replay_records(iter_records(split_lines(saved.text))):
            pass
    storage.read_history(FILES["history"](storage))
    slot_files = set(storage.match_paths("marriage"))
    may_change = slot_files if kind in ("match", "setup") else set()
    if kind == "settings":
        may_change = {storage.settings_path}
    if kind == "stats":
        may_change = {storage.stats_path}
    _check(storage, tmp, target, content, before, may_change)


_whole_match = whole_match_record


SPECIAL = ("fifo", "device", "folder", "past-end", "no-utf8-name", "newer")


@pytest.mark.parametrize("kind", list(FILES))
@pytest.mark.parametrize("special", SPECIAL)
def test_special_files(kind, special, tmp_path):
    """What is not a file we wrote, in place of each file: a named pipe (which would block a
    plain open), a device (which never ends), a folder, a match record that goes on past
    its match's end, a history name that is not UTF-8, a newer version's file.  Every
    reader answers at once with at most one notice per file; nothing else changes and
    nothing offered fails to replay."""
    storage = _fresh(tmp_path)
    target = FILES[kind](storage)
    if special == "fifo":
        target.unlink()
        os.mkfifo(target)
    elif special == "device":
        target.unlink()
        target.symlink_to("/dev/zero")
    elif special == "folder":
        target.unlink()
        target.mkdir()
    elif special == "past-end":
        target.write_text(_whole_match(1) + _whole_match(2) + GOOD_MATCH, "utf-8")
    elif special == "no-utf8-name":
        with open(os.fsencode(target.parent) + b"/\xff\xfe-" + os.fsencode(target.name),
                  "wb") as fh:
            fh.write(target.read_bytes())
    elif target.suffix == ".json":  # newer: a higher version, unknown fields
        data = json.loads(target.read_text("utf-8"))
        data.update({"version": 7, "from_the_future": [1, 2]})
        target.write_text(json.dumps(data), "utf-8")
    before = _snapshot(tmp_path)
    storage = Storage(storage.config_dir, storage.data_dir)
    storage.load_settings()
    storage.stats  # noqa: B018 - reads the statistics
    for saved in storage.saved_matches():  # a match in progress: its rules have not ended it
        totals = [0] * saved.state.players
        deals = list(replay_records(iter_records(split_lines(saved.text))))
        for n, deal in enumerate(deals[:-1], 1):
            totals = [a + b for a, b in zip(totals, deal.score() or totals)]
            assert not match_over(deal.variant, make_options(deal.variant, dict(deal.options)),
                                  totals, n)
    for path in storage.list_history():
        path.name.encode("utf-8")  # every name listed can be shown
        assert storage.read_history(path) is not None
    storage.read_history(FILES["history"](storage))
    if special == "newer" and kind in ("settings", "stats"):
        if kind == "settings":
            assert not storage.save_settings(Settings(player_name="Changed"))
        else:
            storage.record_deal("marriage", {"key": "new", "won": True, "points": 1})
        assert _snapshot(tmp_path) == before  # read, never rewritten
    reports = storage.take_reports()
    assert len(reports) <= 1, reports
    for key, params in reports:
        assert key.startswith("ui.notice_")
        assert all("\n" not in v for v in params.values()), params
    after = _snapshot(tmp_path)
    slot_files = {str(p.relative_to(tmp_path)) for p in storage.match_paths("marriage")}
    for name, data in before.items():
        if name not in slot_files | {str(target.relative_to(tmp_path))}:
            assert after.get(name) == data, f"{name} changed or lost"


@FAST
@given(content=hostile(GOOD_MATCH))
def test_fuzz_records(content):
    """The record reader: a RecordError naming a line, or a replay; nothing else."""
    import io

    try:
        deals = list(replay_records(iter_records(read_lines(io.BytesIO(content)))))
    except RecordError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 600
        assert exc.line_no is None or exc.line_no >= 1
    else:
        assert deals


# --- bundled files: the theme and the translations --------------------------------------------
@pytest.fixture(scope="module")
def pg():
    import pygame

    pygame.init()
    pygame.display.set_mode((320, 200))
    yield pygame
    pygame.quit()


THEME = (ROOT / "assets/themes/theme.json").read_text("utf-8")


@SLOW
@given(content=hostile(THEME))
def test_fuzz_theme(content, pg, tmp_path_factory):
    import pygame_gui

    from game.ui.theme import load_theme

    path = tmp_path_factory.mktemp("theme") / "theme.json"
    path.write_bytes(content)
    manager = pygame_gui.UIManager((320, 200), theme_path=load_theme(path))
    pygame_gui.elements.UIButton(pg.Rect(0, 0, 200, 40), "Play", manager,
                                 object_id="#menu_button")
    pygame_gui.elements.UILabel(pg.Rect(0, 50, 200, 40), "Title", manager, object_id="#notice")
    manager.update(0.01)
    manager.draw_ui(pg.display.get_surface())


TRANSLATIONS = (ROOT / "assets/translations/ui.ru.json").read_text("utf-8")


@SLOW
@given(content=hostile(TRANSLATIONS))
def test_fuzz_translations(content, pg, tmp_path_factory, monkeypatch):
    import shutil

    import pygame_gui

    from game.ui import i18n

    assets = tmp_path_factory.mktemp("assets")
    shutil.copytree(ROOT / "assets/translations", assets / "translations")
    (assets / "translations/ui.ru.json").write_bytes(content)
    with monkeypatch.context() as m:
        m.setattr(i18n, "assets_dir", lambda: assets)
        i18n.translations.cache_clear()
        i18n.translation_dir.cache_clear()
        try:
            assert isinstance(i18n.tr("ui.menu_new", lang="ru"), str)
            manager = pygame_gui.UIManager((320, 200), starting_language="ru",
                                           translation_directory_paths=[i18n.translation_dir()])
            button = pygame_gui.elements.UIButton(pg.Rect(0, 0, 200, 40), "ui.menu_new", manager,
                                                  text_kwargs={"n": "1"})
            manager.update(0.01)
            manager.draw_ui(pg.display.get_surface())
            assert isinstance(button.text, str)
        finally:
            i18n.translations.cache_clear()
            i18n.translation_dir.cache_clear()
    manager.set_locale("en")


# --- command lines -----------------------------------------------------------------------------
WORDS = ["nan", "inf", "-inf", "0", "-5", "1e12", "1e400", "abc", "", "5", "120", "hard@abc",
         "hard@nan", "easy", "random", "hard@50", "no.such:Bot", "tests.test_fuzz:Nope", ":",
         "-", "/dev/null", "/dev/zero", "/no/such/file", ".", "x" * 300, "\x00", "ü",
         "100000x100000", "1280x720", "0x0", "easy,easy", "easy,random,random", "marriage",
         "marias", "sixty-six-3", "poker"]


def _argv(options: list[str]) -> st.SearchStrategy[list[str]]:
    token = st.sampled_from(options + WORDS) | st.text(max_size=8)
    return st.lists(token, max_size=7)


def _cli_case(main, argv, capsys, tmp_path) -> None:
    before = _snapshot(tmp_path)
    status = main(argv)
    out, err = capsys.readouterr()
    assert status in (0, 1, 2), (argv, status, err)
    assert "Traceback" not in err, (argv, err)
    if status != 0:
        lines = [line for line in err.splitlines() if not line.startswith("arena: ")]
        assert len(lines) == 1, (argv, err)
    after = _snapshot(tmp_path)
    for name, data in before.items():
        assert after.get(name) == data, f"{name} changed: {argv}"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path / "home"))
    (tmp_path / "keep.txt").write_text("player's file", "utf-8")
    (tmp_path / "record.txt").write_text(GOOD_MATCH, "utf-8")
    (tmp_path / "bad.txt").write_bytes(b"variant: marriage\n\xff\n")
    (tmp_path / "games.jsonl").write_text('{"seats": 1}\n', "utf-8")
    return tmp_path


def _record_calls(monkeypatch):
    """The long-running work behind each command line, replaced by a recorder."""
    import importlib

    calls = []
    mod = importlib.import_module  # (game.ai re-exports hint(): the module is shadowed)

    def recorder(name, result):
        def call(*a, **k):
            calls.append((name, a, k))
            return result
        return call

    monkeypatch.setattr(mod("game.arena.deals"), "run",
                        recorder("arena", {"games": 0, "decks": 0, "players": {}, "variant": "x",
                                           "duplicate": False, "budget_ms": None}))
    monkeypatch.setattr(mod("game.rules.bench"), "run_bench", recorder("bench", {}))
    monkeypatch.setattr(mod("game.ai.bench"), "run", recorder("ai-bench", {}))
    class Recorded:
        def to_json(self):
            return {"action": "recorded"}

    monkeypatch.setattr(mod("game.ai.hint"), "hint", recorder("hint", Recorded()))
    monkeypatch.setattr(mod("game.ui.launch"), "run_app", recorder("window", 0))
    monkeypatch.setattr(mod("game.ui.harness.selftest"), "run_selftest",
                        recorder("selftest", {"ok": True}))
    monkeypatch.setattr(mod("game.ui.decks.render_sheets"), "cli_render_decks",
                        recorder("decks", 0))
    return calls


@FAST
@given(argv=_argv(["--variant", "--players", "--deals", "--seed", "--duplicate", "--json",
                   "--budget-ms", "--timeout", "--jobs", "--log", "--pool", "games.jsonl",
                   "keep.txt"]))
def test_fuzz_arena_command_line(argv, capsys, in_tmp, monkeypatch):
    from game.arena.__main__ import main

    calls = _record_calls(monkeypatch)
    if "--log" in argv:  # the log may be created: never an existing file of the player's
        argv = [a if a not in ("keep.txt", "record.txt", "bad.txt") else "new.jsonl"
                for a in argv]
    _cli_case(lambda a: main(a), argv, capsys, in_tmp)
    for name, args, _ in calls:
        assert name == "arena"
        budget = args[5]
        assert budget is None or 0 < budget <= 60_000


@FAST
@given(argv=_argv(["replay", "bench", "--seconds", "--variant", "record.txt", "bad.txt",
                   "-"]))
def test_fuzz_rules_command_line(argv, capsys, in_tmp, monkeypatch):
    import io

    from game.rules.__main__ import main

    _record_calls(monkeypatch)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe garbage\n")))
    _cli_case(main, argv, capsys, in_tmp)


@FAST
@given(argv=_argv(["hint", "bench", "--seat", "--budget-ms", "--seed", "--positions",
                   "--hard-ms", "--hint-ms", "--variant", "record.txt", "bad.txt", "-"]))
def test_fuzz_ai_command_line(argv, capsys, in_tmp, monkeypatch):
    import io

    from game.ai.__main__ import main

    calls = _record_calls(monkeypatch)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GOOD_MATCH.encode())))
    _cli_case(main, argv, capsys, in_tmp)
    for name, _, kwargs in calls:
        if name == "hint":
            assert 0 < kwargs["budget_ms"] <= 60_000


@FAST
@given(argv=_argv(["--size", "--lang", "--fullscreen", "--selftest", "--screenshots",
                   "--render-decks", "--version", "--help", "en", "ru", "cs", "keep.txt",
                   "shots"]))
def test_fuzz_main_command_line(argv, capsys, in_tmp, monkeypatch):
    from game.ui.cli import main

    calls = _record_calls(monkeypatch)
    _cli_case(main, argv, capsys, in_tmp)
    for _name, _, kwargs in calls:
        size = kwargs.get("size")
        assert size is None or (320 <= size[0] <= 7680 and 240 <= size[1] <= 4320)


# --- a representative set as real processes ---------------------------------------------------
SUBPROCESS_CASES = [
    (["main.py", "--size", "100000x100000"], None, 2),
    (["main.py", "--lang", "xx"], None, 2),
    (["-m", "game.rules", "replay", "/dev/zero"], None, 2),
    (["-m", "game.rules", "replay", "-"], b"\xff\xfe\n", 2),
    (["-m", "game.rules", "replay", "-"], "closed", 2),
    (["-m", "game.rules", "replay", "record.txt"], None, 0),
    (["-m", "game.rules", "bench", "--seconds", "nan"], None, 2),
    (["-m", "game.ai", "hint", "record.txt", "--seat", "0", "--budget-ms", "nan"], None, 2),
    (["-m", "game.ai", "hint", "bad.txt", "--seat", "1"], None, 2),
    (["-m", "game.arena", "--variant", "marriage", "--players", "hard@abc,easy"], None, 2),
    (["-m", "game.arena", "--pool", "missing.jsonl"], None, 2),
    (["-m", "game.arena", "--variant", "marriage", "--players", "easy,easy", "--deals", "-5"],
     None, 2),
    (["-m", "game.arena", "--variant", "marriage", "--players", "easy,easy", "--log",
      "/no/such/dir/x.jsonl"], None, 2),
]


@pytest.mark.parametrize("args, stdin, status", SUBPROCESS_CASES)
def test_cli_subprocesses(args, stdin, status, in_tmp):
    cmd = [sys.executable, *([str(ROOT / args[0])] + args[1:] if args[0] == "main.py" else args)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = _snapshot(in_tmp)
    kwargs = {"stdin": subprocess.DEVNULL} if stdin is None else (
        {"stdin": subprocess.DEVNULL} if stdin == "closed" else {"input": stdin})
    if stdin == "closed":  # a closed standard input, not an empty one
        cmd = ["sh", "-c", 'exec "$0" "$@" <&-', *cmd]
    proc = subprocess.run(cmd, capture_output=True, cwd=in_tmp, env=env, timeout=120, **kwargs)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == status, err
    assert "Traceback" not in err
    if status:
        assert len(err.strip().splitlines()) == 1, err
    assert _snapshot(in_tmp) == before
