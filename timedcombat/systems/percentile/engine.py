"""The simpy driver of the ``percentile`` system: the arena's turn clock and one process a
combatant.

A turn of the clock is one phase of ``phase_tenths`` tenths (turn ``k`` = phase ``k - 1``).
At the phase's first tenth every combatant, in the order of action (scenario order), first
stands up if his footing is back, then *declares* (plan steps or the policy, as many as his
Combat Actions allow; a rider then makes his Control roll); when all have declared, each
works out his steps. Each declared action falls at its tenth (:func:`.timing.schedule`)
and is made by its handler in :data:`.actions.ACTIONS`; two grappling moves made on each
other are resolved together at the later one (:mod:`.bouts`); holds act at the phase's
last tenth (:mod:`.phases`). Same-tenth steps go in this order: stand up and declare (key
0), plan the steps (1), actions (2), phase end (3), each in the order of action.

The process (:meth:`Fight.life`) is the one place that waits; what happens at each step is
rule code over the :class:`~.context.Context` the fight provides, and every rule a pure
function of :mod:`.resolve`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from timedcombat import events as core
from timedcombat.arena import Arena
from timedcombat.dice import Dice
from timedcombat.hexmap import FACINGS
from timedcombat.log import EventLog
from timedcombat.results import DOWN, HURT, OK, OUT, CombatantResult
from timedcombat.scenario import Scenario
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.actions import perform
from timedcombat.systems.percentile.bouts import resolve_bout, steps_of
from timedcombat.systems.percentile.declare import declare
from timedcombat.systems.percentile.fighter import Bout, Fighter
from timedcombat.systems.percentile.phases import new_phase, phase_over, stand_up
from timedcombat.systems.percentile.policy import POLICIES
from timedcombat.systems.percentile.rules import PercentileRules
from timedcombat.systems.percentile.timing import phase_end, phase_start
from timedcombat.turns import PhaseSpec, TimeModel, TurnClock, at

DECLARE, PLAN, ACT, END = 0, 1, 2, 3  # same-tenth order of a phase's steps
PHASE_NAME = "combat"


def time_model(rules: PercentileRules) -> TimeModel:
    """A turn is a phase: one span of ``phase_tenths``."""
    p = rules.phase_tenths
    return TimeModel(p, (PhaseSpec(PHASE_NAME, 0, p),))


class Fight(Arena[Fighter]):
    """One run of a ``percentile`` scenario; it is the :class:`~.context.Context` its rule
    code runs over."""

    system = "percentile"

    def __init__(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
                 seed: int) -> None:
        super().__init__(scenario, dice, log, until, seed)
        self.rules: PercentileRules = scenario.rules
        self.enlist(lambda spec: Fighter(spec, self.rules), POLICIES)
        self.holds: holding.Holds = ()
        self.pm: dict[tuple[str, str], int] = {}  # (a, b): a's Position Modifier against b
        self.bouts: dict[tuple[int, str, str], Bout] = {}
        self.phase = -1
        self.phases = 0  # phases begun
        self.clock = TurnClock(self, time_model(self.rules), ev.Turn, ev.Phase)

    # ------------------------------------------------------------------ arena hooks

    def placed(self, f: Fighter) -> tuple[type[core.Event], dict[str, Any]]:
        st = f.stats
        stats = (("mal", st.mal), ("bat", float(st.bat)), ("skill", st.skill),
                 ("weapon", st.weapon), ("shield", st.shield), ("holding", st.holding),
                 ("armor", st.armor), ("disabled", st.disabled), ("surprised", st.surprised),
                 ("mount", st.mount), ("horseman", st.horseman), ("reins", st.reins),
                 ("fall_recovery", st.fall_recovery), ("pd_limit", f.limit))
        return ev.PercentilePlaced, dict(actor=f.id, side=f.side, at=f.at,
                                         facing=FACINGS[f.facing], stats=stats)

    def begin(self) -> None:
        for f in self.combatants:
            if f.mounted is not None:  # (drawn as a span until he is off his mount)
                self.emit(core.State, actor=f.id, state="mounted", value=True, cause=f.mounted)
        self.clock.start()
        self.start_lives(self.life)

    def result_of(self, f: Fighter) -> CombatantResult:
        if f.out:
            state = OUT
        elif f.down or holding.locked(self.holds, f.id) or holding.pinned(self.holds, f.id):
            state = DOWN
        elif f.pd:
            state = HURT
        else:
            state = OK
        extras = {"pd": f.pd, "effective_pd": f.effective, "cause": f.cause or "",
                  "disabled": tuple(sorted(f.disabled))}
        return CombatantResult(f.side, state, f.effective, extras)

    # ------------------------------------------------------------------ the context

    def rank(self, f: Fighter) -> int:
        """``f``'s place in this phase's order of action."""
        return self.clock.rank(f.id)

    # ------------------------------------------------------------------ the process

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        """``f``'s process, phase by phase: declare at the first tenth, each step at its
        tenth, the phase's end at its last; the one place that waits."""
        env = self.env
        while f.able and not self.over:
            turn = yield self.clock.next_turn
            if self.over or not f.able:
                return
            p = turn - 1
            t0 = phase_start(p, self.rules)
            yield at(env, t0, DECLARE, self.rank(f))
            if self.over or not f.able:
                return
            new_phase(self, p)
            stand_up(self, f, t0)
            declare(self, f, p, t0)
            yield at(env, t0, PLAN, self.rank(f))
            for t, kind, item in steps_of(self, f, p):
                yield at(env, t, ACT, self.rank(f))
                if self.over or not f.able:
                    break
                if isinstance(item, Bout):
                    resolve_bout(self, item, p)
                elif kind == "start":
                    self.emit(core.Action, actor=f.id, name=item.action,
                              end=item.t, target=item.target)
                else:
                    perform(self, f, item)
            if self.over or not f.able:
                return
            yield at(env, phase_end(p, self.rules), END, self.rank(f))
            if self.over or not f.able:
                return
            phase_over(self, f, p)


__all__ = ["Fight", "time_model"]
