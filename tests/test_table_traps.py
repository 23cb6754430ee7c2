"""No traps at the table, and the player sees what happened.

Driven like a player, with posted pygame events: number keys are the cards and
F-keys the buttons (pressing 2 never declares 66), a declaration below 66 asks
first, the Mariáš discard step offers only what the engine allows and says what
to do, the trump card is shown to the defenders, a finished trick waits to be
collected, the last trick can be looked at, and the deal's moments are announced.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pygame

from game.rules import Action, Verb
from game.rules.actions import CONTRACT, DECLARE, GOOD
from game.rules.cards import CARD_STR
from game.rules.observation import Announcement
from game.ui.session import GameSetup
from game.ui.table.moments import Moment, deal_moments, declaration_moment
from tests.test_table_play import _stop_bot_processes, click, key, make_app  # noqa: F401


def wait(app, cond, seconds: float = 20.0) -> bool:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.step(1 / 60)
        if cond():
            return True
        time.sleep(0.001)
    return False


def human_turn(app, scene, seconds: float = 20.0):
    assert wait(app, lambda: scene.human.waiting and not scene.anim.busy(), seconds)
    for _ in range(3):
        app.step(1 / 60)
    return scene.input.observation()


def first_trick_waiting(app, seed: int = 4):
    """A Sixty-six table (tricks collected by a click) whose first trick waits to be
    collected, the human having played a card to it."""
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"],
                                                seed=seed), bot_budget_ms=0)
    for _ in range(2):  # the trick's two cards (a refused card fails, never loops)
        if scene.flow.deal.trick_log:
            break
        obs = human_turn(app, scene)
        assert scene.submit([a for a in obs.legal if a.verb is Verb.PLAY][0])
        assert wait(app, lambda: scene.director.collecting() or scene.human.waiting, 20)
    assert wait(app, scene.director.collecting, 10)
    return scene


def marias_table(speed: str, forehand: bool):
    """``(app, scene)``: a Mariáš table of the human and two easy bots, on the first seed
    whose first deal the human opens as forehand (``forehand``) or defends."""
    for seed in range(60):
        app = make_app(speed=speed)
        scene = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                    seed=seed), bot_budget_ms=0)
        for _ in range(5):
            app.step(1 / 60)
        if (scene.flow.deal.forehand == 0) == forehand:
            return app, scene
        scene.shutdown()
    raise AssertionError("no seed gives that seat")


def marriage_on_lead(collect="auto", **settings):
    """A Marriage table where the human leads the first trick ("Declare 66!" on offer)."""
    for seed in range(40):
        app = make_app(collect=collect)
        for k, v in settings.items():
            setattr(app.services.settings, k, v)
        scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"],
                                                    seed=seed), bot_budget_ms=0)
        obs = human_turn(app, scene)
        if DECLARE in obs.legal:
            return app, scene, obs
        scene.shutdown()
    raise AssertionError("no seed gives the human the first lead")


# --- 1. number keys ------------------------------------------------------------------------
def test_number_keys_play_cards_never_buttons():
    app, scene, obs = marriage_on_lead()
    actions = [a for a, _b in scene.buttons.buttons]
    assert DECLARE in actions  # the trap: a button on offer while 2 means a card
    second = scene.stage.hand_sprites()[1].key
    key(app, pygame.K_2)
    assert scene.flow.deal.history[-1] == (0, Action.parse("play " + second))
    assert not scene.flow.deal.is_over()


def test_f_keys_press_the_buttons_and_show_it():
    app, scene, obs = marriage_on_lead(confirm_low_declare=False)
    labels = [b.text for _a, b in scene.buttons.buttons]
    assert all(text.startswith(f"F{i + 1}  ") for i, text in enumerate(labels)), labels
    legend = " / ".join(scene.panels.key_legend())
    n = len(scene.stage.hand_sprites())
    assert f"1–{n}" in legend and f"F1–F{len(labels)}" in legend, legend
    actions = [a for a, _b in scene.buttons.buttons]
    key(app, pygame.K_F1 + actions.index(DECLARE))
    assert scene.flow.deal.history[-1] == (0, DECLARE)


def test_a_number_key_with_only_buttons_presses_nothing():
    """Mariáš good/bad: no card to choose, so 1 does not say "bad — Betl"."""
    for seed in range(40):
        app = make_app()
        scene = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                    seed=seed), bot_budget_ms=0)
        obs = human_turn(app, scene)
        if getattr(obs, "phase", None) == "answer":
            break
        scene.shutdown()
    else:
        raise AssertionError("no seed asks the human good or bad first")
    before = list(scene.flow.deal.history)
    key(app, pygame.K_1)
    app.step(1 / 60)
    assert scene.flow.deal.history == before
    said = [b for b in scene.bubbles if "F1" in b.text]  # it says which keys the buttons have
    assert said
    # ... where it can be read: above the buttons, also when five of them wrap into two rows.
    app.step(1 / 60)
    drawn = pygame.Rect(scene.view.live.items[("bubble", id(said[0]))][0])
    buttons = [pygame.Rect(b.rect) for _a, b in scene.buttons.buttons]
    assert len({r.top for r in buttons}) == 2  # (good/bad: five answers, two rows)
    assert not any(drawn.colliderect(r) for r in buttons), (drawn, buttons)
    # A tip open over the buttons: the word stands above it, not behind it.
    scene.layer.tips.show(["tip_good_bad"], app.size)
    app.step(1 / 60)
    tip = pygame.Rect(scene.layer.tips.rect)
    assert scene.layer.tips.active and tip.w
    key(app, pygame.K_2)
    app.step(1 / 60)
    said = [b for b in scene.bubbles if "F1" in b.text]
    drawn = pygame.Rect(scene.view.live.items[("bubble", id(said[0]))][0])
    assert not any(drawn.colliderect(r) for r in [tip, *buttons]), (drawn, tip, buttons)
    from game.ui.regions import CARD

    cards = [r.rect for r in scene.regions() if r.kind == CARD]  # the talon among them
    assert cards and not any(drawn.colliderect(r) for r in cards), (drawn, cards)


# --- 1. a declaration below 66 asks first --------------------------------------------------
def test_declaration_below_66_asks_and_keep_playing_keeps_the_deal():
    app, scene, obs = marriage_on_lead()
    assert scene.short_declaration(DECLARE) == obs.points[0] < 66
    actions = [a for a, _b in scene.buttons.buttons]
    key(app, pygame.K_F1 + actions.index(DECLARE))
    assert scene.confirm.active
    assert not scene.buttons.buttons  # nothing else pressable behind the question
    key(app, pygame.K_RETURN)  # Enter is the safe answer: keep playing
    assert not scene.confirm.active
    assert not scene.flow.deal.is_over() and not scene.flow.deal.history
    # and the mouse: "Declare anyway" really declares
    for _ in range(3):
        app.step(1 / 60)
    rect = scene.buttons.rect_of(DECLARE)
    click(app, rect.inflate(-6, -6).center)
    app.step(1 / 60)
    assert scene.confirm.active
    click(app, scene.confirm.buttons[0][0].rect.inflate(-6, -6).center)
    app.step(1 / 60)
    assert scene.flow.deal.history[-1] == (0, DECLARE) and scene.flow.deal.is_over()


def test_no_question_when_the_player_turned_it_off():
    app, scene, obs = marriage_on_lead(confirm_low_declare=False)
    scene.press_action(DECLARE)
    assert not scene.confirm.active
    assert scene.flow.deal.history[-1] == (0, DECLARE)


# --- 4. the Mariáš discard step -------------------------------------------------------------
def marias_discard():
    """A Mariáš table where the human is forehand, names Suit and must discard."""
    for seed in range(60):
        app = make_app()
        scene = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                    seed=seed), bot_budget_ms=0)
        obs = human_turn(app, scene)
        if getattr(obs, "phase", None) != "trump":
            scene.shutdown()
            continue
        hand = obs.hand
        if not any(c[0] in "AT" for c in hand):
            scene.shutdown()
            continue
        scene.submit(Action.parse("trump " + hand[0]))
        human_turn(app, scene)
        scene.press_action(CONTRACT["suit"])
        obs = human_turn(app, scene)
        assert obs.phase == "discard"
        return app, scene, obs
    raise AssertionError("no seed makes the human forehand")


def test_discard_offers_only_legal_pairs_and_prompts():
    app, scene, obs = marias_discard()
    assert scene.prompt() == "Choose two cards to put away"
    legal = set(obs.legal)
    ok = {CARD_STR[c] for a in legal for c in a.cards}
    hand = [s.key for s in scene.stage.hand_sprites()]
    banned = [c for c in hand if c not in ok]
    assert banned, "an ace or a ten (and the trump card) may not be put away in Suit"
    assert set(banned) <= scene.stage.dim  # shown as not choosable
    # Clicking one gives the engine's reason and selects nothing; no button appears.
    click(app, scene.stage.click_point(banned[0]))
    app.step(1 / 60)
    assert banned[0] not in scene.model.selected
    assert not scene.buttons.buttons or all(a in legal for a, _b in scene.buttons.buttons)
    assert any(b.colour == (255, 190, 170) for b in scene.bubbles)  # the refusal, in words
    # Two legal cards: the one button says it in words and is a legal action.
    good = [c for c in hand if c in ok][:2]
    for c in good:
        click(app, scene.stage.click_point(c))
        app.step(1 / 60)
    for _ in range(3):
        app.step(1 / 60)
    actions = [a for a, _b in scene.buttons.buttons]
    assert actions and all(a in legal for a in actions), actions
    text = scene.buttons.buttons[0][1].text
    assert not any(c in text for c in good), text  # no card codes on the button
    key(app, pygame.K_F1)
    assert scene.flow.deal.history[-1][1].verb is Verb.DISCARD


# --- 5. the Mariáš trump card is shown to the defenders -----------------------------------
def test_trump_card_is_shown_to_the_defenders():
    app, scene = marias_table("normal", forehand=False)
    seen, said = [], []

    def look() -> bool:
        if scene.human.waiting and not scene.anim.busy():
            obs = scene.input.observation()
            scene.submit(GOOD if GOOD in obs.legal else obs.legal[-1])
        for s in scene.stage.sprites.values():
            if s.card and s.flip > 0.9 and s.role == "aside":
                seen.append(s.card)
        said.extend(b.text for b in scene.bubbles if b.text.startswith("Trump card"))
        return scene.flow.deal.phase in ("play", "over")

    assert wait(app, look, 60)
    deal = scene.flow.deal
    assert deal.contract_name == "suit"  # easy bots name Suit with these seeds
    card = CARD_STR[deal.trump_card]
    assert scene.flow.observation(0).trump_card == card  # the engine tells the defender
    assert card in seen, "the defender saw the trump card face up"
    from game.ui.i18n import card_name

    assert f"Trump card: {card_name(card, 'german')}" in said


# --- 10. the finished trick waits; the last trick can be looked at --------------------------
def test_trick_waits_to_be_collected_and_last_trick_is_viewable():
    app = make_app(speed="fast", collect="click")
    scene = first_trick_waiting(app)
    tricks = len(scene.flow.deal.trick_log)
    for _ in range(120):  # two seconds: it stays
        app.step(1 / 60)
    assert scene.director.collecting()
    assert scene.prompt() == "Click or press a key to collect the trick"
    key(app, pygame.K_SPACE)
    assert wait(app, lambda: not scene.director.collecting(), 5)
    # L shows the last trick: the engine's cards, its winner named; any key closes it.
    key(app, pygame.K_l)
    assert scene.model.last_trick_view
    last = scene.flow.observation().last_trick
    assert len(last.cards) == 2 and len(scene.flow.deal.trick_log) >= tricks
    app.step(1 / 60)
    key(app, pygame.K_l)
    assert not scene.model.last_trick_view
    # a click on a trick pile opens it too
    assert wait(app, lambda: any(s.role == "pile" for s in scene.stage.sprites.values())
                and not scene.anim.moving(), 10)
    pile = next(s for s in scene.stage.sprites.values() if s.role == "pile")
    click(app, scene.stage.rect_of(pile).center)
    assert scene.model.last_trick_view


def test_automatic_collecting_waits_the_chosen_pause():
    app = make_app(speed="fast", collect="auto")
    app.services.settings.trick_pause_ms = 1500
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"],
                                                seed=4), bot_budget_ms=0)
    assert scene._trick_pause() == 1.5
    app.services.settings.collect_trick = "click"
    assert scene._trick_pause() is None


# --- 11. moments announced ------------------------------------------------------------------
def test_declaration_moments_say_the_points():
    assert declaration_moment(0, 73, [2, 0]) == Moment(0, "table_moment_66",
                                                       {"n": 73})
    low = declaration_moment(1, 7, [2, 0])
    assert low.key == "table_moment_declared_short" and not low.good and low.params == {"n": 7}


def marias_observation():
    """A Mariáš seat's observation at the start of a deal (the moments read its announcements
    and last trick)."""
    from game.rules.variants import new_deal, random_deck

    return new_deal("marias", 0, random_deck("marias", random.Random(1)), {}).observation(0)


def test_deal_moments_from_the_engines_result():
    assert deal_moments({"reason": "reached_66", "winner": 1, "totals": [40, 71]}, {}) == [
        Moment(1, "table_moment_66", {"n": 71})]
    failed = deal_moments({"reason": "closer_failed", "closer": 0, "winner": 1}, {})
    assert failed[0].seat == 0 and not failed[0].good
    comps = [{"name": "game", "owner": "soloist", "won": True},
             {"name": "seven", "owner": "soloist", "won": False},
             {"name": "hundred-against", "owner": "defenders", "won": False}]
    obs = replace(marias_observation(), announcements=(Announcement(2, "hundred-against"),))
    got = deal_moments({"components": comps, "soloist": 1}, obs)
    assert [(m.seat, m.params["what"], m.good) for m in got] == [
        (1, "seven", False), (2, "hundred-against", False)]
    betl = deal_moments({"components": [{"name": "betl", "owner": "soloist", "won": False}],
                         "soloist": 0}, marias_observation())
    assert betl[0].key == "table_moment_lost" and betl[0].seat == 0


def test_a_false_declaration_is_announced_with_its_points():
    app, scene, obs = marriage_on_lead(confirm_low_declare=False)
    scene.press_action(DECLARE)
    texts = [b.text for b in scene.bubbles]
    assert any(t.startswith("Only ") for t in texts), texts


def test_the_engine_shows_the_trump_card_to_the_defenders():
    """RULES 4.6: a Suit contract's trump card is shown to all; the observation says it
    (and says nothing about it to a defender before the contract stands)."""
    from game.rules.variants import new_deal, random_deck

    rng = random.Random(8)
    checked = 0
    for _ in range(60):
        d = new_deal("marias", rng.randrange(3), random_deck("marias", rng), {})
        fh = d.forehand
        defenders = [s for s in range(3) if s != fh]
        while d.phase not in ("doubling", "play", "over"):
            if d.phase in ("contract", "discard", "answer"):
                assert all(d.observation(s).trump_card is None for s in defenders)
            legal = d.legal_actions()
            pick = CONTRACT["suit"] if CONTRACT["suit"] in legal else \
                GOOD if GOOD in legal else rng.choice(legal)
            d.apply(pick, d.to_move())
        if d.contract_name == "suit" and d.phase == "doubling":
            card = CARD_STR[d.trump_card]
            assert all(d.observation(s).trump_card == card for s in defenders)
            checked += 1
    assert checked > 20
