"""Axial hexes, facings, arcs and the occupancy map (docs/scenario.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from timedcombat.hexmap import (
    DIRECTIONS,
    FACINGS,
    FRONT,
    REAR,
    SIDE,
    HexMap,
    arc,
    away_choice,
    away_step,
    distance,
    facing_index,
    facing_towards,
    is_back,
    line_choice,
    line_step,
    neighbour,
    neighbours,
    toward_choice,
)

# ---------------------------------------------------------------------------
# distance


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (1, 0), 1),
        ((0, 0), (1, -1), 1),
        ((0, 0), (-1, 1), 1),
        ((0, 0), (1, 1), 2),
        ((0, 0), (3, 0), 3),
        ((0, 0), (2, -1), 2),
        ((0, 0), (3, -3), 3),
        ((0, 0), (-2, 3), 3),
        ((1, 2), (4, -1), 3),
        ((-3, -3), (3, 3), 12),
        ((5, -2), (-1, 4), 6),
    ],
)
def test_distance(a: tuple[int, int], b: tuple[int, int], d: int) -> None:
    assert distance(a, b) == d
    assert distance(b, a) == d


def test_every_neighbour_is_one_step_away() -> None:
    for h in [(0, 0), (3, -2), (-4, 7)]:
        ns = list(neighbours(h))
        assert len(set(ns)) == 6
        assert all(distance(h, n) == 1 for n in ns)


# ---------------------------------------------------------------------------
# facings and directions


def test_facings_and_direction_vectors() -> None:
    assert FACINGS == ("E", "NE", "NW", "W", "SW", "SE")
    assert dict(zip(FACINGS, DIRECTIONS, strict=True)) == {
        "E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1),
    }


@pytest.mark.parametrize(("name", "index"), list(zip(FACINGS, range(6), strict=True)))
def test_facing_index(name: str, index: int) -> None:
    assert facing_index(name) == index


@pytest.mark.parametrize("name", ["N", "S", "e", "", "EAST"])
def test_facing_index_rejects_unknown(name: str) -> None:
    with pytest.raises(ValueError):
        facing_index(name)


def test_neighbour_follows_directions_and_wraps() -> None:
    assert neighbour((2, 3), 0) == (3, 3)
    assert neighbour((2, 3), 1) == (3, 2)
    assert neighbour((2, 3), 2) == (2, 2)
    assert neighbour((2, 3), 3) == (1, 3)
    assert neighbour((2, 3), 4) == (1, 4)
    assert neighbour((2, 3), 5) == (2, 4)
    assert neighbour((2, 3), 6) == (3, 3)
    assert neighbour((2, 3), -1) == (2, 4)
    assert list(neighbours((2, 3))) == [(3, 3), (3, 2), (2, 2), (1, 3), (1, 4), (2, 4)]


# ---------------------------------------------------------------------------
# arcs: front = the facing direction and its two neighbours, side = the next two,
# rear = the opposite one


def test_arcs_facing_east() -> None:
    me = (0, 0)
    assert {h: arc(me, 0, h) for h in neighbours(me)} == {
        (1, 0): FRONT, (1, -1): FRONT, (0, 1): FRONT,
        (0, -1): SIDE, (-1, 1): SIDE,
        (-1, 0): REAR,
    }


def test_arcs_facing_north_west_off_origin() -> None:
    me = (2, -1)
    facing = facing_index("NW")
    assert {h: arc(me, facing, h) for h in neighbours(me)} == {
        (2, -2): FRONT, (3, -2): FRONT, (1, -1): FRONT,  # NW, NE, W
        (3, -1): SIDE, (1, 0): SIDE,  # E, SW
        (2, 0): REAR,  # SE
    }


def test_arcs_facing_south_west() -> None:
    me = (-3, 4)
    facing = facing_index("SW")
    got = {FACINGS[i]: arc(me, facing, neighbour(me, i)) for i in range(6)}
    assert got == {"SW": FRONT, "W": FRONT, "SE": FRONT, "NW": SIDE, "E": SIDE, "NE": REAR}


@pytest.mark.parametrize("facing", range(6))
def test_arcs_of_neighbours_for_every_facing(facing: int) -> None:
    me = (1, 1)
    for offset, expected in [(0, FRONT), (1, FRONT), (-1, FRONT), (2, SIDE), (-2, SIDE),
                             (3, REAR)]:
        h = neighbour(me, facing + offset)
        assert arc(me, facing, h) == expected, (FACINGS[facing], offset)
        assert is_back(me, facing, h) is (expected != FRONT)


@pytest.mark.parametrize(
    ("to", "expected"),
    [
        ((2, 0), FRONT),  # straight ahead
        ((0, 2), FRONT),  # 60 degrees
        ((-1, 2), FRONT),  # exactly 90 degrees: still front
        ((1, -2), FRONT),  # 90 degrees the other way
        ((-2, 1), SIDE),  # 150 degrees
        ((-1, -1), SIDE),  # 150 degrees the other way
        ((-3, 1), REAR),  # about 161 degrees
        ((-2, 0), REAR),  # straight behind
    ],
)
def test_arcs_further_away_facing_east(to: tuple[int, int], expected: str) -> None:
    assert arc((0, 0), 0, to) == expected


# ---------------------------------------------------------------------------
# facing_towards


@pytest.mark.parametrize("facing", range(6))
def test_facing_towards_each_direction(facing: int) -> None:
    dq, dr = DIRECTIONS[facing]
    for k in (1, 2, 5):
        assert facing_towards((3, -2), (3 + k * dq, -2 + k * dr)) == facing


@pytest.mark.parametrize(
    ("to", "expected"),
    [
        ((3, 1), 0),  # nearer E than NE
        ((1, -3), 2),  # nearer NW than NE
        ((-3, 1), 3),  # nearer W than SW
        ((-3, 2), 4),  # nearer SW than W
        ((1, -2), 1),  # exactly between NE and NW: the lower index
        ((2, -1), 0),  # exactly between E and NE
        ((1, 1), 0),  # exactly between E and SE
        ((-1, -1), 2),  # exactly between NW and W
        ((-1, 2), 4),  # exactly between SW and SE
    ],
)
def test_facing_towards_off_axis_and_ties(to: tuple[int, int], expected: int) -> None:
    assert facing_towards((0, 0), to) == expected


def test_facing_towards_self_is_east() -> None:
    assert facing_towards((4, 4), (4, 4)) == 0


def test_facing_towards_puts_target_in_front() -> None:
    me = (0, 0)
    for q in range(-4, 5):
        for r in range(-4, 5):
            if (q, r) != me:
                assert arc(me, facing_towards(me, (q, r)), (q, r)) == FRONT


# ---------------------------------------------------------------------------
# HexMap: occupancy and walls


def test_place_and_look_up() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    m.place("bo", (2, -1))
    assert m.position("ana") == (0, 0)
    assert m.where("bo") == (2, -1)
    assert m.where("cai") is None
    assert m.occupant((0, 0)) == "ana"
    assert m.occupant((1, 0)) is None
    assert m.occupants((2, -1)) == ("bo",)
    assert m.occupants((5, 5)) == ()
    assert m.is_free((1, 0)) is True
    assert m.is_free((0, 0)) is False
    with pytest.raises(KeyError):
        m.position("cai")


def test_place_on_occupied_hex_is_refused() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    with pytest.raises(ValueError, match="occupied by ana"):
        m.place("bo", (0, 0))
    assert m.where("bo") is None
    assert m.occupants((0, 0)) == ("ana",)


def test_place_sharing_a_hex() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    m.place("bo", (0, 0), share=True)
    assert m.occupants((0, 0)) == ("ana", "bo")
    assert m.occupant((0, 0)) == "ana"
    m.remove("ana")
    assert m.occupants((0, 0)) == ("bo",)
    assert m.occupant((0, 0)) == "bo"


def test_walls() -> None:
    m = HexMap([(1, 0), (1, -1), (1, 0)])
    assert m.walls == frozenset({(1, 0), (1, -1)})
    assert m.is_free((1, 0)) is False
    assert m.is_free((2, 0)) is True
    with pytest.raises(ValueError, match="is a wall"):
        m.place("ana", (1, 0))
    with pytest.raises(ValueError, match="is a wall"):
        m.place("ana", (1, -1), share=True)
    assert m.where("ana") is None


def test_move_and_remove() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    m.move("ana", (1, 0))
    assert m.position("ana") == (1, 0)
    assert m.occupant((0, 0)) is None
    assert m.is_free((0, 0)) is True
    assert m.occupants((1, 0)) == ("ana",)
    m.remove("ana")
    assert m.where("ana") is None
    assert m.is_free((1, 0)) is True
    m.remove("ana")  # removing again is harmless
    m.remove("nobody")
    assert m.where("nobody") is None


def test_move_onto_own_hex() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    m.move("ana", (0, 0))
    assert m.occupants((0, 0)) == ("ana",)


def test_move_sharing() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    m.place("bo", (1, 0))
    m.move("ana", (1, 0), share=True)
    assert m.occupants((1, 0)) == ("bo", "ana")
    assert m.is_free((0, 0)) is True


def test_move_onto_occupied_hex_is_refused() -> None:
    m = HexMap()
    m.place("ana", (0, 0))
    m.place("bo", (1, 0))
    with pytest.raises(ValueError, match="occupied by bo"):
        m.move("ana", (1, 0))


def test_refused_move_leaves_figure_where_it_was() -> None:
    m = HexMap([(5, 5)])
    m.place("ana", (0, 0))
    m.place("bo", (1, 0))
    with pytest.raises(ValueError, match="occupied by bo"):
        m.move("ana", (1, 0))
    assert m.where("ana") == (0, 0)
    assert m.occupants((0, 0)) == ("ana",)
    assert m.occupants((1, 0)) == ("bo",)
    with pytest.raises(ValueError, match="is a wall"):
        m.move("ana", (5, 5))
    assert m.where("ana") == (0, 0)
    assert m.occupants((0, 0)) == ("ana",)


def test_free_neighbours() -> None:
    m = HexMap([(1, 0), (0, -1)])
    m.place("ana", (0, 0))
    m.place("bo", (-1, 0))
    assert m.free_neighbours((0, 0)) == [(1, -1), (-1, 1), (0, 1)]
    m.remove("bo")
    assert m.free_neighbours((0, 0)) == [(1, -1), (-1, 0), (-1, 1), (0, 1)]
    # the hex asked about need not be free itself; a figure's own hex is not a neighbour
    assert (0, 0) not in m.free_neighbours((1, -1))
    assert m.free_neighbours((5, 5)) == list(neighbours((5, 5)))


def test_free_neighbours_all_blocked() -> None:
    m = HexMap(neighbours((0, 0)))
    assert m.free_neighbours((0, 0)) == []


# ---------------------------------------------------------------------------
# ground items


def test_drop_and_pick() -> None:
    m = HexMap()
    assert m.ground == {}
    m.drop((2, 2), "axe")
    m.drop((2, 2), "dagger")
    m.drop((0, 1), "shield")
    assert m.ground == {(2, 2): ["axe", "dagger"], (0, 1): ["shield"]}
    assert m.pick((2, 2), "axe") is True
    assert m.ground == {(2, 2): ["dagger"], (0, 1): ["shield"]}
    assert m.pick((2, 2), "axe") is False
    assert m.pick((0, 1), "dagger") is False
    assert m.pick((9, 9), "dagger") is False
    assert m.pick((2, 2), "dagger") is True
    assert (2, 2) not in m.ground
    assert m.ground == {(0, 1): ["shield"]}


def test_drop_same_item_twice_needs_two_picks() -> None:
    m = HexMap()
    m.drop((0, 0), "club")
    m.drop((0, 0), "club")
    assert m.pick((0, 0), "club") is True
    assert m.ground == {(0, 0): ["club"]}
    assert m.pick((0, 0), "club") is True
    assert m.ground == {}


def test_ground_does_not_block_movement() -> None:
    m = HexMap()
    m.drop((1, 0), "axe")
    assert m.is_free((1, 0)) is True
    m.place("ana", (1, 0))
    assert m.where("ana") == (1, 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-40, 40), st.integers(-40, 40), st.sampled_from("ab")),
                min_size=1, max_size=60, unique_by=lambda x: (x[0], x[1])),
       st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
def test_the_block_search_finds_what_a_scan_of_all_finds(figures, here):
    """HexMap.nearest (blocks searched outward) agrees with a scan of every figure: the
    nearest of the groups asked, the lowest rank on ties."""
    from timedcombat.hexmap import HexMap, distance

    m = HexMap()
    for i, (q, r, side) in enumerate(figures):
        m.place(f"f{i}", (q, r), group=side)
    rank = {f"f{i}": i for i in range(len(figures))}
    found, d = m.nearest(here, ["b"], lambda who: True, rank.__getitem__)
    bs = [(distance(here, (q, r)), i) for i, (q, r, side) in enumerate(figures) if side == "b"]
    if not bs:
        assert found is None
    else:
        assert (d, rank[found]) == min(bs)


_coord = st.one_of(st.integers(-40, 40), st.integers(-1_000_000, 1_000_000))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_coord, _coord), min_size=1, max_size=25, unique=True),
       st.tuples(_coord, _coord), st.integers(0, 3))
def test_nearest_is_the_nearest_of_all_then_the_lowest_rank(
        spots: list[tuple[int, int]], here: tuple[int, int], skip: int) -> None:
    """Figures near and as far as the map goes (issue 20's fuzz: a figure a million hexes
    off made the ring search run for minutes): the search finds what a scan of all finds,
    the nearest accepted figure, the lowest rank among equals."""
    from timedcombat.hexmap import HexMap

    m = HexMap()
    names = [f"f{i}" for i in range(len(spots))]
    for name, h in zip(names, spots, strict=True):
        m.place(name, h, share=True, group="foe")
    rank = {name: (i * 7) % len(names) for i, name in enumerate(names)}
    accept = (lambda who: rank[who] % 4 != skip) if skip else (lambda who: True)
    found, d = m.nearest(here, ["foe"], accept, rank.__getitem__)
    ok = [(distance(here, h), rank[n], n) for n, h in zip(names, spots, strict=True)
          if accept(n)]
    if not ok:
        assert found is None
    else:
        best = min(ok)
        assert (found, d) == (best[2], best[0])


def test_a_crowd_with_one_figure_a_million_hexes_off_fights_to_its_end() -> None:
    """The fuzz's case (scenario:272, seed 4), in a child with a hang guard: it ran for
    minutes; now it ends by stalemate in well under a second."""
    import subprocess
    import sys
    from pathlib import Path

    case = Path(__file__).parent / "cases" / "tenths_crowd_far.toml"
    done = subprocess.run([sys.executable, "-m", "timedcombat", "run", "-q", str(case)],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")


hexes = st.tuples(st.integers(-6, 6), st.integers(-6, 6))


@settings(max_examples=300)
@given(here=hexes, goal=hexes, walls=st.sets(hexes, max_size=8),
       taken=st.sets(hexes, max_size=8))
def test_the_cached_step_choices_are_the_step_rules_worked_out_in_full(
        here: tuple[int, int], goal: tuple[int, int], walls: set[tuple[int, int]],
        taken: set[tuple[int, int]]) -> None:
    """free_mask, toward_choice, away_choice and line_choice (cached by offset and mask) choose as
    line_step / away_step over the free neighbours closer to (farther from) the goal,
    line_choice as line_step over all the free ones."""
    walls.discard(here)
    m = HexMap(walls)
    for i, h in enumerate(sorted(taken - walls - {here})):
        m.place(f"x{i}", h)
    free = [n for n in neighbours(here) if m.is_free(n)]
    mask = m.free_mask(here)
    assert [n for i, n in enumerate(neighbours(here)) if mask >> i & 1] == free
    d0 = distance(here, goal)
    closer = [n for n in free if distance(n, goal) < d0]
    farther = [n for n in free if distance(n, goal) > d0]
    want_toward = (closer[0] if len(closer) == 1 else line_step(here, goal, closer)) \
        if closer else None
    got = toward_choice(goal[0] - here[0], goal[1] - here[1], mask)
    assert (None if got is None else (here[0] + got[0], here[1] + got[1])) == want_toward
    got = away_choice(goal[0] - here[0], goal[1] - here[1], mask)
    assert (None if got is None else (here[0] + got[0], here[1] + got[1])) == \
        away_step(here, goal, farther)
    got = line_choice(goal[0] - here[0], goal[1] - here[1], mask)
    assert (None if got is None else (here[0] + got[0], here[1] + got[1])) == \
        line_step(here, goal, free)


def test_a_move_across_blocks_keeps_the_nearest_search_right() -> None:
    """HexMap.move updates the block index only when a move crosses blocks: a figure
    moved far away is found there, and not where it was."""
    m = HexMap()
    m.place("a", (0, 0), group="red")
    m.place("b", (3, 0), group="blue")
    m.move("b", (4, 0))  # same block
    m.move("b", (40, 3))  # another block
    found, d = m.nearest((39, 3), ["blue"], lambda who: True, lambda who: 0)
    assert (found, d) == ("b", 1)
    m.move("b", (1, 0))
    assert m.nearest((0, 1), ["blue"], lambda who: True, lambda who: 0) == ("b", 1)
