"""Every use of pygame-gui's insides, in one place.

pygame-gui's public interface (elements, the manager, themes, events) does what the
screens need; a few things it does not offer are done here by reaching into it: keeping
memory down (fonts opened from their files, caches emptied, a text box that keeps one
picture), keeping frames short (a scaled theme not checked twice, a widget's other looks
drawn one a frame) and reading what a widget shows (for the text-fit and layout checks).
Each function names the detail it relies on, and ``tests/test_gui_internals.py`` pins that
detail's behaviour against the installed pygame-gui: an upgrade that changes one fails a
test that names it, instead of a screen quietly using more memory or drawing wrong.

Nothing outside this module imports ``pygame_gui.core`` or ``pygame_gui.elements``'
submodules, overrides a private method of pygame-gui, or touches an attribute pygame-gui
does not document (``tests/test_architecture.py`` holds that).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core.utility import PackageResource
from pygame_gui.core.utility import translate as _translate
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

# --- words -------------------------------------------------------------------------------


def translate(text: str, **params: Any) -> str:
    """``text`` as a pygame-gui widget shows it: a translation key in the manager's locale
    with ``%{name}`` filled in, or the text itself (``pygame_gui.core.utility.translate``,
    the function every widget calls)."""
    return str(_translate(text, **params))


def shown_text(element: Any) -> str:
    """The words a label or button shows (its key translated with its ``text_kwargs``)."""
    text = getattr(element, "text", "") or ""
    return translate(text, **(getattr(element, "text_kwargs", None) or {}))


# --- fonts -------------------------------------------------------------------------------


def font_file(location: Any) -> str | None:
    """The path of a font pygame-gui knows as a package resource, if it is a real file
    (``pygame_gui.core.utility.PackageResource``); None otherwise."""
    if not isinstance(location, PackageResource):
        return None
    try:
        path = str(resources.files(location.package) / location.resource)
    except (TypeError, OSError):
        return None
    return path if os.path.isfile(path) else None


def fonts_from_files(manager: pygame_gui.UIManager) -> int:
    """Open pygame-gui's own fonts from their files, not from copies of the files in memory.

    pygame-gui opens its fonts (Noto Sans, the theme's only face, and Fira Code for
    symbols) as package resources: every size and style reads the whole file into a
    ``BytesIO`` the font keeps for its lifetime.  Opened from the file's path, SDL_ttf
    reads only the tables it needs.  Where a font is not a plain file (a zipped install)
    it stays as pygame-gui opens it.  Relies on the font dictionary's ``known_font_paths``
    (name -> [(location, forced)]) and ``loaded_fonts`` (id -> resource with
    ``location``, ``loaded_font`` and ``load()``).  Returns how many places were changed;
    call it after the manager is made and after ``set_locale`` (a locale with another
    default face adds that face as package resources).
    """
    fonts: Any = manager.get_theme().get_font_dictionary()  # (its insides: not typed)
    changed = 0
    for name, places in list(fonts.known_font_paths.items()):
        moved = []
        for location, forced in places:
            path = font_file(location)
            if path is not None:
                location = path
                changed += 1
            moved.append((location, forced))
        fonts.known_font_paths[name] = moved
    for resource in list(fonts.loaded_fonts.values()):
        original = resource.location
        path = font_file(original)
        if path is None:
            continue
        resource.location = path
        if resource.loaded_font is not None and resource.load() is not None:
            resource.location = original  # could not be opened after all: as it was
            resource.load()
            continue
        changed += 1
    return changed


def noto_sans_file(bold: bool) -> str | None:
    """The Noto Sans file pygame-gui ships (its ``data`` folder), for text we draw ourselves
    in the same face as the widgets; None if it is not there."""
    path = Path(pygame_gui.__file__).parent / "data" / (
        "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
    return str(path) if path.exists() else None


def font_loaded(manager: pygame_gui.UIManager, size: int, name: str, bold: bool,
                italic: bool) -> bool:
    """Whether the manager has this font open already (``preload_fonts`` would warn and
    open it again otherwise)."""
    found: Any = manager.get_theme().get_font_dictionary()
    return bool(found.check_font_preloaded(found.create_font_id(size, name, bold, italic)))


def forget_fonts_not_in_use(manager: pygame_gui.UIManager) -> int:
    """Close every font no element's theme uses now, but the two defaults; returns how many.

    pygame-gui keeps every font it ever loaded, and each costs memory once it has drawn
    text (FreeType's face, HarfBuzz's tables and caches); each text scale is a new set of
    sizes.  A font asked for again is opened again.  Relies on the theme's
    ``ele_font_res`` (element ids -> locale -> font resource) and the font dictionary's
    ``loaded_fonts``, ``default_font`` and ``_default_symbols_font``.
    """
    theme: Any = manager.get_theme()
    fonts: Any = theme.get_font_dictionary()
    in_use = {id(per_locale[lang]) for per_locale in theme.ele_font_res.values()
              for lang in per_locale}
    keep = {key for key, res in fonts.loaded_fonts.items() if id(res) in in_use}
    keep |= {fonts.default_font.idx, fonts._default_symbols_font.idx}  # noqa: SLF001
    gone = [k for k in fonts.loaded_fonts if k not in keep]
    for key in gone:
        del fonts.loaded_fonts[key]
    return len(gone)


# --- the theme ---------------------------------------------------------------------------


def _checked_already(theme_data: dict[str, Any]) -> list[str]:
    return []


def load_checked_theme(manager: pygame_gui.UIManager, theme: dict[str, Any]) -> None:
    """Load a theme this program has already checked, and rebuild every element with it.

    ``UIAppearanceTheme.load_theme`` checks the data it is given
    (``validate_theme_data``); the theme file was checked once as it was read
    (game.ui.theme), and checking each scaled copy again made the frame that changes the
    text size long.  The check is switched off for this theme object only.
    """
    ui_theme: Any = manager.get_theme()
    ui_theme.validate_theme_data = _checked_already
    ui_theme.load_theme(theme)
    manager.rebuild_all_from_changed_theme_data()


# --- caches and pending work -----------------------------------------------------------


def empty_shape_cache(manager: pygame_gui.UIManager) -> None:
    """Forget every shape pygame-gui cached (buttons' looks, the boxes of lists), in place.

    The theme's ``shape_cache`` keeps up to three large pages for the program's life;
    after the menu screens they are full of widgets that are gone.  The live widgets hold
    this very cache object, so it is emptied rather than replaced (a new one would make a
    new page now).  A page a live widget still shows stays alive through that widget's
    picture.  Relies on ``SurfaceCache``'s ``cache_surfaces``, ``cache_long_term_lookup``,
    ``cache_short_term_lookup``, ``consider_purging_list`` and ``low_on_space``.
    """
    cache: Any = manager.get_theme().shape_cache
    cache.cache_surfaces = []
    cache.cache_long_term_lookup = {}
    cache.cache_short_term_lookup = {}
    cache.consider_purging_list = []
    cache.low_on_space = False


def pending_looks(manager: pygame_gui.UIManager) -> Iterator[None]:
    """Draw the looks pygame-gui left for later (a new button's hovered, selected, disabled
    and pressed pictures), one per step: each is a rounded shape drawn larger and scaled
    down, and a screen of buttons drawing them all in one frame made a long frame.
    Relies on an element's ``drawable_shape`` with its ``states_to_redraw_queue`` and
    ``redraw_state``."""
    for element in manager.get_sprite_group().sprites():
        shape = getattr(element, "drawable_shape", None)
        queue = getattr(shape, "states_to_redraw_queue", None)
        while shape is not None and queue and element.alive():
            shape.redraw_state(queue.popleft())
            yield


# --- reading a text box ------------------------------------------------------------------


def text_box_rows(box: pygame_gui.elements.UITextBox) -> tuple[int, int, list[tuple[int, str]]]:
    """A text box's laid-out text: the width and height of its layout and each row's width
    and words (``text_box_layout`` with ``layout_rect`` and ``layout_rows`` of ``items``);
    a box not laid out yet has no rows."""
    layout = getattr(box, "text_box_layout", None)
    if layout is None:
        return 0, 0, []
    rows = [(int(row.width), "".join(str(getattr(c, "text", "")) for c in row.items))
            for row in layout.layout_rows]
    return int(layout.layout_rect.width), int(layout.layout_rect.height), rows


# --- the drop-down -----------------------------------------------------------------------


class _FullWidthList(UIExpandedDropDownState):
    """pygame-gui's open drop-down list, as wide as the closed box: pygame-gui leaves the
    arrow button's width out, so the list looked narrower than the button it came from."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        items = self.options_selection_list
        if items is not None:
            width = self.drop_down_menu_ui.relative_rect.width
            items.set_dimensions((width, items.relative_rect.height))


def full_width_list(menu: pygame_gui.elements.UIDropDownMenu) -> None:
    """Make ``menu``'s open list as wide as the menu (its ``menu_states["expanded"]``, a
    ``UIExpandedDropDownState``, gets one method more; nothing else changes)."""
    expanded = menu.menu_states.get("expanded")
    if type(expanded) is UIExpandedDropDownState:
        expanded.__class__ = _FullWidthList


def selected_button(menu: pygame_gui.elements.UIDropDownMenu) -> Any:
    """The closed drop-down's button showing the chosen option (``current_state``'s
    ``selected_option_button``), or None; its ``font`` and ``rect`` say what fits."""
    return getattr(getattr(menu, "current_state", None), "selected_option_button", None)


# --- a text box that keeps one picture ---------------------------------------------------

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
    """A ``UITextBox`` that keeps only what it needs to draw itself again.

    pygame-gui's text box keeps, besides the picture it shows, its drawable shape's two
    pictures of the background (the shape's base and its "normal" state, also the box's
    ``background_surf``) and the finished text (``finalised_surface``), each as large as
    the box; inside a scrolling container a box partly out of view keeps one more (the
    picture before clipping).  The screens' text boxes are transparent rectangles (the
    boxes are drawn under them by :mod:`game.ui.widgets.boxes`), so the background
    pictures are empty, and a box without a scroll bar shows the same text until
    something redraws it.

    This box lets go of them once its picture is made: a transparent background becomes
    one transparent pixel (blitting either onto the new, cleared picture changes
    nothing), the drawable shape of a rectangle is dropped (pygame-gui then tests the
    pointer against the box's rectangle — the same answer), and a box without a scroll
    bar drops its finished text (its rows hold it as their target too), made again from
    the laid-out rows whenever pygame-gui redraws the box (a selection dragged over the
    text, a link hovered).  A box with a scroll bar keeps it (it is blitted again at every
    scroll step).  A box scrolled out of view shows pygame-gui's empty picture.  Relies on
    the private ``_setup_final_text_box_image``, ``_set_image_clip`` and ``_set_image``
    (each calls the original first) and on ``text_box_layout``'s ``finalise_to_new``,
    ``finalised_surface`` and rows' ``target_surface``.  Same arguments, same look, same
    behaviour as ``UITextBox``.
    """

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
        """Drop the pictures that only repeat the shown one (see the class)."""
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
