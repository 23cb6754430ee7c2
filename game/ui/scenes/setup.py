"""New game: which of the four games, the computer opponents, the deck, the rule options.

Every option of RULES.md comes from ``game.rules.options.OPTION_SPECS`` (names, types,
defaults), so a new option appears here without touching this screen.  The choices
are remembered in the settings (``last_variant``, ``default_levels``,
``rule_options``, ``practice``) and start the table with a :class:`GameSetup`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ai.ratings import ANCHOR, level_rating
from game.rules.options import OPTION_SPECS, defaults, make_options
from game.ui import routes
from game.ui import shown as sh
from game.ui.decks import list_artworks
from game.ui.i18n import current_language, tr, variant_key
from game.ui.player_names import seat_key
from game.ui.session import GameSetup
from game.ui.settings import LEVELS
from game.ui.shown import Made, Shown
from game.ui.widgets.choice import Choice, Toggle

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
    def build(self, **params: Any) -> Shown:
        """The screen: the game, its opponents and the deck on the left, the rules of the
        match on the right; or the question when a match of this game is in progress."""
        self._load_state()
        if self.replace_pending is not None:
            return self._replace_question()
        w, h = self.app.size
        px = self.px
        v = self.variant or "marriage"
        shown = Shown()
        margin = max(px(70), (w - px(1160)) // 2)
        col_w = (w - 2 * margin - px(60)) // 2
        left, right = margin, margin + col_w + px(60)
        y0 = px(118)

        # Game: four big buttons, the chosen one gold (and the text names it: not colour alone).
        shown.add(sh.Label(pygame.Rect(left, y0, col_w, px(30)), "ui.setup_game",
                           object_id="#section"))
        bw, bh = (col_w - px(12)) // 2, px(48)
        for i, variant in enumerate(OPTION_SPECS):
            rect = pygame.Rect(left + (i % 2) * (bw + px(12)),
                               y0 + px(36) + (i // 2) * (bh + px(10)), bw, bh)
            shown.add(sh.Button(f"variant:{variant}", rect, variant_key(variant),
                                tooltip=f"ui.blurb_{variant.replace('-', '_')}",
                                selected=variant == v, name=f"variant:{variant}"))
        y = y0 + px(36) + 2 * (bh + px(10))
        shown.add(sh.TextBox(f"ui.blurb_{v.replace('-', '_')}",
                             pygame.Rect(left, y, col_w, px(64)), object_id="#blurb"))
        y += px(70)

        # Opponents.
        shown.add(sh.Label(pygame.Rect(left, y, col_w, px(30)), "ui.setup_opponents",
                           object_id="#section"))
        y += px(36)
        # The opponents' and the deck's choices share one column (deck names are long).
        deck_w = max(col_w // 2, min(px(300), col_w - px(120)))
        for seat in range(1, PLAYERS[v]):
            # named as at the table: North, or West and East (game.ui.player_names)
            shown.add(
                sh.Label(pygame.Rect(left, y, col_w - deck_w, px(36)), seat_key(seat, PLAYERS[v]),
                         object_id="#field", text_kwargs={"n": str(seat + 1)}),
                sh.Choice(pygame.Rect(left + col_w - deck_w, y, deck_w, px(36)),
                          level_entries(v), self.levels[v][seat - 1],
                          partial(self._set_level, seat), name=f"level:{seat}"))
            y += px(44)
        # The player's own rating in this game, on the levels' scale (docs/ratings.md).
        mine = self.storage.stats.games.get(v)
        if level_rating(v, "easy") is not None:
            shown.add(sh.Label(
                pygame.Rect(left, y - px(4), col_w, px(28)), "ui.setup_your_rating",
                object_id="#field",
                text_kwargs={"rating": str(round(mine.rating if mine else ANCHOR)),
                             "n": str(mine.rated_matches if mine else 0)}))
            y += px(28)

        # Deck.
        y += px(6)
        arts = artworks()
        current = self.settings.deck_for(v)
        if current not in [a[0] for a in arts]:
            current = arts[0][0]
        shown.add(
            sh.Label(pygame.Rect(left, y, col_w - deck_w, px(36)), "ui.setup_deck",
                     object_id="#section"),
            sh.Choice(pygame.Rect(left + col_w - deck_w, y, deck_w, px(36)),
                      [(f"ui.deck_{a[0].replace('-', '_')}", a[0]) for a in arts], current,
                      self._set_deck, name="deck"))
        self.preview_top = y + px(50)
        self.preview_left = left
        preview = self._preview()
        if preview is not None:
            shown.add(sh.Faces(*preview))

        # Rules of this match: every option of the variant.
        y = y0
        shown.add(sh.Label(pygame.Rect(right, y, col_w, px(30)), "ui.setup_rules",
                           object_id="#section"))
        y += px(36)
        for name in OPTION_SPECS[v]:
            shown.add(sh.Label(pygame.Rect(right, y, col_w - px(214), px(36)), f"ui.opt_{name}",
                               object_id="#field"))
            rect = pygame.Rect(right + col_w - px(204), y, px(204), px(36))
            entries = option_choices(v, name)
            value = self.options[v][name]
            if entries is None:
                shown.add(sh.Toggle(rect, bool(value), partial(self._set_option, name),
                                    name=f"option:{name}"))
            else:
                shown.add(sh.Choice(rect, entries, value, partial(self._set_option, name),
                                    name=f"option:{name}"))
            y += px(44)
        shown.add(sh.Button("defaults", pygame.Rect(right, y + px(4), px(150), px(34)),
                            "ui.setup_defaults", object_id="#small"))
        y += px(50)
        shown.add(
            sh.Label(pygame.Rect(right, y, col_w - px(190), px(36)), "ui.setup_practice",
                     object_id="#section"),
            sh.Toggle(pygame.Rect(right + col_w - px(180), y, px(180), px(36)),
                      bool(self.practice), self._set_practice, name="practice"),
            # The blurbs are as tall as their text (-1): fixed rows of room for the longest
            # language pushed the trainer's into Start and Rules in Mariáš, whose options
            # are many.  So the rows below them are placed once they are made.
            sh.TextBox("ui.setup_practice_hint", pygame.Rect(right, y + px(40), col_w, -1),
                       object_id="#blurb", name="practice_hint"))

        from .rules import rules_page

        def trainer_y(made: Made) -> int:
            return int(made["practice_hint"].rect.bottom) + px(6)

        def brief_y(made: Made) -> int:
            return int(made["trainer_hint"].rect.bottom) + px(8)

        def room(made: Made) -> int:
            return h - px(112) - brief_y(made)

        shown.add(
            sh.Label(lambda made: pygame.Rect(right, trainer_y(made), col_w - px(190), px(36)),
                     "ui.setup_trainer", object_id="#section"),
            sh.Toggle(lambda made: pygame.Rect(right + col_w - px(180), trainer_y(made),
                                               px(180), px(36)),
                      bool(self.trainer), self._set_trainer, name="trainer"),
            sh.TextBox("ui.setup_trainer_hint",
                       lambda made: pygame.Rect(right, trainer_y(made) + px(40), col_w, -1),
                       object_id="#blurb", name="trainer_hint"),
            # The game's rules at a glance, in the space left (the full text is one click
            # away); made only when there is room for it.
            sh.TextBox(rules_page(f"{v}.brief", current_language()),
                       lambda made: pygame.Rect(right, brief_y(made), col_w, room(made)),
                       object_id="#brief", boxed=True,
                       when=lambda made: room(made) >= px(90)))

        # Back / Start / Rules: made in that order, focused Start, Rules, Back after the rest.
        bottom = h - px(92)
        start = pygame.Rect(0, 0, px(260), px(56))
        start.bottomright = (w - margin, bottom + px(53))
        rules = pygame.Rect(0, 0, px(200), px(44))
        rules.center = (w // 2, bottom + px(25))
        table = "table" in self.app.scene_factories
        shown.add(
            sh.Button("back", pygame.Rect(margin, bottom, px(180), px(50)), "ui.common_back",
                      focus=3),
            sh.Button("start", start, "ui.common_start", object_id="#primary", enabled=table,
                      focus=1, name="start"),
            sh.Button("rules", rules, "ui.menu_rules", focus=2))
        if table:
            shown.focused = "start"
        return shown

    def _replace_question(self) -> Shown:
        """"A match of this game is in progress": start anew, continue it, or cancel."""
        import html

        from .menu import match_summary

        w, h = self.app.size
        px = self.px
        saved = self.replace_pending
        width = min(w - px(120), px(700))
        box = pygame.Rect((w - width) // 2, int(h * 0.26), width, -1)  # -1: as tall as the text
        shown = Shown(focused="replace_continue")
        shown.add(
            sh.Label(pygame.Rect(box.x, box.y - px(46), box.w, px(36)),
                     "ui.newgame_replace_title", object_id="#section"),
            # Its rounded box is drawn by the screen (boxes.py): pygame-gui's own, drawn four
            # times larger, made this one widget a step over a frame's time at 1920x1080.
            sh.TextBox(html.escape(tr("ui.newgame_replace_text",
                                      **match_summary(saved, self.settings))),
                       box, object_id="#notice_box", boxed=True, name="notice"),
            sh.BoxLooks(lambda made: pygame.Rect(made["notice"].rect), "#notice_box"))
        bw, bh, gap = px(300), px(50), px(14)

        def place(i: int) -> Callable[[Made], pygame.Rect]:
            def rect(made: Made) -> pygame.Rect:
                r = pygame.Rect(0, 0, bw, bh)
                r.midtop = (w // 2, made["notice"].rect.bottom + px(26) + i * (bh + gap))
                return r
            return rect

        # The safe answer is the gold one, first, and what Enter presses: a reflex Enter
        # after "Start" must never throw the match in progress away.
        for i, (key, text, oid) in enumerate((
                ("replace_continue", "ui.newgame_replace_continue", "#primary"),
                ("replace_start", "ui.newgame_replace_start", None),
                ("replace_cancel", "ui.newgame_replace_cancel", None))):
            shown.add(sh.Button(key, place(i), text, object_id=oid, name=key))
        return shown

    # --- what the build made, by name -----------------------------------------------------
    @property
    def variant_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The four games' buttons, by game (the chosen one selected)."""
        return {v: self.made[f"variant:{v}"] for v in OPTION_SPECS if f"variant:{v}" in self.made}

    @property
    def level_choices(self) -> list[Choice]:
        """The opponents' levels, a choice per seat from the left."""
        v = self.variant or "marriage"
        return [self.made[f"level:{seat}"] for seat in range(1, PLAYERS[v])
                if f"level:{seat}" in self.made]

    @property
    def option_widgets(self) -> dict[str, Choice | Toggle]:
        """The rule options' controls, by option name."""
        v = self.variant or "marriage"
        return {name: self.made[f"option:{name}"] for name in OPTION_SPECS[v]
                if f"option:{name}" in self.made}

    @property
    def deck_choice(self) -> Choice:
        choice: Choice = self.made["deck"]
        return choice

    @property
    def practice_toggle(self) -> Toggle:
        toggle: Toggle = self.made["practice"]
        return toggle

    @property
    def trainer_toggle(self) -> Toggle:
        toggle: Toggle = self.made["trainer"]
        return toggle

    @property
    def start_button(self) -> pygame_gui.elements.UIButton:
        button: pygame_gui.elements.UIButton = self.made["start"]
        return button

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
