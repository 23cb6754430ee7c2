"""A finished deal's result as a card player says it, in the player's language.

One renderer for the score sheet, the table's deal-over panel, the review, the replay
viewer and the match result.  It reads the engine's typed result (``deal.result()``,
:mod:`game.rules.results`) — who declared or closed, the totals the scale was read
from, every Mariáš component's base, hearts factor and doublings — and builds each
sentence from the ``ui.res_*`` message keys, with cards and suits named by the deck in
use.  Nothing here parses English or knows a rule: the numbers are the engine's, and
the sentence shows the arithmetic that produced them, so it always matches the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.rules.results import (
    Band,
    Component,
    DealResult,
    Ending,
    KingQueenResult,
    MariasEnding,
    MariasResult,
    Opponent,
    When,
)
from game.ui.i18n import card_name, suit_name, tr

#: The doubling words by the number of doublings (flek ×2, re ×4, tutti ×8).
DOUBLE_KEYS = {1: "ui.marias_flek", 2: "ui.marias_re", 3: "ui.marias_tutti"}
#: Each component's name, as the score sheet says it.
COMPONENT_KEYS = {
    "game": "ui.contract_game", "hundred": "ui.contract_hundred",
    "silent hundred": "ui.contract_silent_hundred",
    "hundred-against": "ui.contract_hundred_against", "seven": "ui.contract_seven",
    "seven-against": "ui.contract_seven_against", "silent seven": "ui.contract_silent_seven",
    "betl": "ui.contract_betl", "durch": "ui.contract_durch",
    "open-betl": "ui.contract_open_betl", "open-durch": "ui.contract_open_durch",
}
CONTRACT_KEYS = {
    "suit": "ui.contract_suit", "suit seven": "ui.contract_suit_seven",
    "suit hundred": "ui.contract_suit_hundred",
    "suit seven hundred": "ui.contract_suit_seven_hundred",
    "betl": "ui.contract_betl", "durch": "ui.contract_durch",
    "open-betl": "ui.contract_open_betl", "open-durch": "ui.contract_open_durch",
}
MINUS = "\u2212"
#: Stands for the player's "You" while a sentence is put together (a private-use sign).
_YOU = "\ue000"
#: How each band of the scale of game points is said.
BAND_KEYS = {Band.AT_LEAST_33: "res_pos_33", Band.UNDER_33_TRICK: "res_pos_under_trick",
             Band.NO_TRICK: "res_pos_no_trick", Band.UNDER_33: "res_pos_under",
             Band.NO_POINT: "res_pos_nothing"}


def signed(value: int) -> str:
    """+2, −4, 0: a deal's points as the score sheet shows them (a true minus sign)."""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def result_sentences(result: DealResult, names: Sequence[str], family: str = "french",
                     lang: str | None = None) -> list[str]:
    """The result in sentences: what happened, why the points are what they are, and
    the deal's points per player."""
    speaker = _Speaker(names, family, lang)
    if isinstance(result, MariasResult):
        return speaker.marias(result)
    return speaker.king_queen(result)


def result_text(result: DealResult, names: Sequence[str], family: str = "french",
                lang: str | None = None) -> str:
    """:func:`result_sentences` as one paragraph."""
    return " ".join(result_sentences(result, names, family, lang))


class Finished(Protocol):
    """A deal of any game, asked for its result (None while it is on)."""

    def result(self) -> DealResult | None: ...


def describe(deal: Finished, names: Sequence[str], lang: str | None = None,
             family: str = "french", sep: str = " ") -> str:
    """A finished deal's result (``deal.result()``) in words, its sentences joined by
    ``sep`` ("\n": one a line); "" while the deal is on."""
    result = deal.result()
    return "" if result is None else sep.join(result_sentences(result, names, family, lang))


class _Speaker:
    def __init__(self, names: Sequence[str], family: str, lang: str | None):
        self.names = list(names)
        self.family = family
        self.lang = lang

    # --- words ------------------------------------------------------------------------
    def t(self, key: str, **params: object) -> str:
        """A sentence of ``key``; the player's "You" is written small inside the running
        words ("but you declared 66 first"), capital where it heads a sentence or an
        item of a list ("Deal: You +2, North 0")."""
        you = tr("ui.common_you", self.lang)
        marked = {k: (_YOU if v == you else v) for k, v in params.items()}
        text = tr("ui." + key, self.lang, **marked)
        if _YOU not in text:
            return text
        parts = text.split(_YOU)
        out = parts[0]
        for part in parts[1:]:
            before = out.rstrip()
            prose = bool(before) and before[-1].isalpha()
            out += (you[:1].lower() + you[1:] if prose else you) + part
        return out

    def name(self, seat: int | None) -> str:
        if seat is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return self.t("common_seat", n=(seat or 0) + 1)

    def card(self, card: str) -> str:
        return card_name(card, self.family, self.lang)

    def suit(self, suit: str) -> str:
        return suit_name(suit, self.family, self.lang)

    def scores(self, score: Sequence[int]) -> str:
        """"Deal: North +2, You 0" — every player's points of this deal."""
        each = ", ".join(self.t("res_player_points", name=self.name(s), points=signed(v))
                         for s, v in enumerate(score))
        return self.t("res_deal_points", scores=each)

    # --- Marriage, Sixty-six, Sixty-six for three ---------------------------------------
    def king_queen(self, r: KingQueenResult) -> list[str]:
        out = [self._kq_head(r)]
        why = self._kq_why(r)
        if why:
            out.append(why[:1].upper() + why[1:])
        out.append(self.scores(r.score))
        return out

    def _kq_head(self, r: KingQueenResult) -> str:
        e, who, total = r.ending, self.name(r.actor), r.actor_total
        sixty_six = r.variant != "marriage"
        if e is Ending.DECLARED:
            return self.t("res_declared", name=who, total=total)
        if e is Ending.CLOSER_DECLARED:
            return self.t("res_closer_declared", name=who, total=total)
        if e is Ending.FALSE_DECLARATION:
            if r.closer is not None and r.closer != r.actor:
                return self.t("res_false_declaration_closed", name=who, total=total,
                              closer=self.name(r.closer))
            return self.t("res_false_declaration", name=who, total=total)
        if e is Ending.CLOSER_FALSE_DECLARATION:
            return self.t("res_closer_false_declaration", name=who, total=total)
        if e is Ending.DECLARED_BEFORE_CLOSER:
            return self.t("res_declared_before_closer", name=who, total=total,
                          closer=self.name(r.closer))
        if e is Ending.LAST_TRICK_66:
            return self.t("res_last_trick_66", name=who, total=total)
        if e is Ending.CLOSER_LAST_TRICK:
            return self.t("res_closer_last_trick", name=who, total=total)
        if e is Ending.CLOSER_FAILED:
            return self.t("res_closer_failed_66" if sixty_six else "res_closer_failed",
                          name=who, total=total)
        if e is Ending.HIGHER_TOTAL:
            o = r.opponents[0]
            return self.t("res_higher_total", name=who, total=total,
                          other=self.name(o.seat), other_total=o.total)
        if e is Ending.REACHED_66:
            when = r.when or When.TRICK
            if r.closer is not None and r.closer == r.actor:
                return self.t("res_closer_reached_" + when.value, name=who, total=total)
            key = "res_reached_" + when.value
            if when is When.LAST_TRICK and not r.last_trick_bonus:
                key += "_nobonus"
            head = self.t(key, name=who, total=total)
            if r.closer is not None:
                head += " " + self.t("res_closed_by", name=self.name(r.closer))
            return head
        # nobody scores
        totals = ", ".join(self.t("res_player_total", name=self.name(s), total=t)
                           for s, t in enumerate(r.totals))
        return self.t("res_no_score" if r.variant == "marriage" else "res_no_score_66",
                      totals=totals)

    def _kq_why(self, r: KingQueenResult) -> str:
        """Why the winner scores this many: the scale read from the opponent's position
        (at closing), a closed deal's 3, a false declaration's 2."""
        e = r.ending
        if e is Ending.NO_SCORE:
            return ""
        if e is Ending.FALSE_DECLARATION:
            return self.t("res_why_false")
        if e in (Ending.CLOSER_FAILED, Ending.CLOSER_FALSE_DECLARATION,
                 Ending.DECLARED_BEFORE_CLOSER):
            if r.variant != "marriage":
                return self.t("res_why_closed_three")
            o = r.opponents[0]
            return self.t("res_why_closer_failed_trick" if o.trick
                          else "res_why_closer_failed_no_trick", name=self.name(o.seat),
                          points=o.points)
        if e is Ending.REACHED_66 and r.closer is not None:
            return self.t("res_why_closed_three")
        if r.three_hand_scoring == "each":  # the scale against each opponent, summed
            clause = "; ".join(self.t("res_pos_each", clause=self._position(o),
                                      points=o.points) for o in r.opponents)
            points = " + ".join(str(o.points) for o in r.opponents) + f" = {r.points}"
            return self.t("res_why", clause=clause, points=points)
        if r.three_hand_scoring is not None:  # against the stronger opponent (the engine's)
            clause = self.t("res_stronger", clause=self._position(r.opponents[0]))
            return self.t("res_why", clause=clause, points=r.points)
        clause = self._position(r.opponents[0])
        if r.at_closing:
            clause = self.t("res_at_closing", clause=clause)
        return self.t("res_why", clause=clause, points=r.points)

    def _position(self, o: Opponent) -> str:
        """"North had 25 — under 33 — and a trick": where the engine placed the opponent
        on the scale of 1.10 / 2.9 (its ``band``)."""
        return self.t(BAND_KEYS[o.band], name=self.name(o.seat), total=o.total,
                      points=o.points)

    # --- Mariáš -------------------------------------------------------------------------
    def marias(self, r: MariasResult) -> list[str]:
        sol = self.name(r.soloist)
        contract = self.t(CONTRACT_KEYS[r.contract][3:])
        if r.trump is not None:
            out = [self.t("res_m_played_trumps", name=sol, contract=contract,
                          suit=self.suit(r.trump))]
        else:
            out = [self.t("res_m_played", name=sol, contract=contract)]
        if r.seven_against_seat is not None:
            out.append(self.t("res_m_announced", name=self.name(r.seven_against_seat),
                              what=self.t("contract_seven_against")))
        if r.hundred_against_seat is not None:
            out.append(self.t("res_m_announced", name=self.name(r.hundred_against_seat),
                              what=self.t("contract_hundred_against")))
        out.extend(self._m_ending(r))
        for comp in r.components:
            out.append(self._m_arithmetic(r, comp, void=bool(r.reneges)))
        if r.reneges:
            for rg in r.reneges:
                out.append(self.t("res_m_renege", name=self.name(rg.seat), trick=rg.trick,
                                  card=self.card(rg.card)))
            offenders = sorted({rg.seat for rg in r.reneges})
            out.append(self.t("res_m_renege_pays", names=", ".join(self.name(s)
                                                                    for s in offenders),
                              stake=r.renege_stake))
        out.append(self.scores(r.score))
        return out

    def _m_ending(self, r: MariasResult) -> list[str]:
        sol = self.name(r.soloist)
        e = r.ending
        name = r.contract
        # the no-trump contract's own name (a Suit contract's parts are named below)
        what = self.t(COMPONENT_KEYS[name][3:]) if name in COMPONENT_KEYS else ""
        if e is MariasEnding.CONCEDED:
            return [self.t("res_m_conceded")]
        if e is MariasEnding.SEVEN_FLEK_SHORTCUT:
            return [self.t("res_m_seven_flek")]
        if e is MariasEnding.LOST_IN_TRICK:
            key = "res_m_betl_lost" if name == "betl" else "res_m_durch_lost"
            return [self.t(key, name=sol, trick=r.trick)]
        if e is MariasEnding.WON:
            return [self.t("res_m_betl_won" if name == "betl" else "res_m_durch_won",
                           name=sol)]
        if e is MariasEnding.OPEN_FIRST_TRICK:
            key = "res_m_open_betl_first" if name == "open-betl" else "res_m_open_durch_first"
            return [self.t(key, name=sol, contract=what)]
        if e is MariasEnding.OPEN_COUNTEREXAMPLE:
            key = ("res_m_open_betl_card" if name == "open-betl" else "res_m_open_durch_card")
            return [self.t(key, contract=what, card=self.card(r.card or ""))]
        if e is MariasEnding.OPEN_WON:
            return [self.t("res_m_open_betl_won" if name == "open-betl"
                           else "res_m_open_durch_won", contract=what)]
        # a Suit contract played out
        out = []
        (sc, dc), (sm, dm) = r.cards, r.marriages
        for comp in r.components:
            if comp.name == "game":
                key = "res_m_game_won" if comp.won else (
                    "res_m_game_tie" if sc + sm == dc + dm else "res_m_game_lost")
                out.append(self.t(key, name=sol, cards=sc, marriages=sm, dcards=dc,
                                  dmarriages=dm))
            elif "hundred" in comp.name:
                side = sol if comp.owner == "soloist" else self.t("res_m_defenders")
                cards = sc if comp.owner == "soloist" else dc
                count, total = comp.count or 0, comp.total or 0
                if comp.won:
                    key = "res_m_silent_hundred" if comp.name == "silent hundred" \
                        else "res_m_hundred_won"
                    out.append(self.t(key, what=self.t(COMPONENT_KEYS[comp.name][3:]),
                                      side=side, cards=cards, marriages=total - cards,
                                      total=total))
                    out.append(self.t("res_m_base_silent" if comp.name == "silent hundred"
                                      else "res_m_base_won", base=comp.base))
                else:
                    out.append(self.t("res_m_hundred_lost",
                                      what=self.t(COMPONENT_KEYS[comp.name][3:]), side=side,
                                      cards=cards, largest=count - cards, count=count))
                    out.append(self.t("res_m_base_lost", base=comp.base))
            elif "seven" in comp.name:
                out.append(self._m_seven(r, comp))
        return out

    def _m_seven(self, r: MariasResult, comp: Component) -> str:
        what = self.t(COMPONENT_KEYS[comp.name][3:])
        card = self.card(r.seven_card) if r.seven_card else self.card(f"7{r.trump}")
        if comp.name == "silent seven":
            who = self.name(r.seven_seat)
            return self.t("res_m_silent_seven_won" if comp.won else "res_m_silent_seven_lost",
                          what=what, name=who, card=card)
        who = self.name(r.soloist if comp.name == "seven" else r.seven_against_seat)
        if comp.won:
            return self.t("res_m_seven_won", what=what, name=who, card=card)
        if r.seven_seat is not None and r.seven_seat == (r.soloist if comp.name == "seven"
                                                         else r.seven_against_seat):
            return self.t("res_m_seven_beaten", what=what, name=who, card=card)
        return self.t("res_m_seven_lost", what=what, name=who, card=card)

    def _m_arithmetic(self, r: MariasResult, comp: Component, void: bool = False) -> str:
        """"Game: 1 × 2 for hearts × 2 (flek) = 4 — West +8, North −4, East −4"."""
        parts = [str(comp.base)]
        if comp.hearts > 1:
            parts.append(self.t("res_m_times_hearts", suit=self.suit("H")))
        if comp.doublings:
            key = DOUBLE_KEYS.get(comp.doublings)
            word = self.t(key[3:]).lower() if key else ""
            parts.append(self.t("res_m_times_double", n=comp.multiplier, word=word)
                         if word else f"× {comp.multiplier}")
        formula = " ".join(parts)
        what = self.t(COMPONENT_KEYS[comp.name][3:])
        if void:
            return self.t("res_m_line_void", what=what, value=comp.value)
        sign = 1 if comp.for_soloist else -1
        pay = ", ".join(
            self.t("res_player_points", name=self.name(s),
                   points=signed(sign * (2 * comp.value if s == r.soloist else -comp.value)))
            for s in range(len(r.score)))
        key = "res_m_line" if parts[1:] else "res_m_line_plain"
        return self.t(key, what=what, formula=formula, value=comp.value, pay=pay)


__all__ = ["describe", "result_sentences", "result_text", "signed"]
