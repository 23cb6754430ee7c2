"""Memory: a screen keeps only the pictures it shows, and lets go of them.

The rules page is a text box per section in a scrolling page; pygame-gui's text box
kept five window-wide pictures per box (its shape's two, its background, its finished
text and the shown one), far too much for the Mariáš page at 1280x720.  ``PlainTextBox``
keeps the one it shows (and, inside a scrolling page, the unclipped one) with the same
pixels.  A table that is left lets go of its felt and panels.
"""

from __future__ import annotations

import gc
import weakref

import pygame
import pygame_gui

from game.ui.gui_internals import PlainTextBox, transparent
from tests.test_screens import app, pump  # noqa: F401 - fixture

MARKUP = ("<b>Marriage</b><br>Play a card of the suit led if you can; a <b>marriage</b> is "
          "a king and queen of one suit, declared when you lead one of them.<br>" * 2)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _drawn(box: object) -> bytes:
    """What the box puts on the screen: its picture at its place (a box out of view may
    have an empty picture or a cleared one of its size: the same on screen)."""
    out = pygame.Surface(box.rect.size, pygame.SRCALPHA)  # type: ignore[attr-defined]
    out.fill((0, 0, 0, 0))
    out.blit(box.image, (0, 0))  # type: ignore[attr-defined]
    return _pixels(out)


def _pair(manager: pygame_gui.UIManager, y: int) -> tuple[object, PlainTextBox]:
    """The same section as pygame-gui's text box and as ours, each in a scrolling page
    whose view cuts it (``y``: where it starts, partly out of view)."""
    boxes = []
    for kind in (pygame_gui.elements.UITextBox, PlainTextBox):
        page = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(0, 0, 600, 300), manager, allow_scroll_x=False,
            object_id="#rules_page")
        page.set_scrollable_area_dimensions((580, 2000))
        boxes.append(kind(MARKUP, pygame.Rect(0, y, 580, -1), manager, container=page,
                          object_id="#rules_section"))
    return boxes[0], boxes[1]  # type: ignore[return-value]


def test_a_plain_text_box_shows_the_same_pixels_with_one_picture(app):  # noqa: F811
    manager = app.manager
    for y in (0, 200, 600):  # in view, cut by the view's edge, out of view
        theirs, ours = _pair(manager, y)
        manager.update(0.016)
        assert ours.rect == theirs.rect
        assert _drawn(ours) == _drawn(theirs)
        shown = ours._pre_clipped_image if ours._pre_clipped_image is not None \
            else ours.image  # noqa: SLF001 - the unclipped picture of a box in a page
        assert _pixels(shown) == _pixels(theirs._pre_clipped_image  # noqa: SLF001
                                         if theirs._pre_clipped_image is not None
                                         else theirs.image)
        area = ours.rect.w * ours.rect.h * 4
        # One picture (two where the page's view cuts the box); pygame-gui's keeps five.
        assert ours.held_bytes() <= (2 if y == 200 else 1) * area
        assert ours.text_box_layout.finalised_surface is None
        assert all(row.target_surface is None for row in ours.text_box_layout.layout_rows)
        # Scrolling the page moves the box: the same pixels still.
        for box in (theirs, ours):
            box.ui_container.get_container().set_relative_position((0, -150))
        manager.update(0.016)
        assert _drawn(ours) == _drawn(theirs)
        theirs.ui_container.kill()
        ours.ui_container.kill()


def test_a_selection_dragged_over_a_plain_text_box_is_drawn_as_before(app):  # noqa: F811
    """pygame-gui draws a selection into the finished text: ours makes that again."""
    theirs, ours = _pair(app.manager, 0)
    before = _drawn(ours)
    for box in (theirs, ours):
        box.select_range = [5, 40]
    assert _drawn(ours) == _drawn(theirs) != before
    assert ours.text_box_layout.finalised_surface is None  # let go again


def test_transparent_means_no_pixel_shows() -> None:
    s = pygame.Surface((40, 30), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    assert transparent(s)
    s.set_at((39, 29), (0, 0, 0, 1))
    assert not transparent(s)
    assert not transparent(pygame.Surface((4, 4)))  # no alpha: it shows


def test_the_rules_page_keeps_a_picture_per_section_and_lets_go_of_it(app):  # noqa: F811
    scene = app.switch("rules", variant="marias")
    pump(app)
    sections = list(scene.sections)
    assert sections and all(isinstance(b, PlainTextBox) for b in sections)
    held = sum(b.held_bytes() for b in sections)
    area = sum(b.rect.w * b.rect.h * 4 for b in sections)
    assert held <= 1.2 * area  # was several times the area for this page
    gone = [weakref.ref(b) for b in sections] + [weakref.ref(scene)]
    del sections, scene
    app.switch("menu")  # the rules screen is let go, its pictures with it
    pump(app)
    gc.collect()
    assert all(ref() is None for ref in gone)
