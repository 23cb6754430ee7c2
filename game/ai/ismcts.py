"""Information-set Monte Carlo tree search: the ``normal``, ``hard`` and ``cheat`` levels.

One tree per decision, shared by all determinizations (single-observer
ISMCTS): every iteration takes a fresh sample of the hidden cards (from a
pool, see ``sampler.SamplePool``), walks the tree choosing among the actions
legal *in that sample* by UCB with availability counts, adds one node, and
values the leaf by a playout — or exactly, by alpha-beta, once the sampled
deal is perfect information for its players (two-player stock gone or
closed; the last tricks of a three-player deal).  A low exploration constant
works best in these games (few good moves, long noisy playouts).

Where the *real* position is perfect information for the seat — two players,
stock exhausted: a card counter knows both hands — there is nothing to
sample and the bot plays the exact alpha-beta move.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import DECLARE, Action, Verb
from game.rules.base import Deal
from game.rules.observation import MariasObservation, Observation

from .base import Bot, Deadline
from .compare import clearly_better
from .easy import policy_action
from .marias_bidding import before_search, bidding_decision, doubling_values
from .playout import rollout
from .sampler import SampleError, SamplePool, determinize
from .solver import SCALE, Solver, Timeout, endgame_reached, strict_phase, value_for
from .tactics import candidates, forced


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0  # sum of rewards for the player who chose the action into this node
    avail: int = 0
    children: dict[Action, Node] = field(default_factory=dict)


@dataclass
class SearchResult:
    """Per root action: mean value for the root seat (deal points) and visit count.

    With whole turns (``search(turns=True)``) a root action that does not end the
    turn is worth its best continuation: ``values`` holds, per first action, the best of
    its turns' means, and ``turns`` every whole turn's mean."""

    best: Action
    values: dict[Action, float]
    visits: dict[Action, int]
    iterations: int
    exact: bool = False
    turns: dict[tuple[Action, ...], float] = field(default_factory=dict)


#: The most whole turns one decision is expanded into (a turn on lead in Marriage has
#: about 35: exchange, close or a marriage, declare, a card).
MAX_TURNS = 64


def whole_turns(deal: Deal, first: list[Action],
                limit: int = MAX_TURNS) -> list[tuple[Action, ...]]:
    """Every way the seat to move can finish its turn, starting with one of ``first``.

    A step that leaves the same seat to move (the trump exchange, closing, announcing a
    marriage) is followed by each action then legal, until a card is played, the turn
    passes or the deal ends.  What is legal after a step depends only on the mover's own
    hand and the public state, so any deal consistent with the mover's observation gives
    the same turns.
    Beyond ``limit`` turns the rest stay single steps (valued the old way)."""
    mover = deal.to_move()
    out: list[tuple[Action, ...]] = []

    def grow(d: Deal, path: tuple[Action, ...]) -> None:
        # A card ends the turn (even when its trick lets the same seat lead again: then
        # the stock has been drawn from, and the sampled deals differ).
        if d.is_over() or d.to_move() != mover or path[-1].verb is Verb.PLAY or \
                len(path) >= 4 or len(out) >= limit:
            out.append(path)
            return
        holds = getattr(d, "declaration_holds", None)
        for a in d.legal_actions():
            if a is DECLARE and holds is not None and not holds(mover):
                continue  # a false declaration after a step: the plain one values it
            twin = d.clone()
            twin.apply_legal(a)
            grow(twin, path + (a,))

    for a in first:
        d = deal.clone()
        d.apply_legal(a)
        grow(d, (a,))
    return out


def _apply_turn(deal: Deal, turn: Action | tuple[Action, ...]) -> None:
    if isinstance(turn, tuple):
        for a in turn:
            deal.apply_legal(a)
    else:
        deal.apply_legal(turn)


class Searcher:
    """The ISMCTS loop over a source of deals (samples, or the one true deal for ``cheat``)."""

    def __init__(self, seat: int, rng: random.Random, c: float = 0.7, solve_leaves: bool = True,
                 endgame_cards: int = 9, playout_eps: float = 0.2, tree: bool = True):
        self.tree = tree
        self.seat = seat
        self.rng = rng
        self.c = c
        self.solve_leaves = solve_leaves
        self.endgame_cards = endgame_cards
        self.eps = playout_eps
        self.solver = Solver(seat)
        #: The last sweep's values per root candidate, sample by sample (the guard's data).
        self._per_turn: dict[Any, list[float]] = {}

    def leaf_value(self, deal: Deal, deadline: Deadline) -> list[float] | None:
        """Exact per-seat values of an endgame leaf, or None to fall back on a playout."""
        if not self.solve_leaves or not endgame_reached(deal, self.endgame_cards):
            return None
        self.solver.deadline = deadline
        self.solver.max_nodes = self.solver.nodes + 4000
        n = deal.players
        if n > 2 and deal.variant != "marias":
            # everyone for himself: max^n, not a conspiracy against the root
            try:
                return list(self.solver.values(deal))
            except Timeout:
                return None
        # the solver maximises for the root seat's side; in two-sided games that is all we need
        try:
            v = self.solver.value(deal)
        except Timeout:
            return None
        # zero-sum form, two sides: the root's side gets v each; the other side's seats share
        # -v times the root side's size (two players: -v; Mariáš: the two defenders -v/2 each
        # against a soloist root, the soloist -2v against a defender root)
        ours = [s for s in range(n) if s == self.seat or _same_side(deal, s, self.seat)]
        other = -v * len(ours) / (n - len(ours))
        return [v if s in ours else other for s in range(n)]

    def run(self, source: Any, root_legal: list[Action], deadline: Deadline,
            prior: Action | None = None, prior_weight: float = 0.3,
            sweep: bool = True, race: bool = False, prior_z: float = 1.0,
            turns: bool = False) -> SearchResult:
        """Search until the deadline; the best root action and every root action's value.

        ``sweep`` (default): every sampled deal is used once for *each* root action, with
        the same random seed below it — common random numbers make the root comparison
        paired, which matters at the few hundred iterations Python affords per decision;
        below the root the tree is ordinary ISMCTS.  Without it, the root is chosen by UCB
        too (``prior`` then gets a progressive bias).  ``prior``: the rule-of-thumb action;
        in sweep mode another action must beat it by ``prior_z`` standard errors of the
        paired difference to be chosen — a guard against playout noise.
        ``race`` (sweep mode): every ``RACE_EVERY`` sweeps from ``RACE_MIN`` on, root
        actions that the leader beats by ``RACE_Z`` standard errors of the paired
        difference leave the sweep, so the remaining contenders get the rest of the
        time (the decision is between them; the values of the dropped ones stay as
        they were when they dropped).
        ``turns`` (sweep mode): the root candidates are the seat's *whole turns*
        (:func:`whole_turns`), so a step that does not end the turn — an exchange, a
        close, a marriage — is valued by its best continuation, exactly as the position
        after the step will be valued; see :class:`SearchResult`.
        """
        if turns and sweep:
            return self._run_turns(source, root_legal, deadline, prior, race, prior_z)
        root = Node()
        it = 0
        scale = 3.0
        per_action: dict[Action, list[float]] = {a: [] for a in root_legal}
        active = list(root_legal)
        while not deadline.expired(it):
            try:
                deal = source()
            except SampleError:
                break
            scale = SCALE.get(deal.variant, 3.0)
            if not sweep:
                it += 1
                self._iterate(deal, root, [], 0, root_legal, deadline, self.rng, scale,
                              prior, prior_weight)
                continue
            seed = self.rng.getrandbits(32)
            mover = deal.to_move()
            done = []
            for a in active:
                d = deal.clone()
                child = root.children.get(a)
                if child is None:
                    child = root.children[a] = Node()
                child.avail += 1
                _apply_turn(d, a)
                values = self._iterate(d, child, [(child, mover)], 1, root_legal, deadline,
                                       random.Random(seed), scale, None, 0.0)
                done.append((a, values[mover]))
                it += 1
                if deadline.cancel.is_set() or (per_action[active[0]]
                                                 and deadline.expired(it)):
                    break  # a partial sweep is dropped below (keeps the root paired)
            if len(done) == len(active):
                for a, v in done:
                    per_action[a].append(v)
                n = len(per_action[active[0]])
                if race and len(active) > 1 and n >= RACE_MIN and n % RACE_EVERY == 0:
                    active = _race(active, per_action)
        if not root.children or (sweep and not per_action[active[0]]):
            fallback = prior if prior in root_legal else root_legal[0]
            vals0 = {a: ch.total / ch.visits * scale for a, ch in root.children.items()
                     if ch.visits}
            return SearchResult(fallback, vals0, {a: ch.visits for a, ch in
                                                  root.children.items()}, it)
        visits = {a: ch.visits for a, ch in root.children.items()}
        if sweep:
            self._per_turn = per_action
            vals = {a: sum(v) / len(v) for a, v in per_action.items() if v}
            best = max(sorted(active), key=lambda a: vals[a])
            if prior in vals and best != prior and not clearly_better(
                    per_action[best], per_action[prior], prior_z):
                best = prior
            return SearchResult(best, vals, visits, it)
        vals = {a: ch.total / ch.visits * scale for a, ch in root.children.items()
                if ch.visits}
        best = max(sorted(visits), key=lambda a: (visits[a], vals.get(a, -1e9)))
        return SearchResult(best, vals, visits, it)

    def _run_turns(self, source: Any, root_legal: list[Action], deadline: Deadline,
                   prior: Action | None, race: bool, prior_z: float) -> SearchResult:
        """:meth:`run` over whole turns: the first sample lists them, every sample values
        each (common random numbers below, as in the plain sweep); a first action's value
        is the best mean among its turns."""
        try:
            first = source()
        except SampleError:
            return SearchResult(prior if prior in root_legal else root_legal[0], {}, {}, 0)
        turns = whole_turns(first, root_legal)
        # the inner search's "actions" are whole turns (tuples of actions)
        inner = self.run(_replay_first(first, source), list(turns), deadline,  # type: ignore
                         prior=None, sweep=True, race=race)
        inner_values: dict[Any, float] = inner.values
        inner_visits: dict[Any, int] = inner.visits
        means = {t: v for t, v in inner_values.items() if isinstance(t, tuple)}
        values: dict[Action, float] = {}
        visits: dict[Action, int] = {}
        best_turn: dict[Action, tuple[Action, ...]] = {}
        for t, v in means.items():
            a = t[0]
            visits[a] = visits.get(a, 0) + inner_visits.get(t, 0)
            if a not in values or v > values[a]:
                values[a], best_turn[a] = v, t
        if not values:
            return SearchResult(prior if prior in root_legal else root_legal[0], {}, visits,
                                inner.iterations)
        best = max(sorted(values), key=lambda a: values[a])
        if prior in values and best != prior and not clearly_better(
                self._per_turn.get(best_turn[best], []),
                self._per_turn.get(best_turn[prior], []), prior_z):
            best = prior
        return SearchResult(best, values, visits, inner.iterations, turns=means)

    def _iterate(self, deal: Deal, node: Node, path: list[tuple[Node, int]], depth: int,
                 root_legal: list[Action], deadline: Deadline, rng: random.Random, scale: float,
                 prior: Action | None, prior_weight: float) -> list[float]:
        """One ISMCTS iteration from ``node`` (``deal`` already there): select, expand one
        node, value the leaf, back the values up ``path``; return the per-seat values."""
        values: list[float] | None = None
        while not deal.is_over() and (self.tree or depth == 0):
            if depth > 0:
                values = self.leaf_value(deal, deadline)
                if values is not None:
                    break
            legal = root_legal if depth == 0 else deal.legal_actions()
            mover = deal.to_move()
            untried = []
            for a in legal:
                ch = node.children.get(a)
                if ch is None:
                    untried.append(a)
                else:
                    ch.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = Node(avail=1)
                node.children[a] = child
                deal.apply_legal(a)
                path.append((child, mover))  # type: ignore[arg-type]
                depth += 1
                break
            best_a, best_u = legal[0], -math.inf
            for a in legal:
                ch = node.children[a]
                u = ch.total / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
                if depth == 0 and a == prior:
                    u += prior_weight * 10 / (10 + ch.visits)
                if u > best_u:
                    best_a, best_u = a, u
            node = node.children[best_a]
            deal.apply_legal(best_a)
            path.append((node, mover))  # type: ignore[arg-type]
            depth += 1
        if values is None and not deal.is_over() and depth > 0:
            values = self.leaf_value(deal, deadline)
        if values is None:
            score = rollout(deal, rng, self.eps)
            values = [value_for(score, s) for s in range(len(score))]
        for n, mover in path:
            n.visits += 1
            n.total += values[mover] / scale
        return values


#: Racing at the root (``Searcher.run(race=True)``): first check after this many sweeps,
#: then every few, dropping actions the leader beats by this many standard errors.
RACE_MIN = 12
RACE_EVERY = 4
RACE_Z = 3.0


def _replay_first(first: Deal, source: Any) -> Any:
    """A source that gives ``first`` (already drawn) once, then draws as ``source`` does."""
    pending = [first]

    def draw() -> Deal:
        return pending.pop() if pending else source()
    return draw


def _race(active: list[Action], per_action: dict[Action, list[float]]) -> list[Action]:
    """The root actions still worth sampling: all but those the leader clearly beats."""
    n = len(per_action[active[0]])
    leader = max(active, key=lambda a: sum(per_action[a]) / n)
    return [a for a in active
            if a == leader or not clearly_better(per_action[leader], per_action[a], RACE_Z)]


def _same_side(deal: Deal, a: int, b: int) -> bool:
    return deal.side(a) == deal.side(b)


def exact_if_known(obs: Observation, rng: random.Random,
                   deadline: Deadline) -> SearchResult | None:
    """Two players, stock exhausted: both hands are known; solve the real position."""
    if obs.variant not in ("marriage", "sixty-six") or obs.stock_size or obs.over or \
            not obs.legal:
        return None
    try:
        deal = determinize(obs, rng)
    except SampleError:
        return None
    solver = Solver(obs.seat, deadline)
    try:
        best, values = solver.best(deal, candidates(obs))
    except Timeout:
        return None
    return SearchResult(best, values, {a: 1 for a in values}, solver.nodes, exact=True)


def search(obs: Observation, deadline: Deadline, rng: random.Random, *, c: float = 0.7,
           pool_size: int = 24, solve_leaves: bool = True, truth: Deal | None = None,
           playout_eps: float = 0.2, legal: list[Action] | None = None,
           use_prior: bool = True, exact_endgame: bool = True,
           infer: bool = False, race: bool = False, prior_z: float = 1.0,
           tree: bool = True, turns: bool = False) -> SearchResult:
    """The ISMCTS decision of the seat of ``obs`` (or perfect-information MCTS on ``truth``).

    ``legal``: the root candidates (default: all legal actions of ``obs``).
    ``exact_endgame``: play the solver's move once the seat knows every card.
    ``infer``: weigh the samples by the other players' choices (``SamplePool``).
    ``race``: drop clearly worse root actions as the samples come in (``Searcher.run``).
    ``prior_z``: how sure the search must be to overrule the rule-of-thumb move.
    ``tree``: grow the tree below the root; without it (a flat search) every root action
    is valued on every sample by the exact leaf or a playout alone.
    ``turns``: value whole turns (the hint engine): a step that does not end the turn is
    worth its best continuation (``Searcher.run``).
    """
    seat = obs.seat
    legal = list(legal or obs.legal)
    if truth is None:
        exact = exact_if_known(obs, rng, deadline) if exact_endgame else None
        if exact is not None:
            return exact
        pool = SamplePool(obs, rng, size=pool_size, infer=infer)
        source = pool.next
    else:
        if truth.players == 2 and strict_phase(truth):
            solver = Solver(seat, deadline)
            try:
                best, values = solver.best(truth.clone(), legal)
                return SearchResult(best, values, {a: 1 for a in values}, solver.nodes, True)
            except Timeout:
                pass

        def source() -> Deal:
            return truth.clone()
    searcher = Searcher(seat, rng, c=c, solve_leaves=solve_leaves, playout_eps=playout_eps,
                        tree=tree)
    prior = None
    if use_prior:
        prior = policy_action(obs)
    return searcher.run(source, legal, deadline, prior=prior, race=race, prior_z=prior_z,
                        turns=turns)


class NormalBot(Bot):
    """ISMCTS with a small budget and plain playouts everywhere: no exact endgame leaves,
    no exact play once every card is known, no reading of the opponents' choices.

    That is the step between the levels a player feels: ``normal`` plays a sound
    game but does not count the last tricks out exactly.
    """

    level = "normal"
    solve_leaves = False
    exact_endgame = False
    infer = False
    race = False
    #: overrule the rule-of-thumb move only when the search is 2 standard errors sure;
    #: at 1 the playout noise made normal@10 lose to easy in Marriage and hard@40 tie
    #: with pimc@40 (docs/ai-history.md, "How the levels got apart")
    prior_z = 2.0
    pool_size = 12
    #: games where even ``solve_leaves`` values the search's leaves by playouts only
    playout_leaves_in: frozenset[str] = frozenset()
    #: games where the rule-of-thumb move is overruled at another number of standard errors
    prior_z_in: dict[str, float] = {}
    #: Mariáš doubling round by simulation (``marias_bidding.doubling_values``), not by the
    #: search with its guard
    simulate_doubling = False
    #: games where a marriage chance (announce now or later) is searched flat, with no
    #: guard and no inference (``options_for``)
    flat_marriage_in: frozenset[str] = frozenset()

    def decide(self, obs: Observation, deadline: Deadline, rng: random.Random) -> Action:
        special = before_search(self, obs, deadline, rng)
        if special is not None:
            return special
        if self.simulate_doubling:
            res = doubling_values(obs, deadline, rng, infer=self.infer)
            if res is not None:
                return res[0]
        return search(obs, deadline, rng, pool_size=self.pool_for(deadline),
                      legal=candidates(obs), **self.options_for(obs)).best

    @classmethod
    def options_for(cls, obs: Observation) -> dict[str, Any]:
        """:meth:`search_options` for this decision: a marriage chance in a game of
        ``flat_marriage_in`` is searched flat, without the guard and without inference."""
        phase = obs.phase if isinstance(obs, MariasObservation) else None
        opts = cls.search_options(obs.variant, phase)
        if obs.variant in cls.flat_marriage_in and \
                any(a.verb is Verb.MARRIAGE for a in obs.legal):
            opts.update(tree=False, prior_z=0.0, infer=False)
        return opts

    @classmethod
    def search_options(cls, variant: str, phase: str | None = None) -> dict[str, Any]:
        """The level's ``search`` settings in ``variant`` (the hint engine searches as
        ``hard`` does).  ``prior_z_in`` is for the card play: a searched Mariáš doubling
        round (``normal``'s; ``hard`` and the hint simulate it) keeps the level's own guard,
        where the units multiply."""
        z = cls.prior_z if (variant, phase) == ("marias", "doubling") else \
            cls.prior_z_in.get(variant, cls.prior_z)
        return {"solve_leaves": cls.solve_leaves and variant not in cls.playout_leaves_in,
                "exact_endgame": cls.exact_endgame, "infer": cls.infer, "race": cls.race,
                "prior_z": z}

    #: games where every decision gets this many distinct samples, whatever the budget
    #: (the samples are made lazily, so a short budget simply uses fewer of them)
    pool_size_in: dict[str, int] = {}

    @classmethod
    def pool_size_for(cls, variant: str) -> int:
        """The largest pool of samples a decision in ``variant`` may draw."""
        return cls.pool_size_in.get(variant, cls.pool_size)

    def pool_for(self, deadline: Deadline) -> int:
        """Samples per decision: ``pool_size``, fewer on a short budget (about one per
        14 ms, at least 12), so that making them never eats most of the time; a game of
        ``pool_size_in`` keeps its own size."""
        if self.variant in self.pool_size_in:
            return self.pool_size_for(self.variant)
        if deadline.max_iterations is not None or math.isinf(deadline.end):
            return self.pool_size
        ms = deadline.remaining_ms()
        return max(min(12, self.pool_size), min(self.pool_size, int(ms / 14)))


class HardBot(NormalBot):
    """ISMCTS with exact alpha-beta leaves, the exact solver where the seat knows all, and
    samples weighed by what the opponents' choices reveal."""

    level = "hard"
    solve_leaves = True
    #: Sixty-six: exact leaves made ``hard`` weaker against ``normal`` on the ladder's
    #: decks (docs/ai-history.md has the figures).  With 24 cards the stock runs out after six
    #: tricks, so a mid-game search ends many lines in exact leaves (both sides perfect)
    #: and the others in playouts (both sides the rule of thumb); a likely reason is that
    #: the two kinds of value are not on one footing, so the search steers towards one
    #: kind of leaf rather than towards a better game.  The seat's real endgame is still
    #: solved exactly (``exact_endgame``).
    playout_leaves_in = frozenset({"sixty-six"})
    #: Sixty-six for three: the rules of thumb are weaker with two opponents, so the search
    #: overrules them whenever its mean says so (no guard), as ``pimc`` does: against
    #: ``pimc`` the guard at 2 lost, and with no guard and the samples of ``pool_size_in``
    #: the two are level (docs/ai.md, "Sixty-six for three: no guard and 64 samples").
    #: Mariáš card play: the search's best card, no guard.  With the guard at 2, ``hard``
    #: mostly kept the rule-of-thumb card even where the search disagreed; ``pimc`` always
    #: plays its mean, and ``hard`` did better against it with no guard than with one
    #: (docs/ai-history.md has the figures).  The doubling round is not searched but simulated
    #: (``simulate_doubling``; see docs/ai.md, "Mariáš: the doubling round by simulation").
    prior_z_in = {"sixty-six-3": 0.0, "marias": 0.0}
    #: Sixty-six for three, announce a marriage now or later: the guard (the rule of thumb
    #: announces), the tree and the inference each pushed ``hard`` towards announcing far
    #: more often than ``pimc``.  Each chance was played on both ways by the bots: flat,
    #: without guard and inference, ``hard`` scores more per chance, level with ``pimc``;
    #: see docs/ai.md.
    flat_marriage_in = frozenset({"sixty-six-3"})
    simulate_doubling = True
    exact_endgame = True
    infer = True
    race = True
    pool_size = 32
    #: Sixty-six for three: a fresh sample for every sweep of the root (a 40 ms budget buys
    #: more sweeps than 12, so a pool cut to 12 would use each sample again), as ``pimc`` has.
    pool_size_in = {"sixty-six-3": 64}


class CheatBot(HardBot):
    """Sees the true deal (measurement upper bound only): perfect-information search."""

    level = "cheat"
    wants_truth = True

    def reveal(self, deal: Deal) -> None:
        self._truth = deal

    def decide(self, obs: Observation, deadline: Deadline, rng: random.Random) -> Action:
        if self._truth is None:
            return super().decide(obs, deadline, rng)

        f = forced(obs)
        if f is not None:
            return f[0]
        special = bidding_decision(self, obs, deadline, rng, truth=self._truth)
        if special is not None:
            return special
        # flek and re as ``hard`` decides them (a simulation of the doubling round), but
        # on the true deal: every choice of the all-cards line is made seeing every card
        res = doubling_values(obs, deadline, rng, truth=self._truth)
        if res is not None:
            return res[0]
        return search(obs, deadline, rng, truth=self._truth, legal=candidates(obs)).best
