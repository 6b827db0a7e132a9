"""How a fight ended: the typed outcome every rule system returns.

A combatant's final state comes from a small shared vocabulary (:data:`STATES`), so
``batch`` and the pictures read every system alike; what a system knows beyond it (body,
fatigue, hit points, a position held ...) rides along in ``extras``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

OK, HURT, DOWN, OUT, FLED, DEAD = "ok", "hurt", "down", "out", "fled", "dead"
STATES = (OK, HURT, DOWN, OUT, FLED, DEAD)
"""Final states, best to worst: still fighting; fighting, badly hurt; down (knocked down,
prone, pinned or held) but in the fight; out of the fight (unconscious, incapacitated);
fled; dead."""
BEATEN = frozenset({OUT, FLED, DEAD})
"""States in which a combatant no longer counts for its side."""


@attrs.frozen
class CombatantResult:
    """One combatant at the end: side, final state, damage taken, and system extras."""

    side: str
    state: str
    damage: int = 0
    extras: Mapping[str, Any] = attrs.field(factory=dict)

    def __attrs_post_init__(self) -> None:
        if self.state not in STATES:
            raise ValueError(f"final state {self.state!r} is not one of {', '.join(STATES)}")


@attrs.frozen
class Outcome:
    """How a fight ended: the winning side (or ``None``), why, when (tenths), and each
    combatant's :class:`CombatantResult` by id, in scenario order."""

    winner: str | None
    reason: str
    end: int
    combatants: Mapping[str, CombatantResult]


__all__ = ["BEATEN", "DEAD", "DOWN", "FLED", "HURT", "OK", "OUT", "STATES",
           "CombatantResult", "Outcome"]
