"""Open pygame-gui's fonts from their files, not from copies of the files in memory.

pygame-gui opens its own fonts (Noto Sans, the theme's only face, and Fira Code for
symbols) as package resources: every size and style reads the whole file into a
``BytesIO`` that the font keeps for its lifetime — a whole font file for each, dozens of
them at the table in a large window and more after a tour of the screens (each screen's
scale is a new set of sizes).  Opened from the file's path, SDL_ttf reads only the tables it
needs, from disk, and the same fonts hold almost nothing.  The files are plain files
in the venv and in the PyInstaller bundle; where one is not (a zipped install), that
font stays as pygame-gui opens it.
"""

from __future__ import annotations

import os
from importlib import resources
from typing import Any

from pygame_gui.core.utility import PackageResource


def file_of(location: Any) -> str | None:
    """The path of a package resource that is a real file (None: not one)."""
    if not isinstance(location, PackageResource):
        return None
    try:
        path = str(resources.files(location.package) / location.resource)
    except (TypeError, OSError):
        return None
    return path if os.path.isfile(path) else None


def fonts_from_files(manager: Any) -> int:
    """Point the manager's known fonts at their files and open the ones already open from
    memory again from the file; returns how many places were changed.

    Call it after the manager is made and after ``set_locale`` (a locale with another
    default face adds that face as package resources)."""
    fonts = manager.get_theme().get_font_dictionary()
    changed = 0
    for name, places in list(fonts.known_font_paths.items()):
        moved = []
        for location, forced in places:
            path = file_of(location)
            if path is not None:
                location = path
                changed += 1
            moved.append((location, forced))
        fonts.known_font_paths[name] = moved
    for resource in list(fonts.loaded_fonts.values()):
        original = resource.location
        path = file_of(original)
        if path is None:
            continue
        resource.location = path
        if resource.loaded_font is not None and resource.load() is not None:
            resource.location = original  # could not be opened after all: as it was
            resource.load()
            continue
        changed += 1
    return changed
