"""placeholder"""

from .base import MenuScene


class ReplayScene(MenuScene):
    name = "replay"
