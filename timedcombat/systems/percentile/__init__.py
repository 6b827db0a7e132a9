"""The ``percentile`` system (seed 001): unarmed martial arts of Leading Edge Games' *Rhand*,
in phases on the arena's turn clock.

Pure rules (``rules``, ``odds``, ``costs``, ``condition``, ``strike``, ``damage``,
``grapple``, ``holds``, ``holding``, ``throws``, ``mount``, ``timing``), the simpy driver
(``engine``), policies, the scenario loader and the presentation hooks; see
``docs/rules/percentile.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from timedcombat.dice import Dice
from timedcombat.log import EventLog
from timedcombat.scenario import Scenario
from timedcombat.systems.base import ModuleSystem, Outcome, RuleTable
from timedcombat.systems.percentile import loader, present
from timedcombat.systems.percentile import rules as rule_data
from timedcombat.systems.percentile.engine import Fight, time_model
from timedcombat.systems.percentile.rules import PercentileRules
from timedcombat.turns import TimeModel


class PercentileSystem(ModuleSystem):
    """Seed 001's strikes and grappling, phase by phase."""

    loader: ClassVar[Any] = loader
    present: ClassVar[Any] = present
    rules_class = PercentileRules
    name = "percentile"
    title = ("Percentile: unarmed martial arts in phases of Combat Actions, strikes and "
             "grappling (seed 001, Rhand's Martial Arts)")
    dice = "d100"
    plan_actions = loader.PLAN_VOCABULARY
    lane_styles = present.LANE_STYLES
    span_states = present.SPAN_STATES
    health_name = "PD to limit"

    def health_of(self, placed: Mapping[str, Any]) -> int | None:
        """Effective PD a figure takes before it is down (``placed`` ``stats.pd_limit``)."""
        stats = placed.get("stats")
        limit = stats.get("pd_limit") if isinstance(stats, Mapping) else None
        return limit if isinstance(limit, int) and not isinstance(limit, bool) else None

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        return Fight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        return time_model(rules or PercentileRules())

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        return rule_data.tables(rules or PercentileRules())

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]:
        return present.batch_columns(c.id for c in scenario.combatants)

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]:
        return present.batch_values(outcome, scenario.rules.phase_tenths)


SYSTEM = PercentileSystem()
"""The system object its entry point names (``timedcombat.systems``: ``percentile``)."""
