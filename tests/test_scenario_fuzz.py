"""Property tests of the loader: any document gives a Scenario or a ScenarioError, never
another exception (never a traceback: docs/scenario.md)."""

from __future__ import annotations

import copy
import datetime as dt
import os
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timedcombat.errors import ScenarioError
from timedcombat.loading import load_scenario, parse_scenario, scenario_from_dict
from timedcombat.scenario import CombatantSpec, MapSpec, Scenario, ScenarioInfo
from timedcombat.systems.base import PLAN_KEY_TYPES
from timedcombat.systems.tenths.loader import _RawStats, _WeaponTable
from timedcombat.systems.tenths.policy import POLICIES
from timedcombat.systems.tenths.rules import PLAN_ACTIONS, WEAPONS, TenthsRules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILES = sorted((ROOT / "scenarios").glob("*.toml"))

# A richer valid document than the examples, so mutations reach more of the loader.
RICH: dict[str, Any] = {
    "scenario": {"name": "rich", "system": "tenths", "seed": 2, "until": 900},
    "rules": {"long_reach": 2, "skill_to_hit": True, "hurt_percent": 40},
    "map": {"walls": [[3, 3], [4, 3]]},
    "combatant": [
        {
            "id": "ana", "side": "red", "at": [0, 0], "facing": "E",
            "strength": 12, "best_skill": 3, "walk": 5, "run": 3, "defence": 10,
            "weapons": ["broadsword", {"name": "rapier", "base_speed": 7, "anti_parry": 1,
                                       "reach": "short", "hands": 1}],
            "shield": False, "body": 18,
            "plan": [{"action": "charge", "target": "bo"}, {"action": "attack"},
                     {"action": "move", "to": [1, 1], "mode": "walk"},
                     {"action": "retreat"}],
            "policy": "aggressive",
        },
        {
            "id": "bo", "side": "blue", "at": [5, 0], "facing": "W",
            "strength": 11, "best_skill": 4, "walk": 4, "run": 2, "defence": 9,
            "weapons": [{"name": "spear", "base_speed": 9}],
            "plan": [{"action": "set"}, {"action": "wait", "target": "ana"}],
            "policy": "cautious",
        },
    ],
}


def _examples() -> list[dict[str, Any]]:
    docs = [tomllib.loads(p.read_text(encoding="utf-8")) for p in EXAMPLE_FILES]
    return [*docs, RICH]


EXAMPLES = _examples()

KEYS = sorted(
    {"scenario", "rules", "map", "combatant"}
    | {f.name for cls in (ScenarioInfo, MapSpec, CombatantSpec, _RawStats,
                          _WeaponTable, TenthsRules) for f in attrs.fields(cls)}
    | {"action", *PLAN_KEY_TYPES}
)
WORDS = sorted(
    {"tenths", "gurps", "", "E", "W", "N", "NE", "red", "blue", "ana", "bo", "cai", "dara",
     "wulf", "pike", "walk", "run", "short", "long", "left", "centre", "main", "alternate"}
    | set(PLAN_ACTIONS) | set(WEAPONS) | set(POLICIES) | {"jump", "fly"}
)

scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-3, max_value=20),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(WORDS),
    st.text(max_size=8),
    st.dates(),
    st.times(),
    st.datetimes(max_value=dt.datetime(9999, 1, 1)),
)
hexes = st.lists(st.integers(min_value=-6, max_value=6), min_size=0, max_size=3)
keys = st.one_of(st.sampled_from(KEYS), st.text(min_size=1, max_size=6))

# TOML values: scalars, arrays and tables, nested.
values = st.recursive(
    st.one_of(scalars, hexes),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(keys, inner, max_size=4),
    ),
    max_leaves=12,
)


def _check(doc: Any) -> None:
    try:
        result = scenario_from_dict(doc, "fuzz.toml")
    except ScenarioError as exc:
        assert exc.file == "fuzz.toml"
        assert str(exc).isprintable()  # one line, no control characters
    else:
        assert isinstance(result, Scenario)


# About 300 examples in all; TIMEDCOMBAT_FUZZ_SCALE=20 for a long run.
SCALE = int(os.environ.get("TIMEDCOMBAT_FUZZ_SCALE", "1"))


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples * SCALE, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@fuzz(50)
@given(st.dictionaries(keys, values, max_size=5))
def test_random_documents(doc: dict[str, Any]) -> None:
    _check(doc)


@fuzz(60)
@given(st.fixed_dictionaries(
    {"scenario": st.one_of(
        st.fixed_dictionaries({"name": st.text(max_size=4), "system": st.just("tenths")},
                              optional={"seed": scalars, "until": scalars}),
        values)},
    optional={"rules": st.dictionaries(keys, values, max_size=3),
              "map": st.dictionaries(keys, values, max_size=2),
              "combatant": st.lists(st.dictionaries(keys, values, max_size=10), max_size=3)},
))
def test_random_documents_past_the_header(doc: dict[str, Any]) -> None:
    _check(doc)


def _containers(node: Any) -> list[Any]:
    """Every table and array inside a document, the document itself first."""
    out = [node]
    children = node.values() if isinstance(node, dict) else node
    for child in children:
        if isinstance(child, dict | list):
            out.extend(_containers(child))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    doc = copy.deepcopy(draw(st.sampled_from(EXAMPLES)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        node = draw(st.sampled_from(_containers(doc)))
        junk = draw(values)
        if isinstance(node, dict):
            if not node:
                node[draw(keys)] = junk
                continue
            key = draw(st.sampled_from(sorted(node)))
            op = draw(st.sampled_from(["drop", "replace", "insert", "retype", "copy"]))
            if op == "drop":
                del node[key]
            elif op == "replace":
                node[key] = junk
            elif op == "insert":
                node[draw(keys)] = junk
            elif op == "retype":
                node[key] = _retype(node[key])
            else:
                other = draw(st.sampled_from(sorted(node)))
                node[key] = copy.deepcopy(node[other])
        else:
            op = draw(st.sampled_from(["drop", "replace", "append", "duplicate", "clear"]))
            if op == "append" or not node:
                node.append(junk)
            elif op == "clear":
                node.clear()
            else:
                i = draw(st.integers(min_value=0, max_value=len(node) - 1))
                if op == "drop":
                    del node[i]
                elif op == "replace":
                    node[i] = junk
                else:
                    node.append(copy.deepcopy(node[i]))
    return doc


def _retype(value: Any) -> Any:
    """The same content as another TOML type."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return int(value) if value == value and abs(value) != float("inf") else str(value)
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, dict):
        return list(value.values())
    return str(value)


@fuzz(140)
@given(mutated())
def test_mutated_examples(doc: dict[str, Any]) -> None:
    _check(doc)


def _toml_lines() -> list[str]:
    lines: list[str] = []
    for p in EXAMPLE_FILES:
        lines.extend(p.read_text(encoding="utf-8").splitlines())
    return sorted(set(lines))


LINES = _toml_lines()


@fuzz(50)
@given(st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(LINES), max_size=40).map("\n".join),
    st.lists(st.one_of(st.sampled_from(LINES), st.text(max_size=20)), max_size=30)
    .map("\n".join),
))
def test_random_text(text: str) -> None:
    try:
        result = parse_scenario(text, "fuzz.toml")
    except ScenarioError as exc:
        assert exc.file == "fuzz.toml"
        assert str(exc).isprintable()
    else:
        assert isinstance(result, Scenario)


REQUIRED_STATS = {"tenths": ("strength", "best_skill", "walk", "run", "defence", "weapons"),
                  "percentile": ("mal", "bat"), "tft": ("st", "dx", "iq", "ma"),
                  "gurps": ()}  # (a gurps combatant's stats all have defaults)
ONE_LINE_REQUIRED = {"tenths": 8, "percentile": 5, "tft": 7, "gurps": 3}  # per combatant


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.name for p in EXAMPLE_FILES])
def test_examples_with_one_line_removed(path: Path) -> None:
    """Removing a required key's line names exactly that key; other lines may go."""
    lines = path.read_text(encoding="utf-8").splitlines()
    system = load_scenario(path).system
    stats = REQUIRED_STATS[system]
    required = ("name", "system", "id", "side", "at", *stats)
    combatant = -1
    removed_required = 0
    for cut, line in enumerate(lines):
        if line == "[[combatant]]":
            combatant += 1
        text = "\n".join(lines[:cut] + lines[cut + 1:])
        key = line.split("=")[0].strip()
        if key in required and not line.rstrip().endswith("["):  # one-line values only
            removed_required += 1
            with pytest.raises(ScenarioError) as info:
                parse_scenario(text, "cut.toml")
            table = "scenario" if key in ("name", "system") else f"combatant[{combatant}]"
            assert info.value.path == f"{table}.{key}"
            assert info.value.message == "required key missing"
        else:
            try:
                parse_scenario(text, "cut.toml")
            except ScenarioError as exc:
                assert exc.file == "cut.toml"
                assert str(exc).isprintable()
    assert removed_required >= 2 + ONE_LINE_REQUIRED[system] * lines.count("[[combatant]]")


def test_rich_document_is_valid() -> None:
    scen = scenario_from_dict(copy.deepcopy(RICH), "rich.toml")
    assert [c.id for c in scen.combatants] == ["ana", "bo"]
    assert [s.action for s in scen.combatant("ana").plan] == ["charge", "attack", "move",
                                                               "retreat"]
    assert scen.combatant("ana").plan[2].to == (1, 1)
    assert scen.combatant("bo").stats.weapons[0].base_speed == 9
    assert scen.combatant("bo").stats.weapons[0].reach == "long"
    assert scen.rules.hurt_percent == 40
