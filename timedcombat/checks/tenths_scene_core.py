"""The state of :class:`~timedcombat.checks.tenths_scene.Scene`, the one-pass reader of
the ``tenths`` rules of several combatants: what it knows of each combatant (position,
facing, engagement, reactions: :class:`Looks`), the Retreats and owed answers under way,
and the queries every part of the pass asks (reach, range, who watches whom). Nothing
here imports engine code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from timedcombat.checks import Finding
from timedcombat.checks.model import FACINGS, VECTORS, Event, Hex, distance
from timedcombat.checks.tenths_acts import Act
from timedcombat.checks.tenths_model import Person, TenthsLog

FACING_NAMES = FACINGS
"""Facings in axial order: E = (+1, 0), NE = (+1, -1), NW = (0, -1), W = (-1, 0),
SW = (-1, +1), SE = (0, +1); facing i points at 60 x i degrees."""
REACTION_ACTIONS = frozenset({"target", "defend_only", "style"})
NOT_INSTEAD = REACTION_ACTIONS | {"retreat"}
"""Actions that do not stand in the way of an owed answer: reaction times, and a Retreat
(it can only come immediately after a stopped attack, in combat)."""
ATTACKING_CLOSINGS = frozenset({"set", "attack", "charge"})
STEPS = tuple(VECTORS.values())
"""The six axial steps to a neighbouring hex."""
INFORMATIONAL = ("blocked by", "closing needed", "no free hex", "blocked hex occupied")
"""``interrupted`` causes that do not end the running action."""


def off_facing(frm: Hex, facing: int, to: Hex) -> float:
    """Degrees between a figure's facing and the line to ``to`` (0..180)."""
    dq, dr = to[0] - frm[0], to[1] - frm[1]
    x, y = math.sqrt(3.0) * (dq + dr / 2.0), -1.5 * dr
    angle = math.degrees(math.atan2(y, x)) % 360.0
    diff = abs(angle - 60.0 * facing) % 360.0
    return 360.0 - diff if diff > 180.0 else diff


def at_back(frm: Hex, facing: int, to: Hex) -> bool:
    """``to`` lies to the figure's back: its side or rear hexes (more than 90 degrees off
    its facing; the front is the facing hex, its two neighbours and what lies between)."""
    return to != frm and off_facing(frm, facing, to) > 90.0 + 1e-9


@dataclass
class Looks:
    """What the scene knows of a combatant besides :class:`Person`."""

    at: Hex | None = None
    facing: int | None = None
    engaged: set[str] = field(default_factory=set)
    hurt_t: int | None = None
    reactions: list[tuple[int, int]] = field(default_factory=list)  # (start, end) tenths
    aware: bool = True
    adv_move_t: int | None = None  # tenth of its last "advantage" move


@dataclass
class RetreatRun:
    """A Retreat under way, as the log shows it (T-RETREAT-MOVES)."""

    act: Act
    opponent: str | None
    moves: int = 0
    cut: Event | None = None  # its tenths.retreat_cut
    gone: bool = False  # the retreater out or fled meanwhile
    interrupted: Event | None = None


@dataclass
class Owed:
    """A closing action that ``answerer`` must answer (seed 004, Closing)."""

    closer: str
    answerer: str
    act: Act
    index: int



@dataclass(frozen=True)
class _NoSpec:
    reach: str | None = None


_NOSPEC = _NoSpec()


class SceneCore:
    """What the scene knows as it reads the log, and the queries on it."""

    def __init__(self, log: TenthsLog) -> None:
        self.log = log
        self.looks: dict[str, Looks] = {}
        self.found: dict[str, list[Finding]] = {}
        self.tenth = -1
        self.touched: set[Hex] = set()
        self.setup = True  # before the first action: the first nominations of targets
        self.forced: list[tuple[str, str, int, Event]] = []  # (defender, attacker, t, attack)
        self.owed: list[Owed] = []
        self.break_reported: set[tuple[str, str]] = set()
        self.attacked: dict[tuple[str, int], list[tuple[str, bool]]] = {}  # by whom, target?
        self.closing_on: dict[str, dict[str, Owed]] = {}  # answerer -> closer -> its closing
        self.attack_times: list[int] = []
        self.index = 0  # the event being read
        self.ended: int | None = None  # the tenth of the end event
        self.prev_watched: tuple[str, ...] | None = None  # of a target event's actor
        # who is in combat with whom is known only from a log that says so (``engaged``)
        self.combat_known = any(e.get("event") == "state" and e.get("state") == "engaged"
                                for e in log.events)
        rules = log.rules
        self.hurt_penalty = rules.get("hurt_penalty", 2)
        self.natural_all = rules.get("natural_rolls", "all") == "all"
        stalemate = rules.get("stalemate")
        self.stalemate = stalemate if isinstance(stalemate, int) and stalemate > 0 else None
        self.reaction_after = rules.get("retreat_reaction", "after") != "cuts"
        self.walk_in = rules.get("wait_walk_in", True) is not False
        self.kept_out: set[tuple[str, int]] = set()  # (mover, tenth) a block held
        self.retreats: dict[str, RetreatRun] = {}
        self.after_retreat: list[tuple[str, str, Act, Event]] = []  # reactions owed at its end
        self.walls = log.walls

    def look(self, pid: str) -> Looks:
        lk = self.looks.get(pid)
        if lk is None:
            lk = self.looks[pid] = Looks()
        return lk

    def add(self, rule: str, e: Event, expected: str, found: str,
            actor: str | None = None) -> None:
        self.found.setdefault(rule, []).append(
            Finding(e["t"], actor or e.get("actor"), expected, found, e.get("seq")))

    def person(self, pid: str) -> Person | None:
        return self.log.people.get(pid)

    def reach(self, pid: str) -> int | None:
        p = self.person(pid)
        if p is None or p.hand is None:
            return None
        return self.log.reach(p, tuple(p.hand), p.eff_style())

    def in_range(self, a: str, b: str) -> bool | None:
        """``a`` can strike ``b`` where both stand (``None``: the log does not say)."""
        pa, la, lb = self.person(a), self.look(a), self.look(b)
        if pa is None or la.at is None or lb.at is None:
            return None
        if pa.close:
            if b not in pa.close:
                return False
            if pa.hand is None:
                return None
            short = any((self.log.spec(a, w) or _NOSPEC).reach == "short" for w in pa.hand)
            return short or bool(pa.shield)
        reach = self.reach(a)
        if reach is None:
            return None
        return 1 <= distance(la.at, lb.at) <= reach

    def reacting(self, pid: str, t: int) -> bool:
        return any(s <= t <= e for s, e in self.look(pid).reactions)

    def watched(self, pid: str) -> tuple[str, ...] | None:
        p = self.person(pid)
        return p.watched if p is not None else None

    def opponents_on(self, pid: str) -> list[str]:
        """Able combatants of another side whose target (or defend-only target) is
        ``pid``."""
        me = self.person(pid)
        side = me.side if me else None
        return [q.id for q in self.log.people.values()
                if q.id != pid and q.able and q.side != side and q.watched
                and pid in q.watched]
