"""The card table: layout, sprites, animation, input and HUD of a match in play."""

from .scene import TableScene

__all__ = ["TableScene"]
