"""A pygame-gui text box that keeps one picture of its text instead of five.

pygame-gui's ``UITextBox`` keeps, besides the picture it shows, its drawable shape's
two pictures of the background (the shape's base and its "normal" state, which is
also the box's ``background_surf``) and the finished text (``finalised_surface``),
each as large as the box; inside a scrolling container a box that is partly or
wholly out of view keeps one more (the picture before clipping).  The screens' text
boxes are all transparent rectangles (the boxes are drawn under them by
:mod:`game.ui.widgets.boxes`), so the background pictures are empty, and a box
without a scroll bar shows the same text until something redraws it.  The rules
page as a box per section held several times as much in such pictures as it shows
(Mariáš at 1280x720).

:class:`PlainTextBox` lets go of them once its picture is made: a transparent
background is replaced by one transparent pixel (blitting either onto the new,
cleared picture leaves it unchanged), the drawable shape of a rectangle is dropped
(pygame-gui then tests the pointer against the box's rectangle — the same answer),
and a box without a scroll bar drops its finished text (its rows hold it as their
target too), made again from the laid-out rows whenever pygame-gui redraws the box (a
selection dragged over the text, a link hovered): the same pixels, a few milliseconds
for a section.  A box with a scroll bar keeps it (it is blitted again at every scroll
step).  A box scrolled out of view shows pygame-gui's empty picture, not a cleared
one of its size.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

#: What a transparent background is replaced with (blitting it changes nothing).
_NOTHING = pygame.Surface((1, 1), pygame.SRCALPHA)


def transparent(surface: pygame.Surface | None) -> bool:
    """True if no pixel of ``surface`` shows (every alpha is zero)."""
    if surface is None:
        return True
    if not surface.get_flags() & pygame.SRCALPHA:
        return False
    bounds = surface.get_bounding_rect(min_alpha=1)
    return bounds.w == 0 or bounds.h == 0


class PlainTextBox(pygame_gui.elements.UITextBox):
    """A ``UITextBox`` that keeps only what it needs to draw itself again (see the module).

    Same arguments, same look, same behaviour."""

    def rebuild(self) -> None:
        super().rebuild()
        self.let_go()

    def _setup_final_text_box_image(self, drawable_area: pygame.Rect) -> None:
        layout = self.text_box_layout
        if layout is not None and layout.finalised_surface is None:
            layout.finalise_to_new()  # dropped after the last picture: made again
        super()._setup_final_text_box_image(drawable_area)
        self.let_go()

    def _set_image_clip(self, rect: pygame.Rect | None) -> None:
        super()._set_image_clip(rect)
        self._empty_when_hidden()

    def _set_image(self, new_image: pygame.Surface | None) -> None:
        super()._set_image(new_image)
        self._empty_when_hidden()

    def _empty_when_hidden(self) -> None:
        """A box scrolled out of view shows nothing: pygame-gui gives it an empty picture
        only when its clip is 0x0, and a clip of the box's width and no height (above or
        below the view) a cleared picture as large as the box."""
        clip = self.get_image_clipping_rect()
        if clip is not None and (clip.w == 0 or clip.h == 0) and self.image is not None \
                and self.image.get_size() != (0, 0):
            self.image = self.ui_manager.get_universal_empty_surface()

    def let_go(self) -> None:
        """Drop the pictures that only repeat the shown one (see the module)."""
        shape: Any = self.drawable_shape
        if shape is not None and self.shape == "rectangle":
            if transparent(self.background_surf):
                self.background_surf = _NOTHING
            self.drawable_shape = None
        layout = self.text_box_layout
        if layout is not None and self.scroll_bar is None and self.image is not None \
                and layout.finalised_surface is not None:
            layout.finalised_surface = None
            for row in layout.layout_rows:  # (rows and their chunks keep it as their target)
                row.target_surface = None
                for item in row.items:  # (text chunks have one; other rects do not)
                    if getattr(item, "target_surface", None) is not None:
                        setattr(item, "target_surface", None)  # noqa: B010

    def held_bytes(self) -> int:
        """Bytes of the pictures this box holds (for tests and the memory notes)."""
        seen: dict[int, int] = {}
        layout = self.text_box_layout
        shape: Any = self.drawable_shape
        pictures = [self.image, self._pre_clipped_image, self.background_surf,
                    layout.finalised_surface if layout is not None else None]
        if shape is not None:
            pictures.append(getattr(shape, "base_surface", None))
            pictures += [getattr(s, "surface", None) for s in shape.states.values()]
        for s in pictures:
            if isinstance(s, pygame.Surface) and s is not _NOTHING:
                seen[id(s)] = s.get_width() * s.get_height() * s.get_bytesize()
        return sum(seen.values())
