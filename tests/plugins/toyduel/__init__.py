"""A toy turn-based system, registered the way a third party would (an entry point):
every turn of 10 tenths each standing fighter, in order of a d6 initiative roll, acts at
its own tenth of the strike phase; a blow hits on d6 >= ``hit_on``; ``hits_to_fall`` hits
put a fighter out. It is the plug-in guide's example (docs/plugins.md), built in the
anatomy every built-in system has (docs/architecture.md):

========== ===========================================================
module     what
========== ===========================================================
actions    ``ACTIONS``: each plan word -> its handler ``(ctx, fighter, step)``
context    what the handlers may use of the running fight (a Protocol)
fighter    a figure's state
rules      the rules as data: parameters and the time model
resolve    pure resolution (a roll -> a blow)
policy     what a fighter does when its plan is empty
present    how the timeline words the system's events
loader     reading its parts of a scenario
events     its events
engine     the fight and its processes: the one place that waits
checker    its rules for ``timedcombat check``, read from the log alone
========== ===========================================================
"""

from __future__ import annotations

from typing import Any, ClassVar

from timedcombat.systems.base import ModuleSystem
from timedcombat.turns import TimeModel

from . import loader, present
from .checker import RULESET
from .engine import Fight
from .rules import MODEL, PLAN_ACTIONS, Rules


class ToySystem(ModuleSystem):
    """The system object: the hooks hand on to the modules above."""

    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy: d6 blows, one turn a second"
    dice: ClassVar[str] = "d6"
    plan_actions = PLAN_ACTIONS
    loader: ClassVar[Any] = loader
    present: ClassVar[Any] = present
    rules_class: ClassVar[type] = Rules

    def run(self, scenario: Any, dice: Any, log: Any, until: int, seed: int = 0) -> Any:
        return Fight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        return MODEL


SYSTEM = ToySystem()

__all__ = ["RULESET", "SYSTEM", "ToySystem"]
