"""Parsing actions of NOTATION.md into their canonical text.

Input may be any case and spacing (``"Play  qh"``, ``"discard tc 7c"``,
``"flek game"``); output is the canonical form the engine prints.  Checking
whether an action is *legal* is the variant's job; this only checks its shape.
"""

from __future__ import annotations

from .cards import CARD_STR, card, suit_index
from .errors import NotationError

CONTRACTS = ("suit", "betl", "durch", "open-betl", "open-durch")
SUIT_CONTRACTS = ("suit", "suit seven", "suit hundred", "suit seven hundred")
DOUBLE_COMPONENTS = ("game", "seven", "seven-against", "hundred-against")
ANNOUNCEMENTS = ("seven-against", "hundred-against")
_BARE_VERBS = ("exchange", "close", "declare", "good", "pass")
_DOUBLE_ALIASES = ("flek", "re", "tutti")

#: Precomputed canonical ``play XX`` strings, indexed by card number (hot path).
PLAY: tuple[str, ...] = tuple("play " + s for s in CARD_STR)


def normalize(text: str) -> str:
    """The canonical form of one action, or :class:`NotationError` saying what is wrong."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb = words[0].lower()
    args = words[1:]
    if verb == "play" or verb == "trump":
        _arity(verb, args, 1)
        return f"{verb} {CARD_STR[card(args[0])]}"
    if verb == "marriage":
        _arity(verb, args, 1)
        return "marriage " + "CDHS"[suit_index(args[0])]
    if verb in _BARE_VERBS:
        _arity(verb, args, 0)
        return verb
    if verb == "discard":
        _arity(verb, args, 2)
        a, b = (CARD_STR[card(x)] for x in args)
        if a == b:
            raise NotationError("discard needs two different cards")
        return "discard " + " ".join(sorted((a, b)))
    if verb == "contract":
        name = " ".join(a.lower() for a in args)
        if name in SUIT_CONTRACTS or name in CONTRACTS:
            return "contract " + name
        raise NotationError(
            f"unknown contract '{name}' "
            "(suit [seven] [hundred], betl, durch, open-betl, open-durch)"
        )
    if verb == "bad":
        _arity(verb, args, 1)
        name = args[0].lower()
        if name not in CONTRACTS[1:]:
            raise NotationError(
                f"'bad' needs a higher contract: betl, durch, open-betl or open-durch, not '{name}'"
            )
        return "bad " + name
    if verb == "double" or verb in _DOUBLE_ALIASES:
        _arity(verb, args, 1)
        comp = args[0].lower()
        if comp not in DOUBLE_COMPONENTS:
            raise NotationError(
                f"cannot double '{comp}' (game, seven, seven-against, hundred-against)"
            )
        return "double " + comp
    if verb == "announce":
        _arity(verb, args, 1)
        what = args[0].lower()
        if what not in ANNOUNCEMENTS:
            raise NotationError(f"cannot announce '{what}' (seven-against, hundred-against)")
        return "announce " + what
    raise NotationError(f"unknown action '{words[0]}'")


def _arity(verb: str, args: list[str], n: int) -> None:
    if len(args) != n:
        want = {0: "nothing", 1: "one word", 2: "two cards"}[n]
        raise NotationError(f"'{verb}' takes {want} after it")
