"""The ``gurps`` rule system (seed 002: GURPS 4e Close Combat) on the shared arena.

Rule data (``rules``), combatant records (``stats``), pure resolution modules, the mapping
of one-second turns onto tenths (``timing``), the log vocabulary (``events``), and the
simpy driver (``engine``: the figures' processes; ``actions``: each plan word's handler,
typed against ``context.Context``; ``resolve``: the pure resolution gathered; topic modules
``moving``, ``melee``, ``wrestling``, ``closing`` ...), its scenario loader (``loader``),
policies (``policy``) and presentation (``present``). :data:`SYSTEM` is what the
``timedcombat.systems`` entry point names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import cattrs

from timedcombat.dice import Dice
from timedcombat.log import EventLog
from timedcombat.scenario import Scenario
from timedcombat.systems.base import ModuleSystem, Outcome, Parameter, RuleTable
from timedcombat.systems.gurps import loader, present
from timedcombat.systems.gurps import rules as rule_data
from timedcombat.systems.gurps.rules import GurpsRules
from timedcombat.turns import TimeModel


class GurpsSystem(ModuleSystem):
    """Seed 002's close combat on the Basic Set's one-second turns, on the simpy clock."""

    loader: ClassVar[Any] = loader
    present: ClassVar[Any] = present
    rules_class = GurpsRules
    name = "gurps"
    title = ("GURPS: close combat on one-second turns of 10 tenths, combatants in Basic "
             "Speed order (seed 002, GURPS 4th edition Close Combat)")
    dice = "3d6"
    plan_actions = loader.PLAN_VOCABULARY
    lane_styles = present.LANE_STYLES
    span_states = present.SPAN_STATES
    health_name = "HP"

    def health_of(self, placed: Mapping[str, Any]) -> int | None:
        """Hit points at the start (``placed`` ``stats.hp``)."""
        stats = placed.get("stats")
        hp = stats.get("hp") if isinstance(stats, Mapping) else None
        return hp if isinstance(hp, int) and not isinstance(hp, bool) else None

    def hex_sides(self, e: Mapping[str, Any]) -> Mapping[str, str] | None:
        return present.hex_sides(e)

    def structure_plan(self, raw: Sequence[Mapping[str, Any]], conv: cattrs.Converter,
                       file: str, where: str) -> tuple[Any, ...]:
        return loader.structure_plan(raw, conv, file, where)

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        from timedcombat.systems.gurps.engine import Fight

        return Fight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        from timedcombat.systems.gurps.engine import MODEL

        return MODEL

    def parameters(self) -> tuple[Parameter, ...]:
        return rule_data.parameters()

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        return rule_data.tables(rules)

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]:
        return present.batch_columns(scenario)

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]:
        return present.batch_values(outcome, scenario)


SYSTEM = GurpsSystem()
"""The system object its entry point names (``timedcombat.systems``: ``gurps``)."""
