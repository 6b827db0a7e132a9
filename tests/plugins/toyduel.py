"""A toy turn-based system, registered the way a third party would (an entry point):
every turn of 10 tenths each standing fighter, in order of a d6 initiative roll, strikes
the nearest foe at its own tenth; d6 >= 4 hits; three hits put a fighter out. It is the
plug-in guide's example (docs/plugins.md) and the test of the core's hooks."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from timedcombat import events as ev
from timedcombat.arena import Arena, Combatant
from timedcombat.checks import Finding, Rule, RuleSet
from timedcombat.structure import structure
from timedcombat.systems.base import PlanAction, SystemBase
from timedcombat.turns import PhaseSpec, PhaseStart, TimeModel, TurnClock, TurnStart, at

MODEL = TimeModel(10, (PhaseSpec("strike", 2, 8),))


@attrs.frozen
class ToyRules:
    stalemate: int = 100


@attrs.frozen(slots=True)
class ToyTurn(TurnStart):
    EVENT: ClassVar[str] = "toy.turn"
    rolls: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class ToyPhase(PhaseStart):
    EVENT: ClassVar[str] = "toy.phase"


class ToyFight(Arena):
    system = "toy"

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        for spec in self.scenario.combatants:
            self.add(Combatant(spec))

    def turn_order(self, turn: int) -> tuple[list[str], dict[str, Any]]:
        able = [c for c in self.combatants if c.able]
        rolls = [self.dice.die(6) for _ in able]  # high roll first, ties by scenario order
        ranked = sorted(zip(able, rolls, strict=True), key=lambda p: -p[1])
        return [c.id for c, _ in ranked], {"rolls": tuple(r for _, r in ranked)}

    def begin(self) -> None:
        self.clock = TurnClock(self, MODEL, ToyTurn, ToyPhase)
        self.clock.start()
        for c in self.combatants:
            c.proc = self.env.process(self.life(c))

    def life(self, c: Combatant) -> Any:
        while c.able and not self.over:
            turn = yield self.clock.next_turn
            rank = self.clock.rank(c.id)
            yield at(self.env, self.clock.phase_start("strike", turn) + rank, 1, rank)
            foe = self.nearest_enemy(c)
            if self.over or not c.able or foe is None:
                return
            roll = self.dice.die(6)
            self.note_attack()
            self.emit(ev.Attack, actor=c.id, target=foe.id, weapon="fist", roll=roll,
                      total=roll, against=3, result="hit" if roll >= 4 else "miss",
                      margin=roll - 3, simultaneous=False, dice="d6")
            if roll >= 4:
                foe.damage += 1
                self.emit(ev.Damage, actor=foe.id, amount=1, total=foe.damage, body=3)
                if foe.damage >= 3:
                    foe.out = True
                    self.emit(ev.State, actor=foe.id, state="out", value=True)
                    self.leave_side(foe)
                    self.check_end()


class ToySystem(SystemBase):
    name = "toy"
    title = "Toy: d6 blows, one turn a second"
    dice = "d6"
    plan_actions = {"wait": PlanAction()}

    def structure_rules(self, raw: Any, conv: Any, file: str) -> ToyRules:
        return structure(conv, dict(raw), ToyRules, file, "rules")

    def structure_stats(self, raw: Any, conv: Any, file: str, where: str, rules: Any) -> None:
        structure(conv, dict(raw), ToyRules, file, where) if raw else None

    def check_combatant(self, *args: Any) -> None:
        pass

    def run(self, scenario: Any, dice: Any, log: Any, until: int, seed: int = 0) -> Any:
        return ToyFight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        return MODEL


SYSTEM = ToySystem()


def _strikes_in_phase(events: Any) -> Any:
    phase: dict[int, tuple[int, int]] = {}
    for e in events:
        if e["event"] == "toy.phase":
            phase[e["turn"]] = (e["t"], e["end"])
        elif e["event"] == "attack" and phase:
            start, end = phase[max(phase)]
            if not start <= e["t"] < end:
                yield Finding(e["t"], e["actor"], f"a blow in the strike phase {start}-{end}",
                              f"at {e['t']}", e["seq"])


RULESET = RuleSet("toy", "the toy rules", (
    Rule("X-PHASE", "Strikes", "Every turn each fighter strikes once.",
         "Blows fall inside the turn's strike phase.", _strikes_in_phase),
), prepare=list)
