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

from dataclasses import asdict, dataclass, field
from typing import Any

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
#: How a finished trick leaves the table: when the player clicks (or presses a key), or by
#: itself after ``trick_pause_ms``.
TRICK_COLLECT = ("click", "auto")
#: The pauses offered for automatic collecting (ms).
TRICK_PAUSES = (600, 1000, 1500, 2500)
LEVELS = ("easy", "normal", "hard")
#: When the counting aid shows at the start of a game.
COUNTING_AID = ("off", "practice", "always")
LANGUAGES = ("en", "ru", "cs")
UI_SCALES = (0.85, 1.0, 1.15, 1.3, 1.5)
WINDOW_SIZES = ((1024, 640), (1280, 720), (1600, 900), (1920, 1080))
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
    #: The counting trainer preselected on the new-game screen.
    trainer: bool = False
    #: The counting aid on the table at the start of a game: "off", in "practice" games,
    #: or "always" (C at the table shows or hides it any time).
    counting_aid: str = "practice"
    #: Draw shapes/patterns besides colours on highlights (colour-blind friendly).
    shape_highlights: bool = True
    #: Ask "are you sure?" before a declaration of 66 that falls short (it loses the deal).
    confirm_low_declare: bool = True
    #: A finished trick stays until the player collects it ("click") or goes by itself
    #: after ``trick_pause_ms`` ("auto").
    collect_trick: str = "click"
    trick_pause_ms: int = 1000
    #: The table joined last (the join form offers it again); 47625 is the table's port.
    net_address: str = ""
    net_port: int = 47625

    def deck_for(self, variant: str) -> str:
        """Defaults: French for the Sixty-six family, German for Mariáš."""
        return self.deck_german if variant == "marias" else self.deck_french

    def family_for(self, variant: str) -> str:
        """``"german"`` or ``"french"``: which card and suit names the table should use."""
        from .decks.artworks import ARTWORKS

        art = ARTWORKS.get(self.deck_for(variant))
        return art.family if art is not None else "french"

    def levels_for(self, variant: str, computers: int) -> list[str]:
        """The remembered level of each computer seat, padded with "normal"."""
        levels = [lv for lv in self.default_levels.get(variant, []) if lv in LEVELS]
        return (levels + ["normal"] * computers)[:computers]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["version"] = SETTINGS_VERSION
        return data


#: The longest player name kept (longer ones are cut, control characters removed).
NAME_MAX = 24
#: Window sizes a settings file may hold (the window is also clamped to the desktop).
WINDOW_MIN, WINDOW_MAX = (640, 400), (7680, 4320)


def clean_player_name(name: Any, default: str = "You") -> str:
    """A name safe to draw: no NUL or other control characters, at most :data:`NAME_MAX`."""
    from .schema import clean_text

    cleaned = clean_text(name, NAME_MAX) if isinstance(name, str) else ""
    return cleaned or default


def _schema() -> Any:
    from game.rules.options import VARIANT_IDS

    from . import schema as sc

    variants = sc.text(20, VARIANT_IDS)
    option_value = _option_value
    spec = {
        "language": sc.text(8, LANGUAGES),
        "deck_french": sc.text(40), "deck_german": sc.text(40), "card_back": sc.text(40),
        "animation_speed": sc.text(10, ANIMATION_SPEEDS),
        "sound": sc.boolean(), "volume": sc.number(0.0, 1.0),
        "player_name": sc.text(4096, clean=True),
        "default_levels": sc.dict_of(variants, sc.list_of(sc.text(10, LEVELS), 3, lenient=True),
                                     8, lenient=True),
        "rule_options": sc.dict_of(variants, sc.dict_of(sc.text(40), option_value, 16,
                                                        lenient=True), 8, lenient=True),
        "window_size": _window_size,
        "fullscreen": sc.boolean(), "count_in_memory": sc.boolean(),
        "ui_scale": sc.number(0.5, 2.0), "bot_pause_ms": sc.whole(0, 10_000),
        "practice_warnings": sc.boolean(), "tips": sc.boolean(),
        "last_variant": variants, "practice": sc.boolean(), "shape_highlights": sc.boolean(),
        "confirm_low_declare": sc.boolean(), "collect_trick": sc.text(8, TRICK_COLLECT),
        "trick_pause_ms": sc.whole(0, 10_000),
        "trainer": sc.boolean(), "counting_aid": sc.text(10, COUNTING_AID),
        "net_address": sc.text(60, clean=True), "net_port": sc.whole(1024, 65535),
    }
    return sc.fields_of(spec, asdict(Settings()))


def _option_value(value: Any, where: str, problems: Any) -> Any:
    from .schema import Invalid

    if isinstance(value, bool) or (isinstance(value, str) and len(value) <= 20):
        return value
    if isinstance(value, int) and 1 <= value <= 1000:
        return value
    raise Invalid(f"{where}: not an option value")


def _window_size(value: Any, where: str, problems: Any) -> tuple[int, int]:
    from .schema import Invalid

    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            or not WINDOW_MIN[0] <= value[0] <= WINDOW_MAX[0]
            or not WINDOW_MIN[1] <= value[1] <= WINDOW_MAX[1]):
        raise Invalid(f"{where}: expected [width, height] within "
                      f"{WINDOW_MIN[0]}x{WINDOW_MIN[1]}..{WINDOW_MAX[0]}x{WINDOW_MAX[1]}")
    return (int(value[0]), int(value[1]))


def settings_from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a decoded JSON object, and the problems met (fields reset to default).

    Every field is checked for type, range and length (:mod:`game.ui.schema`); a bad one
    falls back to its default, the others are kept.  Rule options are checked against
    the rules (unknown names or values are dropped).
    """
    from game.rules.errors import RulesError
    from game.rules.options import make_options

    from .schema import Invalid, Problems

    problems = Problems()
    try:
        values = _schema()(data, "", problems)
    except Invalid as exc:
        return Settings(), [str(exc)]
    settings = Settings(**values)
    name = clean_player_name(settings.player_name, Settings().player_name)
    if name != data.get("player_name", name):
        problems.add("player_name", "control characters removed or cut")
    settings.player_name = name
    checked: dict[str, dict[str, Any]] = {}
    for variant, options in settings.rule_options.items():
        kept = {}
        for k, v in options.items():
            try:
                make_options(variant, {k: v})
                kept[k] = v
            except RulesError as exc:
                problems.add(f"rule_options.{variant}.{k}", str(exc))
        checked[variant] = kept
    settings.rule_options = checked
    return settings, problems.lines
