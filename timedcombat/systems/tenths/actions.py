"""Actions a combatant performs in combat and out of it: moves, blows, retreats,
reactions. Each is a simpy generator run by the combatant's own process; effects on
others go through :meth:`Fight.poke`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from timedcombat import events as ev
from timedcombat.systems.tenths import resolve
from timedcombat.systems.tenths.events import AttackLost
from timedcombat.systems.tenths.fighter import Fighter, Step

if TYPE_CHECKING:
    from timedcombat.systems.tenths.engine import Fight

def do_move(fight: Fight, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    mode = step.mode or "walk"
    rate = f.stats.run if mode == "run" else f.stats.walk
    end = fight.env.now + rate + fight.take_carry(f)
    goal = step.to
    if goal is None and step.target is not None:
        goal = fight.pos(fight.fighters[step.target])
    if goal is None or goal == fight.pos(f):
        f.due = None
        yield from fight.hold(f)
        return
    fight.start_action(f, "move", end, to=goal, mode=mode, target=step.target)
    f.due = end
    while not (yield from fight.hold(f)):
        pass
    if step.to is None and step.target is not None:
        goal = fight.pos(fight.fighters[step.target])
    nxt = fight.step_toward(f, goal)
    if nxt is None:
        fight.emit(ev.Interrupted, actor=f.id, name="move", cause="blocked")
    elif step.to is None and (o := fight.enters_range(f, nxt)) is not None:
        fight.emit(ev.Interrupted, actor=f.id, name="move", cause=f"closing needed: {o.id}")
    else:
        fight.move(f, nxt, mode)
        if step.to is not None and nxt != step.to and f.plan_index > 0:
            # a scripted move goes on hex by hex until it arrives
            f.forced = Step("move", target=step.target, to=step.to, mode=mode)
    fight.end_action(f)

# ------------------------------------------------------------------ closing


def lose_attack(fight: Fight, f: Fighter, t: Fighter, reason: str, closing: str | None) -> None:
    """An attack that cannot be made is lost, and so is its bonus."""
    fight.emit(AttackLost, actor=f.id, target=t.id, reason=reason, closing=closing,
              weapon=f.weapon.name)
    f.anti_parry_bonus = 0

# ------------------------------------------------------------------ fighting


def do_attack(fight: Fight, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    t = f.target
    assert t is not None
    w = f.weapon
    now = fight.env.now
    if f.first_attack_after is not None:
        end = max(f.first_attack_after, now + 1)
        f.first_attack_after = None
    else:
        end = now + w.base_speed
    end += fight.take_carry(f)
    fight.start_action(f, "attack", end, target=t.id, weapon=w.name)
    f.due = end
    while not (yield from fight.hold(f)):
        pass
    fight.end_action(f)
    if not t.able or f.target is not t:
        lose_attack(fight, f, t, "target out" if not t.able else "target changed", None)
    elif fight.can_attack(f, t):
        yield from strike(fight, f, t, closing=None)
    else:
        lose_attack(fight, f, t, "out of range", None)


def strike(fight: Fight, f: Fighter, t: Fighter, closing: str | None) -> Generator[Any, Any, None]:
    """Declare an attack landing now; it resolves with every attack of this tenth."""
    from timedcombat.systems.tenths.melee import Intent, resolve_tenth

    now = fight.env.now
    if fight.bucket_t != now:
        fight.bucket = []
        fight.bucket_t = now
        trigger = fight.env.timeout(0)
        trigger.callbacks.append(lambda _e, b=fight.bucket: resolve_tenth(fight, b))
    fight.intent_seq += 1
    done = fight.env.event()
    fight.bucket.append(Intent(f, t, f.weapon, closing, fight.intent_seq, done))
    yield done


def do_retreat(fight: Fight, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    """Retreat: two moves back and up to two turns as one action taking one walk back;
    no active defence meanwhile. The first move is the advantage move."""
    opp = fight.fighters[step.target]  # type: ignore[index]
    now = fight.env.now
    end = now + f.stats.walk + fight.rules.walk_back_extra
    head = f.plan_head
    if head is not None and head.action == "retreat":
        f.pop_plan()
    fight.start_action(f, "retreat", end, target=opp.id)
    f.no_defence_until = end
    nxt = fight.step_away(f, fight.pos(opp))
    if nxt is not None:
        fight.move(f, nxt, "retreat")
    f.due = end
    while not (yield from fight.hold(f)):
        pass
    nxt = fight.step_away(f, fight.pos(opp))
    if nxt is not None:
        fight.move(f, nxt, "retreat")
    fight.end_action(f)
    if f.hurt and opp.id not in f.engaged and f.policy.withdraw(fight, f):
        fight.flee(f)


def do_react(fight: Fight, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    """A forced reaction: d10 - Best Skill tenths (at least one), no active defence."""
    roll = fight.dice.d10()
    tenths = resolve.reaction_time(roll, f.skill)
    now = fight.env.now
    f.reacting = True
    f.no_defence_until = max(f.no_defence_until, now + tenths)
    fight.emit(ev.Reaction, actor=f.id, cause=step.reason or "attacked", roll=roll,
              tenths=tenths, skill=f.skill, end=now + tenths)
    f.act = "react"
    f.act_start = now
    f.shift = 0
    f.due = now + tenths
    try:
        while not (yield from fight.hold(f)):
            pass
    finally:
        f.reacting = False
    fight.end_action(f)
    new = fight.fighters.get(step.target or "")
    if new is not None and new.able:
        fight.set_target(f, new)

# ------------------------------------------------------------------ pairs, damage, end

