"""Exact alpha-beta on a full deal, and the deal values every search shares.

Used where a position is perfect information for the searcher: in the
two-player games once the stock is exhausted (a card counter knows both
hands), inside every determinization once its stock is gone or closed, and
for short Mariáš endgames.  The engine's own ``Deal`` is searched (clone +
``apply_legal``), so the solver can never disagree with the rules; a
transposition table keyed by the engine's ``state_key()`` keeps the repeated
endgames of a decision cheap.
"""

from __future__ import annotations

from collections.abc import Hashable

from game.rules.actions import Action, Verb
from game.rules.base import Deal

from .base import Deadline

#: The verbs as module constants: an Enum member lookup costs more than the whole test.
_PLAY = Verb.PLAY
#: Typical magnitude of one deal's result per variant (normalises search rewards).
SCALE = {"marriage": 3.0, "sixty-six": 3.0, "sixty-six-3": 3.0, "marias": 6.0}


class Timeout(Exception):
    """The deadline or the cancel flag stopped the solver."""


def side_of(deal: Deal, seat: int) -> int:
    """Partners share a side: Mariáš defenders; everyone else plays alone."""
    return deal.side(seat)


def value_for(score: list[int], seat: int) -> float:
    """A finished deal's worth to ``seat``: its score minus the others' mean (zero-sum form)."""
    n = len(score)
    return score[seat] - (sum(score) - score[seat]) / (n - 1)


def strict_phase(deal: Deal) -> bool:
    """No hidden card matters any more for the play: the stock is gone or closed (2 players)."""
    return deal.players == 2 and not deal.stock_open()


def _order(actions: list[Action]) -> list[Action]:
    """Declarations first, then high cards (A, T, K ...): good cut-offs for little cost."""
    def key(a: Action) -> tuple[int, int]:
        if a.verb is not _PLAY:
            return (0, 0)
        return (1, a.card & 7)

    return sorted(actions, key=key)


class Solver:
    """Alpha-beta for ``root``'s side; values are :func:`value_for` of the root seat."""

    def __init__(self, root: int, deadline: Deadline | None = None, max_nodes: int | None = None):
        self.root = root
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.tt: dict[Hashable, tuple[float, int]] = {}  # key -> (value, flag)
        self.tt_n: dict[Hashable, tuple[float, ...]] = {}  # key -> max^n values

    def value(self, deal: Deal) -> float:
        return self._ab(deal, -1e9, 1e9)

    def best(self, deal: Deal, legal: list[Action] | None = None
             ) -> tuple[Action, dict[Action, float]]:
        """The best action for the player to move (who must be on the root's side) and
        the exact value of every legal action (or of ``legal``)."""
        values: dict[Action, float] = {}
        for a in _order(legal or deal.legal_actions()):
            child = deal.clone()
            child.apply_legal(a)
            values[a] = self._ab(child, -1e9, 1e9)
        best = max(sorted(values), key=lambda a: values[a])
        return best, values

    def _count(self) -> None:
        """One more node; every 256 nodes, stop (Timeout) at the deadline or node cap."""
        self.nodes += 1
        if self.nodes & 255 == 0:
            if self.deadline is not None and self.deadline.expired():
                raise Timeout
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise Timeout

    def _ab(self, deal: Deal, alpha: float, beta: float) -> float:
        if deal.is_over():
            return value_for(deal.score() or [0] * deal.players, self.root)
        self._count()
        key = deal.state_key()
        hit = self.tt.get(key)
        if hit is not None:
            v, flag = hit
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        maximize = side_of(deal, deal.to_move()) == side_of(deal, self.root)  # type: ignore[arg-type]
        a0, b0 = alpha, beta
        best = -1e9 if maximize else 1e9
        for a in _order(deal.legal_actions()):
            child = deal.clone()
            child.apply_legal(a)
            v = self._ab(child, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        flag = 0
        if best <= a0:
            flag = -1  # upper bound
        elif best >= b0:
            flag = 1  # lower bound
        self.tt[key] = (best, flag)
        return best

    def values(self, deal: Deal) -> tuple[float, ...]:
        """Max^n: every seat's :func:`value_for` when each player maximises their own.

        For three players who each play for themselves (Sixty-six for three):
        :meth:`value` assumes the two others conspire against the root (paranoid),
        which no real opponent does — each wants to win the deal himself.  A player
        indifferent between moves picks the one worst for the root (the safe tie).
        No alpha-beta cut-offs exist for max^n, so keep it to short endgames.
        """
        if deal.is_over():
            sc = deal.score() or [0] * deal.players
            return tuple(value_for(sc, s) for s in range(deal.players))
        self._count()
        key = deal.state_key()
        hit = self.tt_n.get(key)
        if hit is not None:
            return hit
        mover = deal.to_move()
        assert mover is not None  # the deal is not over
        best: tuple[float, ...] | None = None
        for a in _order(deal.legal_actions()):
            child = deal.clone()
            child.apply_legal(a)
            v = self.values(child)
            if best is None or (v[mover], -v[self.root]) > (best[mover], -best[self.root]):
                best = v
        assert best is not None
        self.tt_n[key] = best
        return best


def endgame_reached(deal: Deal, cards_left: int) -> bool:
    """Small enough to solve exactly inside a sample."""
    if deal.players == 2:
        # only an exhausted stock makes the sampled world match reality (a card counter
        # knows both hands); solving a closed stock exactly would let the closer "see" the
        # opponent's hand and overrate closing (strategy fusion)
        return not deal.closed and deal.stock_size() == 0
    return sum(deal.hand(s).bit_count() for s in range(deal.players)) <= cards_left
