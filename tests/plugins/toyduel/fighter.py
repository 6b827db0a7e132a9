"""A toy fighter's state: the core combatant and nothing more (hits count as damage)."""

from __future__ import annotations

from timedcombat.arena import Combatant


class Fighter(Combatant):
    """One figure of the toy: ``damage`` counts the hits it took."""
