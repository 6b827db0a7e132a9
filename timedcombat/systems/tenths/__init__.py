"""The ``tenths`` system (seed 004): native tenth-second timing for every action. The
system object's hooks hand on to its modules
(:class:`~timedcombat.systems.base.ModuleSystem`); its name, title, dice and styles are its
card, ``system.toml``; its map marks are :mod:`.mapmarks`'."""

from __future__ import annotations

from timedcombat.systems.base import ModuleSystem
from timedcombat.systems.tenths import engine, loader, present, rules


class TenthsSystem(ModuleSystem, modules=(engine, loader, present, rules)):
    """Seed 004's closing, fighting and breaking off, on the simpy clock."""


SYSTEM = TenthsSystem()
"""The system object its entry point names (``timedcombat.systems``: ``tenths``)."""
