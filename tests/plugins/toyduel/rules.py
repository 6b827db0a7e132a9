"""The toy's rules as data: its parameters (each gap of the rule text one, documented),
its time model and its plan vocabulary."""

from __future__ import annotations

import attrs

from timedcombat.systems.base import PlanAction
from timedcombat.turns import PhaseSpec, TimeModel

MODEL = TimeModel(10, (PhaseSpec("strike", 2, 8),))
"""A turn is 10 tenths; the strike phase runs from tenth 2 to 10 of it."""

PLAN_ACTIONS = {"strike": PlanAction(keys={"target": str}),
                "wait": PlanAction()}
"""The plan vocabulary: ``strike`` (the nearest foe, or ``target``) and ``wait``."""


@attrs.frozen
class Rules:
    """The toy's parameters (``[rules]`` may set each)."""

    hit_on: int = attrs.field(default=4, metadata={"doc": "a d6 this high or higher hits"})
    hits_to_fall: int = attrs.field(default=3, metadata={"doc": "hits that put a fighter out"})
    stalemate: int = attrs.field(default=100, metadata={
        "doc": "tenths with no attack that end the fight (0: never)"})

    @classmethod
    def parameter_docs(cls) -> dict[str, str]:
        return {f.name: f.metadata["doc"] for f in attrs.fields(cls)}
