"""The narrow view of a running fight that rule code may use (issue 21).

Rule code — a system's action handlers, its policy, its resolution helpers — is written
against :class:`Context`, not against the fight object: the clock, the dice, the log, the
map, combatant lookup and the system's rules, nothing else. :class:`~timedcombat.arena.Arena`
provides all of it, so every fight *is* a context; a system that needs more names its own
``Context`` protocol in ``<system>/context.py``, extending this one with exactly what its
handlers use, so a reader sees in one place what a handler can reach.

An action handler has the shape :data:`Handler`: ``handler(ctx, fighter, step)``; a
system's ``actions.ACTIONS`` maps each word of its plan vocabulary to one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from timedcombat.arena import Clock, Combatant
    from timedcombat.dice import Dice
    from timedcombat.events import Event
    from timedcombat.hexmap import HexMap

Hex = tuple[int, int]

FigT = TypeVar("FigT", bound="Combatant")
RulesT_co = TypeVar("RulesT_co", covariant=True)


class Context(Protocol[FigT, RulesT_co]):
    """What rule code may use of a running fight (see the module docstring)."""

    @property
    def env(self) -> Clock:
        """The clock (integer tenths); only a figure's process waits on it."""

    @property
    def dice(self) -> Dice:
        """The run's one source of chance."""

    @property
    def rules(self) -> RulesT_co:
        """The system's rule parameters, as the scenario set them."""

    @property
    def map(self) -> HexMap:
        """Walls and who stands where."""

    @property
    def logging(self) -> bool:
        """Whether events are built (off: only counted). Rule code uses
        :meth:`emit_lazy` rather than testing it."""

    def emit(self, cls: type[Event], **fields: Any) -> None:
        """Log an event now."""

    def emit_lazy(self, cls: type[Event], fields: Callable[..., dict[str, Any]],
                  *args: Any) -> None:
        """Log an event now whose fields (``fields(*args)``) are computed only when events
        are built: the way to spare a costly event when logging is off, without testing
        :attr:`logging`."""

    def count(self, n: int = 1) -> None:
        """Count events not built (logging off)."""

    def figure(self, id: str) -> FigT:
        """The combatant ``id``."""

    def figures(self) -> Iterable[FigT]:
        """Every combatant, in scenario order."""

    def enemies(self, c: FigT) -> list[FigT]:
        """``c``'s able enemies, in scenario order."""

    def enemies_left(self, side: str) -> int:
        """How many of the sides other than ``side`` are still able to fight."""

    def nearest_enemy(self, c: FigT, visible: bool = False) -> FigT | None:
        """The nearest able enemy (``visible``: not to ``c``'s back)."""

    def note_attack(self) -> None:
        """An attack roll was made now (the stalemate rule counts from the last one)."""

    def leave_side(self, c: FigT) -> None:
        """``c`` no longer counts for its side (out, fled, dead)."""

    def check_end(self) -> None:
        """End the fight when at most one side is left."""


Handler = Callable[..., Any]
"""An action handler: ``handler(ctx, fighter, step)`` (a generator when the action takes
time: what it yields, the figure's process waits for)."""


__all__ = ["Context", "FigT", "Handler", "Hex"]
