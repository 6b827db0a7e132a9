"""The ``tenths`` action table: :data:`ACTIONS` maps each word of the plan vocabulary to
its handler, ``handler(ctx, fighter, step)``; :data:`OWN_STEPS` has the steps the
engine decides by itself (an answer to a closing action, a reaction, standing guard ...).

The handlers of moves, blows, retreats, reactions and target changes, blocking positions
and weapon changes are here; the closing actions' are in :mod:`.closing`. Each is a
generator the combatant's own process drives (``yield from``): it waits only through
``ctx.hold`` / ``ctx.run_to``; effects on others go through ``ctx.poke``.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from timedcombat import events as ev
from timedcombat.systems.tenths import arms, blows, closing, resolve
from timedcombat.systems.tenths.events import Dropped, PickedUp, RetreatCut
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.rules import SEED, Weapon
from timedcombat.systems.tenths.signals import Preempted

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context

GUARD_RECHECK = 10
"""Engine, not rule: a combatant standing guard looks again every second."""

Gen = Generator[Any, Any, None]


def do_guard(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Stand (blocking, defending only, or with nothing to do) until something changes."""
    f.due = ctx.env.now + GUARD_RECHECK
    yield from ctx.hold(f)
    f.due = None


# ---------------------------------------------------------------- movement


def do_move(ctx: Context, f: Fighter, step: Step) -> Gen:
    """One hex of walking or running, the hex changing at the end of the move's time."""
    mode = step.mode or "walk"
    rate = f.stats.run if mode == "run" else f.stats.walk
    goal = step.to
    if goal is None and step.target is not None:
        goal = ctx.fighters[step.target].at
    if goal is None or goal == f.at:
        yield from do_guard(ctx, f, step)
        return
    if not ctx.can_step_toward(f, goal):
        # every hex toward the goal is taken: stand until a hex next to it frees up or
        # the target moves (no timer, no log line)
        yield from ctx.wait_blocked(f)
        return
    end = ctx.env._now + rate + ctx.take_carry(f)
    ctx.start_action(f, "move", end, to=goal if step.to else None, mode=mode,
                     target=step.target)
    yield from ctx.run_to(f, end)
    ctx.end_action(f)
    if step.to is None and step.target is not None:
        goal = ctx.fighters[step.target].at
    nxt = ctx.step_toward(f, goal)
    if nxt is None:
        ctx.emit(ev.Interrupted, actor=f.id, name="move", cause="no free hex")
        return
    if f.close:
        return  # close quarters are left by a dodge or a retreat, not by walking off
    other = None if f.engaged else ctx.enters_range(f, nxt)
    if other is not None:
        # a move that brings an enemy in range needs a closing action against it: against
        # the target at once; another enemy must first become the target (a reaction)
        ctx.emit(ev.Interrupted, actor=f.id, name="move", cause=f"closing needed: {other.id}")
        if other is f.target and f.defend_targets is None:
            kind = f.policy.closing(ctx, f, other)
            f.forced = Step(ctx.not_futile(f, other, kind), target=other.id,
                            closing=True) if kind is not None else None
        else:
            f.forced = Step("target", target=other.id, reason="closing needed")
        return
    if not ctx.move(f, nxt, mode):
        return
    if step.to is not None and nxt != step.to:
        f.forced = Step("move", target=step.target, to=step.to, mode=mode)  # hex by hex


# ---------------------------------------------------------------- blows


def do_attack(ctx: Context, f: Fighter, step: Step) -> Gen:
    """A blow on the weapon's base speed (alternate style: on the two weapons' schedule)."""
    t = f.target
    assert t is not None
    w = ctx.weapon_for(f)
    if w is None:
        yield from do_guard(ctx, f, step)
        return
    if f.block is not None:
        ctx.drop_block(f, "attack")  # a blocking position is lost as an attack begins
    f.anti_parry_bonus = 0  # an ordinary blow: no charge bonus
    now = ctx.env._now  # (simpy's clock, read without a call: see process.hold)
    if f.first_attack_after is not None:
        end = max(f.first_attack_after, now + 1)
        f.first_attack_after = None
    elif not f.alternating:
        end = now + w.base_speed  # the weapon that strikes (a shield at close quarters)
    elif f.last_struck is None:
        end = now + arms.base_speed(f)
    else:
        end = now + arms.blow_interval(f, f.last_struck)
    end += ctx.take_carry(f)
    ctx.start_action(f, "attack", end, target=t.id, weapon=w.name)
    yield from ctx.run_to(f, end)
    ctx.end_action(f)
    w = ctx.weapon_for(f) or w
    if not t.able or f.target is not t:
        blows.lose_attack(ctx, f, t, "target out" if not t.able else "target changed", None, w)
    elif ctx.can_attack(f, t):
        yield from blows.strike(ctx, f, t, None, w)
    else:
        blows.lose_attack(ctx, f, t, "out of range", None, w)


def do_retreat(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Retreat: two moves back and up to two turns as one action taking one walk back;
    no active defence meanwhile. The first move is the advantage move, made at once; the
    second at its end. A single action: a reaction forced meanwhile waits for its end
    (``rules.retreat_reaction``); what stops a move (no free hex away, a block that holds)
    ends its moves, logged (``tenths.retreat_cut``). With nowhere to go it is not made."""
    opp = ctx.fighters[step.target]  # type: ignore[index]
    head = f.plan_head
    if head is not None and head.action == "retreat":
        f.pop_plan()
    first = ctx.step_away(f, opp.at)
    if first is None:  # (taken since the stopped attack): a Retreat needs somewhere to go
        ctx.emit(RetreatCut, actor=f.id, target=opp.id, moves=0, cause="no free hex")
        return
    end = ctx.env.now + f.stats.walk + ctx.rules.walk_back_extra
    ctx.start_action(f, "retreat", end, target=opp.id)
    f.no_defence_until = end
    f.retreat_from, f.retreat_moves = opp.id, 0
    try:
        moving = _retreat_move(ctx, f, opp, first)
        try:
            yield from ctx.run_to(f, end)
        except Preempted as p:  # (retreat_reaction = "cuts")
            ctx.emit(RetreatCut, actor=f.id, target=opp.id, moves=f.retreat_moves,
                     cause=p.cause.reason)
            raise
        if moving:
            _retreat_move(ctx, f, opp, ctx.step_away(f, opp.at))
    finally:
        f.retreat_from = None
    ctx.end_action(f)
    forced, f.after_retreat = f.after_retreat, None
    if forced is not None:
        f.forced = f.forced or forced  # the reaction forced during the Retreat, now over
    elif f.hurt and not f.engaged and f.policy.withdraw(ctx, f):
        ctx.flee(f)  # broken off from everyone: a badly hurt retreater leaves the fight


def _retreat_move(ctx: Context, f: Fighter, opp: Fighter, to: tuple[int, int] | None) -> bool:
    """One move of a Retreat; False (logged) when there is no free hex away or a block
    holds: the Retreat makes no more moves."""
    blocker = ctx.blocker_of(f, to) if to is not None else None
    if to is None or not ctx.move(f, to, "retreat"):
        cause = "no free hex" if to is None else f"blocked by {blocker.id if blocker else '?'}"
        ctx.emit(RetreatCut, actor=f.id, target=opp.id, moves=f.retreat_moves, cause=cause)
        f.retreat_from = None  # (cut: nothing else cuts it again)
        return False
    f.retreat_moves += 1
    return True


# ---------------------------------------------------------------- reactions and targets


def reaction(ctx: Context, f: Fighter, cause: str, action: str | None = None,
             **fields: Any) -> Gen:
    """A reaction time: d10 - Best Skill tenths, at least one; no active defence.
    ``action``: the plan action it serves (target, defend_only, style), logged first."""
    roll = ctx.dice.d10()
    tenths = resolve.reaction_time(roll, f.skill)
    now = ctx.env._now  # (simpy's clock, read without a call: see process.hold)
    end = now + tenths
    if action is not None:
        ctx.start_action(f, action, end, **fields)
    f.reacting = True
    f.aware = True  # (surprise rules) reacting, it is aware: it answers once it is over
    f.no_defence_until = max(f.no_defence_until, end)
    ctx.emit(ev.Reaction, actor=f.id, cause=cause, roll=roll, tenths=tenths, skill=f.skill,
             end=end)
    if f.act is None:
        f.act = "react"
        f.act_start = now
        f.shift = 0
    try:
        yield from ctx.run_to(f, end)
    finally:
        f.reacting = False


def do_react(ctx: Context, f: Fighter, step: Step) -> Gen:
    """A reaction that ends with a new target: forced by the attack of a non-target (or
    a surprise), or taken to find a target."""
    yield from reaction(ctx, f, step.reason or "attacked")
    ctx.end_action(f)
    f.aware = True
    other = ctx.fighters.get(step.target or "")
    if other is None or not other.able:
        return
    if step.reason in ("attacked by non-target", "surprised"):
        pick = f.policy.after_reaction(ctx, f, other)
        if pick is not None and pick is not f.target and f.defend_targets is None \
                and ctx.can_target(f, pick):
            ctx.set_target(f, pick)
    elif ctx.can_target(f, other):
        ctx.set_target(f, other)


def do_target(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Change target (or leave defend-only): a reaction time."""
    new = ctx.fighters[step.target]  # type: ignore[index]
    yield from reaction(ctx, f, "target change", "target", target=new.id)
    if new.able and ctx.can_target(f, new):
        ctx.end_action(f)
        ctx.set_target(f, new)
    else:
        cause = "target out" if not new.able else "target at its back (blocking)"
        ctx.emit(ev.Interrupted, actor=f.id, name="target", cause=cause)
        ctx.end_action(f)


def do_defend_only(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Defend only against two targets: the time to select them is a reaction time."""
    targets = tuple(step.targets or ())
    yield from reaction(ctx, f, "defend only", "defend_only", targets=targets)
    alive = tuple(t for t in targets if ctx.fighters[t].able)
    if len(alive) == 2 and ctx.covering(f, alive) is not None:
        ctx.end_action(f)
        ctx.set_defend_only(f, alive)
        return
    # one fell, or they moved meanwhile so that no facing has both in front ("a target
    # cannot be to the back"): no defend-only; the first of them (if it can be) is the target
    cause = "target out" if len(alive) < 2 else "a target would be to the back"
    ctx.emit(ev.Interrupted, actor=f.id, name="defend_only", cause=cause)
    ctx.end_action(f)
    first = ctx.fighters[alive[0]] if alive else None
    if first is not None and first is not f.target and ctx.can_target(f, first):
        ctx.set_target(f, first)


def do_style(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Change two-weapon style: a reaction time."""
    yield from reaction(ctx, f, "style change", "style", style=step.style)
    ctx.end_action(f)
    f.style = step.style
    f.alt_next = 0
    f.last_struck = None
    ctx.rearmed(f)


# ---------------------------------------------------------------- blocking


def do_block(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Take up a blocking position (Base Speed - 5) or move to another (Base Speed - 10)."""
    position = step.position or "centre"
    w = f.hand[0]
    moving = f.block is not None
    tenths = (resolve.block_move_time if moving else resolve.block_take_up_time)(w.base_speed)
    end = ctx.env.now + tenths + ctx.take_carry(f)
    ctx.start_action(f, "block", end, position=position, weapon=w.name)
    if moving:
        ctx.drop_block(f, "changing position")
    yield from ctx.run_to(f, end)
    ctx.end_action(f)
    taken = ctx.block_occupied(f, position)
    if taken is not None:  # (it was free when the action began: entered meanwhile)
        ctx.emit(ev.Interrupted, actor=f.id, name="block",
                 cause=f"blocked hex occupied: {list(taken)}")
        return
    ctx.take_block(f, position)


# ---------------------------------------------------------------- weapons


def _weapon_named(weapons: list[Weapon], name: str | None) -> Weapon | None:
    return next((w for w in weapons if w.name == name), None)


def _weapon_action(ctx: Context, f: Fighter, name: str, w: Weapon, tenths: int,
                   no_defence: bool = False) -> Gen:
    """The common part of the weapon changes: an action of ``tenths`` (plus time carried
    in) that ends a blocking position, with no active defence when ``no_defence``."""
    end = ctx.env.now + tenths + ctx.take_carry(f)
    ctx.start_action(f, name, end, weapon=w.name)
    ctx.drop_block(f, name)
    if no_defence:
        f.no_defence_until = max(f.no_defence_until, end)
    yield from ctx.run_to(f, end)
    ctx.end_action(f)


def _rearmed(ctx: Context, f: Fighter) -> None:
    """Weapons in hand changed: the next blow starts a new sequence, and combatants now
    both out of range (nothing that reaches) break off."""
    f.alt_next = 0
    f.last_struck = None
    ctx.rearmed(f)
    for oid in tuple(f.engaged):
        ctx.check_break_off(f, ctx.fighters[oid])


def do_draw(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Draw a weapon: its base speed."""
    w = _weapon_named(f.sheathed, step.weapon)
    assert w is not None
    yield from _weapon_action(ctx, f, "draw", w, w.base_speed)
    if w in f.sheathed and arms.free_hands(f) >= w.hands:
        f.sheathed.remove(w)
        f.hand.append(w)
        if len(f.hand) == 2 and f.style is None:
            f.style = arms.MAIN
        _rearmed(ctx, f)


def _let_go(ctx: Context, f: Fighter, step: Step, name: str,
            tenths: int | None) -> Generator[Any, Any, Weapon | None]:
    """Put the weapon in hand that ``step`` names out of the hand: action ``name`` of
    ``tenths`` (``None``: the weapon's base speed). The weapon, once out of the hand
    (``None``: no longer in it when the action ends)."""
    w = _weapon_named(f.hand, step.weapon)
    assert w is not None
    yield from _weapon_action(ctx, f, name, w, w.base_speed if tenths is None else tenths)
    if w not in f.hand:
        return None
    f.hand.remove(w)
    return w


def do_sheathe(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Sheathe a weapon: its base speed."""
    w = yield from _let_go(ctx, f, step, "sheathe", None)
    if w is not None:
        f.sheathed.append(w)
        _rearmed(ctx, f)


def do_drop(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Drop a weapon: two tenths. It lies on the map where its owner stood."""
    w = yield from _let_go(ctx, f, step, "drop", SEED.drop_time)
    if w is not None:
        ctx.map.drop(f.at, w)
        _rearmed(ctx, f)
        ctx.emit(Dropped, actor=f.id, weapon=w.name, at=f.at)


def do_pick_up(ctx: Context, f: Fighter, step: Step) -> Gen:
    """Pick up a weapon from one's own hex: two Walk moves, no active defence."""
    at = f.at
    w = next((x for x in ctx.map.ground.get(at, ()) if x.name == step.weapon), None)
    assert w is not None
    yield from _weapon_action(ctx, f, "pick_up", w, resolve.pick_up_time(f.stats.walk),
                              no_defence=True)
    if f.at != at:
        ctx.emit(ev.Interrupted, actor=f.id, name="pick_up", cause="no longer in its hex")
        return
    if arms.free_hands(f) >= w.hands and ctx.map.pick(at, w):
        f.hand.append(w)
        _rearmed(ctx, f)
        ctx.emit(PickedUp, actor=f.id, weapon=w.name, at=at)


# ---------------------------------------------------------------- the table


def do_attack_action(ctx: Context, f: Fighter, step: Step) -> Gen:
    """``attack``: the closing Attack (:func:`.closing.do_closing`) out of combat, a blow
    (:func:`do_attack`) in it."""
    return closing.do_closing(ctx, f, step) if step.closing else do_attack(ctx, f, step)


def do_hemmed(ctx: Context, f: Fighter, step: Step) -> Gen:
    """No way in: wait, hemmed in, for a hex to free up (no futile charge)."""
    return ctx.wait_blocked(f)


Handler = Callable[["Context", Fighter, Step], Gen]
"""An action handler: ``handler(ctx, fighter, step)``, a generator the process drives."""

ACTIONS: dict[str, Handler] = {
    # closing actions (seed 004, Closing)
    "set": closing.do_closing,
    "wait": closing.do_closing,
    "attack": do_attack_action,
    "defend": closing.do_closing,
    "charge": closing.do_closing,
    "avoid": closing.do_closing,
    # in combat, and at any time
    "retreat": do_retreat,
    "move": do_move,
    "target": do_target,
    "defend_only": do_defend_only,
    "block": do_block,
    "draw": do_draw,
    "sheathe": do_sheathe,
    "drop": do_drop,
    "pick_up": do_pick_up,
    "style": do_style,
}
"""Each word of the plan vocabulary (``loader.PLAN_VOCABULARY``) and its handler."""

OWN_STEPS: dict[str, Handler] = {
    "respond": closing.do_respond,  # answer a closing action against it
    "walk_in": closing.do_walk_in,  # walk in on a Wait first, then close
    "react": do_react,  # a reaction ending with a new target
    "guard": do_guard,  # stand until something changes
    "hemmed": do_hemmed,  # hemmed in: wait for a hex to free up
}
"""The steps the engine decides by itself (never written in a plan): a combatant's
process performs a step from :data:`ACTIONS`, else from here."""
