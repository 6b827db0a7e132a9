"""The toy's fight: the arena over toy fighters, its turn order, and each fighter's
process — the one place that waits. Each turn the process waits for its tenth of the
strike phase and hands the step its plan (or the policy) gives to the step's handler."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from timedcombat.arena import Arena
from timedcombat.turns import TurnClock, at

from . import actions, policy
from .events import ToyPhase, ToyTurn
from .fighter import Fighter
from .rules import MODEL, Rules


class Fight(Arena[Fighter]):
    """One run of a toy scenario."""

    system = "toy"
    rules: Rules

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        for spec in self.scenario.combatants:
            self.add(Fighter(spec))

    def turn_order(self, turn: int) -> tuple[list[str], dict[str, Any]]:
        able = [c for c in self.combatants if c.able]
        rolls = [self.dice.die(6) for _ in able]  # high roll first, ties by scenario order
        ranked = sorted(zip(able, rolls, strict=True), key=lambda p: -p[1])
        return [c.id for c, _ in ranked], {"rolls": tuple(r for _, r in ranked)}

    def begin(self) -> None:
        self.clock = TurnClock(self, MODEL, ToyTurn, ToyPhase)
        self.clock.start()
        for f in self.combatants:
            f.proc = self.env.process(self.life(f))

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        """Each turn: wait for the strike phase's start + this fighter's rank, then act."""
        while f.able and not self.over:
            turn = yield self.clock.next_turn
            rank = self.clock.rank(f.id)
            yield at(self.env, self.clock.phase_start("strike", turn) + rank, 1, rank)
            if self.over or not f.able:
                return
            step = f.plan_head
            if step is None:
                step = policy.DEFAULT
            else:
                f.pop_plan()
            actions.ACTIONS[step.action](self, f, step)
