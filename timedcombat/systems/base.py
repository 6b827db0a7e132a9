"""The rule-system protocol and its registry (like python-chess variants).

A rule system reads its own part of a scenario (``[rules]``, combatant stats, plans),
runs a fight on a simpy clock in tenths, and shows its rule tables. Systems register
themselves by id; :func:`get_system` loads the built-in ones lazily.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import attrs

if TYPE_CHECKING:
    import cattrs

    from timedcombat.dice import Dice
    from timedcombat.log import EventLog
    from timedcombat.scenario import CombatantSpec, Scenario


@attrs.frozen
class Parameter:
    """One named, overridable rule parameter with its default and what it means."""

    name: str
    default: Any
    doc: str
    source: str  # "seed 004: ..." for a stated rule, "assumption" for a gap we filled


@attrs.frozen
class RuleTable:
    """A table of rule data for ``timedcombat rules``: column names and rows."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""


@attrs.frozen
class Outcome:
    """How a fight ended, and each combatant's final state."""

    winner: str | None
    reason: str
    end: int
    combatants: Mapping[str, Mapping[str, Any]]


@runtime_checkable
class RuleSystem(Protocol):
    """What a rule system provides to the loader, the engine and the command line."""

    name: str
    title: str

    def structure_rules(
        self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str
    ) -> Any:
        """The ``[rules]`` table merged over the defaults."""

    def structure_stats(
        self, raw: Mapping[str, Any], conv: cattrs.Converter, file: str, where: str, rules: Any
    ) -> Any:
        """A combatant's system stats (everything but the common keys)."""

    def check_combatant(self, scenario: Scenario, spec: CombatantSpec, file: str,
                        where: str) -> None:
        """Cross-checks needing the whole scenario: plan actions, target ids."""

    def run(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
            seed: int) -> Outcome:
        """Fight the scenario to its end or to ``until`` tenths."""

    def parameters(self) -> tuple[Parameter, ...]:
        """Every rule parameter, with defaults and sources."""

    def tables(self, rules: Any) -> tuple[RuleTable, ...]:
        """The rule tables, with the given parameters applied."""


_REGISTRY: dict[str, RuleSystem] = {}
_BUILTIN = {"tenths": "timedcombat.systems.tenths"}


def register(system: RuleSystem) -> RuleSystem:
    """Add a system to the registry under its ``name``."""
    _REGISTRY[system.name] = system
    return system


def get_system(name: str) -> RuleSystem:
    """The registered system ``name``; ``KeyError`` when there is none."""
    if name not in _REGISTRY and name in _BUILTIN:
        importlib.import_module(_BUILTIN[name])
    return _REGISTRY[name]


def system_names() -> list[str]:
    return sorted(set(_REGISTRY) | set(_BUILTIN))
