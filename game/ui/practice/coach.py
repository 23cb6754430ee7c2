"""Practice mode's coach: hints on request, warnings before weak moves, first-time tips, undo.

No pygame here: the table calls these helpers and draws the results with
:mod:`.panels`.

**Hints.**  :class:`HintService` runs :func:`game.ai.hint.hint` in a worker
thread with a fixed seed and budget, and caches the answer per observation, so
the panel, the card highlight and the warning all use one and the same hint.

**Warnings.**  Before a human action is applied, :func:`assess` compares it
with the hint for the same observation.  The threshold is documented in
:data:`THRESHOLDS`: a move is questioned when its estimated value is at least
that much below the best move's (values are the hint engine's: this deal's score
minus the other seats' mean).  King-Queen games: **0.5 match points** (half a
point of a deal worth 1–3).  Mariáš: **1.5 units** (half of what a plain Suit
game swings between the soloist, +2, and a defender, −1).  A false declaration
of 66 is always questioned (the search never even considers one).

**Tips.**  :func:`tips_for` names the tips for actions that became possible;
:class:`TipBook` remembers which were shown (``tips_seen.json`` beside the
settings file), so each appears once; ``settings.tips`` switches them off.

**Undo.**  The match takes back the seat's last action and everything after it
(:meth:`game.rules.Match.undo`, the engine's one replay); :func:`rewind_flow` does
it to the table's :class:`~game.ui.flow.TurnFlow`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.explain import (
    Explanation,
    explain_weak,
    false_declaration,
    threshold_for,
)
from game.ai.hint import HINT_BUDGET_MS
from game.ai.review import points_lost
from game.ai.turns import obs_key  # the one key of a position (the review's too)
from game.rules import Action, MariasObservation, Observation, Verb

log = logging.getLogger(__name__)

#: The hint's search budget (``game.ai.hint.HINT_BUDGET_MS``, which the table's bot process
#: uses too; a longer budget here put the in-game hint over its 0.5 s target) and its seed.
HINT_SEED = 0


# --- hints -------------------------------------------------------------------------------------
class HintService:
    """Hints computed off the frame loop, one per observation (cached)."""

    #: Positions kept: more than one seat's decisions in a deal (a Marriage deal has the
    #: most), so the review of the deal just played finds each of them.
    CAPACITY = 128

    def __init__(self, budget_ms: float = HINT_BUDGET_MS, seed: int = HINT_SEED,
                 iterations: int | None = None,
                 remote: Callable[[Observation, float], Any] | None = None):
        self.budget_ms = budget_ms
        self.seed = seed
        self.iterations = iterations
        #: ``remote(obs, budget_ms) -> Hint`` runs the same search elsewhere (the table's bot
        #: process: a search in a thread here would starve the frame loop of the GIL); used
        #: only for the default seed and a time budget, and any failure falls back to here.
        self.remote = remote
        self._cache: dict[str, Any] = {}
        self._running: dict[str, threading.Thread] = {}
        self._lock = threading.Lock()
        self.errors: list[str] = []

    def compute(self, obs: Observation) -> Any:
        """The hint for ``obs`` now (from the cache, or searched in this thread)."""
        key = obs_key(obs)
        with self._lock:
            cached = self._cache.get(key)
        if cached is not None:
            return cached
        running = self._running.get(key)
        if running is not None:
            running.join()
            with self._lock:
                if key in self._cache:
                    return self._cache[key]
        return self._search(key, obs)

    def _search(self, key: str, obs: Observation) -> Any:
        from game.ai.hint import hint

        result = None
        if self.remote is not None and self.iterations is None and self.seed == HINT_SEED:
            try:
                result = self.remote(obs, self.budget_ms)
            except Exception:  # noqa: BLE001 - search here instead
                log.warning("remote hint failed; searching here", exc_info=True)
        if result is None:
            result = hint(obs, budget_ms=self.budget_ms, seed=self.seed,
                          iterations=self.iterations)
        with self._lock:
            self._cache[key] = result
            if len(self._cache) > self.CAPACITY:
                self._cache.pop(next(iter(self._cache)))
        return result

    def judgements(self) -> dict[str, Any]:
        """Every hint kept, by position (:func:`obs_key`): the review reuses them, so it
        judges a position the player was advised on exactly as the advice did."""
        with self._lock:
            return dict(self._cache)

    def request(self, obs: Observation) -> None:
        """Start searching in the background (no-op when cached or already running)."""
        if not obs.legal:
            return
        key = obs_key(obs)
        with self._lock:
            if key in self._cache or key in self._running:
                return

        def work() -> None:
            try:
                self._search(key, obs)
            except Exception as exc:  # noqa: BLE001 - a hint is help, never a crash
                log.exception("hint failed")
                self.errors.append(str(exc))
            finally:
                self._running.pop(key, None)

        t = threading.Thread(target=work, daemon=True, name="practice-hint")
        self._running[key] = t
        t.start()

    def get(self, obs: Observation) -> Any:
        """The cached hint for ``obs`` or None (still thinking / never asked)."""
        with self._lock:
            return self._cache.get(obs_key(obs))

    def busy(self, obs: Observation) -> bool:
        return obs_key(obs) in self._running


# --- warnings ---------------------------------------------------------------------------------
@dataclass
class PracticeWarning:
    """Why ``action`` looks weak (:func:`game.ai.explain.explain_weak`: a reason, the best
    move and its estimated cost)."""

    action: Action
    best: Action
    lost: float | None
    why: Explanation

    @property
    def key(self) -> str:
        """The main reason's message key (``warn_gives_trick`` …)."""
        return self.why.key

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.why.params)


def assess(obs: Observation, action: Action, hint: Any,
           threshold: float | None = None) -> PracticeWarning | None:
    """A warning if ``action`` is clearly worse than the hint's best move, else None."""
    variant = obs.variant
    limit = threshold_for(variant) if threshold is None else threshold
    if variant == "marriage" and action.verb is Verb.DECLARE and obs.points[obs.seat] < 66:
        return PracticeWarning(action, hint.action,
                               points_lost(hint.action, action, hint.values),
                               false_declaration(obs))
    if action is hint.action:
        return None
    lost = points_lost(hint.action, action, hint.values)
    if lost is None or lost < limit:
        return None
    return PracticeWarning(action, hint.action, lost,
                           explain_weak(obs, action, hint.action, hint.why, lost))


# --- tips -------------------------------------------------------------------------------------
def tips_for(obs: Observation) -> list[str]:
    """Translation keys of the tips for what ``obs``'s legal actions make possible now."""
    variant = obs.variant
    legal = obs.legal
    verbs = {a.verb for a in legal}
    out: list[str] = []

    def add(key: str) -> None:
        if key not in out:
            out.append(key)

    if Verb.EXCHANGE in verbs:
        add("tip_exchange_marriage" if variant == "marriage" else "tip_exchange_sixty_six")
    if Verb.MARRIAGE in verbs:
        add({"marriage": "tip_marriage_marriage",
             "sixty-six-3": "tip_marriage_sixty_six_3"}.get(variant, "tip_marriage_sixty_six"))
    if Verb.CLOSE in verbs:
        add("tip_close_marriage" if variant == "marriage" else "tip_close_sixty_six")
    if Verb.DECLARE in verbs and variant == "marriage":
        add("tip_declare")
    if Verb.TRUMP in verbs:
        add("tip_trump_card")
    if Verb.CONTRACT in verbs:
        add("tip_contract")
        names = {a.name for a in legal}
        if "suit seven" in names:
            add("tip_seven")
        if "suit hundred" in names:
            add("tip_hundred")
    if Verb.DISCARD in verbs:
        add("tip_discard")
    if Verb.GOOD in verbs or Verb.BAD in verbs:
        add("tip_good_bad")
    if Verb.DOUBLE in verbs:
        add("tip_flek")
    if any(a.verb is Verb.ANNOUNCE and a.name == "seven-against" for a in legal):
        add("tip_seven_against")
    if variant == "sixty-six-3" and obs.trick and Verb.PLAY in verbs:
        add("tip_follow_beat")
    if variant in ("marriage", "sixty-six") and obs.trick and (
            obs.closed or not obs.stock_size):
        add("tip_strict")
    if isinstance(obs, MariasObservation) and obs.shown and obs.phase == "play":
        add("tip_open")
    return out


class TipBook:
    """Which tips the player has seen (a small JSON list beside the settings)."""

    FILE = "tips_seen.json"

    def __init__(self, path: Path | None = None):
        self.path = Path(path) if path else None
        self.seen: set[str] = set()
        if self.path is not None and self.path.exists():
            try:
                data = json.loads(self.path.read_text("utf-8"))
                self.seen = {str(k) for k in data.get("seen", [])} if isinstance(
                    data, dict) else set()
            except (OSError, ValueError):
                log.warning("tips file unreadable: starting afresh")

    @classmethod
    def for_storage(cls, storage: Any) -> TipBook:
        folder = getattr(storage, "config_dir", None)
        return cls(Path(folder) / cls.FILE if folder else None)

    def fresh(self, keys: list[str]) -> list[str]:
        return [k for k in keys if k not in self.seen]

    def mark(self, key: str) -> None:
        if key not in self.seen:
            self.seen.add(key)
            self.save()

    def reset(self) -> None:
        self.seen = set()
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        try:
            from game.ui.storage import atomic_write

            atomic_write(self.path, json.dumps({"seen": sorted(self.seen)}, indent=1))
        except OSError as exc:
            log.warning("cannot save the tips: %s", exc)


# --- undo -------------------------------------------------------------------------------------
def rewind_flow(flow: Any, seat: int) -> bool:
    """Undo on the table's TurnFlow: cancel pending inputs, take back ``seat``'s last
    action (and everything after it) in the match, ask again."""
    from game.ui.flow import Phase, phase_of

    for inp in flow.inputs:
        with contextlib.suppress(Exception):
            inp.cancel()
    if not flow.match.undo(seat):
        return False
    flow.pending = None
    flow.pending_seat = None
    deal = flow.match.current
    flow.state = Phase.DEALING  # forces a fresh "phase" transition on the next update
    flow._go(phase_of(deal.legal_actions(), deal.is_over()))
    return True
