"""The event log: one emitter, any number of sinks (docs/log.md).

:class:`EventLog` numbers events (``seq``) and hands each frozen record to its sinks.
:class:`Recorder` keeps the records in memory; :class:`JsonLinesSink` writes the JSON
lines of the contract through ``structlog``. With no sink the log builds nothing, so
logging off costs one attribute test per event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Any

import structlog

from timedcombat.events import Event, to_json

Sink = Callable[[Event], None]


class EventLog:
    """Numbers events and passes them to the sinks, in order."""

    def __init__(self, sinks: list[Sink] | None = None) -> None:
        self.sinks: list[Sink] = list(sinks or [])
        self.seq = 0  # the seq of the last event made
        self.count = 0  # events emitted, made or not

    @property
    def enabled(self) -> bool:
        return bool(self.sinks)

    def emit(self, cls: type[Event], t: int, **fields: Any) -> Event | None:
        """Make the record ``cls(t, seq, **fields)`` and give it to every sink."""
        self.count += 1
        if not self.sinks:
            return None
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


class _LineWriter:
    """The structlog logger of the sink: one line per event, buffered by the stream
    (structlog's WriteLogger flushes every line, which costs a system call each)."""

    def __init__(self, stream: IO[str]) -> None:
        self._write = stream.write

    def msg(self, message: str) -> None:
        self._write(message + "\n")


def _record(_logger: Any, _name: str, event_dict: dict[str, Any]) -> str:
    return event_dict["line"]  # already serialized by events.to_json


class JsonLinesSink:
    """Writes each event as one JSON line through a structlog logger."""

    def __init__(self, stream: IO[str]) -> None:
        self._logger = structlog.wrap_logger(
            _LineWriter(stream),
            processors=[_record],
            wrapper_class=structlog.BoundLogger,
            cache_logger_on_first_use=True,
        ).bind()

    def __call__(self, event: Event) -> None:
        self._logger.msg(line=to_json(event))
