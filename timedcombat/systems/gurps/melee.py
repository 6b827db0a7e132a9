"""Attacks as the driver makes them: the roll, the defence, damage, criticals, and the
chain of rolls when an attack into a close-combat hex goes astray (seed 002).

Every number comes from the pure modules (:mod:`.attack`, :mod:`.defence`, :mod:`.damage`,
:mod:`.closecombat`); this module rolls the dice in a fixed order, applies the outcome to
the fighters and logs it. Dice order of one attack: the attack's 3d6; then the Critical Hit
Table's 3d6 (a critical success) or the defender's 3d6 (a second for All-Out Defense
(Double) after a failure); then the damage dice; then the knockdown, death checks; after
a critical failure the Critical Miss Table's 3d6 (and a second when the table asks); after
a miss or a dodge into a close-combat hex, each bystander's 3d6, defence and damage in turn.

Log order at the attack's tenth: ``attack`` (its final result), ``gurps.critical``,
``defence`` (and the retreat ``move``), ``damage`` and what follows from it,
``gurps.wrong_target`` links.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from timedcombat.dice import DiceSpec
from timedcombat.hexmap import Hex, distance
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import closing
from timedcombat.systems.gurps import damage as dmg
from timedcombat.systems.gurps.attack import (
    AttackRoll,
    AttackSituation,
    attack_roll,
    modifiers,
    modifiers_in,
    reload_turns,
)
from timedcombat.systems.gurps.attack import situation_values as attack_values
from timedcombat.systems.gurps.checking import check, roll3
from timedcombat.systems.gurps.defence import (
    BLOCK,
    PARRY,
    DefenceOption,
    DefenceRoll,
    DefenceSituation,
    attack_arc,
    defend,
    options,
    options_in,
    retreating_in,
    situation_values,
)
from timedcombat.systems.gurps.events import (
    Attack,
    AttackLost,
    Critical,
    Damage,
    Defence,
    Mishap,
    NoDefence,
    WrongTarget,
)
from timedcombat.systems.gurps.halfhex import CloseCombatHex, in_the_way
from timedcombat.systems.gurps.rolls import Modifiers, total
from timedcombat.systems.gurps.rules import MANEUVERS, PRONE, WEAPONS, AttackMode, Weapon
from timedcombat.systems.gurps.traits import st_shortfall, weapon_skill
from timedcombat.systems.gurps.weapons import attack_choice, damage_st

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

HIT, MISS = ccr.HIT, ccr.MISS
STOPPED = {"dodge": ccr.DODGED, "parry": ccr.PARRIED, "block": ccr.BLOCKED}
PIERCING = frozenset({"imp", "pi-", "pi", "pi+", "pi++"})


# --------------------------------------------------------------------------- situations


def situation(ctx: Context, a: Fighter, b: Fighter, weapon: Weapon | None, *,
              maneuver: str | None = None, option: str | None = None,
              entering: bool = False) -> AttackSituation:
    """What sets the modifiers of ``a``'s attack on ``b`` now."""
    return AttackSituation(*situation_of(a, b, weapon, maneuver=maneuver, option=option,
                                         entering=entering))


def situation_of(a: Fighter, b: Fighter, weapon: Weapon | None, *,
                 maneuver: str | None = None, option: str | None = None,
                 entering: bool = False) -> tuple[Any, ...]:
    """:func:`situation` as its fields' values (:func:`.attack.situation_values`)."""
    aimed = weapon is not None and weapon.ranged and a.aim_target == b.id
    return attack_values(
        maneuver=maneuver or a.maneuver, option=option, in_close_combat=a.in_cc,
        entering=entering, into_close_combat=b.in_cc and b.at != a.at,
        shield_db=a.shield_db, shock=a.shock, grappled=a.grappled, posture=a.posture,
        distance=distance(a.at, b.at), aim_turns=a.aim_turns if aimed else 0)


@attrs.frozen
class Deliberate:
    """The skill ``a`` would have attacking a man deliberately: the weapon skill, the named
    modifiers, the cap, and the effective skill they make."""

    skill: int
    modifiers: Modifiers
    cap: int | None
    value: int


def skill_against(a: Fighter, weapon: Weapon, mode: AttackMode,
                  sit: AttackSituation) -> Deliberate:
    """The effective skill ``a`` would have with this attack in ``sit`` (the wrong-target
    rule's "what you would have if you deliberately attacked that target")."""
    m, cap = modifiers(sit, ranged=weapon.ranged, bulk=weapon.bulk, acc=weapon.acc,
                       to_hit=mode.to_hit, st_shortfall=st_shortfall(a.stats, weapon))
    skill = weapon_skill(a.stats, weapon)
    value = skill + total(m)
    return Deliberate(skill, m, cap, value if cap is None else min(value, cap))


# --------------------------------------------------------------------------- defences


class Try(NamedTuple):
    """One active defence rolled: the option, the roll, the hex retreated into (a
    ``NamedTuple``, as :class:`.rolls.SuccessRoll`)."""

    option: DefenceOption
    roll: DefenceRoll
    retreat_to: Hex | None


def retreat_hex(ctx: Context, d: Fighter, a: Fighter) -> Hex | None:
    """Where ``d`` could retreat from ``a`` now: out of close combat into a free hex on his
    side; in the open a free hex away from the attacker. None: no retreat possible (done
    already this turn, grappled, after Move and Attack, not standing, nowhere free)."""
    if d.retreated or d.grappled or not d.standing or d.pinned:
        return None
    if MANEUVERS[d.maneuver].defences in ("dodge_block", "none"):
        return None
    asked = d.retreat_to if d.retreat_next and d.retreat_from in (None, a.id) else None
    if d.in_cc:
        free = closing.exits(ctx, d)
        return asked if asked in free else (free[0] if free else None)
    if asked is not None and distance(asked, d.at) == 1 and ctx.map.is_free(asked):
        return asked
    return ctx.step_away(d, a.at)


def parry_weapon(d: Fighter) -> Weapon:
    """The weapon ``d`` can parry with now (a weapon turned in the hand or a lame arm
    leaves the bare hand)."""
    if d.unready or d.arm_lame:
        return WEAPONS["punch"]
    return d.ready


def defend_against(ctx: Context, d: Fighter, a: Fighter, *, ranged: bool,
                   swing: bool) -> list[Try]:
    """``d`` defends against ``a``'s successful attack: the options the rules give, the
    choice of his policy (with or without a retreat), the roll; All-Out Defense (Double)
    tries a second, different defence after a failure. Rolls now; logs nothing."""
    if not d.able or d.pinned or d.sparing_ht:
        return []
    frm = closing.attacker_point(ctx, d, a)
    arc, shield_side = attack_arc(d.at, d.facing, frm, ctx.rules.shield_arm)
    values = situation_values(
        maneuver=d.maneuver, option=d.option, in_close_combat=d.in_cc, grappled=d.grappled,
        arc=arc, shield_side=shield_side, stunned=d.stunned, posture=d.posture,
        retreat=False, retreated=d.retreated, parries=tuple(d.parries.items()),
        blocked=d.blocked, attacked_with=tuple(sorted(d.attacked_with)), reeling=d.reeling,
        lost_balance=d.lost_balance, encumbrance=ctx.rules.encumbrance,
        ranged_attack=ranged, armed_swing=swing)
    weapon = parry_weapon(d)
    plain = options_in(d.stats, weapon, values)
    to = retreat_hex(ctx, d, a)
    back = retreating_in(d.stats, weapon, values) if to is not None else ()
    choice = d.policy.defence(ctx, d, a, plain, back)
    if choice is None:
        return []
    tries = [_roll_defence(ctx, d, choice, to if choice.retreat else None)]
    if not tries[0].roll.success and d.maneuver == "all_out_defense" and d.option == "double":
        sit2 = attrs.evolve(DefenceSituation(*values), retreated=d.retreated,
                            parries=tuple(d.parries.items()), blocked=d.blocked)
        rest = [o for o in options(d.stats, weapon, sit2) if o.kind != choice.kind]
        second = d.policy.defence(ctx, d, a, tuple(rest), ())
        if second is not None:
            tries.append(_roll_defence(ctx, d, second, None))
    return tries


def _roll_defence(ctx: Context, d: Fighter, option: DefenceOption, to: Hex | None) -> Try:
    dr = defend(roll3(ctx), option)
    if option.kind == PARRY and option.weapon is not None:
        d.parries[option.weapon] = d.parries.get(option.weapon, 0) + 1
    if option.kind == BLOCK:
        d.blocked = True
    if option.retreat:
        d.retreated = True
        d.retreat_next = False
        d.retreat_to = None
    d.aim_turns = 0  # any active defence spoils an Aim (B364)
    d.aim_target = None
    return Try(option, dr, to)


def log_tries(ctx: Context, d: Fighter, a: Fighter, tries: list[Try]) -> None:
    """Log each defence rolled and make its retreat step."""
    for tr in tries:
        r = tr.roll.roll
        if ctx.logging:
            ctx.emit(Defence, actor=d.id, kind=tr.option.kind, against=a.id, roll=r.roll,
                     total=r.roll, success=r.success, weapon=tr.option.weapon,
                     modifiers=tr.option.modifiers, dice="3d6", faces=r.faces,
                     base=tr.option.base, effective=r.target, margin=r.margin,
                     retreat=tr.retreat_to, critical=r.critical)
        else:
            ctx.count()  # (every defence: its fields not looked up)
        if tr.retreat_to is not None and d.able:
            ctx.relocate(d, tr.retreat_to, mode="retreat")


def why_undefended(ctx: Context, d: Fighter, a: Fighter, critical: bool) -> str:
    """Why ``d`` made no active defence against ``a``'s successful roll."""
    if critical:
        return "critical hit"  # B556: a critical hit allows no defence
    if d.pinned:
        return "pinned"
    if d.sparing_ht:
        return "staying conscious"
    if MANEUVERS[d.maneuver].defences == "none":
        return "all-out attack"  # B365: no active defence after All-Out Attack
    frm = closing.attacker_point(ctx, d, a)
    if attack_arc(d.at, d.facing, frm, ctx.rules.shield_arm)[0] == "rear":
        return "from behind"
    return "none chosen"


def log_defence(ctx: Context, d: Fighter, a: Fighter, tries: list[Try], success: bool,
                critical: bool = False) -> None:
    """Log ``d``'s answer to a roll of ``a``'s that succeeded (``success``): the defences
    rolled (and their retreat steps), or ``gurps.no_defence`` saying why there was none."""
    if success and not tries and d.able:
        ctx.emit(NoDefence, actor=d.id, against=a.id,
                 reason=why_undefended(ctx, d, a, critical))
    log_tries(ctx, d, a, tries)


def outcome(tries: list[Try]) -> str:
    """The attack's result after the defences: stopped by the last successful one, else a
    hit."""
    for tr in tries:
        if tr.roll.success:
            return STOPPED[tr.option.kind]
    return HIT


# --------------------------------------------------------------------------- attacks


def strike(ctx: Context, a: Fighter, b: Fighter, weapon: Weapon, mode: AttackMode, *,
           maneuver: str | None = None, option: str | None = None,
           entering: bool = False) -> str:
    """``a`` attacks ``b`` with a weapon mode: the whole exchange. Returns the result."""
    ctx.note_attack()
    a.attacked_this_turn = True
    values = situation_of(a, b, weapon, maneuver=maneuver, option=option, entering=entering)
    faces = roll3(ctx)
    m, cap = modifiers_in(values, weapon.ranged, weapon.bulk, weapon.acc, mode.to_hit,
                          st_shortfall(a.stats, weapon))
    ar = attack_roll(faces, weapon_skill(a.stats, weapon), m, cap)
    a.attacked_with.add(weapon.name)
    if weapon.ranged:
        a.reload_left = reload_turns(weapon)
        a.aim_turns = 0
        a.aim_target = None
    crit_faces: tuple[int, ...] = ()
    tries: list[Try] = []
    into = ctx.cc.get(b.at)  # the hex the blow goes into, before a retreat takes him out
    if ar.roll.critical == "success":
        result = HIT
        if ctx.rules.critical_tables:
            crit_faces = roll3(ctx)
    elif ar.roll.success:
        tries = defend_against(ctx, b, a, ranged=weapon.ranged,
                               swing=mode.base == "sw" and not weapon.unarmed)
        result = outcome(tries)
    else:
        result = MISS
    log_attack(ctx, a, b, weapon.name, mode.name, ar, result, entering)
    effect = None
    if crit_faces:
        effect = dmg.critical_hit(sum(crit_faces)).effect
        ctx.emit(Critical, actor=a.id, table="hit", faces=crit_faces, roll=sum(crit_faces),
                 effect=effect)
    log_defence(ctx, b, a, tries, ar.roll.success, ar.roll.critical == "success")
    if result == HIT:
        hit(ctx, a, b, weapon, mode, effect, strong=(maneuver or a.maneuver) ==
            "all_out_attack" and option == "strong")
    elif ar.roll.critical == "failure":
        critical_miss(ctx, a, weapon, mode)
    elif into is not None and ccr.strays(result):
        sit = AttackSituation(*values)  # (as it was when he struck)
        if sit.into_close_combat:
            astray(ctx, a, b, weapon, mode, sit, result, into)
    return result


def log_attack(ctx: Context, a: Fighter, b: Fighter, weapon: str, kind: str, ar: AttackRoll,
               result: str, entering: bool) -> None:
    if not ctx.logging:
        ctx.count()  # (every attack: its fields not looked up)
        return
    r = ar.roll
    ctx.emit(Attack, actor=a.id, target=b.id, weapon=weapon, roll=r.roll, total=r.roll,
             against=r.target, result=result, margin=r.margin, simultaneous=False,
             modifiers=ar.modifiers, dice="3d6", kind=kind, faces=r.faces, skill=ar.skill,
             effective=r.target, critical=r.critical, cap=ar.cap,
             entering=True if entering else None)


def hit(ctx: Context, a: Fighter, b: Fighter, weapon: Weapon, mode: AttackMode,
        effect: str | None = None, strong: bool = False) -> None:
    """A blow that got through: roll its damage (a critical hit's effect applied; half
    damage beyond a bow's 1/2D range) and what follows."""
    st = damage_st(a, weapon)
    spec = dmg.weapon_damage(st, mode, strong)
    half = weapon.ranged and closing.reach_distance(a, b) > weapon.range_half * st
    injure(ctx, b, a.id, weapon.name, spec, mode.damage_type, effect, half=half)
    if effect == "drop" and b.able and not b.ready.unarmed:
        drop_weapon(ctx, b, "drop")


def injure(ctx: Context, v: Fighter, source: str, weapon: str, spec: DiceSpec,
           damage_type: str, effect: str | None = None, half: bool = False) -> None:
    """Roll damage dice against ``v`` (halved beyond a bow's 1/2D) and apply them."""
    faces = ctx.dice.roll(spec).faces
    rolled = dmg.damage_roll(spec, faces, damage_type)
    if half:
        rolled //= 2
    apply_injury(ctx, v, source, weapon, spec, faces, rolled, damage_type, effect)


def apply_injury(ctx: Context, v: Fighter, source: str, weapon: str, spec: DiceSpec,
                 faces: tuple[int, ...], rolled: int, damage_type: str,
                 effect: str | None = None) -> None:
    """Basic damage ``rolled`` against ``v``: DR, wounding, HP, shock owed, then death
    checks and the knockdown roll after a major wound (B377-B381, B419-B420)."""
    inj = dmg.injury(rolled, spec, v.dr(damage_type), damage_type, effect)
    through = inj.penetrating > 0
    w = dmg.wound(v.hp_max, v.hp, inj.injury,
                  forced_major=effect == "major_wound" and through,
                  double_shock=effect == "double_shock" and through)
    v.hp = w.hp_after
    v.damage = v.hp_max - v.hp
    v.hurt = w.reeling
    if ctx.logging:
        num, den = inj.multiplier
        ctx.emit(Damage, actor=v.id, amount=inj.injury, total=v.damage, body=v.hp_max,
                 source=source, weapon=weapon, dice=str(spec), faces=faces, basic=inj.basic,
                 dr=inj.dr, penetrating=inj.penetrating, damage_type=damage_type,
                 multiplier=f"x{num / den:g}", injury=inj.injury, hp=v.hp, hp_max=v.hp_max,
                 shock=w.shock, major=w.major, critical=effect)
    else:
        ctx.count()  # (every blow that lands: its fields not looked up)
    v.owed_injury += inj.injury
    v.owed_double = v.owed_double or (effect == "double_shock" and through)
    if w.dead:
        ctx.kill(v, "injury")
        return
    for _k in w.death_checks:
        r = dmg.death_check(roll3(ctx), v.stats.ht)
        check(ctx, v, "death", r, "survives" if r.success else "dies")
        if not r.success:
            ctx.kill(v, "death check")
            return
    if w.major:
        kd = dmg.knockdown_check(roll3(ctx), v.stats.ht)
        check(ctx, v, "knockdown", kd.roll, kd.result)
        if kd.result == dmg.KNOCKED_OUT:
            ctx.knock_out(v, "knockdown")
        elif kd.result == dmg.KNOCKED_DOWN:
            ctx.stun(v)
            ctx.set_posture(v, PRONE)


def attack_step(ctx: Context, f: Fighter, t: Fighter, weapon: str | None, *,
                maneuver: str | None = None, option: str | None = None,
                stepped_out: bool = False) -> bool:
    """Attack ``t`` now if he is still there to attack; else the attack is lost."""
    if not t.able:
        ctx.emit(AttackLost, actor=f.id, target=t.id, reason="target out")
        return True
    choice = attack_choice(f, t, weapon, stepped_out)
    if choice is None:
        ctx.emit(AttackLost, actor=f.id, target=t.id, reason="out of reach")
        return True
    w, mode = choice
    entering = f.entered and not f.entering_used
    f.entering_used = f.entering_used or f.entered
    strike(ctx, f, t, w, mode, maneuver=maneuver, option=option, entering=entering)
    return True


def wait_attack(ctx: Context, w: Fighter, t: Fighter, weapon: str | None) -> None:
    """A Wait's trigger came: the attack at once (an Attack maneuver from now, B366)."""
    w.maneuver = "attack"
    attack_step(ctx, w, t, weapon, maneuver="attack")


# --------------------------------------------------------------------------- criticals


def critical_miss(ctx: Context, a: Fighter, weapon: Weapon, mode: AttackMode) -> str:
    """Roll the Critical Miss Table (B556) and apply it (``critical_tables`` off: a plain
    miss)."""
    if not ctx.rules.critical_tables:
        return "none"
    faces = roll3(ctx)
    first = sum(faces)
    resistant = weapon.breakage_resistant
    piercing = weapon.ranged or mode.damage_type in PIERCING
    more: tuple[int, ...] | None = None
    if dmg.critical_miss_needs_reroll(first, resistant=resistant, impaling_or_ranged=piercing):
        more = roll3(ctx)
    second = sum(more) if more is not None else None
    effect = dmg.critical_miss_outcome(first, second, swung=mode.base == "sw",
                                       ranged=weapon.ranged, resistant=resistant,
                                       impaling_or_ranged=piercing, unarmed=weapon.unarmed)
    ctx.emit(Critical, actor=a.id, table="miss", faces=faces, roll=first, effect=effect,
             second_faces=more, second_roll=second)
    if effect in ("break", "drop", "flies"):
        drop_weapon(ctx, a, effect)
    elif effect == "turns_in_hand":
        a.unready = True
        ctx.emit(Mishap, actor=a.id, effect=effect, weapon=weapon.name)
    elif effect == "strain":
        a.arm_lame = True
        ctx.emit(Mishap, actor=a.id, effect=effect, weapon=weapon.name)
        if not a.ready.unarmed:
            a.ready = WEAPONS["punch"]
    elif effect == "lose_balance":
        a.lost_balance = True
        ctx.emit(Mishap, actor=a.id, effect=effect, weapon=weapon.name)
    elif effect == "fall":
        ctx.emit(Mishap, actor=a.id, effect=effect, weapon=weapon.name)
        ctx.set_posture(a, PRONE)
    elif effect in ("hit_self", "hit_self_half"):
        spec = dmg.weapon_damage(damage_st(a, weapon), mode)
        injure(ctx, a, a.id, weapon.name, spec, mode.damage_type,
               half=effect == "hit_self_half")
    return effect


def drop_weapon(ctx: Context, f: Fighter, effect: str) -> None:
    """``f``'s ready weapon is gone (dropped, broken, flown): bare hands until he readies
    another."""
    lost = f.ready
    if lost.unarmed:
        return
    f.ready = WEAPONS["punch"]
    f.unready = False
    f.reload_left = 0
    ctx.emit(Mishap, actor=f.id, effect=effect, weapon=lost.name)


# --------------------------------------------------------------------------- wrong target


def astray(ctx: Context, a: Fighter, b: Fighter, weapon: Weapon, mode: AttackMode,
           sit: AttackSituation, first: str, cc: CloseCombatHex) -> None:
    """Seed 002: a miss (or a dodge) on a close-combat participant from outside may strike
    someone else in that hex, friend or foe, in the order they stand in the way, each at
    the lesser of 9 and the skill against him; on until a hit, a parry, or no one left.

    ``cc`` is the hex as it was when the blow came: a target who dodged by retreating out
    of it leaves the others in its way all the same."""
    order = tuple(i for i in in_the_way(cc, a.at, exclude=[b.id],
                                        order=ctx.rules.wrong_target_order)
                  if ctx.by_id[i].able)
    left = list(order)
    results = [first]
    while ccr.chain_goes_on(results, len(left)) and a.able:
        x = ctx.by_id[left.pop(0)]
        if not x.able or x.at != cc.at:
            continue
        vs = skill_against(a, weapon, mode, attrs.evolve(
            sit, aim_turns=sit.aim_turns if a.aim_target == x.id else 0))
        ctx.note_attack()
        faces = roll3(ctx)
        roll = ccr.stray_roll(faces, vs.value)
        tries = defend_against(ctx, x, a, ranged=weapon.ranged,
                               swing=mode.base == "sw" and not weapon.unarmed) \
            if roll.success else []
        stopped = next((t.option.kind for t in tries if t.roll.success), None)
        link = ccr.stray(x.id, faces, vs.value, stopped)
        ctx.emit(WrongTarget, actor=a.id, intended=b.id, target=x.id,
                 skill_vs_target=vs.value, effective_skill=link.effective_skill, faces=faces,
                 roll=link.roll.roll, margin=link.roll.margin, result=link.result,
                 order=order, skill=vs.skill, modifiers=vs.modifiers, cap=vs.cap)
        log_defence(ctx, x, a, tries, roll.success)
        if link.result == HIT:
            hit(ctx, a, x, weapon, mode)
        results.append(link.result)
