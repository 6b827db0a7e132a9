"""The ``tenths`` system (seed 004): native tenth-second timing for every action. The
system object's hooks hand on to its modules
(:class:`~timedcombat.systems.base.ModuleSystem`); its map marks are :mod:`.mapmarks`'."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from timedcombat.systems.base import MapMark, ModuleSystem
from timedcombat.systems.tenths import engine, loader, mapmarks, present, rules


class TenthsSystem(ModuleSystem, modules=(engine, loader, present, rules)):
    """Seed 004's closing, fighting and breaking off, on the simpy clock."""

    name = "tenths"
    title = ("Tenths: closing, combat and breaking off timed in tenths of a second "
             "(seed 004, Special Situations)")
    dice = "d20"
    mark_styles = mapmarks.MARK_STYLES

    def waiting_spans(self, events: list[Mapping[str, Any]]) -> list[tuple[str, int, int]]:
        return present.waiting_spans(events)

    def map_marks(self, events: Sequence[Mapping[str, Any]]) -> list[MapMark]:
        return mapmarks.map_marks(events)

    def parameter_source(self, name: str) -> str:
        return "seed 004 (optional rules named)" if name == "surprise" else "assumption"


SYSTEM = TenthsSystem()
"""The system object its entry point names (``timedcombat.systems``: ``tenths``)."""
