"""The ``tft`` rule system: seed 000 (Rick's hand-to-hand house rules for The Fantasy Trip)
on the base rules of the published game, as a turn-based adapter on the shared clock (5-second
turns of 50 tenths: movement, then actions in adjusted-DX order). The system object's hooks
hand on to its modules (:class:`~timedcombat.systems.base.ModuleSystem`)."""

from __future__ import annotations

from typing import Any

from timedcombat.systems.base import ModuleSystem, RuleTable
from timedcombat.systems.tft import engine, loader, present, rules
from timedcombat.systems.tft.stats import actions_table


class TftSystem(ModuleSystem, modules=(engine, loader, present, rules)):
    """Seed 000's hand-to-hand rules and the base TFT fight, on the simpy clock (its name,
    title, dice and styles: its card, ``system.toml``)."""

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        """The rule tables, the plan actions (of :mod:`.stats`) before the parameters."""
        data = super().tables(rules)
        at = next(i for i, t in enumerate(data) if t.name == "parameters")
        return (*data[:at], actions_table(), *data[at:])


SYSTEM = TftSystem()
"""The system object its entry point names (``timedcombat.systems``: ``tft``)."""
