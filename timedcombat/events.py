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


_STRINGS: dict[str, str] = {}


def _s(value: str) -> str:
    """A string as JSON (ASCII-safe), remembered: ids and names recur on every line."""
    out = _STRINGS.get(value)
    if out is None:
        out = _STRINGS[value] = json.dumps(value)
    return out


def _v(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return _s(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if value is None:
        return "null"
    if kind is tuple or kind is list:  # (hexes: two ints, written without a call each)
        return "[" + ",".join([str(x) if type(x) is int else _v(x) for x in value]) + "]"
    return json.dumps(value)


def _pairs(value: Any) -> str:
    return "{" + ",".join([(_STRINGS.get(k) or _s(k)) + ":"
                           + (str(v) if type(v) is int else _v(v)) for k, v in value]) + "}"


def _records(value: Any) -> str:
    return "[" + ",".join(map(_pairs, value)) + "]"


def _encoder(var: str, json_as: str) -> str:
    """The expression that encodes the value in ``var``: strings (remembered) and ints
    inline, the rest through :func:`_v` (same text: ``type(...) is int`` leaves bools
    and subclasses to ``_v``)."""
    if json_as == PAIRS:
        return f"_pairs({var})"
    if json_as == RECORDS:
        return f"_records({var})"
    return (f"((_STRINGS.get({var}) or _s({var})) if _type({var}) is str "
            f"else _str({var}) if _type({var}) is int else _v({var}))")


def _plain_init(cls: type[Event]) -> bool:
    """Every field of ``cls`` is a plain ``__init__`` argument (same name, a plain default
    or none, no converter or validator): its line can be written from the arguments the
    record would be built from, with the same checks (the same signature)."""
    return all(f.init and f.alias == f.name and not f.kw_only and f.converter is None
               and f.validator is None and not isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
               for f in attrs.fields(cls))


def _compile_json(cls: type[Event]) -> tuple[Any, Any]:
    """Generate the serializers of one event class: ``to_json(record)`` and, when its
    fields allow (:func:`_plain_init`), ``line(t, seq, **fields)`` taking the record's
    ``__init__`` arguments (``None`` otherwise). Both write the same text as
    ``json.dumps(to_dict(e), separators=(",", ":"))``, several times as fast: one join of
    the literal keys and the encoded values, no call for a string or an int."""
    layout = _layout(cls)
    parts = [repr('{"t":'), "_str(t)", repr(',"seq":'), "_str(seq)",
             repr(',"event":' + json.dumps(cls.EVENT))]
    for i, (_name, key, optional, json_as) in enumerate(layout):
        var = f"v{i}"
        head = repr("," + json.dumps(key) + ":")
        if optional:
            parts.append(f"('' if {var} is None else {head} + {_encoder(var, json_as)})")
        else:
            parts += [head, _encoder(var, json_as)]
    parts.append(repr("}"))
    body = "    return ''.join((" + ", ".join(parts) + "))"
    namespace: dict[str, Any] = {"_v": _v, "_s": _s, "_STRINGS": _STRINGS, "_pairs": _pairs,
                                 "_records": _records, "_type": type, "_str": str}
    source = ["def to_json(e):", "    t = e.t", "    seq = e.seq"]
    source += [f"    v{i} = e.{name}" for i, (name, *_) in enumerate(layout)]
    source.append(body)
    if _plain_init(cls):
        params = ["t", "seq"]
        for i, f in enumerate(f for f in attrs.fields(cls) if f.name not in ("t", "seq")):
            if f.default is attrs.NOTHING:
                params.append(f.name)
            else:
                params.append(f"{f.name}=_d{i}")
                namespace[f"_d{i}"] = f.default
        source.append(f"def line({', '.join(params)}):")
        source += [f"    v{i} = {name}" for i, (name, *_) in enumerate(layout)]
        source.append(body)
    exec("\n".join(source), namespace)  # noqa: S102 - code built from our own field names
    return namespace["to_json"], namespace.get("line")


_SERIALIZERS: dict[type[Event], Any] = {}
_LINE_WRITERS: dict[type[Event], Any] = {}


def _compiled(cls: type[Event]) -> None:
    to_json_of, line = _compile_json(cls)
    if line is None:  # (a field with a converter, validator or factory: build the record)

        def line(t: int, seq: int, **fields: Any) -> str:
            return to_json_of(cls(t, seq, **fields))  # type: ignore[call-arg]

    _SERIALIZERS[cls] = to_json_of
    _LINE_WRITERS[cls] = line


def to_json(event: Event) -> str:
    """One log line (without the newline): compact JSON, keys in contract order."""
    cls = type(event)
    fn = _SERIALIZERS.get(cls)
    if fn is None:
        _compiled(cls)
        fn = _SERIALIZERS[cls]
    return fn(event)


def line_writer(cls: type[Event]) -> Any:
    """``line(t, seq, **fields)``: the log line of the record ``cls(t, seq, **fields)``
    (:func:`to_json`), written without building the record when its fields allow."""
    fn = _LINE_WRITERS.get(cls)
    if fn is None:
        _compiled(cls)
        fn = _LINE_WRITERS[cls]
    return fn


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
class Placed(Event):
    """Where a combatant stands at the start (an extension: lets a log stand alone)."""

    EVENT: ClassVar[str] = "placed"
    actor: str
    side: str
    at: Hex
    facing: str


@attrs.frozen(slots=True)
class Action(Event):
    EVENT: ClassVar[str] = "action"
    actor: str
    name: str
    end: int
    target: str | None = None
    weapon: str | None = None
    position: str | None = None


@attrs.frozen(slots=True)
class Interrupted(Event):
    EVENT: ClassVar[str] = "interrupted"
    actor: str
    name: str
    cause: str


@attrs.frozen(slots=True)
class Move(Event):
    EVENT: ClassVar[str] = "move"
    actor: str
    frm: Hex
    to: Hex
    mode: str
    facing: str | None = None


@attrs.frozen(slots=True)
class Attack(Event):
    EVENT: ClassVar[str] = "attack"
    actor: str
    target: str
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
class Defence(Event):
    EVENT: ClassVar[str] = "defence"
    actor: str
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
class Damage(Event):
    EVENT: ClassVar[str] = "damage"
    actor: str
    amount: int
    total: int
    body: int
    source: str | None = None
    weapon: str | None = None


@attrs.frozen(slots=True)
class Reaction(Event):
    EVENT: ClassVar[str] = "reaction"
    actor: str
    cause: str
    roll: int
    tenths: int
    skill: int | None = None
    end: int | None = None


@attrs.frozen(slots=True)
class Target(Event):
    EVENT: ClassVar[str] = "target"
    actor: str
    target: str | None = None
    targets: tuple[str, ...] | None = None


@attrs.frozen(slots=True)
class State(Event):
    EVENT: ClassVar[str] = "state"
    actor: str
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
class PlanSkip(Event):
    """A scripted plan step the rules did not allow when its turn came: its action word
    (``name``), its place in the plan (``index``) and why (``reason``). Not an event of
    its own: each system logs it under its own name (``tenths.plan_skip``) with a subclass
    that sets only ``EVENT``."""

    actor: str
    name: str
    index: int
    reason: str
