"""What a ``tft`` log says happened, read once for the checker's rules (seed 000, TFT).

:class:`TftLog` goes through a log and keeps what the rules need: the rule parameters in
force (``start.rules``), each figure's stats (``placed``), every turn with its order of
action and action slots (``tft.turn``) and its phases (``tft.phase``), and, for every
event, where each figure stood, what it held ready, its ST, whether it lay prone and
whom it was in hand-to-hand combat (HTH) with just before that event. This is a reading
of the log, not a simulation: nothing here imports engine code. Whatever the log does not
say stays ``None`` and the rules that need it skip that case. Whether a missing ``state``
event means "did not happen" or "not said" is what ``start.reports`` says (the state kinds
whose every change the log carries); a log without it (older, or written by hand) counts
postures (``prone``) or HTHs (``hth``) as reported once it has one such event.

The log's shapes (docs/log.md; the ``tft.*`` events of the system): ``tft.turn`` has
``turn``, ``sides`` (moving order), ``initiative``, ``order`` (order of action),
``adj_dx``, ``rolloffs`` and ``slots`` (the tenth each figure acts), parallel to
``order``; ``tft.phase`` has ``turn``, ``phase`` (``movement`` / ``action``) and ``end``.
A figure's stats are read from ``placed`` (``st dx iq ma weapons armor shield talents``,
in its ``stats`` object or on the event itself). A to-hit roll is the core ``attack`` and
damage the core ``damage``, both extended by the system (docs/rules/tft.md, "The log").
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from timedcombat.checks.model import Event, Hex, LogModel, as_hex, as_int, distance

TURN_TENTHS = 50
"""A TFT turn is 5 seconds: 50 tenths (docs/rules/tft.md)."""

DEFAULT_RULES: dict[str, Any] = {
    "movement_phase_tenths": 25, "initiative_winner_moves": "first",
    "side_rear_reroll": "six", "max_hth_rerolls": 20, "dive_high_result": "knocked_back_hit",
    "attacker_drops_on_failure": False, "unarmed_current_st": False,
    "hth_bonus_on_knives": True, "four_dice_double_on_four": False,
    "strongest_by_current_st": True, "disengage_strikes_by_unacted": True,
    "auto_hit_uses_hth_damage": False, "check_talent_prerequisites": True,
    "contest_dice": 3, "contest_st_bonus": 2, "contest_ties_to_defender": True,
    "min_damage": 0, "join_hth": True, "hth_target_down": True, "join_hth_roll_by": "target",
    "strongest_among": "all", "hth_disengage_rolls": "one", "hth_release": "last_holder",
    "judo_throws_divers": True, "knife_draw_dx": "adjusted",
}
"""The rule parameters the checks read, with their documented defaults (docs/rules/tft.md,
"Assumptions"); a log's ``start.rules`` overrides them."""

ENTERED_DOWN, ENTERED = "entered_defender_down", "entered"
REPELLED, REPELLED_HIT = "repelled", "repelled_hit"
KNOCKED_BACK, KNOCKED_BACK_HIT, THROWN = "knocked_back", "knocked_back_hit", "thrown"
HTH_RESULTS = (ENTERED_DOWN, ENTERED, REPELLED, REPELLED_HIT, KNOCKED_BACK,
               KNOCKED_BACK_HIT, THROWN)
ENTERING = frozenset({ENTERED_DOWN, ENTERED})
MOVEMENT, ACTION = "movement", "action"
JUMP, DIVE = "jump", "dive"
FRONT, SIDE, REAR = "front", "side", "rear"
ATTACK, DAMAGE = "attack", "damage"
"""A to-hit roll is the core ``attack`` event, damage the core ``damage`` event, both
extended by the system (docs/rules/tft.md, "The log")."""
STRIKE, HTH_ENTRY, PRONE_ATTACK, THROWN_WEAPON = "strike", "hth_entry", "prone", "throw"
"""The ``option`` values of ``attack`` the rules read: a strike at a figure disengaging or
jumping a foe, the attack on entering HTH, a Judo 2 attack on the ground, a thrown weapon."""
FIST = "fist"
"""The ``weapon`` of a bare-handed attack or damage."""
BLOW, AUTOMATIC_HIT, THROW_DAMAGE = "attack", "automatic_hit", "throw"
"""The ``cause`` values of ``damage``: a blow's to-hit roll, the defender's automatic hit
on a repelled HTH try, a Judo throw."""

STEPS = frozenset({"move", ATTACK, DAMAGE, "tft.hth_roll", "tft.ready_knife",
                   "tft.disengage", "tft.release", "tft.dropped", "tft.throw", "tft.contest",
                   "tft.ready_weapon", "tft.picked_up"})
"""Events that are steps of the fight, placed at their documented tenths of a turn."""

# Bounds of the numbers the rules read (docs/checks/tft.md, "Limits"): far beyond what a
# scenario can make, so that no rule ever works on a number a hostile log made up.
MAX_TENTH = 2**53 - 1
"""A tenth (``end`` of a phase or an action, a slot): what ``t`` may be."""
MAX_TURN = MAX_TENTH // TURN_TENTHS + 1
"""A turn number: the turn a tenth up to :data:`MAX_TENTH` falls in."""
MAX_STAT = 10_000
"""A placed figure's ST, DX, IQ, MA: 0 to this (a scenario's are at most ST 1000, DX, IQ
and MA 100)."""
MAX_SCORE = 1_000_000
"""Rolls, totals, modifiers, hits, current ST, bonuses, scores, adjusted DX and the
numbers of ``start.rules``: within plus or minus this (a scenario's make at most a few
thousand)."""
STAT_RANGE = (0, MAX_STAT)
SCORE_RANGE = (-MAX_SCORE, MAX_SCORE)
TENTH_RANGE = (0, MAX_TENTH)
TURN_RANGE = (1, MAX_TURN)


# ---------------------------------------------------------------------- small readers


def is_int(v: Any) -> TypeGuard[int]:
    """``v`` is a JSON integer (not ``true``/``false``)."""
    return as_int(v) is not None


def within(v: Any, bounds: tuple[int, int]) -> bool:
    """``v`` is an integer within ``bounds`` (least, most)."""
    return is_int(v) and bounds[0] <= v <= bounds[1]


def ints(v: Any) -> tuple[int, ...] | None:
    """A list of integers as a tuple, or ``None``."""
    if isinstance(v, list | tuple) and all(is_int(x) for x in v):
        return tuple(v)
    return None


def names(v: Any) -> tuple[str, ...] | None:
    if isinstance(v, list | tuple) and all(isinstance(x, str) for x in v):
        return tuple(v)
    return None


def int_lists(v: Any) -> tuple[tuple[int, ...], ...] | None:
    """A list of lists of integers, or ``None``."""
    if not isinstance(v, list | tuple):
        return None
    out = [ints(x) for x in v]
    return None if any(x is None for x in out) else tuple(x for x in out if x is not None)


def mods(e: Event) -> dict[str, int] | None:
    """The event's ``modifiers`` when it is an object of integers, each within
    :data:`SCORE_RANGE` (the schema refuses a log with one beyond it)."""
    m = e.get("modifiers")
    if isinstance(m, dict) and all(within(v, SCORE_RANGE) for v in m.values()):
        return m
    return None


def dice(text: Any) -> tuple[int, int] | None:
    """TFT damage dice ``"1d-3"``, ``"2d"``, ``"2d+1"`` as (dice, adds); ``None`` else."""
    if not isinstance(text, str) or "d" not in text:
        return None
    head, _, tail = text.replace("−", "-").partition("d")
    try:
        n = int(head)
        adds = int(tail) if tail else 0
    except ValueError:
        return None
    return (n, adds) if n >= 0 else None


# ---------------------------------------------------------------------- records


@dataclass(frozen=True)
class Figure:
    """A figure as ``placed`` describes it (``None``: not given)."""

    id: str
    side: str | None
    st: int | None
    dx: int | None
    iq: int | None
    ma: int | None
    weapons: tuple[str, ...] | None
    armor: str | None
    shield: str | None
    talents: tuple[str, ...] | None
    agrees: bool | None = None  # agrees_to_hth: seed 000's situation (d)

    def has(self, talent: str) -> bool | None:
        return None if self.talents is None else talent in self.talents


@dataclass
class Turn:
    """One ``tft.turn`` and the phases logged after it."""

    n: int
    t: int
    index: int
    ev: Event
    sides: tuple[str, ...] | None
    initiative: tuple[tuple[int, ...], ...] | None
    order: tuple[str, ...] | None
    adj_dx: tuple[int, ...] | None
    rolloffs: tuple[tuple[int, ...], ...] | None
    slots: tuple[int, ...] | None
    phases: list[tuple[int, Event]] = field(default_factory=list)

    @property
    def slot_of(self) -> dict[str, int]:
        """Each figure's action tenth as the turn logs it."""
        if self.order is None or self.slots is None or len(self.slots) != len(self.order):
            return {}
        return dict(zip(self.order, self.slots, strict=True))


UNKNOWN: Any = object()
"""What :meth:`Track.before` gives for a figure whose value the log never said."""


class Track:
    """A value per figure that events change. ``set(fig, k, v)``: ``v`` holds from event
    ``k`` on; ``before(fig, i)``: the value just before event ``i``."""

    def __init__(self) -> None:
        self._at: dict[str, list[int]] = {}
        self._val: dict[str, list[Any]] = {}

    def set(self, fig: str, i: int, value: Any) -> None:
        at, val = self._at.setdefault(fig, []), self._val.setdefault(fig, [])
        if at and at[-1] == i:
            val[-1] = value
        else:
            at.append(i)
            val.append(value)

    def before(self, fig: Any, i: int, default: Any = None) -> Any:
        """(``fig`` as the log gives it: a value that names no figure has no track.)"""
        at = self._at.get(fig)
        if not at:
            return default
        k = bisect.bisect_right(at, i) - 1
        return self._val[fig][k] if k >= 0 else default

    def changes(self, fig: str) -> list[tuple[int, Any]]:
        return list(zip(self._at.get(fig, []), self._val.get(fig, []), strict=True))


# ---------------------------------------------------------------------- the log


class TftLog(LogModel):
    """A ``tft`` log, read once (see the module docstring), on the generic reading of
    :class:`~timedcombat.checks.model.LogModel` (events by kind and actor, tenths, the
    end). Its own turn records are :attr:`tft_turns`; a figure's place is tracked with
    the rest of its changing state (:class:`Track`), since a throw, a release or a
    disengagement moves a figure too."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        r = _Reader(self.events)
        r.read()
        self.rules = r.rules
        self.figures: dict[str, Figure] = r.figures
        self.tft_turns: list[Turn] = r.turns
        self.turn_of: list[Turn | None] = r.turn_of  # each event's turn (by its tft.turn)
        self.pos: Track = r.pos
        self.ready: Track = r.ready  # the ready weapon's name, or None (bare hands)
        self.shield: Track = r.shield  # the shield carried, or None
        self.st: Track = r.st  # current ST
        self.prone: Track = r.prone  # True / False as `state` prone reports it
        self.hth: Track = r.hth  # frozenset of the figures in HTH with it
        self.hth_hex: Track = r.hth_hex  # the hex of its HTH, where known
        self.out: Track = r.out  # True once out of the fight (state out, ST 0)
        self.reports_prone: bool = r.reports_prone  # every fall and rise is logged
        self.reports_hth: bool = r.reports_hth  # every joining and leaving of an HTH
        self.last_at: dict[int, int] = r.last_at  # tenth -> index of its last event

    # ---- times

    @property
    def m(self) -> int:
        """Tenths of the movement phase (``movement_phase_tenths``)."""
        m = self.rules.get("movement_phase_tenths")
        return m if is_int(m) and 2 <= m < TURN_TENTHS else 25

    def offset(self, t: int, turn: Turn) -> int:
        return t - turn.t

    def phase_at(self, t: int, turn: Turn) -> str:
        return MOVEMENT if t - turn.t < self.m else ACTION

    def end_of_movement(self, turn: Turn) -> int:
        return turn.t + self.m - 1

    def after_tenth(self, t: int) -> int:
        """An index past every event of tenth ``t`` (for "after the tenth" states)."""
        return self.last_at.get(t, -1) + 1

    # ---- figures

    def fig(self, cid: Any) -> Figure | None:
        return self.figures.get(cid) if isinstance(cid, str) else None

    def side(self, cid: Any) -> str | None:
        f = self.fig(cid)
        return f.side if f else None

    def enemies(self, a: Any, b: Any) -> bool | None:
        sa, sb = self.side(a), self.side(b)
        return None if sa is None or sb is None else sa != sb

    def eff_ma(self, cid: Any) -> int | None:
        """MA less what armour costs (leather 2, chainmail and plate 4: the table's MA 8 and
        6 are for an MA 10 figure)."""
        f = self.fig(cid)
        if f is None or f.ma is None:
            return None
        loss = ARMOR_MA_LOSS.get(f.armor or "none")
        return None if loss is None else f.ma - loss

    def st_for(self, cid: str, i: int, current: bool) -> int | None:
        """ST of ``cid`` just before event ``i``: current (hits taken) or basic."""
        f = self.fig(cid)
        if f is None:
            return None
        return self.st.before(cid, i, f.st) if current else f.st

    # ---- events

    def at_tenth(self, t: int, *kinds: str) -> Iterator[tuple[int, Event]]:
        """Events of tenth ``t`` (of ``kinds``, or all)."""
        lo = self.first_at(t)
        for i in range(lo, len(self.events)):
            e = self.events[i]
            if e["t"] != t:
                break
            if not kinds or e.get("event") in kinds:
                yield i, e

    def in_turn(self, turn: Turn, *kinds: str) -> Iterator[tuple[int, Event]]:
        """Events that fall in ``turn`` (of ``kinds``)."""
        i = turn.index
        while i < len(self.events) and self.turn_of[i] is turn:
            if self.events[i].get("event") in kinds:
                yield i, self.events[i]
            i += 1


ARMOR_MA_LOSS = {"none": 0, "cloth": 0, "leather": 2, "chainmail": 4, "plate": 4}
"""MA lost under each armour (docs/rules/tft.md, base rules: leather MA 8, chainmail and
plate MA 6, for a figure of MA 10)."""


def _stat(e: Event, key: str) -> Any:
    stats = e.get("stats")
    if isinstance(stats, dict) and key in stats:
        return stats[key]
    return e.get(key)


def _figure(e: Event) -> Figure:
    def num(key: str) -> int | None:
        v = _stat(e, key)
        return v if within(v, STAT_RANGE) else None

    def text(key: str) -> str | None:
        v = _stat(e, key)
        return v if isinstance(v, str) else None

    side = e.get("side")
    armor = _stat(e, "armor")
    agrees = _stat(e, "agrees_to_hth")
    return Figure(
        id=e["actor"], side=side if isinstance(side, str) else None, st=num("st"),
        dx=num("dx"), iq=num("iq"), ma=num("ma"), weapons=names(_stat(e, "weapons")),
        armor="none" if armor is None else text("armor"),  # the scenario's default: none
        shield=text("shield"), talents=names(_stat(e, "talents")),
        agrees=agrees if isinstance(agrees, bool) else None,
    )


STAT_KEYS = ("st", "dx", "iq", "ma")
"""The numbers of a figure's stats."""


def _bounded(v: tuple[int, ...] | None, bounds: tuple[int, int]) -> tuple[int, ...] | None:
    """A list of integers all within ``bounds``, else ``None`` (not given)."""
    return v if v is not None and all(bounds[0] <= x <= bounds[1] for x in v) else None


class _Reader:
    """The one pass over the log that fills a :class:`TftLog`."""

    def __init__(self, events: Sequence[Event]) -> None:
        self.events = events
        self.pos, self.ready, self.shield = Track(), Track(), Track()
        self.st, self.prone, self.hth, self.hth_hex = Track(), Track(), Track(), Track()
        self.out = Track()
        self.groups: dict[str, frozenset[str]] = {}
        self.figures: dict[str, Figure] = {}
        self.turns: list[Turn] = []
        self.turn_of: list[Turn | None] = []
        self.rules = dict(DEFAULT_RULES)
        self.reports_prone = self.reports_hth = False
        self.said: tuple[str, ...] | None = None  # start.reports, when the log gives it
        self.last_at: dict[int, int] = {}

    def read(self) -> None:
        for i, e in enumerate(self.events):
            self.last_at[e["t"]] = i
            kind = e.get("event")
            if kind == "start" and isinstance(e.get("rules"), dict):
                self.rules.update((k, v) for k, v in e["rules"].items()
                                  if not is_int(v) or within(v, SCORE_RANGE))
            if kind == "start" and names(e.get("reports")) is not None:
                self.said = names(e.get("reports"))
            elif kind == "tft.turn":
                self._turn(i, e)
            elif kind == "tft.phase" and self.turns:
                self.turns[-1].phases.append((i, e))
            self.turn_of.append(self.turns[-1] if self.turns else None)
            handler = getattr(self, "_" + str(kind).replace("tft.", "").replace(".", "_"),
                              None) if kind in _HANDLED else None
            if handler is not None:
                handler(i + 1, e)
        if self.said is not None:  # the log says what it reports: no guessing
            self.reports_prone = "prone" in self.said
            self.reports_hth = "hth" in self.said

    def _turn(self, i: int, e: Event) -> None:
        n = e.get("turn")
        self.turns.append(Turn(
            n if is_int(n) else len(self.turns) + 1, e["t"], i, e, names(e.get("sides")),
            int_lists(e.get("initiative")), names(e.get("order")),
            _bounded(ints(e.get("adj_dx")), SCORE_RANGE), int_lists(e.get("rolloffs")),
            _bounded(ints(e.get("slots")), TENTH_RANGE)))

    # Each handler gets the index from which the change holds (the next event's).

    def _placed(self, i: int, e: Event) -> None:
        f = _figure(e)
        self.figures[f.id] = f
        self.pos.set(f.id, i, as_hex(e.get("at")))
        if f.weapons is not None:
            self.ready.set(f.id, i, f.weapons[0] if f.weapons else None)
        self.shield.set(f.id, i, f.shield)
        self.st.set(f.id, i, f.st)

    def _move(self, i: int, e: Event) -> None:
        self.pos.set(e["actor"], i, as_hex(e.get("to")))

    def _throw(self, i: int, e: Event) -> None:
        if isinstance(e.get("target"), str):
            self.pos.set(e["target"], i, as_hex(e.get("to")))

    def _release(self, i: int, e: Event) -> None:
        if isinstance(e.get("target"), str):
            if "to" in e:
                self.pos.set(e["target"], i, as_hex(e.get("to")))
            self._leave(e["target"], i)

    def _disengage(self, i: int, e: Event) -> None:
        if e.get("success") is True:
            if e.get("to") is not None:
                self.pos.set(e["actor"], i, as_hex(e.get("to")))
            # (one of several rolls, against one ``holder``, frees no one: the last does)
            if e.get("hth") is True and not (e.get("holder") and e.get("to") is None):
                self._leave(e["actor"], i)

    def _hth_roll(self, i: int, e: Event) -> None:
        a, d = e["actor"], e.get("target")
        if e.get("result") in ENTERING and isinstance(d, str):
            where = self.pos.before(d, i)
            self._join(a, d, i, where)

    def _dropped(self, i: int, e: Event) -> None:
        items = names(e.get("items")) or ()
        cid = e["actor"]
        if self.ready.before(cid, i) in items:
            self.ready.set(cid, i, None)
        shield = self.shield.before(cid, i)
        if shield is not None and any(x == shield or "shield" in x for x in items):
            self.shield.set(cid, i, None)

    def _ready_knife(self, i: int, e: Event) -> None:
        if e.get("success") is True and isinstance(e.get("weapon"), str):
            self.ready.set(e["actor"], i, e["weapon"])

    def _ready_weapon(self, i: int, e: Event) -> None:
        if isinstance(e.get("weapon"), str):
            self.ready.set(e["actor"], i, e["weapon"])

    def _picked_up(self, i: int, e: Event) -> None:
        item = e.get("item")
        if not isinstance(item, str):
            return
        if item.endswith("_shield"):  # a shield is logged as ``<name>_shield``
            self.shield.set(e["actor"], i, item.removesuffix("_shield"))
        else:
            self.ready.set(e["actor"], i, item)

    def _attack(self, i: int, e: Event) -> None:
        if e.get("option") == THROWN_WEAPON:  # a thrown weapon leaves the hand
            self.ready.set(e["actor"], i, None)

    def _damage(self, i: int, e: Event) -> None:
        st = e.get("st")
        if is_int(st):
            self.st.set(e["actor"], i, st)
            if st <= 0:
                self._leave(e["actor"], i)
                self.out.set(e["actor"], i, True)

    def _state(self, i: int, e: Event) -> None:
        cid, what, value = e["actor"], e.get("state"), e.get("value")
        if what == "prone" and isinstance(value, bool):
            self.reports_prone = True
            self.prone.set(cid, i, value)
        elif what == "hth" and isinstance(value, bool):
            self.reports_hth = True
            other = e.get("opponent")
            if value and isinstance(other, str):
                self._join(cid, other, i, self.pos.before(other, i))
            elif not value:
                self._leave(cid, i)
        elif what == "out" and value not in (False, None):
            self._leave(cid, i)
            self.out.set(cid, i, True)

    def _join(self, a: str, d: str, i: int, where: Hex | None) -> None:
        members = self.groups.get(d, frozenset()) | self.groups.get(a, frozenset()) | {a, d}
        for cid in members:
            self.groups[cid] = members
            self.hth.set(cid, i, members - {cid})
            self.hth_hex.set(cid, i, where)

    def _leave(self, cid: str, i: int) -> None:
        members = self.groups.pop(cid, frozenset())
        self.hth.set(cid, i, frozenset())
        self.hth_hex.set(cid, i, None)
        rest = members - {cid}
        for other in rest:
            if len(rest) > 1:
                self.groups[other] = rest
                self.hth.set(other, i, rest - {other})
            else:  # the last one left is in HTH with nobody
                self.groups.pop(other, None)
                self.hth.set(other, i, frozenset())
                self.hth_hex.set(other, i, None)


_HANDLED = frozenset({"placed", "move", "tft.throw", "tft.release", "tft.disengage",
                      "tft.hth_roll", "tft.dropped", "tft.ready_knife", "tft.ready_weapon",
                      "tft.picked_up", "attack", "damage", "state"})


def read(events: Sequence[Event]) -> TftLog:
    """Read a ``tft`` log once (``prepare`` of the rule set)."""
    return TftLog(events)


__all__ = ["ACTION", "ATTACK", "AUTOMATIC_HIT", "BLOW", "DAMAGE", "DEFAULT_RULES", "DIVE",
           "ENTERED", "ENTERED_DOWN", "ENTERING", "FIST", "FRONT", "HTH_ENTRY", "HTH_RESULTS",
           "JUMP", "KNOCKED_BACK", "KNOCKED_BACK_HIT", "MAX_SCORE", "MAX_STAT", "MAX_TENTH",
           "MAX_TURN", "MOVEMENT", "PRONE_ATTACK", "REAR", "REPELLED", "REPELLED_HIT",
           "SCORE_RANGE", "SIDE", "STAT_RANGE", "STEPS", "STRIKE", "TENTH_RANGE", "THROWN",
           "THROWN_WEAPON", "THROW_DAMAGE", "TURN_RANGE", "TURN_TENTHS", "UNKNOWN", "Event",
           "Figure", "Hex", "TftLog", "Track", "Turn", "as_hex", "dice", "distance",
           "int_lists", "ints", "is_int", "mods", "names", "read", "within"]
