"""Routes over the hex map for the movement phase: the shortest way through free hexes to
any of some goal hexes, where a hex in an enemy's front (entering it engages the mover, who
must stop) can only be the last of the route.

Breadth-first, neighbours in direction order, so the route is deterministic. When no goal
can be reached within the search radius, the route leads to the reached hex nearest a goal.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from timedcombat.hexmap import Hex, distance, neighbours

SEARCH_MARGIN = 6
"""How many hexes beyond the straight distance to the nearest goal a route may stray."""


def route(start: Hex, goals: Collection[Hex], free: Callable[[Hex], bool],
          stops: Callable[[Hex], bool]) -> list[Hex]:
    """The hexes to step through from ``start`` (not included) to the nearest goal.

    ``free(h)``: a figure may stand on ``h``; ``stops(h)``: entering ``h`` ends the move
    (it is not expanded). Empty when ``start`` is a goal, or when nothing reachable is
    nearer a goal than ``start``.
    """
    goal_set = set(goals)
    if not goal_set or start in goal_set:
        return []

    def to_goal(h: Hex) -> int:
        return min(distance(h, g) for g in goal_set)

    start_d = to_goal(start)
    radius = start_d + SEARCH_MARGIN
    parent: dict[Hex, Hex | None] = {start: None}  # (in the order the hexes were reached)
    frontier = [start]
    found: Hex | None = None
    while frontier and found is None:
        nxt: list[Hex] = []
        for h in frontier:
            if h != start and stops(h):
                continue
            for n in neighbours(h):
                if n in parent or distance(n, start) > radius or not free(n):
                    continue
                parent[n] = h
                if n in goal_set:
                    found = n
                    break
                nxt.append(n)
            if found is not None:
                break
        frontier = nxt
    end = found if found is not None else _nearest_reached(parent, start, start_d, to_goal)
    path: list[Hex] = []
    h: Hex | None = end
    while h is not None and h != start:
        path.append(h)
        h = parent[h]
    path.reverse()
    return path


def _nearest_reached(parent: dict[Hex, Hex | None], start: Hex, start_d: int,
                     to_goal: Callable[[Hex], int]) -> Hex:
    """No goal reached: the first reached hex (search order) nearest a goal, if nearer
    than ``start`` (worked out only then: most searches reach a goal)."""
    best, best_d = start, start_d
    for h in parent:
        d = to_goal(h)
        if d < best_d:
            best, best_d = h, d
    return best


__all__ = ["SEARCH_MARGIN", "route"]
