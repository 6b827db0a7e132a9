"""What a ``tenths`` log says happened, read for the timing rules of seed 004.

:class:`TenthsLog` goes through a log once and keeps what the rules need: each
combatant's stats and weapons (from ``placed``), what it holds, where it stands, whom it
watches, and every action with the tenths that parries and dodges added to it. This is a
reading of the log, not a simulation: nothing here imports engine code. Whatever the log
does not say stays ``None``, and the rules that would need it skip that case.

How parry and dodge time is counted (``docs/rules/tenths.md``, "Parry time"): the time
of a parry or dodge is added to the defender's running action, so its effect (the blow,
the move) falls that much later; when the defender attacks on that very tenth
(simultaneous attacks) or has no action running, it is added to the defender's next
action instead, which logs it as ``delay``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from timedcombat.checks.model import Event, Hex, LogModel
from timedcombat.checks.model import as_hex as _hex
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


@dataclass
class Person:
    """A combatant as the log has shown it so far."""

    id: str
    side: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    arms: dict[str, Weapon] = field(default_factory=dict)
    shield: bool | None = None
    hand: list[str] | None = None
    sheathed: list[str] = field(default_factory=list)
    style: str | None = None
    able: bool = True
    block: str | None = None
    close: set[str] = field(default_factory=set)
    watched: tuple[str, ...] | None = None  # None: no target event seen yet
    carry: int | None = 0
    act: Act | None = None
    blows: int | None = 0
    last_blow: str | None = None
    seq_first: str | None = None
    first_after: int | None = None
    first_unknown: bool = False
    waiting: Act | None = None  # a Wait/Defend closing whose opponent has not struck

    def stat(self, name: str) -> int | None:
        v = self.stats.get(name)
        return v if isinstance(v, int) and not isinstance(v, bool) else None

    def eff_style(self) -> str | None:
        return self.style if self.hand is not None and len(self.hand) == 2 else None

    def reset_blows(self) -> None:
        self.blows, self.last_blow, self.seq_first = 0, None, None


def _weapon(raw: Mapping[str, Any]) -> Weapon:
    return Weapon(str(raw.get("name")), _int(raw.get("base_speed")), raw.get("reach"),
                  _int(raw.get("hands")), _int(raw.get("anti_parry")))


class TenthsLog(LogModel):
    """The facts of one ``tenths`` log that the timing rules read (on the generic reading
    of :class:`~timedcombat.checks.model.LogModel`: placed, positions, turns)."""

    def __init__(self, events: Sequence[Event]) -> None:
        super().__init__(events)
        given = self.events[0].get("rules") if self.events else None
        given = given if isinstance(given, dict) else {}
        self.rules = dict(DEFAULT_RULES)  # a timing parameter must be an integer
        self.rules.update({k: v for k, v in given.items()
                           if k not in DEFAULT_RULES or _int(v) is not None})
        self.people: dict[str, Person] = {}
        self.catalogue: dict[str, Weapon] = {}
        self.acts: list[Act] = []
        self.act_of: dict[int, Act] = {}
        self.acts_by: dict[str, list[Act]] = {}
        self.snap: dict[int, dict[str, Any]] = {}
        self.attacks_at: dict[tuple[str, int], list[int]] = {}
        self.lost_at: dict[tuple[str, int], list[int]] = {}
        self.ground: dict[str, list[Hex]] = {}
        self._due: dict[str, Act] = {}  # draw, sheathe, style: applied once complete
        self._index()
        from timedcombat.checks.tenths_scene import Scene

        self.scene = Scene(self)
        self._replay()

    # ------------------------------------------------------------------ first pass

    def _index(self) -> None:
        """Link actions to what ends them; index attacks by attacker and tenth."""
        open_act: dict[str, Act] = {}
        for i, e in enumerate(self.events):
            kind, actor = e.get("event"), e.get("actor")
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

    # ------------------------------------------------------------------ replay

    def person(self, pid: str) -> Person:
        p = self.people.get(pid)
        if p is None:
            p = self.people[pid] = Person(pid)
        return p

    def _replay(self) -> None:
        handlers = {
            "placed": self._placed, "action": self._action, "move": self._move,
            "state": self._state, "target": self._target, "attack": self._attack,
            "tenths.attack_lost": self._lost, "defence": self._defence,
            "tenths.dropped": self._dropped, "tenths.picked_up": self._picked_up,
            "end": self._end,
        }
        scene = self.scene
        for i, e in enumerate(self.events):
            scene.before(i, e)
            self._settle(e)
            handler = handlers.get(e.get("event"))  # type: ignore[arg-type]
            if handler is not None:
                handler(i, e)
            scene.after(i, e)
        scene.finish()

    def _settle(self, e: Event) -> None:
        """Apply the actor's weapon or style change once its time is over."""
        act = self._due.get(e.get("actor"))  # type: ignore[arg-type]
        eff = act.eff_end if act is not None else None
        if act is not None and eff is not None and e["t"] >= eff:
            del self._due[act.actor]
            self._finish(self.person(act.actor), act)

    def _placed(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        p.side = e.get("side")
        p.stats = dict(e.get("stats") or {})
        p.shield = e.get("shield") if isinstance(e.get("shield"), bool) else None
        p.style = e.get("style")
        arms = [_weapon(a) for a in e.get("arms") or () if isinstance(a, dict)]
        for w in arms:
            p.arms.setdefault(w.name, w)
            self.catalogue.setdefault(w.name, w)
        names = [w.name for w in arms] or [str(n) for n in e.get("weapons") or ()]
        if names or "arms" in e or "weapons" in e:
            ready = 2 if p.style else 1
            p.hand, p.sheathed = names[:ready], names[ready:]

    def _action(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        act = self.act_of[i]
        if self._due.get(p.id) is p.act and p.act is not None:
            del self._due[p.id]
            self._finish(p, p.act)
        p.act = act
        if act.name in ("draw", "sheathe", "style"):
            self._due[p.id] = act
        act.hand = tuple(p.hand) if p.hand is not None else None
        act.style, act.block, act.close = p.eff_style(), p.block, bool(p.close)
        act.base = self.base_speed(p)
        act.blows, act.last_blow, act.seq_first = p.blows, p.last_blow, p.seq_first
        if act.name in CARRY_TAKERS:
            act.carry, p.carry = p.carry, 0
        if act.closing:
            p.first_after = None
            waits = act.name in ("wait", "defend") and not act.interrupted
            p.waiting = act if waits else None  # an abandoned one never hands a time
        elif act.name == "attack":
            act.first_after, act.first_unknown = p.first_after, p.first_unknown
            p.first_after, p.first_unknown = None, False
        else:  # the first blow after Wait/Defend is owed only as the next action
            p.first_after, p.first_unknown = None, False

    def _finish(self, p: Person, act: Act) -> None:
        """An action's effects on what its actor holds, once it is over."""
        if act.interrupted:
            return
        w = act.weapon
        if act.name == "draw" and p.hand is not None and w in p.sheathed:
            spec = self.spec(p.id, w)
            if spec is not None and spec.hands is not None and self.free_hands(p) >= spec.hands:
                p.sheathed.remove(w)
                p.hand.append(w)
                p.style = p.style or (MAIN if len(p.hand) == 2 else None)
                p.reset_blows()
        elif act.name == "sheathe" and p.hand is not None and w in p.hand:
            p.hand.remove(w)
            p.sheathed.append(w)
            p.reset_blows()
        elif act.name == "style" and isinstance(act.ev.get("style"), str):
            p.style = act.ev["style"]
            p.reset_blows()

    def _move(self, i: int, e: Event) -> None:
        """(positions: :class:`LogModel` tracks them)"""

    def _state(self, i: int, e: Event) -> None:
        p, state, value = self.person(e["actor"]), e.get("state"), e.get("value")
        if state == "block":
            p.block = value if isinstance(value, str) else None
        elif state == "close_quarters" and isinstance(e.get("opponent"), str):
            (p.close.add if value else p.close.discard)(e["opponent"])
        elif state in ("out", "fled") and value:
            p.able = False
            for q in self.people.values():
                if q.watched == (p.id,):
                    q.watched = ()

    def _target(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        targets = e.get("targets")
        if isinstance(targets, list):
            p.watched = tuple(targets)
        else:
            p.watched = (e["target"],) if isinstance(e.get("target"), str) else ()

    def _attack(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        self.snap[i] = {"close": set(p.close), "style": p.eff_style(),
                        "hand": tuple(p.hand) if p.hand is not None else None,
                        "block": p.block}
        if e.get("kind") == "block":
            return
        w = e.get("weapon")
        if e.get("closing"):
            p.blows, p.seq_first = 1, w
            self._opponent_struck(p, e)
        elif p.blows is not None:
            p.blows += 1
            if p.blows == 1:
                p.seq_first = w
        p.last_blow = w

    def _opponent_struck(self, p: Person, e: Event) -> None:
        """A closing blow of an exchange: a Wait/Defend partner now knows the time of its
        own first blow."""
        act = p.act
        waited = act.partner if act is not None and act.closing else None
        other = self.people.get(e.get("target"))  # type: ignore[arg-type]
        if waited is None or other is None or other.waiting is not waited:
            return
        if waited.base is not None:
            other.first_after = max(waited.t + waited.base, e["t"] + 1)
        else:
            other.first_unknown = True  # nothing in hand when it waited: no base speed
        other.waiting = None

    def _lost(self, i: int, e: Event) -> None:
        reason = e.get("reason")
        if not isinstance(reason, str) or reason not in NO_STRIKE:
            p = self.person(e["actor"])
            p.blows, p.last_blow = None, None  # struck in its tenth, or not: unknown

    def _defence(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        answers = self._answered(i, e)
        blocking = answers is not None and self.events[answers].get("kind") == "block"
        time = None if blocking else self.defence_time(p, e)
        self.snap[i] = {"watched": p.watched, "close": set(p.close), "answers": answers,
                        "blocking": blocking, "time": time, "block": p.block,
                        "hand": tuple(p.hand) if p.hand is not None else None}
        if blocking:
            return
        logged = _int(e.get("delay"))
        self._add_time(p, i, e["t"], logged if logged is not None else time)

    def _answered(self, i: int, e: Event) -> int | None:
        """The attack a defence answers: the last one on the defender at its tenth."""
        for j in range(i - 1, -1, -1):
            a = self.events[j]
            if a["t"] != e["t"]:
                return None
            if a.get("event") == "attack" and a.get("actor") == e.get("against") \
                    and a.get("target") == e["actor"]:
                return j
        return None

    def _add_time(self, p: Person, i: int, t: int, tenths: int | None) -> None:
        """A parry or dodge: push the running action back, or owe it to the next one."""
        act = p.act
        running = act is not None and (act.stop is None or act.stop > i)
        if self.attacking(p.id, t, i) or not running:
            p.carry = None if tenths is None or p.carry is None else p.carry + tenths
            return
        assert act is not None
        eff = act.eff_end
        if eff is None or tenths is None:
            act.uncertain = True
            p.carry = None
        elif eff > t:
            act.pushes.append((i, tenths))
        else:
            p.carry = None if p.carry is None else p.carry + tenths

    def attacking(self, pid: str, t: int, i: int) -> bool:
        """``pid`` attacks on tenth ``t`` (as seen from event ``i`` of that tenth)."""
        if self.attacks_at.get((pid, t)):
            return True
        for j in self.lost_at.get((pid, t), ()):
            if j > i or not any(j < a.index < i for a in self.acts_by.get(pid, ())):
                return True
        return False

    def _dropped(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        w = e.get("weapon")
        if p.hand is not None and w in p.hand:
            p.hand.remove(w)
        p.reset_blows()
        at = _hex(e.get("at"))
        if at is not None and isinstance(w, str):
            self.ground.setdefault(w, []).append(at)

    def _picked_up(self, i: int, e: Event) -> None:
        p = self.person(e["actor"])
        w = e.get("weapon")
        self.snap[i] = {"pos": self.pos_at(p.id, i),
                        "lying": list(self.ground.get(w, ())) if w in self.ground else None}
        at = _hex(e.get("at"))
        if at is not None and at in self.ground.get(w, ()):  # type: ignore[arg-type]
            self.ground[w].remove(at)  # type: ignore[index]
        if p.hand is not None and isinstance(w, str):
            p.hand.append(w)
        p.reset_blows()

    def _end(self, i: int, e: Event) -> None:
        self.end_t = e["t"]

    # ------------------------------------------------------------------ queries

    def spec(self, pid: str, name: str | None) -> Weapon | None:
        """The weapon called ``name``, as its owner's (or anyone's) ``placed`` gives it."""
        if name is None:
            return None
        p = self.people.get(pid)
        found = (p.arms.get(name) if p else None) or self.catalogue.get(name)
        return found or (SHIELD_BASH if name == SHIELD_BASH.name else None)

    def free_hands(self, p: Person) -> int:
        used = sum((self.spec(p.id, w) or Weapon(w, hands=1)).hands or 1 for w in p.hand or ())
        return 2 - used - (1 if p.shield else 0)

    def base_speed(self, p: Person) -> int | None:
        """The base speed timing ``p``'s blows and closing actions (combined in alternate
        style), or ``None`` when the log does not say."""
        if not p.hand:
            return SHIELD_BASH.base_speed if p.hand is not None and p.shield else None
        speeds = [(self.spec(p.id, w) or Weapon(w)).base_speed for w in p.hand]
        if p.eff_style() == ALTERNATE:
            a, b = speeds
            return combined_base_speed(a, b) if a is not None and b is not None else None
        return speeds[0]

    def reach(self, p: Person, hand: tuple[str, ...] | None, style: str | None) -> int | None:
        """How many hexes ``p`` strikes with what it held (0: nothing that strikes)."""
        if hand is None:
            return None
        used = hand if style == ALTERNATE else hand[:1]
        reaches = [(self.spec(p.id, w) or Weapon(w)).reach for w in used]
        if any(r not in ("short", "long") for r in reaches):
            return None
        hexes = [self.rules["long_reach"] if r == "long" else self.rules["short_reach"]
                 for r in reaches]
        return max(hexes, default=0)

    def defence_time(self, p: Person, e: Event) -> int | None:
        """Tenths a parry or dodge adds: shield (or main style's second weapon) 2, a
        weapon 4, a dodge ``dodge_time``; ``None`` when the log does not say enough."""
        if e.get("kind") == "dodge":
            return _int(self.rules.get("dodge_time"))
        if e.get("kind") != "parry":
            return None
        w = e.get("weapon")
        if w == "shield":
            return SHIELD_PARRY
        if p.hand is None or w not in p.hand:
            return None
        second = p.eff_style() == MAIN and p.hand.index(w) == 1
        return SHIELD_PARRY if second else WEAPON_PARRY

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

    def placed_stat(self, pid: str, name: str) -> int | None:
        p = self.people.get(pid)
        return p.stat(name) if p else None


def read(events: Sequence[Event]) -> TenthsLog:
    """The facts of a ``tenths`` log (the rule set's ``prepare``)."""
    return TenthsLog(events)
