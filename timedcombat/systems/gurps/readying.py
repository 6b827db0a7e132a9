"""The Ready maneuver as the driver makes it: readying a weapon, reloading a bow,
discarding the shield (seed 002's DX roll in close combat, Fast-Draw, B194).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.plans import PlanStep
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps.attack import reload_turns
from timedcombat.systems.gurps.checking import roll3
from timedcombat.systems.gurps.events import Ready
from timedcombat.systems.gurps.rolls import mods, success_roll
from timedcombat.systems.gurps.rules import BASIC
from timedcombat.systems.gurps.traits import fast_draw_skill

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

RELOADING = "reloading"  # a gurps.ready result: a bow with Ready maneuvers still to go


def ready_step(ctx: Context, f: Fighter, step: PlanStep) -> bool:
    """Ready a weapon, reload a bow, or discard the shield. In close combat (seed 002) a
    DX roll first (the shield's -DB after the first turn there, shock, grappled): failure
    wastes the maneuver; with Fast-Draw, its roll after a successful DX roll readies the
    weapon with no maneuver spent. Outside close combat a Fast-Draw roll does the same
    (B194); a failed one leaves the Ready maneuver to ready it."""
    discard = step.discard is not None
    if discard:
        item = f.shield.name if f.shield is not None else "shield"
        weapon = None
    else:
        weapon = f.weapon_named(step.weapon or "") or f.ready
        item = weapon.name
    dx = None
    if f.in_cc:
        dx = success_roll(roll3(ctx), f.stats.dx, f.dx_mods())
    fast = None
    skill = fast_draw_skill(f.stats, weapon) if weapon is not None else None
    if skill is not None and (dx is None or dx.success):
        fm = mods(("shock", f.shock), ("grappled", BASIC.grappled_dx if f.grappled else 0),
                  ("shield_in_close_combat",
                   ccr.shield_dx_penalty(f.shield_db, f.cc_turns)
                   if f.in_cc and ctx.rules.shield_penalty_dx_skills else 0))
        fast = success_roll(roll3(ctx), skill, fm)
    if discard:
        result = ccr.READY if dx is None or ccr.discard_shield(dx) else ccr.WASTED
    elif dx is not None:
        result = ccr.ready_in_close_combat(dx, fast).result
    else:
        result = ccr.READY_FREE if fast is not None and fast.success else ccr.READY
    if not discard and weapon is f.ready and weapon.ranged and f.reload_left \
            and result != ccr.WASTED:
        # reloading: Ready maneuvers, one saved by a successful Fast-Draw (Arrow)
        needed = reload_turns(weapon, fast is not None and fast.success)
        f.reload_left = max(0, min(f.reload_left - 1, needed - 1))
        result = ccr.READY if not f.reload_left else RELOADING
    _log_ready(ctx, f, item, result, dx, fast, discard)
    if result == ccr.WASTED:
        return True
    if discard:
        f.stats = attrs.evolve(f.stats, shield=None)
    elif weapon is not None and weapon is not f.ready:
        if not f.ready.unarmed:
            f.carried.append(f.ready)
        f.carried.remove(weapon)
        f.ready = weapon
        f.reload_left = 0
    f.unready = False
    if result == ccr.READY_FREE:
        f.free_ready = True
    return True


def _log_ready(ctx: Context, f: Fighter, item: str, result: str, dx: Any, fast: Any,
               discard: bool) -> None:
    ctx.emit(Ready, actor=f.id, weapon=item, result=result, close_combat=f.in_cc,
             faces=dx.faces if dx else None, roll=dx.roll if dx else None,
             effective=dx.target if dx else None, modifiers=dx.modifiers if dx else (),
             fast_draw_faces=fast.faces if fast else None,
             fast_draw_roll=fast.roll if fast else None,
             fast_draw_effective=fast.target if fast else None,
             discard=True if discard else None,
             fast_draw_skill=fast.base if fast else None,
             fast_draw_modifiers=fast.modifiers if fast else None)



__all__ = ["RELOADING", "ready_step"]
