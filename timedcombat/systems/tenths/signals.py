"""Signals between the ``tenths`` combatant processes: the causes of simpy interrupts.

A process waiting in :meth:`~timedcombat.systems.tenths.process.Interrupts.hold` can be
*woken* (``WAKE``: something it watches changed, decide again), *delayed* (``DELAY``: its
running action was pushed back, wait the rest), *preempted* (:class:`Preempt`: drop what
it does and perform another step) or told it is *out* (``OUT``: its process ends). Only
this system's execution model interrupts processes: the core knows none of it.
"""

from __future__ import annotations

from typing import Any

import attrs

WAKE = "wake"
DELAY = "delay"
OUT = "out"

# Actions a combatant cannot break off to answer a closing action: a retreat, a
# reaction, a pick-up (no active defence in any of them), taking up a block, a change of
# target or style, choosing defend-only. It answers once they are over.
UNINTERRUPTIBLE = frozenset({"retreat", "react", "pick_up", "block", "target", "defend_only",
                             "style"})


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


__all__ = ["DELAY", "OUT", "UNINTERRUPTIBLE", "WAKE", "Finished", "Preempt", "Preempted"]
