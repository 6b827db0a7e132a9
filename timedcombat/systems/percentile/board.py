"""Changes on the board, each logged as it is made: a step skipped, a figure moved or off
his mount, holds put on and let go (with the core ``grappled`` spans).

Functions over the :class:`~.context.Context`; the rules that decide them are elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from timedcombat import events as core
from timedcombat.hexmap import FACINGS, distance
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.context import Context, Hex
from timedcombat.systems.percentile.fighter import Decl, Fighter
from timedcombat.systems.percentile.holding import HoldOn


def skip(ctx: Context, f: Fighter, d: Decl, reason: str) -> None:
    """``f``'s declared action is not made (``percentile.plan_skip``)."""
    ctx.emit(ev.PlanSkip, actor=f.id, name=d.action, index=d.plan_index, reason=reason)


def move_to(ctx: Context, f: Fighter, to: Hex, mode: str, facing: int | None = None) -> None:
    """``f`` goes to ``to`` (a step, thrown, his mount shying), turned to ``facing``."""
    frm = f.at
    ctx.map.move(f.id, to)
    f.at = to
    if facing is not None:
        f.facing = facing
    ctx.emit(core.Move, actor=f.id, frm=frm, to=to, mode=mode, facing=FACINGS[f.facing])


def dismount(ctx: Context, f: Fighter, cause: str) -> None:
    """``f`` is off his mount."""
    f.mounted = None
    f.controlled = False
    ctx.emit(core.State, actor=f.id, state="mounted", value=False, cause=cause)


def hold_off(ctx: Context, h: HoldOn, cause: str) -> None:
    """Log a hold let go."""
    ctx.emit(ev.Hold, actor=h.holder, target=h.target, hold=h.move, state="off", cause=cause,
             limb=h.limb, kind=h.kind)


def let_go(ctx: Context, change: tuple[holding.Holds, holding.Holds], cause: str) -> None:
    """Holds let go: ``change`` is (the holds left, those let go)."""
    left, gone = change
    ctx.holds = left
    for h in gone:
        hold_off(ctx, h, cause)
    grappled_states(ctx, gone)


def grappled_states(ctx: Context, changed: Sequence[HoldOn]) -> None:
    """Core ``state`` ``grappled`` spans: on for both when a first hold joins them, off
    when none is left on either."""
    for h in changed:
        for who in (h.holder, h.target):
            c = ctx.by_id[who]
            engaged = holding.engaged(ctx.holds, who)
            if engaged != c.grappled:
                c.grappled = engaged
                ctx.emit(core.State, actor=who, state="grappled", value=engaged,
                         opponent=h.target if who == h.holder else h.holder)


def put_hold(ctx: Context, new: HoldOn) -> None:
    """A successful hold put on: it takes the place of the holder's grabs on the man (a
    lock, choke, strangle or pin); the same hold twice is kept once."""
    holds, replaced = holding.put_on(ctx.holds, new)
    ctx.holds = holds
    for h in replaced:
        hold_off(ctx, h, f"became a {new.move.replace('_', ' ')}")
    if new in holds and new not in replaced:
        ctx.emit(ev.Hold, actor=new.holder, target=new.target, hold=new.move, state="on",
                 cause="grapple", limb=new.limb, kind=new.kind)
        grappled_states(ctx, [new])


def let_go_apart(ctx: Context, g: Fighter) -> None:
    """After ``g`` was thrown: holds between him and a third figure now farther away than
    ``unarmed_reach`` cannot be kept (cause ``apart``)."""
    reach = ctx.rules.unarmed_reach
    far = [h for h in ctx.holds if g.id in (h.holder, h.target) and distance(
        ctx.by_id[h.holder].at, ctx.by_id[h.target].at) > reach]
    if far:
        kept = [h for h in ctx.holds if h not in far]
        let_go(ctx, (tuple(kept), tuple(far)), "apart")


__all__ = ["dismount", "grappled_states", "hold_off", "let_go", "let_go_apart", "move_to",
           "put_hold", "skip"]
