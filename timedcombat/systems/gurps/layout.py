"""A maneuver laid out in steps: what an action handler returns and the driver performs.

Each hex moved is a ``move`` step, each attack, ready, contest ... an ``other`` step; the
driver (:func:`.engine.perform`) spreads them over the phase with
:func:`.timing.step_tenths` and makes each at its tenth. A ``move`` step returning False
ends the movement, any other ends the maneuver. The helpers here turn a planned route
into steps.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple

from timedcombat.hexmap import Hex, distance
from timedcombat.plans import PlanStep
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps import moving
from timedcombat.systems.gurps.halfhex import side_towards
from timedcombat.systems.gurps.rules import Weapon
from timedcombat.systems.gurps.weapons import reach_of

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

MOVE, OTHER = "move", "other"


class Step(NamedTuple):
    """One step of a maneuver: ``move`` steps end the movement when they return False,
    any other step ends the maneuver then. (Step, :class:`Layout` and
    :class:`.moving.Leg` are made for every maneuver: ``NamedTuple`` records, which cost
    half a frozen attrs record's making.)"""

    kind: str
    run: Callable[[], bool]


class Layout(NamedTuple):
    """A maneuver ready to perform: its name, hexes it allows, option and steps."""

    maneuver: str
    movement: int = 0
    option: str | None = None
    steps: tuple[Step, ...] = ()


def target_of(ctx: Context, step: PlanStep) -> Fighter | None:
    """The fighter a step names (None: it names none)."""
    return ctx.by_id.get(step.target) if step.target else None


def steps_of(ctx: Context, f: Fighter, legs: list[moving.Leg], mode: str = "move") \
        -> list[Step]:
    """A ``move`` step for each hex of a planned route."""
    return [Step(MOVE, partial(moving.move_into, ctx, f, leg, mode)) for leg in legs]


def plan_route(ctx: Context, f: Fighter, step: PlanStep, t: Fighter | None, maneuver: str,
                allowance: int, weapon: Weapon | None = None) -> list[moving.Leg]:
    """The hexes a moving maneuver will take: to ``to``, or towards the target (into his
    hex for a move, or for a weapon that fights there; else to where the weapon
    reaches)."""
    if not f.standing or f.grappled or allowance <= 0:
        return []
    if step.to is not None:
        path = moving.to_hex(ctx, f, step.to, allowance)
    elif t is not None:
        if weapon is None:
            path = moving.approach(ctx, f, t, 0, enter=t.at != f.at, horizon=allowance)
        else:
            if t.at == f.at:
                return []
            reach, enter = reach_of(f, weapon)
            if weapon.ranged:
                return []
            path = moving.approach(ctx, f, t, reach, enter=enter, horizon=allowance)
    else:
        return []
    return moving.legs(ctx, f, path, maneuver, allowance)


def step_in(ctx: Context, f: Fighter, t: Fighter) -> list[Step]:
    """The Attack maneuver's step into the foe's hex (entering close combat), when he
    stands beside it."""
    if t.at == f.at or distance(f.at, t.at) != 1:
        return []
    leg = moving.Leg(t.at, side_towards(f.at, t.at))
    return [Step(MOVE, lambda: moving.move_into(ctx, f, leg, "step"))]


def paid(ctx: Context, f: Fighter, h: Hex) -> moving.Leg:
    """One hex of a Move with its cost in movement points (turning first)."""
    cost = mv.hex_cost(f.facing, side_towards(f.at, h), ctx.rules)
    return moving.Leg(h, cost.facing, cost.cost)



__all__ = ["MOVE", "OTHER", "Layout", "Step", "paid", "plan_route", "step_in", "steps_of",
           "target_of"]
