"""The counting trainer's questions: asked from the counting aid, so the answer is exactly what
the seat could have counted (never a hidden card).

:func:`should_ask` says whether to ask now (a few times a deal, on the player's own turn
in the card play); :func:`make_question` picks a question about the position and its
answer choices.  Both take a ``random.Random`` the table seeds from the deal, so a deal
replays with the same questions.  Pure Python: the table shows the question and keeps the
score (``game.ui.table.trainer``); the statistics keep it per game and kind of question.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import PLAY, Verb
from game.rules.cards import SUITS
from game.rules.observation import MariasObservation, Observation

from .counting import CountingAid, counting_aid, typed

#: The kinds of question, in the order the statistics list them.
KINDS = ("trumps_out", "points", "can_hold", "to_target", "unseen_suit")
#: At most this many questions a deal, none before this many tricks were played.
PER_DEAL, FIRST_TRICK = 3, 2
#: The chance of a question on a trick of the player's (after the first trick allowed).
CHANCE = 0.5


@dataclass(frozen=True)
class Question:
    """One question: ``kind`` (one of :data:`KINDS`), its parameters (``seat``, ``card``,
    ``suit``, ``side``), the right ``answer`` and the ``choices`` offered (numbers, or
    True/False for yes/no)."""

    kind: str
    answer: int | bool
    choices: tuple[int | bool, ...]
    params: dict[str, Any] = field(default_factory=dict)

    def is_right(self, choice: int | bool) -> bool:
        return choice == self.answer


def should_ask(obs: Observation, asked: int, rng: random.Random) -> bool:
    """Ask now?  Only on the seat's own card play, from trick FIRST_TRICK + 1 on, at most
    PER_DEAL times a deal, at a trick start or when following (never twice a trick: the
    table asks once per trick)."""
    o = typed(obs)
    if asked >= PER_DEAL or not o.my_turn:
        return False
    if not any(a.verb is Verb.PLAY for a in o.legal):
        return False
    if isinstance(o, MariasObservation) and o.phase != "play":
        return False
    done = sum(o.tricks)
    if done < FIRST_TRICK:
        return False
    return rng.random() < CHANCE


def _number_choices(answer: int, rng: random.Random, steps: tuple[int, ...],
                    low: int = 0) -> tuple[int, ...]:
    """The answer and three wrong numbers a miscount would give (a card's worth off)."""
    wrong: set[int] = set()
    pool = [answer + d for d in steps] + [answer - d for d in steps]
    rng.shuffle(pool)
    for x in pool:
        if x >= low and x != answer:
            wrong.add(x)
        if len(wrong) == 3:
            break
    return tuple(sorted(wrong | {answer}))


def make_question(obs: Observation, rng: random.Random,
                  aid: CountingAid | None = None, points_shown: bool = True) -> Question:
    """A question about this position that the aid can answer.

    Never one the table answers itself: the seats' points while their plates print them
    (``points_shown``), a card lying face up (on the trick, in an open hand).  Never a
    trivial one: the points still needed before any are won (all 66) or after 66; the
    trumps still in play when a closed stock or the talon leaves the count open."""
    o = typed(obs)
    aid = aid or counting_aid(o)
    me, n = aid.seat, aid.players
    others = [s for s in range(n) if s != me]
    kinds = ["can_hold", "unseen_suit"]
    if not points_shown:
        kinds.append("points")
    lo, hi = aid.trumps_in_play
    if aid.trump is not None and lo == hi:
        kinds.append("trumps_out")
    need = aid.to_target(me)
    if need is not None and 0 < aid.points[me] and need > 0:
        kinds.append("to_target")
    kind = rng.choice(kinds)
    if kind == "trumps_out":
        size = 6 if o.variant in ("sixty-six", "sixty-six-3") else 8
        most = size - sum(1 for c in o.hand if c[1] == aid.trump)
        return Question(kind, lo, tuple(range(0, most + 1)), {"suit": aid.trump})
    if kind == "to_target":
        need = need or 0
        return Question(kind, need, _number_choices(need, rng, (2, 3, 4, 10, 11)), {})
    if kind == "unseen_suit":
        suit = rng.choice(SUITS)
        count = len(aid.unseen.get(suit, ()))
        size = 6 if o.variant in ("sixty-six", "sixty-six-3") else 8
        return Question(kind, count, tuple(range(0, size + 1)), {"suit": suit})
    if kind == "points":
        if aid.soloist is not None:
            side = "defenders" if me == aid.soloist else "soloist"
            seat = aid.soloist if side == "soloist" else next(
                s for s in others if s != aid.soloist)
            pts = aid.points[seat]
            return Question(kind, pts, _number_choices(pts, rng, (10, 20, 30)),
                            {"side": side, "seat": seat})
        seat = rng.choice(others)
        pts = aid.points[seat]
        return Question(kind, pts, _number_choices(pts, rng, (2, 3, 4, 10, 11, 20)),
                        {"seat": seat})
    # can_hold: a card worth asking about — one a proof rules out, a known one, or an
    # unseen one someone may hold; failing those, one already played
    seat = rng.choice(others)
    ruled = [c for c, where in aid.places.items() if seat not in where]
    possible = [c for c, where in aid.places.items() if seat in where]
    face_up = {p.card for p in o.trick} | {c for cards in o.shown.values() for c in cards}
    known = [c for c in aid.known.get(seat, ()) if c not in face_up]
    played = [c for c in _played(o) if c not in face_up]
    options = [(ruled, False), (known, True), (possible, True), (played, False)]
    options = [(cards, ans) for cards, ans in options if cards]
    weights = [3 if ans is False and cards is ruled else 2 if cards is known else 1
               for cards, ans in options]
    cards, answer = rng.choices(options, weights)[0]
    # prefer the cards that matter: aces, tens, trumps
    cards = sorted(cards, key=lambda c: (c[0] not in "AT", c[1] != aid.trump, c))
    c = rng.choice(cards[:4])
    return Question("can_hold", answer, (True, False), {"seat": seat, "card": c})


def _played(o: Observation) -> list[str]:
    """The cards played so far (from the history as the seat saw it), in card order."""
    out = {step.action.card for step in o.history if step.action.verb is Verb.PLAY}
    return [PLAY[c].card_text for c in sorted(out)]
