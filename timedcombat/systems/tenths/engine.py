"""The simpy driver of the ``tenths`` system: one process per combatant.

The processes only schedule; what happens is computed by :mod:`.resolve`. Effects that
cross combatants are delivered as simpy interrupts (:meth:`.process.Interrupts.poke`): a parry or
dodge *delays* the defender's running action, a forced action (a closing response, a
retreat, a reaction) *preempts* it, and a change that a waiting combatant watches
(its opponent coming in range, an exchange closing) *wakes* it. Attacks falling on
the same tenth are gathered and resolved together after the moves of that tenth
(:mod:`.melee`), which makes the same-tick order of :mod:`timedcombat.clock` real.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import attrs

from timedcombat import events as ev
from timedcombat.arena import NEAREST_SCAN, Arena
from timedcombat.dice import Dice
from timedcombat.hexmap import (
    FACINGS,
    covering_facing,
    disk,
    distance,
    facing_towards,
    is_back,
    neighbours,
)
from timedcombat.log import EventLog
from timedcombat.ordered import OrderedSet
from timedcombat.policies import make as make_policy
from timedcombat.results import CombatantResult
from timedcombat.scenario import Scenario
from timedcombat.systems.tenths import arms, blocking, blows, closing, exchange, melee, plans
from timedcombat.systems.tenths.actions import ACTIONS, OWN_STEPS
from timedcombat.systems.tenths.events import (
    PlanSkip,
    RetreatCut,
    TenthsAction,
    TenthsDamage,
    TenthsPlaced,
)
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.plans import ANYTIME_ACTIONS
from timedcombat.systems.tenths.policy import POLICIES
from timedcombat.systems.tenths.process import Interrupts
from timedcombat.systems.tenths.rules import CLOSING_ACTIONS, TenthsRules, Weapon
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
        for spec in scenario.combatants:
            f = Fighter(spec, spec.stats, self.rules, self.env)
            f.policy = make_policy(POLICIES, spec.policy)
            self.rearmed(f)
            self.add(f)
        self.targeted_by: dict[str, OrderedSet[str]] = {f.id: OrderedSet() for f in self.order}
        self.max_reach = max(self.rules.short_reach, self.rules.long_reach)
        self.blocks: dict[tuple[int, int], str] = {}  # blocked hex -> blocker
        self.blocked_at: dict[tuple[int, int], OrderedSet[str]] = {}  # hemmed-in figures
        self.bucket: list[Any] = []
        self.bucket_t = -1
        self.resolving: list[Any] = []  # the attacks of the tenth being resolved
        self.intent_seq = 0
        self.natural = self.rules.natural_rolls == "all"  # 20/1 decide every roll

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
            self.choose_target(f)
        for f in self.order:
            f.proc = self.env.process(self.life(f))

    def result_of(self, f: Fighter) -> CombatantResult:
        res = super().result_of(f)
        return CombatantResult(res.side, res.state, res.damage, {"body": f.body})

    # ------------------------------------------------------------------ geometry

    def pos(self, f: Fighter) -> tuple[int, int]:
        """Where ``f`` stands (a fallen or fled figure: where it was last)."""
        return f.at

    def reach(self, f: Fighter) -> int:
        return f.reach_now

    def rearmed(self, f: Fighter) -> None:
        """Weapons in hand or style changed: work out the reach again (kept, not recomputed
        per query)."""
        f.reach_now = arms.reach(f, self.rules)
        f.alternating = arms.style(f) == arms.ALTERNATE

    def weapon_for(self, f: Fighter) -> Weapon | None:
        """The weapon of ``f``'s next blow (only short ones, or a shield, at close quarters)."""
        if f.close or f.alternating or not f.hand:
            return arms.attack_weapon(f, close=bool(f.close))
        return f.hand[0]

    def reaches(self, a: Fighter, b: Fighter) -> bool:
        """Geometry only: ``a`` can strike ``b`` where both stand (``a`` may have fallen on
        this very tenth: simultaneous blows still land)."""
        if a.close:
            return b.id in a.close and self.weapon_for(a) is not None
        return 1 <= distance(a.at, b.at) <= a.reach_now

    def can_attack(self, a: Fighter, b: Fighter) -> bool:
        """``a`` can strike ``b`` from where both stand with a weapon in hand."""
        return a.able and b.able and self.reaches(a, b)

    def hurt_penalty(self, f: Fighter) -> int:
        """The hurt penalty on ``f``'s rolls now: only from the tenth after the blow that
        hurt it, so a blow cannot change the other rolls of its own tenth (simultaneous)."""
        if f.hurt and f.hurt_t < self.env.now:
            return self.rules.hurt_penalty
        return 0

    def threat_range(self, a: Fighter, b: Fighter) -> int:
        ra, rb = a.reach_now, b.reach_now
        return ra if ra > rb else rb

    def closing_distance(self, a: Fighter, b: Fighter) -> int:
        """From this distance ``a`` closes with ``b``: where its next move would bring
        either in range (a plain move may not), or where its own charge reaches."""
        return max(self.threat_range(a, b) + 1, self.reach(a) + 2)

    def in_zone(self, a: Fighter, b: Fighter) -> bool:
        return distance(a.at, b.at) <= self.closing_distance(a, b)

    def face(self, f: Fighter, toward: tuple[int, int], log: bool = True) -> None:
        """Turn (free) toward a hex; a blocker keeps its facing while it holds position. A
        defender-only turns so that both its targets are in front when it can."""
        here = f.at
        if f.block is not None:
            return
        if f.defend_targets is not None:
            # both targets in front (one may share its hex, at close quarters: the other
            # decides)
            covering = self.covering(f)
            if covering is not None:
                new = covering
            elif toward == here:
                return
            else:
                new = facing_towards(here, toward)
        elif toward == here:
            return
        else:
            new = facing_towards(here, toward)
        if new != f.facing:
            f.facing = new
            if log:
                self.emit(ev.Move, actor=f.id, frm=here, to=here, mode="turn",
                          facing=FACINGS[new])

    # ------------------------------------------------------------------ targets

    def choose_target(self, f: Fighter) -> None:
        if f.defend_targets is not None or (f.target is not None and f.target.able):
            return
        if not f.aware:
            return  # an unaware combatant (surprise rules) has no target yet
        head = f.plan_head
        pick: Fighter | None = None
        if head is not None and head.target is not None and head.action != "target":
            cand = self.fighters.get(head.target)
            if cand is not None and cand.able:
                pick = cand
        if pick is None:
            pick = f.policy.choose_target(self, f)
        self.set_target(f, pick)

    def can_target(self, f: Fighter, t: Fighter) -> bool:
        """``t`` may become ``f``'s target: "A target cannot be to the back". Turning is
        free, except for a blocker, which keeps its facing while it holds position."""
        return f.block is None or not is_back(f.at, f.facing, t.at)

    def covering(self, f: Fighter, targets: tuple[str, ...] | None = None) -> int | None:
        """A facing of ``f`` with its two defend-only targets in front (None: there is none:
        a target cannot be to the back)."""
        ids = targets if targets is not None else f.defend_targets or ()
        hexes = [self.fighters[x].at for x in ids]
        if not hexes:
            return None
        if f.block is not None:  # a blocker keeps its facing
            return f.facing if all(not is_back(f.at, f.facing, h) for h in hexes) else None
        away = [h for h in hexes if h != f.at]  # (one in its hex is in front whatever)
        prefer = facing_towards(f.at, away[0]) if away else f.facing
        return covering_facing(f.at, hexes, prefer)

    def watched(self, f: Fighter) -> tuple[str, ...]:
        """The opponents ``f`` watches: its target, or its two defend-only targets."""
        if f.defend_targets is not None:
            return f.defend_targets
        return (f.target.id,) if f.target is not None else ()

    def set_target(self, f: Fighter, t: Fighter | None, log: bool = True) -> None:
        if f.target is t and f.defend_targets is None:
            return
        for old in self.watched(f):
            self.targeted_by[old].discard(f.id)
        f.defend_targets = None
        f.target = t
        if t is not None:
            self.targeted_by[t.id].add(f.id)
            self.face(f, t.at, log=log)
        if log:
            self.emit(ev.Target, actor=f.id, target=t.id if t else None)

    def set_defend_only(self, f: Fighter, targets: tuple[str, ...]) -> None:
        """Defend only, watching two targets (seed 004, Multiple Combatants)."""
        for old in self.watched(f):
            self.targeted_by[old].discard(f.id)
        f.defend_targets = targets
        f.target = self.fighters[targets[0]]
        for tid in targets:
            self.targeted_by[tid].add(f.id)
        self.face(f, f.target.at)  # both in front (the caller made sure it can)
        self.emit(ev.Target, actor=f.id, targets=targets)

    def targeting(self, f: Fighter) -> list[Fighter]:
        """The able enemies that have ``f`` as target (or as a defend-only target)."""
        fighters = self.fighters
        return [fighters[x] for x in self.targeted_by[f.id]
                if fighters[x].able and fighters[x].side != f.side]

    # ------------------------------------------------------------------ interrupts

    def delay(self, f: Fighter, tenths: int, attacking_now: bool) -> None:
        """A parry or dodge: add ``tenths`` to ``f``'s running action, or to its next one
        when its action ends on this very tenth (a simultaneous attack) or when it has no
        action running (waiting for an opponent's closing)."""
        if attacking_now or f.due is None or f.act is None:
            f.carry += tenths
            return
        f.due += tenths  # the waiting process sees it when its timeout fires
        f.shift += tenths

    # ------------------------------------------------------------------ the life of a combatant

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        try:
            while not self.over and f.able:
                step = self._forced(f) or self.decide(f)
                if f.parked is not None and step.name != "walk_in":
                    closing.unpark(self, f)  # it does something else: no walking in
                try:
                    yield from self.perform(f, step)
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
                        self.abandon_closing(f, running=was is not None)
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
        f.pending = keep
        step, f.forced = f.forced, None
        return step

    def abandon_closing(self, f: Fighter, running: bool) -> None:
        """A closing action given up (preempted): its attack and bonus are lost. One that
        had run its time and only waited for the opponent's (Wait, Defend) stands: the
        exchange goes on and may still hand the first-blow time."""
        f.anti_parry_bonus = 0
        f.in_range_since = None
        ex = f.exchange
        if ex is None or not ex.open:
            f.closing = None
            return
        if running:
            ex.kinds[f.id] = "abandoned"  # hands no Wait/Defend first-blow time
        if running or f.id in ex.pending:
            if not running and f.target is not None:  # a Set still waiting to strike
                blows.lose_attack(self, f, f.target, "abandoned", f.closing,
                                    self.weapon_for(f))
            # its closing action is over: a Set waiting for it to come in range learns
            # that it never will (else the Set, and the exchange, would wait for ever)
            ex.settled.add(f.id)
            exchange.finish_closing(self, f, ex)
            f.closing = None
            other = ex.partner(f)
            if ex.open and other.closing == "set":
                self.poke(other, WAKE)

    def start_action(self, f: Fighter, name: str, end: int, **fields: Any) -> None:
        """Log an action as it starts; ``delay``: parry or dodge tenths carried into it."""
        f.act = name
        f.act_start = self.env.now
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
            self.count()

    def end_action(self, f: Fighter) -> None:
        f.act = None
        f.due = None

    def take_carry(self, f: Fighter) -> int:
        """Tenths owed by parries or dodges, added to the action about to start."""
        carry, f.carry = f.carry, 0
        f.carried = carry
        return carry

    # ------------------------------------------------------------------ deciding

    def decide(self, f: Fighter) -> Step:
        """The next action: an owed answer to a closing action first, then the plan's head
        when it applies now, else the policy's. (A plan step skipped, and logged, hands on
        to the next one: a loop, not recursion, however long the plan.)"""
        while True:
            step = self._decide_once(f)
            if step is not None:
                return step

    def _decide_once(self, f: Fighter) -> Step | None:
        """:meth:`decide`'s one look at the fighter; ``None``: a plan step was skipped,
        look again."""
        if f.approaches:
            answer = closing.owed_answer(self, f)
            if answer is not None:
                return answer
        head = f.plan_head
        if head is not None and head.action in ANYTIME_ACTIONS:
            step = plans.plan_step(self, f, head)
            if step is not None:
                f.pop_plan()
                return step
            return None  # skipped (logged): look at the next one
        if f.defend_targets is not None:
            return f.policy.defending(self, f)
        t = f.target
        if t is None or not t.able:
            return self.find_target(f)
        if f.engaged:
            # in combat (with the target or anyone): no closing action before a break-off;
            # a new target is struck with ordinary blows once in reach
            if head is not None:
                if head.action == "attack":
                    f.pop_plan()
                    return f.policy.combat(self, f, t)
                if head.action in CLOSING_ACTIONS:
                    self.emit(PlanSkip, actor=f.id, name=head.action, index=f.pop_plan(),
                              reason="already in combat")
                    return None
            return f.policy.combat(self, f, t)
        if f.block is not None and (head is None or head.action not in CLOSING_ACTIONS):
            return Step("guard")  # holding a blocking position (until its plan closes)
        if self.weapon_for(f) is None:
            return f.policy.rearm(self, f) or Step("guard")
        if self.in_zone(f, t):
            if not self.can_attack(f, t) and not self.can_step_toward(f, t.at):
                return Step("hemmed")  # no way in: wait for a hex to free up, no futile charge
            if head is not None and head.action in CLOSING_ACTIONS:
                if self.too_far_for(f, t, head.action):
                    return Step("move", target=t.id, mode="walk")  # close enough first
                f.pop_plan()
                return Step(head.action, target=t.id, closing=True)
            kind = f.policy.closing(self, f, t)
            if kind is None:
                return Step("guard")  # this policy does not initiate: it waits to answer
            return Step(self.not_futile(f, t, kind), target=t.id, closing=True)
        if head is not None and head.action in ("attack", "defend", "charge"):
            return Step("move", target=t.id, mode="walk")  # the plan closes: go there first
        return f.policy.approach(self, f, t)

    def not_futile(self, f: Fighter, t: Fighter, kind: str, instead: str | None = None) -> str:
        """No policy loops without progress: after a closing exchange with ``t`` in which
        nobody attacked, a Wait, Defend or Avoid against it becomes an attacking closing
        action (``instead``, or Attack / Charge by distance)."""
        if f.futile != t.id or kind not in ("wait", "defend", "avoid") \
                or f.defend_targets is not None or f.block is not None:
            return kind  # (defending only it does not attack; a blocker's block is its answer)
        if instead is not None:
            return instead
        return "charge" if distance(f.at, t.at) >= self.reach(f) + 2 else "attack"

    def too_far_for(self, f: Fighter, t: Fighter, kind: str) -> bool:
        """A scripted Attack or Defend (one move) or Charge (two) would end out of range of
        ``t``, and a plain step closer brings nobody in range: walk that step first."""
        moves = {"attack": 1, "defend": 1, "charge": 2}.get(kind)
        if moves is None or distance(f.at, t.at) <= self.reach(f) + moves:
            return False
        nxt = self.step_toward(f, t.at)
        return nxt is not None and self.enters_range(f, nxt) is None

    def find_target(self, f: Fighter) -> Step:
        """No target (none yet, or it fell): choosing one takes a reaction time."""
        if not f.aware:
            return Step("guard")
        head = f.plan_head
        pick = None
        if head is not None and head.target is not None:
            cand = self.fighters.get(head.target)
            pick = cand if cand is not None and cand.able else None
        pick = pick or f.policy.choose_target(self, f) or \
            self.nearest_enemy(f, visible=f.block is not None)
        if pick is None or not self.can_target(f, pick):
            return Step("guard")
        reason = "new target" if f.target is not None or self.env.now > 0 \
            else "no target in front"
        return Step("react", target=pick.id, reason=reason)

    def perform(self, f: Fighter, step: Step) -> Generator[Any, Any, None]:
        """Perform ``step``: the handler of its word in the action table
        (:data:`.actions.ACTIONS`), or of a step the engine decides by itself."""
        name = step.name
        yield from (ACTIONS[name] if name in ACTIONS else OWN_STEPS[name])(self, f, step)

    # ------------------------------------------------------------------ moving

    def move(self, f: Fighter, to: tuple[int, int], mode: str, check: bool = True,
             share: bool = False, running: bool | None = None) -> bool:
        """Move ``f`` one hex. An enemy's blocking position may stop it (False)."""
        blocker = self.blocker_of(f, to)
        running = mode == "run" if running is None else running
        if blocker is not None and not melee.blocking_attack(self, blocker, f, running):
            return False
        here = f.at
        if f.close and not share:
            self.leave_close(f)
        if f.block is not None:
            self.drop_block(f, "moved")
        self.map.move(f.id, to, share=share)
        f.at = to
        if self.blocked_at:
            self.vacated(here)
        if f.target is not None and f.target.able:
            there = f.target.at
            if there != to:
                f.facing = facing_towards(to, there)
        if self.logging:
            self.emit(ev.Move, actor=f.id, frm=here, to=to, mode=mode,
                      facing=FACINGS[f.facing])
        else:
            self.count()
        self.after_move(f, check)
        return True

    def wait_blocked(self, f: Fighter) -> Generator[Any, Any, None]:
        """Wait, hemmed in, until a neighbouring hex is vacated or the target moves."""
        here = f.at
        self.blocked_at.setdefault(here, OrderedSet()).add(f.id)
        f.blocked = True
        f.due = None
        try:
            yield from self.hold(f)
        finally:
            f.blocked = False
            waiting = self.blocked_at.get(here)
            if waiting is not None:
                waiting.discard(f.id)
                if not waiting:
                    del self.blocked_at[here]

    def room_away(self, at: tuple[int, int], threat: tuple[int, int]) -> bool:
        """Some free hex next to ``at`` is farther from ``threat`` (where a figure about to
        stand at ``at`` could go back to)."""
        d0 = distance(at, threat)
        walls, occupied = self.map.walls, self.map.occupants_of
        return any(h not in walls and not occupied(h) and distance(h, threat) > d0
                   for h in neighbours(at))

    def vacated(self, h: tuple[int, int]) -> None:
        """A hex was left: wake the hemmed-in figures next to it."""
        blocked_at = self.blocked_at
        for n in neighbours(h):
            waiting = blocked_at.get(n)
            if waiting:
                for wid in tuple(waiting):
                    self.poke(self.fighters[wid], WAKE)

    # ------------------------------------------------------------------ close quarters

    def can_close_in(self, f: Fighter, opp: Fighter) -> bool:
        """Close quarters are two enemies in one hex: ``opp`` must stand alone in its hex
        and ``f`` be at close quarters with nobody (the occupancy rule: a hex holds one
        figure, or two enemies at close quarters with each other)."""
        return (not f.close and not opp.close and opp.side != f.side
                and len(self.map.occupants_of(opp.at)) == 1)

    def enter_close(self, f: Fighter, opp: Fighter, mode: str) -> bool:
        """``f`` enters ``opp``'s hex: both are at close quarters. Then ``f`` breaks off
        from every other opponent it has moved out of range of."""
        if not self.can_close_in(f, opp):
            return False
        if not self.move(f, opp.at, mode, check=False, share=True):
            return False
        f.close.add(opp.id)
        opp.close.add(f.id)
        self.emit(ev.State, actor=f.id, state="close_quarters", value=True, opponent=opp.id)
        self.emit(ev.State, actor=opp.id, state="close_quarters", value=True, opponent=f.id)
        for oid in tuple(f.engaged):
            if oid != opp.id:
                self.check_break_off(f, self.fighters[oid])
        for oid in tuple(opp.engaged):
            if oid != f.id:
                self.check_break_off(opp, self.fighters[oid])
        self.watch_set(f)
        self.watch_set(opp)
        return True

    def leave_close(self, f: Fighter) -> None:
        for oid in sorted(f.close):
            o = self.fighters[oid]
            o.close.discard(f.id)
            if o.able:
                self.emit(ev.State, actor=o.id, state="close_quarters", value=False,
                          opponent=f.id)
            if f.able:
                self.emit(ev.State, actor=f.id, state="close_quarters", value=False,
                          opponent=oid)
        mates = [self.fighters[oid] for oid in sorted(f.close)]
        f.close.clear()
        for x in (f, *mates):
            self.watch_set(x)  # out of close quarters, a long weapon reaches again

    # ------------------------------------------------------------------ blocking

    def blocker_of(self, f: Fighter, to: tuple[int, int]) -> Fighter | None:
        bid = self.blocks.get(to)
        if bid is None:
            return None
        b = self.fighters[bid]
        return b if b.able and b.side != f.side and b.block is not None else None

    def block_occupied(self, f: Fighter, position: str) -> tuple[int, int] | None:
        """A hex ``position`` would block that a figure stands on ("A blocking position
        cannot be taken up if one of the blocked hexes is already occupied"), or None."""
        for h in blocking.blocked_hexes(f.at, f.facing, position, self.reach(f)):
            if self.map.occupant(h) is not None:
                return h
        return None

    def free_block_positions(self, f: Fighter) -> list[str]:
        """The blocking positions ``f`` could take up where it stands and faces now."""
        return [p for p in blocking.POSITIONS if self.block_occupied(f, p) is None]

    def take_block(self, f: Fighter, position: str) -> None:
        hexes = blocking.blocked_hexes(f.at, f.facing, position, self.reach(f))
        f.block = position
        f.block_hexes = hexes
        for h in hexes:
            self.blocks[h] = f.id
        self.emit(ev.State, actor=f.id, state="block", value=position)

    def drop_block(self, f: Fighter, why: str) -> None:
        if f.block is None:
            return
        for h in f.block_hexes:
            if self.blocks.get(h) == f.id:
                del self.blocks[h]
        f.block = None
        f.block_hexes = ()
        self.emit(ev.State, actor=f.id, state="block", value=False, cause=why)
        self.poke(f, WAKE)

    def after_move(self, f: Fighter, check: bool = True) -> None:
        for wid in tuple(self.targeted_by[f.id]):
            w = self.fighters[wid]
            if not w.able:
                continue
            if not w.reacting:
                self.face(w, f.at)
                if w.defend_targets is not None and self.covering(w) is None:
                    self.poke(w, WAKE)  # a target got to its back: it must choose again
            if w.blocked:
                self.poke(w, WAKE)  # its target moved: another way may be open
            ex = w.exchange
            if ex is not None and ex.partner(w) is f:
                self.watch_set(w)
        if check:
            for oid in tuple(f.engaged):
                self.check_break_off(f, self.fighters[oid])

    def watch_set(self, w: Fighter) -> None:
        """A Set watches its opponent: note when it comes in range, that is when ``w``
        can strike it where both stand (or when it no longer can). Moves change that, and
        so do close quarters: at close quarters ``w`` strikes only the one in its hex."""
        ex = w.exchange
        if w.closing != "set" or ex is None or not w.able:
            return
        if self.can_attack(w, ex.partner(w)):
            if w.in_range_since is None:
                w.in_range_since = self.env.now
        else:
            w.in_range_since = None
        self.poke(w, WAKE)

    def enters_range(self, f: Fighter, to: tuple[int, int]) -> Fighter | None:
        """An enemy not in combat with ``f`` that a plain move to ``to`` would bring into
        range (either way): such a move needs a closing action instead. Looks only at the
        hexes within reach of ``to`` (map index), or, with few enemies left, at them (in
        scenario order: the first found is the one the hexes would give)."""
        found: Fighter | None = None
        fighters = self.fighters
        side = f.side
        if sum(n for s, n in self.able_count.items() if s != side) <= NEAREST_SCAN:
            for o in self.order:
                if o.side != side and o.able and o.id not in f.engaged \
                        and distance(to, o.at) <= self.threat_range(f, o):
                    return o
            return None
        for h in disk(to, max(f.reach_now, self.max_reach)):
            for oid in self.map.occupants_of(h):
                o = fighters[oid]
                if o.side == f.side or not o.able or oid in f.engaged:
                    continue
                if distance(to, o.at) <= self.threat_range(f, o) and \
                        (found is None or o.index < found.index):
                    found = o
        return found

    def engage(self, a: Fighter, b: Fighter) -> None:
        if b.id in a.engaged or not (a.able and b.able):
            return
        a.engaged.add(b.id)
        b.engaged.add(a.id)
        self.emit(ev.State, actor=a.id, state="engaged", value=True, opponent=b.id)
        self.emit(ev.State, actor=b.id, state="engaged", value=True, opponent=a.id)

    def disengage(self, a: Fighter, b: Fighter, why: str = "break_off") -> None:
        if b.id not in a.engaged:
            return
        a.engaged.discard(b.id)
        b.engaged.discard(a.id)
        a.attacked.discard(b.id)
        b.attacked.discard(a.id)
        if a.able:
            self.emit(ev.State, actor=a.id, state="engaged", value=False, opponent=b.id)
        if b.able:
            self.emit(ev.State, actor=b.id, state="engaged", value=False, opponent=a.id)

    def check_break_off(self, a: Fighter, b: Fighter) -> None:
        """Combatants break off when both are out of range."""
        if not self.can_attack(a, b) and not self.can_attack(b, a):
            self.disengage(a, b)  # (a badly hurt retreater leaves the fight: do_retreat)

    def wound(self, victim: Fighter, amount: int, source: Fighter, weapon: str,
              blow: int) -> None:
        victim.damage += amount
        if self.logging:
            self.emit(TenthsDamage, actor=victim.id, amount=amount, total=victim.damage,
                      body=victim.body, source=source.id, weapon=weapon, blow_strength=blow)
        else:
            self.count()
        if not victim.hurt and victim.damage >= victim.hurt_at:
            victim.hurt = True
            victim.hurt_t = self.env.now
            self.emit(ev.State, actor=victim.id, state="hurt", value=True)
        if victim.damage >= victim.body and not victim.out:
            victim.out = True
            victim.able = False
            self.emit(ev.State, actor=victim.id, state="out", value=True)
            self.retreat_cut(victim, "out")
            self.leave(victim)

    def retreat_cut(self, f: Fighter, cause: str, at: int | None = None) -> None:
        """``f``'s Retreat ends before its second move (it is out, the fight is over)."""
        if f.retreat_from is None or f.retreat_moves >= 2:
            return
        fields = dict(actor=f.id, target=f.retreat_from, moves=f.retreat_moves, cause=cause)
        if at is None:
            self.emit(RetreatCut, **fields)
        else:
            self.log.emit(RetreatCut, at, **fields)
        f.retreat_from = None

    def finish(self, winner: str | None, reason: str, at: int | None = None) -> None:
        """The end: a Retreat still under way is cut by it (logged before ``end``)."""
        if not self.over:
            for f in self.order:
                if f.able:
                    self.retreat_cut(f, "fight over", at)
        super().finish(winner, reason, at)

    def flee(self, f: Fighter) -> None:
        """A badly hurt combatant who has broken off leaves the fight (policy choice)."""
        if self.over or not f.able:
            return
        f.fled = True
        f.able = False
        self.emit(ev.State, actor=f.id, state="fled", value=True)
        self.leave(f)
        self.check_end()

    def leave(self, f: Fighter) -> None:
        self.able_count[f.side] -= 1
        f.able = False
        for oid in tuple(f.engaged):
            o = self.fighters[oid]
            f.engaged.discard(oid)
            o.engaged.discard(f.id)
            o.attacked.discard(f.id)
            if o.able:
                self.emit(ev.State, actor=o.id, state="engaged", value=False, opponent=f.id)
        if f.block is not None:
            self.drop_block(f, "out")
        if f.close:
            self.leave_close(f)
        self.map.remove(f.id)
        if self.blocked_at:
            self.vacated(f.at)
        for wid in tuple(self.targeted_by[f.id]):
            w = self.fighters[wid]
            if w.target is f:
                w.target = None
            self.poke(w, WAKE)
        self.targeted_by[f.id].clear()
        for tid in self.watched(f):
            self.targeted_by[tid].discard(f.id)
        ex = f.exchange
        striking = any(i.attacker is f for i in self.resolving) or (
            self.bucket_t == self.env.now and any(i.attacker is f for i in self.bucket))
        if ex is not None and ex.open and not striking:
            # (a blow of this very tenth still lands: resolve_tenth ends its closing)
            ex.pending.discard(f.id)
            ex.settled.add(f.id)
            self.poke(ex.partner(f), WAKE)
            if not ex.pending:
                exchange.close_exchange(self, ex)
        if self.env.active_process is not f.proc:
            self.poke(f, OUT)

