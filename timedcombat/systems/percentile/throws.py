"""Throws: where the thrown man goes, rolling out, damage and regaining footing.

Seed 001: "If successfully done, the opponent is thrown one hex in a direction chosen by
the attacker. The thrown person has a 10 x (his Martial Arts Level) % chance of rolling
out of the Throw. If this roll is made he moves 3 hexes in the direction of the Throw,
ends up on his feet, and does not take any damage. If he is unable to roll out of a
Throw, (30) PD* from a Non-injuring Throw or (10-100) PD from an Injuring Throw are
received. If Thrown and unable to roll, it takes 1 to 2 phases to regain footing."
A rider dragged from his mount falls instead (the worked example): his Fall Recovery roll
decides whether he lands without injury.

Where he lands (:func:`landing`): the seed does not say what a wall or a figure in the way
does; he goes as far as the way is free and stops before it (``throw_blocked``), so a
throw may move him fewer hexes than its result says, none at all against a wall. A
direction whose first hex is the thrower's own is no throw at all (:func:`into_thrower`).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from timedcombat.hexmap import DIRECTIONS, FACINGS, Hex
from timedcombat.systems.percentile.holds import range_pd
from timedcombat.systems.percentile.mount import FallOutcome, resolve_fall
from timedcombat.systems.percentile.odds import chance_made
from timedcombat.systems.percentile.rules import (
    INJURING,
    NON_INJURING,
    SEED,
    PercentileRules,
)

ROLLED_OUT, UNHURT, THROWN = "rolled_out", "unhurt", "thrown"


def rollout_chance(mal: int) -> int:
    """Chance (%) of rolling out of a throw: 10 x Martial Arts Level (0 at least)."""
    return SEED.rollout_per_mal * max(0, mal)


def throw_pd(kind: str, die: int | None) -> tuple[int, bool]:
    """PD of a throw not rolled out of, and whether it is PD*: Non-injuring 30 PD*,
    Injuring (10-100) PD from a d10."""
    if kind == NON_INJURING:
        return SEED.non_injuring_throw_pd, True
    if kind == INJURING:
        if die is None:
            raise ValueError("an Injuring Throw needs a d10 for its (10-100) PD")
        return range_pd(die), False
    raise ValueError(f"not a kind of throw: {kind!r}")


def footing_phases(roll: int, rules: PercentileRules | None = None) -> int:
    """Phases to regain footing, 1 or 2, from a ``footing_die`` face (1d2 by default)."""
    rules = rules or PercentileRules()
    low, high = SEED.footing_phases
    if not 1 <= roll <= rules.footing_die:
        raise ValueError(f"a d{rules.footing_die} shows 1-{rules.footing_die}, got {roll}")
    if rules.footing_die == 1:
        return low
    return low + (roll - 1) * (high - low + 1) // rules.footing_die


def thrown_to(at: Hex, direction: str, hexes: int) -> Hex:
    """The hex ``hexes`` steps from ``at`` in a facing direction (``E NE NW W SW SE``)."""
    if direction not in FACINGS:
        raise ValueError(f"direction is one of {' '.join(FACINGS)}, got {direction!r}")
    dq, dr = DIRECTIONS[FACINGS.index(direction)]
    return (at[0] + dq * hexes, at[1] + dr * hexes)


def into_thrower(target_at: Hex, direction: str, thrower_at: Hex) -> bool:
    """Whether ``direction`` would throw the man from ``target_at`` into the thrower's own
    hex (an impossible direction: nobody throws a man through himself)."""
    return thrown_to(target_at, direction, 1) == thrower_at


@attrs.frozen
class Landing:
    """Where a thrown man ends up: ``to``, the ``hexes`` he really moved, and the first hex
    he could not enter (``None``: nothing in his way)."""

    to: Hex
    hexes: int
    blocked_at: Hex | None


def landing(start: Hex, direction: str, hexes: int, free: Callable[[Hex], bool]) -> Landing:
    """A man thrown ``hexes`` hexes from ``start``: he stops before the first hex that is
    not ``free`` (a wall, a figure), so he may move fewer hexes, or none."""
    at = start
    for k in range(1, hexes + 1):
        nxt = thrown_to(start, direction, k)
        if not free(nxt):
            return Landing(at, k - 1, nxt)
        at = nxt
    return Landing(at, hexes, None)


@attrs.frozen
class ThrowOutcome:
    """A successful throw's effect on the thrown man."""

    kind: str
    rollout_chance: int | None  # None for a rider: the fall decides
    rollout_roll: int | None
    fall: FallOutcome | None
    result: str  # rolled_out | unhurt | thrown
    hexes: int  # how far the throw sends him (1, or 3 rolled out); a wall may stop him sooner
    on_feet: bool
    pd: int
    star: bool
    damage_die: int | None
    footing_roll: int | None
    footing_phases: int
    keeps_grab: bool


def resolve_throw(kind: str, victim_mal: int, roll: int, *, fall_height: int | None = None,
                  fall_recovery: int = 0, damage_die: int | None = None,
                  footing_roll: int | None = None, thrower_grabbing: bool = False,
                  rules: PercentileRules | None = None) -> ThrowOutcome:
    """Resolve a throw that succeeded, from the thrown man's 00-99 ``roll``.

    On foot the roll is his roll-out roll; a rider (``fall_height`` in feet) rolls his
    Fall Recovery instead and lands in the one hex. Not rolled out (or hurt in the fall):
    the throw's PD (``damage_die``: the d10 of an Injuring Throw) and 1-2 phases to regain
    footing (``footing_roll``). The thrower keeps a grab he held unless the thrown man
    rolled out (``throw_keeps_grab``).
    """
    rules = rules or PercentileRules()
    keeps = thrower_grabbing and rules.throw_keeps_grab
    if fall_height is None:
        chance = rollout_chance(victim_mal)
        if chance_made(roll, chance, rules):
            return ThrowOutcome(kind, chance, roll, None, ROLLED_OUT, SEED.rollout_hexes, True,
                                0, False, None, None, 0, False)
        fall = None
        rollout: tuple[int | None, int | None] = (chance, roll)
    else:
        fall = resolve_fall(fall_height, fall_recovery, roll, rules)
        rollout = (None, None)
        if fall.unhurt:
            return ThrowOutcome(kind, None, None, fall, UNHURT, SEED.throw_hexes, True, 0,
                                False, None, None, 0, keeps)
    pd, star = throw_pd(kind, damage_die)
    if footing_roll is None:
        raise ValueError("a throw not rolled out of needs the roll for regaining footing")
    return ThrowOutcome(kind, rollout[0], rollout[1], fall, THROWN, SEED.throw_hexes, False, pd,
                        star, damage_die if kind == INJURING else None, footing_roll,
                        footing_phases(footing_roll, rules), keeps)
