"""Practice mode on the table: everything the table needs, behind a handful of hooks.

The table creates one :class:`PracticeLayer` and calls:

* ``layer.hint()`` — the Hint button and the H key (any game, practice or not);
* ``layer.allow(action) -> bool`` — before a human action is handed to the flow:
  False while a practice warning asks "play it anyway?" (the layer re-submits
  the action itself when the player confirms);
* ``layer.handle_event(event) -> bool`` — first, before the table's own input
  (the warning dialog is modal);
* ``layer.update(dt)`` and ``layer.draw(surface)`` — every frame (draw last); first-time
  tips appear in every game while ``settings.tips`` is on;
* ``layer.undo()`` — the Take back button (practice games only);
* ``layer.review()`` — the Review button at the end of a deal.

It knows the table only as a :class:`~game.ui.practice.host.PracticeHost` (the few things
it asks, typed) and changes only the hint's glow (``point_at``) — so the table stays
the table.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.ai.turns import obs_key
from game.rules import Action, Observation
from game.ui import routes
from game.ui.i18n import tr

from ..fits import Fit
from ..regions import PANEL, Region
from ..settings import Settings
from .coach import HintService, TipBook, assess, rewind_flow, tips_for
from .host import PracticeHost
from .panels import ConfirmDialog, HintPanel, TipBox
from .texts import family_of, warning_lines

log = logging.getLogger(__name__)

#: The cards the hint panel and the tips keep clear of (as of the table's Stage roles).
NEEDED = ("hand", "blind", "opp", "trick", "indicator", "aside", "stock")
#: Added to what a place covers when it lies over one of those cards: any place clear of
#: them counts as covering less.
OVER_A_CARD = 1e9


def table_rects(layout: Any, view: int) -> list[pygame.Rect]:
    """The other seats' name plates and hands, the info and score boxes and the trick area
    of a table layout."""
    rects = []
    for spot in layout.seats:
        if spot.seat == view:
            continue
        rects.append(pygame.Rect(spot.plate.tuple()))
        rects.append(pygame.Rect(spot.hand_area()))
    rects.append(pygame.Rect(layout.info.tuple()))
    rects.append(pygame.Rect(layout.score.tuple()))
    th = layout.table_h
    cx, cy = layout.center
    rects.append(pygame.Rect(round(cx - th * 1.1), round(cy - th * 0.85), round(th * 2.2),
                             round(th * 1.7)))
    return rects


class PracticeLayer:
    def __init__(self, scene: PracticeHost, service: HintService | None = None):
        self.scene = scene
        self.app = scene.app
        self.service = service or HintService(remote=self._remote_hint)
        self.panel = HintPanel()
        self.dialog = ConfirmDialog(self.app.manager)
        self.tips = TipBox(self.app.manager, on_off=self._tips_off)
        self.tips.placer = self.place_tip
        self.tips.cover = self.tip_cover
        #: How much the last place found covers (0: nothing).
        self.last_place_cover = 0.0
        #: Whether the hint panel and the tip on show each stand in the counting aid's place.
        self._aside = {"panel": False, "tip": False}
        self.tips.defer_buttons = True
        storage = self.app.services.storage
        self.book = TipBook.for_storage(storage) if storage is not None else TipBook(None)
        self._hint_key: str | None = None
        #: The last place found by :meth:`place` and what it was found for.
        self._placed: dict[Any, tuple[tuple[int, int], float]] = {}
        self._confirmed: Action | None = None
        self._seen_obs: str | None = None

    def confirmed(self, action: Action) -> None:
        """The player already confirmed ``action`` (the table's own question asked): no
        practice warning on top of it."""
        self._confirmed = action

    # --- state ---------------------------------------------------------------------------
    @property
    def practice(self) -> bool:
        setup = self.scene.setup
        return setup is not None and setup.practice

    @property
    def settings(self) -> Settings:
        return self.scene.settings

    def _family(self) -> str:
        setup = self.scene.setup
        return family_of(setup.variant if setup else "marriage", self.settings)

    def _obs(self) -> Observation | None:
        return self.scene.observation()

    def _scale(self) -> float:
        """The scale of the widgets' theme fonts (set by the table for its size), so the
        panels' own text and their pygame-gui buttons grow together up to 4K."""
        w, h = self.app.size
        fallback = max(0.8, min(w / 1280, h / 720))
        scale = self.app.services.font_scale
        return max(0.8, fallback if scale is None else float(scale))

    # --- hint ------------------------------------------------------------------------------
    def _remote_hint(self, obs: Observation, budget_ms: float) -> Any:
        """game.ai.hint in the table's bot process (None when the table has none)."""
        return self.scene.remote_hint(obs, budget_ms)

    def hint(self) -> None:
        """Show (or hide, when shown for this position) the hint panel."""
        obs = self._obs()
        if obs is None:
            return
        key = obs_key(obs)
        if self.panel.visible and self._hint_key == key:
            self.panel.hide()
            self.scene.point_at(None)
            return
        self._hint_key = key
        # One box at a time: the hint the player asked for closes the tip (it was read,
        # or is not wanted now); the tips wait while the hint is open (_check_tips).
        self.tips.close()
        found = self.service.get(obs)
        if found is not None:
            self._show(found, obs)
        else:
            self.panel.thinking(obs)
            self.service.request(obs)

    def warning_open(self) -> bool:
        """A practice warning waits for the player's answer (modal over the table)."""
        return self.dialog.active

    def close_overlay(self) -> bool:
        """Esc: close the hint panel (with its values), else the tip on show; False when
        neither was open (then Esc leaves the table)."""
        if self.panel.visible:
            self.panel.hide()
            self.scene.point_at(None)
            return True
        if self.tips.active:
            self.tips.dismiss()
            return True
        return False

    def _show(self, found: Any, obs: Observation) -> None:
        self.panel.show(found, obs, self._family())
        self.scene.point_at(found.action)

    # --- warnings --------------------------------------------------------------------------
    def allow(self, action: Action) -> bool:
        """May ``action`` go to the flow now?  False: a warning dialog asks first."""
        if self._confirmed is action:
            self._confirmed = None
            return True
        if not self.practice or not self.settings.practice_warnings:
            return True
        obs = self._obs()
        if obs is None or action not in obs.legal or len(obs.legal) < 2:
            return True
        found = self.service.compute(obs)
        warning = assess(obs, action, found)
        if warning is None:
            return True
        lines = warning_lines(warning, obs, self._family())

        def play_anyway() -> None:
            self._confirmed = action
            self.scene.submit(action)

        def choose_again() -> None:
            self._confirmed = None

        self.dialog.scale = self._scale()
        self.dialog.open(self.app.size, tr("ui.practice_warning_title"), lines,
                         tr("ui.table_play_anyway"), tr("ui.table_choose_again"), play_anyway,
                         choose_again)
        return False

    # --- tips ------------------------------------------------------------------------------
    def _tips_off(self) -> None:
        self.settings.tips = False
        storage = self.app.services.storage
        if storage is not None:
            storage.save_settings(self.settings)

    def _check_tips(self, obs: Observation) -> None:
        key = obs_key(obs)
        if key == self._seen_obs or self.panel.visible:
            return
        self._seen_obs = key
        fresh = self.book.fresh(tips_for(obs))
        if not fresh:
            return
        self.tips.scale = self._scale()
        self.tips.top = round(self.app.size[1] * 0.2)
        self.tips.show(fresh, self.app.size)
        for k in fresh:
            self.book.mark(k)

    # --- undo and review ---------------------------------------------------------------------
    def can_undo(self) -> bool:
        flow = self.scene.local_flow
        if not self.practice or flow is None or flow.deal is None:
            return False
        return any(s == self.scene.view_seat for s, _ in flow.deal.history)

    def undo(self) -> bool:
        """Take back the player's last action and the computer's moves after it."""
        flow = self.scene.local_flow
        if not self.can_undo() or self.dialog.active:
            return False
        if not rewind_flow(flow, self.scene.view_seat):
            return False
        self.scene.point_at(None)
        self.panel.hide()
        self.scene.taken_back()
        return True

    def review(self) -> None:
        flow = self.scene.local_flow
        if flow is None or flow.deal is None or "review" not in self.app.scene_factories:
            return
        names = [self.scene.seat_label(s).split(" · ")[0] for s in range(flow.match.players)]
        self.app.go(routes.Review(deal=flow.deal, seat=self.scene.view_seat, names=names,
                                  back_to="table", judgements=self.service.judgements()))

    # --- frame ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.dialog.handle_event(event):
            return True
        if self.tips.handle_event(event):
            return True
        return self.panel.handle_event(event)

    def update(self, dt: float) -> None:
        self.tips.build_buttons()  # (those of a tip that showed in the last frame)
        obs = self._obs()
        if self.tips.active:
            self.tips.keep_only(tips_for(obs) if obs is not None else [])
        if obs is None:
            if self.panel.visible:
                self.panel.hide()
                self.scene.point_at(None)
            return
        key = obs_key(obs)
        if self.panel.visible and self._hint_key != key:
            self.panel.hide()
            self.scene.point_at(None)
        if self.panel.waiting:
            found = self.service.get(obs)
            if found is not None:
                self._show(found, obs)
        if self.practice and self.settings.practice_warnings:
            self.service.request(obs)  # ready before the player acts
        if self.settings.tips:  # tips help in every game, once each
            self._check_tips(obs)

    def _busy_rects(self) -> list[pygame.Rect]:
        """What the hint panel and the tips must not cover: the table's own widgets
        (buttons), the other players' name plates and hands, the cards on the table and
        the trick."""
        return [r for r, _w in self._busy()]

    def _busy(self) -> list[tuple[pygame.Rect, float]]:
        """:meth:`_busy_rects` with how bad covering each is, per pixel: a name plate is
        worst, then hands and boxes, then other cards; the trick area least (it is in
        view again a moment later).  The trick area comes last."""
        pic = self.scene.picture()
        if pic is None:
            return []
        out = [(r, 10.0) for r in pic.buttons + pic.widgets]
        # Every card on the table as it lies now (a talon, the stock, an aside trump card,
        # the trick piles) and the plates as drawn (they grow with their text).
        out += [(r, weight) for r, weight, _needed in pic.cards]
        out += [(r, 20.0) for r in pic.plates]
        out += [(r, 5.0) for r in pic.seats]
        if pic.trick_area is not None and not pic.bidding:  # before the first card: free
            out.append((pic.trick_area, 0.3))  # the trick area last
        return out

    def _needed_cards(self) -> list[pygame.Rect]:
        """What a player reads every turn: the cards on the table as they lie now, the
        other players' plates and hands, the game and match boxes."""
        pic = self.scene.picture()
        if pic is None:
            return []
        return [r for r, _w, needed in pic.cards if needed] + list(pic.plates + pic.seats)

    def panel_room(self) -> int | None:
        """The height free for the hint panel: from below the game and match boxes down to
        the buttons over the hand (None: no table layout to measure)."""
        pic = self.scene.picture()
        if pic is None:
            return None
        bottom = pic.hand_top
        if pic.buttons:
            bottom = min(bottom, min(r.top for r in pic.buttons)) - pic.margin
        return max(0, bottom - pic.room_top - pic.margin)

    def place_panel(self, size: tuple[int, int]) -> tuple[int, int]:
        """The bottom-right corner for the hint panel: above the hand on the right, or the
        first other free spot that covers none of the table's buttons."""
        self.panel.compact = False
        spot, aside = self._beside_aid(size, self.panel.size(), [], None)
        covered = self.last_place_cover
        if covered and self.panel.can_be_compact():
            # no free place: the reason alone (a shorter panel) where that finds one
            self.panel.compact = True
            short, short_aside = self._beside_aid(size, self.panel.size(), [], None)
            if self.last_place_cover < covered:
                spot, aside = short, short_aside
            else:
                self.panel.compact = False
                self.last_place_cover = covered
        self._aside["panel"] = aside
        return spot

    def _beside_aid(self, size: tuple[int, int], box: tuple[int, int],
                    extra: list[pygame.Rect], step: int | None) -> tuple[tuple[int, int], bool]:
        """The place for a panel of ``box`` that leaves the counting aid alone, and False;
        where every such place covers something and one in the aid's place does not (or
        every such place lies over a card and one in the aid's place does not), that
        one, and True (the aid steps aside while the panel is open: what the player just
        asked for, or a tip shown once, comes before the aid, which is back after)."""
        spot = self.place(size, box, extra + self._drawn(), step)
        covered = self.last_place_cover
        if covered == 0 or self._drawn() == self._drawn(aid=False):
            return spot, False
        instead = self.place(size, box, extra + self._drawn(aid=False), step)
        if self.last_place_cover == 0 or (covered >= OVER_A_CARD > self.last_place_cover):
            return instead, True
        self.last_place_cover = covered
        return spot, False

    def _drawn(self, aid: bool = True) -> list[pygame.Rect]:
        """What the table drew that the panel and the tips must leave alone: the counting
        aid (``aid``), an open counting question, the prompt over the hand."""
        out = self.scene.overlays(aid)
        pic = self.scene.picture()
        if pic is not None and pic.prompt is not None:
            out.append(pygame.Rect(pic.prompt))
        return out

    def tip_cover(self, box: tuple[int, int]) -> float:
        """How much the best place for a tip of this size covers (0: nothing), weighed as
        :meth:`_busy` says."""
        self.place_tip(box)
        return self.last_place_cover

    def place_tip(self, box: tuple[int, int]) -> tuple[int, int]:
        """Like the hint panel, and never over it when the panel is open."""
        extra = [pygame.Rect(self.panel.rect)] if self.panel.visible and self.panel.rect.w \
            else []
        # A tip is placed in the frame it first shows in: on the coarser grid (a quarter
        # of the places to weigh); the hint panel, opened on request, gets the finer one.
        spot, self._aside["tip"] = self._beside_aid(self.app.size, box, extra,
                                                    max(32, round(36 * self._scale())))
        self._step_aside()
        return spot

    def _step_aside(self) -> None:
        """Tell the counting aid whether an open tip or hint panel has taken its place."""
        self.scene.aid_steps_aside((self.panel.visible and self._aside["panel"]) or (
            self.tips.active and self._aside["tip"]))

    def place(self, size: tuple[int, int], box: tuple[int, int],
              pressable_extra: list[pygame.Rect] | None = None,
              step: int | None = None) -> tuple[int, int]:
        w, h = size
        s = self._scale()
        m = round(18 * s)
        pw, ph = box
        pic = self.scene.picture()
        hand_top = pic.hand_top if pic is not None else round(h * 0.75)
        weighted = self._busy()
        buttons = list(pic.buttons) if pic is not None else []
        lower = [r.top for r in buttons if r.bottom > h * 0.4 and r.top < hand_top]
        buttons_top = min(lower) if lower else hand_top
        # What may never be covered: a button or any other widget.
        pressable = buttons + (list(pic.widgets) if pic is not None else [])
        pressable += pressable_extra or []
        # Nor the player's own cards: a panel over the hand hides what it talks about.
        own = pic.own_cards if pic is not None else ()
        pressable += [r.inflate(m // 2, m // 2) for r in own]
        # The same question is asked more than once a frame (a tip is placed as it is
        # shown and again as it is drawn): the search over the candidates is done once.
        key = (size, box, step, hand_top, buttons_top,
               tuple(tuple(r) for r in pressable_extra or []),
               tuple(tuple(r) for r in pressable), tuple((tuple(r), wt) for r, wt in weighted))
        if key in self._placed:
            self.last_place_cover = self._placed[key][1]
            return self._placed[key][0]
        # Above the hand on the right or left; with a player on each side (three players)
        # the top of the table, between the info and score boxes, is the free place.
        top_centre = (w // 2 + pw // 2, m + ph)
        candidates = [(w - m, hand_top), (w - m, buttons_top - m), (pw + m, hand_top),
                      (pw + m, buttons_top - m), top_centre]
        for r in pressable_extra or []:  # right above or below what must stay in view
            candidates += [(r.right, r.top - m), (r.right, r.bottom + m + ph)]
        # Then anywhere above the hand, centre first (a free spot beats a covered one).
        step = step or max(16, m)
        for y in range(buttons_top - m, m + ph - 1, -step):
            for dx in range(0, w // 2, step):
                for x in (w // 2 + pw // 2 + dx, w // 2 + pw // 2 - dx)[:2 if dx else 1]:
                    if pw + m <= x <= w - m:
                        candidates.append((x, y))
        # What a player reads every turn (the trick, the trump card, the stock, the other
        # hands and plates, the boxes) is kept clear too while any place can; only where
        # none can, the place covering least of it (weighed) is taken.
        needed = self._needed_cards()
        spot_found, cover = self._search(candidates, pw, ph, m, pressable + needed, weighted,
                                         (w - m, buttons_top - m))
        if cover == float("inf") and needed:
            spot_found, cover = self._search(candidates, pw, ph, m, pressable, weighted,
                                             (w - m, buttons_top - m))
            cover += OVER_A_CARD
        if len(self._placed) > 8:  # only this frame's questions are worth keeping
            self._placed.clear()
        self._placed[key] = (spot_found, cover)
        self.last_place_cover = cover
        return spot_found

    @staticmethod
    def _search(candidates: list[tuple[int, int]], pw: int, ph: int, m: int,
                pressable: list[pygame.Rect], weighted: list[tuple[pygame.Rect, float]],
                fallback: tuple[int, int]) -> tuple[tuple[int, int], float]:
        """The first place that covers nothing; else the one covering least, weighed as
        :meth:`_busy` says (a name plate is worst, the trick area least); never a button.
        With the place, how much it covers (0: nothing)."""
        best, least = fallback, float("inf")
        busy = [r for r, _weight in weighted]
        for right, bottom in candidates:
            rect = pygame.Rect(0, 0, pw, ph)
            rect.bottomright = (right, bottom)
            if rect.top < m or rect.collidelist(pressable) >= 0:
                continue
            cover = 0.0
            # Only what it touches (one C call; a Python loop over every busy rect for
            # each of the many candidates made the first tip's frame a hitch).
            for i in rect.collidelistall(busy):
                c = rect.clip(busy[i])
                cover += c.w * c.h * weighted[i][1]
            if cover == 0:
                return (right, bottom), 0.0
            if cover < least:
                best, least = (right, bottom), cover
        return best, least

    def draw(self, surface: pygame.Surface) -> list[tuple[str, pygame.Rect, Any]]:
        """Draw the panel, the tip and the dialog; returns ``(key, area, look)`` of each
        drawn (the table's redraw protocol: an unchanged look costs no present)."""
        from game.ui.i18n import current_language

        drawn: list[tuple[str, pygame.Rect, Any]] = []
        lang = current_language()
        self.panel.scale = self._scale()
        if self.panel.visible:
            self.panel.max_h = self.panel_room()
            self.panel.anchor = self.place_panel(surface.get_size())
        self._step_aside()
        self.panel.draw(surface)
        if self.panel.visible:
            p = self.panel
            drawn.append(("practice-hint", pygame.Rect(p.rect),
                          (p.waiting, id(p.hint), p.expanded, p.family, p.scale, lang)))
        self.tips.place()
        self.tips.draw(surface)
        if self.tips.active:
            drawn.append(("practice-tip", pygame.Rect(self.tips.rect),
                          (self.tips.key, tuple(self.tips.lines), self.tips.scale, lang)))
        self.dialog.draw(surface)
        if self.dialog.active:
            drawn.append(("practice-dialog", surface.get_rect(),
                          (self.dialog.title, tuple(self.dialog.lines),
                           tuple(self.dialog.rect), lang)))
        return drawn

    def busy(self) -> bool:
        """Waiting for a hint that is being searched (the table keeps polling)."""
        return bool(self.panel.visible and self.panel.waiting) or bool(self.tips.buttons_due)

    def regions(self, window: pygame.Rect) -> list[Region]:
        """Where the layer's panels lie over the table (game.ui.regions): the hint panel,
        a tip with its buttons, a practice question over the whole window."""
        out = []
        if self.panel.visible and self.panel.rect.w:
            out.append(Region("hint panel", PANEL, pygame.Rect(self.panel.rect)))
        if self.tips.active and self.tips.rect.w:
            out.append(Region("tip", PANEL, pygame.Rect(self.tips.rect),
                              members=tuple(id(b) for b in self.tips.buttons.values())))
        if self.dialog.active:
            out.append(Region("practice question", PANEL, pygame.Rect(window)))
        return out

    def text_fits(self) -> list[Fit]:
        """The hint panel's texts with their room, while it is open."""
        return list(self.panel.fits) if self.panel.visible else []

    def close(self) -> None:
        self.dialog.close()
        self.tips.close()
        self.panel.hide()
