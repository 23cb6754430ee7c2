""""Could I have won? Show me how": the same deal replayed from the player's seat.

Two lines are played from the deal's first action, on the same deck (so the same hands,
trump and stock) and with the same dealer:

* the **hard line**: the ``hard`` level plays the player's seat, seeing only what the
  player saw;
* the **perfect-information line**: the player's seat sees every card (the ``cheat``
  level: a search on the one true deal, exact alpha-beta once the two-player stock is gone
  or closed) — a strong line, not a bound: after it parts from the player's choices the
  others are bots, whose play may still make it score lower (the scene then says so).  An
  exact minimax of the whole deal would be the true bound, but from the first lead it is out of
  reach here (a whole Sixty-six deal is far too large for the engine's alpha-beta while
  a player waits), so the line is searched, and exact from the moment it can be.

While a line makes the same choices as the player did, the other seats repeat what they
did in the deal (their choices depended on the same position); from the first choice where
the line parts from the player's, they are played by computer opponents (by default the
levels they had).  So "the first move where the lines part" is exact: everything before it
is what happened.

The all-cards line **tries its choices**: at each of the seat's decisions that is not just a
card to a trick (close, exchange, declare, a contract, good/bad, flek/re, an announcement) it
plays the rest of the deal once for every such option (and for the player's and the hard
line's own choice there, where those lines stood in the same position — also for the trump
card and the cards laid away, too many to try each) and keeps the line that scored best.  So
the line is never worse than the player's or the hard line *because of such a choice*: what
can still make it score less is the others' play after the lines part, which the scene says.

Pure Python (the after-deal scene runs it in a worker thread); ``python -m game.ai showme
RECORD --seat N --json`` prints the same from a deal record.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, Verb
from game.rules.base import Deal
from game.rules.record import write_deal
from game.rules.variants import deal_class, new_deal

from .base import DEFAULT_BUDGET_MS, Bot
from .bot import make_bot
from .solver import value_for


@dataclass
class Line:
    """One way the deal went: ``deal`` finished (or as far as it got when cancelled)."""

    name: str  # "played", "hard" or "perfect"
    deal: Deal
    #: the first history index where this line's action differs from the deal as played
    #: (None: the line made every choice the player made)
    parted_at: int | None = None
    #: the other options the line tried at its choices (the all-cards line only)
    trials: list[Trial] = field(default_factory=list)

    @property
    def score(self) -> list[int]:
        return list(self.deal.score() or [0] * self.deal.players)

    def value(self, seat: int) -> float:
        """The seat's result: its score minus the others' mean (as the hint values)."""
        return round(value_for(self.score, seat), 3)

    def won(self, seat: int) -> bool:
        """Did the seat win the deal: scored, and no one scored more?"""
        sc = self.score
        return sc[seat] > 0 and sc[seat] >= max(sc)

    def to_json(self, seat: int, original: Deal | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"score": self.score, "value": self.value(seat),
                               "won": self.won(seat), "finished": self.deal.is_over()}
        if self.name != "played":
            out["record"] = write_deal(self.deal)
            out["parted_at"] = None
            if self.parted_at is not None and original is not None:
                i = self.parted_at
                out["parted_at"] = {"index": i, "trick": trick_number(original, i),
                                    "before_play": before_play(original, i),
                                    "played": str(original.history[i][1]),
                                    "line": str(self.deal.history[i][1])}
        if self.trials:
            out["tried"] = [{"index": t.index, "action": str(t.action),
                             "value": t.line.value(seat)} for t in self.trials]
        return out


@dataclass(frozen=True)
class Trial:
    """One option tried at a choice: the deal played on from ``index`` with ``action``."""

    index: int
    action: Action
    line: Line
    #: the line this was until a better-scoring option took its place
    displaced: bool = False


@dataclass
class ShowMe:
    seat: int
    played: Line
    hard: Line
    perfect: Line

    @property
    def variant(self) -> str:
        return self.played.deal.variant

    def could_have_won(self) -> bool:
        """The hard line won the deal where the player did not."""
        return self.hard.won(self.seat) and not self.played.won(self.seat)

    def to_json(self) -> dict[str, Any]:
        orig = self.played.deal
        return {"variant": self.variant, "seat": self.seat,
                "played": self.played.to_json(self.seat),
                "hard": self.hard.to_json(self.seat, orig),
                "perfect": self.perfect.to_json(self.seat, orig),
                "could_have_won": self.could_have_won(),
                "hard_gain": round(self.hard.value(self.seat) - self.played.value(self.seat), 3),
                "perfect_gain": round(self.perfect.value(self.seat)
                                      - self.played.value(self.seat), 3)}


def trick_number(deal: Deal, index: int) -> int:
    """The trick (1-based) the action at ``index`` of the history belongs to."""
    plays = sum(1 for _s, a in deal.history[:index] if a.verb is Verb.PLAY)
    return plays // deal.players + 1


def before_play(deal: Deal, index: int) -> bool:
    """The action at ``index`` comes before any card was played (a Mariáš bid, trump card
    or doubling): it belongs to no trick yet."""
    return trick_number(deal, index) == 1 and deal.history[index][1].verb is not Verb.PLAY \
        and not any(a.verb is Verb.PLAY for _s, a in deal.history[:index])


def fresh(deal: Deal) -> Deal:
    """The deal before its first action: the same deck, dealer and options."""
    return new_deal(deal.variant, deal.dealer, list(deal.deck), dict(deal.options))


Chooser = Callable[[Deal, int], Action]


def level_chooser(level: str, seed: int = 0, budget_ms: float | None = None,
                  iterations: int | None = None, cancel: threading.Event | None = None
                  ) -> Chooser:
    """One bot of ``level`` per seat, deciding on the seat's observation; ``cheat`` is
    handed the true deal before every decision (the perfect-information bound)."""
    bots: dict[int, Bot] = {}

    def choose(deal: Deal, seat: int) -> Action:
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make_bot(level, deal.variant, seed=seed, budget_ms=budget_ms,
                                        iterations=iterations, cancel=cancel)
        if level == "cheat":
            bot.reveal(deal.clone())
        return bot.choose(deal.observation(seat))

    return choose


def hard_chooser(seed: int = 0, budget_ms: float | None = None,
                 iterations: int | None = None, cancel: threading.Event | None = None
                 ) -> Chooser:
    """The ``hard`` level on the seat's observation (it never sees the hidden cards)."""
    return level_chooser("hard", seed, budget_ms, iterations, cancel)


def perfect_chooser(seed: int = 0, budget_ms: float | None = None,
                    iterations: int | None = None, cancel: threading.Event | None = None
                    ) -> Chooser:
    """The ``cheat`` level, handed the true deal before every decision."""
    return level_chooser("cheat", seed, budget_ms, iterations, cancel)


def play_line(original: Deal, seat: int, choose: Chooser, opponents: Sequence[Bot | None],
              name: str, seed: int = 0, cancel: threading.Event | None = None,
              progress: Callable[[int], None] | None = None,
              prefix: Sequence[tuple[int, Action]] = ()) -> Line:
    """Replay ``original`` with ``choose`` deciding for ``seat`` (see the module docstring).

    ``opponents[s]``: the bot that plays seat ``s`` once the line has parted (None for the
    player's own seat).  ``progress(actions so far)`` after every action.  ``prefix``: the
    line's first actions, as they are to be (a choice tried on another line's way there).
    """
    deal = fresh(original)
    history = original.history
    rng = random.Random(seed)
    for who, done in prefix:
        deal.apply(done, who, chance=rng)
    parted = first_difference(original, deal)
    while not deal.is_over():
        if cancel is not None and cancel.is_set():
            break
        i = len(deal.history)
        mover = deal.to_move()
        assert mover is not None
        on_path = parted is None and i < len(history)
        if mover == seat:
            action = choose(deal, seat)
            if action.blind:
                was = history[i][1] if on_path else None
                if was is not None and was.verb is Verb.TRUMP \
                        and was not in deal.legal_actions():
                    action = was  # the player chose blindly too: the same card came up
        elif on_path:
            action = history[i][1]
        else:
            bot = opponents[mover]
            assert bot is not None
            action = bot.choose(deal.observation(mover))
        applied = deal.apply(action, mover, chance=rng)
        if mover == seat and on_path and parted is None and history[i][1] is not applied:
            parted = i  # the line's own choice (a blind card: the one chance turned up)
        if progress is not None:
            progress(len(deal.history))
    return Line(name, deal, parted)


def first_difference(original: Deal, deal: Deal) -> int | None:
    """The first history index where ``deal`` did otherwise than ``original`` (None: its
    history so far is the original's)."""
    for i, ((_s, mine), (_t, theirs)) in enumerate(zip(original.history, deal.history)):
        if mine != theirs:
            return i
    return None if len(deal.history) <= len(original.history) else len(original.history)


#: The seat's choices that are not a card to a trick: each option is played out.
CHOICE_VERBS = frozenset({Verb.CLOSE, Verb.EXCHANGE, Verb.DECLARE, Verb.CONTRACT, Verb.GOOD,
                          Verb.BAD, Verb.DOUBLE, Verb.ANNOUNCE, Verb.PASS})
#: Choices with too many options to play each out (Mariáš forehand's trump card, the two
#: cards laid away): the player's and the hard line's option there are played out.
MANY_OPTIONS = frozenset({Verb.TRUMP, Verb.DISCARD})


def state_at(original: Deal, line: Deal, index: int) -> Deal:
    """``line`` as it stood before its action ``index``."""
    deal = fresh(original)
    rng = random.Random(0)
    for mover, action in line.history[:index]:
        deal.apply(action, mover, chance=rng)
    return deal


def options(state: Deal, index: int, line: Deal, others: Sequence[Deal]) -> list[Action]:
    """What the all-cards line tries at its action ``index`` besides its own: every option
    of a choice, and the action each of ``others`` took there when it stood in the same
    position and that action (or the line's) was a choice.  A card against a card is the
    play search's business, not tried here."""
    legal = state.legal_actions()
    if len(legal) < 2 or not any(a.verb in CHOICE_VERBS | MANY_OPTIONS for a in legal):
        return []
    own = line.history[index][1]
    out = [a for a in legal if a.verb in CHOICE_VERBS]
    choice = CHOICE_VERBS | MANY_OPTIONS
    for other in others:
        if len(other.history) > index and other.history[:index] == line.history[:index]:
            theirs = other.history[index][1]
            if theirs.verb in choice or own.verb in choice:
                out.append(theirs)
    seen: list[Action] = []
    for a in out:
        if a != own and a not in seen:
            seen.append(a)
    return seen


def try_choices(original: Deal, seat: int, base: Line, others: Sequence[Deal],
                play_from: Callable[[Sequence[tuple[int, Action]]], Line],
                cancel: threading.Event | None = None,
                progress: Callable[[float], None] | None = None) -> Line:
    """``base`` improved choice by choice: at each of the seat's choices (in the order the
    line meets them) every option is played out by ``play_from(prefix)``; a better-scoring
    option becomes the line, whose later choices are then tried in turn.  Every option
    tried (and each line an option displaced) is kept in the result's ``trials``."""
    best = base
    trials: list[Trial] = []
    i = 0
    while i < len(best.deal.history):
        if cancel is not None and cancel.is_set():
            break
        mover, _own = best.deal.history[i]
        if mover == seat:
            state = state_at(original, best.deal, i)
            for action in options(state, i, best.deal, others):
                line = play_from([*best.deal.history[:i], (seat, action)])
                if not line.deal.is_over():
                    break  # cancelled
                if line.value(seat) > best.value(seat):
                    trials.append(Trial(i, best.deal.history[i][1], best, displaced=True))
                    best = line
                else:
                    trials.append(Trial(i, action, line))
        i += 1
        if progress is not None:
            progress(i / max(1, len(best.deal.history)))
    return Line(base.name, best.deal, first_difference(original, best.deal), trials)


#: The share of each level's time per decision that playing out an option gets: a choice
#: can have eight options, each a whole deal to play, and the player waits for them.
#: (A fixed search size — ``iterations`` — is used as it is.)
OPTION_SHARE = 0.25


def scaled(level: str, budget_ms: float | None, share: float) -> float | None:
    """``budget_ms`` (default: the level's) times ``share``; None for the level's own."""
    if share == 1.0:
        return budget_ms
    return (budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS[level]) * share


def show_me(original: Deal, seat: int, opponent_levels: Sequence[str | None] | None = None,
            seed: int = 0, budget_ms: float | None = None, iterations: int | None = None,
            opponent_iterations: int | None = None, cancel: threading.Event | None = None,
            progress: Callable[[float], None] | None = None) -> ShowMe:
    """Both lines for ``seat`` of the finished deal ``original``.

    ``opponent_levels[s]``: the level of seat ``s`` (default ``hard`` for every other
    seat).  ``iterations`` fixes the search size of the seat's lines and
    ``opponent_iterations`` the opponents' (reproducible; the tests use them); else each
    searches for its level's time (``budget_ms`` for the seat's lines).
    ``progress(fraction)`` as the lines are played.
    """
    n = original.players
    levels = list(opponent_levels or [None] * n)
    levels = [None if s == seat else (levels[s] or "hard") for s in range(n)]
    expected = max(1, len(original.history))

    def opponents(share: float = 1.0) -> list[Bot | None]:
        return [None if lv is None else make_bot(lv, original.variant, seed=seed + 101 * s,
                                                 budget_ms=scaled(lv, None, share),
                                                 iterations=opponent_iterations, cancel=cancel)
                for s, lv in enumerate(levels)]

    def step(base: float, share: float) -> Callable[[int], None] | None:
        if progress is None:
            return None
        return lambda k: progress(min(1.0, base + share * k / expected))

    def perfect_from(prefix: Sequence[tuple[int, Action]] = (),
                     step: Callable[[int], None] | None = None, share: float = 1.0) -> Line:
        choose = perfect_chooser(seed, scaled("cheat", budget_ms, share), iterations, cancel)
        return play_line(original, seat, choose, opponents(share), "perfect", seed, cancel,
                         step, prefix)

    def option_from(prefix: Sequence[tuple[int, Action]]) -> Line:
        return perfect_from(prefix, share=OPTION_SHARE)

    hard = play_line(original, seat, hard_chooser(seed, budget_ms, iterations, cancel),
                     opponents(), "hard", seed, cancel, step(0.0, 0.3))
    perfect = perfect_from(step=step(0.3, 0.3))
    if perfect.deal.is_over():
        tried = None if progress is None else (lambda f: progress(0.6 + 0.4 * f))
        perfect = try_choices(original, seat, perfect, [original, hard.deal], option_from,
                              cancel, tried)
    return ShowMe(seat, Line("played", original), hard, perfect)


def bench(deals: int, variants: Sequence[str], seed: int = 1, iterations: int = 20,
          opponent_iterations: int = 10, player: str = "normal") -> dict[str, Any]:
    """How often the all-cards line scores at least what the deal did, per game: ``deals``
    deals, each played by ``player`` in seat 0 against ``hard`` (fixed search sizes), then
    shown as "Could I have won?" shows it (``python -m game.ai showme-bench``)."""
    from game.rules.variants import random_deck

    out: dict[str, Any] = {"deals": deals, "seed": seed, "iterations": iterations,
                           "opponent_iterations": opponent_iterations, "player": player,
                           "games": {}}
    for variant in variants:
        rng = random.Random(f"{seed}-{variant}")
        at_least = hard_ok = tried = improved = 0
        gaps: list[float] = []
        for k in range(deals):
            deal = new_deal(variant, rng.randrange(deal_class(variant).players),
                            random_deck(variant, rng))
            bots = [make_bot(player if s == 0 else "hard", variant, seed=seed + 31 * k + s,
                             iterations=iterations if s == 0 else opponent_iterations)
                    for s in range(deal.players)]
            while not deal.is_over():
                s = deal.to_move()
                assert s is not None
                deal.apply(bots[s].choose(deal.observation(s)), s, chance=rng)
            levels: list[str | None] = [None] + ["hard"] * (deal.players - 1)
            res = show_me(deal, 0, levels, seed=seed + k, iterations=iterations,
                          opponent_iterations=opponent_iterations)
            mine, perfect = res.played.value(0), res.perfect.value(0)
            at_least += perfect >= mine
            hard_ok += perfect >= res.hard.value(0)
            gaps.append(perfect - mine)
            tried += len(res.perfect.trials)
            improved += any(t.displaced for t in res.perfect.trials)
        out["games"][variant] = {
            "perfect_at_least_played": at_least, "perfect_at_least_hard": hard_ok,
            "options_tried": tried, "lines_a_tried_option_bettered": improved,
            "share_at_least_played": round(at_least / max(deals, 1), 3),
            "mean_perfect_minus_played": round(sum(gaps) / max(len(gaps), 1), 3)}
    return out
