"""A batch's runs as one Parquet dataset (``batch --parquet``; the ``analysis`` extra).

Two tables: ``events`` — every run's events, one row per log line, with a ``seed``
column first (the ``start`` event's own ``seed``), then ``t``, ``seq``, ``event`` and
one column per field the system's events declare (docs/log.md) — and ``runs``, the
batch's CSV as a table. The events table's columns come from the event records of the
scenario's system, not from what one run happened to log, so every run, chunk and batch
of a system has the same schema: integers, strings and booleans are typed columns; hexes
and lists of integers are lists of integers, lists of strings lists of strings; anything
else (``modifiers`` objects, lists of records, and a key whose events declare different
types) is its JSON text. A field an event does not have is null. Rows are in seed order,
then log order, whatever ``--jobs`` or executor ran them, and are written in row groups
as runs complete (memory stays flat: a chunk of runs at a time).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from timedcombat.events import Event, _key
from timedcombat.frames import optional
from timedcombat.runs import Row
from timedcombat.runs_csv import cells, columns

ROW_GROUP = 65_536
"""Events buffered before a row group is written."""

LEADING = ("seed", "t", "seq", "event")

INT, STR, BOOL, INTS, STRS, JSON = "int", "str", "bool", "ints", "strs", "json"

JSON_COLUMNS = "timedcombat.json_columns"
"""Schema metadata key: the columns holding JSON text (a JSON list of their names)."""
ALWAYS = "timedcombat.always_written"
"""Schema metadata key: for each event, the fields its log lines hold even when null."""


def pyarrow() -> Any:
    """The pyarrow module (with its Parquet writer), or an ``ImportError`` that says how to
    get it."""
    optional("pyarrow.parquet", "--parquet needs pyarrow")
    return optional("pyarrow", "--parquet needs pyarrow")


def _kind(hint: Any) -> str:
    """The column kind of a field's declared type."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        kinds = {_kind(a) for a in args}
        return kinds.pop() if len(kinds) == 1 else JSON
    if hint is bool:
        return BOOL
    if hint is int:
        return INT
    if hint is str:
        return STR
    if typing.get_origin(hint) is tuple:
        inner = {a for a in args if a is not Ellipsis}
        if inner == {int}:
            return INTS
        if inner == {str}:
            return STRS
    return JSON


def _subclasses(cls: type[Event]) -> Iterator[type[Event]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _root(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["timedcombat", "systems"] else parts[0]


def event_classes(system: Any) -> list[type[Event]]:
    """The event records a system's logs may hold: the core's and those defined in the
    system's own package (its ``events`` module, imported here when it has one), in a
    fixed order (by name, then module and class name)."""
    own = _root(type(system).__module__)
    if importlib.util.find_spec(f"{own}.events") is not None:
        importlib.import_module(f"{own}.events")
    out: list[type[Event]] = []
    for cls in _subclasses(Event):
        if "__attrs_attrs__" not in cls.__dict__:
            # the class as written, before attrs made its slotted copy: it lingers among
            # the subclasses until collected, with only the base's fields (t, seq)
            continue
        module = cls.__module__
        core = module.startswith("timedcombat.") and not module.startswith(
            "timedcombat.systems.")
        if cls.EVENT and (core or _root(module) == own):
            out.append(cls)
    return sorted(set(out), key=lambda c: (c.EVENT, c.__module__, c.__qualname__))


def column_kinds(system: Any) -> dict[str, str]:
    """Each field column of a system's events table and its kind, in a fixed order."""
    kinds: dict[str, str] = {}
    for cls in event_classes(system):
        hints = typing.get_type_hints(cls)
        for f in attrs.fields(cls):
            if f.name in ("t", "seq"):
                continue
            key = _key(f.name)
            kind = JSON if f.metadata.get("json") else _kind(hints[f.name])
            if key in LEADING:
                continue
            kinds[key] = kind if kinds.get(key, kind) == kind else JSON
    return kinds


def events_schema(system: Any) -> Any:
    pa = pyarrow()
    arrow = {INT: pa.int64(), STR: pa.string(), BOOL: pa.bool_(),
             INTS: pa.list_(pa.int64()), STRS: pa.list_(pa.string()), JSON: pa.string()}
    fields = [pa.field("seed", pa.int64(), nullable=False),
              pa.field("t", pa.int64(), nullable=False),
              pa.field("seq", pa.int64(), nullable=False),
              pa.field("event", pa.string(), nullable=False)]
    kinds = column_kinds(system)
    fields += [pa.field(k, arrow[kind]) for k, kind in kinds.items()]
    json_columns = [k for k, kind in kinds.items() if kind == JSON]
    return pa.schema(fields, metadata={JSON_COLUMNS: json.dumps(json_columns),
                                       ALWAYS: json.dumps(always_written(system))})


def always_written(system: Any) -> dict[str, list[str]]:
    """The fields each event writes even when null (docs/log.md: a field whose default is
    not ``None``), from the most derived record of each event name the system has."""
    latest: dict[str, type[Event]] = {}
    for cls in event_classes(system):
        known = latest.get(cls.EVENT)
        if known is None or issubclass(cls, known):
            latest[cls.EVENT] = cls
    return {name: [_key(f.name) for f in attrs.fields(cls)
                   if f.name not in ("t", "seq") and f.default is not None]
            for name, cls in sorted(latest.items())}


def _cell(value: Any, kind: str) -> Any:
    if value is None:
        return None
    if kind == JSON:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    ok: Callable[[Any], bool] = {
          INT: lambda v: isinstance(v, int) and not isinstance(v, bool),
          STR: lambda v: isinstance(v, str), BOOL: lambda v: isinstance(v, bool),
          INTS: lambda v: isinstance(v, list), STRS: lambda v: isinstance(v, list)}[kind]
    if not ok(value):
        raise ValueError(f"a value of another type than the event declares: {value!r}")
    return value


class EventsWriter:
    """Writes runs' events into one Parquet file in row groups, in the order given."""

    def __init__(self, path: Path, system: Any) -> None:
        pa = pyarrow()
        self._pa = pa
        self.schema = events_schema(system)
        self._kinds = column_kinds(system)
        self._writer = pa.parquet.ParquetWriter(str(path), self.schema)
        self._columns: dict[str, list[Any]] = {name: [] for name in self.schema.names}
        self._buffered = 0
        self.rows = 0

    def add(self, seed: int, events: Iterable[Mapping[str, Any]]) -> None:
        """One run's events (its log lines as JSON objects)."""
        cols = self._columns
        kinds = self._kinds
        for e in events:
            if e["event"] == "start" and e.get("seed", seed) != seed:
                raise ValueError(f"the log of seed {seed} starts with seed {e['seed']}")
            cols["seed"].append(seed)
            cols["t"].append(e["t"])
            cols["seq"].append(e["seq"])
            cols["event"].append(e["event"])
            for key, kind in kinds.items():
                cols[key].append(_cell(e.get(key), kind))
            extra = set(e) - kinds.keys() - set(LEADING)
            if extra:
                raise ValueError(f"event {e['event']!r} has fields its record does not "
                                 f"declare: {sorted(extra)}")
            self._buffered += 1
        if self._buffered >= ROW_GROUP:
            self.flush()

    def flush(self) -> None:
        if self._buffered:
            table = self._pa.table(self._columns, schema=self.schema)
            self._writer.write_table(table, row_group_size=ROW_GROUP)
            self.rows += self._buffered
            self._columns = {name: [] for name in self.schema.names}
            self._buffered = 0

    def close(self) -> None:
        self.flush()
        self._writer.close()


def write_runs(path: Path, rows: Sequence[Row]) -> None:
    """The runs table: the batch's CSV columns, ``winner`` null when nobody won."""
    pa = pyarrow()
    names = columns(rows)
    data: dict[str, list[Any]] = {name: [] for name in names}
    for r in rows:
        for name, value in zip(names, cells(r), strict=True):
            data[name].append(value)
    pa.parquet.write_table(pa.table(data), str(path), row_group_size=ROW_GROUP)


def read_log(path: str | Path, seed: int) -> list[dict[str, Any]]:
    """One run's events read back from an events table: the JSON objects of the run's
    JSON-lines log (the same keys and values; JSON columns decoded, nulls left out)."""
    pa = pyarrow()
    table = pa.parquet.read_table(str(path), filters=[("seed", "==", seed)]).sort_by("seq")
    meta = table.schema.metadata or {}
    decoded = set(json.loads(meta.get(JSON_COLUMNS.encode(), b"[]")))
    always = {k: set(v) for k, v in json.loads(meta.get(ALWAYS.encode(), b"{}")).items()}
    out = []
    for row in table.to_pylist():
        kept = always.get(row["event"], set())
        line = {k: json.loads(v) if k in decoded and v is not None else v
                for k, v in row.items() if (v is not None or k in kept) and k != "seed"}
        if line["event"] == "start":  # its own seed is the run's: the seed column
            line["seed"] = row["seed"]
        out.append(line)
    return out


def paths(target: str | Path) -> tuple[Path, Path]:
    """Where the events and the runs go: ``D/events.parquet`` and ``D/runs.parquet`` for
    a directory ``D``; ``F`` and ``F``'s stem + ``.runs.parquet`` for a file name
    ``F.parquet``."""
    p = Path(target)
    if p.suffix == ".parquet":
        return p, p.with_name(p.stem + ".runs.parquet")
    return p / "events.parquet", p / "runs.parquet"


__all__ = ["JSON_COLUMNS", "EventsWriter", "column_kinds", "event_classes", "events_schema",
           "paths", "read_log", "write_runs"]
