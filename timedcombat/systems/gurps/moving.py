"""Movement inside a maneuver: routes over the map, hex-by-hex steps, entering a foe's hex,
evading and slamming (seed 002; B368, B371, B387).

A route is planned when the maneuver starts (nobody else moves during a phase but a
retreating defender); each hex of it is one step of the maneuver, made at its own tenth.
A step that is no longer possible when its tenth comes (a hex now taken) ends the movement
there. Paying for hexes: Move and Move and Attack pay :func:`.movement.hex_cost` points a
hex (turning first); All-Out Attack moves forward only; every other maneuver steps, with
free facing. Moving onto a foe's hex enters close combat there (and stops, unless the
fighter evades); out of a close-combat hex only into the three hexes on one's own side
(the foe's side needs an evade), never while grappled.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from timedcombat import events as ev
from timedcombat.hexmap import (
    FACINGS,
    Hex,
    arc,
    disk,
    distance,
    facing_towards,
    line_choice,
    line_step,
    neighbours,
)
from timedcombat.systems.gurps import closing, halfhex
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps.checking import check, roll3
from timedcombat.systems.gurps.events import Contest
from timedcombat.systems.gurps.rolls import success_roll

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

SEARCH_MARGIN = 8
"""How far beside the straight way a route may go (hexes)."""

FAR = 2 * SEARCH_MARGIN
"""A goal more than a maneuver's allowance and this many hexes away is far: the route is
planned to a waypoint that many hexes out on the straight way instead (a turn's move
takes only the first hexes of a route, and a search to a goal across the map would cost
time and memory in the square of the distance)."""


class Leg(NamedTuple):
    """One hex of a planned route and the facing after moving into it."""

    to: Hex
    facing: int
    cost: int = 1  # movement points it takes


def waypoint(start: Hex, toward: Hex, steps: int) -> Hex:
    """The hex ``steps`` hexes from ``start`` on the straight way to ``toward`` (walls and
    figures aside)."""
    here = start
    for _ in range(min(steps, distance(start, toward))):
        step = line_step(here, toward, neighbours(here))
        assert step is not None
        here = step
    return here


def route(ctx: Context, f: Fighter, goals: Iterable[Hex], toward: Hex,
          first: Iterable[Hex] | None = None, horizon: int | None = None) -> list[Hex]:
    """A shortest way of free hexes from ``f`` to one of ``goals`` (a goal may be a foe's
    hex, entered at the end), keeping near the straight line to ``toward``; ``first``
    limits the first hex (leaving a close-combat hex). Empty when there is none.
    ``horizon``: the hexes the maneuver may take (by default a full Move); a goal farther
    than it by more than :data:`FAR` is replaced by a waypoint on the way, so the search
    stays near the figure."""
    start = f.at
    if horizon is None:
        horizon = f.move
    if distance(start, toward) > horizon + FAR:
        goals = [waypoint(start, toward, horizon + SEARCH_MARGIN)]
        reach = horizon + 2 * SEARCH_MARGIN
    else:
        reach = distance(start, toward) + SEARCH_MARGIN
    goal_set = {g for g in goals if g != start}
    if not goal_set:
        return []
    dist = _levels(ctx, start, goal_set, reach, first is None)
    if start not in dist and first is None:
        return []
    free = ctx.map.is_free
    path: list[Hex] = []
    here = start
    if first is not None:  # leaving a close-combat hex: only by these
        opening = [h for h in first if h in dist and (h in goal_set or free(h))]
        if not opening:
            return []
        least = min(dist[h] for h in opening)
        step = line_step(here, toward, [h for h in opening if dist[h] == least])
        assert step is not None
        path.append(step)
        here = step
    tq, tr = toward
    while dist[here] > 0:
        level = dist[here] - 1
        among = 0
        for i, n in enumerate(neighbours(here)):
            if dist.get(n, -1) == level and (n in goal_set or free(n)):
                among |= 1 << i
        off = line_choice(tq - here[0], tr - here[1], among) if among else None
        if off is None:
            break
        here = (here[0] + off[0], here[1] + off[1])
        path.append(here)
    return path


def _levels(ctx: Context, start: Hex, goal_set: set[Hex], reach: int, stop: bool) \
        -> dict[Hex, int]:
    """Steps to the nearest goal of every hex a breadth-first search from the goals
    reaches over free hexes within ``reach`` of ``start`` (a goal may be taken: a foe's
    hex); with ``stop``, the search ends at ``start``, every nearer level complete.
    Written out (neighbours, distance, a free hex): it is the hottest loop of a route."""
    dist: dict[Hex, int] = dict.fromkeys(goal_set, 0)
    sq, sr = start
    if stop and not goal_set.isdisjoint(((sq + 1, sr), (sq + 1, sr - 1), (sq, sr - 1),
                                         (sq - 1, sr), (sq - 1, sr + 1), (sq, sr + 1))):
        dist[start] = 1  # a goal beside the start: level 0 is all the way back needs
        return dist
    queue = deque(sorted(goal_set))
    walls, taken = ctx.map.walls, ctx.map.occupied
    pop, push = queue.popleft, queue.append
    while queue:
        h = pop()
        if h == start:
            continue  # (only when not ``stop``: the way out is chosen by the caller)
        q, r = h
        level = dist[h] + 1
        for n in ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1),
                  (q, r + 1)):
            if n in dist:
                continue
            dq = n[0] - sq
            dr = n[1] - sr
            if dq >= 0:
                d = dq + dr if dr >= 0 else (dq if dq >= -dr else -dr)
            else:
                d = -dq - dr if dr <= 0 else (dr if dr >= -dq else -dq)
            if d > reach:
                continue
            if d == 0:
                dist[n] = level
                if stop:
                    return dist
                push(n)
                continue
            if n in taken or n in walls:
                continue
            dist[n] = level
            push(n)
    return dist


def legs(ctx: Context, f: Fighter, path: list[Hex], maneuver: str, allowance: int) -> list[Leg]:
    """The hexes of ``path`` that ``maneuver``'s allowance pays for, with the facing after
    each: movement points for Move and Move and Attack (turn first, then move), forward
    hexes only for All-Out Attack, otherwise steps (facing unchanged)."""
    out: list[Leg] = []
    facing = f.facing
    here = f.at
    left = allowance
    for h in path:
        direction = halfhex.side_towards(here, h)
        if mv.costs_points(maneuver):
            cost = mv.hex_cost(facing, direction, ctx.rules)
            if cost.cost > left:
                break
            left -= cost.cost
            facing = cost.facing
            out.append(Leg(h, facing, cost.cost))
            here = h
            continue
        else:
            if left < 1:
                break
            if mv.forward_only(maneuver):
                if not mv.is_forward(facing, direction):
                    break
                facing = direction
            left -= 1
        out.append(Leg(h, facing))
        here = h
    return out


def stop_when_within(path: list[Hex], target: Hex, within: int) -> list[Hex]:
    """``path`` cut at the first hex at most ``within`` hexes from ``target``."""
    for i, h in enumerate(path):
        if distance(h, target) <= within:
            return path[: i + 1]
    return path


def approach(ctx: Context, f: Fighter, t: Fighter, within: int, enter: bool,
             horizon: int | None = None) -> list[Hex]:
    """A route towards ``t``: into his hex (``enter``) or to a free hex at most ``within``
    hexes from him (``horizon``: see :func:`route`)."""
    first = closing.exits(ctx, f) if f.in_cc else None
    if enter:
        return route(ctx, f, [t.at], t.at, first, horizon)
    if distance(f.at, t.at) <= within and not f.in_cc:
        return []
    goals = [h for h in disk(t.at, within) if h != t.at and ctx.map.is_free(h)]
    return route(ctx, f, goals, t.at, first, horizon)


def to_hex(ctx: Context, f: Fighter, to: Hex, horizon: int | None = None) -> list[Hex]:
    """A route to the hex ``to`` (as near as it goes when a friend stands there)."""
    first = closing.exits(ctx, f) if f.in_cc else None
    if to == f.at:
        return []
    if ctx.map.is_free(to) or closing.foes_in_hex(ctx, f, to):
        return route(ctx, f, [to], to, first, horizon)
    goals = [h for h in neighbours(to) if ctx.map.is_free(h)]
    return route(ctx, f, goals, to, first, horizon)


# --------------------------------------------------------------------------- a step


def can_enter(ctx: Context, f: Fighter, h: Hex, evading: bool = False) -> bool:
    """``f`` may move from where he stands onto the neighbour ``h`` now."""
    if not f.standing or f.grappled or f.pinned or distance(f.at, h) != 1:
        return False
    if h in ctx.map.walls:
        return False
    here = ctx.map.occupants_of(h)
    if here and not closing.foes_in_hex(ctx, f, h):
        return False  # friends only: no room
    if f.in_cc and not evading:
        cc = ctx.cc.get(f.at)
        if cc is not None and f.id in cc and halfhex.needs_evade(cc, f.id, h):
            return False  # through the foe's side: an evade
    return True


def move_into(ctx: Context, f: Fighter, leg: Leg, mode: str, stop: bool = True,
              evading: bool = False, force: bool = False) -> bool:
    """Make one hex of movement. False: the movement ends here (the hex was not free any
    more, or it was a foe's hex: close combat). ``evading``: out through the foe's side
    after a won evade; ``force``: a slammer carried into his target's hex."""
    if force:
        if leg.to in ctx.map.walls or distance(f.at, leg.to) != 1:
            return False
    elif not can_enter(ctx, f, leg.to, evading):
        return False
    frm = f.at
    entering = bool(closing.foes_in_hex(ctx, f, leg.to))
    # stopping in a foe's hex he faces the foe (seed 002), away from his side of entry
    f.facing = halfhex.facing_on_entry(halfhex.side_towards(leg.to, frm)) \
        if entering and stop else leg.facing
    ctx.relocate(f, leg.to, mode)
    f.moved += 1
    f.spent += leg.cost
    if entering and closing.foes_in_hex(ctx, f):  # (nobody came into an empty hex)
        closing.enter(ctx, f, frm, stop=stop)
        return False
    return True


def face(ctx: Context, f: Fighter, t: Fighter) -> None:
    """Turn to face ``t`` (a step maneuver's free facing change), logged as a ``move``
    of mode ``turn``; in the same hex: towards his half."""
    if not t.able or not f.able:
        return
    if t.at == f.at:
        cc = ctx.cc.get(f.at)
        if cc is None or t.id not in cc:
            return
        new = cc.side_of(t.id)
    else:
        new = facing_towards(f.at, t.at)
    turn_to(ctx, f, new)


def face_foe(ctx: Context, f: Fighter, target: str | None) -> None:
    """A step maneuver's free facing change (B368): towards his target, or with none (or
    one out of the fight) towards the foe his policy would pick, the nearest, so that a
    fighter on All-Out Defense or Do Nothing is not left with his back to him. Not while
    pinned."""
    if f.pinned or not f.able:
        return
    t = ctx.by_id.get(target) if target else None
    if t is None or not t.able:
        t = f.policy.target(ctx, f)
    if t is not None and t.able:
        face(ctx, f, t)


def turn_to(ctx: Context, f: Fighter, new: int) -> None:
    """Face ``new`` (a direction index), logged as a ``move`` of mode ``turn`` when it
    changes anything."""

    if new != f.facing:
        f.facing = new
        ctx.emit(ev.Move, actor=f.id, frm=f.at, to=f.at, mode="turn", facing=FACINGS[new])


# --------------------------------------------------------------------------- evading


def evade_contest(ctx: Context, f: Fighter, foe: Fighter, came_from: Hex) -> bool:
    """B368 Evading, seed 002's way through a foe: a Quick Contest of DX (his modifiers
    by the foe's posture and the arc he comes from; the shield's DX penalty in close
    combat). With ``foes_stop_evaders`` off the foe lets him pass. True: he gets past."""
    if not ctx.rules.foes_stop_evaders:
        out = mv.evade(None, None)
        ctx.emit(Contest, actor=f.id, target=foe.id, kind="evade", score=f.stats.dx,
                 target_score=foe.stats.dx, winner=f.id, margin=0, result="passed")
        return out.passed
    approach_arc = arc(foe.at, foe.facing, came_from) if came_from != foe.at else "front"
    mine = mv.evade_modifiers(foe.posture, approach_arc) + f.dx_mods()
    his = foe.dx_mods()
    r1 = success_roll(roll3(ctx), f.stats.dx, mine)
    r2 = success_roll(roll3(ctx), foe.stats.dx, his)
    out = mv.evade(r1, r2)
    check(ctx, f, "evade", r1, "success" if r1.success else "failure", against=foe.id)
    check(ctx, foe, "evade_resist", r2, "success" if r2.success else "failure",
          against=f.id)
    c = out.contest
    assert c is not None
    winner = None if c.winner is None else (f.id if c.winner == 0 else foe.id)
    ctx.emit(Contest, actor=f.id, target=foe.id, kind="evade", score=r1.target,
             target_score=r2.target, winner=winner, margin=c.margin,
             result="passed" if out.passed else "stopped")
    return out.passed


def beyond(at: Hex, came_from: Hex) -> Hex:
    """The hex straight on through ``at`` for one coming from ``came_from``."""
    return (2 * at[0] - came_from[0], 2 * at[1] - came_from[1])
