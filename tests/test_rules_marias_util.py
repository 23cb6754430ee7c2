"""Helpers of the Mariáš tests: decks from hands, scripted actions, simple play policies."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from game.rules.actions import Action
from game.rules.cards import CARD_STR, card, mask_of
from game.rules.marias import MariasDeal
from game.rules.variants import new_deal

CARD_RE = re.compile(r"\b([ATKQJ987][CDHS])\b")


def deck_for(hands: dict[int, str], dealer: int = 2) -> list[int]:
    """A deck giving each seat the listed cards (in dealing order); the rest fill up in order.

    Forehand's first seven cards are the first seven it receives.
    """
    owners = MariasDeal.deal_owners(dealer)
    need = {s: owners.count(s) for s in range(3)}
    given = {s: [card(t) for t in hands.get(s, "").split()] for s in range(3)}
    used = [c for cs in given.values() for c in cs]
    assert len(used) == len(set(used)), "a card is given twice"
    rest = [c for c in range(32) if c not in used]
    for s in range(3):
        assert len(given[s]) <= need[s], f"seat {s} gets too many cards"
        while len(given[s]) < need[s]:
            given[s].append(rest.pop(0))
    idx = [0, 0, 0]
    deck = []
    for s in owners:
        deck.append(given[s][idx[s]])
        idx[s] += 1
    return deck


def new(hands: dict[int, str] | None = None, dealer: int = 2, **options) -> MariasDeal:
    deal = new_deal("marias", dealer, deck_for(hands or {}, dealer), options)
    assert isinstance(deal, MariasDeal)
    return deal


def run(deal: MariasDeal, script: str) -> MariasDeal:
    """Apply ``SEAT ACTION`` lines (blank lines and # comments skipped)."""
    for line in script.strip().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        seat, action = line.split(" ", 1)
        deal.apply(action, int(seat))
    return deal


def mask(text: str) -> int:
    return mask_of(card(t) for t in text.split())


def cards(m: int) -> list[str]:
    return sorted(CARD_STR[c] for c in range(32) if m >> c & 1)


def autoplay(deal: MariasDeal, policy: Callable[[MariasDeal, list[Action]], Action] | None = None,
             rng: random.Random | None = None) -> MariasDeal:
    """Play to the end: ``policy`` picks among the legal actions (default: random/first)."""
    while not deal.is_over():
        legal = deal.legal_actions()
        assert legal, "no legal action before the deal is over"
        if policy is not None:
            action = policy(deal, legal)
        elif rng is not None:
            action = legal[rng.randrange(len(legal))]
        else:
            action = legal[0]
        deal.apply(action, deal.to_move())
    return deal


def avoid(*cards_text: str) -> Callable[[MariasDeal, list[Action]], Action]:
    """A policy: the first legal action that does not play one of these cards, if any."""
    bad = {Action.parse("play " + c) for c in cards_text}

    def policy(_deal: MariasDeal, legal: list[Action]) -> Action:
        for a in legal:
            if a not in bad:
                return a
        return legal[0]

    return policy


def passes() -> str:
    return "1 pass\n2 pass\n0 pass"


def why(deal: MariasDeal, action: str) -> str:
    """The English sentence of the engine's refusal of ``action`` ("None" if legal)."""
    return str(deal.check(action))
