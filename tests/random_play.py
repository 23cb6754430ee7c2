"""Random legal play for tests: whole deals and matches through the public interface."""

from __future__ import annotations

import random

from game.rules import Match


def play_match(m: Match, seed: int) -> list[int]:
    """Play ``m`` to its end with random legal actions; return the dealer of every deal."""
    rng = random.Random(seed)
    dealers = []
    while not m.is_over():
        d = m.start_deal()
        dealers.append(d.dealer)
        while not d.is_over():
            acts = d.legal_actions()
            d.apply_legal(acts[rng.randrange(len(acts))])
        m.finish_deal()
    return dealers


def texts(actions) -> list[str]:
    """The notation of each action (tests compare with the texts of NOTATION.md)."""
    return [a.text for a in actions]
