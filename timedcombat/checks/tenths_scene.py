"""Who stands where, faces where, watches whom and fights whom: the ``tenths`` rules of
several combatants, read from a log in one pass.

:class:`Scene` follows :class:`~timedcombat.checks.tenths_model.TenthsLog` through the
log (it is called before and after every event) and keeps what the rules of seed 004 on
targets, reactions, breaking off, answering closing actions and crowding need: each
combatant's position and facing, whom it is in combat with, its reactions, when it was
hurt. It records a :class:`~timedcombat.checks.Finding` under the rule's id wherever the
log breaks one; the rules in :mod:`timedcombat.checks.tenths` read them back. Linear in
the length of the log; nothing here imports engine code.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from timedcombat.checks import Finding

if TYPE_CHECKING:
    from timedcombat.checks.tenths_model import Act, Person, TenthsLog

Hex = tuple[int, int]
Event = Mapping[str, Any]

FACING_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
"""Facings in axial order: E = (+1, 0), NE = (+1, -1), NW = (0, -1), W = (-1, 0),
SW = (-1, +1), SE = (0, +1); facing i points at 60 x i degrees."""
REACTION_ACTIONS = frozenset({"target", "defend_only", "style"})
NOT_INSTEAD = REACTION_ACTIONS | {"retreat"}
"""Actions that do not stand in the way of an owed answer: reaction times, and a Retreat
(it can only come immediately after a stopped attack, in combat)."""
ATTACKING_CLOSINGS = frozenset({"set", "attack", "charge"})
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
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


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


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


class Scene:
    """The one-pass reader of the multi-combatant rules (see the module docstring)."""

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
        walls = log.events[0].get("walls") if log.events else None
        self.walls = {(w[0], w[1]) for w in walls or ()
                      if isinstance(w, list) and len(w) == 2} if isinstance(walls, list) else set()

    # ------------------------------------------------------------------ helpers

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
        return 1 <= hex_distance(la.at, lb.at) <= reach

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

    # ------------------------------------------------------------------ the pass

    def before(self, i: int, e: Event) -> None:
        if e["t"] != self.tenth:
            if self.tenth >= 0:
                self.end_of_tenth(self.tenth)
            self.tenth = e["t"]
        self.index = i
        if e.get("event") == "target":
            self.prev_watched = self.watched(e["actor"])

    def after(self, i: int, e: Event) -> None:
        kind = e.get("event")
        handler = getattr(self, "on_" + str(kind).replace(".", "_"), None)
        if handler is not None:
            handler(i, e)

    def finish(self) -> None:
        if self.tenth >= 0:
            self.end_of_tenth(self.tenth)
        self.owed = []
        for pid in list(self.retreats):
            self._retreat_over(pid)
        self.after_retreat = []

    # ------------------------------------------------------------------ events

    def on_placed(self, i: int, e: Event) -> None:
        lk = self.look(e["actor"])
        at = e.get("at")
        if isinstance(at, list) and len(at) == 2:
            lk.at = (at[0], at[1])
            self.touched.add(lk.at)
        if e.get("facing") in FACING_NAMES:
            lk.facing = FACING_NAMES.index(e["facing"])
        stats = e.get("stats")
        if isinstance(stats, dict) and stats.get("aware") is False:
            lk.aware = False

    def on_move(self, i: int, e: Event) -> None:
        lk = self.look(e["actor"])
        to = e.get("to")
        if lk.at is not None and isinstance(to, list) and len(to) == 2:
            # T-MOVE-HEX: a move goes to a neighbouring hex (a turn stays)
            d = hex_distance(lk.at, (to[0], to[1]))
            turn = e.get("mode") == "turn"
            if d != (0 if turn else 1):
                self.add("T-MOVE-HEX", e, "a turn in its hex" if turn else
                         f"a move to a hex next to {list(lk.at)}",
                         f"{e.get('mode')} to {to} ({d} hexes)")
        run = self.retreats.get(e["actor"])
        if run is not None and e.get("mode") == "retreat" and isinstance(to, list) \
                and len(to) == 2:
            self._retreat_move(run, lk, (to[0], to[1]), e)
        if isinstance(to, list) and len(to) == 2:
            lk.at = (to[0], to[1])
            self.touched.add(lk.at)
        if e.get("facing") in FACING_NAMES:
            lk.facing = FACING_NAMES.index(e["facing"])
        if e.get("mode") == "advantage":
            lk.adv_move_t = e["t"]

    def on_state(self, i: int, e: Event) -> None:
        pid, state, value = e["actor"], e.get("state"), e.get("value")
        lk = self.look(pid)
        if state == "engaged" and isinstance(e.get("opponent"), str):
            (lk.engaged.add if value else lk.engaged.discard)(e["opponent"])
            other = e["opponent"]
            self.break_reported.discard((pid, other) if pid < other else (other, pid))
        elif state == "block" and isinstance(value, str):
            self._block_taken(pid, value, e)
        elif state == "hurt" and value and lk.hurt_t is None:
            lk.hurt_t = e["t"]
        elif state in ("out", "fled") and value:
            if pid in self.retreats:
                self.retreats[pid].gone = True
            for q in lk.engaged:
                self.look(q).engaged.discard(pid)
            lk.engaged.clear()
            if lk.at is not None:
                self.touched.add(lk.at)

    def on_reaction(self, i: int, e: Event) -> None:
        tenths = e.get("tenths")
        end = e.get("end") if isinstance(e.get("end"), int) else (
            e["t"] + tenths if isinstance(tenths, int) else e["t"])
        lk = self.look(e["actor"])
        lk.reactions.append((e["t"], end))
        lk.aware = True
        if any(x[0] == e["actor"] and x[2].end == e["t"] for x in self.after_retreat):
            return  # forced during its Retreat, taken as it ends (retreat_reaction after)
        if e.get("cause") == "attacked by non-target":
            on = self.attacked.get((e["actor"], e["t"]), [])
            if on and all(by_target for _, by_target in on):
                self.add("T-REACT-NOT-BY-TARGET", e,
                         "a reaction forced only by the attack of a non-target",
                         f"attacked on this tenth only by its target ({on[0][0]})")

    def on_target(self, i: int, e: Event) -> None:
        pid = e["actor"]
        p, lk = self.person(pid), self.look(pid)
        new = e.get("targets") if isinstance(e.get("targets"), list) else (
            [e["target"]] if isinstance(e.get("target"), str) else [])
        # T-TARGET-FRONT: a target cannot be to the back
        if lk.at is not None and lk.facing is not None:
            for tid in new:
                there = self.look(tid).at
                if there is not None and at_back(lk.at, lk.facing, there):
                    self.add("T-TARGET-FRONT", e, f"{tid} in front of {pid} (a target cannot "
                             f"be to the back)", f"{tid} at {list(there)}, {pid} facing "
                             f"{FACING_NAMES[lk.facing]}")
        # T-TARGET-CHANGE: a new target only at the end of a reaction time
        if not self.setup and new and p is not None:
            before = self.prev_watched
            if before is not None and tuple(new) != before \
                    and not any(end == e["t"] for _, end in lk.reactions):
                self.add("T-TARGET-CHANGE", e, "a new target only at the end of a "
                         "reaction time (d10 - Best Skill)",
                         f"target {', '.join(new)} with no reaction ending at {e['t']}")

    def on_action(self, i: int, e: Event) -> None:
        self.setup = False
        pid, name, act = e["actor"], e.get("name"), self.log.act_of.get(i)
        lk = self.look(pid)
        if name == "defend_only":
            on = self.opponents_on(pid)
            if len(on) < 2:
                self.add("T-DEFEND-ONLY-WHO", e, "defend only when the target of two or "
                         "more opponents", f"the target of {len(on)}"
                         + (f" ({', '.join(on)})" if on else ""))
        if pid in self.retreats:
            self._retreat_over(pid)
        if name == "retreat" and act is not None:
            self.retreats[pid] = RetreatRun(act, act.target)
        if name == "retreat" and lk.adv_move_t == e["t"]:
            self.add("T-RETREAT-ADVANTAGE", e, "the advantage move incorporated as the "
                     "Retreat's first move (no separate advantage move)",
                     f"an advantage move at {e['t']}, then the Retreat")
        if act is None:
            return
        # answers owed by this actor
        mine = [o for o in self.owed if o.answerer == pid]
        theirs = self.closing_on.get(pid, {}).get(act.target or "")
        answering = act.closing and theirs is not None \
            and not self._over(theirs, i, e, last_tenth=False)
        for ow in mine:
            closer = self.person(ow.closer)
            if self._over(ow, i, e) or closer is None or not closer.able:
                self.owed.remove(ow)
            elif answering:
                self.owed.remove(ow)  # it answers one of those closing on it at once
            elif self._walks_in(ow, e):
                pass  # walking in on a Wait first: the answer follows (wait_walk_in)
            elif self._own_walk_in(pid, act, e, i, ow):
                pass  # busy with its own exchange, begun earlier: it answers once free
            elif name not in NOT_INSTEAD and i > ow.index:
                if not lk.engaged and self.combat_known:
                    self.add("T-CLOSE-ANSWER", e, f"an answer to {ow.closer}'s "
                             f"{ow.act.name} with a closing action (not in combat, not "
                             f"approached from the back)", f"{name}")
                self.owed.remove(ow)
        if act.closing and lk.engaged and self.combat_known:
            self.add("T-CLOSE-IN-COMBAT", e, "no closing action while in combat (first "
                     "breaking off)", f"{name} in combat with {', '.join(sorted(lk.engaged))}")
        if act.closing and name in ("attack", "charge", "wait"):
            self._reaches_the_waiter(act, e, i)
        if act.closing:
            watched = self.watched(pid)
            target = act.target
            if watched is not None and target is not None and target not in watched:
                self.add("T-TARGET-CHANGE", e, f"a closing action against its target "
                         f"({', '.join(watched) or 'none'}): another needs a target change "
                         f"first", f"{name} against {target}")
            self._owe(i, e, act)
        elif name == "attack" and not lk.engaged and self.combat_known:
            self.add("T-COMBAT-BLOW", e, "an ordinary blow only in combat (else a closing "
                     "action first)", f"attack on {e.get('target')} while in combat with "
                     "nobody")

    def _reaches_the_waiter(self, act: Act, e: Event, i: int) -> None:
        """T-CLOSE-WALK-IN: an Attack or Charge paired with a Wait reaches the waiter with
        the moves it has left once both have begun (rules.wait_walk_in: else it walks in
        first), unless no hex next to it closer to the waiter is free or a block kept it
        out on that tenth. Read at the later of the two actions (a Wait may answer late)."""
        attack, w = (act.partner, act) if act.name == "wait" else (act, act.partner)
        if not self.walk_in or attack is None or w is None or w.name != "wait" \
                or attack.name not in ("attack", "charge") or attack.interrupted \
                or w.actor != attack.target or w.target != attack.actor \
                or max(attack.index, w.index) != i:
            return
        p, lk, there = self.person(attack.actor), self.look(attack.actor), self.look(w.actor).at
        reach = self.log.reach(p, attack.hand, attack.style) if p is not None else None
        if lk.at is None or there is None or reach is None:
            return
        made = sum(1 for _, m in self.log.of_actor(attack.actor, attack.index, i)
                   if m.get("event") == "move" and m.get("mode") in ("closing", "close_quarters"))
        moves = (2 if attack.name == "charge" else 1) - made
        d0 = hex_distance(lk.at, there)
        if d0 <= reach + moves or (attack.actor, e["t"]) in self.kept_out:
            return
        taken = {x.at for q, x in self.looks.items()
                 if q != attack.actor and (self.person(q) is None or self.person(q).able)}
        closer = [(lk.at[0] + dq, lk.at[1] + dr) for dq, dr in STEPS]
        if not any(hex_distance(h, there) < d0 and h not in self.walls and h not in taken
                   for h in closer):
            return  # no way in
        self.add("T-CLOSE-WALK-IN", attack.ev, f"{attack.name} against {w.actor}'s Wait "
                 f"within reach of the {moves} move{'s' * (moves != 1)} it has left (at most "
                 f"{reach + moves} hexes: else it walks in first)", f"{d0} hexes at {e['t']}")

    def _walks_in(self, ow: Owed, e: Event) -> bool:
        """``e`` is a walk toward a waiting closer (rules.wait_walk_in): the waiter makes no
        move and lets it come, so the answer may follow the walk."""
        return (self.walk_in and e.get("name") == "move" and ow.act.name == "wait"
                and e.get("target") == ow.closer and e.get("mode", "walk") == "walk")

    def _own_walk_in(self, pid: str, act: Act, e: Event, i: int, ow: Owed) -> bool:
        """``pid`` is walking in on a Wait against it, in an exchange that began before
        ``ow``'s closing action (a walk toward the waiter, or the Attack or Charge it walked
        in for; the exchange begins with the Wait or with ``pid``'s own closing action on the
        waiter, whichever came first): its
        own closing exchange, which it cannot break off to answer (docs/rules/tenths.md,
        "Answering a closing action"); the answer is owed once it is over."""
        target = e.get("target")
        if not self.walk_in or not isinstance(target, str) or target == ow.closer:
            return False
        if not ((e.get("name") == "move" and e.get("mode", "walk") == "walk")
                or (act.closing and act.name in ("attack", "charge"))):
            return False
        wait = next((a for a in reversed(self.log.acts_by.get(target, ()))
                     if a.index < i and a.closing), None)
        if wait is None or wait.name != "wait" or wait.target != pid:
            return False
        # the exchange began with the earlier of the Wait and its own closing action on
        # the waiter (a Wait may answer that action late)
        own = next((a for a in reversed(self.log.acts_by.get(pid, ()))
                    if a.index < i and a.closing and a.target == target), None)
        began = min(wait.index, own.index) if own is not None else wait.index
        return began < ow.index

    def _owe(self, i: int, e: Event, act: Act) -> None:
        """``act`` is a closing action: its opponent must answer it."""
        closer, other = act.actor, act.target
        if other is None or (act.partner is not None and act.partner.index < i):
            return  # it answers one of the opponent's
        self.closing_on.setdefault(other, {})[closer] = Owed(closer, other, act, i)
        q, lo, lc = self.person(other), self.look(other), self.look(closer)
        if q is None or not q.able or lo.engaged or not lo.aware:
            return
        if lo.at is None or lo.facing is None or lc.at is None:
            return
        if at_back(lo.at, lo.facing, lc.at):
            return  # approached from the back
        self.owed.append(Owed(closer, other, act, i))

    def _over(self, ow: Owed, i: int, e: Event, last_tenth: bool = True) -> bool:
        """``ow``'s closing action is no longer under way at event ``i``; on its last
        tenth (a Wait, Defend or Avoid) it counts as over unless ``last_tenth`` is False
        (an answer then may or may not come: the order within a tenth decides)."""
        act = ow.act
        if act.stop is not None and act.stop <= i and act.interrupted:
            return True
        hit = self.log.first_strike(act) if act.name in ATTACKING_CLOSINGS else None
        if act.name in ATTACKING_CLOSINGS:
            return hit is not None and hit[0] <= i
        eff = act.eff_end if act.eff_end is not None else act.end
        return e["t"] >= eff if last_tenth else e["t"] > eff

    def on_attack(self, i: int, e: Event) -> None:
        pid, tid = e["actor"], e.get("target")
        self.attack_times.append(e["t"])
        mods = e.get("modifiers") if isinstance(e.get("modifiers"), dict) else None
        lk = self.look(pid)
        # T-SIMUL-HURT: the hurt penalty counts from the tenth after the blow that hurt
        if mods is not None and isinstance(self.hurt_penalty, int) and self.hurt_penalty:
            want = lk.hurt_t is not None and lk.hurt_t < e["t"]
            got = bool(mods.get("hurt"))
            if want != got:
                self.add("T-SIMUL-HURT", e, "the hurt penalty " + (
                    f"(hurt at {lk.hurt_t})" if want else
                    "only from the tenth after the blow that hurt (simultaneous attacks)"),
                    "hurt penalty" if got else "no hurt penalty")
        self._natural(e, mods)
        if e.get("kind") == "block" and e.get("result") == "blocked" and isinstance(tid, str):
            self.kept_out.add((tid, e["t"]))
        if e.get("kind") == "block" or not isinstance(tid, str):
            return
        watched, attacker = self.watched(tid), self.person(pid)
        if watched is not None:
            self.attacked.setdefault((tid, e["t"]), []).append((pid, pid in watched))
        if watched is not None and pid not in watched and attacker is not None \
                and attacker.able:  # (a blow of one who fell on this tenth still lands)
            self.forced.append((tid, pid, e["t"], e))
            run = self.retreats.get(tid)
            if run is not None and self.reaction_after and e["t"] < run.act.end \
                    and run.interrupted is None:
                self.after_retreat.append((tid, pid, run.act, e))  # a single action

    def _natural(self, e: Event, mods: Mapping[str, Any] | None) -> None:
        roll, total, result = e.get("roll"), e.get("total"), e.get("result")
        if not isinstance(roll, int) or not isinstance(result, str):
            return
        if e.get("kind") == "block":
            if roll == 20 and result != "blocked":
                self.add("T-NATURAL", e, "a roll of 20 always blocks", result)
            elif roll == 1 and result == "blocked":
                self.add("T-NATURAL", e, "a roll of 1 always fails to block", result)
            return
        dp = mods.get("defence_potential") if mods is not None else None
        if not isinstance(dp, int) or not isinstance(total, int):
            return
        if self.natural_all:
            miss = roll == 1 or (roll != 20 and total <= dp)
            why = "natural_rolls all: 20 always beats, 1 always misses"
        else:
            miss = total <= dp
            why = "natural_rolls blocking: the total decides"
        if miss != (result == "miss"):
            self.add("T-NATURAL", e, f"{'a miss' if miss else 'no miss'} ({why}; roll "
                     f"{roll}, total {total} vs {dp})", result)

    def on_defence(self, i: int, e: Event) -> None:
        pid, against = e["actor"], e.get("against")
        lk = self.look(pid)
        there = self.look(against).at if isinstance(against, str) else None
        if lk.at is not None and lk.facing is not None and there is not None \
                and at_back(lk.at, lk.facing, there):
            self.add("T-DEFENCE-BACK", e, f"no active defence against {against} at the back "
                     "(a target cannot be to the back)",
                     f"{e.get('kind')} facing {FACING_NAMES[lk.facing]}")

    def on_interrupted(self, i: int, e: Event) -> None:
        run = self.retreats.get(e["actor"])
        if run is not None and e.get("name") == "retreat" \
                and not str(e.get("cause", "")).startswith(INFORMATIONAL):
            run.interrupted = e

    def on_tenths_retreat_cut(self, i: int, e: Event) -> None:
        """T-RETREAT-MOVES: a Retreat cut short says how many moves it made and why; "no
        free hex" only when every hex next to the retreater farther from its opponent is a
        wall or taken."""
        pid = e["actor"]
        run = self.retreats.get(pid)
        made = run.moves if run is not None and run.cut is None else 0
        if isinstance(e.get("moves"), int) and e["moves"] != made:
            self.add("T-RETREAT-MOVES", e, f"moves {made} (the retreat moves made"
                     + (")" if run is not None else ": no Retreat under way)"),
                     f"moves {e['moves']}")
        if run is not None and run.cut is None:
            run.cut = e
        opp = e.get("target") if isinstance(e.get("target"), str) else (
            run.opponent if run is not None else None)
        if e.get("cause") == "no free hex" and opp is not None:
            free = self._free_away(pid, opp)
            if free:
                self.add("T-RETREAT-MOVES", e, f"no free hex away from {opp}",
                         f"{list(free[0])} free")

    def on_end(self, i: int, e: Event) -> None:
        self.ended = e["t"]
        if self.stalemate is None:
            return
        n, last, reason = self.stalemate, 0, e.get("reason")
        for t in self.attack_times:
            if t - last >= n:
                break
            last = t
        else:
            if reason == "stalemate" and e["t"] != last + n:
                self.add("T-STALEMATE", e, f"a stalemate at {last + n} (last attack at "
                         f"{last} + {n})", f"at {e['t']}")
            elif reason != "stalemate" and e["t"] > last + n:
                self.add("T-STALEMATE", e, f"a stalemate at {last + n} (no attack since "
                         f"{last})", f"{reason} at {e['t']}")
            return
        self.add("T-STALEMATE", e, f"a stalemate at {last + n} (no attack from {last} "
                 f"for {n} tenths)", f"the fight went on ({reason} at {e['t']})")

    # ------------------------------------------------------------------ end of a tenth

    def end_of_tenth(self, t: int) -> None:
        self._break_off(t)
        self._crowding(t)
        self._forced_reactions(t)
        self._reactions_after_retreat(t)
        self._answers(t)

    # ------------------------------------------------------------------ blocking

    def _block_taken(self, pid: str, position: str, e: Event) -> None:
        """T-BLOCK-FREE: a position is not taken up with one of its hexes occupied. The
        hexes (docs/rules/tenths.md, the figure missing from the seed): a line as far as
        the weapon reaches, along the facing (centre), or the front neighbour 60 degrees
        to the left or right of it."""
        lk = self.look(pid)
        turn = {"left": 1, "centre": 0, "right": -1}.get(position)
        reach = self.reach(pid)
        if lk.at is None or lk.facing is None or turn is None or not reach:
            return
        dq, dr = STEPS[(lk.facing + turn) % 6]
        hexes = [(lk.at[0] + dq * k, lk.at[1] + dr * k) for k in range(1, reach + 1)]
        for q, other in self.looks.items():
            person = self.person(q)
            if q != pid and other.at in hexes and (person is None or person.able):
                self.add("T-BLOCK-FREE", e, f"the {position} position's hexes "
                         f"{', '.join(str(list(h)) for h in hexes)} free", f"{q} on "
                         f"{list(other.at)}")
                return

    # ------------------------------------------------------------------ retreats

    def _retreat_move(self, run: RetreatRun, lk: Looks, to: Hex, e: Event) -> None:
        """A retreat move goes back: farther from the retreater's opponent."""
        run.moves += 1
        there = self.look(run.opponent).at if run.opponent else None
        if lk.at is not None and there is not None \
                and hex_distance(to, there) <= hex_distance(lk.at, there):
            self.add("T-RETREAT-MOVES", e, f"a move back, farther from {run.opponent} at "
                     f"{list(there)}", f"{list(lk.at)} to {list(to)}")

    def _free_away(self, pid: str, opp: str) -> list[Hex]:
        """Free hexes next to ``pid`` farther from ``opp`` (no wall, no able figure)."""
        at, there = self.look(pid).at, self.look(opp).at
        if at is None or there is None:
            return []
        taken = {lk.at for q, lk in self.looks.items()
                 if q != pid and (self.person(q) is None or self.person(q).able)}
        d0 = hex_distance(at, there)
        out = []
        for dq, dr in STEPS:
            h = (at[0] + dq, at[1] + dr)
            if hex_distance(h, there) > d0 and h not in self.walls and h not in taken:
                out.append(h)
        return out

    def _retreat_over(self, pid: str) -> None:
        """A Retreat is over (its actor does something else, or the log ends): it made two
        moves back, or the log says why not."""
        run = self.retreats.pop(pid)
        act = run.act
        if run.interrupted is not None and self.reaction_after:
            e = run.interrupted
            self.add("T-RETREAT-MOVES", e, "a Retreat, a single action, runs to its end (a "
                     "reaction forced meanwhile waits: retreat_reaction after)",
                     f"interrupted ({e.get('cause')})")
            return
        if run.moves >= 2 or run.cut is not None or run.gone or run.interrupted is not None:
            return
        if self.ended is not None and self.ended <= act.end:
            return  # the fight ended first
        self.add("T-RETREAT-MOVES", act.ev, "two moves back (or a tenths.retreat_cut "
                 "saying why fewer)", f"{run.moves} move{'s' * (run.moves != 1)}")

    def _reactions_after_retreat(self, t: int) -> None:
        """A reaction forced during a Retreat (retreat_reaction after) starts as it ends."""
        keep = []
        for defender, attacker, act, e in self.after_retreat:
            if act.end > t:
                keep.append((defender, attacker, act, e))
                continue
            p = self.person(defender)
            if p is None or not p.able or (self.ended is not None and self.ended <= act.end):
                continue
            if not any(s == act.end for s, _ in self.look(defender).reactions):
                self.add("T-REACT-FORCED", e, f"a reaction (attacked by {attacker}, not its "
                         f"target) as its Retreat ends at {act.end} (a single action: "
                         f"retreat_reaction after)", "no reaction", actor=defender)
        self.after_retreat = keep

    def _break_off(self, t: int) -> None:
        """Engaged pairs both out of range once the tenth's moves are done."""
        if not self.combat_known:
            return
        seen: set[tuple[str, str]] = set()
        for a, lk in list(self.looks.items()):
            for b in sorted(lk.engaged):
                pair = (a, b) if a < b else (b, a)
                if pair in seen:
                    continue
                seen.add(pair)
                if pair in self.break_reported:
                    continue
                ab, ba = self.in_range(a, b), self.in_range(b, a)
                if ab is False and ba is False:
                    self.break_reported.add(pair)  # once, not every tenth after
                    self.found.setdefault("T-BREAK-OFF", []).append(Finding(
                        t, pair[0], f"{pair[0]} and {pair[1]} break off (both out of range)",
                        "still in combat at the end of the tenth"))

    def _crowding(self, t: int) -> None:
        """A hex holds one figure, or two enemies at close quarters with each other."""
        if not self.touched:
            return
        on: dict[Hex, list[str]] = {}
        for pid, lk in list(self.looks.items()):
            p = self.person(pid)
            if lk.at in self.touched and (p is None or p.able):
                on.setdefault(lk.at, []).append(pid)
        self.touched = set()
        for h, ids in on.items():
            if len(ids) < 2:
                continue
            ok = False
            if len(ids) == 2:
                a, b = (self.person(x) for x in ids)
                ok = (a is not None and b is not None and a.side != b.side
                      and ids[1] in a.close and ids[0] in b.close)
            if not ok:
                self.found.setdefault("T-OCCUPANCY", []).append(Finding(
                    t, ids[0], "one figure a hex, or two enemies at close quarters",
                    f"{', '.join(sorted(ids))} on {list(h)}"))

    def _forced_reactions(self, t: int) -> None:
        if self.ended == t:
            self.forced = []  # the fight ended on this very tenth: no time to react
        owed_later = {id(x[3]) for x in self.after_retreat}
        for defender, attacker, when, e in self.forced:
            p = self.person(defender)
            if p is None or not p.able:
                continue
            if self.reacting(defender, when):
                if id(e) in owed_later:  # (it reacted at once after all)
                    self.after_retreat = [x for x in self.after_retreat if x[3] is not e]
                continue
            if id(e) in owed_later:
                continue  # owed as its Retreat ends (retreat_reaction after)
            if not self.reacting(defender, when):
                self.add("T-REACT-FORCED", e, f"a reaction (attacked by {attacker}, not "
                         f"its target)", "no reaction", actor=defender)
        self.forced = []

    def _answers(self, t: int) -> None:
        """Owed answers whose closing action is over, or whose answerer got into combat
        or fell: nothing more is owed."""
        keep = []
        for ow in self.owed:
            q, lo = self.person(ow.answerer), self.look(ow.answerer)
            if q is None or not q.able or lo.engaged:
                continue
            c = self.person(ow.closer)
            if c is None or not c.able:
                continue
            if self._over(ow, self.index, {"t": t}):
                continue
            keep.append(ow)
        self.owed = keep


@dataclass(frozen=True)
class _NoSpec:
    reach: str | None = None


_NOSPEC = _NoSpec()
