"""Who reaches whom: the reach of a figure's weapons, the weapon of its next blow, whether
it can strike an opponent where both stand, and the closing zone (seed 004, Closing:
"a move which will bring him into a hex such that he or an opponent can make an attack").
Services of the tenths Context (``ctx.can_attack`` ...): functions over it, bound to the
Fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.hexmap import distance
from timedcombat.systems.tenths import arms
from timedcombat.systems.tenths.fighter import Fighter
from timedcombat.systems.tenths.rules import Weapon

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


def reach(ctx: Context, f: Fighter) -> int:
    return f.reach_now


def rearmed(ctx: Context, f: Fighter) -> None:
    """Weapons in hand or style changed: work out the reach again (kept, not recomputed
    per query)."""
    f.reach_now = arms.reach(f, ctx.rules)
    f.alternating = arms.style(f) == arms.ALTERNATE


def weapon_for(ctx: Context, f: Fighter) -> Weapon | None:
    """The weapon of ``f``'s next blow (only short ones, or a shield, at close quarters)."""
    if f.close or f.alternating or not f.hand:
        return arms.attack_weapon(f, close=bool(f.close))
    return f.hand[0]


def reaches(ctx: Context, a: Fighter, b: Fighter) -> bool:
    """Geometry only: ``a`` can strike ``b`` where both stand (``a`` may have fallen on
    this very tenth: simultaneous blows still land)."""
    if a.close:
        return b.id in a.close and ctx.weapon_for(a) is not None
    return 1 <= distance(a.at, b.at) <= a.reach_now


def can_attack(ctx: Context, a: Fighter, b: Fighter) -> bool:
    """``a`` can strike ``b`` from where both stand with a weapon in hand (both able)."""
    return a.able and b.able and reaches(ctx, a, b)


def hurt_penalty(ctx: Context, f: Fighter) -> int:
    """The hurt penalty on ``f``'s rolls now: only from the tenth after the blow that
    hurt it, so a blow cannot change the other rolls of its own tenth (simultaneous)."""
    if f.hurt and f.hurt_t < ctx.env._now:  # (simpy's clock: see process.hold)
        return ctx.rules.hurt_penalty
    return 0


def threat_range(ctx: Context, a: Fighter, b: Fighter) -> int:
    ra, rb = a.reach_now, b.reach_now
    return ra if ra > rb else rb


def closing_distance(ctx: Context, a: Fighter, b: Fighter) -> int:
    """From this distance ``a`` closes with ``b``: where its next move would bring
    either in range (a plain move may not), or where its own charge reaches:
    max(threat range + 1, reach + 2)."""
    ra, rb = a.reach_now, b.reach_now
    threat = (ra if ra > rb else rb) + 1
    return threat if threat > ra + 2 else ra + 2


def in_zone(ctx: Context, a: Fighter, b: Fighter) -> bool:
    return distance(a.at, b.at) <= closing_distance(ctx, a, b)
