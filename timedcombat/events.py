"""The log vocabulary: one frozen attrs record per event (docs/log.md).

Every record carries ``t`` (tenths) and ``seq`` (strictly increasing). Field names are
the contract; :func:`to_dict` gives the JSON object in a fixed key order: ``t``,
``seq``, ``event``, then the fields as declared. A field whose default is ``None``
is left out while it is ``None``; every other field is always written. Hexes are
written as ``[q, r]`` lists. A field declared with :func:`pairs` (a tuple of
``(name, value)``) is written as a JSON object, one declared with :func:`records` (a
tuple of such tuples) as a list of objects; every other tuple is a list.

Systems add events of their own whose names carry the system as prefix
(``tenths.plan_skip``), and may extend a core event with fields of their own by
subclassing it: the subclass keeps the core name (``attack``) and writes its fields after
the core ones; the name stays registered to the core class.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs

Hex = tuple[int, int]

_REGISTRY: dict[str, type[Event]] = {}


def _key(name: str) -> str:
    return "from" if name == "frm" else name


@attrs.frozen(slots=True)
class Event:
    """Base of all log records."""

    EVENT: ClassVar[str] = ""

    t: int
    seq: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        inherited = any(getattr(b, "EVENT", None) == cls.EVENT for b in cls.__mro__[1:])
        if cls.EVENT and not inherited:  # (an extension keeps the core class's name)
            _REGISTRY[cls.EVENT] = cls


PAIRS, RECORDS = "pairs", "records"


def pairs(default: Any = ()) -> Any:
    """A field of ``(name, value)`` pairs, written as a JSON object (``modifiers``);
    ``pairs(attrs.NOTHING)`` for one that must be given."""
    return attrs.field(default=default, metadata={"json": PAIRS})


def records(default: Any = ()) -> Any:
    """A field of records (each a tuple of pairs), written as a list of JSON objects."""
    return attrs.field(default=default, metadata={"json": RECORDS})


def _layout(cls: type[Event]) -> tuple[tuple[str, str, bool, str], ...]:
    """(attribute, JSON key, left out when None, encoding) of each field, in order."""
    layout = cls.__dict__.get("_LAYOUT_CACHE")
    if layout is None:
        layout = tuple(
            (f.name, _key(f.name), f.default is None, f.metadata.get("json", ""))
            for f in attrs.fields(cls)
            if f.name not in ("t", "seq")
        )
        type.__setattr__(cls, "_LAYOUT_CACHE", layout)
    return layout


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _object(value: Any) -> dict[str, Any]:
    return {k: _plain(v) for k, v in value}


CACHE_LIMIT = 20_000
"""Most distinct strings :data:`_STRINGS` keeps (then it starts again): ids and names
recur on every line, but a long batch must not grow. (Only strings: a cache keyed by a
tuple would take ``(1, 2)`` for ``(True, 2)`` or ``(1.0, 2)``, equal keys.)"""


class _Strings(dict[str, str]):
    """Strings as JSON (ASCII-safe, as ``json.dumps``), each computed once:
    ``_STRINGS[s]`` is a dict lookup in C when known."""

    def __missing__(self, value: str) -> str:
        if len(self) >= CACHE_LIMIT:
            self.clear()
        out = self[value] = json.dumps(value)
        return out


_STRINGS = _Strings()


class _Texts(dict[Any, str]):
    """One field's ``,"key":value`` texts by value, for strings and ints (the caller
    never looks up a bool or a float: ``True == 1``), each made once; bounded like
    :data:`_STRINGS`."""

    def __init__(self, head: str) -> None:
        super().__init__()
        self.head = head

    def __missing__(self, value: Any) -> str:
        if len(self) >= FIELD_CACHE_LIMIT:
            self.clear()
        out = self[value] = self.head + (_STRINGS[value] if type(value) is str else f"{value}")
        return out


FIELD_CACHE_LIMIT = 512
"""Most texts one field of one event class keeps (then it starts again)."""


def _v(value: Any) -> str:
    """Any value as ``json.dumps`` writes it (compact); tuples and lists as arrays."""
    kind = type(value)
    if kind is str:
        return _STRINGS[value]
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return f"{value}"
    if value is None:
        return "null"
    if kind is tuple or kind is list:
        return "[" + ",".join([f"{x}" if type(x) is int else _v(x) for x in value]) + "]"
    return json.dumps(value)


def _pairs_text(value: Any) -> str:
    strings = _STRINGS
    return "{" + ",".join([f"{strings[k]}:{v}" if type(v) is int else f"{strings[k]}:{_v(v)}"
                           for k, v in value]) + "}"


def _records_text(value: Any) -> str:
    return "[" + ",".join(map(_pairs_text, value)) + "]"


Fields = dict[str, Any]
"""An event's fields by attribute name (``frm``, not ``from``), without ``t`` and ``seq``:
what rule code emits, what every sink is handed."""

LineWriter = Callable[[int, int, Fields], str]


PLAN_LIMIT = 256
"""Most key orders one event class keeps a writing plan for (then it starts again): each
call site emits its own, a handful per class."""


class _Encoded:
    """The ``,"key":value`` text of a value no cache may key (a tuple: ``(1, 2)`` equals
    ``(True, 2)``), worked out per line: a hex as ``[q,r]``, the rest by its encoder."""

    def __init__(self, head: str, encode: Callable[[Any], str]) -> None:
        self.head = head
        self.encode = encode

    def __getitem__(self, v: Any) -> str:
        if self.encode is _v and type(v) is tuple and len(v) == 2 and type(v[0]) is int \
                and type(v[1]) is int:  # a hex
            return f"{self.head}[{v[0]},{v[1]}]"
        return self.head + self.encode(v)


class _Constant:
    """A field's fixed text (its default, not emitted), whatever value it is handed."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __getitem__(self, _v: Any) -> str:
        return self.text


def _few(names: tuple[str, ...]) -> Callable[[Fields], tuple[Any, ...]]:
    """The values of fewer than two ``names`` as a tuple (``itemgetter`` of one name
    gives the value itself)."""
    def values(fields: Fields) -> tuple[Any, ...]:
        return tuple(fields[n] for n in names)
    return values


def _line_writer(cls: type[Event]) -> LineWriter:
    """The line writer of one event class: ``(t, seq, fields) -> line``, the text of
    ``json.dumps(to_dict(cls(t, seq, **fields)), separators=(",", ":"))`` and its newline,
    written from the fields themselves (no record built), with no generated code.

    Made from the class's fields once: their JSON heads (``,"actor":``), defaults,
    whether ``None`` leaves them out, their encoding (pairs and records by the field's
    metadata, any other value by its type). For each order of keys emitted and the types
    of their values (a handful per call site) a plan is made once: the fields written,
    in the class's order, each with the table its text comes from (a string's or an
    int's whole text is looked up in the field's cache; a bool's, a ``null``'s and a
    default's are fixed; a tuple's is encoded); a line is then one lookup per field, in
    C (``map`` over the plan's tables and ``itemgetter``'s values). A field the class
    does not declare, or a required one missing, is a ``TypeError``, as building the
    record would be."""
    by_name = {f.name: f for f in attrs.fields(cls)}
    spec = tuple((name, "," + json.dumps(key) + ":",
                  by_name[name].default, optional,
                  _pairs_text if json_as == PAIRS else _records_text if json_as == RECORDS
                  else _v)
                 for name, key, optional, json_as in _layout(cls))
    declared = frozenset(name for name, *_ in spec)
    head = ',"event":' + json.dumps(cls.EVENT)
    Table = Mapping[Any, str] | _Encoded | _Constant
    Plan = tuple[str, Callable[[Fields], tuple[Any, ...]], tuple[Table, ...]]
    plans: dict[tuple[Any, ...], Plan] = {}
    texts = {name: _Texts(key) for name, key, *_ in spec}

    def table(value: Any, optional: bool, encode: Callable[[Any], str],
              known: _Texts) -> Table | None:
        """Where a value of this type gets its text (``None``: the field is left out)."""
        kind = type(value)
        if kind is str or kind is int:
            return known
        if value is None:
            return None if optional else {None: known.head + "null"}
        if kind is bool:
            return {True: known.head + "true", False: known.head + "false"}
        return _Encoded(known.head, encode)

    def plan_of(fields: Fields, shape: tuple[Any, ...]) -> Plan:
        given = frozenset(fields)
        if not given <= declared:
            raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(given - declared))}")
        prefix = head
        names: list[str] = []
        tables: list[Table] = []
        for name, _key, default, optional, encode in spec:
            known = texts[name]
            if name in given:
                where = table(fields[name], optional, encode, known)
                if where is not None:
                    names.append(name)
                    tables.append(where)
                continue
            if default is attrs.NOTHING:
                raise TypeError(f"{cls.__name__} needs the field {name}")
            where = table(default, optional, encode, known)
            if where is None:
                continue
            text = where[default]
            if not names:
                prefix += text  # (before the first field written: part of the head)
            else:
                names.append(names[-1])  # (any value: the table ignores it)
                tables.append(_Constant(text))
        if len(plans) >= PLAN_LIMIT:
            plans.clear()
        getter = operator.itemgetter(*names) if len(names) >= 2 else _few(tuple(names))
        made = plans[shape] = (prefix, getter, tuple(tables))
        return made

    getitem = operator.getitem

    def write(t: int, seq: int, fields: Fields) -> str:
        shape = (*fields, *map(type, fields.values()))
        prefix, values, tables = plans.get(shape) or plan_of(fields, shape)
        return (f'{{"t":{t},"seq":{seq}{prefix}' + "".join(map(getitem, tables, values(fields)))
                + "}\n")

    _WRITERS[cls] = write
    return write


_WRITERS: dict[type[Event], LineWriter] = {}


def line_writer(cls: type[Event]) -> LineWriter:
    """``(t, seq, fields) -> line`` (with its newline) for events of ``cls``, made once
    per class: the one serializer, used by the JSON sink on the fields emitted and by
    :func:`to_json` on a record's."""
    return _WRITERS.get(cls) or _line_writer(cls)


def fields_of(event: Event) -> Fields:
    """A record's fields by attribute name (all of them, defaults included)."""
    return {name: getattr(event, name) for name, *_ in _layout(type(event))}


def to_json(event: Event) -> str:
    """One log line (without the newline): compact JSON, keys in contract order."""
    return line_writer(type(event))(event.t, event.seq, fields_of(event))[:-1]


def to_dict(event: Event) -> dict[str, Any]:
    """The JSON object of one event, keys in contract order."""
    out: dict[str, Any] = {"t": event.t, "seq": event.seq, "event": event.EVENT}
    for name, key, optional, json_as in _layout(type(event)):
        value = getattr(event, name)
        if value is None and optional:
            continue
        if json_as == PAIRS:
            out[key] = _object(value)
        elif json_as == RECORDS:
            out[key] = [_object(r) for r in value]
        else:
            out[key] = _plain(value)
    return out


def event_class(name: str) -> type[Event] | None:
    """The record class of an event name, or ``None`` when unknown."""
    return _REGISTRY.get(name)


def known_events() -> dict[str, type[Event]]:
    return dict(_REGISTRY)


Modifiers = tuple[tuple[str, int], ...]
"""Named modifiers, written as a JSON object: ``(("charge", 3), ("hurt", -2))``."""


@attrs.frozen(slots=True)
class Acted(Event):
    """Base of the events about one combatant, ``actor`` (who acts, is hit, falls ...):
    the field nearly every event starts with, declared once (no name: never logged)."""

    actor: str


@attrs.frozen(slots=True)
class Paired(Acted):
    """Base of the events between two combatants: ``actor`` acts on ``target`` (no name:
    never logged)."""

    target: str


@attrs.frozen(slots=True)
class Start(Event):
    EVENT: ClassVar[str] = "start"
    system: str
    seed: int
    scenario: str
    until: int
    rules: Modifiers = pairs()
    walls: tuple[Hex, ...] | None = None  # the map's walls, written only when it has some
    # the state kinds whose every change the log carries (Arena.reports); left out: none said
    reports: tuple[str, ...] | None = None


@attrs.frozen(slots=True)
class Placed(Acted):
    """Where a combatant stands at the start (an extension: lets a log stand alone)."""

    EVENT: ClassVar[str] = "placed"
    side: str
    at: Hex
    facing: str


@attrs.frozen(slots=True)
class Action(Acted):
    EVENT: ClassVar[str] = "action"
    name: str
    end: int
    target: str | None = None
    weapon: str | None = None
    position: str | None = None


@attrs.frozen(slots=True)
class Interrupted(Acted):
    EVENT: ClassVar[str] = "interrupted"
    name: str
    cause: str


@attrs.frozen(slots=True)
class Move(Acted):
    EVENT: ClassVar[str] = "move"
    frm: Hex
    to: Hex
    mode: str
    facing: str | None = None


@attrs.frozen(slots=True)
class Attack(Paired):
    EVENT: ClassVar[str] = "attack"
    weapon: str
    roll: int
    total: int
    against: int
    result: str
    margin: int
    simultaneous: bool
    modifiers: Modifiers = pairs()
    dice: str | None = None  # the dice of the roll ("3d6"), when the system writes it


@attrs.frozen(slots=True)
class Defence(Acted):
    EVENT: ClassVar[str] = "defence"
    kind: str
    against: str
    roll: int
    total: int
    success: bool
    weapon: str | None = None
    delay: int | None = None
    modifiers: Modifiers = pairs()
    dice: str | None = None


@attrs.frozen(slots=True)
class Damage(Acted):
    EVENT: ClassVar[str] = "damage"
    amount: int
    total: int
    body: int
    source: str | None = None
    weapon: str | None = None


@attrs.frozen(slots=True)
class Reaction(Acted):
    EVENT: ClassVar[str] = "reaction"
    cause: str
    roll: int
    tenths: int
    skill: int | None = None
    end: int | None = None


@attrs.frozen(slots=True)
class Target(Acted):
    EVENT: ClassVar[str] = "target"
    target: str | None = None
    targets: tuple[str, ...] | None = None


@attrs.frozen(slots=True)
class State(Acted):
    EVENT: ClassVar[str] = "state"
    state: str
    value: Any
    opponent: str | None = None
    cause: str | None = None


@attrs.frozen(slots=True)
class End(Event):
    EVENT: ClassVar[str] = "end"
    winner: str | None
    reason: str


@attrs.frozen(slots=True)
class PlanSkip(Acted):
    """A scripted plan step the rules did not allow when its turn came: its action word
    (``name``), its place in the plan (``index``) and why (``reason``). Not an event of
    its own: each system logs it under its own name (``tenths.plan_skip``) with a subclass
    that sets only ``EVENT``."""

    name: str
    index: int
    reason: str
