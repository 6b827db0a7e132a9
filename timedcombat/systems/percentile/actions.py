"""The action table of the ``percentile`` system: every word of the plan vocabulary and
the handler that makes it at its tenth (:data:`ACTIONS`).

A handler is ``handler(ctx, fighter, decl)``: ``decl`` is the declared step (a plan step
or the policy's choice, with its cost and tenth, :class:`~.fighter.Decl`); the figure's
process calls it through :func:`perform` when the step's tenth comes. No handler waits:
every action falls at the one tenth the declaration gave it. A defence counts from its
declaration (the strikes read it); a grappling move is rolled when its bout is resolved
(:mod:`.bouts`), the handler only checks that it is made.
"""

from __future__ import annotations

from collections.abc import Callable

from timedcombat.hexmap import facing_towards
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.allowed import (
    STRIKES,
    defences_against,
    escape_refused,
    gap,
    limb_for,
    reach,
    threat_reach,
)
from timedcombat.systems.percentile.board import move_to, skip
from timedcombat.systems.percentile.condition import forbidden
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.costs import BLOW, RAM
from timedcombat.systems.percentile.fighter import Decl, Fighter
from timedcombat.systems.percentile.harm import hit
from timedcombat.systems.percentile.resolve import (
    blow_defense_level,
    resolve_ram,
    resolve_strike,
    strike_spec,
)
from timedcombat.systems.percentile.rules import ESCAPE, MOUNTS, POMMEL_STRIKE

Action = Callable[[Context, Fighter, Decl], None]
"""An action handler: ``handler(ctx, fighter, decl)``."""


def perform(ctx: Context, f: Fighter, d: Decl) -> None:
    """``f``'s declared action at its tenth, once (a grappling move may have been made
    already, by the resolution of its bout at this tenth)."""
    if d.done:
        return
    d.done = True
    ACTIONS[d.action](ctx, f, d)


def target_of(ctx: Context, f: Fighter, d: Decl) -> Fighter | None:
    """The able target of ``f``'s action when ``f`` may still make it, else ``None`` (the
    step skipped: held, pinned, down, or the target out)."""
    holds = ctx.holds
    why = forbidden(d.action, locked=holding.locked(holds, f.id),
                    pinned=holding.pinned(holds, f.id), down=f.down)
    g = ctx.by_id[d.target] if d.target else None
    if why is None and (g is None or not g.able):
        why = "target out of the fight"
    if why is not None:
        skip(ctx, f, d, why)
        return None
    return g


# ---------------------------------------------------------------------- the handlers


def defend(ctx: Context, f: Fighter, d: Decl) -> None:
    """A duck, block or parry: it counts against the target's strikes this phase."""
    d.made = True


def reins(ctx: Context, f: Fighter, d: Decl) -> None:
    """Hands on the reins (a rider's free action)."""
    f.reins = d.intent.hands if d.intent.hands is not None else f.reins
    d.made = True


def grapple(ctx: Context, f: Fighter, d: Decl) -> None:
    """A grappling move: made when the target is in reach (an escape: from a hold on him);
    its bout rolls it (:func:`.bouts.resolve_bout`)."""
    g = target_of(ctx, f, d)
    if g is None:
        return
    if gap(f, g) > ctx.rules.unarmed_reach:
        skip(ctx, f, d, "out of reach")
        return
    why = escape_refused(ctx, f, g) if d.action == ESCAPE else None
    if why is not None:
        skip(ctx, f, d, why)
        return
    d.made = True


def close(ctx: Context, f: Fighter, d: Decl) -> None:
    """One step toward the target, unless he is in reach already."""
    g = target_of(ctx, f, d)
    if g is None:
        return
    if holding.engaged(ctx.holds, f.id):
        skip(ctx, f, d, "holding or held")
        return
    if gap(f, g) <= threat_reach(ctx, f) and (
            gap(f, g) <= ctx.rules.unarmed_reach or not f.armed):
        skip(ctx, f, d, "already in reach")
        return
    to = ctx.step_toward(f, g.at)
    if to is None:
        skip(ctx, f, d, "no free hex toward the target")
        return
    d.made = True
    move_to(ctx, f, to, "step", facing=facing_towards(to, g.at))


def strike(ctx: Context, f: Fighter, d: Decl) -> None:
    """A strike or blow: the d100 against the Odds of Hitting; on a hit the damage."""
    g = target_of(ctx, f, d)
    if g is None:
        return
    if gap(f, g) > reach(ctx, f, d.action):
        skip(ctx, f, d, "out of reach")
        return
    limb, why = limb_for(ctx, f, d.intent)
    if why is not None:
        skip(ctx, f, d, why)
        return
    d.made = True
    assert f.levels is not None and g.levels is not None
    intent = d.intent
    stroke = intent.stroke or "normal"
    weapon = f.stats.weapon if d.action in (BLOW, POMMEL_STRIKE) else None
    penalty = f.levels.mal - f.levels.base_mal
    level = f.stats.skill + penalty if d.action == BLOW else f.levels.mal
    g_skill = g.stats.skill + (g.levels.mal - g.levels.base_mal)
    defences = defences_against(ctx, g, f)
    dl = blow_defense_level(g.levels.mal, g_skill, defences)
    strikes = sum(1 for e in f.decls if e.action in STRIKES and e.target == g.id)
    roll = ctx.dice.hundred()
    ctx.note_attack()
    out = resolve_strike(d.action, level, dl, strikes, len(defences), roll, stroke=stroke,
                         weapon=weapon if d.action == BLOW else None, rules=ctx.rules)
    g.struck_now[f.id] = g.struck_now.get(f.id, 0) + 1
    ctx.emit(ev.Strike, actor=f.id, target=g.id, weapon=weapon or d.action,
             roll=roll, total=roll, against=out.odds, result=out.result,
             margin=out.odds - roll, simultaneous=False, modifiers=out.modifiers,
             dice="d100", strike=out.strike, stroke=out.stroke,
             attack_level=out.attack_level, defense_level=out.defense_level,
             parry=out.parry, strikes=out.strikes, parries=out.parries, odds=out.odds,
             limb=limb)
    if out.hit:
        spec = strike_spec(d.action, weapon)
        hit(ctx, g, f, d.action if weapon is None else weapon, spec.impact_dice(stroke),
            grabbed=bool(holding.on(ctx.holds, f.id)), edged=spec.edged)


def ram(ctx: Context, f: Fighter, d: Decl) -> None:
    """The warhorse rams the target (Table 4D): the mount's Combat Action."""
    g = target_of(ctx, f, d)
    if g is None:
        return
    if f.mounted is None:
        skip(ctx, f, d, "not mounted")
        return
    if not f.controlled:
        skip(ctx, f, d, "mount not controlled")
        return
    if gap(f, g) > ctx.rules.unarmed_reach:
        skip(ctx, f, d, "out of reach")
        return
    assert g.levels is not None
    d.made = True
    roll = ctx.dice.hundred()
    ctx.note_attack()
    out = resolve_ram(f.mounted, g.levels.mal, roll)
    ctx.emit(ev.Ram, actor=f.id, target=g.id, mount=f.mounted,
             attack_level=out.attack_level, defense_level=out.defense_level,
             odds=out.odds, roll=roll, result=out.result)
    if out.hit:
        hit(ctx, g, f, RAM, MOUNTS[f.mounted].ram_dice, grabbed=False)


ACTIONS: dict[str, Action] = {
    "punch": strike, "elbow": strike, "knee": strike, "kick": strike, "head_butt": strike,
    "shield_strike": strike, "pommel_strike": strike, "blow": strike,
    "duck": defend, "block": defend, "parry": defend,
    "grab": grapple, "joint_lock": grapple, "choke": grapple, "strangle": grapple,
    "escape": grapple, "pin": grapple, "throw": grapple,
    "close": close,
    "ram": ram, "reins": reins,
}
"""Each word of the plan vocabulary (``SYSTEM.plan_actions``) and its handler."""


__all__ = ["ACTIONS", "Action", "close", "defend", "grapple", "perform", "ram", "reins",
           "strike", "target_of"]
