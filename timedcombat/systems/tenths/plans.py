"""Scripted plans: whether the head of a combatant's plan can be carried out now.

A plan action the rules do not allow at the moment its turn comes is skipped and
logged (``tenths.plan_skip``); one that needs something first (a weapon lying in another
hex) makes the combatant do that first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.systems.tenths import arms
from timedcombat.systems.tenths.events import PlanSkip
from timedcombat.systems.tenths.fighter import Fighter, Step

if TYPE_CHECKING:
    from timedcombat.plans import PlanStep
    from timedcombat.systems.tenths.context import Context

# Plan actions taken whenever they come up (the rest wait for closing or for combat).
ANYTIME_ACTIONS = frozenset(
    {"move", "target", "defend_only", "block", "draw", "sheathe", "drop", "pick_up", "style"}
)


def plan_step(ctx: Context, f: Fighter, head: PlanStep) -> Step | None:
    """The step for ``head`` now, or None after logging why it is skipped. A step that
    needs a walk first is returned without the plan moving on (``plan_index`` unset)."""
    why = _not_now(ctx, f, head)
    if why is not None:
        ctx.emit(PlanSkip, actor=f.id, name=head.action, index=f.pop_plan(), reason=why)
        return None
    a = head.action
    if a == "move":
        target = f.target.id if f.target is not None else None
        return Step("move", target=target, to=head.to, mode=head.mode or "walk")
    if a == "pick_up":
        at = f.at
        if not any(w.name == head.weapon for w in ctx.map.ground.get(at, ())):
            where = weapon_on_ground(ctx, head.weapon)
            assert where is not None
            f.plan_index -= 1  # go there first, then pick it up
            return Step("move", to=where, mode="walk")
        return Step("pick_up", weapon=head.weapon)
    if a == "target":
        return Step("target", target=head.target)
    if a == "defend_only":
        return Step("defend_only", targets=head.targets)
    if a == "block":
        return Step("block", position=head.position)
    if a == "style":
        return Step("style", style=head.style)
    return Step(a, weapon=head.weapon)  # draw, sheathe, drop


def weapon_on_ground(ctx: Context, name: str | None) -> tuple[int, int] | None:
    for at, items in sorted(ctx.map.ground.items()):
        if any(w.name == name for w in items):
            return at
    return None


def _not_now(ctx: Context, f: Fighter, head: PlanStep) -> str | None:
    a = head.action
    names_in_hand = [w.name for w in f.hand]
    if a == "target":
        t = ctx.fighters[head.target]
        if not t.able:
            return f"{t.id} is out of the fight"
        if f.target is t and f.defend_targets is None:
            return f"{t.id} is already the target"
        if not ctx.can_target(f, t):
            return f"{t.id} is at its back and a blocker keeps its facing"
    elif a == "defend_only":
        targets = head.targets or ()
        if len(targets) != 2 or any(not ctx.fighters[x].able for x in targets):
            return "needs two targets able to fight"
        if len(ctx.targeting(f)) < 2:
            return "not the target of two or more opponents"
        if ctx.covering(f, tuple(targets)) is None:
            return "cannot have both targets in front (a target cannot be to the back)"
    elif a == "block":
        if not arms.blocks(f):
            return "only a long weapon in hand can block"
        if f.block == head.position:
            return "already in that position"
        if ctx.block_occupied(f, head.position or "centre") is not None:
            return "a blocked hex is occupied"
    elif a == "draw":
        w = next((x for x in f.sheathed if x.name == head.weapon), None)
        if w is None:
            return f"{head.weapon} is not in its sheath"
        if arms.free_hands(f) < w.hands:
            return "no free hand"
    elif a in ("sheathe", "drop"):
        if head.weapon not in names_in_hand:
            return f"{head.weapon} is not in hand"
    elif a == "pick_up":
        if weapon_on_ground(ctx, head.weapon) is None:
            return f"no {head.weapon} lies on the ground"
        if head.weapon in names_in_hand:
            return f"already holds a {head.weapon}"  # two of one name could not be told apart
        if arms.free_hands(f) < 1:
            return "no free hand"
    elif a == "style":
        if len(f.hand) != 2 or any(w.hands != 1 for w in f.hand):
            return "needs two single-handed weapons in hand"
        if f.style == head.style:
            return f"already fighting {head.style}"
    elif a == "move" and head.to is not None and head.to == f.at:
        return "already there"
    return None
