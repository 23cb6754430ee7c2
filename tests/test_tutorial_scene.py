"""The lesson screen: its words in the language chosen now, its buttons whole."""

from __future__ import annotations

from game.ui.harness.layout_audit import play_through
from game.ui.i18n import apply_language
from tests.test_layout_audit import full_app


def test_a_language_chosen_in_the_middle_of_a_lesson_applies_to_its_words_at_once(tmp_path):
    app = full_app(tmp_path)
    apply_language(app, "en")
    scene = app.switch("tutorial", lesson="marias-seven")
    app.step(1 / 60)
    step = scene.run.step
    english = scene.last_narration
    assert english == step.text("en") and english
    apply_language(app, "ru")
    scene.layout_text()
    assert scene.last_narration == step.text("ru") != english
    apply_language(app, "en")


def test_every_button_of_the_mariash_lessons_shows_its_whole_name(tmp_path):
    """Eight contracts (and five ways of "bad") between the narration and the Lessons
    button, at the small window sizes, in every language: nothing cut, nothing overlapping,
    nothing outside the panel."""
    app = full_app(tmp_path)
    lessons = ("tutorial marias-seven", "tutorial marias-betl")
    report = play_through(app, ((1024, 640), (1280, 720)), ("en", "ru", "cs"), variants=(),
                          screens=False, only=lambda name: name in lessons)
    assert report.checked >= 2 * 3 * 4
    assert report.problems == {}
