"""The player's settings: one dataclass, persisted as JSON in the user's config folder.

Reading is forgiving on purpose: a settings file is user-editable and survives
program upgrades, so :func:`settings_from_dict` keeps every field it can
validate and falls back to the default for the rest, returning a list of
problems instead of raising.  Only a file that is not a JSON object at all (or
one written by a newer program) is treated as corrupt by
:class:`game.ui.storage.Storage`, which reports it once and starts from
defaults.  Field names are shared with the table: never rename one.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
LEVELS = ("easy", "normal", "hard")
LANGUAGES = ("en", "ru", "cs")
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)
WINDOW_SIZES = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))
#: Seconds one card takes to fly to the trick, per animation speed (the table may use it).
ANIMATION_SECONDS = {"slow": 0.45, "normal": 0.28, "fast": 0.15, "instant": 0.0}
#: Version of the file format; a file with a higher number comes from a newer program.
SETTINGS_VERSION = 1


@dataclass
class Settings:
    language: str = "en"
    #: Deck artwork per family of game; see game.ui.decks for the ids.
    deck_french: str = "french-classic"
    deck_german: str = "german-tell"
    card_back: str = "classic-red"
    animation_speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    player_name: str = "You"
    #: variant -> one level per computer seat (seat 1, 2, ...).
    default_levels: dict[str, list[str]] = field(default_factory=dict)
    #: variant -> rule options chosen last time (defaults from RULES.md fill the rest).
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
    #: The game chosen last on the new-game screen (preselected next time).
    last_variant: str = "marriage"
    #: Practice mode preselected on the new-game screen.
    practice: bool = False
    #: Draw shapes/patterns besides colours on highlights (colour-blind friendly).
    shape_highlights: bool = True

    def deck_for(self, variant: str) -> str:
        """Defaults: French for the Sixty-six family, German for Mariáš."""
        return self.deck_german if variant == "marias" else self.deck_french

    def family_for(self, variant: str) -> str:
        """``"german"`` or ``"french"``: which card and suit names the table should use."""
        return "german" if self.deck_for(variant).startswith("german") else "french"

    def levels_for(self, variant: str, computers: int) -> list[str]:
        """The remembered level of each computer seat, padded with "normal"."""
        levels = [lv for lv in self.default_levels.get(variant, []) if lv in LEVELS]
        return (levels + ["normal"] * computers)[:computers]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["version"] = SETTINGS_VERSION
        return data


def _valid(name: str, value: Any, default: Any) -> Any:
    """The value converted to the field's type, or raise ValueError/TypeError."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise TypeError("expected true or false")
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError("expected a whole number")
        if not 0 <= value <= 10_000:
            raise ValueError("out of range")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError("expected a number")
        value = float(value)
        low, high = (0.0, 1.0) if name == "volume" else (0.5, 2.0)
        if not low <= value <= high:
            raise ValueError("out of range")
        return value
    if isinstance(default, str):
        if not isinstance(value, str) or len(value) > 64:
            raise TypeError("expected a short text")
        choices = {"language": LANGUAGES, "animation_speed": ANIMATION_SPEEDS}.get(name)
        if choices and value not in choices:
            raise ValueError(f"one of {', '.join(choices)}")
        return value
    if isinstance(default, tuple):
        if (not isinstance(value, list | tuple) or len(value) != 2
                or not all(isinstance(v, int) and 320 <= v <= 8192 for v in value)):
            raise ValueError("expected [width, height]")
        return (int(value[0]), int(value[1]))
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise TypeError("expected an object")
        return value
    return value


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a decoded JSON object, and the problems met (fields reset to default)."""
    base = Settings()
    values: dict[str, Any] = {}
    problems: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        default = getattr(base, f.name)
        try:
            values[f.name] = _valid(f.name, data[f.name], default)
        except (TypeError, ValueError) as exc:
            problems.append(f"{f.name}: {exc}")
    settings = Settings(**values)
    # Nested maps: keep only well-formed entries (they are re-validated where used).
    settings.default_levels = {
        str(k): [lv for lv in v if lv in LEVELS]
        for k, v in settings.default_levels.items() if isinstance(v, list)
    }
    settings.rule_options = {
        str(k): dict(v) for k, v in settings.rule_options.items() if isinstance(v, dict)
    }
    return settings, problems
