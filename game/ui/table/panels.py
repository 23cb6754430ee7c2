"""The table's panels: name plates, the game and match boxes, the result panel, hints.

Drawn from what the table shows (the director's current observation), never
from rules knowledge.  Plates and boxes go into the scene's cached background
layer; the thinking dots, hint and result panel are drawn every frame.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import MariasObservation
from game.ui.fits import Fit
from game.ui.result_text import result_sentences, signed

from ..flow import Phase
from .controls import component_label, contract_label, double_name, suit_name
from .director import CUT_S, SHUFFLE_S
from .hud import CREAM, GOLD, MUTED, panel
from .input import HAND_KEYS, card_key_name
from .sprites import shown_trump
from .stage import GLOW_HINT
from .text import t

if TYPE_CHECKING:
    from .host import PanelsHost


class Panels:
    def __init__(self, scene: PanelsHost):
        self.scene = scene
        #: Where each seat's plate was drawn, and where its thinking dots go.
        self.plate_rects: dict[int, pygame.Rect] = {}
        self.dots_at: dict[int, tuple[int, int]] = {}
        #: Each panel's texts as last drawn, with the width they were given
        #: (:mod:`game.ui.harness.textfit` checks them).
        self.fits: dict[str, list[Fit]] = {}
        #: Where the key legend's lines were drawn last (over the player's plate).
        self.legend_rects: list[pygame.Rect] = []
        #: How many rows the result panel's buttons were built in (0: none built).
        self.result_rows = 0

    def fit(self, panel: str, text: str, need: float, room: float) -> None:
        self.fits.setdefault(panel, []).append(Fit(panel, text, round(need), round(room)))

    def summary_lines(self, width: int) -> list[str]:
        """How the deal was scored, in the player's language, with the players' names:
        each sentence from a new line, wrapped to the panel (measured in its font).  The
        deal's points per player are the panel's table, so that last sentence is left out."""
        sc = self.scene
        deal = sc.flow.deal if sc.flow is not None else None
        if not sc.model.result or deal is None or not deal.is_over():
            return []
        result = deal.result()
        if result is None:
            return []
        names = [sc.seat_name(s).split(" · ")[0] for s in range(deal.players)]
        sentences = result_sentences(result, names,
                                     sc.settings.family_for(deal.variant))[:-1]
        f = sc.fonts.font(round(sc.layout.font * 0.9))
        room = width - 2 * sc.layout.font
        lines: list[str] = []
        for sentence in sentences:
            line = ""
            for word in sentence.split():
                trial = f"{line} {word}".strip()
                if line and f.size(trial)[0] > room:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def result_button_w(self) -> int:
        """How wide each of the result panel's buttons would like to be: the longest label
        in the buttons' font (Russian runs long)."""
        sc = self.scene
        f = sc.layout.font
        if sc.model.result is None:
            return round(f * 7.5)
        from .controls import text_width

        labels = [label for _k, label in sc.result_keys()]
        return max(round(f * 7.5), *(text_width(x, round(f * 1.15)) + f * 2 for x in labels))

    def result_per_row(self, width: int | None = None) -> int:
        """The result panel's buttons in a row: all, or half of them when they would not
        fit the panel's width at the width their labels need."""
        sc = self.scene
        if sc.model.result is None:
            return 1
        n = len(sc.result_keys())
        m = sc.layout.margin
        rw = width if width is not None else self._result_place()[0]
        if n * (self.result_button_w() + m) + m <= rw or n < 2:
            return max(1, n)
        return -(-n // 2)

    def result_rect(self) -> pygame.Rect:
        """The result panel: as wide as its row of buttons needs, within the window (and
        between the side plates at three players), as high as its lines and its buttons'
        rows."""
        rw, cx = self._result_place()
        sc = self.scene
        w, h = sc.app.size
        f = sc.layout.font
        players = sc.flow.match.players if sc.flow else 2
        n = len(sc.result_keys()) if sc.model.result is not None else 1
        # The rows the buttons were built in (the plates they were measured between may
        # have grown since); before they are built, the rows they will need.
        extra_rows = (self.result_rows or -(-n // self.result_per_row(rw))) - 1
        lines = len(self.summary_lines(rw))
        rh = round(f * (3.0 + 1.3 * lines + 0.4 + 1.35 * (players + 1) + 1.0 + 2.1) +
                   sc.layout.margin * 2 + extra_rows * (round(f * 2.1) + sc.layout.margin))
        r = pygame.Rect(0, 0, rw, rh)
        r.center = (cx, round(h * 0.42))
        return r

    def _result_place(self) -> tuple[int, int]:
        """The result panel's width and centre x."""
        sc = self.scene
        w, _h = sc.app.size
        m = sc.layout.margin
        keys = sc.result_keys() if sc.model.result is not None else []
        buttons_w = len(keys) * (self.result_button_w() + m) + m
        rw = min(w - 40, max(640, round(w * 0.5), buttons_w))
        players = sc.flow.match.players if sc.flow else 2
        cx = w // 2
        if players == 3:
            # Between the two side plates ("… · Defenders" stays readable at 1024 × 640).
            plates = [self.plate_rects.get(s.seat) or pygame.Rect(s.plate.tuple())
                      for s in sc.layout.seats if s.side in ("left", "right")]
            if len(plates) == 2:
                left, right = sorted(plates, key=lambda r: r.x)
                rw = max(520, min(rw, right.left - left.right - 2 * m))
                cx = (left.right + right.left) // 2
        return rw, cx

    def plate_line(self, seat: int, obs: Any, soloist: int | None) -> str:
        """The second line of a seat's plate: tricks, points, and in Mariáš the side.

        A defender's seat carries the defenders' pooled points (NOTATION.md), so it says
        "Defenders: 30" — a defender with no tricks has not won 30 alone."""
        sc = self.scene
        parts = [t("table_tricks", n=obs.tricks[seat] if obs is not None else 0)]
        defender = soloist is not None and soloist != seat
        if obs is not None and not sc.settings.count_in_memory:
            text = t("table_defenders_points" if defender else "table_points",
                     n=obs.points[seat])
            pending = sum(m.points for m in obs.marriages if m.seat == seat and not m.counted)
            if pending:
                text += " " + t("table_pending", n=pending)
            parts.append(text)
            if soloist == seat:
                parts.append(t("table_soloist"))
        elif soloist is not None:
            parts.append(t("table_soloist") if soloist == seat else t("table_defenders"))
        return "  ·  ".join(parts)

    def draw_plates(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Every seat's name plate; returns the areas drawn."""
        sc = self.scene
        drawn: list[pygame.Rect] = []
        # Only this table's seats (a three-player game before left a third plate here,
        # which the panels then kept clear of at a two-player table).
        self.plate_rects = {}
        flow = sc.flow
        assert flow is not None
        obs = sc.director.displayed if sc.director else None
        L = sc.layout
        f = L.font
        asking = flow.state in (Phase.TRICKS, Phase.TRUMP, Phase.CONTRACT, Phase.DISCARD,
                                Phase.ANSWER, Phase.DOUBLING)
        mover = obs.to_move if obs is not None and asking else None
        soloist = obs.soloist if isinstance(obs, MariasObservation) else None
        for spot in L.seats:
            r = pygame.Rect(spot.plate.tuple())
            name = sc.seat_name(spot.seat)
            dealer = obs is not None and spot.seat == obs.dealer
            line = self.plate_line(spot.seat, obs, soloist)
            t1 = sc.fonts.text(name, f, CREAM, bold=True)
            t2 = sc.fonts.text(line, round(f * 0.82), MUTED)
            # Room after the name for the dealer button and the thinking dots.
            need = max(t1.get_width() + (round(f * 1.9) if dealer else 0) + round(f * 2.4),
                       t2.get_width()) + round(f * 1.4)
            if need > r.w:
                right = r.right
                r.w = need
                if spot.side == "right":
                    r.right = right
            active = mover == spot.seat
            surface.blit(panel(r.size, (8, 28, 18, 190) if not active else (40, 60, 30, 215),
                               10, (246, 214, 120, 255) if active else (233, 200, 110, 80)),
                         r.topleft)
            if active:
                pygame.draw.rect(surface, GOLD, r.inflate(4, 4), 2, border_radius=12)
            surface.blit(t1, (r.x + f * 0.6, r.y + f * 0.35))
            if dealer:
                # The dealer button, as on a real table: a small gold disc with the initial.
                c = (round(r.x + f * 0.6 + t1.get_width() + f * 0.9), round(r.y + f * 1.0))
                pygame.draw.circle(surface, GOLD, c, round(f * 0.62))
                pygame.draw.circle(surface, (90, 70, 20), c, round(f * 0.62), 1)
                d = sc.fonts.text(t("table_dealer")[:1].upper(), round(f * 0.8),
                                  (40, 30, 10), bold=True)
                surface.blit(d, (c[0] - d.get_width() / 2, c[1] - d.get_height() / 2))
            surface.blit(t2, (r.x + f * 0.6, r.y + f * 1.75))
            self.plate_rects[spot.seat] = r
            self.dots_at[spot.seat] = (round(r.x + f * 0.6 + t1.get_width() +
                                             (f * 1.9 if dealer else 0) + f * 0.7),
                                       round(r.y + f * 1.0))
            drawn.append(r.inflate(8, 8))
        return drawn

    def draw_thinking(self, surface: pygame.Surface) -> tuple[pygame.Rect, tuple[Any, ...]] | None:
        """Animated dots on the plate of the seat whose bot is searching (drawn every frame).

        Returns the area and the dots' colours (None: no dots)."""
        sc = self.scene
        flow = sc.flow
        seat = flow.thinking_seat() if flow else None
        at = self.dots_at.get(seat) if seat is not None else None
        if at is None:
            return None
        f = sc.layout.font
        # Three dots pulsing in turn: language-free and small enough for any plate.
        # The glow moves in steps (DOTS_HZ a second): smooth to the eye, and the table
        # wakes only for the next step while a bot thinks.
        clock = int(sc.clock * sc.DOTS_HZ) / sc.DOTS_HZ
        colours = []
        area = None
        for i in range(3):
            phase = (clock * 2.2 - i * 0.28) % 1.0
            glow = 0.35 + 0.65 * max(0.0, math.sin(phase * math.pi))
            colour = tuple(round(c * glow + 30 * (1 - glow)) for c in GOLD)
            colours.append(colour)
            r = pygame.draw.circle(surface, colour, (at[0] + round(i * f * 0.62), at[1]),
                                   max(2, round(f * 0.21)))
            area = r if area is None else area.union(r)
        return (area, (seat, tuple(colours))) if area is not None else None

    def draw_info(self, surface: pygame.Surface) -> pygame.Rect:
        """The game box (deal, trump, stock, contract); returns its area."""
        sc = self.scene
        flow = sc.flow
        assert flow is not None and sc.art is not None
        obs = sc.director.displayed if sc.director else None
        marias = obs if isinstance(obs, MariasObservation) else None
        L = sc.layout
        f = L.font
        variant = flow.match.variant
        lines: list[tuple[str, str | None, tuple[int, int, int]]] = []
        deal_no = len(flow.match.deals)
        game = _variant_name(variant)
        lines.append((t("table_deal_n", game=game, n=deal_no), None, GOLD))
        dealing = flow.state is Phase.DEALING
        trump = obs.trump if obs is not None and not dealing else None
        german = sc.settings.family_for(variant) == "german"  # names follow the deck
        if trump:
            lines.append((t("table_trump_is", suit=suit_name(trump, german)),
                          trump, CREAM))
        elif variant == "marias":
            contract = marias.contract if marias is not None else None
            # A Suit contract's trump card lies face down until the contract stands.
            no_trump = bool(contract) and not str(contract).startswith("suit")
            lines.append((t("table_no_trump") if no_trump else
                          t("table_trump_unknown"), None, CREAM))
        if obs is not None and obs.stock_size and not dealing:
            n = obs.stock_size
            lines.append((f"{t('table_stock_closed')} ({n})" if obs.closed
                          else t("table_stock", n=n), None, MUTED))
        contract = marias.contract if marias is not None else None
        if marias is not None and contract:
            text = t("table_contract_is",
                     contract=contract_label(contract))
            ann = [component_label(a.name) for a in marias.announcements
                   if a.name not in ("seven", "hundred")]  # Seven against, Hundred against
            if ann:
                text += " · " + ", ".join(ann)
            lines.append((text, None, CREAM))
            dbl = [(k, v) for k, v in marias.doublings.items() if v]
            if dbl:
                game = contract_label(contract) if not contract.startswith(
                    "suit") else component_label("game")
                lines.append((" · ".join(
                    f"{game if k == 'game' else component_label(k)}: "
                    f"{double_name(min(v, 6) - 1).lower()} ×{2 ** v}" for k, v in dbl),
                    None, GOLD))
        elif flow.state is not Phase.DEALING and marias is not None:
            said = f"{t('table_bidding')}: {t('table_phase_' + marias.phase)}"
            if sc.fonts.text(said, f, MUTED).get_width() > L.info.w - f * 1.2:
                # "Bidding: choosing the trump card" is wider than a small box: two lines.
                lines.append((f"{t('table_bidding')}:", None, MUTED))
                said = t('table_phase_' + marias.phase)
            lines.append((said, None, MUTED))
        room = L.info.w - f * 1.2
        title = lines[0][0]
        if " · " in title and sc.fonts.text(title, f, GOLD, bold=True).get_width() > room:
            # "Šedesát šest ve třech · rozdání 1" is wider than the box: two lines.
            game_line, deal_line = title.split(" · ", 1)
            lines[0:1] = [(game_line, None, GOLD), (deal_line, None, GOLD)]
        # Any other line too wide for the box ("Заказ: Игра с семёркой и сотней") goes on
        # in the next line, broken between words.
        wrapped: list[tuple[str, Any, Any]] = []
        for text, suit, colour in lines:
            extra = f * 1.65 if suit else 0
            while " " in text and sc.fonts.text(text, f, colour, bold=colour is GOLD) \
                    .get_width() + extra > room:
                words = text.split(" ")
                cut = len(words) - 1
                while cut > 1 and sc.fonts.text(" ".join(words[:cut]), f, colour,
                                                 bold=colour is GOLD).get_width() > room:
                    cut -= 1
                wrapped.append((" ".join(words[:cut]), None, colour))
                text = " ".join(words[cut:])
            wrapped.append((text, suit, colour))
        lines = wrapped
        h = round(f * 1.45 * len(lines) + f * 0.9)
        r = pygame.Rect(L.info.tuple())
        r.h = h
        surface.blit(panel(r.size), r.topleft)
        y = r.y + f * 0.45
        self.fits["info"] = []
        for text, suit, colour in lines:
            x = r.x + f * 0.7
            img = sc.fonts.text(text, f if colour is not GOLD else f, colour, bold=colour is GOLD)
            surface.blit(img, (x, y))
            self.fit("info", text, img.get_width() + (f * 1.65 if suit else 0), r.w - f * 1.2)
            if suit:
                icon = sc.art.suit_chip(suit, round(f * 1.25))
                surface.blit(icon, (x + img.get_width() + f * 0.4, y + (img.get_height() -
                                                                     icon.get_height()) / 2))
            y += f * 1.45
        return r

    def draw_scores(self, surface: pygame.Surface) -> pygame.Rect:
        """The match box; returns its area."""
        sc = self.scene
        flow = sc.flow
        assert flow is not None
        L = sc.layout
        f = L.font
        r = pygame.Rect(L.score.tuple())
        surface.blit(panel(r.size), r.topleft)
        opts = flow.match.options
        # "to 7" for the King-Queen games, "6 deals" for Mariáš: numbers read in any language.
        goal = (str(opts["match_points"]) if "match_points" in opts
                else f"{len(flow.match.deals)}/{opts.get('rounds', 2) * flow.match.players}")
        title = t("table_match_goal", goal=goal)
        img = sc.fonts.text(title, f, GOLD, bold=True)
        surface.blit(img, (r.x + f * 0.7, r.y + f * 0.4))
        self.fits["scores"] = []
        self.fit("scores", title, img.get_width(), r.w - f * 1.4)
        y = r.y + f * 1.9
        for seat in range(flow.match.players):
            name = sc.seat_name(seat).split(" · ")[0]
            text = sc.fonts.text(name, round(f * 0.95), CREAM)
            surface.blit(text, (r.x + f * 0.7, y))
            img = sc.fonts.text(str(flow.match.totals[seat]), round(f * 0.95), CREAM, bold=True)
            surface.blit(img, (r.right - img.get_width() - f * 0.8, y))
            self.fit("scores", name, text.get_width() + img.get_width() + f * 0.5,
                     r.w - f * 1.5)
            y += f * 1.35
        return r

    def prompt_top(self) -> float:
        """Where the line over the hand ends: the top of the action buttons (their rows
        stack upwards), or — with no buttons — the bottom of the empty button row."""
        sc = self.scene
        tops = [b.rect.top for _a, b in sc.buttons.buttons]
        if tops:
            return float(min(tops))
        return sc.layout.buttons_y + round(sc.layout.font * 2.1) + sc.layout.margin

    def prompt_rect(self) -> pygame.Rect | None:
        """Where the prompt goes (None: no prompt now)."""
        sc = self.scene
        text = sc.prompt()
        if not text:
            return None
        L = sc.layout
        img = sc.fonts.text(text, round(L.font * 0.95), CREAM, bold=True)
        pad = L.font // 2
        w, h = img.get_width() + 2 * pad, img.get_height() + pad
        return pygame.Rect(round((L.size[0] - w) / 2), round(self.prompt_top() - h - L.margin),
                           round(w), round(h))

    def draw_prompt(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The scene's :meth:`~.scene.TableScene.prompt` in a gold-edged box over the buttons."""
        sc = self.scene
        r = self.prompt_rect()
        if r is None:
            self.fits.pop("prompt", None)
            return None
        L = sc.layout
        img = sc.fonts.text(sc.prompt() or "", round(L.font * 0.95), CREAM, bold=True)
        pad = L.font // 2
        surface.blit(panel(r.size, (12, 36, 24, 225), 10, (*GOLD, 230)), r.topleft)
        surface.blit(img, (r.x + pad, round(r.y + pad / 2)))
        self.fits["prompt"] = [Fit("prompt", sc.prompt() or "", r.w, L.size[0] - 2 * L.margin)]
        return r

    def draw_hint(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hint's reason above the hand, and a ring around a recommended button."""
        sc = self.scene
        self.fits.pop("hint", None)
        if not (sc.model.hint_text or sc.model.hint_action) or sc.human is None or \
                not sc.human.waiting:
            return None
        L = sc.layout
        area = None
        if sc.model.hint_action:
            r = sc.buttons.rect_of(sc.model.hint_action)
            if r is not None:
                area = pygame.draw.rect(surface, GLOW_HINT, r.inflate(10, 10), 3,
                                        border_radius=10)
        if sc.model.hint_text:
            img = sc.fonts.text(t("table_hint_prefix", text=sc.model.hint_text),
                              round(L.font * 0.9), CREAM)
            pad = L.font // 2
            w, h = img.get_width() + 2 * pad, img.get_height() + pad
            x = (L.size[0] - w) / 2
            y = self.prompt_top() - h - L.margin
            if sc.prompt():
                y -= h + L.margin  # above the prompt
            box = surface.blit(panel((w, h), (10, 40, 60, 220), 10, (*GLOW_HINT, 220)), (x, y))
            surface.blit(img, (x + pad, y + pad / 2))
            self.fits["hint"] = [Fit("hint", sc.model.hint_text, round(w),
                                     L.size[0] - 2 * L.margin)]
            area = box if area is None else area.union(box)
        return area

    def draw_keys(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The keyboard's one rule, on screen while the player is to act: a small number on
        each card of the hand that a number key plays (1–9, 0 for a tenth), and a legend over
        the player's plate — "1–6: cards · F1–F2: buttons / H: hint · L: last trick".  The
        buttons carry
        their F-key in their own labels.  Returns the areas drawn (each badge, each line)."""
        sc = self.scene
        if sc.human is None or not sc.human.waiting or sc.anim.busy() or sc.stage is None \
                or sc.model.result is not None:
            self.legend_rects = []
            return []
        drawn: list[pygame.Rect] = []
        L = sc.layout
        f = L.font
        hand = sc.stage.hand_sprites()[:HAND_KEYS]
        cards = sc.input.card_turn() and bool(hand)
        size = max(11, round(f * 0.72))
        if cards:
            for i, s in enumerate(hand):
                r = sc.stage.rect_of(s)
                img = sc.fonts.text(card_key_name(i), size, GOLD, bold=True)
                bw, bh = img.get_width() + size * 0.7, img.get_height() + 2
                x, y = r.x + size * 0.3, r.bottom - bh - size * 0.35
                drawn.append(surface.blit(panel((round(bw), round(bh)), (12, 36, 24, 215), 6,
                                                (*GOLD, 200)), (round(x), round(y))))
                surface.blit(img, (round(x + (bw - img.get_width()) / 2), round(y + 1)))
        plate = L.spot(sc.view_seat).plate
        y = plate.y - L.margin * 0.5
        x = round(plate.x + f * 0.3)
        # Left of the hand: a line too long for that room breaks at its dots (Russian
        # "… · C: счёт" ran into the first card).
        lefts = [sc.stage.rect_of(s).left for s in sc.stage.hand_sprites()]
        room = (min(lefts) if lefts else L.size[0] // 2) - L.margin - x
        lines: list[str] = []
        for line in self.key_legend():
            lines.extend(self._wrap_legend(line, size, room))
        self.legend_rects = []
        for line in lines[::-1]:  # drawn upwards from the plate
            img = sc.fonts.text(line, size, MUTED)
            y -= img.get_height()
            self.legend_rects.append(surface.blit(img, (x, round(y))))
        return drawn + self.legend_rects

    def _wrap_legend(self, line: str, size: int, room: int) -> list[str]:
        """``line`` in as few lines as fit ``room``, broken only between its parts."""
        sc = self.scene
        out: list[str] = []
        for part in line.split("  ·  "):
            trial = f"{out[-1]}  ·  {part}" if out else part
            if out and sc.fonts.text(trial, size, MUTED).get_width() <= room:
                out[-1] = trial
            else:
                out.append(part)
        return out

    def draw_last_trick(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The last finished trick, face up in the order it was played, each card with its
        player's name, the winner's card framed: what a player may ask to see at a real
        table.  Read from the engine's observation (``last_trick``)."""
        sc = self.scene
        obs = sc.flow.observation() if sc.flow is not None else None
        last = obs.last_trick if obs is not None else None
        if last is None or sc.art is None:
            return None
        L = sc.layout
        f = L.font
        ch = L.table_h
        cw = L.card_w(ch)
        cards = last.cards
        winner = last.winner
        gap = round(f * 1.2)
        names = [sc.seat_name(seat).split(" · ")[0] for seat, _c in cards]
        name_imgs = [sc.fonts.text(n, round(f * 0.85), CREAM) for n in names]
        col = max([cw] + [img.get_width() for img in name_imgs])
        title = sc.fonts.text(t("table_last_trick_title",
                                name=sc.seat_name(winner).split(" · ")[0]),
                              round(f * 1.05), GOLD, bold=True)
        foot = sc.fonts.text(t("table_last_trick_close"),
                             round(f * 0.8), MUTED)
        w = max(len(cards) * col + (len(cards) - 1) * gap, title.get_width(),
                foot.get_width()) + 2 * gap
        h = round(f * 0.8) + title.get_height() + f + ch + f * 0.5 + name_imgs[0].get_height() \
            + f * 0.6 + foot.get_height() + f * 0.8 if cards else title.get_height() + 2 * f
        r = pygame.Rect(0, 0, round(w), round(h))
        r.center = (round(L.center[0]), round(L.center[1]))
        surface.blit(panel(r.size, (6, 22, 14, 240), 16, (233, 200, 110, 230)), r.topleft)
        y = r.y + f * 0.8
        surface.blit(title, (r.centerx - title.get_width() / 2, y))
        y += title.get_height() + f
        x = r.centerx - (len(cards) * col + (len(cards) - 1) * gap) / 2
        for (seat, c), img in zip(cards, name_imgs):
            face = sc.art.picture(c, ch)
            fx = x + (col - face.get_width()) / 2
            surface.blit(face, (round(fx), round(y)))
            if seat == winner:
                pygame.draw.rect(surface, GOLD, pygame.Rect(round(fx) - 4, round(y) - 4,
                                                            face.get_width() + 8,
                                                            face.get_height() + 8),
                                 3, border_radius=10)
            surface.blit(img, (round(x + (col - img.get_width()) / 2), round(y + ch + f * 0.5)))
            x += col + gap
        surface.blit(foot, (r.centerx - foot.get_width() / 2, r.bottom - foot.get_height()
                            - f * 0.8))
        return r

    def key_legend(self) -> list[str]:
        """The legend's lines for the player's turn now: which number keys play cards,
        which F-keys press the buttons, and the keys that always work."""
        sc = self.scene
        first: list[str] = []
        hand = sc.stage.hand_sprites()[:HAND_KEYS] if sc.stage is not None else []
        if sc.input.card_turn() and hand:
            n = len(hand)
            first.append(t("table_keys_card") if n == 1 else
                         t("table_keys_cards_ten") if n == HAND_KEYS else
                         t("table_keys_cards", first=1, last=n))
        n = min(len(sc.buttons.buttons), 9)
        if n:
            first.append(t("table_keys_button") if n == 1 else
                         t("table_keys_buttons", n=n))
        # H asks the practice layer, which a table with friends has not: no promise there
        second = ([t("table_keys_hint")] if sc.layer is not None else []) + \
            [t("table_keys_last")]
        obs = sc.director.shown if sc.director is not None else None
        if obs is not None and shown_trump(obs, sc.view_seat, peek=True) is not None \
                and shown_trump(obs, sc.view_seat) is None:
            second.append(t("table_keys_trump"))  # the trump card went back: T shows it
        if sc.counting.allowed():
            second.append(t("table_keys_count"))
        return ["  ·  ".join(line) for line in (first, second) if line]

    def draw_cursor(self, surface: pygame.Surface) -> pygame.Rect | None:
        sc = self.scene
        if sc.model.cursor < 0 or sc.stage is None:
            return None
        hand = sc.stage.hand_sprites()
        if 0 <= sc.model.cursor < len(hand):
            s = hand[sc.model.cursor]
            r = sc.stage.rect_of(s)
            y = r.bottom + 2 if r.bottom + 8 < surface.get_height() else r.top - 8
            return pygame.draw.polygon(surface, GOLD, [(r.centerx - 8, y + 6),
                                                       (r.centerx + 8, y + 6),
                                                       (r.centerx, y - 2)])
        return None

    def draw_effect(self, surface: pygame.Surface) -> pygame.Rect | None:
        """Shuffle (riffle the two halves twice) and cut, drawn from a few stacked backs.

        Returns the area drawn (None: no effect running)."""
        sc = self.scene
        d = sc.director
        if d is None or d.effect is None or sc.art is None:
            return None
        area: list[pygame.Rect] = []

        L = sc.layout
        back = sc.art.picture(None, L.table_h)
        cx, cy = L.deck
        tm = sc.anim.clock / max(0.01, sc.anim.factor)
        w = back.get_width()
        if d.effect == "shuffle" and tm < SHUFFLE_S:
            spread = math.sin(tm / SHUFFLE_S * math.pi * 2) ** 2 * w * 0.75
            for i in range(8):
                side = -1 if i % 2 else 1
                area.append(surface.blit(back, (cx - w / 2 + side * spread * (0.6 + 0.05 * i),
                                                cy - back.get_height() / 2 - i * 1.5)))
        else:
            k = min(1.0, max(0.0, (tm - (SHUFFLE_S if d.effect == "shuffle" else 0.0)) / CUT_S))
            lift = math.sin(k * math.pi) * L.table_h * 0.5
            for i in range(5):
                area.append(surface.blit(back, (cx - w / 2, cy - back.get_height() / 2 -
                                                i * 1.5)))
            for i in range(4):
                area.append(surface.blit(back, (cx - w / 2 + lift * 0.9,
                                                cy - back.get_height() / 2 - lift * 0.4 -
                                                (i + 5) * 1.5 * (1 - k))))
        return area[0].unionall(area[1:]) if area else None

    def draw_result(self, surface: pygame.Surface) -> pygame.Rect:
        """The deal's result over the table; returns its area."""
        sc = self.scene
        res = sc.model.result
        assert res is not None and sc.flow is not None
        L = sc.layout
        f = L.font
        r = self.result_rect()
        surface.blit(panel(r.size, (6, 22, 14, 250), 16, (233, 200, 110, 220)), r.topleft)
        players = sc.flow.match.players
        if res.get("match_over") and "score" not in res:
            title = t("table_match_over")
        else:
            title = t("table_deal_over") + (
                "  —  " + t("table_match_over") if res.get("match_over") else "")
        img = sc.fonts.text(title, round(f * 1.5), GOLD, bold=True)
        surface.blit(img, (r.centerx - img.get_width() / 2, r.y + f * 0.7))
        self.fits["result"] = []
        self.fit("result", title, img.get_width(), r.w - f * 2)
        y = r.y + f * 3.0
        for line in self.summary_lines(r.w):
            s = sc.fonts.text(line, round(f * 0.9), MUTED)
            surface.blit(s, (r.centerx - s.get_width() / 2, y))
            self.fit("result", line, s.get_width(), r.w - f * 2)
            y += f * 1.3
        y += f * 0.4
        cols = ["", t("table_points").split(":")[0].lower(),
                t("table_score").lower(), t("score_total").lower()]
        colx = [r.x + f * 1.5, r.x + r.w * 0.5, r.x + r.w * 0.66, r.x + r.w * 0.82]
        ends = [*colx[1:], r.right - f * 0.5]
        for c, x, end in zip(cols, colx, ends):
            img = sc.fonts.text(c, round(f * 0.85), MUTED)
            surface.blit(img, (x, y))
            self.fit("result", c, img.get_width(), end - x - f * 0.3)
        y += f * 1.35
        score = res.get("score") or [0] * players
        points = res.get("points") or [""] * players
        totals = res.get("totals") or sc.flow.match.totals
        for seat in range(players):
            vals = [sc.seat_name(seat).split(" · ")[0], str(points[seat]),
                    signed(score[seat]) if isinstance(score[seat], int) else "",
                    str(totals[seat])]
            for v, x, end in zip(vals, colx, ends):
                img = sc.fonts.text(v, f, CREAM, bold=x == colx[-1])
                surface.blit(img, (x, y))
                self.fit("result", v, img.get_width(), end - x - f * 0.3)
            y += f * 1.35
        return r




def _variant_name(variant: str) -> str:
    return t("variant_" + variant.replace("-", "_"))
