"""Reading the ``tenths`` parts of a scenario: ``[rules]``, combatant stats and plans."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from timedcombat import structure
from timedcombat.errors import ScenarioError
from timedcombat.scenario import MAX_UNTIL, CombatantSpec, Scenario
from timedcombat.structure import bound, check_foe, check_keys, check_policy, quoted
from timedcombat.systems.base import ActionKeys, PlanAction, plan_vocabulary
from timedcombat.systems.tenths.policy import POLICIES
from timedcombat.systems.tenths.rules import (
    BLOCK_POSITIONS,
    LONG,
    SHORT,
    STYLES,
    WEAPONS,
    TenthsRules,
    TenthsStats,
    Weapon,
)

# Each plan action's keys (besides ``action``) and, of those, the keys it needs.
_ONE_WEAPON = ActionKeys(frozenset({"weapon"}), frozenset({"weapon"}))
PLAN_KEYS: dict[str, ActionKeys] = {
    **{k: ActionKeys(frozenset({"target"})) for k in
       ("set", "wait", "attack", "defend", "charge", "avoid")},
    "retreat": ActionKeys(frozenset()),
    "move": ActionKeys(frozenset({"to", "mode", "target"})),
    "target": ActionKeys(frozenset({"target"}), frozenset({"target"})),
    "defend_only": ActionKeys(frozenset({"targets"}), frozenset({"targets"})),
    "block": ActionKeys(frozenset({"position"}), frozenset({"position"})),
    **dict.fromkeys(("draw", "sheathe", "drop", "pick_up"), _ONE_WEAPON),
    "style": ActionKeys(frozenset({"style"}), frozenset({"style"})),
}

PLAN_VOCABULARY: dict[str, PlanAction] = plan_vocabulary(PLAN_KEYS)
"""The ``tenths`` plan vocabulary (``SystemBase.plan_actions``)."""

# Bounds (docs/scenario.md, "Limits"): a reach sets how many hexes are searched around
# every move; every other number is kept to figures a table could use.
MAX_REACH = 10
MAX_STAT = 10_000
MAX_BODY = 1_000_000  # a figure that is never put out (as tools/bench.py fights with)
MAX_WEAPONS = 20



# An inline weapon whose name is not in the weapon table gives every figure but ``damage``
# (our assumption, not the seed's: 0, no bonus, when not given); a name in the table takes
# the table's figures and the inline table overrides only the keys it gives.
NEW_WEAPON_KEYS = ("base_speed", "anti_parry", "reach", "hands")


@attrs.frozen
class _WeaponTable:
    name: str
    base_speed: int | None = None
    anti_parry: int | None = None
    reach: str | None = None
    hands: int | None = None
    damage: int | None = None


RULE_CHOICES: dict[str, tuple[str, ...]] = {
    "natural_rolls": ("all", "blocking"),
    "mutual_stop_advantage": ("kept", "none"),
    "retreat_reaction": ("after", "cuts"),
}
"""The values a string parameter of ``[rules]`` may take."""


AT_LEAST = "must be at least {least}, got {value}"
"""The message of a stat below its least (above its most: the shared "between" one)."""


@attrs.frozen
class _RawStats:
    """A combatant's ``tenths`` keys, typed and bounded (weapons resolved afterwards)."""

    strength: int = attrs.field(metadata=structure.bounds(1, MAX_STAT, below=AT_LEAST))
    best_skill: int = attrs.field(metadata=structure.bounds(0, MAX_STAT, below=AT_LEAST))
    walk: int = attrs.field(metadata=structure.bounds(1, MAX_STAT, below=AT_LEAST))
    run: int = attrs.field(metadata=structure.bounds(1, MAX_STAT, below=AT_LEAST))
    defence: int = attrs.field(metadata=structure.bounds(0, MAX_STAT, below=AT_LEAST))
    weapons: list[Any]
    shield: bool = False
    body: int | None = attrs.field(default=None, metadata=structure.bounds(
        1, MAX_BODY, below="must be at least 1"))
    style: str | None = None
    aware: bool = True


def structure_rules(raw: Mapping[str, Any], conv: cattrs.Converter, file: str) -> TenthsRules:
    rules = structure.structure(conv, dict(raw), TenthsRules, file, "rules")
    for name in ("short_reach", "long_reach"):
        bound(getattr(rules, name), 1, MAX_REACH, file, f"rules.{name}", " hexes")
    for name in ("blow_divisor", "margin_divisor"):
        bound(getattr(rules, name), 1, MAX_STAT, file, f"rules.{name}")
    for name in ("dodge_time", "walk_back_extra", "min_damage", "body_bonus", "hurt_penalty"):
        bound(getattr(rules, name), 0, MAX_STAT, file, f"rules.{name}")
    for name in ("dodge_modifier", "parry_modifier"):
        bound(getattr(rules, name), -MAX_STAT, MAX_STAT, file, f"rules.{name}")
    bound(rules.hurt_percent, 1, 100, file, "rules.hurt_percent")
    bound(rules.stalemate, 0, MAX_UNTIL, file, "rules.stalemate", " tenths")  # as the others
    for name, allowed in RULE_CHOICES.items():
        value = getattr(rules, name)
        if value not in allowed:
            raise ScenarioError(file, f"rules.{name}", f"expected one of "
                                f"{', '.join(map(quoted, allowed))}; got {quoted(value)}")
    return rules


def _weapon(conv: cattrs.Converter, raw: Any, file: str, where: str) -> Weapon:
    if isinstance(raw, str):
        if raw not in WEAPONS:
            raise ScenarioError(file, where, f"unknown weapon {quoted(raw)} (known: "
                                f"{', '.join(sorted(WEAPONS))}; or give an inline table)")
        return WEAPONS[raw]
    if not isinstance(raw, dict):
        raise ScenarioError(file, where, "expected a weapon name or an inline table")
    table = structure.structure(conv, raw, _WeaponTable, file, where)
    structure.check_name(table.name, file, f"{where}.name")
    known = WEAPONS.get(table.name)
    if known is None:
        for key in NEW_WEAPON_KEYS:
            if getattr(table, key) is None:
                raise ScenarioError(file, f"{where}.{key}",
                                    f"required for a weapon not in the table ({table.name!r})")
    base = known or Weapon(table.name, 1)
    values = {k: v for k, v in attrs.asdict(table).items() if v is not None}
    weapon = attrs.evolve(base, **values)
    if weapon.base_speed < 1:
        raise ScenarioError(file, f"{where}.base_speed", "must be at least 1 tenth")
    bound(weapon.base_speed, 1, MAX_STAT, file, f"{where}.base_speed", " tenths")
    for name in ("anti_parry", "damage"):
        bound(getattr(weapon, name), -MAX_STAT, MAX_STAT, file, f"{where}.{name}")
    if weapon.reach not in (SHORT, LONG):
        raise ScenarioError(file, f"{where}.reach",
                            f"must be \"short\" or \"long\", got {quoted(weapon.reach)}")
    if weapon.hands not in (1, 2):
        raise ScenarioError(file, f"{where}.hands",
                            f"must be 1 or 2, got {structure.number(weapon.hands)}")
    if weapon.reach == LONG and weapon.hands != 2:
        raise ScenarioError(file, f"{where}.hands", "long weapons take two hands (seed 004, "
                            "Special Situations: \"All long weapons require the use of two "
                            "hands\")")
    return weapon


def structure_stats(raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str,
                    rules: TenthsRules) -> TenthsStats:
    check_keys(raw, [f.name for f in attrs.fields(_RawStats)], file, where)
    if "weapons" in raw and not isinstance(raw["weapons"], list):
        raise ScenarioError(file, f"{where}.weapons", "expected a list of weapon names or "
                            f"inline tables, got {structure.describe(raw['weapons'])}")
    if len(raw.get("weapons") or ()) > MAX_WEAPONS:
        raise ScenarioError(file, f"{where}.weapons", f"at most {MAX_WEAPONS} weapons, got "
                            f"{len(raw['weapons'])}")
    stats = structure.structure_bounded(conv, raw, _RawStats, file, where)
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
                                f"must be one of {', '.join(STYLES)}, got {quoted(stats.style)}")
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


def _lying_about(scenario: Scenario) -> tuple[frozenset[str], frozenset[str]]:
    """Names of the weapons anyone carries (the only ones that can come to lie on the map),
    and of the long ones among them; worked out once per scenario, so loading stays linear
    in the combatants."""
    global _WEAPONS_OF
    if _WEAPONS_OF is None or _WEAPONS_OF[0] is not scenario:
        carried = [w for c in scenario.combatants for w in c.stats.weapons]
        _WEAPONS_OF = (scenario, frozenset(w.name for w in carried),
                       frozenset(w.name for w in carried if w.is_long))
    return _WEAPONS_OF[1], _WEAPONS_OF[2]


_WEAPONS_OF: tuple[Scenario, frozenset[str], frozenset[str]] | None = None


def _check_block(scenario: Scenario, spec: CombatantSpec, i: int, file: str, at: str) -> None:
    """Only long weapons block: a ``block`` step needs a long weapon the combatant carries
    or picks up in an earlier step of its plan."""
    if any(w.is_long for w in spec.stats.weapons):
        return
    long_names = _lying_about(scenario)[1]
    if any(s.action == "pick_up" and s.weapon in long_names for s in spec.plan[:i]):
        return
    carried = ", ".join(w.name for w in spec.stats.weapons)
    raise ScenarioError(file, f"{at}.action",
                        f"block needs a long weapon: {spec.id!r} carries none ({carried}) "
                        "and picks none up before this step")


def check_combatant(scenario: Scenario, spec: CombatantSpec, file: str, where: str) -> None:
    check_policy(spec.policy, POLICIES, file, where)
    weapon_names = {w.name for w in spec.stats.weapons}
    for i, step in enumerate(spec.plan):
        at = f"{where}.plan[{i}]"
        action = step.action  # (action and keys checked against PLAN_VOCABULARY)
        refs = [("target", step.target)] if step.target is not None else []
        if step.targets is not None:
            if len(step.targets) != 2 or step.targets[0] == step.targets[1]:
                raise ScenarioError(file, f"{at}.targets", "defend-only names two targets")
            refs += [(f"targets[{k}]", v) for k, v in enumerate(step.targets)]
        for key, value in refs:
            check_foe(scenario, spec.side, value, file, f"{at}.{key}")
        if step.style is not None and step.style not in STYLES:
            raise ScenarioError(file, f"{at}.style",
                                f"must be one of {', '.join(STYLES)}, got {quoted(step.style)}")
        if step.mode is not None and step.mode not in ("walk", "run"):
            raise ScenarioError(file, f"{at}.mode", f"must be walk or run, got {quoted(step.mode)}")
        if step.weapon is not None and action != "pick_up" and step.weapon not in weapon_names:
            raise ScenarioError(file, f"{at}.weapon",
                                f"{spec.id!r} has no {quoted(step.weapon)}")
        if action == "pick_up" and step.weapon not in _lying_about(scenario)[0]:
            raise ScenarioError(file, f"{at}.weapon",
                                f"no combatant carries a {quoted(step.weapon or '')}, so none "
                                "can lie on the map")
        if step.position is not None and step.position not in BLOCK_POSITIONS:
            raise ScenarioError(file, f"{at}.position",
                                f"must be one of {', '.join(BLOCK_POSITIONS)}")
        if action == "block":
            _check_block(scenario, spec, i, file, at)
        if step.to is not None and step.to in scenario.map.walls:
            raise ScenarioError(file, f"{at}.to", f"{list(step.to)} is a wall")
