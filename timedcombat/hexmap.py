"""Axial hexes (pointy-top), facing, arcs, distance, occupancy and walls (docs/scenario.md).

A hex is a plain ``(q, r)`` tuple. Facings are ``E NE NW W SW SE``, index 0-5, each
60 degrees counter-clockwise from the last. The front hexes are the facing direction
and its two neighbours, the side hexes the next two, the rear hex the opposite one;
hexes further away are classed by the angle from the facing: within 90 degrees
front, within 150 degrees side, else rear.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from typing import Any

Hex = tuple[int, int]

FACINGS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
FRONT, SIDE, REAR = "front", "side", "rear"
_SQRT3 = math.sqrt(3.0)


def facing_index(name: str) -> int:
    """Index 0-5 of a facing name; ``ValueError`` for anything else."""
    return FACINGS.index(name)


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between two hexes: the largest of |dq|, |dr| and |dq + dr|
    (branches instead of three ``abs`` calls: it is the hottest geometry function)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    if dq >= 0:
        if dr >= 0:
            return dq + dr
        return dq if dq >= -dr else -dr
    if dr <= 0:
        return -dq - dr
    return dr if dr >= -dq else -dq


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours, in direction order (E NE NW W SW SE)."""
    q, r = h
    return ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1))


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center``."""
    q0, r0 = center
    return [(q0 + dq, r0 + dr) for dq, dr in _ring_offsets(radius)]


def disk(center: Hex, radius: int) -> list[Hex]:
    """The hexes within ``radius`` steps of ``center`` (the centre first)."""
    q0, r0 = center
    return [(q0 + dq, r0 + dr) for dq, dr in _disk_offsets(radius)]


@functools.lru_cache(maxsize=64)
def _ring_offsets(radius: int) -> tuple[Hex, ...]:
    if radius == 0:
        return ((0, 0),)
    out = []
    q, r = DIRECTIONS[4][0] * radius, DIRECTIONS[4][1] * radius
    for side in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRECTIONS[side][0], r + DIRECTIONS[side][1]
    return tuple(out)


@functools.lru_cache(maxsize=16)
def _disk_offsets(radius: int) -> tuple[Hex, ...]:
    return tuple(h for k in range(radius + 1) for h in _ring_offsets(k))


def _angle(frm: Hex, to: Hex) -> float:
    """Angle in degrees (0 = E, counter-clockwise) of the line from one hex to another."""
    return _angle_of(to[0] - frm[0], to[1] - frm[1])


@functools.lru_cache(maxsize=8192)
def _angle_of(dq: int, dr: int) -> float:
    x = _SQRT3 * (dq + dr / 2.0)
    y = -1.5 * dr
    return math.degrees(math.atan2(y, x)) % 360.0


def _off_facing(frm: Hex, facing: int, to: Hex) -> float:
    diff = abs(_angle(frm, to) - 60.0 * facing) % 360.0
    return 360.0 - diff if diff > 180.0 else diff


def arc(frm: Hex, facing: int, to: Hex) -> str:
    """``front``, ``side`` or ``rear``: where ``to`` lies for a figure at ``frm``."""
    return _arc(to[0] - frm[0], to[1] - frm[1], facing)


@functools.lru_cache(maxsize=4096)
def _arc(dq: int, dr: int, facing: int) -> str:
    off = _off_facing((0, 0), facing, (dq, dr))
    if off <= 90.0 + 1e-9:
        return FRONT
    if off <= 150.0 + 1e-9:
        return SIDE
    return REAR


def is_back(frm: Hex, facing: int, to: Hex) -> bool:
    """True when ``to`` is to the figure's back (side or rear), where it cannot watch."""
    return _arc(to[0] - frm[0], to[1] - frm[1], facing) != FRONT


def covering_facing(frm: Hex, hexes: Iterable[Hex], prefer: int) -> int | None:
    """A facing from ``frm`` with none of ``hexes`` to the back (side or rear): ``prefer``
    when it does, else the nearest facing to it that does (clockwise first on ties);
    ``None`` when no facing keeps them all in front."""
    targets = [h for h in hexes if h != frm]
    for k in (0, -1, 1, -2, 2, 3):
        facing = (prefer + k) % 6
        if all(not is_back(frm, facing, h) for h in targets):
            return facing
    return None


def facing_towards(frm: Hex, to: Hex) -> int:
    """The facing that points most directly from ``frm`` at ``to`` (ties: lower index)."""
    return _facing_towards(to[0] - frm[0], to[1] - frm[1])


@functools.lru_cache(maxsize=4096)
def _facing_towards(dq: int, dr: int) -> int:
    if dq == 0 and dr == 0:
        return 0
    angle = _angle((0, 0), (dq, dr))
    best = min(range(6), key=lambda i: (min(abs(angle - 60 * i), 360 - abs(angle - 60 * i)), i))
    return best


def line_step(frm: Hex, goal: Hex, candidates: Iterable[Hex]) -> Hex | None:
    """Of ``candidates`` (neighbours of ``frm``), the one that best closes on ``goal``.

    Best = smallest hex distance to the goal, then closest to the straight line, then
    the first in direction order: deterministic, with no randomness.
    """
    best: Hex | None = None
    best_key: tuple[int, float] | None = None
    goal_angle = _angle(frm, goal) if frm != goal else None
    for h in candidates:
        key = (distance(h, goal), round(_off(goal_angle, frm, h), 9))
        if best_key is None or key < best_key:
            best, best_key = h, key
    return best


def _off(goal_angle: float | None, frm: Hex, h: Hex) -> float:
    """Degrees between the line to the goal and the step to neighbour ``h``."""
    if goal_angle is None:
        return 0.0
    step = _DIR_ANGLE.get((h[0] - frm[0], h[1] - frm[1]))
    if step is None:
        step = _angle(frm, h)
    diff = abs(goal_angle - step) % 360.0
    return 360.0 - diff if diff > 180.0 else diff


def away_step(frm: Hex, threat: Hex, candidates: Iterable[Hex]) -> Hex | None:
    """Of ``candidates``, the one that best opens distance from ``threat``.

    Best = largest distance from the threat, then closest to the line straight away.
    """
    best: Hex | None = None
    best_key: tuple[int, float] | None = None
    threat_angle = _angle(frm, threat) if frm != threat else None
    for h in candidates:
        straight = 180.0 - _off(threat_angle, frm, h)
        key = (-distance(h, threat), round(straight, 9))
        if best_key is None or key < best_key:
            best, best_key = h, key
    return best


_DIR_ANGLE = {d: _angle((0, 0), d) for d in DIRECTIONS}


@functools.lru_cache(maxsize=16384)
def toward_choice(dq: int, dr: int, free: int) -> Hex | None:
    """:func:`line_step` toward a goal at offset ``(dq, dr)`` among the neighbours that
    close on it and are free (bit ``i`` of ``free``: direction ``i``, see
    :meth:`HexMap.free_mask`): the offset of the step, or ``None``. Worked out once per
    offset and mask: every term of the choice depends only on them."""
    goal = (dq, dr)
    d0 = distance((0, 0), goal)
    cands = [d for i, d in enumerate(DIRECTIONS) if free >> i & 1 and distance(d, goal) < d0]
    if len(cands) <= 1:
        return cands[0] if cands else None
    return line_step((0, 0), goal, cands)


@functools.lru_cache(maxsize=16384)
def line_choice(dq: int, dr: int, among: int) -> Hex | None:
    """:func:`line_step` toward a goal at offset ``(dq, dr)`` among the neighbours whose
    bit is set in ``among`` (bit ``i``: direction ``i``), in direction order: the offset
    of the step, or ``None``. Worked out once per offset and set, as
    :func:`toward_choice`."""
    return line_step((0, 0), (dq, dr), [d for i, d in enumerate(DIRECTIONS) if among >> i & 1])


@functools.lru_cache(maxsize=16384)
def away_choice(dq: int, dr: int, free: int) -> Hex | None:
    """:func:`away_step` from a threat at offset ``(dq, dr)`` among the free neighbours
    that open the distance: the offset of the step, or ``None`` (as :func:`toward_choice`)."""
    threat = (dq, dr)
    d0 = distance((0, 0), threat)
    cands = [d for i, d in enumerate(DIRECTIONS)
             if free >> i & 1 and distance(d, threat) > d0]
    return away_step((0, 0), threat, cands)


_FREE_BITS: tuple[tuple[int, int, int], ...] = tuple(
    (dq, dr, 1 << i) for i, (dq, dr) in enumerate(DIRECTIONS))


BLOCK = 8
"""Side of the coarse blocks of hexes (in axial q and r) the map also indexes figures by."""
RING_BLOCKS = 3
"""Rings of blocks :meth:`HexMap.nearest` searches one by one; past them it takes the
occupied blocks nearest first (a figure far away would otherwise cost rings in the
square of the distance: with 32 rings, a 4000-figure melee spent a third of its first
ten seconds looking at empty blocks)."""


def block_of(h: Hex) -> tuple[int, int]:
    return (h[0] // BLOCK, h[1] // BLOCK)


class HexMap:
    """Walls, which figure stands where, and what lies on the ground.

    Occupancy is an index (hex -> figure id), so no lookup scans the figures; figures are
    also indexed by blocks of ``BLOCK`` x ``BLOCK`` hexes, for searches of the nearest one
    far away (:meth:`nearest`).
    """

    def __init__(self, walls: Iterable[Hex] = ()) -> None:
        self.walls: frozenset[Hex] = frozenset(walls)
        self._occupants: dict[Hex, list[str]] = {}
        self._position: dict[str, Hex] = {}
        self._blocks: dict[Any, dict[tuple[int, int], list[str]]] = {}  # by group
        self._group: dict[str, Any] = {}
        self.ground: dict[Hex, list[Any]] = {}  # what lies on each hex (dropped weapons)

    def place(self, who: str, h: Hex, *, share: bool = False, group: Any = None) -> None:
        """Put a figure on a hex; ``share`` lets it join a figure there (close quarters);
        ``group`` (a side) keys the block index (:meth:`nearest` searches by group)."""
        if h in self.walls:
            raise ValueError(f"{h} is a wall")
        here = self._occupants.get(h)
        if here and not share:
            raise ValueError(f"{h} is occupied by {here[0]}")
        self._occupants.setdefault(h, []).append(who)
        self._position[who] = h
        group = self._group.setdefault(who, group)
        self._blocks.setdefault(group, {}).setdefault((h[0] // BLOCK, h[1] // BLOCK),
                                                      []).append(who)

    def remove(self, who: str) -> None:
        h = self._position.pop(who, None)
        if h is None:
            return
        here = self._occupants[h]
        here.remove(who)
        if not here:
            del self._occupants[h]
        b = (h[0] // BLOCK, h[1] // BLOCK)
        blocks = self._blocks[self._group[who]]
        block = blocks[b]
        block.remove(who)
        if not block:
            del blocks[b]

    def nearest(self, h: Hex, groups: Iterable[Any], accept: Callable[[str], bool],
                rank: Callable[[str], int]) -> tuple[str | None, int]:
        """The accepted figure of ``groups`` nearest ``h`` (ties: the lowest ``rank``) and
        its distance, searching blocks outward from ``h``'s and stopping once no farther
        block can hold a nearer one: the cost grows with the distance, not with the number
        of figures."""
        bq, br = h[0] // BLOCK, h[1] // BLOCK
        best: str | None = None
        best_d = best_rank = 0
        position = self._position

        def look(block: Iterable[str]) -> None:
            nonlocal best, best_d, best_rank
            for who in block:
                d = distance(h, position[who])
                if best is not None and d > best_d:
                    continue  # (farther than the best: not asked whether it counts)
                if not accept(who):
                    continue
                if best is None or d < best_d or (d == best_d and rank(who) < best_rank):
                    best, best_d, best_rank = who, d, rank(who)

        for group in groups:
            blocks = self._blocks.get(group)
            if not blocks:
                continue
            span = max(max(abs(q - bq), abs(r - br)) for q, r in blocks)
            for k in range(min(span, RING_BLOCKS) + 1):
                if best is not None and (k - 1) * BLOCK + 1 > best_d:
                    break  # every hex of ring k is farther than the best in q or in r
                for dq in range(-k, k + 1):
                    for dr in (range(-k, k + 1) if abs(dq) == k else (-k, k)):
                        look(blocks.get((bq + dq, br + dr), ()))
            else:
                if span > RING_BLOCKS:  # far ones: the occupied blocks, nearest first
                    far = sorted((max(abs(q - bq), abs(r - br)), (q, r)) for q, r in blocks)
                    for k, b in far:
                        if k <= RING_BLOCKS:
                            continue
                        if best is not None and (k - 1) * BLOCK + 1 > best_d:
                            break
                        look(blocks[b])
        return best, best_d

    def move(self, who: str, to: Hex, *, share: bool = False) -> None:
        """Move a figure; a refused move (wall, occupied hex) leaves it where it was."""
        if to in self.walls:
            raise ValueError(f"{to} is a wall")
        here = self._occupants.get(to)
        if here and not share and here != [who]:
            raise ValueError(f"{to} is occupied by {here[0]}")
        frm = self._position.get(who)
        if frm is None:
            self.place(who, to, share=True)
            return
        occupants = self._occupants
        there = occupants[frm]
        there.remove(who)
        if not there:
            del occupants[frm]
        occupants.setdefault(to, []).append(who)
        self._position[who] = to
        b0 = (frm[0] // BLOCK, frm[1] // BLOCK)
        b1 = (to[0] // BLOCK, to[1] // BLOCK)
        if b0 != b1:  # (most moves stay in their block: its index is left alone)
            blocks = self._blocks[self._group[who]]
            block = blocks[b0]
            block.remove(who)
            if not block:
                del blocks[b0]
            blocks.setdefault(b1, []).append(who)

    def position(self, who: str) -> Hex:
        return self._position[who]

    def where(self, who: str) -> Hex | None:
        """Where a figure stands, or ``None`` when it is not on the map."""
        return self._position.get(who)

    def occupant(self, h: Hex) -> str | None:
        here = self._occupants.get(h)
        return here[0] if here else None

    def occupants(self, h: Hex) -> tuple[str, ...]:
        return tuple(self._occupants.get(h, ()))

    def occupants_of(self, h: Hex) -> list[str] | tuple[()]:
        """The figures on a hex, without a copy (do not change the list)."""
        return self._occupants.get(h, ())

    def occupants_near(self, h: Hex, radius: int) -> list[str]:
        """The figures within ``radius`` steps of ``h``, hex by hex from the centre out
        (the order of :func:`disk`): one call, the hexes never listed."""
        q, r = h
        occ = self._occupants
        out: list[str] = []
        for dq, dr in _disk_offsets(radius):
            here = occ.get((q + dq, r + dr))
            if here:
                out.extend(here)
        return out

    @property
    def occupied(self) -> dict[Hex, list[str]]:
        """The hexes with a figure on them (read only: for loops that ask of many hexes)."""
        return self._occupants

    def is_free(self, h: Hex) -> bool:
        return h not in self.walls and h not in self._occupants

    def free_mask(self, h: Hex) -> int:
        """The free neighbours of ``h`` (no wall, nobody there) as bits: bit ``i`` for
        direction ``i`` (the key of :func:`toward_choice` and :func:`away_choice`).
        Written out per direction: it is asked before most steps and defences."""
        q, r = h
        occ = self._occupants
        mask = (((q + 1, r) not in occ) | ((q + 1, r - 1) not in occ) << 1
                | ((q, r - 1) not in occ) << 2 | ((q - 1, r) not in occ) << 3
                | ((q - 1, r + 1) not in occ) << 4 | ((q, r + 1) not in occ) << 5)
        if self.walls:
            walls = self.walls
            for dq, dr, bit in _FREE_BITS:
                if mask & bit and (q + dq, r + dr) in walls:
                    mask ^= bit
        return mask

    def free_neighbours(self, h: Hex) -> list[Hex]:
        occ = self._occupants
        walls = self.walls
        return [n for n in neighbours(h) if n not in walls and n not in occ]

    def drop(self, h: Hex, item: Any) -> None:
        self.ground.setdefault(h, []).append(item)

    def pick(self, h: Hex, item: Any) -> bool:
        items = self.ground.get(h)
        if not items or item not in items:
            return False
        items.remove(item)
        if not items:
            del self.ground[h]
        return True
