"""The slam as the driver makes it (B371): the attack roll, the target's defence, the
damage each deals the other, who falls; the slammer ends in the target's hex.

The numbers are :mod:`.slam`'s (pure); this module rolls, applies and logs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.hexmap import distance
from timedcombat.systems.gurps import closing, melee, moving
from timedcombat.systems.gurps.checking import check, roll3
from timedcombat.systems.gurps.damage import damage_roll
from timedcombat.systems.gurps.events import AttackLost, Slam
from timedcombat.systems.gurps.halfhex import side_towards
from timedcombat.systems.gurps.rolls import success_roll
from timedcombat.systems.gurps.rules import PRONE
from timedcombat.systems.gurps.slam import slam_attack, slam_dice, slam_result

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter


def slam_step(ctx: Context, f: Fighter, t: Fighter, via: str) -> bool:
    """The slam: DX or Brawling to hit (never capped at 9), the target's defence, then each
    deals the other HP x velocity / 100 dice of crushing damage; who falls. The slammer
    then stands in the target's hex, in close combat (the slam was his entering attack)."""
    if not t.able or distance(f.at, t.at) != 1:
        ctx.emit(AttackLost, actor=f.id, target=t.id,
                 reason="target out" if not t.able else "out of reach")
        return True
    ctx.note_attack()
    f.attacked_this_turn = True
    # the slam is the attack with which he enters the hex (seed 002: "the initial slam or
    # other attack with which you entered"), not one made standing outside it: no -2 for
    # attacking into close combat, and no wrong-target chain when it misses
    sit = attrs.evolve(melee.situation(ctx, f, t, None, maneuver=via,
                                       option="determined" if via == "all_out_attack" else None),
                       entering=True, into_close_combat=False)
    ar = slam_attack(roll3(ctx), f.stats, sit, ctx.rules)
    tries: list[Any] = []
    if ar.roll.critical == "success":
        result = melee.HIT
    elif ar.roll.success:
        tries = melee.defend_against(ctx, t, f, ranged=False, swing=False)
        result = melee.outcome(tries)
    else:
        result = melee.MISS
    melee.log_attack(ctx, f, t, "slam", "slam", ar, result, True)
    melee.log_defence(ctx, t, f, tries, ar.roll.success, ar.roll.critical == "success")
    if result != melee.HIT:
        return True
    velocity = max(1, f.moved)
    mine, his = slam_dice(f.hp_max, velocity), slam_dice(t.hp_max, velocity)
    mine_faces = ctx.dice.roll(mine).faces
    his_faces = ctx.dice.roll(his).faces
    dealt, taken = damage_roll(mine, mine_faces, "cr"), damage_roll(his, his_faces, "cr")
    res = slam_result(dealt, taken)
    who = {"slammer": f, "target": t}
    ctx.emit(Slam, actor=f.id, target=t.id, velocity=velocity, dice=str(mine),
             faces=mine_faces, dealt=dealt, target_dice=str(his), target_faces=his_faces,
             taken=taken, falls=tuple(who[k].id for k in res.falls),
             dx_roll=tuple(who[k].id for k in res.dx_roll))
    melee.apply_injury(ctx, t, f.id, "slam", mine, mine_faces, dealt, "cr")
    melee.apply_injury(ctx, f, t.id, "slam", his, his_faces, taken, "cr")
    if f.able and ctx.map.where(f.id) is not None:
        dest = t.at  # a target whose failed dodge retreated out of reach is not followed
        if distance(f.at, dest) == 1 and dest not in ctx.map.walls and \
                (not ctx.map.occupants_of(dest) or closing.foes_in_hex(ctx, f, dest)):
            moving.move_into(ctx, f, moving.Leg(dest, side_towards(f.at, dest)), "move",
                             force=True)
    for k in res.falls:
        if who[k].able:
            ctx.set_posture(who[k], PRONE)
    for k in res.dx_roll:
        v = who[k]
        if v.able:
            r = success_roll(roll3(ctx), v.stats.dx, v.dx_mods())
            check(ctx, v, "dx", r, "keeps his feet" if r.success else "falls")
            if not r.success:
                ctx.set_posture(v, PRONE)
    return True



__all__ = ["slam_step"]
