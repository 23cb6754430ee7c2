"""``python -m game.net.soak``: many networked matches of every game on the loopback.

Each match is a real :class:`~game.net.server.TableServer` with scripted clients
(:mod:`game.net.scripted`) playing at full speed: some plain, some on a line that
delays their messages at random, some that drop their line mid-match and come back
with the token the host gave.  Through every match one hostile client keeps
opening connections that never say hello.  An absent person's turn waits for them
(no stand-in), so a rejoin that fails shows as a stall.

The result is one JSON object: matches played, stalls (a match that did not end in
``--match-timeout`` seconds), rejoins that succeeded or failed, the host's
prompts and ignored copies, and the process's resident memory at the start, after
the first round and at the end (the host, the clients and the bots share the
process; after a tenth of the matches the caches are warm, and a leak of the host
shows as growth between the last two).  Exit status 0
when there was no stall and no failed rejoin.

    python -m game.net.soak [--matches 200] [--parallel 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from .scripted import Faults, ScriptedClient
from .server import Limits, TableServer
from .table import AwayPolicy, Table

#: Each game's table: its seats and short match options (the soak counts matches).
GAMES: dict[str, tuple[list[str], dict[str, Any]]] = {
    "marriage": (["open", "open"], {"match_points": 2}),
    "sixty-six": (["open", "easy"], {"match_points": 2}),
    "sixty-six-3": (["open", "open", "easy"], {"match_points": 2}),
    "marias": (["open", "open", "easy"], {"rounds": 1}),
}
#: How a scripted person behaves: plays straight, on a line that delays, or drops and
#: comes back with its token.
ROLES = ("plain", "delayed", "rejoin")


@dataclass
class Tally:
    matches: int = 0
    ended: int = 0
    stalls: int = 0
    rejoins_ok: int = 0
    rejoins_failed: int = 0
    prompts: int = 0
    copies_ignored: int = 0
    host_errors: list[str] = field(default_factory=list)
    per_game: dict[str, int] = field(default_factory=dict)


def rss_mb() -> float:
    """This process's resident memory (MB) from /proc; 0.0 where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return 0.0


async def _person(port: int, name: str, role: str, rng: random.Random, tally: Tally,
                  table: Table) -> str:
    seed = rng.randrange(1 << 30)
    faults = Faults(delay=0.3, max_delay_s=0.05, seed=seed) if role == "delayed" else None
    client = ScriptedClient("127.0.0.1", port, name, "easy", seed=seed, faults=faults,
                            ping_s=2.0)
    if role != "rejoin":
        return await client.run()
    outcome = await client.run(drop_after=rng.randint(1, 6))
    if outcome != "dropped":
        return outcome
    await asyncio.sleep(rng.uniform(0.0, 0.2))
    back = ScriptedClient("127.0.0.1", port, name, "easy", seed=seed, token=client.token,
                          ping_s=2.0)
    try:
        outcome = await back.run()
    except OSError:
        if table.live.is_over():  # the drop came with the match's last action
            return "match_end"
        outcome = "unreachable"
    if back.seat == client.seat and outcome == "match_end":
        tally.rejoins_ok += 1
    else:
        tally.rejoins_failed += 1
    return outcome


async def _hostile(port: int, stop: asyncio.Event, opened: list[int]) -> None:
    """Keeps opening connections that never say hello (at most 16 held at once)."""
    held: list[asyncio.StreamWriter] = []
    while not stop.is_set():
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            held.append(writer)
            opened[0] += 1
        if len(held) > 16:
            held.pop(0).close()
        await asyncio.sleep(0.02)
    for writer in held:
        writer.close()


async def one_match(variant: str, rng: random.Random, tally: Tally,
                    timeout: float) -> None:
    seats, options = GAMES[variant]
    table = Table(variant, seats, options, away=AwayPolicy(None),
                  seed=rng.randrange(1 << 30))
    server = TableServer(table, "127.0.0.1", 0, bot_pause_s=0.0,
                         limits=Limits(idle_s=20.0, reprompt_s=1.0), linger_s=0.05)
    port = await server.start()
    stop = asyncio.Event()
    opened = [0]
    hostile = asyncio.create_task(_hostile(port, stop, opened))
    people = [_person(port, f"P{i}", rng.choice(ROLES), rng, tally, table)
              for i in range(seats.count("open"))]
    tally.matches += 1
    tally.per_game[variant] = tally.per_game.get(variant, 0) + 1
    try:
        await asyncio.wait_for(asyncio.gather(*people, server.serve()), timeout)
    except TimeoutError:
        pass
    finally:
        stop.set()
        await hostile
        if table.live.is_over():
            tally.ended += 1
        else:
            tally.stalls += 1
        server.stop()
        await server.close()
        tally.prompts += server.prompts
        tally.copies_ignored += table.duplicates
        tally.host_errors += server.errors[:5]


async def soak(matches: int = 200, parallel: int = 4, seed: int = 1,
               match_timeout: float = 120.0) -> dict[str, Any]:
    """``matches`` networked matches of every game; the figures (see the module doc)."""
    rng = random.Random(seed)
    tally = Tally()
    gc.collect()
    start_rss = rss_mb()
    started = time.monotonic()
    jobs = [variant for _ in range(matches) for variant in GAMES]
    warm_rss = 0.0
    #: The memory after a tenth of the matches: caches and imports are warm by then.
    warm_after = max(len(GAMES), len(jobs) // 10)
    gate = asyncio.Semaphore(max(1, parallel))

    async def run(i: int, variant: str) -> None:
        nonlocal warm_rss
        async with gate:
            await one_match(variant, random.Random(rng.randrange(1 << 30) + i), tally,
                            match_timeout)
            if tally.matches >= warm_after and not warm_rss:
                gc.collect()
                warm_rss = rss_mb()

    await asyncio.gather(*(run(i, v) for i, v in enumerate(jobs)))
    gc.collect()
    return {"matches": tally.matches, "per_game": tally.per_game, "ended": tally.ended,
            "stalls": tally.stalls, "rejoins_ok": tally.rejoins_ok,
            "rejoins_failed": tally.rejoins_failed, "prompts": tally.prompts,
            "copies_ignored": tally.copies_ignored, "host_errors": tally.host_errors[:10],
            "rss_start_mb": start_rss, "rss_warm_mb": warm_rss, "rss_end_mb": rss_mb(),
            "seconds": round(time.monotonic() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.net.soak",
                                     description="Networked matches of every game, as JSON.")
    parser.add_argument("--matches", type=int, default=200, help="matches of each game")
    parser.add_argument("--parallel", type=int, default=4, help="tables at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match-timeout", type=float, default=120.0,
                        help="seconds after which a match that has not ended is a stall")
    args = parser.parse_args(argv)
    if args.matches < 1 or args.parallel < 1:
        parser.error("--matches and --parallel are at least 1")
    result = asyncio.run(soak(args.matches, args.parallel, args.seed, args.match_timeout))
    print(json.dumps(result), flush=True)
    return 0 if result["stalls"] == 0 and result["rejoins_failed"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
