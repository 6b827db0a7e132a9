"""The arena: what every rule system's fight shares (like simpy's resources
or python-chess's board, a small base that owns the loop while systems fill in hooks).

An :class:`Arena` owns the simpy environment (one clock in integer tenths), the hex map,
the dice, the event log, the sides and the end of the fight: ``start`` and ``placed``
events, the run loop with its ``until`` cap and the stalemate rule, end detection (one
side left), and a typed :class:`~timedcombat.results.Outcome`. It also gives the geometry
every system needs (nearest enemy by map index, steps toward and away). How a system's
processes wait and interrupt each other is the system's own (``tenths``: its
``process.py``).

A system subclasses it, sets :attr:`Arena.system`, adds its combatants in
:meth:`Arena.__init__` with :meth:`Arena.add`, and fills in the hooks:

* :meth:`placed` — the ``placed`` event of a combatant (its stats as the system sees them);
* :meth:`begin` — start the combatants' processes (and a turn clock, for a turn system);
* :meth:`result_of` — a combatant's final state for the outcome.

Nothing here knows a rule system's vocabulary.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Generator, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

import attrs
import simpy

from timedcombat import events as ev
from timedcombat.dice import Dice
from timedcombat.hexmap import (
    FACINGS,
    HexMap,
    away_choice,
    facing_index,
    is_back,
    ring,
    toward_choice,
)
from timedcombat.log import EventLog
from timedcombat.policies import make as make_policy
from timedcombat.results import BEATEN, FLED, HURT, OK, OUT, CombatantResult, Outcome
from timedcombat.scenario import CombatantSpec, Scenario

Hex = tuple[int, int]

if TYPE_CHECKING:
    class Clock(simpy.Environment):
        """simpy's environment as the engine runs it: its clock counts integer tenths
        (simpy's types say ``int | float``). A name for the type checker only: at run time
        it is ``simpy.Environment`` itself, so reading the clock costs what it did. (The
        hot paths of ``tenths`` read ``_now``, simpy's own field, to save the property's
        call: see ``systems/tenths/process.py``.)"""

        _now: int

        @property
        def now(self) -> int: ...
else:
    Clock = simpy.Environment

NEAREST_RINGS = 4  # the ring search looks this far (most new targets are near), then scans
NEAREST_SCAN = 24  # with this many enemies or fewer, a scan is cheaper than the rings


class Combatant:
    """What the arena keeps of every combatant; systems subclass it with their own state.

    ``able`` is the one flag the arena reads to count sides: a combatant out of the fight
    (out, fled, dead ...) is not able.
    """

    # Slotted, as every system's subclass: an attribute is read at a fixed place, not
    # looked up in a dict (a fighter has 40 to 70 attributes, and CPython stops
    # sharing an instance dict's keys at 30).
    __slots__ = (
        "id", "side", "spec", "index", "at", "facing", "able", "out", "fled", "hurt", "damage",
        "plan", "plan_index", "policy", "proc",
    )

    def __init__(self, spec: CombatantSpec) -> None:
        self.id: str = spec.id
        self.side: str = spec.side
        self.spec = spec
        self.index = 0  # place in the scenario (ties go to the first)
        self.at: Hex = spec.at
        self.facing = facing_index(spec.facing)
        self.able = True
        self.out = False
        self.fled = False
        self.hurt = False
        self.damage = 0
        self.plan: list[Any] = list(spec.plan)
        self.plan_index = 0
        self.policy: Any = None
        self.proc: simpy.Process | None = None  # its simpy process, once begun

    @property
    def plan_head(self) -> Any:
        return self.plan[self.plan_index] if self.plan_index < len(self.plan) else None

    def pop_plan(self) -> int:
        i = self.plan_index
        self.plan_index += 1
        return i

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<{type(self).__name__} {self.id} {self.side}>"


_RULE_PAIRS: dict[int, tuple[Any, tuple[tuple[str, Any], ...]]] = {}


def rule_pairs(rules: Any) -> tuple[tuple[str, Any], ...]:
    """A rules record's ``(name, value)`` pairs for ``start.rules`` (none when it is not an
    attrs record), worked out once per record: every run of a batch shares its scenario's
    (kept by identity, with the record, so that equal values of other types never mix)."""
    kept = _RULE_PAIRS.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    pairs = tuple(attrs.asdict(rules).items()) if attrs.has(type(rules)) else ()
    if len(_RULE_PAIRS) >= 64:
        _RULE_PAIRS.clear()
    _RULE_PAIRS[id(rules)] = (rules, pairs)
    return pairs


C = TypeVar("C", bound=Combatant)


class Arena(abc.ABC, Generic[C]):
    """One run of a scenario: the shared runtime (see the module docstring). A system's
    fight subclasses it and must say how the fight begins (:meth:`begin`)."""

    system: ClassVar[str] = ""
    """The system id written in the ``start`` event."""
    reports: ClassVar[tuple[str, ...]] = ()
    """The facts the log reports in full, written in ``start.reports`` (none: left out):
    the ``state`` kinds whose every change is a ``state`` event, so that a reader (a
    checker) may take a missing one as "did not happen" instead of "not said"."""
    quiet_after_end: ClassVar[bool] = False
    """True: nothing is logged (or counted) once the fight is over, though the step that
    ended it may still be unwinding: ``end`` is the last line."""

    def __init__(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
                 seed: int) -> None:
        self.scenario = scenario
        self.seed = seed
        self.rules = scenario.rules
        self.dice = dice
        self.log = log
        self.logging = log.enabled  # off: events are counted, never built
        self.until = until
        self.env = cast(Clock, simpy.Environment())  # (starts at 0; only ints added)
        self.map = HexMap(scenario.map.walls)
        self.combatants: list[C] = []
        self.by_id: dict[str, C] = {}
        self.able_count: dict[str, int] = {}
        self.over = False
        self.muted = False  # nothing more is logged (quiet_after_end, once over)
        self.outcome: Outcome | None = None
        self.last_attack = 0  # tenth of the last attack roll (the stalemate rule)
        self.stalemate = int(getattr(self.rules, "stalemate", 0) or 0)

    # ------------------------------------------------------------------ combatants

    def figure(self, id: str) -> C:
        """The combatant ``id`` (:class:`~timedcombat.context.Context`)."""
        return self.by_id[id]

    def figures(self) -> list[C]:
        """Every combatant, in scenario order."""
        return self.combatants

    def add(self, c: C) -> None:
        """Put a combatant on the map and count it for its side."""
        c.index = len(self.combatants)
        self.combatants.append(c)
        self.by_id[c.id] = c
        self.able_count[c.side] = self.able_count.get(c.side, 0) + 1
        self.map.place(c.id, c.at, group=c.side)

    def enlist(self, make: Callable[[CombatantSpec], C],
               policies: Mapping[str, Callable[[], Any]]) -> None:
        """Add a combatant ``make(spec)`` for each of the scenario's, in order, with a fresh
        policy from ``policies`` (the one its ``policy`` names, or the default)."""
        for spec in self.scenario.combatants:
            c = make(spec)
            c.policy = make_policy(policies, spec.policy)
            self.add(c)

    def start_lives(self, life: Callable[[C], Generator[Any, Any, Any]]) -> None:
        """Begin every combatant's simpy process, ``life(c)``, in scenario order."""
        env = self.env
        for c in self.combatants:
            c.proc = env.process(life(c))

    # ------------------------------------------------------------------ the log

    def emit(self, cls: type[ev.Event], **fields: Any) -> None:
        """Log an event now. With no sink listening it is only counted; an event whose
        fields cost something to compute goes through :meth:`emit_lazy`."""
        if self.muted:
            return
        log = self.log
        log.count += 1
        if self.logging:
            log.make(cls, self.env._now, fields)

    def emit_lazy(self, cls: type[ev.Event], fields: Callable[..., dict[str, Any]],
                  *args: Any) -> None:
        """Log an event whose fields ``fields(*args)`` are computed only when events are
        built: ``ctx.emit_lazy(Attack, lambda: {"actor": a.id, ...})``, or on a hot path
        (no closure made per call) ``ctx.emit_lazy(Move, move_fields, f, here, to)`` with
        a module-level ``move_fields``. With no sink listening the event is only counted
        and ``fields`` never called, so rule code need not test :attr:`logging` itself."""
        if self.muted:
            return
        log = self.log
        log.count += 1
        if self.logging:
            log.make(cls, self.env.now, fields(*args))

    def count(self, n: int = 1) -> None:
        """Count events not built (logging off)."""
        if not self.muted:
            self.log.count += n

    # ------------------------------------------------------------------ hooks

    def placed(self, c: C) -> tuple[type[ev.Event], dict[str, Any]]:
        """The ``placed`` event of ``c``: its class and fields (systems add their stats)."""
        return ev.Placed, {"actor": c.id, "side": c.side, "at": c.at,
                           "facing": FACINGS[c.facing]}

    @abc.abstractmethod
    def begin(self) -> None:
        """Start the fight: the combatants' processes (and, for a turn system, its clock)."""

    def turn_order(self, turn: int) -> tuple[list[str], dict[str, Any]]:
        """A turn system's order of action for ``turn`` (ids, first to act first) and the
        fields that explain it in the turn event (rolls ...). Default: scenario order."""
        return [c.id for c in self.combatants if c.able], {}

    def result_of(self, c: C) -> CombatantResult:
        """``c``'s final state for the outcome (systems add extras)."""
        state = OUT if c.out else FLED if c.fled else HURT if c.hurt else OK
        return CombatantResult(c.side, state, c.damage)

    # ------------------------------------------------------------------ the run

    def run(self) -> Outcome:
        """Log ``start`` and ``placed``, begin, and step the clock until the fight ends, the
        stalemate time passes with no attack, or ``until`` (nothing happens at or after
        the tenth that ends it)."""
        rules = rule_pairs(self.rules) if self.logging else ()
        self.emit(ev.Start, system=self.system, seed=self.seed,
                  scenario=self.scenario.info.name, until=self.until, rules=rules,
                  walls=tuple(self.scenario.map.walls) or None,
                  reports=self.reports or None)
        if self.logging:
            for c in self.combatants:
                cls, fields = self.placed(c)
                self.emit(cls, **fields)
        else:
            self.count(len(self.combatants))
        self.begin()
        env = self.env
        until = self.until
        stalemate = self.stalemate
        queue = env._queue  # (simpy's event queue, peeked without a call per step)
        step = env.step
        while not self.over:
            nxt = queue[0][0] if queue else until
            if stalemate and nxt >= self.last_attack + stalemate \
                    and self.last_attack + stalemate < until:
                self.finish(None, "stalemate", at=self.last_attack + stalemate)
                break
            if nxt >= until:
                self.finish(None, "until", at=until)
                break
            step()
        assert self.outcome is not None
        return self.outcome

    def note_attack(self) -> None:
        """An attack roll was made now (the stalemate rule counts from the last one)."""
        self.last_attack = self.env.now

    def leave_side(self, c: C) -> None:
        """``c`` no longer counts for its side (out, fled, dead): mark it and take it off
        the map."""
        c.able = False
        self.able_count[c.side] -= 1
        self.map.remove(c.id)

    def check_end(self) -> None:
        """End the fight when at most one side has anyone able to fight."""
        if self.over:
            return
        winner = None
        for side, n in self.able_count.items():
            if n > 0:
                if winner is not None:
                    return  # two sides still fight
                winner = side
        self.finish(winner, "last side standing" if winner is not None else "no one left")

    def finish(self, winner: str | None, reason: str, at: int | None = None) -> None:
        if self.over:
            return
        self.over = True
        self.muted = self.quiet_after_end
        end = self.env.now if at is None else at
        self.log.emit(ev.End, end, winner=winner, reason=reason)
        self.outcome = Outcome(winner, reason, end,
                               {c.id: self.result_of(c) for c in self.combatants})

    # ------------------------------------------------------------------ geometry

    def enemies_left(self, side: str) -> int:
        """How many of the other sides are still able to fight (a loop: no generator)."""
        left = 0
        for s, n in self.able_count.items():
            if s != side:
                left += n
        return left

    def enemies(self, c: C) -> list[C]:
        return [o for o in self.combatants if o.side != c.side and o.able]

    def nearest_enemy(self, c: C, visible: bool = False) -> C | None:
        """The nearest able enemy (``visible``: not to ``c``'s back); ties go to the first
        in the scenario. Searches the map index ring by ring, so the cost does not grow
        with the number of combatants; a scan only when the enemy is far."""
        here = c.at
        enemies_left = self.enemies_left(c.side)
        if enemies_left <= NEAREST_SCAN:
            return self._scan_nearest(c, visible)
        occupants = self.map.occupants_of
        by_id = self.by_id
        for radius in range(1, NEAREST_RINGS + 1):
            found = None
            for h in ring(here, radius):
                for oid in occupants(h):
                    o = by_id[oid]
                    if o.side == c.side or not o.able:
                        continue
                    if visible and is_back(here, c.facing, o.at):
                        continue
                    if found is None or o.index < found.index:
                        found = o
            if found is not None:
                return found
        return self._scan_nearest(c, visible)

    def _scan_nearest(self, c: C, visible: bool) -> C | None:
        """The nearest able (visible) enemy, first in the scenario on ties: a scan of all
        when few are left, else the map's search by blocks (cost by distance, not count)."""
        hq, hr = c.at
        side, facing = c.side, c.facing
        enemies_left = self.enemies_left(side)
        if enemies_left > NEAREST_SCAN:
            by_id = self.by_id

            def accept(oid: str) -> bool:
                o = by_id[oid]
                return o.side != side and o.able and not (
                    visible and is_back(c.at, facing, o.at))

            sides = [s for s, n in self.able_count.items() if s != side and n > 0]
            found, _ = self.map.nearest(c.at, sides, accept, lambda oid: by_id[oid].index)
            return by_id[found] if found is not None else None
        best = None
        best_d = -1
        for o in self.combatants:  # scenario order: the first of equals is kept
            if o.side == side or not o.able:
                continue
            q, r = o.at
            dq, dr = q - hq, r - hr
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if (best is None or d < best_d) and not (visible and is_back(c.at, facing, o.at)):
                best, best_d = o, d
        return best

    def step_toward(self, c: C, goal: Hex) -> Hex | None:
        """The free neighbour of ``c`` that best closes on ``goal`` (None: none closer)."""
        here = c.at
        d = toward_choice(goal[0] - here[0], goal[1] - here[1], self.map.free_mask(here))
        return None if d is None else (here[0] + d[0], here[1] + d[1])

    def can_step_toward(self, c: C, goal: Hex) -> bool:
        """Some free neighbour of ``c`` is closer to ``goal``."""
        here = c.at
        return toward_choice(goal[0] - here[0], goal[1] - here[1],
                             self.map.free_mask(here)) is not None

    def can_step_away(self, c: C, threat: Hex) -> bool:
        """Some free neighbour of ``c`` is farther from ``threat``."""
        here = c.at
        return away_choice(threat[0] - here[0], threat[1] - here[1],
                           self.map.free_mask(here)) is not None

    def step_away(self, c: C, threat: Hex) -> Hex | None:
        """The free neighbour of ``c`` that best opens the distance from ``threat``."""
        here = c.at
        d = away_choice(threat[0] - here[0], threat[1] - here[1], self.map.free_mask(here))
        return None if d is None else (here[0] + d[0], here[1] + d[1])


def beaten(states: Iterable[str]) -> int:
    """How many of the final states count as beaten (out, fled, dead)."""
    return sum(1 for s in states if s in BEATEN)


__all__ = ["Arena", "Combatant", "NEAREST_RINGS", "NEAREST_SCAN", "beaten"]
