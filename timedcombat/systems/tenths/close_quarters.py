"""Close quarters (seed 004): two enemies in one hex. Entering them (one stands alone in
its hex, the other is at close quarters with nobody) and leaving them. Services of the
tenths Context (``ctx.enter_close`` ...): functions over it, bound to the Fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev
from timedcombat.systems.tenths.fighter import Fighter

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


def can_close_in(ctx: Context, f: Fighter, opp: Fighter) -> bool:
    """Close quarters are two enemies in one hex: ``opp`` must stand alone in its hex
    and ``f`` be at close quarters with nobody (the occupancy rule: a hex holds one
    figure, or two enemies at close quarters with each other)."""
    return (not f.close and not opp.close and opp.side != f.side
            and len(ctx.map.occupants_of(opp.at)) == 1)


def enter_close(ctx: Context, f: Fighter, opp: Fighter, mode: str) -> bool:
    """``f`` enters ``opp``'s hex: both are at close quarters. Then ``f`` breaks off
    from every other opponent it has moved out of range of."""
    if not ctx.can_close_in(f, opp):
        return False
    if not ctx.move(f, opp.at, mode, check=False, share=True):
        return False
    f.close.add(opp.id)
    opp.close.add(f.id)
    ctx.emit(ev.State, actor=f.id, state="close_quarters", value=True, opponent=opp.id)
    ctx.emit(ev.State, actor=opp.id, state="close_quarters", value=True, opponent=f.id)
    for oid in tuple(f.engaged):
        if oid != opp.id:
            ctx.check_break_off(f, ctx.fighters[oid])
    for oid in tuple(opp.engaged):
        if oid != f.id:
            ctx.check_break_off(opp, ctx.fighters[oid])
    ctx.watch_set(f)
    ctx.watch_set(opp)
    return True


def leave_close(ctx: Context, f: Fighter) -> None:
    for oid in sorted(f.close):
        o = ctx.fighters[oid]
        o.close.discard(f.id)
        if o.able:
            ctx.emit(ev.State, actor=o.id, state="close_quarters", value=False,
                     opponent=f.id)
        if f.able:
            ctx.emit(ev.State, actor=f.id, state="close_quarters", value=False,
                     opponent=oid)
    mates = [ctx.fighters[oid] for oid in sorted(f.close)]
    f.close.clear()
    for x in (f, *mates):
        ctx.watch_set(x)  # out of close quarters, a long weapon reaches again
