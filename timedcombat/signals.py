"""Signals between combatant processes: the causes of simpy interrupts.

A process waiting in :meth:`timedcombat.arena.Arena.hold` can be *woken* (``WAKE``:
something it watches changed, decide again), *delayed* (``DELAY``: its running action was
pushed back, wait the rest), *preempted* (:class:`Preempt`: drop what it does and perform
another step) or told it is *out* (``OUT``: its process ends).
"""

from __future__ import annotations

from typing import Any

import attrs

WAKE = "wake"
DELAY = "delay"
OUT = "out"


@attrs.frozen
class Preempt:
    """Interrupt cause: abandon the running action (``reason``) and perform ``step``."""

    reason: str
    step: Any = None


class Preempted(Exception):
    """Raised inside a combatant's process when a :class:`Preempt` reaches it."""

    def __init__(self, cause: Preempt) -> None:
        super().__init__(cause.reason)
        self.cause = cause


class Finished(Exception):
    """The combatant is out: its process ends."""


__all__ = ["DELAY", "OUT", "WAKE", "Finished", "Preempt", "Preempted"]
