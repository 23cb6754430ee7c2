"""What separates the levels: hard reads the opponents' plays (importance-resampled
samples), races its root actions and sizes its pool to the budget; normal does not
solve the endgame exactly; pimc solves every sampled closed stock (plain PIMC)."""

from __future__ import annotations

import math
import random
import threading
import time

import pytest

from game.ai.base import Deadline
from game.ai.bot import make_bot
from game.ai.ismcts import RACE_Z, HardBot, _race, search
from game.ai.pimc import solvable
from game.ai.sampler import SamplePool, _determinize, knowledge, missed_chances, surprise
from game.rules.actions import Action, Verb
from game.rules.variants import new_deal, random_deck
from tests.test_ai import VARIANTS, _exhausted_position, position


def test_missed_chances_count_exchange_and_marriages():
    assert missed_chances([Action.parse(t) for t in ("exchange", "marriage H", "marriage S",
                                                     "play 9C")]) == 3
    assert missed_chances([Action.parse(t) for t in ("close", "play 9C", "play AH")]) == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_inferred_samples_still_reproduce_the_observation(variant):
    rng = random.Random(5)
    for seed in range(6):
        deal = position(variant, seed, rng.randrange(10, 30))
        seat = deal.to_move()
        obs = deal.observation(seat)
        pool = SamplePool(obs, random.Random(seed), size=8, infer=True)
        for _ in range(8):
            assert pool.next().observation(seat) == obs
        assert pool.drawn >= 8 * SamplePool.CHUNK // SamplePool.CHUNK_KEEP // 2
        assert all(1.0 <= e <= SamplePool.CHUNK for e in pool.ess)


def test_a_sample_that_hides_a_marriage_the_leader_never_announced_is_unlikely():
    """The opponent led from a hand that held K and Q of a suit without announcing: a
    sample that puts both there costs log(0.1) per marriage passed up."""
    deal = new_deal("sixty-six", 0, random_deck("sixty-six", random.Random(1)))
    seat = deal.to_move()
    legal = deal.legal_actions()
    plays = [a for a in legal if a.is_play]
    marriages = [a for a in legal if a.verb is Verb.MARRIAGE]
    s = surprise(deal, seat, plays[0])
    if marriages:
        assert s <= math.log(0.1) * len(marriages) + 1e-9
    else:
        assert s in (0.0, pytest.approx(math.log(0.5)))


def test_resampling_follows_the_weights(monkeypatch):
    """Sampling importance resampling: a candidate far likelier than the rest is the one kept."""
    deal = position("marriage", 3, 12)
    seat = deal.to_move()
    obs = deal.observation(seat)
    real = _determinize
    calls = {"n": 0}

    def fake(obs_, rng, tries, k, judge):
        d, _ = real(obs_, rng, tries, k, False)
        calls["n"] += 1
        return d, (0.0 if calls["n"] == 1 else -50.0)

    monkeypatch.setattr("game.ai.sampler._determinize", fake)
    pool = SamplePool(obs, random.Random(2), size=4, infer=True)
    first = pool.next()
    kept = [first] + [pool.next() for _ in range(3)]
    hands = {tuple(d.hand(s) for s in range(d.players)) for d in kept}
    assert len(hands) == 1  # all four are the one likely candidate


def test_racing_drops_only_clearly_worse_actions():
    rng = random.Random(4)
    base = [rng.gauss(0, 2.0) for _ in range(16)]  # the sample's luck, common to all actions
    per = {"good": [b + 1.0 for b in base],
           "close": [b + 1.0 + rng.choice((-0.5, 0.4)) for b in base],
           "bad": [b - 2.0 + rng.gauss(0, 0.3) for b in base]}
    kept = _race(["good", "close", "bad"], per)
    assert "good" in kept and "close" in kept and "bad" not in kept
    assert RACE_Z >= 2


def test_hard_sizes_its_pool_to_the_budget():
    bot = make_bot("hard", "sixty-six", seed=1)
    ev = threading.Event()
    short = Deadline(time.perf_counter() + 0.040, None, ev)
    long = Deadline(time.perf_counter() + 0.450, None, ev)
    fixed = Deadline(math.inf, 50, ev)
    assert bot.pool_for(short) == 12
    assert bot.pool_for(long) == 32
    assert bot.pool_for(fixed) == 32
    assert make_bot("normal", "sixty-six").pool_for(long) == 12
    # Sixty-six for three: 64 distinct samples at any budget (made only as they are used)
    three = make_bot("hard", "sixty-six-3", seed=1)
    assert three.pool_for(short) == three.pool_for(long) == three.pool_for(fixed) == 64
    assert HardBot.pool_size_for("sixty-six-3") == 64
    assert HardBot.pool_size_for("marriage") == HardBot.pool_size == 32


@pytest.mark.parametrize("variant", ["marriage", "sixty-six"])
def test_normal_does_not_solve_the_known_endgame_hard_does(variant):
    for seed in range(10):
        deal = _exhausted_position(variant, seed)
        if not deal.is_over() and len(deal.legal_actions()) > 1:
            break
    obs = deal.observation(deal.to_move())
    ev = threading.Event()
    hard = search(obs, Deadline(math.inf, 40, ev), random.Random(1))
    normal = search(obs, Deadline(math.inf, 40, ev), random.Random(1), exact_endgame=False,
                    solve_leaves=False, pool_size=12)
    assert hard.exact and not normal.exact
    assert make_bot("normal", variant).exact_endgame is False
    assert make_bot("hard", variant).exact_endgame is True


def test_pimc_solves_a_sampled_closed_stock():
    deal = position("sixty-six", 2, 0)
    while Action.parse("close") not in deal.legal_actions():
        seat = deal.to_move()
        deal.apply([a for a in deal.legal_actions() if a.is_play][0], seat)
    assert not solvable(deal)
    deal.apply("close", deal.to_move())
    assert solvable(deal)


def _marias_defended(contract: str, seed: int):
    """A Mariáš deal at the first lead: forehand chose a trump of which he holds the 7 (so
    that the Seven is legal), bid ``contract``, laid away two cards; both defenders good."""
    rng = random.Random(seed)
    while True:
        deal = new_deal("marias", 2, random_deck("marias", rng))
        fh = deal.to_move()
        trumps = [a for a in deal.legal_actions()
                  if any(a.card >> 3 == i and deal.hand(fh) >> (i * 8 + 7) & 1
                         for i in range(4))]
        if not trumps:
            continue
        deal.apply(trumps[0], fh)
        if Action.parse(contract) not in deal.legal_actions():
            continue
        deal.apply(contract, fh)
        deal.apply(deal.legal_actions()[0], fh)  # the discard
        while deal.phase != "play":
            legal = deal.legal_actions()
            texts = [a.text for a in legal]
            deal.apply("good" if "good" in texts else "pass" if "pass" in texts else legal[0])
        return deal


@pytest.mark.parametrize("contract,least,share", [("contract suit seven", 5, 0.75),
                                                  ("contract suit", 4, 0.55)])
def test_inference_gives_the_soloist_the_trumps_his_contract_needs(contract, least, share):
    """A defender's inferred samples give the soloist the trumps his contract says (a Seven:
    five or more nearly always); uniform samples do not read the contract."""
    inferred = uniform = total = 0
    for seed in range(6):
        deal = _marias_defended(contract, seed)
        sol, trump = deal.soloist, deal.trump_suit
        defender = (sol + 1) % 3
        obs = deal.observation(defender)
        rng = random.Random(seed)
        for _ in range(20):
            total += 1
            for judge in (True, False):
                sample, _ = _determinize(obs, rng, 30, None, judge)
                assert sample.observation(defender) == obs
                n = (sample.hand(sol) >> (trump * 8) & 255).bit_count()
                if n >= least:
                    if judge:
                        inferred += 1
                    else:
                        uniform += 1
    assert inferred >= share * total
    assert inferred >= uniform + 0.15 * total


def test_the_soloist_does_not_read_his_own_contract():
    deal = _marias_defended("contract suit seven", 1)
    assert knowledge(deal.observation(deal.soloist)).announcer is None
    k = knowledge(deal.observation((deal.soloist + 1) % 3))
    assert k.announcer is not None and k.announcer[:2] == (deal.soloist, deal.trump_suit)
