"""Reading the ``tft`` parts of a scenario: ``[rules]``, combatant stats and plans, with the
same one-line errors as every system (``error: FILE: KEY.PATH: what is wrong``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from timedcombat import structure
from timedcombat.errors import ScenarioError
from timedcombat.scenario import MAX_UNTIL, CombatantSpec, Scenario
from timedcombat.structure import bound, check_foe, check_keys, check_policy, quoted
from timedcombat.systems.base import PlanAction, plan_vocabulary
from timedcombat.systems.tft.policy import POLICIES
from timedcombat.systems.tft.rules import WEAPONS, TftRules
from timedcombat.systems.tft.stats import PLAN_ACTIONS, TftStats, validate_stats

PLAN_VOCABULARY: dict[str, PlanAction] = plan_vocabulary(PLAN_ACTIONS)
"""The ``tft`` plan vocabulary (``SystemBase.plan_actions``)."""

# Bounds (docs/scenario.md, "Limits"): figures a table could use (the stats' own are
# declared on TftStats).
MAX_WEAPONS = 20
MAX_RULE = 100  # DX bonuses, dice counts and caps of [rules]


def structure_rules(raw: Mapping[str, Any], conv: cattrs.Converter, file: str) -> TftRules:
    rules = structure.structure(conv, dict(raw), TftRules, file, "rules")
    for name in ("side_dx_bonus", "kneeling_target_dx", "contest_st_bonus",
                 "thrown_dx_per_hex"):
        bound(getattr(rules, name), -MAX_RULE, MAX_RULE, file, f"rules.{name}")
    for name in ("max_hth_rerolls", "min_damage"):
        bound(getattr(rules, name), 0, MAX_RULE, file, f"rules.{name}")
    bound(rules.contest_dice, 1, MAX_RULE, file, "rules.contest_dice")
    bound(rules.stalemate, 0, MAX_UNTIL, file, "rules.stalemate", " tenths")
    try:
        rules.validate()
    except ValueError as exc:
        name, _, message = str(exc).partition(": ")
        raise ScenarioError(file, f"rules.{name}", message) from None
    return rules


def structure_stats(raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str,
                    rules: TftRules) -> TftStats:
    check_keys(raw, [f.name for f in attrs.fields(TftStats)], file, where)
    for key in ("weapons", "talents"):
        if key in raw and not isinstance(raw[key], list):
            raise ScenarioError(file, f"{where}.{key}", f"expected a list of names, got "
                                f"{structure.describe(raw[key])}")
    if len(raw.get("weapons") or ()) > MAX_WEAPONS:
        raise ScenarioError(file, f"{where}.weapons", f"at most {MAX_WEAPONS} weapons, got "
                            f"{len(raw['weapons'])}")
    stats = structure.structure_bounded(conv, raw, TftStats, file, where)
    try:
        validate_stats(stats, rules)
    except ValueError as exc:
        key, _, message = str(exc).partition(": ")
        raise ScenarioError(file, f"{where}.{key}", message) from None
    return stats


def check_combatant(scenario: Scenario, spec: CombatantSpec, file: str, where: str) -> None:
    """Cross-checks a figure's plan against the scenario: targets, hexes, weapons."""
    check_policy(spec.policy, POLICIES, file, where)
    stats: TftStats = spec.stats
    for i, step in enumerate(spec.plan):
        at = f"{where}.plan[{i}]"
        if step.target is not None:
            check_foe(scenario, spec.side, step.target, file, f"{at}.target")
        if step.to is not None and step.to in scenario.map.walls:
            raise ScenarioError(file, f"{at}.to", f"{list(step.to)} is a wall")
        if step.action == "ready_knife" and not stats.knives:
            raise ScenarioError(file, f"{at}.action",
                                f"ready_knife, but {spec.id!r} carries no knife")
        if step.weapon is not None:
            w = WEAPONS.get(step.weapon)
            if w is None:
                raise ScenarioError(file, f"{at}.weapon",
                                    f"unknown weapon {quoted(step.weapon)} (known: "
                                    f"{', '.join(WEAPONS)})")
            if step.action == "ready_knife" and not w.is_knife:
                raise ScenarioError(file, f"{at}.weapon",
                                    f"ready_knife needs a knife, not {quoted(step.weapon)}")
            if step.weapon not in stats.weapons:
                raise ScenarioError(file, f"{at}.weapon",
                                    f"{spec.id!r} carries no {quoted(step.weapon)}")


__all__ = ["PLAN_VOCABULARY", "check_combatant", "structure_rules",
           "structure_stats"]
