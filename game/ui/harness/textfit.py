"""Does every text fit its box?  Measured on the live widgets of the current screen.

A translation longer than the English it replaced is the usual way a screen breaks:
a label cut mid-word, a button whose word runs past its edge, a blurb that needs a
scroll bar in a box meant to show it whole.  :func:`overflows` walks the pygame-gui
elements of the current scene and measures each text with the element's own font
against its own rect; text boxes wrap, so for them a row wider than the box (a word
too long to wrap) or — for a box not meant to scroll — a scroll bar is the fault.
The table draws its own words on the felt; it records each one with the width it was
given (``TablePanels.fits``) and those are checked the same way.

:func:`tour` visits every screen a player can reach with the given window size and
language; the test suite and ``--selftest`` (``text_fits_all_languages``) run it for
English, Russian and Czech at 1024×640 and 1280×720.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.rules.variants import deal_class
from game.ui import routes

from ..fits import Fit
from ..gui_internals import shown_text, text_box_rows, translate
from ..scenes.setup import SetupScene
from ..table.scene import TableScene

if TYPE_CHECKING:
    from ..app import App, Screen

log = logging.getLogger(__name__)

#: Text boxes that are meant to scroll (long pages); every other text box must show its
#: whole text.
SCROLLING = ("#rules_text", "#brief", "#history", "#review_text", "#replay_text")
#: Tolerance for antialiasing at a text's edge (px).
SLACK = 1


@dataclass(frozen=True)
class Overflow:
    """One text that does not fit: where it is, what it says, how wide it is and may be."""

    where: str
    text: str
    need: int
    room: int

    def __str__(self) -> str:
        return f"{self.where}: {self.text!r} needs {self.need} px, has {self.room}"


def object_id(element: Any) -> str:
    ids = getattr(element, "object_ids", None) or []
    named = [i for i in ids if i]
    return named[-1] if named else type(element).__name__


def in_tooltip(element: Any) -> bool:
    container = getattr(element, "ui_container", None)
    while container is not None:
        if isinstance(container, pygame_gui.elements.UITooltip):
            return True
        parent = getattr(container, "ui_container", None)
        if parent is container:
            break
        container = parent
    return False


def _text_width(element: Any, text: str) -> int:
    font = getattr(element, "font", None)
    if font is None or not text:
        return 0
    return int(font.get_rect(text).width)


def _drawn_rect(element: Any, need: int) -> pygame.Rect:
    """Where a label's or button's text lands inside its rect (its alignment)."""
    rect = element.rect
    font = getattr(element, "font", None)
    height = int(font.get_sized_height() if hasattr(font, "get_sized_height") else
                 font.get_rect("Ag").height) if font is not None else rect.height // 2
    r = pygame.Rect(0, 0, need, min(height, rect.height))
    r.centery = rect.centery
    align = getattr(element, "text_horiz_alignment", "center")
    pad = getattr(element, "text_horiz_alignment_padding", 0) or 0
    if align == "left":
        r.x = rect.x + pad
    elif align == "right":
        r.right = rect.right - pad
    else:
        r.centerx = rect.centerx
    return r


def element_overflows(manager: Any) -> list[Overflow]:
    """Labels, buttons (drop-downs' too) and text boxes of ``manager`` whose text spills,
    and texts of labels and buttons that run into each other."""
    out: list[Overflow] = []
    drawn: list[tuple[str, str, pygame.Rect]] = []
    for element in manager.get_sprite_group().sprites():
        if not element.alive() or not element.visible or in_tooltip(element):
            continue
        where = object_id(element)
        if isinstance(element, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel):
            if getattr(element, "dynamic_width", False):
                continue
            text = shown_text(element)
            if not text.strip():
                continue
            room = element.rect.width
            if isinstance(element, pygame_gui.elements.UIButton):
                border = getattr(element, "border_width", 0)
                if isinstance(border, dict):
                    border = max((v for v in border.values() if isinstance(v, int)), default=0)
                # the text's own margin: a label touching the edge reads as cut off
                room -= 2 * int(border or 0) + max(6, element.rect.height // 4)
            need = _text_width(element, text)
            drawn.append((where, text, _drawn_rect(element, need)))
            if need > room + SLACK:
                out.append(Overflow(where, text, need, room))
            elif text.endswith("…") and len(text) > 2:  # shortened to fit: cut all the same
                out.append(Overflow(where + " (shortened)", text, need, room))
        elif isinstance(element, pygame_gui.elements.UITextBox):
            room, height, rows = text_box_rows(element)
            if not rows:
                continue
            for width, text in rows:
                if width > room + SLACK:
                    out.append(Overflow(where, text, width, room))
            if getattr(element, "scroll_bar", None) is not None and where not in SCROLLING:
                out.append(Overflow(where + " (needs scrolling)",
                                    translate(element.html_text)[:60], height,
                                    element.rect.height))
    for i, (where, text, rect) in enumerate(drawn):
        for other_where, other, other_rect in drawn[i + 1:]:
            clip = rect.clip(other_rect)
            if clip.w > SLACK and clip.h > 2:
                out.append(Overflow(f"{where} runs into {other_where} ({other!r})", text,
                                    rect.w, rect.w - clip.w))
    return out


def drawn_overflows(scene: Screen) -> list[Overflow]:
    """The texts a scene drew itself (the table's felt), as it recorded them."""
    fits: list[Fit] = list(scene.text_fits())
    return [Overflow(f.where, f.text, f.need, f.room) for f in fits if f.need > f.room + SLACK]


def overflows(app: App) -> list[Overflow]:
    """Every text of the current screen wider than its box."""
    found = element_overflows(app.manager)
    if app.scene is not None:
        found += drawn_overflows(app.scene)
    return found


# --- the tour ---------------------------------------------------------------------------
def _frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def _played_match(variant: str, deals: int = 2, seed: int = 1) -> Any:
    import random

    from game.rules import Match

    m = Match(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(deals):
        if m.is_over():
            break
        d = m.start_deal()
        while not d.is_over():
            d.apply(rng.choice(d.legal_actions()))
        m.finish_deal()
    return m


def _table_stop(app: App, variant: str) -> Callable[[], Any]:
    def go() -> Any:
        from game.ui.session import GameSetup

        players = deal_class(variant).players
        setup = GameSetup(variant, seats=["human"] + ["easy"] * (players - 1), seed=4)
        scene = app.go(routes.Table(setup=setup, bot_budget_ms=0))
        # Until the player is asked (the bots have played up to the player's turn).
        for _ in range(600):
            app.step(1 / 60)
            if isinstance(scene, TableScene) and scene.human is not None and \
                    scene.human.waiting and not scene.anim.busy():
                break
        _frames(app, 3)
        return scene
    return go


def _continue_with_matches(app: App) -> Any:
    """The saved-matches chooser with a match in progress of every game (put in the slots
    that are empty and taken out again once the chooser is drawn)."""
    import random

    from game.rules import Verb, new_deal, random_deck, write_deal
    from game.rules.options import VARIANT_IDS
    from game.ui.session import GameSetup

    storage = app.services.storage
    added = []
    if storage is not None:
        for v in VARIANT_IDS:
            if storage.check_match(v) is None:
                deal = new_deal(v, 0, random_deck(v, random.Random(5)))
                for _ in range(2):  # two steps in, a card where one can be played
                    legal = deal.legal_actions()
                    deal.apply(next((a for a in legal if a.verb is Verb.PLAY), legal[0]))
                storage.save_match(write_deal(deal), GameSetup(v))
                added.append(v)
        storage.flush()
    scene = app.go(routes.Continue())
    _frames(app, 3)
    for v in added:
        assert storage is not None
        storage.clear_match(v)
    return scene


def stops(app: App) -> Iterator[tuple[str, Callable[[], Any]]]:
    """``(name, open it)`` for every screen of the tour."""
    from game.rules.options import VARIANT_IDS
    from game.ui.session import GameSetup

    names = app.scene_factories

    def opener(route: routes.Route) -> Callable[[], Any]:
        return lambda: app.go(route)

    def setup(v: str) -> Callable[[], Any]:
        def go() -> Any:
            scene = app.go(routes.Setup())
            assert isinstance(scene, SetupScene)
            scene.select_variant(v)
            return scene
        return go

    yield "menu", opener(routes.Menu())
    for v in VARIANT_IDS:
        yield f"setup {v}", setup(v)
    yield "settings", opener(routes.SettingsScreen())
    for v in VARIANT_IDS:
        yield f"rules {v}", opener(routes.Rules(variant=v))
    yield "stats", opener(routes.Stats())
    if "continue" in names:
        yield "continue", lambda: _continue_with_matches(app)
    for route in (routes.Net(), routes.NetHost(), routes.NetJoin()):
        if route.screen in names:
            yield route.screen, opener(route)
    for v in VARIANT_IDS:
        yield f"score {v}", opener(routes.Score(match=_played_match(v), setup=GameSetup(v)))
    if "table" in names:
        for v in VARIANT_IDS:
            yield f"table {v}", _table_stop(app, v)


def tour(app: App, size: tuple[int, int], lang: str,
         only: Callable[[str], bool] = lambda name: True) -> dict[str, list[Overflow]]:
    """Open every screen at ``size`` in ``lang``; ``{screen: overflows}`` (only faults)."""
    from game.ui.i18n import apply_language

    apply_language(app, lang)
    if app.size != size:
        app.set_exact_size(size)
    faults: dict[str, list[Overflow]] = {}
    for name, go in stops(app):
        if not only(name):
            continue
        go()
        _frames(app, 3)
        found = overflows(app)
        if found:
            faults[name] = found
        app.rest()  # the player reads the screen: the loop rests (and collects)
    table = app.scenes.get("table")
    if table is not None and hasattr(table, "shutdown"):
        table.shutdown()
    return faults


#: The window sizes and languages every screen is checked in.
SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 720))


def check_all(app: App, sizes: tuple[tuple[int, int], ...] = SIZES) -> list[str]:
    """Every screen in every language at every size: the faults as sentences (none: all
    fit).  The window gets its size and language back afterwards."""
    from game.ui.i18n import LANGUAGES, apply_language, current_language

    size, lang = app.size, current_language()
    faults = []
    try:
        for each in sizes:
            for language in LANGUAGES:
                for screen, found in tour(app, each, language).items():
                    faults += [f"{each[0]}x{each[1]} {language} {screen}: {o}" for o in found]
    finally:
        apply_language(app, lang)
        if app.size != size:
            app.set_exact_size(size)
        app.go(routes.Menu())
    return faults
