"""The player's settings: one dataclass, persisted as JSON in the user's config folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "normal", "hard")


@dataclass
class Settings:
    language: str = "en"
    #: Deck artwork per family of game; see game.ui.decks for the ids.
    deck_french: str = "french-classic"
    deck_german: str = "german-tell"
    card_back: str = "red"
    animation_speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    player_name: str = "You"
    default_levels: dict[str, str] = field(default_factory=dict)
    rule_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    #: Hide running totals: players are expected to count in memory.
    count_in_memory: bool = False
    ui_scale: float = 1.0
    #: Pause after each computer card so a human can follow it.
    bot_pause_ms: int = 600
    practice_warnings: bool = True
    tips: bool = True

    def deck_for(self, variant: str) -> str:
        """Defaults: French for the Sixty-six family, German for Mariáš."""
        return self.deck_german if variant == "marias" else self.deck_french
