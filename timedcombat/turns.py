"""Time models: native tenths, or turns of N tenths with phases, on the one simpy clock.

A system declares its :class:`TimeModel`. A native system (``turn = 0``) times every
action itself. A turn system gets a :class:`TurnClock`: a simpy process of the arena that
starts turn *k* at tenth ``(k - 1) * turn``, asks the system for the order of action
(:meth:`Arena.turn_order <timedcombat.arena.Arena>` hook), logs ``<system>.turn`` with
that order and ``<system>.phase`` at each phase's first tenth, and wakes the combatants'
processes, which stay simpy processes on the same clock and place each step at a
documented tenth inside the turn (``docs/rules/<system>.md``).

Same-tenth happenings are ordered by :class:`~timedcombat.clock.OrderKey` (time, phase,
initiative, sequence) rather than by simpy's first-in-first-out rule alone:
:func:`at` schedules an event whose simpy priority encodes phase and initiative, and
simpy's own event counter gives the sequence. The clock's own events come before every
combatant step of their tenth.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs
import simpy

from timedcombat import events as ev
from timedcombat.clock import OrderKey

if TYPE_CHECKING:
    from timedcombat.arena import Arena

CLOCK_PRIORITY = 2
"""simpy priority of the clock's own events (after simpy's URGENT 0 and NORMAL 1)."""
PHASE_STRIDE = 1_000_000
"""Initiative ranks per phase in the encoded priority (more combatants than this would
share a rank)."""


@attrs.frozen
class PhaseSpec:
    """One phase of a turn: its name, first tenth (offset from the turn's start) and
    length in tenths."""

    name: str
    offset: int
    length: int


@attrs.frozen
class TimeModel:
    """How a system's time sits on the clock: ``turn`` tenths a turn (0: native tenths,
    no turns) split into ``phases``."""

    turn: int = 0
    phases: tuple[PhaseSpec, ...] = ()

    @property
    def turn_based(self) -> bool:
        return self.turn > 0

    def __attrs_post_init__(self) -> None:
        end = 0
        for p in self.phases:
            if p.offset < end or p.length < 1 or p.offset + p.length > self.turn:
                raise ValueError(f"phase {p.name!r} does not fit in order inside a turn of "
                                 f"{self.turn} tenths")
            end = p.offset + p.length

    def turn_start(self, turn: int) -> int:
        """The first tenth of turn ``turn`` (turns count from 1)."""
        return (turn - 1) * self.turn

    def phase(self, name: str) -> PhaseSpec:
        for p in self.phases:
            if p.name == name:
                return p
        raise KeyError(name)

    def phase_index(self, name: str) -> int:
        return [p.name for p in self.phases].index(name)


def priority(key: OrderKey) -> int:
    """simpy priority for a step ordered by ``key`` (its ``t`` and ``seq`` are simpy's
    time and event counter)."""
    return step_priority(key.phase, key.initiative)


def step_priority(phase: int, initiative: int) -> int:
    """:func:`priority` of a step of ``phase`` at ``initiative`` (no record made): a
    process that waits for several tenths in the same place works it out once and
    yields ``At(env, t, prio)``, as :func:`at` does."""
    return CLOCK_PRIORITY + 1 + int(phase) * PHASE_STRIDE + initiative


class At(simpy.Event):
    """An event that triggers at tenth ``t``, ordered among the same tenth's by
    ``priority`` (see :func:`at`)."""

    def __init__(self, env: simpy.Environment, t: int, prio: int) -> None:
        # simpy.Event.__init__'s three attributes set here (a call less per step)
        now = env._now
        if t < now:
            raise ValueError(f"tenth {t} is in the past (now {now})")
        self.env = env
        self.callbacks = []
        self._ok = True
        self._value = None
        env.schedule(self, prio, t - now)  # type: ignore[arg-type]  # (any int orders)


def at(env: simpy.Environment, t: int, phase: int = 0, initiative: int = 0) -> At:
    """Wait until tenth ``t``; steps of one tenth follow (phase, initiative, the order
    they were scheduled in)."""
    return At(env, t, step_priority(phase, initiative))


@attrs.frozen(slots=True)
class TurnStart(ev.Event):
    """A turn begins: its number and the order of action (ids, first to act first).
    Systems subclass it with their event name (``<system>.turn``) and the fields that explain
    the order (the rolls, the adjusted DX ...)."""

    EVENT: ClassVar[str] = ""
    turn: int
    order: tuple[str, ...]


@attrs.frozen(slots=True)
class PhaseStart(ev.Event):
    """A phase of a turn begins (``<system>.phase``): the turn, the phase's name, and the
    tenth after its last."""

    EVENT: ClassVar[str] = ""
    turn: int
    phase: str
    end: int


class TurnClock:
    """Drives the turns of a turn system (see the module docstring).

    ``turn_event`` / ``phase_event`` are the system's subclasses of :class:`TurnStart` /
    :class:`PhaseStart` (kept as :attr:`turn_event` and :attr:`phase_record`).
    Combatant processes wait for :attr:`next_turn` (it succeeds with the turn number once
    the order is known) or :meth:`phase_event` of a phase.
    """

    def __init__(self, arena: Arena[Any], model: TimeModel, turn_event: type[TurnStart],
                 phase_event: type[PhaseStart]) -> None:
        if not model.turn_based:
            raise ValueError("a turn clock needs a model with turns")
        self.arena = arena
        self.model = model
        self.turn_event = turn_event
        self.phase_record = phase_event  # (not `phase_event`: that is the method below)
        self.turn = 0
        self.order: tuple[str, ...] = ()
        env = arena.env
        self.next_turn: simpy.Event = env.event()
        self._phases: dict[str, simpy.Event] = {}  # phase_event's, once asked for

    def start(self) -> simpy.Process:
        return self.arena.env.process(self._run())

    def turn_start(self, turn: int | None = None) -> int:
        return self.model.turn_start(self.turn if turn is None else turn)

    def phase_start(self, name: str, turn: int | None = None) -> int:
        return self.turn_start(turn) + self.model.phase(name).offset

    def phase_event(self, name: str) -> simpy.Event:
        """The event that succeeds when phase ``name`` of the coming (or current, not yet
        begun) turn begins."""
        self.model.phase(name)  # (KeyError for a phase the model has not)
        event = self._phases.get(name)
        if event is None:
            event = self._phases[name] = self.arena.env.event()
        return event

    def rank(self, cid: str) -> int:
        """``cid``'s place in this turn's order of action (0 first; last if absent)."""
        try:
            return self.order.index(cid)
        except ValueError:
            return len(self.order)

    def _run(self) -> Generator[Any, Any, None]:
        arena, env, model = self.arena, self.arena.env, self.model
        while not arena.over:
            self.turn += 1
            start = model.turn_start(self.turn)
            yield At(env, start, CLOCK_PRIORITY)
            if arena.over:
                return
            order, fields = arena.turn_order(self.turn)
            self.order = tuple(order)
            arena.emit(self.turn_event, turn=self.turn, order=self.order, **fields)
            woke, self.next_turn = self.next_turn, env.event()
            woke.succeed(self.turn)
            for p in model.phases:
                if p.offset:  # (a phase at the turn's first tenth begins with it: no wait)
                    yield At(env, start + p.offset, CLOCK_PRIORITY)
                    if arena.over:
                        return
                arena.emit(self.phase_record, turn=self.turn, phase=p.name,
                           end=start + p.offset + p.length)
                if p.name in self._phases:  # (made only when asked for)
                    self._phases.pop(p.name).succeed(self.turn)


def slots(start: int, length: int, n: int) -> Sequence[int]:
    """``n`` tenths spread evenly over ``[start, start + length)``: the i-th at
    ``start + i * length // n`` (the documented placement of n steps in a phase)."""
    return [start + i * length // n for i in range(n)] if n else []


__all__ = ["At", "CLOCK_PRIORITY", "PhaseSpec", "PhaseStart", "TimeModel", "TurnClock",
           "TurnStart", "at", "priority", "slots", "step_priority"]
