"""The written-out lookups of the tft driver give what the plain rules give: the route
search and the engagement of enemies (issue 22: the fast path agrees with the general one)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from hypothesis import given
from hypothesis import strategies as st

from timedcombat.hexmap import FACINGS, Hex, distance, neighbours
from timedcombat.systems.tft import paths
from timedcombat.systems.tft.movement import Standing, engages, engages_from, front_of

hexes = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


def reference_route(start: Hex, goals: Collection[Hex], free: Callable[[Hex], bool],
                    stops: Callable[[Hex], bool], reach: int) -> list[Hex]:
    """The search as the module docstring states it, level by level, with no shortcut."""
    goal_set = set(goals)
    if not goal_set or start in goal_set:
        return []
    start_d = min(distance(start, g) for g in goal_set)
    radius = min(start_d, max(0, reach)) + paths.SEARCH_MARGIN
    parent: dict[Hex, Hex | None] = {start: None}
    frontier, found = [start], None
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
    if found is None:
        best, best_d = start, start_d
        for h in parent:
            d = min(distance(h, g) for g in goal_set)
            if d < best_d:
                best, best_d = h, d
        found = best
    path: list[Hex] = []
    cur: Hex | None = found
    while cur is not None and cur != start:
        path.append(cur)
        cur = parent[cur]
    return path[::-1]


@given(start=hexes, goals=st.sets(hexes, min_size=1, max_size=6),
       walls=st.sets(hexes, max_size=40), fronts=st.sets(hexes, max_size=12),
       reach=st.integers(0, 10))
def test_the_route_is_the_plain_search(start: Hex, goals: set[Hex], walls: set[Hex],
                                       fronts: set[Hex], reach: int) -> None:
    walls.discard(start)
    free = lambda h: h not in walls  # noqa: E731
    assert paths.route(start, goals, free, fronts.__contains__, reach) == \
        reference_route(start, goals, free, fronts.__contains__, reach)


@given(frm=hexes, facing=st.integers(0, 5), prone=st.booleans(), in_hth=st.booleans(),
       at=hexes)
def test_engagement_without_a_record_is_the_rule(frm: Hex, facing: int, prone: bool,
                                                 in_hth: bool, at: Hex) -> None:
    posture = "prone" if prone else "standing"
    s = Standing(frm, FACINGS[facing], posture, in_hth)
    assert engages_from(frm, facing, posture, in_hth, at) == engages(s, at)
    assert front_of(frm, facing, posture, in_hth) == \
        tuple(h for h in neighbours(frm) if engages(s, h))
