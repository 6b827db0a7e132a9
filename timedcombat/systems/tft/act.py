"""The action phase in the driver: each figure carries out its option at its own tenth.

An option chosen in the movement phase may no longer fit when the figure's tenth comes (it
was jumped into HTH, say): it then chooses again among the options of its state that need
no movement (:func:`timedcombat.systems.tft.choose.rechoose`). A figure knocked down
before its tenth, or whose attack went into a strike at a foe disengaging from it, does
nothing more this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as core
from timedcombat.hexmap import distance
from timedcombat.systems.tft import choose, combat, entry, grapple, group
from timedcombat.systems.tft.choose import NO_SLOT_EFFECT
from timedcombat.systems.tft.events import (
    Contest,
    Disengage,
    OptionLost,
    PickedUp,
    ReadyKnife,
    ReadyWeapon,
    Release,
)
from timedcombat.systems.tft.movement import Striker, disengage_strikers
from timedcombat.systems.tft.resolve import AdjustedDx
from timedcombat.systems.tft.rules import WEAPONS

if TYPE_CHECKING:
    from timedcombat.systems.tft.engine import TftFight
    from timedcombat.systems.tft.fighter import Fighter


def lost(fight: TftFight, f: Fighter, option: str, reason: str) -> None:
    fight.emit(OptionLost, actor=f.id, option=option, reason=reason)


def end_of_movement_dive(fight: TftFight, f: Fighter) -> None:
    """A dive is resolved at the end of the movement phase (seed 000)."""
    assert f.choice is not None
    if f.knocked_down:
        lost(fight, f, "dive", "knocked down")
        return
    entry.dive(fight, f)


def act(fight: TftFight, f: Fighter) -> None:
    """``f``'s action tenth."""
    c = f.choice
    assert c is not None
    if f.acted:
        if c.option == "attack":
            lost(fight, f, "attack", "already struck at a foe disengaging from it")
        return
    if c.option == "dive":  # resolved at the end of movement; an entry attack follows
        past = group.foe(fight, f, f.entered_with) if f.entered_turn == fight.turn else None
        entered = past is not None and past.id == f.entered_with
        if entered and f.knocked_down:
            lost(fight, f, "dive", "knocked down before its attack")
        elif entered and past is not None:
            combat.strike(fight, f, past, "hth_entry")
        f.acted = True
        return
    if f.knocked_down:
        if c.option not in NO_SLOT_EFFECT | {"defend"}:
            lost(fight, f, c.option, "knocked down")
        f.acted = True
        return
    if f.pinned_by is not None and c.option not in ("pin", "stand_still"):
        lost(fight, f, c.option, f"pinned by {f.pinned_by}: it may only try to break the pin")
        f.acted = True
        return
    if not choose.still_fits(fight, f):
        choose.rechoose(fight, f)
        c = f.choice
        assert c is not None
    PERFORM[c.option](fight, f)
    f.acted = True


# ------------------------------------------------------------------ options


def do_nothing(fight: TftFight, f: Fighter) -> None:
    """Options whose whole effect is in the movement phase or lasts the turn (move, dodge,
    defend, crawl, stand still)."""


def do_attack(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    if f.in_hth:
        g = group.foe(fight, f, c.target, f.target)
        if g is not None:
            combat.strike(fight, f, g, "hth")
        return
    t = attack_target(fight, f, c.target)
    if t is None:
        lost(fight, f, "attack", "no enemy in a front hex")
        return
    if f.prone:
        combat.strike(fight, f, t, "prone")
        return
    combat.strike(fight, f, t, "charge" if f.moved > 0 else "attack")


def attack_target(fight: TftFight, f: Fighter, wanted: str | None) -> Fighter | None:
    """The foe ``f`` strikes: the one it wanted, else its focus, else the first enemy in a
    front hex (in order of action)."""
    front = fight.front_enemies(f)
    if f.prone and not (f.has("judo_2") and f.moved == 0):
        return None
    for fid in (wanted, f.target):
        for o in front:
            if o.id == fid:
                return o
    front.sort(key=lambda o: fight.rank.get(o.id, o.index))
    return front[0] if front else None


def do_throw(fight: TftFight, f: Fighter) -> None:
    """Throw the ready weapon at the target: 3 dice (4 against a defending or dodging foe)
    against DX adjusted for the distance; the weapon lands in the target's hex."""
    c = f.choice
    assert c is not None
    t = fight.by_id.get(c.target or "")
    w = f.weapon
    if t is None or not t.able:
        lost(fight, f, "throw", "the target is out of the fight")
        return
    if w is None or not w.throwable or w.name != c.weapon:
        lost(fight, f, "throw", "no weapon to throw ready")
        return
    combat.throw_weapon(fight, f, t)


def do_hth(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    entry.jump(fight, f, fight.by_id.get(c.target or ""))


def do_ready_knife(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    knife = c.weapon if c.weapon in f.carried else f.carried_knife()
    if f.in_hth:
        why = grapple.why_not_in_hth("ready_knife", entered_this_turn=f.entered_turn
                                     == fight.turn, has_knife=knife is not None,
                                     knife_ready=f.knife_ready)
        if why is not None or knife is None:
            lost(fight, f, "ready_knife", why or "no knife to ready")
            return
        roll = grapple.ready_knife_roll(combat.roll(fight, 3), knife_dx(fight, f),
                                        WEAPONS[knife])
        fight.emit(ReadyKnife, actor=f.id, weapon=knife, free=False, success=roll.success,
                   faces=roll.faces, roll=roll.roll, against=roll.against,
                   modifiers=roll.modifiers)
        if roll.success:
            f.carried.remove(knife)
            if f.ready is not None:
                f.carried.append(f.ready)
            f.ready = knife
        return
    if knife is None:
        lost(fight, f, "ready_knife", "no knife to ready")
        return
    ready_carried(fight, f, knife)
    fight.emit(ReadyKnife, actor=f.id, weapon=knife, free=True, success=True)


def knife_dx(fight: TftFight, f: Fighter) -> AdjustedDx:
    """The DX a knife is drawn against in HTH, before the knife's own adjustment: adjusted
    DX with the HTH +2, or basic DX with only the +2 (``knife_draw_dx``)."""
    strongest = combat.strongest(fight, f)
    if fight.rules.knife_draw_dx == "dx":
        return AdjustedDx(f.dx, (), f.dx).plus(strongest)
    return fight.adjusted(f, strongest)


def ready_carried(fight: TftFight, f: Fighter, weapon: str) -> str | None:
    """Ready a carried weapon; the one in hand is put away. Returns it."""
    f.carried.remove(weapon)
    old = f.ready
    if old is not None:
        f.carried.append(old)
    f.ready = weapon
    return old


def do_ready_weapon(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    w = c.weapon
    if w is None or w not in f.carried:
        lost(fight, f, "ready_weapon", f"no {w} carried")
        return
    if WEAPONS[w].hands == 2 and f.shield is not None:
        lost(fight, f, "ready_weapon", f"{w} needs both hands and a shield is ready")
        return
    old = ready_carried(fight, f, w)
    fight.emit(ReadyWeapon, actor=f.id, weapon=w, put_away=old)


def own_item_near(fight: TftFight, f: Fighter, wanted: str | None) -> tuple[tuple[int, int],
                                                                         str] | None:
    """An item ``f`` dropped lying in its hex or next to it (``wanted`` only, if given)."""
    best = None
    for h, items in sorted(fight.map.ground.items()):
        if distance(h, f.at) > 1:
            continue
        for owner, item in items:
            if owner != f.id or (wanted is not None and item != wanted):
                continue
            usable = not item.endswith("_shield") or f.shield is None
            if item in WEAPONS and WEAPONS[item].hands == 2 and f.shield is not None:
                usable = False
            if usable and (best is None or (item.endswith("_shield"), h) < (
                    best[1].endswith("_shield"), best[0])):
                best = (h, item)
    return best


def do_pick_up(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    found = own_item_near(fight, f, c.weapon)
    if found is None:
        lost(fight, f, "pick_up", "nothing of its own lies within reach")
        return
    h, item = found
    fight.map.pick(h, (f.id, item))
    if item.endswith("_shield"):
        f.shield = item.removesuffix("_shield")
    else:
        if f.ready is not None:
            f.carried.append(f.ready)
        f.ready = item
    fight.emit(PickedUp, actor=f.id, item=item, at=h)


def do_disengage(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    if f.in_hth:
        disengage_hth(fight, f)
        return
    foes = fight.engagers(f)
    ready = [Striker(o.id, o.acted or o.knocked_down or o.choice is None
                     or o.choice.option != "attack") for o in foes]
    strikers = disengage_strikers(ready, fight.rules)
    for sid in strikers:
        o = fight.by_id[sid]
        if not f.able:
            return
        combat.strike(fight, o, f, "strike")
        if fight.rules.disengage_strike_uses_action:
            o.acted = True
    if not f.able:
        return
    to = None if f.knocked_down else fight.exit_hex(f, c.to, [o.at for o in foes])
    fight.emit(Disengage, actor=f.id, hth=False, success=to is not None, strikers=strikers,
               to=to)
    if to is not None:
        fight.place(f, to, "disengage")


def disengage_hth(fight: TftFight, f: Fighter) -> None:
    """Option (u): 4 dice against adjusted DX (one roll, or one for each enemy holding it:
    ``hth_disengage_rolls``); the holders do not strike; success: the figure stands in an
    adjacent hex."""
    c = f.choice
    assert c is not None
    holders = group.foes(fight, f)
    why = grapple.why_not_in_hth("disengage", entered_this_turn=f.entered_turn == fight.turn)
    to = fight.exit_hex(f, c.to, [o.at for o in fight.enemies(f) if o not in holders])
    if why is not None or to is None:
        lost(fight, f, "disengage", why or "no free hex to stand in")
        return
    if f.pinned_by is not None:
        lost(fight, f, "disengage", "pinned")
        return
    rolls: list[Fighter | None] = [None]
    if fight.rules.hth_disengage_rolls == "per_enemy" and len(holders) > 1:
        rolls = list(holders)
    for k, holder in enumerate(rolls):
        adj = fight.adjusted(f, combat.strongest(fight, f))
        roll = grapple.hth_disengage_roll(combat.roll(fight, 4), adj)
        free = roll.success and k == len(rolls) - 1
        fight.emit(Disengage, actor=f.id, hth=True, success=roll.success, faces=roll.faces,
                   roll=roll.roll, against=roll.against, to=to if free else None,
                   modifiers=roll.modifiers, holder=holder.id if holder else None)
        if not roll.success:
            return
    group.leave(fight, f, "disengage", to=to, mode="disengage")
    combat.stand(fight, f, "disengage")


def do_release(fight: TftFight, f: Fighter) -> None:
    c = f.choice
    assert c is not None
    g = group.foe(fight, f, c.target, f.target)
    if g is None or (c.target is not None and c.target != g.id):
        lost(fight, f, "release", f"not in HTH with {c.target}")
        return
    others = [o.id for o in group.foes(fight, g) if o is not f]
    if others and fight.rules.hth_release == "last_holder":
        lost(fight, f, "release", f"{g.id} is still held by {', '.join(others)}")
        return
    to = fight.exit_hex(g, c.to, [f.at])
    if to is None:
        lost(fight, f, "release", "no free hex for the released figure")
        return
    rel = grapple.release(g.id, f.id, fight.rules)
    fight.emit(Release, actor=f.id, target=g.id, to=to)
    group.leave(fight, g, "release", by=f, first=f, to=to, mode="released")
    if rel.stands:
        combat.stand(fight, g, "released")


def do_stand_up(fight: TftFight, f: Fighter) -> None:
    combat.stand(fight, f, "stand_up")


def do_contest(fight: TftFight, f: Fighter) -> None:
    """A pin or take-down contest with the foe in HTH (our definition: seed 000 names
    them). A won take-down puts the loser down; a won pin holds it (a pinned figure can
    only try to break the pin, by winning a pin contest)."""
    c = f.choice
    assert c is not None
    g = group.foe(fight, f, f.pinned_by, c.target, f.target)
    if g is None:  # (the state was checked: still_fits)
        lost(fight, f, c.option, "no enemy in its HTH")
        return
    kind = c.option
    rules = fight.rules
    cur = rules.strongest_by_current_st
    n_f = grapple.contest_dice(kind, f.talents, rules)
    n_g = grapple.contest_dice(kind, g.talents, rules)
    res = grapple.contest(kind, f.id, g.id, combat.roll(fight, n_f), combat.roll(fight, n_g),
                          actor_st=f.st if cur else f.base_st,
                          target_st=g.st if cur else g.base_st, actor_talents=f.talents,
                          target_talents=g.talents, rules=rules)
    fight.note_attack()
    fight.emit(Contest, actor=f.id, target=g.id, kind=kind, actor_faces=res.actor_faces,
               target_faces=res.target_faces,
               actor_bonus=sum(v for _, v in res.actor_modifiers),
               target_bonus=sum(v for _, v in res.target_modifiers),
               actor_score=res.actor_score, target_score=res.target_score, winner=res.winner)
    loser = g if res.winner == f.id else f
    winner = f if loser is g else g
    if kind == grapple.TAKE_DOWN:
        combat.fall(fight, loser, "take_down")
        return
    if f.pinned_by == g.id and res.winner == f.id:  # broke the pin
        f.pinned_by = None
        g.pinning = None
        fight.emit(core.State, actor=f.id, state="pinned", value=False, opponent=g.id,
                   cause="pin")
    elif winner is f and g.pinned_by is None and f.pinning is None:
        g.pinned_by = f.id
        f.pinning = g.id
        fight.emit(core.State, actor=g.id, state="pinned", value=True, opponent=f.id,
                   cause="pin")


PERFORM = {
    "move": do_nothing, "stand_still": do_nothing, "dodge": do_nothing,
    "defend": do_nothing, "crawl": do_nothing,
    "attack": do_attack, "hth": do_hth, "ready_knife": do_ready_knife,
    "ready_weapon": do_ready_weapon, "pick_up": do_pick_up, "disengage": do_disengage,
    "release": do_release, "stand_up": do_stand_up, "pin": do_contest,
    "take_down": do_contest, "throw": do_throw,
}
"""What each option does at the figure's action tenth."""

__all__ = ["PERFORM", "act", "attack_target", "end_of_movement_dive"]
