"""placeholder"""

from .base import MenuScene


class StatsScene(MenuScene):
    name = "stats"
