"""The ``tft`` rule system: seed 000 (Rick's hand-to-hand house rules for The Fantasy Trip)
on the base rules of the published game, as a turn-based adapter on the shared clock (5-second
turns of 50 tenths: movement, then actions in adjusted-DX order)."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any, ClassVar

from timedcombat.dice import Dice
from timedcombat.log import EventLog
from timedcombat.scenario import Scenario
from timedcombat.systems.base import ModuleSystem, Outcome, RuleTable
from timedcombat.systems.tft import loader, present
from timedcombat.systems.tft.engine import Fight, time_model
from timedcombat.systems.tft.rules import TftRules, tables
from timedcombat.systems.tft.stats import actions_table
from timedcombat.turns import TimeModel


class TftSystem(ModuleSystem):
    """Seed 000's hand-to-hand rules and the base TFT fight, on the simpy clock."""

    loader: ClassVar[ModuleType] = loader
    present: ClassVar[ModuleType] = present
    rules_class = TftRules
    name = "tft"
    title = ("The Fantasy Trip: hand-to-hand combat (seed 000, Rick's HTH Rules) on the "
             "Melee turn, 5 s = 50 tenths")
    dice = "3d6"
    plan_actions = loader.PLAN_VOCABULARY
    lane_styles = present.LANE_STYLES
    span_states = present.SPAN_STATES
    health_name = "ST"

    def health_of(self, placed: Mapping[str, Any]) -> int | None:
        """ST at the start (``placed`` ``st``): damage is taken from it."""
        st = placed.get("st")
        return st if isinstance(st, int) and not isinstance(st, bool) else None

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        return Fight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        return time_model(rules or TftRules())

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        data = tables(rules)
        at = next(i for i, t in enumerate(data) if t.name == "parameters")
        return (*data[:at], actions_table(), *data[at:])

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]:
        return present.BATCH_COLUMNS

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]:
        return present.batch_values(outcome)


SYSTEM = TftSystem()
"""The system object its entry point names (``timedcombat.systems``: ``tft``)."""
