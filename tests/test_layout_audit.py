"""Nothing cut or hidden: the layout audit, and the play-through that runs it everywhere."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ui.app import App, install_services
from game.ui.harness.layout_audit import audit, play_through
from game.ui.screens import register_all
from game.ui.settings import Settings
from game.ui.storage import Storage

SIZES = ((1024, 640), (1280, 720), (1920, 1080))
LANGS = ("en", "ru", "cs")


def full_app(tmp_path, size=(1280, 720)) -> App:
    app = App(size=size)
    settings = Settings(animation_speed="instant", bot_pause_ms=0, collect_trick="auto",
                        trick_pause_ms=0)
    app.services.settings = settings
    install_services(app, storage=Storage(tmp_path / "cfg", tmp_path / "data"),
                     settings=settings)
    register_all(app)
    app.switch("menu")
    app.step(1 / 60)
    return app


class _Blank:
    name = "blank"


@pytest.fixture
def bare(tmp_path):
    app = full_app(tmp_path)
    app.switch("menu")
    for e in list(app.manager.get_sprite_group().sprites()):
        if isinstance(e, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel):
            e.kill()
    return app


def _kinds(app) -> list[str]:
    return [p.kind for p in audit(app)]


def test_the_audit_sees_a_widget_over_another_and_one_outside(bare):
    m = bare.manager
    pygame_gui.elements.UIButton(pygame.Rect(100, 100, 200, 40), "One", m)
    pygame_gui.elements.UIButton(pygame.Rect(250, 110, 200, 40), "Two", m)
    pygame_gui.elements.UIButton(pygame.Rect(1200, 700, 200, 40), "Three", m)
    kinds = _kinds(bare)
    assert "overlap" in kinds and "outside" in kinds


def test_the_audit_sees_a_clipped_label(bare):
    pygame_gui.elements.UILabel(pygame.Rect(100, 100, 60, 30), "Следующая сдача", bare.manager)
    bare.step(1 / 60)
    assert "clipped" in _kinds(bare)


def test_a_clean_screen_passes(bare):
    pygame_gui.elements.UIButton(pygame.Rect(100, 100, 200, 40), "One", bare.manager)
    bare.step(1 / 60)
    assert audit(bare) == []


def _sample(name: str) -> bool:
    """The play-through's sample: every screen but the rules pages (long scrolling text,
    checked by test_text_fits), every table state, the Mariáš lesson with its eight
    contract buttons and the first lesson."""
    if name.startswith("rules "):
        return False
    if name.startswith("tutorial "):
        return name in ("tutorial marias-seven", "tutorial marriage")
    return True


def test_every_screen_and_table_state_in_every_language_and_size(tmp_path):
    """The play-through: the screens, each game's phases and overlays (hint, its values,
    counting aid, tip, last trick, contract choice, discard, the deal's end) and the
    lessons, in en/ru/cs at 1024×640, 1280×720 and 1920×1080 — nothing cut or hidden."""
    app = full_app(tmp_path)
    report = play_through(app, SIZES, LANGS, only=_sample)
    print(report.summary())
    assert len(report.states) >= 40, report.summary()
    assert report.checked >= len(report.states) * len(LANGS) * len(SIZES) * 0.8
    # Nothing but the open faults listed in layout_audit.KNOWN, and each of them still
    # there (a fixed one leaves the list).  The hint is searched for a fixed number of
    # iterations (AUDIT_HINT_ITERATIONS), so its panel is the same on every run.
    assert not report.new(), report.summary() + "\n" + "\n".join(report.new()[:40])
    assert not report.fixed(), "fixed, take out of KNOWN:\n" + "\n".join(report.fixed())


def _tutorial_at_contracts(app):
    """The Mariáš lesson's step where the player names the contract (eight buttons)."""
    scene = app.switch("tutorial")
    ids = [lesson.id for lesson in scene.lessons]
    scene.start(ids.index("marias-seven"))
    for _ in range(60):
        run = scene.run
        if run.human_turn() and len(scene.action_buttons) >= 6:
            return scene
        if scene.waiting_continue:
            scene.on_button("continue")
        elif run.human_turn():
            scene.try_action(run.expected())
        else:
            scene.play_scripted()
        app.step(1 / 60)
    raise AssertionError("the lesson never asks for the contract")


def test_the_tutorials_contract_buttons_stay_in_their_frame(tmp_path):
    """cs 1024×640: eight contract buttons ran past the frame and over "Lekce"."""
    from game.ui.i18n import apply_language

    app = full_app(tmp_path, size=(1024, 640))
    apply_language(app, "cs")
    scene = _tutorial_at_contracts(app)
    for _ in range(3):
        app.step(1 / 60)
    side = scene.side_rect()
    lessons = [e for e in app.manager.get_sprite_group().sprites()
               if isinstance(e, pygame_gui.elements.UIButton) and e.alive()
               and "tutorial_lessons" in str(e.text)]
    assert lessons
    for b in scene.action_buttons.values():
        assert side.contains(b.rect), (b.text, b.rect, side)
        assert not b.rect.colliderect(lessons[0].rect)
    assert audit(app) == []


def test_a_hint_closes_the_tip(tmp_path):
    from game.ui.session import GameSetup
    from tests.test_table_traps import human_turn

    app = full_app(tmp_path)
    app.services.settings.tips = True
    table = app.switch("table", setup=GameSetup("sixty-six", seats=["human", "easy"], seed=3,
                                                practice=True), bot_budget_ms=0)
    human_turn(app, table)
    layer = table.layer
    layer.tips.show(["tip_close_sixty_six"], app.size)
    assert layer.tips.active
    layer.hint()
    assert layer.panel.visible and not layer.tips.active  # one box at a time


def test_the_result_panel_holds_its_buttons_in_russian(tmp_path):
    """ru 1024×640, Mariáš deal over: "Следующая сдача" was cut; in two rows now, inside
    a panel as high as they need, clear of its table."""
    from game.ui.i18n import apply_language
    from game.ui.session import GameSetup
    from tests.test_table_traps import wait

    app = full_app(tmp_path, size=(1024, 640))
    apply_language(app, "ru")
    table = app.switch("table", setup=GameSetup("marias", seats=["easy"] * 3, seed=2),
                       bot_budget_ms=0)
    assert wait(app, lambda: table.model.result is not None, 60)
    for lang in ("en", "ru"):  # built in one language, then the other (plates change)
        apply_language(app, lang)
        table.resize(app.size)
        for _ in range(3):
            app.step(1 / 60)
    r = table.panels.result_rect()
    buttons = [table.widgets[k] for k in ("next", "score", "review", "showme", "end_menu")
               if k in table.widgets]
    assert buttons
    top = min(b.rect.top for b in buttons)
    for b in buttons:
        assert r.contains(b.rect), (b.text, b.rect, r)
    rows_end = r.y + table.layout.font * (3.0 + 1.3 * len(table.panels.summary_lines(r.w))
                                          + 0.4 + 1.35 * 4)
    assert top >= rows_end, (top, rows_end)
    assert [p for p in audit(app) if "table_" in p.what] == []


def test_the_counting_aid_steps_aside_for_a_tip_and_comes_back(tmp_path):
    """A Mariáš defender's answer at 1024×640 in Russian: the tip finds no free place but
    the counting aid's; the aid steps aside while the tip is up, and comes back (in a
    free place) once it is gone."""
    from game.ui.harness.layout_audit import table_states
    from game.ui.i18n import apply_language

    app = full_app(tmp_path, size=(1024, 640))
    apply_language(app, "ru")
    try:
        table = None
        for state, _rebuild in table_states(app, "marias", 3, defender=True):
            if state.endswith("answer bad+good"):
                table = app.scene
                break
        assert table is not None
        for _ in range(3):
            app.step(1 / 60)
        assert table.layer.tips.active
        assert table.counting.spot.w and not table.counting.rect.w  # aside
        assert table.layer.tips.rect.colliderect(table.counting.spot)  # its place
        while table.layer.tips.active:
            table.layer.tips.dismiss()
            for _ in range(3):
                app.step(1 / 60)
        assert table.counting.rect.w and table.counting.rect == table.counting.spot  # back
        assert audit(app) == []
    finally:
        apply_language(app, "en")
