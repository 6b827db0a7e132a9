"""Who is in close combat on the map: entering and leaving a foe's hex (seed 002).

The geometry of one close-combat hex is :mod:`.halfhex` (pure); this module keeps the
fight's record of them (hex -> :class:`~.halfhex.CloseCombatHex`) in step with the map and
logs the changes: ``state close_combat`` true/false (with ``opponent``) for everyone who
comes to share a hex with a foe or stops doing so, and ``gurps.half_hex`` after each entry.

A fighter is *in close combat* while a foe stands in his hex. A fighter leaving the hex lets
go of anyone he holds (a grapple needs reach C).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from timedcombat import events as ev
from timedcombat.hexmap import FACINGS, Hex, distance, neighbour
from timedcombat.systems.gurps import halfhex
from timedcombat.systems.gurps.closecombat import exits as cc_exits
from timedcombat.systems.gurps.events import HalfHex
from timedcombat.systems.gurps.holds import release_all_grips

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter


def occupants(ctx: Context, h: Hex) -> list[Fighter]:
    """The fighters standing on ``h`` (scenario order of arrival)."""
    return [ctx.by_id[i] for i in ctx.map.occupants_of(h)]


def foes_in_hex(ctx: Context, f: Fighter, h: Hex | None = None) -> list[Fighter]:
    """The foes standing on ``h`` (default: ``f``'s own hex)."""
    where = f.at if h is None else h
    return [o for o in occupants(ctx, where) if o.side != f.side and o is not f]


def in_close_combat(ctx: Context, f: Fighter) -> bool:
    return bool(ctx.map.where(f.id) is not None and foes_in_hex(ctx, f))


def same_hex(a: Fighter, b: Fighter) -> bool:
    return a.at == b.at


def cc_hex(ctx: Context, h: Hex) -> halfhex.CloseCombatHex | None:
    return ctx.cc.get(h)


def enter(ctx: Context, f: Fighter, came_from: Hex, stop: bool = True) -> None:
    """``f`` has just moved onto a hex holding a foe (from the neighbour ``came_from``):
    he takes the half on his side of entry, the foes standing there the other; everyone
    newly in close combat says so. Stopping there, he faces the foe."""
    h = f.at
    here = occupants(ctx, h)
    cc = ctx.cc.get(h) or _settled(ctx, h, here)
    standing = [o.id for o in here if o is not f and o.id not in cc]
    cc = halfhex.enter(cc, f.id, came_from, standing)
    ctx.cc[h] = cc
    side = cc.side_of(f.id)
    if stop:
        f.facing = halfhex.facing_on_entry(side)
    f.entered = True
    foes = [o for o in here if o.side != f.side and o is not f]
    if foes and not f.in_cc:
        f.in_cc = True
        f.cc_turns = 1  # this turn is his first there
        ctx.emit(ev.State, actor=f.id, state="close_combat", value=True,
                 opponent=foes[0].id)
    for o in foes:
        if not o.in_cc:
            o.in_cc = True
            o.cc_turns = 0  # entered upon: his next turn is his first there
            ctx.emit(ev.State, actor=o.id, state="close_combat", value=True, opponent=f.id)
    if ctx.logging:
        ctx.emit(HalfHex, actor=f.id, at=h, occupants=cc.ids(),
                 sides=tuple(FACINGS[o.side] for o in cc.occupants))
    else:
        ctx.count()


def leave(ctx: Context, f: Fighter, h: Hex) -> None:
    """``f`` is no longer on ``h`` (moved, retreated, or out of the fight): he lets go of
    those he held, and whoever no longer shares the hex with a foe is out of close combat."""
    if not f.grips and not f.in_cc and h not in ctx.cc and h not in ctx.settled and \
            not ctx.map.occupants_of(h):
        return  # (a step off a hex of his own: nothing to let go of, nobody left there)
    cc = ctx.cc.get(h)
    if cc is not None and f.id in cc:
        cc = halfhex.leave(cc, f.id)
        ctx.cc[h] = cc
    kept = ctx.settled.get(h)
    if kept is not None and f.id in kept:  # his half there is his no more
        kept = halfhex.leave(kept, f.id)
        if len(kept.occupants) > 1:
            ctx.settled[h] = kept
        else:  # one man alone: a foe coming in puts him on the other half
            ctx.settled.pop(h)
    release_all_grips(ctx, f)
    left = occupants(ctx, h)
    opponent = next((o.id for o in left if o.side != f.side), None)
    if f.in_cc:
        f.in_cc = False
        f.cc_turns = 0
        if f.able:
            ctx.emit(ev.State, actor=f.id, state="close_combat", value=False,
                     opponent=opponent)
    for o in left:
        if o.in_cc and not foes_in_hex(ctx, o, h):
            o.in_cc = False
            o.cc_turns = 0
            ctx.emit(ev.State, actor=o.id, state="close_combat", value=False,
                     opponent=f.id)
    if len({o.side for o in left}) < 2:
        # nobody there fights anyone: no close-combat hex any more, but those still in it
        # keep the halves they stand on, should a foe come in again
        done = ctx.cc.pop(h, None)
        if done is not None and len(left) > 1:
            ctx.settled[h] = done


def _settled(ctx: Context, h: Hex, here: list[Fighter]) -> halfhex.CloseCombatHex:
    """The halves of a hex whose close combat ended with two or more still in it, those
    who are still there keeping theirs (docs/rules/gurps.md, Half hexes: "nobody's
    changes"); a fresh hex when there are none, or one man alone (the seed: "your foe
    occupies the other half")."""
    cc = ctx.settled.pop(h, None) or halfhex.CloseCombatHex(h)
    present = {o.id for o in here}
    for who in cc.ids():
        if who not in present:
            cc = halfhex.leave(cc, who)
    return cc if len(cc.occupants) > 1 else halfhex.CloseCombatHex(h)


def exits(ctx: Context, f: Fighter) -> list[Hex]:
    """The free hexes on ``f``'s side of his close-combat hex (none while grappled)."""
    cc = ctx.cc.get(f.at)
    if cc is None or f.id not in cc:
        return []
    return [h for h in cc_exits(cc, f.id, f.grappled) if ctx.map.is_free(h)]


def attacker_point(ctx: Context, defender: Fighter, attacker: Fighter) -> Hex:
    """Where an attack comes from for the defender's arc: the attacker's hex, or for an
    attacker in the same close-combat hex the neighbour on the attacker's side."""
    if attacker.at != defender.at:
        return attacker.at
    cc = ctx.cc.get(defender.at)
    if cc is not None and attacker.id in cc:
        return neighbour(defender.at, cc.side_of(attacker.id))
    return attacker.at


def reach_distance(a: Fighter, b: Fighter) -> int:
    """Hexes between two fighters (0: the same hex, reach C)."""
    return distance(a.at, b.at)
