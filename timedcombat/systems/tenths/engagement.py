"""In combat and out of it: engaging, breaking off (both out of range), wounds, a figure
put out or fleeing and what its leaving ends (its engagements, its block, close quarters,
its side of a closing exchange, a Retreat under way). Services of the tenths Context
(``ctx.wound`` ...): functions over it, bound to the Fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev
from timedcombat.systems.tenths import exchange
from timedcombat.systems.tenths.events import RetreatCut, TenthsDamage
from timedcombat.systems.tenths.fighter import Fighter
from timedcombat.systems.tenths.signals import OUT, WAKE

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


def engage(ctx: Context, a: Fighter, b: Fighter) -> None:
    if b.id in a.engaged or not (a.able and b.able):
        return
    a.engaged.add(b.id)
    b.engaged.add(a.id)
    ctx.emit(ev.State, actor=a.id, state="engaged", value=True, opponent=b.id)
    ctx.emit(ev.State, actor=b.id, state="engaged", value=True, opponent=a.id)


def disengage(ctx: Context, a: Fighter, b: Fighter, why: str = "break_off") -> None:
    if b.id not in a.engaged:
        return
    a.engaged.discard(b.id)
    b.engaged.discard(a.id)
    a.attacked.discard(b.id)
    b.attacked.discard(a.id)
    if a.able:
        ctx.emit(ev.State, actor=a.id, state="engaged", value=False, opponent=b.id)
    if b.able:
        ctx.emit(ev.State, actor=b.id, state="engaged", value=False, opponent=a.id)


def check_break_off(ctx: Context, a: Fighter, b: Fighter) -> None:
    """Combatants break off when both are out of range."""
    if not ctx.can_attack(a, b) and not ctx.can_attack(b, a):
        ctx.disengage(a, b)  # (a badly hurt retreater leaves the fight: do_retreat)


def wound(ctx: Context, victim: Fighter, amount: int, source: Fighter, weapon: str,
          blow: int) -> None:
    victim.damage += amount
    if ctx.logging:
        ctx.emit(TenthsDamage, actor=victim.id, amount=amount, total=victim.damage,
                 body=victim.body, source=source.id, weapon=weapon, blow_strength=blow)
    else:
        ctx.log.count += 1
    if not victim.hurt and victim.damage >= victim.hurt_at:
        victim.hurt = True
        victim.hurt_t = ctx.env.now
        ctx.emit(ev.State, actor=victim.id, state="hurt", value=True)
    if victim.damage >= victim.body and not victim.out:
        victim.out = True
        victim.able = False
        ctx.emit(ev.State, actor=victim.id, state="out", value=True)
        ctx.retreat_cut(victim, "out")
        ctx.leave(victim)


def retreat_cut(ctx: Context, f: Fighter, cause: str, at: int | None = None) -> None:
    """``f``'s Retreat ends before its second move (it is out, the fight is over)."""
    if f.retreat_from is None or f.retreat_moves >= 2:
        return
    fields = dict(actor=f.id, target=f.retreat_from, moves=f.retreat_moves, cause=cause)
    if at is None:
        ctx.emit(RetreatCut, **fields)
    else:
        ctx.log.emit(RetreatCut, at, **fields)
    f.retreat_from = None


def flee(ctx: Context, f: Fighter) -> None:
    """A badly hurt combatant who has broken off leaves the fight (policy choice)."""
    if ctx.over or not f.able:
        return
    f.fled = True
    f.able = False
    ctx.emit(ev.State, actor=f.id, state="fled", value=True)
    ctx.leave(f)
    ctx.check_end()


def leave(ctx: Context, f: Fighter) -> None:
    ctx.able_count[f.side] -= 1
    f.able = False
    for oid in tuple(f.engaged):
        o = ctx.fighters[oid]
        f.engaged.discard(oid)
        o.engaged.discard(f.id)
        o.attacked.discard(f.id)
        if o.able:
            ctx.emit(ev.State, actor=o.id, state="engaged", value=False, opponent=f.id)
    if f.block is not None:
        ctx.drop_block(f, "out")
    if f.close:
        ctx.leave_close(f)
    ctx.map.remove(f.id)
    if ctx.blocked_at:
        ctx.vacated(f.at)
    for wid in tuple(ctx.targeted_by[f.id]):
        w = ctx.fighters[wid]
        if w.target is f:
            w.target = None
        ctx.poke(w, WAKE)
    ctx.targeted_by[f.id].clear()
    for tid in ctx.watched(f):
        ctx.targeted_by[tid].discard(f.id)
    ex = f.exchange
    striking = any(i.attacker is f for i in ctx.resolving) or (
        ctx.bucket_t == ctx.env.now and any(i.attacker is f for i in ctx.bucket))
    if ex is not None and ex.open and not striking:
        # (a blow of this very tenth still lands: resolve_tenth ends its closing)
        ex.pending.discard(f.id)
        ex.settled.add(f.id)
        ctx.poke(ex.partner(f), WAKE)
        if not ex.pending:
            exchange.close_exchange(ctx, ex)
    if ctx.env.active_process is not f.proc:
        ctx.poke(f, OUT)
