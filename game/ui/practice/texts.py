"""Words for practice mode: actions, hint reasons and rule refusals in the player's language.

The hint engine explains itself with a key (``hint.marriage``) and parameters
(``{"suit": "H", "points": 40}``); :func:`reason_text` turns that into a
sentence from ``assets/translations`` (key ``ui.hint_why_marriage``) with the
cards and suits named in the player's language and deck family.  The rules
engine refuses a move with a code and parameters (:class:`game.rules.Refusal`);
:func:`rule_reason` says it through the key ``ui.rule_<code>`` the same way.
"""

from __future__ import annotations

from typing import Any

from game.rules import Action, MariasObservation, Observation, Refusal, Verb
from game.rules.cards import CARD_STR, SUITS, marriage_points
from game.ui.i18n import card_name, rank_name, suit_name, tr, variant_name

RANK_WORDS = {"ace": "A", "ten": "T", "king": "K", "queen": "Q", "jack": "J", "nine": "9",
              "eight": "8", "seven": "7"}
CONTRACT_KEYS = {
    "suit": "contract_suit", "suit seven": "contract_suit_seven",
    "suit hundred": "contract_suit_hundred", "suit seven hundred": "contract_suit_seven_hundred",
    "betl": "contract_betl", "durch": "contract_durch", "open-betl": "contract_open_betl",
    "open-durch": "contract_open_durch",
}
COMPONENT_KEYS = {"game": "contract_game", "seven": "contract_seven",
                  "seven-against": "contract_seven_against",
                  "hundred-against": "contract_hundred_against",
                  "hundred": "contract_hundred"}
DOUBLE_KEYS = ("marias_flek", "marias_re", "marias_tutti")


def family_of(variant: str, settings: Any = None) -> str:
    """``"german"`` or ``"french"`` for the names of cards in ``variant``."""
    if settings is not None and hasattr(settings, "family_for"):
        return settings.family_for(variant)
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


def signed(value: float | None) -> str:
    """``+0.25`` / ``−1.50`` with a real minus sign; ``—`` for unknown."""
    if value is None:
        return "—"
    text = f"{value:+.2f}"
    return text.replace("-", "−")


def reason_text(key: str, params: dict[str, Any], obs: Observation | None = None,
                family: str = "french", lang: str | None = None) -> str:
    """The hint engine's reason (``hint.X`` + params) as a translated sentence."""
    name = key.split(".", 1)[1] if key.startswith("hint.") else key
    p: dict[str, Any] = {}
    for k, v in (params or {}).items():
        if k == "card" and isinstance(v, str) and len(v) == 2:
            p[k] = card_name(v, family, lang)
        elif k in ("suit", "suit_name"):
            letter = params.get("suit", v)
            p["suit"] = p["suit_name"] = suit_name(letter, family, lang) if isinstance(
                letter, str) and len(letter) == 1 else str(v)
        elif k == "rank":
            letter = RANK_WORDS.get(str(v), str(v))
            p[k] = rank_name(letter, family, lang) if letter in "ATKQJ987" else str(v)
        elif k == "contract":
            p[k] = contract_text(str(v), lang)
        elif k in ("component", "what"):
            p[k] = component_text(str(v), lang)
        elif k == "cards":
            p[k] = ", ".join(card_name(c, family, lang) for c in str(v).split())
        elif k == "value":
            p[k] = signed(float(v))
        else:
            p[k] = v
    text = tr(f"ui.hint_why_{name}", lang, **p)
    if text == f"hint_why_{name}":  # an unknown key: the engine's own English
        from game.ai.hint import format_reason

        return format_reason(key, params)
    return text


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
    p = dict(warning.params)
    if "suit" in p:
        p["suit"] = suit_name(p["suit"], family, lang)
    if "component" in p:
        p["component"] = component_text(str(p["component"]), lang)
    lines = [tr("ui." + warning.key, lang, **p)]
    if warning.lost is not None:
        lines.append(tr(in_units_of(obs, "ui.practice_warning_cost"), lang,
                        best=action_text(warning.best, obs, family, lang, capital=False),
                        lost=f"{warning.lost:.2f}".replace("-", "−")))
    return lines
