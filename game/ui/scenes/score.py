"""placeholder"""

from .base import MenuScene


class ScoreScene(MenuScene):
    name = "score"
