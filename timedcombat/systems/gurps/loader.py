"""Reading the ``gurps`` parts of a scenario: ``[rules]``, combatant stats and plans.

Every problem is one located :class:`~timedcombat.errors.ScenarioError`, worded as the
``tenths`` loader words its own (``error: FILE: KEY.PATH: what is wrong``). The checks of
:mod:`.stats` (``stats_from_mapping``, ``PLAN_ACTIONS``) and :func:`.rules.check_rules` are
the rules; this module only locates their messages and adds what needs the whole scenario
(target ids and sides, weapons carried, walls).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cattrs

from timedcombat import structure
from timedcombat.errors import ScenarioError
from timedcombat.hexmap import distance
from timedcombat.plans import PlanStep
from timedcombat.plans import structure_plan as core_structure_plan
from timedcombat.scenario import MAX_UNTIL, CombatantSpec, Scenario
from timedcombat.structure import bound, check_foe, check_keys, check_policy, quoted
from timedcombat.systems.base import PlanAction, plan_vocabulary
from timedcombat.systems.gurps.policy import POLICIES
from timedcombat.systems.gurps.rules import (
    ARMOR,
    SHIELDS,
    SKILLS,
    WEAPONS,
    GurpsRules,
    check_rules,
)
from timedcombat.systems.gurps.stats import (
    ATTRIBUTES,
    DEFAULT_ATTRIBUTE,
    PLAN_ACTIONS,
    STAT_KEYS,
    GurpsStats,
    StatsError,
    stats_from_mapping,
)
from timedcombat.systems.gurps.traits import basic_move, step_hexes

PLAN_VOCABULARY: dict[str, PlanAction] = plan_vocabulary(PLAN_ACTIONS)
"""The ``gurps`` plan vocabulary (``SystemBase.plan_actions``)."""

# Bounds (docs/scenario.md, "Limits"): figures a table could use; ST sets how many dice a
# blow rolls, so it is kept to what the damage table reads sensibly.
MAX_ATTRIBUTE = 1_000
MAX_SKILL = 1_000
MAX_DR = 10_000
MAX_WEAPONS = 20
MAX_RULE = 1_000



def structure_rules(raw: Mapping[str, Any], conv: cattrs.Converter, file: str) -> GurpsRules:
    rules = structure.structure(conv, dict(raw), GurpsRules, file, "rules")
    bound(rules.initiative_die, 2, MAX_RULE, file, "rules.initiative_die")
    for name in ("forward_cost", "side_back_cost", "turn_cost", "break_free_two_hands"):
        bound(getattr(rules, name), 0, MAX_RULE, file, f"rules.{name}")
    bound(rules.break_free_pinned, -MAX_RULE, 0, file, "rules.break_free_pinned")
    bound(rules.stalemate, 0, MAX_UNTIL, file, "rules.stalemate", " tenths")
    try:
        check_rules(rules)
    except ValueError as exc:
        name, _, message = str(exc).partition(": ")
        raise ScenarioError(file, f"rules.{name}", message) from None
    return rules


def _int(value: Any, file: str, path: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(file, path, f"expected an integer, got {structure.describe(value)}")
    bound(value, least, most, file, path)
    return value


def structure_stats(raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str,
                    rules: GurpsRules) -> GurpsStats:
    """Check a combatant's GURPS keys (``st dx iq ht skills weapons shield armor``)."""
    check_keys(raw, STAT_KEYS, file, where)
    for name in ATTRIBUTES:
        _int(raw.get(name, DEFAULT_ATTRIBUTE), file, f"{where}.{name}", 1, MAX_ATTRIBUTE)
    skills = raw.get("skills", {})
    if not isinstance(skills, dict):
        raise ScenarioError(file, f"{where}.skills", "expected a table of skill = level "
                            f"({{ knife = 13 }}), got {structure.describe(skills)}")
    for name, level in skills.items():
        path = f"{where}.skills.{structure.key_text(name)}"
        if name not in SKILLS:
            raise ScenarioError(file, path, f"unknown skill {quoted(name)} (known: "
                                f"{', '.join(SKILLS)})")
        _int(level, file, path, 1, MAX_SKILL)
    weapons = raw.get("weapons", [])
    if not isinstance(weapons, list):
        raise ScenarioError(file, f"{where}.weapons", "expected a list of weapon names, got "
                            f"{structure.describe(weapons)}")
    if len(weapons) > MAX_WEAPONS:
        raise ScenarioError(file, f"{where}.weapons", f"at most {MAX_WEAPONS} weapons, got "
                            f"{len(weapons)}")
    for i, name in enumerate(weapons):
        path = f"{where}.weapons[{i}]"
        if not isinstance(name, str):
            raise ScenarioError(file, path,
                                f"expected a weapon name, got {structure.describe(name)}")
        if name not in WEAPONS:
            raise ScenarioError(file, path, f"unknown weapon {quoted(name)} (known: "
                                f"{', '.join(WEAPONS)})")
        if WEAPONS[name].unarmed:
            raise ScenarioError(file, path, f"{name!r} is always at hand: list only weapons "
                                "carried")
        if name in weapons[:i]:
            raise ScenarioError(file, path, f"weapon {name!r} listed twice")
    shield = raw.get("shield")
    if shield is not None and shield is not False and (
            not isinstance(shield, str) or shield not in SHIELDS):
        shown = quoted(shield) if isinstance(shield, str) else structure.describe(shield)
        raise ScenarioError(file, f"{where}.shield", f"expected a shield name "
                            f"({', '.join(SHIELDS)}) or false, got {shown}")
    armor = raw.get("armor", "none")
    if isinstance(armor, str):
        if armor not in ARMOR:
            raise ScenarioError(file, f"{where}.armor", f"unknown armor {quoted(armor)} "
                                f"(known: {', '.join(ARMOR)}; or a DR number)")
    else:
        _int(armor, file, f"{where}.armor", 0, MAX_DR)
    try:
        return stats_from_mapping(raw)
    except StatsError as exc:  # (what is left: a shield beside a two-handed weapon)
        raise ScenarioError(file, f"{where}.{exc.key}", exc.message) from None


def structure_plan(raw: Sequence[Mapping[str, Any]], conv: cattrs.Converter, file: str,
                   where: str) -> tuple[PlanStep, ...]:
    """The core check of actions and key types, then each action's own: one of its
    alternative keys given, and values from its choices (``option``, ``via`` ...)."""
    steps = core_structure_plan(raw, PLAN_VOCABULARY, conv, file, where, "gurps")
    for i, step in enumerate(steps):
        spec = PLAN_ACTIONS[step.action]
        at = f"{where}[{i}]"
        given = {k for k, _ in step.items()}
        if spec.one_of and not spec.one_of & given:
            first = sorted(spec.one_of)[0]
            raise ScenarioError(file, f"{at}.{first}", f"{step.action!r} needs one of: "
                                f"{', '.join(sorted(spec.one_of))}")
        for key, allowed in spec.choices:
            value = getattr(step, key)
            if value is not None and value not in allowed:
                raise ScenarioError(file, f"{at}.{key}", f"must be one of "
                                    f"{', '.join(allowed)}, got {quoted(value)}")
    return steps


def check_combatant(scenario: Scenario, spec: CombatantSpec, file: str, where: str) -> None:
    """What needs the whole scenario: policies, target ids and sides, weapons carried,
    the shield to discard, walls."""
    check_policy(spec.policy, POLICIES, file, where)
    stats: GurpsStats = spec.stats
    carried = {w.name for w in stats.weapons}
    for i, step in enumerate(spec.plan):
        at = f"{where}.plan[{i}]"
        if step.target is not None:
            check_foe(scenario, spec.side, step.target, file, f"{at}.target")
        weapon = step.weapon
        if weapon is not None:
            if step.action == "ready" and weapon not in carried:
                why = "is always at hand" if weapon in WEAPONS and WEAPONS[weapon].unarmed \
                    else "is not among its weapons"
                raise ScenarioError(file, f"{at}.weapon", f"{quoted(weapon)} {why} "
                                    f"({spec.id!r} carries: {', '.join(carried) or 'none'})")
            if stats.weapon(weapon) is None:
                raise ScenarioError(file, f"{at}.weapon", f"{spec.id!r} has no "
                                    f"{quoted(weapon)} (carries: {', '.join(carried) or 'none'}"
                                    "; punch and kick are always at hand)")
        if step.action == "aim":
            ranged = [w for w in stats.weapons if w.ranged]
            if weapon is not None and not WEAPONS[weapon].ranged:
                raise ScenarioError(file, f"{at}.weapon", f"aim needs a ranged weapon, "
                                    f"{weapon!r} is not one")
            if weapon is None and not ranged:
                raise ScenarioError(file, f"{at}.action", f"aim needs a ranged weapon: "
                                    f"{spec.id!r} carries none")
        if step.discard is not None and stats.shield is None:
            raise ScenarioError(file, f"{at}.discard", f"{spec.id!r} carries no shield")
        if step.to is not None and step.to in scenario.map.walls:
            raise ScenarioError(file, f"{at}.to", f"{list(step.to)} is a wall")
    _check_attack_steps(scenario, spec, file, where)


STAYS_PUT = frozenset({"ready", "wait", "aim", "do_nothing", "change_posture", "break_free"})
"""Plan actions that never move the fighter (a retreat, a step towards a target, a step
into his hex may)."""


def _check_attack_steps(scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None:
    """An Attack's ``to`` is its step (B365: a step and the attack): a hex within a step of
    where the fighter stands when the attack comes. Where the plan fixes that - his
    ``at``, while every step before it leaves him in place - a ``to`` farther off is
    refused here; later ones are refused when their phase comes (``gurps.plan_skip``,
    reason ``to out of reach``)."""
    stats: GurpsStats = spec.stats
    rules: GurpsRules = scenario.rules
    most = step_hexes(basic_move(stats.ht, stats.dx, rules.encumbrance))
    for i, step in enumerate(spec.plan):
        if step.action == "attack" and step.to is not None and \
                distance(spec.at, step.to) > most:
            raise ScenarioError(
                file, f"{where}.plan[{i}].to",
                f"{list(step.to)} is {distance(spec.at, step.to)} hexes from {list(spec.at)}, "
                f"where {spec.id!r} stands when this attack comes; an Attack's step goes "
                f"{most} hex{'es' if most != 1 else ''} at most")
        if step.action not in STAYS_PUT:
            return
