"""Integer tenths of a second, the one time unit of the engine.

The simpy clock counts tenths; ``t=37`` is 3.7 s. Floats never enter the engine.
Events that fall on the same tenth are ordered by :class:`OrderKey`, which makes
simpy's first-in-first-out rule explicit: time, then phase (movement and action
starts before attacks), then initiative (the holder of the advantage first), then
the sequence in which they were declared.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from timedcombat.scenario import MAX_UNTIL

Tenths = int

TENTHS_PER_SECOND = 10


class Phase(IntEnum):
    """What happens first within one tenth."""

    MOVE = 0  # action starts, moves, closing decisions
    ATTACK = 1  # attacks (and blocking attacks) resolved together
    AFTER = 2  # state checks after the attacks of the tenth


class Span:
    """A stretch of tenths ``start`` .. ``end - 1`` (none when ``end == start``): what a
    record with ``start`` and ``end`` tenths (a turn's phase, in the engine and in a
    checker's reading alike) gets from this base."""

    __slots__ = ()
    start: int
    end: int  # exclusive

    @property
    def length(self) -> int:
        return self.end - self.start

    @property
    def last(self) -> int:
        """The last tenth (the start when the span has no length)."""
        return max(self.start, self.end - 1)


class OrderKey(NamedTuple):
    """Ordering of same-tenth happenings: ``(t, phase, initiative, seq)``."""

    t: Tenths
    phase: Phase
    initiative: int  # 0 for the combatant holding the advantage, 1 otherwise
    seq: int


def seconds(t: Tenths) -> str:
    """Format tenths as seconds with one decimal: ``37 -> '3.7'``."""
    sign = "-" if t < 0 else ""
    t = abs(t)
    return f"{sign}{t // TENTHS_PER_SECOND}.{t % TENTHS_PER_SECOND}"


def from_seconds(text: str) -> Tenths:
    """Parse ``'3.7'`` (or ``'3'``) into tenths without float arithmetic."""
    text = text.strip()
    whole, _, frac = text.partition(".")
    if frac and (len(frac) > 1 or not frac.isdigit()):
        raise ValueError(f"not a time in whole tenths: {text!r}")
    return int(whole or "0") * TENTHS_PER_SECOND + int(frac or "0")


def check_tenths(name: str, value: Any) -> None:
    """A library time (``at=``, ``start=``, ``stop=``) is whole tenths, 0 or more: a float
    (seconds, as the command line writes them?) is refused with the conversion to use."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return
    example = (f"{name}={round(value * 10)} is {value:g} s"
               if isinstance(value, float) and 0 <= value <= MAX_UNTIL else f"{name}=17 is 1.7 s")
    raise TypeError(f"{name}={value!r}: times are whole tenths of a second, 0 or more "
                    f"({example}); from seconds: timedcombat.clock.from_seconds('1.7') is 17")
