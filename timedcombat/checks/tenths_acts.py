"""The actions of a ``tenths`` log and the exchanges they make (seed 004): each
``action`` linked to what ends it, the closing actions of one exchange paired, and the
attacks indexed by attacker and tenth; the records of a weapon and an action. The first
pass of :class:`~timedcombat.checks.tenths_model.TenthsLog`, a reading of the log:
nothing here imports engine code.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from timedcombat.checks.model import Event, LogModel
from timedcombat.checks.model import as_int as _int

DEFAULT_RULES: dict[str, Any] = {
    "short_reach": 1, "long_reach": 2, "dodge_time": 4, "walk_back_extra": 0,
}
"""Rule parameters the timings use, with their documented defaults (used when a log's
``start`` event has no ``rules``)."""

CLOSING = frozenset({"set", "wait", "attack", "defend", "charge", "avoid"})
CARRY_TAKERS = frozenset(CLOSING | {"move", "attack", "block", "draw", "sheathe", "drop",
                                    "pick_up"})
"""Actions that take the parry and dodge time owed from before (their ``delay``)."""
REACTION_ACTIONS = frozenset({"target", "defend_only", "style"})
STOPPED = frozenset({"miss", "parried", "dodged"})
NO_STRIKE = frozenset({"target changed", "never in range", "no weapon in hand", "abandoned"})
"""``tenths.attack_lost`` reasons of attacks never struck (other losses may be either)."""
INFORMATIONAL = ("blocked by", "closing needed", "no free hex", "blocked hex occupied")
WALK_IN = "walk in"
"""The ``interrupted`` cause of an Attack or Charge broken off to walk in on a Wait first
(``rules.wait_walk_in``): the exchange goes on."""
"""``interrupted`` causes that do not end the running action."""
SHIELD_PARRY, WEAPON_PARRY = 2, 4
MAIN, ALTERNATE = "main", "alternate"


@dataclass(frozen=True)
class Weapon:
    """A weapon as ``placed`` describes it (``None``: not given)."""

    name: str
    base_speed: int | None = None
    reach: str | None = None
    hands: int | None = None
    anti_parry: int | None = None


SHIELD_BASH = Weapon("shield", 8, "short", 1, 0)
"""The shield used to strike at close quarters (an assumption of docs/rules/tenths.md)."""


def combined_base_speed(first: int, second: int) -> int:
    """Two weapons both attacking: the average of their speeds + 2, halves up."""
    return -(-(first + second) // 2) + 2


def half_up(n: int) -> int:
    return -(-n // 2)


@dataclass
class Act:
    """One logged action, with what the log says about it as it started."""

    index: int
    ev: Event
    actor: str
    name: str
    t: int
    end: int
    delay: int
    closing: bool
    stop: int | None = None  # index of the next action or of the interruption
    interrupted: bool = False
    cause: str | None = None  # of the interruption
    pushes: list[tuple[int, int]] = field(default_factory=list)  # (event index, tenths)
    uncertain: bool = False  # a parry or dodge of unknown time fell in it
    carry: int | None = 0  # the delay it should log (None: unknown)
    hand: tuple[str, ...] | None = None
    style: str | None = None
    base: int | None = None
    block: str | None = None
    close: bool = False
    blows: int | None = 0  # alternate style: blows since the last reset or closing
    last_blow: str | None = None
    seq_first: str | None = None
    first_after: int | None = None  # Wait/Defend: the own first blow's time
    first_unknown: bool = False  # ... due, but the log does not give the base speed
    partner: Act | None = None  # the opponent's closing action of the same exchange

    @property
    def target(self) -> str | None:
        return self.ev.get("target")

    @property
    def weapon(self) -> str | None:
        return self.ev.get("weapon")

    @property
    def nominal(self) -> int:
        """Its own duration: ``end`` less the parry time carried into it."""
        return self.end - self.t - self.delay

    @property
    def eff_end(self) -> int | None:
        """When it completes: ``end`` plus the parries and dodges made during it."""
        return None if self.uncertain else self.end + sum(p for _, p in self.pushes)

    def shift_before(self, index: int) -> int | None:
        """Tenths it was pushed back by events logged before ``index`` (with the delay)."""
        if self.uncertain:
            return None
        return self.delay + sum(p for i, p in self.pushes if i < index)


class TenthsActs(LogModel):
    """The actions of a ``tenths`` log, linked and paired (see the module docstring), on
    the generic reading of :class:`~timedcombat.checks.model.LogModel`."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        given = self.events[0].get("rules") if self.events else None
        given = given if isinstance(given, dict) else {}
        self.rules = dict(DEFAULT_RULES)  # a timing parameter must be an integer
        self.rules.update({k: v for k, v in given.items()
                           if k not in DEFAULT_RULES or _int(v) is not None})
        self.acts: list[Act] = []
        self.act_of: dict[int, Act] = {}
        self.acts_by: dict[str, list[Act]] = {}
        self.attacks_at: dict[tuple[str, int], list[int]] = {}
        self.lost_at: dict[tuple[str, int], list[int]] = {}
        self._index()

    def _index(self) -> None:
        """Link actions to what ends them; index attacks by attacker and tenth."""
        open_act: dict[str, Act] = {}
        for i, e in enumerate(self.events):
            kind = e.get("event")
            # every event read here has an actor: the schema requires one of each
            actor = cast(str, e.get("actor"))
            if kind == "action":
                act = Act(i, e, actor, e["name"], e["t"], e["end"], _int(e.get("delay")) or 0,
                          bool(e.get("closing")) or e["name"] in CLOSING - {"attack"})
                prev = open_act.get(actor)
                if prev is not None:
                    prev.stop = i
                open_act[actor] = act
                self.acts.append(act)
                self.act_of[i] = act
                self.acts_by.setdefault(actor, []).append(act)
            elif kind == "interrupted" and not str(e.get("cause", "")).startswith(INFORMATIONAL):
                prev = open_act.get(actor)
                if prev is not None and prev.name == e.get("name"):
                    prev.stop, prev.interrupted = i, True
                    prev.cause = e.get("cause") if isinstance(e.get("cause"), str) else None
                    del open_act[actor]
            elif kind == "attack" and e.get("kind") != "block":
                self.attacks_at.setdefault((actor, e["t"]), []).append(i)
            elif kind == "tenths.attack_lost":
                self.lost_at.setdefault((actor, e["t"]), []).append(i)
        self._pair()

    def _pair(self) -> None:
        """Closing actions of one exchange: an answer on the same tenth (each the other's
        target), or a closing action against an opponent whose own closing action against
        it is still under way (it answers that one late)."""
        by_t: dict[int, list[Act]] = {}
        for act in self.acts:
            if act.closing:
                by_t.setdefault(act.t, []).append(act)
        for acts in by_t.values():
            for a in acts:
                answers = [b for b in acts if b.actor == a.target and b.target == a.actor]
                a.partner = answers[-1] if answers else None  # the last: not abandoned
        for act in self.acts:
            if act.closing and act.partner is None:
                act.partner = self._under_way(act)
                d = act.partner
                if d is not None and (d.partner is None or self._over_before(d.partner, act)
                                      or d.partner.cause == WALK_IN):
                    d.partner = act  # the latest answer stands for one given up or done

    def _over_before(self, answer: Act, later: Act) -> bool:
        """``answer`` was given up (interrupted) or had made or lost its attack before
        ``later`` started. One broken off to walk in on a Wait is not given up: its actor
        walks in and its next closing action carries the exchange on."""
        if answer.interrupted and answer.stop is not None and answer.stop < later.index:
            return answer.cause != WALK_IN
        hit = self.first_strike(answer)
        return hit is not None and hit[0] < later.index

    def _under_way(self, act: Act) -> Act | None:
        """The target's closing action against ``act``'s actor still under way as it
        starts (not abandoned, its attack not yet made or lost, or still running)."""
        theirs = [a for a in self.acts_by.get(act.target or "", ())
                  if a.closing and a.index < act.index]
        if not theirs or theirs[-1].target != act.actor:
            return None
        d = theirs[-1]
        if d.interrupted and d.stop is not None and d.stop < act.index:
            return None
        hit = self.first_strike(d)
        if hit is not None:
            return d if hit[0] > act.index else None
        if d.name in ("attack", "charge", "set"):
            return d if d.stop is None or d.stop > act.index else None
        if d.name in ("wait", "defend"):
            # a Wait or Defend lets the opponent attack first: it is under way until its
            # actor does something else
            later = [a for a in self.acts_by.get(d.actor, ()) if d.index < a.index < act.index]
            if later or (d.partner is not None and self._over_before(d.partner, act)):
                return None  # it did something else, or its exchange ended (attack lost)
            return d
        eff = d.end + d.delay if d.eff_end is None else d.eff_end
        return d if eff > act.t else None

    def attacking(self, pid: str, t: int, i: int) -> bool:
        """``pid`` attacks on tenth ``t`` (as seen from event ``i`` of that tenth)."""
        if self.attacks_at.get((pid, t)):
            return True
        for j in self.lost_at.get((pid, t), ()):
            if j > i or not any(j < a.index < i for a in self.acts_by.get(pid, ())):
                return True
        return False

    def during(self, act: Act) -> Iterator[tuple[int, Event]]:
        """The events of ``act``'s actor after it started and before it stopped."""
        stop = act.stop if act.stop is not None else len(self.events)
        return self.of_actor(act.actor, act.index, stop)

    def made(self, act: Act) -> bool:
        """The closing exchange of ``act`` made an attack (its own or its partner's)."""
        for a in (act, act.partner):
            hit = self.first_strike(a) if a is not None else None
            if hit is not None and hit[1].get("event") == "attack":
                return True
        return False

    def first_strike(self, act: Act) -> tuple[int, Event] | None:
        """The blow (or lost attack) that completes ``act``, if the log has one."""
        for j, e in self.during(act):
            if e.get("event") == "tenths.attack_lost" or (
                    e.get("event") == "attack" and e.get("kind") != "block"):
                return j, e
        return None
