"""The counting aid on the table (C shows or hides it): what the player can count, drawn.

The facts come from :func:`game.ai.counting.counting_aid` on the observation the table
shows the player, so the panel never knows more than a perfect memory would.  It is off
by default and on in practice games (Settings → Counting aid: off / in practice games /
always), and hidden in the counting trainer, which asks about the same facts instead.

Cards are written as the deck prints them (its index letter, "O" for an Ober) with the
deck's suit sign, so the panel reads like the cards on the table in every language.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.counting import CountingAid, counting_aid
from game.rules import MariasObservation
from game.ui.i18n import tr
from game.ui.widgets.fonts import font

from .hud import CREAM, GOLD, MUTED, panel

if TYPE_CHECKING:
    from game.ui.session import GameSetup
    from game.ui.settings import Settings

    from .host import CountingHost

log = logging.getLogger(__name__)

#: Suits in the order a player sorts them on the panel.
SUIT_ROWS = "SHCD"
#: At most this many facts about the other hands (the newest kept).
MAX_FACTS = 6


def rank_label(rank: str, artwork: str) -> str:
    """The index the deck in use prints for ``rank`` ("O" for an Ober, "10" for a ten)."""
    from game.ui.decks.artworks import ARTWORKS

    art = ARTWORKS.get(artwork)
    if art is not None:
        return art.labels[rank]
    return "10" if rank == "T" else rank


def span(pair: tuple[int, int]) -> str:
    """A count the seat knows exactly ("3"), or the least and the most it can be ("1–3")."""
    lo, hi = pair
    return str(lo) if lo == hi else f"{lo}–{hi}"


def default_visible(settings: Settings, setup: GameSetup | None) -> bool:
    """On in practice games (the default setting), always, or never; never in the trainer."""
    if setup is not None and setup.trainer:
        return False
    mode = settings.counting_aid
    return mode == "always" or (mode == "practice" and setup is not None and setup.practice)


class CountingPanel:
    """The aid's panel; :meth:`toggle` is the table's C key."""

    def __init__(self, scene: CountingHost):
        self.scene = scene
        self.visible = False
        #: Where the panel is drawn (empty: not drawn).
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Where the panel stands, drawn or not: a tip or the hint that finds no free place
        #: beside it takes its place while open (the practice layer sets
        #: :attr:`steps_aside`), and the panel comes back when they close.
        self.spot = pygame.Rect(0, 0, 0, 0)
        self._aside = False
        self._key: Any = None
        self._aid: CountingAid | None = None
        self._anywhere_key: Any = None
        self._anywhere_at: pygame.Rect | None = None
        #: Whether :meth:`place` found a place that covers nothing, and what it kept free.
        self.placed_free = True
        self._limits: tuple[list[pygame.Rect], int] = ([], 0)

    # --- state ---------------------------------------------------------------------------
    @property
    def steps_aside(self) -> bool:
        """A tip or the hint panel stands in the panel's place (see :attr:`spot`)."""
        return self._aside

    @steps_aside.setter
    def steps_aside(self, aside: bool) -> None:
        if aside != self._aside:
            self._aside = aside
            self.scene.app.redraw_scene()  # it is decided as the frame is drawn: once more

    def reset(self) -> None:
        self.visible = default_visible(self.scene.settings, self.scene.setup)

    def allowed(self) -> bool:
        setup = self.scene.setup
        return not (setup is not None and (setup.trainer or bool(setup.network)))

    def toggle(self) -> bool:
        """Show or hide the panel; False (and a word why) in the trainer."""
        if not self.allowed():
            return False
        self.visible = not self.visible
        return True

    def aid(self) -> CountingAid | None:
        """The aid for the observation the table shows now (None between deals)."""
        sc = self.scene
        obs = sc.director.displayed if sc.director is not None else None
        if obs is None or obs.over or sc.model.result is not None:
            return None
        key = id(obs)
        if key != self._key:
            self._key = key
            self._aid = counting_aid(obs)
        return self._aid

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> tuple[pygame.Rect, Any] | None:
        """Draw the panel; returns its area and a look that compares equal while it looks
        the same (the table's redraw protocol presents it when that changes), or None."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        if not self.visible or not self.allowed():
            self.spot = pygame.Rect(0, 0, 0, 0)
            return None
        aid = self.aid()
        if aid is None:
            self.spot = pygame.Rect(0, 0, 0, 0)
            return None
        sc = self.scene
        f = max(12, round(sc.layout.font * 0.78))
        width = max(f * 18, round(sc.layout.size[0] * 0.2))
        pad = round(f * 0.7)
        line_h = round(f * 1.42)
        lines = self.rows(aid, self.bidding())

        def shape(w: int) -> tuple[list[list[tuple[str, Any]]], tuple[int, int]]:
            flowed = self.flow(lines, f, w - 2 * pad)
            return flowed, (w, pad * 2 + len(flowed) * line_h)

        rows, box = shape(width)
        self.spot = self.place(surface.get_size(), box, aid)
        if not self.placed_free:
            # Wider is shorter (fewer lines wrap): a place between the boxes and the
            # buttons that the panel's usual shape does not fit (Russian, a small window).
            for wider in (round(width * 1.4), round(width * 1.9)):
                wide_rows, wide_box = shape(wider)
                at = self._anywhere(surface.get_size(), wide_box, *self._limits)
                if at is not None:
                    rows, self.spot = wide_rows, at
                    break
        if self.steps_aside:
            return None
        self.rect = pygame.Rect(self.spot)
        surface.blit(panel(self.rect.size, (8, 30, 20, 255)), self.rect.topleft)
        y = self.rect.y + pad
        for row in rows:
            self._draw_row(surface, row, self.rect.x + pad, y, f, self.rect.w - 2 * pad)
            y += line_h
        # the deck in the look: D redraws the panel's signs and rank letters at once
        artwork = sc.art.artwork if sc.art is not None else ""
        return pygame.Rect(self.rect), (aid, tuple(self.rect), tr("ui.count_title"), artwork)

    def place(self, size: tuple[int, int], box: tuple[int, int],
              aid: CountingAid) -> pygame.Rect:
        """Where the panel covers least that matters.

        First a place that covers no card a player needs, no plate, box or button: beside
        a side hand, between it and the trick (three players; before the first card of a
        Mariáš deal the trick's place is free), or sliding down the side (two); then any
        free place above the buttons.  Only when none is free, over a side player's
        face-down hand below his name plate (his name, tricks and points stay in view; the
        backs say only how many cards he has, which the panel's counts say too) — the
        right one, or the left one when the right hand lies open (an open contract) — or,
        with two players, beside the trick.  Never over
        a button."""
        sc = self.scene
        h = size[1]
        m = sc.layout.margin
        buttons = list(sc.table_buttons.rects())
        buttons += [pygame.Rect(b.rect) for _a, b in sc.buttons.buttons]
        bottom_limit = min([r.top for r in buttons if r.top > h * 0.45] or [h - m]) - m
        # Before the first card (Mariáš bidding) nothing lies where the trick will.
        free = self._keep_free(trick=not self.bidding()) + buttons
        self._limits = (free, bottom_limit)
        self.placed_free = True
        inner, spots = self._places(size, box, aid)
        for r in inner + [s.copy() for s in spots]:
            for y in range(r.y, max(r.y, bottom_limit - r.h) + 1, max(4, m)):
                r.y = y
                if r.collidelist(free) < 0 and 0 <= r.x and r.right <= size[0]:
                    return r
        anywhere = self._anywhere(size, box, free, bottom_limit)
        if anywhere is not None:
            return anywhere
        self.placed_free = False
        for r in spots:
            if r.bottom > bottom_limit:  # a long panel moves up rather than over a button
                r.y = max(m, bottom_limit - r.h)
            if r.collidelist(buttons) < 0:
                return r
        return spots[0]

    def _anywhere(self, size: tuple[int, int], box: tuple[int, int],
                  free: list[pygame.Rect], bottom_limit: int) -> pygame.Rect | None:
        """Any place above the buttons that covers nothing, the right side and the top
        first (the places beside the hands were all taken: a hand laid aside, a plate
        grown with its words); None if there is none.  Asked every frame the panel is
        drawn, so the answer is kept while the table stays as it is."""
        key = (size, box, bottom_limit, tuple(tuple(r) for r in free))
        if self._anywhere_key == key:
            return None if self._anywhere_at is None else pygame.Rect(self._anywhere_at)
        m = self.scene.layout.margin
        pw, ph = box
        step = max(8, m)
        found: pygame.Rect | None = None
        for right in range(size[0] - m, pw + m - 1, -step):
            for top in range(m, bottom_limit - ph + 1, step):
                r = pygame.Rect(right - pw, top, pw, ph)
                if r.collidelist(free) < 0:
                    found = r
                    break
            if found is not None:
                break
        self._anywhere_key, self._anywhere_at = key, found
        return None if found is None else pygame.Rect(found)

    def _places(self, size: tuple[int, int], box: tuple[int, int], aid: CountingAid
                ) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """The places :meth:`place` tries for a panel of ``box``, each at its highest:
        beside the side hands (``inner``), then the sides (``spots``)."""
        sc = self.scene
        L = sc.layout
        w = size[0]
        m = L.margin
        pw, ph = box
        spots: list[pygame.Rect] = []
        if L.players == 2:
            top = round(L.score.y + L.score.h + m)
            spots.append(pygame.Rect(w - m - pw, top, pw, ph))
            spots.append(pygame.Rect(m, round(L.info.y + L.info.h + m), pw, ph))
        else:
            shown = aid.known
            order = [s for s in L.seats if s.seat != sc.view_seat]
            order.sort(key=lambda s: (len(shown.get(s.seat, ())) > 2, s.side != "right"))
            for spot in order:
                top = round(spot.plate.y + spot.plate.h + m * 0.5)
                x = m if spot.side == "left" else w - m - pw
                spots.append(pygame.Rect(x, top, pw, ph))
        inner: list[pygame.Rect] = []
        for spot in L.seats:
            if spot.seat == sc.view_seat or spot.side not in ("left", "right"):
                continue
            left = spot.side == "left"
            plate = self._plate(spot)
            hand_edge = spot.hand[0] + (spot.card_h / 2 + m if left else -spot.card_h / 2 - m)
            for edge in (hand_edge, plate.right + m if left else plate.left - m):
                x = round(edge if left else edge - pw)
                inner.append(pygame.Rect(x, round(plate.bottom + m), pw, ph))
                inner.append(pygame.Rect(x, m, pw, ph))
        inner.sort(key=lambda r: r.x < w / 2)  # the right side first
        return inner, spots

    def _plate(self, spot: Any) -> pygame.Rect:
        """A seat's plate as drawn (it grows with its text), else as laid out."""
        drawn = self.scene.panels.plate_rects.get(spot.seat)
        return pygame.Rect(drawn) if drawn is not None else pygame.Rect(spot.plate.tuple())

    def _keep_free(self, trick: bool = True) -> list[pygame.Rect]:
        """What the panel must not cover: the other seats' plates and hands, the game and
        match boxes, the trick (``trick``: it is played for), the talon and the stock
        where the layout puts them, and every card a player needs where it lies now (a
        Mariáš trump card laid aside)."""
        sc = self.scene
        L = sc.layout
        th, tw = L.table_h, L.card_w(L.table_h)
        out = [pygame.Rect(L.info.tuple()), pygame.Rect(L.score.tuple())]
        for spot in L.seats:
            card = pygame.Rect(0, 0, tw, th)
            card.center = (round(spot.trick[0]), round(spot.trick[1]))
            if trick:
                out.append(card.inflate(th - tw, 0))  # turned a little: as wide as high
            if spot.seat == sc.view_seat:
                continue
            out.append(pygame.Rect(spot.plate.tuple()))
            out.append(pygame.Rect(spot.hand_area()))
        for at in (L.talon, L.stock):
            r = pygame.Rect(0, 0, tw * 2, th)
            r.center = (round(at[0]), round(at[1]))
            out.append(r)
        if sc.stage is not None:
            out.extend(r for _name, r in sc.stage.card_regions(sc.view_seat))
        out.extend(pygame.Rect(r) for r in sc.panels.plate_rects.values())
        prompt = sc.panels.prompt_rect()
        if prompt is not None:
            out.append(prompt)
        return out

    def bidding(self) -> bool:
        """A Mariáš deal before its first card: trumps, talon, contract, answers, flek."""
        sc = self.scene
        obs = sc.director.displayed if sc.director is not None else None
        return isinstance(obs, MariasObservation) and obs.phase != "play"

    def rows(self, aid: CountingAid, bidding: bool = False) -> list[list[tuple[str, Any]]]:
        """The panel's lines; a line is segments ``("title"|"text"|"muted"|"gold", str)``,
        ``("suit", letter)`` or ``("card", "QH")``.  ``bidding`` (before the first card
        of a Mariáš deal): without the points taken and "nothing proven yet", which
        cannot be otherwise then."""
        rows: list[list[tuple[str, Any]]] = [[("title", tr("ui.count_title"))]]
        if aid.trump is not None:
            row: list[tuple[str, Any]] = [("text", tr("ui.count_trumps_out",
                                                      n=span(aid.trumps_in_play)) + " "),
                                          ("suit", aid.trump)]
            row += [("rank", c) for c in aid.trumps_out]
            rows.append(row)
        if not bidding:
            rows.extend(self._points(aid))
        left = tr("ui.count_left", n=span(aid.points_range))
        if aid.last_trick_bonus:
            left += " " + tr("ui.count_left_bonus")
        rows.append([("muted", left)])
        # what the counts mean, where a player might count otherwise
        for note in ("indicator_in_play", "stock_out", "talon_out"):
            if note in aid.notes:
                rows.append([("muted", tr(f"ui.count_note_{note}"))])
        rows.append([("gold", tr("ui.count_unseen"))])
        for pair in (SUIT_ROWS[:2], SUIT_ROWS[2:]):
            row = []
            for k, suit in enumerate(pair):
                cards = aid.unseen.get(suit, ())
                row += [("tab", 0.5 * k), ("suit", suit)]
                row += [("rank", c) for c in cards] if cards else [("muted", "—")]
            rows.append(row)
        facts = self.facts(aid)
        if facts:
            rows.append([("gold", tr("ui.count_facts"))])
            rows.extend(facts[-MAX_FACTS:])
        elif bidding:
            pass  # nothing can be proven before the first card
        elif aid.places:
            rows.append([("muted", tr("ui.count_no_facts"))])
        else:
            rows.append([("muted", tr("ui.count_all_known"))])
        return rows

    def _points(self, aid: CountingAid) -> list[list[tuple[str, Any]]]:
        """Each seat's card points (Mariáš: the soloist's and the defenders')."""
        if aid.soloist is not None:
            sides = aid.side_points()
            return [[("text", tr("ui.count_soloist", name=self._name(aid.soloist),
                                 n=sides.get("soloist", 0)))],
                    [("text", tr("ui.count_defenders", n=sides.get("defenders", 0)))]]
        rows: list[list[tuple[str, Any]]] = []
        for s in range(aid.players):
            need = aid.to_target(s)
            row: list[tuple[str, Any]] = [("text", tr("ui.count_points", name=self._name(s),
                                                      n=aid.points[s]))]
            if need is not None:
                row.append(("muted", " " + tr("ui.count_to_66", n=need)))
            if aid.pending[s]:
                row.append(("muted", "  " + tr("ui.count_pending", n=aid.pending[s])))
            rows.append(row)
        return rows

    def facts(self, aid: CountingAid) -> list[list[tuple[str, Any]]]:
        """One line per thing the public actions prove (and every card left one place)."""
        out: list[list[tuple[str, Any]]] = []
        for p in aid.proofs:
            name = self._name(p.seat)
            if p.kind == "holds":
                out.append(self._template(tr(f"ui.count_holds_{p.reason}", name=name),
                                          cards=p.cards))
            elif p.kind in ("void", "no_trump"):
                out.append(self._template(tr("ui.count_void", name=name, trick=p.trick),
                                          suit=p.suit))
            elif p.kind in ("cannot_beat", "cannot_overtrump"):
                out.append(self._template(tr("ui.count_cannot_beat", name=name, trick=p.trick),
                                          cards=(p.card,) if p.card else ()))
            elif p.kind == "no_king":
                out.append(self._template(tr("ui.count_no_king", name=name, trick=p.trick),
                                          suit=p.suit))
        only: dict[int, list[str]] = {}
        for c, where in aid.places.items():
            if len(where) == 1 and isinstance(where[0], int):
                only.setdefault(where[0], []).append(c)
        for seat, cards in sorted(only.items()):
            cards.sort(key=lambda c: ("SHCD".index(c[1]), "ATKQJ987".index(c[0])))
            out.append(self._template(tr("ui.count_only_place", name=self._name(seat)),
                                      cards=tuple(cards)))
        for c, where in aid.laid_away.items():
            names = " / ".join(self._name(p) for p in where if isinstance(p, int))
            out.append(self._template(tr("ui.count_laid_away", name=names), cards=(c,)))
        if "talon_no_aces" in aid.notes:
            out.append([("text", tr("ui.count_talon_no_aces"))])
        return out

    def _template(self, text: str, cards: tuple[str, ...] = (),
                  suit: str | None = None) -> list[tuple[str, Any]]:
        """A translated sentence with ``%{cards}`` / ``%{suit}`` drawn as cards and signs."""
        row: list[tuple[str, Any]] = []
        rest = text
        while rest:
            i_c, i_s = rest.find("%{cards}"), rest.find("%{suit}")
            hits = [i for i in (i_c, i_s) if i >= 0]
            if not hits:
                row.append(("text", rest))
                break
            i = min(hits)
            if i:
                row.append(("text", rest[:i]))
            if i == i_c:
                row += [("card", c) for c in cards]
                rest = rest[i + len("%{cards}"):]
            else:
                if suit:
                    row.append(("suit", suit))
                rest = rest[i + len("%{suit}"):]
        return row

    def _name(self, seat: int) -> str:
        sc = self.scene
        if seat == sc.view_seat:
            return tr("ui.common_you")
        return sc.seat_name(seat).split(" · ")[0]

    def _width(self, kind: str, value: Any, size: int) -> int:
        """How wide one segment is drawn (see :meth:`_draw_row`)."""
        if kind == "tab":
            return 0
        if kind == "suit":
            return round(size * 1.1) + round(size * 0.3)
        if kind in ("rank", "card"):
            artwork = self.scene.art.artwork if self.scene.art is not None else ""
            w = font("sans_bold", size).get_rect(rank_label(value[0], artwork)).width
            if kind == "card":
                return w + round(size * 0.12) + round(size * 1.0) + round(size * 0.35)
            return w + round(size * 0.45)
        return font("sans_bold" if kind == "title" else "sans", size).get_rect(str(value)).width

    def flow(self, rows: list[list[tuple[str, Any]]], size: int,
             width: int) -> list[list[tuple[str, Any]]]:
        """The rows wrapped to ``width``: text breaks between words, a continued line is
        indented (Russian and Czech run longer than English)."""
        out: list[list[tuple[str, Any]]] = []
        indent = ("text", "   ")
        for row in rows:
            line: list[tuple[str, Any]] = []
            used = 0
            for kind, value in row:
                pieces = [(kind, value)]
                if kind in ("text", "muted", "gold"):
                    words = str(value).split(" ")
                    pieces = [(kind, w + (" " if i < len(words) - 1 else ""))
                              for i, w in enumerate(words) if w or i == 0]
                for piece in pieces:
                    w = self._width(*piece, size)
                    if line and used + w > width:
                        out.append(line)
                        line = [indent]
                        used = self._width(*indent, size)
                    line.append(piece)
                    used += w
            out.append(line)
        return out

    def _draw_row(self, surface: pygame.Surface, row: list[tuple[str, Any]], x: int, y: int,
                  size: int, width: int) -> None:
        sc = self.scene
        artwork = sc.art.artwork if sc.art is not None else ""
        start = x
        for kind, value in row:
            if kind == "tab":  # a column: a fraction of the width
                x = max(x + round(size * 0.5), start + round(width * value)) if value else x
                continue
            if kind == "suit":
                chip = sc.art.suit_chip(value, round(size * 1.1)) if sc.art else None
                if chip is not None:
                    surface.blit(chip, (x, y))
                    x += chip.get_width() + round(size * 0.3)
                continue
            if kind in ("rank", "card"):
                label = rank_label(value[0], artwork)
                f = font("sans_bold", size)
                f.render_to(surface, (x, y + 1), label, CREAM)
                x += f.get_rect(label).width + round(size * (0.12 if kind == "card" else 0.45))
                if kind == "card":
                    chip = sc.art.suit_chip(value[1], round(size * 1.0)) if sc.art else None
                    if chip is not None:
                        surface.blit(chip, (x, y))
                        x += chip.get_width() + round(size * 0.35)
                continue
            f = font("sans_bold" if kind == "title" else "sans", size)
            colour = GOLD if kind in ("title", "gold") else MUTED if kind == "muted" else CREAM
            text = str(value)
            room = start + width - x
            while text and f.get_rect(text).width > room:
                text = text[:-2] + "…" if len(text) > 2 else ""
            f.render_to(surface, (x, y + 1), text, colour)
            x += f.get_rect(text).width
