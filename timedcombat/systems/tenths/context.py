"""What the ``tenths`` rule code may use of a running fight: the core
:class:`~timedcombat.context.Context` and the fight services seed 004's actions need.

The action handlers (:mod:`.actions`, :mod:`.closing`), the resolution of blows
(:mod:`.melee`), the scripted plans (:mod:`.plans`), the policies (:mod:`.policy`) and
the topic modules that implement the services below are typed against this protocol, not
against :class:`~.engine.Fight`: a reader sees here everything a handler can reach. The
Fight provides it; each service says where it is written.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Protocol

from timedcombat import context as core
from timedcombat.arena import Clock
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.rules import TenthsRules, Weapon

if TYPE_CHECKING:
    import simpy

    from timedcombat.log import EventLog
    from timedcombat.ordered import OrderedSet
    from timedcombat.systems.tenths.melee import Intent

Hex = tuple[int, int]
Gen = Generator[Any, Any, None]

class Context(core.Context[Fighter, TenthsRules], Protocol):
    """A running ``tenths`` fight as its rule code sees it (see the module docstring)."""

    # ---------------------------------------------------------------- state
    @property
    def env(self) -> Clock:
        """The clock, in whole tenths; only a figure's process waits on it."""

    fighters: dict[str, Fighter]
    """Every combatant by id (the arena's ``by_id``)."""
    order: list[Fighter]
    """Every combatant in scenario order."""
    able_count: dict[str, int]
    """Able combatants per side."""
    over: bool
    """The fight has ended."""
    log: EventLog
    """The event log (``log.count``: the place of the next event in the log's order)."""
    last_attack: int
    """The tenth of the last attack roll (the stalemate rule)."""
    natural: bool
    """20 and 1 decide every roll (``rules.natural_rolls = "all"``)."""
    max_reach: int
    """The longest reach a weapon may have (the search radius of :func:`.moving.enters_range`)."""
    targeted_by: dict[str, OrderedSet[str]]
    """Who has each combatant as target (or as a defend-only target)."""
    blocks: dict[Hex, str]
    """Blocked hex -> its blocker."""
    blocked_at: dict[Hex, OrderedSet[str]]
    """Hemmed-in figures by the hex they wait at."""
    bucket: list[Intent]
    """The attacks declared for the tenth :attr:`bucket_t` (:func:`.blows.strike`)."""
    bucket_t: int
    resolved: simpy.Event
    """Succeeds once :attr:`bucket` is resolved: its attackers go on, in the order they
    struck."""
    resolving: list[Intent]
    """The attacks of the tenth being resolved (:func:`.melee.resolve_tenth`)."""
    intent_seq: int
    """The number of attacks declared so far (their order within a tenth)."""

    # ---------------------------------------------------- the process (process.py, engine.py)
    def poke(self, c: Fighter, cause: Any) -> None:
        """Deliver an interrupt cause to ``c``'s process (:mod:`.process`)."""

    def hold(self, c: Fighter, woken: bool = True) -> Generator[Any, Any, bool]:
        """Wait until ``c.due`` or until woken: the one wait (:mod:`.process`)."""

    def run_to(self, c: Fighter, end: int) -> Generator[Any, Any, bool]:
        """Wait until the running action's end, pushed back by parries (:mod:`.process`)."""

    def start_action(self, f: Fighter, name: str, end: int, **fields: Any) -> None:
        """Log an action as it starts (:class:`~.engine.Fight`)."""

    def end_action(self, f: Fighter) -> None:
        """The running action is over (:class:`~.engine.Fight`)."""

    def take_carry(self, f: Fighter) -> int:
        """Tenths owed by parries, added to the action about to start."""

    def delay(self, f: Fighter, tenths: int, attacking_now: bool) -> None:
        """A parry or dodge pushes ``f``'s action back (:class:`~.engine.Fight`)."""

    def not_futile(self, f: Fighter, t: Fighter, kind: str, instead: str | None = None) -> str:
        """A closing action that makes progress (:mod:`.decide`)."""

    # ---------------------------------------------------------------- ranges.py
    def reach(self, f: Fighter) -> int:
        """How far ``f`` strikes now, in hexes."""

    def rearmed(self, f: Fighter) -> None:
        """Weapons in hand or style changed: work out the reach again."""

    def weapon_for(self, f: Fighter) -> Weapon | None:
        """The weapon of ``f``'s next blow (None: nothing that can strike)."""

    def reaches(self, a: Fighter, b: Fighter) -> bool:
        """Geometry only: ``a`` can strike ``b`` where both stand."""

    def can_attack(self, a: Fighter, b: Fighter) -> bool:
        """Both able and ``a`` reaches ``b``."""

    def hurt_penalty(self, f: Fighter) -> int:
        """The hurt penalty on ``f``'s rolls now."""

    def threat_range(self, a: Fighter, b: Fighter) -> int:
        """The longer of the two reaches."""

    def in_zone(self, a: Fighter, b: Fighter) -> bool:
        """``b`` is within ``a``'s closing distance."""

    # ---------------------------------------------------------------- targets.py
    def face(self, f: Fighter, toward: Hex, log: bool = True) -> None:
        """Turn (free) toward a hex (a blocker keeps its facing)."""

    def can_target(self, f: Fighter, t: Fighter) -> bool:
        """``t`` may become ``f``'s target (not to the back of a blocker)."""

    def covering(self, f: Fighter, targets: tuple[str, ...] | None = None) -> int | None:
        """A facing with both defend-only targets in front (None: none)."""

    def watched(self, f: Fighter) -> tuple[str, ...]:
        """The opponents ``f`` watches: its target, or its two defend-only targets."""

    def set_target(self, f: Fighter, t: Fighter | None, log: bool = True) -> None:
        """``t`` becomes ``f``'s target."""

    def set_defend_only(self, f: Fighter, targets: tuple[str, ...]) -> None:
        """Defend only, watching two targets."""

    def targeting(self, f: Fighter) -> list[Fighter]:
        """The able enemies that have ``f`` as target."""

    # ---------------------------------------------------------------- moving.py (and the arena)
    def step_toward(self, c: Fighter, goal: Hex) -> Hex | None:
        """The free neighbour that best closes on ``goal`` (the arena)."""

    def step_away(self, c: Fighter, threat: Hex) -> Hex | None:
        """The free neighbour that best opens the distance (the arena)."""

    def can_step_toward(self, c: Fighter, goal: Hex) -> bool:
        """Some free neighbour is closer to ``goal`` (the arena)."""

    def can_step_away(self, c: Fighter, threat: Hex) -> bool:
        """Some free neighbour is farther from ``threat`` (the arena)."""

    def move(self, f: Fighter, to: Hex, mode: str, check: bool = True,
             share: bool = False, running: bool | None = None) -> bool:
        """Move ``f`` one hex (False: a block held it)."""

    def wait_blocked(self, f: Fighter) -> Gen:
        """Wait, hemmed in, until a hex next to it frees up or the target moves."""

    def room_away(self, at: Hex, threat: Hex) -> bool:
        """Some free hex next to ``at`` is farther from ``threat``."""

    def vacated(self, h: Hex) -> None:
        """A hex was left: wake the hemmed-in figures next to it."""

    def after_move(self, f: Fighter, check: bool = True) -> None:
        """What a move sets off: watchers turn, Sets look, break-offs."""

    def watch_set(self, w: Fighter) -> None:
        """A Set notes when its opponent comes in range (or leaves it)."""

    def enters_range(self, f: Fighter, to: Hex) -> Fighter | None:
        """An enemy a plain move to ``to`` would bring in range."""

    # ---------------------------------------------------------------- close_quarters.py
    def can_close_in(self, f: Fighter, opp: Fighter) -> bool:
        """``f`` may enter ``opp``'s hex (the occupancy rule)."""

    def enter_close(self, f: Fighter, opp: Fighter, mode: str) -> bool:
        """``f`` enters ``opp``'s hex: both at close quarters."""

    def leave_close(self, f: Fighter) -> None:
        """``f`` is out of close quarters with everyone."""

    # ---------------------------------------------------------------- blocking.py
    def blocker_of(self, f: Fighter, to: Hex) -> Fighter | None:
        """The enemy blocking ``to`` against ``f``, if any."""

    def block_occupied(self, f: Fighter, position: str) -> Hex | None:
        """A hex ``position`` would block that a figure stands on."""

    def free_block_positions(self, f: Fighter) -> list[str]:
        """The blocking positions ``f`` could take up now."""

    def take_block(self, f: Fighter, position: str) -> None:
        """``f`` holds a blocking position."""

    def drop_block(self, f: Fighter, why: str) -> None:
        """``f``'s blocking position ends."""

    # ---------------------------------------------------------------- engagement.py
    def engage(self, a: Fighter, b: Fighter) -> None:
        """``a`` and ``b`` are in combat."""

    def disengage(self, a: Fighter, b: Fighter, why: str = "break_off") -> None:
        """``a`` and ``b`` are no longer in combat."""

    def check_break_off(self, a: Fighter, b: Fighter) -> None:
        """Break off when both are out of range."""

    def wound(self, victim: Fighter, amount: int, source: Fighter, weapon: str,
              blow: int) -> None:
        """Damage: hurt, or out of the fight."""

    def retreat_cut(self, f: Fighter, cause: str, at: int | None = None) -> None:
        """``f``'s Retreat ends before its second move."""

    def flee(self, f: Fighter) -> None:
        """A badly hurt combatant who has broken off leaves the fight."""

    def leave(self, f: Fighter) -> None:
        """``f`` is out of the fight: what it held ends."""


__all__ = ["Clock", "Context", "Gen", "Hex", "Step"]
