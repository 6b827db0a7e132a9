"""What the ``gurps`` rule code may use of a running fight: the core
:class:`timedcombat.context.Context` and the few services of this system's fight.

The action handlers (:mod:`.actions`), the policy and the topic modules of the driver
(:mod:`.melee`, :mod:`.closing`, :mod:`.moving`, :mod:`.wrestling`, :mod:`.holds` ...) are
typed against :class:`Context`, never against the :class:`~.engine.Fight` that provides it:
this page is all a handler can reach.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from timedcombat import context as core
from timedcombat.systems.gurps.fighter import Fighter
from timedcombat.systems.gurps.rules import GurpsRules

if TYPE_CHECKING:
    from timedcombat.hexmap import Hex
    from timedcombat.plans import PlanStep
    from timedcombat.systems.gurps.halfhex import CloseCombatHex
    from timedcombat.systems.gurps.wrestling import Coop


class Context(core.Context[Fighter, GurpsRules], Protocol):
    """A ``gurps`` fight as its rule code sees it (see the module docstring)."""

    @property
    def by_id(self) -> Mapping[str, Fighter]:
        """Every fighter by id (the hot path's lookup; :meth:`figure` says the same)."""

    @property
    def combatants(self) -> Sequence[Fighter]:
        """Every fighter, in scenario order."""

    @property
    def cc(self) -> dict[Hex, CloseCombatHex]:
        """The close-combat hexes (:mod:`.closing` keeps them in step with the map)."""

    @property
    def settled(self) -> dict[Hex, CloseCombatHex]:
        """Halves kept in a hex whose close combat ended with two or more still in it."""

    @property
    def coop(self) -> Coop:
        """This turn's cooperative takedowns and pins."""

    @property
    def waiters(self) -> list[Fighter]:
        """Fighters on a Wait whose trigger has not come yet."""

    def relocate(self, f: Fighter, to: Hex, mode: str) -> None:
        """Move ``f`` one hex, logged; leaving a hex lets go of close combat there."""

    def step_away(self, c: Fighter, threat: Hex) -> Hex | None:
        """A free neighbour of ``c`` farther from ``threat`` (None: none)."""

    def skip(self, f: Fighter, step: PlanStep, index: int, reason: str) -> None:
        """Log a plan step not taken (``gurps.plan_skip``)."""

    def set_posture(self, f: Fighter, posture: str) -> None:
        """Change posture, logged."""

    def stun(self, f: Fighter) -> None:
        """``f`` is stunned (logged once)."""

    def recount(self, f: Fighter) -> None:
        """Whether a pinned fighter counts for his side (``pinned_is_out``)."""

    def knock_out(self, f: Fighter, cause: str) -> None:
        """``f`` falls unconscious: out of the fight."""

    def kill(self, f: Fighter, cause: str) -> None:
        """``f`` dies: out of the fight."""


__all__ = ["Context"]
