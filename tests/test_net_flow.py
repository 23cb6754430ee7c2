"""The window's flow at a network table, fed by a real host table without sockets.

The host's :class:`Table` delivers its messages straight into a fake client; the
:class:`ClientFlow` turns them into the table's flow events.  Whatever the window
shows must be the host's position for its seat, also after it was away from the
table for a while (``catch_up``).
"""

from __future__ import annotations

import json
import random

from game.net.table import AwayPolicy, Table
from game.ui.flow import (
    ActionApplied,
    DealEnded,
    DealStarted,
    MatchEnded,
    Phase,
    PhaseChanged,
    Resumed,
)
from game.ui.netplay.flow import ClientFlow


class FakeClient:
    status = "connected"
    failure = None
    failure_detail: dict = {}

    def __init__(self) -> None:
        self.inbox: list[dict] = []
        self.sent: list[dict] = []

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def send(self, msg: dict) -> None:
        self.sent.append(msg)

    def close(self) -> None:
        pass


def sit(variant: str, seats: list[str], options: dict) -> tuple[Table, list[FakeClient]]:
    table = Table(variant, seats, options, away=AwayPolicy(None), seed=21)
    clients = [FakeClient() for _ in seats]
    # As on the wire: JSON in, JSON out.
    table.send = lambda seat, msg: clients[seat].inbox.append(json.loads(json.dumps(msg)))
    for i, kind in enumerate(seats):
        if kind == "open":
            seat = table.join(f"P{i}", seat=i)
            clients[i].inbox.append(table.welcome(seat.index))
            table.arrived(seat.index)
    return table, clients


def play_one(table: Table, rng: random.Random) -> None:
    seat = table.deal.to_move()
    obs = table.observation(seat)
    table.submit(seat, rng.choice(obs["legal"]), table.version)


def test_the_flow_follows_the_host_and_hands_over_the_person_s_choice():
    table, clients = sit("sixty-six-3", ["open", "open", "open"], {"match_points": 2})
    flow = ClientFlow(clients[0])
    events = []
    flow.listener = events.append
    flow.start()
    rng = random.Random(3)
    choices = 0
    while not table.match_over():
        if table.waiting_for_next_deal():
            for s in range(3):
                table.ready(s)
            table.next_deal()
            continue
        flow.update()
        if table.deal.to_move() == 0:
            flow.update()
            assert flow.waiting_for_human() and \
                flow.pending.observation.to_json() == table.observation(0)
            flow.human.submit(rng.choice(flow.pending.observation.legal))
            flow.update()
            sent = clients[0].sent[-1]
            assert sent["type"] == "act" and sent["seq"] == table.version
            table.submit(0, sent["action"], sent["seq"])
            choices += 1
        else:
            play_one(table, rng)
    flow.update()
    assert flow.match.over and flow.state is Phase.MATCH_END
    assert flow.match.totals == table.match.totals
    assert json.loads(json.dumps(flow.obs.to_json())) == \
        json.loads(json.dumps(table.observation(0)))
    kinds = [type(e) for e in events]
    assert kinds.count(DealStarted) == len(table.match.deals)
    assert kinds.count(DealEnded) == len(table.match.deals)
    assert kinds.count(ActionApplied) == sum(len(d.history) for d in table.match.deals)
    assert choices > 0 and isinstance(events[-1], MatchEnded)


def test_catching_up_jumps_to_the_newest_position():
    table, clients = sit("marias", ["open", "open", "easy"], {"rounds": 1})
    flow = ClientFlow(clients[0])
    events = []
    flow.listener = events.append
    flow.start()
    flow.update()
    rng = random.Random(5)
    # The window is in the menu: the host plays on (two deals and a half).
    while len(table.match.deals) < 3 or len(table.deal.history) < 6:
        if table.waiting_for_next_deal():
            for s in range(2):
                table.ready(s)
            table.next_deal()
            continue
        play_one(table, rng)
    events.clear()
    flow.catch_up()
    assert len(flow.queue) == 1 and flow.queue[0]["type"] == "sync"
    flow.update()
    assert [type(e) for e in events if not isinstance(e, PhaseChanged)] == [Resumed]
    assert json.loads(json.dumps(flow.obs.to_json())) == \
        json.loads(json.dumps(table.observation(0)))
    assert len(flow.match.deals) == 3 and flow.match.totals == table.match.totals
    # And it plays on from there like any position.
    while not table.deal.is_over():
        play_one(table, rng)
    flow.update()
    assert flow.state is Phase.MATCH_END  # one round of Mariáš: the third deal ends it
    assert flow.match.totals == table.match.totals
