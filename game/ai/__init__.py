"""Computer opponents, the hint engine and their search machinery (see docs/ai.md).

Imports only ``game.rules`` and the standard library.  Where the public face lives (this
file imports nothing, so a screen that only needs a table of numbers — the ratings — does
not load the searches at start-up):

* :func:`game.ai.bot.make_bot` ``(level, variant, seed=None, budget_ms=None,
  iterations=None, cancel=None) -> Bot`` (:class:`game.ai.base.Bot`;
  ``bot.choose(observation, budget_ms=None) -> Action``, the typed
  :class:`game.rules.Observation`, one of ``observation.choices``; ``bot.cancel()``), and
  the levels :data:`~game.ai.bot.LEVELS`, :data:`~game.ai.bot.GAME_LEVELS`,
  :data:`~game.ai.bot.MEASURE_LEVELS`;
* :func:`game.ai.hint.hint` ``(observation, budget_ms=HINT_BUDGET_MS, seed=0,
  cancel=None) -> Hint``; ``hint.why`` an :class:`~game.ai.explain.Explanation` (keys
  and typed values); :data:`~game.ai.hint.HINT_BUDGET_MS` the game's hint budget;
* :mod:`game.ai.ratings` the levels' published ratings and the player's Elo update.
"""
