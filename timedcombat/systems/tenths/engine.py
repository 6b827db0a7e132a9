"""The simpy driver of the ``tenths`` system: the Fight, one process per combatant.

A combatant's process (:meth:`Fight.life`) decides its next step (:mod:`.decide`) and
performs it with the handler of its word (:data:`.actions.ACTIONS`); it is the one place
that waits (handlers are generators it drives, waiting through ``ctx.hold``). What
happens is computed by :mod:`.resolve`. Effects that cross combatants are delivered as
simpy interrupts (:meth:`.process.Interrupts.poke`): a parry or dodge *delays* the
defender's running action, a forced action (a closing response, a retreat, a reaction)
*preempts* it, and a change that a waiting combatant watches (its opponent coming in
range, an exchange closing) *wakes* it. Attacks falling on the same tenth are gathered
and resolved together after the moves of that tenth (:mod:`.melee`), which makes the
same-tick order of :mod:`timedcombat.clock` real.

The Fight is the tenths :class:`~.context.Context`: the fight services its rule code
uses are functions over that Context, written in their topic modules (:mod:`.ranges`,
:mod:`.targets`, :mod:`.moving`, :mod:`.close_quarters`, :mod:`.blocking`,
:mod:`.engagement`) and bound here as methods, so a handler reaches them as
``ctx.move(...)`` at the cost of a method call, and no topic module imports another to
reach it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import attrs

from timedcombat import events as ev
from timedcombat.arena import Arena
from timedcombat.dice import Dice
from timedcombat.hexmap import FACINGS
from timedcombat.log import EventLog
from timedcombat.ordered import OrderedSet
from timedcombat.results import CombatantResult
from timedcombat.scenario import CombatantSpec, Scenario
from timedcombat.systems.tenths import (
    blocking,
    close_quarters,
    closing,
    decide,
    engagement,
    moving,
    ranges,
    targets,
)
from timedcombat.systems.tenths.actions import ACTIONS, OWN_STEPS
from timedcombat.systems.tenths.context import Context
from timedcombat.systems.tenths.events import TenthsAction, TenthsPlaced
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.melee import Intent
from timedcombat.systems.tenths.policy import POLICIES
from timedcombat.systems.tenths.process import Interrupts
from timedcombat.systems.tenths.rules import TenthsRules
from timedcombat.systems.tenths.signals import (
    DELAY,
    OUT,
    WAKE,
    Finished,
    Preempt,
    Preempted,
)


class Fight(Interrupts, Arena[Fighter]):
    """One run of a ``tenths`` scenario: the arena with seed 004's combatant processes."""

    system = "tenths"

    def __init__(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
                 seed: int) -> None:
        super().__init__(scenario, dice, log, until, seed)
        self.rules: TenthsRules = scenario.rules
        self.fighters: dict[str, Fighter] = self.by_id
        self.order: list[Fighter] = self.combatants
        self.enlist(self._armed, POLICIES)
        self.targeted_by: dict[str, OrderedSet[str]] = {f.id: OrderedSet() for f in self.order}
        self.max_reach = max(self.rules.short_reach, self.rules.long_reach)
        self.blocks: dict[tuple[int, int], str] = {}  # blocked hex -> blocker
        self.blocked_at: dict[tuple[int, int], OrderedSet[str]] = {}  # hemmed-in figures
        self.bucket: list[Intent] = []  # the attacks declared for the tenth bucket_t
        self.bucket_t = -1
        self.resolved = self.env.event()  # bucket resolved: its attackers go on
        self.resolving: list[Intent] = []  # the attacks of the tenth being resolved
        self.intent_seq = 0
        self.natural = self.rules.natural_rolls == "all"  # 20/1 decide every roll

    def _armed(self, spec: CombatantSpec) -> Fighter:
        """A combatant of the scenario, its reach worked out from what it holds."""
        f = Fighter(spec, spec.stats, self.rules, self.env)
        self.rearmed(f)
        return f

    # ------------------------------------------------------------------ arena hooks

    def placed(self, f: Fighter) -> tuple[type[ev.Event], dict[str, Any]]:
        st = f.stats
        return TenthsPlaced, dict(
            actor=f.id, side=f.side, at=self.map.position(f.id), facing=FACINGS[f.facing],
            weapons=tuple(w.name for w in st.weapons), shield=f.shield,
            stats=(("strength", st.strength), ("best_skill", st.best_skill),
                   ("walk", st.walk), ("run", st.run), ("defence", st.defence),
                   ("body", f.body), ("aware", st.aware)),
            arms=tuple(tuple(attrs.asdict(w).items()) for w in st.weapons), style=st.style)

    def begin(self) -> None:
        for f in self.order:
            targets.choose_target(self, f)
        self.start_lives(self.life)

    def result_of(self, f: Fighter) -> CombatantResult:
        res = super().result_of(f)
        return CombatantResult(res.side, res.state, res.damage, {"body": f.body})

    def finish(self, winner: str | None, reason: str, at: int | None = None) -> None:
        """The end: a Retreat still under way is cut by it (logged before ``end``)."""
        if not self.over:
            for f in self.order:
                if f.able:
                    self.retreat_cut(f, "fight over", at)
        super().finish(winner, reason, at)

    # ------------------------------------------------------------------ the running action

    def delay(self, f: Fighter, tenths: int, attacking_now: bool) -> None:
        """A parry or dodge: add ``tenths`` to ``f``'s running action, or to its next one
        when its action ends on this very tenth (a simultaneous attack) or when it has no
        action running (waiting for an opponent's closing)."""
        if attacking_now or f.due is None or f.act is None:
            f.carry += tenths
            return
        f.due += tenths  # the waiting process sees it when its timeout fires
        f.shift += tenths

    # ------------------------------------------------------------------ the process

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        actions, own_steps = ACTIONS, OWN_STEPS
        try:
            while not self.over and f.able:
                forced = self._forced(f) if f.pending or f.forced is not None else None
                step = forced or decide.decide(self, f)
                name = step.name
                if f.parked is not None and name != "walk_in":
                    closing.unpark(self, f)  # it does something else: no walking in
                try:
                    # perform it: the handler of its word in the action table, or of a
                    # step the engine decides by itself (the handler's generator itself)
                    yield from (actions.get(name) or own_steps[name])(self, f, step)
                except Preempted as p:
                    was = f.act
                    if was is not None:
                        self.emit(ev.Interrupted, actor=f.id, name=was, cause=p.cause.reason)
                    self.end_action(f)
                    if was in ("wait", "defend"):
                        f.first_attack_after = None  # an abandoned Wait/Defend hands no time
                    if p.cause.reason == closing.WALK_IN and f.closing is not None:
                        closing.park(f)  # the exchange goes on once it has walked in
                    elif f.closing is not None:
                        closing.abandon_closing(self, f, running=was is not None)
                    if p.cause.step is not None:
                        f.forced = p.cause.step
        except Finished:
            return

    def _forced(self, f: Fighter) -> Step | None:
        keep: list[Any] = []
        while f.pending:
            cause = f.pending.pop(0)
            if cause is OUT:
                raise Finished
            if isinstance(cause, Preempt) and cause.step is not None:
                if f.forced is None or f.forced.name != "react" or cause.step.name == "react":
                    f.forced = cause.step  # (a forced reaction outranks a retreat)
            elif cause is not WAKE and cause is not DELAY:
                keep.append(cause)
        f.pending[:] = keep
        step, f.forced = f.forced, None
        return step

    def start_action(self, f: Fighter, name: str, end: int, **fields: Any) -> None:
        """Log an action as it starts; ``delay``: parry or dodge tenths carried into it."""
        f.act = name
        f.act_start = self.env._now
        f.shift = 0
        # a Wait/Defend first blow is owed only as the next action: any other ends it
        # (close_exchange reads when the last one began)
        if name != "attack" or fields.get("closing"):
            f.other_action_seq = self.log.count
        if name != "attack":
            f.first_attack_after = None
        carried, f.carried = f.carried, 0
        if self.logging:
            self.emit(TenthsAction, actor=f.id, name=name, end=end, delay=carried or None,
                      **fields)
        else:
            self.log.count += 1

    def end_action(self, f: Fighter) -> None:
        f.act = None
        f.due = None

    def take_carry(self, f: Fighter) -> int:
        """Tenths owed by parries or dodges, added to the action about to start."""
        carry, f.carry = f.carry, 0
        f.carried = carry
        return carry

    # ------------------------------------------------------------------ services
    # The Context's fight services (context.Context), written in their topic modules.
    reach = ranges.reach
    rearmed = ranges.rearmed
    weapon_for = ranges.weapon_for
    reaches = ranges.reaches
    can_attack = ranges.can_attack
    hurt_penalty = ranges.hurt_penalty
    threat_range = ranges.threat_range
    in_zone = ranges.in_zone
    face = targets.face
    can_target = targets.can_target
    covering = targets.covering
    watched = targets.watched
    set_target = targets.set_target
    set_defend_only = targets.set_defend_only
    targeting = targets.targeting
    move = moving.move
    wait_blocked = moving.wait_blocked
    room_away = moving.room_away
    vacated = moving.vacated
    after_move = moving.after_move
    watch_set = moving.watch_set
    enters_range = moving.enters_range
    can_close_in = close_quarters.can_close_in
    enter_close = close_quarters.enter_close
    leave_close = close_quarters.leave_close
    blocker_of = blocking.blocker_of
    block_occupied = blocking.block_occupied
    free_block_positions = blocking.free_block_positions
    take_block = blocking.take_block
    drop_block = blocking.drop_block
    engage = engagement.engage
    disengage = engagement.disengage
    check_break_off = engagement.check_break_off
    wound = engagement.wound
    retreat_cut = engagement.retreat_cut
    flee = engagement.flee
    leave = engagement.leave
    not_futile = decide.not_futile





if TYPE_CHECKING:
    def _a_fight_is_a_context(fight: Fight) -> Context:
        return fight  # (mypy checks that the Fight provides all the Context lists)
