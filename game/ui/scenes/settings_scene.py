"""Settings: every change applies at once and is saved at once (atomically).

No "apply"/"cancel" pair on purpose: a player changing the language or the interface
scale should see the result immediately, and a crash right after must not lose it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
import pygame_gui

from game.ui import shown as sh
from game.ui.decks.renderer import DeckRenderer
from game.ui.gui_internals import translate
from game.ui.i18n import LANGUAGE_NAMES, LANGUAGES, apply_language, current_language, number
from game.ui.settings import (
    ANIMATION_SPEEDS,
    COUNTING_AID,
    NAME_MAX,
    TRICK_PAUSES,
    UI_SCALES,
    WINDOW_SIZES,
    Settings,
)
from game.ui.shown import Shown
from game.ui.widgets.choice import Choice

from .base import MenuScene, services
from .setup import artworks

PAUSES = (0, 300, 600, 1000, 1500)


#: The name a player who gave none is called by ("You", shown in their language).
DEFAULT_NAME = Settings().player_name


def seconds_text(ms: int) -> str:
    """Seconds as the player writes them: "1.5" in English, "1,5" in Russian and Czech."""
    return number(ms / 1000, None)


def card_backs() -> list[tuple[str, str]]:
    return [(b.id, b.name) for b in DeckRenderer.list_backs()]


class SettingsScene(MenuScene):
    name = "settings"
    title_key = "ui.settings_title"

    def build(self, **params: Any) -> Shown:
        """The screen: a row a setting, general and sound on the left, the display and
        the table on the right, and the chosen decks' preview below them."""
        s = self.settings
        w, h = self.app.size
        px = self.px
        margin = max(px(70), (w - px(1160)) // 2)
        col_w = (w - 2 * margin - px(60)) // 2
        ctrl_w = px(260)
        shown = Shown()

        def row(x: int, y: int, key: str) -> tuple[sh.Label, pygame.Rect]:
            """A setting's name, and where its control goes."""
            return (sh.Label(pygame.Rect(x, y, col_w - ctrl_w - px(10), px(36)), key,
                             object_id="#field"),
                    pygame.Rect(x + col_w - ctrl_w, y, ctrl_w, px(36)))

        def choice_row(x: int, y: int, key: str, options: list[tuple[str, Any]], value: Any,
                       on_change: Callable[[Any], None], name: str | None = None) -> None:
            label, rect = row(x, y, key)
            shown.add(label, sh.Choice(rect, options, value, on_change, name=name))

        def toggle_row(x: int, y: int, key: str, value: bool,
                       on_change: Callable[[bool], None]) -> None:
            label, rect = row(x, y, key)
            shown.add(label, sh.Toggle(rect, value, on_change))

        step = px(44)
        # Left column: general and the table.
        x, y = margin, px(112)
        shown.add(sh.Label(pygame.Rect(x, y, col_w, px(30)), "ui.settings_general",
                           object_id="#section"))
        y += px(38)
        # The language on screen (``--lang`` sets it for one run without saving it).
        language = current_language()
        choice_row(x, y, "ui.set_language", [(LANGUAGE_NAMES[lg], lg) for lg in LANGUAGES],
                   language if language in LANGUAGES else "en", self.choose_language,
                   name="language")
        y += step
        label, rect = row(x, y, "ui.set_player_name")
        shown.add(label, sh.TextEntry(
            rect,
            # The default name is "You" in the player's language: shown, never stored.
            initial_text="" if s.player_name == DEFAULT_NAME else s.player_name,
            placeholder=translate("ui.common_you"), limit=NAME_MAX, name="name_entry"))
        y += step
        arts = artworks()
        decks: list[tuple[str, Any]] = [(f"ui.deck_{a[0].replace('-', '_')}", a[0]) for a in arts]
        ids = [a[0] for a in arts]
        for attr, key in (("deck_french", "ui.set_deck_french"),
                          ("deck_german", "ui.set_deck_german")):
            value = getattr(s, attr) if getattr(s, attr) in ids else ids[0]
            choice_row(x, y, key, decks, value, partial(self.choose, attr))
            y += step
        backs = card_backs()
        back_ids = [b[0] for b in backs]
        choice_row(x, y, "ui.set_card_back",
                   [(f"ui.cardback_{b[0].replace('-', '_')}", b[0]) for b in backs],
                   s.card_back if s.card_back in back_ids else back_ids[0],
                   partial(self.choose, "card_back"))
        y += step
        choice_row(x, y, "ui.set_animation", [(f"ui.anim_{a}", a) for a in ANIMATION_SPEEDS],
                   s.animation_speed, partial(self.choose, "animation_speed"))
        y += step
        pauses = sorted(set(PAUSES) | {s.bot_pause_ms})
        choice_row(x, y, "ui.set_bot_pause",
                   [(translate("ui.collect_auto_s", s=seconds_text(p)), p) for p in pauses],
                   s.bot_pause_ms, partial(self.choose, "bot_pause_ms"))
        y += step + px(8)
        shown.add(sh.Label(pygame.Rect(x, y, col_w, px(30)), "ui.settings_sound",
                           object_id="#section"))
        y += px(38)
        toggle_row(x, y, "ui.set_sound", s.sound, partial(self.choose, "sound"))
        y += step
        label, r = row(x, y, "ui.set_volume")
        # the test button as wide as its word ("Проверить" did not fit 80 px), in the font
        # the theme has at this screen's text size (loaded before the build)
        font = self.manager.get_theme().get_font(["#small", "button"])
        bw = max(px(80), font.get_rect(translate("ui.set_test_sound")).width + px(20))
        shown.add(
            label,
            sh.Slider(pygame.Rect(r.x, r.y + px(4), r.w - bw - px(10), r.h - px(8)),
                      round(s.volume * 100), (0, 100), name="volume"),
            sh.Button("test_sound", pygame.Rect(r.right - bw, r.y, bw, r.h),
                      "ui.set_test_sound", object_id="#small"))
        # Right column: display and the table.
        x, y = margin + col_w + px(60), px(112)
        shown.add(sh.Label(pygame.Rect(x, y, col_w, px(30)), "ui.settings_display",
                           object_id="#section"))
        y += px(38)
        # Only sizes that fit the desktop, and the window's real size (which may be a
        # clamped one, or one the player dragged): the setting always shows the truth.
        from game.ui.app import fit_window

        desktop = getattr(self.app, "desktop", None)
        fitting = [(a, b) for a, b in WINDOW_SIZES if fit_window((a, b), desktop) == (a, b)]
        current = tuple(getattr(self.app, "windowed_size", s.window_size))
        if current not in fitting:
            fitting.append(current)
        sizes: list[tuple[str, Any]] = [(f"{a} × {b}", (a, b)) for a, b in sorted(fitting)]
        choice_row(x, y, "ui.set_window", sizes, current, self._set_window)
        y += step
        toggle_row(x, y, "ui.set_fullscreen", self.app.fullscreen, self._set_fullscreen)
        y += step
        scales = sorted(set(UI_SCALES) | {s.ui_scale})
        choice_row(x, y, "ui.set_ui_scale", [(f"{round(v * 100)} %", v) for v in scales],
                   s.ui_scale, self._set_scale)
        y += step + px(8)
        shown.add(sh.Label(pygame.Rect(x, y, col_w, px(30)), "ui.settings_table",
                           object_id="#section"))
        y += px(38)
        collect: list[tuple[str, Any]] = [("ui.collect_click", ("click", s.trick_pause_ms))] + [
            (translate("ui.collect_auto", s=seconds_text(ms)), ("auto", ms))
            for ms in sorted(set(TRICK_PAUSES) | {s.trick_pause_ms})]
        current_collect = ("click", s.trick_pause_ms) if s.collect_trick == "click" else \
            ("auto", s.trick_pause_ms)
        choice_row(x, y, "ui.set_collect_trick", collect, current_collect, self._set_collect)
        y += step
        choice_row(x, y, "ui.set_counting_aid",
                   [(f"ui.counting_aid_{v}", v) for v in COUNTING_AID],
                   s.counting_aid if s.counting_aid in COUNTING_AID else "practice",
                   partial(self.choose, "counting_aid"))
        y += step
        for attr, key in (("count_in_memory", "ui.set_count_memory"), ("tips", "ui.set_tips"),
                          ("practice_warnings", "ui.set_practice_warnings"),
                          ("confirm_low_declare", "ui.set_confirm_declare"),
                          ("shape_highlights", "ui.set_shape_highlights")):
            toggle_row(x, y, key, getattr(s, attr), partial(self.choose, attr))
            y += step

        self.preview_at = (x, y + px(10))
        shown.add(sh.Button("back", pygame.Rect(margin, h - px(92), px(180), px(50)),
                            "ui.common_back"))
        height = self._preview_height()
        if height is not None:
            for deck in (s.deck_french, s.deck_german):
                shown.add(sh.Faces(["KH", "QH"], height, deck))
        return shown

    # --- what the build made, by name -----------------------------------------------------
    @property
    def language(self) -> Choice:
        choice: Choice = self.made["language"]
        return choice

    @property
    def name_entry(self) -> pygame_gui.elements.UITextEntryLine:
        entry: pygame_gui.elements.UITextEntryLine = self.made["name_entry"]
        return entry

    @property
    def volume(self) -> pygame_gui.elements.UIHorizontalSlider:
        slider: pygame_gui.elements.UIHorizontalSlider = self.made["volume"]
        return slider

    def _preview_height(self) -> int | None:
        height = min(self.px(120), self.app.size[1] - self.px(40) - self.preview_at[1])
        return height if height >= self.px(60) else None

    def draw_content(self, surface: pygame.Surface) -> None:
        """The chosen decks and back, so a choice is seen, not guessed from its name."""
        from game.ui.widgets.cards import back, card_size, face, shadowed

        s = self.settings
        height = self._preview_height()
        if height is None:
            return
        w = card_size(height)[0]
        x, y = self.preview_at
        images = [face(c, height, deck) for deck in (s.deck_french, s.deck_german)
                  for c in ("KH", "QH")] + [back(height, s.card_back)]
        for i, img in enumerate(images):
            shadowed(surface, img, (x + i * (w + self.px(10)) + (self.px(14) if i == 4 else 0), y))

    # --- changes (each saved at once) --------------------------------------------------------
    def save(self) -> None:
        self.storage.save_settings(self.settings)

    def choose(self, attr: str, value: Any) -> None:
        """Set one setting, as its control on this screen does, and save the settings."""
        setattr(self.settings, attr, value)
        self.save()

    def _set_collect(self, value: tuple[str, int]) -> None:
        """The finished trick: collected by a click, or automatically after a pause."""
        self.settings.collect_trick, self.settings.trick_pause_ms = value[0], int(value[1])
        self.save()

    def choose_language(self, lang: str) -> None:
        """Switch the language, as the language control does: the screen is built again."""
        def switch() -> None:
            self.settings.language = apply_language(self.app, lang)
            self.save()
        self.rebuild(between=switch)

    def _set_window(self, size: tuple[int, int]) -> None:
        from game.ui.app import fit_window

        real = fit_window((int(size[0]), int(size[1])), getattr(self.app, "desktop", None))
        self.settings.window_size = real
        self.save()
        if hasattr(self.app, "set_window_size"):
            self.app.set_window_size(real)  # rebuilds this scene at the new size

    def _set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.save()
        if on != self.app.fullscreen:
            self.app.toggle_fullscreen()

    def _set_scale(self, scale: float) -> None:
        self.settings.ui_scale = float(scale)
        self.save()
        self.rebuild()  # fit_fonts() reloads the theme at the new scale

    def on_event(self, event: pygame.event.Event) -> None:
        # (by ``made.get``: an element not made yet, or let go, is no one's event)
        volume = self.made.get("volume")
        entry = self.made.get("name_entry")
        if (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and volume is not None
                and event.ui_element is volume):
            self.settings.volume = round(volume.get_current_value() / 100, 2)
            self.save()
        elif (event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED)
              and entry is not None and event.ui_element is entry):
            from game.ui.settings import clean_player_name

            name = clean_player_name(entry.get_text(), DEFAULT_NAME)
            if name != self.settings.player_name:
                self.settings.player_name = name
                self.save()

    def on_button(self, key: str) -> None:
        if key == "test_sound":
            sound = services(self.app).sound
            if sound is not None:
                sound.play("announce")
        else:
            super().on_button(key)
