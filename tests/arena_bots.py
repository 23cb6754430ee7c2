"""Third-party bots that misbehave, for tests/test_arena_sandbox.py.

Each is what someone could hand the arena as ``module:Class``: bots that exit, crash,
hang, answer nonsense, print, or look for the other seats' cards and the arena's deal.
``Polite`` is the control: it plays the first legal action, as all the harmless ones do
when they find nothing to exploit.
"""

from __future__ import annotations

import gc
import os
import re
import sys
import time
from typing import Any


class Polite:
    """The control: NOTATION.md's interface, the first legal action."""

    def __init__(self, variant: str | None = None, seed: int | None = None):
        self.variant, self.seed = variant, seed

    def choose(self, observation: dict[str, Any]) -> str:
        return str(observation["legal"][0])


# --- faults: each decision of theirs that is not answered is illegal ------------------------

class ExitInConstructor(Polite):
    def __init__(self, variant: str | None = None, seed: int | None = None):
        sys.exit(0)


class OsExitInConstructor(Polite):
    def __init__(self, variant: str | None = None, seed: int | None = None):
        os._exit(0)


class ExitMidGame(Polite):
    """Plays two decisions, then calls ``sys.exit`` at every one."""

    def __init__(self, variant: str | None = None, seed: int | None = None):
        super().__init__(variant, seed)
        self.asked = 0

    def choose(self, observation: dict[str, Any]) -> str:
        self.asked += 1
        if self.asked > 2:
            sys.exit(0)
        return super().choose(observation)


class OsExitMidGame(ExitMidGame):
    """Plays two decisions, then ends its process at once (no clean-up, no exception)."""

    def choose(self, observation: dict[str, Any]) -> str:
        self.asked += 1
        if self.asked > 2:
            os._exit(0)
        return str(observation["legal"][0])


class AnswersGarbage(Polite):
    """Answers what is not an action, or an action that is not legal now."""

    def choose(self, observation: dict[str, Any]) -> Any:
        return ["xyzzy", "play ZZ", "\x00\n{}", object(), "close"][len(observation["legal"]) % 5]


class HoldsTheGil(Polite):
    """A regular expression that backtracks for ever in C, holding the GIL: a thread of
    the arena's process could never be timed out from inside."""

    def choose(self, observation: dict[str, Any]) -> str:
        re.match(r"(a+)+$", "a" * 64 + "!")
        return super().choose(observation)


class Sleeper(Polite):
    def choose(self, observation: dict[str, Any]) -> str:
        time.sleep(3600)
        return super().choose(observation)


# --- harmless in a process of their own: they play as Polite does ---------------------------

class ReadsTheGarbage(Polite):
    """Looks through every object of its process for the arena's deal (the other hands,
    the stock) and changes it if it can; answers nonsense when it found one."""

    def choose(self, observation: dict[str, Any]) -> str:
        found = 0
        for o in gc.get_objects():
            module = getattr(type(o), "__module__", "")
            # (A class's own __module__ can be a descriptor, not a string.)
            if isinstance(module, str) and module.startswith("game.") and hasattr(o, "hands"):
                found += 1
                try:
                    o.hands.reverse()  # give the other seat this hand
                except (AttributeError, TypeError):
                    pass
        if found:
            return f"found {found} deals"
        return super().choose(observation)


class ChangesWhatItGets(Polite):
    """Changes the observation it was given and the rules' modules it can reach."""

    def choose(self, observation: dict[str, Any]) -> str:
        answer = super().choose(observation)
        observation["legal"].clear()
        observation["hand"] = []
        observation.clear()
        rules = sys.modules.get("game.rules.variants")
        if rules is not None:
            rules.new_deal = None  # type: ignore[attr-defined]
        return answer


class PrintsGarbage(Polite):
    """Prints on every channel it can find; its answers are good."""

    def choose(self, observation: dict[str, Any]) -> str:
        print("garbage on stdout")
        print('{"action": "close"}')
        sys.stdout.flush()
        os.write(1, b"xyzzy\n")
        print("garbage on stderr", file=sys.stderr)
        return super().choose(observation)
