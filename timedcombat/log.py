"""The event log: one emitter, any number of sinks (docs/log.md).

:class:`EventLog` numbers events (``seq``) and hands each frozen record to its sinks.
:class:`Recorder` keeps the records in memory; :class:`JsonLinesSink` writes the JSON
lines of the contract straight to its stream; :class:`StructlogSink` hands each event to a
``structlog`` logger (an application's own structured log). With no sink the log builds
nothing, so logging off costs one attribute test per event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

import structlog

from timedcombat.events import Event, line_writer, to_dict, to_json

Sink = Callable[[Event], None]


class EventLog:
    """Numbers events and passes them to the sinks, in order.

    A sink with a ``write_fields(cls, t, seq, fields)`` method (:class:`JsonLinesSink`)
    is given the event's class and fields instead of the record: it writes its line from
    them, so with only such sinks no record is built."""

    def __init__(self, sinks: list[Sink] | None = None) -> None:
        self.sinks: tuple[Sink, ...] = tuple(sinks or ())  # fixed: split once just below
        self._takes_records = [s for s in self.sinks if not hasattr(s, "write_fields")]
        self._writers = [s for s in self.sinks if hasattr(s, "write_fields")]
        self.seq = 0  # the seq of the last event made
        self.count = 0  # events emitted, made or not

    @property
    def enabled(self) -> bool:
        return bool(self.sinks)

    def emit(self, cls: type[Event], t: int, **fields: Any) -> Event | None:
        """Count an event; with sinks, make it (:meth:`make`)."""
        self.count += 1
        if not self.sinks:
            return None
        return self.make(cls, t, fields)

    def make(self, cls: type[Event], t: int, fields: dict[str, Any]) -> Event | None:
        """Number the event ``cls(t, seq, **fields)`` and hand it on: the record to the
        sinks that take records (built only for them, and returned), the fields to the
        line writers."""
        self.seq += 1
        event = None
        if self._takes_records:
            event = cls(t, self.seq, **fields)
            for sink in self._takes_records:
                sink(event)
        for writer in self._writers:
            writer.write_fields(cls, t, self.seq, fields)
        return event


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
    """Writes each event as one JSON line (:func:`events.to_json`), buffered by the
    stream: no flush per line, no structlog call (:class:`StructlogSink` for that)."""

    def __init__(self, stream: IO[str]) -> None:
        self._write = stream.write
        self._lines: dict[type[Event], Any] = {}  # event class -> its line writer

    def __call__(self, event: Event) -> None:
        self._write(to_json(event) + "\n")

    def write_fields(self, cls: type[Event], t: int, seq: int, fields: dict[str, Any]) -> None:
        """The line of ``cls(t, seq, **fields)``, written without building the record."""
        line = self._lines.get(cls)
        if line is None:
            line = self._lines[cls] = line_writer(cls)
        self._write(line(t, seq, **fields) + "\n")
