"""``--selftest``: play one deal of every game with bots in every seat, through the real scenes.

Why through the real scenes: it is the cheapest end-to-end check a build can
run on a machine with no display (CI, a freshly unpacked bundle): the menu,
the new-game screen, the table with its animation and bot threads, and the
score sheet all run exactly as for a player; only the seats are bots.  Frame
times are measured on real frames (cards really move) so the JSON numbers are
meaningful; ``ok`` is true only if every deal reached its end legally (the
written record replays through the rules engine).
"""

from __future__ import annotations

import logging
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from game.rules.variants import deal_class
from game.ui import routes

from ..screens import register_all

log = logging.getLogger(__name__)

VARIANTS = ("marriage", "sixty-six", "sixty-six-3", "marias")
#: Simulated seconds per frame (the loop does not sleep: it runs as fast as it can).
DT = 1 / 60
DEAL_TIMEOUT_S = 45.0
#: A tiny search budget: the selftest checks the plumbing, not the bots' strength.
BOT_BUDGET_MS = 40


def _stats(times: list[float]) -> dict[str, float]:
    if not times:
        return {"n": 0, "p50": 0.0, "p95": 0.0, "max": 0.0}
    s = sorted(times)
    return {
        "n": len(s),
        "p50": round(statistics.median(s), 2),
        "p95": round(s[max(0, int(len(s) * 0.95) - 1)], 2),
        "max": round(s[-1], 2),
    }


class _Recorder:
    """Frame times by what was happening: cards moving, a bot thinking, anything."""

    def __init__(self) -> None:
        self.all: list[float] = []
        self.moving: list[float] = []
        self.thinking: list[float] = []
        self.normal_moving: list[float] = []


def _register(app: Any) -> None:
    """Every scene of the program, as the window registers them (a broken one fails)."""
    register_all(app)


def tune_for_script(app: Any, settings: Any, speed: str | None = None) -> Any:
    """Fast animation and no bot pause, on whatever Settings object the screens installed."""
    current = app.services.settings or settings
    current.animation_speed = speed or current.animation_speed
    if speed is None:
        current.animation_speed = settings.animation_speed
    current.bot_pause_ms = 0
    app.services.settings = current
    return current


def _through_setup(app: Any, variant: str, levels: list[str], frame: Callable[[], None],
                   errors: list[str], shot: Callable[[str], None] | None = None) -> Any:
    """Menu → "New game" → pick the game and the computer levels → "Start"."""
    try:
        app.go(routes.Menu())
        frame()
        menu: Any = app.scene
        if hasattr(menu, "on_button") and "setup" in app.scene_factories:
            menu.on_button("new")
        else:
            return None
        for _ in range(3):
            frame()
        setup_screen: Any = app.scene
        if setup_screen is None or setup_screen.name != "setup":
            return None
        setup_screen.select_variant(variant)
        if isinstance(getattr(setup_screen, "levels", None), dict):
            setup_screen.levels[variant] = list(levels[1:])
        for _ in range(3):
            frame()
        if shot is not None:
            shot("02-new-game")
        setup_screen.on_button("start")
        if getattr(setup_screen, "replace_pending", None) is not None:
            frame()  # "a match of this game is in progress": start a new one, as asked
            setup_screen.on_button("replace_start")
        return getattr(setup_screen, "last_setup", None)
    except Exception as exc:  # noqa: BLE001 - report, then take the direct way
        errors.append(f"menu/new-game screens: {exc!r}")
        return None


def _new_game_keeps_match(app: Any, frame: Callable[[], None]) -> bool:
    """New game of a game with a match in progress asks first and keeps it."""
    from ..session import GameSetup

    storage = app.services.storage
    storage.save_match(_started_record("sixty-six"), GameSetup("sixty-six"))
    before = storage.load_match("sixty-six")
    app.go(routes.Setup())
    frame()
    screen: Any = app.scene
    screen.select_variant("sixty-six")
    asked = screen.start() is None and screen.replace_pending is not None
    frame()
    screen.on_button("replace_cancel")
    kept = storage.load_match("sixty-six") == before and app.scene is screen
    storage.clear_match("sixty-six")
    app.go(routes.Menu())
    frame()
    return bool(asked and kept and before is not None)


def _started_record(variant: str) -> str:
    """A deal of ``variant`` two actions in (a match in progress)."""
    import random

    from game.rules import new_deal, random_deck, write_deal

    deal = new_deal(variant, 0, random_deck(variant, random.Random(5)))
    for _ in range(2):
        deal.apply(deal.legal_actions()[0])
    return write_deal(deal)


def _comforts(app: Any, frame: Callable[[], None], shot: Callable[[str], None],
               errors: list[str]) -> dict[str, Any]:
    """Mid-deal: switch the deck and the language (Russian) on the settings screen, come
    back through the menu's Continue, then save, quit the program and continue the match
    in a freshly started one, to the end of the deal.  Returns what was checked."""
    from game.rules import replay_text

    from .. import i18n
    from ..app import App
    from ..session import GameSetup
    from ..storage import Storage

    checks: dict[str, Any] = {}
    storage = app.services.storage
    checks["new_game_keeps_match"] = _new_game_keeps_match(app, frame)
    app.services.table_autoplay = "easy"
    table: Any = app.go(routes.Table(
        setup=GameSetup("marriage", seats=["human", "easy"], seed=77)))
    deadline = time.perf_counter() + DEAL_TIMEOUT_S
    while (table.flow.actions_applied < 6 or table.anim.busy()) and \
            time.perf_counter() < deadline:
        frame()
        time.sleep(0.001)
    before = table.flow.record_text()

    # Settings mid-deal: another deck and the Russian interface, applied at once.
    app.go(routes.Menu())
    frame()
    menu_scene: Any = app.scene
    menu_scene.on_button("settings")
    frame()
    settings_screen: Any = app.scene
    settings_screen.choose("deck_french", "french-4color")
    settings_screen.choose("card_back", "blue-rosette")
    settings_screen.choose_language("ru")
    for _ in range(3):
        frame()
    shot("90-settings-ru")
    app.go(routes.Menu())
    frame()
    menu_scene = app.scene
    menu_scene.resume()  # the menu's Continue
    table = app.scene
    for _ in range(30):
        frame()
    shot("91-table-ru-4color")
    checks["deck_switched"] = table.art.artwork == "french-4color"
    checks["russian_ui"] = i18n.current_language() == "ru" and \
        i18n.tr("ui.menu_new") != i18n.tr("ui.menu_new", lang="en")
    checks["continued_same_deal"] = table.flow.record_text().startswith(before.rstrip("\n"))

    # Save, quit, start the program again, Continue: the same match, played to its end.
    saved = table.flow.record_text()
    size = app.size
    storage.flush()
    table.shutdown()
    del table, menu_scene, settings_screen
    app.close()  # as when the program quits: nothing of this window is left
    app2 = App(size=size)
    app2.services.settings = app.services.settings
    app2.services.storage = Storage(storage.config_dir, storage.data_dir)
    app2.services.table_autoplay = "easy"
    _register(app2)
    app2.go(routes.Menu())
    app2.step(DT)
    menu2: Any = app2.scene
    menu2.resume()  # the menu's Continue
    table2: Any = app2.scene
    checks["resumed_after_quit"] = (table2.name == "table"
                                    and table2.flow.record_text() == saved)
    deadline = time.perf_counter() + DEAL_TIMEOUT_S
    while table2.model.result is None and time.perf_counter() < deadline:
        app2.step_or_rest(DT)
        time.sleep(0.001)
    for _ in range(10):
        app2.step(DT)
    shot_app = app2.screen
    deal = table2.flow.deal
    checks["finished_after_continue"] = bool(
        deal is not None and deal.is_over()
        and replay_text(table2.flow.record_text())[-1].score() == deal.score())
    if shot_app is not None:
        app.screen = shot_app  # the screenshot helper reads app.screen
        shot("92-continued-deal-end")
    table2.shutdown()
    i18n.apply_language(app2, "en")
    for name, good in checks.items():
        if not good:
            errors.append(f"comforts: {name} failed")
    return checks


def run_selftest(screenshots: str | None = None, size: tuple[int, int] | None = None,
                 variants: tuple[str, ...] = VARIANTS, normal_phase: bool = True,
                 levels: tuple[str, ...] = ("easy", "normal", "easy"),
                 comfort_phase: bool = True, check_phase: bool = True) -> dict[str, Any]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    start = time.perf_counter()
    import pygame

    from game.rules import replay_text

    from ..app import App
    from ..session import GameSetup
    from ..settings import Settings

    errors: list[str] = []
    shots: list[str] = []
    app = App(size=size or (1280, 720))
    settings = Settings(animation_speed="fast", bot_pause_ms=0)
    app.services.settings = settings
    _register(app)
    rec = _Recorder()

    def shot(name: str) -> None:
        if screenshots:
            os.makedirs(screenshots, exist_ok=True)
            path = os.path.join(screenshots, f"{name}.png")
            pygame.image.save(app.screen, path)
            shots.append(path)

    def frame(kind: Callable[[], tuple[bool, bool]] | None = None) -> None:
        if not app.step_or_rest(DT):
            return  # nothing changed: no frame was drawn
        ms = app.frame_times[-1]
        rec.all.append(ms)
        if kind is not None:
            moving, thinking = kind()
            if moving:
                rec.moving.append(ms)
                if settings.animation_speed == "normal":
                    rec.normal_moving.append(ms)
            if thinking:
                rec.thinking.append(ms)

    app.go(routes.Menu())
    frame()
    first_frame_ms = (time.perf_counter() - start) * 1000
    tune_for_script(app, settings)
    for _ in range(20):
        frame()
    shot("01-menu")

    deals: list[dict[str, Any]] = []
    last_table: Any = None
    plan = [(v, "fast") for v in variants]
    if normal_phase:
        plan.append((variants[0], "normal"))
    for i, (variant, speed) in enumerate(plan):
        settings = tune_for_script(app, settings, speed)
        players = deal_class(variant).players
        seats = list(levels[:players])
        t0 = time.perf_counter()
        # The real way in: the menu's "New game", the setup screen, its "Start" button.
        app.services.table_autoplay = levels[0]
        app.services.table_bot_budget_ms = BOT_BUDGET_MS
        setup = _through_setup(app, variant, seats, frame, errors, shot if i == 0 else None)
        if setup is None or app.scene is None or app.scene.name != "table":
            setup = GameSetup(variant, seats=seats, seed=1000 + i)
            app.go(routes.Table(setup=setup))
        table: Any = app.scene

        def kind(table: Any = table) -> tuple[bool, bool]:
            return table.anim.moving(), table.flow.thinking_seat() is not None

        tag = f"{i + 3:02d}-{variant}" + ("-normal" if speed == "normal" else "")
        shot_mid = False
        shot_start = False
        while table.model.result is None and time.perf_counter() - t0 < DEAL_TIMEOUT_S:
            frame(kind)
            flow = table.flow
            deal = flow.deal
            if deal is None:
                continue
            played = len(deal.trick_log)
            if not shot_start and flow.actions_applied >= 2 and not table.anim.busy():
                shot(f"{tag}-start")
                shot_start = True
            if not shot_mid and played >= 3 and table.anim.moving():
                shot(f"{tag}-mid")
                shot_mid = True
            if flow.thinking_seat() is not None:
                time.sleep(0.001)  # let the bot thread run; the frame loop keeps drawing
        for _ in range(5):
            frame(kind)
        shot(f"{tag}-end")
        flow = table.flow
        deal = flow.deal
        info: dict[str, Any] = {"variant": variant, "speed": speed,
                                "seconds": round(time.perf_counter() - t0, 2)}
        ok = deal is not None and deal.is_over() and table.model.result is not None
        try:
            replayed = replay_text(flow.record_text())[-1]
            ok = ok and replayed.is_over() and replayed.score() == deal.score()
        except Exception as exc:  # noqa: BLE001
            ok = False
            errors.append(f"{variant}: record does not replay: {exc}")
        if flow.errors:
            ok = False
            errors.extend(f"{variant}: {e}" for e in flow.errors)
        info.update(ok=ok, actions=len(deal.history) if deal else 0,
                    score=deal.score() if deal else None)
        if not ok:
            errors.append(f"{variant}: the deal did not reach its end")
        deals.append(info)
        if speed == "fast" and "score" in app.scene_factories:
            try:
                app.go(routes.Score(match=flow.match, setup=setup, return_to="table"))
                for _ in range(8):
                    frame()
                shot(f"{tag}-score")
            except Exception as exc:  # noqa: BLE001
                errors.append(f"score sheet: {exc!r}")
        last_table = table
    if deals:
        last_table.shutdown()
    try:
        app.go(routes.Menu())
        frame()
    except Exception as exc:  # noqa: BLE001
        errors.append(f"back to the menu: {exc!r}")
    checks: dict[str, bool] = {}
    if check_phase:
        from .selfchecks import run_checks

        try:
            checks = run_checks(app, errors)
            app.go(routes.Menu())
            frame()
        except Exception as exc:  # noqa: BLE001 - report it as failed checks
            log.exception("check phase")
            errors.append(f"checks: {exc!r}")
    w, h = app.size
    # Before the comforts: they quit this window and continue in a new one.
    try:
        network = _network_check(app, frame)
    except Exception as exc:  # noqa: BLE001 - report it as a failed check
        log.exception("network check")
        network = {"ok": False, "error": repr(exc)}
    if not network.get("ok"):
        errors.append(f"network: {network}")
    comforts: dict[str, Any] = {}
    if comfort_phase:
        try:
            comforts = _comforts(app, frame, shot, errors)
        except Exception as exc:  # noqa: BLE001 - report it as a failed check
            log.exception("comfort phase")
            errors.append(f"comforts: {exc!r}")
    pygame.quit()
    # The new-game check runs with the comforts: named here with the table's other checks.
    if "new_game_keeps_match" in comforts:
        checks["new_game_keeps_match"] = bool(comforts["new_game_keeps_match"])
    ok = not errors and all(d["ok"] for d in deals) and len(deals) == len(plan)
    # The frame targets (reported, not part of "ok": they depend on the machine's load).
    limit = 8.0 if w * h <= 1280 * 720 else 12.0
    moving, thinking = _stats(rec.moving), _stats(rec.thinking)
    targets = {
        "moving_p95_ms": limit, "bot_thinking_max_ms": 50.0, "first_frame_ms": 1500.0,
        "met": {
            "moving_p95": moving["p95"] <= limit,
            "bot_thinking_max": thinking["max"] <= 50.0,
            "first_frame": first_frame_ms <= 1500.0,
        },
    }
    return {
        "ok": ok,
        "size": f"{w}x{h}",
        "seconds": round(time.perf_counter() - start, 1),
        "frames": len(rec.all),
        "first_frame_ms": round(first_frame_ms, 1),
        "frame_ms": _stats(rec.all),
        "moving_frame_ms": moving,
        "normal_speed_moving_frame_ms": _stats(rec.normal_moving),
        "bot_thinking_frame_ms": thinking,
        "targets": targets,
        "deals": deals,
        "comforts": comforts,
        "network": network,
        #: One named boolean per trap the table is tried for (game.ui.harness.selfchecks).
        "checks": checks,
        "screenshots": shots,
        "errors": errors,
    }


def _network_check(app: Any, frame: Callable[..., None], seconds: float = 30.0) -> dict[str, Any]:
    """A one-deal Marriage match at a table hosted on the loopback, through the net scenes.

    The host's window sits at seat 0 (the selftest chooses its cards), a computer at
    seat 1 in the bot process: the server thread, the client thread, the lobby and the
    networked table all run as for players.  Nothing is saved (no storage is given).
    """
    from game.net.table import OPEN, AwayPolicy

    from ..netplay.session import NetSession
    from ..session import GameSetup

    if "net_table" not in app.scene_factories:
        return {"ok": False, "error": "the network scenes are missing"}
    t0 = time.perf_counter()
    setup = GameSetup("marriage", {"match_points": 1}, network={"host_seat": 0})
    session = NetSession.host(setup, [OPEN, "easy"], "Selftest", 0, AwayPolicy("easy", 1.0),
                              bot_pause_s=0.0, announce=False)
    app.services.net = session
    actions = collected = 0
    try:
        app.go(routes.NetLobby())
        while time.perf_counter() - t0 < seconds:
            frame()
            table: Any = app.scene
            if table is None or table.name != "net_table" or table.flow is None:
                time.sleep(0.002)
                continue
            flow = table.flow
            if flow.match.over and table.model.result is not None:
                break
            if table.collect_trick():
                # A finished trick rests for the player's click as at the solo table
                # (the default setting): the check clicks like a person, or no later
                # move would ever come.
                collected += 1
            elif flow.waiting_for_human() and not table.anim.busy():
                table.submit(flow.pending.observation.legal[0])
                actions += 1
            else:
                time.sleep(0.002)
        flow = session.flow
        hosted = session.server.server.table if session.server else None
        ok = bool(flow.match.over and hosted is not None and hosted.live.is_over()
                  and flow.match.totals == hosted.live.totals and actions > 0)
        return {"ok": ok, "seconds": round(time.perf_counter() - t0, 2), "actions": actions,
                "collected": collected, "totals": list(flow.match.totals)}
    finally:
        app.services.take_net()
        session.close()
        app.go(routes.Menu())
