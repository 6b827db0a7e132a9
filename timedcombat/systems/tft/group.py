"""One hand-to-hand combat (HTH) in the driver: the figures grappling in one hex.

Seed 000 writes of HTHs of several figures ("ties for strongest figure get no bonus",
"the enemies have been trying to hold him down", Judo's "if an enemy figure is stronger
than you"), so an HTH here is a group: the figures in one hex, friends and foes, in the
order they got in (the first is the one whose hex it is). A figure joins it when its jump
or dive gets in, or when it is knocked down jumping (:func:`join`); it leaves when it
disengages, is released or goes out (:func:`leave`). The HTH lasts while it holds figures
of two sides: when the last enemy of the others leaves, it ends for all of them, and all
but the first stand apart in free hexes next to it (one-hex figures share a hex only in
HTH; with no free hex a figure stays where it is).

Every figure of the group has the same list (``Fighter.hth_group``); this module is the one
place that changes it, and logs ``state hth`` (and the end of pins) as it does.
"""

from __future__ import annotations

from collections.abc import Iterable

from timedcombat import events as core
from timedcombat.hexmap import Hex
from timedcombat.systems.tft import board
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.fighter import Fighter

SEPARATE = "hth_end"
"""The ``move`` mode of a figure standing apart when its HTH ends with no enemy in it."""


def same(f: Fighter, g: Fighter) -> bool:
    """``f`` and ``g`` grapple in one HTH."""
    return f.hth_group is not None and f.hth_group is g.hth_group and f is not g


def members(ctx: Context, f: Fighter) -> list[Fighter]:
    """The other figures of ``f``'s HTH, in the order they got in."""
    if f.hth_group is None:
        return []
    return [ctx.by_id[i] for i in f.hth_group if i != f.id]


def foes(ctx: Context, f: Fighter) -> list[Fighter]:
    """The enemies in ``f``'s HTH, in the order they got in."""
    return [g for g in members(ctx, f) if g.side != f.side]


def foe(ctx: Context, f: Fighter, *wanted: str | None) -> Fighter | None:
    """The enemy in ``f``'s HTH it deals with: the first of ``wanted`` that is one, else
    the first to have got in."""
    there = foes(ctx, f)
    for w in wanted:
        for g in there:
            if g.id == w:
                return g
    return there[0] if there else None


def join(ctx: Context, f: Fighter, d: Fighter, cause: str) -> None:
    """``f`` gets into HTH with ``d``: into ``d``'s HTH, or a new one of the two."""
    group = d.hth_group
    if group is None:
        group = d.hth_group = [d.id]
    group.append(f.id)
    f.hth_group = group
    for x in (f, d):
        x.defending = x.dodging = False
    ctx.emit(core.State, actor=f.id, state="hth", value=True, opponent=d.id, cause=cause)
    ctx.emit(core.State, actor=d.id, state="hth", value=True, opponent=f.id, cause=cause)


def leave(ctx: Context, x: Fighter, cause: str, *, by: Fighter | None = None,
          first: Fighter | None = None, to: Hex | None = None, mode: str = "") -> None:
    """``x`` leaves its HTH (``by``: the figure that let it go). Pins between ``x`` and the
    others end; ``x`` is out of HTH (its ``opponent``: ``by``, else its first foe there),
    and so is every figure left with no enemy (``opponent``: ``x``), ``first`` logged first
    when it is one of them. ``x`` then moves to ``to`` (move ``mode``), and those left with
    no enemy stand apart, all but the first."""
    group = x.hth_group
    if group is None:
        return
    _end_pins(ctx, x, group, cause)
    there = members(ctx, x)
    opponent = by if by is not None else next((g for g in there if g.side != x.side), None)
    group.remove(x.id)
    x.hth_group = None
    ended = there if len({g.side for g in there}) <= 1 else []
    order = [x, *ended]
    if first is not None and first in ended:
        order = [first, x, *(g for g in ended if g is not first)]
    for y in order:
        y.hth_group = None
        opp = opponent if y is x else x
        ctx.emit(core.State, actor=y.id, state="hth", value=False,
                 opponent=opp.id if opp is not None else None, cause=cause)
    if to is not None:
        board.place(ctx, x, to, mode)
    stand_apart(ctx, ended[1:], [o.at for g in ended for o in ctx.enemies(g)])


def _end_pins(ctx: Context, x: Fighter, group: Iterable[str], cause: str) -> None:
    """Pins between ``x`` and the figures of its HTH end with its leaving it."""
    ids = set(group)
    pairs = []
    if x.pinned_by is not None and x.pinned_by in ids:
        pairs.append((x, ctx.by_id[x.pinned_by]))
    if x.pinning is not None and x.pinning in ids:
        pairs.append((ctx.by_id[x.pinning], x))
    for held, holder in pairs:
        held.pinned_by = None
        holder.pinning = None
        if held.able and not held.out:
            ctx.emit(core.State, actor=held.id, state="pinned", value=False,
                     opponent=holder.id, cause=cause)


def stand_apart(ctx: Context, figures: Iterable[Fighter], threats: list[Hex]) -> None:
    """Figures left in one hex with no HTH each step into a free hex next to it (away from
    the enemies), as a released figure does; with none free a figure stays."""
    for g in figures:
        if not g.able:
            continue
        to = board.exit_hex(ctx, g, None, threats)
        if to is not None:
            board.place(ctx, g, to, SEPARATE)


__all__ = ["SEPARATE", "foe", "foes", "join", "leave", "members", "same", "stand_apart"]
