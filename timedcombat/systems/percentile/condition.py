"""A combatant's condition in a phase: penalties, Martial Arts Level, Combat Actions, limbs.

Seed 001: "the character gets six times his Base Action Time (BAT) Combat Actions each
phase"; "Penalties to the Martial Arts Level and Combat Actions allowed per phase are
listed below"; "A Pinned person cannot attempt any move other than an Escape"; joint
locks "put the foe in a position from which he may do nothing but attempt to Escape the
lock"; "any limb grabbed may not be used to strike". Pure functions over plain values.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import attrs

from timedcombat.systems.percentile.rules import (
    ARMS,
    ESCAPE,
    LEGS,
    PENALTIES,
    SEED,
    PercentileRules,
)

FRONT, REAR = "front", "rear"

# What a combatant who is regaining his footing may do (assumption: defend and get free).
WHILE_DOWN: frozenset[str] = frozenset({"duck", "block", "parry", ESCAPE})


@attrs.frozen
class PhaseLevels:
    """A combatant's Martial Arts Level and Combat Actions for one phase, with the names
    of the penalties taken off them."""

    base_mal: int
    mal: int
    base_budget: int
    budget: int
    penalties: tuple[str, ...]


def penalty_keys(disabled: Iterable[str] = (), shield: bool = False, holding: bool = False,
                 surprised: str | None = None) -> tuple[str, ...]:
    """The penalty rows that apply: one per disabled limb, then shield, object, surprise."""
    keys: list[str] = []
    for limb in disabled:
        if limb in ARMS:
            keys.append("arm_disabled")
        elif limb in LEGS:
            keys.append("leg_disabled")
        else:
            raise ValueError(f"not a limb: {limb!r}")
    if shield:
        keys.append("shield")
    if holding:
        keys.append("holding")
    if surprised is not None:
        if surprised not in (FRONT, REAR):
            raise ValueError(f"surprised must be 'front' or 'rear', got {surprised!r}")
        keys.append(f"surprised_{surprised}")
    return tuple(keys)


def base_budget(bat: Fraction, armed: bool = False,
                rules: PercentileRules | None = None) -> int:
    """Combat Actions a phase before penalties: 6 x BAT (rounded down, assumption); an
    armed combatant ``armed_ca_per_bat`` x BAT (assumption)."""
    rules = rules or PercentileRules()
    per_bat = rules.armed_ca_per_bat if armed else SEED.ca_per_bat
    return math.floor(per_bat * Fraction(bat))


def phase_levels(mal: int, bat: Fraction, *, disabled: Iterable[str] = (), shield: bool = False,
                 holding: bool = False, surprised: str | None = None, armed: bool = False,
                 rules: PercentileRules | None = None) -> PhaseLevels:
    """MAL and Combat Actions for a phase after the seed's penalties (CA at least 0)."""
    keys = penalty_keys(disabled, shield, holding, surprised)
    budget = base_budget(bat, armed, rules)
    return PhaseLevels(
        base_mal=mal,
        mal=mal + sum(PENALTIES[k].mal for k in keys),
        base_budget=budget,
        budget=max(0, budget + sum(PENALTIES[k].ca for k in keys)),
        penalties=tuple(PENALTIES[k].name for k in keys),
    )


def surprised_in(phase: int, surprised: str | None, rules: PercentileRules) -> str | None:
    """The surprise that applies in a phase (only the first ``surprise_phases`` ones)."""
    return surprised if surprised is not None and phase < rules.surprise_phases else None


def forbidden(action: str, *, out: bool = False, locked: bool = False, pinned: bool = False,
              down: bool = False) -> str | None:
    """Why ``action`` may not be attempted now, or ``None`` when it may."""
    if out:
        return "out of the fight"
    if locked and action != ESCAPE:
        return "in a joint lock: he may do nothing but attempt to Escape"
    if pinned and action != ESCAPE:
        return "pinned: he cannot attempt any move other than an Escape"
    if down and action not in WHILE_DOWN:
        return "regaining his footing"
    return None


def free_limbs(kind: str, *, disabled: Iterable[str] = (), grabbed: Iterable[str] = (),
               busy: int = 0) -> tuple[str, ...]:
    """The limbs of ``kind`` (``arm``/``leg``) a combatant may strike or block with.

    Disabled limbs and limbs grabbed by an opponent are out; ``busy`` more are kept by
    his own holds (assumption: holds take the left limb first).
    """
    limbs = ARMS if kind == "arm" else LEGS if kind == "leg" else None
    if limbs is None:
        raise ValueError(f"limb kind is 'arm' or 'leg', got {kind!r}")
    out = set(disabled) | set(grabbed)
    usable = [limb for limb in limbs if limb not in out]
    return tuple(usable[busy:])
