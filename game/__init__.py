"""Marriage-family card games: rules engine (``game.rules``), computer players
(``game.ai``) and the desktop program (``game.ui``)."""

__version__ = "0.1.0"
