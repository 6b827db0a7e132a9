"""Evade (a Move, B368) laid out in steps: on to the target, into his hex, a Quick Contest
of DX to get past him and out on the far side; from inside a close-combat hex, out through
the foe's side the same way (seed 002).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from timedcombat.hexmap import Hex, distance, neighbour
from timedcombat.plans import PlanStep
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps import moving
from timedcombat.systems.gurps.halfhex import facing_on_entry, foe_side_hexes, side_towards
from timedcombat.systems.gurps.layout import MOVE, Layout, Step, paid, steps_of, target_of

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter


def evade(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Evade (a Move, B368): on to the target and into his hex, a Quick Contest of DX to
    get past him and out on the far side; from inside a close-combat hex, out through the
    foe's side the same way (seed 002). Lost or tied: he stops in the hex, in close combat,
    facing the foe."""
    t = target_of(ctx, step)
    assert t is not None
    allow = mv.allowance("move", f.move)
    passed: dict[str, Any] = {}
    steps: list[Step] = []

    def into() -> bool:
        if not t.able or distance(f.at, t.at) != 1 or not moving.can_enter(ctx, f, t.at):
            return False
        frm = f.at
        leg = paid(ctx, f, t.at)
        moving.move_into(ctx, f, leg, "move", stop=False)
        if not f.in_cc:
            return False
        # seed 002: not stopping, he must evade (with movement left to go on)
        if ccr.EVADE not in ccr.entering_choices("move", allow - f.spent):
            cc = ctx.cc.get(f.at)
            if cc is not None and f.id in cc:
                moving.turn_to(ctx, f, facing_on_entry(cc.side_of(f.id)))
            return False
        return _contest(frm)

    def out() -> bool:
        cc = ctx.cc.get(f.at)
        if cc is None or f.id not in cc or not t.able or t.at != f.at:
            return False
        return _contest(neighbour(f.at, cc.side_of(f.id)))

    def _stop() -> bool:
        cc = ctx.cc.get(f.at)
        if cc is not None and f.id in cc:  # stopped in the hex: he faces the foe, logged
            moving.turn_to(ctx, f, facing_on_entry(cc.side_of(f.id)))
        return False

    def _contest(frm: Hex) -> bool:
        if moving.evade_contest(ctx, f, t, frm):
            passed["from"] = frm
            return True
        return _stop()

    def through() -> bool:
        frm = passed.pop("from", None)
        if frm is None:
            return False
        cands = [step.to] if step.to is not None and distance(step.to, f.at) == 1 else []
        cands.append(moving.beyond(f.at, frm))
        cands += list(foe_side_hexes(f.at, side_towards(f.at, frm)))
        for h in cands:
            if ctx.map.is_free(h) and h not in ctx.map.walls:
                leg = paid(ctx, f, h)
                if leg.cost > allow - f.spent:
                    break
                return moving.move_into(ctx, f, leg, "move", evading=True)
        return _stop()  # past him, but no free hex or movement to go on: he stays there

    if f.in_cc and t.at == f.at:
        steps = [Step(MOVE, out)]
    else:
        path = moving.approach(ctx, f, t, 1, enter=False) if distance(f.at, t.at) > 1 \
            else []
        steps = steps_of(ctx, f, moving.legs(ctx, f, path, "move", max(0, allow - 2)))
        steps.append(Step(MOVE, into))
    steps.append(Step(MOVE, through))
    return Layout("move", allow, None, tuple(steps))



__all__ = ["evade"]
