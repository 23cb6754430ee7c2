"""Actions of NOTATION.md as one value type, :class:`Action`, parsed once.

``Action.parse("Play  qh")`` reads any case and spacing; ``str(action)`` is the
canonical notation (``"play QH"``).  The fields say what the action is without
re-splitting its text: ``action.verb is Verb.PLAY``, ``action.card`` (a card number),
``action.cards`` (a discard's two cards), ``action.suit`` (a marriage),
``action.name`` (a contract, a doubled component, an announcement).

Every action there can be is made once, when this module is imported, and shared
(the python-chess way of keeping moves cheap): parsing returns the one instance of its
text, so two equal actions are the same object, equality and hashing are identity
(fast in the searches' dictionaries), and the engine's hot paths pass precomputed
tuples such as :data:`PLAY` around instead of building strings.  Pickling re-parses,
so an action that crosses a process boundary is the shared instance again.

Besides the notation's actions two forms exist for observations and decisions:

* hidden cards, ``trump ??`` and ``discard ?? ??``: another seat's action as this seat
  saw it (observation histories); the engine never applies them;
* ``trump blind`` (:data:`TRUMP_BLIND`): Mariáš forehand's choice of the trump card
  among the five cards it has not seen.  Which card that is, is chance: the engine
  resolves it from the random source it is given (:meth:`game.rules.base.Deal.apply`)
  and records the card (``trump QH``), so records keep the notation.

Checking whether an action is *legal* is the variant's job; this only checks its shape.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NoReturn, final

from .cards import CARD_STR, SUITS, card, suit_index
from .errors import NotationError


class Verb(StrEnum):
    """The first word of an action."""

    PLAY = "play"
    TRUMP = "trump"
    MARRIAGE = "marriage"
    EXCHANGE = "exchange"
    CLOSE = "close"
    DECLARE = "declare"
    CONTRACT = "contract"
    DISCARD = "discard"
    GOOD = "good"
    BAD = "bad"
    DOUBLE = "double"
    ANNOUNCE = "announce"
    PASS = "pass"


CONTRACTS = ("suit", "betl", "durch", "open-betl", "open-durch")
SUIT_CONTRACTS = ("suit", "suit seven", "suit hundred", "suit seven hundred")
DOUBLE_COMPONENTS = ("game", "seven", "seven-against", "hundred-against")
ANNOUNCEMENTS = ("seven-against", "hundred-against")
#: The verbs of the card itself: a card play, and Mariáš forehand's trump card.
CARD_VERBS = (Verb.PLAY, Verb.TRUMP)
_BARE_VERBS = ("exchange", "close", "declare", "good", "pass")
_DOUBLE_ALIASES = ("flek", "re", "tutti")
HIDDEN = "??"


@final
class Action:
    """One action (see the module docstring).  Never constructed by hand: :meth:`parse`.

    ``card``: the card of ``play``/``trump`` (-1 for none, a hidden card or ``blind``);
    ``cards``: the cards the action names (one for a play or a trump card, a discard's
    two in notation order, none else); ``suit``: a marriage's suit (-1 else); ``name``:
    the contract, the answer's contract, the doubled component or the announcement
    (``""`` else); ``hidden``: another seat's hidden card(s) (``??``); ``blind``: the
    blind trump card, resolved by chance.
    """

    __slots__ = ("verb", "card", "cards", "suit", "name", "text", "hidden", "blind")

    verb: Verb
    card: int
    cards: tuple[int, ...]
    suit: int
    name: str
    text: str
    hidden: bool
    blind: bool

    def __init__(self) -> None:
        raise TypeError("actions are parsed, not built: Action.parse(text)")

    @staticmethod
    def parse(text: str) -> Action:
        """The action of ``text`` (any case and spacing) or :class:`NotationError`."""
        hit = _INTERNED.get(text)
        if hit is not None:
            return hit
        return _INTERNED[_canonical(text)]

    # --- value behaviour ------------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError("an Action is immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("an Action is immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __lt__(self, other: Action) -> bool:
        return self.text < other.text

    def __le__(self, other: Action) -> bool:
        return self.text <= other.text

    def __gt__(self, other: Action) -> bool:
        return self.text > other.text

    def __ge__(self, other: Action) -> bool:
        return self.text >= other.text

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Action.parse, (self.text,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    @property
    def is_play(self) -> bool:
        return self.verb is Verb.PLAY

    @property
    def card_text(self) -> str:
        """The named card in the notation (``"QH"``; ``"??"`` hidden; ``""`` none)."""
        if self.card >= 0:
            return CARD_STR[self.card]
        return HIDDEN if self.hidden else ""


_INTERNED: dict[str, Action] = {}


def _make(verb: Verb, text: str, card: int = -1, cards: tuple[int, ...] = (), suit: int = -1,
          name: str = "", hidden: bool = False, blind: bool = False) -> Action:
    a: Action = object.__new__(Action)
    for slot, value in (("verb", verb), ("card", card), ("cards", cards), ("suit", suit),
                        ("name", name), ("text", text), ("hidden", hidden), ("blind", blind)):
        object.__setattr__(a, slot, value)
    _INTERNED[text] = a
    return a


#: ``PLAY[card]``: the action ``play XX`` of each card (the hot path of the engine).
PLAY: tuple[Action, ...] = tuple(_make(Verb.PLAY, "play " + s, c, (c,))
                                 for c, s in enumerate(CARD_STR))
#: ``TRUMP[card]``: Mariáš forehand's ``trump XX``.
TRUMP: tuple[Action, ...] = tuple(_make(Verb.TRUMP, "trump " + s, c, (c,))
                                  for c, s in enumerate(CARD_STR))
#: ``MARRIAGE[suit]``: ``marriage C`` ... ``marriage S``.
MARRIAGE: tuple[Action, ...] = tuple(_make(Verb.MARRIAGE, "marriage " + s, suit=i)
                                     for i, s in enumerate(SUITS))
EXCHANGE = _make(Verb.EXCHANGE, "exchange")
CLOSE = _make(Verb.CLOSE, "close")
DECLARE = _make(Verb.DECLARE, "declare")
GOOD = _make(Verb.GOOD, "good")
PASS = _make(Verb.PASS, "pass")
CONTRACT: dict[str, Action] = {n: _make(Verb.CONTRACT, "contract " + n, name=n)
                               for n in (*SUIT_CONTRACTS, *CONTRACTS[1:])}
BAD: dict[str, Action] = {n: _make(Verb.BAD, "bad " + n, name=n) for n in CONTRACTS[1:]}
DOUBLE: dict[str, Action] = {n: _make(Verb.DOUBLE, "double " + n, name=n)
                             for n in DOUBLE_COMPONENTS}
ANNOUNCE: dict[str, Action] = {n: _make(Verb.ANNOUNCE, "announce " + n, name=n)
                               for n in ANNOUNCEMENTS}
#: ``DISCARD[(a, b)]`` for two different cards in either order.
DISCARD: dict[tuple[int, int], Action] = {}
for _a in range(32):
    for _b in range(_a + 1, 32):
        _x, _y = sorted((CARD_STR[_a], CARD_STR[_b]))
        _d = _make(Verb.DISCARD, f"discard {_x} {_y}", cards=(CARD_STR.index(_x),
                                                             CARD_STR.index(_y)))
        DISCARD[(_a, _b)] = DISCARD[(_b, _a)] = _d
#: Another seat's hidden trump card / discard, as an observation shows it.
TRUMP_HIDDEN = _make(Verb.TRUMP, "trump ??", hidden=True)
DISCARD_HIDDEN = _make(Verb.DISCARD, "discard ?? ??", hidden=True)
#: Mariáš forehand chooses the trump card blindly: resolved by chance (module docstring).
TRUMP_BLIND = _make(Verb.TRUMP, "trump blind", blind=True)


# --- sorted ``play`` lists straight from a mask (the hot path of legal_actions) --------------
# NOTATION.md sorts actions by plain code points: "play 7C" < "play 8C" < ... < "play TS", i.e.
# rank character first.  A mask is transposed into that order with four byte lookups, then the
# sorted strings come from three precomputed 11-bit chunks.
_SORTED_CARDS = sorted(range(32), key=CARD_STR.__getitem__)
_SORT_POS = [0] * 32
for _p, _c in enumerate(_SORTED_CARDS):
    _SORT_POS[_c] = _p
_TRANSPOSE = tuple(
    tuple(
        sum(1 << _SORT_POS[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256)
    )
    for s in range(4)
)
_T0, _T1, _T2, _T3 = _TRANSPOSE
_CHUNKS = tuple(
    tuple(
        tuple(PLAY[_SORTED_CARDS[base + i]] for i in range(11) if idx >> i & 1 and base + i < 32)
        for idx in range(2048)
    )
    for base in (0, 11, 22)
)
_L0, _L1, _L2 = _CHUNKS


def play_actions(mask: int) -> list[Action]:
    """``play XX`` for the cards of ``mask``, in NOTATION.md (``sorted``) order: the hot
    path of every engine's ``legal_actions``."""
    t = _T0[mask & 255] | _T1[(mask >> 8) & 255] | _T2[(mask >> 16) & 255] | _T3[mask >> 24]
    return [*_L0[t & 2047], *_L1[(t >> 11) & 2047], *_L2[t >> 22]]


def discard(a: int, b: int) -> Action:
    """The discard of two different cards."""
    return DISCARD[(a, b)]


def _canonical(text: str) -> str:
    """The canonical text of one action, or :class:`NotationError` saying what is wrong."""
    words = text.split()
    if not words:
        raise NotationError("empty_action")
    verb = words[0].lower()
    args = words[1:]
    if verb == "play" or verb == "trump":
        _arity(verb, args, 1)
        if verb == "trump" and args[0].lower() in ("blind", HIDDEN):
            return "trump " + args[0].lower()
        return f"{verb} {CARD_STR[card(args[0])]}"
    if verb == "marriage":
        _arity(verb, args, 1)
        return "marriage " + SUITS[suit_index(args[0])]
    if verb in _BARE_VERBS:
        _arity(verb, args, 0)
        return verb
    if verb == "discard":
        _arity(verb, args, 2)
        if args == [HIDDEN, HIDDEN]:
            return "discard ?? ??"
        a, b = (CARD_STR[card(x)] for x in args)
        if a == b:
            raise NotationError("discard_twice")
        return "discard " + " ".join(sorted((a, b)))
    if verb == "contract":
        name = " ".join(a.lower() for a in args)
        if name in SUIT_CONTRACTS or name in CONTRACTS:
            return "contract " + name
        raise NotationError("unknown_contract", name=name)
    if verb == "bad":
        _arity(verb, args, 1)
        name = args[0].lower()
        if name not in CONTRACTS[1:]:
            raise NotationError("bad_needs_higher", name=name)
        return "bad " + name
    if verb == "double" or verb in _DOUBLE_ALIASES:
        _arity(verb, args, 1)
        comp = args[0].lower()
        if comp not in DOUBLE_COMPONENTS:
            raise NotationError("cannot_double", what=comp)
        return "double " + comp
    if verb == "announce":
        _arity(verb, args, 1)
        what = args[0].lower()
        if what not in ANNOUNCEMENTS:
            raise NotationError("cannot_announce", what=what)
        return "announce " + what
    raise NotationError("unknown_action", word=words[0])


def _arity(verb: str, args: list[str], n: int) -> None:
    if len(args) != n:
        raise NotationError("arity", verb=verb, count=n)
