"""Practice mode (GameSetup.practice): a second opinion before weak plays, and take-backs.

Before a practice player's action is handed to the flow, the hint engine
values the position (in the bot process, ~0.4 s); if the chosen action is
clearly worse than the best one, the table asks "Are you sure?" with the
engine's reason and lets the player play anyway or choose again.  A take-back
rebuilds the deal without the player's last action (TurnFlow.take_back).
Nothing here decides a rule: legality stays with the engine, quality with the
hint engine.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import text as words

if TYPE_CHECKING:
    from .scene import TableScene

log = logging.getLogger(__name__)

#: How much worse than the best action (match points; Mariáš units) earns a warning.
THRESHOLD = {"marias": 1.5}
DEFAULT_THRESHOLD = 0.45
BUDGET_MS = 400


@dataclass
class Warning_:
    action: str
    text: str


class Practice:
    def __init__(self, scene: TableScene):
        self.scene = scene
        self.checking = False
        self.warning: Warning_ | None = None
        self._token = 0

    @property
    def on(self) -> bool:
        setup = self.scene.setup
        return bool(setup is not None and setup.practice)

    def reset(self) -> None:
        self.checking = False
        self.warning = None
        self._token += 1

    def check_then_submit(self, action: str) -> bool:
        """Submit ``action`` at once, or after the hint engine found it reasonable."""
        sc = self.scene
        obs = sc.input.observation()
        if obs is None or len(obs.get("legal") or []) < 2 or self.checking:
            return sc.submit(action, checked=True)
        self.checking = True
        self._token += 1
        token = self._token
        variant = obs.get("variant", "")
        server = sc.bot_server

        def work() -> None:
            warn: Warning_ | None = None
            try:
                values, best, reason, params, english = _evaluate(server, obs)
                mine, top = values.get(action), values.get(best)
                limit = THRESHOLD.get(variant, DEFAULT_THRESHOLD)
                if best != action and mine is not None and top is not None and \
                        top - mine > limit:
                    why = words.hint(reason, params, variant == "marias", english) or best
                    warn = Warning_(action, words.t("table_practice_warning",
                                                    "Are you sure? {reason}", reason=why))
            except Exception:  # noqa: BLE001 - a failed check never blocks the game
                log.exception("practice check failed")
            if token != self._token:
                return
            self.checking = False
            if warn is None:
                sc.pending_submit = action
            else:
                self.warning = warn
        threading.Thread(target=work, daemon=True, name="practice").start()
        return True

    def play_anyway(self) -> None:
        if self.warning is not None:
            action = self.warning.action
            self.warning = None
            self.scene.submit(action, checked=True)

    def choose_again(self) -> None:
        self.warning = None

    def take_back(self) -> bool:
        sc = self.scene
        if not self.on or sc.flow is None:
            return False
        self.reset()
        ok = sc.flow.take_back(sc.view_seat)
        if ok:
            sc.save()
        return ok


def _evaluate(server: Any, obs: dict[str, Any]) -> tuple[dict[str, Any], str, Any, Any, Any]:
    """(values per action, best action, reason key, params, English text) of game.ai.hint."""
    if server is not None:
        return server.evaluate(obs, BUDGET_MS)
    from game.ai import hint

    h = hint(obs, budget_ms=BUDGET_MS)
    return dict(h.values), h.action, h.reason, dict(h.params), h.text()
