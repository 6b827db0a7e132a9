"""Who holds whom: taking and letting go of holds, logged as ``state grappled`` and
``state pinned`` (B370-B371).

The bookkeeping of a grip, apart from the grapples and contests that make and break them
(:mod:`.wrestling`): leaving a hex (:mod:`.closing`) or the fight (:mod:`.engine`) lets go
of holds too, and neither needs the rest of the wrestling driver for that.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter


def take_hold(ctx: Context, a: Fighter, b: Fighter, two_hands: bool) -> None:
    """``a`` now holds ``b`` (``state grappled`` true for ``b`` with ``a`` as opponent)."""
    first = not b.held_by
    a.grips[b.id] = two_hands
    b.held_by[a.id] = two_hands
    if first:
        ctx.emit(ev.State, actor=b.id, state="grappled", value=True, opponent=a.id)


def release(ctx: Context, holder: Fighter, victim: Fighter, cause: str | None = None) -> None:
    """``holder`` lets go of ``victim``; with no one holding him any more he is free
    (``state grappled`` false) and no longer pinned."""
    holder.grips.pop(victim.id, None)
    if victim.held_by.pop(holder.id, None) is None or victim.held_by or not victim.able:
        return
    ctx.emit(ev.State, actor=victim.id, state="grappled", value=False, opponent=holder.id,
             cause=cause)
    if victim.pinned:
        victim.pinned = False
        ctx.emit(ev.State, actor=victim.id, state="pinned", value=False,
                 opponent=holder.id, cause=cause)
        ctx.recount(victim)


def release_all_grips(ctx: Context, f: Fighter, cause: str | None = None) -> None:
    """``f`` lets go of everyone he holds (he left the hex, or the fight)."""
    for vid in list(f.grips):
        release(ctx, f, ctx.by_id[vid], cause)


__all__ = ["release", "release_all_grips", "take_hold"]
