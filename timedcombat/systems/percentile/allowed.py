"""What a figure may do now, and with what: reach, free limbs, his foe, an action's cost,
and why an action is refused (read from the :class:`~.context.Context`, nothing changed).

The declaration (:mod:`.declare`), the action handlers (:mod:`.actions`), the bouts and
the policy ask these.
"""

from __future__ import annotations

from collections.abc import Sequence

from timedcombat.hexmap import distance
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.condition import forbidden, free_limbs
from timedcombat.systems.percentile.context import Context
from timedcombat.systems.percentile.costs import BLOW, CLOSE, RAM, REINS, action_cost
from timedcombat.systems.percentile.fighter import Fighter, Intent
from timedcombat.systems.percentile.mount import mount_actions
from timedcombat.systems.percentile.rules import (
    ARMS,
    BLOCK,
    DIRTY_TRICKS,
    DUCK,
    ESCAPE,
    GRAB,
    GRAPPLES,
    JOINT_LOCK,
    PARRY,
    PIN,
    POMMEL_STRIKE,
    SHIELD_STRIKE,
    UNARMED_STRIKES,
    move_spec,
)
from timedcombat.systems.percentile.strike import defence_allowed, strike_spec

STRIKES = (*UNARMED_STRIKES, *DIRTY_TRICKS, BLOW)
DEFENCES = (DUCK, BLOCK, PARRY)


def gap(a: Fighter, b: Fighter) -> int:
    """Hexes between two figures."""
    return distance(a.at, b.at)


def reach(ctx: Context, f: Fighter, action: str) -> int:
    """How far ``f``'s ``action`` reaches: his weapon's reach for a blow or pommel strike."""
    if action in (BLOW, POMMEL_STRIKE) and f.weapon is not None:
        return f.weapon.reach
    return ctx.rules.unarmed_reach


def threat_reach(ctx: Context, f: Fighter) -> int:
    """How far ``f`` can strike."""
    return max(ctx.rules.unarmed_reach, f.weapon.reach if f.weapon else 0)


def pm_of(ctx: Context, a: Fighter, b: Fighter) -> int:
    """``a``'s Position Modifier against ``b``."""
    return ctx.pm.get((a.id, b.id), 0)


def foe_of(ctx: Context, f: Fighter) -> Fighter | None:
    """Whom ``f`` fights: one who holds him (one with a joint lock or a pin on him first:
    he may only escape that), one he holds, else the nearest enemy."""
    first = (JOINT_LOCK, PIN)
    for h in sorted(holding.on(ctx.holds, f.id), key=lambda h: h.move not in first):
        g = ctx.by_id[h.holder]
        if g.able:
            return g
    for h in holding.by(ctx.holds, f.id):
        g = ctx.by_id[h.target]
        if g.able:
            return g
    return ctx.nearest_enemy(f)


def striking_limbs(ctx: Context, f: Fighter, kind: str) -> tuple[str, ...]:
    """The arms or legs ``f`` may strike or block with now."""
    arms, legs = holding.busy(ctx.holds, f.id)
    taken = set(holding.held_limbs(ctx.holds, f.id))
    if kind == "arm" and f.weapon is not None:
        taken |= set(holding.weapon_arms(f.weapon.hands))
    return free_limbs(kind, disabled=f.disabled, grabbed=taken,
                      busy=arms if kind == "arm" else legs)


def limb_for(ctx: Context, f: Fighter, intent: Intent) -> tuple[str | None, str | None]:
    """(limb, why not): the limb a strike or block uses."""
    action = intent.action
    if action in (BLOW, POMMEL_STRIKE):
        assert f.weapon is not None
        arms = holding.weapon_arms(f.weapon.hands)
        bad = [a for a in arms if a in f.disabled
               or a in holding.held_limbs(ctx.holds, f.id)]
        return (None, f"the weapon arm ({bad[0].replace('_', ' ')}) is held or "
                "disabled") if bad else (None, None)
    if action == SHIELD_STRIKE:
        return (None, "the shield arm is held or disabled") if (
            ARMS[0] in f.disabled or ARMS[0] in holding.held_limbs(ctx.holds, f.id)) \
            else (None, None)
    spec_limb = strike_spec(action).limb if action in UNARMED_STRIKES else "arm"
    if spec_limb == "head":
        return None, None  # (a head butt needs no free limb)
    free = striking_limbs(ctx, f, spec_limb or "arm")
    if intent.limb is not None:
        if intent.limb in free:
            return intent.limb, None
        return None, f"the {intent.limb.replace('_', ' ')} is held, busy or disabled"
    if not free:
        return None, f"no free {spec_limb}"
    return free[-1], None  # the right one first


def cost_of(ctx: Context, f: Fighter, intent: Intent) -> int:
    """The Combat Actions ``intent`` costs ``f`` (a duck or block: against his target)."""
    g = ctx.by_id[intent.target] if intent.target else None
    return action_cost(intent.action, stroke=intent.stroke,
                       weapon=f.stats.weapon if intent.action == BLOW else None,
                       armed_opponent=bool(g is not None and g.armed), rules=ctx.rules)


def not_allowed(ctx: Context, f: Fighter, intent: Intent,
                chosen: Sequence[Intent]) -> str | None:
    """Why ``f`` may not declare ``intent`` now (after ``chosen``), or ``None``."""
    action = intent.action
    holds = ctx.holds
    why = forbidden(action, out=not f.able, locked=holding.locked(holds, f.id),
                    pinned=holding.pinned(holds, f.id), down=f.down)
    if why is not None:
        return why
    if action in (RAM, REINS):
        if f.mounted is None:
            return "not mounted"
        if action == REINS:
            return None
        rams = sum(1 for i in chosen if i.action == RAM)
        if rams >= mount_actions(f.stats.horseman):
            return "the mount has no Combat Action left (Horseman level // 3)"
    g = ctx.by_id[intent.target] if intent.target else None
    if g is None or not g.able:
        return "target out of the fight"
    if action == RAM:
        return None
    if action == CLOSE:
        return "holding or held" if holding.engaged(holds, f.id) else None
    if action in DEFENCES:
        return defence_allowed(action, attacker_armed=g.armed, distance=gap(f, g),
                               has_weapon=f.armed)
    if action in STRIKES:
        return limb_for(ctx, f, intent)[1]
    if action in GRAPPLES:
        made = sum(1 for i in chosen if i.action in GRAPPLES and i.target == intent.target)
        if made >= ctx.rules.grapples_per_phase:
            return f"one grappling move a phase on {g.id} (grapples_per_phase)"
        if action == ESCAPE:
            return escape_refused(ctx, f, g)
        return _limbs_refused(ctx, f, g, intent)
    return None


def _limbs_refused(ctx: Context, f: Fighter, g: Fighter, intent: Intent) -> str | None:
    """Why ``f`` lacks the free limbs a hold or throw on ``g`` needs (Table 5F), or None."""
    action = intent.action
    spec = move_spec(action, intent.kind)
    arms, legs = holding.busy(ctx.holds, f.id, but=g.id if action != GRAB else None)
    held = holding.held_limbs(ctx.holds, f.id)
    weapon = holding.weapon_arms(f.weapon.hands) if f.weapon else ()
    free_arms = len(free_limbs("arm", disabled=f.disabled, grabbed=set(held) | set(weapon),
                               busy=arms))
    free_legs = len(free_limbs("leg", disabled=f.disabled, grabbed=held, busy=legs))
    if free_arms < spec.arms or free_legs < spec.legs:
        return f"a {action.replace('_', ' ')} needs {spec.arms} free arm(s) and " \
            f"{spec.legs} free leg(s)"
    return None


def escape_refused(ctx: Context, f: Fighter, g: Fighter) -> str | None:
    """Why ``f`` may not escape from ``g`` now: ``g`` holds him in nothing, or another
    has him in a joint lock ("he may do nothing but attempt to Escape the lock")."""
    mine = holding.on(ctx.holds, f.id)
    if not any(h.holder == g.id for h in mine):
        return f"nothing to escape: {g.id} holds him in nothing"
    lockers = sorted({h.holder for h in mine if h.move == JOINT_LOCK})
    if lockers and g.id not in lockers:
        return f"in a joint lock: he may only escape the lock ({', '.join(lockers)})"
    return None


def defences_against(ctx: Context, g: Fighter, f: Fighter) -> tuple[str, ...]:
    """The parries, ducks and blocks ``g`` declared against ``f`` this phase (none once
    he is joint-locked or pinned: he may do nothing but escape)."""
    if g.phase != ctx.phase or holding.locked(ctx.holds, g.id) \
            or holding.pinned(ctx.holds, g.id):
        return ()
    return tuple(e.action for e in g.decls if e.action in DEFENCES and e.target == f.id)


__all__ = ["DEFENCES", "STRIKES", "cost_of", "defences_against", "escape_refused", "foe_of",
           "gap", "limb_for", "not_allowed", "pm_of", "reach", "striking_limbs",
           "threat_reach"]
