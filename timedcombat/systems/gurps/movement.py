"""Movement within a maneuver: how far, what a hex costs, leaving and evading (B368, B387).

During Move and Move and Attack each hex costs movement points: ``forward_cost`` into one
of the three front hexes, ``side_back_cost`` into a side or rear hex, and ``turn_cost`` per
hex-side of facing change (parameters). Seed 002 relies on this: leaving a foe's hex through
one's own side "must spend movement points to turn or to sidestep/step back". A step (of
the other maneuvers) is one hex in any direction, with free facing.
"""

from __future__ import annotations

import functools

import attrs

from timedcombat.systems.gurps.rolls import Contest, Modifiers, SuccessRoll, mods, quick_contest
from timedcombat.systems.gurps.rules import (
    BASIC,
    KNEELING,
    MANEUVERS,
    PRONE,
    GurpsRules,
)
from timedcombat.systems.gurps.traits import step_hexes


def hexsides(f: int, g: int) -> int:
    """Hex-sides turned between two facings (0-3)."""
    d = (g - f) % 6
    return min(d, 6 - d)


def is_forward(facing: int, direction: int) -> bool:
    """A move into one of the three front hexes."""
    return hexsides(facing, direction) <= 1


@attrs.frozen
class HexCost:
    """The cheapest way to move one hex: turn first (``facing`` after), then move."""

    cost: int
    facing: int
    turned: int  # hex-sides turned


def hex_cost(facing: int, direction: int, rules: GurpsRules) -> HexCost:
    """Cheapest cost of one hex in ``direction`` during Move: as faced, or after turning
    (ties: the fewest hex-sides turned, then the lower facing index)."""
    return _hex_cost(facing, direction, rules.forward_cost, rules.side_back_cost,
                     rules.turn_cost)


@functools.lru_cache(maxsize=1024)
def _hex_cost(facing: int, direction: int, forward: int, side_back: int,
              turn: int) -> HexCost:
    """:func:`hex_cost` at these costs (remembered: asked for every hex of a Move)."""
    best: HexCost | None = None
    for g in range(6):
        turned = hexsides(facing, g)
        move = forward if is_forward(g, direction) else side_back
        cand = HexCost(turned * turn + move, g, turned)
        if best is None or (cand.cost, cand.turned, cand.facing) < \
                (best.cost, best.turned, best.facing):
            best = cand
    assert best is not None
    return best


def allowance(maneuver: str, move: int, option: str | None = None) -> int:
    """Hexes a maneuver lets its fighter move: full Move, half Move (rounded down, at least a
    step), a step, or none (B363-B366)."""
    kind = MANEUVERS[maneuver].movement
    if kind == "full":
        return move
    if kind == "half_forward":
        return max(step_hexes(move), move // 2)
    if kind == "step":
        return step_hexes(move)
    if kind == "step_or_half":
        return max(step_hexes(move), move // 2) if option in (None, "increased_dodge") \
            else step_hexes(move)
    return 0


def costs_points(maneuver: str) -> bool:
    """Moves paid in movement points (facing and direction matter): Move, Move and Attack.
    All-Out Attack moves forward only; step maneuvers step freely."""
    return MANEUVERS[maneuver].movement == "full"


def forward_only(maneuver: str) -> bool:
    return MANEUVERS[maneuver].movement == "half_forward"


# --------------------------------------------------------------------------- evading


def evade_modifiers(foe_posture: str, approach_arc: str) -> Modifiers:
    """B368 Evading: -5 against a standing foe (-2 kneeling, +5 lying down); +2 coming at
    him from the side, +5 from behind."""
    posture = {PRONE: ("foe_lying", BASIC.evade_lying_foe),
               KNEELING: ("foe_kneeling", BASIC.evade_kneeling_foe)}.get(
        foe_posture, ("foe_standing", BASIC.evade_standing_foe))
    arc = {"side": ("from_side", BASIC.evade_from_side),
           "rear": ("from_behind", BASIC.evade_from_behind)}.get(approach_arc)
    return mods(posture, arc)


@attrs.frozen
class EvadeOutcome:
    """A Quick Contest of DX: the evader passes only if he wins (a tie stops him)."""

    contest: Contest | None  # None: the foe let him pass
    passed: bool


def evade(evader: SuccessRoll | None, foe: SuccessRoll | None) -> EvadeOutcome:
    """Resolve an evade; ``None`` rolls mean the foe chose to let him pass."""
    if evader is None or foe is None:
        return EvadeOutcome(None, True)
    contest = quick_contest(evader, foe)
    return EvadeOutcome(contest, contest.winner == 0)
