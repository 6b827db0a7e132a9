"""Reading a scenario file: TOML read with ``tomllib``, bounded, checked, and handed to its
rule system for the system's own parts (``[rules]``, stats, plans)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from timedcombat.errors import ScenarioError
from timedcombat.hexmap import FACINGS, Hex
from timedcombat.nesting import depth
from timedcombat.scenario import (
    COMMON_KEYS,
    MAX_COMBATANTS,
    MAX_DEPTH,
    MAX_PLAN,
    MAX_SCENARIO_BYTES,
    MAX_SEED,
    MAX_UNTIL,
    CombatantSpec,
    MapSpec,
    Scenario,
    ScenarioInfo,
)
from timedcombat.structure import (
    check_name,
    describe,
    key_text,
    make_converter,
    number,
    quoted,
    structure,
)
from timedcombat.systems.base import get_system, system_names

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
    if depth(doc, MAX_DEPTH) > MAX_DEPTH:
        raise ScenarioError(file, "", too_deep)
    return scenario_from_dict(doc, file)


def scenario_from_dict(doc: Mapping[str, Any], file: str = "<scenario>") -> Scenario:
    """Check a scenario given as an already parsed document."""
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
