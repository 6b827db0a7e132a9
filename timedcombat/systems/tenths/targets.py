"""Targets and facing: choosing a target, changing it, defending only against two, and
turning toward them ("A target cannot be to the back"; turning is free, except for a
blocker). Services of the tenths Context (``ctx.set_target`` ...): functions over it,
bound to the Fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev
from timedcombat.hexmap import FACINGS, covering_facing, facing_towards, is_back
from timedcombat.systems.tenths.fighter import Fighter

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


def face(ctx: Context, f: Fighter, toward: tuple[int, int], log: bool = True) -> None:
    """Turn (free) toward a hex; a blocker keeps its facing while it holds position. A
    defender-only turns so that both its targets are in front when it can."""
    here = f.at
    if f.block is not None:
        return
    if f.defend_targets is not None:
        # both targets in front (one may share its hex, at close quarters: the other
        # decides)
        covering = ctx.covering(f)
        if covering is not None:
            new = covering
        elif toward == here:
            return
        else:
            new = facing_towards(here, toward)
    elif toward == here:
        return
    else:
        new = facing_towards(here, toward)
    if new != f.facing:
        f.facing = new
        if log:
            ctx.emit(ev.Move, actor=f.id, frm=here, to=here, mode="turn",
                     facing=FACINGS[new])


def choose_target(ctx: Context, f: Fighter) -> None:
    if f.defend_targets is not None or (f.target is not None and f.target.able):
        return
    if not f.aware:
        return  # an unaware combatant (surprise rules) has no target yet
    head = f.plan_head
    pick: Fighter | None = None
    if head is not None and head.target is not None and head.action != "target":
        cand = ctx.fighters.get(head.target)
        if cand is not None and cand.able:
            pick = cand
    if pick is None:
        pick = f.policy.choose_target(ctx, f)
    ctx.set_target(f, pick)


def can_target(ctx: Context, f: Fighter, t: Fighter) -> bool:
    """``t`` may become ``f``'s target: "A target cannot be to the back". Turning is
    free, except for a blocker, which keeps its facing while it holds position."""
    return f.block is None or not is_back(f.at, f.facing, t.at)


def covering(ctx: Context, f: Fighter, targets: tuple[str, ...] | None = None) -> int | None:
    """A facing of ``f`` with its two defend-only targets in front (None: there is none:
    a target cannot be to the back)."""
    ids = targets if targets is not None else f.defend_targets or ()
    hexes = [ctx.fighters[x].at for x in ids]
    if not hexes:
        return None
    if f.block is not None:  # a blocker keeps its facing
        return f.facing if all(not is_back(f.at, f.facing, h) for h in hexes) else None
    away = [h for h in hexes if h != f.at]  # (one in its hex is in front whatever)
    prefer = facing_towards(f.at, away[0]) if away else f.facing
    return covering_facing(f.at, hexes, prefer)


def watched(ctx: Context, f: Fighter) -> tuple[str, ...]:
    """The opponents ``f`` watches: its target, or its two defend-only targets."""
    if f.defend_targets is not None:
        return f.defend_targets
    return (f.target.id,) if f.target is not None else ()


def set_target(ctx: Context, f: Fighter, t: Fighter | None, log: bool = True) -> None:
    if f.target is t and f.defend_targets is None:
        return
    for old in ctx.watched(f):
        ctx.targeted_by[old].discard(f.id)
    f.defend_targets = None
    f.target = t
    if t is not None:
        ctx.targeted_by[t.id].add(f.id)
        ctx.face(f, t.at, log=log)
    if log:
        ctx.emit(ev.Target, actor=f.id, target=t.id if t else None)


def set_defend_only(ctx: Context, f: Fighter, targets: tuple[str, ...]) -> None:
    """Defend only, watching two targets (seed 004, Multiple Combatants)."""
    for old in ctx.watched(f):
        ctx.targeted_by[old].discard(f.id)
    f.defend_targets = targets
    f.target = ctx.fighters[targets[0]]
    for tid in targets:
        ctx.targeted_by[tid].add(f.id)
    ctx.face(f, f.target.at)  # both in front (the caller made sure it can)
    ctx.emit(ev.Target, actor=f.id, targets=targets)


def targeting(ctx: Context, f: Fighter) -> list[Fighter]:
    """The able enemies that have ``f`` as target (or as a defend-only target)."""
    fighters = ctx.fighters
    return [fighters[x] for x in ctx.targeted_by[f.id]
            if fighters[x].able and fighters[x].side != f.side]
