"""The ``percentile.*`` log events: names, and one JSON text for both serializers."""

from __future__ import annotations

import json

import attrs
import pytest

from timedcombat.events import Event, event_class, to_dict, to_json
from timedcombat.systems.percentile import events as ev

SAMPLES = {  # field annotations (strings under postponed evaluation) -> a sample value
    "str": "x", "int": 3, "bool": True, "str | None": "y", "int | None": 5,
    "tuple[str, ...]": ("a", "b"), "tuple[int, ...]": (1, 2), "Modifiers": (("mal", 4),),
    "Hex | None": (1, -2), "Hex": (0, 1), "Any": 1, "bool | None": True,
}


def _classes():
    """The module's event classes (a base with no name of its own that others extend, as
    the core ``Paired``, is no event: it is never logged)."""
    mine = [c for c in vars(ev).values()
            if isinstance(c, type) and issubclass(c, Event) and c.__module__ == ev.__name__]
    return [c for c in mine if c.EVENT or not any(o is not c and issubclass(o, c) for o in mine)]


def _value(field):
    assert field.type in SAMPLES, f"no sample for {field.name}: {field.type}"
    return SAMPLES[field.type]


@pytest.mark.parametrize("cls", _classes(), ids=lambda c: c.EVENT)
def test_every_event_is_prefixed_registered_and_serialized_alike(cls):
    core = [b for b in cls.__mro__[1:] if getattr(b, "EVENT", "") == cls.EVENT]
    if core:  # an extension of a core event keeps its name, registered to the core class
        assert event_class(cls.EVENT) is core[-1]
        assert cls.EVENT in ("attack", "damage", "placed")
    else:
        assert cls.EVENT.startswith("percentile.")
        assert event_class(cls.EVENT) is cls
    values = {f.name: _value(f) for f in attrs.fields(cls) if f.name not in ("t", "seq")}
    event = cls(t=7, seq=1, **values)
    line = to_json(event)
    assert json.loads(line) == to_dict(event)
    assert line == json.dumps(to_dict(event), separators=(",", ":"))
    assert list(json.loads(line))[:3] == ["t", "seq", "event"]


def test_events_with_a_roll_name_it_roll():
    rolled = {c.EVENT for c in _classes() if "roll" in attrs.fields_dict(c)}
    assert {"percentile.grapple", "attack", "percentile.knockout",
            "percentile.control", "percentile.ram", "percentile.fall", "percentile.footing",
            "percentile.disabled", "percentile.throw"} == rolled
