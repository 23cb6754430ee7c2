"""placeholder"""

from .base import MenuScene


class MatchResultScene(MenuScene):
    name = "match_result"
