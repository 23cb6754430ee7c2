"""New game: which of the four games, the computer opponents, the deck, the rule options.

Every option of RULES.md comes from ``game.rules.options.OPTION_SPECS`` (names, types,
defaults), so a new option appears here without touching this screen.  The choices
are remembered in the settings (``last_variant``, ``default_levels``,
``rule_options``, ``practice``) and start the table with a :class:`GameSetup`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.ratings import ANCHOR, level_rating
from game.rules.options import OPTION_SPECS, defaults, make_options
from game.ui import routes
from game.ui.decks import list_artworks
from game.ui.gui_internals import PlainTextBox
from game.ui.i18n import current_language, tr, variant_key
from game.ui.player_names import seat_key
from game.ui.session import GameSetup
from game.ui.settings import LEVELS
from game.ui.widgets.boxes import warm_box

from .base import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

PLAYERS = {"marriage": 2, "sixty-six": 2, "sixty-six-3": 3, "marias": 3}
#: Values offered for the whole-number options (the default is always added).
NUMBER_CHOICES = {"match_points": range(1, 16), "rounds": range(1, 7)}


def artworks() -> list[tuple[str, str, str]]:
    """``(id, name, family)`` of the deck designs."""
    return [(a.id, a.name, a.family) for a in list_artworks()]


def level_entries(variant: str) -> list[tuple[str, Any]]:
    """The level drop-down: each level with its published rating in this game
    (docs/ratings.md) — "Hard · " and the rating — or its name alone where none is
    measured."""
    out: list[tuple[str, Any]] = []
    for lv in LEVELS:
        rating = level_rating(variant, lv)
        out.append((f"ui.level_{lv}" if rating is None else
                    tr("ui.level_rated", level=tr(f"ui.level_{lv}"), rating=rating), lv))
    return out


def option_choices(variant: str, name: str) -> list[tuple[str, Any]] | None:
    """Drop-down entries of a non-boolean option (None for booleans: they are toggles)."""
    spec = OPTION_SPECS[variant][name]
    if isinstance(spec, bool):
        return None
    if isinstance(spec, tuple):
        return [(f"ui.optval_{v}", v) for v in spec]
    values = sorted(set(NUMBER_CHOICES.get(name, range(1, 11))) | {spec})
    return [(str(v), v) for v in values]


class SetupScene(MenuScene):
    name = "setup"
    remembers = ("variant", "practice", "trainer", "levels", "options", "replace_pending")
    title_key = "ui.setup_title"

    def __init__(self, app: App):
        super().__init__(app)
        self.variant: str | None = None
        self.levels: dict[str, list[str]] = {}
        self.options: dict[str, dict[str, Any]] = {}
        self.practice: bool | None = None
        self.trainer: bool | None = None
        #: The saved match a new one would replace (``SavedMatch``): the screen asks first.
        self.replace_pending: Any = None

    # --- state --------------------------------------------------------------------------
    def _load_state(self) -> None:
        s = self.settings
        if self.variant is None:
            self.variant = s.last_variant if s.last_variant in OPTION_SPECS else "marriage"
            self.practice = s.practice
            self.trainer = s.trainer
        for v in OPTION_SPECS:
            self.levels.setdefault(v, s.levels_for(v, PLAYERS[v] - 1))
            if v not in self.options:
                try:
                    self.options[v] = make_options(v, s.rule_options.get(v) or {})
                except ValueError:  # stale/invalid saved options (RulesError): defaults
                    self.options[v] = defaults(v)

    def setup(self) -> GameSetup:
        """The GameSetup the current choices describe."""
        v = self.variant or "marriage"
        return GameSetup(variant=v, options=dict(self.options[v]),
                         seats=["human", *self.levels[v]], practice=bool(self.practice),
                         trainer=bool(self.trainer))

    # --- layout -------------------------------------------------------------------------
    def build(self, **params: Any) -> Iterator[None]:
        """The screen, yielding between groups of widgets (built across frames)."""
        self._load_state()
        if self.replace_pending is not None:
            yield from self._build_replace_question()
            return
        w, h = self.app.size
        px = self.px
        v = self.variant or "marriage"
        focus: list[Any] = []
        margin = max(px(70), (w - px(1160)) // 2)
        col_w = (w - 2 * margin - px(60)) // 2
        left, right = margin, margin + col_w + px(60)
        y0 = px(118)

        # Game: four big buttons, the chosen one gold (and the text names it: not colour alone).
        self.label(pygame.Rect(left, y0, col_w, px(30)), "ui.setup_game", object_id="#section")
        yield
        self.variant_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        bw, bh = (col_w - px(12)) // 2, px(48)
        for i, variant in enumerate(OPTION_SPECS):
            rect = pygame.Rect(left + (i % 2) * (bw + px(12)),
                               y0 + px(36) + (i // 2) * (bh + px(10)), bw, bh)
            b = self.button(f"variant:{variant}", rect, variant_key(variant),
                            tooltip=f"ui.blurb_{variant.replace('-', '_')}")
            if variant == v:
                yield  # (its selected look is drawn at once: a step of its own at 1080p)
                b.select()
            self.variant_buttons[variant] = b
            focus.append(b)
            yield
        y = y0 + px(36) + 2 * (bh + px(10))
        self.add(PlainTextBox(
            f"ui.blurb_{v.replace('-', '_')}", pygame.Rect(left, y, col_w, px(64)), self.manager,
            object_id="#blurb"))
        y += px(70)
        yield

        # Opponents.
        self.label(pygame.Rect(left, y, col_w, px(30)), "ui.setup_opponents", object_id="#section")
        y += px(36)
        self.level_choices = []
        # The opponents' and the deck's choices share one column (deck names are long).
        deck_w = max(col_w // 2, min(px(300), col_w - px(120)))
        for seat in range(1, PLAYERS[v]):
            # named as at the table: North, or West and East (game.ui.player_names)
            self.label(pygame.Rect(left, y, col_w - deck_w, px(36)), seat_key(seat, PLAYERS[v]),
                       object_id="#field", n=str(seat + 1))
            c = self.choice(pygame.Rect(left + col_w - deck_w, y, deck_w, px(36)),
                            level_entries(v), self.levels[v][seat - 1],
                            lambda value, s=seat: self._set_level(s, value))
            self.level_choices.append(c)
            focus.append(c)
            y += px(44)
            yield
        # The player's own rating in this game, on the levels' scale (docs/ratings.md).
        mine = self.storage.stats.games.get(v)
        if level_rating(v, "easy") is not None:
            self.label(pygame.Rect(left, y - px(4), col_w, px(28)), "ui.setup_your_rating",
                       object_id="#field", rating=str(round(mine.rating if mine else ANCHOR)),
                       n=str(mine.rated_matches if mine else 0))
            y += px(28)

        # Deck.
        y += px(6)
        self.label(pygame.Rect(left, y, col_w - deck_w, px(36)), "ui.setup_deck",
                   object_id="#section")
        arts = artworks()
        current = self.settings.deck_for(v)
        if current not in [a[0] for a in arts]:
            current = arts[0][0]
        self.deck_choice = self.choice(
            pygame.Rect(left + col_w - deck_w, y, deck_w, px(36)),
            [(f"ui.deck_{a[0].replace('-', '_')}", a[0]) for a in arts], current, self._set_deck)
        focus.append(self.deck_choice)
        self.preview_top = y + px(50)
        self.preview_left = left
        yield
        preview = self._preview()
        if preview is not None:
            yield from self.warm_faces(*preview)

        # Rules of this match: every option of the variant.
        y = y0
        self.label(pygame.Rect(right, y, col_w, px(30)), "ui.setup_rules", object_id="#section")
        y += px(36)
        self.option_widgets: dict[str, Any] = {}
        for name in OPTION_SPECS[v]:
            self.label(pygame.Rect(right, y, col_w - px(214), px(36)), f"ui.opt_{name}",
                       object_id="#field")
            rect = pygame.Rect(right + col_w - px(204), y, px(204), px(36))
            entries = option_choices(v, name)
            value = self.options[v][name]
            if entries is None:
                widget: Any = self.toggle(rect, bool(value),
                                          lambda on, n=name: self._set_option(n, on))
            else:
                widget = self.choice(rect, entries, value,
                                     lambda val, n=name: self._set_option(n, val))
            self.option_widgets[name] = widget
            focus.append(widget)
            y += px(44)
            yield
        reset = self.button("defaults", pygame.Rect(right, y + px(4), px(150), px(34)),
                            "ui.setup_defaults", object_id="#small")
        focus.append(reset)
        y += px(50)
        self.label(pygame.Rect(right, y, col_w - px(190), px(36)), "ui.setup_practice",
                   object_id="#section")
        self.practice_toggle = self.toggle(
            pygame.Rect(right + col_w - px(180), y, px(180), px(36)), bool(self.practice),
            self._set_practice)
        focus.append(self.practice_toggle)
        yield
        # The blurbs are as tall as their text (-1): fixed rows of room for the longest
        # language pushed the trainer's into Start and Rules in Mariáš, whose options are many.
        blurb = self.add(PlainTextBox(
            "ui.setup_practice_hint", pygame.Rect(right, y + px(40), col_w, -1), self.manager,
            object_id="#blurb"))
        y = blurb.rect.bottom + px(6)
        yield
        self.label(pygame.Rect(right, y, col_w - px(190), px(36)), "ui.setup_trainer",
                   object_id="#section")
        self.trainer_toggle = self.toggle(
            pygame.Rect(right + col_w - px(180), y, px(180), px(36)), bool(self.trainer),
            self._set_trainer)
        focus.append(self.trainer_toggle)
        yield
        blurb = self.add(PlainTextBox(
            "ui.setup_trainer_hint", pygame.Rect(right, y + px(40), col_w, -1), self.manager,
            object_id="#blurb"))
        # The game's rules at a glance, in the space left (the full text is one click away);
        # its box (slow to make at 1920x1080) starts a slice of its own: never after another
        # step.
        y = blurb.rect.bottom + px(8)
        room = h - px(112) - y
        self.next_step_is_long(room >= px(90))
        yield
        if room >= px(90):
            from .rules import rules_page

            self.boxed(PlainTextBox(
                rules_page(f"{v}.brief", current_language()),
                pygame.Rect(right, y, col_w, room), self.manager, object_id="#brief"), "#brief")
            yield

        # Back / Start.
        bottom = h - px(92)
        back = self.button("back", pygame.Rect(margin, bottom, px(180), px(50)), "ui.common_back")
        yield
        start = pygame.Rect(0, 0, px(260), px(56))
        start.bottomright = (w - margin, bottom + px(53))
        self.start_button = self.button("start", start, "ui.common_start", object_id="#primary",
                                        enabled="table" in self.app.scene_factories)
        rules = pygame.Rect(0, 0, px(200), px(44))
        rules.center = (w // 2, bottom + px(25))
        rules_button = self.button("rules", rules, "ui.menu_rules")
        self.focus.set_items([*focus, self.start_button, rules_button, back])
        if "table" in self.app.scene_factories:
            self.focus.focus(self.start_button)

    def _build_replace_question(self) -> Iterator[None]:
        """"A match of this game is in progress": start anew, continue it, or cancel."""
        import html

        from .menu import match_summary

        w, h = self.app.size
        px = self.px
        saved = self.replace_pending
        width = min(w - px(120), px(700))
        box = pygame.Rect((w - width) // 2, int(h * 0.26), width, -1)  # -1: as tall as the text
        self.label(pygame.Rect(box.x, box.y - px(46), box.w, px(36)),
                   "ui.newgame_replace_title", object_id="#section")
        yield
        # Its rounded box is drawn by the screen (boxes.py): pygame-gui's own, drawn four
        # times larger, made this one widget a step over a frame's time at 1920x1080.
        text_box = self.boxed(PlainTextBox(
            html.escape(tr("ui.newgame_replace_text", **match_summary(saved, self.settings))),
            box,
            self.manager, object_id="#notice_box"), "#notice_box")
        yield
        yield from warm_box(pygame.Rect(text_box.rect), "#notice_box")
        bw, bh, gap = px(300), px(50), px(14)
        y = text_box.rect.bottom + px(26)
        buttons = []
        # The safe answer is the gold one, first, and what Enter presses: a reflex Enter
        # after "Start" must never throw the match in progress away.
        for i, (key, text, oid) in enumerate((
                ("replace_continue", "ui.newgame_replace_continue", "#primary"),
                ("replace_start", "ui.newgame_replace_start", None),
                ("replace_cancel", "ui.newgame_replace_cancel", None))):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, y + i * (bh + gap))
            buttons.append(self.button(key, rect, text, object_id=oid))
            yield
        self.focus.set_items(buttons)
        self.focus.focus(buttons[0])

    def draw_content(self, surface: pygame.Surface) -> None:
        """A preview of the chosen deck: the trump marriage and its neighbours."""
        from game.ui.widgets.cards import card_size, draw_row

        if self.replace_pending is not None:
            return
        preview = self._preview()
        if preview is None:
            return
        cards, height, artwork = preview
        step = card_size(height)[0] * 3 // 4
        draw_row(surface, cards, artwork, height,
                 (self.preview_left + self.px(4), self.preview_top), step)

    def _preview(self) -> tuple[list[str], int, str] | None:
        """The deck's preview: its cards, their height and the artwork (None: no room)."""
        v = self.variant or "marriage"
        bottom = self.app.size[1] - self.px(100)
        height = min(self.px(130), bottom - self.preview_top)
        if height < self.px(60):
            return None
        suit = "S" if v == "sixty-six-3" else "H"
        return [rank + suit for rank in "ATKQJ"], height, self.settings.deck_for(v)

    # --- changes ------------------------------------------------------------------------
    def _set_level(self, seat: int, level: str) -> None:
        self.levels[self.variant or "marriage"][seat - 1] = level

    def _set_option(self, name: str, value: Any) -> None:
        self.options[self.variant or "marriage"][name] = value

    def _set_practice(self, on: bool) -> None:
        self.practice = on

    def _set_trainer(self, on: bool) -> None:
        self.trainer = on

    def _set_deck(self, artwork: str) -> None:
        if self.variant == "marias":
            self.settings.deck_german = artwork
        else:
            self.settings.deck_french = artwork

    def select_variant(self, variant: str) -> None:
        if variant in OPTION_SPECS and variant != self.variant:
            self.variant = variant
            self.rebuild()

    def on_button(self, key: str) -> None:
        if key.startswith("variant:"):
            self.select_variant(key.split(":", 1)[1])
        elif key == "defaults":
            self.options[self.variant or "marriage"] = defaults(self.variant or "marriage")
            self.rebuild()
        elif key == "start":
            self.start()
        elif key == "replace_start":
            from game.ui.storage import slot_for

            self.replace_pending = None
            self.storage.clear_match(slot_for(self.setup()))
            self.start(confirmed=True)
        elif key == "replace_continue":
            saved, self.replace_pending = self.replace_pending, None
            loaded = self.storage.load_match(saved.slot) if saved is not None else None
            if loaded is not None and "table" in self.app.scene_factories:
                self.app.go(routes.Table(resume_record=loaded[0], setup=loaded[1]))
            else:
                self.rebuild()
        elif key == "replace_cancel":
            self.replace_pending = None
            self.rebuild()
        elif key == "rules":
            self.app.go(routes.Rules(variant=self.variant, return_to="setup"))
        else:
            super().on_button(key)

    def go_back(self) -> None:
        if self.replace_pending is not None:  # Escape in the question: keep the match
            self.replace_pending = None
            self.rebuild()
            return
        super().go_back()

    def start(self, confirmed: bool = False) -> GameSetup | None:
        """Remember the choices and sit down at the table.

        A match of the same game in progress is never replaced without a word: unless
        ``confirmed``, the screen asks first (and returns None).
        """
        setup = self.setup()
        if not confirmed:
            from game.ui.storage import slot_for

            self.storage.flush()
            existing = self.storage.check_match(slot_for(setup))
            if existing is not None:
                self.replace_pending = existing
                self.focus.index = None  # the question's own default, not the old place
                self.rebuild()
                return None
        s = self.settings
        s.last_variant = setup.variant
        s.practice = setup.practice
        s.trainer = setup.trainer
        s.default_levels[setup.variant] = list(self.levels[setup.variant])
        s.rule_options[setup.variant] = dict(setup.options)
        self.storage.save_settings(s)
        self.last_setup = setup
        if "table" in self.app.scene_factories:
            self.play("shuffle")
            self.app.go(routes.Table(setup=setup))
        return setup
