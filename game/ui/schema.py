"""A small typed validator for the JSON files the program reads (settings, statistics, saves).

Why our own and not ``jsonschema``: what we need is not a yes/no answer but
*repair*: keep every value that is valid, drop or default the rest, and list
what was dropped so the player can be told and the original kept aside.  A
JSON Schema validator only reports errors (the repair would be hand-written on
top anyway), and it would add four packages (one with a compiled extension) to
the bundle.  The checks here are a few composable callables (~100 lines), each
bounding type, range and length, so no file can make the program slow or crash
later (a huge number in a chart, a NUL in a name, a million-entry list).

Usage: a :class:`Check` is called as ``check(value, "where")`` and returns the
clean value or raises :class:`Invalid`; containers built with ``lenient=True``
drop bad entries and add a line to :attr:`Problems.lines` instead.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

#: The largest JSON state file read (a real settings or statistics file is a few KB).
MAX_JSON_BYTES = 2 * 1024 * 1024


class Invalid(ValueError):
    """A value that does not fit its schema; the message names where it is."""


@dataclass
class Problems:
    """What a lenient check dropped or reset (one line each, for the log and the notice)."""

    lines: list[str] = field(default_factory=list)

    def add(self, where: str, why: str) -> None:
        if len(self.lines) < 50:
            self.lines.append(f"{where}: {why}")

    def __bool__(self) -> bool:
        return bool(self.lines)


Check = Callable[[Any, str, Problems], Any]


def whole(low: int, high: int) -> Check:
    def check(value: Any, where: str, problems: Problems) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(f"{where}: expected a whole number")
        if not low <= value <= high:
            raise Invalid(f"{where}: out of range ({low}..{high})")
        return value
    return check


def number(low: float, high: float) -> Check:
    def check(value: Any, where: str, problems: Problems) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid(f"{where}: expected a number")
        number = float(value)
        if not math.isfinite(number) or not low <= number <= high:
            raise Invalid(f"{where}: out of range ({low:g}..{high:g})")
        return number
    return check


def boolean() -> Check:
    def check(value: Any, where: str, problems: Problems) -> bool:
        if not isinstance(value, bool):
            raise Invalid(f"{where}: expected true or false")
        return value
    return check


def clean_text(text: str, max_len: int) -> str:
    """Control and format characters (NUL, escapes, bidi overrides) removed; cut to length."""
    kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch == " ")
    return " ".join(kept.split())[:max_len]


def text(max_len: int, choices: Iterable[str] | None = None, clean: bool = False) -> Check:
    allowed = tuple(choices) if choices is not None else None

    def check(value: Any, where: str, problems: Problems) -> str:
        if not isinstance(value, str):
            raise Invalid(f"{where}: expected a text")
        if clean:
            value = clean_text(value, max_len)
        elif len(value) > max_len or any(unicodedata.category(c)[0] == "C" for c in value):
            raise Invalid(f"{where}: not a short plain text")
        if allowed is not None and value not in allowed:
            raise Invalid(f"{where}: not one of {', '.join(allowed)}")
        return str(value)
    return check


def optional(inner: Check) -> Check:
    def check(value: Any, where: str, problems: Problems) -> Any:
        return None if value is None else inner(value, where, problems)
    return check


def list_of(item: Check, max_len: int, lenient: bool = False, keep_last: bool = False,
            exact_len: int | None = None) -> Check:
    """A list; ``keep_last`` keeps the newest ``max_len`` entries of a longer one."""
    def check(value: Any, where: str, problems: Problems) -> list[Any]:
        if not isinstance(value, list):
            raise Invalid(f"{where}: expected a list")
        if exact_len is not None and len(value) != exact_len:
            raise Invalid(f"{where}: expected {exact_len} entries")
        if len(value) > max_len:
            if not keep_last:
                raise Invalid(f"{where}: more than {max_len} entries")
            problems.add(where, f"only the last {max_len} of {len(value)} entries kept")
            value = value[-max_len:]
        out = []
        for i, v in enumerate(value):
            try:
                out.append(item(v, f"{where}[{i}]", problems))
            except Invalid as exc:
                if not lenient:
                    raise
                problems.add(where, f"entry dropped ({exc})")
        return out
    return check


def dict_of(key: Check, value: Check, max_len: int, lenient: bool = False) -> Check:
    def check(data: Any, where: str, problems: Problems) -> dict[Any, Any]:
        if not isinstance(data, dict):
            raise Invalid(f"{where}: expected an object")
        if len(data) > max_len and not lenient:
            raise Invalid(f"{where}: more than {max_len} entries")
        out: dict[Any, Any] = {}
        for k, v in data.items():
            if len(out) >= max_len:
                problems.add(where, f"entries after the first {max_len} dropped")
                break
            try:
                ck = key(k, f"{where} key", problems)
                out[ck] = value(v, f"{where}.{k}", problems)
            except Invalid as exc:
                if not lenient:
                    raise
                problems.add(where, f"entry dropped ({exc})")
        return out
    return check


def fields_of(spec: dict[str, Check], defaults: dict[str, Any] | None = None,
              lenient: bool = True) -> Check:
    """An object with known fields: unknown ones are ignored; a bad one is reset to its
    default (``lenient``) or rejects the whole object."""
    def check(data: Any, where: str, problems: Problems) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise Invalid(f"{where}: expected an object")
        out: dict[str, Any] = {}
        for name, field_check in spec.items():
            if name not in data:
                continue
            try:
                out[name] = field_check(data[name], f"{where}.{name}" if where else name,
                                        problems)
            except Invalid as exc:
                if not lenient:
                    raise
                problems.add(name, f"reset to default ({exc})")
                if defaults is not None and name in defaults:
                    out[name] = defaults[name]
        return out
    return check
