"""The toy's events: its turn and phase (the core's, under its own names) and its plan
skip; blows, damage and states are the core events."""

from __future__ import annotations

from typing import ClassVar

import attrs

from timedcombat import events as ev
from timedcombat.turns import PhaseStart, TurnStart


@attrs.frozen(slots=True)
class ToyTurn(TurnStart):
    EVENT: ClassVar[str] = "toy.turn"
    rolls: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class ToyPhase(PhaseStart):
    EVENT: ClassVar[str] = "toy.phase"


@attrs.frozen(slots=True)
class PlanSkip(ev.PlanSkip):
    EVENT: ClassVar[str] = "toy.plan_skip"
