"""Locks: choke and strangle holds held for N phases, and escapes from joint locks.

Seed 001: "The opponent is knocked out after two phases in a Choke Hold, and ten phases in
a Strangle Hold. A Choke Hold held for N phases does 10 x N x N Physical Damage (PD)
points. A Strangle Hold held for N phases does N x N Physical Damage (PD) points."
"In the special case of Joint Locks, if an escape is attempted (10-100) PD* are taken and
the locked limb disabled, regardless of whether or not the Escape is successful. Limbs
disabled by Joint Locks have a 20% chance of becoming permanently useless."
"""

from __future__ import annotations

import attrs

from timedcombat.systems.percentile.odds import chance_made
from timedcombat.systems.percentile.rules import (
    CHOKE,
    LIMBS,
    SEED,
    STRANGLE,
    PercentileRules,
)

RANGE_DIE = 10  # "(10-100)" is read as 10 x d10 (assumption)


def range_pd(die: int) -> int:
    """PD of a "(10-100)" range from its d10 face: 10 x d10."""
    if not 1 <= die <= RANGE_DIE:
        raise ValueError(f"a d10 shows 1-10, got {die}")
    return 10 * die


def hold_total_pd(hold: str, phases: int) -> int:
    """PD a choke (10 x N x N) or strangle (N x N) hold has done after N phases."""
    factor = {CHOKE: SEED.choke_pd_factor, STRANGLE: SEED.strangle_pd_factor}.get(hold)
    if factor is None:
        raise ValueError(f"only choke and strangle holds do damage by phase, not {hold!r}")
    if phases < 0:
        raise ValueError("phases held cannot be negative")
    return factor * phases * phases


def knockout_phases(hold: str) -> int:
    """Phases of a hold after which the victim is knocked out: choke 2, strangle 10."""
    if hold == CHOKE:
        return SEED.choke_knockout_phases
    if hold == STRANGLE:
        return SEED.strangle_knockout_phases
    raise ValueError(f"only choke and strangle holds knock out by phase, not {hold!r}")


@attrs.frozen
class HoldTick:
    """The end of the Nth phase a choke or strangle hold is held."""

    hold: str
    phases: int
    pd: int  # done this phase: total(N) - total(N - 1)
    total: int  # total(N)
    knocked_out: bool


def hold_tick(hold: str, phases: int) -> HoldTick:
    """What a hold does at the end of its ``phases``-th phase held (N >= 1)."""
    if phases < 1:
        raise ValueError("a hold tick is for a phase held (N >= 1)")
    total = hold_total_pd(hold, phases)
    return HoldTick(hold, phases, total - hold_total_pd(hold, phases - 1), total,
                    phases >= knockout_phases(hold))


def phases_held(put_on_phase: int, phase: int, rules: PercentileRules | None = None) -> int:
    """N at the end of ``phase`` for a hold put on during ``put_on_phase`` (0 when the
    phase does not count: by default the phase it is put on does not)."""
    rules = rules or PercentileRules()
    first = put_on_phase if rules.hold_first_phase_counts else put_on_phase + 1
    return max(0, phase - first + 1)


@attrs.frozen
class JointEscapeInjury:
    """What an escape attempt from a joint lock costs, whatever its outcome. The permanence
    roll is made once a limb (``None`` when an earlier lock on it made it)."""

    limb: str
    die: int
    pd: int  # PD*
    permanence_roll: int | None
    permanence_chance: int | None
    permanent: bool


def joint_escape_injury(limb: str, die: int, permanence_roll: int | None,
                        permanent_before: bool | None = None,
                        rules: PercentileRules | None = None) -> JointEscapeInjury:
    """(10-100) PD* from the d10 face and the locked limb disabled; "Limbs disabled by Joint
    Locks have a 20% chance of becoming permanently useless": a chance the limb has once,
    rolled (00-99 at or under 20 by default: ``chance_roll``) the first time a
    joint lock disables it. ``permanent_before`` is that first roll's result when the limb
    had it already: no roll then, and the limb stays as it was."""
    if limb not in LIMBS:
        raise ValueError(f"not a limb: {limb!r}")
    if permanent_before is not None:
        if permanence_roll is not None:
            raise ValueError(f"the {limb}'s permanence was rolled once already")
        return JointEscapeInjury(limb, die, range_pd(die), None, None, permanent_before)
    if permanence_roll is None:
        raise ValueError(f"the {limb} disabled for the first time needs its permanence roll")
    chance = SEED.joint_permanent_chance
    return JointEscapeInjury(limb, die, range_pd(die), permanence_roll, chance,
                             chance_made(permanence_roll, chance, rules))
