"""The core's bounded structuring: bounds declared on a record's fields (``bounds``
metadata), applied in field order by ``structure_bounded`` with the one-line messages
every loader uses."""

from __future__ import annotations

import attrs
import pytest

from timedcombat.errors import ScenarioError
from timedcombat.structure import bounds, check_keys, make_converter, structure_bounded


@attrs.frozen
class _Record:
    a: int = attrs.field(metadata=bounds(1, 10, below="must be at least {least}, got {value}"))
    b: int = attrs.field(default=5, metadata=bounds(0, 9, unit=" hexes"))
    c: int | None = attrs.field(default=None, metadata=bounds(1, 3))


def _error(raw: dict[str, object]) -> str:
    with pytest.raises(ScenarioError) as exc:
        structure_bounded(make_converter(), raw, _Record, "f.toml", "combatant[0]")
    return str(exc.value)


def test_values_within_bounds_and_none_pass():
    assert structure_bounded(make_converter(), {"a": 10, "b": 0}, _Record, "f", "x") == \
        _Record(10, 0, None)


def test_messages_name_the_path_and_the_bounds():
    assert _error({"a": 0}) == "f.toml: combatant[0].a: must be at least 1, got 0"
    assert _error({"a": 11}) == "f.toml: combatant[0].a: must be between 1 and 10, got 11"
    assert _error({"a": 1, "b": 10}) == \
        "f.toml: combatant[0].b: must be between 0 and 9 hexes, got 10"
    assert _error({"a": 1, "c": 4}) == "f.toml: combatant[0].c: must be between 1 and 3, got 4"


def test_first_field_out_of_bounds_is_reported():
    assert _error({"a": 0, "b": 99}).startswith("f.toml: combatant[0].a:")


def test_check_keys_lists_the_common_keys_too():
    with pytest.raises(ScenarioError, match=r"x\.zz: unknown key 'zz' \(allowed: .*side.*, a, b\)"):
        check_keys({"a": 1, "zz": 2}, ("a", "b"), "f", "x")
