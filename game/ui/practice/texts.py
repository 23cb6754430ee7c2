"""Words for practice mode: actions, hint reasons and rule refusals in the player's language.

The hint engine explains itself with a key (``hint.marriage``) and parameters
(``{"suit": "H", "points": 40}``); :func:`reason_text` turns that into a
sentence from ``assets/translations`` (key ``ui.hint_why_marriage``) with the
cards and suits named in the player's language and deck family.  The rules
engine refuses a move with an English sentence; :func:`rule_reason` recognises
the sentences it knows and translates them, and leaves any other one as it is.
"""

from __future__ import annotations

import re
from typing import Any

from game.rules.cards import marriage_points
from game.ui.i18n import card_name, rank_name, suit_name, tr

SUIT_WORDS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S",
              "club": "C", "diamond": "D", "heart": "H", "spade": "S"}
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


def action_text(action: str, obs: dict[str, Any] | None = None, family: str = "french",
                lang: str | None = None, capital: bool = True) -> str:
    """A canonical action (NOTATION.md) in words for people (``capital``: a card name
    starts with a capital letter, for a line of its own)."""
    obs = obs or {}
    verb, _, rest = action.partition(" ")
    if verb == "play" and rest:
        if not capital:
            try:
                return card_name(rest, family, lang)
            except (KeyError, IndexError):
                return rest
        return card_text(rest, family, lang)
    if verb == "marriage" and rest:
        points = marriage_points(obs.get("trump") == rest and obs.get("variant") != "marias")
        return tr("ui.practice_act_marriage", lang, suit=suit_name(rest, family, lang),
                  points=points)
    if verb == "exchange":
        rank = "7" if obs.get("variant", "marriage") == "marriage" else "9"
        return tr("ui.practice_act_exchange", lang, rank=rank_name(rank, family, lang))
    if verb == "close":
        return tr("ui.practice_act_close", lang)
    if verb == "declare":
        return tr("ui.practice_act_declare", lang)
    if verb == "trump":
        if rest in ("blind", "??") or not rest:
            return tr("ui.practice_act_trump_blind", lang)
        return tr("ui.practice_act_trump", lang, card=card_name(rest, family, lang))
    if verb == "contract":
        return tr("ui.practice_act_contract", lang, contract=contract_text(rest, lang))
    if verb == "discard":
        cards = ", ".join(card_name(c, family, lang) for c in rest.split() if c != "??")
        return tr("ui.practice_act_discard", lang, cards=cards or "??")
    if verb == "good":
        return tr("ui.act_good", lang)
    if verb == "bad":
        return tr("ui.practice_act_bad", lang, contract=contract_text(rest, lang))
    if verb == "double":
        k = int((obs.get("doublings") or {}).get(rest, 0) or 0)
        name = tr("ui." + DOUBLE_KEYS[k], lang) if k < len(DOUBLE_KEYS) else tr(
            "ui.act_double", lang)
        return tr("ui.practice_act_double", lang, name=name, component=component_text(rest, lang))
    if verb == "announce":
        return tr("ui.practice_act_announce", lang, what=component_text(rest, lang))
    if verb == "pass":
        return tr("ui.act_pass", lang)
    return action


def signed(value: float | None) -> str:
    """``+0.25`` / ``−1.50`` with a real minus sign; ``—`` for unknown."""
    if value is None:
        return "—"
    text = f"{value:+.2f}"
    return text.replace("-", "−")


def reason_text(key: str, params: dict[str, Any], obs: dict[str, Any] | None = None,
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
_CARD = r"the (ace|ten|king|queen|jack|nine|eight|seven) of (clubs|diamonds|hearts|spades)"
_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"you must beat the trick: you hold a higher (\w+)$"), "rule_must_beat"),
    (re.compile(r"you must follow suit: you hold a (\w+)$"), "rule_must_follow"),
    (re.compile(r"you must over-trump: you hold a higher trump$"), "rule_must_overtrump"),
    (re.compile(r"you must trump: you hold no (\w+) but a trump \((\w+)\)$"), "rule_must_trump"),
    (re.compile(r"after announcing the marriage you must play the king or queen of (\w+)$"),
     "rule_after_marriage"),
    (re.compile(r"the trump seven must stay in hand: you announced (Seven against|Seven)$"),
     "rule_keep_seven"),
    (re.compile(r"you may not discard an ace or a ten in a Suit contract$"),
     "rule_no_ace_ten_discard"),
    (re.compile(r"the trump card is kept aside in a Suit contract: discard two other cards$"),
     "rule_keep_trump_card"),
    (re.compile(r"you do not hold " + _CARD + "$"), "rule_not_held"),
    (re.compile(r"no exchange on the first lead of the deal$"), "rule_no_first_exchange"),
    (re.compile(r"no marriage on the first lead of the deal$"), "rule_no_first_marriage"),
    (re.compile(r"the stock is closed$"), "rule_stock_closed"),
    (re.compile(r"only one marriage per lead$"), "rule_one_marriage"),
    (re.compile(r"the deal is over$"), "rule_deal_over"),
    (re.compile(r"it is seat (\d+)'s turn.*$"), "rule_not_your_turn"),
]


def rule_reason(text: str, family: str = "french", lang: str | None = None) -> str:
    """The engine's English refusal in the player's language (unknown ones unchanged)."""
    raw = (text or "").strip()
    for pattern, key in _RULES:
        m = pattern.match(raw)
        if not m:
            continue
        groups = m.groups()
        params: dict[str, Any] = {}
        if key in ("rule_must_beat", "rule_must_follow", "rule_after_marriage"):
            params["suit"] = suit_name(SUIT_WORDS[groups[0]], family, lang)
        elif key == "rule_must_trump":
            params["suit"] = suit_name(SUIT_WORDS[groups[0]], family, lang)
            params["trump"] = suit_name(SUIT_WORDS[groups[1]], family, lang)
        elif key == "rule_not_held":
            params["card"] = card_name(RANK_WORDS[groups[0]] + SUIT_WORDS[groups[1]], family,
                                       lang)
        elif key == "rule_keep_seven":
            params["what"] = component_text(
                "seven-against" if groups[0] == "Seven against" else "seven", lang)
        elif key == "rule_not_your_turn":
            params["n"] = groups[0]
        out = tr("ui." + key, lang, **params)
        return out[:1].upper() + out[1:]
    return raw[:1].upper() + raw[1:]


def in_units_of(obs: dict[str, Any] | None, key: str) -> str:
    """``key``, or its Mariáš form: Mariáš is paid in units, not in the card points its
    tricks count, so texts about a deal's value name them."""
    return key + "_marias" if (obs or {}).get("variant") == "marias" else key


def warning_lines(warning: Any, obs: dict[str, Any] | None, family: str = "french",
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
