"""The ``gurps`` rule system (seed 002: GURPS 4e Close Combat) on the shared arena.

Rule data (``rules``), combatant records (``stats``), pure resolution modules, the mapping
of one-second turns onto tenths (``timing``), the log vocabulary (``events``), and the
simpy driver (``engine`` with ``maneuvers``, ``moving``, ``melee``, ``wrestling``,
``closing``), its scenario loader (``loader``), policies (``policy``) and presentation
(``present``). :data:`SYSTEM` is what the ``timedcombat.systems`` entry point names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cattrs

from timedcombat.dice import Dice
from timedcombat.log import EventLog
from timedcombat.scenario import CombatantSpec, Scenario
from timedcombat.systems.base import Outcome, Parameter, RuleTable, SystemBase
from timedcombat.systems.gurps import loader, present
from timedcombat.systems.gurps import rules as rule_data
from timedcombat.systems.gurps.rules import GurpsRules
from timedcombat.turns import TimeModel


class GurpsSystem(SystemBase):
    """Seed 002's close combat on the Basic Set's one-second turns, on the simpy clock."""

    name = "gurps"
    title = ("GURPS: close combat on one-second turns of 10 tenths, combatants in Basic "
             "Speed order (seed 002, GURPS 4th edition Close Combat)")
    dice = "3d6"
    plan_actions = loader.PLAN_VOCABULARY
    lane_styles = present.LANE_STYLES
    span_states = present.SPAN_STATES

    def describe(self, e: Mapping[str, Any]) -> str | None:
        return present.describe(e)

    def lane_kind(self, e: Mapping[str, Any]) -> str | None:
        return present.lane_kind(e)

    def hex_sides(self, e: Mapping[str, Any]) -> Mapping[str, str] | None:
        return present.hex_sides(e)

    def structure_rules(self, raw: Mapping[str, Any], conv: cattrs.Converter,
                        file: str) -> GurpsRules:
        return loader.structure_rules(raw, conv, file)

    def structure_stats(self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str,
                        where: str, rules: Any) -> Any:
        return loader.structure_stats(raw, conv, file, where, rules)

    def structure_plan(self, raw: Sequence[Mapping[str, Any]], conv: cattrs.Converter,
                       file: str, where: str) -> tuple[Any, ...]:
        return loader.structure_plan(raw, conv, file, where)

    def check_combatant(self, scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None:
        loader.check_combatant(scenario, spec, file, where)

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        from timedcombat.systems.gurps.engine import Fight

        return Fight(scenario, dice, log, until, seed).run()

    def time_model(self, rules: Any) -> TimeModel:
        from timedcombat.systems.gurps.engine import MODEL

        return MODEL

    def default_rules(self) -> GurpsRules:
        return GurpsRules()

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
