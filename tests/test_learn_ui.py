"""Learning aids at the table and on the screens: the counting aid (C), the counting trainer,
"Could I have won?", the ratings on New game, Statistics and the match result."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.ai import ratings
from game.rules import Match
from game.ui.app import App, install_services
from game.ui.screens import register_all
from game.ui.session import GameSetup
from game.ui.table import TableScene

_APPS: list[App] = []


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    application = App(size=(1280, 720), lang="en")
    install_services(application)
    register_all(application)
    application.register("table", TableScene)
    s = application.services.settings
    s.animation_speed, s.bot_pause_ms, s.collect_trick, s.trick_pause_ms = \
        "instant", 0, "auto", 0
    _APPS.append(application)
    yield application
    while _APPS:
        table = _APPS.pop().scenes.get("table")
        if table is not None:
            table.shutdown()
    from game.ui import i18n

    i18n.set_language("en")


@pytest.fixture
def level_ratings(monkeypatch):
    table = {"marriage": {"easy": 1000, "normal": 1200, "hard": 1400}}
    monkeypatch.setattr(ratings, "LEVEL_RATINGS", table)
    return table


def key(app: App, k: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(1 / 60)


def until(app: App, cond, seconds: float = 30.0) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not cond():
        app.step(1 / 60)
        time.sleep(0.001)
    assert cond()


def play_human(scene: TableScene, rng: random.Random) -> None:
    obs = scene.human.pending.observation
    scene.human.submit(rng.choice(obs.legal))


# --- the counting aid ------------------------------------------------------------------------


def test_the_aid_is_on_in_practice_off_otherwise_and_c_toggles_it(app):
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"],
                                                practice=True, seed=3), bot_budget_ms=0)
    until(app, lambda: scene.human.waiting)
    app.step(1 / 60)
    assert scene.counting.visible and scene.counting.rect.w > 0
    key(app, pygame.K_c)
    assert not scene.counting.visible and scene.counting.rect.w == 0
    key(app, pygame.K_c)
    assert scene.counting.visible
    plain = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=4),
                       bot_budget_ms=0)
    assert not plain.counting.visible
    app.services.settings.counting_aid = "always"
    again = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                seed=5), bot_budget_ms=0)
    assert again.counting.visible


def test_the_aid_shows_the_observations_counts(app):
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"],
                                                practice=True, seed=7), bot_budget_ms=0)
    rng = random.Random(1)
    for _ in range(4):
        until(app, lambda: scene.human.waiting and not scene.anim.busy())
        play_human(scene, rng)
    until(app, lambda: scene.human.waiting and not scene.anim.busy())
    app.step(1 / 60)
    aid = scene.counting.aid()
    obs = scene.director.displayed
    assert aid is not None and list(aid.points) == list(obs.points)
    texts = " ".join(str(v) for row in scene.counting.rows(aid) for k, v in row
                     if k in ("text", "muted", "gold", "title"))
    assert "Counting" in texts and f"You: {obs.points[0]}" in texts


def test_d_redraws_the_aid_with_the_new_decks_signs_and_letters_at_once(app):
    """The panel's look names the deck: the table presents it again right after D (a
    German deck's Ober and suit signs), not at the next trick."""
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"],
                                                practice=True, seed=3), bot_budget_ms=0)
    until(app, lambda: scene.human.waiting and not scene.anim.busy())
    app.step(1 / 60)
    surface = pygame.Surface(app.size)
    before = scene.counting.draw(surface)
    old = scene.art.artwork
    scene.next_deck()
    until(app, lambda: scene.art.artwork != old)
    after = scene.counting.draw(surface)
    assert before is not None and after is not None
    assert before[1] != after[1]


# --- the counting trainer -----------------------------------------------------------------------


def test_the_trainer_asks_waits_for_the_answer_and_files_it(app):
    scene = app.switch("table", setup=GameSetup("sixty-six-3",
                                                seats=["human", "easy", "easy"], trainer=True,
                                                seed=11), bot_budget_ms=0)
    assert not scene.counting.visible
    key(app, pygame.K_c)
    assert not scene.counting.visible  # hidden in the trainer
    rng = random.Random(2)
    end = time.perf_counter() + 60
    while not scene.trainer.active and time.perf_counter() < end and scene.model.result is None:
        app.step(1 / 60)
        if scene.human.waiting and not scene.anim.busy() and not scene.trainer.active:
            play_human(scene, rng)
        time.sleep(0.001)
    assert scene.trainer.active, "no question in a whole deal"
    q = scene.trainer.question
    before = len(scene.flow.deal.history)
    key(app, pygame.K_1)  # a card key: while the question is open it answers, never plays
    assert len(scene.flow.deal.history) == before
    if scene.trainer.answered is None:  # 1 was not a choice of this question
        for b, value in scene.trainer.buttons:
            if value == q.answer:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN,
                                                     pos=b.rect.center, button=1))
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP,
                                                     pos=b.rect.center, button=1))
                for _ in range(4):
                    app.step(1 / 60)
    assert scene.trainer.answered is not None
    kept = app.services.storage.stats.of("sixty-six-3").trainer
    assert kept.get(q.kind, [0, 0])[0] == 1
    key(app, pygame.K_RETURN)
    assert not scene.trainer.active
    assert scene.human.waiting  # the game goes on where it waited


# --- could I have won? ---------------------------------------------------------------------------


def finished_match(variant: str = "marriage") -> Match:
    from game.ai.bot import make_bot

    m = Match(variant, seed=3)
    d = m.start_deal()
    bots = [make_bot("easy", variant, seed=s) for s in range(d.players)]
    while not d.is_over():
        s = d.to_move()
        d.apply(bots[s].choose(d.observation(s)), s)
    m.finish_deal()
    return m


def test_show_me_plays_both_lines_and_steps_through_them(app):
    m = finished_match()
    scene = app.switch("showme", deal=m.current, seat=0, names=["You", "North"],
                       levels=["human", "normal"], iterations=25, opponent_iterations=10,
                       back_to="menu")
    app.step(1 / 60)
    scene.wait(300)
    app.step(1 / 60)
    assert scene.result is not None
    key(app, pygame.K_2)
    assert scene.line == "hard"
    hard = scene.result.hard
    assert scene.pos == (hard.parted_at or 0)
    key(app, pygame.K_END)
    assert scene.pos == len(scene.states["hard"]) - 1
    key(app, pygame.K_p)
    assert scene.pos == (hard.parted_at or 0)
    app.set_window_size((1024, 640))  # the boxes and the board fit the smallest window
    app.step(1 / 60)
    assert scene.board_rect().bottom < 640 and scene.boxes_rect().right <= 1024
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "menu"


def test_show_me_boxes_say_everything_and_why_the_all_cards_line_scored_less(app,
                                                                           monkeypatch):
    """A box's text is never cut (it wraps, smaller where the box is short); where the
    all-cards line scored lower than the deal, the box says so in words."""
    from game.ai.showme import Line
    from game.ui.i18n import tr

    m = finished_match()
    scene = app.switch("showme", deal=m.current, seat=0, names=["You", "North"],
                       levels=["human", "normal"], iterations=10, opponent_iterations=5,
                       back_to="menu")
    app.step(1 / 60)
    scene.wait(300)
    app.step(1 / 60)
    perfect = scene.result.perfect
    played = Line("played", m.current)
    worse = Line("perfect", perfect.deal, perfect.parted_at or 0)  # as if it parted
    text = scene.box_text("perfect", worse, "french")
    lower = worse.value(0) < played.value(0)
    assert (tr("ui.showme_perfect_lower") in text) == lower
    assert tr("ui.showme_perfect_lower") not in scene.box_text("hard", worse, "french")
    monkeypatch.setattr(Line, "value", lambda self, seat: -5.0 if self.name == "perfect"
                        else 0.0)
    assert tr("ui.showme_perfect_lower") in scene.box_text("perfect", worse, "french")
    long = text + " " + tr("ui.showme_perfect_lower")
    for width, room in ((150, 400), (200, 90)):
        _f, parts, _step = scene.fit_text(long, width, room)
        assert " ".join(parts).split() == long.split()


def test_the_deal_result_offers_could_i_have_won(app):
    scene = app.switch("table", setup=GameSetup("marriage", seats=["human", "easy"], seed=12),
                       bot_budget_ms=0)
    rng = random.Random(4)
    end = time.perf_counter() + 60
    while scene.model.result is None and time.perf_counter() < end:
        app.step(1 / 60)
        if scene.human.waiting and not scene.anim.busy():
            play_human(scene, rng)
        time.sleep(0.001)
    until(app, lambda: "showme" in scene.widgets)
    assert scene.can_show_me()


# --- ratings on the screens ---------------------------------------------------------------------


def test_new_game_shows_the_level_ratings_and_the_trainer_switch(app, level_ratings):
    from game.ui.scenes.setup import level_entries

    assert [label for label, _v in level_entries("marriage")] == [
        "Easy · 1000", "Normal · 1200", "Hard · 1400"]
    assert [label for label, _v in level_entries("marias")] == [
        "ui.level_easy", "ui.level_normal", "ui.level_hard"]
    scene = app.switch("setup")
    assert scene.setup().trainer is False
    scene._set_trainer(True)
    assert scene.setup().trainer is True
    scene.start(confirmed=True)
    assert app.services.settings.trainer is True  # remembered for next time


def test_a_counted_match_moves_the_rating_on_the_result_screen(app, level_ratings):
    m = Match("marriage", {"match_points": 1}, seed=5)
    from game.ai.bot import make_bot

    d = m.start_deal()
    bots = [make_bot("easy", "marriage", seed=s) for s in range(2)]
    while not d.is_over():
        s = d.to_move()
        d.apply(bots[s].choose(d.observation(s)), s)
    m.finish_deal()
    assert m.is_over()
    scene = app.switch("match_result", match=m, setup=GameSetup(
        "marriage", {"match_points": 1}, seats=["human", "normal"]))
    app.step(1 / 60)
    change = scene.rating_change
    assert change is not None and change.before == ratings.ANCHOR
    s = app.services.storage.stats.of("marriage")
    assert s.rated_matches == 1 and s.rating == pytest.approx(round(change.after, 1))
    stats = app.switch("stats", variant="marriage")
    stats.on_button("page:rating")
    app.step(1 / 60)
    assert stats.page == "rating"
