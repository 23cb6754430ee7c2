"""The computer opponents: legality, determinism, fairness, tactics, hints, cancel."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from observations import observation

from game.ai.bot import LEVELS, make_bot
from game.ai.easy import policy_action
from game.ai.explain import Component
from game.ai.hint import hint
from game.ai.marias_hand import durch_safe, open_durch_safe
from game.ai.sampler import determinize
from game.ai.solver import Solver
from game.rules import Action
from game.rules.cards import card
from game.rules.record import replay_text
from game.rules.variants import new_deal, random_deck

A = Action.parse


class FirstCard(random.Random):
    """A chance source that always draws the first outcome (Mariáš's first blind card)."""

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        return 0


FIRST = FirstCard()

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "records"
VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")


def position(variant: str, seed: int, steps: int):
    """A deal after ``steps`` easy-policy actions (or fewer if it ends)."""
    rng = random.Random(seed)
    players = 2 if variant in ("marriage", "sixty-six") else 3
    deal = new_deal(variant, rng.randrange(players), random_deck(variant, rng))
    for _ in range(steps):
        seat = deal.to_move()
        obs = deal.observation(seat)
        action = policy_action(obs) if rng.random() < 0.8 else rng.choice(obs.legal)
        nxt = deal.clone()
        nxt.apply(action, seat)
        if nxt.is_over():
            break  # keep a position with a decision to take
        deal = nxt
    return deal


def play_out(deal, bots) -> list[int]:
    while not deal.is_over():
        seat = deal.to_move()
        obs = deal.observation(seat)
        action = bots[seat].choose(obs)
        deal.apply(action, seat, chance=FIRST)  # raises on an illegal action
    return deal.score()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_level_plays_a_legal_deal(variant):
    for level in LEVELS:
        deal = position(variant, 7, 0)
        bots = [make_bot(level, variant, seed=s, iterations=12) for s in range(deal.players)]
        if level == "cheat":
            for b in bots:
                b.reveal(deal)
        score = play_out(deal, bots)
        assert score is not None and len(score) == deal.players


@pytest.mark.parametrize("variant", VARIANTS)
def test_sampler_reproduces_the_observation(variant):
    rng = random.Random(3)
    for seed in range(12):
        deal = position(variant, seed, rng.randrange(40))
        for seat in range(deal.players):
            obs = deal.observation(seat)
            twin = determinize(obs, rng)
            assert twin.observation(seat) == obs


@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_decision(variant):
    deal = position(variant, 5, 12)
    obs = deal.observation(deal.to_move())
    a = make_bot("hard", variant, seed=42, iterations=40).choose(obs)
    b = make_bot("hard", variant, seed=42, iterations=40).choose(obs)
    assert a == b


@pytest.mark.parametrize("variant", VARIANTS)
def test_fair_two_states_one_observation_one_decision(variant):
    """Two different full deals that look the same to the seat: the same decision."""
    rng = random.Random(11)
    deal = position(variant, 9, 14)
    seat = deal.to_move()
    obs = deal.observation(seat)
    one = determinize(obs, rng)
    two = determinize(obs, rng)
    for _ in range(20):
        if any(one.hand(s) != two.hand(s) for s in range(deal.players) if s != seat):
            break
        two = determinize(obs, rng)
    assert any(one.hand(s) != two.hand(s) for s in range(deal.players) if s != seat)
    o1, o2 = one.observation(seat), two.observation(seat)
    assert o1 == o2
    for level in ("easy", "normal", "hard", "pimc"):
        a = make_bot(level, variant, seed=3, iterations=30).choose(o1)
        b = make_bot(level, variant, seed=3, iterations=30).choose(o2)
        assert a == b


def _record_without(name: str, drop: int) -> str:
    lines = (RECORDS / name).read_text(encoding="utf-8").splitlines()
    return "\n".join(lines[: len(lines) - drop]) + "\n"


def test_worked_example_1_12_announce_then_declare():
    deal = replay_text(_record_without("marriage_1_12.txt", 2))[-1]
    for level in ("easy", "normal", "hard"):
        d = deal.clone()
        bot = make_bot(level, "marriage", seed=1, iterations=30)
        assert bot.choose(d.observation(0)) is A("marriage H")
        d.apply("marriage H", 0)
        assert bot.choose(d.observation(0)) is A("declare")
        d.apply("declare", 0)
        assert d.score() == [2, 0]
    h = hint(deal.observation(0), iterations=60)
    assert h.action is A("marriage H")
    assert h.reason == "hint_declare_after_marriage" and h.why.params["points"] == 68
    assert set(h.values) == set(deal.observation(0).legal)


def test_no_false_declaration():
    """normal/hard never declare below 66 (the rule layer removes it from the search)."""
    for seed in range(6):
        deal = position("marriage", seed, 6)
        bots = [make_bot("hard", "marriage", seed=s, iterations=20) for s in range(2)]
        while not deal.is_over():
            seat = deal.to_move()
            obs = deal.observation(seat)
            a = bots[seat].choose(obs)
            if a is A("declare"):
                assert obs.points[seat] >= 66
            deal.apply(a, seat)


def _exhausted_position(variant: str, seed: int):
    deal = position(variant, seed, 0)
    rng = random.Random(seed)
    while not deal.is_over() and deal.stock_size() > 0:
        seat = deal.to_move()
        obs = deal.observation(seat)
        legal = [a for a in obs.legal if a.text not in ("close", "declare")]
        deal.apply(policy_action(obs) if rng.random() < 0.7 else rng.choice(legal), seat)
    return deal


@pytest.mark.parametrize("variant", ["marriage", "sixty-six"])
def test_endgame_played_as_the_exact_solver(variant):
    """Stock exhausted: both hands are known; every move has the solver's best value."""
    checked = 0
    for seed in range(30):
        deal = _exhausted_position(variant, seed)
        if deal.is_over():
            continue
        bots = [make_bot("hard", variant, seed=s, budget_ms=2000) for s in range(2)]
        while not deal.is_over():
            seat = deal.to_move()
            _best, values = Solver(seat).best(deal.clone())
            a = bots[seat].choose(deal.observation(seat))
            assert values[a] == pytest.approx(max(values.values())), (seed, a, values)
            deal.apply(a, seat)
            checked += 1
        if checked >= 12:
            break
    assert checked > 0


def test_marias_announced_seven_is_kept_to_the_last_trick():
    text = (RECORDS / "marias_seven_announced.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    first_play = next(i for i, ln in enumerate(lines) if " play " in ln)
    deal = replay_text("\n".join(lines[:first_play]) + "\n")[-1]
    bots = [make_bot(level, "marias", seed=s, iterations=20)
            for s, level in enumerate(("hard", "easy", "easy"))]
    play_out(deal, bots)
    seven = card("7H")
    last = deal.trick_log[-1]
    assert (0, seven) in last
    for trick in deal.trick_log[:-1]:
        assert (0, seven) not in trick


def _marias_with_forehand(cards12: list[str], dealer: int = 2):
    """A deck giving forehand exactly ``cards12`` (first seven = the first 7)."""
    rest = [c for c in (r + s for s in "CDHS" for r in "ATKQJ987") if c not in cards12]
    fh7, fh5 = cards12[:7], cards12[7:]
    order = fh7 + rest[0:10] + fh5 + rest[10:20]
    return new_deal("marias", dealer, [card(c) for c in order])


def _apply(deal, action: Action) -> None:
    deal.apply(action, deal.to_move(), chance=FIRST)


def test_marias_open_durch_not_bid_on_a_failing_hand():
    # strong but not solid: the king is missing under the ace in three suits
    failing = ["AC", "QC", "JC", "AD", "QD", "JD", "AS", "QS", "JS", "AH", "KH", "QH"]
    hand = sum(1 << card(c) for c in failing)
    assert not open_durch_safe(hand & ~(1 << card("QH")) & ~(1 << card("KH")))
    deal = _marias_with_forehand(failing)
    for level in ("easy", "normal", "hard"):
        d = deal.clone()
        bot = make_bot(level, "marias", seed=1, iterations=8)
        _apply(d, bot.choose(d.observation(0)))
        assert bot.choose(d.observation(0)) is not A("contract open-durch")
    solid = ["AC", "KC", "QC", "JC", "TC", "AD", "KD", "QD", "AS", "KS", "AH", "KH"]
    assert durch_safe(sum(1 << card(c) for c in solid))
    d = _marias_with_forehand(solid)
    bot = make_bot("hard", "marias", seed=1, iterations=8)
    _apply(d, bot.choose(d.observation(0)))
    assert bot.choose(d.observation(0)) is A("contract open-durch")


def test_marias_suit_discard_never_ace_or_ten():
    for seed in range(8):
        deal = position("marias", seed, 2)
        obs = deal.observation(deal.to_move())
        if obs.phase != "discard" or not (obs.contract or "").startswith("suit"):
            continue
        a = make_bot("hard", "marias", seed=1, iterations=10).choose(obs)
        assert a.text.startswith("discard") and not any(x[0] in "AT" for x in a.text.split()[1:])


def _simulation_rounds(monkeypatch, mb) -> list[dict[str, list[float]]]:
    """Every Mariáš simulation's values round by round, as the decisions read them."""
    seen: list[dict[str, list[float]]] = []
    real = mb._simulate

    def spy(*args, **kwargs):
        out = real(*args, **kwargs)
        seen.append(kwargs["per_round"])
        return out

    monkeypatch.setattr(mb, "_simulate", spy)
    return seen


def test_marias_bidding_simulation_is_sized_by_the_budget_not_the_clock(monkeypatch):
    """Same seed, same position, same budget: the same simulated values and contract, however
    fast the machine happens to be at that moment; the deadline still stops it."""
    import math

    from game.ai import marias_bidding as mb
    from game.ai.base import Deadline

    deal = position("marias", 3, 0)
    obs = deal.observation(deal.to_move())
    assert obs.phase == "trump"
    sims = _simulation_rounds(monkeypatch, mb)
    ev = threading.Event()
    runs = []
    for _ in range(2):
        far = Deadline(time.perf_counter() + 60.0, None, ev, 40.0)  # the clock never stops it
        best, values = mb.bidding_values(obs, far, random.Random(5))
        n = len(next(iter(sims[-1].values())))
        runs.append((best, values, n))
    assert runs[0] == runs[1]
    assert runs[0][2] == mb.planned_rounds(far, "trump", len(runs[0][1])) < mb.MAX_ROUNDS
    # the clock still stops a simulation (a slower machine): after the minimum of rounds
    late = Deadline(time.perf_counter(), None, ev, 40.0)
    mb.bidding_values(obs, late, random.Random(5))
    assert len(next(iter(sims[-1].values()))) == 4
    # a fixed iteration cap (tests) keeps its meaning
    assert mb.planned_rounds(Deadline(math.inf, 50, ev), "trump", 5) == mb.MAX_ROUNDS
    # a bigger budget plans more rounds
    assert mb.planned_rounds(Deadline(math.inf, None, ev, 450.0), "trump", 5) > runs[0][2]


def test_cancel_stops_a_long_search():
    """A cancel from another thread ends a 20 s search early with a legal action.

    The cancel is sent once the search has begun (``choose`` clears an old cancel when it
    starts, so a cancel that came before it would be dropped — as the table wants)."""
    deal = position("marriage", 2, 3)
    bot = make_bot("hard", "marriage", seed=1, budget_ms=20000)
    obs = deal.observation(deal.to_move())

    def cancel_when_searching() -> None:
        while bot.last_deadline is None:
            time.sleep(0.005)
        time.sleep(0.1)
        bot.cancel()

    threading.Thread(target=cancel_when_searching, daemon=True).start()
    t0 = time.perf_counter()
    a = bot.choose(obs)
    assert time.perf_counter() - t0 < 10  # far from the 20 s budget, even on a busy machine
    assert a in obs.legal


def test_budget_is_respected():
    deal = position("marias", 4, 8)
    obs = deal.observation(deal.to_move())
    bot = make_bot("hard", "marias", seed=1, budget_ms=150)
    t0 = time.perf_counter()
    bot.choose(obs)
    assert time.perf_counter() - t0 < 1.0


def test_hint_reasons_are_known_keys():
    from game.ai.explain import KEYS

    for variant in VARIANTS:
        deal = position(variant, 1, 10)
        h = hint(deal.observation(deal.to_move()), iterations=20)
        assert set(h.why.keys()) <= set(KEYS)
        assert h.action in deal.observation(deal.to_move()).legal
        json.dumps(h.to_json())


def test_hint_cli(tmp_path):
    rec = tmp_path / "r.txt"
    rec.write_text(_record_without("marriage_1_12.txt", 2), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "game.ai", "hint", str(rec), "--seat", "0", "--budget-ms", "100"],
        capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["action"] == "marriage H" and data["why"][0]["params"]["points"] == 68


def test_bench_cli_times_every_level_on_real_positions():
    """``python -m game.ai bench`` prints the decision times as JSON (tiny budgets here)."""
    out = subprocess.run(
        [sys.executable, "-m", "game.ai", "bench", "--positions", "2", "--hard-ms", "15",
         "--hint-ms", "15", "--variant", "marias", "--variant", "sixty-six"],
        capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data["games"]) == {"marias", "sixty-six"}
    assert data["hard_budget_ms"] == 15 and data["hint_budget_ms"] == 15
    for times in data["games"].values():
        assert set(times) == {"easy", "hard", "hint"}
        for stat in times.values():
            assert stat["n"] == 2 and 0 <= stat["median"] <= stat["p95"] <= stat["max"]
    assert isinstance(data["met"], bool)


def test_the_games_hint_budget_leaves_room_under_the_half_second_target():
    from game.ai.hint import HINT_BUDGET_MS
    from game.ui.practice.coach import HintService

    assert HintService().budget_ms == HINT_BUDGET_MS <= 480


def test_marias_soloist_never_doubles_an_against_announcement():
    from game.ai.tactics import candidates

    for comp in ("hundred-against", "seven-against"):
        obs = observation(variant="marias", phase="doubling", doublings={comp: 0},
                          legal=["double " + comp, "pass"])
        assert candidates(obs) == [A("pass")]
    # a real deal: a defender announces Hundred against; the soloist's bots and hint pass
    for seed in range(40):
        deal = position("marias", seed, 0)
        while deal.phase != "doubling":
            deal.apply(policy_action(deal.observation(deal.to_move())), deal.to_move())
        if deal.contract_name != "suit":
            continue
        while deal.to_move() == deal.soloist:
            deal.apply("pass", deal.soloist)
        deal.apply("announce hundred-against", deal.to_move())
        while deal.to_move() != deal.soloist:
            deal.apply("pass", deal.to_move())
        obs = deal.observation(deal.soloist)
        assert A("double hundred-against") in obs.legal
        for level in ("normal", "hard", "pimc"):
            assert make_bot(level, "marias", seed=1, iterations=30).choose(obs) is A("pass")
        h = hint(obs, iterations=30)
        # a raise no bot makes is not judged: no number to set against the pass, and the
        # review says so in words
        assert h.action is A("pass") and h.values.get(A("double hundred-against")) is None
        from game.ai.review import review_deal

        played = deal.clone()
        played.apply("double hundred-against", deal.soloist)
        item = review_deal(played, deal.soloist, iterations=30, known={},
                           start=sum(1 for s, _ in deal.history if s == deal.soloist))[-1]
        assert item.lost is None and item.weak is not None
        assert item.weak.key == "advice_not_judged"
        return
    raise AssertionError("no Suit deal among the seeds")


def test_marias_doubling_rules():
    from game.ai.tactics import against_announcement, candidates

    obs = observation(variant="marias", phase="doubling", seat=1, to_move=1, trump="H",
                      doublings={"game": 2}, hand=["7H", "AH", "TH", "KH", "9H", "8C"],
                      legal=["announce hundred-against", "announce seven-against",
                             "double game", "pass"])
    assert against_announcement(obs) is A("announce seven-against")
    assert candidates(obs) == [A("pass")]  # no raise beyond x4, no long shots in the search
    weak = replace(obs, hand=("7H", "8H", "9C", "AC", "KD", "QS"))
    assert against_announcement(weak) is None
    assert make_bot("easy", "marias", seed=1).choose(weak) is A("pass")
    # Hundred against needs a marriage: the card points alone never reach 100
    no_marriage = replace(obs, trump="S", hand=("AH", "TH", "AC", "TC", "AD", "9S"))
    assert against_announcement(no_marriage) is None
    assert make_bot("easy", "marias", seed=1).choose(no_marriage) is A("pass")
    trump_marriage = replace(no_marriage, hand=("KS", "QS", "AH", "TH", "AC", "TC"))
    assert against_announcement(trump_marriage) is A("announce hundred-against")


def _soloist_facing_a_flek(cards12: list[str]):
    """Forehand names the trump (the first card) and Suit with ``cards12``, lays away what
    ``easy`` would, both defenders say good, the first fleks, the other passes: the
    soloist's turn in the doubling round."""
    deal = _marias_with_forehand(cards12)
    soloist = deal.to_move()
    deal.apply("trump " + cards12[0], soloist)
    deal.apply("contract suit", soloist)
    deal.apply(make_bot("easy", "marias", seed=1).choose(deal.observation(soloist)), soloist)
    while deal.phase == "answer":
        deal.apply("good", deal.to_move())
    deal.apply("double game", deal.to_move())
    while deal.to_move() != soloist:
        deal.apply("pass", deal.to_move())
    obs = deal.observation(soloist)
    assert obs.phase == "doubling" and A("double game") in obs.legal
    return obs


def test_marias_doubling_round_is_simulated_by_hard_and_the_hint(monkeypatch):
    """``hard`` re's a flek on a hand that wins and passes on one that loses, by a
    simulation whose candidates share their playouts (a re changes the stakes, not the
    cards: each round compares one game at two stakes, so a won game is worth more re'd)."""
    import math

    from game.ai import marias_bidding as mb
    from game.ai.base import Deadline

    strong = _soloist_facing_a_flek(
        ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "AC", "AD", "AS", "TC", "TD"])
    weak = _soloist_facing_a_flek(
        ["7H", "8H", "9H", "JC", "9C", "8C", "7C", "JD", "9D", "8D", "7S", "8S"])
    sims = _simulation_rounds(monkeypatch, mb)
    for obs, want in ((strong, A("double game")), (weak, A("pass"))):
        assert make_bot("hard", "marias", seed=1, iterations=60).choose(obs) is want
        h = hint(obs, iterations=60)
        assert h.action is want
        won = h.values[A("pass")] > 0
        assert won == (want is A("double game"))
        # the reason is in odds: how often the double paid in the simulated deals
        assert h.reason == ("hint_double_odds" if won else "hint_pass_odds")
        assert h.why.params["component"] == Component("game")
        share = h.why.params["share"]
        assert isinstance(share, int) and (share > 50) == won and 0 <= share <= 100
        # same game, twice the stakes: the re'd value lies beyond the passed one
        assert abs(h.values[A("double game")]) > abs(h.values[A("pass")])
    # sized by the budget, not the clock: the same values however fast the machine is
    ev = threading.Event()
    far = Deadline(time.perf_counter() + 60.0, None, ev, 40.0)
    runs = [mb.doubling_values(strong, far, random.Random(9)) for _ in range(2)]
    assert runs[0] == runs[1]
    rounds = len(sims[-1][A("pass")])
    assert rounds == mb.planned_rounds(far, "doubling", 2) < mb.MAX_ROUNDS
    # outside the doubling round, and where a rule of thumb decides, it steps aside
    assert mb.doubling_values(replace(strong, phase="play"), far, random.Random(9)) is None
    assert mb.doubling_values(observation(variant="sixty-six", legal=["pass"]), far,
                              random.Random(9)) is None
    assert not math.isnan(runs[0][1][A("pass")])


def test_only_hard_simulates_the_doubling_round(monkeypatch):
    """``normal`` keeps its search with the guard, ``pimc`` its plain vote: the baselines
    the ladder measures ``hard`` against stay what docs/ai.md describes."""
    from game.ai import ismcts
    from game.ai import marias_bidding as mb
    from game.ai.ismcts import HardBot, NormalBot

    assert HardBot.simulate_doubling and not NormalBot.simulate_doubling
    calls = []
    real = mb.doubling_values
    monkeypatch.setattr(ismcts, "doubling_values",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    obs = _soloist_facing_a_flek(
        ["AH", "TH", "KH", "QH", "JH", "9H", "8H", "AC", "AD", "AS", "TC", "TD"])
    for level in ("normal", "pimc"):
        make_bot(level, "marias", seed=1, iterations=20).choose(obs)
    assert calls == []
    make_bot("hard", "marias", seed=1, iterations=20).choose(obs)
    assert calls == [1]


def _deal_66_3(forehand_cards: list[str], trump_card: str):
    """A Sixty-six-for-three deal (dealer 0) whose forehand (seat 1) holds ``forehand_cards``
    and whose dealer shows ``trump_card``; the other cards in a fixed order."""
    from game.rules.cards import CARD_STR

    fixed = [card(c) for c in forehand_cards] + [card(trump_card)]
    rest = [c for c in range(32) if c & 7 <= 5 and c not in fixed]
    other = rest[:8]
    dealer = rest[8:] + [card(trump_card)]
    fh = [card(c) for c in forehand_cards]
    deck = fh[:4] + other[:4] + dealer[:4] + fh[4:] + other[4:] + dealer[4:]
    deal = new_deal("sixty-six-3", 0, deck)
    assert deal.hand(1) == sum(1 << c for c in fh), [CARD_STR[c] for c in deck]
    return deal


def test_easy_cashes_the_ace_of_its_marriage_suit_before_announcing_in_sixty_six_3():
    # ace, king and queen of hearts (no ten), spades trump: lead a master first
    deal = _deal_66_3(["AH", "KH", "QH", "9C", "JC", "9D", "JD", "9S"], "TS")
    obs = deal.observation(1)
    assert A("marriage H") in obs.legal
    assert policy_action(obs) is A("play AH")
    # from the fourth trick on, announcing at once is right again
    late = replace(obs, hand=("AH", "KH", "QH", "9C", "JC"),
                   legal=tuple(A(t) for t in ("marriage H", "play AH", "play KH", "play QH",
                                              "play 9C", "play JC")))
    assert policy_action(late) is A("marriage H")
    # with the ten as well the pair is safe enough: announce at once
    deal = _deal_66_3(["AH", "TH", "KH", "QH", "JC", "9D", "JD", "9S"], "TS")
    assert policy_action(deal.observation(1)) is A("marriage H")
    # without the ace the rule of thumb announces at once, as before
    deal = _deal_66_3(["KH", "QH", "9H", "9C", "JC", "9D", "JD", "9S"], "TS")
    assert policy_action(deal.observation(1)) is A("marriage H")
    # in Sixty-six (two players) nothing changes
    rng = random.Random(3)
    for _ in range(200):
        d = new_deal("sixty-six", rng.randrange(2), random_deck("sixty-six", rng))
        o = d.observation(d.to_move())
        if any(a.text.startswith("marriage") for a in o.legal):
            assert policy_action(o).text.startswith("marriage")


def test_hard_searches_a_sixty_six_3_marriage_chance_flat_without_guard_or_inference(monkeypatch):
    import game.ai.ismcts as ismcts
    from game.ai.ismcts import HardBot, NormalBot

    deal = _deal_66_3(["AH", "KH", "QH", "9C", "JC", "9D", "JD", "9S"], "TS")
    chance = deal.observation(1)
    opts = HardBot.options_for(chance)
    assert opts["tree"] is False and opts["prior_z"] == 0.0 and opts["infer"] is False
    # any other decision keeps hard's settings; normal is unchanged
    deal.apply("play AH", 1)
    follow = deal.observation(2)
    assert HardBot.options_for(follow) == HardBot.search_options("sixty-six-3")
    assert NormalBot.options_for(chance) == NormalBot.search_options("sixty-six-3")
    # a flat search grows no node below the root actions
    grown = []
    real = ismcts.Searcher.run

    def spy(self, source, root_legal, deadline, **kw):
        res = real(self, source, root_legal, deadline, **kw)
        grown.append(self.tree)
        return res

    monkeypatch.setattr(ismcts.Searcher, "run", spy)
    bot = make_bot("hard", "sixty-six-3", seed=1, iterations=60)
    assert bot.choose(chance) in chance.legal
    assert grown == [False]
    flat = ismcts.Searcher(1, random.Random(1), tree=False)
    d = _deal_66_3(["AH", "KH", "QH", "9C", "JC", "9D", "JD", "9S"], "TS")
    child = ismcts.Node()
    d.apply("play 9C", 1)
    forever = ismcts.Deadline(float("inf"), None, threading.Event())
    flat._iterate(d, child, [(child, 1)], 1, [A("play 9C")], forever, random.Random(2), 3.0,
                  None, 0.0)
    assert child.visits == 1 and not child.children and d.is_over()


def test_a_marriage_kept_for_later_is_explained():
    from game.ai.explain import Card, Suit, explain_hint
    from game.rules.cards import card

    deal = _deal_66_3(["AH", "KH", "QH", "9C", "JC", "9D", "JD", "9S"], "TS")
    obs = deal.observation(1)
    why = explain_hint(obs, A("play AH"), {}, False)
    assert why.key == "hint_marriage_later" and why.params == {
        "card": Card(card("AH")), "suit": Suit(2), "points": 20}
    assert explain_hint(obs, A("marriage H"), {}, False).key == "hint_marriage"
    deal.apply("play AH", 1)
    assert explain_hint(deal.observation(2), deal.observation(2).legal[0], {}, False).key != \
        "hint_marriage_later"
    h = hint(obs, iterations=20)
    assert h.reason == ("hint_marriage_later" if h.action.is_play else "hint_marriage")
