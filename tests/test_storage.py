"""Settings, saves, statistics and history on disk: atomic, forgiving, never losing data."""

from __future__ import annotations

import json
import os
import random

import pytest

from game.rules import CARD_STR, random_deck
from game.ui.session import GameSetup
from game.ui.settings import Settings
from game.ui.storage import Storage, atomic_write
from tests.random_play import played


@pytest.fixture
def storage(tmp_path):
    return Storage(config_dir=tmp_path / "config", data_dir=tmp_path / "data")


def record(variant: str = "marriage", actions: str = "") -> str:
    deck = " ".join(CARD_STR[c] for c in random_deck(variant, random.Random(5)))
    return f"variant: {variant}\ndealer: 0\ndeck: {deck}\n{actions}"


def test_settings_round_trip(storage):
    s = Settings(language="ru", volume=0.25, player_name="Ада", window_size=(1600, 900),
                 default_levels={"marias": ["hard", "easy"]},
                 rule_options={"marriage": {"match_points": 5}}, ui_scale=1.3, sound=False)
    assert storage.save_settings(s)
    back = storage.load_settings()
    assert back == s
    assert storage.reports == []


def test_missing_settings_are_defaults_without_report(storage):
    assert storage.load_settings() == Settings()
    assert storage.reports == []


@pytest.mark.parametrize("content", ["{not json", "[1, 2, 3]", '{"version": 0}', "\x00\x01"])
def test_corrupt_settings_reported_once_and_replaced(storage, content):
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(content, encoding="utf-8")
    assert storage.load_settings() == Settings()
    reports = storage.take_reports()
    assert [key for key, _ in reports] == ["ui.notice_settings_reset"]
    aside = list(storage.config_dir.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content
    # The next start finds no file: defaults again, and no second report.
    assert storage.load_settings() == Settings()
    assert storage.take_reports() == []


def test_bad_fields_fall_back_individually(storage):
    storage.settings_path.parent.mkdir(parents=True)
    storage.settings_path.write_text(json.dumps(
        {"language": "xx", "volume": "loud", "player_name": "Eva", "unknown": 1}), "utf-8")
    s = storage.load_settings()
    assert s.player_name == "Eva" and s.language == "en" and s.volume == Settings().volume


def test_match_round_trip_and_clear(storage):
    setup = GameSetup("marias", {"rounds": 1}, ["human", "hard", "easy"], seed=3, practice=True)
    text = record("marias")
    assert storage.save_match(text, setup)
    assert storage.has_match()
    assert storage.load_match() == (text, setup)
    storage.clear_match()
    assert not storage.has_match() and storage.load_match() is None


def test_corrupt_save_moved_aside_and_other_data_kept(storage):
    s = Settings(player_name="Keep me")
    storage.save_settings(s)
    storage.record_deal("marriage", {"key": "k1", "won": True, "points": 2})
    storage.export_deal(record(), "marriage", key="abc")
    storage.save_match(record(), GameSetup("marriage"))
    text_path, setup_path = storage.match_paths("marriage")
    text_path.write_text("variant: nonsense\ngarbage", encoding="utf-8")
    assert storage.load_match() is None
    assert [k for k, _ in storage.take_reports()] == ["ui.notice_save_corrupt"]
    assert not text_path.exists() and not setup_path.exists()
    assert len(list(storage.matches_dir.glob("marriage.txt.corrupt-*"))) == 1
    assert len(list(storage.matches_dir.glob("marriage.json.corrupt-*"))) == 1
    fresh = Storage(storage.config_dir, storage.data_dir)
    assert fresh.load_settings().player_name == "Keep me"
    assert fresh.stats.of("marriage").deals_won == 1
    assert len(fresh.list_history()) == 1


def test_corrupt_sidecar_is_reported_and_rebuilt_from_the_record(storage):
    storage.save_match(record(), GameSetup("marriage", seats=["human", "hard"]))
    storage.match_paths("marriage")[1].write_text('{"setup": 5}', encoding="utf-8")
    text, setup = storage.load_match()
    assert text == record() and setup == GameSetup("marriage", {"match_points": 7},
                                                   seats=["human", "normal"])
    assert storage.take_reports()[0][0] == "ui.notice_save_salvaged"
    assert len(list(storage.matches_dir.glob("marriage.json.corrupt-*"))) == 1


def test_a_sidecar_without_its_record_is_a_first_save_cut_short_not_damage(storage):
    """Killed between the two files of a match's first save (the sidecar goes first):
    nothing was played, so there is no match to offer and nothing to report."""
    storage.save_match(record(), GameSetup("marriage", seats=["human", "hard"]))
    text_path, setup_path = storage.match_paths("marriage")
    text_path.unlink()
    fresh = Storage(storage.config_dir, storage.data_dir)
    assert fresh.load_match() is None
    assert fresh.take_reports() == []
    assert not list(fresh.matches_dir.glob("*.corrupt-*"))
    assert not setup_path.exists()


def test_atomic_write_leaves_old_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "f.txt"
    atomic_write(target, "old content")

    def boom(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        atomic_write(target, "new content that never lands")
    assert target.read_text() == "old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.txt"]  # no temp file left


def test_atomic_write_interrupted_replace(tmp_path, monkeypatch):
    target = tmp_path / "g.txt"
    atomic_write(target, "v1")
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(OSError("crash")))
    with pytest.raises(OSError):
        atomic_write(target, "v2")
    assert target.read_text() == "v1"
    assert [p.name for p in tmp_path.iterdir()] == ["g.txt"]


def test_save_failure_is_reported_not_raised(storage, monkeypatch):
    monkeypatch.setattr("game.ui.storage.atomic_write",
                        lambda *a, **k: (_ for _ in ()).throw(OSError("read-only")))
    assert storage.save_settings(Settings()) is False
    assert storage.save_match("x", GameSetup("marriage")) is False
    assert {k for k, _ in storage.take_reports()} == {"ui.notice_save_failed"}


def test_stats_dedupe_and_corrupt_stats(storage):
    assert storage.record_deal("sixty-six", {"key": "a", "won": True, "points": 3})
    assert not storage.record_deal("sixty-six", {"key": "a", "won": True, "points": 3})
    assert storage.record_match("sixty-six", True, key="m")
    assert not storage.record_match("sixty-six", True, key="m")
    assert Storage(storage.config_dir, storage.data_dir).stats.of("sixty-six").points_total == 3
    storage.stats_path.write_text("{broken", encoding="utf-8")
    other = Storage(storage.config_dir, storage.data_dir)
    assert other.stats.games == {}
    assert other.take_reports()[0][0] == "ui.notice_stats_reset"


def test_history_export_once_per_key(storage):
    p1 = storage.export_deal(record(), "marriage", key="0123456789")
    p2 = storage.export_deal(record(), "marriage", key="0123456789")
    assert p1 == p2 and p1.parent == storage.history_dir
    assert storage.list_history() == [p1]


def _played(variant: str, seed: int = 3):
    return played(variant, None, seed)


@pytest.mark.parametrize("variant", ["marriage", "marias"])
def test_saving_files_finished_deals_and_the_match_once(storage, variant):
    from game.rules import write_record

    m = _played(variant)
    setup = GameSetup(variant, seats=["human"] + ["normal"] * (m.players - 1))
    for k in range(1, len(m.deals) + 1):  # the table saves as the match grows
        storage.save_match(write_record(m.deals[:k]), setup)
        storage.save_match("# a comment\n" + write_record(m.deals[:k]), setup)
    s = storage.stats.of(variant)
    assert s.deals_played == len(m.deals)
    assert s.matches_played == 1
    assert s.matches_won == (0 in m.winners())
    assert len(storage.list_history()) == len(m.deals)
    assert not storage.has_match()  # a finished match is nothing to continue


def test_practice_games_are_kept_in_history_but_not_statistics(storage):
    from game.rules import write_record

    m = _played("marriage")
    setup = GameSetup("marriage", seats=["human", "normal"], practice=True)
    storage.save_match(write_record(m.deals), setup)
    assert storage.stats.games == {} or storage.stats.of("marriage").deals_played == 0
    assert len(storage.list_history()) == len(m.deals)
    assert not storage.has_match()


def test_bot_only_games_are_not_statistics(storage):
    from game.rules import write_record

    m = _played("sixty-six")
    storage.save_match(write_record(m.deals), GameSetup("sixty-six", seats=["easy", "hard"]))
    assert storage.stats.games == {} and storage.list_history() == []


def test_background_saves_are_flushed_before_reading(tmp_path):
    st = Storage(tmp_path / "c", tmp_path / "d", background=True)
    setup = GameSetup("marriage")
    texts = [record(actions="") + f"# {i}\n" for i in range(20)]
    for t in texts:
        st.save_match(t, setup)
    assert st.load_match() == (texts[-1], setup)
    st.clear_match()
    assert not st.has_match()
