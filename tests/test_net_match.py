"""Networked matches on the loopback: every game to its end, drops and rejoins, saves.

Scripted clients play with the ``easy`` level (instant), the server's computers too;
matches are short (one deal or one round) so the suite stays fast.  After each
match, every message each client received is checked against what its seat may
know (:func:`net_helpers.check_knowledge`).
"""

from __future__ import annotations

import asyncio

import pytest
from net_helpers import check_knowledge, make_server, run_table

from game.net.scripted import Faults, ScriptedClient
from game.net.table import AwayPolicy, match_from_record, table_from_record
from game.rules import write_record

GAMES = [
    ("marriage", ["open", "open"], {"match_points": 2}),
    ("sixty-six", ["open", "easy"], {"match_points": 2}),
    ("sixty-six-3", ["open", "open", "open"], {"match_points": 2}),
    ("marias", ["open", "open", "easy"], {"rounds": 1}),
]


@pytest.mark.parametrize("variant,seats,options", GAMES, ids=[g[0] for g in GAMES])
def test_full_match_with_people_and_computers(variant, seats, options):
    server = make_server(variant, seats, options)
    clients = [ScriptedClient("127.0.0.1", 0, f"Player {i}", "easy", seed=i)
               for i in range(seats.count("open"))]
    outcomes = asyncio.run(run_table(server, clients))
    table = server.table
    assert outcomes == ["match_end"] * len(clients)
    assert table.match.is_over() and server.errors == []
    assert sorted(c.seat for c in clients) == [i for i, k in enumerate(seats) if k == "open"]
    # The host's save is the whole match; replaying it gives the same totals.
    replayed = match_from_record(server.saved[-1])
    assert replayed.totals == table.match.totals
    assert server.saved[-1].endswith(write_record(table.match.deals))
    for c in clients:
        assert check_knowledge(table, c.seat, c.received) > 10
        assert c.refusals == []
        ends = [m for m in c.received if m["type"] == "match_end"]
        assert ends and ends[0]["totals"] == table.match.totals


@pytest.mark.parametrize("variant,seats,options", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_match_ends_on_a_line_that_drops_repeats_and_delays(variant, seats, options,
                                                                    seed):
    """Client messages dropped, sent twice and delayed at random (seeded): the host asks
    again for what it waits for, ignores copies, and every match still ends."""
    server = make_server(variant, seats, options, seed=seed)
    faults = [Faults(drop=0.15, duplicate=0.15, delay=0.2, max_delay_s=0.3, seed=seed * 10 + i)
              for i in range(seats.count("open"))]
    clients = [ScriptedClient("127.0.0.1", 0, f"Player {i}", "easy", seed=i, faults=f,
                              ping_s=1.0) for i, f in enumerate(faults)]
    outcomes = asyncio.run(run_table(server, clients, timeout=120.0))
    table = server.table
    assert outcomes == ["match_end"] * len(clients)
    assert table.match.is_over() and server.errors == []
    for c in clients:
        assert c.refusals == []
        check_knowledge(table, c.seat, c.received)
    assert match_from_record(server.saved[-1]).totals == table.match.totals


class LosesFirstAnswers(ScriptedClient):
    """A client whose first action and first "next deal" are lost on the way, and whose
    second action arrives twice."""

    lost: set[str]

    async def send(self, msg):
        kinds = getattr(self, "lost", set())
        self.lost = kinds
        if msg["type"] in ("act", "ready") and msg["type"] not in kinds:
            kinds.add(msg["type"])
            return
        if msg["type"] == "act" and "copy" not in kinds and self.actions_sent == 1:
            kinds.add("copy")
            await super().send(msg)
        await super().send(msg)


def test_a_lost_answer_is_asked_for_again_and_a_copy_changes_nothing():
    # to 4 points: a deal gives at most 3, so there is a "next deal" to lose
    server = make_server("sixty-six", ["open", "easy"], {"match_points": 4})
    client = LosesFirstAnswers("127.0.0.1", 0, "Lou", "easy", seed=3, ping_s=1.0)
    outcomes = asyncio.run(run_table(server, [client]))
    assert outcomes == ["match_end"]
    assert client.lost == {"act", "ready", "copy"}
    assert server.prompts >= 2 and client.resent >= 2
    assert server.table.duplicates >= 1 and client.refusals == []
    check_knowledge(server.table, client.seat, client.received)


def test_dropped_client_rejoins_mid_deal_and_the_table_waits():
    """A seat dropped mid-deal: the table waits (no computer stands in); the same person
    rejoins with its token, gets the position and plays the match to its end."""
    server = make_server("marias", ["open", "open", "easy"], {"rounds": 1},
                         away=AwayPolicy(None))

    async def scenario():
        await server.start()
        a = ScriptedClient("127.0.0.1", server.port, "Anna", "easy", seed=1)
        b = ScriptedClient("127.0.0.1", server.port, "Boris", "easy", seed=2)
        b_task = asyncio.create_task(b.run())
        assert await a.run(drop_after=4) == "dropped"
        await asyncio.sleep(0.3)
        version = server.table.version
        await asyncio.sleep(0.3)
        # Away, nobody plays for Anna: the position has not moved past her turn.
        turn = server.table.turn()
        assert turn is not None and turn.seat == a.seat and turn.kind == "away"
        assert server.table.version == version
        back = ScriptedClient("127.0.0.1", server.port, "Anna", "easy", token=a.token, seed=1)
        results = await asyncio.wait_for(asyncio.gather(back.run(), b_task, server.serve()), 60)
        return a, back, b, results

    a, back, b, results = asyncio.run(scenario())
    assert results[:2] == ["match_end", "match_end"]
    assert back.seat == a.seat
    sync = next(m for m in back.received if m["type"] == "sync")
    assert sync["at"][0] == 0 and sync["obs"]["seat"] == a.seat
    table = server.table
    for client in (a, back, b):
        check_knowledge(table, client.seat, client.received)


def test_away_seat_is_played_by_a_computer_then_rejoined_by_token():
    """With a stand-in level, the absent person's turns are played after the timeout; a
    new connection with the seat's token takes the seat back (a name alone does not)."""
    server = make_server("sixty-six-3", ["open", "open", "easy"], {"match_points": 2},
                         away=AwayPolicy("easy", 0.05))

    async def scenario():
        await server.start()
        a = ScriptedClient("127.0.0.1", server.port, "Anna", "easy", seed=1)
        b = ScriptedClient("127.0.0.1", server.port, "Boris", "easy", seed=2)
        b_task = asyncio.create_task(b.run())
        await a.run(drop_after=2)
        version = server.table.version
        for _ in range(100):  # the stand-in keeps the game going while Anna is away
            await asyncio.sleep(0.02)
            if server.table.version > version + 6:
                break
        assert server.table.version > version + 6
        impostor = ScriptedClient("127.0.0.1", server.port, "anna", "easy", seed=4)
        assert await impostor.run() == "error:seat_taken"
        back = ScriptedClient("127.0.0.1", server.port, "anna", "easy", token=a.token, seed=3)
        results = await asyncio.wait_for(asyncio.gather(back.run(), b_task, server.serve()), 60)
        return a, back, results

    a, back, results = asyncio.run(scenario())
    assert results[:2] == ["match_end", "match_end"]
    assert back.seat == a.seat
    check_knowledge(server.table, back.seat, back.received)


def test_a_saved_network_match_is_continued():
    """The host's save (a deal record led by the table's facts) hosts the match again."""
    server = make_server("marias", ["open", "open", "easy"], {"rounds": 1})

    async def first_part():
        await server.start()
        a = ScriptedClient("127.0.0.1", server.port, "Anna", "easy", seed=1)
        b = ScriptedClient("127.0.0.1", server.port, "Boris", "easy", seed=2)
        await asyncio.gather(a.run(stop_at_deal=2), b.run(stop_at_deal=2))
        server.stop()
        await server.close()

    asyncio.run(first_part())
    text = server.saved[-1]
    assert not server.table.match.is_over()
    table = table_from_record(text)
    assert table.seat_kinds == ["open", "open", "easy"]
    assert [s.name for s in table.seats][:2] == ["Anna", "Boris"]
    assert len(table.match.deals) == 2 and table.match.totals == server.table.match.totals
    again = make_server("marias", ["open", "open", "easy"])
    again.table = table
    table.send = again._deliver
    table.on_save = lambda t: again.saved.append(t.record_text())

    clients = [ScriptedClient("127.0.0.1", 0, name, "easy", seed=i)
               for i, name in enumerate(("Boris", "Anna"))]
    outcomes = asyncio.run(run_table(again, clients))
    assert outcomes == ["match_end", "match_end"]
    assert [c.seat for c in clients] == [1, 0]  # each came back to their own seat
    assert table.match.is_over() and len(table.match.deals) == 3
