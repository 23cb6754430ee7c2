"""The overlaps a new player met, each measured on the real widgets."""

from __future__ import annotations

import pygame

from game.rules import Action
from game.ui.session import GameSetup
from game.ui.table.layout import compute_layout
from tests.test_table_play import _stop_bot_processes, make_app  # noqa: F401
from tests.test_table_traps import human_turn, wait


def _marias_practice(size=(1024, 640)):
    app = make_app(size=size)
    app.services.settings.tips = False
    for seed in range(40):
        scene = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                    seed=seed, practice=True), bot_budget_ms=0)
        obs = human_turn(app, scene)
        if getattr(obs, "phase", None) == "trump":
            return app, scene
        scene.shutdown()
    raise AssertionError("no seed makes the human forehand")


def test_take_back_never_covers_the_hand():
    app, scene = _marias_practice()
    hand = scene.stage.hand_sprites()
    assert len(hand) == 12  # seven cards and the five face down: the widest hand
    undo = scene.widgets["undo"].rect
    for s in hand:
        assert not scene.stage.rect_of(s).colliderect(undo), (s.key, undo)
    assert not undo.colliderect(scene.widgets["hint"].rect)


def test_hint_panel_and_tips_leave_the_players_alone():
    app, scene = _marias_practice()
    layer = scene.layer
    for box in ((342, 80), (342, 150), (420, 170)):
        rect = pygame.Rect(0, 0, *box)
        rect.bottomright = layer.place(app.size, box)
        for spot in scene.layout.seats:
            if spot.seat == scene.view_seat:
                continue
            assert not rect.colliderect(pygame.Rect(spot.plate.tuple())), (box, spot.side)
            for s in scene.stage.sprites.values():
                if s.role == "opp" and s.seat == spot.seat:
                    assert not rect.colliderect(scene.stage.rect_of(s)), (box, spot.side)
    # a tip is never placed over the open hint panel
    layer.panel.visible = True
    layer.panel.rect = pygame.Rect(341, 16, 342, 150)
    tip = pygame.Rect(0, 0, 400, 120)
    tip.bottomright = layer.place_tip(tip.size)
    assert not tip.colliderect(layer.panel.rect)


def test_deal_over_panel_leaves_the_side_plates_readable():
    app = make_app(size=(1024, 640))
    scene = app.switch("table", setup=GameSetup("marias", seats=["easy"] * 3, seed=2),
                       bot_budget_ms=0)
    assert wait(app, lambda: scene.model.result is not None, 60)
    for _ in range(5):
        app.step(1 / 60)
    r = scene.panels.result_rect()
    for seat, plate in scene.panels.plate_rects.items():
        assert not r.colliderect(plate), (seat, r, plate)


def test_illegal_card_tooltip_sits_above_that_card():
    app = make_app()
    for seed in range(40):
        scene = app.switch("table", setup=GameSetup("sixty-six-3", seats=["human", "easy",
                                                                            "easy"], seed=seed),
                           bot_budget_ms=0)
        obs = human_turn(app, scene)
        if obs.trick:
            bad = [s for s in scene.stage.hand_sprites()
                   if Action.parse("play " + s.key) not in obs.legal]
            if bad:
                break
        scene.shutdown()
    sp = bad[0]
    pos = scene.stage.click_point(sp.key)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.input.tooltip is not None
    _text, at = scene.input.tooltip
    card = scene.stage.rect_of(scene.stage.sprites[sp.key])
    assert at[1] <= card.top  # drawn upwards from there: above the hand, on no card


def test_a_tip_goes_when_its_action_does():
    from game.ui.practice.panels import TipBox

    app = make_app()
    tips = TipBox(app.manager)
    tips.show(["tip_exchange_sixty_six", "tip_close_sixty_six"], app.size)
    assert tips.key == "tip_exchange_sixty_six"
    tips.keep_only(["tip_close_sixty_six"])  # exchanged: the close tip stays
    assert tips.key == "tip_close_sixty_six"
    tips.keep_only([])
    assert not tips.active and not tips.buttons


def test_an_open_drop_down_is_as_wide_as_its_box():
    from game.ui.widgets.choice import Choice

    app = make_app()
    choice = Choice(app.manager, pygame.Rect(100, 100, 240, 36),
                    [("One", 1), ("Two", 2), ("Three", 3)], 1)
    menu = choice.menu
    menu.current_state.should_transition = True
    app.step(1 / 60)
    assert menu.current_state is menu.menu_states["expanded"]
    items = menu.current_state.options_selection_list
    assert items.rect.width == menu.rect.width


def test_continue_is_described_in_the_footer_not_over_the_buttons(tmp_path):
    from game.ui.app import install_services
    from game.ui.screens import register_all
    from game.ui.storage import Storage

    app = make_app()
    storage = Storage(tmp_path / "cfg", tmp_path / "data")
    install_services(app, storage=storage, settings=app.services.settings)
    register_all(app)
    table = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=3))
    for _ in range(10):
        app.step(1 / 60)
    table.save()
    menu = app.switch("menu")
    app.step(1 / 60)
    button = menu.menu_buttons["continue"]
    assert not button.tool_tip_text
    menu.focus.focus(button)
    app.step(1 / 60)
    assert menu.footer.text == menu.continue_text != "ui.app_footer"
    assert "Sixty-six" in menu.continue_text


def test_layout_leaves_room_for_the_key_legend():
    for size in ((1024, 640), (1280, 720), (1920, 1080)):
        lay = compute_layout(size, 3)
        bottom = lay.spot(0)
        # the player's speech bubbles sit above the two legend lines over the plate
        assert bottom.bubble[1] <= bottom.plate.y - lay.font * 2.5

