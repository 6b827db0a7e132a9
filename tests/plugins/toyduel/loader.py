"""Reading the toy's parts of a scenario: ``[rules]`` and combatant stats (it has none)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cattrs

from timedcombat.errors import ScenarioError
from timedcombat.structure import bound, structure, unknown_key

from .rules import Rules


def structure_rules(raw: Mapping[str, Any], conv: cattrs.Converter, file: str) -> Rules:
    rules = structure(conv, dict(raw), Rules, file, "rules")
    bound(rules.hit_on, 1, 7, file, "rules.hit_on")
    bound(rules.hits_to_fall, 1, 1000, file, "rules.hits_to_fall")
    bound(rules.stalemate, 0, 10_000_000, file, "rules.stalemate", " tenths")
    return rules


def structure_stats(raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str,
                    rules: Any) -> None:
    for key in raw:
        raise ScenarioError(file, f"{where}.{key}", unknown_key(key))


def check_combatant(scenario: Any, spec: Any, file: str, where: str) -> None:
    for i, step in enumerate(spec.plan):
        target = getattr(step, "target", None)
        if target is not None and target not in {c.id for c in scenario.combatants}:
            raise ScenarioError(file, f"{where}.plan[{i}].target", f"no combatant {target!r}")
