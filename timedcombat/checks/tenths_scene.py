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

from collections.abc import Mapping, Sequence
from typing import Any

from timedcombat.checks.model import Event, distance
from timedcombat.checks.tenths_answers import Answers
from timedcombat.checks.tenths_model import TenthsLog
from timedcombat.checks.tenths_scene_core import (
    FACING_NAMES,
    INFORMATIONAL,
    at_back,
)


class Scene(Answers):
    """The one-pass reader of the multi-combatant rules (see the module docstring): the
    pass and the events (the state and queries: :class:`SceneCore`; the rules at a
    tenth's end: :class:`TenthEnd`; the answers owed: :class:`Answers`)."""

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

    def end_of_tenth(self, t: int) -> None:
        """The rules read as tenth ``t`` of the log ends."""
        self._break_off(t)
        self._crowding(t)
        self._forced_reactions(t)
        self._reactions_after_retreat(t)
        self._answers(t)

    def on_placed(self, i: int, e: Event) -> None:
        self._where(i, e, e.get("at"))
        lk = self.look(e["actor"])
        stats = e.get("stats")
        if isinstance(stats, dict) and stats.get("aware") is False:
            lk.aware = False

    def _where(self, i: int, e: Event, hexes: object) -> None:
        """Where the actor stands and faces after event ``i`` (as the log model tracks
        them); a hex it names is one touched."""
        pid = e["actor"]
        lk = self.look(pid)
        lk.at = self.log.pos_at(pid, i)
        facing = self.log.facing_at(pid, i)
        lk.facing = FACING_NAMES.index(facing) if facing is not None else None
        if isinstance(hexes, list) and len(hexes) == 2 and lk.at is not None:
            self.touched.add(lk.at)

    def on_move(self, i: int, e: Event) -> None:
        lk = self.look(e["actor"])
        to = e.get("to")
        if lk.at is not None and isinstance(to, list) and len(to) == 2:
            # T-MOVE-HEX: a move goes to a neighbouring hex (a turn stays)
            d = distance(lk.at, (to[0], to[1]))
            turn = e.get("mode") == "turn"
            if d != (0 if turn else 1):
                self.add("T-MOVE-HEX", e, "a turn in its hex" if turn else
                         f"a move to a hex next to {list(lk.at)}",
                         f"{e.get('mode')} to {to} ({d} hexes)")
        run = self.retreats.get(e["actor"])
        if run is not None and e.get("mode") == "retreat" and isinstance(to, list) \
                and len(to) == 2:
            self._retreat_move(run, lk, (to[0], to[1]), e)
        self._where(i, e, to)
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
        end = e["end"] if isinstance(e.get("end"), int) else (
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
        new = e["targets"] if isinstance(e.get("targets"), list) else (
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


def read(events: Sequence[Event]) -> TenthsLog:
    """The facts of a ``tenths`` log, the scene read along (the rule set's ``prepare``)."""
    return TenthsLog(events, Scene)
