"""Nothing saved is lost, and nothing the game wrote is called damaged.

The program's own files are never lost without a word and never crash or hang it, normal
use never damages the settings, and Esc before the first move keeps a started match.  Each
test drives the program the way a player (or a crash) would and then reads the files back
the way the next start does: a fresh :class:`Storage`.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.session import GameSetup
from game.ui.settings import Settings
from game.ui.storage import Storage, slot_for
from tests.random_play import match_record, whole_match_record


@pytest.fixture
def storage(tmp_path):
    return Storage(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


def menu_app(tmp_path, monkeypatch):
    """The whole program (every scene and service) with its files under ``tmp_path``."""
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    app = App(size=(1280, 720), lang="en")
    install_services(app)
    register_all(app)
    return app


def settle(app, frames: int = 40) -> None:
    """Frames until the screen is built (scenes build a slice per frame)."""
    for _ in range(frames):
        app.step(1 / 60)
        if not app.building():
            break
    app.step(1 / 60)


def restarted(tmp_path) -> tuple[Settings, list]:
    """What the next start reads: a fresh storage on the same folders."""
    fresh = Storage(tmp_path / "config", tmp_path / "data")
    return fresh.load_settings(), fresh.take_reports()


def assert_read_back(app, tmp_path, what: str) -> None:
    settings, reports = restarted(tmp_path)
    assert reports == [], (what, reports)
    assert settings == app.services.settings, what


# --- nothing the game writes is called damaged ---------------------------------------------------
def test_a_german_artwork_in_the_french_slot_is_a_choice_not_damage(storage):
    """French-suited games with German cards: the slot names the game, not the cards."""
    storage.save_settings(Settings(deck_french="german-prague", deck_german="french-4color"))
    fresh = Storage(storage.config_dir, storage.data_dir)
    s = fresh.load_settings()
    assert (s.deck_french, s.deck_german) == ("german-prague", "french-4color")
    assert fresh.take_reports() == []
    # The table then names the cards after the deck it shows.
    assert s.family_for("marriage") == "german" and s.family_for("marias") == "french"


def test_every_value_of_every_setting_on_the_settings_screen_is_read_back(tmp_path,
                                                                           monkeypatch):
    from game.ui.widgets.choice import Choice, Toggle

    app = menu_app(tmp_path, monkeypatch)
    try:
        app.desktop = (1920, 1080)
        scene = app.switch("settings")
        settle(app)
        count = len(scene.widgets)
        tried = 0
        for i in range(count):
            widget = scene.widgets[i]
            if isinstance(widget, Choice):
                steps = len(widget.values)
            elif isinstance(widget, Toggle):
                steps = 2
            else:
                continue
            for step in range(steps):
                widget = scene.widgets[i]  # a language or scale change rebuilds the screen
                widget.focus_step(1) if isinstance(widget, Choice) else widget.focus_activate()
                settle(app)
                assert_read_back(app, tmp_path, f"widget {i} step {step}")
                tried += 1
        assert tried >= 40  # every choice's every value, every toggle both ways
        for value in (0, 37, 100):  # the volume slider
            scene.volume.set_current_value(value)
            scene.on_event(_slider_event(scene.volume))
            assert_read_back(app, tmp_path, f"volume {value}")
        for name in ("Ева", "Zdeněk Novák", "x" * 40, "", "  tab\there  "):
            scene.name_entry.set_text(name[:24])
            scene.on_event(_entry_event(scene.name_entry))
            assert_read_back(app, tmp_path, f"name {name!r}")
    finally:
        pygame.quit()


def _slider_event(slider) -> pygame.event.Event:
    import pygame_gui

    return pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=slider,
                              value=slider.get_current_value())


def _entry_event(entry) -> pygame.event.Event:
    import pygame_gui

    return pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry,
                              text=entry.get_text())


@pytest.mark.parametrize("variant", ["sixty-six", "marias"])
def test_every_deck_the_d_key_gives_at_the_table_is_read_back(variant, tmp_path, monkeypatch):
    from game.ui.decks import list_artworks
    from game.ui.session import GameSetup

    app = menu_app(tmp_path, monkeypatch)
    try:
        players = 3 if variant == "marias" else 2
        app.switch("table", setup=GameSetup(variant, seats=["human"] + ["easy"] *
                                                    (players - 1), seed=5), bot_budget_ms=0)
        settle(app)
        seen = set()
        for _ in list_artworks():
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0,
                                                 unicode="d"))
            app.step(1 / 60)
            seen.add(app.services.settings.deck_for(variant))
            assert_read_back(app, tmp_path, f"deck {app.services.settings.deck_for(variant)}")
        assert seen == {a.id for a in list_artworks()}
    finally:
        table = app.scenes.get("table")
        if table is not None:
            table.shutdown()
        pygame.quit()


# --- a started match is kept by Esc before the first move ----------------------------------------
@pytest.mark.parametrize("variant", ["marriage", "marias"])
def test_a_match_is_saved_as_soon_as_it_is_dealt(variant, tmp_path, monkeypatch):
    from game.ui.session import GameSetup

    app = menu_app(tmp_path, monkeypatch)
    try:
        players = 3 if variant == "marias" else 2
        # The computers wait an hour before each card: a few frames in, nothing has moved.
        app.services.settings.bot_pause_ms = 3_600_000
        scene = app.switch("table", setup=GameSetup(variant, seats=["human"] + ["easy"] *
                                                    (players - 1), seed=5))
        for _ in range(5):
            app.step(1 / 60)
        assert scene.flow is not None and scene.flow.deal is not None
        assert not scene.flow.deal.history  # before the first move
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                             unicode="\x1b"))
        settle(app)
        assert app.scene.name == "menu"
        assert app.scene.menu_buttons["continue"].is_enabled
        fresh = Storage(tmp_path / "config", tmp_path / "data")
        saved = fresh.saved_matches()
        assert [m.variant for m in saved] == [variant] and saved[0].state.moves == 0
        assert fresh.take_reports() == []
    finally:
        table = app.scenes.get("table")
        if table is not None:
            table.shutdown()
        pygame.quit()


# --- leftovers of an interrupted write -----------------------------------------------------------
def test_leftover_tmp_files_are_removed_but_a_write_in_progress_is_not(storage):
    import os

    storage.save_settings(Settings(player_name="Eva"))
    storage.record_deal("marriage", {"key": "k", "won": True, "points": 1})
    storage.save_match(_record(), _setup())
    storage.export_deal(_record(), "marriage", key="abcdef12")
    folders = [storage.config_dir, storage.data_dir, storage.matches_dir, storage.history_dir]
    old, new = [], []
    for folder in folders:
        for name, when in ((".settings.json.k3j2.tmp", storage.started - 3600),
                           (".marriage.txt.x9.tmp", storage.started + 5)):
            path = folder / name
            path.write_bytes(b"half a file")
            os.utime(path, (when, when))
            (old if when < storage.started else new).append(path)
    fresh = Storage(storage.config_dir, storage.data_dir)
    assert fresh.load_settings().player_name == "Eva"
    assert fresh.stats.of("marriage").deals_played == 1
    assert [m.variant for m in fresh.saved_matches()] == ["marriage"]
    assert len(fresh.list_history()) == 1
    assert [p for p in old if p.exists()] == []
    assert all(p.exists() for p in new)  # newer than this run: someone is writing it
    assert fresh.take_reports() == []


# --- special files and folders -------------------------------------------------------------------
def _within(call, release):
    """``call()`` in a thread; a call still blocked after a minute is a hang: ``release()``
    frees it (so the test fails instead of hanging the suite)."""
    import threading

    out: list = []
    worker = threading.Thread(target=lambda: out.append(call()), daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():
        release()
        worker.join(10)
        pytest.fail("the program waited on a special file")
    return out[0]


def _fifo_release(path):
    import os

    def release():
        for p in path.parent.glob(path.name + "*"):
            try:
                fd = os.open(p, os.O_WRONLY | os.O_NONBLOCK)
                os.close(fd)
            except OSError:
                pass
    return release


@pytest.mark.parametrize("which", ["settings", "stats", "match", "setup"])
def test_a_named_pipe_in_place_of_a_file_is_a_notice_not_a_hang(storage, which):
    import os

    storage.save_match(_record(), _setup())
    path = {"settings": storage.settings_path, "stats": storage.stats_path,
            "match": storage.match_paths("marriage")[0],
            "setup": storage.match_paths("marriage")[1]}[which]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    fresh = Storage(storage.config_dir, storage.data_dir)

    def everything():
        fresh.load_settings()
        fresh.stats  # noqa: B018 - reads the statistics
        return fresh.saved_matches()

    saved = _within(everything, _fifo_release(path))
    keys = [k for k, _ in fresh.take_reports()]
    assert len(keys) == 1 and keys[0].startswith("ui.notice_"), keys
    if which == "setup":  # the record is whole: the setup is rebuilt from it
        assert [m.variant for m in saved] == ["marriage"]


def test_a_device_in_place_of_the_settings_is_refused_unread(storage):
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.symlink_to("/dev/zero")
    assert storage.load_settings() == Settings()
    assert [k for k, _ in storage.take_reports()] == ["ui.notice_settings_reset"]


def test_an_unreadable_matches_folder_is_a_notice(tmp_path, monkeypatch):
    from pathlib import Path

    storage = Storage(tmp_path / "config", tmp_path / "data")
    storage.save_match(_record(), _setup())
    real = Path.iterdir

    def iterdir(self):
        if self == storage.matches_dir:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    fresh = Storage(storage.config_dir, storage.data_dir)
    assert fresh.saved_matches() == [] and not fresh.has_match()
    assert [k for k, _ in fresh.take_reports()] == ["ui.notice_folder_unreadable"]
    app = menu_app(tmp_path, monkeypatch)  # and the menu opens and says so
    try:
        app.switch("menu")
        settle(app)
        assert app.scene.name == "menu"
    finally:
        pygame.quit()


def test_a_history_file_whose_name_is_not_text_is_skipped(tmp_path, monkeypatch):
    import os

    storage = Storage(tmp_path / "config", tmp_path / "data")
    good = storage.export_deal(_record(), "marriage", key="abcdef12")
    assert good is not None
    bad = os.fsencode(storage.history_dir) + b"/20990101-000000-\xff\xfe.txt"
    with open(bad, "wb") as fh:
        fh.write(good.read_bytes())
    assert storage.list_history() == [good]
    app = menu_app(tmp_path, monkeypatch)
    try:
        scene = app.switch("replay")
        settle(app, 80)
        assert app.scene is scene and list(scene.file_labels.values()) == [good]
    finally:
        pygame.quit()


def _setup(variant: str = "marriage"):
    from game.ui.session import GameSetup

    players = 3 if variant == "marias" else 2
    return GameSetup(variant, seats=["human"] + ["hard"] * (players - 1))


_record = match_record


# --- slots cannot point at other games -----------------------------------------------------------
def _write_setup(storage, slot: str, setup: dict) -> None:
    import json

    storage.match_paths(slot)[1].write_text(json.dumps({"version": 1, "setup": setup}), "utf-8")


def test_a_setup_naming_another_games_slot_never_overwrites_that_match(storage):
    marias = _record("marias", extra=2)
    storage.save_match(marias, _setup("marias"))
    mine = _record("marriage", extra=1)
    storage.save_match(mine, _setup("marriage"))
    # Edited by hand (or damaged): the Marriage match says it lives in the Mariáš slot.
    _write_setup(storage, "marriage", {"variant": "marriage", "seats": ["human", "hard"],
                                       "slot": "marias"})
    fresh = Storage(storage.config_dir, storage.data_dir)
    found = {m.slot: m for m in fresh.saved_matches()}
    assert set(found) == {"marriage", "marias"}
    assert fresh.take_reports()[0][0] == "ui.notice_save_salvaged"  # the setup was refused
    text, setup = fresh.load_match("marriage")
    fresh.save_match(text + "", setup)  # continuing it
    assert fresh.match_paths("marias")[0].read_text("utf-8") == marias  # untouched
    with pytest.raises(ValueError):
        slot_for(GameSetup("marriage", slot="marias"))


@pytest.mark.parametrize("slot, variant, ok", [
    ("marriage", "marriage", True), ("net-marriage", "marriage", True),
    ("marriage-earlier", "marriage", True), ("marriage-earlier-2", "marriage", True),
    ("sixty-six", "sixty-six", True), ("sixty-six-3", "sixty-six-3", True),
    ("sixty-six-3", "sixty-six", False), ("sixty-six-earlier", "sixty-six-3", False),
    ("marias", "marriage", False), ("marriage-x", "marriage", False),
    ("net-marias", "marriage", False)])
def test_slot_names_are_strictly_per_game(slot, variant, ok):
    from game.ui.session import GameSetup
    from game.ui.storage import setup_from_dict, slot_for

    players = 3 if variant in ("marias", "sixty-six-3") else 2
    seats = ["human"] + ["easy"] * (players - 1)
    if ok:
        assert slot_for(GameSetup(variant, seats=seats, slot=slot)) == slot
        assert setup_from_dict({"variant": variant, "seats": seats, "slot": slot}).slot == slot
    else:
        with pytest.raises(ValueError):
            slot_for(GameSetup(variant, seats=seats, slot=slot))
        with pytest.raises(ValueError):
            setup_from_dict({"variant": variant, "seats": seats, "slot": slot})


def _legacy(storage, text: str, variant: str = "marriage") -> None:
    import json

    storage.data_dir.mkdir(parents=True, exist_ok=True)
    storage.legacy_match_path.write_text(text, "utf-8")
    storage.legacy_setup_path.write_text(json.dumps({"version": 1, "setup": {
        "variant": variant, "seats": ["human", "hard"]}}), "utf-8")


def test_a_migrated_old_save_never_overwrites_the_current_match(storage):
    current = _record("marriage", extra=1, seed=1)
    storage.save_match(current, _setup())
    old = _record("marriage", extra=2, seed=2)
    _legacy(storage, old)
    fresh = Storage(storage.config_dir, storage.data_dir)
    found = {m.slot: m.text for m in fresh.saved_matches()}
    assert found == {"marriage": current, "marriage-earlier": old}
    text, setup = fresh.load_match("marriage-earlier")
    fresh.save_match(text, setup)  # continuing the old one ...
    assert fresh.match_paths("marriage")[0].read_text("utf-8") == current  # ... keeps this
    assert fresh.take_reports() == []


def test_an_existing_earlier_pair_is_kept_and_the_next_free_name_taken(storage):
    first = _record("marriage", extra=1, seed=1)
    storage.save_match(first, _setup())
    _legacy(storage, _record("marriage", extra=1, seed=2))
    Storage(storage.config_dir, storage.data_dir).saved_matches()  # -> marriage-earlier
    third = _record("marriage", extra=1, seed=3)
    _legacy(storage, third)
    fresh = Storage(storage.config_dir, storage.data_dir)
    slots = sorted(m.slot for m in fresh.saved_matches())
    assert slots == ["marriage", "marriage-earlier", "marriage-earlier-2"]
    assert fresh.load_match("marriage-earlier-2")[0] == third
    assert list(storage.data_dir.rglob("*.corrupt-*")) == [] and fresh.take_reports() == []


# --- a saved match is checked as a match ---------------------------------------------------------
_whole = whole_match_record


def _put(storage, slot: str, text: str, setup) -> None:
    import json

    from game.ui.storage import setup_to_dict

    text_path, setup_path = storage.match_paths(slot)
    text_path.parent.mkdir(parents=True, exist_ok=True)
    setup_path.write_text(json.dumps({"version": 1, "setup": setup_to_dict(setup)}), "utf-8")
    text_path.write_text(text, "utf-8")


@pytest.mark.parametrize("variant", ["marriage", "marias"])
def test_a_save_past_the_matchs_end_is_refused_and_kept_aside(storage, variant):
    text = _whole(1, variant) + _whole(2, variant) + _record(variant, extra=1, seed=3)
    _put(storage, variant, text, _setup(variant))
    storage.export_deal(_record(), "marriage", key="realdeal")  # the player's history
    assert storage.saved_matches() == []
    reports = storage.take_reports()
    assert [k for k, _ in reports] == ["ui.notice_save_corrupt"]
    assert "after the match's end" in reports[0][1]["detail"]
    aside = list(storage.matches_dir.glob(f"{variant}.txt.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text("utf-8") == text
    assert storage.stats.games == {}  # nothing of it was counted ...
    assert [p.name for p in storage.list_history()] == [  # ... or filed
        p.name for p in storage.history_dir.glob("*realdeal*")]


def test_hundreds_of_finished_deals_are_not_a_match(storage):
    text = "".join(_whole(seed) for seed in range(1, 60))
    _put(storage, "marriage", text, _setup())
    assert storage.saved_matches() == []
    assert [k for k, _ in storage.take_reports()] == ["ui.notice_save_corrupt"]
    assert storage.stats.games == {} and storage.list_history() == []


def test_a_match_whose_last_deal_ended_it_is_filed_not_offered_nor_called_damaged(storage):
    """The program stopped between saving the match's last action and filing it."""
    text = _whole(4)
    _put(storage, "marriage", text, _setup())
    assert storage.saved_matches() == [] and storage.take_reports() == []
    assert storage.stats.of("marriage").matches_played == 1
    assert not any(p.exists() for p in storage.match_paths("marriage"))


def test_a_save_larger_than_any_match_is_refused_without_reading_it(storage, monkeypatch):
    from game.ui import storage as storage_module

    text = _record(extra=1)
    _put(storage, "marriage", text, _setup())
    with open(storage.match_paths("marriage")[0], "r+b") as fh:
        fh.truncate(14 * 1024 * 1024)  # 14 MB (sparse: cheap to make)
    asked: list[int] = []  # bytes read
    real_open = open

    class Counting:
        def __init__(self, fh):
            self.fh = fh

        def read(self, n=-1):
            data = self.fh.read(n)
            asked.append(len(data))
            return data

        def __getattr__(self, name):
            return getattr(self.fh, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

    monkeypatch.setattr(storage_module, "open", lambda *a, **k: Counting(real_open(*a, **k)),
                        raising=False)
    assert storage.saved_matches() == []
    reports = storage.take_reports()
    assert [k for k, _ in reports] == ["ui.notice_save_corrupt"]
    assert sum(asked) <= 64 * 1024, asked  # the setup and a header only
    assert len(list(storage.matches_dir.glob("marriage.txt.corrupt-*"))) == 1


@pytest.mark.parametrize("variant", ["marriage", "sixty-six", "sixty-six-3", "marias"])
def test_the_longest_real_match_fits_the_size_bound(variant):
    """The bound is a match's, not a guess: every deal of a played match is far below the
    per-deal share, and a whole played match far below the whole."""
    from game.rules.options import make_options
    from game.ui.storage import MAX_DEAL_BYTES, longest_match, save_limit

    for seed in range(1, 9):
        text = _whole(seed, variant)
        deals = text.count("variant:")
        assert deals <= longest_match(variant, make_options(variant))
        assert len(text.encode()) / deals < MAX_DEAL_BYTES / 3
        assert len(text.encode()) < save_limit(variant, {})


# --- a newer version's files are kept ------------------------------------------------------------
def test_unknown_settings_fields_survive_a_rewrite(storage):
    import json

    data = {**Settings(player_name="Eva").to_dict(), "board_theme": "walnut",
            "hotkeys": {"hint": "F1"}}
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps(data), "utf-8")
    s = storage.load_settings()
    assert s.player_name == "Eva" and storage.take_reports() == []
    s.volume = 0.3
    assert storage.save_settings(s)
    back = json.loads(storage.settings_path.read_text("utf-8"))
    assert back["board_theme"] == "walnut" and back["hotkeys"] == {"hint": "F1"}
    assert back["volume"] == 0.3


def test_a_newer_versions_settings_are_used_and_never_rewritten(storage):
    import json

    data = {**Settings(player_name="Eva", language="cs").to_dict(), "version": 2,
            "language": "de", "board_theme": "walnut"}
    raw = json.dumps(data).encode()
    storage.config_dir.mkdir(parents=True)
    storage.settings_path.write_bytes(raw)
    s = storage.load_settings()
    assert s.player_name == "Eva" and s.language == "en"  # what this version understands
    assert [k for k, _ in storage.take_reports()] == ["ui.notice_newer_file"]
    s.volume = 0.3
    assert not storage.save_settings(s)
    assert storage.settings_path.read_bytes() == raw
    assert list(storage.config_dir.glob("*.corrupt-*")) == []


def test_a_newer_versions_statistics_are_used_and_never_rewritten(storage):
    import json

    data = {"version": 2, "games": {"marriage": {"deals_played": 3, "deals_won": 1,
                                                 "elo_by_month": {"2026-11": 1010}},
                                    "tarock": {"deals_played": 1}},
            "seen": ["a"], "achievements": ["first-66"]}
    raw = json.dumps(data).encode()
    storage.data_dir.mkdir(parents=True)
    storage.stats_path.write_bytes(raw)
    assert storage.stats.of("marriage").deals_played == 3
    assert [k for k, _ in storage.take_reports()] == ["ui.notice_newer_file"]
    storage.record_deal("marriage", {"key": "k", "won": True, "points": 1})
    assert storage.stats_path.read_bytes() == raw
    assert list(storage.data_dir.glob("*.corrupt-*")) == []


def test_unknown_statistics_fields_survive_a_rewrite(storage):
    import json

    data = {"version": 1, "games": {"marriage": {"deals_played": 3, "deals_won": 1,
                                                 "elo_by_month": {"2026-11": 1010}}},
            "seen": ["a"], "achievements": ["first-66"]}
    storage.data_dir.mkdir(parents=True)
    storage.stats_path.write_text(json.dumps(data), "utf-8")
    storage.record_deal("marriage", {"key": "k", "won": True, "points": 1})
    back = json.loads(storage.stats_path.read_text("utf-8"))
    assert back["achievements"] == ["first-66"]
    assert back["games"]["marriage"]["elo_by_month"] == {"2026-11": 1010}
    assert back["games"]["marriage"]["deals_played"] == 4
    assert storage.take_reports() == []


def test_a_folder_in_place_of_a_file_leaves_no_file_open(storage):
    import os

    storage.save_match(_record(), _setup())
    for path in (storage.settings_path, storage.match_paths("marriage")[0]):
        path.unlink(missing_ok=True)
        path.mkdir(parents=True)
    before = len(os.listdir("/proc/self/fd"))
    fresh = Storage(storage.config_dir, storage.data_dir)
    fresh.load_settings()
    fresh.saved_matches()
    assert len(os.listdir("/proc/self/fd")) == before
