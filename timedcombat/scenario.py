"""Scenario files as data: the records a loaded scenario is made of (contract of the
scenario format, ``docs/scenario.md``), and the bounds of every input that
sets a size ("Limits"). Reading a file is :mod:`timedcombat.loading`; the strict structuring
and its one-line messages are :mod:`timedcombat.structure`.
"""

from __future__ import annotations

from typing import Any

import attrs

from timedcombat.hexmap import Hex

DEFAULT_UNTIL = 6000
MAX_UNTIL = 10_000_000
# Bounds of everything in a scenario that sets a size (docs/scenario.md, "Limits").
MAX_SCENARIO_BYTES = 16 * 1024 * 1024  # the file
MAX_DEPTH = 20  # tables and arrays inside one another
MAX_COMBATANTS = 10_000
MAX_WALLS = 100_000
MAX_PLAN = 1_000  # steps of one plan
MAX_NAME = 100  # characters of an id, a side, a name
MAX_COORD = 1_000_000  # |q| and |r| of any hex
MAX_SEED = 2**63 - 1
MAX_DICE = 100_000  # scripted dice faces ([scenario] dice)
MAX_FACE = 1_000  # the largest face of a scripted die



@attrs.frozen
class ScenarioInfo:
    """The ``[scenario]`` table."""

    name: str
    system: str
    seed: int = 0
    until: int = DEFAULT_UNTIL
    dice: tuple[int, ...] = ()  # scripted faces, used first (replaying a fight from a table)


@attrs.frozen
class MapSpec:
    """The ``[map]`` table: open ground unless walls are given."""

    walls: tuple[Hex, ...] = ()


COMMON_KEYS = ("id", "side", "at", "facing", "plan", "policy")


@attrs.frozen
class CombatantSpec:
    """One ``[[combatant]]``: the common keys, and the system's own ``stats`` record."""

    id: str
    side: str
    at: Hex
    facing: str = "E"
    plan: tuple[Any, ...] = ()  # the system's plan steps (timedcombat.plans.PlanStep)
    policy: str | None = None
    stats: Any = None


@attrs.frozen
class Scenario:
    """A loaded, checked scenario, ready for :func:`timedcombat.simulate`."""

    file: str
    info: ScenarioInfo
    rules: Any
    map: MapSpec
    combatants: tuple[CombatantSpec, ...]

    @property
    def system(self) -> str:
        return self.info.system

    _by_id: dict[str, CombatantSpec] = attrs.field(init=False, repr=False, eq=False,
                                                   hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {c.id: c for c in self.combatants})

    def combatant(self, cid: str) -> CombatantSpec:
        """The combatant with this id (``KeyError`` when there is none)."""
        return self._by_id[cid]
