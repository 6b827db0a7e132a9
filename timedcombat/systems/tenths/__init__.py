"""The ``tenths`` system (seed 004): native tenth-second timing for every action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

import attrs

from timedcombat.dice import Dice
from timedcombat.log import EventLog
from timedcombat.scenario import Scenario
from timedcombat.systems.base import MapMark, ModuleSystem, Outcome, RuleTable
from timedcombat.systems.tenths import loader, mapmarks, present
from timedcombat.systems.tenths.engine import Fight
from timedcombat.systems.tenths.rules import (
    SEED,
    WEAPONS,
    TenthsRules,
)


class TenthsSystem(ModuleSystem):
    """Seed 004's closing, fighting and breaking off, on the simpy clock."""

    loader: ClassVar[ModuleType] = loader
    present: ClassVar[ModuleType] = present
    rules_class = TenthsRules
    name = "tenths"
    title = ("Tenths: closing, combat and breaking off timed in tenths of a second "
             "(seed 004, Special Situations)")
    dice = "d20"
    plan_actions = loader.PLAN_VOCABULARY
    lane_styles = present.LANE_STYLES
    span_states = present.SPAN_STATES
    mark_styles = mapmarks.MARK_STYLES

    def waiting_spans(self, events: list[Mapping[str, Any]]) -> list[tuple[str, int, int]]:
        return present.waiting_spans(events)

    def map_marks(self, events: Sequence[Mapping[str, Any]]) -> list[MapMark]:
        return mapmarks.map_marks(events)

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int = 0) -> Outcome:
        return Fight(scenario, dice, log, until, seed).run()

    def parameter_source(self, name: str) -> str:
        return "seed 004 (optional rules named)" if name == "surprise" else "assumption"

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        rules = rules or TenthsRules()
        params = RuleTable(
            "parameters", "Rule parameters ([rules] overrides)",
            ("name", "value", "default", "meaning"),
            tuple((p.name, getattr(rules, p.name), p.default, p.doc) for p in self.parameters()),
            "Every parameter fills a gap of seed 004 (see docs/rules/tenths.md).",
        )
        weapons = RuleTable(
            "weapons", "Weapons (assumption: the seed names none)",
            ("name", "base_speed", "anti_parry", "reach", "hands", "damage"),
            tuple((w.name, w.base_speed, w.anti_parry, w.reach, w.hands, w.damage)
                  for w in WEAPONS.values()),
            "base_speed in tenths; inline tables in a scenario may define others.",
        )
        closing = RuleTable(
            "closing", "Closing actions (seed 004)",
            ("action", "time", "moves", "attack", "bonus"),
            (
                ("set", "1", "none",
                 "max(start + Base Speed, opponent in range + 1)", "none"),
                ("wait", "1", "none", "after the opponent's first attack (assumption: "
                 "max(start + Base Speed, their attack + 1))",
                 "+2 defence potential vs opponent's first attack"),
                ("attack", "Base Speed + Walk - 3", "1 hex at end - 2", "at end", "none"),
                ("defend", "Walk", "1 hex at end", "as wait",
                 "+2 defence potential vs opponent's first attack"),
                ("charge", "Base Speed + Walk - 3", "2 hexes: end - 2 - Run, end - 2",
                 "at end", "+3 anti-parry own first attack; -3 own defence potential vs "
                 "opponent's first attack"),
                ("avoid", "Walk (a walk back)", "1 hex back at end", "none", "none"),
            ),
            "A closing action that leaves a combatant unable to attack loses that attack "
            "and its bonus.",
        )
        seed = RuleTable(
            "seed", "Values stated by seed 004 (not overridable)",
            ("name", "value"),
            tuple((f.name, getattr(SEED, f.name)) for f in attrs.fields(type(SEED))),
        )
        return (params, weapons, closing, seed)


SYSTEM = TenthsSystem()
"""The system object its entry point names (``timedcombat.systems``: ``tenths``)."""
