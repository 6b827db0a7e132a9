"""The action table of the ``tft`` system: :data:`ACTIONS` maps each word of the plan
vocabulary to its handler, ``handler(ctx, fighter, choice)``, which carries out the option
at the figure's action tenth (:func:`act`); the scenario's word leads straight here.

An option chosen in the movement phase may no longer fit when the figure's tenth comes (it
was jumped into HTH, say): it then chooses again among the options of its state that need
no movement (:func:`timedcombat.systems.tft.choose.rechoose`). A figure knocked down
before its tenth, or whose attack went into a strike at a foe disengaging from it, does
nothing more this turn.
"""

from __future__ import annotations

from timedcombat import events as core
from timedcombat.context import Handler
from timedcombat.hexmap import distance
from timedcombat.systems.tft import board, choose, combat, entry, grapple, group
from timedcombat.systems.tft.choose import NO_SLOT_EFFECT
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.entry import lost
from timedcombat.systems.tft.events import (
    Contest,
    Disengage,
    PickedUp,
    ReadyKnife,
    ReadyWeapon,
    Release,
)
from timedcombat.systems.tft.fighter import Choice, Fighter
from timedcombat.systems.tft.resolve import AdjustedDx
from timedcombat.systems.tft.rules import WEAPONS


def end_of_movement_dive(ctx: Context, f: Fighter) -> None:
    """A dive is resolved at the end of the movement phase (seed 000); its entry attack
    follows at the action tenth (:func:`dive`)."""
    assert f.choice is not None
    if f.knocked_down:
        lost(ctx, f, "dive", "knocked down")
        return
    entry.dive(ctx, f)


def act(ctx: Context, f: Fighter) -> None:
    """``f``'s action tenth: the handler of its option (:data:`ACTIONS`), unless it acted
    already, was knocked down or is pinned; an option that no longer fits is chosen
    again first (a dive was resolved at the end of movement and always goes on)."""
    c = f.choice
    assert c is not None
    if f.acted:
        if c.option == "attack":
            lost(ctx, f, "attack", "already struck at a foe disengaging from it")
        return
    if c.option != "dive":
        if f.knocked_down:
            if c.option not in NO_SLOT_EFFECT | {"defend"}:
                lost(ctx, f, c.option, "knocked down")
            f.acted = True
            return
        if f.pinned_by is not None and c.option not in ("pin", "stand_still"):
            lost(ctx, f, c.option, f"pinned by {f.pinned_by}: it may only try to break "
                 "the pin")
            f.acted = True
            return
        if not choose.still_fits(ctx, f):
            choose.rechoose(ctx, f)
            c = f.choice
            assert c is not None
    ACTIONS[c.option](ctx, f, c)
    f.acted = True


# ------------------------------------------------------------------ the handlers


def nothing(ctx: Context, f: Fighter, c: Choice) -> None:
    """Options whose whole effect is in the movement phase or lasts the turn (move, dodge,
    defend, crawl, stand still)."""


def dive(ctx: Context, f: Fighter, c: Choice) -> None:
    """After a dive that got in (resolved at the end of movement): the entry attack, unless
    the diver was knocked down since."""
    past = group.foe(ctx, f, f.entered_with) if f.entered_turn == ctx.turn else None
    entered = past is not None and past.id == f.entered_with
    if entered and f.knocked_down:
        lost(ctx, f, "dive", "knocked down before its attack")
    elif entered and past is not None:
        combat.strike(ctx, f, past, "hth_entry")


def attack(ctx: Context, f: Fighter, c: Choice) -> None:
    if f.in_hth:
        g = group.foe(ctx, f, c.target, f.target)
        if g is not None:
            combat.strike(ctx, f, g, "hth")
        return
    t = attack_target(ctx, f, c.target)
    if t is None:
        lost(ctx, f, "attack", "no enemy in a front hex")
        return
    if f.prone:
        combat.strike(ctx, f, t, "prone")
        return
    combat.strike(ctx, f, t, "charge" if f.moved > 0 else "attack")


def attack_target(ctx: Context, f: Fighter, wanted: str | None) -> Fighter | None:
    """The foe ``f`` strikes: the one it wanted, else its focus, else the first enemy in a
    front hex (in order of action)."""
    front = board.front_enemies(ctx, f)
    if f.prone and not (f.has("judo_2") and f.moved == 0):
        return None
    for fid in (wanted, f.target):
        for o in front:
            if o.id == fid:
                return o
    front.sort(key=lambda o: ctx.rank.get(o.id, o.index))
    return front[0] if front else None


def throw(ctx: Context, f: Fighter, c: Choice) -> None:
    """Throw the ready weapon at the target: 3 dice (4 against a defending or dodging foe)
    against DX adjusted for the distance; the weapon lands in the target's hex."""
    t = ctx.by_id.get(c.target or "")
    w = f.weapon
    if t is None or not t.able:
        lost(ctx, f, "throw", "the target is out of the fight")
        return
    if w is None or not w.throwable or w.name != c.weapon:
        lost(ctx, f, "throw", "no weapon to throw ready")
        return
    combat.throw_weapon(ctx, f, t)


def hth(ctx: Context, f: Fighter, c: Choice) -> None:
    entry.jump(ctx, f, ctx.by_id.get(c.target or ""))


def ready_knife(ctx: Context, f: Fighter, c: Choice) -> None:
    knife = c.weapon if c.weapon in f.carried else f.carried_knife()
    if f.in_hth:
        why = grapple.why_not_in_hth("ready_knife", entered_this_turn=f.entered_turn
                                     == ctx.turn, has_knife=knife is not None,
                                     knife_ready=f.knife_ready)
        if why is not None or knife is None:
            lost(ctx, f, "ready_knife", why or "no knife to ready")
            return
        roll = grapple.ready_knife_roll(combat.roll(ctx, 3), knife_dx(ctx, f),
                                        WEAPONS[knife])
        ctx.emit(ReadyKnife, actor=f.id, weapon=knife, free=False, success=roll.success,
                 faces=roll.faces, roll=roll.roll, against=roll.against,
                 modifiers=roll.modifiers)
        if roll.success:
            f.carried.remove(knife)
            if f.ready is not None:
                f.carried.append(f.ready)
            f.ready = knife
        return
    if knife is None:
        lost(ctx, f, "ready_knife", "no knife to ready")
        return
    ready_carried(ctx, f, knife)
    ctx.emit(ReadyKnife, actor=f.id, weapon=knife, free=True, success=True)


def knife_dx(ctx: Context, f: Fighter) -> AdjustedDx:
    """The DX a knife is drawn against in HTH, before the knife's own adjustment: adjusted
    DX with the HTH +2, or basic DX with only the +2 (``knife_draw_dx``)."""
    strongest = combat.strongest(ctx, f)
    if ctx.rules.knife_draw_dx == "dx":
        return AdjustedDx(f.dx, (), f.dx).plus(strongest)
    return f.adjusted(strongest)


def ready_carried(ctx: Context, f: Fighter, weapon: str) -> str | None:
    """Ready a carried weapon; the one in hand is put away. Returns it."""
    f.carried.remove(weapon)
    old = f.ready
    if old is not None:
        f.carried.append(old)
    f.ready = weapon
    return old


def ready_weapon(ctx: Context, f: Fighter, c: Choice) -> None:
    w = c.weapon
    if w is None or w not in f.carried:
        lost(ctx, f, "ready_weapon", f"no {w} carried")
        return
    if WEAPONS[w].hands == 2 and f.shield is not None:
        lost(ctx, f, "ready_weapon", f"{w} needs both hands and a shield is ready")
        return
    old = ready_carried(ctx, f, w)
    ctx.emit(ReadyWeapon, actor=f.id, weapon=w, put_away=old)


def own_item_near(ctx: Context, f: Fighter, wanted: str | None) -> tuple[tuple[int, int],
                                                                         str] | None:
    """An item ``f`` dropped lying in its hex or next to it (``wanted`` only, if given)."""
    best = None
    for h, items in sorted(ctx.map.ground.items()):
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


def pick_up(ctx: Context, f: Fighter, c: Choice) -> None:
    found = own_item_near(ctx, f, c.weapon)
    if found is None:
        lost(ctx, f, "pick_up", "nothing of its own lies within reach")
        return
    h, item = found
    ctx.map.pick(h, (f.id, item))
    if item.endswith("_shield"):
        f.shield = item.removesuffix("_shield")
    else:
        if f.ready is not None:
            f.carried.append(f.ready)
        f.ready = item
    ctx.emit(PickedUp, actor=f.id, item=item, at=h)


def disengage(ctx: Context, f: Fighter, c: Choice) -> None:
    if f.in_hth:
        disengage_hth(ctx, f, c)
        return
    foes = board.engagers(ctx, f)
    strikers = combat.strikes_at_leaver(ctx, f, foes)
    if not f.able:
        return
    to = None if f.knocked_down else board.exit_hex(ctx, f, c.to, [o.at for o in foes])
    ctx.emit(Disengage, actor=f.id, hth=False, success=to is not None, strikers=strikers,
             to=to)
    if to is not None:
        board.place(ctx, f, to, "disengage")


def disengage_hth(ctx: Context, f: Fighter, c: Choice) -> None:
    """Option (u): 4 dice against adjusted DX (one roll, or one for each enemy holding it:
    ``hth_disengage_rolls``); the holders do not strike; success: the figure stands in an
    adjacent hex."""
    holders = group.foes(ctx, f)
    why = grapple.why_not_in_hth("disengage", entered_this_turn=f.entered_turn == ctx.turn)
    to = board.exit_hex(ctx, f, c.to, [o.at for o in ctx.enemies(f) if o not in holders])
    if why is not None or to is None:
        lost(ctx, f, "disengage", why or "no free hex to stand in")
        return
    if f.pinned_by is not None:
        lost(ctx, f, "disengage", "pinned")
        return
    rolls: list[Fighter | None] = [None]
    if ctx.rules.hth_disengage_rolls == "per_enemy" and len(holders) > 1:
        rolls = list(holders)
    for k, holder in enumerate(rolls):
        adj = f.adjusted(combat.strongest(ctx, f))
        roll = grapple.hth_disengage_roll(combat.roll(ctx, 4), adj)
        free = roll.success and k == len(rolls) - 1
        ctx.emit(Disengage, actor=f.id, hth=True, success=roll.success, faces=roll.faces,
                 roll=roll.roll, against=roll.against, to=to if free else None,
                 modifiers=roll.modifiers, holder=holder.id if holder else None)
        if not roll.success:
            return
    group.leave(ctx, f, "disengage", to=to, mode="disengage")
    combat.stand(ctx, f, "disengage")


def release(ctx: Context, f: Fighter, c: Choice) -> None:
    g = group.foe(ctx, f, c.target, f.target)
    if g is None or (c.target is not None and c.target != g.id):
        lost(ctx, f, "release", f"not in HTH with {c.target}")
        return
    others = [o.id for o in group.foes(ctx, g) if o is not f]
    if others and ctx.rules.hth_release == "last_holder":
        lost(ctx, f, "release", f"{g.id} is still held by {', '.join(others)}")
        return
    to = board.exit_hex(ctx, g, c.to, [f.at])
    if to is None:
        lost(ctx, f, "release", "no free hex for the released figure")
        return
    rel = grapple.release(g.id, f.id, ctx.rules)
    ctx.emit(Release, actor=f.id, target=g.id, to=to)
    group.leave(ctx, g, "release", by=f, first=f, to=to, mode="released")
    if rel.stands:
        combat.stand(ctx, g, "released")


def stand_up(ctx: Context, f: Fighter, c: Choice) -> None:
    combat.stand(ctx, f, "stand_up")


def contest(ctx: Context, f: Fighter, c: Choice) -> None:
    """A pin or take-down contest with the foe in HTH (our definition: seed 000 names
    them). A won take-down puts the loser down; a won pin holds it (a pinned figure can
    only try to break the pin, by winning a pin contest)."""
    g = group.foe(ctx, f, f.pinned_by, c.target, f.target)
    if g is None:  # (the state was checked: still_fits)
        lost(ctx, f, c.option, "no enemy in its HTH")
        return
    kind = c.option
    rules = ctx.rules
    cur = rules.strongest_by_current_st
    n_f = grapple.contest_dice(kind, f.talents, rules)
    n_g = grapple.contest_dice(kind, g.talents, rules)
    res = grapple.contest(kind, f.id, g.id, combat.roll(ctx, n_f), combat.roll(ctx, n_g),
                          actor_st=f.st if cur else f.base_st,
                          target_st=g.st if cur else g.base_st, actor_talents=f.talents,
                          target_talents=g.talents, rules=rules)
    ctx.note_attack()
    a, t = res.actor, res.target
    ctx.emit(Contest, actor=f.id, target=g.id, kind=kind, actor_faces=a.faces,
             target_faces=t.faces, actor_bonus=sum(v for _, v in a.modifiers),
             target_bonus=sum(v for _, v in t.modifiers), actor_score=a.score,
             target_score=t.score, winner=res.winner)
    loser = g if res.winner == f.id else f
    winner = f if loser is g else g
    if kind == grapple.TAKE_DOWN:
        combat.fall(ctx, loser, "take_down")
        return
    if f.pinned_by == g.id and res.winner == f.id:  # broke the pin
        f.pinned_by = None
        g.pinning = None
        ctx.emit(core.State, actor=f.id, state="pinned", value=False, opponent=g.id,
                 cause="pin")
    elif winner is f and g.pinned_by is None and f.pinning is None:
        g.pinned_by = f.id
        f.pinning = g.id
        ctx.emit(core.State, actor=g.id, state="pinned", value=True, opponent=f.id,
                 cause="pin")


ACTIONS: dict[str, Handler] = {
    "move": nothing, "stand_still": nothing, "dodge": nothing, "defend": nothing,
    "crawl": nothing, "attack": attack, "hth": hth, "dive": dive,
    "ready_knife": ready_knife, "ready_weapon": ready_weapon, "pick_up": pick_up,
    "disengage": disengage, "release": release, "stand_up": stand_up, "pin": contest,
    "take_down": contest, "throw": throw,
}
"""What each word of the plan vocabulary does at the figure's action tenth: ``handler(ctx,
fighter, choice)``, ``choice`` the option it took for the turn (from its plan's step of
that word, or from its policy)."""

__all__ = ["ACTIONS", "act", "attack_target", "end_of_movement_dive"]
