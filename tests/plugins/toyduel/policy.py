"""What a fighter does when its plan is empty: strike the nearest foe."""

from __future__ import annotations

from timedcombat.plans import PlanStep

DEFAULT = PlanStep("strike")
"""The step of an empty plan."""
