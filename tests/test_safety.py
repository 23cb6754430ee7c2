"""Nothing a player saved is ever lost, and no file, argument or bot crashes us.

One regression test (or a few) per defect found, in numbered sections; the fuzz
suite (test_fuzz.py) and the crash-safety test (test_crash_safety.py) do the rest.
"""

from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

import pytest

from game.rules import RecordError, write_record
from game.rules.record import parse_record, read_lines, replay_json, replay_stream
from game.ui.session import GameSetup
from game.ui.settings import Settings
from game.ui.storage import Storage
from tests import random_play


@pytest.fixture
def storage(tmp_path):
    return Storage(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


played = random_play.played


def human(variant: str = "marriage", players: int = 2) -> GameSetup:
    return GameSetup(variant, seats=["human"] + ["hard"] * (players - 1))


def aside(storage: Storage, pattern: str) -> list[Path]:
    return sorted(storage.data_dir.rglob(pattern)) + sorted(storage.config_dir.rglob(pattern))


def menu_app(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    app = App(size=(1280, 720), lang="en")
    install_services(app)
    register_all(app)
    return app


# --- 1. a saved match that is not UTF-8 ---------------------------------------------------
def test_1_a_save_that_is_not_utf8_is_reported_and_the_menu_opens(tmp_path, monkeypatch):
    import pygame

    app = menu_app(tmp_path, monkeypatch)
    storage: Storage = app.services.storage
    m = played("marriage", deals=1, extra_moves=3)
    storage.save_match(write_record(m.deals), human())
    storage.flush()
    path = storage.match_paths("marriage")[0]
    good = path.read_bytes()
    path.write_bytes(good + b"0 play \xff\xfe\n")
    try:
        menu = app.switch("menu")  # crashed before: UnicodeDecodeError in the preview
        app.step(0.016)
        assert menu.notice_label is not None
        assert "deal 2, move 3" in menu.notice_label.html_text
        copies = aside(storage, "marriage.txt.corrupt-*")
        assert len(copies) == 1 and copies[0].read_bytes().endswith(b"\xff\xfe\n")
        assert storage.load_match()[0].encode() == good  # the part that reads is kept
    finally:
        pygame.quit()


# --- 2. a saved match that no longer replays --------------------------------------------------
@pytest.mark.parametrize("damage", ["illegal line", "cut in half", "deck missing a card",
                                    "header-only deal in the middle"])
def test_2_a_save_that_does_not_replay_is_salvaged_and_kept_aside(storage, damage):
    m = played("sixty-six", deals=2, extra_moves=4)
    text = write_record(m.deals)
    lines = text.splitlines()
    deal_starts = [i for i, line in enumerate(lines) if line.startswith("variant:")]
    if damage == "illegal line":
        bad = lines[:-1] + ["1 play QQ"]
        expect_deals, expect_moves = 3, 3
    elif damage == "cut in half":
        bad = text[: len(text) // 2].splitlines()
        bad[-1] = bad[-1][: max(1, len(bad[-1]) // 2)]
        expect_deals = expect_moves = None  # whatever replays of the first half
    elif damage == "deck missing a card":
        k = deal_starts[2] + 3
        bad = list(lines)
        bad[k] = " ".join(bad[k].split()[:-1])
        expect_deals, expect_moves = 2, len(m.deals[1].history)
    else:
        bad = lines[: deal_starts[1]] + lines[deal_starts[1]: deal_starts[1] + 4] + \
            lines[deal_starts[1]:]
        expect_deals, expect_moves = 2, 0  # up to the start of the second deal
    storage.save_match(text, human("sixty-six"))
    text_path = storage.match_paths("sixty-six")[0]
    text_path.write_text("\n".join(bad) + "\n", encoding="utf-8")
    loaded = storage.load_match()
    assert loaded is not None, "what replays is kept, never thrown away"
    kept, setup = loaded
    assert setup == human("sixty-six")
    assert text.startswith(kept), "the kept part is the start of the match"
    (key, params), = storage.take_reports()
    assert key == "ui.notice_save_salvaged"
    assert params["file"].startswith("sixty-six.txt.corrupt-") and params["variant"] == "sixty-six"
    if expect_deals is not None:
        assert (params["deal"], params["move"]) == (str(expect_deals), str(expect_moves))
    copy = text_path.with_name(params["file"])
    assert copy.read_text(encoding="utf-8") == "\n".join(bad) + "\n"  # the original, kept
    assert storage.load_match() == loaded and storage.take_reports() == []  # repaired once


def test_2_a_save_with_nothing_to_keep_is_moved_aside_and_reported(storage):
    storage.save_match(write_record(played("marias", 1).deals), human("marias", 3))
    storage.match_paths("marias")[0].write_text("variant: marias\ndealer: 7\n", "utf-8")
    assert storage.load_match() is None and not storage.has_match()
    (key, params), = storage.take_reports()
    assert key == "ui.notice_save_corrupt" and params["variant"] == "marias"
    assert len(aside(storage, "marias.*.corrupt-*")) == 2


def test_2_the_table_is_never_handed_a_record_that_does_not_replay(storage):
    from game.rules import replay_text

    m = played("marriage", deals=1, extra_moves=2)
    storage.save_match(write_record(m.deals) + "0 exchange\n1 close\n", human())
    text, _ = storage.load_match()
    replay_text(text)  # does not raise


# --- 3. saved state that crashed instead of being reported ----------------------------------
def _deep(n: int) -> str:
    return "[" * n + "]" * n


def test_3_deeply_nested_settings_and_statistics_are_reported(storage):
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text('{"language": "ru", "x": ' + _deep(100_000) + "}", "utf-8")
    storage.data_dir.mkdir(parents=True)
    storage.stats_path.write_text(_deep(100_000), "utf-8")
    assert storage.load_settings() == Settings()
    assert storage.stats.games == {}
    keys = [k for k, _ in storage.take_reports()]
    assert keys == ["ui.notice_settings_reset", "ui.notice_stats_reset"]
    assert len(aside(storage, "*.corrupt-*")) == 2


@pytest.mark.parametrize("bad_setup", [{"variant": "marriage", "seed": "text"},
                                       {"variant": "marriage", "seats": [1, 2]},
                                       {"variant": "marriage", "seats": ["human"]},
                                       {"variant": "marriage", "options": {"match_points": "x"}},
                                       {"variant": "marriage", "practice": "yes"},
                                       {"variant": 5}])
def test_3_a_malformed_setup_is_rebuilt_from_the_record(storage, bad_setup):
    m = played("marriage", 1, extra_moves=1)
    storage.save_match(write_record(m.deals), human())
    storage.match_paths("marriage")[1].write_text(json.dumps({"version": 1, "setup": bad_setup}),
                                                  "utf-8")
    text, setup = storage.load_match()
    assert text == write_record(m.deals)
    assert isinstance(setup.seed, int | None) and setup.seats == ["human", "normal"]
    assert storage.take_reports()[0][0] == "ui.notice_save_salvaged"


def test_3_a_name_with_nul_and_controls_is_cleaned(storage, tmp_path, monkeypatch):
    storage.settings_path.parent.mkdir(parents=True)
    name = "Ev\x00a\x1b[31m\u202e" + "x" * 99
    storage.settings_path.write_text(json.dumps({"player_name": name}), "utf-8")
    s = storage.load_settings()
    assert "\x00" not in s.player_name and "\x1b" not in s.player_name
    assert s.player_name.startswith("Eva[31m") and len(s.player_name) <= 24
    from game.ui.scenes.base import seat_names

    assert seat_names(GameSetup("marriage"), s, 2)[0] == s.player_name


def test_3_huge_numbers_in_statistics_cannot_break_the_chart(tmp_path, monkeypatch):
    import pygame

    app = menu_app(tmp_path, monkeypatch)
    storage: Storage = app.services.storage
    storage.data_dir.mkdir(parents=True, exist_ok=True)
    storage.stats_path.write_text(json.dumps({"games": {"marriage": {
        "deals_played": 3, "deals_won": 2, "points_total": 10**400,
        "recent_points": [10**300, 5, -(10**30), 2]}}}), "utf-8")
    try:
        scene = app.switch("stats", variant="marriage")
        app.step(0.016)  # drew the chart: OverflowError before
        s = storage.stats.of("marriage")
        assert s.recent_points == [5, 2] and s.points_total == 0 and s.deals_played == 3
        assert scene is app.scene
        assert [k for k, _ in storage.take_reports()] == ["ui.notice_stats_fixed"]
    finally:
        pygame.quit()


def test_3_a_million_entry_list_is_cut_not_kept(storage):
    storage.data_dir.mkdir(parents=True)
    storage.stats_path.write_text(json.dumps({"seen": ["k"] * 200_000, "games": {
        "marias": {"recent_points": [1] * 200_000}}}), "utf-8")
    stats = storage.stats
    assert len(stats.seen) <= 400 and len(stats.of("marias").recent_points) == 60
    storage.stats_path.write_text("[" + "1," * 1_500_000 + "1]", "utf-8")  # > 2 MB: refused
    assert Storage(storage.config_dir, storage.data_dir).stats.games == {}


def test_3_unknown_deck_ids_fall_back_to_the_defaults(storage):
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps({"deck_french": "no-such-deck",
                                                 "deck_german": "french-4color",
                                                 "card_back": "nope", "volume": 0.2}), "utf-8")
    s = storage.load_settings()
    # Any known artwork may stand in either slot (German cards for a French-suited game).
    assert (s.deck_french, s.deck_german, s.card_back, s.volume) == (
        "french-classic", "french-4color", "classic-red", 0.2)
    assert storage.take_reports()[0][0] == "ui.notice_settings_fixed"
    assert storage.load_settings() == s and storage.take_reports() == []  # written back clean


# --- 4. the arena and misbehaving bots ---------------------------------------------------------
class Raises:
    def choose(self, obs):
        raise RuntimeError("boom")


class ReturnsNone:
    def choose(self, obs):
        return None


class ReturnsInt:
    def choose(self, obs):
        return 3


class Mutates:
    def choose(self, obs):
        legal = obs["legal"]
        action = legal[-1]
        legal.clear()
        obs.clear()
        return action


class Sleeps:
    def choose(self, obs):
        time.sleep(30)


class Exits:
    def choose(self, obs):
        sys.exit(3)


@pytest.mark.parametrize("bot", ["Raises", "ReturnsNone", "ReturnsInt", "Mutates", "Sleeps",
                                 "Exits"])
def test_4_the_arena_survives_every_misbehaving_bot(bot, capsys):
    from game.arena.deals import run

    # the bot runs in a process of its own: the limit leaves room for a loaded machine's
    # round trip (only the sleeper needs it)
    out = run("marriage", [f"tests.test_safety:{bot}", "easy"], 2, 1, False, None,
              timeout_s=2.0)
    assert out["games"] == 2
    stats = out["players"][f"tests.test_safety:{bot}"]
    if bot == "Mutates":  # its own copy was mutated, never the arena's: all legal
        assert stats["illegal"] == 0
    else:
        assert stats["illegal"] == stats["decisions"] > 0
        assert "counted as illegal" in capsys.readouterr().err


# --- 5. search budgets --------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e12", "0", "-5", "abc", "", "1e400"])
def test_5_budgets_that_are_not_finite_positive_numbers_are_refused(text):
    from game.ai.budget import parse_budget_ms

    with pytest.raises(ValueError, match="milliseconds|at most"):
        parse_budget_ms(text)


def test_5_budgets_everywhere_go_through_the_parser():
    from game.ai.bot import load_player, make_bot
    from game.ai.budget import MAX_BUDGET_MS, parse_budget_ms

    assert parse_budget_ms("150") == 150.0 and parse_budget_ms(str(MAX_BUDGET_MS)) == MAX_BUDGET_MS
    assert load_player("hard@150", "marriage").budget_ms == 150.0
    for spec in ("hard@abc", "hard@nan", "hard@0", "hard@-1", "hard@inf"):
        with pytest.raises(ValueError):
            load_player(spec, "marriage")
    for bad in (float("nan"), float("inf"), -1.0):
        with pytest.raises(ValueError):
            make_bot("hard", "marriage", budget_ms=bad)


# --- 6. replay reads without limit ------------------------------------------------------------
class Endless(io.RawIOBase):
    """/dev/zero or an endless standard input."""

    def __init__(self, chunk: bytes):
        self.chunk = chunk
        self.served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buf) -> int:
        n = len(buf)
        data = (self.chunk * (n // len(self.chunk) + 1))[:n]
        buf[:n] = data
        self.served += n
        return n


@pytest.mark.parametrize("chunk", [b"\0", b"# a comment line\n"])
def test_6_endless_input_stops_with_a_clear_error(chunk):
    stream = io.BufferedReader(Endless(chunk))
    with pytest.raises(RecordError, match="longer than|larger than"):
        for _ in read_lines(stream, max_bytes=1 << 20):
            pass
    assert stream.raw.served < 3 << 20  # it stopped reading soon after the limit


def test_6_a_long_match_is_replayed_deal_by_deal():
    import tracemalloc

    m = played("marriage", deals=1)
    deal_text = write_record(m.deals)

    def lines(n):
        for _ in range(n):
            yield from deal_text.splitlines()

    small = replay_stream(lines(10))
    tracemalloc.start()
    big = replay_stream(lines(1500))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert big["match"]["deals"] == 1500 and small["match"]["deals"] == 10
    assert big["match"]["totals"] == [150 * t for t in small["match"]["totals"]]
    assert peak < 3_000_000, f"peak {peak} bytes: deals are being kept"


# --- 7. command-line mistakes: one line, exit 2 ---------------------------------------------------
def _one_line(capsys, status, expect_status=2):
    err = capsys.readouterr().err
    assert status == expect_status, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("argv, needle", [
    (["--variant", "poker", "--players", "easy,easy"], "invalid choice"),
    (["--variant", "marriage", "--players", "easy,wizard"], "unknown player"),
    (["--variant", "marriage", "--players", "nosuchmodule:Bot,easy"], "cannot import"),
    (["--variant", "marriage", "--players", "tests.test_safety:NoSuchBot,easy"], "no class"),
    (["--variant", "marriage", "--players", "easy,easy", "--log", "/no/such/folder/x.jsonl"],
     "cannot write the log"),
    (["--variant", "marriage", "--players", "easy,easy", "--deals", "-5"], "--deals"),
    (["--variant", "marriage", "--players", "easy,easy,easy"], "needs 2 players"),
    (["--variant", "marriage", "--players", "hard@abc,easy"], "hard@abc"),
    (["--variant", "marriage", "--players", "easy,easy", "--budget-ms", "nan"], "budget"),
    (["--pool", "missing.jsonl"], "no such file"),
])
def test_7_arena_mistakes_are_one_line(argv, needle, capsys):
    from game.arena.__main__ import main

    err = _one_line(capsys, main(argv))
    assert needle in err


def test_7_arena_log_onto_a_folder_and_bad_pools(tmp_path, capsys):
    from game.arena.__main__ import main

    err = _one_line(capsys, main(["--variant", "marriage", "--players", "easy,easy",
                                  "--log", str(tmp_path)]))
    assert "is a folder" in err
    assert "is a folder" in _one_line(capsys, main(["--pool", str(tmp_path)]))
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\xff\xfe{}\n{\"seats\": 5}\n")
    err = capsys.readouterr().err
    assert main(["--pool", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 1: not a game (not UTF-8 text)" in err and "line 2" in err
    assert "no games in" in err and "Traceback" not in err


def test_7_a_resumed_log_with_a_bad_line_resumes(tmp_path, capsys):
    from game.arena.__main__ import main
    from game.arena.deals import read_log

    log = tmp_path / "games.jsonl"
    assert main(["--variant", "marriage", "--players", "easy,random", "--deals", "2",
                 "--log", str(log), "--json"]) == 0
    lines = log.read_text().splitlines()
    log.write_text(lines[0] + "\n{\"broken\n" + "\n".join(lines[1:]) + "\n")
    capsys.readouterr()
    assert main(["--variant", "marriage", "--players", "easy,random", "--deals", "3",
                 "--log", str(log), "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == 3 and "line 2: not a game" in out.err
    assert len(read_log(str(log))) == 3


def test_7_record_commands_on_bad_input(tmp_path, capsys, monkeypatch):
    from game.ai.__main__ import main as ai_main
    from game.rules.__main__ import main as rules_main

    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"variant: marriage\ndealer: 0\n\xff\n")
    assert "not UTF-8" in _one_line(capsys, ai_main(["hint", str(bad), "--seat", "0"]))
    assert "not UTF-8" in _one_line(capsys, rules_main(["replay", str(bad)]))
    assert "is a folder" in _one_line(capsys, rules_main(["replay", str(tmp_path)]))
    monkeypatch.setattr(sys, "stdin", None)
    assert "closed" in _one_line(capsys, rules_main(["replay", "-"]))
    assert "closed" in _one_line(capsys, ai_main(["hint", "-", "--seat", "0"]))
    for budget in ("nan", "inf", "0", "-1", "1e12"):
        _one_line(capsys, ai_main(["hint", str(bad), "--seat", "0", "--budget-ms", budget]))


def test_7_a_full_stdout_is_one_line_and_not_success():
    import subprocess

    from conftest import ROOT

    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "game.rules", "replay",
                               str(ROOT / "tests/records/marriage_1_12.txt")],
                              stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "cannot write the output: No space left on device"


# --- 8. the record reader -----------------------------------------------------------------------
BASE = played("marriage", deals=1)
ONE = write_record(BASE.deals)


def test_8_bom_and_tabs_are_read():
    tabbed = ONE.replace("0 play", "0\tplay").replace("1 play", "1 \t play")
    assert replay_json("\ufeff" + tabbed) == replay_json(ONE)
    settings_json = "\ufeff" + json.dumps({"language": "cs", "volume": 0.3})
    from game.ui.storage import decode_json

    assert decode_json(settings_json.encode("utf-8"))["language"] == "cs"


def test_8_a_bom_in_settings_keeps_the_settings(storage):
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"language": "cs"}).encode())
    assert storage.load_settings().language == "cs" and storage.take_reports() == []


def test_8_duplicate_headers_are_refused_naming_both_lines():
    text = ONE.replace("dealer: ", "dealer: 1\ndealer: ", 1)
    with pytest.raises(RecordError, match=r"line 4: .*second 'dealer:' header .*line 3"):
        parse_record(text)


def test_8_a_match_cannot_mix_games_or_options():
    other = write_record(played("sixty-six", 1).deals)
    with pytest.raises(RecordError, match="cannot mix games"):
        replay_json(ONE + other)
    with pytest.raises(RecordError, match="same options"):
        replay_json(ONE + ONE.replace("match_points=7", "match_points=5"))


def test_8_a_header_only_deal_in_a_match_is_not_dropped():
    header = "\n".join(ONE.splitlines()[:4]) + "\n"
    with pytest.raises(RecordError, match="before the one above it is finished"):
        replay_json(header + ONE)
    assert len(parse_record(ONE + header + ONE)) == 3


def test_8_dealer_and_deck_errors_name_their_own_line():
    with pytest.raises(RecordError, match="^line 3: dealer must be"):
        parse_record(ONE.replace("dealer: 0", "dealer: 5").replace("dealer: 1", "dealer: 5"))
    deck_line = ONE.splitlines()[3]
    with pytest.raises(RecordError, match=r"^line 4: the deck .* \(missing "):
        parse_record(ONE.replace(deck_line, deck_line[:-3]))


def test_8_echoed_input_is_cut_and_escaped():
    nasty = "0 play " + "\x1b[2J\x00\ufeff" + "Q" * 500
    with pytest.raises(RecordError) as info:
        replay_json(ONE.splitlines()[0] + "\n" + "\n".join(ONE.splitlines()[1:4]) + "\n" + nasty)
    message = str(info.value)
    assert "\x1b" not in message and "\x00" not in message and "\ufeff" not in message
    assert "\\x1b" in message and len(message) < 400 and "\n" not in message


# --- 9. hand history ------------------------------------------------------------------------------
def test_9_every_stored_deal_is_listed(tmp_path, monkeypatch):
    import pygame

    app = menu_app(tmp_path, monkeypatch)
    storage: Storage = app.services.storage
    m = played("marriage", deals=3)
    for i, deal in enumerate(m.deals):
        storage.export_deal(write_record([deal]), "marriage", key=f"{i:08x}abcdef")
    try:
        scene = app.switch("replay")
        app.step(0.016)
        assert len(scene.file_labels) == 3 == len(set(scene.file_labels.values()))
    finally:
        pygame.quit()


# --- 10. window sizes ---------------------------------------------------------------------------
def test_10_sizes_are_bounded_and_fitted_to_the_desktop(capsys):
    from game.ui.app import MIN_SIZE, fit_window
    from game.ui.cli import main

    assert main(["--size", "100000x100000"]) == 2
    assert "at most 7680x4320" in capsys.readouterr().err
    assert fit_window((1920, 1080), (1280, 720)) == (1280, 672)
    assert fit_window((1920, 1080), None) == (1920, 1080)
    assert fit_window((1100, 700), (1920, 1080)) == (1100, 700)
    assert fit_window((800, 500), (1920, 1080)) == MIN_SIZE
    assert fit_window((1920, 1080), (800, 600)) == (800, 552)


def test_10_a_command_line_size_is_not_saved_as_the_default(tmp_path, monkeypatch):
    """A size given on the command line once made the next plain start open 1920x1080 on a
    1280x720 screen."""
    from game.ui import app as app_module
    from game.ui import launch

    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(app_module, "desktop_size", lambda: (1280, 720))
    seen = []
    monkeypatch.setattr(app_module.App, "run", lambda self, *a, **k: seen.append(self.size) or 0)
    storage = Storage()
    storage.save_settings(Settings(window_size=(1024, 640)))
    assert launch.run_app(size=(1920, 1080)) == 0
    assert seen == [(1280, 672)]  # fitted to the desktop
    assert Storage().load_settings().window_size == (1024, 640)  # not remembered
    storage.save_settings(Settings(window_size=(1920, 1080)))
    assert launch.run_app() == 0 and seen[-1] == (1280, 672)


def test_10_settings_show_the_real_window_size(tmp_path, monkeypatch):
    import pygame

    app = menu_app(tmp_path, monkeypatch)
    try:
        app.desktop = (1280, 720)
        scene = app.switch("settings")
        app.step(0.016)
        window_choice = next(c for c in scene.widgets
                             if any(v == (1280, 720) for _, v in getattr(c, "options", [])))
        values = [v for _, v in window_choice.options]
        assert (1920, 1080) not in values and (1024, 640) in values
        assert window_choice.value == tuple(app.windowed_size)
        scene._set_window((1600, 900))
        assert app.windowed_size == (1280, 672) == app.services.settings.window_size
    finally:
        pygame.quit()


# --- one saved match per game, and New game asks first -------------------------------------------
def test_21_2_each_game_keeps_its_own_saved_match(storage):
    a = write_record(played("marriage", 1, extra_moves=2).deals)
    b = write_record(played("marias", 1, extra_moves=2).deals)
    storage.save_match(a, human())
    time.sleep(0.01)
    storage.save_match(b, human("marias", 3))
    found = storage.saved_matches()
    assert [m.slot for m in found] == ["marias", "marriage"]  # newest first
    assert storage.load_match("marriage")[0] == a and storage.load_match()[0] == b
    storage.clear_match("marias")
    assert [m.slot for m in storage.saved_matches()] == ["marriage"]


def test_21_2_the_old_single_save_is_moved_into_its_slot(storage):
    text = write_record(played("sixty-six", 1, extra_moves=3).deals)
    storage.data_dir.mkdir(parents=True)
    storage.legacy_match_path.write_text(text, "utf-8")
    storage.legacy_setup_path.write_text(json.dumps({"version": 1, "setup": {
        "variant": "sixty-six", "options": {}, "seats": ["human", "hard"], "seed": 4,
        "practice": True}}), "utf-8")
    assert storage.load_match() == (text, GameSetup("sixty-six", {}, ["human", "hard"], 4, True))
    assert not storage.legacy_match_path.exists()
    assert storage.match_paths("sixty-six")[0].read_text("utf-8") == text


def test_21_2_new_game_asks_before_replacing_a_match(tmp_path, monkeypatch):
    import pygame

    from game.ui.scene import Scene

    entered = []

    class Table(Scene):
        name = "table"

        def enter(self, **params):
            entered.append(params)

    app = menu_app(tmp_path, monkeypatch)
    app.register("table", Table)
    storage: Storage = app.services.storage
    text = write_record(played("marriage", 1, extra_moves=2).deals)
    storage.save_match(text, human())
    try:
        setup = app.switch("setup")
        setup.select_variant("marriage")
        assert setup.start() is None and setup.replace_pending is not None and not entered
        setup.on_button("replace_cancel")
        assert storage.load_match("marriage")[0] == text and not entered
        setup.start()
        setup.on_button("replace_continue")
        assert entered[-1]["resume_record"] == text
        setup = app.switch("setup")
        setup.start()
        setup.on_button("replace_start")
        assert "resume_record" not in entered[-1] and entered[-1]["setup"].variant == "marriage"
        assert not storage.has_match("marriage")
        setup = app.switch("setup")
        setup.select_variant("sixty-six")  # another game: nothing to ask
        assert setup.start() is not None
    finally:
        pygame.quit()


def test_21_2_continue_chooses_among_saved_matches(tmp_path, monkeypatch):
    import pygame

    from game.ui.scene import Scene

    entered = []

    class Table(Scene):
        name = "table"

        def enter(self, **params):
            entered.append(params)

    app = menu_app(tmp_path, monkeypatch)
    app.register("table", Table)
    storage: Storage = app.services.storage
    a = write_record(played("marriage", 1, extra_moves=2).deals)
    b = write_record(played("sixty-six-3", 1, extra_moves=2).deals)
    storage.save_match(a, human())
    storage.save_match(b, human("sixty-six-3", 3))
    try:
        menu = app.switch("menu")
        app.step(0.016)
        menu.on_button("continue")
        chooser = app.scene
        assert chooser.name == "continue" and set(chooser.slot_buttons) == {"marriage",
                                                                            "sixty-six-3"}
        assert "Marriage · deal 2" in chooser.slot_buttons["marriage"].text
        assert "score" in chooser.slot_details["marriage"].text  # on the row's second line
        chooser.on_button("slot:marriage")
        assert entered[-1]["resume_record"] == a
    finally:
        pygame.quit()
