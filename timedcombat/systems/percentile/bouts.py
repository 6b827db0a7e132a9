"""A phase's steps in time order, and its grappling bouts: two moves made on each other
rolled together at the later tenth (a move alone at its own), the new position, its holds.

Functions over the :class:`~.context.Context`; the rules are :mod:`.grapple` (pure).
"""

from __future__ import annotations

from typing import Literal

from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.actions import perform
from timedcombat.systems.percentile.allowed import escape_refused, pm_of
from timedcombat.systems.percentile.board import let_go, put_hold, skip
from timedcombat.systems.percentile.condition import forbidden
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.fighter import Bout, Decl, Fighter
from timedcombat.systems.percentile.harm import joint_escape
from timedcombat.systems.percentile.holding import HoldOn
from timedcombat.systems.percentile.resolve import attempt, exchange
from timedcombat.systems.percentile.rules import (
    DEFAULT_VARIANT,
    ESCAPE,
    GRAPPLES,
    JOINT_LOCK,
    THROW,
)
from timedcombat.systems.percentile.throwing import throw

Step = tuple[int, Literal["start", "do", "resolve"], "Decl | Bout"]
"""One step of a figure's phase: its tenth, what it is, and the step or bout."""


def steps_of(ctx: Context, f: Fighter, p: int) -> list[Step]:
    """The phase's steps of ``f`` in time order: each action's start (its ``action``
    event) and its tenth; a grappling move also its bout's resolution."""
    steps: list[tuple[int, int, Literal["start", "do", "resolve"], Decl | Bout]] = []
    n = 0
    for d in f.decls:
        steps.append((d.start, n, "start", d))
        steps.append((d.t, n + 1, "do", d))
        n += 2
        if d.action in GRAPPLES:
            bout = bout_of(ctx, f, d, p)
            steps.append((bout.t, n, "resolve", bout))
            n += 1
    steps.sort(key=lambda s: (s[0], s[1]))
    return [(t, kind, item) for t, _, kind, item in steps]


def bout_of(ctx: Context, f: Fighter, d: Decl, p: int) -> Bout:
    """The bout ``f``'s grappling move belongs to: with the target's move on him this
    phase, if any (resolved at the later tenth), else alone."""
    g = foe(ctx, d)
    a, b = sorted((f.id, g.id))
    key = (p, a, b)
    other = None
    if g.phase == p:
        other = next((e for e in g.decls if e.action in GRAPPLES and e.target == f.id),
                     None)
    if other is None:
        key = (p, f.id, f"{g.id}#{d.index}")
        return ctx.bouts.setdefault(key, Bout([(f, d)], d.t))
    bout = ctx.bouts.get(key)
    if bout is None:
        moves = sorted([(f, d), (g, other)], key=lambda m: (m[1].t, ctx.rank(m[0])))
        bout = ctx.bouts[key] = Bout(moves, max(d.t, other.t))
    return bout


def foe(ctx: Context, d: Decl) -> Fighter:
    """The target of a grappling move (always named when it is declared)."""
    assert d.target is not None
    return ctx.by_id[d.target]


def resolve_bout(ctx: Context, bout: Bout, p: int) -> None:
    """The grappling moves of a bout: both rolls, the new position, its effects."""
    if bout.done:
        return
    bout.done = True
    for f, d in bout.moves:  # a move due now is made before the bout is resolved
        if not d.done and d.t <= ctx.env.now and f.able:
            perform(ctx, f, d)
    moves = [(f, d) for f, d in bout.moves
             if d.made and f.able and foe(ctx, d).able and still_made(ctx, f, d)]
    if not moves:
        return
    f0, d0 = moves[0]
    g0 = foe(ctx, d0)
    attempts = []
    for f, d in moves:
        g = foe(ctx, d)
        assert f.levels is not None and g.levels is not None
        roll = ctx.dice.hundred()
        ctx.note_attack()
        a = attempt(d.action, f.levels.mal, pm_of(ctx, f, g), g.levels.mal,
                    pm_of(ctx, g, f), roll, variant=d.intent.kind, limb=d.intent.limb)
        d.attempt = a
        attempts.append(a)
        ctx.emit(ev.Grapple, actor=f.id, target=g.id, move=a.move,
                 attack_level=a.attack_level, defense_level=a.defense_level,
                 odds=a.odds, roll=roll, result=a.result, mal=a.mal, pm=a.pm, dr=a.dr,
                 defender_mal=a.defender_mal, defender_pm=a.defender_pm,
                 modifiers=a.modifiers, kind=a.variant, limb=a.limb)
    locks = {f.id: [h for h in holding.on(ctx.holds, f.id) if h.move == JOINT_LOCK
                    and h.holder == d.target] for f, d in moves if d.action == ESCAPE}
    first = attempts[0]
    second = attempts[1] if len(attempts) > 1 else None
    result = exchange(first, second, (pm_of(ctx, f0, g0), pm_of(ctx, g0, f0)), ctx.rules)
    ctx.pm[(f0.id, g0.id)], ctx.pm[(g0.id, f0.id)] = result.pm
    ctx.emit(ev.Position, actor=f0.id, target=g0.id, result=result.result,
             pm=result.pm[0], target_pm=result.pm[1],
             applied=tuple(moves[i][0].id for i in result.applied))
    if result.freed:  # a successful escape, or disengaged
        cause = "escape" if any(moves[i][1].action == ESCAPE for i in result.applied) \
            else "disengaged"
        let_go(ctx, holding.release(ctx.holds, between_=(f0.id, g0.id)), cause)
    else:  # (a throw last: it moves the man, and the holds between them go with it)
        for i in sorted(result.applied, key=lambda i: moves[i][1].action == THROW):
            apply_move(ctx, moves[i][0], moves[i][1], p)
    for f, d in moves:  # an escape from a joint lock costs PD* and the limb, always
        for h in locks.get(f.id, ()):
            joint_escape(ctx, f, foe(ctx, d), h)


def still_made(ctx: Context, f: Fighter, d: Decl) -> bool:
    """Whether ``f``'s move, made at its tenth, still stands when its bout is resolved
    later: one joint-locked or pinned since may do nothing but escape (the lock, when
    locked); otherwise the move is void (``percentile.plan_skip``)."""
    locked, pinned = holding.locked(ctx.holds, f.id), holding.pinned(ctx.holds, f.id)
    if not (locked or pinned):
        return True
    why = forbidden(d.action, locked=locked, pinned=pinned)
    if why is None and locked:
        why = escape_refused(ctx, f, foe(ctx, d))
    if why is None:
        return True
    skip(ctx, f, d, why)
    return False


def apply_move(ctx: Context, f: Fighter, d: Decl, p: int) -> None:
    """A successful move takes effect: a throw throws, a hold goes on (an escape frees
    both: :func:`resolve_bout` lets go)."""
    g = foe(ctx, d)
    action = d.action
    if action == THROW:
        throw(ctx, f, d, g, p)
        return
    if action == ESCAPE:
        return
    kind = d.intent.kind if d.intent.kind is not None else DEFAULT_VARIANT.get(action)
    put_hold(ctx, HoldOn(f.id, g.id, action, d.intent.limb, kind, p))


__all__ = ["Step", "apply_move", "bout_of", "foe", "resolve_bout", "steps_of", "still_made"]
