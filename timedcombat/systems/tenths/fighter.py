"""A combatant's state during a ``tenths`` fight (mutable; the simpy process owns it)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import attrs
import simpy

from timedcombat.arena import Combatant
from timedcombat.ordered import OrderedSet
from timedcombat.systems.tenths.resolve import body_of, hurt_threshold
from timedcombat.systems.tenths.rules import TenthsRules, TenthsStats, Weapon

if TYPE_CHECKING:
    from timedcombat.scenario import CombatantSpec
    from timedcombat.systems.tenths.exchange import Exchange


@attrs.frozen(slots=False)
class Step:
    """One decided action: what the process will perform next. (Not slotted: attrs
    builds a frozen slotted record with one ``object.__setattr__`` call per field, a
    dict-backed one by writing its ``__dict__``, about twice as fast; a Step is made on
    every decision.)"""

    name: str
    target: str | None = None
    weapon: str | None = None
    closing: bool = False
    to: tuple[int, int] | None = None
    mode: str | None = None
    position: str | None = None
    targets: tuple[str, ...] | None = None
    style: str | None = None
    reason: str | None = None  # why a forced step happens (reaction cause, …)
    plan_index: int | None = None  # the plan step it comes from


@functools.lru_cache(maxsize=4096)
def plain_step(name: str, target: str | None = None, mode: str | None = None) -> Step:
    """The Step of a name, a target and a mode only, made once and shared (it is frozen):
    the everyday answers (strike it, walk to it, stand guard) cost a cached lookup, not
    a record each."""
    return Step(name, target=target, mode=mode)


class Fighter(Combatant):
    """Everything the engine tracks about one combatant (beyond the arena's record)."""

    # (slotted, as the arena's Combatant: see there)
    __slots__ = (
        "waiting", "pending", "due", "act", "never", "stats", "skill", "hand", "sheathed", "shield",
        "style", "alt_next", "last_struck", "reach_now", "alternating", "body", "hurt_at", "hurt_t",
        "target", "engaged", "act_start", "shift", "carry", "carried", "no_defence_until", "forced",
        "exchange", "closing", "closing_start", "defence_mods", "anti_parry_bonus",
        "first_attack_after", "other_action_seq", "in_range_since", "advantage_over",
        "defend_targets", "close", "block", "block_hexes", "aware", "attacked", "reacting",
        "blocked", "approaches", "futile", "retreat_from", "retreat_moves", "after_retreat",
        "moves_left", "parked",
    )

    def __init__(self, spec: CombatantSpec, stats: TenthsStats, rules: TenthsRules,
                 env: simpy.Environment) -> None:
        super().__init__(spec)
        # process plumbing (process.Interrupts: poke / hold)
        self.waiting = False  # its process waits in hold (an interrupt may reach it)
        self.pending: list[Any] = []  # causes kept for its next wait
        self.due: int | None = None  # the end of its wait (None: until woken)
        self.act: str | None = None  # the running action
        self.never: simpy.Event = env.event()  # waited on with no end (never fires)
        self.stats = stats
        self.skill = stats.best_skill
        ready = 2 if stats.style is not None else 1
        self.hand: list[Weapon] = list(stats.weapons[:ready])
        self.sheathed: list[Weapon] = list(stats.weapons[ready:])
        self.shield = stats.shield
        self.style: str | None = stats.style
        self.alt_next = 0  # alternate style: index of the weapon of the next blow
        self.last_struck: int | None = None  # index of the weapon of the last blow
        self.reach_now = 0  # hexes its weapons reach (ranges.rearmed keeps it)
        self.alternating = False  # two weapons in hand, both attacking (ranges.rearmed)
        self.body = body_of(stats.strength, stats.body, rules)
        self.hurt_at = hurt_threshold(self.body, rules)
        self.hurt_t = 0  # the tenth it became hurt: the penalty counts from the next one
        self.target: Fighter | None = None
        self.engaged: OrderedSet[str] = OrderedSet()
        # the running action
        self.act_start = 0
        self.shift = 0  # tenths the running action was pushed back (parries, dodges)
        self.carry = 0  # tenths added to the next action (simultaneous-attack parries)
        self.carried = 0  # the carry taken into the action being started (logged)
        self.no_defence_until = 0  # no active defence while now < this
        self.forced: Step | None = None
        # closing
        self.exchange: Exchange | None = None
        self.closing: str | None = None
        self.closing_start = 0
        self.defence_mods: dict[str, int] = {}  # vs that opponent's first attack
        self.anti_parry_bonus = 0  # own first attack (charge)
        self.first_attack_after: int | None = None  # Wait/Defend: own first attack time
        self.other_action_seq = 0  # the log's count when its last non-attack action began
        self.in_range_since: int | None = None
        # resolution bookkeeping
        self.advantage_over: str | None = None
        self.defend_targets: tuple[str, ...] | None = None  # defend-only
        self.close: OrderedSet[str] = OrderedSet()  # opponents sharing its hex
        self.block: str | None = None  # blocking position held
        self.block_hexes: tuple[tuple[int, int], ...] = ()
        self.aware = stats.aware
        self.attacked: OrderedSet[str] = OrderedSet()  # opponents it attacked since engaging
        self.reacting = False
        self.blocked = False  # hemmed in, waiting for a hex to free up
        self.approaches: list[tuple[Fighter, Exchange]] = []  # (closer, exchange) to answer
        self.futile: str | None = None  # its last closing exchange with this one: no attack
        # a Retreat under way: from whom, the moves made, a reaction forced meanwhile
        self.retreat_from: str | None = None
        self.retreat_moves = 0
        self.after_retreat: Step | None = None
        self.moves_left = 0  # moves toward its opponent its closing action has still to make
        self.parked: Exchange | None = None  # a closing action given up to walk in first

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<Fighter {self.id} {self.side} dmg={self.damage}/{self.body}>"
