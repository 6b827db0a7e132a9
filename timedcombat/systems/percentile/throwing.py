"""A successful throw in the fight: its direction, the roll-out (or a rider's fall), where
the man lands, the holds it breaks, his damage and footing.

Functions over the :class:`~.context.Context`; the rules are :mod:`.throws` (pure).
"""

from __future__ import annotations

from timedcombat.hexmap import FACINGS, distance, facing_towards, neighbour
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.board import dismount, let_go, let_go_apart, move_to
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.fighter import Decl, Fighter
from timedcombat.systems.percentile.harm import footing, take
from timedcombat.systems.percentile.resolve import (
    ROLLED_OUT,
    THROWN,
    chance_made,
    fixed_damage,
    into_thrower,
    landing,
    resolve_fall,
    resolve_throw,
    rollout_chance,
    thrown_to,
)
from timedcombat.systems.percentile.rules import (
    BLOCKED_REDIRECT,
    GRAB,
    INJURING,
    MOUNTS,
    NON_INJURING,
    THROW,
)


def throw_direction(ctx: Context, f: Fighter, g: Fighter, keeps: bool) -> str:
    """Where the thrower throws (when his step does not say, or says what he cannot):
    to a free hex, one he can still hold the man in when he keeps a grab (else any free
    one), straight away from him when none is free."""
    away = facing_towards(f.at, g.at)
    order = [away, (away + 1) % 6, (away - 1) % 6, (away + 2) % 6, (away - 2) % 6,
             (away + 3) % 6]
    if keeps:
        order = order[1:3] + order[3:5] + order[:1] + order[5:]
    free = [i for i in order if ctx.map.is_free(neighbour(g.at, i))]
    near = [i for i in free if distance(neighbour(g.at, i), f.at) <= ctx.rules.unarmed_reach]
    return FACINGS[(near if keeps and near else free or [away])[0]]


def direction_of(ctx: Context, f: Fighter, d: Decl, g: Fighter, keeps: bool) -> tuple[str, bool]:
    """The throw's direction and whether it replaces the plan's: the plan's, unless it
    would throw the man into the thrower's own hex (they moved since the scenario's
    start, where the loader checks it) or, with ``throw_blocked`` ``redirect``, its
    first hex is blocked; then (and without a planned one) the thrower's choice."""
    planned = d.intent.direction
    if planned is None:
        return throw_direction(ctx, f, g, keeps), False
    if into_thrower(g.at, planned, f.at) or (
            ctx.rules.throw_blocked == BLOCKED_REDIRECT
            and not ctx.map.is_free(thrown_to(g.at, planned, 1))):
        return throw_direction(ctx, f, g, keeps), True
    return planned, False


def throw(ctx: Context, f: Fighter, d: Decl, g: Fighter, p: int) -> None:
    """A successful throw: roll-out (or a rider's fall), landing, damage, footing."""
    assert g.levels is not None
    rules = ctx.rules
    kind = d.intent.kind or NON_INJURING
    grabbing = any(h.move == GRAB for h in holding.by(ctx.holds, f.id) if h.target == g.id)
    roll = ctx.dice.hundred()
    height = MOUNTS[g.mounted].height_feet if g.mounted is not None else None
    if height is not None:
        escaped = resolve_fall(height, g.stats.fall_recovery, roll, rules).unhurt
    else:
        escaped = chance_made(roll, rollout_chance(g.levels.mal), rules)
    die = footing_roll = None
    if not escaped:
        die = ctx.dice.die(10) if kind == INJURING else None
        footing_roll = ctx.dice.die(rules.footing_die)
    out = resolve_throw(kind, g.levels.mal, roll, fall_height=height,
                        fall_recovery=g.stats.fall_recovery, damage_die=die,
                        footing_roll=footing_roll, thrower_grabbing=grabbing, rules=rules)
    direction, replaced = direction_of(ctx, f, d, g, out.keeps_grab)
    land = landing(g.at, direction, out.hexes, ctx.map.is_free)
    to = land.to
    keeps = out.keeps_grab and distance(to, f.at) <= rules.unarmed_reach
    ctx.emit(ev.Throw, actor=f.id, target=g.id, kind=kind, result=out.result,
             hexes=land.hexes, on_feet=out.on_feet, keeps_grab=keeps,
             direction=direction, to=to, rollout_chance=out.rollout_chance,
             roll=out.rollout_roll, blocked_at=land.blocked_at,
             planned=d.intent.direction if replaced else None)
    if out.fall is not None:
        fall = out.fall
        ctx.emit(ev.Fall, actor=g.id, height=fall.height_feet, level=fall.fall_recovery,
                 chance=fall.chance, roll=fall.roll, result=fall.result)
        dismount(ctx, g, "thrown")
    if to != g.at:
        move_to(ctx, g, to, "thrown")
    kept = [h for h in holding.between(ctx.holds, f.id, g.id)
            if keeps and h.holder == f.id and h.move == GRAB]
    let_go(ctx, holding.release(ctx.holds, kept, between_=(f.id, g.id)),
           "rolled out" if out.result == ROLLED_OUT else "thrown")
    let_go_apart(ctx, g)
    if out.result == THROWN:  # down 1-2 phases, logged before the damage that may
        assert out.footing_roll is not None  # put him out: the die is always rolled
        footing(ctx, g, p, out.footing_roll, "thrown")
        ko = ctx.dice.hundred() if out.pd > 0 else None
        damage = fixed_damage(THROW, out.pd, out.star, ko, rules=rules)
        take(ctx, g, damage, by=f.id, die=out.damage_die)


__all__ = ["direction_of", "throw", "throw_direction"]
