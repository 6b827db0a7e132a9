"""timedcombat: tabletop-RPG melee as a discrete-event simulation timed in tenths.

    >>> from timedcombat import load_scenario, simulate
    >>> result = simulate(load_scenario("scenarios/sword_duel.toml"), seed=3)
    >>> result.winner
    'red'
    >>> frame = result.frame()  # one row per event (the analysis extra: pandas)
    >>> list(frame.columns[:4]), len(frame) == len(result.events)
    (['t', 'seq', 'event', 'system'], True)
"""

from timedcombat.batch import run_batch
from timedcombat.clock import Tenths, seconds
from timedcombat.dice import Dice, ScriptedDice
from timedcombat.engine import Result, simulate
from timedcombat.errors import IllegalActionError, ScenarioError, TimedCombatError
from timedcombat.loading import load_scenario, parse_scenario
from timedcombat.scenario import Scenario
from timedcombat.systems.base import Outcome, get_system

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
