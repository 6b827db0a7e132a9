"""Process plumbing of the ``tenths`` system: delivering interrupts to a combatant's
simpy process and the one wait it makes (moved out of the core arena: no other system
interrupts its processes).

A figure's process waits only in :meth:`Interrupts.hold`: until its running action's end
(``fighter.due``, pushed back by parries and dodges) or, with no end, until woken. Others
reach it with :meth:`Interrupts.poke`: a cause is delivered at once when it waits, kept
for its next wait otherwise (``fighter.pending``).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import simpy

from timedcombat.systems.tenths.signals import DELAY, OUT, WAKE, Finished, Preempt, Preempted

if TYPE_CHECKING:
    from timedcombat.arena import Clock
    from timedcombat.systems.tenths.fighter import Fighter


class Interrupts:
    """The mixin a ``tenths`` fight takes its process plumbing from (over its ``env``)."""

    env: Clock  # (simpy's, moved by whole tenths only)

    def poke(self, c: Fighter, cause: Any) -> None:
        """Deliver ``cause`` to ``c``'s process now, or when it next waits."""
        if c.proc is None or not c.proc.is_alive:
            if cause is not DELAY and cause is not WAKE:
                c.pending.append(cause)
            return
        if cause is WAKE and c.act is not None:
            return  # a running action ignores wakes: it re-checks when its time comes
        if c.waiting and self.env.active_process is not c.proc:
            c.waiting = False
            c.proc.interrupt(cause)
        else:
            c.pending.append(cause)

    def hold(self, c: Fighter, woken: bool = True) -> Generator[Any, Any, bool]:
        """Wait until ``c.due`` (``None``: until woken). True when due, False when woken
        (``woken=False``: a wake is ignored, the wait goes on to ``c.due``).
        A :class:`~.signals.Preempt` raises :class:`~.signals.Preempted`, ``OUT`` raises
        :class:`~.signals.Finished`; a ``DELAY`` (``c.due`` pushed back) waits the rest.
        (It reads simpy's clock as ``env._now``: ``env.now`` is a property, a Python call
        per read, and this is the one wait of every action.)"""
        env = self.env
        pending = c.pending
        while True:
            while pending:
                if _take(pending.pop(0)) and woken:
                    return False
            due = c.due
            if due is None:
                target: simpy.Event = c.never
            elif due <= env._now:
                return True
            else:
                target = env.timeout(due - env._now)
            c.waiting = True
            try:
                yield target
            except simpy.Interrupt as i:
                c.waiting = False
                if _take(i.cause) and woken:
                    return False
                continue
            c.waiting = False
            due = c.due
            if due is not None and due > env._now:
                continue  # pushed back meanwhile: wait the rest
            return True

    def run_to(self, c: Fighter, end: int) -> Generator[Any, Any, bool]:
        """Hold until the running action's ``end`` (pushed back by parries and dodges);
        wakes do not end it. (The hold's own generator: no generator level between.)"""
        c.due = end
        return self.hold(c, False)


def _take(cause: Any) -> bool:
    """Apply a delivered cause; True when the waiter should decide again (woken)."""
    if cause is DELAY:
        return False
    if cause is WAKE:
        return True
    if cause is OUT:
        raise Finished
    if isinstance(cause, Preempt):
        raise Preempted(cause)
    raise AssertionError(cause)  # pragma: no cover


__all__ = ["Interrupts"]
