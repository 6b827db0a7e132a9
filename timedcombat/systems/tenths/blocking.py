"""Blocking positions (seed 004): which hexes a long weapon blocks, and the blocking attack.

The seed's figure of the three positions is missing; we define them. A blocker at hex H
facing F blocks a line of hexes straight out from H, as far as its weapon reaches:

* ``centre``: along F (the front hex and the hex beyond it);
* ``left``: along the front neighbour counter-clockwise from F (F + 60 degrees);
* ``right``: along the front neighbour clockwise from F (F - 60 degrees).

Facing E with a reach of two::

            left:   NE, then NE again
      H  -> centre: E, then E again
            right:  SE, then SE again

An opponent entering a blocked hex meets a blocking attack: d20 + Best Skill against its
defence potential - 2, 20 always blocks, 1 always fails. A block that holds keeps the
opponent in its previous hex (stopped, if it was running); one that fails lets it in
and ends the position. It may be dodged as a normal attack may (:func:`.melee.blocking_attack`).

The positions held are services of the tenths Context (``ctx.take_block`` ...): functions
over it, bound to the Fight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev
from timedcombat.hexmap import Hex, neighbour
from timedcombat.systems.tenths.signals import WAKE

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context
    from timedcombat.systems.tenths.fighter import Fighter

POSITIONS = ("left", "centre", "right")
_TURN = {"left": 1, "centre": 0, "right": -1}


def blocked_hexes(at: Hex, facing: int, position: str, reach: int) -> tuple[Hex, ...]:
    """The hexes a blocker at ``at`` facing ``facing`` blocks from ``position``."""
    direction = (facing + _TURN[position]) % 6
    out: list[Hex] = []
    h = at
    for _ in range(reach):
        h = neighbour(h, direction)
        out.append(h)
    return tuple(out)


# ---------------------------------------------------------------- positions held


def blocker_of(ctx: Context, f: Fighter, to: tuple[int, int]) -> Fighter | None:
    bid = ctx.blocks.get(to)
    if bid is None:
        return None
    b = ctx.fighters[bid]
    return b if b.able and b.side != f.side and b.block is not None else None


def block_occupied(ctx: Context, f: Fighter, position: str) -> tuple[int, int] | None:
    """A hex ``position`` would block that a figure stands on ("A blocking position
    cannot be taken up if one of the blocked hexes is already occupied"), or None."""
    for h in blocked_hexes(f.at, f.facing, position, ctx.reach(f)):
        if ctx.map.occupant(h) is not None:
            return h
    return None


def free_block_positions(ctx: Context, f: Fighter) -> list[str]:
    """The blocking positions ``f`` could take up where it stands and faces now."""
    return [p for p in POSITIONS if ctx.block_occupied(f, p) is None]


def take_block(ctx: Context, f: Fighter, position: str) -> None:
    hexes = blocked_hexes(f.at, f.facing, position, ctx.reach(f))
    f.block = position
    f.block_hexes = hexes
    for h in hexes:
        ctx.blocks[h] = f.id
    ctx.emit(ev.State, actor=f.id, state="block", value=position)


def drop_block(ctx: Context, f: Fighter, why: str) -> None:
    if f.block is None:
        return
    for h in f.block_hexes:
        if ctx.blocks.get(h) == f.id:
            del ctx.blocks[h]
    f.block = None
    f.block_hexes = ()
    ctx.emit(ev.State, actor=f.id, state="block", value=False, cause=why)
    ctx.poke(f, WAKE)
