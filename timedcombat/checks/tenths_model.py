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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from timedcombat.checks import Finding
from timedcombat.checks.model import Event, Hex
from timedcombat.checks.model import as_hex as _hex
from timedcombat.checks.model import as_int as _int
from timedcombat.checks.tenths_acts import (
    ALTERNATE,
    CARRY_TAKERS,
    MAIN,
    NO_STRIKE,
    SHIELD_BASH,
    SHIELD_PARRY,
    WEAPON_PARRY,
    Act,
    TenthsActs,
    Weapon,
    combined_base_speed,
)


@dataclass
class Person:
    """A combatant as the log has shown it so far."""

    id: str
    side: str | None = None
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

    def eff_style(self) -> str | None:
        return self.style if self.hand is not None and len(self.hand) == 2 else None

    def reset_blows(self) -> None:
        self.blows, self.last_blow, self.seq_first = 0, None, None


def _weapon(raw: Mapping[str, Any]) -> Weapon:
    return Weapon(str(raw.get("name")), _int(raw.get("base_speed")), raw.get("reach"),
                  _int(raw.get("hands")), _int(raw.get("anti_parry")))


class ScenePass(Protocol):
    """What reads the log alongside :class:`TenthsLog`'s replay, before and after each
    event (the multi-combatant rules: ``tenths_scene.Scene``), and what it found."""

    found: dict[str, list[Finding]]

    def before(self, i: int, e: Event) -> None: ...

    def after(self, i: int, e: Event) -> None: ...

    def finish(self) -> None: ...


class TenthsLog(TenthsActs):
    """The facts of one ``tenths`` log that the timing rules read: the actions
    (:class:`~timedcombat.checks.tenths_acts.TenthsActs`, on the generic reading of
    :class:`~timedcombat.checks.model.LogModel`) and a replay of what each combatant
    holds and does, with ``scene`` reading along (given: ``tenths_scene.read``)."""

    def __init__(self, events: Sequence[Event],
                 scene: Callable[[TenthsLog], ScenePass]) -> None:
        super().__init__(events)
        self.people: dict[str, Person] = {}
        self.catalogue: dict[str, Weapon] = {}
        self.snap: dict[int, dict[str, Any]] = {}
        self.ground: dict[str, list[Hex]] = {}
        self._due: dict[str, Act] = {}  # draw, sheathe, style: applied once complete
        self.scene = scene(self)
        self._replay()

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

