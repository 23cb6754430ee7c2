"""The seat tokens hosts gave this player, kept on disk so a restarted program sits down again.

A host hands a taken seat only to the token it gave (a name alone never gets a hand), so
a player whose program closed in the middle of a match — a crash, a reboot, the window
closed by mistake — needs that token to return to the same table.  The tokens are kept in
the data folder by table address, port and name, newest first, a handful at most and for
a week at most: a table is played in an evening, and an old token only names a seat at a
table that has long closed.

The file is the program's own; one that cannot be read is moved aside and reported like
the settings (the player is told that a table left earlier cannot be rejoined from it).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.net import protocol as P
from game.rules.files import atomic_write

from ..storage import Storage, decode_json, read_bounded, something_at

log = logging.getLogger(__name__)

FILE_NAME = "net-seats.json"
VERSION = 1
#: How many tables are remembered (a player sits at one at a time; a few spare).
KEEP = 16
#: A token older than this is forgotten: no table waits a week for a player.
MAX_AGE_S = 7 * 24 * 3600.0
#: The file holds at most KEEP short entries; anything larger is not ours.
MAX_BYTES = 64 * 1024
NOTICE_SEATS_RESET = "ui.notice_seats_reset"


@dataclass(frozen=True)
class SeatToken:
    address: str
    port: int
    name: str
    token: str
    at: float

    def key(self) -> tuple[str, int, str]:
        return table_key(self.address, self.port, self.name)


def table_key(address: str, port: int, name: str) -> tuple[str, int, str]:
    """Addresses and names as the host compares them (case and spacing do not matter)."""
    return address.strip().lower(), int(port), P.clean_text(name, P.MAX_NAME).casefold()


class SeatTokens:
    """The remembered tokens, read from the data folder of ``storage`` (None: this run only)."""

    def __init__(self, storage: Storage | None, clock: Callable[[], float] = time.time):
        self.storage = storage
        self.clock = clock
        self._entries: list[SeatToken] | None = None
        #: Written by a newer version: read, used, never rewritten (nothing of it is lost).
        self._newer = False

    @property
    def path(self) -> Path | None:
        return None if self.storage is None else self.storage.data_dir / FILE_NAME

    def get(self, address: str, port: int, name: str) -> str | None:
        """The token last given to ``name`` at that table, if it is still worth trying."""
        key = table_key(address, port, name)
        for entry in self._load():
            if entry.key() == key:
                return entry.token
        return None

    def put(self, address: str, port: int, name: str, token: str) -> None:
        """Remember the token a host gave (written at once: the program may not close well)."""
        key = table_key(address, port, name)
        entries = self._load()
        if entries and entries[0].key() == key and entries[0].token == token:
            return
        fresh = SeatToken(address.strip()[:60], int(port), P.clean_text(name, P.MAX_NAME),
                          str(token)[:200], self.clock())
        self._entries = [fresh] + [e for e in entries if e.key() != key][:KEEP - 1]
        self._write()

    # --- the file ------------------------------------------------------------------------
    def _load(self) -> list[SeatToken]:
        if self._entries is None:
            self._entries = self._read()
        now = self.clock()
        self._entries = [e for e in self._entries if 0 <= now - e.at <= MAX_AGE_S]
        return self._entries

    def _read(self) -> list[SeatToken]:
        path = self.path
        if path is None or self.storage is None:
            return []
        try:
            if not something_at(path):
                return []
            data = decode_json(read_bounded(path, MAX_BYTES))
            entries = _entries_from(data)
            self._newer = data["version"] > VERSION
            return entries
        except (OSError, ValueError) as exc:
            moved = self.storage.move_aside(path)
            self.storage.report(NOTICE_SEATS_RESET, str(exc),
                                file=moved.name if moved is not None else "",
                                folder=str(path.parent))
            return []

    def _write(self) -> None:
        path = self.path
        if path is None or self.storage is None or self._newer:
            return
        data = {"version": VERSION,
                "seats": [{"address": e.address, "port": e.port, "name": e.name,
                           "token": e.token, "at": round(e.at, 3)}
                          for e in self._entries or []]}
        try:
            atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False))
        except OSError as exc:  # the seat still works this run; only a restart loses it
            log.warning("cannot keep the seat tokens in %s: %s", path, exc)


def _entries_from(data: object) -> list[SeatToken]:
    """The entries of a file we wrote; ValueError for anything else."""
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("not a list of seats")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise ValueError(f"unknown version {str(version)[:20]!r}")
    out: list[SeatToken] = []
    for item in data["seats"][:KEEP]:
        if not isinstance(item, dict):
            raise ValueError("a seat is not an object")
        address, port, name = item.get("address"), item.get("port"), item.get("name")
        token, at = item.get("token"), item.get("at")
        if not (isinstance(address, str) and isinstance(name, str) and isinstance(token, str)
                and isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536
                and isinstance(at, (int, float)) and not isinstance(at, bool)):
            raise ValueError("a seat has a missing or wrong field")
        out.append(SeatToken(address, port, name, token, float(at)))
    return out
