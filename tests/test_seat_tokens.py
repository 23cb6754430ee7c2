"""The seat tokens kept across a restart: found again, bounded, and a bad file never a crash."""

from __future__ import annotations

import json
import os

import pytest

from game.ui.i18n import tr
from game.ui.netplay.seat_tokens import (
    FILE_NAME,
    KEEP,
    MAX_AGE_S,
    NOTICE_SEATS_RESET,
    SeatTokens,
)
from game.ui.storage import Storage


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def storage(tmp_path) -> Storage:
    return Storage(tmp_path / "cfg", tmp_path / "data")


def test_a_token_is_found_again_by_a_fresh_store(storage):
    clock = Clock()
    SeatTokens(storage, clock).put("192.168.1.5", 50066, "Dora", "secret-1")
    again = SeatTokens(storage, clock)
    assert again.get("192.168.1.5", 50066, "Dora") == "secret-1"
    assert again.get(" 192.168.1.5 ", 50066, " DORA ") == "secret-1"  # as the host compares
    assert again.get("192.168.1.5", 50067, "Dora") is None
    assert again.get("192.168.1.5", 50066, "Vera") is None
    assert storage.take_reports() == []


def test_a_new_token_replaces_the_old_one_and_the_list_stays_short(storage):
    clock = Clock()
    tokens = SeatTokens(storage, clock)
    tokens.put("10.0.0.1", 50066, "Dora", "old")
    tokens.put("10.0.0.1", 50066, "dora", "new")
    for port in range(KEEP + 5):
        clock.now += 1
        tokens.put("10.0.0.2", 1000 + port, "Dora", f"t{port}")
    data = json.loads((storage.data_dir / FILE_NAME).read_text("utf-8"))
    assert len(data["seats"]) == KEEP
    fresh = SeatTokens(storage, clock)
    assert fresh.get("10.0.0.2", 1000 + KEEP + 4, "Dora") == f"t{KEEP + 4}"  # newest kept
    assert fresh.get("10.0.0.1", 50066, "Dora") is None  # oldest dropped


def test_a_week_old_token_is_forgotten(storage):
    clock = Clock()
    SeatTokens(storage, clock).put("10.0.0.1", 50066, "Dora", "secret")
    clock.now += MAX_AGE_S - 60
    assert SeatTokens(storage, clock).get("10.0.0.1", 50066, "Dora") == "secret"
    clock.now += 120
    assert SeatTokens(storage, clock).get("10.0.0.1", 50066, "Dora") is None


@pytest.mark.parametrize("content", [b"{not json", b"[]", b'{"version": 1, "seats": [1]}',
                                     b'{"version": 1, "seats": [{"address": "a"}]}',
                                     b'{"version": "1", "seats": []}', b"\xff\xfe\x00",
                                     b" " * (70 * 1024)])
def test_a_damaged_file_is_moved_aside_and_said(storage, content):
    path = storage.data_dir / FILE_NAME
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    tokens = SeatTokens(storage, Clock())
    assert tokens.get("10.0.0.1", 50066, "Dora") is None
    (key, params), = storage.take_reports()
    assert key == NOTICE_SEATS_RESET and params["file"].startswith(FILE_NAME + ".corrupt-")
    assert (path.parent / params["file"]).read_bytes() == content  # kept for the player
    tokens.put("10.0.0.1", 50066, "Dora", "secret")  # and a new list is started
    assert SeatTokens(storage, Clock()).get("10.0.0.1", 50066, "Dora") == "secret"
    for lang in ("en", "ru", "cs"):
        text = tr(NOTICE_SEATS_RESET, lang=lang, **params)
        assert params["file"] in text and "%{" not in text


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_in_place_of_the_file_is_refused_without_waiting(storage):
    path = storage.data_dir / FILE_NAME
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    assert SeatTokens(storage, Clock()).get("10.0.0.1", 50066, "Dora") is None
    assert [k for k, _ in storage.take_reports()] == [NOTICE_SEATS_RESET]


def test_a_newer_versions_file_is_used_and_never_rewritten(storage):
    path = storage.data_dir / FILE_NAME
    path.parent.mkdir(parents=True)
    clock = Clock()
    text = json.dumps({"version": 2, "future": True, "seats": [
        {"address": "10.0.0.1", "port": 50066, "name": "Dora", "token": "s", "at": clock.now,
         "colour": "red"}]})
    path.write_text(text, "utf-8")
    tokens = SeatTokens(storage, clock)
    assert tokens.get("10.0.0.1", 50066, "Dora") == "s"
    tokens.put("10.0.0.1", 50066, "Vera", "t")
    assert tokens.get("10.0.0.1", 50066, "Vera") == "t"  # this run still knows it
    assert path.read_text("utf-8") == text
    assert storage.take_reports() == []


def test_a_folder_that_cannot_be_written_costs_only_the_restart(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    storage = Storage(tmp_path / "cfg", blocker)
    tokens = SeatTokens(storage, Clock())
    tokens.put("10.0.0.1", 50066, "Dora", "secret")  # no exception
    assert tokens.get("10.0.0.1", 50066, "Dora") == "secret"
