"""Half-hex occupancy of a close-combat hex (seed 002), as a small geometry model.

"When you enter a hex occupied by a foe you occupy half of the hex: the half on the side
you entered from; your foe occupies the other half." A fighter's *side* is a direction
index 0-5 (``E NE NW W SW SE``, as in :mod:`timedcombat.hexmap`): the hex edge he came in
through. The three neighbours on that side (the side's direction and its two neighbours)
are *his* hexes: he may leave into them and retreat into them; the other three belong to
the foe's side, and leaving through them needs an evade. The fighter who stood in the hex
takes the opposite side. A later entrant takes the side he came from; occupants keep
theirs. Any number may share the hex.

Who is "in the way" of an attack from outside: the occupant whose half is nearest the
attacker, measured as the squared distance between hex centres doubled (``2*attacker``
and ``2*hex + side``), which in axial coordinates is the integer ``dq*dq + dq*dr + dr*dr``.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from timedcombat.hexmap import DIRECTIONS, Hex, neighbour


def side_towards(at: Hex, other: Hex) -> int:
    """The direction index from ``at`` to its neighbour ``other`` (the entry side)."""
    d = (other[0] - at[0], other[1] - at[1])
    if d not in DIRECTIONS:
        raise ValueError(f"{other} is not a neighbour of {at}")
    return DIRECTIONS.index(d)


def opposite(side: int) -> int:
    return (side + 3) % 6


def own_side_hexes(at: Hex, side: int) -> tuple[Hex, Hex, Hex]:
    """The three neighbours on a fighter's side of the hex (seed 002: leave or retreat into
    one of them)."""
    return (neighbour(at, side - 1), neighbour(at, side), neighbour(at, side + 1))


def foe_side_hexes(at: Hex, side: int) -> tuple[Hex, Hex, Hex]:
    """The three neighbours on the far side from a fighter: leaving there needs an evade."""
    return own_side_hexes(at, opposite(side))


def facing_on_entry(side: int) -> int:
    """An entrant who stops in the hex faces the foe: away from the side he came in by."""
    return opposite(side)


@attrs.frozen
class Occupant:
    """A fighter in a close-combat hex: his half (side) and when he came in (order)."""

    id: str
    side: int
    order: int


@attrs.frozen
class CloseCombatHex:
    """Who occupies which half of one hex."""

    at: Hex
    occupants: tuple[Occupant, ...] = ()

    def side_of(self, who: str) -> int:
        for o in self.occupants:
            if o.id == who:
                return o.side
        raise KeyError(who)

    def ids(self) -> tuple[str, ...]:
        return tuple(o.id for o in self.occupants)

    def __contains__(self, who: object) -> bool:
        return any(o.id == who for o in self.occupants)


def enter(cc: CloseCombatHex, who: str, came_from: Hex, standing: Iterable[str] = ()) -> \
        CloseCombatHex:
    """``who`` enters from the neighbour ``came_from``: he takes that half. Fighters already
    standing in the hex (``standing``) but not yet in close combat take the other half."""
    side = side_towards(cc.at, came_from)
    occupants = [o for o in cc.occupants if o.id != who]
    order = max((o.order for o in occupants), default=-1) + 1
    for s in standing:
        if s not in cc and s != who:
            occupants.append(Occupant(s, opposite(side), order))
            order += 1
    occupants.append(Occupant(who, side, order))
    return CloseCombatHex(cc.at, tuple(occupants))


def leave(cc: CloseCombatHex, who: str) -> CloseCombatHex:
    return CloseCombatHex(cc.at, tuple(o for o in cc.occupants if o.id != who))


def needs_evade(cc: CloseCombatHex, who: str, to: Hex) -> bool:
    """Leaving into ``to`` goes through the foe's side (not one of one's three hexes)."""
    return to not in own_side_hexes(cc.at, cc.side_of(who))


def half_distance(cc: CloseCombatHex, occupant: Occupant, frm: Hex) -> int:
    """Squared distance (in doubled axial units) from ``frm``'s centre to the occupant's
    half: an integer, larger is farther."""
    d = DIRECTIONS[occupant.side]
    dq = 2 * frm[0] - (2 * cc.at[0] + d[0])
    dr = 2 * frm[1] - (2 * cc.at[1] + d[1])
    return dq * dq + dq * dr + dr * dr


def in_the_way(cc: CloseCombatHex, frm: Hex, exclude: Iterable[str] = (),
               order: str = "nearest") -> tuple[str, ...]:
    """The occupants an attack from ``frm`` may strike instead, first in the way first.

    ``nearest``: nearest half first, then who entered first; ``entry``: who entered first
    (the parameter ``wrong_target_order``).
    """
    skip = set(exclude)
    candidates = [o for o in cc.occupants if o.id not in skip]
    if order == "entry":
        candidates.sort(key=lambda o: o.order)
    else:
        candidates.sort(key=lambda o: (half_distance(cc, o, frm), o.order))
    return tuple(o.id for o in candidates)
