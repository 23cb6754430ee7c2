"""Where everything lies on the table, computed from the window size and the seating.

Pure geometry (no pygame drawing) so it is cheap to recompute on every resize
and easy to test: every size from 1024×640 to 4K gets card heights chosen for
that size (the renderer then draws them crisp at exactly those heights).
Seat 0's view: the viewing seat at the bottom, then clockwise — left, top,
right (RULES.md 0: "left of X" is X+1).  Two players: the opponent sits at the top.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_ASPECT = 0.69
#: How far a card of the player's hand rises under the mouse, as a share of its height.
HOVER_LIFT = 0.1

Point = tuple[float, float]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def center(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2

    def tuple(self) -> tuple[int, int, int, int]:
        return round(self.x), round(self.y), round(self.w), round(self.h)


@dataclass(frozen=True)
class SeatSpot:
    """One seat's places on the table."""

    seat: int
    side: str  # "bottom" | "left" | "top" | "right"
    hand: Point  # centre of the hand
    vertical: bool  # hand runs top-to-bottom (left/right seats)
    span: float  # longest the hand may be (px along its axis)
    card_h: int
    angle: int  # rotation of the seat's cards (backs) in degrees
    trick: Point  # where this seat's card lies in a trick
    trick_angle: int
    pile: Point  # won tricks
    plate: Rect  # name plate
    bubble: Point  # speech bubble anchor
    aside: Point  # a card laid in front of the seat (Mariáš trump card)

    def hand_area(self) -> tuple[int, int, int, int]:
        """``(x, y, w, h)`` of the longest hand the seat may hold (its cards' whole reach)."""
        cx, cy = self.hand
        if self.vertical:
            return (round(cx - self.card_h / 2), round(cy - self.span / 2), self.card_h,
                    round(self.span))
        return (round(cx - self.span / 2), round(cy - self.card_h / 2), round(self.span),
                self.card_h)


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    players: int
    margin: int
    hand_h: int  # the viewing seat's hand
    table_h: int  # trick, stock, talon
    opp_h: int  # other hands
    pile_h: int
    center: Point
    stock: Point
    talon: Point
    deck: Point  # where the shuffle/cut happens
    info: Rect
    score: Rect
    buttons_y: float
    font: int  # base text size in px
    seats: tuple[SeatSpot, ...]

    def spot(self, seat: int) -> SeatSpot:
        return self.seats[seat]

    @property
    def hover_lift(self) -> int:
        """How far a card of the player's hand rises under the mouse."""
        return round(self.hand_h * HOVER_LIFT)

    def card_w(self, h: int) -> int:
        return max(1, round(h * CARD_ASPECT))

    def card_heights(self) -> tuple[int, int, int, int]:
        """The heights cards are drawn crisp at (hand, table, other hands, piles)."""
        return self.hand_h, self.table_h, self.opp_h, self.pile_h

    def fan(self, seat: int, n: int, height: int | None = None,
            spread: bool = False) -> list[Point]:
        """Centres of ``n`` cards of a hand, overlapping just enough to fit its span.

        ``spread``: a hand laid open (face up) shows more of each card; it is
        pushed inwards so the larger cards stay on screen.
        """
        sp = self.seats[seat]
        h = height or sp.card_h
        if n <= 0:
            return []
        w = self.card_w(h)
        along = w
        # Visible strip per card: generous when few cards, squeezed to the span when many.
        natural = along * (0.28 if sp.vertical or sp.side != "bottom" else 0.66)
        if spread:
            natural = along * 0.42
        step = natural if n == 1 else min(natural, (sp.span - along) / (n - 1))
        total = along + step * (n - 1)
        cx, cy = sp.hand
        if height and height > sp.card_h and sp.side != "bottom":
            push = (height - sp.card_h) / 2
            cx += push if sp.side == "left" else -push if sp.side == "right" else 0
            cy += push if sp.side == "top" else 0
        out = []
        for i in range(n):
            d = -total / 2 + along / 2 + i * step
            out.append((cx, cy + d) if sp.vertical else (cx + d, cy))
        return out


def seat_sides(players: int) -> tuple[str, ...]:
    return ("bottom", "top") if players == 2 else ("bottom", "left", "right") if players == 3 \
        else ("bottom", "left", "top", "right")


def compute_layout(size: tuple[int, int], players: int, view_seat: int = 0) -> TableLayout:
    w, h = size
    m = max(8, round(h * 0.018))
    hand_h = round(min(h * 0.235, w * 0.15))
    table_h = round(min(h * 0.19, w * 0.12))
    opp_h = round(min(h * 0.15, w * 0.095))
    pile_h = round(min(h * 0.105, w * 0.07))
    font = max(14, round(h * 0.023))
    plate_w, plate_h = max(180, round(w * 0.135)), round(font * 3.3)
    cx, cy = w / 2, h * 0.44
    tw = table_h * CARD_ASPECT
    pw = pile_h * CARD_ASPECT
    sides = seat_sides(players)
    spots: list[SeatSpot | None] = [None] * players
    for rel, side in enumerate(sides):
        seat = (view_seat + rel) % players
        if side == "bottom":
            hand = (cx, h - m - hand_h / 2)
            # Room on both sides for the name plate, which grows with its text
            # ("Tricks · Points · Defenders") and the Hint/Menu buttons.
            span = min(w * 0.62, w - 2 * (plate_w * 1.4 + 2 * m))
            trick = (cx + (tw * 0.3 if players == 2 else 0),
                     cy + table_h * (0.24 if players == 2 else 0.36))
            pile = (w - m - pw / 2 - m * 2, h - m - font * 2.6 - pile_h / 2 - m)
            plate = Rect(m, h - m - plate_h, plate_w, plate_h)
            # Above the key legend, which sits right over the plate (panels.draw_keys).
            bubble = (plate.x + plate.w * 0.5, plate.y - m - font * 2.9)
            aside = (cx + w * 0.22, cy + table_h * 0.12)
            spots[seat] = SeatSpot(seat, side, hand, False, span, hand_h, 0, trick,
                                   -4 if players == 2 else 2, pile, plate, bubble, aside)
        elif side == "top":
            hand = (cx, m + opp_h / 2)
            span = w * 0.3
            trick = (cx - (tw * 0.3 if players == 2 else 0), cy - table_h * 0.24)
            pile = (cx + span / 2 + pw + 3 * m, m + pile_h / 2 + m)
            info_right = m + max(220, w * 0.19)
            plate = Rect(max(info_right + m, cx - span / 2 - plate_w - 2 * m), m, plate_w,
                         plate_h)
            bubble = (plate.x + plate.w / 2, plate.y + plate.h + m * 2)
            aside = (cx - w * 0.2, m + opp_h + m + table_h * 0.35)
            spots[seat] = SeatSpot(seat, side, hand, False, span, opp_h, 180, trick, 5, pile,
                                   plate, bubble, aside)
        else:
            left = side == "left"
            x = m + opp_h / 2 + m if left else w - m - opp_h / 2 - m
            top = h * 0.2 + plate_h
            bottom = h * 0.72
            hand = (x, (top + bottom) / 2)
            span = bottom - top
            dx = -tw * 0.78 if left else tw * 0.78
            trick = (cx + dx, cy - table_h * 0.14)
            pile = (x + (opp_h * 0.5 + pw) * (1 if left else -1), bottom + pile_h * 0.15)
            plate_x = m if left else w - m - plate_w
            plate = Rect(plate_x, h * 0.2 - m, plate_w, plate_h)
            bubble = (plate.x + plate.w / 2 + (plate.w * 0.25 if left else -plate.w * 0.25),
                      plate.y + plate.h + m)
            aside = (cx + w * (-0.22 if left else 0.22), cy - table_h * 0.75)
            spots[seat] = SeatSpot(seat, side, hand, True, span, opp_h, 90 if left else -90,
                                   trick, -6 if left else 7, pile, plate, bubble, aside)
    seats = tuple(s for s in spots if s is not None)
    info = Rect(m, m, max(220, w * 0.19), font * 6.2)
    score = Rect(w - m - max(200, w * 0.16), m, max(200, w * 0.16), font * (2.2 + players * 1.35))
    stock = (cx - w * 0.25, cy) if players == 2 else (cx, cy)
    talon = (cx, m + pile_h * 0.75) if players == 3 else (cx + tw * 1.9, cy - table_h * 0.15)
    deck = (cx, cy)
    buttons_y = h - m - hand_h - m * 1.5 - hand_h * 0.12 - font * 2.4
    return TableLayout((w, h), players, m, hand_h, table_h, opp_h, pile_h, (cx, cy), stock,
                       talon, deck, info, score, buttons_y, font, seats)
