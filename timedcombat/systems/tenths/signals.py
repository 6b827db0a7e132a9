"""Signals of the ``tenths`` processes: the core causes, and which actions a combatant
cannot break off to answer a closing action."""

from __future__ import annotations

from timedcombat.signals import DELAY, OUT, WAKE, Finished, Preempt, Preempted

# Actions a combatant cannot break off to answer a closing action: a retreat, a
# reaction, a pick-up (no active defence in any of them), taking up a block, a change of
# target or style, choosing defend-only. It answers once they are over.
UNINTERRUPTIBLE = frozenset({"retreat", "react", "pick_up", "block", "target", "defend_only",
                             "style"})

__all__ = ["DELAY", "OUT", "UNINTERRUPTIBLE", "WAKE", "Finished", "Preempt", "Preempted"]
