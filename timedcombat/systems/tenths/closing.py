"""Closing for combat (seed 004): paired closing actions and their exchange.

When a combatant starts a closing action against an opponent, the opponent answers
with a closing action of its own unless it is already in combat or approached from the
back (or, under the surprise rules, unaware). When is documented in docs/rules/tenths.md:

* on the same tenth, when the closer is its target and it is free to break off what it
  is doing;
* when the closer is not its target, after a target change (a reaction time: "Changing
  target takes a reaction time"; it knows only its target's current action, so it picks
  its answer once the closer is its target);
* when it is busy with something it cannot break off (a reaction, a target or style
  change, defend-only selection, a retreat, a pick-up, taking up a block, or a closing
  exchange of its own), as soon as that is over, if the closing action is still under way
  and it is still not in combat.

The two actions form an :class:`Exchange`; it is over when both have made or lost their
attack (or, for Wait, Defend and Avoid, let the other's play out). An exchange in which an
attack was made leaves both in combat.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from timedcombat.hexmap import distance, is_back
from timedcombat.systems.tenths import arms, blows, exchange, resolve
from timedcombat.systems.tenths.exchange import Exchange, finish_closing
from timedcombat.systems.tenths.fighter import Fighter, Step
from timedcombat.systems.tenths.rules import CLOSING_ACTIONS
from timedcombat.systems.tenths.signals import UNINTERRUPTIBLE, WAKE, Preempt, Preempted

if TYPE_CHECKING:
    from timedcombat.systems.tenths.context import Context

def do_respond(ctx: Context, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    """Answer an opponent's closing action with one of one's own (same tenth); against a
    Wait from too far for an Attack or Charge to reach, walk in first."""
    opp = ctx.fighters[step.target]  # type: ignore[index]
    head = f.plan_head
    if head is not None and head.action in CLOSING_ACTIONS:
        f.pop_plan()
        kind = head.action
    else:
        kind = ctx.not_futile(f, opp, f.policy.respond(ctx, f, opp, opp.closing))
    if opp.closing == "wait" and must_walk_in(ctx, f, opp, kind, MOVES.get(kind, 0)):
        ex = f.exchange
        if not (yield from walk_in(ctx, f, opp, kind, ex)):
            return
    yield from do_closing(ctx, f, Step(kind, target=opp.id, closing=True))


# --------------------------------------------------------------------------- walking in

WALK_IN = "walk in"
"""The cause with which an Attack or Charge answered by a Wait it cannot reach is broken
off on its first tenth: the attacker walks in first (``rules.wait_walk_in``)."""
MOVES = {"attack": 1, "charge": 2}
"""Moves toward the opponent an attacking closing action makes."""


def must_walk_in(ctx: Context, f: Fighter, t: Fighter, kind: str, moves: int) -> bool:
    """``f``'s Attack or Charge against ``t``, who waits ("Let opponent make first attack,
    making no move"), would end out of reach with the ``moves`` it has left."""
    return (kind in MOVES and ctx.rules.wait_walk_in
            and distance(f.at, t.at) > ctx.reach(f) + moves)


def park(f: Fighter) -> None:
    """``f`` gave up its closing action to walk in first: its exchange stays open (the
    waiter still lets it come) while it walks."""
    f.parked = f.exchange
    f.closing = None
    f.anti_parry_bonus = 0


def unpark(ctx: Context, f: Fighter) -> None:
    """``f`` does not walk in after all (forced to do something else): its side of the
    exchange is over, with no attack."""
    ex, f.parked = f.parked, None
    if ex is not None and ex.open:
        ex.kinds[f.id] = "abandoned"
        ex.settled.add(f.id)
        finish_closing(ctx, f, ex)
        other = ex.partner(f)
        if ex.open and other.closing == "set":
            ctx.poke(other, WAKE)


def do_walk_in(ctx: Context, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    """Walk in on a waiting opponent, then make the closing action given up for it."""
    t = ctx.fighters[step.target]  # type: ignore[index]
    kind = step.reason or "attack"
    ex, f.parked = f.parked, None
    if ex is None or not ex.open:
        return
    f.exchange = ex
    if (yield from walk_in(ctx, f, t, kind, ex)):
        yield from do_closing(ctx, f, Step(kind, target=t.id, closing=True))


def walk_in(ctx: Context, f: Fighter, t: Fighter, kind: str,
            ex: Exchange | None) -> Generator[Any, Any, bool]:
    """Walk toward ``t``, a hex at a time (each a Walk move), until ``kind``'s moves reach
    it, or no hex closer is free, or a block holds. True when the closing action is still
    to be made (the exchange open, both able)."""
    moves = MOVES[kind]
    try:
        while f.able and t.able and ex is not None and ex.open and not f.engaged \
                and distance(f.at, t.at) > ctx.reach(f) + moves \
                and ctx.can_step_toward(f, t.at):
            end = ctx.env.now + f.stats.walk + ctx.take_carry(f)
            ctx.start_action(f, "move", end, target=t.id, mode="walk")
            yield from ctx.run_to(f, end)
            ctx.end_action(f)
            nxt = ctx.step_toward(f, t.at)
            if nxt is None or not ctx.move(f, nxt, "walk"):
                break
    except Preempted:
        if ex is not None:
            f.parked = ex
            unpark(ctx, f)  # broken off: no closing action after all
        raise
    ok = ex is not None and ex.open and f.able and t.able and not f.engaged
    if not ok and ex is not None:  # (in combat meanwhile: no closing action now)
        f.parked = ex
        unpark(ctx, f)
    return ok


def must_answer(t: Fighter, f: Fighter) -> bool:
    """``t`` answers ``f``'s closing action: it is not in combat, not approached from the
    back, and (surprise rules) aware."""
    return t.able and not t.engaged and t.aware and not is_back(t.at, t.facing, f.at)


def free_to_answer(t: Fighter) -> bool:
    """``t`` can break off what it is doing to answer now."""
    return (t.act not in UNINTERRUPTIBLE and not t.reacting
            and (t.exchange is None or not t.exchange.open))


def watches(t: Fighter, f: Fighter) -> bool:
    """``f`` is ``t``'s target (or one of its two defend-only targets)."""
    if t.defend_targets is not None:
        return f.id in t.defend_targets
    return t.target is f


def open_exchange(ctx: Context, f: Fighter, t: Fighter) -> Exchange:
    ex = t.exchange
    if ex is not None and ex.open and ex.partner(t) is f:
        return ex  # f answers t
    ex = Exchange(f, t)
    if must_answer(t, f) and free_to_answer(t) and watches(t, f):
        t.exchange = ex  # it answers on this very tenth
        ctx.poke(t, Preempt("closing", Step("respond", target=f.id)))
        return ex
    ex.pending.discard(t.id)  # it joins the exchange when (if) it answers
    ex.settled.add(t.id)
    if must_answer(t, f):
        t.approaches.append((f, ex))
        if free_to_answer(t):
            # a non-target closes: change target first (a reaction), then answer
            ctx.poke(t, Preempt("approached", Step("target", target=f.id,
                                                   reason="approached")))
    return ex


def owed_answer(ctx: Context, f: Fighter) -> Step | None:
    """The answer ``f`` still owes to a closing action against it, if any is still due:
    to its target's at once, else (the first closer's) after a target change."""
    f.approaches = [(a, ex) for a, ex in f.approaches
                    if a.able and f.able and not f.engaged and a.closing is not None
                    and a.exchange is ex and ex.open]  # over, or it got into combat
    for a, ex in f.approaches:
        if watches(f, a):
            f.approaches.remove((a, ex))
            return Step("respond", target=a.id)
    if f.approaches:
        return Step("target", target=f.approaches[0][0].id, reason="approached")
    return None


def do_closing(ctx: Context, f: Fighter, step: Step) -> Generator[Any, Any, None]:
    t = ctx.fighters[step.target]  # type: ignore[index]
    kind = step.name
    now = ctx.env.now
    if not watches(f, t):
        ctx.set_target(f, t)  # (a combatant's first target; changes take a reaction)
    ex = open_exchange(ctx, f, t)
    f.exchange = ex
    ex.kinds[f.id] = kind
    ex.pending.add(f.id)  # a late answer joins: the exchange waits for it too
    ex.settled.discard(f.id)
    if kind in ("set", "attack", "charge"):
        ctx.drop_block(f, "attack")  # a blocking position is lost as an attack begins
    f.first_attack_after = None  # a new closing: no Wait/Defend first blow is owed
    # two weapons both attacking: a closing blow is made with the first weapon
    w = f.hand[0] if f.alternating else ctx.weapon_for(f)
    walk_back = f.stats.walk + ctx.rules.walk_back_extra
    sched = resolve.closing_schedule(kind, arms.base_speed(f), f.stats.walk, f.stats.run,
                                     walk_back)
    f.closing = kind
    f.closing_start = now
    f.in_range_since = now if kind == "set" and ctx.can_attack(f, t) else None
    if sched.defence_modifier:
        f.defence_mods[t.id] = sched.defence_modifier
    f.anti_parry_bonus = sched.anti_parry_bonus
    carry = ctx.take_carry(f)
    ctx.start_action(f, kind, now + sched.duration + carry, target=t.id,
                     weapon=w.name if w else None, closing=True)
    f.shift = carry
    answered = t.exchange is ex
    f.moves_left = sum(1 for _, d in sched.moves if d == resolve.TOWARD)
    if kind == "wait":
        _walk_in_on_me(ctx, f, ex)
    for i, (offset, direction) in enumerate(sched.moves):
        f.due = now + offset + f.shift
        yield from ctx.hold(f, False)
        if not t.able:
            break
        if direction == resolve.AWAY:
            nxt = ctx.step_away(f, t.at)
            if nxt is not None and not ctx.move(f, nxt, "closing"):
                break
            continue
        f.moves_left -= 1
        last = i == len(sched.moves) - 1
        answered = answered or t.exchange is ex or bool(t.engaged)
        if (last and not answered and sched.attack_at is not None
                and _closes_in(ctx, f, t) and f.policy.wants_close(ctx, f, t)):
            ctx.enter_close(f, t, "close_quarters")  # unanswered, from the back: close in
        elif not ctx.can_attack(f, t):
            nxt = ctx.step_toward(f, t.at)
            if nxt is not None and not ctx.move(f, nxt, "closing",
                                                running=kind == "charge"):
                break  # stopped by a block: the closing action's moves end there
    f.due = now + sched.duration + f.shift
    yield from ctx.hold(f, False)
    ctx.end_action(f)
    ex.settled.add(f.id)
    if ex.partner(f).closing == "set":
        ctx.poke(ex.partner(f), WAKE)
    if sched.attack_at is not None:
        if ctx.can_attack(f, t):
            yield from blows.strike(ctx, f, t, closing=kind)
        else:
            blows.lose_attack(ctx, f, t, "out of range", kind, w)
    elif kind == "set":
        yield from set_attack(ctx, f, t, ex)
    finish_closing(ctx, f, ex)
    if f.id not in ex.first_attack:
        # no attack of its own (Wait, Defend, Avoid, or one lost): let the opponent's
        # closing play out before deciding anything else
        while ex.open and f.able and not ctx.over:
            f.due = None
            yield from ctx.hold(f)


def _walk_in_on_me(ctx: Context, f: Fighter, ex: Exchange) -> None:
    """``f`` Waits in answer to an Attack or Charge under way (begun on this tenth, or
    earlier when the answer comes late) whose moves left cannot reach it: the attacker
    breaks it off to walk in first (it knows its target's action)."""
    other = ex.partner(f)
    kind = ex.kinds.get(other.id)
    if (kind is not None and other.closing == kind and other.act == kind
            and must_walk_in(ctx, other, f, kind, other.moves_left)):
        ctx.poke(other, Preempt(WALK_IN, Step("walk_in", target=f.id, reason=kind)))


def set_attack(ctx: Context, f: Fighter, t: Fighter, ex: Exchange) -> Generator[Any, Any, None]:
    """Set: attack after base time, or one tenth after the opponent comes in range."""
    base = arms.base_speed(f)
    while t.able and f.able:
        if ctx.can_attack(f, t):
            if f.in_range_since is None:  # came in range unseen (e.g. the setter moved)
                f.in_range_since = ctx.env.now
            f.due = resolve.set_attack_time(f.closing_start, base, f.in_range_since) \
                + f.shift
            if (yield from ctx.hold(f)):
                if ctx.can_attack(f, t):
                    yield from blows.strike(ctx, f, t, closing="set")
                    return
                f.in_range_since = None
            continue
        f.in_range_since = None
        if t.id in ex.settled:
            blows.lose_attack(ctx, f, t, "never in range", "set", ctx.weapon_for(f))
            return
        f.due = None
        yield from ctx.hold(f)
    if not t.able:
        blows.lose_attack(ctx, f, t, "target out", "set", ctx.weapon_for(f))


def _closes_in(ctx: Context, f: Fighter, t: Fighter) -> bool:
    """``f`` is next to ``t`` with a short weapon in hand and ``t`` stands alone: it can
    step into its hex (only a closing action that attacks does: the attack puts the two
    in combat)."""
    return (distance(f.at, t.at) == 1 and ctx.can_close_in(f, t)
            and any(w.reach == "short" for w in f.hand))


def abandon_closing(ctx: Context, f: Fighter, running: bool) -> None:
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
            blows.lose_attack(ctx, f, f.target, "abandoned", f.closing,
                              ctx.weapon_for(f))
        # its closing action is over: a Set waiting for it to come in range learns
        # that it never will (else the Set, and the exchange, would wait for ever)
        ex.settled.add(f.id)
        exchange.finish_closing(ctx, f, ex)
        f.closing = None
        other = ex.partner(f)
        if ex.open and other.closing == "set":
            ctx.poke(other, WAKE)
