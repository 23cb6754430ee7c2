"""The registry of levels: :func:`make_bot` for a level's name, :func:`load_player` for
a player named on a command line (a level, ``level@ms`` or a third party's
``module:Class``).

It stands above every level's module (``easy``, ``ismcts``, ``pimc``), which build on
:mod:`.base` (the :class:`~.base.Bot` interface and its :class:`~.base.Deadline`).
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

from .base import Bot, JsonPlayer, RandomBot
from .budget import parse_budget_ms
from .easy import EasyBot
from .ismcts import CheatBot, HardBot, NormalBot
from .pimc import PimcBot

#: Levels offered in the game.
GAME_LEVELS = ("easy", "normal", "hard")
#: Levels for measurement only (arena, tests); never offered to players.
MEASURE_LEVELS = ("random", "cheat", "pimc")
LEVELS = GAME_LEVELS + MEASURE_LEVELS
#: The largest fixed search size a player spec may ask for (``hard@3000it``).
MAX_ITERATIONS = 1_000_000

#: The class of every level.
LEVEL_CLASSES: dict[str, type[Bot]] = {
    "easy": EasyBot, "normal": NormalBot, "hard": HardBot,
    "random": RandomBot, "cheat": CheatBot, "pimc": PimcBot,
}


def make_bot(
    level: str,
    variant: str,
    seed: int | None = None,
    budget_ms: float | None = None,
    iterations: int | None = None,
    cancel: threading.Event | None = None,
) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`) for ``variant``.

    ``budget_ms``: time per decision (default per level); ``iterations``: a
    fixed search size instead (deterministic; tests); ``cancel``: an event the
    caller may set to stop a running decision.
    """
    cls = bot_class(level)
    return cls(variant, seed=seed, budget_ms=budget_ms, iterations=iterations, cancel=cancel)


def bot_class(level: str) -> type[Bot]:
    try:
        return LEVEL_CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown bot level '{level}' (one of {', '.join(LEVELS)})") from None


def load_player(spec: str, variant: str, seed: int | None = None,
                budget_ms: float | None = None) -> Any:
    """A level name (``hard``, ``hard@100`` for a 100 ms budget, ``hard@3000it`` for 3,000
    search iterations a decision at the level's own budget), or ``module:Class``
    (constructed with ``variant``/``seed`` when it accepts them, else with no arguments):
    a third-party bot receives the observation as NOTATION.md's JSON (:class:`JsonPlayer`).

    Every mistake in ``spec`` is a ``ValueError`` with a message for the person who typed it.
    """
    if ":" not in spec:
        level, at, ms = spec.partition("@")
        if level not in LEVELS:
            raise ValueError(f"unknown player '{spec}': a level ({', '.join(LEVELS)}),"
                             " level@milliseconds, level@3000it, or module:Class")
        if at and ms.endswith("it"):
            # a fixed search size: decisions independent of the machine's load (the ratings)
            count = ms[:-2]
            if not count.isdigit() or not 1 <= int(count) <= MAX_ITERATIONS:
                raise ValueError(f"the iterations in '{spec}' must be a whole number from 1 to"
                                 f" {MAX_ITERATIONS}")
            return make_bot(level, variant, seed=seed, budget_ms=budget_ms,
                            iterations=int(count))
        budget = parse_budget_ms(ms, f"the budget in '{spec}'") if at else budget_ms
        return make_bot(level, variant, seed=seed, budget_ms=budget)
    module, _, name = spec.partition(":")
    if not module or not name or not all(p.isidentifier() for p in module.split(".")) \
            or not name.isidentifier():
        raise ValueError(f"'{spec}' is not module:Class (e.g. mybots.greedy:Greedy)")
    try:
        mod = importlib.import_module(module)
    except Exception as exc:  # noqa: BLE001 - any failure to import is the user's module
        raise ValueError(f"cannot import {module} for '{spec}': {type(exc).__name__}: {exc}"
                         ) from None
    cls = getattr(mod, name, None)
    if cls is None or not callable(cls):
        raise ValueError(f"{module} has no class {name} (for '{spec}')")
    for kwargs in ({"variant": variant, "seed": seed}, {}):
        try:
            bot = cls(**kwargs)
        except TypeError:
            continue
        except Exception as exc:  # noqa: BLE001 - a third party's constructor
            raise ValueError(f"cannot construct {spec}: {type(exc).__name__}: {exc}") from None
        if not callable(getattr(bot, "choose", None)):
            raise ValueError(f"{spec} has no choose(observation) method")
        return JsonPlayer(bot)
    raise ValueError(f"cannot construct {spec}: it takes neither (variant, seed) nor nothing")
