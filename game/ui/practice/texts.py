"""Words for advice and refusals: actions, explanations and rule refusals in the player's language.

The hint, the practice warnings and the review explain themselves with
:class:`game.ai.explain.Explanation` s — message keys and typed values (a card
number, a suit, an action, a signed value); :func:`explanation_lines` says them
through :func:`game.ui.i18n.tr` with the cards and suits named by
:mod:`game.ui.i18n` in the player's language and deck family.  The rules
engine refuses a move with a code and parameters (:class:`game.rules.Refusal`);
:func:`rule_reason` says it through the key ``ui.rule_<code>`` the same way.
"""

from __future__ import annotations

from typing import Any

import game.ai.explain as ex
from game.rules import Action, MariasObservation, Observation, Refusal, Verb
from game.rules.cards import CARD_STR, RANKS, SUITS, marriage_points
from game.ui.i18n import (
    card_name,
    number,
    rank_name,
    suit_name,
    tr,
    variant_name,
)
from game.ui.player_names import seat_name

CONTRACT_KEYS = {
    "suit": "contract_suit", "suit seven": "contract_suit_seven",
    "suit hundred": "contract_suit_hundred", "suit seven hundred": "contract_suit_seven_hundred",
    "betl": "contract_betl", "durch": "contract_durch", "open-betl": "contract_open_betl",
    "open-durch": "contract_open_durch",
}
COMPONENT_KEYS = {"game": "contract_game", "seven": "contract_seven",
                  "seven-against": "contract_seven_against",
                  "hundred-against": "contract_hundred_against",
                  "hundred": "contract_hundred", "silent seven": "marias_silent_seven",
                  "silent hundred": "marias_silent_hundred"}


#: The keys of the 1st, 2nd … doubling of a component (``marias_*``): one list for the
#: table and the advice.
DOUBLE_KEYS = ("marias_flek", "marias_re", "marias_tutti", "marias_boty", "marias_kalhoty",
               "marias_kaiser")


def family_of(variant: str, settings: Any = None) -> str:
    """``"german"`` or ``"french"`` for the names of cards in ``variant``."""
    if settings is not None and hasattr(settings, "family_for"):
        return str(settings.family_for(variant))
    return "german" if variant == "marias" else "french"


def card_text(card: str, family: str = "french", lang: str | None = None) -> str:
    """A card in words, capitalised for the start of a line ("Queen of hearts")."""
    try:
        text = card_name(card, family, lang)
    except (KeyError, IndexError):
        return card
    return text[:1].upper() + text[1:]


def contract_text(name: str, lang: str | None = None) -> str:
    key = CONTRACT_KEYS.get(name)
    return tr("ui." + key, lang) if key else name


def component_text(name: str, lang: str | None = None) -> str:
    key = COMPONENT_KEYS.get(name)
    return tr("ui." + key, lang) if key else name


def action_text(action: Action, obs: Observation | None = None, family: str = "french",
                lang: str | None = None, capital: bool = True) -> str:
    """An action in words for people (``capital``: a card name starts with a capital
    letter, for a line of its own)."""
    verb = action.verb
    variant = obs.variant if obs is not None else "marriage"
    trump = obs.trump if obs is not None else None
    if verb is Verb.PLAY and action.card >= 0:
        rest = action.card_text
        if not capital:
            return card_name(rest, family, lang)
        return card_text(rest, family, lang)
    if verb is Verb.MARRIAGE:
        suit = SUITS[action.suit]
        points = marriage_points(trump == suit and variant != "marias")
        return tr("ui.practice_act_marriage", lang, suit=suit_name(suit, family, lang),
                  points=points)
    if verb is Verb.EXCHANGE:
        rank = "7" if variant == "marriage" else "9"
        return tr("ui.practice_act_exchange", lang, rank=rank_name(rank, family, lang))
    if verb is Verb.CLOSE:
        return tr("ui.practice_act_close", lang)
    if verb is Verb.DECLARE:
        return tr("ui.practice_act_declare", lang)
    if verb is Verb.TRUMP:
        if action.card < 0:  # chosen blindly, or another seat's card nobody saw
            return tr("ui.practice_act_trump_blind", lang)
        return tr("ui.practice_act_trump", lang, card=card_name(action.card_text, family, lang))
    if verb is Verb.CONTRACT:
        return tr("ui.practice_act_contract", lang, contract=contract_text(action.name, lang))
    if verb is Verb.DISCARD:
        cards = ", ".join(card_name(CARD_STR[c], family, lang) for c in action.cards)
        return tr("ui.practice_act_discard", lang, cards=cards or "??")
    if verb is Verb.GOOD:
        return tr("ui.act_good", lang)
    if verb is Verb.BAD:
        return tr("ui.practice_act_bad", lang, contract=contract_text(action.name, lang))
    if verb is Verb.DOUBLE:
        k = obs.doublings.get(action.name, 0) if isinstance(obs, MariasObservation) else 0
        name = tr("ui." + DOUBLE_KEYS[k], lang) if k < len(DOUBLE_KEYS) else tr(
            "ui.act_double", lang)
        return tr("ui.practice_act_double", lang, name=name,
                  component=component_text(action.name, lang))
    if verb is Verb.ANNOUNCE:
        return tr("ui.practice_act_announce", lang, what=component_text(action.name, lang))
    if verb is Verb.PASS:
        return tr("ui.act_pass", lang)
    return action.text


def signed(value: float | None, lang: str | None = None) -> str:
    """``+0.25`` / ``−1.50`` with a real minus sign; ``—`` for unknown."""
    if value is None:
        return "—"
    return decimal(value, lang, sign=True)


def decimal(value: float, lang: str | None = None, sign: bool = False) -> str:
    """``0.40`` / ``0,40`` (Russian and Czech write a decimal comma); ``sign``: ``+0.40`` /
    ``−0.40`` with a real minus sign."""
    return number(value if sign else abs(value), 2, signed=sign, lang=lang)


def _param_text(v: Any, obs: Observation | None, family: str, lang: str | None) -> str:
    """One typed parameter of an explanation in words (game.ai.explain's value types)."""
    if isinstance(v, ex.Card):
        return card_name(CARD_STR[v.card], family, lang)
    if isinstance(v, ex.Cards):
        names = [card_name(CARD_STR[c], family, lang) for c in v.cards]
        if len(names) == 2:
            return tr("ui.advice_two_cards", lang, a=names[0], b=names[1])
        return ", ".join(names)
    if isinstance(v, ex.Suit):
        return suit_name(SUITS[v.suit], family, lang)
    if isinstance(v, ex.Rank):
        return rank_name(RANKS[v.rank], family, lang)
    if isinstance(v, ex.Contract):
        return contract_text(v.name, lang)
    if isinstance(v, ex.Component):
        return component_text(v.name, lang)
    if isinstance(v, ex.Move):
        if v.action.verb is Verb.PLAY and v.action.card >= 0:
            return tr("ui.advice_card_move", lang,
                      card=card_name(v.action.card_text, family, lang))
        return action_text(v.action, obs, family, lang, capital=False)
    if isinstance(v, ex.Signed):
        return decimal(v.value, lang, sign=True)
    if isinstance(v, ex.Amount):
        return decimal(v.value, lang)
    if isinstance(v, ex.Seat):  # named as at the table, from the advised seat
        if obs is not None:
            return seat_name(v.seat, obs.players, obs.seat, lang=lang)
        return tr("ui.common_seat", lang, n=v.seat + 1)
    return str(v)


def sentence_text(sentence: ex.Sentence, obs: Observation | None = None,
                  family: str = "french", lang: str | None = None) -> str:
    """One sentence of an explanation, capitalised."""
    words = {k: _param_text(v, obs, family, lang) for k, v in sentence.params.items()}
    text = tr("ui." + sentence.key, lang, **words)
    return text[:1].upper() + text[1:]


def explanation_lines(why: ex.Explanation, obs: Observation | None = None,
                      family: str = "french", lang: str | None = None) -> list[str]:
    """The sentences of a hint, a warning or a review's reason in the player's language."""
    return [sentence_text(s, obs, family, lang) for s in why.sentences]


def explanation_text(why: ex.Explanation, obs: Observation | None = None,
                     family: str = "french", lang: str | None = None) -> str:
    return " ".join(explanation_lines(why, obs, family, lang))


# --- the rules engine's refusals ---------------------------------------------------------------
#: Refusal codes whose sentence depends on a word of the refusal: the key gets that word.
_KEY_BY_PARAM = {"lead_only": "verb", "wrong_phase": "phase", "takes_nothing": "verb"}
#: Refusals that say the same to a player: the key of the other.
_SAME_AS = {"seat_to_move": "not_your_turn"}
#: The doubling verbs of ``not_your_double`` (the engine's flek/re/tutti/double).
_DOUBLE_VERB_KEYS = {"flek": "marias_flek", "re": "marias_re", "tutti": "marias_tutti",
                     "double": "act_double"}


def refusal_key(refusal: Refusal) -> str:
    """The translation key of a refusal: ``ui.rule_<code>`` (``_<word>`` for a few)."""
    code = _SAME_AS.get(refusal.code, refusal.code)
    word = _KEY_BY_PARAM.get(code)
    if word is not None:
        return f"ui.rule_{code}_{str(refusal.params[word]).replace('-', '_')}"
    return "ui.rule_" + code


def rule_reason(refusal: Refusal, family: str = "french", lang: str | None = None) -> str:
    """The engine's refusal in the player's language, cards and suits named by the deck."""
    p: dict[str, Any] = {}
    for k, v in refusal.params.items():
        if k in ("suit", "trump") and isinstance(v, str) and v in SUITS:
            p[k] = suit_name(v, family, lang)
        elif k == "card" and isinstance(v, str) and len(v) == 2:
            p[k] = card_name(v, family, lang)
            p["rank"] = rank_name(v[0], family, lang)
        elif k in ("contract", "current"):
            p[k] = contract_text(str(v), lang)
        elif k in ("what", "component"):
            p[k] = component_text(str(v), lang)
        elif k == "variant":
            p[k] = variant_name(str(v), lang)
        elif k == "side":
            p[k] = tr(f"ui.rule_side_{v}", lang)
        elif k == "verb" and refusal.code == "not_your_double":
            p[k] = tr("ui." + _DOUBLE_VERB_KEYS.get(str(v), "act_double"), lang).lower()
        elif isinstance(v, list | tuple):
            p[k] = ", ".join(str(x) for x in v)
        else:
            p[k] = v
    out = tr(refusal_key(refusal), lang, **p)
    return out[:1].upper() + out[1:]


def in_units_of(obs: Observation | None, key: str) -> str:
    """``key``, or its Mariáš form: Mariáš is paid in units, not in the card points its
    tricks count, so texts about a deal's value name them."""
    return key + "_marias" if obs is not None and obs.variant == "marias" else key


def warning_lines(warning: Any, obs: Observation | None, family: str = "french",
                  lang: str | None = None) -> list[str]:
    """The sentences of a practice warning: why, then what the best move is and its cost."""
    return explanation_lines(warning.why, obs, family, lang)
