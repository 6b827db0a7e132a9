"""timedcombat: tabletop-RPG melee as a discrete-event simulation timed in tenths.

    >>> from timedcombat import load_scenario, simulate
    >>> result = simulate(load_scenario("scenarios/sword_duel.toml"), seed=3)
    >>> result.winner
    'red'
    >>> frame = result.frame()  # one row per event (the analysis extra: pandas)
    >>> list(frame.columns[:4]), len(frame) == len(result.events)
    (['t', 'seq', 'event', 'system'], True)

The names below are imported when first used: ``import timedcombat.launch`` (the
command's entry point) must not pull in simpy, rich and matplotlib.
"""

from __future__ import annotations

import importlib
from typing import Any

from timedcombat import speedups as _speedups

_speedups.install()  # compiled modules, if built, unless TIMEDCOMBAT_PURE=1 (tools/compile.py)

_WHERE = {
    "run_batch": "batch",
    "Tenths": "clock", "seconds": "clock",
    "Dice": "dice", "ScriptedDice": "dice",
    "Result": "engine", "simulate": "engine",
    "IllegalActionError": "errors", "ScenarioError": "errors", "TimedCombatError": "errors",
    "load_scenario": "loading", "parse_scenario": "loading",
    "Scenario": "scenario",
    "Outcome": "systems.base", "get_system": "systems.base",
}
"""Where each public name lives (``timedcombat.<module>``)."""

__all__ = [
    "Dice",
    "IllegalActionError",
    "Outcome",
    "Result",
    "Scenario",
    "ScenarioError",
    "ScriptedDice",
    "Tenths",
    "TimedCombatError",
    "get_system",
    "load_scenario",
    "parse_scenario",
    "run_batch",
    "seconds",
    "simulate",
]

__version__ = "0.1.0"  # the package's version (pyproject.toml reads it here)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'timedcombat' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"timedcombat.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
