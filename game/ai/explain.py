"""Why a move is good or weak, as typed explanations: the one source of advice words.

The hint, the practice warning and the after-deal review all explain themselves
through this module.  An :class:`Explanation` is a few :class:`Sentence` s, each a
message key of ``assets/translations`` (``hint_lead_master``, ``warn_gives_trick``,
``why_margin`` …) and its parameters as *values*, never words: a card is a
:class:`Card` (the card number), a suit a :class:`Suit`, an action a :class:`Move`,
a number of the search's values a :class:`Signed` or :class:`Amount`.  The UI says
them through its one i18n route (``game.ui.practice.texts.explanation_text``), in
the player's language and with the deck's names; nothing here is English.

Every hint carries a reason (the tests check it): the position's own reason when
one is found — it draws trumps, it is the highest card still out, it brings the
player to 66, the others cannot follow — and always, where the search compared
the moves, the margin in the player's units ("about 0.40 points better on
average than the next best move, …"), which is the honest reason when the search
knows no shorter one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.actions import Action, Verb
from game.rules.cards import SUIT_MASK, SUITS, card, marriage_points, suit_index
from game.rules.observation import KingQueenObservation, MariasObservation, Observation

from .marias_hand import best_no_trump
from .sampler import Knowledge, knowledge
from .view import View, view_of


# --- typed parameters ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """A card by its number (``cards.py``: suit * 8 + rank)."""

    card: int


@dataclass(frozen=True)
class Cards:
    """Several cards (a discard), in the order to name them."""

    cards: tuple[int, ...]


@dataclass(frozen=True)
class Suit:
    """A suit by its index (0..3: C D H S)."""

    suit: int


@dataclass(frozen=True)
class Rank:
    """A rank by its index (0..7: A T K Q J 9 8 7)."""

    rank: int


@dataclass(frozen=True)
class Seat:
    """A player by seat number (the UI names the player)."""

    seat: int


@dataclass(frozen=True)
class Contract:
    """A Mariáš contract by its notation name (``suit seven``, ``betl`` …)."""

    name: str


@dataclass(frozen=True)
class Component:
    """A doubled/announced Mariáš component (``game``, ``seven``, ``hundred-against`` …)."""

    name: str


@dataclass(frozen=True)
class Move:
    """An action, said in words by the UI (``the ten of hearts``, ``Close the stock``)."""

    action: Action


@dataclass(frozen=True)
class Signed:
    """A value of the search with its sign (``+0.40``): this deal's points or units."""

    value: float


@dataclass(frozen=True)
class Amount:
    """A non-negative value of the search (``0.40``), e.g. a difference."""

    value: float


Param = Card | Cards | Suit | Rank | Seat | Contract | Component | Move | Signed | Amount | int


@dataclass(frozen=True)
class Sentence:
    """One sentence: a translation key (without ``ui.``) and its typed parameters."""

    key: str
    params: dict[str, Param] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params.items(), key=lambda kv: kv[0]))))

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Sentence:
        return cls(str(d["key"]), {k: _param_from_json(v) for k, v in d["params"].items()})


@dataclass(frozen=True)
class Explanation:
    """What to say about a move: its sentences, the first one the main reason."""

    sentences: tuple[Sentence, ...]

    @property
    def key(self) -> str:
        return self.sentences[0].key

    @property
    def params(self) -> dict[str, Param]:
        return self.sentences[0].params

    def keys(self) -> list[str]:
        return [s.key for s in self.sentences]

    def plus(self, *more: Sentence | None) -> Explanation:
        return Explanation(self.sentences + tuple(m for m in more if m is not None))

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.sentences]

    @classmethod
    def from_json(cls, data: list[dict[str, Any]]) -> Explanation:
        return cls(tuple(Sentence.from_json(d) for d in data))


def say(key: str, **params: Param) -> Explanation:
    """An explanation of one sentence."""
    return Explanation((Sentence(key, params),))


def _param_json(v: Param) -> Any:
    from game.rules.cards import CARD_STR

    if isinstance(v, Card):
        return {"card": CARD_STR[v.card]}
    if isinstance(v, Cards):
        return {"cards": [CARD_STR[c] for c in v.cards]}
    if isinstance(v, Suit):
        return {"suit": SUITS[v.suit]}
    if isinstance(v, Rank):
        return {"rank": "ATKQJ987"[v.rank]}
    if isinstance(v, Seat):
        return {"seat": v.seat}
    if isinstance(v, Contract):
        return {"contract": v.name}
    if isinstance(v, Component):
        return {"component": v.name}
    if isinstance(v, Move):
        return {"action": v.action.text}
    if isinstance(v, Signed):
        return {"signed": v.value}
    if isinstance(v, Amount):
        return {"amount": v.value}
    return v


def _param_from_json(v: Any) -> Param:
    if not isinstance(v, dict):
        return int(v)
    ((tag, x),) = v.items()
    if tag == "card":
        return Card(card(x))
    if tag == "cards":
        return Cards(tuple(card(c) for c in x))
    if tag == "suit":
        return Suit(suit_index(x))
    if tag == "rank":
        return Rank("ATKQJ987".index(x))
    if tag == "seat":
        return Seat(int(x))
    if tag == "contract":
        return Contract(str(x))
    if tag == "component":
        return Component(str(x))
    if tag == "action":
        return Move(Action.parse(x))
    if tag == "signed":
        return Signed(float(x))
    if tag == "amount":
        return Amount(float(x))
    raise ValueError(f"unknown explanation parameter {tag!r}")


# --- the position, as far as the seat knows it ---------------------------------------------
def strict_play(obs: Observation) -> bool:
    """Must the others follow suit (and beat) now?  Mariáš and Sixty-six for three always;
    the two-player games once the stock is closed or gone (RULES 1.9, 2.7, 3.3, 4.10)."""
    if isinstance(obs, MariasObservation) or obs.players == 3:
        return True
    return bool(obs.closed or not obs.stock_size)


def _others(obs: Observation, v: View) -> list[int]:
    """The seats against this one (Mariáš: the other side)."""
    return [s for s in range(obs.players) if v.side(s) != v.side(obs.seat)]


def _may_hold(k: Knowledge, seat: int) -> int:
    """Cards ``seat`` may still hold, as far as the observing seat knows."""
    return (k.unseen() & ~k.forbid[seat]) | k.known[seat]


def _void(k: Knowledge, seat: int, suit: int) -> bool:
    return not (_may_hold(k, seat) & SUIT_MASK[suit])


def _trumps_out(obs: Observation, v: View, k: Knowledge, trump: int) -> int:
    """Trumps still out: neither in this hand nor played (a card known in another hand, or
    lying in the stock, is out too), nor laid away by this seat (a Mariáš talon)."""
    gone = v.hand | v.played | sum(1 << x for _, x in v.trick)
    if isinstance(obs, MariasObservation) and obs.talon:
        gone |= sum(1 << card(x) for x in obs.talon)
    return (SUIT_MASK[trump] & k.full & ~gone).bit_count()


def _marriage_scored(obs: Observation, v: View, c: int) -> int:
    """Mariáš: the points playing ``c`` scores as a marriage (the Queen with its King still
    in hand, in a Suit game), else 0."""
    if not isinstance(obs, MariasObservation) or v.trump is None or c & 7 != 3 \
            or not v.hand >> (c - 1) & 1:
        return 0
    return marriage_points(c >> 3 == v.trump)


def _points_after_trick(obs: Observation, v: View, c: int) -> int:
    """The seat's (side's) points once it takes the trick with ``c`` as it stands."""
    return obs.points[obs.seat] + sum(v.value(x) for _, x in v.trick) + v.value(c)


# --- the hint's reason ---------------------------------------------------------------------------
def explain_hint(obs: Observation, action: Action, values: dict[Action, float | None],
                 exact: bool, odds: dict[Action, float] | None = None) -> Explanation:
    """Why ``action`` is the recommended move: the position's reason, then the margin."""
    if odds:
        why = _doubling(obs, action, values, odds)
        if why is not None:
            return why
    main = _main_reason(obs, action, values, exact)
    more = margin(obs, action, values, exact)
    if more is None and main.key in RESTATING:
        # no comparison to show: the search's own number is the reason
        value = values.get(action)
        if value is not None:
            return say("hint_best_value", value=Signed(round(value, 2)))
    return main.plus(more)


def margin(obs: Observation, action: Action, values: dict[Action, float | None],
           exact: bool = False) -> Sentence | None:
    """How much better than the next best move the search found ``action`` (None: no
    comparison was made).  Units: the deal's points (King-Queen games) or Mariáš units."""
    mine = values.get(action)
    rest = [(v, a) for a, v in values.items() if a is not action and v is not None]
    if mine is None or not rest:
        return None
    second, other = max(rest, key=lambda t: (t[0], t[1].text))
    gap = mine - second
    units = "_marias" if obs.variant == "marias" else ""
    if exact:
        return Sentence("advice_margin_exact" + units, {"gap": Amount(round(max(gap, 0.0), 2)),
                                                     "other": Move(other)})
    if gap < 0.05:
        return Sentence("advice_margin_close" + units, {"other": Move(other)})
    return Sentence("advice_margin" + units, {"gap": Amount(round(gap, 2)), "other": Move(other)})


def _main_reason(obs: Observation, action: Action, values: dict[Action, float | None],
                 exact: bool) -> Explanation:
    verb = action.verb
    value = values.get(action)
    if exact and value is not None and verb is Verb.PLAY:
        return say("hint_exact", card=Card(action.card), value=Signed(round(value, 2)))
    if verb is Verb.MARRIAGE:
        pts = marriage_points(SUITS[action.suit] == obs.trump)
        total = obs.points[obs.seat] + pts
        if obs.variant != "marias" and total >= 66:
            return say("hint_marriage_66", suit=Suit(action.suit), points=pts, total=total)
        return say("hint_marriage", suit=Suit(action.suit), points=pts)
    if verb is Verb.EXCHANGE:
        ind = card(obs.indicator) if obs.indicator else None
        rank = 7 if obs.variant == "marriage" else 5
        if ind is None:
            return say("hint_exchange_plain", rank=Rank(rank))
        return say("hint_exchange", rank=Rank(rank), card=Card(ind))
    if verb is Verb.CLOSE:
        return say("hint_close", points=obs.points[obs.seat])
    if verb is Verb.DECLARE:
        return say("hint_declare", points=obs.points[obs.seat])
    if verb is Verb.TRUMP:
        if action.blind:
            return say("hint_trump_blind")
        c = action.card
        n = sum(1 for x in obs.hand if x[1] == SUITS[c >> 3])
        return say("hint_trump_card", card=Card(c), suit=Suit(c >> 3), count=n)
    if verb is Verb.CONTRACT:

        hand = sum(1 << card(c) for c in obs.hand)
        if best_no_trump(hand, 0, [action.name]) == action.name:
            return say("hint_contract_safe", contract=Contract(action.name))
        if value is not None:
            return say("hint_contract_value", contract=Contract(action.name),
                       value=Signed(round(value, 2)))
        return say("hint_contract_best", contract=Contract(action.name))
    if verb is Verb.DISCARD:
        return _discard(obs, action)
    if verb is Verb.GOOD:
        return say("hint_good")
    if verb is Verb.BAD:
        return say("hint_bad", contract=Contract(action.name))
    if verb is Verb.DOUBLE:
        return say("hint_double", component=Component(action.name))
    if verb is Verb.ANNOUNCE:
        return _announce(obs, action)
    if verb is Verb.PASS:
        return say("hint_pass")
    if verb is Verb.PLAY:
        return _card_play(obs, action)
    return say("hint_best_value", value=Signed(round(value or 0.0, 2)))


def _discard(obs: Observation, action: Action) -> Explanation:
    cards = Cards(tuple(action.cards))
    rest = [card(c) for c in obs.hand if card(c) not in action.cards]
    trump = suit_index(obs.trump) if obs.trump else None
    for c in action.cards:
        s = c >> 3
        if s != trump and not any(x >> 3 == s for x in rest):
            return say("hint_discard_void", cards=cards, suit=Suit(s))
    return say("hint_discard_weak", cards=cards)


def _announce(obs: Observation, action: Action) -> Explanation:
    trump = suit_index(obs.trump) if obs.trump else 0
    n = sum(1 for x in obs.hand if obs.trump and x[1] == obs.trump)
    if action.name == "seven-against":
        return say("hint_announce_seven_against", suit=Suit(trump), count=n)
    if action.name == "hundred-against":
        high = sum(1 for x in obs.hand if x[0] in "AT")
        return say("hint_announce_hundred_against", suit=Suit(trump), count=high)
    return say("hint_announce", component=Component(action.name))


def _card_play(obs: Observation, action: Action) -> Explanation:

    v = view_of(obs)
    c = action.card
    suit = c >> 3
    strict = strict_play(obs)
    kq = isinstance(obs, KingQueenObservation)
    if v.contract is not None and not v.contract.startswith("suit"):
        return _no_trump_play(obs, v, c)
    married = _marriage_scored(obs, v, c)
    if married:  # the marriage is the reason, whatever else the card does
        return say("hint_play_marriage", card=Card(c), keep=Card(c - 1), suit=Suit(suit),
                   points=married)
    if not v.trick:
        pairs = [a.suit for a in obs.legal if a.verb is Verb.MARRIAGE]
        if pairs:
            trump_i = suit_index(obs.trump) if obs.trump else None
            s = trump_i if trump_i in pairs else pairs[0]
            return say("hint_marriage_later", card=Card(c), suit=Suit(s),
                       points=marriage_points(s == trump_i))
        k = knowledge(obs)
        others = _others(obs, v)
        trump = v.trump
        out = _trumps_out(obs, v, k, trump) if trump is not None else 0
        if trump is not None and suit == trump and strict and out and any(
                not _void(k, s, trump) for s in others):
            return say("hint_lead_draw_trumps", card=Card(c), count=out)
        if v.is_master(c) and trump is not None and suit == trump:
            # the highest trump still out wins the trick, whether the others must follow
            return say("hint_lead_sure", card=Card(c), suit=Suit(suit))
        if v.is_master(c) and strict:
            if trump is None or suit == trump or all(_void(k, s, trump) for s in others):
                return say("hint_lead_sure", card=Card(c), suit=Suit(suit))
            return say("hint_lead_master", card=Card(c), suit=Suit(suit))
        if strict and trump is not None and suit != trump and all(
                _void(k, s, suit) for s in others) and any(not _void(k, s, trump)
                                                           for s in others):
            return say("hint_lead_force_trump", card=Card(c), suit=Suit(suit))
        if v.value(c) == 0 and kq and not strict and suit != trump:
            return say("hint_lead_cheap", card=Card(c))
        if v.value(c) == 0:
            return say("hint_lead_low", card=Card(c))
        if v.is_master(c):
            if trump is None or all(_void(k, s, trump) for s in others):
                return say("hint_lead_sure", card=Card(c), suit=Suit(suit))
            return say("hint_lead_master", card=Card(c), suit=Suit(suit))
        return say("hint_lead", card=Card(c))
    winner = v.trick_winner()
    if winner is not None and v.side(winner) == v.side(v.seat) and winner != v.seat:
        if v.value(c) > 0:  # Mariáš: only an ace or a ten adds points
            return say("hint_smear", card=Card(c))
        return say("hint_partner_keep", card=Card(c))
    table = sum(v.value(x) for _, x in v.trick)
    if v.beats_table(c):
        pts = table + v.value(c)
        if kq:
            total = _points_after_trick(obs, v, c)
            if total >= 66 > obs.points[obs.seat]:
                return say("hint_take_66", card=Card(c), points=pts, total=total)
        winners = [a.card for a in obs.legal if a.verb is Verb.PLAY and v.beats_table(a.card)]
        led = v.trick[0][1] >> 3
        if v.trump is not None and suit == v.trump and led != v.trump:
            return say("hint_trump_in", card=Card(c), points=pts)
        if len(winners) > 1 and all(v.value(w) >= v.value(c) for w in winners):
            return say("hint_take_cheapest", card=Card(c), points=pts)
        return say("hint_take_trick", card=Card(c), points=pts)
    winners = [a.card for a in obs.legal if a.verb is Verb.PLAY and v.beats_table(a.card)]
    if not winners:
        return say("hint_duck_cannot", card=Card(c), points=table)
    led = v.trick[0][1] >> 3
    if v.trump is not None and led != v.trump and all(w >> 3 == v.trump for w in winners):
        # only a trump would win it: the trick is not worth one
        return say("hint_duck_keep_trump", card=Card(c), points=table)
    # it could be won in its suit: no short reason is known, the search's margin says it
    return say("hint_duck_search", card=Card(c), points=table)


def _no_trump_play(obs: Observation, v: View, c: int) -> Explanation:
    """Betl and Durch: card points count for nothing, only who takes a trick."""
    assert v.contract is not None
    betl = "betl" in v.contract
    solo = obs.seat == v.soloist
    if not v.trick:
        if not betl and v.is_master(c):
            return say("hint_lead_sure", card=Card(c), suit=Suit(c >> 3))
        return say("hint_lead", card=Card(c))
    if betl and solo and not v.beats_table(c):
        return say("hint_betl_under", card=Card(c))
    if not betl and solo and v.beats_table(c):
        return say("hint_durch_take", card=Card(c))
    if not any(a.verb is Verb.PLAY and v.beats_table(a.card) for a in obs.legal):
        return say("hint_duck_cannot", card=Card(c), points=0)
    return say("hint_play", card=Card(c))


def _doubling(obs: Observation, action: Action, values: dict[Action, float | None],
              odds: dict[Action, float]) -> Explanation | None:
    """Double or pass in the odds the simulation saw: how often the double paid.

    A double can be right at under half (it wins big and loses small) and wrong at over
    half, so the reason says both: the share, and which way the balance went."""
    if action.verb is Verb.DOUBLE and action in odds:
        return say("hint_double_odds", component=Component(action.name),
                   share=round(100 * odds[action]))
    doubles = [a for a in odds if values.get(a) is not None]
    if action.verb is Verb.PASS and doubles:
        best = max(doubles, key=lambda a: values[a])  # type: ignore[arg-type,return-value]
        return say("hint_pass_odds", component=Component(best.name),
                   share=round(100 * odds[best]))
    return None


# --- why a move is weak (the practice warning, the review) -------------------------------------
#: How much worse than the best move (hint values) a move must be to be called clearly
#: weaker — and questioned by a practice warning.  King-Queen games: half a point of a deal
#: worth 1-3; Mariáš: half of what a plain Suit game swings (+2 / -1 a defender).
THRESHOLDS: dict[str, float] = {"marriage": 0.5, "sixty-six": 0.5, "sixty-six-3": 0.5,
                                "marias": 1.5}


def threshold_for(variant: str) -> float:
    return THRESHOLDS.get(variant, 0.5)


def explain_weak(obs: Observation, action: Action, best: Action, hint_why: Explanation,
                 lost: float | None, judged: bool = True) -> Explanation:
    """Why ``action`` is worse than ``best`` (the hint's move, explained by ``hint_why``):
    the most telling reason, then what the best move is and what this one costs.
    ``judged`` False: a move the hint gives no value on purpose (``hint.not_judged``)."""
    if lost is None:
        if not judged:
            return say("advice_not_judged", best=Move(best)).plus(hint_why.sentences[0])
        # the search never reached this move: no number, no claim that it is weaker
        return say("advice_untried", best=Move(best)).plus(hint_why.sentences[0])
    why = _doubling_weak(action, hint_why) or _why_weak(obs, action, best)
    if why.key == "warn_costs" and lost < threshold_for(obs.variant):
        why = say("warn_costs_little")  # not "clearly weaker" for a few hundredths
    units = "_marias" if obs.variant == "marias" else ""
    cost = None if lost is None else Sentence("advice_cost" + units, {
        "best": Move(best), "lost": Amount(round(lost, 2))})
    # no telling reason of its own: the best move's reason says what this one misses
    generic = why.key in ("warn_costs", "warn_costs_little")
    best_why = hint_why.sentences[0] if generic and hint_why.key != "hint_only_action" \
        else None
    return why.plus(cost, best_why)


def false_declaration(obs: Observation) -> Explanation:
    """Marriage: a declaration below 66 loses the deal (the search never considers one)."""
    return say("warn_false_declaration", points=obs.points[obs.seat])


def _doubling_weak(action: Action, hint_why: Explanation) -> Explanation | None:
    params = hint_why.params
    share = params.get("share")
    comp = params.get("component")
    if not isinstance(share, int) or not isinstance(comp, Component):
        return None
    if hint_why.key == "hint_double_odds" and action.verb is Verb.PASS:
        return say("warn_skip_double", component=comp, share=share)
    if hint_why.key == "hint_pass_odds" and action.verb is Verb.DOUBLE \
            and action.name == comp.name:
        return say("warn_bad_double", share=share)
    return None


def _announced(obs: Observation, suit: str) -> bool:
    return any(m.suit == suit and m.seat == obs.seat for m in obs.marriages)


def _why_weak(obs: Observation, action: Action, best: Action) -> Explanation:
    variant = obs.variant
    verb, bverb = action.verb, best.verb
    hand = set(obs.hand)
    if bverb is Verb.DECLARE:
        return say("warn_skip_declare", points=obs.points[obs.seat])
    if bverb is Verb.MARRIAGE and verb is not Verb.MARRIAGE:
        return say("warn_skip_marriage", suit=Suit(best.suit),
                   points=marriage_points(SUITS[best.suit] == obs.trump))
    if verb is Verb.MARRIAGE and bverb is Verb.PLAY and variant == "sixty-six-3":
        # strict rules from the first trick: the led king or queen must be beaten if it can
        return say("warn_marriage_early", suit=Suit(action.suit))
    if verb is Verb.CLOSE:
        return say("warn_risky_close", points=obs.points[obs.seat])
    if verb is Verb.PLAY:
        c = action.card
        rank, suit = "ATKQJ987"[c & 7], SUITS[c >> 3]
        if rank in "KQ" and {"K" + suit, "Q" + suit} <= hand and not _announced(obs, suit):
            # King-Queen games: a marriage is shown on lead; Mariáš: by the Q with the K in hand
            if variant != "marias" or (rank == "K" and obs.trump):
                return say("warn_breaks_marriage", suit=Suit(c >> 3),
                           points=marriage_points(obs.trump == suit))
        if obs.trick and bverb is Verb.PLAY:
            from .view import view_of

            v = view_of(obs)
            pts = sum(v.value(x) for _, x in v.trick)
            if v.beats_table(best.card) and not v.beats_table(c) and pts:
                return say("warn_gives_trick", points=pts, card=Card(best.card))
            if obs.trump and suit == obs.trump and SUITS[best.card >> 3] != obs.trump \
                    and pts <= 4:
                return say("warn_wastes_trump", points=pts)
            if v.beats_table(c) and v.beats_table(best.card) \
                    and v.value(c) > v.value(best.card):
                return say("warn_dear_winner", card=Card(best.card))
        if not obs.trick and bverb is Verb.PLAY:
            from .view import view_of

            v = view_of(obs)
            no_trump = v.contract is not None and not v.contract.startswith("suit")
            if v.value(c) >= 10 and v.value(best.card) < v.value(c) and not v.is_master(c) \
                    and not no_trump:  # in Betl and Durch card points count for nothing
                return say("warn_exposes_high", card=Card(c))
    return say("warn_costs")


#: Main sentences that alone would come close to restating the move: a hint with one of
#: them always has a second sentence (the search's margin), or says the value instead.
RESTATING: frozenset[str] = frozenset({"hint_lead", "hint_duck_search", "hint_play"})

#: Every key this module can produce (the tests check each exists in en, ru and cs).
KEYS: tuple[str, ...] = (
    "hint_exact", "hint_marriage", "hint_marriage_66", "hint_exchange", "hint_exchange_plain",
    "hint_close", "hint_declare", "hint_declare_after_marriage", "hint_trump_blind",
    "hint_trump_card", "hint_contract_safe", "hint_contract_value", "hint_contract_best",
    "hint_discard_void", "hint_discard_weak", "hint_good", "hint_bad", "hint_double",
    "hint_announce", "hint_announce_seven_against", "hint_announce_hundred_against",
    "hint_pass", "hint_best_value", "hint_only_action", "hint_marriage_later",
    "hint_lead_draw_trumps", "hint_lead_sure", "hint_lead_master",
    "hint_lead_force_trump", "hint_lead_cheap", "hint_lead_low", "hint_lead", "hint_smear",
    "hint_partner_keep", "hint_play_marriage",
    "hint_take_66", "hint_trump_in", "hint_take_cheapest", "hint_take_trick",
    "hint_duck_cannot", "hint_duck_keep_trump", "hint_duck_search", "hint_betl_under",
    "hint_durch_take", "hint_play", "hint_double_odds", "hint_pass_odds",
    "advice_margin", "advice_margin_marias", "advice_margin_close", "advice_margin_close_marias",
    "advice_margin_exact", "advice_margin_exact_marias", "advice_cost", "advice_cost_marias",
    "advice_untried", "advice_not_judged",
    "warn_false_declaration", "warn_skip_double", "warn_bad_double", "warn_skip_declare",
    "warn_skip_marriage", "warn_marriage_early", "warn_risky_close",
    "warn_breaks_marriage", "warn_gives_trick", "warn_wastes_trump", "warn_dear_winner",
    "warn_exposes_high", "warn_costs", "warn_costs_little",
)
