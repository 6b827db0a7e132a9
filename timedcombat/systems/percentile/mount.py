"""Minimal mounted rules the worked example needs: control roll, a warhorse's ram, falls.

From the worked example (seed 001): "Derek is a 3rd level Horseman and has his left hand on
the reins, so ... with one hand free, he has a 30 x 3 = 90% chance of controlling his mount
this phase." "Being a 3rd level Horseman, Derek's warhorse may take 1 Combat Action."
"use Combat Attack Table (4D) to see if the Ram hits. Entering this table with the
warhorse's Attack Level of 1 versus the Captain's defense level of 4 gives an Odds of
Hitting of 36%." "with both hands free. The chance of success is now 10 x 3 = 30% ...
Derek rolls a 67 and fails, his horse shying away from the Captain's attack at the speed
of 4 hexes per phase (determined from the roll of a ten sided die). Since Derek failed his
Control roll he cannot use his warhorse to make attacks this phase." "Derek has just taken
a fall from five feet ... the chance he can take this spill without injury is 100 / 5 x 2
= 40% (Derek is 2nd level Fall Recovery)."
"""

from __future__ import annotations

import attrs

from timedcombat.systems.percentile.odds import chance_made, ram_odds, succeeds, verdict
from timedcombat.systems.percentile.rules import (
    CONTROL_PER_LEVEL,
    EXAMPLE,
    MOUNTS,
    MountSpec,
    PercentileRules,
)

HIT, MISS = "hit", "miss"
UNHURT, HURT = "unhurt", "hurt"


def mount_spec(name: str) -> MountSpec:
    if name not in MOUNTS:
        raise ValueError(f"unknown mount {name!r} (known: {', '.join(MOUNTS)})")
    return MOUNTS[name]


def mount_actions(horseman: int) -> int:
    """Combat Actions a controlled mount takes a phase: Horseman level // 3."""
    return max(0, horseman) // EXAMPLE.horseman_levels_per_mount_ca


def control_per_level(free_hands: int) -> int:
    """The Action/Reaction table's Control figure per Horseman level for his free hands."""
    if free_hands not in CONTROL_PER_LEVEL:
        raise ValueError(f"free hands are 0, 1 or 2, got {free_hands}")
    return CONTROL_PER_LEVEL[free_hands][0]


def control_chance(horseman: int, free_hands: int) -> int:
    """Chance of controlling the mount this phase: per-level figure x Horseman level."""
    return control_per_level(free_hands) * horseman


@attrs.frozen
class ControlOutcome:
    """A rider's Control roll for one phase."""

    horseman: int
    free_hands: int
    chance: int
    roll: int
    success: bool
    mount_actions: int  # 0 when the roll failed: no attacks with the mount this phase
    shy_roll: int | None  # the d10 for the shying speed, on a failure
    shy_hexes: int  # hexes a phase the mount shies away (0 on a success)


def resolve_control(horseman: int, free_hands: int, roll: int,
                    shy_roll: int | None = None,
                    rules: PercentileRules | None = None) -> ControlOutcome:
    """Resolve a Control roll; a failed one needs the d10 of the shying speed."""
    chance = control_chance(horseman, free_hands)
    if chance_made(roll, chance, rules):
        return ControlOutcome(horseman, free_hands, chance, roll, True,
                              mount_actions(horseman), None, 0)
    if shy_roll is None or not 1 <= shy_roll <= EXAMPLE.shy_die:
        raise ValueError(f"a failed Control roll needs a d{EXAMPLE.shy_die} for the shying "
                         f"speed, got {shy_roll}")
    return ControlOutcome(horseman, free_hands, chance, roll, False, 0, shy_roll, shy_roll)


@attrs.frozen
class RamOutcome:
    """A warhorse's ram on Table 4D."""

    mount: str
    attack_level: int
    defense_level: int
    odds: int
    roll: int
    hit: bool

    result = verdict("hit", HIT, MISS)


def resolve_ram(mount: str, defense_level: int, roll: int) -> RamOutcome:
    """The mount's Attack Level against the target's Defense Level on Table 4D."""
    spec = mount_spec(mount)
    if not spec.rams:
        raise ValueError(f"a {mount} is not trained to ram")
    odds = ram_odds(spec.attack_level, defense_level)
    return RamOutcome(mount, spec.attack_level, defense_level, odds, roll, succeeds(roll, odds))


def fall_chance(height_feet: int, fall_recovery: int) -> int:
    """Chance of taking a fall without injury: 100 / height (feet) x Fall Recovery level
    (the division rounded down, assumption; 100 / 5 x 2 = 40)."""
    if height_feet < 1:
        raise ValueError("a fall is from at least one foot")
    return EXAMPLE.fall_recovery_base // height_feet * fall_recovery


@attrs.frozen
class FallOutcome:
    """A fall and its Fall Recovery roll."""

    height_feet: int
    fall_recovery: int
    chance: int
    roll: int
    unhurt: bool

    result = verdict("unhurt", UNHURT, HURT)


def resolve_fall(height_feet: int, fall_recovery: int, roll: int,
                 rules: PercentileRules | None = None) -> FallOutcome:
    """A fall: unhurt when the roll makes the Fall Recovery chance (``chance_roll``)."""
    chance = fall_chance(height_feet, fall_recovery)
    return FallOutcome(height_feet, fall_recovery, chance, roll,
                       chance_made(roll, chance, rules))
