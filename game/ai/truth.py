"""What each reason claims about the position, as a predicate: a reason is said only if true.

:mod:`game.ai.explain` builds its sentences from the position; this module states, per
message key, what the sentence asserts — the card carries points *in this game*, the
card is the highest of its suit still out, the trick is worth so many points, a marriage
is scored — in terms of the seat's own observation and the rules' card tables, apart from
the code that chose the sentence.  The tests hold every sentence said over thousands of
random positions of every game to its predicate.

``holds(obs, action, sentence)`` is True, False, or None for a key that makes no claim a
position can refute (the search's own numbers, a rule of thumb's advice).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from random import Random

from game.rules.actions import Action, Verb
from game.rules.cards import card, marriage_points, rank_points
from game.rules.observation import MariasObservation, Observation
from game.rules.variants import random_deck

from .explain import Card, Sentence, Suit, strict_play
from .sampler import knowledge
from .view import View, view_of

KING, QUEEN = 2, 3


def points(obs: Observation, c: int) -> int:
    """The card points of ``c`` in this game (Mariáš: only aces and tens count)."""
    return rank_points(obs.variant)[c & 7]


def _no_trump(v: View) -> bool:
    return v.contract is not None and not v.contract.startswith("suit")


def out(obs: Observation, v: View) -> int:
    """Cards still out as the seat knows it: not in its hand, not played, not laid away by
    it (a Mariáš talon)."""
    gone = v.hand | v.played | sum(1 << c for _, c in v.trick)
    if isinstance(obs, MariasObservation) and obs.talon:
        gone |= sum(1 << card(c) for c in obs.talon)
    return ~gone & _deck(obs.variant)


@cache
def _deck(variant: str) -> int:
    """The cards of the variant's deck (Sixty-six: no sevens and eights)."""
    return sum(1 << c for c in random_deck(variant, Random(0)))


def higher_out(obs: Observation, v: View, c: int) -> bool:
    """Is a higher card of ``c``'s suit still out?"""
    suit = c >> 3
    for x in range(suit * 8, suit * 8 + 8):
        if out(obs, v) >> x & 1 and v.order[x & 7] > v.order[c & 7]:
            return True
    return False


def _table(obs: Observation, v: View) -> int:
    return sum(points(obs, x) for _, x in v.trick)


def _card(s: Sentence, name: str = "card") -> int:
    p = s.params.get(name)
    assert isinstance(p, Card), (s.key, name)
    return p.card


def _suit(s: Sentence) -> int:
    p = s.params.get("suit")
    assert isinstance(p, Suit), s.key
    return p.suit


def _partner_wins(obs: Observation, v: View) -> bool:
    w = v.trick_winner()
    return w is not None and w != v.seat and v.side(w) == v.side(v.seat)


def _winners(v: View) -> list[int]:
    return [a.card for a in v.legal if a.verb is Verb.PLAY and v.beats_table(a.card)]


def _may_trump(obs: Observation, v: View) -> bool:
    """May a player against this seat still hold a trump (by what its plays proved)?"""
    if v.trump is None:
        return False
    k = knowledge(obs)
    trumps = 0xFF << (v.trump * 8)
    return any((((k.unseen() & ~k.forbid[s]) | k.known[s]) & trumps & out(obs, v))
               for s in range(obs.players) if v.side(s) != v.side(v.seat))


def trumps_out(obs: Observation, v: View) -> int:
    """Trumps still out: neither in this hand nor played nor laid away by this seat."""
    return bin(out(obs, v) & (0xFF << (v.trump * 8))).count("1") if v.trump is not None \
        else 0


def marriage_scored(obs: Observation, action: Action) -> int:
    """Mariáš: the marriage points playing ``action`` scores (its Queen with the King in
    hand, in a Suit game; RULES 4.x), else 0."""
    if not isinstance(obs, MariasObservation) or action.verb is not Verb.PLAY:
        return 0
    v = view_of(obs)
    c = action.card
    if v.trump is None or _no_trump(v) or c & 7 != QUEEN or not v.hand >> (c - 1) & 1:
        return 0
    return marriage_points(c >> 3 == v.trump)


Check = Callable[[Observation, View, Action, Sentence], bool]


def _smear(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    return _partner_wins(o, v) and points(o, _card(s)) > 0


def _lead_master(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    # "only a trump can beat it": a plain suit's top card, with trumps still out
    return (not v.trick and not higher_out(o, v, c) and v.trump is not None
            and c >> 3 != v.trump and _may_trump(o, v))


def _lead_sure(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    if v.trick or higher_out(o, v, c):
        return False
    # "nobody can trump it": a trump, no trumps at all, or none left with the others
    return v.trump is None or c >> 3 == v.trump or not _may_trump(o, v)


def _draw_trumps(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    n = s.params.get("count")
    return not v.trick and v.trump == c >> 3 and n == trumps_out(o, v) > 0


def _force_trump(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    return not v.trick and strict_play(o) and v.trump is not None and c >> 3 != v.trump


def _lead_zero(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    return not v.trick and points(o, _card(s)) == 0


def _lead_cheap(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    return _lead_zero(o, v, a, s) and c >> 3 != v.trump


def _take(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    return bool(v.trick) and v.beats_table(c) and s.params.get("points") == \
        _table(o, v) + points(o, c)


def _take_cheapest(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    return _take(o, v, a, s) and all(points(o, w) >= points(o, c) for w in _winners(v))


def _trump_in(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    return _take(o, v, a, s) and c >> 3 == v.trump and v.trick[0][1] >> 3 != v.trump


def _take_66(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    total, pts = s.params.get("total"), s.params.get("points")
    return (_take(o, v, a, s) and isinstance(total, int) and isinstance(pts, int)
            and total == o.points[o.seat] + pts and total >= 66)


def _duck_cannot(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    table = 0 if _no_trump(v) else _table(o, v)
    return bool(v.trick) and not _winners(v) and s.params.get("points") == table


def _duck_keep_trump(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    ws = _winners(v)
    return (bool(v.trick) and not v.beats_table(c) and bool(ws) and v.trump is not None
            and all(w >> 3 == v.trump for w in ws) and s.params.get("points") == _table(o, v))


def _duck_search(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    return (bool(v.trick) and not v.beats_table(c) and bool(_winners(v))
            and s.params.get("points") == _table(o, v))


def _marriage(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    suit = _suit(s)
    held = v.hand >> (suit * 8 + KING) & 1 and v.hand >> (suit * 8 + QUEEN) & 1
    return bool(held) and s.params.get("points") == marriage_points(suit == v.trump)


def _play_marriage(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    pts = marriage_scored(o, a)
    return pts > 0 and s.params.get("points") == pts and _card(s) == a.card \
        and _suit(s) == a.card >> 3


def _gives_trick(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    best = _card(s)
    pts = _table(o, v)
    return (bool(v.trick) and a.verb is Verb.PLAY and not v.beats_table(a.card)
            and v.beats_table(best) and s.params.get("points") == pts > 0)


def _wastes_trump(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    return (bool(v.trick) and a.verb is Verb.PLAY and a.card >> 3 == v.trump
            and s.params.get("points") == _table(o, v))


def _breaks_marriage(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    suit = _suit(s)
    c = a.card
    return (a.verb is Verb.PLAY and c >> 3 == suit and c & 7 in (KING, QUEEN)
            and _marriage(o, v, a, s))


def _dear_winner(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    best = _card(s)
    return (bool(v.trick) and v.beats_table(a.card) and v.beats_table(best)
            and points(o, a.card) > points(o, best))


def _exposes_high(o: Observation, v: View, a: Action, s: Sentence) -> bool:
    c = _card(s)
    beaten = higher_out(o, v, c) or (v.trump is not None and c >> 3 != v.trump
                                     and _may_trump(o, v))
    return not v.trick and not _no_trump(v) and points(o, c) >= 10 and beaten


#: The keys whose claim a position can refute, and the predicate of each.
PREDICATES: dict[str, Check] = {
    "hint_smear": _smear,
    "hint_lead_master": _lead_master,
    "hint_lead_sure": _lead_sure,
    "hint_lead_draw_trumps": _draw_trumps,
    "hint_lead_force_trump": _force_trump,
    "hint_lead_cheap": _lead_cheap,
    "hint_lead_low": _lead_zero,
    "hint_take_trick": _take,
    "hint_take_cheapest": _take_cheapest,
    "hint_trump_in": _trump_in,
    "hint_take_66": _take_66,
    "hint_duck_cannot": _duck_cannot,
    "hint_duck_keep_trump": _duck_keep_trump,
    "hint_duck_search": _duck_search,
    "hint_marriage": _marriage,
    "hint_play_marriage": _play_marriage,
    "warn_gives_trick": _gives_trick,
    "warn_wastes_trump": _wastes_trump,
    "warn_breaks_marriage": _breaks_marriage,
    "warn_dear_winner": _dear_winner,
    "warn_exposes_high": _exposes_high,
}


def holds(obs: Observation, action: Action, sentence: Sentence) -> bool | None:
    """Is ``sentence``, said about ``action`` in ``obs``, true?  None: no predicate."""
    check = PREDICATES.get(sentence.key)
    if check is None:
        return None
    return check(obs, view_of(obs), action, sentence)

