"""Getting into HTH in the driver (seed 000): a jump at the attacker's action tenth, a dive
for the legs at the end of the movement phase, the defender's one-die roll, and what each
result does to both figures (drops, falls, the automatic hit, the Judo throw).

The rules are :mod:`.hth` (who may try, the roll, the drops) and :mod:`.damage`; this module
rolls, moves the figures and logs.
"""

from __future__ import annotations

import attrs

from timedcombat.hexmap import FACINGS, neighbours
from timedcombat.systems.tft import board, combat, group, hth
from timedcombat.systems.tft import damage as dmg
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.events import Dropped, HthRoll, OptionLost, ReadyKnife, Throw
from timedcombat.systems.tft.fighter import Fighter
from timedcombat.systems.tft.hth import DIVE, JUMP, EntryCheck, HthContext
from timedcombat.systems.tft.movement import back_to_wall
from timedcombat.systems.tft.resolve import PRONE
from timedcombat.systems.tft.rules import ENTERED_DEFENDER_DOWN


def why_not(ctx: Context, f: Fighter, t: Fighter | None) -> str | None:
    """Why ``f`` cannot try to get into HTH with ``t`` where both stand (``None``: it can,
    if one of seed 000's situations allows)."""
    if t is None or not t.able:
        return "the target is out of the fight"
    if f.in_hth:
        return "already in HTH"
    if f.prone:
        return "prone"
    if t.in_hth and not ctx.rules.join_hth:
        return "the target is already in HTH (strike into its hex instead)"
    if t.at not in neighbours(f.at):
        return "not next to the target"
    return None


def check(ctx: Context, f: Fighter, t: Fighter, kind: str, frm: tuple[int, int] | None = None
          ) -> EntryCheck:
    """Seed 000's situations for ``f`` trying ``kind`` on ``t`` from ``frm`` (its hex); a
    figure in HTH is down ("knocked down", situation (a)) by ``hth_target_down``."""
    frm = f.at if frm is None else frm
    held = {h for h in neighbours(t.at) if ctx.map.occupants_of(h)}
    wall = back_to_wall(t.at, FACINGS[t.facing], held, ctx.map.walls, ctx.rules)
    posture = PRONE if t.in_hth and ctx.rules.hth_target_down else t.posture
    return hth.entry_check(kind, attacker_ma=f.ma, target_ma=t.ma, arc=board.arc_of(t, frm),
                           target_posture=posture, back_to_wall=wall,
                           agrees=t.stats.agrees_to_hth)


def roller(ctx: Context, f: Fighter, t: Fighter) -> Fighter:
    """Who rolls for ``f``'s try at ``t``: ``t``; jumping into an HTH going on with
    ``join_hth_roll_by`` ``strongest_enemy``, the strongest of ``f``'s enemies there (by
    ``strongest_by_current_st``; ties: ``t``)."""
    if not t.in_hth or ctx.rules.join_hth_roll_by == "target":
        return t
    cur = ctx.rules.strongest_by_current_st
    there = [t, *(g for g in group.members(ctx, t) if g.side != f.side and g is not t)]
    return max(there, key=lambda g: g.st if cur else g.base_st)


def lost(ctx: Context, f: Fighter, option: str, reason: str) -> None:
    ctx.emit(OptionLost, actor=f.id, option=option, reason=reason)


def attempt(ctx: Context, f: Fighter, t: Fighter | None, option: str,
            kind: str) -> tuple[Fighter, Fighter, EntryCheck] | None:
    """``f`` tries ``kind`` (a jump or a dive, its option ``option``) at ``t``: the target,
    who rolls for it (:func:`roller`) and the situations that allow it; ``None``, with the
    option lost, when it may not."""
    why = why_not(ctx, f, t)
    if why is not None or t is None:
        lost(ctx, f, option, why or "no target")
        return None
    d = roller(ctx, f, t)
    chk = check(ctx, f, d, kind)
    if not chk.allowed:
        lost(ctx, f, option, chk.why_not or "not allowed")
        return None
    f.counts["hth_attempts"] += 1
    return t, d, chk


def jump(ctx: Context, f: Fighter, t: Fighter | None) -> None:
    """``f`` jumps ``t`` at its action tenth: the foes it disengages from strike first, then
    ``t`` (or who rolls for an HTH going on: :func:`roller`) rolls one die (unless the
    strikes knocked ``f`` down: both fall into HTH)."""
    tried = attempt(ctx, f, t, "hth", JUMP)
    if tried is None:
        return
    t, d, chk = tried
    combat.strikes_at_leaver(ctx, f, [o for o in board.engagers(ctx, f) if o.id != d.id])
    if not f.able or not d.able or not t.able:
        return
    after = hth.after_jump_strikes(knocked_down=f.knocked_down, out=False, rules=ctx.rules)
    if after.both_down_in_hth:  # (no roll: "the defender" is the figure it jumps)
        fall_in_together(ctx, f, t)
        return
    if not after.attempt:
        return
    roll = roll_for_entry(ctx, f, d, JUMP, chk)
    resolve(ctx, f, d, roll)
    if roll.entered and f.able and d.able:
        combat.strike(ctx, f, d, "hth_entry")


def dive(ctx: Context, f: Fighter) -> None:
    """A dive for the legs, at the end of the movement phase: no strikes from foes left
    behind; the defender (:func:`roller`) adds one to its roll."""
    assert f.choice is not None
    tried = attempt(ctx, f, ctx.by_id.get(f.choice.target or ""), "dive", DIVE)
    if tried is not None:
        _t, d, chk = tried
        resolve(ctx, f, d, roll_for_entry(ctx, f, d, DIVE, chk))


def roll_for_entry(ctx: Context, f: Fighter, t: Fighter, kind: str,
                   chk: EntryCheck) -> hth.HthRoll:
    """The defender's one-die roll, rolled again after an ignored side/rear 6; Judo 2
    holders shift it by one as suits them best on the first die (the attacker chooses
    first, the defender knowing it)."""
    rules = ctx.rules
    hc = HthContext(kind=kind, arc=board.arc_of(t, f.at), attacker_talents=f.talents,
                    defender_talents=t.talents, defender_unarmed=t.ready is None)
    faces = [ctx.dice.die(6)]
    hc = attrs.evolve(hc, attacker_judo_2=hth.attacker_roll_choice(faces[0], hc, rules))
    hc = attrs.evolve(hc, defender_judo_2=hth.defender_roll_choice(faces[0], hc, rules))
    while True:
        try:
            r = hth.hth_roll(faces, hc, rules)
            break
        except hth.NeedMoreDice:
            faces.append(ctx.dice.die(6))
    ctx.note_attack()
    ctx.emit(HthRoll, actor=f.id, target=t.id, kind=kind, arc=r.arc, roll=r.roll,
             rerolls=r.rerolls, modifier=r.modifier, total=r.total, result=r.result,
             modifiers=r.modifiers, reasons=chk.reasons)
    return r


def drop_items(ctx: Context, f: Fighter, items: tuple[str, ...], cause: str) -> None:
    """``f`` lets ``items`` (a weapon, ``<name>_shield``) fall in its hex."""
    if not items:
        return
    for item in items:
        if item == f.ready:
            f.ready = None
        elif f.shield is not None and item == f.shield + "_shield":
            f.shield = None
        ctx.map.drop(f.at, (f.id, item))
    ctx.emit(Dropped, actor=f.id, items=items, at=f.at, cause=cause)


def resolve(ctx: Context, f: Fighter, t: Fighter, r: hth.HthRoll) -> None:
    """What the roll's result does (seed 000's table)."""
    rules = ctx.rules
    d = hth.drops(r.result, attacker_ready=f.weapon, attacker_shield=f.shield,
                  defender_ready=t.weapon, defender_shield=t.shield, rules=rules)
    drop_items(ctx, f, d.attacker_drops, "hth_entry")  # in the hex he enters from
    drop_items(ctx, t, d.defender_drops, "hth_defender")
    if r.entered:
        enter(ctx, f, t, r.result)
        if r.defender_falls:
            combat.fall(ctx, t, "hth_roll")
        if r.defender_may_ready_knife and not t.knife_ready:
            knife = t.carried_knife()
            if knife is not None and t.ready is None:
                t.carried.remove(knife)
                t.ready = knife
                ctx.emit(ReadyKnife, actor=t.id, weapon=knife, free=True, success=True)
    if r.attacker_knocked_back_prone:
        combat.fall(ctx, f, "knocked_back")
    if r.defender_hits and f.able:
        automatic_hit(ctx, t, f)
    if r.thrown and f.able:
        throw(ctx, t, f, r.throw_bonus)


def enter(ctx: Context, f: Fighter, t: Fighter, cause: str) -> None:
    """``f`` moves into ``t``'s hex: it is in HTH with ``t`` (in ``t``'s HTH, if one is
    going on)."""
    board.place(ctx, f, t.at, "hth", share=True)
    group.join(ctx, f, t, cause)
    f.entered_turn = ctx.turn
    f.entered_with = t.id
    f.counts["hth_entered"] += 1


def fall_in_together(ctx: Context, f: Fighter, t: Fighter) -> None:
    """Knocked down by a foe it disengaged from while jumping ``t``: ``f`` falls in ``t``'s
    hex and ``t`` falls too, both in HTH; ``t`` drops as on a 1-2 (seed 000)."""
    d = hth.drops(ENTERED_DEFENDER_DOWN, attacker_ready=f.weapon, attacker_shield=f.shield,
                  defender_ready=t.weapon, defender_shield=t.shield, rules=ctx.rules)
    drop_items(ctx, f, d.attacker_drops, "hth_entry")
    drop_items(ctx, t, d.defender_drops, "hth_defender")
    enter(ctx, f, t, "knocked_down_jumping")
    combat.fall(ctx, t, "knocked_down_jumping")


def automatic_hit(ctx: Context, d: Fighter, a: Fighter) -> None:
    """The defender's automatic hit on the attacker (no to-hit roll)."""
    dice, named = dmg.automatic_hit_damage(d.weapon, combat.fist_st(ctx, d), ctx.rules)
    combat.wound(ctx, a, d, d.ready or combat.FIST, "automatic_hit", dice, named,
                 arc=board.arc_of(a, d.at))
    if not ctx.rules.repelled_hit_is_free:
        d.acted = True


def throw(ctx: Context, thrower: Fighter, a: Fighter, bonus: int) -> None:
    """Judo: the unarmed defender throws the attacker into a hex next to it (+3 fist damage,
    +5 with Judo 2); armour stops hits as usual, a shield does not."""
    to = board.throw_hex(ctx, thrower, a)
    ctx.emit(Throw, actor=thrower.id, target=a.id, to=to if to is not None else a.at,
             bonus=bonus)
    if to is not None:
        board.place(ctx, a, to, "thrown")
    if ctx.rules.judo_throw_prone:
        combat.fall(ctx, a, "thrown")
    a.counts["thrown"] += 1
    dice, named = dmg.throw_damage(combat.fist_st(ctx, thrower), thrower.has("judo_2"))
    combat.wound(ctx, a, thrower, combat.FIST, "throw", dice, named, shield=False)


__all__ = ["attempt", "check", "dive", "jump", "lost", "resolve", "roll_for_entry", "roller",
           "why_not"]
