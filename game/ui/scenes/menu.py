"""The main menu: title, a fan of cards, the buttons, and any notice about unreadable files."""

from __future__ import annotations

import html
import logging
import threading
from functools import cache
from typing import Any

import pygame
import pygame_gui

from game.ui import routes
from game.ui.gui_internals import PlainTextBox
from game.ui.i18n import tr, variant_name
from game.ui.routes import ScreenName
from game.ui.shown import Button, Label, Made, Shown, TextBox
from game.ui.widgets import cards as card_pictures
from game.ui.widgets.felt import title_surface
from game.ui.workers import as_helper

from .base import MenuScene, seat_names, services

log = logging.getLogger(__name__)

BUTTONS = ("new", "continue", "network", "tutorial", "rules", "stats", "history", "settings",
           "quit")
LABELS = {"new": "ui.menu_new", "continue": "ui.menu_continue", "rules": "ui.menu_rules",
          "network": "ui.menu_network",
          "tutorial": "ui.menu_tutorial",
          "stats": "ui.menu_stats", "history": "ui.menu_history",
          "settings": "ui.menu_settings", "quit": "ui.menu_quit"}
TARGETS: dict[str, ScreenName] = {
    "new": "setup", "rules": "rules", "stats": "stats", "history": "replay", "network": "net",
    "settings": "settings", "tutorial": "tutorial"}
#: The two fans beside the buttons: a marriage in hearts and the Mariáš seven of trumps.
FAN_LEFT = ("AS", "TS", "KH", "QH")
FAN_RIGHT = ("QC", "KC", "AH", "7H")


@cache
def _fan(cards: tuple[str, ...], height: int, artwork: str, mirror: bool) -> pygame.Surface:
    """A fanned hand of real card faces from the deck renderer."""
    faces = [card_pictures.face(card, height, artwork) for card in cards]
    w, h = faces[0].get_size()
    size = int(h * 2.1)
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    n = len(faces)
    pivot = (size // 2, int(size * 0.95))
    for i, face in enumerate(faces):
        angle = (i - (n - 1) / 2) * 14
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=max(4, w // 14))
        for img, offset in ((shadow, (5, 6)), (face, (0, 0))):
            rotated = pygame.transform.rotozoom(img, -angle, 1.0)
            # Rotate about the pivot below the cards' centre, like a hand of cards.
            vec = pygame.math.Vector2(0, -h * 0.95).rotate(angle)
            centre = (pivot[0] + vec.x + offset[0], pivot[1] + vec.y + offset[1])
            out.blit(rotated, rotated.get_rect(center=centre))
    return out


def match_summary(saved: Any, settings: Any = None) -> dict[str, str]:
    """The words that describe a saved match (``game.ui.storage.SavedMatch``) to a player.

    Two players' score reads "2 : 5" (yours first); three numbers need their names, so
    with ``settings`` (the player's own name) a three-player score says whose each is:
    "You +3, West −1, East −2"."""
    state = saved.state
    game = variant_name(saved.variant)
    if getattr(saved.setup, "network", None):  # a table hosted for friends
        game = tr("ui.net_saved_game", game=game)
    totals = list(state.totals)
    score = " : ".join(str(t) for t in totals)
    if settings is not None and len(totals) > 2:
        from game.ui.result_text import signed

        names = [n.split(" · ")[0] for n in seat_names(saved.setup, settings, len(totals))]
        score = ", ".join(f"{n} {signed(t)}" for n, t in zip(names, totals))
    return {"game": game, "deal": str(state.deals), "score": score}


def notice_text(key: str, params: dict[str, str]) -> str:
    """A storage notice in the player's language (game ids become game names)."""
    params = dict(params)
    variant = params.pop("variant", None)
    if key == "ui.notice_save_corrupt" and not variant:
        key = "ui.notice_save_corrupt_unknown"
    if variant:
        params["game"] = variant_name(variant)
    return tr(key, **params)


class MainMenuScene(MenuScene):
    name = "menu"
    back_to = None

    @property
    def menu_buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        """The menu's buttons by key (none while a notice is shown)."""
        return {key: self.made[key] for key in BUTTONS if key in self.made}

    @property
    def footer(self) -> pygame_gui.elements.UILabel | None:
        """The line at the foot of the menu (None while a notice is shown)."""
        footer: pygame_gui.elements.UILabel | None = self.made.get("footer")
        return footer

    @property
    def notice_label(self) -> PlainTextBox | None:
        """The notice on show (None: the menu is)."""
        notice: PlainTextBox | None = self.made.get("notice")
        return notice

    @property
    def dismiss_button(self) -> pygame_gui.elements.UIButton | None:
        """The notice's OK button."""
        dismiss: pygame_gui.elements.UIButton | None = self.made.get("dismiss")
        return dismiss

    def build(self, **params: Any) -> Shown:
        """The buttons, or the first notice about a file instead (the first menu is built
        whole, before the first frame: see game.ui.launch)."""
        self._render_fans_ahead()
        storage = self.storage
        #: Saved matches that replay (damaged ones are repaired or moved aside right here,
        #: so their notices are among the reports taken below).
        self.saved = storage.saved_matches()
        notices = services(self.app).notices
        notices.extend(storage.take_reports())
        if notices:
            return self._notice(notices[0])
        w, h = self.app.size
        # The tutorial is a colleague's scene: offered when it is there.
        keys = [k for k in BUTTONS if (k != "tutorial" or "tutorial" in self.app.scene_factories)
                and (k != "network" or "net" in self.app.scene_factories)]
        top = int(h * 0.335)
        room = h - self.px(74) - top  # down to the footer
        step = min(self.px(56), room // len(keys))
        bw, bh, gap = self.px(320), step - max(6, step // 6), max(6, step // 6)
        at_table = self.app.services.net is not None  # a network table left open
        has_save = at_table or bool(self.saved)
        shown = Shown(focused="continue" if has_save else "new")
        for i, key in enumerate(keys):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + gap))
            text = LABELS[key]
            if key == "continue" and at_table:
                text = "ui.net_back_to_table"
            shown.add(Button(key, rect, text, object_id="#menu_button",
                             enabled=key != "continue" or has_save, name=key))
        # What Continue would resume is said in the footer line while Continue is pointed
        # at (a tooltip under the mouse covered the two buttons below it).
        self.continue_text = "ui.app_footer" if at_table else (
            (self._continue_hint() or tr("ui.menu_continue")) if has_save
            else tr("ui.menu_continue_none"))
        shown.add(Label(pygame.Rect(0, int(h * 0.25), w, self.px(30)), "ui.app_subtitle",
                        object_id="#subtitle"),
                  Label(pygame.Rect(0, h - self.px(62), w, self.px(24)), "ui.app_footer",
                        object_id="#footer", name="footer"))
        self._footer_shows: str = "ui.app_footer"
        return shown

    def update(self, dt: float) -> None:
        """The footer says what Continue resumes while the mouse or the keyboard is on it."""
        super().update(dt)
        button = self.menu_buttons.get("continue")
        footer = self.footer
        if button is None or footer is None or not footer.alive():
            return
        pointed = bool(getattr(button, "hovered", False)) or self.focus.current is button
        want = self.continue_text if pointed else "ui.app_footer"
        if want != self._footer_shows:
            self._footer_shows = want
            footer.set_text(want)

    def _continue_hint(self) -> str | None:
        """What Continue offers, in a few words (the matches were replayed by the storage)."""
        if len(self.saved) > 1:
            return tr("ui.menu_continue_many", n=str(len(self.saved)))
        return tr("ui.continue_row", **match_summary(self.saved[0], self.settings))

    def _notice(self, notice: tuple[str, Any]) -> Shown:
        """A notice about a file takes the middle of the screen until the player presses OK."""
        key, params = notice
        if not isinstance(params, dict):
            params = {"detail": str(params)}
        w, h = self.app.size
        width = min(w - self.px(120), self.px(760))
        box = pygame.Rect((w - width) // 2, int(h * 0.34), width, -1)  # -1: as tall as the text
        text = html.escape(notice_text(key, params))

        def under_text(made: Made) -> pygame.Rect:
            ok = pygame.Rect(0, 0, self.px(160), self.px(48))
            ok.midtop = (w // 2, made["notice"].rect.bottom + self.px(22))
            return ok
        # (its rounded box is drawn by the screen under it: game.ui.widgets.boxes)
        return Shown([TextBox(text, box, object_id="#notice_box", boxed=True, name="notice"),
                      Button("dismiss", under_text, "ui.notice_dismiss", object_id="#primary",
                             name="dismiss")],
                     focused="dismiss")

    def on_button(self, key: str) -> None:
        if key == "dismiss":
            notices = services(self.app).notices
            if notices:
                notices.pop(0)
            self.rebuild()
        elif key == "quit":
            self.app.quit()
        elif key == "continue":
            at_table = self.app.services.net is not None
            if not at_table and len(self.saved) > 1 and "continue" in self.app.scene_factories:
                self.app.go(routes.Continue())
            else:
                self.resume()
        elif key in TARGETS and TARGETS[key] in self.app.scene_factories:
            self.app.show(TARGETS[key])

    def resume(self, slot: str | None = None) -> None:
        """Continue the match of ``slot`` (None: the newest) at the table."""
        if self.app.services.net is not None and "net_table" in self.app.scene_factories:
            self.app.go(routes.NetTable())  # back to the network table left with Esc
            return
        loaded = self.storage.load_match(slot)
        if loaded is None:  # damaged beyond repair: reported, moved aside; show why
            self.rebuild()
            return
        text, setup = loaded
        if setup.network and "net_host" in self.app.scene_factories:
            self.app.go(routes.NetHost(resume=text, setup=setup))  # host the table again
            return
        if "table" in self.app.scene_factories:
            self.app.go(routes.Table(resume_record=text, setup=setup))

    def _fan_specs(self, size: tuple[int, int]) -> list[tuple[tuple[str, ...], int, str, bool,
                                                              int]]:
        w, _h = size
        card_h = self.px(160)
        settings = self.settings
        return [(cards, card_h, settings.deck_french if not mirror else settings.deck_german,
                 mirror, cx)
                for cards, mirror, cx in ((FAN_LEFT, False, int(w * 0.2)),
                                          (FAN_RIGHT, True, int(w * 0.8)))]

    def _render_fans_ahead(self) -> None:
        """Render the two fans on a worker while the widgets are built (the rasteriser
        runs without the GIL): drawing eight card faces was much of the first frame."""
        specs = [spec[:4] for spec in self._fan_specs(self.app.size)]
        done = threading.Event()

        def work() -> None:
            as_helper()
            try:
                for spec in specs:
                    _fan(*spec)
            finally:
                done.set()

        self._fans_ready: threading.Event | None = done
        threading.Thread(target=work, daemon=True, name="menu-fans").start()

    def draw_content(self, surface: pygame.Surface) -> None:
        ready = getattr(self, "_fans_ready", None)
        if ready is not None:
            ready.wait(5.0)  # normally long done; never draw a fan twice at once
            self._fans_ready = None
        w, h = surface.get_size()
        title = title_surface(tr("ui.app_title"), self.px(76))
        rect = title.get_rect(center=(w // 2, int(h * 0.17)))
        surface.blit(title, rect)
        from game.ui.widgets.felt import ornament

        ornament(surface, (w // 2, int(h * 0.245)), max(rect.width, self.px(300)))
        if self.notice_label is not None:
            return
        for cards, card_h, artwork, mirror, cx in self._fan_specs((w, h)):
            fan = _fan(cards, card_h, artwork, mirror)
            surface.blit(fan, fan.get_rect(center=(cx, int(h * 0.6))))
