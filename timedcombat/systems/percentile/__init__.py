"""The ``percentile`` system (seed 001): unarmed martial arts of Leading Edge Games' *Rhand*,
in phases on the arena's turn clock.

Pure rules (``rules``, ``odds``, ``costs``, ``condition``, ``strike``, ``damage``,
``grapple``, ``holds``, ``holding``, ``throws``, ``mount``, ``timing``), the simpy driver
(``engine``), policies, the scenario loader and the presentation hooks; see
``docs/rules/percentile.md``. The system object's hooks hand on to those modules
(:class:`~timedcombat.systems.base.ModuleSystem`).
"""

from __future__ import annotations

from timedcombat.systems.base import ModuleSystem
from timedcombat.systems.percentile import engine, loader, present, rules


class PercentileSystem(ModuleSystem, modules=(engine, loader, present, rules)):
    """Seed 001's strikes and grappling, phase by phase."""


SYSTEM = PercentileSystem()
"""The system object its entry point names (``timedcombat.systems``: ``percentile``)."""
