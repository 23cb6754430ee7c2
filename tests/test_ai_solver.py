"""The exact solvers: paranoid alpha-beta and max^n (three players each for himself)."""

from __future__ import annotations

import random
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.base import Deadline
from game.ai.ismcts import HardBot, NormalBot, Searcher
from game.ai.solver import Solver, endgame_reached, value_for
from tests.test_ai import position


def _endgames(cards: int, seeds: range):
    for seed in seeds:
        d = position("sixty-six-3", seed, 24 - cards)
        if not d.is_over() and sum(d.hand(s).bit_count() for s in range(3)) == cards:
            yield d


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([3, 6, 9]))
def test_maxn_is_an_equilibrium_of_the_endgame(seed, cards):
    """Every seat's value is what it gets when the player to move takes his best child
    (by his own value), the values are a zero-sum split, and the root never gets less
    than the paranoid solver promises it (the others cannot do worse to it than conspire)."""
    for d in _endgames(cards, range(seed, seed + 3)):
        root = d.to_move()
        solver = Solver(root)
        v = solver.values(d)
        assert abs(sum(v)) < 1e-9
        children = []
        for a in d.legal_actions():
            c = d.clone()
            c.apply_legal(a)
            children.append(solver.values(c))
        assert v[root] == max(ch[root] for ch in children)
        assert v in children
        assert v[root] >= Solver(root).value(d) - 1e-9


def test_maxn_differs_from_paranoid_somewhere():
    """The point of max^n: in some real endgames the two others do not gang up."""
    differ = 0
    for d in _endgames(9, range(120)):
        root = d.to_move()
        differ += Solver(root).values(d)[root] > Solver(root).value(d) + 1e-9
    assert differ > 0


def test_maxn_leaf_on_a_finished_deal_is_the_score():
    d = next(_endgames(3, range(50)))
    while not d.is_over():
        d.apply_legal(d.legal_actions()[0])
    sc = d.score()
    assert Solver(0).values(d) == tuple(value_for(sc, s) for s in range(3))


def test_search_leaves_of_sixty_six_three_are_maxn():
    d = next(_endgames(9, range(100)))
    root = d.to_move()
    s = Searcher(root, random.Random(1))
    leaf = s.leaf_value(d, Deadline(float("inf"), None, threading.Event()))
    assert leaf == list(Solver(root).values(d))
    assert endgame_reached(d, 9)


def test_per_game_settings_of_the_levels():
    """hard: playout leaves in Sixty-six (measured: exact leaves cost there), no guard in
    Sixty-six for three and in the Mariáš card play but the full guard in its doubling
    round; normal is the same everywhere."""
    assert HardBot.search_options("sixty-six")["solve_leaves"] is False
    assert HardBot.search_options("marriage")["solve_leaves"] is True
    assert HardBot.search_options("sixty-six-3")["prior_z"] == 0.0
    assert HardBot.search_options("marriage")["prior_z"] == 2.0
    assert HardBot.search_options("marias", "play")["prior_z"] == 0.0
    assert HardBot.search_options("marias", "doubling")["prior_z"] == HardBot.prior_z == 2.0
    base = NormalBot.search_options("marriage")
    for v in ("sixty-six", "sixty-six-3", "marias"):
        for phase in (None, "play", "doubling"):
            assert NormalBot.search_options(v, phase) == base


def test_hard_marias_card_play_follows_the_search(monkeypatch):
    """The bot hands the observation's phase to its settings: a Mariáš card play is searched
    without the guard; the doubling round is not searched at all but simulated
    (``marias_bidding.doubling_values``, as the hint engine does)."""
    import game.ai.ismcts as ismcts
    import game.ai.marias_bidding as mb
    from game.rules import new_deal

    seen = []
    simulated = []
    real_doubling = mb.doubling_values

    def fake_search(obs, deadline, rng, **kw):
        seen.append((obs.phase, kw["prior_z"]))
        return ismcts.SearchResult(obs.legal[0], {}, {}, 0)

    def spy_doubling(obs, deadline, rng, **kw):
        res = real_doubling(obs, deadline, rng, **kw)
        if res is not None:
            simulated.append((obs.phase, res[0], kw.get("infer")))
        return res

    monkeypatch.setattr(ismcts, "search", fake_search)
    monkeypatch.setattr(ismcts, "doubling_values", spy_doubling)
    deal = new_deal("marias", 0, list(range(32)))
    bot = HardBot("marias", seed=1, iterations=10)
    while deal.observation(deal.to_move()).phase != "play":
        seat = deal.to_move()
        deal.apply(bot.choose(deal.observation(seat)), seat)
    seat = deal.to_move()
    bot.choose(deal.observation(seat))
    assert ("play", 0.0) in seen
    assert all(phase != "doubling" for phase, _z in seen)
    assert simulated and all(phase == "doubling" and infer for phase, _a, infer in simulated)
