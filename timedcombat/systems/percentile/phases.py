"""What happens at a phase's edges: at its first tenth pairs out of reach disengage and a
thrown man stands again; at its last tenth chokes and strangles act and an uncontrolled
mount shies.

Functions over the :class:`~.context.Context`, called by the figures' processes.
"""

from __future__ import annotations

from timedcombat import events as core
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.allowed import gap
from timedcombat.systems.percentile.board import dismount, move_to
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.fighter import Fighter
from timedcombat.systems.percentile.harm import footing, take
from timedcombat.systems.percentile.resolve import (
    fixed_damage,
    hold_tick,
    phases_held,
    resolve_fall,
    throw_pd,
)
from timedcombat.systems.percentile.rules import MOUNTS, NON_INJURING


def new_phase(ctx: Context, p: int) -> None:
    """Once a phase, at its first step: pairs no longer within reach of each other are
    not engaged (their Position Modifiers go back to 0); last phase's strike counts."""
    if ctx.phase == p:
        return
    ctx.phase = p
    ctx.phases = p + 1
    ctx.bouts.clear()
    for f in ctx.figures():
        f.struck_by, f.struck_now = f.struck_now, {}
    pm = ctx.pm
    for (a, b), value in list(pm.items()):
        fa, fb = ctx.by_id[a], ctx.by_id[b]
        if a >= b or (value == 0 and pm.get((b, a), 0) == 0):
            continue
        if not (fa.able and fb.able) or (
                gap(fa, fb) > ctx.rules.unarmed_reach
                and not holding.between(ctx.holds, a, b)):
            pm[(a, b)] = pm[(b, a)] = 0
            if fa.able and fb.able:
                ctx.emit(ev.Position, actor=a, target=b, result="apart", pm=0, target_pm=0)


def stand_up(ctx: Context, f: Fighter, t0: int) -> None:
    """``f`` is on his feet again when his footing is back at the phase's start."""
    if f.down_until is not None and t0 >= f.down_until:
        f.down_until = None
        ctx.emit(core.State, actor=f.id, state="down", value=False, cause="footing")


def phase_over(ctx: Context, f: Fighter, p: int) -> None:
    """At the phase's last tenth: ``f``'s chokes and strangles act; his mount shies."""
    for h in holding.choking(ctx.holds, f.id):
        g = ctx.by_id[h.target]
        n = phases_held(h.phase, p, ctx.rules)
        if n < 1 or not g.able:
            continue
        tick = hold_tick(h.move, n)
        ctx.emit(ev.HoldPhase, actor=f.id, target=g.id, hold=h.move, phases=n,
                 pd=tick.pd, total=tick.total, knocked_out=tick.knocked_out)
        damage = fixed_damage(h.move, tick.pd, False, None, knockout=False)
        take(ctx, g, damage, by=f.id, cause=h.move, out=tick.knocked_out)
        if ctx.over:
            return
    if f.mounted is not None and f.shy and f.able:
        shy_away(ctx, f, p)


def shy_away(ctx: Context, f: Fighter, p: int) -> None:
    """The uncontrolled mount runs ``shy`` hexes from the nearest enemy; a rider held by
    an opponent is pulled off it instead (a fall, as a rider dragged down)."""
    if holding.on(ctx.holds, f.id):
        assert f.mounted is not None
        roll = ctx.dice.hundred()
        fall = resolve_fall(MOUNTS[f.mounted].height_feet, f.stats.fall_recovery, roll,
                            ctx.rules)
        ctx.emit(ev.Fall, actor=f.id, height=fall.height_feet, level=fall.fall_recovery,
                 chance=fall.chance, roll=roll, result=fall.result)
        dismount(ctx, f, "mount shied")
        if not fall.unhurt:  # hurt: as a rider dragged down by a non-injuring throw
            footing(ctx, f, p, ctx.dice.die(ctx.rules.footing_die), "fall")
            pd, star = throw_pd(NON_INJURING, None)
            take(ctx, f, fixed_damage("fall", pd, star, ctx.dice.hundred(), rules=ctx.rules))
        return
    for _ in range(f.shy):
        foe = ctx.nearest_enemy(f)
        if foe is None:
            return
        to = ctx.step_away(f, foe.at)
        if to is None:
            return
        move_to(ctx, f, to, "shy")


__all__ = ["new_phase", "phase_over", "shy_away", "stand_up"]
