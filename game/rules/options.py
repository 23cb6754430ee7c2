"""Rule options of RULES.md with their defaults, parsed from ``name=value`` text.

Options are plain dicts (JSON-friendly, cheap to copy); this module is the one
place that knows their names, types and defaults.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import NotationError

#: variant -> option name -> default.  A tuple default lists the allowed values, first = default.
OPTION_SPECS: dict[str, dict[str, Any]] = {
    "marriage": {"match_points": 7},
    "sixty-six": {"match_points": 8},
    "sixty-six-3": {"match_points": 8, "three_hand_scoring": ("stronger", "each")},
    "marias": {
        "rounds": 2,
        "gather_and_cut": True,
        "concede_plain_suit": False,
        "seven_flek_shortcut": False,
        "table_rules": False,
    },
}

VARIANT_IDS: tuple[str, ...] = tuple(OPTION_SPECS)


def defaults(variant: str) -> dict[str, Any]:
    spec = _spec(variant)
    return {k: (v[0] if isinstance(v, tuple) else v) for k, v in spec.items()}


def _spec(variant: str) -> dict[str, Any]:
    try:
        return OPTION_SPECS[variant]
    except KeyError:
        raise NotationError("unknown_variant", variant=variant, known=list(VARIANT_IDS)) from None


def _convert(variant: str, name: str, value: Any) -> Any:
    spec = _spec(variant)
    if name not in spec:
        raise NotationError("unknown_option", option=name, variant=variant, known=list(spec))
    default = spec[name]
    if isinstance(default, tuple):
        if str(value) not in default:
            raise NotationError("option_choice", option=name, choices=list(default))
        return str(value)
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise NotationError("option_bool", option=name, value=str(value))
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise NotationError("option_number", option=name, value=str(value)) from None
    if number < 1:
        raise NotationError("option_minimum", option=name)
    return number


def make_options(variant: str, given: Mapping[str, Any] | str | None = None) -> dict[str, Any]:
    """Defaults of ``variant`` updated by ``given`` (a mapping or ``a=1,b=on`` text)."""
    result = defaults(variant)
    if given is None:
        return result
    if isinstance(given, str):
        given = parse_options_text(given)
    for name, value in given.items():
        result[name] = _convert(variant, name, value)
    return result


def parse_options_text(text: str) -> dict[str, str]:
    pairs: dict[str, str] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise NotationError("option_syntax", text=part)
        name, value = (s.strip() for s in part.split("=", 1))
        pairs[name] = value
    return pairs


def format_options(options: Mapping[str, Any]) -> str:
    def fmt(v: Any) -> str:
        return ("true" if v else "false") if isinstance(v, bool) else str(v)

    return ",".join(f"{k}={fmt(v)}" for k, v in options.items())
