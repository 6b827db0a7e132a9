"""Blows declared and lost: a blow lands at the end of its action and is resolved with
every blow of its tenth (:func:`.melee.resolve_tenth`); one that cannot be made is lost,
with its bonus. Used by the blow of combat (:mod:`.actions`) and the closing actions'
attacks (:mod:`.closing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.systems.tenths import melee
from timedcombat.systems.tenths.events import AttackLost
from timedcombat.systems.tenths.fighter import Fighter
from timedcombat.systems.tenths.rules import Weapon

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context, Gen


def lose_attack(ctx: Context, f: Fighter, t: Fighter, reason: str, closing: str | None,
                weapon: Weapon | None = None) -> None:
    """An attack that cannot be made is lost, and so is its bonus."""
    ctx.emit(AttackLost, actor=f.id, target=t.id, reason=reason, closing=closing,
             weapon=weapon.name if weapon else None)
    f.anti_parry_bonus = 0


def strike(ctx: Context, f: Fighter, t: Fighter, closing: str | None,
           weapon: Weapon | None = None) -> Gen:
    """Declare an attack landing now; it resolves with every attack of this tenth."""
    if closing is not None and f.alternating:
        f.alt_next = 0  # the closing blow starts the alternation with the first weapon
    w = weapon or ctx.weapon_for(f)
    if w is None:
        lose_attack(ctx, f, t, "no weapon in hand", closing)
        return
    now = ctx.env._now
    if ctx.bucket_t != now:
        bucket: list[melee.Intent] = []
        ctx.bucket = bucket
        ctx.bucket_t = now
        resolved = ctx.resolved = ctx.env.event()  # one for all the tenth's attackers
        trigger = ctx.env.timeout(0)
        trigger.callbacks.append(lambda _e: melee.resolve_tenth(ctx, bucket, resolved))
    else:
        resolved = ctx.resolved
    ctx.intent_seq += 1
    ctx.bucket.append(melee.Intent(f, t, w, closing, ctx.intent_seq))
    if f.alternating:
        f.last_struck = f.alt_next
        f.alt_next = 1 - f.alt_next
    else:
        f.last_struck = 0
    yield resolved  # the tenth's attacks are resolved: go on
