"""What a ``percentile`` log says happened, read once for the rules of seed 001.

:class:`PercentileLog` keeps what the rules need: the rule parameters in force (the
``start`` event's ``rules``), each combatant's stats (``placed``), the phases of the turn
clock (``percentile.turn`` / ``percentile.phase``; a turn is one phase), each
combatant's declaration of a phase (``percentile.declare``), which strike, grappling move
or ram used which declared action, the holds with the events that put them on and took
them off, where each combatant stands, and who is out from when. It is a reading of the
log, not a simulation: nothing here imports engine code, and whatever the log does not
say stays ``None`` so that the rules needing it skip that case.

The vocabulary is the log contract's (``docs/rules/percentile.md``, "Log events"): a
strike or blow is the core ``attack`` event extended with the system's fields
(``strike``, ``stroke``, ``attack_level`` ...), its damage the core ``damage`` event
extended (``pd``, ``star``, ``location`` ...); the rest is ``percentile.*``.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from timedcombat.checks import Finding
from timedcombat.checks.model import Event, Hex, LogModel, distance
from timedcombat.checks.model import as_int as num

DEFAULT_RULES: dict[str, Any] = {
    "phase_tenths": 20, "victim_pm": 0, "grapples_per_phase": 1, "short_stroke_al": -1,
    "long_stroke_al": 1, "grabbed_round_up": True, "edged_pd_factor": 2, "pd_limit": 100,
    "armed_ca_per_bat": 6, "weapon_parry_ca": 2, "step_ca": 2, "unarmed_reach": 1,
    "hold_first_phase_counts": False, "throw_keeps_grab": True, "footing_die": 2,
    "surprise_phases": 1, "throw_blocked": "stop", "pd_star_knockout_quarter": True,
    "chance_roll": "at_or_under",
}
"""The documented rule parameters (``docs/rules/percentile.md``) and their defaults, used
when a log's ``start`` does not give them. A value of the wrong type reads as unknown."""

STAT_DEFAULTS: dict[str, Any] = {
    "skill": 0, "weapon": None, "shield": False, "holding": False, "armor": 0,
    "disabled": [], "surprised": None, "mount": None, "horseman": 0, "reins": 1,
    "fall_recovery": 0, "pd_limit": None,
}
"""A combatant's scenario stats left out take these defaults (the scenario contract)."""

STRIKE, GRAPPLE, RAM = "attack", "percentile.grapple", "percentile.ram"
DAMAGE = "damage"
"""Event names: strikes and damage are core events the system extends (not prefixed)."""


def text(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def fraction(v: Any) -> Fraction | None:
    """A Base Action Time as the log writes it: a number, or a string such as ``3/2``."""
    if isinstance(v, bool):
        return None
    try:
        if isinstance(v, int | float):
            return Fraction(str(v))
        if isinstance(v, str):
            return Fraction(v)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None
    return None


@dataclass
class Person:
    """A combatant as ``placed`` describes it (``stats`` ``None``: not given)."""

    id: str
    side: str | None = None
    stats: dict[str, Any] | None = None

    def _get(self, name: str) -> tuple[bool, Any]:
        if self.stats is None:
            return False, None
        if name in self.stats:
            return True, self.stats[name]
        return name in STAT_DEFAULTS, STAT_DEFAULTS.get(name)

    def int_stat(self, name: str) -> int | None:
        known, v = self._get(name)
        return num(v) if known else None

    def flag(self, name: str) -> bool | None:
        known, v = self._get(name)
        return v if known and isinstance(v, bool) else None

    def choice(self, name: str) -> tuple[bool, str | None]:
        """(known, value) of a stat that is a name or nothing (``weapon``, ``mount`` ...)."""
        known, v = self._get(name)
        if not known or (v is not None and not isinstance(v, str)):
            return False, None
        return True, v

    @property
    def armed(self) -> bool | None:
        known, weapon = self.choice("weapon")
        return (weapon is not None) if known else None

    @property
    def bat(self) -> Fraction | None:
        return fraction(self.stats.get("bat")) if self.stats is not None else None

    def disabled(self) -> list[str] | None:
        known, v = self._get("disabled")
        if not known or not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            return None
        return list(v)


@dataclass(frozen=True)
class Phase:
    """A phase of the turn clock: its ``percentile.phase`` event (a turn is one phase)."""

    index: int
    t: int
    turn: int | None
    end: int | None

    @property
    def number(self) -> int | None:
        """Phases count from 0 (``docs/rules/percentile.md``); turns from 1."""
        return self.turn - 1 if self.turn is not None else None


@dataclass
class Declared:
    """One ``percentile.declare``: the actions of a phase, their costs and tenths."""

    index: int
    ev: Event
    actor: str
    phase: Phase | None
    names: list[str | None]
    costs: list[int | None]
    tenths: list[int | None]
    used: list[bool] = field(default_factory=list)

    def tenth(self, k: int) -> int | None:
        """The declared tenth of action ``k`` (``None``: not given)."""
        return self.tenths[k] if 0 <= k < len(self.tenths) else None

    def count(self, names: Sequence[str]) -> int:
        return sum(1 for n in self.names if n in names)


@dataclass
class Hold:
    """A hold between ``percentile.hold`` on and off (``off`` ``None``: never let go)."""

    holder: str
    target: str
    hold: str
    limb: str | None
    kind: str | None
    on: int
    on_t: int
    off: int | None = None
    off_t: int | None = None

    def active(self, i: int) -> bool:
        """On just before event ``i``."""
        return self.on < i and (self.off is None or self.off > i)


def _rules(given: Any) -> dict[str, Any]:
    rules = dict(DEFAULT_RULES)
    if isinstance(given, dict):
        for k, v in given.items():
            if k in DEFAULT_RULES:
                d = DEFAULT_RULES[k]
                ok = isinstance(v, bool) if isinstance(d, bool) else \
                    isinstance(v, str) if isinstance(d, str) else num(v) is not None
                rules[k] = v if ok else None
    if num(rules["phase_tenths"]) is not None and rules["phase_tenths"] < 1:
        rules["phase_tenths"] = None
    return rules


class PercentileLog(LogModel):
    """The facts of one ``percentile`` log that the rules read (on the generic reading of
    :class:`~timedcombat.checks.model.LogModel`: placed, positions, the end)."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        self.rules = _rules(self.events[0].get("rules") if self.events else None)
        self.people: dict[str, Person] = {}
        self.turn_events: list[tuple[int, Event]] = []
        self.phases: list[Phase] = []
        self._phase_at: list[int] = []
        self.declares: dict[tuple[str, int], Declared] = {}
        self.all_declares: list[Declared] = []
        self.holds: list[Hold] = []
        self.out_at: dict[str, int] = {}
        self.positions: list[tuple[int, Event, int | None]] = []
        self.match: dict[int, tuple[Declared, int]] = {}
        self._read()
        self._match()

    # ------------------------------------------------------------------ reading

    def _read(self) -> None:
        open_holds: list[Hold] = []
        for i, e in enumerate(self.events):
            kind, actor = e.get("event"), text(e.get("actor"))
            if kind == "placed" and actor is not None:
                stats = e.get("stats")
                self.people[actor] = Person(actor, text(e.get("side")),
                                            dict(stats) if isinstance(stats, dict) else None)
            elif kind == "percentile.turn":
                self.turn_events.append((i, e))
            elif kind == "percentile.phase":
                self.phases.append(Phase(i, e["t"], num(e.get("turn")), num(e.get("end"))))
                self._phase_at.append(i)
            elif kind == "percentile.declare" and actor is not None:
                self._declare(i, e, actor)
            elif kind == "percentile.position":
                ph = self.phase_at(i)
                self.positions.append((i, e, ph.number if ph else None))
            elif kind == "percentile.hold" and actor is not None:
                self._hold(i, e, actor, open_holds)
            self._out(i, e, kind, actor)

    def _declare(self, i: int, e: Event, actor: str) -> None:
        def items(key: str, conv: Any) -> list[Any]:
            raw = e.get(key)
            return [conv(x) for x in raw] if isinstance(raw, list) else []

        names = items("actions", text)
        d = Declared(i, e, actor, self.phase_at(i), names, items("costs", num),
                     items("tenths", num), [False] * len(names))
        self.all_declares.append(d)
        number = d.phase.number if d.phase else None
        if number is not None:
            self.declares.setdefault((actor, number), d)

    def _hold(self, i: int, e: Event, holder: str, open_holds: list[Hold]) -> None:
        target, hold = text(e.get("target")), text(e.get("hold"))
        if target is None or hold is None:
            return
        limb, kind = text(e.get("limb")), text(e.get("kind"))
        if e.get("state") == "on":
            h = Hold(holder, target, hold, limb, kind, i, e["t"])
            self.holds.append(h)
            open_holds.append(h)
        elif e.get("state") == "off":
            for h in reversed(open_holds):
                if (h.holder, h.target, h.hold) == (holder, target, hold) and \
                        (limb is None or h.limb in (None, limb)):
                    h.off, h.off_t = i, e["t"]
                    open_holds.remove(h)
                    break

    def _out(self, i: int, e: Event, kind: Any, actor: str | None) -> None:
        who = None
        if kind == "percentile.knockout" and e.get("result") == "out":
            who = actor
        elif kind == "percentile.hold_phase" and e.get("knocked_out") is True:
            who = text(e.get("target"))
        elif kind == "state" and e.get("state") == "out" and e.get("value"):
            who = actor
        if who is not None:
            self.out_at.setdefault(who, i)

    def _match(self) -> None:
        """Which declared action each strike, grappling move and ram used: the first
        unused one of its name (a strike or ram: on its very tenth)."""
        for i, e in enumerate(self.events):
            kind = e.get("event")
            if kind not in (STRIKE, GRAPPLE, RAM):
                continue
            d = self.declared(e.get("actor"), i)
            if d is None:
                continue
            name = e.get("strike") if kind == STRIKE else e.get("move") if kind == GRAPPLE \
                else "ram"
            for k, n in enumerate(d.names):
                if d.used[k] or n != name:
                    continue
                if kind != GRAPPLE and d.tenth(k) != e["t"]:
                    continue
                d.used[k] = True
                self.match[i] = (d, k)
                break

    # ------------------------------------------------------------------ queries

    def phase_at(self, i: int) -> Phase | None:
        """The phase event ``i`` falls in: the last phase begun at or before it."""
        k = bisect.bisect_right(self._phase_at, i)
        return self.phases[k - 1] if k else None

    def number_at(self, i: int) -> int | None:
        ph = self.phase_at(i)
        return ph.number if ph else None

    def declared(self, actor: Any, i: int) -> Declared | None:
        """``actor``'s declaration of the phase event ``i`` falls in."""
        number = self.number_at(i)
        if not isinstance(actor, str) or number is None:
            return None
        d = self.declares.get((actor, number))
        return d if d is not None and d.index <= i else None

    def mal(self, actor: Any, i: int) -> int | None:
        """``actor``'s Martial Arts Level in the phase of event ``i`` (his declaration)."""
        d = self.declared(actor, i)
        return num(d.ev.get("mal")) if d is not None else None

    def person(self, pid: Any) -> Person | None:
        return self.people.get(pid) if isinstance(pid, str) else None

    def holds_on(self, i: int, target: str | None = None, holder: str | None = None,
                 hold: str | None = None) -> list[Hold]:
        """The holds on just before event ``i``, filtered."""
        return [h for h in self.holds if h.active(i)
                and (target is None or h.target == target)
                and (holder is None or h.holder == holder)
                and (hold is None or h.hold == hold)]

    def standing_at(self, i: int) -> dict[Hex, str] | None:
        """Who stands on which hex just before event ``i`` (those out left the map);
        ``None`` when somebody's place is not known."""
        where: dict[Hex, str] = {}
        for pid in self.people:
            if self.out_before(pid, i):
                continue
            h = self.pos_before(pid, i)
            if h is None:
                return None
            where[h] = pid
        return where

    def out_before(self, pid: Any, i: int) -> bool:
        at = self.out_at.get(pid) if isinstance(pid, str) else None
        return at is not None and at < i

    def pm_before(self, a: str, b: str, i: int, number: int) -> int | None:
        """``a``'s Position Modifier against ``b`` from the phase before ``number``: 0
        when they were never engaged; ``None`` when their last position is older."""
        last = None
        for j, e, n in self.positions:
            if j >= i:
                break
            if n is not None and n < number and {e.get("actor"), e.get("target")} == {a, b}:
                last = (e, n)
        if last is None:
            return 0
        e, n = last
        if n != number - 1:
            return None
        if self.apart_at(a, b, number):
            return 0
        return num(e.get("pm") if e.get("actor") == a else e.get("target_pm"))

    def apart_at(self, a: str, b: str, number: int) -> bool:
        """Whether ``a`` and ``b`` begin phase ``number`` no longer engaged: farther apart
        than ``unarmed_reach`` with no hold between them (the documented reading of "Since
        last phase they were not engaged in combat the PM = 0": their PMs are 0 again)."""
        reach = self.rules["unarmed_reach"]
        ph = next((p for p in self.phases if p.number == number), None)
        if ph is None or reach is None:
            return False
        pa, pb = self.pos_before(a, ph.index), self.pos_before(b, ph.index)
        if pa is None or pb is None or distance(pa, pb) <= reach:
            return False
        return not (self.holds_on(ph.index, target=a, holder=b)
                    or self.holds_on(ph.index, target=b, holder=a))

    def same_tenth(self, i: int, after: bool = True) -> Iterator[tuple[int, Event]]:
        """The events of event ``i``'s tenth after it (or before it, nearest first)."""
        t = self.events[i]["t"]
        rng = range(i + 1, len(self.events)) if after else range(i - 1, -1, -1)
        for j in rng:
            if self.events[j]["t"] != t:
                return
            yield j, self.events[j]

    def partner(self, i: int) -> int | None:
        """The opponent's grappling move on the maker of move ``i`` in the same phase."""
        e = self.events[i]
        ph = self.phase_at(i)
        if ph is None:
            return None
        for j, g in self.of(GRAPPLE):
            if j != i and self.phase_at(j) is ph and g.get("actor") == e.get("target") \
                    and g.get("target") == e.get("actor"):
                return j
        return None

    def opponents(self, pid: str) -> list[Person]:
        me = self.people.get(pid)
        if me is None or me.side is None:
            return []
        return [p for p in self.people.values() if p.side is not None and p.side != me.side]


def read(events: Sequence[Event]) -> PercentileLog:
    """The facts of a ``percentile`` log (the rule set's ``prepare``)."""
    return PercentileLog(events)


def found(e: Event, expected: Any, what: Any) -> Finding:
    """A finding on event ``e``: what the rule expects, what the log has."""
    actor = e.get("actor")
    return Finding(e["t"], actor if isinstance(actor, str) else None, str(expected), str(what),
                   e.get("seq"))
