"""Computer opponents, the hint engine and their search machinery (see docs/ai.md).

Imports only ``game.rules`` and the standard library.  Public face:

* :func:`make_bot` ``(level, variant, seed=None, budget_ms=None, iterations=None,
  cancel=None) -> Bot``; ``bot.choose(observation, budget_ms=None) -> Action`` (the
  typed :class:`game.rules.Observation`; one of ``observation.choices``); ``bot.cancel()``.
* :func:`hint` ``(observation, budget_ms=HINT_BUDGET_MS, seed=0, cancel=None) -> Hint``;
  ``hint.why`` an :class:`Explanation` (keys and typed values, :mod:`.explain`);
  :data:`HINT_BUDGET_MS` the game's hint budget.
"""

from .base import Bot
from .bot import GAME_LEVELS, LEVELS, MEASURE_LEVELS, make_bot
from .explain import Explanation, Sentence
from .hint import HINT_BUDGET_MS, Hint, hint
from .marias_hand import BLIND

__all__ = ["make_bot", "Bot", "LEVELS", "GAME_LEVELS", "MEASURE_LEVELS", "hint", "Hint",
           "Explanation", "Sentence", "BLIND", "HINT_BUDGET_MS"]
