"""The event log: one emitter, any number of sinks (docs/log.md).

:class:`EventLog` numbers events (``seq``) and hands each frozen record to its sinks.
:class:`Recorder` keeps the records in memory; :class:`JsonLinesSink` writes the JSON
lines of the contract straight to its stream; :class:`StructlogSink` hands each event to a
``structlog`` logger (an application's own structured log). With any sink each event is
built once, as its record, and every sink is handed that record (the JSON line is written
from it): one path whatever the sinks. With no sink the log builds nothing, so logging off
costs one count per event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

import structlog

from timedcombat.events import Event, serializer, to_dict

Sink = Callable[[Event], None]


class EventLog:
    """Numbers events and passes their records to the sinks, in order."""

    def __init__(self, sinks: list[Sink] | None = None) -> None:
        self.sinks: tuple[Sink, ...] = tuple(sinks or ())
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

    def make(self, cls: type[Event], t: int, fields: dict[str, Any]) -> Event:
        """Number the event, build its record ``cls(t, seq, **fields)``, hand it to every
        sink and return it."""
        self.seq += 1
        event = cls(t, self.seq, **fields)
        for sink in self.sinks:
            sink(event)
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
        self._serializers: dict[type[Event], Callable[[Event], str]] = {}

    def __call__(self, event: Event) -> None:
        cls = type(event)
        serialize = self._serializers.get(cls)
        if serialize is None:
            serialize = self._serializers[cls] = serializer(cls)
        self._write(serialize(event) + "\n")
