"""Strict structuring of scenario data into attrs records (cattrs), and the wording of
its one-line errors: every problem is a :class:`~timedcombat.errors.ScenarioError` naming
the file and the key path (``combatant[1].weapons[0]``), never a traceback."""

from __future__ import annotations

import datetime as dt
import operator
import re
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar, cast

import attrs
import cattrs
from cattrs.errors import ForbiddenExtraKeysError

from timedcombat.errors import ScenarioError
from timedcombat.hexmap import Hex
from timedcombat.scenario import COMMON_KEYS, MAX_COORD, MAX_DICE, MAX_FACE, MAX_NAME, MAX_WALLS

T = TypeVar("T")

def _strict(kind: type, label: str) -> Callable[[Any, type], Any]:
    def hook(value: Any, _t: type) -> Any:
        if isinstance(value, bool) and kind is not bool:
            raise TypeError(f"expected {label}, got a boolean")
        if not isinstance(value, kind):
            raise TypeError(f"expected {label}, got {describe(value)}")
        return value

    return hook


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return f"the integer {number(value)}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {quoted(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.datetime):
        return "a date-time"
    if isinstance(value, dt.date):
        return "a date"
    if isinstance(value, dt.time):
        return "a time"
    return "a value of another kind"


def number(value: int) -> str:
    """An integer as shown in a message: in full unless it is very long."""
    if -10**18 < value < 10**18:
        return str(value)
    digits = len(str(abs(value))) if abs(value) < 10**4000 else "over 4000"
    return f"{'-' if value < 0 else ''}<{digits} digits>"


def quoted(value: str, limit: int = 40) -> str:
    """A string as shown in a message: quoted, escaped, and cut when long."""
    if len(value) > limit:
        return repr(value[:limit])[:-1] + "…" + repr(value)[-1] + f" ({len(value)} characters)"
    return repr(value)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def key_text(key: Any) -> str:
    """A key as written in a key path: bare when TOML allows, else quoted and escaped.

    Keeps the error one printable line whatever a quoted key holds (``"a\\nb" = 1``).
    """
    key = str(key)
    bare = _BARE_KEY.fullmatch(key)
    text = key if bare else '"' + "".join(_escape(ch) for ch in key) + '"'
    # a key path stays one readable line: a long key is cut, "…" marks the cut
    return text if len(text) <= MAX_KEY + 2 else text[:MAX_KEY] + "…"


MAX_KEY = 40
"""Keys longer than this are cut (with "…") in the key paths and lists of messages."""


def unknown_key(key: Any) -> str:
    """The start of an "unknown key" message: the key quoted, cut when long."""
    return f"unknown key {quoted(str(key), MAX_KEY)}"


def _escape(ch: str) -> str:
    """One character of a TOML basic string."""
    if ch in '"\\':
        return "\\" + ch
    if ch.isprintable():
        return ch
    return f"\\u{ord(ch):04X}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08X}"


def _hex(value: Any, _t: Any) -> Hex:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        shown = describe(value)
        if isinstance(value, list | tuple) and len(value) <= 4:
            shown = "[" + ", ".join(_short(v) for v in value) + "]"
        raise TypeError(f"expected a hex [q, r] of two integers, got {shown}")
    q, r = int(value[0]), int(value[1])
    if not (-MAX_COORD <= q <= MAX_COORD and -MAX_COORD <= r <= MAX_COORD):
        raise ValueError(f"a hex's q and r must be between {-MAX_COORD} and {MAX_COORD}, "
                         f"got [{number(q)}, {number(r)}]")
    return (q, r)


def _short(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return number(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return quoted(value)
    return describe(value)


def _str_tuple(value: Any, _t: type) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list of strings, got {describe(value)}")
    for v in value:
        if not isinstance(v, str):
            raise TypeError(f"expected a list of strings, got {describe(v)} in it")
    return tuple(value)


def _int_tuple(value: Any, _t: type) -> tuple[int, ...]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list of integers, got {describe(value)}")
    if len(value) > MAX_DICE:
        raise ValueError(f"at most {MAX_DICE} values, got {len(value)}")
    for v in value:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"expected a list of integers, got {describe(v)} in it")
        if not 0 <= v <= MAX_FACE:
            raise ValueError(f"a die face is between 0 and {MAX_FACE}, got {number(v)}")
    return tuple(value)


def make_converter() -> cattrs.Converter:
    """A cattrs converter that refuses unknown keys and never coerces types."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    conv.register_structure_hook(float, _strict((int, float), "a number"))  # type: ignore[arg-type]
    for alias, hook in ((Hex, _hex), (tuple[str, ...], _str_tuple), (tuple[int, ...], _int_tuple),
                        (tuple[Hex, ...], _hex_list)):
        conv.register_structure_hook_func(partial(operator.eq, alias), hook)
    return conv


def _hex_list(value: Any, _t: Any) -> tuple[Hex, ...]:
    if not isinstance(value, list | tuple):
        raise TypeError(f"expected a list of hexes [[q, r], ...], got {describe(value)}")
    if len(value) > MAX_WALLS:
        raise ValueError(f"at most {MAX_WALLS} hexes, got {len(value)}")
    out = []
    for i, v in enumerate(value):
        try:
            out.append(_hex(v, Hex))
        except (TypeError, ValueError) as exc:
            raise _Located(f"[{i}]", str(exc)) from None
    return tuple(out)


class _Located(Exception):
    """Internal: a structuring error with a path below the value being structured."""

    def __init__(self, sub: str, message: str) -> None:
        super().__init__(message)
        self.sub = sub
        self.message = message


_PATH_RE = re.compile(r"^(.*) @ \$(.*)$", re.S)


def _first_error(exc: BaseException) -> tuple[str, str]:
    """(sub-path, message) of the first leaf error inside a cattrs exception group."""
    messages = cattrs.transform_error(exc, path="$", format_exception=_format)
    text = messages[0] if messages else str(exc)
    m = _PATH_RE.match(text)
    if not m:
        return "", text
    return m.group(2), m.group(1)


def _format(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ForbiddenExtraKeysError):
        keys = ", ".join(sorted(exc.extra_fields))
        allowed = ""
        if attrs.has(exc.cl):
            allowed = ", ".join(a.name for a in attrs.fields(exc.cl))
        first = key_text(sorted(exc.extra_fields)[0])
        return f"\0{first}\0{unknown_key(keys)} (allowed: {allowed})"
    if isinstance(exc, KeyError):
        return "required key missing"
    if isinstance(exc, _Located):
        return f"\1{exc.sub}\1{exc.message}"
    if isinstance(exc, TypeError | ValueError):
        return str(exc)
    return f"invalid value ({exc})"


def join(path: str, sub: str) -> str:
    """Join key paths: ``join('combatant[0]', '.strength')``."""
    sub = sub.lstrip(".") if not path else sub
    if sub.startswith("[") or not path:
        return f"{path}{sub}"
    return f"{path}.{sub.lstrip('.')}" if sub else path


def structure(conv: cattrs.Converter, data: Any, cls: type[T], file: str, path: str) -> T:
    """Structure ``data`` into ``cls``; any problem becomes a located ScenarioError."""
    try:
        return conv.structure(data, cls)
    except (cattrs.BaseValidationError, TypeError, ValueError, _Located) as exc:
        if isinstance(exc, _Located):
            raise ScenarioError(file, join(path, exc.sub), exc.message) from None
        sub, message = _first_error(exc) if isinstance(
            exc, cattrs.BaseValidationError
        ) else ("", str(exc))
        if message.startswith("\0"):
            _, key, message = message.split("\0", 2)
            sub = join(sub, "." + key) if sub else "." + key
        elif message.startswith("\1"):
            _, extra, message = message.split("\1", 2)
            sub = sub + extra
        raise ScenarioError(file, join(path, sub), message) from None


def check_policy(policy: str | None, known: Any, file: str, where: str) -> None:
    """A combatant's ``policy``, when given, is one its system knows."""
    if policy is not None and policy not in known:
        raise ScenarioError(file, f"{where}.policy",
                            f"unknown policy {quoted(policy)} (known: {', '.join(known)})")


def check_foe(scenario: Any, side: str, value: str, file: str, path: str) -> None:
    """A plan's ``target`` names a combatant of the scenario on another side."""
    try:
        other = scenario.combatant(value)
    except KeyError:
        raise ScenarioError(file, path, f"unknown combatant id {quoted(value)}") from None
    if other.side == side:
        raise ScenarioError(file, path, f"{value!r} is on the same side ({side})")


def check_name(value: str, file: str, path: str, *, empty: bool = False) -> None:
    """An id, a side or a name: one printable line of at most :data:`MAX_NAME` characters
    (no terminal escapes, no newlines), and not empty unless ``empty``."""
    if not value and not empty:
        raise ScenarioError(file, path, "must not be empty")
    if len(value) > MAX_NAME:
        raise ScenarioError(file, path, f"at most {MAX_NAME} characters, got {len(value)}")
    if not value.isprintable():
        bad = next(ch for ch in value if not ch.isprintable())
        raise ScenarioError(file, path, f"must be printable: no control or separator "
                            f"characters (found U+{ord(bad):04X})")


def bound(value: int, least: int, most: int, file: str, path: str, unit: str = "") -> None:
    """``value`` (of ``path`` in ``file``) lies in ``least..most``, else a
    :class:`ScenarioError` naming both ends (``unit``: " tenths", " hexes" ...): every
    system's loader bounds its numbers this one way."""
    if not least <= value <= most:
        raise ScenarioError(file, path, f"must be between {least} and {most}{unit}, "
                            f"got {number(value)}")


def check_keys(raw: Any, allowed: Any, file: str, where: str) -> None:
    """Every key of a combatant's table is a common key or one of ``allowed`` (its system's
    stat keys), else an "unknown key" error listing them all: every system's loader checks
    a combatant's keys this one way, before structuring them."""
    for key in raw:
        if key not in allowed:
            raise ScenarioError(file, f"{where}.{key_text(key)}", unknown_key(key) + " "
                                f"(allowed: {', '.join((*COMMON_KEYS, *allowed))})")


@attrs.frozen
class Bounds:
    """The range ``least..most`` a number field of a scenario record must lie in (its
    ``unit`` named in the message: " tenths", " hexes"); ``below``, when given, is the
    message for a value under ``least`` (``{least}`` and ``{value}`` filled in)."""

    least: int
    most: int
    unit: str = ""
    below: str | None = None

    def check(self, value: int, file: str, path: str) -> None:
        if value < self.least and self.below is not None:
            raise ScenarioError(file, path, self.below.format(least=self.least,
                                                              value=number(value)))
        bound(value, self.least, self.most, file, path, self.unit)


def bounds(least: int, most: int, *, unit: str = "", below: str | None = None
           ) -> dict[str, Bounds]:
    """The metadata of a number field of a scenario record that :func:`structure_bounded`
    keeps to ``least..most`` (``attrs.field(metadata=bounds(1, 100))``; ``None`` is left
    alone)."""
    return {"bounds": Bounds(least, most, unit, below)}


def structure_bounded(conv: cattrs.Converter, data: Any, cls: type[T], file: str,
                      path: str) -> T:
    """Structure ``data`` into ``cls`` strictly (:func:`structure`), then keep every field
    with :func:`bounds` metadata to them, in field order: a system declares its numbers'
    bounds on its record, this one function applies them."""
    record = structure(conv, dict(data), cls, file, path)
    for f in attrs.fields(cast(Any, cls)):
        bounds = f.metadata.get("bounds")
        value = getattr(record, f.name)
        if bounds is not None and value is not None:
            bounds.check(value, file, f"{path}.{f.name}")
    return record
