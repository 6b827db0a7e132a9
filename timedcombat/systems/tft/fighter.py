"""A ``tft`` figure during a fight: what the arena keeps of it, plus its TFT state (current
ST, what it holds, posture, its HTH (group.py), this turn's hits and option).

Plain mutable state; the rules that change it live in the pure modules and the driver.
"""

from __future__ import annotations

from typing import Any

import attrs

from timedcombat.arena import Combatant
from timedcombat.events import Modifiers
from timedcombat.hexmap import Hex
from timedcombat.systems.tft.movement import effective_ma
from timedcombat.systems.tft.resolve import AdjustedDx, adjusted_dx
from timedcombat.systems.tft.rules import ARMOR, SHIELDS, WEAPONS, Armor, Shield, Weapon
from timedcombat.systems.tft.stats import TftStats


@attrs.define
class Choice:
    """The option a figure took for the turn, and what it needs."""

    option: str
    state: str  # the figure's state when it chose (movement.STATES)
    hexes: int  # how far the option lets it move
    target: str | None = None
    to: Hex | None = None
    weapon: str | None = None
    plan: int | None = None  # index of the plan step it carries out
    approach: str = ""  # what it moves toward: hex | adjacent | entry | item ("": nothing)
    keep: bool = False  # the plan step stays for a later turn (moving toward its target)
    gap: int | None = None  # hexes to its hex or foe when chosen (a kept step must close it)


class Fighter(Combatant):
    """One TFT figure on the arena."""

    # (slotted, as the arena's Combatant: see there)
    __slots__ = (
        "stats", "base_st", "st", "dx", "armor", "ma", "talents", "ready", "carried", "shield",
        "prone", "hth_group", "entered_with", "pinned_by", "pinning", "dead", "target", "turn_hits",
        "hit_hard", "acted", "knocked_down", "moved", "entered_turn", "choice", "defending",
        "dodging", "idle_turns", "counts",
    )

    def __init__(self, spec: Any) -> None:
        super().__init__(spec)
        s: TftStats = spec.stats
        self.stats = s
        self.base_st = s.st
        self.st = s.st  # current ST: every hit lowers it
        self.dx = s.dx
        self.armor: Armor = ARMOR[s.armor]
        self.ma = effective_ma(s.ma, self.armor)
        self.talents = frozenset(s.talents)
        self.ready: str | None = s.weapons[0] if s.weapons else None
        self.carried: list[str] = list(s.weapons[1:])
        self.shield: str | None = s.shield  # the ready shield (None: none, or dropped)
        self.prone = False
        self.hth_group: list[str] | None = None  # its HTH's figures (group.py), or None
        self.entered_with: str | None = None  # the figure it got into HTH past (its roll)
        self.pinned_by: str | None = None
        self.pinning: str | None = None
        self.dead = False
        self.target: str | None = None  # the enemy it goes for (its focus)
        # this turn
        self.turn_hits = 0
        self.hit_hard = False  # took the DX -2 threshold of hits last turn
        self.acted = False
        self.knocked_down = False  # fell from hits this turn
        self.moved = 0
        self.entered_turn = 0  # the turn it entered HTH as the attacker
        self.choice: Choice | None = None
        self.defending = False
        self.dodging = False
        self.idle_turns = 0  # turns in a row with no enemy reachable (the policy moves on)
        # counters for the outcome's extras (batch columns)
        self.counts: dict[str, int] = {"hth_attempts": 0, "hth_entered": 0, "thrown": 0,
                                       "knockdowns": 0}

    # ------------------------------------------------------------------ equipment

    @property
    def weapon(self) -> Weapon | None:
        """The ready weapon (``None``: bare hands)."""
        return WEAPONS[self.ready] if self.ready is not None else None

    @property
    def shield_record(self) -> Shield | None:
        return SHIELDS[self.shield] if self.shield is not None else None

    @property
    def knife_ready(self) -> bool:
        w = self.weapon
        return w is not None and w.is_knife

    def carried_knife(self) -> str | None:
        """The first knife carried but not ready."""
        return next((w for w in self.carried if WEAPONS[w].is_knife), None)

    def has(self, talent: str) -> bool:
        return talent in self.talents

    @property
    def in_hth(self) -> bool:
        return self.hth_group is not None

    @property
    def posture(self) -> str:
        return "prone" if self.prone else "standing"

    def adjusted(self, extra: Modifiers = ()) -> AdjustedDx:
        """DX adjusted for armour, the ready shield, ST 3 or less and last turn's hits,
        then ``extra``."""
        return adjusted_dx(self.dx, armor=self.armor, shield=self.shield_record, st=self.st,
                           hit_hard_last_turn=self.hit_hard, extra=extra)


__all__ = ["Choice", "Fighter"]
