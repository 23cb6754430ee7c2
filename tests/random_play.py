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



def played(variant: str, deals: int | None = 2, seed: int = 1, extra_moves: int = 0,
           options: dict | None = None, start_next: bool | None = None) -> Match:
    """A match of random play: ``deals`` finished deals (None: to the match's end) and,
    when ``extra_moves`` (or ``start_next``), a started one with that many actions."""
    m = Match(variant, seed=seed, options=options) if options else Match(variant, seed=seed)
    rng = random.Random(seed)
    done = 0
    while (done < deals) if deals is not None else not m.is_over():
        d = m.start_deal()
        while not d.is_over():
            d.apply(rng.choice(d.legal_actions()))
        m.finish_deal()
        done += 1
    if extra_moves or start_next:
        d = m.start_deal()
        for _ in range(extra_moves):
            d.apply(rng.choice(d.legal_actions()))
    return m


def match_record(variant: str = "marriage", deals: int = 0, extra: int = 1, seed: int = 1,
                 options: dict | None = None) -> str:
    """A saved match in the middle of a deal: ``deals`` finished deals of random play and
    a started one with ``extra`` actions."""
    from game.rules import write_record

    return write_record(played(variant, deals, seed, extra, options, start_next=True).deals)


def whole_match_record(seed: int, variant: str = "marriage") -> str:
    """The record of a match of random play to its end: every deal its rules allow."""
    from game.rules import write_record

    return write_record(played(variant, None, seed).deals)
