"""The table scene: layout at every size, resize without losing the game, menu and back."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pygame
import pytest
from observations import observation

from game.rules import Action
from game.ui.session import GameSetup
from game.ui.table.layout import compute_layout
from tests.test_table_play import (  # noqa: F401 - fixture
    _stop_bot_processes,
    make_app,
    wait_for_deck,
)

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (3840, 2160)]


def _step_until(app, done, seconds: float, pause: float = 0.001) -> bool:
    """Run frames until ``done()`` (the bots think in their own process, so sleep a little
    between frames); False if ``seconds`` pass first."""
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        app.step(1 / 60)
        if done():
            return True
        time.sleep(pause)
    return False


def _wait_for_human(app, scene, seconds=15):
    return _step_until(app, lambda: scene.human.waiting and not scene.anim.busy(), seconds,
                       0.002)


def _until_first_trick(app, scene) -> None:
    _step_until(app, lambda: bool(scene.flow.deal.trick_log), 20)


def _rect(r):
    return pygame.Rect(r.tuple())


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3])
def test_layout_fits_and_does_not_overlap(size, players) -> None:
    lay = compute_layout(size, players)
    screen = pygame.Rect(0, 0, *size)
    plates = [_rect(s.plate) for s in lay.seats]
    for r in plates + [_rect(lay.info), _rect(lay.score)]:
        assert screen.contains(r), (r, size)
    panels = plates + [_rect(lay.info), _rect(lay.score)]
    for i, a in enumerate(panels):
        for b in panels[i + 1:]:
            assert not a.colliderect(b), (a, b, size, players)
    # Cards get bigger with the window (re-rendered crisp, never scaled up).
    assert lay.hand_h > lay.table_h > lay.opp_h > lay.pile_h >= 40
    # The viewer's widest hand fits on screen.
    xs = [x for x, _ in lay.fan(0, 12)]
    w = lay.card_w(lay.hand_h)
    assert min(xs) - w / 2 >= 0 and max(xs) + w / 2 <= size[0]


def test_resize_keeps_the_game_and_rerenders_cards() -> None:
    app = make_app(speed="fast")
    scene = app.switch("table", setup=GameSetup("marias", seats=["easy"] * 3, seed=4),
                       bot_budget_ms=0)
    _until_first_trick(app, scene)
    flow, deal, history = scene.flow, scene.flow.deal, list(scene.flow.deal.history)
    old_h = scene.layout.hand_h
    # The window manager resizes the window, then SDL reports it (dummy driver: do both).
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080)))
    app.step(1 / 60)
    assert scene.flow is flow and scene.flow.deal is deal
    assert deal.history[: len(history)] == history
    assert scene.layout.size == (1920, 1080) and scene.layout.hand_h > old_h
    hand = [s for s in scene.stage.sprites.values() if s.role == "hand"]
    assert hand and all(round(s.h) == scene.layout.hand_h for s in hand)
    _step_until(app, lambda: scene.model.result is not None, 30)
    assert deal.is_over()


def test_d_key_switches_the_deck_at_once_mid_deal() -> None:
    """The deck changes at the table, mid-deal, without a restart."""
    app = make_app(speed="fast")
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["easy"] * 2, seed=3),
                       bot_budget_ms=0)
    _until_first_trick(app, scene)
    deal, before = scene.flow.deal, app.screen.copy()
    first = scene.art.artwork
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
    app.step(1 / 60)
    chosen = app.services.settings.deck_for("sixty-six")
    assert chosen != first  # the setting changes at once ...
    # ... and the table shows it as soon as a worker has drawn the visible faces (the
    # animation never waits for them), all cards at once.
    wait_for_deck(app, scene, chosen)
    assert scene.flow.deal is deal
    app.step(1 / 60)
    assert pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(before, "RGB")


def test_escape_goes_to_the_menu_and_back_continues() -> None:
    app = make_app()
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=2))
    for _ in range(30):
        app.step(1 / 60)
    flow = scene.flow
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))
    app.step(1 / 60)
    assert app.scene.name == "menu"
    again = app.switch("table", resume_record=flow.record_text(), setup=scene.setup)
    assert again is scene and scene.flow is flow  # the same game, not rebuilt


def test_resume_from_a_record_rebuilds_the_match() -> None:
    app = make_app()
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=8))
    for _ in range(30):
        app.step(1 / 60)
    text = scene.flow.record_text()
    saved = []

    class Storage:
        def save_match(self, record, setup):
            saved.append(record)

    app2 = make_app()
    app2.services.storage = Storage()
    other = app2.switch("table", resume_record=text)
    assert other.flow.record_text() == text
    for _ in range(10):
        app2.step(1 / 60)
    # The human is asked (seat 0) or a bot moves and the game is saved after each action.
    assert other.flow.state.value in ("tricks", "deal_end") or saved


def test_illegal_card_shows_the_engines_reason() -> None:
    app = make_app()
    for seed in range(30):
        scene = app.switch("table", setup=GameSetup("sixty-six-3", seats=["human", "easy",
                                                                           "easy"], seed=seed),
                           bot_budget_ms=0)
        _wait_for_human(app, scene, 10)
        obs = scene.human.pending.observation
        illegal = [c for c in obs.hand if Action.parse("play " + c) not in obs.legal]
        if not illegal:
            continue
        pos = scene.stage.click_point(illegal[0])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.step(1 / 60)
        assert scene.input.tooltip is not None and scene.input.tooltip[0]
        assert illegal[0] in scene.stage.dim
        before = len(scene.flow.deal.history)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(1 / 60)
        assert len(scene.flow.deal.history) == before
        return
    pytest.fail("none of the 30 seeded deals gave the human an illegal card")


def test_drag_a_card_to_the_trick_plays_it() -> None:
    app = make_app()
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=3),
                       bot_budget_ms=0)
    assert _wait_for_human(app, scene)
    obs = scene.human.pending.observation
    card = next(a.card_text for a in obs.legal if a.is_play)
    start = scene.stage.click_point(card)
    before = len(scene.flow.deal.history)
    target = (round(scene.layout.center[0]), round(scene.layout.center[1]))
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        p = (start[0] + (target[0] - start[0]) * i // 5, start[1] + (target[1] - start[1]) * i // 5)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.step(1 / 60)
    assert scene.stage.drag is not None and scene.stage.drag[0] == card
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    app.step(1 / 60)
    assert scene.flow.deal.history[before] == (0, Action.parse("play " + card))


def test_hint_key_highlights_the_recommendation() -> None:
    app = make_app()
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=6),
                       bot_budget_ms=0)
    assert _wait_for_human(app, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                         scancode=0))
    _step_until(app, lambda: scene.model.hint_action is not None, 15, 0.005)
    assert scene.model.hint_action in scene.human.pending.observation.legal
    app.step(1 / 60)
    verb, _, rest = str(scene.model.hint_action).partition(" ")
    if verb == "play":
        assert rest in scene.stage.glow


def test_score_sheet_round_trip_starts_the_next_deal() -> None:
    from game.ui.scene import Scene

    seen = {}

    class Score(Scene):
        name = "score"

        def enter(self, **params):
            seen.update(params)

    app = make_app()
    app.register("score", Score)
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["easy", "easy"], seed=4),
                       bot_budget_ms=0)
    _step_until(app, lambda: scene.model.result is not None, 30)
    assert scene.model.result is not None and "score" in scene.widgets
    rect = scene.widgets["score"].rect.inflate(-6, -6)
    for ev in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(ev, pos=rect.center, button=1))
    for _ in range(3):
        app.step(1 / 60)
    assert app.scene.name == "score"
    assert seen["match"] is scene.flow.match and seen["return_to"] == "table"
    deals = len(scene.flow.match.deals)
    app.switch("table", continue_match=True)
    for _ in range(5):
        app.step(1 / 60)
    assert len(scene.flow.match.deals) == deals + 1


def test_practice_mode_warns_and_takes_back(tmp_path) -> None:
    """With game.ui.practice's layer: warnings are answered, Backspace takes back, and the
    match is saved as it stands after the take back."""
    from game.ui.storage import Storage

    app = make_app()
    app.services.storage = Storage(tmp_path / "config", tmp_path / "data")
    app.services.settings.tips = False
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=12,
                                                practice=True), bot_budget_ms=0)
    assert scene.layer is not None, "practice games get game.ui.practice's layer"
    assert "undo" in scene.widgets
    took_back = 0
    deadline = time.perf_counter() + 90
    while scene.model.result is None and time.perf_counter() < deadline:
        app.step(1 / 60)
        time.sleep(0.001)
        if scene.layer.dialog.active:  # "Are you sure?" -> play anyway (Enter: choose again)
            scene.layer.dialog._choose(0)
            continue
        if not scene.human.waiting or scene.anim.busy():
            continue
        history = list(scene.flow.deal.history)
        if not took_back and sum(1 for s, _a in history if s == 0) >= 2:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                                 unicode="", scancode=0))
            app.step(1 / 60)
            assert len(scene.flow.deal.history) < len(history)
            # What Continue would find is the position after the take back.
            app.services.storage.flush()
            saved = app.services.storage.load_match()
            assert saved is not None and saved[0] == scene.flow.record_text()
            took_back += 1
            continue
        scene.submit(scene.human.pending.observation.legal[-1])
    assert scene.flow.deal.is_over() and took_back == 1


def test_resume_counts_the_finished_deals() -> None:
    from game.rules import Match, random_deck
    from game.rules.record import write_record

    match = Match("sixty-six", seed=5)
    for _ in range(2):
        deal = match.start_deal()
        while not deal.is_over():
            deal.apply(deal.legal_actions()[0])
        match.finish_deal()
    deal = match.start_deal(deck=random_deck("sixty-six", random.Random(1)))
    deal.apply(deal.legal_actions()[0])
    app = make_app()
    scene = app.switch("table", resume_record=write_record(match.deals))
    assert scene.flow.match.totals == match.totals
    assert len(scene.flow.match.deals) == 3 and not scene.flow.deal.is_over()


def _obs(**kw):
    base = {"variant": "marias", "players": 3, "seat": 0, "dealer": 2, "forehand": 0,
            "hand": ["7C", "8C"], "hand_sizes": [2, 2, 2]}
    base.update(kw)
    return observation(**base)


def test_board_shows_an_open_hand_face_up() -> None:
    from game.ui.table.sprites import board_targets

    lay = compute_layout((1280, 720), 3)
    targets = board_targets(_obs(shown={"1": ["AS", "KS"]}, phase="play",
                                 contract="open-durch"), lay, 0)
    assert targets["AS"].up and targets["AS"].role == "opp" and targets["AS"].seat == 1
    assert not any(k.startswith("b1_") for k in targets)  # no backs left for seat 1
    assert any(k.startswith("b2_") for k in targets)


def test_board_closed_stock_turns_the_indicator_down() -> None:
    from game.ui.table.sprites import board_targets

    lay = compute_layout((1280, 720), 2)
    obs = _obs(variant="marriage", players=2, hand_sizes=[2, 6], stock_size=8,
               indicator="9H", closed=False)
    assert board_targets(obs, lay, 0)["9H"].up
    closed = board_targets(replace(obs, indicator=None, closed=True), lay, 0)
    assert "ind_back" in closed and not closed["ind_back"].up
    assert sum(1 for k in closed if k.startswith("s")) == 7


def test_board_mariáš_trump_card_lies_aside_until_play() -> None:
    from game.ui.table.sprites import board_targets

    lay = compute_layout((1280, 720), 3)
    obs = _obs(hand=["7C", "8C", "QH"], hand_sizes=[3, 2, 2], phase="discard",
               history=[[0, "trump QH"], [0, "contract suit"]], contract="suit",
               trump_card="QH", trump="H")
    targets = board_targets(obs, lay, 0)
    assert targets["QH"].role == "aside" and targets["QH"].up
    other = board_targets(replace(obs, seat=1, hand=("9S", "TS"), trump_card=None, trump=None),
                          lay, 1)
    assert other["aside"].role == "aside" and not other["aside"].up
    playing = board_targets(replace(obs, phase="play"), lay, 0)
    assert playing["QH"].role == "hand"


def test_names_follow_the_deck_not_the_game() -> None:
    """Sixty-six with a German deck says acorns, not clubs."""
    from game.ui.table.controls import action_label

    app = make_app()
    app.services.settings.deck_french = "german-tell"
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=2),
                       bot_budget_ms=0)
    assert scene.german_names
    obs = observation(variant="sixty-six", trump="H")
    marriage = Action.parse("marriage C")
    assert "acorns" in action_label(marriage, obs, scene.german_names).lower()
    assert "clubs" in action_label(marriage, obs, False).lower()


def test_the_hint_button_asks_the_bots_process_with_the_games_hint_budget() -> None:
    """The table has one hint path: the practice layer's, which asks the bots' process —
    with the one hint budget of the game (``game.ai.hint.HINT_BUDGET_MS``), not a number of
    its own (no second hint path that a missing module would fall back to)."""
    from game.ai.hint import HINT_BUDGET_MS

    app = make_app()
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=6),
                       bot_budget_ms=0)
    assert _wait_for_human(app, scene)
    assert scene.layer is not None
    asked = []

    def fake_hint(obs, budget_ms):
        from game.ai.explain import Card, say
        from game.ai.hint import Hint

        asked.append(budget_ms)
        first = obs.legal[0]
        return Hint(first, {first: 0.0}, say("hint_lead", card=Card(max(first.card, 0))))

    assert scene.bot_server is not None  # the bots' process answers hints too
    scene.bot_server.hint = fake_hint
    scene.on_hint()
    _step_until(app, lambda: scene.model.hint_action is not None, 5, 0.005)
    assert asked == [HINT_BUDGET_MS]
    assert scene.model.hint_action in scene.human.pending.observation.legal
