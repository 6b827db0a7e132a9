"""Blows in the driver: a to-hit roll, its damage, and what the hits do (knocked down, out,
dead). Each step is a pure function of :mod:`.resolve` and :mod:`.damage`; this module rolls
the dice, changes the figures and logs.
"""

from __future__ import annotations

from timedcombat import events as core
from timedcombat.events import Modifiers
from timedcombat.hexmap import distance
from timedcombat.systems.tft import board, group
from timedcombat.systems.tft import damage as dmg
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.events import Dropped, TftAttack, TftDamage
from timedcombat.systems.tft.fighter import Fighter
from timedcombat.systems.tft.grapple import may_defend_prone, prone_attack, strongest_bonus
from timedcombat.systems.tft.movement import Striker, disengage_strikers
from timedcombat.systems.tft.resolve import (
    BROKEN_WEAPON,
    DROPPED_WEAPON,
    HIT,
    attack_dice,
    hth_modifiers,
    position_modifiers,
    thrown_modifiers,
    to_hit,
)
from timedcombat.systems.tft.rules import BASE, DamageDice, Weapon

FIST = dmg.FIST


def roll(ctx: Context, n: int) -> tuple[int, ...]:
    """``n`` six-sided dice from the run's dice."""
    return ctx.dice.faces(6, n)


def fist_st(ctx: Context, f: Fighter) -> int:
    """The ST that sets fist damage (``unarmed_current_st``)."""
    return f.st if ctx.rules.unarmed_current_st else f.base_st


def strongest(ctx: Context, f: Fighter) -> Modifiers:
    """The +2 of the strongest figure in an HTH (none outside HTH): the strongest of all
    its figures, or stronger than each of its enemies there (``strongest_among``)."""
    if f.hth_group is None:
        return ()
    rules = ctx.rules
    cur = rules.strongest_by_current_st
    others = group.members(ctx, f) if rules.strongest_among == "all" \
        else group.foes(ctx, f)
    st = {x.id: (x.st if cur else x.base_st) for x in (f, *others)}
    enemies = [x.id for x in others if x.side != f.side]
    judo = {x.id for x in others if x.has("judo")}
    return strongest_bonus(f.id, st, enemies, judo)


def strike(ctx: Context, a: Fighter, t: Fighter, option: str) -> bool:
    """``a`` attacks ``t`` (``option``: ``charge``, ``attack``, ``hth``, ``hth_entry``,
    ``strike``, ``prone``); True on a hit."""
    rules = ctx.rules
    in_hth = group.same(a, t)
    weapon: Weapon | None = None if option == "prone" else a.weapon
    arc = "front" if in_hth else board.arc_of(t, a.at)
    mods: list[tuple[str, int]] = []
    if in_hth:
        knife = weapon if weapon is not None and weapon.is_knife else None
        mods += hth_modifiers(entry_attack=option == "hth_entry",
                              strongest=bool(strongest(ctx, a)), knife=knife)
    else:
        mods += position_modifiers(arc, t.posture, in_hth=False, into_hth=t.in_hth,
                                   rules=rules)
    if option == "prone":
        mods += prone_attack(a.talents, unarmed=True, hexes_moved=a.moved) or ()
    adj = a.adjusted(tuple(mods))
    defended = (t.defending or t.dodging) and not in_hth and not t.in_hth
    if t.prone and t.defending:  # a Judo 2 holder on the ground, only against bare hands
        defended = may_defend_prone(t.talents, attack_unarmed=weapon is None)
    n = attack_dice(target_defending=defended)
    faces = roll(ctx, n)
    th = to_hit(faces, adj.total, rules=rules)
    ctx.note_attack()
    name = weapon.name if weapon is not None else FIST
    if ctx.logging:
        ctx.emit(TftAttack, actor=a.id, target=t.id, weapon=name, roll=th.roll,
                 total=th.roll, against=th.against, result=th.result, margin=th.margin,
                 simultaneous=False, modifiers=adj.modifiers, dice=f"{n}d6", option=option,
                 faces=faces, multiplier=th.multiplier, in_hth=in_hth, critical=th.critical)
    else:
        ctx.count()  # (every attack: its fields not looked up)
    if th.critical in (DROPPED_WEAPON, BROKEN_WEAPON) and weapon is not None:
        lose_weapon(ctx, a, th.critical)
    if th.result != HIT:
        return False
    dice, named = dmg.weapon_damage(weapon, fist_st(ctx, a), in_hth=in_hth, rules=rules)
    multiplier = th.multiplier * pole_multiplier(ctx, a, t, weapon, option)
    wound(ctx, t, a, name, "attack", dice, named, multiplier, arc=arc, in_hth=in_hth)
    return True


def strikes_at_leaver(ctx: Context, f: Fighter, foes: list[Fighter]) -> tuple[str, ...]:
    """The foes ``f`` leaves (disengaging, or jumping another foe) that may strike at it
    (:func:`~timedcombat.systems.tft.movement.disengage_strikers`) strike, in order, while
    it stays able; each strike is that foe's attack for the turn
    (``disengage_strike_uses_action``). Returns the ids of those that may strike."""
    ready = [Striker(o.id, o.acted or o.knocked_down or o.choice is None
                     or o.choice.option != "attack") for o in foes]
    strikers = disengage_strikers(ready, ctx.rules)
    for sid in strikers:
        o = ctx.by_id[sid]
        if not f.able:
            break
        strike(ctx, o, f, "strike")
        if ctx.rules.disengage_strike_uses_action:
            o.acted = True
    return strikers


def throw_weapon(ctx: Context, a: Fighter, t: Fighter) -> bool:
    """``a`` throws its ready weapon at ``t`` (DX -1 a hex, parameter ``thrown_dx_per_hex``);
    the weapon lands in ``t``'s hex, but on a roll of 17 it is dropped in ``a``'s own hex
    and on 18 broken, as for every to-hit roll. True on a hit."""
    rules = ctx.rules
    weapon = a.weapon
    assert weapon is not None
    hexes = max(1, distance(a.at, t.at))
    adj = a.adjusted(thrown_modifiers(hexes, rules))
    n = attack_dice(target_defending=(t.defending or t.dodging) and not t.in_hth)
    faces = roll(ctx, n)
    th = to_hit(faces, adj.total, rules=rules)
    ctx.note_attack()
    ctx.emit(TftAttack, actor=a.id, target=t.id, weapon=weapon.name, roll=th.roll,
             total=th.roll, against=th.against, result=th.result, margin=th.margin,
             simultaneous=False, modifiers=adj.modifiers, dice=f"{n}d6", option="throw",
             faces=faces, multiplier=th.multiplier, in_hth=False, critical=th.critical)
    if th.critical in (DROPPED_WEAPON, BROKEN_WEAPON):  # 17 / 18: it never leaves the hand
        lose_weapon(ctx, a, th.critical)
    else:
        a.ready = None
        ctx.map.drop(t.at, (a.id, weapon.name))
    if th.result != HIT:
        return False
    dice, named = dmg.weapon_damage(weapon, fist_st(ctx, a), in_hth=False, rules=rules)
    wound(ctx, t, a, weapon.name, "attack", dice, named, th.multiplier,
          arc=board.arc_of(t, a.at))
    return True


def pole_multiplier(ctx: Context, a: Fighter, t: Fighter, weapon: Weapon | None,
                    option: str) -> int:
    """Pole weapons do double damage in a charge, and against a foe that charged the
    striker, struck standing still (base game)."""
    if weapon is None or not weapon.is_pole or a.in_hth:
        return 1
    if option == "charge":
        return BASE.pole_charge_multiplier
    charged = t.choice is not None and t.choice.option == "attack" and t.moved > 0 \
        and t.choice.target == a.id
    if charged and a.moved == 0:
        return BASE.pole_charge_multiplier
    return 1


def lose_weapon(ctx: Context, a: Fighter, critical: str) -> None:
    """A to-hit roll of 17 (dropped) or 18 (broken): the ready weapon leaves the hand."""
    assert a.ready is not None
    item = a.ready
    a.ready = None
    if critical == DROPPED_WEAPON:
        ctx.map.drop(a.at, (a.id, item))
    ctx.emit(Dropped, actor=a.id, items=(item,), at=a.at, cause=critical)


def wound(ctx: Context, t: Fighter, source: Fighter, weapon: str, cause: str,
          dice: DamageDice, named: Modifiers, multiplier: int = 1, *, arc: str = "front",
          in_hth: bool = False, shield: bool = True) -> None:
    """Roll ``dice`` (times ``multiplier``) at ``t``: armour and shield stop their hits, the
    rest lower ST, and the injury rules apply."""
    rules = ctx.rules
    faces = roll(ctx, dice.dice)
    rolled = dmg.roll_damage(dice, faces, multiplier=multiplier, rules=rules)
    hits = dmg.hits_through(rolled.amount, t.armor, t.shield_record if shield else None,
                            arc=arc, in_hth=in_hth, rules=rules)
    take(ctx, t, hits.hits, source, weapon, cause, str(dice) if ctx.logging else "", faces,
         multiplier, rolled.rolled, hits, named)


def take(ctx: Context, t: Fighter, hits: int, source: Fighter, weapon: str, cause: str,
         dice: str, faces: tuple[int, ...], multiplier: int, rolled: int, stopped: dmg.Hits,
         named: Modifiers) -> None:
    inj = dmg.injury(t.st, hits, t.turn_hits, t.base_st)
    t.st = inj.st
    t.turn_hits = inj.turn_hits
    t.damage = t.base_st - t.st
    t.hurt = t.st <= BASE.low_st
    if ctx.logging:
        ctx.emit(TftDamage, actor=t.id, amount=hits, total=t.damage, body=t.base_st,
                 source=source.id, weapon=weapon, cause=cause, dice=dice, faces=faces,
                 multiplier=multiplier, rolled=rolled, armor=stopped.armor_stops,
                 shield=stopped.shield_stops, hits=hits, st=t.st, turn_hits=t.turn_hits,
                 knocked_down=inj.knocked_down,
                 dx_penalty_next_turn=inj.dx_penalty_next_turn, modifiers=named)
    else:
        ctx.count()  # (every blow that gets through: its fields not looked up)
    if inj.out:
        put_out(ctx, t, dead=inj.dead)
    elif inj.knocked_down:
        knock_down(ctx, t)


def knock_down(ctx: Context, t: Fighter) -> None:
    """8+ hits in a turn: the figure falls at once and loses its action if it has not acted
    (base game)."""
    t.knocked_down = True
    t.counts["knockdowns"] += 1
    fall(ctx, t, "hits")


def fall(ctx: Context, t: Fighter, cause: str) -> None:
    if not t.prone:
        t.prone = True
        t.dodging = False
        ctx.emit(core.State, actor=t.id, state="prone", value=True, cause=cause)


def stand(ctx: Context, t: Fighter, cause: str) -> None:
    if t.prone:
        t.prone = False
        ctx.emit(core.State, actor=t.id, state="prone", value=False, cause=cause)


def put_out(ctx: Context, t: Fighter, *, dead: bool) -> None:
    """ST 1 or less: unconscious; 0 or less: dead. Out of the fight either way."""
    if t.out:
        return
    t.out = True
    t.dead = dead
    ctx.emit(core.State, actor=t.id, state="out", value=True,
             cause="dead" if dead else "unconscious")
    group.leave(ctx, t, "out")
    t.pinned_by = t.pinning = None
    ctx.leave_side(t)
    ctx.check_end()


__all__ = ["fall", "fist_st", "knock_down", "put_out", "roll", "stand", "strike",
           "strikes_at_leaver", "strongest", "take", "wound"]
