"""Reading the ``percentile`` parts of a scenario: ``[rules]``, combatant stats and plans.

Types are structured by the shared strict converter (the same one-line messages as every
system: ``error: FILE: KEY.PATH: what is wrong``); values and cross-checks by the pure
validators of :mod:`.stats`, whose ``key`` names the path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from timedcombat import structure
from timedcombat.errors import ScenarioError
from timedcombat.scenario import CombatantSpec, Scenario
from timedcombat.structure import bound, check_foe, check_keys, check_policy
from timedcombat.systems.base import PlanAction, plan_vocabulary
from timedcombat.systems.percentile.costs import CLOSE
from timedcombat.systems.percentile.policy import POLICIES
from timedcombat.systems.percentile.rules import (
    CHANCE_ROLLS,
    THROW,
    THROW_BLOCKED,
    PercentileRules,
)
from timedcombat.systems.percentile.stats import (
    PLAN_ACTIONS,
    STAT_KEYS,
    PercentileStats,
    PlanError,
    StatsError,
    check_plan_for,
    check_plan_step,
    stats_from_mapping,
)
from timedcombat.systems.percentile.throws import into_thrower

PLAN_VOCABULARY: dict[str, PlanAction] = plan_vocabulary(PLAN_ACTIONS)
"""The ``percentile`` plan vocabulary (``SystemBase.plan_actions``)."""

MAX_STAT = 10_000
MAX_PHASE_TENTHS = 10_000
MAX_PLAN_PHASE = 1_000_000


@attrs.frozen
class _RawStats:
    """The stat keys with their types (the values are checked by ``stats_from_mapping``)."""

    mal: int
    bat: float
    skill: int | None = None
    weapon: str | None = None
    shield: bool | None = None
    holding: bool | None = None
    armor: int | None = None
    disabled: tuple[str, ...] | None = None
    surprised: str | None = None
    mount: str | None = None
    horseman: int | None = None
    reins: int | None = None
    fall_recovery: int | None = None
    pd_limit: int | None = None



def structure_rules(raw: Mapping[str, Any], conv: cattrs.Converter,
                    file: str) -> PercentileRules:
    rules = structure.structure(conv, dict(raw), PercentileRules, file, "rules")
    bound(rules.phase_tenths, 1, MAX_PHASE_TENTHS, file, "rules.phase_tenths", " tenths")
    for name in ("victim_pm", "short_stroke_al", "long_stroke_al"):
        bound(getattr(rules, name), -MAX_STAT, MAX_STAT, file, f"rules.{name}")
    for name in ("grapples_per_phase", "edged_pd_factor", "pd_limit", "unarmed_reach",
                 "footing_die"):
        bound(getattr(rules, name), 1, MAX_STAT if name != "unarmed_reach" else 10, file,
               f"rules.{name}")
    for name in ("armed_ca_per_bat", "weapon_parry_ca", "step_ca", "surprise_phases"):
        bound(getattr(rules, name), 0, MAX_STAT, file, f"rules.{name}")
    bound(rules.stalemate, 0, 10_000_000, file, "rules.stalemate", " tenths")
    for name, allowed in (("throw_blocked", THROW_BLOCKED), ("chance_roll", CHANCE_ROLLS)):
        value = getattr(rules, name)
        if value not in allowed:
            raise ScenarioError(file, f"rules.{name}", f"must be one of "
                                f"{', '.join(allowed)}, got {value!r}")
    return rules


def structure_stats(raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str,
                    rules: PercentileRules) -> PercentileStats:
    check_keys(raw, STAT_KEYS, file, where)
    structure.structure(conv, dict(raw), _RawStats, file, where)  # types, required keys
    try:
        return stats_from_mapping(raw)
    except StatsError as exc:
        raise ScenarioError(file, f"{where}.{exc.key}", exc.message) from None


def check_combatant(scenario: Scenario, spec: CombatantSpec, file: str, where: str) -> None:
    check_policy(spec.policy, POLICIES, file, where)
    for i, step in enumerate(spec.plan):
        at = f"{where}.plan[{i}]"
        raw = {"action": step.action, **dict(step.items())}
        try:
            check_plan_step(raw)
            check_plan_for(raw, spec.stats)
        except PlanError as exc:
            raise ScenarioError(file, f"{at}.{exc.key}", exc.message) from None
        if step.phase is not None and step.phase > MAX_PLAN_PHASE:
            raise ScenarioError(file, f"{at}.phase", f"must be at most {MAX_PLAN_PHASE}, got "
                                f"{structure.number(step.phase)}")
        if step.target is not None:
            check_foe(scenario, spec.side, step.target, file, f"{at}.target")
    _check_throw_direction(scenario, spec, file, where)


def _check_throw_direction(scenario: Scenario, spec: CombatantSpec, file: str,
                           where: str) -> None:
    """A plan's first throw, made where the two stand at the start (no step of his plan
    moves either of them before it, neither is mounted), may not go into the thrower's own
    hex: no man is thrown through the one who throws him. Later throws are checked when
    they land (the thrower then chooses another direction)."""
    for i, step in enumerate(spec.plan):
        if step.action == CLOSE:
            return
        if step.action != THROW:
            continue
        foes = [c for c in scenario.combatants if c.side != spec.side]
        target = scenario.combatant(step.target) if step.target is not None else \
            foes[0] if len(foes) == 1 else None
        if step.direction is not None and target is not None \
                and spec.stats.mount is None and target.stats.mount is None \
                and into_thrower(target.at, step.direction, spec.at):
            raise ScenarioError(file, f"{where}.plan[{i}].direction",
                                f"throws {target.id} from [{target.at[0]}, {target.at[1]}] "
                                f"into {spec.id}'s own hex [{spec.at[0]}, {spec.at[1]}] "
                                "(where they stand at the start): no throw goes that way")
        return
