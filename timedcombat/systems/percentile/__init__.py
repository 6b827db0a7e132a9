"""The ``percentile`` system (seed 001): unarmed martial arts of Leading Edge Games' *Rhand*,
in phases on the arena's turn clock.

Pure rules (``rules``, ``odds``, ``costs``, ``condition``, ``strike``, ``damage``,
``grapple``, ``holds``, ``holding``, ``throws``, ``mount``, ``timing``), the simpy driver
(``engine``), policies, the scenario loader and the presentation hooks; see
``docs/rules/percentile.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import cattrs

from timedcombat.dice import Dice
from timedcombat.log import EventLog
from timedcombat.scenario import CombatantSpec, Scenario
from timedcombat.systems.base import Outcome, Parameter, RuleTable, SystemBase
from timedcombat.systems.percentile import loader, present
from timedcombat.systems.percentile import rules as rule_data
from timedcombat.systems.percentile.rules import PercentileRules
from timedcombat.turns import TimeModel


class PercentileSystem(SystemBase):
    """Seed 001's strikes and grappling, phase by phase."""

    name = "percentile"
    title = ("Percentile: unarmed martial arts in phases of Combat Actions, strikes and "
             "grappling (seed 001, Rhand's Martial Arts)")
    dice = "d100"
    plan_actions = loader.PLAN_VOCABULARY
    lane_styles = present.LANE_STYLES
    span_states = present.SPAN_STATES

    def describe(self, e: Mapping[str, Any]) -> str | None:
        return present.describe(e)

    def lane_kind(self, e: Mapping[str, Any]) -> str | None:
        return present.lane_kind(e)

    def structure_rules(self, raw: Mapping[str, Any], conv: cattrs.Converter,
                        file: str) -> PercentileRules:
        return loader.structure_rules(raw, conv, file)

    def structure_stats(self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str,
                        where: str, rules: Any) -> Any:
        return loader.structure_stats(raw, conv, file, where, rules)

    def check_combatant(self, scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None:
        loader.check_combatant(scenario, spec, file, where)

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        from timedcombat.systems.percentile.engine import Fight

        return Fight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        from timedcombat.systems.percentile.engine import time_model

        return time_model(rules or PercentileRules())

    def default_rules(self) -> PercentileRules:
        return PercentileRules()

    def parameters(self) -> tuple[Parameter, ...]:
        docs = PercentileRules.parameter_docs()
        return tuple(Parameter(f.name, f.default, docs[f.name], "assumption")
                     for f in attrs.fields(PercentileRules))

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        return rule_data.tables(rules or PercentileRules())

    def batch_columns(self, scenario: Scenario) -> tuple[str, ...]:
        return present.batch_columns(c.id for c in scenario.combatants)

    def batch_values(self, outcome: Outcome, scenario: Scenario) -> Mapping[str, Any]:
        return present.batch_values(outcome, scenario.rules.phase_tenths)


SYSTEM = PercentileSystem()
"""The system object its entry point names (``timedcombat.systems``: ``percentile``)."""
