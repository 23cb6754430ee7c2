"""Is anything cut or hidden?  Measured on the live screen: widgets and what the table drew.

A screen can break in four ways a player notices at once, and each is a question about
rectangles the running program already knows:

* **clipped** — a label's or button's text wider than its rect, or shortened with "…";
  a text the table drew cut by its panel (:mod:`game.ui.harness.textfit` measures them);
* **overlap** — a widget over another widget, or a panel drawn on the felt (the hint,
  a tip, the counting aid, the prompt) over a widget, a name plate or another panel;
* **covers a card** — a widget or panel over a card the player needs: a hand, the
  trick, the trump card, the stock or the talon;
* **outside** — a widget or panel not wholly inside the window.

:func:`audit` answers them for the current screen.  Scenes say what they drew through
:meth:`~game.ui.scene.Scene.regions` (the table: its cards, plates, boxes, panels and key
legend; the tutorial: its cards and the frame its buttons belong in) and the texts they
drew with their room through :meth:`~game.ui.scene.Scene.text_fits`.

:func:`play_through` drives the program through every screen and, for each game, the
table's phases (contract choice, discard, a card to play, the deal's end) with its
overlays (hint, its values, counting aid, tip, last trick, a question) and the
tutorial's steps, at several window sizes, auditing each state in every language.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import pygame
import pygame_gui

from game.rules.variants import deal_class
from game.ui import routes

from ..gui_internals import translate
from ..lessons.tutorial_scene import TutorialScene
from ..regions import BOX, CARD, LEGEND, PANEL, Region
from ..table.scene import TableScene
from .textfit import SLACK, in_tooltip, object_id, overflows, stops

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

#: The widget types a player reads or presses (containers and decorations are left out).
WIDGET_TYPES = (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel,
                pygame_gui.elements.UITextBox, pygame_gui.elements.UITextEntryLine,
                pygame_gui.elements.UIDropDownMenu, pygame_gui.elements.UIHorizontalSlider,
                pygame_gui.elements.UISelectionList)


@dataclass(frozen=True)
class Problem:
    """One thing cut or hidden on one screen."""

    kind: str  # "clipped" | "overlap" | "covers card" | "outside"
    what: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.what} — {self.detail}"


def _touch(a: pygame.Rect, b: pygame.Rect, slack: int = SLACK) -> bool:
    """Whether two rects share more than an antialiased edge."""
    c = a.clip(b)
    return c.w > slack and c.h > slack


def _visible_rect(element: Any) -> pygame.Rect | None:
    """The part of ``element`` its containers show (a scrolled list hides the rest)."""
    rect = pygame.Rect(element.rect)
    container = getattr(element, "ui_container", None)
    seen = 0
    while container is not None and seen < 20:
        parent = getattr(container, "ui_container", None)
        if parent is None or parent is container:
            break  # the root container is the window: outside it is a fault, not hidden
        crect = getattr(container, "rect", None)
        if crect is not None:
            rect = rect.clip(crect)
        container = parent
        seen += 1
    return rect if rect.w > 0 and rect.h > 0 else None


def widgets(manager: Any) -> list[tuple[str, Any, pygame.Rect]]:
    """``(name, element, visible rect)`` of every top-level widget a player reads or presses
    (the parts of a composite widget — a drop-down's list, a text box's scroll bar — are
    its own business)."""
    out = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, WIDGET_TYPES) or not cast(Any, element).alive() or \
                not element.visible or in_tooltip(element):
            continue
        if getattr(element, "parent_element", None) is not None:
            continue
        rect = _visible_rect(element)
        if rect is None:
            continue
        text = getattr(element, "text", "") or ""
        name = object_id(element) + (f" {_label(element, text)!r}" if text else "")
        out.append((name, element, rect))
    return out


def _label(element: Any, text: str) -> str:
    try:
        shown = translate(text, **(getattr(element, "text_kwargs", None) or {}))
    except (KeyError, ValueError, TypeError, IndexError):  # a name for the report only
        shown = text
    return shown[:40]


def scene_regions(app: App) -> list[Region]:
    """What the current scene drew itself (:meth:`game.ui.scene.Scene.regions`)."""
    scene = app.scene
    return [] if scene is None else list(scene.regions())


def audit(app: App) -> list[Problem]:
    """Everything cut or hidden on the current screen."""
    found = [Problem("clipped", o.where, f"{o.text!r} needs {o.need} px, has {o.room}")
             for o in overflows(app)]
    window = pygame.Rect(0, 0, *app.size)
    items = widgets(app.manager)
    regions = scene_regions(app)
    modal = any(r.kind == PANEL and r.rect == window for r in regions)
    for name, _e, rect in items:
        if not window.contains(rect):
            found.append(Problem("outside", name, f"{tuple(rect)} in {app.size}"))
    for r in regions:
        if r.kind == PANEL and not window.contains(r.rect):
            found.append(Problem("outside", r.name, f"{tuple(r.rect)} in {app.size}"))
    for i, (name, _e, rect) in enumerate(items):
        for other, _o, orect in items[i + 1:]:
            if _touch(rect, orect):
                found.append(Problem("overlap", name, f"over {other}"))
    for fr in regions:
        for name, element, rect in items:
            if id(element) in fr.members and not fr.rect.contains(rect):
                found.append(Problem("outside", name, f"out of {fr.name}"))
    if modal:
        return found  # a question over a veil: the table under it waits
    cards = [r for r in regions if r.kind == CARD]
    boxes = [r for r in regions if r.kind == BOX]
    panels = [r for r in regions if r.kind == PANEL]
    dealt = not any(p.over_cards and p.members for p in panels)  # the deal's result shown
    for name, element, rect in items:
        for r in cards if dealt else []:
            if _touch(rect, r.rect):
                found.append(Problem("covers card", name, f"over {r.name}"))
        for r in boxes + panels:
            if id(element) not in r.members and _touch(rect, r.rect):
                found.append(Problem("overlap", name, f"over {r.name}"))
    for b in boxes:
        if b.name == LEGEND:
            for r in cards:
                if _touch(b.rect.inflate(4, 4), r.rect, 0):
                    found.append(Problem("overlap", b.name, f"touches {r.name}"))
    for i, p in enumerate(panels):
        if not p.over_cards:
            for r in cards:
                if _touch(p.rect, r.rect):
                    found.append(Problem("covers card", p.name, f"over {r.name}"))
        for r in boxes + panels[i + 1:]:
            if _touch(p.rect, r.rect):
                found.append(Problem("overlap", p.name, f"over {r.name}"))
    return _unique(found)


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: set[Problem] = set()
    out = []
    for p in problems:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out


def problem_key(where: str, p: Problem) -> str:
    """``where`` and ``p`` in one line, without the pixel counts of a clipped text."""
    return f"{where} | {p.kind} | {p.what} | {p.detail.split(' needs ')[0]}"


#: The faults the play-through still finds and nobody has fixed yet, as
#: :func:`problem_key` lines.  The test fails on any other fault, and on a line here that
#: no longer occurs (a fixed fault leaves this list with its fix).
KNOWN: frozenset[str] = frozenset()


# --- the play-through -------------------------------------------------------------------
@dataclass
class Report:
    """What the play-through checked and found."""

    states: set[str] = field(default_factory=set)
    checked: int = 0  # states × languages × sizes audited
    problems: dict[str, list[Problem]] = field(default_factory=dict)
    languages: tuple[str, ...] = ()
    sizes: tuple[tuple[int, int], ...] = ()
    shots: str | None = None  # a folder for a picture of each screen with a problem
    visited: set[str] = field(default_factory=set)  # "WxH lang state" of each screen seen

    def add(self, where: str, state: str, found: list[Problem]) -> None:
        self.visited.add(where)
        self.states.add(state)
        self.checked += 1
        if found:
            self.problems[where] = found

    def count(self) -> int:
        return sum(len(v) for v in self.problems.values())

    def keys(self) -> set[str]:
        """Each problem found as a line that does not depend on pixel counts."""
        return {problem_key(where, p) for where, found in self.problems.items() for p in found}

    def new(self) -> list[str]:
        """The problems found that are not among the :data:`KNOWN` open ones."""
        return sorted(self.keys() - KNOWN)

    def fixed(self) -> list[str]:
        """The :data:`KNOWN` problems of the screens seen that no longer occur."""
        return sorted(k for k in KNOWN - self.keys() if k.split(" | ")[0] in self.visited)

    def lines(self) -> list[str]:
        return [f"{where}: {p}" for where, found in self.problems.items() for p in found]

    def summary(self) -> str:
        return (f"{len(self.states)} states × {len(self.languages)} languages × "
                f"{len(self.sizes)} sizes: {self.checked} screens checked, "
                f"{self.count()} problems")


def _frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def _in_languages(app: App, report: Report, size: tuple[int, int], state: str,
                  langs: tuple[str, ...], rebuild: Callable[[], None] | None = None) -> None:
    """Audit the screen as it is now in every language (the screen rebuilt for each)."""
    from ..i18n import apply_language

    for lang in langs:
        apply_language(app, lang)
        if rebuild is not None:
            rebuild()
        _frames(app, 3)
        where = f"{size[0]}x{size[1]} {lang} {state}"
        found = audit(app)
        report.add(where, state, found)
        if found and report.shots:
            os.makedirs(report.shots, exist_ok=True)
            pygame.image.save(app.screen, os.path.join(report.shots,
                                                       where.replace(" ", "_") + ".png"))


def _wait(app: App, cond: Callable[[], bool], seconds: float = 20.0) -> bool:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.step(1 / 60)
        if cond():
            return True
    return False


def _table_turn(app: App, table: TableScene) -> bool:
    return _wait(app, lambda: table.model.result is not None or (
        table.human is not None and table.human.waiting and not table.anim.busy()))


def _forehand_seed(variant: str, seed: int, first: bool = True) -> int:
    """The first seed from ``seed`` on whose first deal the player (seat 0) moves first
    (``first``; else one where another seat does): in Mariáš the forehand picks trumps,
    discards and names the contract, and a defender answers good or bad."""
    from game.rules import Match

    for s in range(seed, seed + 60):
        match = Match(variant, None, seed=s)
        match.start_deal()
        if match.current is not None and (match.current.to_move() == 0) == first:
            return s
    return seed


#: The games walked a second time with the player not moving first (a Mariáš defender:
#: the good/bad answer, the doubling, a card led by another).
DEFENDER_WALKS = ("marriage", "sixty-six", "sixty-six-3", "marias")


def table_states(app: App, variant: str, seed: int, defender: bool = False
                 ) -> Iterator[tuple[str, Callable[[], None]]]:
    """Walk one practice deal of ``variant`` to its end, the human playing the first legal
    move; yield ``(state, rebuild)`` at each new phase of the player's decisions, with the
    hint open at each new choice that is not a card and every overlay on the first card
    turn (the caller audits each).  ``defender``: a deal where another seat moves first."""
    from game.rules import Verb

    from ..session import GameSetup

    players = deal_class(variant).players
    seed = _forehand_seed(variant, seed, first=not defender)
    name = f"{variant} defender" if defender else variant
    settings = app.services.settings
    assert settings is not None
    settings.tips = True
    settings.practice_warnings = False  # the first legal move is played without a question
    setup = GameSetup(variant, seats=["human"] + ["easy"] * (players - 1), seed=seed,
                      practice=True)
    table = app.go(routes.Table(setup=setup, bot_budget_ms=0))
    assert isinstance(table, TableScene)
    layer = table.layer
    assert layer is not None  # a practice table
    table.counting.visible = True

    def rebuild() -> None:
        table.resize(app.size)

    seen: set[str] = set()
    overlays_done = False
    for _step in range(80):
        if not _table_turn(app, table):
            return
        _frames(app, 2)
        if table.model.result is not None:
            break
        obs = table.input.observation()
        legal = table.input.legal()
        phase = str(getattr(obs, "phase", "play"))
        verbs = sorted({a.verb.name.lower() for a in legal})
        key = f"{phase} {'+'.join(verbs)}"
        card_turn = any(a.verb is Verb.PLAY for a in legal)
        if key not in seen:
            seen.add(key)
            yield f"table {name} {key}", rebuild
            if not card_turn and len(legal) > 1:
                yield from _hint_open(app, table, f"table {name} {key} hint", rebuild)
                layer.panel.hide()
        if card_turn and not overlays_done:
            overlays_done = True
            yield from _overlays(app, table, name, rebuild)
        if any(a.verb is Verb.DISCARD for a in legal) and not table.model.selected:
            assert table.stage is not None
            two = [s.key for s in table.stage.hand_sprites()][:2]
            for k in two:
                table.toggle_select(k)
            _frames(app, 2)
            yield f"table {name} discard chosen", rebuild
        action = next((a for a in legal if a.verb is Verb.PLAY), None) or \
            next((a for a in legal if a.verb is Verb.DISCARD), None) or legal[0]
        layer.close()
        table.model.selected = set()
        table.submit(action)
    if table.model.result is not None:
        _frames(app, 5)
        yield f"table {name} deal over", rebuild


#: The hint's search in the play-through: a fixed amount of work, not of time.
AUDIT_HINT_ITERATIONS = 60


def _hint_open(app: App, table: TableScene, state: str,
               rebuild: Callable[[], None]) -> Iterator[tuple[str, Callable[[], None]]]:
    """The hint panel opened on the decision at hand (left open for the caller)."""
    from ..practice.coach import HintService

    layer = table.layer
    assert layer is not None
    # A search with a time budget finds more or less on a busier machine, and the panel's
    # rows (so its height and place) with it: a fixed number of iterations audits the same
    # panel on every run.
    layer.service = HintService(iterations=AUDIT_HINT_ITERATIONS)
    layer.hint()
    _wait(app, lambda: not layer.panel.waiting, 20.0)
    _frames(app, 2)
    yield state, rebuild


def _overlays(app: App, table: TableScene, variant: str,
              rebuild: Callable[[], None]) -> Iterator[tuple[str, Callable[[], None]]]:
    layer = table.layer
    assert layer is not None and table.flow is not None
    yield from _hint_open(app, table, f"table {variant} hint", rebuild)
    layer.panel.expanded = True
    _frames(app, 2)
    yield f"table {variant} hint values", rebuild
    layer.panel.expanded = False
    layer.panel.hide()
    obs = table.flow.observation()
    if obs is not None and obs.last_trick is not None:
        table.model.last_trick_view = True
        _frames(app, 2)
        yield f"table {variant} last trick", rebuild
        table.model.last_trick_view = False


def _resize(app: App) -> None:
    """Lay the current screen out again for the window's size (a language changed)."""
    if app.scene is not None:
        app.scene.resize(app.size)


def play_through(app: App, sizes: tuple[tuple[int, int], ...],
                 langs: tuple[str, ...] = ("en", "ru", "cs"),
                 variants: tuple[str, ...] | None = None, screens: bool = True,
                 tutorials: bool = True, seed: int = 3, shots: str | None = None,
                 only: Callable[[str], bool] = lambda name: True) -> Report:
    """Every screen, table state and tutorial step at each size in each language
    (``only``: the screens and lessons to visit, by name — a sample for a quick run)."""
    from game.rules.options import VARIANT_IDS

    from ..i18n import apply_language, current_language

    report = Report(languages=langs, sizes=sizes, shots=shots)
    first_size, first_lang = app.size, current_language()
    try:
        for size in sizes:
            apply_language(app, langs[0])
            app.set_exact_size(size)
            if screens:
                for name, go in list(stops(app)):
                    if name.startswith("table ") or not only(name):
                        continue
                    go()
                    _frames(app, 2)
                    _in_languages(app, report, size, name, langs, lambda: _resize(app))
            walks = [(v, False) for v in (variants if variants is not None else VARIANT_IDS)]
            walks += [(v, True) for v, _ in list(walks) if v in DEFENDER_WALKS]
            for v, defender in walks:
                apply_language(app, langs[0])
                for state, rebuild in table_states(app, v, seed, defender):
                    _in_languages(app, report, size, state, langs, rebuild)
                table = app.scenes.get("table")
                if table is not None:
                    table.shutdown()
            if tutorials and "tutorial" in app.scene_factories:
                for state, rebuild in tutorial_states(app, only):
                    _in_languages(app, report, size, state, langs, rebuild)
    finally:
        apply_language(app, first_lang)
        app.set_exact_size(first_size)
    return report


def tutorial_states(app: App, only: Callable[[str], bool] = lambda name: True
                    ) -> Iterator[tuple[str, Callable[[], None]]]:
    """Each lesson's steps where the player is asked something (every new set of buttons);
    ``only``: the lessons to visit (``"tutorial <id>"``)."""
    scene = app.go(routes.Tutorial())
    assert isinstance(scene, TutorialScene)
    lessons = list(scene.lessons)

    def rebuild() -> None:
        scene.layout_text()
        scene.rebuild_play()

    for i, lesson in enumerate(lessons):
        if not only(f"tutorial {lesson.id}"):
            continue
        scene.start(i)
        seen: set[tuple[str, ...]] = set()
        for _step in range(60):
            run = scene.run
            if run is None or run.finished:
                break
            keys = tuple(sorted(scene.action_buttons)) if run.human_turn() else ("continue",)
            if keys not in seen:
                seen.add(keys)
                yield f"tutorial {lesson.id} {len(seen)}", rebuild
            if scene.waiting_continue:
                scene.on_button("continue")
            elif run.human_turn():
                expected = run.expected()
                if expected is None:
                    break
                scene.try_action(expected)
            else:
                scene.play_scripted()
            _frames(app, 1)
