"""No stray key costs a deal.

Enter and Space are the keys a player hits to go on: they collect a finished trick, go
to the next deal or answer a question — never press a game action (close the stock,
exchange, a contract …) because a button happens to be the only one, or has focus.
Driven like a player, with posted pygame events, at the table of every game and in
the Sixty-six tutorial.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.rules import Verb
from game.rules.actions import CLOSE, DECLARE
from game.ui.session import GameSetup
from tests.test_table_play import _stop_bot_processes, click, key, make_app  # noqa: F401
from tests.test_table_traps import first_trick_waiting, human_turn, wait

GO_ON = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
GAMES = {"marriage": 2, "sixty-six": 2, "sixty-six-3": 3, "marias": 3}


def seats(variant: str) -> list[str]:
    return ["human"] + ["easy"] * (GAMES[variant] - 1)


# --- every decision of a deal, every game ------------------------------------------------
@pytest.mark.parametrize("variant", list(GAMES))
def test_enter_and_space_never_act_at_any_decision_of_a_deal(variant):
    """At each of the player's decisions (cards, buttons, contracts, the discard), with no
    card chosen by the arrows, Enter, Space and keypad Enter change nothing in the deal;
    at the deal's end Enter goes on to the next deal (deals are played until buttons were
    on offer at a decision)."""
    app = make_app()
    scene = app.switch("table", setup=GameSetup(variant, seats=seats(variant), seed=3),
                       bot_budget_ms=0)
    rng = random.Random(5)
    decisions = with_buttons = 0
    while True:
        assert wait(app, lambda: scene.model.result is not None or (
            scene.human.waiting and not scene.anim.busy()), 30)
        if scene.model.result is not None:
            if with_buttons or len(scene.flow.match.deals) >= 6:
                break
            assert "next" in scene.widgets
            deals = len(scene.flow.match.deals)
            key(app, pygame.K_SPACE)  # the keyboard's "Next deal"
            assert wait(app, lambda n=deals: len(scene.flow.match.deals) > n)
            continue
        for _ in range(3):
            app.step(1 / 60)
        deal = scene.flow.deal
        before = list(deal.history)
        with_buttons += bool(scene.buttons.buttons)
        for k in GO_ON:
            scene.model.cursor = -1
            key(app, k)
            key(app, k)
            assert deal.history == before, (k, deal.history[len(before):])
            assert not scene.confirm.active
        decisions += 1
        obs = scene.input.observation()
        legal = [a for a in obs.legal if a is not DECLARE] or list(obs.legal)
        scene.submit(rng.choice(legal))
        if scene.confirm.active:
            scene.confirm._choose(0)
    assert decisions >= 4 and with_buttons >= 1


def test_enter_plays_only_the_card_the_arrows_chose():
    """The keyboard's way to play stays: ← → choose a card, Enter plays it; after the play
    the choice is gone, so the next Enter plays nothing by itself."""
    app = make_app()
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=seats("sixty-six"),
                                                seed=4), bot_budget_ms=0)
    obs = human_turn(app, scene)
    deal = scene.flow.deal
    n = len(deal.history)
    key(app, pygame.K_RETURN)
    assert len(deal.history) == n
    assert any("arrow keys" in b.text for b in scene.bubbles)  # it says how to choose one
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    chosen = scene.stage.hand_sprites()[1].key
    key(app, pygame.K_SPACE)
    assert deal.history[n][1].card_text == chosen
    assert scene.model.cursor == -1
    del obs


# --- the reported trap: Enter on "Next deal", Enter again at the first lead ------------------
def test_enter_on_next_deal_then_enter_at_the_first_lead_never_closes_the_stock():
    for seed in range(30):
        app = make_app()
        scene = app.switch("table", setup=GameSetup("sixty-six", seats=seats("sixty-six"),
                                                    seed=seed), bot_budget_ms=0)
        hang = time.perf_counter() + 300  # a bound for a hang only, never reached by play
        while scene.model.result is None:
            assert time.perf_counter() < hang, "the deal never ended"
            if scene.human.waiting and not scene.anim.busy():
                obs = scene.input.observation()
                scene.submit([a for a in obs.legal if a.verb is Verb.PLAY][0])
            app.step(1 / 60)
        assert "next" in scene.widgets
        deals = len(scene.flow.match.deals)
        key(app, pygame.K_RETURN)  # the keyboard's "Next deal"
        assert wait(app, lambda s=scene, n=deals: len(s.flow.match.deals) > n)
        assert wait(app, lambda s=scene: s.model.result is not None or (
            s.human.waiting and not s.anim.busy()), 30)
        for _ in range(3):
            app.step(1 / 60)
        obs = scene.input.observation()
        if obs is None or CLOSE not in obs.legal:
            scene.shutdown()
            continue  # the computer leads this deal: try another seed
        assert [a for a, _b in scene.buttons.buttons] == [CLOSE]  # the one button
        for k in (pygame.K_RETURN, pygame.K_RETURN, pygame.K_SPACE, pygame.K_SPACE):
            key(app, k)
        deal = scene.flow.deal
        assert not deal.history and not obs.closed
        return
    raise AssertionError("no seed gives the human the first lead of the second deal")


def test_space_collects_the_waiting_trick_and_does_nothing_else():
    app = make_app(speed="fast", collect="click")
    scene = first_trick_waiting(app)
    history = list(scene.flow.deal.history)
    key(app, pygame.K_SPACE)
    assert not scene.director.collecting()
    assert scene.flow.deal.history == history
    assert wait(app, lambda: not scene.anim.busy() and (
        scene.human.waiting or scene.flow.deal.to_move() != 0), 10)
    for _ in range(3):
        app.step(1 / 60)
    assert scene.flow.deal.history[:len(history)] == history
    assert all(s != 0 for s, _a in scene.flow.deal.history[len(history):])


# --- questions: Enter is the safe, gold answer ---------------------------------------------
def test_the_practice_warning_keeps_the_choice_on_enter():
    from game.ui.practice.panels import ConfirmDialog

    app = make_app()
    said: list[str] = []
    dialog = ConfirmDialog(app.manager)
    dialog.open(app.size, "Play it anyway?", ["This gives away the 40."], "Play anyway",
                "Choose again", lambda: said.append("yes"), lambda: said.append("no"))
    gold = [b for b, _cb in dialog.buttons if "#primary" in b.object_ids]
    assert gold == [dialog.buttons[1][0]]  # the safe one is the gold one …
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert said == ["no"]  # … and Enter's


def test_the_new_match_question_defaults_to_the_safe_answer(tmp_path):
    from game.ui.app import App, install_services
    from game.ui.screens import register_all
    from game.ui.storage import Storage

    app = App(size=(1280, 720))
    install_services(app, storage=Storage(tmp_path / "cfg", tmp_path / "data"))
    register_all(app)
    storage = app.services.storage
    table = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=2),
                       bot_budget_ms=0)
    assert wait(app, lambda: table.human.waiting and not table.anim.busy(), 30)
    obs = table.input.observation()
    table.submit([a for a in obs.legal if a.verb is Verb.PLAY][0])
    app.step(1 / 60)
    storage.flush()
    table.shutdown()
    setup = app.switch("setup")
    for _ in range(4):
        app.step(1 / 60)
    setup.select_variant("marriage")
    for _ in range(4):
        app.step(1 / 60)
    key(app, pygame.K_TAB)  # the keyboard has been used: the focus is somewhere
    assert setup.start() is None and setup.replace_pending is not None
    for _ in range(30):
        app.step(1 / 60)
    current = setup.focus.current
    assert setup.button_keys[current] == "replace_continue"
    assert "#primary" in current.object_ids  # the gold button is the safe one
    key(app, pygame.K_RETURN)
    for _ in range(6):
        app.step(1 / 60)
    assert app.scene.name == "table"  # the match in progress goes on
    assert app.scene.flow.deal.history  # with its first card played
    assert storage.check_match("marriage") is not None


# --- the Sixty-six tutorial ----------------------------------------------------------------
def test_sixty_six_tutorial_space_collects_the_trick_and_never_presses_a_button(tmp_path):
    from game.ui.app import App, install_services
    from game.ui.lessons.tutorial_scene import TutorialScene
    from game.ui.storage import Storage

    app = App(size=(1280, 720))
    install_services(app, storage=Storage(tmp_path / "cfg", tmp_path / "data"))
    app.services.settings.animation_speed = "instant"
    app.register("tutorial", TutorialScene)
    scene = app.switch("tutorial", lesson="sixty-six")
    app.step(1 / 60)
    run = scene.run
    first = run.step.text("en")
    scene.click_card("AC")  # step 1: lead the ace of clubs
    app.step(1 / 60)
    # Step 2: North plays next — said instead of step 1's words.
    assert "North" in scene.last_narration and scene.last_narration != first
    for _ in range(6):
        app.step(0.2)
    # North's card finished the trick: both cards lie there, apart, until collected.
    assert scene.trick_waiting
    assert scene.last_narration == "Click or press a key to collect the trick"
    trick = [s for s in scene.board.stage.sprites.values() if s.role == "trick"]
    assert sorted(s.card for s in trick) == ["AC", "JC"]
    a, b = (scene.board.stage.rect_of(s) for s in trick)
    assert not a.colliderect(b)  # two whole cards side by side, not one on the other
    assert not scene.action_buttons  # nothing to press while it waits
    index = run.index
    key(app, pygame.K_SPACE)  # collects, nothing more
    assert not scene.trick_waiting and run.index == index
    assert run.human_turn() and str(run.expected()) == "exchange"
    assert "Close the stock" in " ".join(b.text for b in scene.action_buttons.values())
    for k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_TAB, pygame.K_RETURN,
              pygame.K_SPACE, pygame.K_KP_ENTER):
        key(app, k)
    assert run.index == index and not run.deal.closed  # no button pressed by focus
    # The buttons have the table's F-keys: F-key of "Exchange" does it.
    names = list(scene.action_buttons)
    assert scene.action_buttons["exchange"].text.startswith(f"F{names.index('exchange') + 1}")
    key(app, pygame.K_F1 + names.index("exchange"))
    assert run.index == index + 1
