"""What a ``gurps`` log says happened, read once for the checker's rules of seed 002.

:func:`read` goes through a log in order and keeps what the rules need: each combatant's
scenario stats (from ``placed``), the order of action, the turns and phases, and before
every event a :class:`Snap` of the fight as the log has told it so far: where everyone
stands, who is in close combat, grappled, out of the fight, carrying a shield, which half
of a close-combat hex each holds, and which maneuver governs each fighter. This is a
reading of the log, not a simulation: nothing here imports engine code. Whatever the log
does not say stays ``None`` and the rules that would need it skip that case.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from timedcombat.checks import Finding
from timedcombat.checks.model import (
    FACINGS,
    VECTORS,
    Event,
    Hex,
    LogModel,
    as_hex,
    as_int,
    lookup,
    neighbour,
)
from timedcombat.clock import Span

TURN = 10
"""Tenths in a GURPS turn (one second)."""

DEFAULT_RULES: dict[str, Any] = {
    "initiative_die": 6, "cooperative_limit_includes_leader": True,
    "adjacent_joins_close_combat": False, "wrong_target_order": "nearest",
    "wrestling_st_bonus": True,
}
"""Parameters of ``docs/rules/gurps.md`` that the rules read, with their documented
defaults (used when the log's ``start`` event does not give them)."""

DOWN_STATES = frozenset({"out", "dead"})
"""States that take a fighter out of the fight (unconscious, dead). docs/rules/gurps.md
(Readings of the driver, Ending): "both leave the map"."""
LOSES_WEAPON = frozenset({"drop", "break", "flies"})
"""``gurps.mishap`` effects after which the weapon in hand is gone (B556)."""


# ---------------------------------------------------------------------- values


def as_str(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def as_ints(v: Any) -> list[int] | None:
    """A list of integers, or ``None`` when it is not one."""
    if not isinstance(v, list | tuple):
        return None
    out = [x for x in v if as_int(x) is not None]
    return out if len(out) == len(v) else None


def as_strs(v: Any) -> list[str] | None:
    if not isinstance(v, list | tuple) or not all(isinstance(x, str) for x in v):
        return None
    return list(v)


def modifiers(e: Event) -> dict[str, Any] | None:
    """An event's ``modifiers`` object, or ``None`` when it has none."""
    m = e.get("modifiers")
    return m if isinstance(m, dict) else None


def mod_sum(mods: Mapping[str, Any]) -> int | None:
    """The sum of the named modifiers (``None`` when one is not an integer)."""
    total = 0
    for v in mods.values():
        n = as_int(v)
        if n is None:
            return None
        total += n
    return total


def side_hexes(h: Hex, side: str) -> tuple[Hex, ...]:
    """The three hexes adjoining the half of hex ``h`` on ``side`` (seed 002: "one of the
    three hexes on your side"): the one across that edge and its two neighbours."""
    i = FACINGS.index(side)
    return tuple(neighbour(h, FACINGS[(i + k) % 6]) for k in (-1, 0, 1))


def half_distance(frm: Hex, h: Hex, side: str) -> int:
    """Squared distance (in exact integer units) from the centre of hex ``frm`` to the
    middle of the edge of hex ``h`` on ``side`` (pointy-top axial hexes)."""
    dq, dr = VECTORS[side]
    # centre x is proportional to (2q + r) * sqrt(3) / 2, y to r * 3 / 2; times 4 to keep
    # the edge's midpoint (a half step) whole.
    x = 2 * (2 * h[0] + h[1]) + (2 * dq + dr) - 2 * (2 * frm[0] + frm[1])
    y = 2 * h[1] + dr - 2 * frm[1]
    return 3 * x * x + 9 * y * y


def maneuver_name(m: Event | None) -> str | None:
    """A ``gurps.maneuver``'s maneuver (``maneuver``, else its plan ``name``)."""
    if m is None:
        return None
    v = m.get("maneuver") if isinstance(m.get("maneuver"), str) else m.get("name")
    return v if isinstance(v, str) else None


def success(roll: int, effective: int) -> bool:
    """A 3d6 success roll (B348): 3-4 always succeed, 17-18 always fail, else roll <=
    effective."""
    if roll <= 4:
        return True
    if roll >= 17:
        return False
    return roll <= effective


def critical(roll: int, effective: int) -> str | None:
    """``success``/``failure`` when the roll is critical (B348), else ``None``."""
    if roll <= 4 or (roll == 5 and effective >= 15) or (roll == 6 and effective >= 16):
        return "success"
    if roll == 18 or (roll == 17 and effective <= 15) or roll >= effective + 10:
        return "failure"
    return None


# ---------------------------------------------------------------------- the people


@dataclass
class Person:
    """A combatant as ``placed`` describes it."""

    actor: str
    side: str | None
    at: Hex | None
    facing: str | None
    stats: Mapping[str, Any]
    order: int  # place in the scenario (ties of the order of action keep it)

    def stat(self, name: str) -> int | None:
        """A whole-number stat (``st``, ``dx``, ``iq``, ``ht`` ...), or ``None``."""
        return as_int(self.stats.get(name))

    def skill(self, name: str) -> int | None:
        skills = self.stats.get("skills")
        return as_int(skills.get(name)) if isinstance(skills, dict) else None

    @property
    def shield(self) -> str | None:
        s = self.stats.get("shield")
        return s if isinstance(s, str) and s not in ("", "none") else None


def _person(e: Event, order: int) -> Person:
    stats: dict[str, Any] = {k: v for k, v in e.items()
                             if k not in ("t", "seq", "event", "actor", "side", "at",
                                          "facing", "stats")}
    inner = e.get("stats")
    if isinstance(inner, dict):
        stats.update(inner)
    facing = e.get("facing")
    return Person(e["actor"], as_str(e.get("side")), as_hex(e.get("at")),
                  facing if facing in VECTORS else None, stats, order)


# ---------------------------------------------------------------------- turns, phases


@dataclass
class Phase(Span):
    """A ``gurps.phase`` the log has: the actor's share of a turn, tenths ``start`` ..
    ``end - 1`` (none when ``end == start``)."""

    index: int
    turn: int
    actor: str
    start: int
    end: int
    rank: int | None
    maneuver: int | None = None  # index of the gurps.maneuver taken in it
    after_free: list[int] = field(default_factory=list)  # maneuvers after a free ready

    def contains(self, t: int) -> bool:
        return self.start <= t < self.end or (self.length <= 0 and t == self.start)


def expected_phases(turn: int, order: Sequence[str]) -> list[tuple[str, int, int]]:
    """(actor, start, end) of each phase of ``turn`` for the order of action ``order``:
    the i-th of n from ``T + 10i // n`` to ``T + 10(i+1) // n`` (docs/rules/gurps.md)."""
    t0, n = (turn - 1) * TURN, len(order)
    return [(who, t0 + TURN * i // n, t0 + TURN * (i + 1) // n) for i, who in enumerate(order)]


# ---------------------------------------------------------------------- the snapshots


@dataclass
class Snap:
    """The fight as the log has told it before one event."""

    pos: dict[str, Hex] = field(default_factory=dict)
    close: dict[str, frozenset[str | None]] = field(default_factory=dict)  # with whom
    close_since: dict[str, int] = field(default_factory=dict)  # the state event it began
    grappled: dict[str, frozenset[str | None]] = field(default_factory=dict)
    down: frozenset[str] = frozenset()
    pinned: frozenset[str] = frozenset()
    shield: dict[str, str | None] = field(default_factory=dict)
    halves: dict[Hex, dict[str, str]] = field(default_factory=dict)
    arrivals: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    maneuver: dict[str, int] = field(default_factory=dict)  # actor -> gurps.maneuver index
    phase: dict[str, Phase] = field(default_factory=dict)  # actor -> latest phase logged
    hand: dict[str, str | None] = field(default_factory=dict)  # the weapon in hand

    def copy(self) -> Snap:
        return Snap(dict(self.pos), dict(self.close), dict(self.close_since),
                    dict(self.grappled), self.down,
                    self.pinned, dict(self.shield),
                    {h: dict(s) for h, s in self.halves.items()}, dict(self.arrivals),
                    dict(self.maneuver), dict(self.phase), dict(self.hand))

    def in_close(self, actor: str) -> bool:
        return bool(self.close.get(actor))

    def is_grappled(self, actor: str) -> bool:
        return bool(self.grappled.get(actor))

    def here(self, h: Hex) -> list[str]:
        """Who stands in hex ``h``, in the order they came into it."""
        return [a for a in self.arrivals.get(h, ()) if self.pos.get(a) == h]


class GurpsLog(LogModel):
    """A ``gurps`` log, read once (on the generic reading of
    :class:`~timedcombat.checks.model.LogModel`: rules, events by kind and actor, the
    end), with a :class:`Snap` of the fight before every event."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        self.people: dict[str, Person] = {}
        self.initiative: tuple[int, Event] | None = None
        self.turn_events: dict[int, tuple[int, Event]] = {}
        self.turn_orders: dict[int, list[str]] = {}
        self.phases: list[Phase] = []
        self.snaps: list[Snap] = []  # snaps[i]: before event i; snaps[-1]: after the last
        self._by_actor: dict[str, list[Phase]] = {}
        self._read()

    def person(self, actor: Any) -> Person | None:
        return self.people.get(actor) if isinstance(actor, str) else None

    def phase_at(self, i: int, actor: Any) -> Phase | None:
        """``actor``'s phase containing the tenth of event ``i`` (its latest phase logged
        before it), or ``None``."""
        if not isinstance(actor, str):
            return None
        p = self.snaps[i].phase.get(actor)
        return p if p is not None and p.contains(self.events[i]["t"]) else None

    def maneuver_at(self, i: int, actor: Any) -> Event | None:
        """The ``gurps.maneuver`` governing ``actor`` at event ``i`` (taken in his latest
        phase; ``None`` before he takes one)."""
        j = self.snaps[i].maneuver.get(actor) if isinstance(actor, str) else None
        return self.events[j] if j is not None else None

    def phases_of(self, actor: str) -> list[Phase]:
        """``actor``'s phases, in order."""
        if not self._by_actor and self.phases:
            for p in self.phases:
                self._by_actor.setdefault(p.actor, []).append(p)
        return self._by_actor.get(actor, [])

    def maneuver_of(self, p: Phase, i: int | None = None) -> Event | None:
        """The maneuver of phase ``p`` (at event ``i``: the one in force then, a maneuver
        taken after a Fast-Draw that spent none replacing the one before)."""
        j = p.maneuver
        for k in p.after_free:
            if i is not None and k < i:
                j = k
        return self.events[j] if j is not None else None

    def part_of(self, p: Phase, i: int) -> tuple[int | None, int]:
        """(index of the maneuver of phase ``p`` in force at event ``i``, the tenth from
        which its steps are laid out): the phase's start for the first maneuver, the
        tenth it was taken for one after a free ready (docs/rules/gurps.md: "he takes his
        next maneuver in the rest of the phase")."""
        j, start = p.maneuver, p.start
        for k in p.after_free:
            if k < i:
                j, start = k, self.events[k]["t"]
        return j, start

    def after_tenth(self, i: int) -> Snap:
        """The fight once every event of event ``i``'s tenth is done."""
        t = self.events[i]["t"]
        j = i + 1
        while j < len(self.events) and self.events[j]["t"] == t:
            j += 1
        return self.snaps[j]

    def continues_past(self, t: int) -> bool:
        """Whether the log goes on to a later tenth than ``t``."""
        return bool(self.events) and self.events[-1]["t"] > t

    def rule(self, name: str) -> Any:
        return self.rules.get(name, DEFAULT_RULES.get(name))

    def _read(self) -> None:
        _read_gurps(self)


def _initiative(e: Event) -> bool:
    return e.get("event") == "gurps.initiative" or (
        e.get("event") == "gurps.turn" and "speeds" in e and "rolls" in e)


def _retreat_move(events: Sequence[Event], i: int) -> bool:
    """A ``move`` that is the retreat of a defence on its tenth (not a maneuver's step):
    ``mode`` ``retreat``, or a defence of its actor on that tenth retreating to its hex."""
    e = events[i]
    if e.get("mode") == "retreat":
        return True
    to, t = as_hex(e.get("to")), e["t"]
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(events) and events[k]["t"] == t:
            d = events[k]
            if d.get("event") == "defence" and d.get("actor") == e.get("actor") \
                    and as_hex(d.get("retreat")) == to:
                return True
            k += step
    return False


def read(events: Sequence[Event]) -> GurpsLog:
    """Read a log (its shape already checked) for the rules."""
    return GurpsLog(events)


def _read_gurps(log: GurpsLog) -> None:
    """The one pass that fills ``log``'s people, turns, phases and snapshots."""
    people, turns, orders = log.people, log.turn_events, log.turn_orders
    phases, snaps = log.phases, log.snaps
    now = Snap()
    free: dict[str, int] = {}  # each fighter's latest ready_free (Fast-Draw: no maneuver)
    for i, e in enumerate(log.events):
        snaps.append(now)
        now = now.copy()
        kind = e.get("event")
        actor = e.get("actor")
        if kind == "placed" and isinstance(actor, str) and actor not in people:
            p = people[actor] = _person(e, len(people))
            if p.at is not None:
                now.pos[actor] = p.at
                now.arrivals[p.at] = (*now.arrivals.get(p.at, ()), actor)
            now.shield[actor] = p.shield
            weapons = as_strs(p.stats.get("weapons"))
            now.hand[actor] = weapons[0] if weapons else None
        if _initiative(e) and log.initiative is None:
            log.initiative = (i, e)
        if kind == "gurps.turn":
            turn, order = as_int(e.get("turn")), as_strs(e.get("order"))
            if turn is not None and turn not in turns:
                turns[turn] = (i, e)
                if order is not None:
                    orders[turn] = order
        elif kind == "gurps.phase":
            _phase(e, i, phases, now, people)
        elif kind == "gurps.maneuver" and isinstance(actor, str):
            ph = now.phase.get(actor)
            if ph is not None and ph.contains(e["t"]):
                if ph.maneuver is None:
                    ph.maneuver = i
                elif free.get(actor, -1) > now.maneuver.get(actor, i):
                    ph.after_free.append(i)  # the Ready before was no maneuver
            now.maneuver[actor] = i
        elif kind == "move" and isinstance(actor, str):
            _moved(now, actor, as_hex(e.get("to")))
        elif kind == "state" and isinstance(actor, str):
            _state(now, e, i, actor)
        elif kind == "gurps.half_hex":
            _halves(now, e)
        elif kind == "gurps.ready" and isinstance(actor, str):
            _readied(now, e, actor)
            if e.get("result") == "ready_free":
                free[actor] = i
        elif kind == "gurps.mishap" and isinstance(actor, str) \
                and e.get("effect") in LOSES_WEAPON:
            now.hand[actor] = None
    snaps.append(now)


def _readied(now: Snap, e: Event, actor: str) -> None:
    """A ``gurps.ready`` that did its work: the shield gone (``discard``), or the weapon
    named in hand (a reload keeps it there)."""
    if e.get("result") not in ("ready", "ready_free", "reloading"):
        return
    if e.get("discard") is True:
        now.shield[actor] = None
    elif isinstance(e.get("weapon"), str):
        now.hand[actor] = e["weapon"]


def _phase(e: Event, i: int, phases: list[Phase], now: Snap,
           people: Mapping[str, Person]) -> None:
    who = e.get("actor") if isinstance(e.get("actor"), str) else e.get("phase")
    turn, end = as_int(e.get("turn")), as_int(e.get("end"))
    if not isinstance(who, str) or turn is None or end is None:
        return
    p = Phase(i, turn, who, e["t"], end, as_int(e.get("rank")))
    phases.append(p)
    now.phase[who] = p
    now.maneuver.pop(who, None)  # a new phase: his maneuver is yet to be chosen


def _left(now: Snap, actor: str, frm: Hex) -> None:
    """``actor`` is no longer in hex ``frm`` (nor on a half of it)."""
    now.arrivals[frm] = tuple(a for a in now.arrivals.get(frm, ()) if a != actor)
    if not now.arrivals[frm]:
        del now.arrivals[frm]
    sides = now.halves.get(frm)
    if sides is not None:
        sides.pop(actor, None)


def _moved(now: Snap, actor: str, to: Hex | None) -> None:
    frm = now.pos.get(actor)
    if to is None or frm == to:
        return
    if frm is not None:
        _left(now, actor, frm)
    now.pos[actor] = to
    now.arrivals[to] = (*(a for a in now.arrivals.get(to, ()) if a != actor), actor)


def _gone(now: Snap, actor: str) -> None:
    """``actor`` is out of the fight: he leaves the map (his hex, his half of it)."""
    frm = now.pos.pop(actor, None)
    if frm is not None:
        _left(now, actor, frm)


def _with(held: frozenset[str | None], on: bool, opponent: str | None
          ) -> frozenset[str | None]:
    """Who a fighter is in close combat with (or grappled by) after a ``state`` event.

    The log may report the state per opponent (true and false for each) or for the
    fighter alone (true once, false once, naming any opponent): a false naming someone
    not in the set, or no one, ends it with everyone."""
    if on:
        return held | {opponent}
    if opponent is None or opponent not in held:
        return frozenset()
    return held - {opponent}


def _state(now: Snap, e: Event, i: int, actor: str) -> None:
    state, value = e.get("state"), e.get("value")
    on = bool(value) and value is not None
    opponent = as_str(e.get("opponent"))
    if state == "close_combat":
        was = now.close.get(actor, frozenset())
        now.close[actor] = _with(was, on, opponent)
        if not was and now.close[actor]:
            now.close_since[actor] = i
    elif state == "grappled":
        now.grappled[actor] = _with(now.grappled.get(actor, frozenset()), on, opponent)
    elif state in DOWN_STATES:
        now.down = now.down | {actor} if on else now.down - {actor}
        if on:
            _gone(now, actor)
    elif state == "pinned":
        now.pinned = now.pinned | {actor} if on else now.pinned - {actor}


def _halves(now: Snap, e: Event) -> None:
    at, occupants, sides = as_hex(e.get("at")), as_strs(e.get("occupants")), \
        as_strs(e.get("sides"))
    if at is None or occupants is None or sides is None or len(occupants) != len(sides):
        return
    now.halves[at] = {a: s for a, s in zip(occupants, sides, strict=True) if s in VECTORS}


def _slam_carry(log: GurpsLog, i: int) -> bool:
    """A ``move`` that is the end of its actor's slam (docs/rules/gurps.md: "a slam that
    hits carries him into the target's hex"): into the hex of the man he slammed, after
    the slam hit on that tenth."""
    e = log.events[i]
    to = as_hex(e.get("to"))
    for j, d in same_tenth(log, i):
        if j > i:
            break
        if d.get("event") == "attack" and d.get("kind") == "slam" \
                and d.get("actor") == e.get("actor") and d.get("result") == "hit" \
                and lookup(log.snaps[i].pos, d.get("target")) == to:
            return True
    return False


def is_step_move(log: GurpsLog, i: int) -> bool:
    """Whether ``move`` event ``i`` is a hex moved as a step of its actor's maneuver (it
    changes his hex, and is neither the retreat of a defence nor the end of a slam)."""
    e = log.events[i]
    to = as_hex(e.get("to"))
    actor = e.get("actor")
    return isinstance(actor, str) and to is not None and log.snaps[i].pos.get(actor) != to \
        and not _retreat_move(log.events, i) and not _slam_carry(log, i)


def step_events(log: GurpsLog) -> Iterator[tuple[int, Event]]:
    """The events that are steps of their actor's own maneuver: each hex moved (not a
    retreat), each attack roll, each ready."""
    for i, e in log.of("move", "attack", "gurps.ready"):
        if not isinstance(e.get("actor"), str):
            continue
        if e["event"] == "move" and not is_step_move(log, i):
            continue
        yield i, e


def same_tenth(log: GurpsLog, i: int) -> Iterator[tuple[int, Event]]:
    """The events of event ``i``'s tenth other than ``i``, nearest first: those before
    it, then those after."""
    t = log.events[i]["t"]
    j = i - 1
    while j >= 0 and log.events[j]["t"] == t:
        yield j, log.events[j]
        j -= 1
    j = i + 1
    while j < len(log.events) and log.events[j]["t"] == t:
        yield j, log.events[j]
        j += 1


def tenth_ends(log: GurpsLog) -> Iterator[int]:
    """The index of the last event of each tenth (``end`` excluded)."""
    ev = log.events
    for i, e in enumerate(ev):
        if e.get("event") in ("start", "end"):
            continue
        if i + 1 == len(ev) or ev[i + 1]["t"] != e["t"] or ev[i + 1].get("event") == "end":
            yield i


def finding(e: Event, expected: Any, found: Any, actor: Any = None) -> Finding:
    """A :class:`Finding` at event ``e`` (its tenth, its actor unless ``actor``)."""
    who = actor if actor is not None else e.get("actor")
    return Finding(e["t"], who if isinstance(who, str) else None, str(expected), str(found),
                   as_int(e.get("seq")))
