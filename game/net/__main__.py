"""``python -m game.net``: a table without a window, a scripted player, a loopback benchmark.

    serve  --variant marias --port 47625 --seats open,open,hard [--options rounds=1]
           [--away normal:30 | --away wait] [--save FILE] [--resume FILE] [--lan]
    play   --host 192.168.1.20 --port 47625 --name Robo [--level easy] [--seat 1]
    bench  round trips of a Mariáš observation over the loopback (JSON)

``serve`` prints one JSON line when it listens (``{"listening": PORT, ...}``) and one
when the match is over (the totals); it saves the match after every action with
``--save`` and continues a saved one with ``--resume``.  ``play`` prints one line
when it sits down (``{"seated": SEAT, "token": ...}``: ``--token`` takes the seat
back after a drop) and one at the end (``{"outcome": ...}``).

A bad command line is one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import math
import os
import signal
import stat
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

from game.rules.files import atomic_write

from . import protocol as P
from .table import LEVELS, OPEN, AwayPolicy, Table, table_from_record

#: The largest saved match ``--resume`` reads: a real match's record is a few KB.
MAX_SAVE_BYTES = 1 << 20
#: The longest pause before a computer acts that makes sense at a table (seconds).
MAX_BOT_PAUSE_S = 60.0


class OneLineParser(argparse.ArgumentParser):
    """Argument errors as one line (``game.net: ...``) and exit 2, without the usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"game.net: {message} (see --help)\n")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is out of range (0-65535)")
    return port


def _bot_pause(text: str) -> float:
    try:
        pause = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not math.isfinite(pause) or not 0 <= pause <= MAX_BOT_PAUSE_S:
        raise argparse.ArgumentTypeError(
            f"--bot-pause is between 0 and {MAX_BOT_PAUSE_S:g} seconds, not {text}")
    return pause


def read_save(path: Path, limit: int = MAX_SAVE_BYTES) -> str:
    """A saved match's text: a regular file of at most ``limit`` bytes (ValueError if not).

    A named pipe or a device would block or never end: they are refused before opening.
    """
    try:
        info = os.stat(path)
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise ValueError(f"{path} is a folder, not a saved match")
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{path} is not a regular file")
    if info.st_size > limit:
        raise ValueError(f"{path} is too large for a saved match ({info.st_size} bytes)")
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"{path} is too large for a saved match")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a saved match (not UTF-8 text)") from None


def check_save_target(path: Path) -> None:
    """``--save``: a file in an existing folder (ValueError for a folder or a device)."""
    if path.is_dir():
        raise ValueError(f"{path} is a folder: --save needs a file name")
    if path.exists() and not path.is_file():
        raise ValueError(f"{path} is not a regular file")
    if not path.parent.is_dir():
        raise ValueError(f"the folder of {path} does not exist")


def _away(text: str) -> AwayPolicy:
    text = text.strip().lower()
    if text in ("wait", "none"):
        return AwayPolicy(None)
    level, _, after = text.partition(":")
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(
            f"--away is 'wait' or LEVEL[:SECONDS] with a level of {', '.join(LEVELS)}")
    try:
        seconds = float(after) if after else 30.0
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{after}' is not a number of seconds") from None
    if not math.isfinite(seconds) or not 0 <= seconds <= 3600:
        raise argparse.ArgumentTypeError("--away waits between 0 and 3600 seconds")
    return AwayPolicy(level, seconds)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="python -m game.net",
                                     description="Marriage Table on the local network.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="host a table without a window")
    serve.add_argument("--variant", default="marias",
                       choices=("marriage", "sixty-six", "sixty-six-3", "marias"))
    serve.add_argument("--seats", help="per seat: open (a person) or easy/normal/hard; "
                                       "default: every seat open")
    serve.add_argument("--options", default="", help="rule options, e.g. rounds=1")
    serve.add_argument("--port", type=_port, default=P.DEFAULT_PORT, help="0: any free port")
    serve.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    serve.add_argument("--away", type=_away, default=AwayPolicy("normal", 30.0),
                       help="an absent person's turn: LEVEL[:SECONDS] plays it, or 'wait'")
    serve.add_argument("--bot-pause", type=_bot_pause, default=0.6,
                       help="seconds (0-60) before a computer acts (so people can follow)")
    serve.add_argument("--seed", type=int)
    serve.add_argument("--save", type=Path, help="save the match here after every action")
    serve.add_argument("--resume", type=Path, help="continue a match saved with --save")
    serve.add_argument("--lan", action="store_true", help="announce the table on the LAN")
    play = sub.add_parser("play", help="sit at a table as a computer-driven player")
    play.add_argument("--host", default="127.0.0.1")
    play.add_argument("--port", type=_port, default=P.DEFAULT_PORT)
    play.add_argument("--name", default="Robot")
    play.add_argument("--level", default="easy", choices=LEVELS)
    play.add_argument("--seat", type=int)
    play.add_argument("--token", help="the token printed when this player sat down: "
                                       "takes the seat back after a drop")
    sub.add_parser("bench", help="loopback round trips of an observation, as JSON")
    return parser


def make_table(args: argparse.Namespace) -> Table:
    if args.save is not None:
        check_save_target(args.save)
    if args.resume:
        text = read_save(args.resume)
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
    client.on_seated = lambda c: print(json.dumps({"seated": c.seat, "token": c.token}),
                                       flush=True)
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
