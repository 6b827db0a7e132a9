"""The driver's 3d6 and its log of a success roll that is not an attack or defence.

Every module of the driver that rolls (attacks, defences, contests, HT rolls) takes its 3d6
from :func:`roll3`, and logs a plain success roll with :func:`check` (``gurps.check``):
a leaf module, so that the modules of the driver need not import each other to roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat.dice import parse
from timedcombat.systems.gurps.events import Check
from timedcombat.systems.gurps.rolls import SuccessRoll

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

THREE_D6 = parse("3d6")


def roll3(ctx: Context) -> tuple[int, ...]:
    """One 3d6 roll's faces (the faces of ``THREE_D6``, no ``Roll`` record made)."""
    return ctx.dice.faces(THREE_D6.sides, THREE_D6.count)


def check(ctx: Context, f: Fighter, kind: str, r: SuccessRoll, result: str,
          against: str | None = None) -> None:
    """Log a success roll that is not an attack or defence (``gurps.check``)."""
    if not ctx.logging:
        ctx.count()  # (every check: its fields not looked up)
        return
    ctx.emit(Check, actor=f.id, kind=kind, faces=r.faces, roll=r.roll, base=r.base,
             modifiers=r.modifiers, effective=r.target, margin=r.margin,
             success=r.success, result=result, critical=r.critical, against=against)


__all__ = ["THREE_D6", "check", "roll3"]
