"""Practice mode's coach: hints, warnings (threshold), tips, undo, translated rule reasons."""

from __future__ import annotations

import random
from dataclasses import replace

from observations import observation

import game.ai.explain as ex
from game.ai.explain import THRESHOLDS
from game.ai.hint import Hint, hint
from game.rules import Action, Match, Refusal, new_deal, random_deck, replay_text, write_deal
from game.rules.cards import card
from game.ui.practice.coach import (
    HintService,
    TipBook,
    assess,
    tips_for,
)
from game.ui.practice.texts import action_text, explanation_text, rule_reason

A = Action.parse


def hint_of(action: str, values: dict[str, float | None], reason: str,
            params: dict | None = None) -> Hint:
    return Hint(A(action), {A(k): v for k, v in values.items()}, ex.say(reason, **(params or {})))


def a_deal(variant: str = "marriage", seed: int = 4, moves: int = 6):
    rng = random.Random(seed)
    deal = new_deal(variant, 1, random_deck(variant, rng))
    for _ in range(moves):
        legal = [a for a in deal.legal_actions() if a is not A("declare")]
        deal.apply(rng.choice(legal), deal.to_move())
    return deal


def test_hint_service_gives_the_hint_engine_answer():
    deal = a_deal("sixty-six", 3, 2)
    obs = deal.observation(deal.to_move())
    service = HintService(budget_ms=300, seed=9, iterations=80)
    got = service.compute(obs)
    want = hint(obs, budget_ms=300, seed=9, iterations=80)
    assert (got.action, got.values, got.why) == (want.action, want.values, want.why)
    assert service.get(obs) is got
    service.request(obs)  # cached: nothing to do
    assert service.get(obs) is got


def test_background_request_fills_the_cache():
    deal = a_deal("marriage", 8, 3)
    obs = deal.observation(deal.to_move())
    service = HintService(seed=1, iterations=30)
    service.request(obs)
    h = service.compute(obs)  # joins the running search
    assert h.action in obs.legal


def obs_with(legal, **extra):
    return observation(legal=[str(a) for a in legal], **extra)


def test_warning_only_beyond_the_threshold():
    h = hint_of("play AS", {"play AS": 0.4, "play 7C": 0.0, "play KS": -0.3}, "hint_lead")
    obs = obs_with(list(h.values), hand=["AS", "7C", "KS", "QS"])
    assert assess(obs, A("play AS"), h) is None
    assert assess(obs, A("play 7C"), h) is None  # 0.4 worse: below 0.5
    w = assess(obs, A("play KS"), h)
    assert w is not None and abs(w.lost - 0.7) < 1e-9 and w.best is A("play AS")
    assert w.key == "warn_breaks_marriage" and w.params["suit"] == ex.Suit(3)
    assert THRESHOLDS["marriage"] == 0.5 and THRESHOLDS["marias"] == 1.5


def test_skipping_a_marriage_and_a_false_declaration_are_named():
    h = hint_of("marriage H", {"marriage H": 1.2, "play 9C": 0.1, "declare": None},
                "hint_marriage")
    obs = obs_with(list(h.values), points=[30, 10])
    w = assess(obs, A("play 9C"), h)
    assert w is not None and w.key == "warn_skip_marriage" and w.params["points"] == 40
    w = assess(obs, A("declare"), h)
    assert w is not None and w.key == "warn_false_declaration" and w.params["points"] == 30


def test_a_marriage_announced_too_early_in_sixty_six_3_is_named():
    h = hint_of("play AH", {"play AH": 0.9, "marriage H": 0.1, "play 9C": 0.0},
                "hint_marriage_later", {"card": ex.Card(card("AH")), "suit": ex.Suit(2),
                                        "points": 20})
    obs = obs_with(list(h.values), variant="sixty-six-3", trump="S",
                   hand=["AH", "KH", "QH", "9C"])
    w = assess(obs, A("marriage H"), h)
    assert w is not None and w.key == "warn_marriage_early" and w.params == {"suit": ex.Suit(2)}
    # in Sixty-six (no duty to beat in the open phase) the general warning stays
    w = assess(replace(obs, variant="sixty-six", players=2, points=(0, 0)), A("marriage H"), h)
    assert w is not None and w.key == "warn_costs"


def test_the_sixty_six_3_marriage_tip_teaches_to_cash_the_ace_first():
    from game.ui.i18n import tr

    obs = obs_with(["marriage H", "play AH"], variant="sixty-six-3")
    assert tips_for(obs)[0] == "tip_marriage_sixty_six_3"
    assert tips_for(replace(obs, variant="sixty-six"))[0] == "tip_marriage_sixty_six"
    assert "ace first" in tr("ui.tip_marriage_sixty_six_3", "en")


def test_tips_name_new_possibilities_and_are_remembered(tmp_path):
    obs = obs_with(["close", "declare", "exchange", "marriage S", "play 7H"])
    keys = tips_for(obs)
    assert keys[:3] == ["tip_exchange_marriage", "tip_marriage_marriage", "tip_close_marriage"]
    assert "tip_declare" in keys
    marias = observation(variant="marias", legal=["contract suit", "contract suit seven",
                                                  "contract betl"], phase="contract")
    assert tips_for(marias) == ["tip_contract", "tip_seven"]
    doubling = observation(variant="marias", legal=["double game", "pass"], phase="doubling")
    assert tips_for(doubling) == ["tip_flek"]
    book = TipBook(tmp_path / "tips.json")
    assert book.fresh(keys) == keys
    book.mark("tip_close_marriage")
    again = TipBook(tmp_path / "tips.json")
    assert "tip_close_marriage" not in again.fresh(keys)


def test_undo_takes_back_the_humans_last_action_and_the_bots_after_it():
    deal = a_deal("marriage", 6, 9)
    match = Match("marriage", seed=1)
    match.deals = [deal]
    i = deal.last_step_of(0)
    assert i is not None and deal.history[i][0] == 0
    before = list(deal.history)
    assert match.undo(0)
    assert deal.history == before[:i]
    assert deal.to_move() == 0
    assert write_deal(deal) == write_deal(replay_text(write_deal(deal))[0])


def test_undo_in_a_match_corrects_the_totals():
    match = Match("sixty-six", seed=3, first_dealer=1)
    deal = match.start_deal()
    rng = random.Random(2)
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()), deal.to_move())
    match.finish_deal()
    assert sum(match.totals) > 0
    assert match.undo(0)
    assert match.totals == [0, 0]
    assert not match.current.is_over() and match.current.to_move() == 0


def test_texts_in_three_languages():
    obs = observation(variant="marriage", trump="H")
    assert action_text(A("play QH"), obs, "french", "en") == "Queen of hearts"
    assert action_text(A("play QH"), obs, "french", "ru") == "Дама червей"
    assert "40" in action_text(A("marriage H"), obs, "french", "en")
    assert explanation_text(ex.say("hint_take_trick", card=ex.Card(card("AS")), points=21),
                            obs, "french", "ru").count("21") == 1
    assert "туз пик" in explanation_text(ex.say("hint_lead", card=ex.Card(card("AS"))), obs,
                                         "french", "ru")
    assert rule_reason(Refusal("must_follow", {"suit": "H"}), "french", "ru") == \
        "Нужно поддержать масть: у вас есть червы."
    assert "kule" in rule_reason(Refusal("must_trump", {"suit": "D", "trump": "H"}),
                                 "german", "cs")


def test_doubling_blunders_are_named_in_the_simulated_odds():
    """A pass where the re paid off, or a flek that costs on average: the warning says how
    often the double paid in the hint engine's simulated deals (Mariáš doubling round)."""
    from game.ui.practice.texts import warning_lines

    obs = observation(variant="marias", phase="doubling", legal=["double game", "pass"],
                      hand=["AH", "TH"], trump="H")
    re = hint_of("double game", {"double game": 12.0, "pass": 6.0}, "hint_double_odds",
                 {"component": ex.Component("game"), "share": 82})
    w = assess(obs, A("pass"), re)
    assert w is not None and w.key == "warn_skip_double" and w.lost == 6.0
    assert w.params == {"component": ex.Component("game"), "share": 82}
    text = " ".join(warning_lines(w, obs, "german", "en"))
    assert "82%" in text and "Game" in text
    assert text.endswith("costs about 6.00 units on average.")  # Mariáš is paid in units
    flek = hint_of("pass", {"double game": -9.0, "pass": -4.5}, "hint_pass_odds",
                   {"component": ex.Component("game"), "share": 31})
    w = assess(obs, A("double game"), flek)
    assert w is not None and w.key == "warn_bad_double" and w.params == {"share": 31}
    for lang in ("cs", "ru"):
        assert "31" in " ".join(warning_lines(w, obs, "german", lang))
    # other reasons keep their own words
    plain = hint_of("pass", {"double game": -9.0, "pass": -4.5}, "hint_pass", {})
    assert assess(obs, A("double game"), plain).key == "warn_costs"
