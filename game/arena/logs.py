"""The arena's log files: each finished game or match appended as one JSON line.

An interrupted run keeps what it played and resumes from its log; several logs are
summarised together.  A damaged line is skipped with a warning, never fatal, and a torn
last line (a run killed while writing it) is cut before the run appends again.

A log is a file someone named on the command line: only a regular file is read (a FIFO
would block, ``/dev/zero`` never ends), and at most :data:`MAX_LOG_BYTES` of it, a line
at most :data:`MAX_LINE_BYTES` — far above what the arena writes (its longest line is a
whole match, and a match is stopped at 200 deals), so a file past the bounds is not a
log: one line says so.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, Protocol, TypeVar

from game.rules.cli import CliError
from game.rules.record import echo

T = TypeVar("T")
J = TypeVar("J")  # a job of a schedule: one seating of a deck or of a match's decks
W = TypeVar("W")  # what a worker process is given to play a job


class Logged(Protocol):
    """A played game or match: it is one JSON line of a log."""

    def to_json(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Logged)

#: The largest log read (far more games than a ladder plays).
MAX_LOG_BYTES = 256 * 1024 * 1024
#: The longest line read (a whole match of up to 200 deals with its record stays far below).
MAX_LINE_BYTES = 4 * 1024 * 1024
_MB = 1024 * 1024


def open_regular(path: str, missing_ok: bool = False) -> BinaryIO | None:
    """``path`` opened for reading when it is a regular file within :data:`MAX_LOG_BYTES`;
    None for a missing file when ``missing_ok``; otherwise a one-line :class:`CliError`."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if missing_ok:
            return None
        raise CliError(f"cannot read {path}: no such file") from None
    except (OSError, ValueError) as exc:
        raise CliError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise CliError(f"cannot read {path}: it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise CliError(f"cannot read {path}: it is not a regular file")
    if info.st_size > MAX_LOG_BYTES:
        raise CliError(f"cannot read {path}: {info.st_size // _MB} MB is more than a log of"
                       f" the arena may be ({MAX_LOG_BYTES // _MB} MB)")
    try:
        f = open(path, "rb")  # noqa: SIM115 - the caller closes it
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # replaced since the look above
        f.close()
        raise CliError(f"cannot read {path}: it is not a regular file")
    return f


def bounded_lines(f: BinaryIO, path: str) -> Iterator[tuple[int, bytes | None]]:
    """``(line number, line)`` of ``f`` (with its newline; the last may have none); None
    for a line longer than
    :data:`MAX_LINE_BYTES` (passed over, never held).  A file that grows past
    :data:`MAX_LOG_BYTES` while it is read is a :class:`CliError`."""
    total = 0
    n = 0
    while True:
        line = f.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        n += 1
        total += len(line)
        too_long = len(line) > MAX_LINE_BYTES
        while too_long and not line.endswith(b"\n"):  # the rest of a long line, unread
            line = f.readline(MAX_LINE_BYTES)
            total += len(line)
            if not line or total > MAX_LOG_BYTES:
                break
        if total > MAX_LOG_BYTES:
            raise CliError(f"cannot read {path}: more than a log of the arena may be"
                           f" ({MAX_LOG_BYTES // _MB} MB)")
        yield n, None if too_long else line


def cut_torn_line(path: str) -> None:
    """Remove the unfinished last line a killed run left (its game is played again)."""
    try:
        with open(path, "rb+") as f:
            size = f.seek(0, os.SEEK_END)
            if not size:
                return
            f.seek(size - 1)
            if f.read(1) == b"\n":
                return
            back = min(size, 1 << 20)
            f.seek(size - back)
            tail = f.read(back)
            cut = tail.rfind(b"\n")
            f.truncate(size - back + cut + 1 if cut >= 0 else (0 if back == size else size))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CliError(f"cannot write the log {path}: {exc.strerror or exc}") from None


def open_log(path: str) -> Any:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None  # a new log (or a path that open() explains below)
    if mode is not None and stat.S_ISDIR(mode):
        raise CliError(f"cannot write the log {path}: it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        raise CliError(f"cannot write the log {path}: it is not a regular file")
    try:
        return open(path, "a+", encoding="utf-8")  # noqa: SIM115 - closed by run()
    except OSError as exc:
        raise CliError(f"cannot write the log {path}: {exc.strerror or exc}") from None


def play_logged(todo: list[J], done: dict[Any, R], key: Callable[[J], Any],
                work: Callable[[J], W], play: Callable[[W], R], jobs: int,
                log: str | None) -> list[R]:
    """Every job's result: taken from the log (``done``, by ``key``) when it was played
    there, otherwise played (``jobs`` worker processes) and appended to the log at once,
    so a run killed at any moment resumes where it stopped."""
    results = [done[key(j)] for j in todo if key(j) in done]
    to_play = [work(j) for j in todo if key(j) not in done]
    if log:
        cut_torn_line(log)
    sink = open_log(log) if log else None

    def keep(r: R) -> None:
        results.append(r)
        if sink is not None:
            sink.write(json.dumps(r.to_json()) + "\n")
            sink.flush()

    try:
        if jobs > 1:
            import multiprocessing

            # spawn: the start method every platform has (no fork on Windows)
            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                for r in pool.imap_unordered(play, to_play, chunksize=1):
                    keep(r)
        else:
            for w in to_play:
                keep(play(w))
    finally:
        if sink:
            sink.close()
    return results


def logged_extras(d: dict[str, Any]) -> tuple[dict[str, list[float]], dict[str, int], str | None]:
    """What every logged line has, a game's or a match's: each player's decision times
    (ms), illegal-decision counts and the record; ValueError says what is wrong."""
    times, illegal = d.get("times", {}), d.get("illegal", {})
    if not isinstance(times, dict) or not all(
            isinstance(v, list) and all(isinstance(t, int | float) and math.isfinite(t)
                                        for t in v) for v in times.values()):
        raise ValueError("'times' is not lists of milliseconds per player")
    if not isinstance(illegal, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in illegal.values()):
        raise ValueError("'illegal' is not a count per player")
    record = d.get("record")
    if record is not None and not isinstance(record, str):
        raise ValueError("'record' is not a text")
    return ({str(k): [float(t) for t in v] for k, v in times.items()},
            {str(k): v for k, v in illegal.items()}, record)


def read_log_lines(path: str, kind: str, parse: Callable[[Any], T],
                   missing_ok: bool = True) -> list[T]:
    """Each line of a ``--log`` file read by ``parse`` (a logged ``kind``: game, match).

    A line that is not one (a torn line of a killed run, a line damaged by hand, text
    that is not UTF-8) is skipped with a one-line warning naming the file and the line:
    the log stays usable (a resumed run plays it again) and nothing is changed.  A
    missing file is nothing (``missing_ok``) or a :class:`CliError`; so is a folder.
    """
    f = open_regular(path, missing_ok)
    if f is None:
        return []
    out = []
    with f:
        for n, raw in bounded_lines(f, path):
            if raw is not None and not raw.strip():
                continue
            try:
                if raw is None:
                    raise ValueError(f"longer than {MAX_LINE_BYTES // _MB} MB")
                out.append(parse(json.loads(raw.decode("utf-8"))))
            except (ValueError, RecursionError) as exc:
                torn = raw is not None and not raw.endswith(b"\n")  # killed while written
                why = ("cut short" if torn else "not UTF-8 text"
                       if isinstance(exc, UnicodeDecodeError) else echo(str(exc)))
                print(f"arena: {echo(path)} line {n}: not a {kind} ({why}); skipped",
                      file=sys.stderr)
    return out

