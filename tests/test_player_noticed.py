"""Details a player meets: Esc closes an overlay first, one
Backspace takes back while a trick waits, the Mariáš tenth card and trump card, the
language and the scores in the menus, names that cannot be confused, and the polish
(whose score, "you" in a sentence, the review list's scrollbar)."""

from __future__ import annotations

import random
import types
import unicodedata

import pygame
import pytest

from game.rules import Match, Verb, new_deal, random_deck
from game.rules.record import write_record
from game.ui import i18n
from game.ui.i18n import tr
from game.ui.session import GameSetup
from game.ui.table.sprites import shown_trump
from tests.test_table_play import _stop_bot_processes, key, make_app  # noqa: F401
from tests.test_table_traps import human_turn, wait

LANGS = ("en", "ru", "cs")


# --- Esc closes what is open over the table first ---------------------------------------------
def test_escape_closes_the_hint_the_tip_and_the_last_trick_before_leaving():
    app = make_app(speed="fast", collect="click")
    app.services.settings.tips = False
    # Not about warnings: whether the hint's timed search finds the first card weak depends
    # on the machine's speed, and a warning would hold every card this test plays.
    app.services.settings.practice_warnings = False
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=4,
                                                practice=True), bot_budget_ms=0)
    human_turn(app, scene)
    key(app, pygame.K_h)
    assert scene.layer.panel.visible
    key(app, pygame.K_ESCAPE)
    assert not scene.layer.panel.visible and app.scene is scene
    scene.layer.tips.show(["tip_close_marriage"], app.size)
    assert scene.layer.tips.active
    key(app, pygame.K_ESCAPE)
    assert not scene.layer.tips.active and app.scene is scene
    for _ in range(2):  # the trick's two cards (a refused card fails the test, never loops)
        if scene.flow.deal.trick_log:
            break
        obs = human_turn(app, scene)
        assert scene.submit([a for a in obs.legal if a.verb is Verb.PLAY][0])
        assert wait(app, lambda: scene.director.collecting() or scene.human.waiting, 20)
    assert scene.flow.deal.trick_log
    if scene.director.collecting():
        key(app, pygame.K_SPACE)
    key(app, pygame.K_l)
    assert scene.model.last_trick_view
    key(app, pygame.K_ESCAPE)
    assert not scene.model.last_trick_view and app.scene is scene
    key(app, pygame.K_ESCAPE)  # nothing open: Esc leaves for the menu
    assert app.scene.name == "menu"


# --- Backspace while a trick waits: taken back in one press ------------------------------------
def test_one_backspace_takes_back_while_the_trick_waits():
    app = make_app(speed="fast", collect="click")
    app.services.settings.tips = False
    app.services.settings.practice_warnings = False
    scene = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=4,
                                                practice=True), bot_budget_ms=0)
    for _ in range(2):  # the trick's two cards
        if scene.director.collecting():
            break
        obs = human_turn(app, scene)
        assert scene.submit([a for a in obs.legal if a.verb is Verb.PLAY][0])
        assert wait(app, lambda: scene.director.collecting() or scene.human.waiting, 20)
    mine = [i for i, (s, _a) in enumerate(scene.flow.deal.history) if s == 0]
    key(app, pygame.K_BACKSPACE)
    assert not scene.director.collecting()
    assert len(scene.flow.deal.history) == mine[-1]  # the player's card came back
    assert not scene.flow.deal.trick_log
    assert human_turn(app, scene) is not None  # and it is the player's turn again


# --- Mariáš: the tenth card -------------------------------------------------------------------
def test_the_tenth_card_has_a_badge_and_key_0_plays_it():
    for seed in range(60):
        app = make_app()
        scene = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                    seed=seed), bot_budget_ms=0)
        ok = False
        for _ in range(12):
            obs = human_turn(app, scene)
            if obs.phase == "play":
                ok = len(obs.hand) == 10 and not obs.trick
                break
            scene.submit(obs.legal[0] if obs.phase != "answer" else
                         next(a for a in obs.legal if a.verb is Verb.GOOD))
        if ok:
            break
        scene.shutdown()
    else:
        raise AssertionError("no seed lets the human lead with ten cards")
    hand = [s.key for s in scene.stage.hand_sprites()]
    assert len(hand) == 10
    assert len(scene.panels.draw_keys(app.screen)) >= 10  # a badge on every card
    assert "1–9, 0: cards" in scene.panels.key_legend()[0]
    key(app, pygame.K_0)
    assert scene.flow.deal.history[-1][1].card_text == hand[9]


# --- Mariáš: the trump card stays face up until the first trick --------------------------------
def _suit_deal_with_defender_view(seed: int):
    rng = random.Random(seed)
    d = new_deal("marias", 2, random_deck("marias", rng), {})
    fh = d.forehand
    while d.phase not in ("play", "over"):
        legal = d.legal_actions()
        from game.rules.actions import CONTRACT, GOOD

        pick = CONTRACT["suit"] if CONTRACT["suit"] in legal else \
            GOOD if GOOD in legal else legal[0]
        d.apply(pick, d.to_move())
    return d, fh


def test_the_trump_card_is_shown_until_the_first_trick_and_while_t_is_held():
    checked = 0
    for seed in range(40):
        d, fh = _suit_deal_with_defender_view(seed)
        if d.contract_name != "suit":
            continue
        defender = (fh + 1) % 3
        card = d.observation(defender).trump_card
        assert shown_trump(d.observation(defender), defender) == card
        assert shown_trump(d.observation(fh), fh) is None  # the soloist holds it
        while not d.trick_log and not d.is_over():
            d.apply(d.legal_actions()[0], d.to_move())
        obs = d.observation(defender)
        played = any(a.verb is Verb.PLAY and a.card_text == card for _s, a in d.history)
        assert shown_trump(obs, defender) is None  # the first trick is over: back in hand
        assert shown_trump(obs, defender, peek=True) == (None if played else card)
        checked += 1
    assert checked >= 5


def test_the_table_keeps_the_trump_card_face_up_for_the_defender():
    from game.rules.cards import CARD_STR

    for seed in range(60):
        app = make_app(speed="fast")
        scene = app.switch("table", setup=GameSetup("marias", seats=["human", "easy", "easy"],
                                                    seed=seed), bot_budget_ms=0)
        for _ in range(5):
            app.step(1 / 60)
        if scene.flow.deal.forehand == 0:
            scene.shutdown()
            continue

        def play_starts(scene=scene) -> bool:
            if scene.human.waiting and not scene.anim.busy():
                obs = scene.input.observation()
                if obs.phase == "play":
                    return True
                scene.submit(next((a for a in obs.legal if a.verb is Verb.GOOD),
                                  obs.legal[-1]))
            return scene.flow.deal.phase in ("play", "over")

        assert wait(app, play_starts, 60)
        deal = scene.flow.deal
        if deal.contract_name == "suit" and not deal.trick_log:
            break
        scene.shutdown()
    else:
        raise AssertionError("no seed gives the defender a Suit contract to watch")
    card = CARD_STR[deal.trump_card]

    def face_up() -> bool:
        return any(s.card == card and s.flip > 0.9 and s.role == "aside"
                   for s in scene.stage.sprites.values())

    assert wait(app, lambda: not scene.anim.busy(), 20)
    for _ in range(90):  # well past the moment it used to go back (1.8 s)
        app.step(1 / 30)
    assert not deal.trick_log and face_up()


# --- the language and the scores in the menus --------------------------------------------------
@pytest.fixture
def screens(tmp_path, monkeypatch):
    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    from game.ui.app import App, install_services
    from game.ui.screens import register_all

    app = App(size=(1280, 720), lang="ru")  # as --lang ru starts it
    install_services(app)
    app.services.settings.language = "en"  # the saved setting
    register_all(app)
    yield app
    i18n.set_language("en")


def pump(app, frames: int = 4) -> None:
    for _ in range(frames):
        app.step(0.016)


def test_settings_started_with_lang_ru_show_russian(screens):
    scene = screens.switch("settings")
    pump(screens)
    assert scene.language.value == "ru"


def test_continue_names_whose_each_three_player_score_is(screens):
    i18n.set_language("en")
    match = Match("sixty-six-3", seed=5)
    for _ in range(2):
        deal = match.start_deal()
        while not deal.is_over():
            deal.apply(deal.legal_actions()[0])
        match.finish_deal()
    deal = match.start_deal()
    deal.apply(deal.legal_actions()[0])
    storage = screens.services.storage
    storage.save_match(write_record(match.deals), GameSetup(
        "sixty-six-3", seats=["human", "normal", "hard"]))
    storage.flush()
    scene = screens.switch("continue")
    pump(screens)
    (detail,) = scene.slot_details.values()  # the score, on the row's second line
    text = detail.text
    totals = match.totals
    assert "You" in text and "West" in text and "East" in text, text
    assert " : ".join(str(t) for t in totals) not in text


def test_two_player_scores_stay_short():
    from game.ui.scenes.menu import match_summary
    from game.ui.settings import Settings

    saved = types.SimpleNamespace(
        variant="marriage", setup=GameSetup("marriage"),
        state=types.SimpleNamespace(totals=[2, 5], deals=3))
    assert match_summary(saved, Settings())["score"] == "2 : 5"


# --- names that cannot be confused ---------------------------------------------------------------
def _plain(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text.lower())
                   if unicodedata.category(c) != "Mn")


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_marriage_and_marias_have_names_that_differ_at_a_glance(lang):
    a = _plain(tr("ui.variant_marriage", lang))
    b = _plain(tr("ui.variant_marias", lang))
    assert _distance(a, b) > 2, (a, b)  # Mariáž/Mariáš, Марьяж/Марьяш were 1 apart


@pytest.mark.parametrize("lang", LANGS)
def test_could_i_have_won_has_one_label(lang):
    assert tr("ui.showme_button", lang) == tr("ui.showme_title", lang)
    assert not i18n.has_key("ui.showme_short", lang)


def test_the_tutorial_names_buttons_and_contracts_as_the_game_does():
    from game.ui.lessons.tutorial import load_lessons

    lessons = {lesson.id: lesson for lesson in load_lessons()}
    discard = next(s for s in lessons["marias-seven"].steps if s.action.verb is Verb.DISCARD)
    for lang in LANGS:
        assert tr("ui.tutorial_discard", lang) in discard.text(lang), lang
    betl = lessons["marias-betl"]
    open_betl = tr("ui.contract_open_betl", "cs").lower()
    texts = [betl.title("cs")] + [s.text("cs") for s in betl.steps]
    assert all("otevřený betl" not in t.lower() for t in texts)
    assert open_betl in betl.title("cs").lower()


# --- polish -----------------------------------------------------------------------------------
def test_points_to_go_say_to_go():
    assert tr("ui.count_to_66", "en", n=66) == "(66 to go)"


def test_you_is_small_inside_a_sentence_and_capital_in_a_list():
    from game.ui.result_text import _Speaker

    en = _Speaker(["You", "North"], "french", "en")
    said = en.t("res_declared_before_closer", name="You", total=70, closer="North")
    assert "but you declared 66 first" in said
    assert "You +2" in en.scores([2, 0])
    assert en.t("res_declared", name="You", total=70).startswith("You ")


def test_the_review_list_shows_a_scrollbar_when_it_scrolls(tmp_path):
    from game.ui.app import App, install_services
    from game.ui.lessons.review_scene import ReviewScene
    from game.ui.storage import Storage

    app = App(size=(1024, 640))
    install_services(app, storage=Storage(tmp_path / "cfg", tmp_path / "data"))
    app.register("review", ReviewScene)
    rng = random.Random(2)
    deal = new_deal("marriage", 1, random_deck("marriage", rng))
    while not deal.is_over():  # a long deal: nobody declares or closes
        legal = [a for a in deal.legal_actions() if a.verb not in (Verb.DECLARE, Verb.CLOSE)]
        deal.apply(rng.choice(legal or deal.legal_actions()), deal.to_move())
    scene = app.switch("review", deal=deal, seat=0, iterations=5)
    scene.wait()
    app.step(1 / 60)
    assert scene.scrollbar is not None, len(scene.items)
    track, thumb, visible = scene.scrollbar
    assert visible < len(scene.items) and track.contains(thumb) and thumb.top == track.top
    scene.scroll = len(scene.items)
    app.step(1 / 60)
    app.invalidate()
    app.step(1 / 60)
    track, thumb, _visible = scene.scrollbar
    assert thumb.bottom == track.bottom  # at the end of the list, the thumb is at its foot
