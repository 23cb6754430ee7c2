"""``--selftest`` headless: every game dealt and played to the end, JSON with the timings."""

from __future__ import annotations

from game.ui.harness.selftest import run_selftest


def test_selftest_runs_headless(tmp_path, monkeypatch) -> None:
    """The whole selftest on a small window.  Its two long checks each walk every screen
    (text fits, layout audit) and have tests of their own (tests/test_text_fits.py and
    tests/test_layout_audit.py walk more than they do); here they are only seen to be
    run, on the selftest's own window, and their answer to be reported.  CI runs the
    whole selftest, those checks included, on the installed wheel and on the bundle."""
    from game.ui.harness import selfchecks

    walked: dict[str, tuple[int, int]] = {}

    def seen(name: str):
        def check(app) -> bool:
            walked[name] = app.size
            return True
        return check

    for name in ("text_fits_all_languages", "layout_audit"):
        monkeypatch.setitem(selfchecks.CHECKS, name, seen(name))
    result = run_selftest(screenshots=str(tmp_path), size=(1024, 640))
    assert walked == {"text_fits_all_languages": (1024, 640), "layout_audit": (1024, 640)}
    assert result["ok"], result["errors"]
    for key in ("frames", "first_frame_ms", "frame_ms", "moving_frame_ms",
                "normal_speed_moving_frame_ms", "bot_thinking_frame_ms", "deals", "size"):
        assert key in result
    assert {"p50", "p95", "max"} <= set(result["frame_ms"])
    assert [d["variant"] for d in result["deals"]][:4] == ["marriage", "sixty-six",
                                                            "sixty-six-3", "marias"]
    assert all(d["ok"] for d in result["deals"])
    assert result["frames"] > 100
    assert any(p.endswith(".png") for p in result["screenshots"])
    # The comforts: deck and language switched mid-deal, save/quit/continue.
    assert result["comforts"] == {
        "deck_switched": True, "russian_ui": True, "continued_same_deal": True,
        "resumed_after_quit": True, "finished_after_continue": True,
        "new_game_keeps_match": True,  # New game asks before replacing a match
    }
    # Every trap the table is tried for, by name.
    from game.ui.harness.selfchecks import CHECKS

    assert set(CHECKS) | {"new_game_keeps_match"} == set(result["checks"])
    assert all(result["checks"].values()), result["checks"]


def test_network_check_collects_the_resting_tricks(tmp_path, monkeypatch) -> None:
    """With the players' default "collect a trick with a click", the network check's
    table waits for a click after every trick: the check gives it, as a person does,
    and the match plays to its end (it stopped at the first trick before)."""
    from game.ui.app import App
    from game.ui.harness import selftest
    from game.ui.settings import Settings

    monkeypatch.setenv("MARRIAGE_TABLE_HOME", str(tmp_path))
    app = App(size=(800, 600))
    settings = Settings(animation_speed="fast", bot_pause_ms=0)
    assert settings.collect_trick == "click"
    app.services.settings = settings
    selftest._register(app)
    app.switch("menu")

    def frame(*_a: object) -> None:
        app.step_or_rest(selftest.DT)

    frame()
    result = selftest._network_check(app, frame)
    assert result["ok"], result
