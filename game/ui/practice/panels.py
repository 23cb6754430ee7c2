"""What practice mode draws over the table: the hint panel, the warning dialog, the tip box.

All three are self-contained: ``draw(surface)`` each frame and
``handle_event(event) -> bool`` (True: the event was theirs).  The hint panel
is drawn by us (freetype, like the table's HUD); the dialog and the tip box add
pygame-gui buttons (so keyboard focus, theme and hover work as elsewhere) and
remove them when closed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame
import pygame_gui

from game.rules import Action, Observation
from game.ui.fits import Fit
from game.ui.i18n import current_language, tr
from game.ui.widgets.fonts import font, wrap

from .texts import action_text, explanation_lines, in_units_of, signed

GOLD = (233, 200, 110)
GOLD_LIGHT = (246, 214, 120)
CREAM = (246, 238, 218)
MUTED = (186, 204, 188)
HINT = (120, 220, 255)
BAD = (240, 140, 120)
PANEL = (8, 28, 18, 236)
BORDER = (233, 200, 110, 200)


def draw_box(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] = PANEL,
             border: tuple[int, ...] = BORDER, radius: int = 14) -> None:
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(box, colour, box.get_rect(), border_radius=radius)
    pygame.draw.rect(box, border, box.get_rect(), 2, border_radius=radius)
    surface.blit(box, rect.topleft)


# --- the hint panel ------------------------------------------------------------------------------
class HintPanel:
    """The recommendation in words, and on request every alternative with its value.

    ``show(hint, obs, family)`` fills it; ``thinking(obs)`` shows a waiting line.
    The panel sits with its bottom-right corner at ``anchor`` (set by the owner).
    """

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self.hint: Any = None
        self.obs: Observation | None = None
        self.family = "french"
        self.visible = False
        self.waiting = False
        self.expanded = False
        self.anchor: tuple[int, int] = (0, 0)
        self.width = 380
        #: Only the reason itself, without the sentences after it, and with the values
        #: open only as wide as they need (set by whoever places the panel, where it finds
        #: no free place otherwise).
        self.compact = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.toggle_rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        #: The texts as last drawn with the width each had (:mod:`game.ui.harness.textfit`).
        self.fits: list[Fit] = []
        #: The tallest the panel may be (set by its owner; None: any height), and how many
        #: of the alternatives' rows it shows.
        self.max_h: int | None = None
        self.shown = 0

    def px(self, v: float) -> int:
        return round(v * self.scale)

    # --- state -----------------------------------------------------------------------
    def thinking(self, obs: Observation) -> None:
        self.obs, self.hint, self.waiting, self.visible = obs, None, True, True

    def show(self, hint: Any, obs: Observation, family: str = "french") -> None:
        self.hint, self.obs, self.family = hint, obs, family
        self.waiting, self.visible = False, True

    def hide(self) -> None:
        self.visible = False
        self.waiting = False
        self.hint = None

    @property
    def action(self) -> Action | None:
        return self.hint.action if self.visible and self.hint is not None else None

    def rows(self) -> list[tuple[str, float | None, bool]]:
        """(action text, value, is best) for every legal action, best first."""
        if self.hint is None:
            return []
        best = self.hint.action
        vals = self.hint.values
        order = sorted(vals, key=lambda a: (a != best, -(vals[a] if vals[a] is not None
                                                         else -1e9), a))
        return [(action_text(a, self.obs, self.family), vals[a], a == best) for a in order]

    def can_be_compact(self) -> bool:
        """Is there more than the reason's first sentence to leave out, or, with the
        values open, width to spare?"""
        return self.hint is not None and (len(self.hint.why.sentences) > 1 or (
            self.expanded and self._has_values()))

    def reasons(self) -> list[str]:
        """The hint's explanation, a sentence a line.  With the choices' values open, the
        sentence comparing the move with the next best is left out: the bars below say
        it, and the panel must fit between the boxes and the hand.  :attr:`compact`: the
        first sentence only."""
        if self.hint is None:
            return []
        why = self.hint.why
        if self.compact:
            why = replace(why, sentences=why.sentences[:1])
        elif self.expanded and self._has_values() and len(why.sentences) > 1:
            kept = tuple(s for s in why.sentences[1:] if not s.key.startswith("advice_margin"))
            why = replace(why, sentences=(why.sentences[0], *kept))
        return explanation_lines(why, self.obs, self.family)

    # --- events ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v and self._has_values():
            self.expanded = not self.expanded
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_rect.collidepoint(event.pos):
                self.hide()
                return True
            if self.toggle_rect.collidepoint(event.pos):
                self.expanded = not self.expanded
                return True
            return self.rect.collidepoint(event.pos)
        return False

    # --- drawing ---------------------------------------------------------------------
    def _has_values(self) -> bool:
        return self.hint is not None and len(self.hint.values) > 1 and any(
            v is not None for v in self.hint.values.values())

    def _layout(self) -> tuple[int, int, list[tuple[str, Any, tuple[int, int, int]]], int]:
        """(width, height, text lines, toggle height) of the panel as it is now."""
        px = self.px
        w = px(self.width)
        pad = px(14)
        if self.expanded and self._has_values():
            # As wide as the longest alternative needs beside its bar and value (Russian
            # "Обмен козырной карты (дама)" was cut).
            fb = font("sans_bold", px(14))
            longest = max((fb.get_rect(text).width for text, _v, _b in self.rows()), default=0)
            rows_w = pad + longest + px(8) + self._bar_w() + px(58) + pad
            # compact: only as wide as the choices need (a narrow gap beside the trick)
            w = max(px(240), rows_w) if self.compact else max(w, rows_w)
        big = font("sans_bold", px(19))
        body = font("sans", px(15))
        lines: list[tuple[str, Any, tuple[int, int, int]]] = []
        if self.hint is None:
            lines.append((tr("ui.practice_thinking"), body, MUTED))
        else:
            # the move itself wraps too ("Discard Daus of leaves, König of acorns")
            for ln in wrap(action_text(self.hint.action, self.obs, self.family), big,
                           w - 2 * pad):
                lines.append((ln, big, HINT))
            for i, sentence in enumerate(self.reasons()):
                for ln in wrap(sentence, body, w - 2 * pad):
                    lines.append((ln, body, CREAM if i == 0 else MUTED))
        rows = len(self.hint.values) if self.expanded and self._has_values() else 0
        text_h = sum(f.get_sized_height(0) + px(3) for _, f, _ in lines)
        toggle_h = px(26) if self._has_values() else 0
        self.shown = rows
        if rows and self.max_h:
            # Taller than the free room (ten Mariáš cards at 1024 × 640 reached over the
            # boxes and a hand): the best alternatives, and a line saying how many more.
            base = pad + px(30) + text_h + px(6) + toggle_h + px(26) + pad
            fit = max(1, (self.max_h - base - px(22)) // px(22))
            if fit < rows:
                self.shown = fit
        more = px(22) if self.shown < rows else 0
        notes = len(self._note_lines(w - 2 * pad)) - 1
        rows_h = (self.shown * px(22) + px(26) + notes * px(16) + more) if rows else 0
        h = pad + px(30) + text_h + px(6) + toggle_h + rows_h + pad
        return w, h, lines, toggle_h

    def size(self) -> tuple[int, int]:
        w, h, _, _ = self._layout()
        return w, h

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        px = self.px
        pad = px(14)
        w, h, lines, toggle_h = self._layout()
        title_f = font("sans_bold", px(17))
        small = font("sans", px(13))
        rows = self.rows() if self.expanded and self._has_values() else []
        row_h = px(22)
        head_h = px(30)
        rect = pygame.Rect(0, 0, w, h)
        rect.bottomright = self.anchor
        rect.clamp_ip(surface.get_rect())
        self.rect = rect
        draw_box(surface, rect)
        # title and the close cross
        img, _ = title_f.render(tr("ui.practice_hint_title"), GOLD)
        surface.blit(img, (rect.x + pad, rect.y + pad))
        cr = pygame.Rect(0, 0, px(22), px(22))
        cr.topright = (rect.right - px(10), rect.y + px(10))
        self.close_rect = cr
        pygame.draw.line(surface, MUTED, cr.move(5, 5).topleft, cr.move(-5, -5).bottomright, 2)
        pygame.draw.line(surface, MUTED, (cr.right - 5, cr.top + 5), (cr.left + 5,
                                                                        cr.bottom - 5), 2)
        y = rect.y + pad + head_h
        self.fits = []
        for text, f, colour in lines:
            img, _ = f.render(text, colour)
            self.fits.append(Fit("hint panel", text, img.get_width(), rect.w - 2 * pad))
            surface.blit(img, (rect.x + pad, y))
            y += f.get_sized_height(0) + px(3)
        y += px(6)
        self.toggle_rect = pygame.Rect(0, 0, 0, 0)
        if toggle_h:
            label = tr("ui.practice_hide_values" if self.expanded else "ui.practice_show_values")
            img, _ = small.render(label, GOLD_LIGHT)
            tr_rect = img.get_rect(topleft=(rect.x + pad, y + px(4)))
            surface.blit(img, tr_rect)
            pygame.draw.line(surface, GOLD, (tr_rect.left, tr_rect.bottom + 1),
                             (tr_rect.right, tr_rect.bottom + 1), 1)
            self.toggle_rect = tr_rect.inflate(px(8), px(8))
            y += toggle_h
        if rows:
            self._draw_rows(surface, rect, y, rows[:self.shown], row_h, pad,
                            len(rows) - self.shown)

    def _draw_rows(self, surface: pygame.Surface, rect: pygame.Rect, y: int,
                   rows: list[tuple[str, float | None, bool]], row_h: int, pad: int,
                   more: int = 0) -> None:
        px = self.px
        f = font("sans", px(14))
        fb = font("sans_bold", px(14))
        known = [v for _, v, _ in rows if v is not None]
        hi = max(known) if known else 1.0
        lo = min(known + [hi - 1.0]) if known else 0.0
        span = max(1e-6, hi - lo)
        bar_w = self._bar_w()
        val_x = rect.right - pad
        bar_x = val_x - px(58) - bar_w
        for text, value, best in rows:
            colour = HINT if best else CREAM
            if best:
                band = pygame.Surface((rect.w - 2 * px(8), row_h), pygame.SRCALPHA)
                band.fill((120, 220, 255, 36))
                surface.blit(band, (rect.x + px(8), y))
            img, _ = (fb if best else f).render(text, colour)
            clip = bar_x - rect.x - pad - px(8)
            self.fits.append(Fit("hint panel", text, img.get_width(), clip))
            surface.blit(img, (rect.x + pad, y + (row_h - img.get_height()) // 2),
                         pygame.Rect(0, 0, clip, img.get_height()))
            if value is not None:
                frac = (value - lo) / span
                full = pygame.Rect(bar_x, y + row_h // 2 - px(4), bar_w, px(8))
                pygame.draw.rect(surface, (255, 255, 255, 30), full, 1, border_radius=3)
                fill = full.copy()
                fill.w = max(2, round(bar_w * frac))
                pygame.draw.rect(surface, HINT if best else (GOLD if frac > 0.5 else BAD), fill,
                                 border_radius=3)
            vimg, _ = f.render(signed(value), colour)
            surface.blit(vimg, (val_x - vimg.get_width(), y + (row_h - vimg.get_height()) // 2))
            y += row_h
        if more:
            img, _ = f.render(tr("ui.practice_values_more", n=more), MUTED)
            surface.blit(img, (rect.x + pad, y + (row_h - img.get_height()) // 2))
            y += row_h
        for line in self._note_lines(rect.w - 2 * pad):
            note, _ = font("sans", px(12)).render(line, MUTED)
            self.fits.append(Fit("hint panel", line, note.get_width(), rect.w - 2 * pad))
            surface.blit(note, (rect.x + pad, y + px(6)), pygame.Rect(0, 0, rect.w - 2 * pad,
                                                                      note.get_height()))
            y += px(16)

    def _note_lines(self, width: int) -> list[str]:
        """What the values are, under them, wrapped to ``width``."""
        return wrap(tr(in_units_of(self.obs, "ui.practice_values_note")),
                    font("sans", self.px(12)), width)

    def _bar_w(self) -> int:
        """The values' bars: shorter in a :attr:`compact` panel."""
        return self.px(56) if self.compact else self.px(90)


# --- a modal question ----------------------------------------------------------------------------
class ConfirmDialog:
    """A centred question with two buttons over a dimmed screen (modal while open).

    ``open(...)`` builds the buttons; the owner must pass events to
    :meth:`handle_event` first and ignore the rest while :attr:`active`.
    Both keys give the second, safe answer ("keep playing", "choose again"), which is
    the gold one: a reflex Enter never costs the deal.
    """

    def __init__(self, manager: pygame_gui.UIManager, scale: float = 1.0):
        self.manager = manager
        self.scale = scale
        self.active = False
        self.enter = 0
        self.title = ""
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[pygame_gui.elements.UIButton, Callable[[], None]]] = []

    def px(self, v: float) -> int:
        return round(v * self.scale)

    def open(self, screen_size: tuple[int, int], title: str, lines: list[str], yes: str,
             no: str, on_yes: Callable[[], None], on_no: Callable[[], None],
             enter: int = 1) -> None:
        """``enter``: the button Enter presses and the gold one (1: the safe "no")."""
        self.close()
        self.active = True
        self.enter = enter
        self.title = title
        px = self.px
        w = min(screen_size[0] - px(40), px(560))
        body = font("sans", px(17))
        wrapped: list[str] = []
        for text in lines:
            wrapped.extend(wrap(text, body, w - px(48)))
        self.lines = wrapped
        h = px(70) + len(wrapped) * (body.get_sized_height(0) + px(4)) + px(86)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (screen_size[0] // 2, round(screen_size[1] * 0.42))
        bw, bh = px(200), px(44)
        gap = px(16)
        y = self.rect.bottom - bh - px(20)
        x = self.rect.centerx - bw - gap // 2
        for i, (text, cb) in enumerate(((yes, on_yes), (no, on_no))):
            b = pygame_gui.elements.UIButton(pygame.Rect(x + i * (bw + gap), y, bw, bh), text,
                                             self.manager,
                                             object_id="#primary" if i == enter else None)
            self.buttons.append((b, cb))

    def close(self) -> None:
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []
        self.active = False

    def _choose(self, i: int) -> None:
        cb = self.buttons[i][1] if i < len(self.buttons) else None
        self.close()
        if cb is not None:
            cb()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.active:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for i, (b, _) in enumerate(self.buttons):
                if event.ui_element is b:
                    self._choose(i)
                    return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._choose(self.enter)
            elif event.key == pygame.K_ESCAPE:
                self._choose(1)
        return True  # modal: nothing else reacts while it is open

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, (0, 0))
        px = self.px
        draw_box(surface, self.rect, (10, 32, 22, 248), (240, 200, 110, 255), px(16))
        tf = font("serif_bold", px(24))
        img, _ = tf.render(self.title, GOLD_LIGHT)
        surface.blit(img, (self.rect.centerx - img.get_width() // 2, self.rect.y + px(22)))
        body = font("sans", px(17))
        y = self.rect.y + px(70)
        for i, line in enumerate(self.lines):
            img, _ = body.render(line, CREAM if i or not line else CREAM)
            surface.blit(img, (self.rect.x + px(24), y))
            y += body.get_sized_height(0) + px(4)


# --- tips ----------------------------------------------------------------------------------------
class TipBox:
    """A short explanation the first time an action becomes possible.

    ``show(key)`` displays the tip; "Got it" closes it, "No more tips" calls
    ``on_off`` (the owner switches ``settings.tips`` off).
    """

    def __init__(self, manager: pygame_gui.UIManager, scale: float = 1.0,
                 on_off: Callable[[], None] | None = None):
        self.manager = manager
        self.scale = scale
        self.on_off = on_off
        #: ``placer((w, h)) -> (right, bottom)``: where the box goes (default: top centre).
        self.placer: Callable[[tuple[int, int]], tuple[int, int]] | None = None
        #: ``cover((w, h))``: how much the best place for a box of that size covers
        #: (0: nothing; None: the first width is taken).
        self.cover: Callable[[tuple[int, int]], float] | None = None
        self.key: str | None = None
        self.queue: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self._lang = ""  # the language of the words on show
        self.top = 0
        self.size: tuple[int, int] = (0, 0)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        #: Build the buttons a frame after the box (:meth:`build_buttons`): the box's place
        #: and the buttons' shapes are each a good part of a frame at 1080p.
        self.defer_buttons = False
        #: Where the buttons go once built (while :attr:`defer_buttons` holds them back).
        self.buttons_due: dict[str, pygame.Rect] = {}

    def px(self, v: float) -> int:
        return round(v * self.scale)

    @property
    def active(self) -> bool:
        return self.key is not None

    def build_buttons(self) -> None:
        """The buttons held back by :attr:`defer_buttons`, where the box is now."""
        due, self.buttons_due = self.buttons_due, {}
        if "ok" in due:
            self.buttons["ok"] = pygame_gui.elements.UIButton(
                due["ok"], tr("ui.practice_tip_ok"), self.manager, object_id="#primary")
        if "off" in due:
            self.buttons["off"] = pygame_gui.elements.UIButton(
                due["off"], tr("ui.practice_tips_off"), self.manager)

    def show(self, keys: list[str], screen_size: tuple[int, int]) -> None:
        for k in keys:
            if k != self.key and k not in self.queue:
                self.queue.append(k)
        if self.key is None:
            self._next(screen_size)

    def _next(self, screen_size: tuple[int, int]) -> None:
        self._kill()
        self.key = self.queue.pop(0) if self.queue else None
        if self.key is None:
            return
        self._layout(screen_size)

    def _layout(self, screen_size: tuple[int, int]) -> None:
        """Size, words and buttons of the tip :attr:`key`, in the language chosen now."""
        assert self.key is not None
        self._lang = current_language()
        px = self.px
        body = font("sans", px(16))
        text = tr("ui." + self.key)
        # The widest box that covers nothing, else the one covering least (a narrower,
        # taller box finds room between the trump card and the counting aid in a small
        # window).
        best: tuple[float, int, list[str]] | None = None
        for width in (px(520), px(440), px(380)):
            w = min(screen_size[0] - px(40), width)
            lines = wrap(text, body, w - px(40))
            covered = 0.0 if self.cover is None else self.cover(self._box(w, lines, body))
            if best is None or covered < best[0]:
                best = (covered, w, lines)
            if covered == 0:
                break
        assert best is not None
        _covered, w, self.lines = best
        self.rect = pygame.Rect((0, 0), self._box(w, self.lines, body))
        self.rect.midtop = (screen_size[0] // 2, self.top or px(70))
        if self.placer is not None:
            self.rect.bottomright = self.placer(self.rect.size)
            self.rect.clamp_ip(pygame.Rect(0, 0, *screen_size))
        bh = px(36)
        y = self.rect.bottom - bh - px(12)
        ok = pygame.Rect(0, y, px(130), bh)
        ok.right = self.rect.right - px(16)
        off = pygame.Rect(0, y, px(170), bh)
        off.right = ok.left - px(10)
        self.buttons_due = {"ok": ok, "off": off}
        if not self.defer_buttons:
            self.build_buttons()
        self.size = screen_size

    def _box(self, w: int, lines: list[str], body: Any) -> tuple[int, int]:
        """The size of a box ``w`` wide showing ``lines`` above its two buttons."""
        return w, self.px(46) + len(lines) * (body.get_sized_height(0) + self.px(3)) \
            + self.px(58)

    def _kill(self) -> None:
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self.buttons_due = {}

    def keep_only(self, keys: list[str]) -> None:
        """Drop the tips whose action is no longer possible (an exchange tip must not stay
        once the exchange is gone); the next one that still applies comes up."""
        self.queue = [k for k in self.queue if k in keys]
        if self.key is not None and self.key not in keys:
            self._next(self.size)

    def place(self) -> None:
        """Move the box (and its buttons) to where :attr:`placer` says now — the hint panel
        may have opened below it since it was shown."""
        if self.key is None or self.placer is None:
            return
        if self._lang != current_language():  # chosen in Settings while the tip was up
            self._kill()
            self._layout(self.size)
            return
        rect = pygame.Rect(self.rect)
        rect.bottomright = self.placer(rect.size)
        rect.clamp_ip(pygame.Rect(0, 0, *self.size))
        dx, dy = rect.x - self.rect.x, rect.y - self.rect.y
        if dx or dy:
            self.rect = rect
            for b in self.buttons.values():
                b.set_position((b.rect.x + dx, b.rect.y + dy))
            for r in self.buttons_due.values():
                r.move_ip(dx, dy)

    def close(self) -> None:
        self.queue = []
        self.key = None
        self._kill()

    def dismiss(self) -> None:
        """The tip on show goes, as with "Got it" (the next one waiting comes up)."""
        if self.key is not None:
            self._next(self.size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.key is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("ok"):
                self._next(self.size)
                return True
            if event.ui_element is self.buttons.get("off"):
                self.close()
                if self.on_off is not None:
                    self.on_off()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.key is None:
            return
        px = self.px
        draw_box(surface, self.rect, (12, 40, 60, 240), (120, 220, 255, 220), px(14))
        tf = font("sans_bold", px(17))
        img, _ = tf.render(tr("ui.practice_tip_title"), HINT)
        surface.blit(img, (self.rect.x + px(20), self.rect.y + px(14)))
        body = font("sans", px(16))
        y = self.rect.y + px(46)
        for line in self.lines:
            img, _ = body.render(line, CREAM)
            surface.blit(img, (self.rect.x + px(20), y))
            y += body.get_sized_height(0) + px(3)
