"""The ``gurps`` rule system (seed 002: GURPS 4e Close Combat) on the shared arena.

Rule data (``rules``), combatant records (``stats``), pure resolution modules, the mapping
of one-second turns onto tenths (``timing``), the log vocabulary (``events``), and the
simpy driver (``engine``: the figures' processes; ``actions``: each plan word's handler,
typed against ``context.Context``; ``resolve``: the pure resolution gathered; topic modules
``moving``, ``melee``, ``wrestling``, ``closing`` ...), its scenario loader (``loader``),
policies (``policy``) and presentation (``present``). :data:`SYSTEM` is what the
``timedcombat.systems`` entry point names; its hooks hand on to those modules
(:class:`~timedcombat.systems.base.ModuleSystem`).
"""

from __future__ import annotations

from timedcombat.systems.base import ModuleSystem
from timedcombat.systems.gurps import engine, loader, present, rules


class GurpsSystem(ModuleSystem, modules=(engine, loader, present, rules)):
    """Seed 002's close combat on the Basic Set's one-second turns, on the simpy clock
    (its name, title, dice and styles: its card, ``system.toml``)."""


SYSTEM = GurpsSystem()
"""The system object its entry point names (``timedcombat.systems``: ``gurps``)."""
