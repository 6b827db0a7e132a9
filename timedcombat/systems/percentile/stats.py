"""A combatant's stats and equipment, and the plan vocabulary, as data with validation.

Scenario keys are contract (the scenario format, issue 11): ``mal`` (Martial Arts Level) and ``bat``
(Base Action Time), plus what the rules need. Validation raises :class:`StatsError` or
:class:`PlanError` (both ``ValueError``) naming the key, so the loader can turn them into
its one-line ``error: FILE: KEY.PATH: what is wrong``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from operator import attrgetter
from typing import Any

import attrs

from timedcombat.errors import KeyedError
from timedcombat.hexmap import FACINGS
from timedcombat.structure import unknown_key
from timedcombat.systems.percentile.costs import BLOW, CLOSE, RAM, REINS
from timedcombat.systems.percentile.rules import (
    ARMS,
    BLOCK,
    CHOKE,
    DUCK,
    ELBOW,
    ESCAPE,
    GRAB,
    HEAD_BUTT,
    JOINT_LOCK,
    KICK,
    KNEE,
    LEGS,
    LIMBS,
    MOUNTS,
    PARRY,
    PIN,
    PIN_KINDS,
    POMMEL_STRIKE,
    PUNCH,
    SHIELD_STRIKE,
    STRANGLE,
    STROKES,
    THROW,
    THROW_KINDS,
    WEAPONS,
    keyed,
)


class StatsError(KeyedError):
    """A combatant's stats that cannot be used; ``key`` is the offending key."""


class PlanError(KeyedError):
    """A plan step that cannot be used; ``key`` is the offending key of the step."""


# --------------------------------------------------------------------------- stats


@attrs.frozen
class PercentileStats:
    """A combatant's stats (names are contract)."""

    mal: int  # Martial Arts Level
    bat: Fraction  # Base Action Time: 6 x BAT Combat Actions a phase
    skill: int = 0  # weapon skill level (armed blows and weapon parries)
    weapon: str | None = None  # a weapon of the table: fights armed
    shield: bool = False  # strapped in a shield (a penalty; allows shield strikes)
    holding: bool = False  # holding an object (a penalty)
    armor: int = 0  # Impact points stopped on every hit
    disabled: tuple[str, ...] = ()  # limbs disabled at the start
    surprised: str | None = None  # "front" or "rear": surprised at the start
    mount: str | None = None  # mounted at the start on a mount of the table
    horseman: int = 0  # Horseman level (Control roll, the mount's Combat Actions)
    reins: int = 1  # hands on the reins at the start (mounted only)
    fall_recovery: int = 0  # Fall Recovery level
    pd_limit: int | None = None  # effective PD at which he is down (default: the rule)

    @property
    def armed(self) -> bool:
        return self.weapon is not None

    @property
    def free_hands(self) -> int:
        return 2 - self.reins


STAT_KEYS: tuple[str, ...] = tuple(f.name for f in attrs.fields(PercentileStats))
REQUIRED_STATS: tuple[str, ...] = ("mal", "bat")


def _int(raw: Mapping[str, Any], key: str, default: int | None, least: int,
         most: int | None = None) -> int | None:
    value = raw.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise StatsError(key, f"expected a whole number, got {value!r}")
    if value < least:
        raise StatsError(key, f"must be at least {least}, got {value}")
    if most is not None and value > most:
        raise StatsError(key, f"must be at most {most}, got {value}")
    return value


def _bool(raw: Mapping[str, Any], key: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise StatsError(key, f"expected true or false, got {value!r}")
    return value


def _choice(raw: Mapping[str, Any], key: str, choices: Any) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or value not in choices:
        raise StatsError(key, f"unknown {key} {value!r} (known: {', '.join(choices)})")
    return value


def parse_bat(value: Any) -> Fraction:
    """A Base Action Time: a positive number, kept exact (``1.5`` is 3/2, never a float)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StatsError("bat", f"expected a number such as 1.0, got {value!r}")
    if not math.isfinite(value):  # TOML's inf and nan have no Fraction
        raise StatsError("bat", f"must be above 0 and at most 10, got {value}")
    bat = Fraction(str(value))
    if not 0 < bat <= 10:
        raise StatsError("bat", f"must be above 0 and at most 10, got {value}")
    return bat


def stats_from_mapping(raw: Mapping[str, Any]) -> PercentileStats:
    """Check and build a combatant's stats from the scenario's keys (``StatsError``)."""
    for key in raw:
        if key not in STAT_KEYS:
            raise StatsError(key, unknown_key(key) + f" (allowed: {', '.join(STAT_KEYS)})")
    for key in REQUIRED_STATS:
        if key not in raw:
            raise StatsError(key, "required")
    disabled = raw.get("disabled", [])
    if not isinstance(disabled, list | tuple) or any(
            not isinstance(d, str) or d not in LIMBS for d in disabled):
        raise StatsError("disabled", f"expected a list of limbs ({', '.join(LIMBS)}), "
                         f"got {disabled!r}")
    if len(set(disabled)) != len(disabled):
        raise StatsError("disabled", "a limb is listed twice")
    stats = PercentileStats(
        mal=_int(raw, "mal", None, 0, 30),  # type: ignore[arg-type]
        bat=parse_bat(raw["bat"]),
        skill=_int(raw, "skill", 0, 0, 30),  # type: ignore[arg-type]
        weapon=_choice(raw, "weapon", WEAPONS),
        shield=_bool(raw, "shield"),
        holding=_bool(raw, "holding"),
        armor=_int(raw, "armor", 0, 0),  # type: ignore[arg-type]
        disabled=tuple(disabled),
        surprised=_choice(raw, "surprised", ("front", "rear")),
        mount=_choice(raw, "mount", MOUNTS),
        horseman=_int(raw, "horseman", 0, 0, 30),  # type: ignore[arg-type]
        reins=_int(raw, "reins", 1, 0, 2),  # type: ignore[arg-type]
        fall_recovery=_int(raw, "fall_recovery", 0, 0, 30),  # type: ignore[arg-type]
        pd_limit=_int(raw, "pd_limit", None, 1),
    )
    if stats.mount is None:
        for key in ("reins", "horseman"):
            if key in raw:
                raise StatsError(key, "only has a meaning for a mounted combatant (give mount)")
    if stats.weapon is not None and WEAPONS[stats.weapon].hands == 2 and stats.shield:
        raise StatsError("shield", f"a {stats.weapon} takes two hands: none left for a shield")
    if "skill" in raw and stats.weapon is None:
        raise StatsError("skill", "weapon skill needs a weapon (give weapon)")
    return stats


# --------------------------------------------------------------------------- plans


STRIKE, DEFENCE, GRAPPLE, MOVE, MOUNT = "strike", "defence", "grapple", "move", "mount"


@attrs.frozen
class PlanActionSpec:
    """A plan action: the keys it takes besides ``action``, the required ones, and the
    values its ``limb``, ``stroke``, ``kind`` and ``direction`` keys may have. Every step
    may take ``phase``: it is not declared before that phase (a plan is otherwise declared
    in order, as many steps a phase as fit the Combat Actions)."""

    name: str
    group: str
    keys: frozenset[str]
    required: frozenset[str] = frozenset()
    limbs: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    doc: str = ""


COMMON_PLAN_KEYS = ("phase",)  # any step: not declared before this phase (0, 1, ...)


def _spec(name: str, group: str, keys: str, doc: str, *, required: str = "",
          limbs: tuple[str, ...] = (), kinds: tuple[str, ...] = ()) -> PlanActionSpec:
    return PlanActionSpec(name, group, frozenset(keys.split()) | frozenset(COMMON_PLAN_KEYS),
                          frozenset(required.split()), limbs, kinds, doc)


PLAN_ACTIONS: dict[str, PlanActionSpec] = keyed(attrgetter("name"), (
    _spec(PUNCH, STRIKE, "target stroke limb", "punch with an arm (limb: the arm)",
          limbs=ARMS),
    _spec(ELBOW, STRIKE, "target stroke limb", "elbow strike (limb: the arm)", limbs=ARMS),
    _spec(KNEE, STRIKE, "target stroke limb", "knee strike (limb: the leg)", limbs=LEGS),
    _spec(KICK, STRIKE, "target stroke limb", "kick (limb: the leg)", limbs=LEGS),
    _spec(HEAD_BUTT, STRIKE, "target stroke", "strike with the head"),
    _spec(SHIELD_STRIKE, STRIKE, "target", "dirty trick with a strapped shield"),
    _spec(POMMEL_STRIKE, STRIKE, "target", "dirty trick with the weapon's pommel"),
    _spec(BLOW, STRIKE, "target stroke", "a blow with the combatant's weapon"),
    _spec(DUCK, DEFENCE, "target", "duck the target's blows (counts as a parry)"),
    _spec(BLOCK, DEFENCE, "target limb",
          "block the target's arms (against an armed foe: at range 1; limb: own arm)",
          limbs=ARMS),
    _spec(PARRY, DEFENCE, "target", "parry the target's blows with the weapon"),
    _spec(GRAB, GRAPPLE, "target limb", "grab the target (limb: his limb)", limbs=LIMBS),
    _spec(JOINT_LOCK, GRAPPLE, "target limb", "joint lock on the target's limb",
          limbs=LIMBS),
    _spec(CHOKE, GRAPPLE, "target", "choke hold (knocks out after two phases)"),
    _spec(STRANGLE, GRAPPLE, "target", "strangle hold (knocks out after ten phases)"),
    _spec(ESCAPE, GRAPPLE, "target", "escape the target's holds"),
    _spec(PIN, GRAPPLE, "target kind", "pin the target", kinds=PIN_KINDS),
    _spec(THROW, GRAPPLE, "target kind direction",
          "throw the target one hex in a direction (E NE NW W SW SE)", kinds=THROW_KINDS),
    _spec(CLOSE, MOVE, "target", "step one hex toward the target"),
    _spec(RAM, MOUNT, "target", "the warhorse rams the target (the mount's action)"),
    _spec(REINS, MOUNT, "hands", "put this many hands on the reins (0, 1 or 2)",
          required="hands"),
))


def check_plan_step(step: Mapping[str, Any]) -> PlanActionSpec:
    """Check one plan step's shape and values; its ``target`` id is the loader's to check."""
    action = step.get("action")
    if not isinstance(action, str):
        raise PlanError("action", f"expected an action name, got {action!r}")
    spec = PLAN_ACTIONS.get(action)
    if spec is None:
        raise PlanError("action", f"unknown action {action!r} for system percentile "
                        f"(known: {' '.join(PLAN_ACTIONS)})")
    given = {k for k, v in step.items() if v is not None and k != "action"}
    extra = sorted(given - spec.keys)
    if extra:
        allowed = ", ".join(sorted(spec.keys)) or "none"
        raise PlanError(extra[0], f"{action!r} takes no {extra[0]!r} (keys it takes: "
                        f"{allowed})")
    missing = sorted(spec.required - given)
    if missing:
        raise PlanError(missing[0], f"required for {action!r}")
    if "target" in given and not isinstance(step["target"], str):
        raise PlanError("target", f"expected a combatant id, got {step['target']!r}")
    _one_of(step, "stroke", STROKES)
    _one_of(step, "limb", spec.limbs)
    _one_of(step, "kind", spec.kinds)
    _one_of(step, "direction", FACINGS)
    if "phase" in given:
        phase = step["phase"]
        if isinstance(phase, bool) or not isinstance(phase, int) or phase < 0:
            raise PlanError("phase", f"expected a phase number (0, 1, ...), got {phase!r}")
    if "hands" in given:
        hands = step["hands"]
        if isinstance(hands, bool) or hands not in (0, 1, 2):
            raise PlanError("hands", f"must be 0, 1 or 2, got {hands!r}")
    return spec


def _one_of(step: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> None:
    value = step.get(key)
    if value is not None and value not in choices:
        raise PlanError(key, f"must be one of {', '.join(choices)}, got {value!r}")


def check_plan_for(step: Mapping[str, Any], stats: PercentileStats) -> None:
    """Cross-checks of a (well-formed) plan step against the combatant's own stats."""
    action = step["action"]
    if action in (BLOW, PARRY, POMMEL_STRIKE) and not stats.armed:
        raise PlanError("action", f"{action!r} needs a weapon (give weapon)")
    if action == SHIELD_STRIKE and not stats.shield:
        raise PlanError("action", "'shield_strike' needs a strapped shield (shield = true)")
    if action in (RAM, REINS):
        if stats.mount is None:
            raise PlanError("action", f"{action!r} needs a mount (give mount)")
        if action == RAM and not MOUNTS[stats.mount].rams:
            raise PlanError("action", f"a {stats.mount} is not trained to ram")
