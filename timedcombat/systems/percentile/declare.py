"""A phase's declaration: a figure's levels after penalties, his actions (plan steps, or
the policy's choice once the plan is spent), their costs and tenths; a rider's Control
roll.

Functions over the :class:`~.context.Context`, called by the figure's process at the
phase's first tenth.
"""

from __future__ import annotations

from typing import Any

from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile.allowed import cost_of, foe_of, not_allowed
from timedcombat.systems.percentile.condition import PhaseLevels, phase_levels, surprised_in
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.costs import RAM, REINS
from timedcombat.systems.percentile.fighter import Decl, Fighter, Intent
from timedcombat.systems.percentile.mount import mount_actions
from timedcombat.systems.percentile.resolve import (
    chance_made,
    control_chance,
    control_per_level,
    resolve_control,
)
from timedcombat.systems.percentile.timing import schedule

Chosen = list[tuple[Intent, int, int]]  # (intent, cost, plan index: -1 the policy's)


def levels_of(ctx: Context, f: Fighter, p: int) -> PhaseLevels:
    """``f``'s MAL and Combat Actions in phase ``p``, his penalties taken off."""
    st = f.stats
    rules = ctx.rules
    return phase_levels(st.mal, st.bat, disabled=tuple(f.disabled), shield=st.shield,
                        holding=st.holding, surprised=surprised_in(p, st.surprised, rules),
                        armed=f.armed, rules=rules)


def declare(ctx: Context, f: Fighter, p: int, t0: int) -> None:
    """The phase's declaration: levels, actions, costs, tenths; a rider's Control roll."""
    f.levels = levels = levels_of(ctx, f, p)
    f.phase = p
    f.decls = []
    budget = levels.budget
    chosen = planned(ctx, f, p, budget) if f.plan_index < len(f.plan) else \
        chosen_by_policy(ctx, f, p, budget)
    slots = tenths(ctx, f, chosen, budget, t0)
    prev: int | None = None
    for i, (intent, cost, index) in enumerate(chosen):
        t = slots[i]
        if intent.action == RAM:
            start = t
        else:
            start = t0 if prev is None else min(prev + 1, t)
            prev = t
        f.decls.append(Decl(i, intent, cost, t, start, index))
    ctx.emit(ev.Declare, actor=f.id, phase=p, mal=levels.mal, budget=levels.budget,
             base_mal=levels.base_mal, base_budget=levels.base_budget,
             penalties=levels.penalties, actions=tuple(d.action for d in f.decls),
             costs=tuple(d.cost for d in f.decls), tenths=tuple(d.t for d in f.decls),
             targets=tuple(d.target or "" for d in f.decls))
    if f.mounted is not None:
        control(ctx, f, p)


def planned(ctx: Context, f: Fighter, p: int, budget: int) -> Chosen:
    """The plan's next steps that fit this phase (those not allowed are skipped, logged);
    hands put on the reins first count for the Control roll."""
    chosen: Chosen = []
    spent = 0
    leading = True
    while f.plan_index < len(f.plan):
        step = f.plan[f.plan_index]
        if step.phase is not None and step.phase > p:
            break
        intent = intent_of(ctx, f, step)
        why = not_allowed(ctx, f, intent, [c[0] for c in chosen])
        cost = 0 if why else cost_of(ctx, f, intent)
        if why is None and cost > budget:
            why = f"costs {cost} Combat Actions; he has {budget} this phase"
        if why is not None:
            ctx.emit(ev.PlanSkip, actor=f.id, name=step.action, index=f.pop_plan(),
                     reason=why)
            continue
        if spent + cost > budget:
            break
        chosen.append((intent, cost, f.pop_plan()))
        spent += cost
        if intent.action == REINS and leading:
            if intent.hands is not None:
                f.reins = intent.hands  # before the Control roll (the example's Derek)
        else:
            leading = False
    return chosen


def chosen_by_policy(ctx: Context, f: Fighter, p: int, budget: int) -> Chosen:
    """The policy's intents that are allowed and fit, in its order."""
    chosen: Chosen = []
    spent = 0
    for intent in f.policy.declare(ctx, f, p, budget):
        cost = cost_of(ctx, f, intent)
        if not_allowed(ctx, f, intent, [c[0] for c in chosen]) is None \
                and spent + cost <= budget:
            chosen.append((intent, cost, -1))
            spent += cost
    return chosen


def tenths(ctx: Context, f: Fighter, chosen: Chosen, budget: int, t0: int) -> dict[int, int]:
    """The tenth each chosen action falls at: the rider's own on his budget, the mount's
    rams on the mount's (:func:`.timing.schedule`)."""
    rules = ctx.rules
    own = [(i, c) for i, (intent, c, _) in enumerate(chosen) if intent.action != RAM]
    slots = {i: s.t for (i, _), s in zip(own, schedule(
        t0, [c for _, c in own], max(budget, 1), rules), strict=True)} if budget else \
        {i: t0 for i, _ in own}
    rams = [i for i, (intent, _, _) in enumerate(chosen) if intent.action == RAM]
    if rams:
        mb = mount_actions(f.stats.horseman)
        for i, s in zip(rams, schedule(t0, [1] * len(rams), mb, rules), strict=True):
            slots[i] = s.t
    return slots


def intent_of(ctx: Context, f: Fighter, step: Any) -> Intent:
    """A plan step as an intent, its target filled in (the one he fights)."""
    action = step.action
    target = step.target
    if target is None and action not in (REINS,):
        foe = foe_of(ctx, f)
        target = foe.id if foe is not None else None
    return Intent(action, target, step.stroke, step.limb, step.kind, step.direction,
                  step.hands, step.phase)


def control(ctx: Context, f: Fighter, p: int) -> None:
    """A rider's Control roll for the phase (d100; on a failure the shying d10)."""
    rules = ctx.rules
    free_hands = 2 - f.reins
    roll = ctx.dice.hundred()
    made = chance_made(roll, control_chance(f.stats.horseman, free_hands), rules)
    shy = None if made else ctx.dice.die(10)
    outcome = resolve_control(f.stats.horseman, free_hands, roll, shy_roll=shy, rules=rules)
    f.controlled = outcome.success
    f.mount_actions = outcome.mount_actions
    f.shy = outcome.shy_hexes
    ctx.emit(ev.Control, actor=f.id, mount=f.mounted, horseman=outcome.horseman,
             free_hands=outcome.free_hands,
             per_level=control_per_level(outcome.free_hands), chance=outcome.chance,
             roll=roll, result="success" if outcome.success else "failure",
             mount_actions=outcome.mount_actions, shy_roll=outcome.shy_roll)


__all__ = ["chosen_by_policy", "control", "declare", "intent_of", "levels_of", "planned",
           "tenths"]
