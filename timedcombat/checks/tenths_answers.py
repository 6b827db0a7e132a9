"""The ``tenths`` rules of answering closing actions (seed 004, Closing): who owes an
answer to whom, and when it is given or no longer owed (part of the one pass of
:class:`~timedcombat.checks.tenths_scene.Scene`). Nothing here imports engine code.
"""

from __future__ import annotations

from timedcombat.checks.model import Event, distance
from timedcombat.checks.tenths_acts import Act
from timedcombat.checks.tenths_scene_core import (
    ATTACKING_CLOSINGS,
    NOT_INSTEAD,
    STEPS,
    Owed,
    RetreatRun,
    at_back,
)
from timedcombat.checks.tenths_tenth_end import TenthEnd


class Answers(TenthEnd):
    """The closing actions owed an answer, and the answers."""

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
        d0 = distance(lk.at, there)
        if d0 <= reach + moves or (attack.actor, e["t"]) in self.kept_out:
            return
        taken = {x.at for q, x in self.looks.items()
                 if q != attack.actor and ((p := self.person(q)) is None or p.able)}
        closer = [(lk.at[0] + dq, lk.at[1] + dr) for dq, dr in STEPS]
        if not any(distance(h, there) < d0 and h not in self.walls and h not in taken
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
        t: int = e["t"]
        return t >= eff if last_tenth else t > eff

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
