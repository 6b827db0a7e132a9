"""Where ``tft`` figures stand and how they move on the map, as functions over the
:class:`~timedcombat.systems.tft.context.Context`: who engages whom, a figure's state,
front hexes and arcs, the hexes to step out to, and the moves themselves (each logged as a
core ``move``).

Engagement is :func:`~timedcombat.systems.tft.movement.engages` (pure) applied to the
figures where they stand; routes are :func:`~timedcombat.systems.tft.paths.route`.
"""

from __future__ import annotations

from collections.abc import Iterable

from timedcombat import events as core
from timedcombat.hexmap import FACINGS, Hex, distance, facing_towards, neighbour, neighbours
from timedcombat.systems.tft import paths
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.fighter import Fighter
from timedcombat.systems.tft.movement import (
    DISENGAGED,
    DOWN,
    ENGAGED,
    IN_HTH,
    arc_from,
    engages_from,
    front_of,
)

# ------------------------------------------------------------------ where things are


def engagers(ctx: Context, f: Fighter) -> list[Fighter]:
    """The able enemies that engage ``f`` where it stands (``f`` adjacent, in their front
    hexes, they standing and not in HTH), in order of action. (Only an adjacent enemy
    can engage: the others are passed over before their front is asked.)"""
    here = f.at
    out = [o for o in ctx.enemies(f)
           if distance(o.at, here) == 1 and engages_from(o.at, o.facing, o.posture,
                                                          o.in_hth, here)]
    rank = ctx.rank
    return sorted(out, key=lambda o: rank.get(o.id, o.index))


def engaged_at(ctx: Context, f: Fighter, h: Hex) -> bool:
    """``f`` would be engaged standing on ``h``."""
    return any(distance(o.at, h) == 1 and engages_from(o.at, o.facing, o.posture, o.in_hth, h)
               for o in ctx.enemies(f))


def front_hexes(ctx: Context, f: Fighter) -> frozenset[Hex]:
    """The hexes where ``f`` would be engaged (``engaged_at`` for every hex at once: a
    route search asks for each hex it reaches, and only an enemy's neighbours can
    be)."""
    out: set[Hex] = set()
    for o in ctx.enemies(f):
        out.update(front_of(o.at, o.facing, o.posture, o.in_hth))
    return frozenset(out)


def state_of(ctx: Context, f: Fighter) -> str:
    """``in_hth``, ``down`` (prone), ``engaged`` or ``disengaged``."""
    if f.in_hth:
        return IN_HTH
    if f.prone:
        return DOWN
    return ENGAGED if engagers(ctx, f) else DISENGAGED


def adjacent_enemies(ctx: Context, f: Fighter) -> list[Fighter]:
    return [o for o in ctx.enemies(f) if distance(o.at, f.at) == 1]


def front_enemies(ctx: Context, f: Fighter) -> list[Fighter]:
    """Adjacent able enemies in ``f``'s front hexes (it can strike them)."""
    facing = FACINGS[f.facing]
    return [o for o in adjacent_enemies(ctx, f)
            if arc_from(f.at, facing, o.at) == "front"]


def arc_of(target: Fighter, frm: Hex) -> str:
    """Where ``frm`` lies as ``target`` sees it."""
    return arc_from(target.at, FACINGS[target.facing], frm)


def exit_hex(ctx: Context, f: Fighter, wanted: Hex | None,
             away_from: Iterable[Hex]) -> Hex | None:
    """A free hex next to ``f`` to step out to: ``wanted`` when it is one, else the one
    farthest from ``away_from`` (ties: direction order)."""
    free = ctx.map.free_neighbours(f.at)
    if wanted is not None and wanted in free:
        return wanted
    threats = list(away_from)
    if not free:
        return None
    if not threats:
        return free[0]
    return max(free, key=lambda h: (sum(distance(h, x) for x in threats),
                                    -free.index(h)))


def throw_hex(ctx: Context, thrower: Fighter, thrown: Fighter) -> Hex | None:
    """Where a Judo throw lands the attacker: a free hex next to the thrower, the one
    across from where the attacker stood first, then those nearest to it."""
    i = facing_towards(thrower.at, thrown.at)
    for k in (3, 2, 4, 1, 5):
        h = neighbour(thrower.at, i + k)
        if ctx.map.is_free(h):
            return h
    return None


# ------------------------------------------------------------------ the route


def next_step(ctx: Context, f: Fighter, goals: tuple[Hex, ...]) -> Hex | None:
    """The next hex of ``f``'s move toward ``goals``, the goals of its option (``None``:
    there)."""
    c = f.choice
    assert c is not None
    if not goals or f.at in goals:
        return None
    if c.state == ENGAGED:
        return shift_toward(ctx, f, goals)
    is_free = ctx.map.is_free
    if c.state == DOWN:  # crawling: no engagement to stop it
        path = paths.route(f.at, goals, is_free, lambda h: False, c.hexes)
    else:
        path = paths.route(f.at, goals, is_free, front_hexes(ctx, f).__contains__, c.hexes)
    return path[0] if path else None


def shift_toward(ctx: Context, f: Fighter, goals: Iterable[Hex]) -> Hex | None:
    """A shift: one hex, staying next to every enemy that engages ``f``, closer to a
    goal."""
    engaging = [o.at for o in engagers(ctx, f)]
    goal_list = list(goals)
    here = min(distance(f.at, g) for g in goal_list)
    best: Hex | None = None
    best_d = here
    is_free = ctx.map.is_free
    for h in neighbours(f.at):
        if not is_free(h) or any(distance(h, e) != 1 for e in engaging):
            continue
        d = min(distance(h, g) for g in goal_list)
        if d < best_d:
            best, best_d = h, d
    return best


# ------------------------------------------------------------------ moves


def step(ctx: Context, f: Fighter, to: Hex, mode: str) -> None:
    """One hex of ``f``'s own movement (``mode``: step, shift, crawl), facing the way."""
    here = f.at
    f.facing = facing_towards(here, to)
    ctx.map.move(f.id, to)
    f.at = to
    f.moved += 1
    if ctx.logging:
        ctx.emit(core.Move, actor=f.id, frm=here, to=to, mode=mode, facing=FACINGS[f.facing])
    else:
        ctx.count()  # (every hex stepped: its fields not looked up)


def place(ctx: Context, f: Fighter, to: Hex, mode: str, share: bool = False) -> None:
    """Move ``f`` outside its own movement (into or out of HTH, thrown, disengaging)."""
    here = f.at
    if to == here:
        return
    ctx.map.move(f.id, to, share=share)
    f.at = to
    ctx.emit(core.Move, actor=f.id, frm=here, to=to, mode=mode, facing=FACINGS[f.facing])


def face(ctx: Context, f: Fighter, toward: Hex) -> None:
    """Turn ``f`` to face ``toward`` (logged as a ``move`` of mode ``turn``)."""
    if toward == f.at:
        return
    new = facing_towards(f.at, toward)
    if new != f.facing:
        f.facing = new
        ctx.emit(core.Move, actor=f.id, frm=f.at, to=f.at, mode="turn", facing=FACINGS[new])


def face_focus(ctx: Context, f: Fighter) -> None:
    """At the end of its movement a figure faces its focus, unless that foe already
    stands in one of its front hexes (assumption: facing is free then; figures in HTH
    and prone figures keep theirs)."""
    if f.in_hth or f.prone or f.target is None:
        return
    t = ctx.by_id[f.target]
    if not t.able or t.at == f.at:
        return
    if distance(f.at, t.at) == 1 and arc_from(f.at, FACINGS[f.facing], t.at) == "front":
        return
    face(ctx, f, t.at)


__all__ = ["adjacent_enemies", "arc_of", "engaged_at", "engagers", "exit_hex", "face",
           "face_focus", "front_enemies", "front_hexes", "next_step", "place",
           "shift_toward", "state_of", "step", "throw_hex"]
