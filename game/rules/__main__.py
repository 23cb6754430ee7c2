"""``python -m game.rules replay FILE|-`` and ``python -m game.rules bench``."""

from __future__ import annotations

import argparse
import json
import sys

from .errors import RecordError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.rules")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="apply a deal record and print the position as JSON")
    rp.add_argument("file", help="record file, or - for standard input")
    bp = sub.add_parser("bench", help="random deals per second for every variant (JSON)")
    bp.add_argument("--seconds", type=float, default=2.0, help="time per variant")
    bp.add_argument("--variant", action="append", help="only these variants")
    args = parser.parse_args(argv)

    if args.command == "replay":
        return _replay(args.file)
    from .bench import run_bench

    print(json.dumps(run_bench(args.seconds, args.variant), indent=2))
    return 0


def _replay(path: str) -> int:
    from .record import replay_json

    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {path}: {exc}", file=sys.stderr)
        return 2
    try:
        result = replay_json(text)
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
