"""Moving a hex at a time: what a move sets off (a blocking attack, breaking off, watchers
turning, a Set noting its opponent in range), waiting hemmed in for a hex to free up, and
whether a plain move would bring an enemy in range (then a closing action is needed).
Services of the tenths Context (``ctx.move`` ...): functions over it, bound to the Fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev
from timedcombat.arena import NEAREST_SCAN
from timedcombat.hexmap import FACINGS, away_choice, distance, facing_towards, neighbours
from timedcombat.ordered import OrderedSet
from timedcombat.systems.tenths import melee
from timedcombat.systems.tenths.fighter import Fighter
from timedcombat.systems.tenths.signals import WAKE

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context, Gen


def move(ctx: Context, f: Fighter, to: tuple[int, int], mode: str, check: bool = True,
         share: bool = False, running: bool | None = None) -> bool:
    """Move ``f`` one hex. An enemy's blocking position may stop it (False)."""
    blocker = ctx.blocker_of(f, to)
    running = mode == "run" if running is None else running
    if blocker is not None and not melee.blocking_attack(ctx, blocker, f, running):
        return False
    here = f.at
    if f.close and not share:
        ctx.leave_close(f)
    if f.block is not None:
        ctx.drop_block(f, "moved")
    ctx.map.move(f.id, to, share=share)
    f.at = to
    if ctx.blocked_at:
        ctx.vacated(here)
    if f.target is not None and f.target.able:
        there = f.target.at
        if there != to:
            f.facing = facing_towards(to, there)
    if ctx.logging:
        ctx.emit(ev.Move, actor=f.id, frm=here, to=to, mode=mode,
                 facing=FACINGS[f.facing])
    else:
        ctx.log.count += 1
    ctx.after_move(f, check)
    return True


def wait_blocked(ctx: Context, f: Fighter) -> Gen:
    """Wait, hemmed in, until a neighbouring hex is vacated or the target moves."""
    here = f.at
    ctx.blocked_at.setdefault(here, OrderedSet()).add(f.id)
    f.blocked = True
    f.due = None
    try:
        yield from ctx.hold(f)
    finally:
        f.blocked = False
        waiting = ctx.blocked_at.get(here)
        if waiting is not None:
            waiting.discard(f.id)
            if not waiting:
                del ctx.blocked_at[here]


def room_away(ctx: Context, at: tuple[int, int], threat: tuple[int, int]) -> bool:
    """Some free hex next to ``at`` is farther from ``threat`` (where a figure about to
    stand at ``at`` could go back to)."""
    return away_choice(threat[0] - at[0], threat[1] - at[1],
                       ctx.map.free_mask(at)) is not None


def vacated(ctx: Context, h: tuple[int, int]) -> None:
    """A hex was left: wake the hemmed-in figures next to it."""
    blocked_at = ctx.blocked_at
    for n in neighbours(h):
        waiting = blocked_at.get(n)
        if waiting:
            for wid in tuple(waiting):
                ctx.poke(ctx.fighters[wid], WAKE)


def after_move(ctx: Context, f: Fighter, check: bool = True) -> None:
    for wid in tuple(ctx.targeted_by[f.id]):
        w = ctx.fighters[wid]
        if not w.able:
            continue
        if not w.reacting:
            ctx.face(w, f.at)
            if w.defend_targets is not None and ctx.covering(w) is None:
                ctx.poke(w, WAKE)  # a target got to its back: it must choose again
        if w.blocked:
            ctx.poke(w, WAKE)  # its target moved: another way may be open
        ex = w.exchange
        if ex is not None and ex.partner(w) is f:
            ctx.watch_set(w)
    if check:
        for oid in tuple(f.engaged):
            ctx.check_break_off(f, ctx.fighters[oid])


def watch_set(ctx: Context, w: Fighter) -> None:
    """A Set watches its opponent: note when it comes in range, that is when ``w``
    can strike it where both stand (or when it no longer can). Moves change that, and
    so do close quarters: at close quarters ``w`` strikes only the one in its hex."""
    ex = w.exchange
    if w.closing != "set" or ex is None or not w.able:
        return
    if ctx.can_attack(w, ex.partner(w)):
        if w.in_range_since is None:
            w.in_range_since = ctx.env.now
    else:
        w.in_range_since = None
    ctx.poke(w, WAKE)


def enters_range(ctx: Context, f: Fighter, to: tuple[int, int]) -> Fighter | None:
    """An enemy not in combat with ``f`` that a plain move to ``to`` would bring into
    range (either way): such a move needs a closing action instead. Looks only at the
    hexes within reach of ``to`` (map index), or, with few enemies left, at them (in
    scenario order: the first found is the one the hexes would give)."""
    found: Fighter | None = None
    fighters = ctx.fighters
    side = f.side
    if ctx.enemies_left(side) <= NEAREST_SCAN:
        for o in ctx.order:
            if o.side != side and o.able and o.id not in f.engaged \
                    and distance(to, o.at) <= ctx.threat_range(f, o):
                return o
        return None
    for oid in ctx.map.occupants_near(to, max(f.reach_now, ctx.max_reach)):
        o = fighters[oid]
        if o.side == side or not o.able or oid in f.engaged:
            continue
        if distance(to, o.at) <= ctx.threat_range(f, o) and \
                (found is None or o.index < found.index):
            found = o
    return found
