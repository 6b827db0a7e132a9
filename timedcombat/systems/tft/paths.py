"""Routes over the hex map for the movement phase: the shortest way through free hexes to
any of some goal hexes, where a hex in an enemy's front (entering it engages the mover, who
must stop) can only be the last of the route.

Breadth-first, neighbours in direction order, so the route is deterministic. The search
stays within ``min(distance to the nearest goal, reach) + SEARCH_MARGIN`` hexes of the
start, where ``reach`` is what the figure may move this turn: the work is bounded by its
MA, never by the map, so a figure a million hexes away costs what a near one does (issue
20). When no goal can be reached within the search radius, the route leads to the reached
hex nearest a goal: a far figure walks straight at its foes, its MA a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from timedcombat.hexmap import Hex, distance

SEARCH_MARGIN = 6
"""How many hexes beyond the straight distance to the nearest goal (or beyond the figure's
reach, when that is shorter) a route may stray."""


def route(start: Hex, goals: Collection[Hex], free: Callable[[Hex], bool],
          stops: Callable[[Hex], bool], reach: int) -> list[Hex]:
    """The hexes to step through from ``start`` (not included) to the nearest goal.

    ``free(h)``: a figure may stand on ``h``; ``stops(h)``: entering ``h`` ends the move
    (it is not expanded); ``reach``: the hexes the figure may move (a route of at most
    ``reach`` steps is always found when there is one). Empty when ``start`` is a goal, or
    when nothing reachable is nearer a goal than ``start``.
    """
    goal_set = set(goals)
    if not goal_set or start in goal_set:
        return []

    sq, sr = start
    beside = ((sq + 1, sr), (sq + 1, sr - 1), (sq, sr - 1), (sq - 1, sr), (sq - 1, sr + 1),
              (sq, sr + 1))
    for n in beside:  # a goal beside the start: the search's first find, in its order
        if n in goal_set and free(n):
            return [n]
    start_d = min(distance(start, g) for g in goal_set)
    radius = min(start_d, max(0, reach)) + SEARCH_MARGIN
    parent: dict[Hex, Hex | None] = {start: None}  # (in the order the hexes were reached)
    frontier = [start]
    found: Hex | None = None
    while frontier and found is None:
        nxt: list[Hex] = []
        for h in frontier:
            if h != start and stops(h):
                continue
            q, r = h
            for n in ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1),
                      (q, r + 1)):  # (neighbours and distance written out: the hot loop)
                if n in parent:
                    continue
                dq = n[0] - sq
                dr = n[1] - sr
                if dq >= 0:
                    d = dq + dr if dr >= 0 else (dq if dq >= -dr else -dr)
                else:
                    d = -dq - dr if dr <= 0 else (dr if dr >= -dq else -dq)
                if d > radius or not free(n):
                    continue
                parent[n] = h
                if n in goal_set:
                    found = n
                    break
                nxt.append(n)
            if found is not None:
                break
        frontier = nxt
    end = found if found is not None else _nearest_reached(parent, start, goal_set, start_d)
    path: list[Hex] = []
    cur: Hex | None = end
    while cur is not None and cur != start:
        path.append(cur)
        cur = parent[cur]
    path.reverse()
    return path


def _nearest_reached(parent: dict[Hex, Hex | None], start: Hex, goals: Collection[Hex],
                     start_d: int) -> Hex:
    """No goal reached: the first reached hex (search order) nearest a goal, if nearer
    than ``start`` (worked out only then: most searches reach a goal). A hex whose distance
    to one goal, less the goals' spread around it, is no better than the best so far is
    passed over on that one distance (a far search reaches many hexes)."""
    goal_list = list(goals)
    g0 = goal_list[0]
    spread = max(distance(g0, g) for g in goal_list)
    best, best_d = start, start_d
    for h in parent:
        if distance(h, g0) - spread >= best_d:
            continue
        d = min(distance(h, g) for g in goal_list)
        if d < best_d:
            best, best_d = h, d
    return best


__all__ = ["SEARCH_MARGIN", "route"]
