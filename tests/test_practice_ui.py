"""Practice widgets and scenes, headless: hint panel, warning dialog, tips, review, tutorial."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pygame
import pytest

from game.ai.hint import hint
from game.rules import new_deal, random_deck
from game.ui.app import App, install_services
from game.ui.i18n import tr
from game.ui.lessons.review_scene import ReviewScene
from game.ui.lessons.tutorial import HUMAN
from game.ui.lessons.tutorial_scene import TutorialScene
from game.ui.practice.coach import HintService
from game.ui.practice.panels import ConfirmDialog, HintPanel, TipBox
from game.ui.practice.texts import explanation_lines
from game.ui.storage import Storage


@pytest.fixture
def app(tmp_path):
    a = App(size=(1280, 720))
    install_services(a, storage=Storage(tmp_path / "cfg", tmp_path / "data"))
    a.services.settings.animation_speed = "instant"
    a.register("review", ReviewScene)
    a.register("tutorial", TutorialScene)
    return a


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)
    app.step(1 / 60)


def press(app, button):
    click(app, button.rect.inflate(-6, -6).center)


def position(variant="marriage", seed=3, moves=3):
    rng = random.Random(seed)
    deal = new_deal(variant, 1, random_deck(variant, rng))
    for _ in range(moves):
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.text != "declare"]),
                   deal.to_move())
    return deal


def test_hint_panel_shows_the_hint_engine_answer(app):
    deal = position()
    obs = deal.observation(deal.to_move())
    service = HintService(seed=7, iterations=50)
    shown = service.compute(obs)
    want = hint(obs, budget_ms=service.budget_ms, seed=7, iterations=50)
    panel = HintPanel()
    panel.anchor = (1260, 700)
    panel.show(shown, obs)
    assert panel.action == want.action
    rows = panel.rows()
    assert len(rows) == len(want.values) and rows[0][2] and rows[0][1] == want.values[want.action]
    panel.draw(app.screen)
    assert panel.rect.w > 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=0, unicode="v",
                                         scancode=0))
    for e in pygame.event.get():
        assert panel.handle_event(e) or e.type != pygame.KEYDOWN
    assert panel.expanded
    panel.draw(app.screen)
    assert panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                                 pos=panel.close_rect.center, button=1))
    assert panel.action is None


def test_a_compact_hint_panel_is_narrower_and_still_shows_every_word(app):
    """Where the hint finds no free place it is laid out compact: the reason alone and,
    with the values open, only as wide as they need, its footnote wrapped — nothing cut."""
    deal = position()
    obs = deal.observation(deal.to_move())
    panel = HintPanel()
    panel.anchor = (1260, 700)
    panel.show(HintService(seed=7, iterations=50).compute(obs), obs)
    panel.expanded = True
    wide = panel.size()
    assert panel.can_be_compact()
    panel.compact = True
    narrow = panel.size()
    assert narrow[0] < wide[0]
    assert len(panel.reasons()) == len(explanation_lines(
        replace(panel.hint.why, sentences=panel.hint.why.sentences[:1]), obs, panel.family))
    panel.draw(app.screen)
    assert panel.fits and all(f.need <= f.room for f in panel.fits), \
        [f for f in panel.fits if f.need > f.room]


def test_warning_dialog_buttons_and_keys(app):
    said = []
    dialog = ConfirmDialog(app.manager)
    dialog.open(app.size, "Play it anyway?", ["This gives away the 40."], "Play anyway",
                "Choose again", lambda: said.append("yes"), lambda: said.append("no"))
    assert dialog.active and len(dialog.buttons) == 2
    dialog.draw(app.screen)
    app.manager.update(0.02)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                         pos=dialog.buttons[0][0].rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP,
                                         pos=dialog.buttons[0][0].rect.center, button=1))
    for _ in range(3):
        for e in pygame.event.get():
            app.manager.process_events(e)
            dialog.handle_event(e)
        app.manager.update(0.02)
    assert said == ["yes"] and not dialog.active
    dialog.open(app.size, "?", ["x"], "a", "b", lambda: said.append("yes"),
                lambda: said.append("no"))
    dialog.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert said == ["yes", "no"]


def test_tip_box_queue_and_switch_off(app):
    off = []
    box = TipBox(app.manager, on_off=lambda: off.append(True))
    box.show(["tip_close_marriage", "tip_declare"], app.size)
    assert box.key == "tip_close_marriage"
    import pygame_gui

    box.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                        ui_element=box.buttons["ok"]))
    assert box.key == "tip_declare"
    box.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                        ui_element=box.buttons["off"]))
    assert box.key is None and off == [True]


def test_a_tip_box_can_build_its_buttons_a_frame_later(app):
    """At the table the tip's box shows first and its two buttons are built in the next
    frame (each is a good part of a frame at 1080p), where the box is by then."""
    box = TipBox(app.manager)
    box.defer_buttons = True
    box.show(["tip_close_marriage"], app.size)
    assert box.active and not box.buttons and set(box.buttons_due) == {"ok", "off"}
    box.build_buttons()
    assert set(box.buttons) == {"ok", "off"} and not box.buttons_due
    assert all(box.rect.contains(b.rect) for b in box.buttons.values())
    box.close()
    assert not box.buttons and not box.buttons_due


def test_a_tip_takes_the_widest_shape_that_covers_nothing(app):
    """Where the wide box would cover something (the trump card beside the stock in a
    small window), a narrower, taller one that covers nothing is taken; with no free
    shape at all, the one covering least."""
    sizes = []

    def cover(size):
        sizes.append(size)
        return 0.0 if size[0] < 450 else 7.5

    box = TipBox(app.manager)
    box.placer = lambda size: (app.size[0] - 20, 300)
    box.cover = cover
    box.show(["tip_close_marriage"], app.size)
    assert box.rect.w == sizes[-1][0] < 450 and len(sizes) >= 2
    assert box.rect.h > sizes[0][1]  # the narrower box has more lines
    box.close()
    box.cover = lambda size: {520: 3.0, 440: 1.0, 380: 2.0}.get(size[0], 9.0)
    box.show(["tip_close_marriage"], app.size)
    assert box.rect.w == 440
    box.close()


def test_a_tip_on_show_speaks_the_language_chosen_since(app):
    from game.ui.i18n import apply_language

    apply_language(app, "en")
    box = TipBox(app.manager)
    box.placer = lambda size: (app.size[0] - 20, 300)
    box.show(["tip_close_marriage"], app.size)
    english = list(box.lines)
    try:
        apply_language(app, "cs")
        box.place()
        assert box.lines != english and box.key == "tip_close_marriage"
        box.build_buttons()
        assert box.buttons["ok"].text == tr("ui.practice_tip_ok") != "Got it"
    finally:
        apply_language(app, "en")
    box.close()


def test_review_scene_lists_decisions_and_steps_through(app):
    deal = position("sixty-six", 5, 0)
    rng = random.Random(1)
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()), deal.to_move())
    scene = app.switch("review", deal=deal, seat=0, iterations=20)
    scene.wait()
    app.step(1 / 60)
    mine = [i for i, (s, _) in enumerate(deal.history) if s == 0]
    assert [it.index for it in scene.items] == mine
    assert all(it.lost == 0 for it in scene.items if it.is_best)
    last = len(deal.history)
    assert scene.pos == last
    press(app, next(b for b, k in scene.button_keys.items() if k == "start"))
    assert scene.pos == 0
    press(app, next(b for b, k in scene.button_keys.items() if k == "forward"))
    assert scene.pos == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="",
                                         scancode=0))
    app.step(1 / 60)
    assert scene.pos == last
    row, i = scene.row_rects[1]
    click(app, row.center)
    assert scene.pos == scene.items[i].index


def test_review_says_why_a_move_lost_and_shows_the_better_line(app):
    """A decision that lost points has a reason (game.ai.explain) and "Show the better move"
    plays the better move and a continuation on the review's board, stepped like the deal."""
    from game.ui.practice.texts import explanation_lines

    deal = position("sixty-six", 5, 0)
    rng = random.Random(1)
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()), deal.to_move())
    scene = app.switch("review", deal=deal, seat=0, iterations=20)
    scene.wait()
    app.step(1 / 60)
    lost = [i for i, it in enumerate(scene.items) if it.weak is not None]
    assert lost, "random play loses points somewhere"
    for it in scene.items:
        if it.weak is None:
            assert not it.lost
        elif it.lost is None:  # the search never valued it: said so, no number invented
            assert it.weak.key == "advice_untried"
        else:
            assert it.lost and it.weak.keys()[-1] != "warn_costs"  # a reason and the cost
            text = " ".join(explanation_lines(it.weak, None, "french", "en"))
            assert "Best move:" in text
    i = lost[0]
    scene.selected, scene.pos = i, scene.items[i].index
    scene._sync_better_button()
    assert scene.better_button.visible
    press(app, scene.better_button)
    # (A step that has nothing to draw takes no time: wait for the search in real time.)
    deadline = time.perf_counter() + 60
    while scene.line is None and time.perf_counter() < deadline:
        app.step(0.05)
        time.sleep(0.02)
    assert scene.line and scene.line[0].history[-1][1] is scene.items[i].best
    assert scene.line[-1].is_over()  # played to the end of the deal
    app.step(1 / 60)  # drawn on the board
    press(app, next(b for b, k in scene.button_keys.items() if k == "end"))
    assert scene.line_pos == len(scene.line) - 1 and scene.pos == scene.items[i].index
    press(app, scene.better_button)  # back to the game as played
    assert scene.line is None
    app.step(1 / 60)


@pytest.mark.parametrize("lesson", ["marriage", "marias-betl"])
def test_tutorial_is_played_with_clicks_and_refuses_other_moves(app, lesson):
    scene = app.switch("tutorial", lesson=lesson)
    app.step(1 / 60)
    run = scene.run
    refused = False
    for _ in range(400):
        if run.finished:
            break
        if scene.waiting_continue:
            press(app, scene.continue_button)
            continue
        if scene.trick_waiting:  # a finished trick lies there until it is collected
            click(app, scene.board_rect().center)
            assert not scene.trick_waiting
            continue
        if not run.human_turn():
            app.step(1.0)
            continue
        wanted = run.expected()
        verb, _, rest = str(wanted).partition(" ")
        if verb == "play" and not refused:
            other = next((k for k in scene.card_rects if k != rest), None)
            if other is not None:
                before = run.index
                scene.click_card(other)
                assert run.index == before and scene.feedback
                refused = True
        if verb in ("play", "trump"):
            app.step(1 / 60)
            rect = scene.card_rects[rest]
            # the visible strip of an overlapped card: its left edge
            click(app, (rect.x + 6, rect.centery))
        elif verb == "discard":
            for c in rest.split():
                scene.click_card(c)
            press(app, scene.action_buttons["discard"])
        else:
            press(app, scene.action_buttons[str(wanted)])
    assert run.finished and run.deals[-1].is_over() and refused
    assert any(s.seat == HUMAN for s in run.lesson.steps)
    assert "next_lesson" in scene.button_keys.values() or "again" in scene.button_keys.values()


def test_tutorial_from_the_main_menu(tmp_path):
    from game.ui.screens import register_all

    a = App(size=(1280, 720))
    install_services(a, storage=Storage(tmp_path / "cfg", tmp_path / "data"))
    register_all(a)
    menu = a.switch("menu")
    a.step(1 / 60)
    button = menu.menu_buttons["tutorial"]
    press(a, button)
    assert a.scene.name == "tutorial" and a.scene.run is None
    lesson = next(b for b, k in a.scene.button_keys.items() if k == "lesson:0")
    press(a, lesson)
    assert a.scene.run is not None and a.scene.run.lesson.id == "marriage"


def test_review_stops_when_left_and_resumes_on_return(app):
    deal = position("marriage", 12, 0)
    rng = random.Random(4)
    while not deal.is_over():
        deal.apply(rng.choice([a for a in deal.legal_actions() if a.text != "declare"]),
                   deal.to_move())
    scene = app.switch("review", deal=deal, seat=0, iterations=20)
    scene.leave()  # e.g. the window is resized, or the player goes back at once
    scene.enter(deal=deal, seat=0, iterations=20)
    scene.wait()
    assert len(scene.items) == scene.total == sum(1 for s, _ in deal.history if s == 0)
    assert [it.index for it in scene.items] == sorted({it.index for it in scene.items})


def test_the_values_note_fits_the_hint_panel_in_every_language(app):
    """The note under the values (points in the King-Queen games, units in Mariáš) is
    drawn on one line, clipped to the panel: it must fit whole in every language."""
    from game.ui import i18n
    from game.ui.practice import panels

    panel = HintPanel(1.0)
    inner = panel.px(panel.width) - 2 * panel.px(14)
    for lang in i18n.LANGUAGES:
        for key in ("ui.practice_values_note", "ui.practice_values_note_marias"):
            text = i18n.tr(key, lang)
            assert text != key.split(".", 1)[1], (lang, key)
            img, _ = panels.font("sans", panel.px(12)).render(text, (255, 255, 255))
            assert img.get_width() <= inner, (lang, key, img.get_width(), inner)


@pytest.mark.parametrize("variant", ["marriage", "sixty-six-3", "marias"])
def test_review_step_through_shows_each_trick_complete_before_it_is_gathered(app, variant):
    """The step after a trick's last card shows all its cards on the table; the step
    after that (the next lead or a marriage) shows it gathered."""
    rng = random.Random(2)
    tricks = 0
    while tricks < 4:  # a deal of several tricks (a Betl or Durch may end at the first)
        deal = position(variant, rng.randrange(1000), 0)
        while not deal.is_over():
            deal.apply(rng.choice([a for a in deal.legal_actions() if a.text != "declare"]),
                       deal.to_move())
        tricks = sum(1 for _, a in deal.history if a.text.startswith("play")) // deal.players
    scene = app.switch("review", deal=deal, seat=0, iterations=2)
    scene.wait()
    states = deal.positions()
    completed = 0
    for pos in range(1, len(states)):
        scene.go(pos)
        scene.draw_content(app.screen)
        on_table = [s for s in scene.board.stage.sprites.values() if s.role == "trick"]
        state = states[pos]
        obs = state.observation(0)
        if deal.history[pos - 1][1].text.startswith("play") and not obs.trick:
            completed += 1
            assert obs.last_trick is not None
            assert sorted(s.card for s in on_table) == sorted(
                p.card for p in obs.last_trick.cards), pos
        else:
            assert len(on_table) == len(obs.trick), pos
    assert completed == tricks


def test_the_review_says_what_the_practice_hint_said_for_the_same_position(app):
    """The table hands its hints to the review: a position judged during the deal is not
    searched again, so the review's best move and values are the hint's."""
    from game.ai.hint import Hint
    from game.ai.turns import obs_key

    deal = position("sixty-six", 5, 0)
    rng = random.Random(3)
    while not deal.is_over():
        deal.apply(rng.choice(deal.legal_actions()), deal.to_move())
    first = next(i for i, (s, _a, before) in enumerate(deal.steps())
                 if s == 0 and len(before.legal_actions()) > 1)
    obs = deal.at_step(first).observation(0)
    legal = list(obs.legal)
    said = Hint(legal[-1], {a: (1.0 if a is legal[-1] else -1.0) for a in legal})
    scene = app.switch("review", deal=deal, seat=0, iterations=2,
                       judgements={obs_key(obs): said})
    scene.wait()
    item = next(it for it in scene.items if it.index == first)
    assert item.best == said.action and item.values == said.values
