"""Bots against bots: the arena that measures the computer levels (``python -m game.arena``).

It plays with :mod:`game.rules` and :mod:`game.ai` only, never the window: deal by deal
(:mod:`.deals`) or whole matches (:mod:`.matches`), every decision guarded (:mod:`.play`;
a third party's ``module:Class`` bot in a process of its own, :mod:`.sandbox`), every
game logged (:mod:`.logs`), every number with its interval (:mod:`.stats`);
:mod:`.ratings` turns match logs into the levels' ratings (docs/ratings.md).
"""
