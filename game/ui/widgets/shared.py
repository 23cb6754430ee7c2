"""Pictures the menu screens share, let go of while the table is shown.

The menus' felt (as large as the window: 8 MB at 1920x1080), the rounded boxes under
their text boxes (three window-wide layers each) and the menus' card faces (deck
previews, the settings' sample cards: up to 16 MB) are cached for the next menu
screen.  The table draws none of them, and a match is long: the table lets go of
them (`release_menu_pictures`) and a menu screen makes its felt again as the first
step of its build (`MenuScene.enter`: at 1080p a frame of its own), its boxes
as it draws them (a few fills) and its cards as build steps (`shown.Faces`).
The menu's two fans stay: drawn from faces that are gone, they are the menu's first
picture.

pygame-gui keeps every shape it drew (buttons' looks, the boxes of lists) in up to
three 1024x1024 pages of 4 MB for the program's life; after the menu screens they are
all full of widgets that are gone.  The table empties that cache: its pages go with
those widgets (megabytes after a tour of the menus).
"""

from __future__ import annotations

from typing import Any

from game.ui.gui_internals import empty_shape_cache

from . import boxes, cards, felt


def release_menu_pictures(manager: Any) -> None:
    felt.felt.cache_clear()
    boxes.rounded_box.cache_clear()
    cards.renderer().clear_cache()
    empty_shape_cache(manager)
