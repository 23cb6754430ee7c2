"""The English sentence of every refusal code: the one place the engine's words live.

The command line (``python -m game.rules replay``), the test messages and the logs print
these; the table renders the same codes through its translation keys instead
(``ui.rule_<code>`` in ``assets/translations``).  A template may use the parameters of
its refusal and words derived from them: ``{suit_word}`` / ``{suit_one}`` (plural /
singular name of the suit letter ``suit``), ``{trump_word}``, ``{card_words}``
("the queen of hearts"), ``{rank_word}`` and ``{card_suit_word}`` of ``card``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .words import RANK_NAMES, SUIT_NAMES, card_words


@dataclass(frozen=True)
class Refusal:
    """Why the engine refuses something: a code (``"must_follow"``) and its parameters.

    Parameter values are plain and JSON-friendly: suit letters (``"H"``), cards in the
    notation (``"QH"``), seats, variant ids, action texts.
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        """The command line's sentence (:func:`english`)."""
        return english(self)

    def __str__(self) -> str:
        return self.english()

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}



#: What forehand / the soloist / the others are expected to do in each Mariáš phase.
PHASE_EXPECTED = {
    "trump": "forehand first chooses the trump card (trump X)",
    "contract": "forehand names a contract now (contract suit / betl / durch / "
                "open-betl / open-durch)",
    "discard": "the soloist discards two cards now (discard X Y)",
    "answer": "say good, or bad with a higher contract",
    "doubling": "the doubling round is on: double, announce or pass",
    "play": "play a card (play X)",
}
#: The player-facing names of the Mariáš contracts and announcements.
CONTRACT_TITLES = {"suit": "Suit", "betl": "Betl", "durch": "Durch", "open-betl": "Open Betl",
                   "open-durch": "Open Durch"}
ANNOUNCEMENT_TITLES = {"seven": "Seven", "seven-against": "Seven against",
                       "hundred-against": "Hundred against"}
LEAD_ONLY_VERBS = {"declare": "declare", "close": "close", "exchange": "exchange",
                   "marriage": "announce a marriage"}
NOTHING_TO_DOUBLE = {"seven": "the soloist announced no Seven",
                     "seven-against": "nobody announced Seven against",
                     "hundred-against": "nobody announced Hundred against"}
ARITY_WORDS = {0: "nothing", 1: "one word", 2: "two cards"}


def _nothing_to_double(p: Mapping[str, Any]) -> str:
    why = NOTHING_TO_DOUBLE.get(p["component"], "")
    return f"there is no {p['component']} to double" + (f": {why}" if why else "")


ENGLISH: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    # --- any game -----------------------------------------------------------------------
    "deal_over": "the deal is over",
    "not_your_turn": "it is seat {to_move}'s turn, not seat {seat}'s",
    "seat_to_move": "it is seat {to_move}'s turn",
    "bad_dealer": lambda p: f"dealer must be a seat from 0 to {p['players'] - 1}",
    "not_an_action_of": "'{verb}' is not an action of {variant}",
    "hidden_action": "'{action}' hides its cards: an action names them",
    "deal_not_over": "the current deal is not over yet",
    "match_over": "the match is over",
    "nothing_to_score": "no finished deal to score",
    "nothing_to_undo": "there is no action to take back",
    # --- the trick rules (RULES.md 0 and 5) -------------------------------------------------
    "must_beat": "you must beat the trick: you hold a higher {suit_one}",
    "must_follow": "you must follow suit: you hold a {suit_one}",
    "must_overtrump": "you must over-trump: you hold a higher trump",
    "must_trump": "you must trump: you hold no {suit_word} but a trump ({trump_word})",
    "not_held": "you do not hold {card_words}",
    # --- the King-Queen games ----------------------------------------------------------------
    "not_in_deck": "there is no {rank_word} of {card_suit_word} in the 24-card deck of "
                   "{variant}",
    "after_marriage": "after announcing the marriage you must play the king or queen of "
                      "{suit_word}",
    "no_declaring": "there is no declaring in sixty-six: reaching 66 wins at once",
    "lead_only": lambda p: f"only the player on lead may {LEAD_ONLY_VERBS[p['verb']]}",
    "already_closed": "the stock is already closed",
    "nothing_to_close": "the stock is exhausted: there is nothing to close",
    "close_after_marriage": "you cannot close after announcing a marriage",
    "stock_closed": "the stock is closed",
    "stock_too_small": "the stock is too small to exchange",
    "no_first_exchange": "no exchange on the first lead of the deal",
    "no_exchange_card": "you do not hold the {rank_word} of trumps",
    "exchange_first": "exchange first: before closing or announcing a marriage",
    "one_marriage": "only one marriage per lead",
    "no_marriage_closing": "no marriage in the turn you close: play a card",
    "no_first_marriage": "no marriage on the first lead of the deal",
    "no_marriage_exhausted": "no marriages once the stock is exhausted",
    "marriage_announced": "the marriage in {suit_word} has already been announced",
    "no_pair": "you hold no king and queen of {suit_word}",
    "marriage_needs": "the {rank_word} of {card_suit_word} is needed for the marriage",
    "no_stock": "there is no stock in sixty-six for three: no '{verb}'",
    # --- Mariáš -----------------------------------------------------------------------------
    "wrong_phase": lambda p: f"'{p['action']}' is not possible now: "
                             f"{PHASE_EXPECTED[p['phase']]}",
    "trump_not_in_hand": "the trump card must be one of your 12 cards",
    "seven_needs_seven": "Seven needs the trump seven in your hand",
    "contract_unavailable": "'{action}' is not a contract you can name now",
    "keep_trump_card": "the trump card is kept aside in a Suit contract: discard two other "
                       "cards",
    "no_ace_ten_discard": "you may not discard an ace or a ten in a Suit contract",
    "keep_seven": lambda p: "the trump seven must stay in hand: you announced "
                            f"{ANNOUNCEMENT_TITLES[p['what']]}",
    "discard_unavailable": "'{action}' is not a discard you can make",
    "card_unavailable": "that card cannot be played now",
    "takes_nothing": "'{verb}' takes nothing after it",
    "not_higher": lambda p: f"{CONTRACT_TITLES[p['contract']]} is not higher than "
                            f"{CONTRACT_TITLES[p['current']]}: name a higher contract",
    "suit_only": lambda p: f"{ANNOUNCEMENT_TITLES[p['what']]} exists only in a Suit contract",
    "defenders_only": lambda p: f"only a defender can announce {ANNOUNCEMENT_TITLES[p['what']]}",
    "seven_against_announced": "Seven against has been announced already",
    "seven_against_needs_seven": "Seven against needs the trump seven in your hand",
    "no_hundred_against": "the soloist announced Hundred: there is no Hundred against",
    "hundred_against_announced": "Hundred against has been announced already",
    "game_replaced": "the game has been replaced by Hundred against",
    "nothing_to_double": _nothing_to_double,
    "doubled_enough": "the {component} has been doubled {times} times already",
    "not_your_double": "only the {side} may {verb} the {component} now",
    # --- the notation -------------------------------------------------------------------------
    "empty_action": "empty action",
    "not_a_card": "'{text}' is not a card (rank A T K Q J 9 8 7, suit C D H S)",
    "not_a_suit": "'{text}' is not a suit (C D H S)",
    "discard_twice": "discard needs two different cards",
    "unknown_contract": "unknown contract '{name}' (suit [seven] [hundred], betl, durch, "
                        "open-betl, open-durch)",
    "bad_needs_higher": "'bad' needs a higher contract: betl, durch, open-betl or open-durch, "
                        "not '{name}'",
    "cannot_double": "cannot double '{what}' (game, seven, seven-against, hundred-against)",
    "cannot_announce": "cannot announce '{what}' (seven-against, hundred-against)",
    "unknown_action": "unknown action '{word}'",
    "arity": lambda p: f"'{p['verb']}' takes {ARITY_WORDS[p['count']]} after it",
    "unknown_variant": lambda p: f"unknown variant '{p['variant']}' "
                                 f"(one of {', '.join(p['known'])})",
    "unknown_option": lambda p: f"unknown option '{p['option']}' for {p['variant']} "
                                f"(known: {', '.join(p['known'])})",
    "option_choice": lambda p: f"option {p['option']} must be one of {', '.join(p['choices'])}",
    "option_bool": "option {option} must be true or false, not '{value}'",
    "option_number": "option {option} must be a whole number, not '{value}'",
    "option_minimum": "option {option} must be at least 1",
    "option_syntax": "option '{text}' must be written name=value",
    "bad_deck": "the deck of {variant} must hold each of its {size} cards exactly once",
    # --- a deal record (the message says it all) ----------------------------------------------
    "record": "{message}",
}


def _derived(params: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(params)
    if isinstance(params.get("suit"), str) and params["suit"] in SUIT_NAMES:
        out["suit_word"] = SUIT_NAMES[params["suit"]]
        out["suit_one"] = out["suit_word"][:-1]
    if isinstance(params.get("trump"), str) and params["trump"] in SUIT_NAMES:
        out["trump_word"] = SUIT_NAMES[params["trump"]]
    if isinstance(params.get("card"), str) and len(params["card"]) == 2:
        out["card_words"] = card_words(params["card"])
        out["rank_word"] = RANK_NAMES[params["card"][0]]
        out["card_suit_word"] = SUIT_NAMES[params["card"][1]]
    return out


def english(refusal: Refusal) -> str:
    """The English sentence of ``refusal`` (every code has one: a test checks it)."""
    template = ENGLISH[refusal.code]
    if callable(template):
        return template(refusal.params)
    return template.format(**_derived(refusal.params))
