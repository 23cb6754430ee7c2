""""Could I have won? Show me how" (game.ai.showme) and ``python -m game.ai showme``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.showme import before_play, show_me, trick_number
from game.rules.actions import Verb
from game.rules.record import parse_record, replay_deal, write_deal
from game.rules.variants import new_deal, random_deck

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "records" / "marriage_1_10_higher_total.txt"


def finished_deal(variant: str, seed: int):
    from game.ai.bot import make_bot

    rng = random.Random(seed)
    deal = new_deal(variant, rng.randrange(2), random_deck(variant, rng))
    bots = [make_bot("easy", variant, seed=s) for s in range(deal.players)]
    while not deal.is_over():
        s = deal.to_move()
        deal.apply(bots[s].choose(deal.observation(s)), s, chance=rng)
    return deal


def test_a_marias_bid_belongs_to_no_trick():
    deal = finished_deal("marias", 3)
    first_play = next(i for i, (_s, a) in enumerate(deal.history) if a.verb is Verb.PLAY)
    assert first_play > 0
    assert before_play(deal, 0) and before_play(deal, first_play - 1)
    assert not before_play(deal, first_play) and trick_number(deal, first_play) == 1
    assert not before_play(deal, len(deal.history) - 1)


def check_line(original, line, seat):
    assert line.deal.is_over()
    mine = [str(a) for _s, a in original.history]
    theirs = [str(a) for _s, a in line.deal.history]
    if line.parted_at is None:
        assert theirs == mine
    else:
        i = line.parted_at
        assert theirs[:i] == mine[:i]  # everything before the first difference happened
        assert theirs[i] != mine[i]
        assert line.deal.history[i][0] == seat  # the seat's own choice parts the lines


@pytest.mark.parametrize("variant,seed", [("sixty-six", 3), ("marias", 4)])
def test_both_lines_replay_the_same_deck_and_part_at_the_seats_own_choice(variant, seed):
    deal = finished_deal(variant, seed)
    seat = 1
    result = show_me(deal, seat, seed=2, iterations=40, opponent_iterations=20)
    for line in (result.hard, result.perfect):
        check_line(deal, line, seat)
        assert list(line.deal.deck) == list(deal.deck) and line.deal.dealer == deal.dealer
    out = result.to_json()
    assert out["played"]["score"] == list(deal.score())
    for name in ("hard", "perfect"):
        rec = out[name]["record"]
        again = replay_deal(parse_record(rec)[-1])
        assert list(again.score()) == out[name]["score"]
        parted = out[name]["parted_at"]
        if parted is not None:
            assert parted["trick"] == trick_number(deal, parted["index"])
    assert out["hard_gain"] == pytest.approx(out["hard"]["value"] - out["played"]["value"])


def test_a_fixed_search_size_gives_the_same_lines_again():
    deal = finished_deal("marriage", 8)
    a = show_me(deal, 0, seed=1, iterations=30, opponent_iterations=15).to_json()
    b = show_me(deal, 0, seed=1, iterations=30, opponent_iterations=15).to_json()
    assert a == b


def test_a_cancelled_show_me_stops_at_once():
    import threading

    deal = finished_deal("marriage", 9)
    stop = threading.Event()
    stop.set()
    result = show_me(deal, 0, seed=1, iterations=30, cancel=stop)
    assert not result.hard.deal.history and not result.perfect.deal.history


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.ai", "showme", *args], cwd=ROOT,
                          capture_output=True, text=True, input=stdin, timeout=600)


def test_the_command_prints_the_three_results_as_json():
    p = run_cli(str(RECORD), "--seat", "1", "--json", "--iterations", "30",
                "--opponent-iterations", "15")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["seat"] == 1 and out["variant"] == "marriage"
    original = replay_deal(parse_record(RECORD.read_text())[-1])
    assert out["played"]["score"] == list(original.score())
    for name in ("hard", "perfect"):
        assert set(out[name]) >= {"score", "value", "won", "record", "parted_at"}
        assert replay_deal(parse_record(out[name]["record"])[-1]).is_over()


def test_the_command_refuses_what_it_cannot_answer():
    p = run_cli(str(RECORD), "--seat", "5", "--json")
    assert p.returncode == 2 and "seat" in p.stderr
    unfinished = "\n".join(RECORD.read_text().splitlines()[:-6]) + "\n"
    p = run_cli("-", "--seat", "0", stdin=unfinished)
    assert p.returncode == 2 and "not finished" in p.stderr
    p = run_cli(str(RECORD), "--seat", "0", "--opponents", "grandmaster")
    assert p.returncode == 2 and "grandmaster" in p.stderr


def test_the_bench_reports_how_often_the_all_cards_line_reaches_the_deal():
    p = subprocess.run([sys.executable, "-m", "game.ai", "showme-bench", "--deals", "2",
                        "--variant", "sixty-six", "--variant", "marias", "--iterations", "4",
                        "--opponent-iterations", "3"], capture_output=True, text=True,
                       cwd=ROOT, timeout=600)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert set(out["games"]) == {"sixty-six", "marias"}
    for g in out["games"].values():
        assert 0 <= g["perfect_at_least_played"] <= 2
        assert g["share_at_least_played"] == g["perfect_at_least_played"] / 2


def test_the_all_cards_line_decides_the_doubling_round_seeing_every_card(monkeypatch):
    """The cheat bot's flek is hard's doubling simulation played on the true deal."""
    import game.ai.ismcts as search_module
    from game.ai.bot import make_bot

    calls: list[tuple[bool, object]] = []
    real = search_module.doubling_values

    def spy(obs, deadline, rng, **kw):
        res = real(obs, deadline, rng, **kw)
        calls.append((kw.get("truth") is not None, res))
        return res

    monkeypatch.setattr(search_module, "doubling_values", spy)
    rng = random.Random(3)
    for _ in range(200):
        deal = new_deal("marias", 0, random_deck("marias", rng))
        while not deal.is_over() and deal.observation(0).phase != "doubling":
            deal.apply(rng.choice(deal.legal_actions()), deal.to_move(), chance=rng)
        if deal.is_over():
            continue
        seat = deal.to_move()
        bot = make_bot("cheat", "marias", seed=1, iterations=8)
        bot.reveal(deal.clone())
        choice = bot.choose(deal.observation(seat))
        with_truth = [res for truth, res in calls if truth and res is not None]
        if with_truth:
            assert choice == with_truth[-1][0]
            return
        calls.clear()
    raise AssertionError("no doubling decision reached")


@pytest.mark.parametrize("variant,seed", [("marriage", 5), ("sixty-six", 6), ("marias", 7),
                                          ("marias", 8)])
def test_the_all_cards_line_plays_out_every_option_of_its_choices(variant, seed):
    """Never worse because of a choice: at each of the seat's choices on the all-cards line
    (close, exchange, declare, contract, good/bad, flek/re...) every option — and the
    player's and the hard line's own option where they stood in the same position — was
    played to the end, and none of them scored more than the line shown."""
    from game.ai.showme import CHOICE_VERBS, MANY_OPTIONS, state_at

    deal = finished_deal(variant, seed)
    seat = 0
    result = show_me(deal, seat, seed=3, iterations=8, opponent_iterations=4)
    line = result.perfect
    best = line.value(seat)
    assert line.deal.is_over()
    for trial in line.trials:
        assert trial.line.deal.is_over()
        assert trial.line.value(seat) <= best
        assert trial.line.deal.history[trial.index] == (seat, trial.action)
        again = replay_deal(parse_record(write_deal(trial.line.deal))[-1])
        assert list(again.score()) == trial.line.score  # a real line of play, to the end
    choices = 0
    for i, (mover, own) in enumerate(line.deal.history):
        if mover != seat:
            continue
        state = state_at(deal, line.deal, i)
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        tried = {t.action for t in line.trials if t.index == i} | {own}
        wanted = {a for a in legal if a.verb in CHOICE_VERBS}
        for other in (deal, result.hard.deal):
            if other.history[:i] == line.deal.history[:i] and len(other.history) > i:
                theirs = other.history[i][1]
                if {theirs.verb, own.verb} & (CHOICE_VERBS | MANY_OPTIONS):
                    wanted.add(theirs)
        choices += bool(wanted)
        assert wanted <= tried, (i, wanted - tried)
    assert choices > 0
