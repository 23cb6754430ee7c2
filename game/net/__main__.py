"""``python -m game.net``: a table without a window, a scripted player, a loopback benchmark.

    serve  --variant marias --port 47625 --seats open,open,hard [--options rounds=1]
           [--away normal:30 | --away wait] [--save FILE] [--resume FILE] [--lan]
    play   --host 192.168.1.20 --port 47625 --name Robo [--level easy] [--seat 1]
    bench  round trips of a Mariáš observation over the loopback (JSON)

``serve`` prints one JSON line when it listens (``{"listening": PORT, ...}``) and one
when the match is over (the totals); it saves the match after every action with
``--save`` and continues a saved one with ``--resume``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import sys
import time
from pathlib import Path
from typing import Any

from game.rules.files import atomic_write

from . import protocol as P
from .table import LEVELS, OPEN, AwayPolicy, Table, table_from_record


def _away(text: str) -> AwayPolicy:
    text = text.strip().lower()
    if text in ("wait", "none"):
        return AwayPolicy(None)
    level, _, after = text.partition(":")
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"--away is 'wait' or LEVEL[:SECONDS] with a level of {', '.join(LEVELS)}")
    try:
        return AwayPolicy(level, float(after) if after else 30.0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{after}' is not a number of seconds") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.net",
                                     description="Marriage Table on the local network.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="host a table without a window")
    serve.add_argument("--variant", default="marias",
                       choices=("marriage", "sixty-six", "sixty-six-3", "marias"))
    serve.add_argument("--seats", help="per seat: open (a person) or easy/normal/hard; "
                                       "default: every seat open")
    serve.add_argument("--options", default="", help="rule options, e.g. rounds=1")
    serve.add_argument("--port", type=int, default=P.DEFAULT_PORT, help="0: any free port")
    serve.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    serve.add_argument("--away", type=_away, default=AwayPolicy("normal", 30.0),
                       help="an absent person's turn: LEVEL[:SECONDS] plays it, or 'wait'")
    serve.add_argument("--bot-pause", type=float, default=0.6,
                       help="seconds before a computer acts (so people can follow)")
    serve.add_argument("--seed", type=int)
    serve.add_argument("--save", type=Path, help="save the match here after every action")
    serve.add_argument("--resume", type=Path, help="continue a match saved with --save")
    serve.add_argument("--lan", action="store_true", help="announce the table on the LAN")
    play = sub.add_parser("play", help="sit at a table as a computer-driven player")
    play.add_argument("--host", default="127.0.0.1")
    play.add_argument("--port", type=int, default=P.DEFAULT_PORT)
    play.add_argument("--name", default="Robot")
    play.add_argument("--level", default="easy", choices=LEVELS)
    play.add_argument("--seat", type=int)
    play.add_argument("--token")
    sub.add_parser("bench", help="loopback round trips of an observation, as JSON")
    return parser


def make_table(args: argparse.Namespace) -> Table:
    if args.resume:
        text = args.resume.read_text("utf-8")
        seats = args.seats.split(",") if args.seats else None
        table = table_from_record(text, away=args.away, seats=seats)
        if table.live.is_over():
            raise ValueError(f"the match saved in {args.resume} is over")
        return table
    from game.rules.variants import deal_class

    players = deal_class(args.variant).players
    seats = args.seats.split(",") if args.seats else [OPEN] * players
    return Table(args.variant, seats, args.options or None, away=args.away, seed=args.seed)


async def serve(args: argparse.Namespace) -> int:
    from .server import TableServer

    table = make_table(args)
    save_to = args.save or args.resume
    if save_to is not None:
        table.on_save = lambda t: atomic_write(save_to, t.record_text())
    server = TableServer(table, args.bind, args.port, bot_pause_s=args.bot_pause,
                         announce=args.lan)
    port = await server.start()
    print(json.dumps({"listening": port, "variant": table.variant, "seats": table.seat_kinds,
                      "protocol": P.PROTOCOL_VERSION}), flush=True)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, server.stop)
    await server.serve()
    print(json.dumps({"over": table.match_over(), "totals": table.live.totals,
                      "winners": table.live.winners(), "errors": server.errors}), flush=True)
    return 0


async def play(args: argparse.Namespace) -> int:
    from .scripted import ScriptedClient

    client = ScriptedClient(args.host, args.port, args.name, args.level, seat=args.seat,
                            token=args.token, seed=int(time.time()) % 10_000)
    try:
        await client.connect()
    except OSError as exc:
        print(json.dumps({"outcome": "unreachable", "detail": str(exc)}), flush=True)
        return 1
    outcome = await client.run()
    print(json.dumps({"outcome": outcome, "seat": client.seat, "actions": client.actions_sent}),
          flush=True)
    return 0 if outcome == "match_end" else 1


async def bench(rounds: int = 2000) -> dict[str, Any]:
    """Round trips of a Mariáš observation through an echo over asyncio streams."""
    from game.rules import Match

    match = Match("marias", seed=1)
    deal = match.start_deal()
    while not deal.is_over() and len(deal.history) < 20:
        deal.apply(deal.legal_actions()[0])
    payload = P.encode({"type": "action", "obs": deal.observation(0)})

    async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while line := await reader.readline():
            writer.write(line)
            await writer.drain()
        writer.close()

    server = await asyncio.start_server(echo, "127.0.0.1", 0, limit=P.MAX_SERVER_MESSAGE)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=P.MAX_SERVER_MESSAGE)
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        writer.write(payload)
        await writer.drain()
        P.decode(await reader.readline())
        times.append(time.perf_counter() - t)
    writer.close()
    await writer.wait_closed()
    await asyncio.sleep(0.01)
    server.close()
    await server.wait_closed()
    times.sort()
    return {"transport": "asyncio-streams", "message_bytes": len(payload), "round_trips": rounds,
            "median_us": round(times[len(times) // 2] * 1e6),
            "p99_us": round(times[int(len(times) * 0.99)] * 1e6)}


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command == "serve":
            return asyncio.run(serve(args))
        if args.command == "play":
            return asyncio.run(play(args))
        print(json.dumps(asyncio.run(bench())))
        return 0
    except (ValueError, OSError) as exc:
        print(f"game.net: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
