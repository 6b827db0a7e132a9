"""Actions a combatant performs: moves, blows, retreats, reactions and target changes,
blocking positions, weapon changes. Each is a simpy generator run by the combatant's
own process; effects on others go through :meth:`Fight.poke`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from timedcombat import events as ev
from timedcombat.systems.tenths import arms, melee, resolve
from timedcombat.systems.tenths.events import AttackLost, Dropped, PickedUp, RetreatCut
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.rules import SEED, Weapon
from timedcombat.systems.tenths.signals import Preempted

if TYPE_CHECKING:
    from timedcombat.systems.tenths.engine import Fight

GUARD_RECHECK = 10
"""Engine, not rule: a combatant standing guard looks again every second."""

Gen = Generator[Any, Any, None]


def run_to(fight: Fight, f: Fighter, end: int) -> Generator[Any, Any, None]:
    """Hold until the running action's end (pushed back by parries and dodges)."""
    f.due = end
    while not (yield from fight.hold(f)):
        pass


def do_guard(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Stand (blocking, defending only, or with nothing to do) until something changes."""
    f.due = fight.env.now + GUARD_RECHECK
    yield from fight.hold(f)
    f.due = None


# ---------------------------------------------------------------- movement


def do_move(fight: Fight, f: Fighter, step: Step) -> Gen:
    """One hex of walking or running, the hex changing at the end of the move's time."""
    mode = step.mode or "walk"
    rate = f.stats.run if mode == "run" else f.stats.walk
    goal = step.to
    if goal is None and step.target is not None:
        goal = fight.fighters[step.target].at
    if goal is None or goal == f.at:
        yield from do_guard(fight, f, step)
        return
    if not fight.can_step_toward(f, goal):
        # every hex toward the goal is taken: stand until a hex next to it frees up or
        # the target moves (no timer, no log line)
        yield from fight.wait_blocked(f)
        return
    end = fight.env.now + rate + fight.take_carry(f)
    fight.start_action(f, "move", end, to=goal if step.to else None, mode=mode,
                       target=step.target)
    yield from run_to(fight, f, end)
    fight.end_action(f)
    if step.to is None and step.target is not None:
        goal = fight.fighters[step.target].at
    nxt = fight.step_toward(f, goal)
    if nxt is None:
        fight.emit(ev.Interrupted, actor=f.id, name="move", cause="no free hex")
        return
    if f.close:
        return  # close quarters are left by a dodge or a retreat, not by walking off
    other = None if f.engaged else fight.enters_range(f, nxt)
    if other is not None:
        # a move that brings an enemy in range needs a closing action against it: against
        # the target at once; another enemy must first become the target (a reaction)
        fight.emit(ev.Interrupted, actor=f.id, name="move", cause=f"closing needed: {other.id}")
        if other is f.target and f.defend_targets is None:
            kind = f.policy.closing(fight, f, other)
            f.forced = Step(fight.not_futile(f, other, kind), target=other.id,
                            closing=True) if kind is not None else None
        else:
            f.forced = Step("target", target=other.id, reason="closing needed")
        return
    if not fight.move(f, nxt, mode):
        return
    if step.to is not None and nxt != step.to:
        f.forced = Step("move", target=step.target, to=step.to, mode=mode)  # hex by hex


# ---------------------------------------------------------------- blows


def lose_attack(fight: Fight, f: Fighter, t: Fighter, reason: str, closing: str | None,
                weapon: Weapon | None = None) -> None:
    """An attack that cannot be made is lost, and so is its bonus."""
    fight.emit(AttackLost, actor=f.id, target=t.id, reason=reason, closing=closing,
               weapon=weapon.name if weapon else None)
    f.anti_parry_bonus = 0


def do_attack(fight: Fight, f: Fighter, step: Step) -> Gen:
    """A blow on the weapon's base speed (alternate style: on the two weapons' schedule)."""
    t = f.target
    assert t is not None
    w = fight.weapon_for(f)
    if w is None:
        yield from do_guard(fight, f, step)
        return
    fight.drop_block(f, "attack")  # a blocking position is lost as an attack begins
    f.anti_parry_bonus = 0  # an ordinary blow: no charge bonus
    now = fight.env.now
    if f.first_attack_after is not None:
        end = max(f.first_attack_after, now + 1)
        f.first_attack_after = None
    elif not f.alternating:
        end = now + w.base_speed  # the weapon that strikes (a shield at close quarters)
    elif f.last_struck is None:
        end = now + arms.base_speed(f)
    else:
        end = now + arms.blow_interval(f, f.last_struck)
    end += fight.take_carry(f)
    fight.start_action(f, "attack", end, target=t.id, weapon=w.name)
    yield from run_to(fight, f, end)
    fight.end_action(f)
    w = fight.weapon_for(f) or w
    if not t.able or f.target is not t:
        lose_attack(fight, f, t, "target out" if not t.able else "target changed", None, w)
    elif fight.can_attack(f, t):
        yield from strike(fight, f, t, None, w)
    else:
        lose_attack(fight, f, t, "out of range", None, w)


def strike(fight: Fight, f: Fighter, t: Fighter, closing: str | None,
           weapon: Weapon | None = None) -> Gen:
    """Declare an attack landing now; it resolves with every attack of this tenth."""
    if closing is not None and f.alternating:
        f.alt_next = 0  # the closing blow starts the alternation with the first weapon
    w = weapon or fight.weapon_for(f)
    if w is None:
        lose_attack(fight, f, t, "no weapon in hand", closing)
        return
    now = fight.env.now
    if fight.bucket_t != now:
        fight.bucket = []
        fight.bucket_t = now
        trigger = fight.env.timeout(0)
        trigger.callbacks.append(lambda _e, b=fight.bucket: melee.resolve_tenth(fight, b))
    fight.intent_seq += 1
    done = fight.env.event()
    fight.bucket.append(melee.Intent(f, t, w, closing, fight.intent_seq, done))
    if f.alternating:
        f.last_struck = f.alt_next
        f.alt_next = 1 - f.alt_next
    else:
        f.last_struck = 0
    yield done


def do_retreat(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Retreat: two moves back and up to two turns as one action taking one walk back;
    no active defence meanwhile. The first move is the advantage move, made at once; the
    second at its end. A single action: a reaction forced meanwhile waits for its end
    (``rules.retreat_reaction``); what stops a move (no free hex away, a block that holds)
    ends its moves, logged (``tenths.retreat_cut``). With nowhere to go it is not made."""
    opp = fight.fighters[step.target]  # type: ignore[index]
    head = f.plan_head
    if head is not None and head.action == "retreat":
        f.pop_plan()
    first = fight.step_away(f, opp.at)
    if first is None:  # (taken since the stopped attack): a Retreat needs somewhere to go
        fight.emit(RetreatCut, actor=f.id, target=opp.id, moves=0, cause="no free hex")
        return
    end = fight.env.now + f.stats.walk + fight.rules.walk_back_extra
    fight.start_action(f, "retreat", end, target=opp.id)
    f.no_defence_until = end
    f.retreat_from, f.retreat_moves = opp.id, 0
    try:
        moving = _retreat_move(fight, f, opp, first)
        try:
            yield from run_to(fight, f, end)
        except Preempted as p:  # (retreat_reaction = "cuts")
            fight.emit(RetreatCut, actor=f.id, target=opp.id, moves=f.retreat_moves,
                       cause=p.cause.reason)
            raise
        if moving:
            _retreat_move(fight, f, opp, fight.step_away(f, opp.at))
    finally:
        f.retreat_from = None
    fight.end_action(f)
    forced, f.after_retreat = f.after_retreat, None
    if forced is not None:
        f.forced = f.forced or forced  # the reaction forced during the Retreat, now over
    elif f.hurt and not f.engaged and f.policy.withdraw(fight, f):
        fight.flee(f)  # broken off from everyone: a badly hurt retreater leaves the fight


def _retreat_move(fight: Fight, f: Fighter, opp: Fighter, to: tuple[int, int] | None) -> bool:
    """One move of a Retreat; False (logged) when there is no free hex away or a block
    holds: the Retreat makes no more moves."""
    blocker = fight.blocker_of(f, to) if to is not None else None
    if to is None or not fight.move(f, to, "retreat"):
        cause = "no free hex" if to is None else f"blocked by {blocker.id if blocker else '?'}"
        fight.emit(RetreatCut, actor=f.id, target=opp.id, moves=f.retreat_moves, cause=cause)
        f.retreat_from = None  # (cut: nothing else cuts it again)
        return False
    f.retreat_moves += 1
    return True


# ---------------------------------------------------------------- reactions and targets


def reaction(fight: Fight, f: Fighter, cause: str, action: str | None = None,
             **fields: Any) -> Gen:
    """A reaction time: d10 - Best Skill tenths, at least one; no active defence.
    ``action``: the plan action it serves (target, defend_only, style), logged first."""
    roll = fight.dice.d10()
    tenths = resolve.reaction_time(roll, f.skill)
    now = fight.env.now
    end = now + tenths
    if action is not None:
        fight.start_action(f, action, end, **fields)
    f.reacting = True
    f.aware = True  # (surprise rules) reacting, it is aware: it answers once it is over
    f.no_defence_until = max(f.no_defence_until, end)
    fight.emit(ev.Reaction, actor=f.id, cause=cause, roll=roll, tenths=tenths, skill=f.skill,
               end=end)
    if f.act is None:
        f.act = "react"
        f.act_start = now
        f.shift = 0
    try:
        yield from run_to(fight, f, end)
    finally:
        f.reacting = False


def do_react(fight: Fight, f: Fighter, step: Step) -> Gen:
    """A reaction that ends with a new target: forced by the attack of a non-target (or
    a surprise), or taken to find a target."""
    yield from reaction(fight, f, step.reason or "attacked")
    fight.end_action(f)
    f.aware = True
    other = fight.fighters.get(step.target or "")
    if other is None or not other.able:
        return
    if step.reason in ("attacked by non-target", "surprised"):
        pick = f.policy.after_reaction(fight, f, other)
        if pick is not None and pick is not f.target and f.defend_targets is None \
                and fight.can_target(f, pick):
            fight.set_target(f, pick)
    elif fight.can_target(f, other):
        fight.set_target(f, other)


def do_target(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Change target (or leave defend-only): a reaction time."""
    new = fight.fighters[step.target]  # type: ignore[index]
    yield from reaction(fight, f, "target change", "target", target=new.id)
    if new.able and fight.can_target(f, new):
        fight.end_action(f)
        fight.set_target(f, new)
    else:
        cause = "target out" if not new.able else "target at its back (blocking)"
        fight.emit(ev.Interrupted, actor=f.id, name="target", cause=cause)
        fight.end_action(f)


def do_defend_only(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Defend only against two targets: the time to select them is a reaction time."""
    targets = tuple(step.targets or ())
    yield from reaction(fight, f, "defend only", "defend_only", targets=targets)
    alive = tuple(t for t in targets if fight.fighters[t].able)
    if len(alive) == 2 and fight.covering(f, alive) is not None:
        fight.end_action(f)
        fight.set_defend_only(f, alive)
        return
    # one fell, or they moved meanwhile so that no facing has both in front ("a target
    # cannot be to the back"): no defend-only; the first of them (if it can be) is the target
    cause = "target out" if len(alive) < 2 else "a target would be to the back"
    fight.emit(ev.Interrupted, actor=f.id, name="defend_only", cause=cause)
    fight.end_action(f)
    first = fight.fighters[alive[0]] if alive else None
    if first is not None and first is not f.target and fight.can_target(f, first):
        fight.set_target(f, first)


def do_style(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Change two-weapon style: a reaction time."""
    yield from reaction(fight, f, "style change", "style", style=step.style)
    fight.end_action(f)
    f.style = step.style
    f.alt_next = 0
    f.last_struck = None
    fight.rearmed(f)


# ---------------------------------------------------------------- blocking


def do_block(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Take up a blocking position (Base Speed - 5) or move to another (Base Speed - 10)."""
    position = step.position or "centre"
    w = f.hand[0]
    moving = f.block is not None
    tenths = (resolve.block_move_time if moving else resolve.block_take_up_time)(w.base_speed)
    end = fight.env.now + tenths + fight.take_carry(f)
    fight.start_action(f, "block", end, position=position, weapon=w.name)
    if moving:
        fight.drop_block(f, "changing position")
    yield from run_to(fight, f, end)
    fight.end_action(f)
    taken = fight.block_occupied(f, position)
    if taken is not None:  # (it was free when the action began: entered meanwhile)
        fight.emit(ev.Interrupted, actor=f.id, name="block",
                   cause=f"blocked hex occupied: {list(taken)}")
        return
    fight.take_block(f, position)


# ---------------------------------------------------------------- weapons


def _weapon_named(weapons: list[Weapon], name: str | None) -> Weapon | None:
    return next((w for w in weapons if w.name == name), None)


def _weapon_action(fight: Fight, f: Fighter, name: str, w: Weapon, tenths: int,
                   no_defence: bool = False) -> Gen:
    """The common part of the weapon changes: an action of ``tenths`` (plus time carried
    in) that ends a blocking position, with no active defence when ``no_defence``."""
    end = fight.env.now + tenths + fight.take_carry(f)
    fight.start_action(f, name, end, weapon=w.name)
    fight.drop_block(f, name)
    if no_defence:
        f.no_defence_until = max(f.no_defence_until, end)
    yield from run_to(fight, f, end)
    fight.end_action(f)


def _rearmed(fight: Fight, f: Fighter) -> None:
    """Weapons in hand changed: the next blow starts a new sequence, and combatants now
    both out of range (nothing that reaches) break off."""
    f.alt_next = 0
    f.last_struck = None
    fight.rearmed(f)
    for oid in tuple(f.engaged):
        fight.check_break_off(f, fight.fighters[oid])


def do_draw(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Draw a weapon: its base speed."""
    w = _weapon_named(f.sheathed, step.weapon)
    assert w is not None
    yield from _weapon_action(fight, f, "draw", w, w.base_speed)
    if w in f.sheathed and arms.free_hands(f) >= w.hands:
        f.sheathed.remove(w)
        f.hand.append(w)
        if len(f.hand) == 2 and f.style is None:
            f.style = arms.MAIN
        _rearmed(fight, f)


def do_sheathe(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Sheathe a weapon: its base speed."""
    w = _weapon_named(f.hand, step.weapon)
    assert w is not None
    yield from _weapon_action(fight, f, "sheathe", w, w.base_speed)
    if w in f.hand:
        f.hand.remove(w)
        f.sheathed.append(w)
        _rearmed(fight, f)


def do_drop(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Drop a weapon: two tenths. It lies on the map where its owner stood."""
    w = _weapon_named(f.hand, step.weapon)
    assert w is not None
    yield from _weapon_action(fight, f, "drop", w, SEED.drop_time)
    if w in f.hand:
        f.hand.remove(w)
        fight.map.drop(f.at, w)
        _rearmed(fight, f)
        fight.emit(Dropped, actor=f.id, weapon=w.name, at=f.at)


def do_pick_up(fight: Fight, f: Fighter, step: Step) -> Gen:
    """Pick up a weapon from one's own hex: two Walk moves, no active defence."""
    at = f.at
    w = next((x for x in fight.map.ground.get(at, ()) if x.name == step.weapon), None)
    assert w is not None
    yield from _weapon_action(fight, f, "pick_up", w, resolve.pick_up_time(f.stats.walk),
                              no_defence=True)
    if f.at != at:
        fight.emit(ev.Interrupted, actor=f.id, name="pick_up", cause="no longer in its hex")
        return
    if arms.free_hands(f) >= w.hands and fight.map.pick(at, w):
        f.hand.append(w)
        _rearmed(fight, f)
        fight.emit(PickedUp, actor=f.id, weapon=w.name, at=at)
