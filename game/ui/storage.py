"""Everything the program keeps on disk: settings, the match in progress, statistics, history.

Why atomic writes everywhere: the match is saved after every action, so a crash,
a power cut or a full disk at the wrong moment must never leave a half-written
file behind.  :func:`atomic_write` writes a temporary file in the same folder,
fsyncs it and ``os.replace``-s it over the old one (atomic on POSIX and Windows).

Why files are moved aside rather than deleted: a file we cannot read is reported
once (``Storage.reports``, shown by the menu) and renamed ``NAME.corrupt-TIMESTAMP``,
so the player (or a bug report) still has it, and no other file is touched.

Layout (``game.paths``; ``MARRIAGE_TABLE_HOME`` overrides for tests)::

    user_config_dir()/settings.json
    user_data_dir()/match.txt         deal records of the match in progress (NOTATION.md)
    user_data_dir()/match.json        its GameSetup sidecar
    user_data_dir()/stats.json        game.ui.stats.Stats
    user_data_dir()/history/*.txt     one record file per finished deal

The table's interface (registered as ``app.services["storage"]``)::

    storage.save_match(record_text, setup)     after every action
    storage.load_match() -> (text, setup) | None
    storage.clear_match()                      when the match is over or abandoned
    storage.record_deal(variant, deal_summary) see game.ui.stats (the score sheet does it)
    storage.record_match(variant, won, key)    (the match result scene does it)
    storage.export_deal(record_text, variant)  -> Path in history/ (the score sheet does it)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import threading
import time
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from game.paths import user_config_dir, user_data_dir

from .session import GameSetup
from .settings import SETTINGS_VERSION, Settings, settings_from_dict
from .stats import Stats

log = logging.getLogger(__name__)

#: How many hand-history files are kept (oldest are removed first).
HISTORY_KEPT = 500


def atomic_write(path: Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never a part."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; harmless elsewhere)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    return asdict(setup)


def setup_from_dict(data: Any) -> GameSetup:
    """Raises ValueError on anything that is not a GameSetup written by us."""
    if not isinstance(data, dict) or not isinstance(data.get("variant"), str):
        raise ValueError("the setup has no variant")
    known = {f.name for f in fields(GameSetup)}
    values = {k: v for k, v in data.items() if k in known}
    setup = GameSetup(**values)
    if not isinstance(setup.options, dict) or not isinstance(setup.seats, list):
        raise ValueError("the setup's options or seats are malformed")
    return setup


class Storage:
    """The program's files; every problem becomes a message in :attr:`reports`, never a crash."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None,
                 background: bool = False):
        self.config_dir = Path(config_dir) if config_dir else user_config_dir()
        self.data_dir = Path(data_dir) if data_dir else user_data_dir()
        #: Save the match on a writer thread: an fsync costs ~10 ms, a frame only has 16.
        self.background = background
        self._lock = threading.RLock()
        self._pending: tuple[str, GameSetup] | None = None
        self._wake = threading.Condition()
        self._busy = False
        self._writer: threading.Thread | None = None
        #: Messages for the player (``(translation key, detail)``), shown once by the menu.
        self.reports: list[tuple[str, str]] = []
        self._stats: Stats | None = None
        #: Deal text hash -> (score, options) of deals already filed by file_finished.
        self._filed: dict[str, tuple[list[int], dict[str, Any]]] = {}

    # --- paths ---------------------------------------------------------------------------
    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def match_path(self) -> Path:
        return self.data_dir / "match.txt"

    @property
    def setup_path(self) -> Path:
        return self.data_dir / "match.json"

    @property
    def stats_path(self) -> Path:
        return self.data_dir / "stats.json"

    @property
    def history_dir(self) -> Path:
        return self.data_dir / "history"

    # --- reports and quarantine ------------------------------------------------------------
    def report(self, key: str, detail: str) -> None:
        log.warning("%s: %s", key, detail)
        if (key, detail) not in self.reports:
            self.reports.append((key, detail))

    def take_reports(self) -> list[tuple[str, str]]:
        """The pending messages, each handed out once."""
        out, self.reports = self.reports, []
        return out

    def move_aside(self, path: Path) -> Path | None:
        """Rename an unreadable file to ``NAME.corrupt-TIMESTAMP`` (keeps it for the player)."""
        if not path.exists():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
        except OSError as exc:
            log.error("cannot move %s aside: %s", path, exc)
            return None
        return target

    def _read_json(self, path: Path) -> Any:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)

    # --- settings ------------------------------------------------------------------------
    def load_settings(self) -> Settings:
        """The saved settings, or defaults (a corrupt/unknown file is reported and moved aside)."""
        path = self.settings_path
        if not path.exists():
            return Settings()
        try:
            data = self._read_json(path)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            version = data.get("version", SETTINGS_VERSION)
            if not isinstance(version, int) or version > SETTINGS_VERSION:
                raise ValueError(f"unknown settings version {version!r}")
        except (OSError, ValueError) as exc:
            moved = self.move_aside(path)
            detail = f"{exc}" + (f" → {moved.name}" if moved else "")
            self.report("ui.notice_settings_reset", detail)
            return Settings()
        settings, problems = settings_from_dict(data)
        if problems:
            log.warning("settings: reset to default: %s", "; ".join(problems))
        return settings

    def save_settings(self, settings: Settings) -> bool:
        try:
            atomic_write(self.settings_path, json.dumps(settings.to_dict(), indent=2,
                                                        ensure_ascii=False))
            return True
        except OSError as exc:
            self.report("ui.notice_save_failed", str(exc))
            return False

    # --- the match in progress -------------------------------------------------------------
    def save_match(self, record_text: str, setup: GameSetup) -> bool:
        """Save after every action.  The sidecar goes first: it does not change during a match.

        Finished deals found in the record are filed on the way (statistics and hand
        history), so they are counted even when the player skips the score sheet.
        With ``background`` the write happens on the writer thread (newest state wins;
        :meth:`flush` waits for it); every reader here flushes first.
        """
        if not self.background:
            return self._save_match_now(record_text, setup)
        with self._wake:
            self._pending = (record_text, setup)
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_loop, daemon=True,
                                                name="match-writer")
                self._writer.start()
            self._wake.notify_all()
        return True

    def _write_loop(self) -> None:
        while True:
            with self._wake:
                while self._pending is None:
                    self._busy = False
                    self._wake.notify_all()
                    if not self._wake.wait(timeout=5.0) and self._pending is None:
                        return  # idle: the next save starts a new writer
                job, self._pending = self._pending, None
                self._busy = True
            self._save_match_now(*job)

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until the last requested match save is on disk."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while (self._pending is not None or self._busy) and self._writer is not None \
                    and self._writer.is_alive():
                if not self._wake.wait(timeout=max(0.0, deadline - time.monotonic())):
                    break

    def _save_match_now(self, record_text: str, setup: GameSetup) -> bool:
        try:
            sidecar = json.dumps({"version": 1, "setup": setup_to_dict(setup)}, indent=1)
            if not self.setup_path.exists() or self.setup_path.read_text("utf-8") != sidecar:
                atomic_write(self.setup_path, sidecar)
            atomic_write(self.match_path, record_text)
        except (OSError, UnicodeDecodeError) as exc:
            self.report("ui.notice_save_failed", str(exc))
            return False
        try:
            self.file_finished(record_text, setup)
        except Exception:  # noqa: BLE001 - statistics are a comfort, never a failed save
            log.exception("could not file the finished deals")
        return True

    def file_finished(self, record_text: str, setup: GameSetup) -> int:
        """Count and export every finished deal of a match record not filed yet.

        Only deals with a human seat count (bot-only games are demos).  Deals already
        seen are skipped by a hash of their text, so only the deal in play is replayed
        per action.  Returns the number of deals filed now.
        """
        if "human" not in (setup.seats or []):
            return 0
        from game.rules import write_deal
        from game.rules.record import parse_record, replay_deal

        from .stats import deal_key, summarise_deal

        human = setup.seats.index("human")
        # One chunk per deal; whatever precedes the first "variant:" (comments) is dropped.
        chunks = [c for c in ("\n" + record_text).split("\nvariant:")[1:] if c.strip()]
        filed = 0
        totals: list[int] = []
        deals_over = 0
        for chunk in chunks:
            text = "variant:" + chunk
            digest = deal_key(text)
            done = self._filed.get(digest)
            if done is None:
                deal = replay_deal(parse_record(text)[0])
                if not deal.is_over():
                    return filed
                summary = summarise_deal(deal, human)
                if not setup.practice:  # practice deals stay out of the statistics
                    self.record_deal(deal.variant, summary)
                self.export_deal(write_deal(deal), deal.variant, key=summary["key"])
                score = deal.score() or [0] * deal.players
                done = self._filed[digest] = (score, dict(deal.options))
                filed += 1
            score, options = done
            totals = [a + b for a, b in zip(totals, score)] if totals else list(score)
            deals_over += 1
        if totals and self._match_over(setup.variant, options, totals, deals_over):
            best = max(totals)
            match_text = "\n".join("variant:" + c for c in chunks)  # == write_record(deals)
            if not setup.practice:
                self.record_match(setup.variant, totals[human] == best,
                                  key=deal_key(match_text))
            self._remove_match_files()  # a finished match is nothing to continue
        return filed

    @staticmethod
    def _match_over(variant: str, options: dict[str, Any], totals: list[int], deals: int) -> bool:
        from game.rules.match import match_over
        from game.rules.options import make_options

        return match_over(variant, make_options(variant, options), totals, deals)

    def has_match(self) -> bool:
        self.flush()
        return self.match_path.exists() and self.setup_path.exists()

    def load_match(self) -> tuple[str, GameSetup] | None:
        """The saved match, or None; an unreadable one is reported and moved aside."""
        self.flush()
        if not self.match_path.exists() and not self.setup_path.exists():
            return None
        try:
            text = self.match_path.read_text("utf-8")
            data = self._read_json(self.setup_path)
            if not isinstance(data, dict):
                raise ValueError("the setup file is not a JSON object")
            setup = setup_from_dict(data.get("setup"))
            from game.rules import parse_record

            records = parse_record(text)
            if any(r.variant != setup.variant for r in records):
                raise ValueError("the record and the setup are of different games")
        except Exception as exc:  # noqa: BLE001 - any unreadable save is reported, never fatal
            for path in (self.match_path, self.setup_path):
                self.move_aside(path)
            self.report("ui.notice_save_corrupt", str(exc))
            return None
        return text, setup

    def clear_match(self) -> None:
        self.flush()
        self._remove_match_files()

    def _remove_match_files(self) -> None:
        """Without flushing: also called on the writer thread itself."""
        for path in (self.match_path, self.setup_path):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    # --- statistics -----------------------------------------------------------------------
    @property
    def stats(self) -> Stats:
        if self._stats is None:
            self._stats = self._load_stats()
        return self._stats

    def _load_stats(self) -> Stats:
        if not self.stats_path.exists():
            return Stats()
        try:
            return Stats.from_dict(self._read_json(self.stats_path))
        except (OSError, ValueError, TypeError) as exc:
            moved = self.move_aside(self.stats_path)
            self.report("ui.notice_stats_reset", f"{exc}" + (f" → {moved.name}" if moved else ""))
            return Stats()

    def save_stats(self) -> bool:
        try:
            atomic_write(self.stats_path, json.dumps(self.stats.to_dict(), indent=1))
            return True
        except OSError as exc:
            self.report("ui.notice_save_failed", str(exc))
            return False

    def record_deal(self, variant: str, deal_summary: dict[str, Any]) -> bool:
        """Count a finished deal (see game.ui.stats); False if its key was already counted."""
        with self._lock:
            counted = self.stats.record_deal(variant, deal_summary)
            if counted:
                self.save_stats()
        return counted

    def record_match(self, variant: str, won: bool, key: str | None = None) -> bool:
        with self._lock:
            counted = self.stats.record_match(variant, won, key)
            if counted:
                self.save_stats()
        return counted

    # --- hand history ---------------------------------------------------------------------
    def export_deal(self, record_text: str, variant: str, key: str | None = None) -> Path | None:
        """Write one deal's record to ``history/``; the same ``key`` is written only once."""
        folder = self.history_dir
        stamp = time.strftime("%Y%m%d-%H%M%S")
        suffix = f"-{key[:8]}" if key else ""
        if key:
            existing = list(folder.glob(f"*{suffix}.txt")) if folder.exists() else []
            if existing:
                return existing[0]
        path = folder / f"{stamp}-{variant}{suffix}.txt"
        try:
            atomic_write(path, record_text)
        except OSError as exc:
            self.report("ui.notice_save_failed", str(exc))
            return None
        self._trim_history()
        return path

    def list_history(self) -> list[Path]:
        """Record files of the history, newest first."""
        if not self.history_dir.exists():
            return []
        return sorted(self.history_dir.glob("*.txt"), reverse=True)

    def _trim_history(self) -> None:
        for old in self.list_history()[HISTORY_KEPT:]:
            with contextlib.suppress(OSError):
                old.unlink()
