"""What the ``percentile`` rule code may use of a running fight (issue 21).

The core :class:`timedcombat.context.Context` (clock, dice, rules, map, log, combatant
lookup, sides) plus exactly the fight state this system's rule code reads and changes:
every combatant by id, the holds on, the Position Modifiers, the phase's grappling bouts,
the phase being fought, the order of action, and the arena's steps toward and away.
The action handlers (:mod:`.actions`), the services they call (:mod:`.allowed`,
:mod:`.board`, :mod:`.harm`, :mod:`.throwing`, :mod:`.bouts`, :mod:`.phases`,
:mod:`.declare`) and the policy are typed against this protocol, never against
:class:`~.engine.Fight` (which provides it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from timedcombat import context as core
from timedcombat.systems.percentile.fighter import Bout, Fighter
from timedcombat.systems.percentile.holding import Holds
from timedcombat.systems.percentile.rules import PercentileRules

Hex = core.Hex


class Context(core.Context[Fighter, PercentileRules], Protocol):
    """A running ``percentile`` fight as its rule code sees it."""

    holds: Holds
    """The holds on (a tuple, replaced whole when one is put on or let go)."""
    pm: dict[tuple[str, str], int]
    """``(a, b)``: ``a``'s Position Modifier against ``b`` (absent: 0)."""
    bouts: dict[tuple[int, str, str], Bout]
    """This phase's grappling bouts, by ``(phase, id, id)``."""
    phase: int
    """The phase being fought (-1 before the first)."""
    phases: int
    """Phases begun."""

    @property
    def by_id(self) -> Mapping[str, Fighter]:
        """Every combatant by id: what :meth:`figure` looks up, without the call (the
        rule code looks figures up often; a subscript keeps it as cheap as before)."""

    @property
    def over(self) -> bool:
        """Whether the fight has ended."""

    def rank(self, f: Fighter) -> int:
        """``f``'s place in this phase's order of action."""

    def step_toward(self, c: Fighter, goal: Hex) -> Hex | None:
        """The free neighbour of ``c`` that best closes on ``goal``."""

    def step_away(self, c: Fighter, threat: Hex) -> Hex | None:
        """The free neighbour of ``c`` that best opens the distance from ``threat``."""


__all__ = ["Context", "Hex"]
