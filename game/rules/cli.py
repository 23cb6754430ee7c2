"""What every command line of the program shares: one-line errors and careful input/output.

Why: a command line is a public face like the record format.  A mistake in the
arguments or the input gets one clear line on standard error and exit status 2,
never a traceback; output that cannot be written (a full disk, a closed pipe)
gets one line and status 1.  ``game.ai``, ``game.arena`` and ``main.py`` use
these helpers too (they may import the rules; the rules import nothing of theirs).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, NoReturn

from .errors import RecordError
from .record import MAX_RECORD_BYTES, read_lines

#: Exit statuses: bad arguments or input; output or environment failures.
EXIT_BAD_INPUT = 2
EXIT_FAILED = 1


class CliError(Exception):
    """A mistake of the user's to report in one line (exit status 2 unless told otherwise)."""

    def __init__(self, message: str, status: int = EXIT_BAD_INPUT):
        super().__init__(message)
        self.status = status


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line (and where to find help), exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see --help)")


def one_line(text: str) -> str:
    """A message on one line: newlines and other control characters shown escaped."""
    from .record import echo

    return echo(" ".join(text.split("\n")), 400)


def run_main(main: Callable[[list[str] | None], int], argv: list[str] | None = None) -> int:
    """Run a command's ``main`` so that every failure is one line and an exit status.

    ``MARRIAGE_TABLE_DEBUG=1`` re-raises unexpected errors with their traceback.
    """
    try:
        status = main(argv)
        _flush_stdout()
        return status
    except CliError as exc:
        _say(str(exc))
        return exc.status
    except RecordError as exc:
        _say(str(exc))
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # argparse's --help/--version, or a bot calling sys.exit
        code = exc.code
        if isinstance(code, int) or code is None:
            _flush_stdout()
            return code or 0
        _say(str(code))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0  # the reader went away (``| head``): not an error of ours
    except OSError as exc:
        _say(f"cannot write the output: {exc.strerror or exc}")
        _quiet_stdout()
        return EXIT_FAILED
    except Exception as exc:  # noqa: BLE001 - the promise is one line, never a traceback
        if os.environ.get("MARRIAGE_TABLE_DEBUG"):
            raise
        _say(f"internal error: {type(exc).__name__}: {exc} (MARRIAGE_TABLE_DEBUG=1 shows more)")
        return EXIT_FAILED


def _say(message: str) -> None:
    try:
        print(one_line(message), file=sys.stderr)
    except (OSError, ValueError, AttributeError):
        pass


def _flush_stdout() -> None:
    if sys.stdout is not None:
        sys.stdout.flush()


def _quiet_stdout() -> None:
    """After a failed write: point stdout at /dev/null so the exit flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def open_input(path: str) -> IO[bytes]:
    """A record source as binary: ``-`` is standard input.  Raises :class:`CliError`."""
    if path == "-":
        stream: IO[bytes] | None = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise CliError("cannot read standard input: it is closed")
        return stream
    if os.path.isdir(path):
        raise CliError(f"cannot read {path}: it is a folder")
    try:
        return open(path, "rb")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None


def input_lines(path: str, max_bytes: int = MAX_RECORD_BYTES) -> Iterator[str]:
    """The lines of a record file or standard input, strict UTF-8, bounded (RecordError)."""
    stream = open_input(path)
    try:
        try:
            yield from read_lines(stream, max_bytes=max_bytes)
        except OSError as exc:
            raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
        except ValueError as exc:  # e.g. reading a closed standard input
            raise CliError(f"cannot read {path}: {exc}") from None
    finally:
        if path != "-":
            stream.close()


def read_text(path: str, max_bytes: int = MAX_RECORD_BYTES) -> str:
    """A whole record as text (bounded, strict UTF-8); see :func:`input_lines`."""
    return "\n".join(input_lines(path, max_bytes)) + "\n"
