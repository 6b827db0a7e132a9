"""The generic reading of a log that every system's rule set starts from.

A log says the same things in every system: who was placed where with which stats
(``placed``), where they moved and which way they face (``move``, ``facing``), who left the fight
(``state`` ``out`` / ``fled`` / ``dead``), and for a turn system its turns and phases
(``<system>.turn`` with the order of action, ``<system>.phase``). :class:`LogModel` reads
those once; every system's own model (``tenths_model``, ``tft_model``,
``percentile_model``, ``gurps_model``) builds on it, and the small readers here
(:func:`as_int`, :func:`as_hex`, :func:`distance`) are the only ones. Nothing here imports
engine code: this is a reading of the log.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

Hex = tuple[int, int]
Event = Mapping[str, Any]
V = TypeVar("V")

GONE = frozenset({"out", "fled", "dead"})
"""States after which a combatant no longer fights."""


def as_int(v: Any) -> int | None:
    """An integer field's value, or ``None`` (a boolean is not an integer here)."""
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def as_hex(v: Any) -> Hex | None:
    """A ``[q, r]`` field's value as a hex, or ``None``."""
    if isinstance(v, list | tuple) and len(v) == 2 and all(as_int(x) is not None for x in v):
        return (v[0], v[1])
    return None


def lookup(mapping: Mapping[Any, V], key: Any) -> V | None:
    """``mapping.get(key)`` for a key read from the log, which may be of any JSON type
    (typed ``Any``: absent or of another type, it is simply not there)."""
    return mapping.get(key)


def distance(a: Hex, b: Hex) -> int:
    """Hex steps between two axial hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


FACINGS = ("E", "NE", "NW", "W", "SW", "SE")
"""Hex directions in turning order (axial vectors below), as logs name them."""
VECTORS: dict[str, Hex] = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0),
                           "SW": (-1, 1), "SE": (0, 1)}


def neighbour(h: Hex, facing: str) -> Hex:
    """The hex next to ``h`` in direction ``facing``."""
    dq, dr = VECTORS[facing]
    return (h[0] + dq, h[1] + dr)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h``, in direction order (E NE NW W SW SE)."""
    return tuple(neighbour(h, f) for f in FACINGS)


def direction(frm: Hex, to: Hex) -> str | None:
    """The facing name of the step from ``frm`` to the adjacent ``to`` (``None``: not
    adjacent)."""
    d = (to[0] - frm[0], to[1] - frm[1])
    for name, v in VECTORS.items():
        if v == d:
            return name
    return None


def opposite(facing: str) -> str:
    """The facing turned half round."""
    return FACINGS[(FACINGS.index(facing) + 3) % 6]


@dataclass
class Placed:
    """A combatant as its ``placed`` event gives it."""

    id: str
    side: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    index: int = 0

    def stat(self, name: str) -> int | None:
        return as_int(self.stats.get(name))


@dataclass(frozen=True)
class Turn:
    """A turn as the log gives it: number, first tenth, order of action, and its phases
    (name -> (first tenth, tenth after the last))."""

    number: int
    t: int
    order: tuple[str, ...]
    index: int
    phases: dict[str, tuple[int, int]] = field(default_factory=dict)


class LogModel:
    """What every log says (see the module docstring), read once."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = list(events)
        start = self.events[0] if self.events else {}
        self.system: str | None = start.get("system") if isinstance(start, Mapping) else None
        rules = start.get("rules") if isinstance(start, Mapping) else None
        self.rules: dict[str, Any] = dict(rules) if isinstance(rules, dict) else {}
        walls = start.get("walls") if isinstance(start, Mapping) else None
        self.walls: frozenset[Hex] = frozenset(  # the map's walls (start.walls)
            h for h in map(as_hex, walls) if h is not None) if isinstance(walls, list) \
            else frozenset()
        self.placed: dict[str, Placed] = {}
        self.tracks: dict[str, tuple[list[int], list[Hex]]] = {}
        self.facings: dict[str, tuple[list[int], list[str]]] = {}  # as tracks, of facings
        self.gone: dict[str, int] = {}  # id -> tenth it left the fight
        self.turns: list[Turn] = []
        self.end_t: int | None = None
        self.by_actor: dict[str, list[int]] = {}  # actor -> indices of its events, in order
        self.times: list[int] = [e["t"] for e in self.events]  # each event's tenth
        turn_event = f"{self.system}.turn" if self.system else None
        phase_event = f"{self.system}.phase" if self.system else None
        for i, e in enumerate(self.events):
            kind, actor = e.get("event"), e.get("actor")
            if isinstance(actor, str):
                self.by_actor.setdefault(actor, []).append(i)
            if kind == "placed" and isinstance(actor, str):
                stats = e.get("stats")
                self.placed[actor] = Placed(actor, e.get("side"),
                                            dict(stats) if isinstance(stats, dict) else {},
                                            len(self.placed))
                self._track(actor, i, e.get("at"))
                self._face(actor, i, e.get("facing"))
            elif kind == "move" and isinstance(actor, str):
                self._track(actor, i, e.get("to"))
                self._face(actor, i, e.get("facing"))
            elif kind == "state" and e.get("state") in GONE and e.get("value") \
                    and isinstance(actor, str):
                self.gone.setdefault(actor, e["t"])
            elif kind == turn_event and as_int(e.get("turn")) is not None:
                order = e.get("order")
                self.turns.append(Turn(e["turn"], e["t"],
                                       tuple(order) if isinstance(order, list) else (), i))
            elif kind == phase_event and self.turns and isinstance(e.get("phase"), str):
                end = as_int(e.get("end"))
                self.turns[-1].phases[e["phase"]] = (e["t"], end if end is not None else e["t"])
            elif kind == "end":
                self.end_t = e["t"]

    def _track(self, pid: str, i: int, at: Any) -> None:
        h = as_hex(at)
        if h is not None:
            idx, hexes = self.tracks.setdefault(pid, ([], []))
            idx.append(i)
            hexes.append(h)

    def _face(self, pid: str, i: int, facing: Any) -> None:
        if isinstance(facing, str) and facing in VECTORS:
            idx, names = self.facings.setdefault(pid, ([], []))
            idx.append(i)
            names.append(facing)

    def facing_at(self, pid: str, i: int) -> str | None:
        """Which way ``pid`` faced just after event ``i`` (a name of :data:`FACINGS`)."""
        idx, names = self.facings.get(pid, ([], []))
        k = bisect.bisect_right(idx, i)
        return names[k - 1] if k else None

    def pos_at(self, pid: str, i: int) -> Hex | None:
        """Where ``pid`` stood just after event ``i``."""
        idx, hexes = self.tracks.get(pid, ([], []))
        k = bisect.bisect_right(idx, i)
        return hexes[k - 1] if k else None

    def pos_before(self, pid: str, i: int) -> Hex | None:
        """Where ``pid`` stood just before event ``i``."""
        return self.pos_at(pid, i - 1)

    def first_at(self, t: int) -> int:
        """The index of the first event of tenth ``t`` or later (or the log's length)."""
        return bisect.bisect_left(self.times, t)

    def first_after(self, t: int) -> int:
        """The index of the first event at a later tenth than ``t`` (or the log's length)."""
        return bisect.bisect_right(self.times, t)

    def of(self, *kinds: str) -> Iterator[tuple[int, Event]]:
        """The events of these kinds, with their indices, in order."""
        for i, e in enumerate(self.events):
            if e.get("event") in kinds:
                yield i, e

    def of_actor(self, pid: str | None, after: int, before: int) -> Iterator[tuple[int, Event]]:
        """``pid``'s events with index in ``(after, before)``, in order: what a rule looks
        at between two events costs only that actor's events (a linear reading)."""
        idx = self.by_actor.get(pid, ()) if isinstance(pid, str) else ()
        events = self.events
        for k in range(bisect.bisect_right(idx, after), bisect.bisect_left(idx, before)):
            j = idx[k]
            yield j, events[j]

    def stat(self, pid: str | None, name: str) -> int | None:
        p = self.placed.get(pid) if isinstance(pid, str) else None
        return p.stat(name) if p is not None else None

    def turn_at(self, i: int) -> Turn | None:
        """The turn an event index falls in (the last turn event before it)."""
        found = None
        for turn in self.turns:
            if turn.index > i:
                break
            found = turn
        return found


__all__ = ["FACINGS", "GONE", "VECTORS", "Event", "Hex", "LogModel", "Placed", "Turn",
           "as_hex", "as_int", "direction", "distance", "lookup", "neighbour", "neighbours",
           "opposite"]
