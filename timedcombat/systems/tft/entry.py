"""Getting into HTH in the driver (seed 000): a jump at the attacker's action tenth, a dive
for the legs at the end of the movement phase, the defender's one-die roll, and what each
result does to both figures (drops, falls, the automatic hit, the Judo throw).

The rules are :mod:`.hth` (who may try, the roll, the drops) and :mod:`.damage`; this module
rolls, moves the figures and logs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from timedcombat.hexmap import FACINGS, neighbours
from timedcombat.systems.tft import combat, group, hth
from timedcombat.systems.tft import damage as dmg
from timedcombat.systems.tft.events import Dropped, HthRoll, OptionLost, ReadyKnife, Throw
from timedcombat.systems.tft.hth import DIVE, JUMP, EntryCheck, HthContext
from timedcombat.systems.tft.movement import Striker, back_to_wall, disengage_strikers
from timedcombat.systems.tft.resolve import PRONE
from timedcombat.systems.tft.rules import ENTERED_DEFENDER_DOWN

if TYPE_CHECKING:
    from timedcombat.systems.tft.engine import TftFight
    from timedcombat.systems.tft.fighter import Fighter


def why_not(fight: TftFight, f: Fighter, t: Fighter | None) -> str | None:
    """Why ``f`` cannot try to get into HTH with ``t`` where both stand (``None``: it can,
    if one of seed 000's situations allows)."""
    if t is None or not t.able:
        return "the target is out of the fight"
    if f.in_hth:
        return "already in HTH"
    if f.prone:
        return "prone"
    if t.in_hth and not fight.rules.join_hth:
        return "the target is already in HTH (strike into its hex instead)"
    if t.at not in neighbours(f.at):
        return "not next to the target"
    return None


def check(fight: TftFight, f: Fighter, t: Fighter, kind: str, frm: tuple[int, int] | None = None
          ) -> EntryCheck:
    """Seed 000's situations for ``f`` trying ``kind`` on ``t`` from ``frm`` (its hex); a
    figure in HTH is down ("knocked down", situation (a)) by ``hth_target_down``."""
    frm = f.at if frm is None else frm
    held = {h for h in neighbours(t.at) if fight.map.occupants_of(h)}
    wall = back_to_wall(t.at, FACINGS[t.facing], held, fight.map.walls, fight.rules)
    posture = PRONE if t.in_hth and fight.rules.hth_target_down else t.posture
    return hth.entry_check(kind, attacker_ma=f.ma, target_ma=t.ma, arc=fight.arc_of(t, frm),
                           target_posture=posture, back_to_wall=wall,
                           agrees=t.stats.agrees_to_hth)


def roller(fight: TftFight, f: Fighter, t: Fighter) -> Fighter:
    """Who rolls for ``f``'s try at ``t``: ``t``; jumping into an HTH going on with
    ``join_hth_roll_by`` ``strongest_enemy``, the strongest of ``f``'s enemies there (by
    ``strongest_by_current_st``; ties: ``t``)."""
    if not t.in_hth or fight.rules.join_hth_roll_by == "target":
        return t
    cur = fight.rules.strongest_by_current_st
    there = [t, *(g for g in group.members(fight, t) if g.side != f.side and g is not t)]
    return max(there, key=lambda g: g.st if cur else g.base_st)


def lost(fight: TftFight, f: Fighter, option: str, reason: str) -> None:
    fight.emit(OptionLost, actor=f.id, option=option, reason=reason)


def jump(fight: TftFight, f: Fighter, t: Fighter | None) -> None:
    """``f`` jumps ``t`` at its action tenth: the foes it disengages from strike first, then
    ``t`` (or who rolls for an HTH going on: :func:`roller`) rolls one die (unless the
    strikes knocked ``f`` down: both fall into HTH)."""
    why = why_not(fight, f, t)
    if why is not None or t is None:
        lost(fight, f, "hth", why or "no target")
        return
    d = roller(fight, f, t)
    chk = check(fight, f, d, JUMP)
    if not chk.allowed:
        lost(fight, f, "hth", chk.why_not or "not allowed")
        return
    f.counts["hth_attempts"] += 1
    foes = [o for o in fight.engagers(f) if o.id != d.id]
    ready = [Striker(o.id, o.acted or o.knocked_down or o.choice is None
                     or o.choice.option != "attack") for o in foes]
    for sid in disengage_strikers(ready, fight.rules):
        o = fight.by_id[sid]
        if not f.able:
            return
        combat.strike(fight, o, f, "strike")
        if fight.rules.disengage_strike_uses_action:
            o.acted = True
    if not f.able or not d.able or not t.able:
        return
    after = hth.after_jump_strikes(knocked_down=f.knocked_down, out=False, rules=fight.rules)
    if after.both_down_in_hth:  # (no roll: "the defender" is the figure it jumps)
        fall_in_together(fight, f, t)
        return
    if not after.attempt:
        return
    roll = roll_for_entry(fight, f, d, JUMP, chk)
    resolve(fight, f, d, roll)
    if roll.entered and f.able and d.able:
        combat.strike(fight, f, d, "hth_entry")


def dive(fight: TftFight, f: Fighter) -> None:
    """A dive for the legs, at the end of the movement phase: no strikes from foes left
    behind; the defender (:func:`roller`) adds one to its roll."""
    assert f.choice is not None
    t = fight.by_id.get(f.choice.target or "")
    why = why_not(fight, f, t)
    if why is not None or t is None:
        lost(fight, f, "dive", why or "no target")
        return
    d = roller(fight, f, t)
    chk = check(fight, f, d, DIVE)
    if not chk.allowed:
        lost(fight, f, "dive", chk.why_not or "not allowed")
        return
    f.counts["hth_attempts"] += 1
    resolve(fight, f, d, roll_for_entry(fight, f, d, DIVE, chk))


def roll_for_entry(fight: TftFight, f: Fighter, t: Fighter, kind: str,
                   chk: EntryCheck) -> hth.HthRoll:
    """The defender's one-die roll, rolled again after an ignored side/rear 6; Judo 2
    holders shift it by one as suits them best on the first die (the attacker chooses
    first, the defender knowing it)."""
    rules = fight.rules
    ctx = HthContext(kind=kind, arc=fight.arc_of(t, f.at), attacker_talents=f.talents,
                     defender_talents=t.talents, defender_unarmed=t.ready is None)
    faces = [fight.dice.die(6)]
    ctx = attrs.evolve(ctx, attacker_judo_2=hth.attacker_roll_choice(faces[0], ctx, rules))
    ctx = attrs.evolve(ctx, defender_judo_2=hth.defender_roll_choice(faces[0], ctx, rules))
    while True:
        try:
            r = hth.hth_roll(faces, ctx, rules)
            break
        except hth.NeedMoreDice:
            faces.append(fight.dice.die(6))
    fight.note_attack()
    fight.emit(HthRoll, actor=f.id, target=t.id, kind=kind, arc=r.arc, roll=r.roll,
               rerolls=r.rerolls, modifier=r.modifier, total=r.total, result=r.result,
               modifiers=r.modifiers, reasons=chk.reasons)
    return r


def drop_items(fight: TftFight, f: Fighter, items: tuple[str, ...], cause: str) -> None:
    """``f`` lets ``items`` (a weapon, ``<name>_shield``) fall in its hex."""
    if not items:
        return
    for item in items:
        if item == f.ready:
            f.ready = None
        elif f.shield is not None and item == f.shield + "_shield":
            f.shield = None
        fight.map.drop(f.at, (f.id, item))
    fight.emit(Dropped, actor=f.id, items=items, at=f.at, cause=cause)


def resolve(fight: TftFight, f: Fighter, t: Fighter, r: hth.HthRoll) -> None:
    """What the roll's result does (seed 000's table)."""
    rules = fight.rules
    d = hth.drops(r.result, attacker_ready=f.weapon, attacker_shield=f.shield,
                  defender_ready=t.weapon, defender_shield=t.shield, rules=rules)
    drop_items(fight, f, d.attacker_drops, "hth_entry")  # in the hex he enters from
    drop_items(fight, t, d.defender_drops, "hth_defender")
    if r.entered:
        enter(fight, f, t, r.result)
        if r.defender_falls:
            combat.fall(fight, t, "hth_roll")
        if r.defender_may_ready_knife and not t.knife_ready:
            knife = t.carried_knife()
            if knife is not None and t.ready is None:
                t.carried.remove(knife)
                t.ready = knife
                fight.emit(ReadyKnife, actor=t.id, weapon=knife, free=True, success=True)
    if r.attacker_knocked_back_prone:
        combat.fall(fight, f, "knocked_back")
    if r.defender_hits and f.able:
        automatic_hit(fight, t, f)
    if r.thrown and f.able:
        throw(fight, t, f, r.throw_bonus)


def enter(fight: TftFight, f: Fighter, t: Fighter, cause: str) -> None:
    """``f`` moves into ``t``'s hex: it is in HTH with ``t`` (in ``t``'s HTH, if one is
    going on)."""
    fight.place(f, t.at, "hth", share=True)
    group.join(fight, f, t, cause)
    f.entered_turn = fight.turn
    f.entered_with = t.id
    f.counts["hth_entered"] += 1


def fall_in_together(fight: TftFight, f: Fighter, t: Fighter) -> None:
    """Knocked down by a foe it disengaged from while jumping ``t``: ``f`` falls in ``t``'s
    hex and ``t`` falls too, both in HTH; ``t`` drops as on a 1-2 (seed 000)."""
    d = hth.drops(ENTERED_DEFENDER_DOWN, attacker_ready=f.weapon, attacker_shield=f.shield,
                  defender_ready=t.weapon, defender_shield=t.shield, rules=fight.rules)
    drop_items(fight, f, d.attacker_drops, "hth_entry")
    drop_items(fight, t, d.defender_drops, "hth_defender")
    enter(fight, f, t, "knocked_down_jumping")
    combat.fall(fight, t, "knocked_down_jumping")


def automatic_hit(fight: TftFight, d: Fighter, a: Fighter) -> None:
    """The defender's automatic hit on the attacker (no to-hit roll)."""
    dice, named = dmg.automatic_hit_damage(d.weapon, combat.fist_st(fight, d), fight.rules)
    combat.wound(fight, a, d, d.ready or combat.FIST, "automatic_hit", dice, named,
                 arc=fight.arc_of(a, d.at))
    if not fight.rules.repelled_hit_is_free:
        d.acted = True


def throw(fight: TftFight, thrower: Fighter, a: Fighter, bonus: int) -> None:
    """Judo: the unarmed defender throws the attacker into a hex next to it (+3 fist damage,
    +5 with Judo 2); armour stops hits as usual, a shield does not."""
    to = fight.throw_hex(thrower, a)
    fight.emit(Throw, actor=thrower.id, target=a.id, to=to if to is not None else a.at,
               bonus=bonus)
    if to is not None:
        fight.place(a, to, "thrown")
    if fight.rules.judo_throw_prone:
        combat.fall(fight, a, "thrown")
    a.counts["thrown"] += 1
    dice, named = dmg.throw_damage(combat.fist_st(fight, thrower), thrower.has("judo_2"))
    combat.wound(fight, a, thrower, combat.FIST, "throw", dice, named, shield=False)


__all__ = ["check", "dive", "jump", "resolve", "roll_for_entry", "roller", "why_not"]
