"""The ``tenths`` rules read as a tenth of the log ends: breaking off, crowding, forced
reactions, and the Retreats and blocks under way (seed 004; part of the one pass of
:class:`~timedcombat.checks.tenths_scene.Scene`). Nothing here imports engine code.
"""

from __future__ import annotations

from timedcombat.checks import Finding
from timedcombat.checks.model import Event, Hex, distance
from timedcombat.checks.tenths_scene_core import (
    STEPS,
    Looks,
    RetreatRun,
    SceneCore,
)


class TenthEnd(SceneCore):
    """The rules checked at the end of each tenth, and the Retreats and blocks they
    follow."""

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

    def _retreat_move(self, run: RetreatRun, lk: Looks, to: Hex, e: Event) -> None:
        """A retreat move goes back: farther from the retreater's opponent."""
        run.moves += 1
        there = self.look(run.opponent).at if run.opponent else None
        if lk.at is not None and there is not None \
                and distance(to, there) <= distance(lk.at, there):
            self.add("T-RETREAT-MOVES", e, f"a move back, farther from {run.opponent} at "
                     f"{list(there)}", f"{list(lk.at)} to {list(to)}")

    def _free_away(self, pid: str, opp: str) -> list[Hex]:
        """Free hexes next to ``pid`` farther from ``opp`` (no wall, no able figure)."""
        at, there = self.look(pid).at, self.look(opp).at
        if at is None or there is None:
            return []
        taken = {lk.at for q, lk in self.looks.items()
                 if q != pid and ((p := self.person(q)) is None or p.able)}
        d0 = distance(at, there)
        out = []
        for dq, dr in STEPS:
            h = (at[0] + dq, at[1] + dr)
            if distance(h, there) > d0 and h not in self.walls and h not in taken:
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
