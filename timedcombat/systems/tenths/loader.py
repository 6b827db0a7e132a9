"""Reading the ``tenths`` parts of a scenario: ``[rules]``, combatant stats and plans."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from timedcombat.errors import ScenarioError
from timedcombat.scenario import (
    COMMON_KEYS,
    CombatantSpec,
    Scenario,
    describe,
    key_text,
    structure,
)
from timedcombat.systems.tenths.rules import (
    BLOCK_POSITIONS,
    LONG,
    PLAN_ACTIONS,
    SHORT,
    STYLES,
    WEAPONS,
    TenthsRules,
    TenthsStats,
    Weapon,
)

# Which keys each plan action takes (besides ``action``).
PLAN_KEYS: dict[str, frozenset[str]] = {
    **{k: frozenset({"target"}) for k in ("set", "wait", "attack", "defend", "charge", "avoid")},
    "retreat": frozenset(),
    "move": frozenset({"to", "mode", "target"}),
    "target": frozenset({"target"}),
    "defend_only": frozenset({"targets"}),
    "block": frozenset({"position"}),
    "draw": frozenset({"weapon"}),
    "sheathe": frozenset({"weapon"}),
    "drop": frozenset({"weapon"}),
    "pick_up": frozenset({"weapon"}),
    "style": frozenset({"style"}),
}
REQUIRED_KEYS: dict[str, frozenset[str]] = {
    "draw": frozenset({"weapon"}),
    "sheathe": frozenset({"weapon"}),
    "drop": frozenset({"weapon"}),
    "target": frozenset({"target"}),
    "defend_only": frozenset({"targets"}),
    "block": frozenset({"position"}),
    "style": frozenset({"style"}),
    "pick_up": frozenset({"weapon"}),
}
@attrs.frozen
class _WeaponTable:
    name: str
    base_speed: int | None = None
    anti_parry: int | None = None
    reach: str | None = None
    hands: int | None = None
    damage: int | None = None


@attrs.frozen
class _RawStats:
    strength: int
    best_skill: int
    walk: int
    run: int
    defence: int
    weapons: list[Any]
    shield: bool = False
    body: int | None = None
    style: str | None = None
    aware: bool = True


def structure_rules(raw: Mapping[str, Any], conv: cattrs.Converter, file: str) -> TenthsRules:
    rules = structure(conv, dict(raw), TenthsRules, file, "rules")
    for name in ("short_reach", "long_reach", "blow_divisor", "margin_divisor"):
        if getattr(rules, name) < 1:
            raise ScenarioError(file, f"rules.{name}", "must be at least 1")
    for name in ("dodge_time", "walk_back_extra", "min_damage", "body_bonus", "hurt_penalty"):
        if getattr(rules, name) < 0:
            raise ScenarioError(file, f"rules.{name}", "must not be negative")
    if not 1 <= rules.hurt_percent <= 100:
        raise ScenarioError(file, "rules.hurt_percent", "must be between 1 and 100")
    return rules


def _weapon(conv: cattrs.Converter, raw: Any, file: str, where: str) -> Weapon:
    if isinstance(raw, str):
        if raw not in WEAPONS:
            raise ScenarioError(file, where, f"unknown weapon {raw!r} (known: "
                                f"{', '.join(sorted(WEAPONS))}; or give an inline table)")
        return WEAPONS[raw]
    if not isinstance(raw, dict):
        raise ScenarioError(file, where, "expected a weapon name or an inline table")
    table = structure(conv, raw, _WeaponTable, file, where)
    known = WEAPONS.get(table.name)
    if known is None and table.base_speed is None:
        raise ScenarioError(file, f"{where}.base_speed",
                            f"required for a weapon not in the table ({table.name!r})")
    base = known or Weapon(table.name, 1)
    values = {k: v for k, v in attrs.asdict(table).items() if v is not None}
    weapon = attrs.evolve(base, **values)
    if weapon.base_speed < 1:
        raise ScenarioError(file, f"{where}.base_speed", "must be at least 1 tenth")
    if weapon.reach not in (SHORT, LONG):
        raise ScenarioError(file, f"{where}.reach",
                            f"must be \"short\" or \"long\", got {weapon.reach!r}")
    if weapon.hands not in (1, 2):
        raise ScenarioError(file, f"{where}.hands", f"must be 1 or 2, got {weapon.hands}")
    if weapon.reach == LONG and weapon.hands != 2:
        raise ScenarioError(file, f"{where}.hands", "long weapons take two hands (seed 004)")
    return weapon


def structure_stats(raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str,
                    rules: TenthsRules) -> TenthsStats:
    stat_keys = [f.name for f in attrs.fields(_RawStats)]
    for key in raw:
        if key not in stat_keys:
            raise ScenarioError(file, f"{where}.{key_text(key)}", f"unknown key {key!r} (allowed: "
                                f"{', '.join((*COMMON_KEYS, *stat_keys))})")
    if "weapons" in raw and not isinstance(raw["weapons"], list):
        raise ScenarioError(file, f"{where}.weapons", "expected a list of weapon names or "
                            f"inline tables, got {describe(raw['weapons'])}")
    stats = structure(conv, dict(raw), _RawStats, file, where)
    for name, least in (("strength", 1), ("best_skill", 0), ("walk", 1), ("run", 1)):
        if getattr(stats, name) < least:
            raise ScenarioError(file, f"{where}.{name}", f"must be at least {least}")
    if stats.body is not None and stats.body < 1:
        raise ScenarioError(file, f"{where}.body", "must be at least 1")
    if not stats.weapons:
        raise ScenarioError(file, f"{where}.weapons", "at least one weapon is required")
    weapons = tuple(_weapon(conv, w, file, f"{where}.weapons[{i}]")
                    for i, w in enumerate(stats.weapons))
    names = [w.name for w in weapons]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise ScenarioError(file, f"{where}.weapons[{i}]",
                                f"weapon {n!r} listed twice (give copies distinct names)")
    if stats.shield and weapons[0].hands == 2:
        raise ScenarioError(file, f"{where}.shield",
                            f"{weapons[0].name!r} takes two hands: no hand left for a shield")
    if stats.style is not None:
        if stats.style not in STYLES:
            raise ScenarioError(file, f"{where}.style",
                                f"must be one of {', '.join(STYLES)}, got {stats.style!r}")
        if len(weapons) < 2 or weapons[0].hands != 1 or weapons[1].hands != 1:
            raise ScenarioError(file, f"{where}.style",
                                "a style needs two single-handed weapons listed first")
        if stats.shield:
            raise ScenarioError(file, f"{where}.shield",
                                "two weapons in hand leave no hand for a shield")
    if not stats.aware and not rules.surprise:
        raise ScenarioError(file, f"{where}.aware",
                            "only has a meaning with [rules] surprise = true")
    return TenthsStats(stats.strength, stats.best_skill, stats.walk, stats.run, stats.defence,
                       weapons, stats.shield, stats.body, stats.style, stats.aware)


def check_combatant(scenario: Scenario, spec: CombatantSpec, file: str, where: str) -> None:
    ids = {c.id: c for c in scenario.combatants}
    from timedcombat.systems.tenths.policy import POLICIES

    if spec.policy is not None and spec.policy not in POLICIES:
        raise ScenarioError(file, f"{where}.policy",
                            f"unknown policy {spec.policy!r} (known: {', '.join(POLICIES)})")
    weapon_names = {w.name for w in spec.stats.weapons}
    for i, step in enumerate(spec.plan):
        at = f"{where}.plan[{i}]"
        action = step.action
        if action not in PLAN_ACTIONS:
            raise ScenarioError(file, f"{at}.action",
                                f"unknown action {action!r} for system tenths "
                                f"(known: {' '.join(PLAN_ACTIONS)})")
        given = {k for k, v in attrs.asdict(step).items() if v is not None and k != "action"}
        extra = given - PLAN_KEYS[action]
        if extra:
            key = sorted(extra)[0]
            allowed = ", ".join(sorted(PLAN_KEYS[action])) or "none"
            raise ScenarioError(file, f"{at}.{key}",
                                f"{action!r} takes no {key!r} (keys it takes: {allowed})")
        missing = REQUIRED_KEYS.get(action, frozenset()) - given
        if missing:
            raise ScenarioError(file, f"{at}.{sorted(missing)[0]}", f"required for {action!r}")
        refs = [("target", step.target)] if step.target is not None else []
        if step.targets is not None:
            if len(step.targets) != 2 or step.targets[0] == step.targets[1]:
                raise ScenarioError(file, f"{at}.targets", "defend-only names two targets")
            refs += [(f"targets[{k}]", v) for k, v in enumerate(step.targets)]
        for key, value in refs:
            if value not in ids:
                raise ScenarioError(file, f"{at}.{key}", f"unknown combatant id {value!r}")
            if ids[value].side == spec.side:
                raise ScenarioError(file, f"{at}.{key}",
                                    f"{value!r} is on the same side ({spec.side})")
        if step.style is not None and step.style not in STYLES:
            raise ScenarioError(file, f"{at}.style",
                                f"must be one of {', '.join(STYLES)}, got {step.style!r}")
        if step.mode is not None and step.mode not in ("walk", "run"):
            raise ScenarioError(file, f"{at}.mode", f"must be walk or run, got {step.mode!r}")
        if step.weapon is not None and action != "pick_up" and step.weapon not in weapon_names:
            raise ScenarioError(file, f"{at}.weapon", f"{spec.id!r} has no {step.weapon!r}")
        if step.position is not None and step.position not in BLOCK_POSITIONS:
            raise ScenarioError(file, f"{at}.position",
                                f"must be one of {', '.join(BLOCK_POSITIONS)}")
        if step.to is not None and step.to in scenario.map.walls:
            raise ScenarioError(file, f"{at}.to", f"{list(step.to)} is a wall")
