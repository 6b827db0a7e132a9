"""The toy's actions: each word of the plan vocabulary and its handler. A handler acts
now, at the tenth the figure's process waited for (``engine``), through the context."""

from __future__ import annotations

from collections.abc import Callable

from timedcombat import events as ev
from timedcombat.plans import PlanStep

from . import resolve
from .context import Context
from .events import PlanSkip
from .fighter import Fighter


def strike(ctx: Context, f: Fighter, step: PlanStep) -> None:
    """A blow at ``step.target`` if it can still be struck, else at the nearest foe."""
    named = getattr(step, "target", None)
    foe = ctx.figure(named) if named is not None else None
    if foe is None or not foe.able:
        foe = ctx.nearest_enemy(f)
    if foe is None:
        return
    blow = resolve.blow(ctx.dice.die(6), ctx.rules)
    ctx.note_attack()
    ctx.emit(ev.Attack, actor=f.id, target=foe.id, weapon="fist", roll=blow.roll,
             total=blow.roll, against=blow.against, result="hit" if blow.hit else "miss",
             margin=blow.margin, simultaneous=False, dice="d6")
    if blow.hit:
        foe.damage += 1
        ctx.emit(ev.Damage, actor=foe.id, amount=1, total=foe.damage,
                 body=ctx.rules.hits_to_fall)
        if resolve.falls(foe.damage, ctx.rules):
            foe.out = True
            ctx.emit(ev.State, actor=foe.id, state="out", value=True)
            ctx.leave_side(foe)
            ctx.check_end()


def wait(ctx: Context, f: Fighter, step: PlanStep) -> None:
    """Nothing this turn."""


ACTIONS: dict[str, Callable[[Context, Fighter, PlanStep], None]] = {
    "strike": strike,
    "wait": wait,
}
"""Every plan word (``rules.PLAN_ACTIONS``) to its handler."""


def skip(ctx: Context, f: Fighter, index: int, step: PlanStep, reason: str) -> None:
    """Log a plan step the rules refuse when its turn comes."""
    ctx.emit(PlanSkip, actor=f.id, name=step.action, index=index, reason=reason)
