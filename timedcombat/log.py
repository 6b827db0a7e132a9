"""The event log: one emitter, any number of sinks (docs/log.md).

:class:`EventLog` numbers events (``seq``) and hands each one to its sinks the one way:
``take(cls, t, seq, fields)``, the event's class, time, number and fields as emitted. A
sink that writes (:class:`JsonLinesSink`) writes the line from the fields; a sink that
wants the frozen record (:class:`Recorder`, :class:`StructlogSink`, any callable taking a
record) is handed it, built once per event for all such sinks and only when one listens.
With no sink the log builds nothing, so logging off costs one count per event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import IO, Any, Protocol, cast, runtime_checkable

import structlog

from timedcombat.events import Event, Fields, LineWriter, line_writer, to_dict, to_json

Sink = Callable[[Event], None]
"""A sink that takes each event's record (``Recorder``, a user's callable)."""


@runtime_checkable
class FieldSink(Protocol):
    """A sink that takes each event as emitted, no record built for it."""

    def take(self, cls: type[Event], t: int, seq: int, fields: Fields) -> None: ...


Take = Callable[[type[Event], int, int, Fields], None]


class _Records:
    """The sinks that want records, as one field sink: the record built once, handed to
    each in order."""

    def __init__(self, sinks: Sequence[Sink]) -> None:
        self.sinks = tuple(sinks)

    def take(self, cls: type[Event], t: int, seq: int, fields: Fields) -> None:
        event = cls(t=t, seq=seq, **fields)
        for sink in self.sinks:
            sink(event)


def _takes(sinks: Sequence[Sink | FieldSink]) -> tuple[Take, ...]:
    """Every sink as a ``take``, in order; all the record sinks as one, where the first of
    them stands, so that each event's record is built once."""
    # (a field sink is one with a ``take``: tested by attribute, as isinstance against
    # the runtime-checkable protocol costs a scan of the protocol per sink and run)
    records = [cast(Sink, s) for s in sinks if not callable(getattr(s, "take", None))]
    out: list[Take] = []
    for sink in sinks:
        take = getattr(sink, "take", None)
        if callable(take):
            out.append(take)
        elif sink is records[0]:
            out.append(_Records(records).take)
    return tuple(out)


class EventLog:
    """Numbers events and hands them to the sinks, in order."""

    def __init__(self, sinks: Sequence[Sink | FieldSink] | None = None) -> None:
        self.sinks: tuple[Sink | FieldSink, ...] = tuple(sinks or ())
        self._takes = _takes(self.sinks)
        self.seq = 0  # the seq of the last event made
        self.count = 0  # events emitted, made or not

    @property
    def enabled(self) -> bool:
        return bool(self.sinks)

    def emit(self, cls: type[Event], t: int, **fields: Any) -> None:
        """Count an event; with sinks, hand it on (:meth:`make`)."""
        self.count += 1
        if self.sinks:
            self.make(cls, t, fields)

    def make(self, cls: type[Event], t: int, fields: Fields) -> None:
        """Number the event and hand ``(cls, t, seq, fields)`` to every sink."""
        self.seq += 1
        seq = self.seq
        for take in self._takes:
            take(cls, t, seq, fields)


class Recorder:
    """In-memory sink: the records, in order."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.events.append(event)

    def of(self, name: str) -> list[Event]:
        """Every recorded event of one kind, e.g. ``recorder.of("attack")``."""
        return [e for e in self.events if name == e.EVENT]


class StructlogSink:
    """Hands each event to a ``structlog`` logger: ``logger.info("<event>", t=..., seq=...,
    <the event's fields, as in the JSON-lines contract>)``, so a fight's events go through
    the application's own processors and renderers (``structlog.get_logger("timedcombat")``
    when no logger is given). The log file of the contract is :class:`JsonLinesSink`'s,
    which writes its lines itself (a structlog call per event costs about a tenth of a
    duel's time)."""

    def __init__(self, logger: Any = None, level: str = "info") -> None:
        self._log = getattr(logger if logger is not None else
                            structlog.get_logger("timedcombat"), level)

    def __call__(self, event: Event) -> None:
        fields = to_dict(event)
        self._log(fields.pop("event"), **fields)


class JsonLinesSink:
    """Writes each event as one JSON line, from its fields (:func:`events.line_writer`;
    no record built), buffered by the stream: no flush per line, no structlog call
    (:class:`StructlogSink` for that)."""

    def __init__(self, stream: IO[str]) -> None:
        self._write = stream.write
        self._writers: dict[type[Event], LineWriter] = {}

    def take(self, cls: type[Event], t: int, seq: int, fields: Fields) -> None:
        write = self._writers.get(cls)
        if write is None:
            write = self._writers[cls] = line_writer(cls)
        self._write(write(t, seq, fields))

    def __call__(self, event: Event) -> None:
        """Write one record's line (:func:`events.to_json`)."""
        self._write(to_json(event) + "\n")
