"""``python -m game.rules replay FILE|-`` and ``python -m game.rules bench``.

``replay`` streams the record (bounded line length and size, strict UTF-8) and
replays a match deal by deal; every mistake is one line on standard error and
exit status 2 (:mod:`game.rules.cli`).
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from .cli import CliError, OneLineParser, input_lines, run_main

#: ``bench --seconds`` at most (a benchmark, not a soak test).
MAX_BENCH_SECONDS = 600.0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0 or value > MAX_BENCH_SECONDS:
        raise argparse.ArgumentTypeError(
            f"seconds must be a number above 0 and at most {MAX_BENCH_SECONDS:g}, not '{text}'")
    return value


def _main(argv: list[str] | None = None) -> int:
    from .options import VARIANT_IDS

    parser = OneLineParser(prog="python -m game.rules")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    rp = sub.add_parser("replay", help="apply a deal record and print the position as JSON")
    rp.add_argument("file", help="record file, or - for standard input")
    bp = sub.add_parser("bench", help="random deals per second for every variant (JSON)")
    bp.add_argument("--seconds", type=_seconds, default=2.0, help="time per variant")
    bp.add_argument("--variant", action="append", choices=VARIANT_IDS,
                    help="only these variants")
    args = parser.parse_args(argv)

    if args.command == "replay":
        from .record import replay_stream

        result = replay_stream(input_lines(args.file))
        print(json.dumps(result, ensure_ascii=False))
        return 0
    from .bench import run_bench

    print(json.dumps(run_bench(args.seconds, args.variant), indent=2))
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(_main, argv)


__all__ = ["CliError", "main"]


if __name__ == "__main__":
    sys.exit(main())
