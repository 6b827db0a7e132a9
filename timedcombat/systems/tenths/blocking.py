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
and ends the position. It may be dodged as a normal attack may.
"""

from __future__ import annotations

from timedcombat.hexmap import Hex, neighbour

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
