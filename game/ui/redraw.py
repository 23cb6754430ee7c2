"""What changed on screen since the last frame: the pieces of the redraw protocol.

Why this exists: presenting a frame is the expensive part of drawing (a full
1920x1080 present costs several milliseconds under X11, a card-sized one a
fraction of one), and a card game mostly sits still.  The app therefore draws a
frame only when something asks for one, and presents only the damaged parts of
the window.  The protocol itself — who asks, and when — is described on
:class:`game.ui.scene.Scene`; this module holds the bookkeeping:

* :class:`Damage` — the rectangles to present this frame (or "everything");
* :class:`UISnapshot` — which pygame-gui elements look different from the last
  frame.  pygame-gui has no dirty flags, but every element that changes its
  look gets a *new* image surface (``UIElement._set_image`` copies), so the
  identity of each visible element's image and its rectangle tell what changed;
* :class:`DisplayList` — the same idea for our own drawing: a scene that draws
  many small things (the table) lists each with the rectangle it covers and what
  it looks like, and the difference between two frames is the damage.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

import pygame

RectLike = pygame.Rect | tuple[int, int, int, int]


class Damage:
    """Rectangles of the window that must be presented (``full``: the whole window)."""

    def __init__(self) -> None:
        self.full = False
        self.rects: list[pygame.Rect] = []

    def add(self, rect: RectLike | None) -> None:
        if rect is None:
            self.full = True
        elif not self.full:
            r = pygame.Rect(rect)
            if r.w > 0 and r.h > 0:
                self.rects.append(r)

    def extend(self, rects: Iterable[RectLike] | None) -> None:
        if rects is None:
            self.full = True
            return
        for r in rects:
            self.add(r)

    def __bool__(self) -> bool:
        return self.full or bool(self.rects)

    def clear(self) -> None:
        self.full = False
        self.rects = []

    def merged(self, bounds: pygame.Rect) -> list[pygame.Rect]:
        """The rectangles clipped to ``bounds`` and merged where that saves area.

        Overlapping (or nearly touching) rectangles are joined when the union is
        not much bigger than the two apart: one present call of a slightly larger
        area is cheaper than several small ones.
        """
        rects = [r.clip(bounds) for r in self.rects]
        rects = [r for r in rects if r.w > 0 and r.h > 0]
        merged: list[pygame.Rect] = []
        for r in sorted(rects, key=lambda r: (r.y, r.x)):
            for i, m in enumerate(merged):
                u = m.union(r)
                if u.w * u.h <= (m.w * m.h + r.w * r.h) * 1.3 or m.inflate(8, 8).colliderect(r):
                    merged[i] = u
                    break
            else:
                merged.append(r)
        # A second pass: the unions may now overlap each other.
        changed = True
        while changed and len(merged) > 1:
            changed = False
            for i in range(len(merged)):
                for j in range(i + 1, len(merged)):
                    if merged[i].colliderect(merged[j]):
                        merged[i] = merged[i].union(merged.pop(j))
                        changed = True
                        break
                if changed:
                    break
        return merged

    def area(self, bounds: pygame.Rect) -> int:
        if self.full:
            return bounds.w * bounds.h
        return sum(r.w * r.h for r in self.merged(bounds))


class UISnapshot:
    """The visible pygame-gui elements as (image, rectangle) pairs, to diff frame to frame.

    Holding the image surfaces keeps their ids from being reused, so "same id"
    really means "same picture".
    """

    def __init__(self, manager: Any | None = None) -> None:
        self.items: list[tuple[Any, tuple[int, int, int, int], Any]] = []
        if manager is not None:
            group = manager.get_sprite_group()
            for data in group.visible:
                image, rect = data[0], data[1]
                if image is None or rect is None:
                    continue
                area = tuple(data[2]) if len(data) > 2 and data[2] is not None else None
                self.items.append((image, (rect.x, rect.y, rect.w, rect.h), area))

    def damage(self, before: UISnapshot) -> list[pygame.Rect]:
        """Rectangles whose look differs between ``before`` and this snapshot."""
        if len(before.items) == len(self.items) and all(
                a[0] is b[0] and a[1] == b[1] and a[2] == b[2]
                for a, b in zip(before.items, self.items)):
            return []
        old = {(id(i), r, a) for i, r, a in before.items}
        new = {(id(i), r, a) for i, r, a in self.items}
        rects = [pygame.Rect(r) for _i, r, _a in before.items if (id(_i), r, _a) not in new]
        rects += [pygame.Rect(r) for _i, r, _a in self.items if (id(_i), r, _a) not in old]
        if not rects:  # same pictures in a new order (a window raised): redraw them all
            rects = [pygame.Rect(r) for _i, r, _a in self.items]
        return rects


class DisplayList:
    """What a scene drew live this frame: ``(key, rectangle, look)`` per item.

    ``look`` is anything comparable with ``==`` that changes when the item's pixels
    change (the cached surface it blits, its alpha ...); surfaces compare by
    identity, and being held here their ids are never reused.  :meth:`damage` compares two
    frames: an item that appeared, vanished, moved or changed its look damages
    its old and new rectangles; an item that stayed as it was costs nothing.
    Items may overlap: everything is recomposed each drawn frame, only the
    present is limited to the damage.
    """

    def __init__(self) -> None:
        self.items: dict[Hashable, tuple[tuple[int, int, int, int], Any]] = {}

    def add(self, key: Hashable, rect: RectLike | None, look: Any = None) -> None:
        if rect is None:
            return
        r = pygame.Rect(rect)
        if key in self.items:  # the same key twice in a frame: keep both areas
            old, old_look = self.items[key]
            r = r.union(pygame.Rect(old))
            look = (old_look, look)
        self.items[key] = ((r.x, r.y, r.w, r.h), look)

    def rects(self) -> list[pygame.Rect]:
        """Where the items lie (to erase them next frame)."""
        return [pygame.Rect(rect) for rect, _look in self.items.values()]

    def damage(self, before: DisplayList) -> list[pygame.Rect]:
        rects = []
        for key, (rect, look) in self.items.items():
            old = before.items.get(key)
            if old is None:
                rects.append(pygame.Rect(rect))
            elif old[0] != rect or old[1] != look:
                rects.append(pygame.Rect(rect))
                rects.append(pygame.Rect(old[0]))
        for key, (rect, _look) in before.items.items():
            if key not in self.items:
                rects.append(pygame.Rect(rect))
        return rects

