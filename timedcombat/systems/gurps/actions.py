"""The ``gurps`` action table: each word of the plan vocabulary and its handler.

:data:`ACTIONS` maps every plan word to ``handler(ctx, fighter, step)``. A maneuver's
handler lays the maneuver out in steps (a :class:`~.layout.Layout`: each hex moved, each
attack, a ready, a contest ...) that the fighter's process performs at their tenths
(:func:`.engine.perform`); the steps act when their tenth comes, on the
:class:`~.context.Context`. ``retreat`` is no maneuver (:data:`FREE_ACTIONS`): its handler
readies the next active defence's retreat and returns None, and the driver takes the next
plan step. Before a handler runs, :func:`.refusals.refusal` has said the step may be
taken now.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import attrs

from timedcombat.hexmap import distance
from timedcombat.plans import PlanStep
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import closing, melee, moving, wrestling
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps.attack import attacks_allowed
from timedcombat.systems.gurps.evading import evade
from timedcombat.systems.gurps.events import AttackLost
from timedcombat.systems.gurps.layout import (
    MOVE,
    OTHER,
    Layout,
    Step,
    plan_route,
    step_in,
    steps_of,
    target_of,
)
from timedcombat.systems.gurps.readying import ready_step
from timedcombat.systems.gurps.rules import KNEELING, PRONE, STANDING
from timedcombat.systems.gurps.slamming import slam_step
from timedcombat.systems.gurps.stats import PLAN_ACTIONS
from timedcombat.systems.gurps.traits import step_hexes
from timedcombat.systems.gurps.weapons import attack_choice, can_strike

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

@attrs.define
class WaitOrder:
    """A Wait's trigger: attack ``target`` (with ``weapon``) once he is within reach."""

    target: str
    weapon: str | None = None


Handler = Callable[["Context", "Fighter", PlanStep], "Layout | None"]
"""``handler(ctx, fighter, step)``: the maneuver laid out (None: no maneuver)."""


def move(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Move: full Move hex by hex to ``to`` (or into the target's hex), paying points."""
    allow = mv.allowance("move", f.move)
    legs = plan_route(ctx, f, step, target_of(ctx, step), "move", allow)
    return Layout("move", allow, None, tuple(steps_of(ctx, f, legs)))


def step(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Step: one hex (into a foe's hex: close combat)."""
    allow = step_hexes(f.move)
    legs = plan_route(ctx, f, step, target_of(ctx, step), "step", allow)
    return Layout("step", allow, None, tuple(steps_of(ctx, f, legs, "step")))


def move_and_attack(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Move and Attack: full Move towards the target, then one attack."""
    t = target_of(ctx, step)
    assert t is not None
    allow = mv.allowance("move_and_attack", f.move)
    weapon = f.weapon_named(step.weapon) if step.weapon else f.ready
    legs = plan_route(ctx, f, step, t, "move_and_attack", allow, weapon)
    steps = steps_of(ctx, f, legs) + [Step(OTHER, lambda: melee.attack_step(
        ctx, f, t, step.weapon, maneuver="move_and_attack"))]
    return Layout("move_and_attack", allow, None, tuple(steps))


def all_out_attack(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """All-Out Attack: half Move forward, then its attacks (two with ``double``)."""
    t = target_of(ctx, step)
    assert t is not None
    option = step.option or "determined"
    allow = mv.allowance("all_out_attack", f.move)
    weapon = f.weapon_named(step.weapon) if step.weapon else f.ready
    legs = plan_route(ctx, f, step, t, "all_out_attack", allow, weapon)
    steps = steps_of(ctx, f, legs)
    for _ in range(attacks_allowed("all_out_attack", option)):
        steps.append(Step(OTHER, lambda: melee.attack_step(ctx, f, t, step.weapon,
                                                           maneuver="all_out_attack",
                                                           option=option)))
    return Layout("all_out_attack", allow, option, tuple(steps))


def attack(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Attack: a step and one attack. In close combat: with a C weapon on a foe in the
    hex, the attack and then (``to``) a step to one's own side; otherwise a step out to
    one's side first and then a reach-1 attack (seed 002). Outside: a step (to ``to``, or
    towards the target when he is out of reach: into his hex for a C weapon) and the
    attack."""
    t = target_of(ctx, step)
    assert t is not None
    allow = step_hexes(f.move)
    hit = Step(OTHER, lambda: melee.attack_step(ctx, f, t, step.weapon, maneuver="attack"))
    if f.in_cc:
        exits = closing.exits(ctx, f)
        if t.at == f.at and attack_choice(f, t, step.weapon) is not None:
            after = [step.to] if step.to in exits else []
            return Layout("attack", allow, None, (hit, *[
                Step(MOVE, partial(_step_after_attack, ctx, f, h)) for h in after]))
        out = [h for h in exits if distance(h, t.at) <= 1] if step.to is None else \
            [step.to] if step.to in exits else []
        if not out:
            return Layout("attack", allow, None, (hit,))
        leg = moving.Leg(out[0], f.facing)
        out_hit = Step(OTHER, lambda: melee.attack_step(ctx, f, t, step.weapon,
                                                        maneuver="attack", stepped_out=True))
        return Layout("attack", allow, None, (
            Step(MOVE, lambda: moving.move_into(ctx, f, leg, "step")), out_hit))
    if step.to is not None:
        legs = moving.legs(ctx, f, moving.to_hex(ctx, f, step.to), "attack", allow)
    elif attack_choice(f, t, step.weapon) is None:
        weapon = f.weapon_named(step.weapon) if step.weapon else f.ready
        legs = plan_route(ctx, f, step, t, "attack", allow, weapon) if weapon else []
    else:
        legs = []
    return Layout("attack", allow, None, (*steps_of(ctx, f, legs, "step"), hit))


def _step_after_attack(ctx: Context, f: Fighter, h: tuple[int, int]) -> bool:
    """Seed 002: after a close-combat attack, a step that ends in one of the three hexes
    on his side."""
    cc = ctx.cc.get(f.at)
    if cc is None or f.id not in cc or not ccr.step_after_attack(cc, f.id, h, f.grappled):
        return False
    return moving.move_into(ctx, f, moving.Leg(h, f.facing), "step")


def ready(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Ready: a weapon, a bow's reload or the shield's discard (:mod:`.readying`)."""
    return Layout("ready", 0, None, (Step(OTHER, lambda: ready_step(ctx, f, step)),))


def all_out_defense(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """All-Out Defense: its option, and a step to ``to`` when given."""
    option = step.option or "increased_dodge"
    allow = mv.allowance("all_out_defense", f.move, option)
    legs = []
    if step.to is not None and f.standing and not f.grappled:
        legs = moving.legs(ctx, f, moving.to_hex(ctx, f, step.to), "all_out_defense",
                           allow)
    return Layout("all_out_defense", allow, option, tuple(steps_of(ctx, f, legs, "step")))


def wait(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Wait: attack the target as soon as he is within reach (B366)."""
    def hold() -> bool:
        t = target_of(ctx, step)
        if t is not None and t.able and can_strike(f, t, step.weapon):
            # the trigger ("the target within reach") is met already: the attack at once,
            # not at whatever step of anyone's comes next
            melee.wait_attack(ctx, f, t, step.weapon)
            return True
        f.wait_order = WaitOrder(step.target, step.weapon)
        ctx.waiters.append(f)
        return True

    return Layout("wait", 0, None, (Step(OTHER, hold),))


def aim(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Aim: one more turn of aim at the target (B364)."""
    def take_aim() -> bool:
        if f.aim_target == step.target:
            f.aim_turns += 1
        else:
            f.aim_target, f.aim_turns = step.target, 1
        return True

    return Layout("aim", 0, None, (Step(OTHER, take_aim),))


def grapple(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Grapple (an Attack): a step into his hex when beside it, then the grab."""
    t = target_of(ctx, step)
    assert t is not None

    def grab() -> bool:
        if not t.able or t.at != f.at:
            ctx.emit(AttackLost, actor=f.id, target=t.id,
                     reason="target out" if not t.able else "out of reach")
            return True
        entering = f.entered and not f.entering_used
        f.entering_used = f.entering_used or f.entered
        wrestling.grapple(ctx, f, t, entering)
        return True

    return Layout("attack", step_hexes(f.move), None, (*step_in(ctx, f, t), Step(OTHER, grab)))


def cooperative(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Takedown or pin (an Attack): his part in this turn's attempt (:class:`.wrestling.Coop`)."""
    t = target_of(ctx, step)
    assert t is not None
    kind = step.action

    def act() -> bool:
        if wrestling.can_join(ctx, f, kind, t) is not None:
            ctx.coop.drop(f)
            ctx.emit(AttackLost, actor=f.id, target=t.id, reason="cannot join")
            return True
        f.attacked_this_turn = True
        ctx.coop.act(f, kind, t.id)
        return True

    into = [] if ctx.rules.adjacent_joins_close_combat else step_in(ctx, f, t)
    return Layout("attack", step_hexes(f.move), None, (*into, Step(OTHER, act)))


def break_free(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Break free (an Attack): a Quick Contest against one holder."""
    def go() -> bool:
        if f.grappled:
            wrestling.break_free(ctx, f, step.target)
        return True

    return Layout("attack", 0, None, (Step(OTHER, go),))


def slam(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Slam (B371): a Move and Attack (or All-Out Attack) run at the target, the slam when
    he is reached."""
    t = target_of(ctx, step)
    assert t is not None
    via = step.via or "move_and_attack"
    allow = mv.allowance(via, f.move)
    path = moving.approach(ctx, f, t, 1, enter=False) if distance(f.at, t.at) > 1 else []
    legs = moving.legs(ctx, f, path, via, allow)
    steps = steps_of(ctx, f, legs)
    steps.append(Step(OTHER, lambda: slam_step(ctx, f, t, via)))
    return Layout(via, allow, "determined" if via == "all_out_attack" else None, tuple(steps))


def change_posture(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """One posture change a maneuver: lying -> kneeling -> standing (B551)."""
    def change() -> bool:
        goal = step.posture or STANDING
        order = (PRONE, KNEELING, STANDING)
        here, there = order.index(f.posture), order.index(goal)
        if here != there:
            ctx.set_posture(f, order[here + (1 if there > here else -1)])
        return True

    return Layout("change_posture", 0, None, (Step(OTHER, change),))


def do_nothing(ctx: Context, f: Fighter, step: PlanStep) -> Layout:
    """Do Nothing: no step."""
    return Layout("do_nothing")


def retreat(ctx: Context, f: Fighter, step: PlanStep) -> None:
    """Not a maneuver: his next active defence retreats (from ``target``, to ``to``)."""
    f.retreat_next = True
    f.retreat_from, f.retreat_to = step.target, step.to


ACTIONS: dict[str, Handler] = {
    "move": move,
    "step": step,
    "move_and_attack": move_and_attack,
    "all_out_attack": all_out_attack,
    "attack": attack,
    "ready": ready,
    "all_out_defense": all_out_defense,
    "wait": wait,
    "aim": aim,
    "grapple": grapple,
    "takedown": cooperative,
    "pin": cooperative,
    "break_free": break_free,
    "evade": evade,
    "slam": slam,
    "retreat": retreat,
    "change_posture": change_posture,
    "do_nothing": do_nothing,
}
"""Every plan word (:data:`.stats.PLAN_ACTIONS`) and its handler."""


FREE_ACTIONS = frozenset({"retreat"})
"""Plan words that are no maneuver: the driver takes the next plan step after them."""

assert set(ACTIONS) == set(PLAN_ACTIONS)

__all__ = ["ACTIONS", "FREE_ACTIONS", "Handler"]
