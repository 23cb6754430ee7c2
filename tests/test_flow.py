"""The turn-flow state machine, without pygame: phases read off the engine, waiting, inputs."""

from __future__ import annotations

import threading
import time

import pytest
from observations import actions, observation

from game.rules import Action, Match
from game.ui.flow import (
    ASKING,
    ActionApplied,
    DealEnded,
    DealStarted,
    Phase,
    Refused,
    TurnFlow,
    phase_of,
)
from game.ui.players import BotInput, HumanInput, Pending


class FirstLegalBot:
    """A test's computer player: the first legal action, at once (the flow is under test,
    not the bots)."""

    def choose(self, observation, budget_ms=None):
        return observation.legal[0]

    def cancel(self):
        pass


def test_phase_of_reads_the_legal_actions() -> None:
    assert phase_of(actions("trump 7C", "trump AS"), False) is Phase.TRUMP
    assert phase_of(actions("contract betl", "contract suit"), False) is Phase.CONTRACT
    assert phase_of(actions("discard 7C 8C"), False) is Phase.DISCARD
    assert phase_of(actions("bad betl", "good"), False) is Phase.ANSWER
    assert phase_of(actions("double game", "pass"), False) is Phase.DOUBLING
    assert phase_of(actions("close", "play AS"), False) is Phase.TRICKS
    assert phase_of([], True) is Phase.DEAL_END


def run(flow: TurnFlow, limit: int = 20000) -> None:
    for _ in range(limit):
        flow.update()
        if flow.state in (Phase.DEAL_END, Phase.MATCH_END):
            return
        time.sleep(0)  # let bot threads run


@pytest.mark.parametrize("variant", ["marriage", "sixty-six", "sixty-six-3", "marias"])
def test_bots_play_a_deal_through_the_flow(variant: str) -> None:
    match = Match(variant, seed=5)
    inputs = [BotInput(FirstLegalBot()) for _ in range(match.players)]
    events = []
    flow = TurnFlow(match, inputs, listener=events.append)
    flow.start()
    assert flow.state is Phase.DEALING
    run(flow)
    assert flow.state is Phase.DEAL_END
    assert match.current.is_over()
    kinds = [type(e) for e in events]
    assert kinds[0] is DealStarted and kinds[-1] is DealEnded
    assert kinds.count(ActionApplied) == len(match.current.history)
    visited = {b for _a, b in flow.history}
    assert Phase.TRICKS in visited
    if variant == "marias":
        assert {Phase.TRUMP, Phase.CONTRACT, Phase.DISCARD, Phase.DOUBLING} <= visited
    # The end is reported once, with the score and the new totals.
    end = events[-1]
    assert isinstance(end, DealEnded) and end.totals == match.totals
    assert end.score == list(match.current.score()) and end.result()["totals"] == match.totals


def test_next_deal_and_match_end() -> None:
    match = Match("sixty-six", {"match_points": 2}, seed=9)
    flow = TurnFlow(match, [BotInput(FirstLegalBot()), BotInput(FirstLegalBot())])
    flow.start()
    deals = 0
    for _ in range(20):
        run(flow)
        if flow.state is Phase.MATCH_END:
            break
        assert flow.state is Phase.DEAL_END
        deals += 1
        flow.next_deal()
        assert flow.state is Phase.NEXT_DEAL
        flow.update()
    assert flow.state is Phase.MATCH_END or match.is_over()


def test_flow_waits_while_the_table_is_busy() -> None:
    match = Match("marriage", seed=1)
    busy = [True]
    flow = TurnFlow(match, [BotInput(FirstLegalBot()), BotInput(FirstLegalBot())],
                    busy=lambda: busy[0])
    flow.start()
    for _ in range(50):
        flow.update()
    assert flow.state is Phase.DEALING and not match.current.history
    busy[0] = False
    flow.update()
    assert flow.state in ASKING


def test_human_input_and_refusal() -> None:
    match = Match("marriage", seed=2, first_dealer=1)  # seat 0 leads
    human = HumanInput()
    events = []
    flow = TurnFlow(match, [human, BotInput(FirstLegalBot())], listener=events.append)
    flow.start()
    flow.update()  # DEALING -> TRICKS
    flow.update()  # asks the human
    assert flow.waiting_for_human()
    assert human.submit(Action.parse(
        "play " + ("AS" if "AS" not in match.current.observation(0).hand else "7C")))
    flow.update()
    refused = [e for e in events if isinstance(e, Refused)]
    assert refused and refused[0].reason
    assert not match.current.history
    flow.update()  # asks again
    legal = flow.pending.observation.legal
    human.submit(legal[0])
    flow.update()
    assert match.current.history[0] == (0, legal[0])


def test_bot_input_pause_and_thread() -> None:
    gate = threading.Event()

    class Slow:
        def choose(self, obs):
            gate.wait(2)
            return obs.legal[-1]

    bot = BotInput(Slow(), pause_ms=30)
    p = bot.request(observation(legal=["play AS", "play 7C"]))
    assert p.thinking and not p.ready()
    gate.set()
    deadline = time.perf_counter() + 2
    while not p.ready() and time.perf_counter() < deadline:
        time.sleep(0.005)
    assert p.result() is Action.parse("play 7C")
    assert time.perf_counter() - p.started >= 0.03
    bot.close()


def test_pending_cancel() -> None:
    p = Pending(observation(legal=["pass"]))
    p.cancel()
    assert not p.ready() and not p.thinking

