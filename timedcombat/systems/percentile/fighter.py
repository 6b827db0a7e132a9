"""A combatant's state during a ``percentile`` fight (mutable; its simpy process owns it),
and the records of a phase's declaration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.arena import Combatant
from timedcombat.systems.percentile.condition import PhaseLevels
from timedcombat.systems.percentile.damage import running_total
from timedcombat.systems.percentile.grapple import GrappleAttempt
from timedcombat.systems.percentile.rules import WEAPONS, PercentileRules, StrikeSpec
from timedcombat.systems.percentile.stats import PercentileStats

if TYPE_CHECKING:
    from timedcombat.scenario import CombatantSpec


@attrs.frozen
class Intent:
    """One action a combatant means to take this phase: a plan step or the policy's
    choice, with the keys of the plan vocabulary."""

    action: str
    target: str | None = None
    stroke: str | None = None
    limb: str | None = None
    kind: str | None = None
    direction: str | None = None
    hands: int | None = None
    phase: int | None = None

    def get(self, name: str, default: Any = None) -> Any:
        value = getattr(self, name, None)
        return default if value is None else value


@attrs.define
class Decl:
    """One declared action of a phase: its cost, the tenth it falls at (``t``) and the
    tenth its bar starts (``start``), and what became of it."""

    index: int  # place in the phase's declaration
    intent: Intent
    cost: int
    t: int
    start: int
    plan_index: int  # the plan step it comes from (-1: the policy's)
    done: bool = False  # its tenth has come (made or skipped)
    made: bool = False  # made at its tenth (not skipped)
    attempt: GrappleAttempt | None = None  # a grappling move, once rolled

    @property
    def action(self) -> str:
        return self.intent.action

    @property
    def target(self) -> str | None:
        return self.intent.target


@attrs.define
class Bout:
    """A phase's grappling between two combatants: their moves on each other, resolved
    together at the later tenth (one move alone at its own)."""

    moves: list[tuple[Fighter, Decl]]  # (fighter, declared move), in rolling order
    t: int
    done: bool = False


class Fighter(Combatant):
    """Everything the driver tracks about one combatant (beyond the arena's record)."""

    # (slotted, as the arena's Combatant: see there)
    __slots__ = (
        "stats", "weapon", "disabled", "permanence", "limit", "pd", "quarters", "cause",
        "down_until", "mounted", "reins", "controlled", "mount_actions", "shy", "levels", "phase",
        "decls", "struck_by", "struck_now", "grappled",
    )

    def __init__(self, spec: CombatantSpec, rules: PercentileRules) -> None:
        super().__init__(spec)
        st: PercentileStats = spec.stats
        self.stats = st
        self.weapon: StrikeSpec | None = WEAPONS[st.weapon] if st.weapon else None
        self.disabled: dict[str, bool] = {limb: True for limb in st.disabled}  # -> permanent
        self.permanence: dict[str, bool] = {}  # limb -> its one joint-lock permanence roll
        self.limit = st.pd_limit if st.pd_limit is not None else rules.pd_limit
        self.pd = 0  # Physical Damage taken (PD and PD* as rolled)
        self.quarters = 0  # effective PD in quarter points, exact (PD x 4, PD* x 1)
        self.cause: str | None = None  # why he is out (knockout, choke, incapacitated ...)
        self.down_until: int | None = None  # regaining his footing until this tenth
        self.mounted: str | None = st.mount
        self.reins = st.reins
        self.controlled = False  # this phase's Control roll succeeded
        self.mount_actions = 0
        self.shy = 0  # hexes the mount shies away at the phase's end
        self.levels: PhaseLevels | None = None
        self.phase = -1  # the phase of ``decls``
        self.decls: list[Decl] = []
        self.struck_by: dict[str, int] = {}  # strikes each opponent made at him last phase
        self.struck_now: dict[str, int] = {}  # ... this phase
        self.grappled = False  # holds or is held (the core ``grappled`` span is on)

    @property
    def armed(self) -> bool:
        return self.weapon is not None

    @property
    def down(self) -> bool:
        return self.down_until is not None

    @property
    def effective(self) -> int:
        """The PD taken, PD* counted a quarter: what the limit is measured against (the
        running total kept exact, rounded down only here)."""
        return running_total(self.quarters)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<Fighter {self.id} {self.side} pd={self.effective}/{self.limit}>"
