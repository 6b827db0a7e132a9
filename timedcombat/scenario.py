"""Scenario files: TOML read with ``tomllib``, structured into attrs classes by ``cattrs``.

Every problem becomes one :class:`ScenarioError` naming the file and the key path
(``combatant[1].weapons[0]``), never a traceback (docs/scenario.md). The common part of a
scenario is read here; each rule system structures its own ``[rules]`` table, the
combatants' stats and their plans (``systems/base.py``).
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ForbiddenExtraKeysError

from timedcombat.errors import ScenarioError
from timedcombat.hexmap import FACINGS, Hex

T = TypeVar("T")

DEFAULT_UNTIL = 6000
MAX_UNTIL = 10_000_000
# Bounds of everything in a scenario that sets a size (docs/scenario.md, "Limits").
MAX_SCENARIO_BYTES = 16 * 1024 * 1024  # the file
MAX_DEPTH = 20  # tables and arrays inside one another
MAX_COMBATANTS = 10_000
MAX_WALLS = 100_000
MAX_PLAN = 1_000  # steps of one plan
MAX_NAME = 100  # characters of an id, a side, a name
MAX_COORD = 1_000_000  # |q| and |r| of any hex
MAX_SEED = 2**63 - 1


@attrs.frozen
class ScenarioInfo:
    """The ``[scenario]`` table."""

    name: str
    system: str
    seed: int = 0
    until: int = DEFAULT_UNTIL


@attrs.frozen
class MapSpec:
    """The ``[map]`` table: open ground unless walls are given."""

    walls: tuple[Hex, ...] = ()


COMMON_KEYS = ("id", "side", "at", "facing", "plan", "policy")


@attrs.frozen
class CombatantSpec:
    """One ``[[combatant]]``: the common keys, and the system's own ``stats`` record."""

    id: str
    side: str
    at: Hex
    facing: str = "E"
    plan: tuple[Any, ...] = ()  # the system's plan steps (timedcombat.plans.PlanStep)
    policy: str | None = None
    stats: Any = None


@attrs.frozen
class Scenario:
    """A loaded, checked scenario, ready for :func:`timedcombat.simulate`."""

    file: str
    info: ScenarioInfo
    rules: Any
    map: MapSpec
    combatants: tuple[CombatantSpec, ...]

    @property
    def system(self) -> str:
        return self.info.system

    _by_id: dict[str, CombatantSpec] = attrs.field(init=False, repr=False, eq=False,
                                                   hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.combatants})

    def combatant(self, cid: str) -> CombatantSpec:
        """The combatant with this id (``KeyError`` when there is none)."""
        return self._by_id[cid]


# ---------------------------------------------------------------------------
# strict structuring


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
    if _BARE_KEY.fullmatch(key):
        return key
    return '"' + "".join(_escape(ch) for ch in key) + '"'


def _escape(ch: str) -> str:
    """One character of a TOML basic string."""
    if ch in '"\\':
        return "\\" + ch
    if ch.isprintable():
        return ch
    return f"\\u{ord(ch):04X}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08X}"


def _hex(value: Any, _t: type) -> Hex:
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


def make_converter() -> cattrs.Converter:
    """A cattrs converter that refuses unknown keys and never coerces types."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(int, _strict(int, "an integer"))
    conv.register_structure_hook(str, _strict(str, "a string"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    conv.register_structure_hook(float, _strict((int, float), "a number"))  # type: ignore[arg-type]
    for alias, hook in ((Hex, _hex), (tuple[str, ...], _str_tuple),
                        (tuple[Hex, ...], _hex_list)):
        conv.register_structure_hook_func(lambda t, a=alias: t == a, hook)
    return conv


def _hex_list(value: Any, _t: type) -> tuple[Hex, ...]:
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
        return f"\0{first}\0unknown key {keys!r} (allowed: {allowed})"
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


# ---------------------------------------------------------------------------
# loading

_TOP_KEYS = ("scenario", "rules", "map", "combatant")


def read_scenario_text(path: str | Path) -> str:
    """A scenario file's text: at most :data:`MAX_SCENARIO_BYTES`, UTF-8 (a byte-order
    mark, as some editors write, is dropped); :class:`ScenarioError` otherwise."""
    file = str(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SCENARIO_BYTES + 1)  # never more: /dev/zero, a huge file
    except OSError as exc:
        raise ScenarioError(file, "", f"cannot read file: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the name
        raise ScenarioError(file, "", f"cannot read file: {exc}") from None
    if len(raw) > MAX_SCENARIO_BYTES:
        raise ScenarioError(file, "", f"larger than {MAX_SCENARIO_BYTES} bytes "
                            f"({MAX_SCENARIO_BYTES // (1024 * 1024)} MiB), the most a "
                            "scenario may be")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise ScenarioError(file, "", f"not UTF-8 text (byte {exc.start})") from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; raise :class:`ScenarioError` for any problem."""
    return parse_scenario(read_scenario_text(path), str(path))


def parse_scenario(text: str, file: str = "<scenario>") -> Scenario:
    """Check a scenario given as TOML text."""
    too_deep = f"tables and arrays nested deeper than {MAX_DEPTH} levels"
    try:
        doc = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(file, "", f"bad TOML: {exc}") from None
    except ValueError as exc:  # an integer too long for Python to read
        if "digits" in str(exc):
            raise ScenarioError(file, "", "bad TOML: an integer of more than 4300 digits") \
                from None
        raise ScenarioError(file, "", f"bad TOML: {' '.join(str(exc).split())}") from None
    except RecursionError:
        raise ScenarioError(file, "", f"bad TOML: {too_deep}") from None
    if _depth(doc) > MAX_DEPTH:
        raise ScenarioError(file, "", too_deep)
    return scenario_from_dict(doc, file)


def _depth(doc: Any) -> int:
    """How deep tables and arrays nest (the document itself is level 1), without recursion."""
    deepest = 0
    stack = [(doc, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_DEPTH:
            break
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return deepest


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


def scenario_from_dict(doc: Mapping[str, Any], file: str = "<scenario>") -> Scenario:
    """Check a scenario given as an already parsed document."""
    from timedcombat.systems.base import get_system, system_names

    if not isinstance(doc, Mapping):
        raise ScenarioError(file, "", "expected a TOML document")
    for key in doc:
        if key not in _TOP_KEYS:
            raise ScenarioError(
                file, key_text(key), f"unknown key (allowed: {', '.join(_TOP_KEYS)})"
            )
    conv = make_converter()
    if "scenario" not in doc:
        raise ScenarioError(file, "scenario", "required table missing")
    info = structure(conv, _table(doc["scenario"], file, "scenario"), ScenarioInfo, file,
                     "scenario")
    if info.until < 1 or info.until > MAX_UNTIL:
        raise ScenarioError(file, "scenario.until",
                            f"must be between 1 and {MAX_UNTIL} tenths, got {number(info.until)}")
    if info.seed < 0:
        raise ScenarioError(file, "scenario.seed", f"must not be negative, got {number(info.seed)}")
    if info.seed > MAX_SEED:
        raise ScenarioError(file, "scenario.seed", f"must be at most {MAX_SEED}")
    check_name(info.name, file, "scenario.name", empty=True)
    try:
        system = get_system(info.system)
    except KeyError:
        raise ScenarioError(
            file, "scenario.system",
            f"unknown system {quoted(info.system)} (known: {', '.join(system_names())})",
        ) from None
    rules = system.structure_rules(_table(doc.get("rules", {}), file, "rules"), conv, file)
    map_spec = structure(conv, _table(doc.get("map", {}), file, "map"), MapSpec, file, "map")

    raw_combatants = doc.get("combatant")
    if raw_combatants is None:
        raise ScenarioError(file, "combatant", "required: at least one [[combatant]] table")
    if not isinstance(raw_combatants, list):
        raise ScenarioError(file, "combatant", "expected an array of tables [[combatant]]")
    if len(raw_combatants) > MAX_COMBATANTS:
        raise ScenarioError(file, "combatant", f"at most {MAX_COMBATANTS} combatants, got "
                            f"{len(raw_combatants)}")
    combatants: list[CombatantSpec] = []
    seen: dict[str, int] = {}
    taken: dict[Hex, str] = {}
    walls = set(map_spec.walls)
    for i, raw_c in enumerate(raw_combatants):
        where = f"combatant[{i}]"
        raw_c = _table(raw_c, file, where)
        common = {k: v for k, v in raw_c.items() if k in COMMON_KEYS and k != "plan"}
        stats_raw = {k: v for k, v in raw_c.items() if k not in COMMON_KEYS}
        raw_plan = raw_c.get("plan", [])
        _check_plan_shape(raw_plan, file, f"{where}.plan")
        spec = structure(conv, common, CombatantSpec, file, where)
        check_name(spec.id, file, f"{where}.id")
        check_name(spec.side, file, f"{where}.side")
        if spec.id in seen:
            raise ScenarioError(
                file, f"{where}.id", f"duplicate id {spec.id!r} (also combatant[{seen[spec.id]}])"
            )
        seen[spec.id] = i
        if spec.facing not in FACINGS:
            raise ScenarioError(
                file, f"{where}.facing",
                f"unknown facing {quoted(spec.facing)} (one of {' '.join(FACINGS)})",
            )
        if spec.at in walls:
            raise ScenarioError(file, f"{where}.at", f"{list(spec.at)} is a wall")
        if spec.at in taken:
            raise ScenarioError(
                file, f"{where}.at", f"two figures on one hex: {list(spec.at)} is taken by "
                f"{taken[spec.at]!r}",
            )
        taken[spec.at] = spec.id
        plan = system.structure_plan(raw_plan, conv, file, f"{where}.plan")
        stats = system.structure_stats(stats_raw, conv, file, where, rules)
        combatants.append(attrs.evolve(spec, stats=stats, plan=plan))
    if not combatants:
        raise ScenarioError(file, "combatant", "required: at least one [[combatant]] table")
    if len({c.side for c in combatants}) < 2:
        raise ScenarioError(file, f"combatant[{len(combatants) - 1}].side",
                            f"every combatant is on side {combatants[0].side!r}: a fight needs "
                            "two sides")
    scenario = Scenario(file, info, rules, map_spec, tuple(combatants))
    for i, c in enumerate(scenario.combatants):
        system.check_combatant(scenario, c, file, f"combatant[{i}]")
    return scenario


def _check_plan_shape(value: Any, file: str, path: str) -> None:
    """A plan is a list of tables; cattrs would iterate a string or a table's keys."""
    if not isinstance(value, list):
        raise ScenarioError(file, path, "expected a list of steps "
                            f"[{{ action = \"...\" }}, ...], got {describe(value)}")
    if len(value) > MAX_PLAN:
        raise ScenarioError(file, path, f"at most {MAX_PLAN} steps, got {len(value)}")
    for i, step in enumerate(value):
        if not isinstance(step, dict):
            raise ScenarioError(file, f"{path}[{i}]", "expected a table "
                                f"{{ action = \"...\" }}, got {describe(step)}")


def _table(value: Any, file: str, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(file, path, f"expected a table, got {describe(value)}")
    return value
