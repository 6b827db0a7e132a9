"""Why a plan step cannot be taken now: the driver skips it with ``gurps.plan_skip``.

Seed 002's "you cannot leave the hex until you break free", no free hand to grapple, a
takedown or pin he cannot join, a weapon not ready, a posture he has already, and so on;
the plan's ``retreat`` (no maneuver) only while not grappled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.hexmap import distance
from timedcombat.plans import PlanStep
from timedcombat.systems.gurps import wrestling
from timedcombat.systems.gurps.traits import step_hexes
from timedcombat.systems.gurps.weapons import usable

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

MOVING_ACTIONS = frozenset({"move", "step", "evade", "slam"})
COOP = frozenset({"takedown", "pin"})


def refusal(ctx: Context, f: Fighter, step: PlanStep) -> str | None:
    """Why ``f`` cannot take ``step`` now (None: he can)."""
    a = step.action
    if a == "retreat":  # no maneuver: it readies the next defence's retreat
        return "grappled" if f.grappled else None
    if f.pinned and a not in ("break_free", "do_nothing"):
        return "pinned"
    t = ctx.by_id.get(step.target) if step.target is not None else None
    if t is not None and not t.able:
        return "target out"
    if a in MOVING_ACTIONS:
        if f.grappled:
            return "grappled"
        if not f.standing:
            return "not standing"
    if a in ("attack", "move_and_attack", "all_out_attack", "wait") and step.weapon:
        w = f.weapon_named(step.weapon)
        if w is None:
            return "no such weapon"
        if not usable(f, w):
            return "weapon not ready"
    if a == "attack" and step.to is not None and distance(f.at, step.to) > step_hexes(f.move):
        return "to out of reach"  # an Attack's step (B365), not a walk to a far hex
    if a == "ready":
        return _ready_refusal(f, step)
    if a == "aim":
        w = f.weapon_named(step.weapon) if step.weapon else f.ready
        if w is None or not w.ranged or w is not f.ready or f.reload_left or f.unready:
            return "no ranged weapon ready"
    if a == "grapple":
        assert t is not None
        if f.free_hands() < 1:
            return "no free hand"
        if t.at != f.at and (distance(f.at, t.at) > 1 or f.grappled or not f.standing
                             or f.in_cc):
            return "out of reach"
    if a in COOP:
        assert t is not None
        return wrestling.can_join(ctx, f, a, t)
    if a == "break_free":
        if not f.grappled:
            return "not grappled"
        if step.target is not None and step.target not in f.held_by:
            return "not held by the target"
    if a == "change_posture" and f.posture == step.posture:
        return f"already {step.posture}"
    if a == "slam" and t is not None and t.at == f.at:
        return "in his hex already"
    if a == "evade" and t is not None and t.at == f.at and not f.in_cc:
        return "in his hex already"
    return None


def _ready_refusal(f: Fighter, step: PlanStep) -> str | None:
    if step.discard is not None:
        return None if f.shield is not None else "no shield"
    if f.arm_lame:
        return "arm strained"
    name = step.weapon
    w = f.weapon_named(name) if name else None
    if w is None:
        return "no such weapon"
    if w is f.ready and not f.unready and not (w.ranged and f.reload_left):
        return "already ready"
    if w.hands + (1 if f.shield is not None else 0) > 2:
        return "no free hand"
    return None



__all__ = ["COOP", "MOVING_ACTIONS", "refusal"]
