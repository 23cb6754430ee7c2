"""The stage: the live sprites, reconciling them with a new board, and drawing them.

See :mod:`.sprites` for the key idea.  Drawing uses only cached surfaces
(:class:`~.art.CardArt`): a card at its layout height is blitted crisp; a card
in flight between two heights is drawn from a cached down-scale of the larger
crisp picture, quantised to 4 px steps so the cache stays small.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ..redraw import DisplayList
from .animation import Animator, ease_in_out_cubic, ease_out_cubic
from .art import CardArt
from .layout import TableLayout
from .sprites import Sprite, Target

Spawn = Callable[[Target, dict[str, Sprite]], tuple[float, float, float, float, float]]

GLOW_LEGAL = (246, 214, 120)
GLOW_HINT = (120, 220, 255)
GLOW_SELECT = (255, 160, 90)


class Stage:
    def __init__(self, art: CardArt, layout: TableLayout, anim: Animator):
        self.art = art
        self.layout = layout
        self.anim = anim
        self.sprites: dict[str, Sprite] = {}
        #: Sprites flying out (no longer on the board) until their tween ends.
        self.ghosts: list[Sprite] = []
        # Per-frame looks of the viewer's hand, set by the scene.
        self.dim: set[str] = set()
        self.glow: dict[str, tuple[int, int, int]] = {}
        self.drag: tuple[str, float, float] | None = None  # key, mouse x, y
        #: The sprites in flight in the frame being drawn (ids).
        self._flying: set[int] = set()

    # --- reconcile ----------------------------------------------------------------------
    def snap(self, targets: dict[str, Target]) -> None:
        """Put everything in place at once (resume, resize)."""
        self.sprites = {}
        self.ghosts = []
        for t in targets.values():
            self.sprites[t.key] = Sprite(t.key, t.card, t.x, t.y, t.angle, t.h, t.z,
                                         1.0 if t.up else -1.0, t.role, t.seat,
                                         home_h=round(t.h))

    def reconcile(self, targets: dict[str, Target], spawn: Spawn, duration: float = 0.32,
                  stagger: float = 0.0, vanish_to: Callable[[Sprite], tuple[float, float] | None]
                  | None = None, ease: Callable[[float], float] = ease_out_cubic) -> None:
        """Tween the sprites to ``targets``; new keys start where ``spawn`` says."""
        old = self.sprites
        vanished = {k: s for k, s in old.items() if k not in targets}
        new: dict[str, Sprite] = {}
        i = 0
        for key, t in targets.items():
            s = old.get(key)
            if s is None:
                x, y, angle, h, flip = spawn(t, vanished)
                s = Sprite(key, t.card, x, y, angle, h, max(t.z, 150), flip, t.role, t.seat)
                delay = stagger * i
                i += 1
            else:
                delay = 0.0
                s.card = t.card if t.card is not None else s.card
            s.role, s.seat, s.home_h = t.role, t.seat, round(t.h)
            new[key] = s
            moved = (abs(s.x - t.x) > 0.5 or abs(s.y - t.y) > 0.5 or abs(s.angle - t.angle) > 0.5
                     or abs(s.h - t.h) > 0.5)
            flip = 1.0 if t.up else -1.0
            if moved:
                final_z = t.z
                s.z = max(s.z, t.z)
                self.anim.tween(s, duration, delay, ease, on_done=_setter(s, "z", final_z),
                                x=t.x, y=t.y, angle=t.angle, h=t.h)
            else:
                s.z = t.z
            if (s.flip > 0) != (flip > 0):
                self.anim.tween(s, duration * 0.9, delay + duration * 0.1, ease_in_out_cubic,
                                flip=flip)
        for s in vanished.values():
            dest = vanish_to(s) if vanish_to else None
            if dest is None:
                continue
            s.dying = True
            self.ghosts.append(s)
            self.anim.tween(s, duration, 0.0, ease_out_cubic,
                            on_done=_remover(self.ghosts, s), x=dest[0], y=dest[1], flip=-1.0,
                            alpha=0.0)
        self.sprites = new

    # --- queries -----------------------------------------------------------------------
    def rect_of(self, s: Sprite) -> pygame.Rect:
        w, h = self.art.size(max(1, round(s.h)))
        if round(abs(s.angle)) % 180 == 90:
            w, h = h, w
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(s.x), round(s.y - s.lift))
        return r

    def hit(self, pos: tuple[int, int],
            roles: tuple[str, ...] = ("hand", "blind")) -> Sprite | None:
        """The top-most sprite of ``roles`` under ``pos``."""
        best = None
        for s in self.sprites.values():
            if s.role in roles and self.rect_of(s).collidepoint(pos):
                if best is None or s.z > best.z:
                    best = s
        return best

    def click_point(self, key: str) -> tuple[int, int] | None:
        """A point where a click lands on sprite ``key`` (its visible part), for tests/tools."""
        s = self.sprites.get(key)
        if s is None:
            return None
        r = self.rect_of(s)
        for fx in (0.5, 0.15, 0.85, 0.05, 0.3, 0.7):
            for fy in (0.5, 0.2, 0.8):
                p = (round(r.x + r.w * fx), round(r.y + r.h * fy))
                top = self.hit(p, (s.role,))
                if top is not None and top.key == key:
                    return p
        return None

    #: The cards a player needs to see, by role, and what to call them in a report.
    NEEDED = {"hand": "your hand", "blind": "your hand", "opp": "the hand of", "trick": "the trick",
              "indicator": "the trump card", "aside": "the trump card", "stock": "the stock"}

    def card_regions(self, view_seat: int) -> list[tuple[str, pygame.Rect]]:
        """Where the cards a player needs lie now: each card of the player's hand and of
        the trick, the trump card, and each other hand, the stock and the talon as one
        area (what :mod:`game.ui.harness.layout_audit` keeps free of widgets and panels)."""
        out: list[tuple[str, pygame.Rect]] = []
        stacks: dict[str, pygame.Rect] = {}
        for s in sorted(self.sprites.values(), key=lambda s: (s.role, s.x, s.y)):
            name = self.NEEDED.get(s.role)
            if name is None or s.alpha < 250:
                continue
            r = self.rect_of(s)
            if s.role in ("opp", "stock"):
                name = f"{name} seat {s.seat}" if s.role == "opp" else name
                stacks[name] = stacks[name].union(r) if name in stacks else r
            else:
                out.append((f"{name} ({s.key})" if s.card is not None else name, r))
        return out + list(stacks.items())

    def hand_sprites(self, roles: tuple[str, ...] = ("hand", "blind")) -> list[Sprite]:
        return sorted((s for s in self.sprites.values() if s.role in roles), key=lambda s: s.x)

    # --- drawing ------------------------------------------------------------------------
    def _surface(self, s: Sprite, moving: bool = False) -> pygame.Surface:
        hi = max(4, round(s.h))
        squeeze = max(1, min(10, round(abs(s.flip) * 10)))
        angle = round(s.angle / 2) * 2 % 360  # 2° steps keep the rotation cache small
        card = s.card if s.flip > 0 else None
        crisp = {self.layout.hand_h, self.layout.table_h, self.layout.opp_h, self.layout.pile_h}
        if hi in crisp or abs(hi - s.home_h) <= 1:
            hi = hi if hi in crisp else s.home_h
            glow = self.glow.get(s.key) if s.role in ("hand", "blind") else None
            return self.art.picture(card, hi, angle, squeeze, s.key in self.dim, glow,
                                    moving=moving)
        q = max(4, hi // 4 * 4)
        # Down-scale from a crisp picture that is already rendered: faces exist at the hand
        # and table heights (warmed), backs at every layout height.
        sources = crisp if card is None else {self.layout.hand_h, self.layout.table_h}
        src = min((c for c in sources if c >= q), default=max(sources))
        return self.art.scaled(card, min(q, src), src, angle, squeeze)

    # --- static/active split -------------------------------------------------------------
    #: Roles always drawn per frame: the viewer's hand reacts to the mouse every frame.
    LIVE_ROLES = ("hand", "blind")

    def split(self) -> tuple[list[Sprite], list[Sprite]]:
        """(static, active) sprites: active = moving, hand, dragged, flying out.

        The static ones are composed once into the scene's cached background
        layer and redrawn only when that set changes; a frame then costs one
        full-screen blit plus the few cards in motion (TOOLING.md budgets).
        """
        moving = {id(t.target) for t in self.anim.tweens}
        drag_key = self.drag[0] if self.drag else None
        static, active = [], list(self.ghosts)
        for s in self.sprites.values():
            if id(s) in moving or s.role in self.LIVE_ROLES or s.key == drag_key or \
                    s.alpha < 250:
                active.append(s)
            else:
                static.append(s)
        return static, active

    @staticmethod
    def look(s: Sprite) -> tuple[object, ...]:
        """Everything that decides how a sprite at rest looks."""
        return (s.card, round(s.x), round(s.y), round(s.angle), round(s.h), s.flip > 0, s.z)

    def draw(self, surface: pygame.Surface, items: list[Sprite] | None = None,
             display: DisplayList | None = None) -> None:
        """Blit ``items`` (default: every sprite) in stacking order.

        With ``display``, each card is listed there with the area it covered (card
        and shadow) and the pictures it used, for the redraw protocol.
        """
        items = list(self.sprites.values()) + self.ghosts if items is None else list(items)
        items.sort(key=lambda s: (s.z, s.x))
        drag_key = self.drag[0] if self.drag else None
        dragged = None
        # Cards in flight: their in-between pictures are kept apart from those at rest.
        self._flying = {id(t.target) for t in self.anim.tweens}
        for s in items:
            if s.key == drag_key and not s.dying:
                dragged = s
                continue
            self._blit(surface, s, s.x, s.y - s.lift, display=display)
        if dragged is not None and self.drag is not None:
            self._blit(surface, dragged, self.drag[1], self.drag[2], lifted=True,
                       display=display)

    def _blit(self, surface: pygame.Surface, s: Sprite, x: float, y: float,
              lifted: bool = False, display: DisplayList | None = None) -> None:
        moving = s.dying or id(s) in self._flying
        img = picture = self._surface(s, moving)
        w, h = img.get_size()
        alpha = max(0, round(s.alpha)) if s.alpha < 250 else 255
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        sh = None
        # Shadows only for cards that are not buried in a stack (saves blits).
        if (s.role not in ("stock", "pile", "opp") or s.z >= 150) and s.alpha >= 250 and \
                abs(s.flip) > 0.85:
            # A card in flight borrows the shadow of the nearest resting size (a soft
            # blur cannot show a few pixels' difference, and one shadow per in-between
            # size and angle filled the picture cache at 1080p).
            crisp = (self.layout.hand_h, self.layout.table_h, self.layout.opp_h,
                     self.layout.pile_h)
            shadow_h = min(crisp, key=lambda c: abs(c - s.h))
            cw, ch = self.art.size(shadow_h)
            rot = round(s.angle / 3) * 3 % 360  # 3° steps: the blur hides the rest
            sh = self.art.shadow(cw, ch, rot if rot % 90 else 0, moving=moving)
            if round(s.angle) % 180 == 90:
                sh = self.art.shadow(ch, cw)
            off = max(2, round(s.h / 36)) + (round(s.lift / 6) if s.lift else 0) + \
                (6 if lifted else 0)
            sw, shh = sh.get_size()
            area = surface.blit(sh, (round(x - sw / 2 + off * 0.6), round(y - shh / 2 + off)))
        else:
            area = None
        rect = surface.blit(img, (round(x - w / 2), round(y - h / 2)))
        if display is not None:
            # An alpha-faded copy is new every frame: its alpha, not the copy, is the look.
            # The stacking order is part of it: a card that goes under its neighbour
            # (its move ends, its z drops) changes the pixels where they overlap.
            display.add(("card", s.key, id(s)), rect.union(area) if area else rect,
                        (picture, sh, rect.topleft, area.topleft if area else None, alpha,
                         s.z, lifted))


def _setter(obj: object, name: str, value: float) -> Callable[[], None]:
    def done() -> None:
        setattr(obj, name, value)
    return done


def _remover(items: list[Sprite], s: Sprite) -> Callable[[], None]:
    def done() -> None:
        if s in items:
            items.remove(s)
    return done
