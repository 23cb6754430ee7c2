"""Practice mode on the real table: the hint shown is game.ai.hint's, warnings, undo, tips."""

from __future__ import annotations

import time

import pygame
import pytest

from game.ai.explain import Card, say
from game.ai.hint import Hint, hint
from game.ui.practice.coach import HintService, obs_key
from game.ui.session import GameSetup
from tests.test_table_play import _stop_bot_processes, key, make_app  # noqa: F401

ITER = 40


def table(variant="sixty-six", practice=True, seed=5):
    app = make_app(speed="instant")
    app.services.settings.tips = False
    seats = ["human", "easy"] if variant in ("marriage", "sixty-six") else ["human"] + \
        ["easy"] * 2
    scene = app.switch("table", setup=GameSetup(variant, seats=seats, seed=seed,
                                                practice=practice), bot_budget_ms=0)
    assert scene.layer is not None, "the table uses the practice layer"
    scene.layer.service = HintService(seed=3, iterations=ITER)
    return app, scene


def wait(app, scene, cond, seconds=20.0):
    end = time.time() + seconds
    while time.time() < end:
        app.step(1 / 60)
        if cond():
            return True
    return False


def human_turn(app, scene):
    assert wait(app, scene, lambda: scene.human.waiting and not scene.anim.busy())
    return scene.input.observation()


@pytest.mark.parametrize("variant", ["marriage", "sixty-six-3"])
def test_the_hint_on_the_table_is_the_hint_engine_answer(variant):
    app, scene = table(variant, practice=False)
    obs = human_turn(app, scene)
    key(app, pygame.K_h)  # the H key, as the Hint button
    assert wait(app, scene, lambda: scene.layer.panel.hint is not None)
    want = hint(obs, budget_ms=scene.layer.service.budget_ms, seed=3, iterations=ITER)
    shown = scene.layer.panel.hint
    assert (shown.action, shown.values, shown.why) == (want.action, want.values, want.why)
    assert scene.model.hint_action == want.action
    assert scene.layer.panel.reasons()  # the reason, translated
    rows = scene.layer.panel.rows()
    assert rows and rows[0][2] and len(rows) == len(obs.legal)
    for _ in range(3):
        app.step(1 / 60)
    rect = scene.layer.panel.rect
    assert not any(rect.colliderect(b.rect) for _a, b in scene.buttons.buttons)


def test_a_weak_move_is_questioned_then_taken_back():
    app, scene = table("sixty-six")
    obs = human_turn(app, scene)
    legal = obs.legal
    best, weak = legal[-1], legal[0]
    values = dict.fromkeys(legal, 0.0)
    values[best] = 1.5
    why = say("hint_lead", card=Card(best.card))
    scene.layer.service._cache[obs_key(obs)] = Hint(best, values, why)
    before = len(scene.flow.deal.history)
    assert not scene.submit(weak)
    assert scene.layer.dialog.active and len(scene.flow.deal.history) == before
    scene.layer.dialog._choose(1)  # choose again
    assert not scene.layer.dialog.active and len(scene.flow.deal.history) == before
    assert not scene.submit(weak)
    scene.layer.dialog._choose(0)  # play anyway
    assert (0, weak) in scene.flow.deal.history
    human_turn(app, scene)
    assert scene.layer.can_undo()
    assert scene.layer.undo()
    assert len(scene.flow.deal.history) == before
    assert human_turn(app, scene).legal == legal


def test_no_questions_and_no_undo_outside_practice():
    app, scene = table("sixty-six", practice=False)
    obs = human_turn(app, scene)
    legal = obs.legal
    values = dict.fromkeys(legal, 0.0)
    values[legal[-1]] = 3.0
    why = say("hint_lead", card=Card(legal[-1].card))
    scene.layer.service._cache[obs_key(obs)] = Hint(legal[-1], values, why)
    assert scene.submit(legal[0])
    assert not scene.layer.dialog.active
    human_turn(app, scene)
    assert not scene.layer.can_undo() and "undo" not in scene.widgets


def play_out(app, scene):
    """The human plays its first legal action until the deal is over."""
    end = time.time() + 60
    while time.time() < end and scene.model.result is None:
        app.step(1 / 60)
        if scene.human.waiting and not scene.anim.busy():
            obs = scene.input.observation()
            scene.submit(obs.legal[0])
    assert scene.model.result is not None


@pytest.mark.parametrize("practice", [True, False])
def test_practice_deals_offer_the_review_and_no_score_sheet(practice):
    app, scene = table("sixty-six", practice=practice, seed=8)
    app.services.settings.practice_warnings = False
    app.register("score", type("Score", (), {}))  # only its presence matters here
    app.register("review", type("Review", (), {}))
    scene._result_widgets()
    play_out(app, scene)
    for _ in range(3):
        app.step(1 / 60)
    assert ("review" in scene.widgets) == practice
    assert ("score" in scene.widgets) == (not practice)
