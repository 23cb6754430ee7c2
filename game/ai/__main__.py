"""``python -m game.ai hint RECORD --seat N [--budget-ms M] [--seed S]``,
``python -m game.ai bench [--positions N]`` (decision times, JSON: :mod:`game.ai.bench`) and
``python -m game.ai calibrate [--positions N]`` (the iterations a level's budget buys, JSON:
:mod:`game.ai.calibrate`).

Replays the record (NOTATION.md; ``-`` = standard input) and prints the hint
for seat N at the position after the record's last action, as JSON.  Budgets
go through :func:`game.ai.budget.parse_budget_ms`; every mistake is one line
on standard error and exit status 2 (:mod:`game.rules.cli`).
"""

from __future__ import annotations

import argparse
import json
import sys

from game.rules.cli import CliError, OneLineParser, input_lines, run_main

from .budget import budget_arg

#: ``bench --positions`` at most.
MAX_POSITIONS = 10_000


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 1 <= value <= MAX_POSITIONS:
        raise argparse.ArgumentTypeError(f"must be from 1 to {MAX_POSITIONS}, not {value}")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def _main(argv: list[str] | None = None) -> int:
    from game.rules.options import VARIANT_IDS

    ap = OneLineParser(prog="python -m game.ai")
    sub = ap.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    hp = sub.add_parser("hint", help="the hint for a seat at the end of a record (JSON)")
    hp.add_argument("record", help="record file, or - for standard input")
    hp.add_argument("--seat", type=_seed, required=True)
    hp.add_argument("--budget-ms", type=budget_arg, default=None,
                    help="search budget in ms (default: the game's, HINT_BUDGET_MS; "
                         "at most game.ai.budget.MAX_BUDGET_MS)")
    hp.add_argument("--seed", type=_seed, default=0)
    bp = sub.add_parser("bench", help="decision times of easy, hard and hint() (JSON)")
    bp.add_argument("--positions", type=_count, default=6, help="positions per game")
    bp.add_argument("--seed", type=_seed, default=1)
    bp.add_argument("--hard-ms", type=budget_arg, default=None,
                    help="hard's budget (default: 450)")
    bp.add_argument("--hint-ms", type=budget_arg, default=None, help="the hint's budget")
    bp.add_argument("--variant", action="append", choices=VARIANT_IDS,
                    help="only this game (repeatable)")
    sp = sub.add_parser("showme", help="could the seat have won the record's last deal? "
                        "The hard level's line and the perfect-information line (JSON)")
    sp.add_argument("record", help="record file, or - for standard input")
    sp.add_argument("--seat", type=_seed, required=True)
    sp.add_argument("--json", action="store_true", help="print JSON (else a short summary)")
    sp.add_argument("--opponents", default="hard",
                    help="the other seats' level after the lines part: one for all, or one "
                         "per seat, comma-separated (default hard)")
    sp.add_argument("--iterations", type=_count, default=None,
                    help="fixed search size of the seat's lines (reproducible); default: "
                         "the level's time budget")
    sp.add_argument("--opponent-iterations", type=_count, default=None)
    sp.add_argument("--seed", type=_seed, default=0)
    sb = sub.add_parser("showme-bench", help="how often the all-cards line of 'Could I have "
                        "won?' scores at least the deal as played, per game (JSON)")
    sb.add_argument("--deals", type=_count, default=20, help="deals per game")
    sb.add_argument("--seed", type=_seed, default=1)
    sb.add_argument("--iterations", type=_count, default=20,
                    help="search size of the player's seat and of its lines")
    sb.add_argument("--opponent-iterations", type=_count, default=10)
    sb.add_argument("--variant", action="append", choices=VARIANT_IDS,
                    help="only this game (repeatable)")
    cp = sub.add_parser("calibrate",
                        help="the search iterations each level's budget reaches (JSON)")
    cp.add_argument("--positions", type=_count, default=24, help="positions per game")
    cp.add_argument("--seed", type=_seed, default=1)
    cp.add_argument("--variant", action="append", choices=VARIANT_IDS,
                    help="only this game (repeatable)")
    cp.add_argument("--no-wall", action="store_true",
                    help="skip the wall-clock comparison (half the time)")
    args = ap.parse_args(argv)
    if args.command == "showme":
        return _showme(args)
    if args.command == "showme-bench":
        from .showme import bench as showme_bench

        print(json.dumps(showme_bench(args.deals, args.variant or list(VARIANT_IDS),
                                      args.seed, args.iterations, args.opponent_iterations),
                         indent=1))
        return 0
    if args.command == "calibrate":
        from .calibrate import run as calibrate

        print(json.dumps(calibrate(args.positions, args.seed, args.variant,
                                   wall=not args.no_wall), indent=1))
        return 0
    if args.command == "bench":
        from .bench import run
        from .hint import HINT_BUDGET_MS

        print(json.dumps(run(args.positions, args.seed, args.hard_ms,
                             args.hint_ms or HINT_BUDGET_MS, args.variant), indent=2))
        return 0

    import collections

    from game.rules.record import iter_records, replay_records

    from .hint import HINT_BUDGET_MS, hint

    # Replay deal by deal, keeping only the last (a record may hold a long match).
    (deal,) = collections.deque(replay_records(iter_records(input_lines(args.record))), 1)
    if not 0 <= args.seat < deal.players:
        raise CliError(f"seat must be 0..{deal.players - 1}, not {args.seat}")
    if deal.is_over() or deal.to_move() != args.seat:
        raise CliError(f"seat {args.seat} is not to move (to move: {deal.to_move()})")
    obs = deal.observation(args.seat)
    h = hint(obs, budget_ms=args.budget_ms or HINT_BUDGET_MS, seed=args.seed)
    out = h.to_json()
    out["seat"] = args.seat
    print(json.dumps(out, ensure_ascii=False))
    return 0


def _showme(args: argparse.Namespace) -> int:
    import collections

    from game.rules.record import iter_records, replay_records

    from .bot import LEVELS
    from .showme import show_me

    (deal,) = collections.deque(replay_records(iter_records(input_lines(args.record))), 1)
    if not 0 <= args.seat < deal.players:
        raise CliError(f"seat must be 0..{deal.players - 1}, not {args.seat}")
    if not deal.is_over():
        raise CliError("the record's last deal is not finished")
    levels = [x.strip() for x in args.opponents.split(",")]
    for lv in levels:
        if lv not in LEVELS:
            raise CliError(f"unknown level '{lv}' (one of {', '.join(LEVELS)})")
    if len(levels) == 1:
        levels = levels * deal.players
    if len(levels) != deal.players:
        raise CliError(f"--opponents: one level, or one per seat ({deal.players})")
    result = show_me(deal, args.seat, levels, seed=args.seed, iterations=args.iterations,
                     opponent_iterations=args.opponent_iterations)
    out = result.to_json()
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    for name in ("played", "hard", "perfect"):
        line = out[name]
        parted = line.get("parted_at")
        where = (f", parts at trick {parted['trick']}: {parted['played']} -> {parted['line']}"
                 if parted else "")
        print(f"{name:<8} score {line['score']}  value {line['value']:+g}"
              f"{'  won' if line['won'] else ''}{where}")
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_main(_main, argv)


if __name__ == "__main__":
    sys.exit(main())
