"""placeholder"""

from .base import MenuScene


class RulesScene(MenuScene):
    name = "rules"
