"""The practice layer against a real turn flow (a stand-in for the table scene)."""

from __future__ import annotations

import pygame
import pytest

from game.ai.explain import Card, say
from game.ai.hint import Hint
from game.rules import Match
from game.ui.app import App, install_services
from game.ui.flow import TurnFlow
from game.ui.players import BotInput, HumanInput
from game.ui.practice.coach import HintService, obs_key, tips_for
from game.ui.practice.layer import PracticeLayer
from game.ui.session import GameSetup
from game.ui.storage import Storage
from tests.test_flow import FirstLegalBot


class FakeTable:
    """A stand-in for the table: the layer's whole view of it (``PracticeHost``)."""

    def __init__(self, app, variant="sixty-six", practice=True):
        self.app = app
        self.setup = GameSetup(variant, seats=["human", "easy"], seed=3, practice=practice)
        self.human = HumanInput()
        match = Match(variant, seed=3, first_dealer=1)
        self.flow = TurnFlow(match, [self.human, BotInput(FirstLegalBot())], 0)
        self.flow.start()
        self.view_seat = 0
        self.hint_action = None
        self.submitted = []
        self.taken_backs = 0
        self.aside = False
        self.layer = None

    def point_at(self, action):
        self.hint_action = action

    @property
    def settings(self):
        return self.app.services.settings

    @property
    def local_flow(self):
        return self.flow

    def observation(self):
        flow = self.flow
        if flow is None or not flow.waiting_for_human() or flow.pending is None:
            return None
        return flow.pending.observation

    def submit(self, action):
        if self.layer is not None and not self.layer.allow(action):
            return False
        self.submitted.append(action)
        ok = self.human.submit(action)
        self.flow.update()
        return ok

    def remote_hint(self, obs, budget_ms):
        return None  # no bot process: the layer searches in its own thread

    def seat_label(self, seat):
        return ["You", "East"][seat]

    def taken_back(self):
        self.taken_backs += 1

    def picture(self):
        return None  # not laid out: the panels go where they would on an empty table

    def overlays(self, aid):
        return []

    def aid_steps_aside(self, aside):
        self.aside = aside

    def run_until_human(self):
        for _ in range(200):
            self.flow.update()
            if self.flow.waiting_for_human():
                return self.observation()
        raise AssertionError("the human is never asked")


@pytest.fixture
def app(tmp_path):
    a = App(size=(1280, 720))
    install_services(a, storage=Storage(tmp_path / "cfg", tmp_path / "data"))
    return a


def test_hint_button_shows_the_hint_of_the_service(app):
    table = FakeTable(app)
    service = HintService(seed=5, iterations=40)
    layer = table.layer = PracticeLayer(table, service)
    obs = table.run_until_human()
    layer.hint()
    service.compute(obs)
    layer.update(0.016)
    assert layer.panel.action == service.get(obs).action == table.hint_action
    layer.draw(app.screen)
    layer.hint()  # pressed again: hidden
    assert not layer.panel.visible and table.hint_action is None


def test_warning_before_a_weak_move_then_play_anyway(app):
    table = FakeTable(app)
    service = HintService(seed=5, iterations=40)
    layer = table.layer = PracticeLayer(table, service)
    obs = table.run_until_human()
    legal = obs.legal
    best, worst = legal[0], legal[-1]
    values = {a: 0.0 for a in legal}
    values[best] = 2.0
    service._cache[obs_key(obs)] = Hint(best, values, say("hint_lead", card=Card(best.card)))
    assert not table.submit(worst)
    assert layer.dialog.active and table.submitted == []
    layer.dialog._choose(0)  # play anyway
    assert table.submitted == [worst] and not layer.dialog.active
    assert (0, worst) in table.flow.deal.history


def test_no_warning_outside_practice_or_when_switched_off(app):
    table = FakeTable(app, practice=False)
    layer = table.layer = PracticeLayer(table, HintService(seed=5, iterations=20))
    obs = table.run_until_human()
    assert layer.allow(obs.legal[-1])
    table2 = FakeTable(app)
    app.services.settings.practice_warnings = False
    layer2 = table2.layer = PracticeLayer(table2, HintService(seed=5, iterations=20))
    obs2 = table2.run_until_human()
    assert layer2.allow(obs2.legal[-1])


def test_tips_appear_once_and_undo_rewinds(app, tmp_path):
    table = FakeTable(app)
    layer = table.layer = PracticeLayer(table, HintService(seed=5, iterations=20))
    app.services.settings.practice_warnings = False
    obs = table.run_until_human()
    layer.update(0.016)
    assert layer.tips.active or not layer.book.fresh(tips_for(obs))
    layer.tips.close()
    assert not layer.can_undo()
    table.submit(obs.legal[0])
    table.run_until_human()
    assert layer.can_undo()
    before = list(table.flow.deal.history)
    assert layer.undo()
    assert table.taken_backs == 1  # the table is told (it shows the position and saves it)
    assert table.flow.deal.history == before[:before.index(next(h for h in before if h[0] == 0))]
    assert table.run_until_human().legal == obs.legal
    pygame.event.pump()
