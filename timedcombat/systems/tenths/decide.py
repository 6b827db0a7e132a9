"""Deciding a figure's next step: an owed answer to a closing action first, then the
plan's head when it applies now, else its policy's choice. Pure choice: the step is
performed by the figure's process (:data:`.actions.ACTIONS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.hexmap import distance
from timedcombat.systems.tenths import closing, plans
from timedcombat.systems.tenths.events import PlanSkip
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.plans import ANYTIME_ACTIONS
from timedcombat.systems.tenths.rules import CLOSING_ACTIONS

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context


def decide(ctx: Context, f: Fighter) -> Step:
    """The next action: an owed answer to a closing action first, then the plan's head
    when it applies now, else the policy's. (A plan step skipped, and logged, hands on
    to the next one: a loop, not recursion, however long the plan.)"""
    step = _decide_once(ctx, f)
    while step is None:
        step = _decide_once(ctx, f)
    return step


def _decide_once(ctx: Context, f: Fighter) -> Step | None:
    """:meth:`decide`'s one look at the fighter; ``None``: a plan step was skipped,
    look again."""
    step: Step | None  # (a policy's answer: Combatant.policy is Any)
    if f.approaches:
        answer = closing.owed_answer(ctx, f)
        if answer is not None:
            return answer
    plan, i = f.plan, f.plan_index
    head = plan[i] if i < len(plan) else None  # (f.plan_head, without the property's call)
    if head is not None and head.action in ANYTIME_ACTIONS:
        step = plans.plan_step(ctx, f, head)
        if step is not None:
            f.pop_plan()
            return step
        return None  # skipped (logged): look at the next one
    if f.defend_targets is not None:
        step = f.policy.defending(ctx, f)
        return step
    t = f.target
    if t is None or not t.able:
        return find_target(ctx, f)
    if f.engaged:
        # in combat (with the target or anyone): no closing action before a break-off;
        # a new target is struck with ordinary blows once in reach
        if head is not None:
            if head.action == "attack":
                f.pop_plan()
                step = f.policy.combat(ctx, f, t)
                return step
            if head.action in CLOSING_ACTIONS:
                ctx.emit(PlanSkip, actor=f.id, name=head.action, index=f.pop_plan(),
                         reason="already in combat")
                return None
        step = f.policy.combat(ctx, f, t)
        return step
    if f.block is not None and (head is None or head.action not in CLOSING_ACTIONS):
        return Step("guard")  # holding a blocking position (until its plan closes)
    if ctx.weapon_for(f) is None:
        return f.policy.rearm(ctx, f) or Step("guard")
    if ctx.in_zone(f, t):
        if not ctx.can_attack(f, t) and not ctx.can_step_toward(f, t.at):
            return Step("hemmed")  # no way in: wait for a hex to free up, no futile charge
        if head is not None and head.action in CLOSING_ACTIONS:
            if too_far_for(ctx, f, t, head.action):
                return Step("move", target=t.id, mode="walk")  # close enough first
            f.pop_plan()
            return Step(head.action, target=t.id, closing=True)
        kind = f.policy.closing(ctx, f, t)
        if kind is None:
            return Step("guard")  # this policy does not initiate: it waits to answer
        return Step(not_futile(ctx, f, t, kind), target=t.id, closing=True)
    if head is not None and head.action in ("attack", "defend", "charge"):
        return Step("move", target=t.id, mode="walk")  # the plan closes: go there first
    step = f.policy.approach(ctx, f, t)
    return step


def not_futile(ctx: Context, f: Fighter, t: Fighter, kind: str, instead: str | None = None) -> str:
    """No policy loops without progress: after a closing exchange with ``t`` in which
    nobody attacked, a Wait, Defend or Avoid against it becomes an attacking closing
    action (``instead``, or Attack / Charge by distance)."""
    if f.futile != t.id or kind not in ("wait", "defend", "avoid") \
            or f.defend_targets is not None or f.block is not None:
        return kind  # (defending only it does not attack; a blocker's block is its answer)
    if instead is not None:
        return instead
    return "charge" if distance(f.at, t.at) >= ctx.reach(f) + 2 else "attack"


def too_far_for(ctx: Context, f: Fighter, t: Fighter, kind: str) -> bool:
    """A scripted Attack or Defend (one move) or Charge (two) would end out of range of
    ``t``, and a plain step closer brings nobody in range: walk that step first."""
    moves = {"attack": 1, "defend": 1, "charge": 2}.get(kind)
    if moves is None or distance(f.at, t.at) <= ctx.reach(f) + moves:
        return False
    nxt = ctx.step_toward(f, t.at)
    return nxt is not None and ctx.enters_range(f, nxt) is None


def find_target(ctx: Context, f: Fighter) -> Step:
    """No target (none yet, or it fell): choosing one takes a reaction time."""
    if not f.aware:
        return Step("guard")
    head = f.plan_head
    pick = None
    if head is not None and head.target is not None:
        cand = ctx.fighters.get(head.target)
        pick = cand if cand is not None and cand.able else None
    pick = pick or f.policy.choose_target(ctx, f) or \
        ctx.nearest_enemy(f, visible=f.block is not None)
    if pick is None or not ctx.can_target(f, pick):
        return Step("guard")
    reason = "new target" if f.target is not None or ctx.env.now > 0 \
        else "no target in front"
    return Step("react", target=pick.id, reason=reason)
