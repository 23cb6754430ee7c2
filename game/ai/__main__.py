"""``python -m game.ai hint RECORD --seat N [--budget-ms M] [--seed S]`` and
``python -m game.ai bench [--positions N]`` (decision times, JSON: :mod:`game.ai.bench`).

Replays the record (NOTATION.md; ``-`` = standard input) and prints the hint
for seat N at the position after the record's last action, as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.ai")
    sub = ap.add_subparsers(dest="command", required=True)
    hp = sub.add_parser("hint", help="the hint for a seat at the end of a record (JSON)")
    hp.add_argument("record", help="record file, or - for standard input")
    hp.add_argument("--seat", type=int, required=True)
    hp.add_argument("--budget-ms", type=float, default=None,
                    help="search budget (default: the game's, HINT_BUDGET_MS)")
    hp.add_argument("--seed", type=int, default=0)
    bp = sub.add_parser("bench", help="decision times of easy, hard and hint() (JSON)")
    bp.add_argument("--positions", type=int, default=6, help="positions per game")
    bp.add_argument("--seed", type=int, default=1)
    bp.add_argument("--hard-ms", type=float, default=None, help="hard's budget (default: 450)")
    bp.add_argument("--hint-ms", type=float, default=None, help="the hint's budget")
    bp.add_argument("--variant", action="append", help="only this game (repeatable)")
    args = ap.parse_args(argv)
    if args.command == "bench":
        from .bench import run
        from .hint import HINT_BUDGET_MS

        print(json.dumps(run(args.positions, args.seed, args.hard_ms,
                             args.hint_ms or HINT_BUDGET_MS, args.variant), indent=2))
        return 0

    from game.rules.errors import RulesError
    from game.rules.record import replay_text

    from .hint import HINT_BUDGET_MS, hint

    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        print(f"cannot read {args.record}: {exc}", file=sys.stderr)
        return 2
    try:
        deal = replay_text(text)[-1]
    except RulesError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if not 0 <= args.seat < deal.players:
        print(f"seat must be 0..{deal.players - 1}", file=sys.stderr)
        return 2
    obs = deal.observation(args.seat)
    if deal.is_over() or deal.to_move() != args.seat:
        print(f"seat {args.seat} is not to move (to move: {deal.to_move()})", file=sys.stderr)
        return 2
    h = hint(obs, budget_ms=args.budget_ms or HINT_BUDGET_MS, seed=args.seed)
    out = h.to_json()
    out["seat"] = args.seat
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
