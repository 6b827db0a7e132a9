"""Signals between combatant processes: the causes of simpy interrupts."""

from __future__ import annotations

import attrs

from timedcombat.systems.tenths.fighter import Step

# Actions a combatant cannot break off to answer a closing action: a retreat, a
# reaction, a pick-up (no active defence in any of them), taking up a block (its answer).
UNINTERRUPTIBLE = frozenset({"retreat", "react", "pick_up", "block", "target", "defend_only",
                             "style"})

WAKE = "wake"
DELAY = "delay"
OUT = "out"


@attrs.frozen
class Preempt:
    """Interrupt cause: abandon the running action (``reason``) and perform ``step``."""

    reason: str
    step: Step | None = None


class Preempted(Exception):
    def __init__(self, cause: Preempt) -> None:
        super().__init__(cause.reason)
        self.cause = cause


class Finished(Exception):
    """The combatant is out: its process ends."""


