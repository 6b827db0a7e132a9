"""Harm done in the fight: a hit's dice rolled and its damage taken, the Knockout Roll,
a figure put out, a thrown man down, the cost of escaping a joint lock.

Functions over the :class:`~.context.Context`: they roll the dice, ask the pure
resolution (:mod:`.resolve`) and log what it says.
"""

from __future__ import annotations

from timedcombat import events as core
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.board import let_go
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.fighter import Fighter
from timedcombat.systems.percentile.holding import HoldOn
from timedcombat.systems.percentile.resolve import (
    HitOutcome,
    fixed_damage,
    footing_phases,
    impact_dice,
    incapacitated,
    joint_escape_injury,
    pd_of,
    quarter_points,
    resolve_hit,
)
from timedcombat.systems.percentile.rules import location_of
from timedcombat.systems.percentile.timing import stands_at


def hit(ctx: Context, g: Fighter, by: Fighter, source: str, base_dice: int, *,
        grabbed: bool, edged: bool = False) -> None:
    """The damage of a hit on ``g``: location d100, Impact d6s, then a Knockout Roll."""
    dice_ = ctx.dice
    rules = ctx.rules
    location_roll = dice_.hundred()
    dice = impact_dice(base_dice, grabbed, rules)
    faces = dice_.faces(6, dice)
    pd = pd_of(max(0, sum(faces) - g.stats.armor), location_of(location_roll), edged, rules)
    ko = dice_.hundred() if pd > 0 else None
    outcome = resolve_hit(source, base_dice, faces, location_roll, ko, grabbed=grabbed,
                          armor=g.stats.armor, edged=edged, rules=rules)
    take(ctx, g, outcome, by=by.id,
         weapon=by.stats.weapon if source == by.stats.weapon else None)


def take(ctx: Context, g: Fighter, hit: HitOutcome, *, by: str | None = None,
         weapon: str | None = None, die: int | None = None, cause: str = "knockout",
         out: bool = False) -> None:
    """Log damage (and its Knockout Roll) and put ``g`` out when it says so (``out``: a
    hold's own knockout, ``cause`` the hold)."""
    g.pd += hit.pd
    g.quarters += quarter_points(hit.pd, hit.star)  # exact: rounded down when shown
    ctx.emit(ev.Damage, actor=g.id, amount=hit.pd, total=g.effective, body=g.limit,
             source=hit.source, weapon=weapon, pd=hit.pd, star=hit.star, limit=g.limit,
             location=hit.location, dice=hit.dice_text,
             base_dice=hit.base_dice_text, faces=hit.faces,
             impact=hit.impact, armor=hit.armor, halved=hit.halved, by=by,
             location_roll=hit.location_roll, die=die)
    if hit.knockout_roll is not None:
        ctx.emit(ev.Knockout, actor=g.id, pd=hit.pd, location=hit.location,
                 chance=hit.knockout_chance, roll=hit.knockout_roll,
                 result="out" if hit.knocked_out else "up", star=hit.star or None)
    if hit.knocked_out or out:
        put_out(ctx, g, cause)
    elif incapacitated(g.effective, g.limit):
        put_out(ctx, g, "incapacitated")


def put_out(ctx: Context, g: Fighter, cause: str) -> None:
    """``g`` is out of the fight: his holds and the holds on him let go."""
    if not g.able:
        return
    g.out = True
    g.cause = cause
    ctx.emit(core.State, actor=g.id, state="out", value=True, cause=cause)
    let_go(ctx, holding.release(ctx.holds, of=g.id), "out")
    ctx.leave_side(g)
    ctx.check_end()


def footing(ctx: Context, g: Fighter, p: int, roll: int, cause: str) -> None:
    """Down for 1-2 phases (the footing die): he stands at a later phase's start."""
    rules = ctx.rules
    phases = footing_phases(roll, rules)
    until = stands_at(p, phases, rules)
    g.down_until = until
    ctx.emit(ev.Footing, actor=g.id, dice=f"1d{rules.footing_die}", roll=roll,
             phases=phases, until=until)
    ctx.emit(core.State, actor=g.id, state="down", value=True, cause=cause)


def joint_escape(ctx: Context, f: Fighter, g: Fighter, lock: HoldOn) -> None:
    """Escaping from ``g``'s joint lock: (10-100) PD* (d10) and the locked limb disabled,
    whatever the escape's outcome; permanently on a d100 at or under 20, rolled the
    first time a joint lock disables the limb (later escapes keep that result)."""
    if not f.able:
        return
    limb = lock.limb or "right_arm"
    die = ctx.dice.die(10)
    before = f.permanence.get(limb)
    roll = ctx.dice.hundred() if before is None else None
    injury = joint_escape_injury(limb, die, roll, permanent_before=before, rules=ctx.rules)
    f.permanence[limb] = injury.permanent
    f.disabled[limb] = f.disabled.get(limb, False) or injury.permanent
    ctx.emit(ev.Disabled, actor=f.id, limb=limb, cause="joint_lock_escape",
             chance=injury.permanence_chance, roll=roll, permanent=injury.permanent)
    damage = fixed_damage("joint_lock_escape", injury.pd, True, None, location=limb,
                          knockout=False)
    take(ctx, f, damage, by=g.id, die=die)


__all__ = ["footing", "hit", "joint_escape", "put_out", "take"]
