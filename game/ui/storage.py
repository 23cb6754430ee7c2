"""Everything the program keeps on disk: settings, saved matches, statistics, history.

Why atomic writes everywhere: the match is saved after every action, so a crash,
a power cut or a full disk at the wrong moment must never leave a half-written
file behind.  :func:`game.rules.files.atomic_write` writes a temporary file in the same folder,
fsyncs it and ``os.replace``-s it over the old one (atomic on POSIX and Windows).

Why every file is checked when read: each is user-editable and survives upgrades.
JSON files are bounded in size (:data:`game.ui.schema.MAX_JSON_BYTES`), decoded
as UTF-8 (a byte-order mark is allowed) and validated field by field
(:mod:`game.ui.schema`: types, ranges, lengths).  What is valid is kept; if
anything was not, the original file is renamed ``NAME.corrupt-TIMESTAMP`` beside
it (the player, or a bug report, still has it), the cleaned file is written
instead, and a notice is queued for the menu (:meth:`Storage.take_reports`).
A saved match is replayed completely by the rules engine before it is offered;
one that does not replay is moved aside the same way, and what can be kept —
the match up to its last action that replays — is saved in its place.  It must
also be a *match*: deals that go on past the match's end, or more of them than
its rules allow, are refused whole, and a record larger than the longest match
of its rules (:func:`save_limit`) is refused before a byte of it is read.

Files are opened non-blocking and must be regular files (a named pipe or a device
in their place is refused, never waited on); an unreadable folder is a notice.
A newer version's settings or statistics are read but never rewritten, and fields
this version does not know are written back as they were.  ``.NAME.*.tmp`` files
older than this run are the leftovers of an interrupted atomic write: removed.

Layout (``game.paths``; ``MARRIAGE_TABLE_HOME`` overrides for tests)::

    user_config_dir()/settings.json
    user_data_dir()/matches/SLOT.txt    deal records of a match in progress (NOTATION.md)
    user_data_dir()/matches/SLOT.json   its GameSetup sidecar: {"version": 1, "setup": {...}}
    user_data_dir()/stats.json          game.ui.stats.Stats
    user_data_dir()/history/*.txt       one record file per finished deal

A *slot* holds one match: by default one per game (the slot is the variant id,
``marriage``), so starting a Sixty-six match never touches the Marriage match in
progress.  ``GameSetup.slot`` names another slot of the same game only
(:data:`SLOT_KINDS`: ``net-GAME`` for a network table, ``GAME-earlier[-N]``), so a
setup can never point at another game's match.  The single ``match.txt``/``match.json``
of older versions is moved into its game's slot the first time the folder is read, or
into the first free ``-earlier`` slot, its setup naming that slot.

Saving and loading a match (registered as ``app.services.storage``)::

    storage.save_match(record_text, setup) -> bool   after every action; slot_for(setup)
    storage.saved_matches() -> list[SavedMatch]      every slot that replays, newest first
    storage.has_match(slot=None) -> bool             None: any slot
    storage.load_match(slot=None) -> (text, setup) | None   None: the newest
    storage.clear_match(slot=None)                   None: the slot saved/loaded last
    storage.take_reports() -> [(key, params)]        notices for the player, each once

Statistics and history::

    storage.record_deal(variant, deal_summary) see game.ui.stats (the score sheet does it)
    storage.record_match(variant, won, key)    (the match result scene does it)
    storage.export_deal(record_text, variant)  -> Path in history/ (the score sheet does it)
    storage.list_history() -> [Path]           newest first
    storage.read_history(path) -> str | None   a damaged file is moved aside and reported
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import stat
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from game.paths import user_config_dir, user_data_dir
from game.rules.files import atomic_write, fsync_dir

from .session import GameSetup
from .settings import SETTINGS_VERSION, Settings, settings_from_dict
from .stats import STATS_VERSION, Stats

log = logging.getLogger(__name__)

#: How many hand-history files are kept (oldest are removed first).
HISTORY_KEPT = 500
#: The largest saved match or history record read (a long match is well under 1 MB).
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: A slot's name: the variant id by default.
SLOT_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
#: The slots a game may use: its own (the variant id), its network table's (``net-``) and
#: the matches moved out of an older version's single save (``-earlier``, ``-earlier-2``).
#: Nothing else: a slot that could name another game's match could overwrite it.
SLOT_KINDS = r"(?:net-)?{variant}(?:-earlier(?:-[1-9][0-9]?)?)?"
#: Seat kinds a saved setup may hold.
SEAT_KINDS = ("human", "easy", "normal", "hard")
#: Notice keys (assets/translations): what the menu tells the player.
NOTICE_SAVE_SALVAGED = "ui.notice_save_salvaged"
NOTICE_SAVE_CORRUPT = "ui.notice_save_corrupt"
NOTICE_SETTINGS_RESET = "ui.notice_settings_reset"
NOTICE_SETTINGS_FIXED = "ui.notice_settings_fixed"
NOTICE_STATS_RESET = "ui.notice_stats_reset"
NOTICE_STATS_FIXED = "ui.notice_stats_fixed"
NOTICE_HISTORY_CORRUPT = "ui.notice_history_corrupt"
NOTICE_SAVE_FAILED = "ui.notice_save_failed"
NOTICE_FOLDER_UNREADABLE = "ui.notice_folder_unreadable"
NOTICE_NEWER_FILE = "ui.notice_newer_file"
#: When this run started: a ``.tmp`` file older than that is left over from an
#: interrupted write (one of this run, or of another copy still running, is newer).
RUN_STARTED = time.time()


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of ``path``; ValueError if it is not a regular file or is larger than
    ``limit`` (both checked before a byte is read).

    Opened non-blocking: a named pipe put in place of a file would otherwise wait for a
    writer forever (the window never drawn), and a device such as ``/dev/zero`` never
    ends.  Neither is a file we wrote, so each is refused like any unreadable file.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file (a pipe, a device or a folder)")
        if info.st_size > limit:
            raise ValueError(f"the file is larger than {limit // 1024} KB")
    except BaseException:
        os.close(fd)
        raise
    with open(fd, "rb", closefd=True) as fh:
        raw = fh.read(limit + 1)
    if len(raw) > limit:
        raise ValueError(f"the file is larger than {limit // 1024} KB")
    return raw


def decode_json(raw: bytes) -> Any:
    """UTF-8 JSON (a byte-order mark allowed); ValueError for anything else, also for
    nesting too deep to read (``RecursionError``)."""
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start + 1})") from None


def slot_variant(slot: str) -> str | None:
    """The game whose slot ``slot`` is (see :data:`SLOT_KINDS`), or None."""
    from game.rules.options import VARIANT_IDS

    for variant in VARIANT_IDS:
        if re.fullmatch(SLOT_KINDS.format(variant=re.escape(variant)), slot):
            return variant
    return None


def slot_for(setup: GameSetup) -> str:
    """The slot a match is saved in: ``setup.slot``, else its game; always one of the
    game's own (ValueError otherwise)."""
    slot = getattr(setup, "slot", None) or setup.variant
    if not SLOT_RE.match(slot) or slot_variant(slot) != setup.variant:
        raise ValueError(f"'{slot}' is not a slot of {setup.variant}")
    return slot


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    return asdict(setup)


def setup_from_dict(data: Any) -> GameSetup:
    """A GameSetup written by us, checked for types and ranges; ValueError otherwise."""
    from game.rules.errors import RulesError
    from game.rules.options import VARIANT_IDS, make_options
    from game.rules.variants import deal_class

    if not isinstance(data, dict):
        raise ValueError("the setup is not an object")
    variant = data.get("variant")
    if variant not in VARIANT_IDS:
        raise ValueError("the setup names no known game")
    options = data.get("options", {})
    if not isinstance(options, dict) or len(options) > 16 or not all(
            isinstance(v, bool | str) or (isinstance(v, int) and 1 <= v <= 1000)
            for v in options.values()):
        raise ValueError("the setup's rule options are malformed")
    try:
        make_options(variant, options)
    except RulesError as exc:
        raise ValueError(f"the setup's rule options: {exc}") from None
    players = deal_class(variant).players
    seats = data.get("seats", ["human"] + ["normal"] * (players - 1))
    if not isinstance(seats, list) or len(seats) != players or not all(
            s in SEAT_KINDS for s in seats):
        raise ValueError(f"the setup's seats are not {players} of {', '.join(SEAT_KINDS)}")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                             or not -2**63 <= seed < 2**63):
        raise ValueError("the setup's seed is not a whole number")
    practice = data.get("practice", False)
    if not isinstance(practice, bool):
        raise ValueError("the setup's practice flag is not true or false")
    slot = data.get("slot")
    if slot is not None and (not isinstance(slot, str) or not SLOT_RE.match(slot)):
        raise ValueError("the setup's slot is not a slot name")
    if slot is not None and slot_variant(slot) != variant:
        raise ValueError("the setup's slot is not one of its game's")
    network = data.get("network")
    if network is not None:  # a table hosted on the network (game.ui.netplay)
        from game.net.table import check_network_setup

        network = check_network_setup(network, players)
    trainer = data.get("trainer", False)
    if not isinstance(trainer, bool):
        raise ValueError("the setup's trainer flag is not true or false")
    return GameSetup(variant, dict(options), list(seats), seed, practice, slot=slot,
                     network=network, trainer=trainer)


@dataclass(frozen=True)
class MatchState:
    """What replaying a saved match found (cheap to keep for the menu)."""

    variant: str
    options: dict[str, Any]
    players: int
    deals: int
    moves: int  # actions of the last deal
    totals: list[int]  # match points of the finished deals
    last_over: bool
    #: After how many deals the match's rules ended it (None: not ended).
    ended_after: int | None = None
    #: Deals left unfinished with another deal after them (a real match has none).
    unfinished: int = 0


def replay_state(lines: list[str]) -> MatchState:
    """Replay a match record completely; RecordError (naming the line) if it does not."""
    from game.rules.match import match_over
    from game.rules.options import make_options
    from game.rules.record import iter_records, replay_records

    totals: list[int] = []
    deals = 0
    last = None
    ended_after: int | None = None
    unfinished = 0
    for deal in replay_records(iter_records(lines)):
        if last is not None and not last.is_over():
            unfinished += 1
        deals += 1
        last = deal
        score = deal.score()
        if score:
            totals = [a + b for a, b in zip(totals, score)] if totals else list(score)
        if deal.is_over() and ended_after is None and match_over(
                deal.variant, make_options(deal.variant, dict(deal.options)),
                totals or [0] * deal.players, deals):
            ended_after = deals
    assert last is not None
    return MatchState(last.variant, dict(last.options), last.players, deals,
                      len(last.history), totals or [0] * last.players, last.is_over(),
                      ended_after, unfinished)


#: The longest record of one deal as we write it: four header lines and every action (a
#: random Mariáš deal, the longest game, writes under 1 KB; comments are never written).
MAX_DEAL_BYTES = 4096


def longest_match(variant: str, options: dict[str, Any]) -> int:
    """The most deals a match of these rules can hold before its rules end it.

    Mariáš: exactly ``rounds`` rounds of dealers.  The others end when a player reaches
    ``match_points``; a deal that scores gives someone at least one point, so at most
    ``players * (match_points - 1) + 1`` deals score.  A deal where nobody scores (nobody
    reached 66) is rare: the bound allows two of them for every deal that scores.
    """
    from game.rules.options import make_options
    from game.rules.variants import deal_class

    opts = make_options(variant, options)
    players = deal_class(variant).players
    if variant == "marias":
        return int(opts["rounds"]) * players
    return 3 * (players * (int(opts["match_points"]) - 1) + 1)


def save_limit(variant: str, options: dict[str, Any]) -> int:
    """The largest saved match of these rules: every deal of the longest match at its
    longest (a file larger than that was not written by a match; it is not read)."""
    try:
        return min(MAX_RECORD_BYTES, longest_match(variant, options) * MAX_DEAL_BYTES)
    except (ValueError, KeyError):  # options the rules refuse: the record is refused later
        return MAX_DEAL_BYTES


def salvage_record(lines: list[str]) -> tuple[list[str], MatchState | None]:
    """The longest start of a record that replays (whole lines), and its state.

    A file cut in half, a line damaged by hand or an action the rules no longer
    allow: everything before the bad line is kept; a deal whose header cannot be
    read is dropped whole (so the match ends at the last deal that replays).
    """
    from game.rules.errors import RecordError

    candidate = list(lines)
    for _ in range(400):
        if not candidate:
            break
        try:
            return candidate, replay_state(candidate)
        except RecordError as exc:
            cut = (exc.line_no or len(candidate)) - 1
        except Exception:  # noqa: BLE001 - a rules bug on odd input: drop the last line
            log.exception("replaying a damaged match")
            cut = len(candidate) - 1
        candidate = candidate[: max(0, min(cut, len(candidate) - 1))]
    return [], None


@dataclass(frozen=True)
class SavedMatch:
    """A saved match that replays: what Continue offers."""

    slot: str
    setup: GameSetup
    text: str
    state: MatchState
    #: When it was last saved (seconds since the epoch).
    modified: float

    @property
    def variant(self) -> str:
        return self.setup.variant


class Storage:
    """The program's files; every problem becomes a notice in :attr:`reports`, never a crash."""

    def __init__(self, config_dir: Path | None = None, data_dir: Path | None = None,
                 background: bool = False):
        self.config_dir = Path(config_dir) if config_dir else user_config_dir()
        self.data_dir = Path(data_dir) if data_dir else user_data_dir()
        #: Save the match on a writer thread: an fsync can take longer than a whole frame.
        self.background = background
        self._lock = threading.RLock()
        #: slot -> the newest state not yet written (per slot: newest wins).
        self._pending: dict[str, tuple[str, GameSetup]] = {}
        self._wake = threading.Condition()
        self._busy = False
        self._writer: threading.Thread | None = None
        #: Notices for the player: ``(translation key, params)``, shown once by the menu.
        self.reports: list[tuple[str, dict[str, str]]] = []
        self._stats: Stats | None = None
        #: Deal text hash -> (score, options) of deals already filed by file_finished.
        self._filed: dict[str, tuple[list[int], dict[str, Any]]] = {}
        #: The slot saved or loaded last (``clear_match()`` without a slot clears it).
        self.active_slot: str | None = None
        self._migrated = False
        #: slot -> ((mtime_ns, size) of both files, SavedMatch): replays are not repeated.
        self._checked: dict[str, tuple[tuple[int, ...], SavedMatch]] = {}
        #: Folders already cleared of leftover ``.tmp`` files (see :meth:`_sweep`).
        self._swept: set[Path] = set()
        #: A newer version's settings or statistics file: read, never rewritten.
        self._settings_newer = False
        self._stats_newer = False
        #: Settings fields this version does not know, written back as they were.
        self._settings_extra: dict[str, Any] = {}
        self.started = RUN_STARTED

    # --- paths ---------------------------------------------------------------------------
    @property
    def settings_path(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def matches_dir(self) -> Path:
        return self.data_dir / "matches"

    def match_paths(self, slot: str) -> tuple[Path, Path]:
        """The record and the setup sidecar of ``slot``."""
        if not SLOT_RE.match(slot):
            raise ValueError(f"'{slot}' is not a slot name")
        return self.matches_dir / f"{slot}.txt", self.matches_dir / f"{slot}.json"

    @property
    def legacy_match_path(self) -> Path:
        """The single save of older versions (moved into a slot by :meth:`_migrate`)."""
        return self.data_dir / "match.txt"

    @property
    def legacy_setup_path(self) -> Path:
        return self.data_dir / "match.json"

    @property
    def stats_path(self) -> Path:
        return self.data_dir / "stats.json"

    @property
    def history_dir(self) -> Path:
        return self.data_dir / "history"

    # --- reports and quarantine ------------------------------------------------------------
    def report(self, key: str, detail: str = "", **params: str) -> None:
        """Queue a notice for the player (each distinct one once)."""
        params = {"detail": str(detail), **{k: str(v) for k, v in params.items()}}
        log.warning("%s: %s", key, params)
        if (key, params) not in self.reports:
            self.reports.append((key, params))

    def take_reports(self) -> list[tuple[str, dict[str, str]]]:
        """The pending notices, each handed out once."""
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

    def _sweep(self, folder: Path) -> None:
        """Remove what an interrupted atomic write left (``.NAME.XXXX.tmp``), once a folder.

        Only files older than this run's start: a write in progress (this run's writer
        thread, or another copy of the program) is newer and is left alone.
        """
        if folder in self._swept:
            return
        self._swept.add(folder)
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return
        for entry in entries:
            if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_mtime < self.started:
                    os.unlink(entry.path)
                    log.info("removed %s, left by an interrupted write", entry.name)
            except OSError:
                continue

    def _read_json(self, path: Path) -> Any:
        return decode_json(read_bounded(path, _json_limit()))

    # --- settings ------------------------------------------------------------------------
    def load_settings(self) -> Settings:
        """The saved settings; what cannot be read is reset, reported and kept aside."""
        path = self.settings_path
        self._sweep(path.parent)
        if not something_at(path):
            return Settings()
        try:
            data = self._read_json(path)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            version = data.get("version", SETTINGS_VERSION)
            if isinstance(version, bool) or not isinstance(version, int) or version < 1:
                raise ValueError(f"unknown settings version {str(version)[:20]!r}")
        except (OSError, ValueError) as exc:
            moved = self.move_aside(path)
            self.report(NOTICE_SETTINGS_RESET, str(exc), file=_name(moved),
                        folder=str(path.parent))
            return Settings()
        settings, problems = settings_from_dict(data)
        problems += _check_decks(settings)
        known = set(Settings.__dataclass_fields__) | {"version"}
        self._settings_extra = {k: v for k, v in data.items() if k not in known}
        if version > SETTINGS_VERSION:
            # A newer version's file: what this one understands is used, the file is
            # left exactly as it is (going back to the newer version loses nothing).
            self._settings_newer = True
            self.report(NOTICE_NEWER_FILE, f"version {version}", file=path.name,
                        folder=str(path.parent))
            return settings
        if problems:
            log.warning("settings: reset to default: %s", "; ".join(problems))
            moved = self.move_aside(path)
            self.save_settings(settings)
            self.report(NOTICE_SETTINGS_FIXED, "; ".join(problems)[:300], file=_name(moved),
                        folder=str(path.parent))
        return settings

    def save_settings(self, settings: Settings) -> bool:
        """Write the settings, with the fields a newer version added kept as they were;
        a newer version's file is never rewritten (False)."""
        if self._settings_newer:
            return False
        try:
            data = {**self._settings_extra, **settings.to_dict()}
            atomic_write(self.settings_path, json.dumps(data, indent=2, ensure_ascii=False))
            return True
        except OSError as exc:
            self.report(NOTICE_SAVE_FAILED, str(exc))
            return False

    # --- saving a match --------------------------------------------------------------------
    def save_match(self, record_text: str, setup: GameSetup) -> bool:
        """Save after every action, in ``slot_for(setup)``.  The sidecar goes first.

        Finished deals found in the record are filed on the way (statistics and hand
        history), so they are counted even when the player skips the score sheet.
        With ``background`` the write happens on the writer thread (newest state wins;
        :meth:`flush` waits for it); every reader here flushes first.
        """
        slot = self.active_slot = slot_for(setup)
        if not self.background:
            return self._save_match_now(record_text, setup)
        with self._wake:
            self._pending[slot] = (record_text, setup)
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_loop, daemon=True,
                                                name="match-writer")
                self._writer.start()
            self._wake.notify_all()
        return True

    def _write_loop(self) -> None:
        while True:
            with self._wake:
                while not self._pending:
                    self._busy = False
                    self._wake.notify_all()
                    if not self._wake.wait(timeout=5.0) and not self._pending:
                        return  # idle: the next save starts a new writer
                slot = next(iter(self._pending))
                job = self._pending.pop(slot)
                self._busy = True
            self._save_match_now(*job)

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until the last requested match save is on disk."""
        deadline = time.monotonic() + timeout
        with self._wake:
            while (self._pending or self._busy) and self._writer is not None \
                    and self._writer.is_alive():
                if not self._wake.wait(timeout=max(0.0, deadline - time.monotonic())):
                    break

    def _save_match_now(self, record_text: str, setup: GameSetup) -> bool:
        try:
            text_path, setup_path = self.match_paths(slot_for(setup))
            sidecar = json.dumps({"version": 1, "setup": setup_to_dict(setup)}, indent=1)
            if _read_or_none(setup_path, len(sidecar) * 4) != sidecar.encode("utf-8"):
                atomic_write(setup_path, sidecar)
            atomic_write(text_path, record_text)
        except (OSError, ValueError) as exc:
            self.report(NOTICE_SAVE_FAILED, str(exc))
            return False
        try:
            self.file_finished(record_text, setup)
        except ValueError as exc:  # a record the rules refuse: saved as it is, filed never
            log.warning("could not file the finished deals: %s", exc)
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

        from .stats import deal_key, rated_match, summarise_deal

        human = setup.seats.index("human")
        # One chunk per deal; whatever precedes the first "variant:" (comments) is dropped.
        chunks = [c for c in ("\n" + record_text).split("\nvariant:")[1:] if c.strip()]
        filed = 0
        totals: list[int] = []
        deals_over = 0
        options: dict[str, Any] = {}
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
                                  key=deal_key(match_text),
                                  rated=rated_match(setup, totals, human))
            self._remove_match_files(slot_for(setup))  # a finished match: nothing to continue
        return filed

    @staticmethod
    def _match_over(variant: str, options: dict[str, Any], totals: list[int], deals: int) -> bool:
        from game.rules.match import match_over
        from game.rules.options import make_options

        return match_over(variant, make_options(variant, options), totals, deals)

    # --- reading matches ---------------------------------------------------------------
    def _migrate(self) -> None:
        """Move the single save of older versions into its game's slot (once per folder)."""
        if self._migrated:
            return
        self._migrated = True
        old_text, old_setup = self.legacy_match_path, self.legacy_setup_path
        if not something_at(old_text) and not something_at(old_setup):
            return
        variant = None
        setup: GameSetup | None = None
        try:
            setup = setup_from_dict(self._read_json(old_setup).get("setup"))
            variant = setup.variant
        except (OSError, ValueError, AttributeError):
            try:
                head = read_bounded(old_text, MAX_RECORD_BYTES).decode("utf-8", "replace")
                found = re.search(r"^\s*variant\s*:\s*([a-z0-9-]+)", head, re.M | re.I)
                variant = found.group(1).lower() if found else None
            except (OSError, ValueError):
                variant = None
        from game.rules.options import VARIANT_IDS

        if variant not in VARIANT_IDS:
            moved = [self.move_aside(p) for p in (old_text, old_setup)]
            self.report(NOTICE_SAVE_CORRUPT, "the saved match names no known game",
                        variant="", file=_name(moved[0] or moved[1]), folder=str(self.data_dir))
            return
        # Its game's slot if free; else the first free "-earlier" one (a match in progress
        # and an earlier moved one are both the player's: neither is replaced).
        candidates = [variant, f"{variant}-earlier"] + [f"{variant}-earlier-{n}"
                                                         for n in range(2, 100)]
        slot = next((c for c in candidates
                     if not any(something_at(p) for p in self.match_paths(c))), None)
        if slot is None:
            log.error("no free slot for the old saved match; it stays where it is")
            return
        new_text, new_setup = self.match_paths(slot)
        try:
            self.matches_dir.mkdir(parents=True, exist_ok=True)
            if setup is not None:  # it names its new slot: Continue saves it there
                setup.slot = None if slot == variant else slot
                atomic_write(new_setup, json.dumps({"version": 1,
                                                    "setup": setup_to_dict(setup)}, indent=1))
                old_setup.unlink()
            elif something_at(old_setup):
                os.replace(old_setup, new_setup)
            if something_at(old_text):
                os.replace(old_text, new_text)
            fsync_dir(self.matches_dir)
        except OSError as exc:
            log.error("cannot move the saved match into its slot: %s", exc)

    def slots(self) -> list[str]:
        """Every slot with a file in it (valid or not); an unreadable folder is a notice."""
        folder = self.matches_dir
        try:
            self._migrate()
            if not folder.is_dir():
                return []
            self._sweep(folder)
            names = {p.stem for p in folder.iterdir()
                     if p.suffix in (".txt", ".json") and SLOT_RE.match(p.stem)
                     and slot_variant(p.stem) is not None}
        except OSError as exc:
            self.report(NOTICE_FOLDER_UNREADABLE, _reason(exc), folder=str(folder))
            return []
        return sorted(names)

    def saved_matches(self) -> list[SavedMatch]:
        """Every saved match that replays, newest first; damaged ones are handled on the way
        (moved aside, what can be kept saved again, a notice queued)."""
        self.flush()
        found = [m for m in (self.check_match(s) for s in self.slots()) if m is not None]
        return sorted(found, key=lambda m: m.modified, reverse=True)

    def has_match(self, slot: str | None = None) -> bool:
        """Is there a match to continue (in ``slot``, or in any slot)?"""
        self.flush()
        if slot is None:
            return bool(self.saved_matches())
        return self.check_match(slot) is not None

    def load_match(self, slot: str | None = None) -> tuple[str, GameSetup] | None:
        """The saved match of ``slot`` (None: the newest) as (record text, setup), or None.

        The record is replayed completely first; a damaged one is reported, moved aside
        and replaced by the part that replays (see :meth:`check_match`).
        """
        if slot is None:
            matches = self.saved_matches()
            found = matches[0] if matches else None
        else:
            self.flush()
            found = self.check_match(slot)
        if found is None:
            return None
        self.active_slot = found.slot
        return found.text, found.setup

    def check_match(self, slot: str) -> SavedMatch | None:
        """Read and replay ``slot``; repair what can be repaired; None if nothing is left."""
        try:
            text_path, setup_path = self.match_paths(slot)
        except ValueError:
            return None
        game = slot_variant(slot)
        if game is None:
            return None  # not a slot of ours: never read, never written
        stamp = _stamp(text_path, setup_path)
        cached = self._checked.get(slot)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        if not something_at(text_path):
            # No record: nothing was played.  A sidecar alone is the first save of a match
            # cut short between its two files (the sidecar goes first): no action is lost.
            self._checked.pop(slot, None)
            with contextlib.suppress(OSError):
                setup_path.unlink()
            return None
        problems: list[str] = []
        # The setup: its own file; rebuilt from the record if it cannot be read.
        setup: GameSetup | None = None
        try:
            data = self._read_json(setup_path)
            if not isinstance(data, dict) or data.get("version", 1) != 1:
                raise ValueError("the setup file is not ours")
            setup = setup_from_dict(data.get("setup"))
            if setup.slot is None and slot != setup.variant and slot_variant(slot) == \
                    setup.variant:
                setup.slot = slot  # moved here by an older version, which left it out
            if slot_for(setup) != slot:
                raise ValueError("it names another slot than its own")
        except (OSError, ValueError) as exc:
            problems.append(f"setup: {exc}")
            setup = None
        # The record: strict UTF-8, whole lines, replayed by the rules.
        lines: list[str] = []
        limit = save_limit(game, setup.options if setup is not None else
                           self._record_options(text_path))
        try:
            raw = read_bounded(text_path, limit)
            lines, problem = _decode_lines(raw)
            if problem:
                problems.append(problem)
        except (OSError, ValueError) as exc:
            problems.append(f"record: {exc}")
        kept, state = salvage_record(lines)
        if state is not None and len(kept) < len(lines):
            try:
                replay_state(lines)
            except Exception as exc:  # noqa: BLE001 - the reason, for the log and the notice
                problems.append(f"record: {exc}")
        elif state is None:
            problems.append("record: no deal of it replays" if lines else "record: empty")
        if state is not None and state.variant != game:
            problems.append("record: it is of another game than its slot")
            state = None
        # A match, not just deals: they follow the match's rules to an end not reached yet.
        if state is not None:
            wrong = self._match_problem(state)
            if wrong:
                problems.append(f"record: {wrong}")
                state = None
            elif state.ended_after == state.deals:
                # The match is over (the program stopped between saving its last action and
                # filing it): filed now, nothing to continue, nothing damaged.
                self._file_over(slot, kept, setup, state)
                return None
        if state is not None and setup is not None and (
                setup.variant != state.variant or len(setup.seats) != state.players):
            problems.append("setup: it is of another game than the record")
            setup = None
        if state is not None and setup is None:
            setup = GameSetup(state.variant, dict(state.options),
                              ["human"] + ["normal"] * (state.players - 1),
                              slot=None if slot == state.variant else slot)
        if not problems:
            assert setup is not None and state is not None
            text = "\n".join(kept) + "\n"
            found = SavedMatch(slot, setup, text, state, _mtime(text_path))
            self._checked[slot] = (stamp, found)
            return found
        return self._repair(slot, problems, setup, kept, state)

    @staticmethod
    def _match_problem(state: MatchState) -> str | None:
        """Why the replayed deals are not a match in progress, or None."""
        if state.unfinished:
            return "a deal was left unfinished before the next one"
        if state.ended_after is not None and state.ended_after < state.deals:
            return (f"{state.deals - state.ended_after} deals after the match's end "
                    f"(it ended after deal {state.ended_after})")
        most = longest_match(state.variant, state.options)
        if state.deals > most:
            return f"{state.deals} deals, more than a match of these rules has ({most})"
        return None

    def _file_over(self, slot: str, kept: list[str], setup: GameSetup | None,
                   state: MatchState) -> None:
        if setup is None:
            setup = GameSetup(state.variant, dict(state.options),
                              ["human"] + ["normal"] * (state.players - 1))
        try:
            self.file_finished("\n".join(kept) + "\n", setup)
        except Exception:  # noqa: BLE001 - statistics are a comfort, never a lost match
            log.exception("could not file the finished match")
        self._remove_match_files(slot)

    def _record_options(self, text_path: Path) -> dict[str, Any]:
        """The rule options in a record's first deal header (its setup unreadable)."""
        from game.rules.options import parse_options_text

        try:
            head = _read_head(text_path, MAX_DEAL_BYTES).decode("utf-8", "replace")
            found = re.search(r"^\s*options\s*:(.*)$", head, re.M)
            return dict(parse_options_text(found.group(1))) if found else {}
        except (OSError, ValueError):
            return {}

    def _repair(self, slot: str, problems: list[str], setup: GameSetup | None,
                kept: list[str], state: MatchState | None) -> SavedMatch | None:
        """Keep the damaged files aside, save what replays in their place, tell the player."""
        text_path, setup_path = self.match_paths(slot)
        detail = "; ".join(problems)[:300]
        log.warning("saved match %s is damaged: %s", slot, detail)
        moved = [self.move_aside(p) for p in (text_path, setup_path)]
        aside = _name(moved[0] or moved[1])
        variant = state.variant if state else (setup.variant if setup else "")
        self._checked.pop(slot, None)
        if state is None or setup is None:
            self.report(NOTICE_SAVE_CORRUPT, detail, variant=variant, file=aside,
                        folder=str(self.matches_dir))
            return None
        text = "\n".join(kept) + "\n"
        if setup.slot is None and slot != setup.variant:
            setup = replace(setup, slot=slot)
        try:
            atomic_write(setup_path, json.dumps({"version": 1, "setup": setup_to_dict(setup)},
                                                indent=1))
            atomic_write(text_path, text)
        except OSError as exc:
            self.report(NOTICE_SAVE_FAILED, str(exc))
            return None
        self.report(NOTICE_SAVE_SALVAGED, detail, variant=variant, file=aside,
                    folder=str(self.matches_dir), deal=str(state.deals),
                    move=str(state.moves))
        found = SavedMatch(slot, setup, text, state, time.time())
        self._checked[slot] = (_stamp(text_path, setup_path), found)
        return found

    def clear_match(self, slot: str | None = None) -> None:
        """Forget a match in progress: ``slot``, else the one saved or loaded last."""
        self.flush()
        slot = slot or self.active_slot
        if slot is None:
            matches = self.saved_matches()
            slot = matches[0].slot if len(matches) == 1 else None
        if slot is not None:
            self._remove_match_files(slot)

    def _remove_match_files(self, slot: str) -> None:
        """Without flushing: also called on the writer thread itself."""
        for path in self.match_paths(slot):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        self._checked.pop(slot, None)

    # --- statistics -----------------------------------------------------------------------
    @property
    def stats(self) -> Stats:
        if self._stats is None:
            self._stats = self._load_stats()
        return self._stats

    def _load_stats(self) -> Stats:
        path = self.stats_path
        self._sweep(path.parent)
        if not something_at(path):
            return Stats()
        try:
            data = self._read_json(path)
            stats, problems = Stats.from_dict(data)
        except (OSError, ValueError) as exc:
            moved = self.move_aside(path)
            self.report(NOTICE_STATS_RESET, str(exc), file=_name(moved), folder=str(path.parent))
            return Stats()
        version = data.get("version", STATS_VERSION)
        if isinstance(version, int) and not isinstance(version, bool) \
                and version > STATS_VERSION:
            # As with the settings: read, used, never rewritten.
            self._stats_newer = True
            self.report(NOTICE_NEWER_FILE, f"version {version}", file=path.name,
                        folder=str(path.parent))
            return stats
        if problems:
            moved = self.move_aside(path)
            self._stats = stats
            self.save_stats()
            self.report(NOTICE_STATS_FIXED, "; ".join(problems)[:300], file=_name(moved),
                        folder=str(path.parent))
        return stats

    def save_stats(self) -> bool:
        """Write the statistics (unknown fields kept); never over a newer version's file."""
        if self._stats_newer:
            return False
        try:
            atomic_write(self.stats_path, json.dumps(self.stats.to_dict(), indent=1))
            return True
        except OSError as exc:
            self.report(NOTICE_SAVE_FAILED, str(exc))
            return False

    def record_deal(self, variant: str, deal_summary: dict[str, Any]) -> bool:
        """Count a finished deal (see game.ui.stats); False if its key was already counted."""
        with self._lock:
            counted = self.stats.record_deal(variant, deal_summary)
            if counted:
                self.save_stats()
        return counted

    def record_match(self, variant: str, won: bool, key: str | None = None,
                     rated: Any = None) -> bool:
        """Count a finished match (``rated``: a ``stats.RatedMatch`` that moves the rating)."""
        with self._lock:
            counted = self.stats.record_match(variant, won, key, rated)
            if counted:
                self.save_stats()
        return counted

    def record_question(self, variant: str, kind: str, right: bool) -> None:
        """One answer of the counting trainer (saved at once, like every statistic)."""
        with self._lock:
            self.stats.record_question(variant, kind, right)
            self.save_stats()

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
        n = 1
        while path.exists():  # two deals in one second (without a key)
            n += 1
            path = folder / f"{stamp}-{variant}{suffix}-{n}.txt"
        try:
            atomic_write(path, record_text)
        except OSError as exc:
            self.report(NOTICE_SAVE_FAILED, str(exc))
            return None
        self._trim_history()
        return path

    def list_history(self) -> list[Path]:
        """Record files of the history, newest first.

        Only names that are text: a name that is not valid UTF-8 (made by another program)
        cannot be shown, so it is left alone, not listed.
        """
        folder = self.history_dir
        try:
            if not folder.is_dir():
                return []
            self._sweep(folder)
            found = [p for p in folder.glob("*.txt") if _text_name(p) and p.is_file()]
        except OSError as exc:
            self.report(NOTICE_FOLDER_UNREADABLE, _reason(exc), folder=str(folder))
            return []
        return sorted(found, reverse=True)

    def read_history(self, path: Path) -> str | None:
        """A hand-history record that replays; a damaged one is moved aside and reported."""
        from game.rules.record import iter_records, replay_records

        try:
            raw = read_bounded(path, MAX_RECORD_BYTES)
            lines, problem = _decode_lines(raw)
            if problem:
                raise ValueError(problem)
            for _ in replay_records(iter_records(lines)):
                pass
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            inside = path.parent.resolve() == self.history_dir.resolve()
            moved = self.move_aside(path) if inside else None
            self.report(NOTICE_HISTORY_CORRUPT, str(exc)[:300], file=_name(moved) or path.name,
                        folder=str(path.parent))
            return None
        return "\n".join(lines) + "\n"

    def _trim_history(self) -> None:
        for old in self.list_history()[HISTORY_KEPT:]:
            with contextlib.suppress(OSError):
                old.unlink()


def _read_head(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of a regular file (checked as :func:`read_bounded` does)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file (a pipe, a device or a folder)")
        return os.read(fd, size)
    finally:
        os.close(fd)


def _text_name(path: Path) -> bool:
    """Whether a file name is valid UTF-8 (undecodable bytes come back as surrogates)."""
    try:
        path.name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def something_at(path: Path) -> bool:
    """Whether something is at ``path``; one that cannot even be looked at counts as there
    (reading it then fails and is reported)."""
    try:
        return path.exists() or path.is_symlink()
    except OSError:
        return True


def _read_or_none(path: Path, limit: int) -> bytes | None:
    """The bytes of a file we wrote, or None if it is missing, too long or not a file."""
    try:
        return read_bounded(path, limit)
    except (OSError, ValueError):
        return None


def _json_limit() -> int:
    from .schema import MAX_JSON_BYTES

    return MAX_JSON_BYTES


def _name(path: Path | None) -> str:
    return path.name if path is not None else ""


def _stamp(*paths: Path) -> tuple[int, ...]:
    out: list[int] = []
    for p in paths:
        try:
            st = p.stat()
            out += [st.st_mtime_ns, st.st_size]
        except OSError:
            out += [-1, -1]
    return tuple(out)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _decode_lines(raw: bytes) -> tuple[list[str], str | None]:
    """A record's lines from bytes: strict UTF-8 (BOM allowed), each line bounded.

    On a problem, the whole lines before it and a description of it.
    """
    from game.rules.record import BOM, MAX_LINE_CHARS, bounded_lines

    problem = None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        text = raw[: exc.start].decode("utf-8").rsplit("\n", 1)[0]
        problem = f"record: not UTF-8 text (byte {exc.start + 1})"
    out, too_long = bounded_lines(text.removeprefix(BOM))
    if too_long is not None:
        problem = problem or f"record: line {too_long} is longer than {MAX_LINE_CHARS} characters"
    return out, problem


def _check_decks(settings: Settings) -> list[str]:
    """Deck and back ids the deck renderer knows (else the defaults).

    Either slot may hold any artwork: the slot is the family of *game* (French-suited
    games, Mariáš), not of the cards drawn -- a French-suited game played with German
    cards is common in Austria and Hungary, and the settings list and D at the table
    offer every artwork for both.
    """
    from .decks.artworks import ARTWORKS
    from .decks.backs import BACKS

    problems = []
    base = Settings()
    for name in ("deck_french", "deck_german"):
        if getattr(settings, name) not in ARTWORKS:
            problems.append(f"{name}: unknown deck, reset to default")
            setattr(settings, name, getattr(base, name))
    if settings.card_back not in BACKS:
        problems.append("card_back: unknown back, reset to default")
        settings.card_back = base.card_back
    return problems


__all__ = ["Storage", "SavedMatch", "MatchState", "atomic_write", "slot_for",
           "setup_from_dict", "setup_to_dict", "replay_state", "salvage_record"]
