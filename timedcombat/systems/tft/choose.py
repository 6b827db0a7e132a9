"""Choosing a figure's option for the turn: its plan's next step when the rules allow it,
else its policy's choice.

A figure chooses at the start of its side's movement window, from its state then
(:data:`~timedcombat.systems.tft.movement.STATES`); the option fixes how far it may move
(:func:`~timedcombat.systems.tft.movement.move_allowance`). A plan step that names a foe
out of the option's reach is carried toward: the figure moves (full MA) toward it and the
step waits for a later turn. A prone figure stands up (or crawls) before a step that needs
it on its feet; a step the rules do not allow in the figure's state is skipped
(``tft.plan_skip``). Options are logged as ``action`` events when chosen.
"""

from __future__ import annotations

from typing import Any

from timedcombat import events as core
from timedcombat.hexmap import Hex, distance, neighbours
from timedcombat.systems.tft import board, entry, grapple, group, hth, paths
from timedcombat.systems.tft.context import Context
from timedcombat.systems.tft.events import PlanSkip, TftAction
from timedcombat.systems.tft.fighter import Choice, Fighter
from timedcombat.systems.tft.movement import (
    DISENGAGED,
    DOWN,
    ENGAGED,
    IN_HTH,
    OPTIONS,
    move_allowance,
)

NO_SLOT_EFFECT = frozenset({"move", "stand_still", "dodge", "crawl"})
"""Options with nothing to do at the action tenth (they always still fit)."""


# ------------------------------------------------------------------ building choices


def allowance(f: Fighter, option: str, state: str) -> int:
    """Hexes ``option`` lets ``f`` move from ``state`` (Judo 2 on the ground: crawl 3, and
    an attack or defence lying down moves none); never more than its MA."""
    if state == DOWN and option == "crawl":
        return min(grapple.crawl_hexes(f.talents), max(0, f.ma))
    if state == DOWN and option in ("attack", "defend"):
        return 0
    return move_allowance(option, state, f.ma)


def allowed(f: Fighter, option: str, state: str) -> bool:
    """The option is one ``f`` may take in ``state``."""
    if option in OPTIONS.get(state, {}):
        return True
    return state == DOWN and option in ("attack", "defend") and f.has("judo_2")


def make(f: Fighter, option: str, state: str, *, target: str | None = None,
         to: Hex | None = None, weapon: str | None = None, approach: str = "",
         plan: int | None = None, keep: bool = False, hexes: int | None = None) -> Choice:
    return Choice(option, state, allowance(f, option, state) if hexes is None else hexes,
                  target=target, to=to, weapon=weapon, plan=plan, approach=approach,
                  keep=keep)


# ------------------------------------------------------------------ focus


def focus(ctx: Context, f: Fighter) -> Fighter | None:
    """The enemy ``f`` goes for: in HTH, a foe there (its plan step's target, else its
    target, else the first to have got in); its plan step's target; its target while no
    enemy is nearer; else the nearest (those engaging it first, then scenario order)."""
    head = f.plan_head
    if f.in_hth:
        return group.foe(ctx, f, head.target if head is not None else None, f.target)
    if head is not None and head.target is not None:
        t = ctx.by_id.get(head.target)
        if t is not None and t.able:
            return t
    enemies = ctx.enemies(f)
    if not enemies:
        return None
    nearest = min(distance(f.at, o.at) for o in enemies)
    cur = ctx.by_id.get(f.target or "")
    if cur is not None and cur.able and distance(f.at, cur.at) <= nearest:
        return cur
    engaging = {o.id for o in board.engagers(ctx, f)}
    near = [o for o in enemies if distance(f.at, o.at) == nearest]
    return min(near, key=lambda o: (o.id not in engaging, o.index))


def set_focus(ctx: Context, f: Fighter) -> Fighter | None:
    t = focus(ctx, f)
    new = t.id if t is not None else None
    if new != f.target:
        f.target = new
        ctx.emit(core.Target, actor=f.id, target=new)
    return t


# ------------------------------------------------------------------ reach


def goals(ctx: Context, f: Fighter) -> tuple[Hex, ...]:
    """The hexes ``f``'s option moves it toward (any one will do)."""
    c = f.choice
    assert c is not None
    kind = c.approach
    if kind == "hex":
        return (c.to,) if c.to is not None else ()
    t = ctx.by_id.get(c.target or "")
    if kind == "item":
        return item_goals(ctx, f, c.weapon)
    if t is None or not t.able:
        return ()
    if kind == "adjacent":
        return adjacent_goals(ctx, f, t)
    if kind == "entry":
        return entry_goals(ctx, f, t)
    return ()


def adjacent_goals(ctx: Context, f: Fighter, t: Fighter) -> tuple[Hex, ...]:
    here, free = f.at, ctx.map.is_free
    return tuple([h for h in neighbours(t.at) if h == here or free(h)])


def entry_goals(ctx: Context, f: Fighter, t: Fighter) -> tuple[Hex, ...]:
    """Hexes next to ``t`` from which one of seed 000's situations lets ``f`` jump it."""
    return tuple(h for h in adjacent_goals(ctx, f, t)
                 if entry.check(ctx, f, t, hth.JUMP, frm=h).allowed)


def item_goals(ctx: Context, f: Fighter, wanted: str | None) -> tuple[Hex, ...]:
    out: set[Hex] = set()
    for h, items in ctx.map.ground.items():
        if any(o == f.id and (wanted is None or i == wanted) for o, i in items):
            out |= {n for n in (h, *neighbours(h)) if n == f.at or ctx.map.is_free(n)}
    return tuple(sorted(out))


def steps_to(ctx: Context, f: Fighter, to: tuple[Hex, ...], within: int) -> int | None:
    """Hexes ``f`` must move to reach one of ``to``, looking no further than ``within``
    hexes (and a search margin) from it (``None``: it cannot, or only through an enemy's
    front, or not found that near)."""
    if not to:
        return None
    if f.at in to:
        return 0
    path = paths.route(f.at, to, ctx.map.is_free, board.front_hexes(ctx, f).__contains__,
                       within)
    return len(path) if path and path[-1] in to else None


def reaches(ctx: Context, f: Fighter, to: tuple[Hex, ...], hexes: int) -> bool:
    """``f`` can reach one of ``to`` in ``hexes`` steps (the search looks that far only)."""
    n = steps_to(ctx, f, to, hexes)
    return n is not None and n <= hexes


# ------------------------------------------------------------------ the plan


DOWN_STEPS = frozenset({"stand_up", "crawl", "stand_still"})


def from_plan(ctx: Context, f: Fighter, state: str) -> Choice | None:
    """The option of ``f``'s next plan step, skipping (and logging) those the rules do not
    allow now; ``None``: no step applies (the policy chooses)."""
    while (head := f.plan_head) is not None:
        if f.pinned_by is not None and head.action not in ("pin", "stand_still"):
            return None  # pinned: only trying to break the pin (the policy); the step waits
        if state == DOWN and head.action not in DOWN_STEPS and not (
                head.action in ("attack", "defend") and f.has("judo_2")):
            return None  # on its feet first (the policy stands it up); the step waits
        got = plan_choice(ctx, f, head, state, f.plan_index)
        if isinstance(got, Choice):
            if not got.keep:
                f.pop_plan()
            return got
        ctx.emit(PlanSkip, actor=f.id, name=head.action, index=f.pop_plan(), reason=got)
    return None


def plan_choice(ctx: Context, f: Fighter, step: Any, state: str, idx: int) -> Choice | str:
    """The option for plan step ``step`` in ``state``, or why it cannot be taken."""
    a = step.action
    target = ctx.by_id.get(step.target) if step.target is not None else None
    partner = group.foe(ctx, f, step.target, f.target) if f.in_hth else None
    if target is not None and not target.able:
        return f"{target.id} is out of the fight"
    if a == "stand_still":
        return make(f, a, state, plan=idx)
    if a in ("pin", "take_down", "release"):
        if partner is None:
            return "not in HTH"
        if target is not None and target is not partner:
            return f"not in HTH with {target.id}"
        return make(f, a, state, target=partner.id, to=step.to, plan=idx)
    if a == "disengage":
        if state not in (ENGAGED, IN_HTH):
            return "not engaged"
        return make(f, a, state, to=step.to, plan=idx)
    if a == "stand_up":
        return make(f, a, state, plan=idx) if state == DOWN else "not prone"
    if a == "crawl":
        if state != DOWN:
            return "not prone"
        return make(f, a, state, to=step.to, approach="hex", plan=idx)
    if a == "defend":
        if not allowed(f, a, state):
            return "only an engaged figure defends (or a Judo 2 holder on the ground)"
        return make(f, a, state, plan=idx)
    if a == "dodge":
        if state != DISENGAGED:
            return "only a disengaged figure dodges"
        return make(f, a, state, to=step.to, approach="hex" if step.to else "", plan=idx)
    if a in ("ready_knife", "ready_weapon", "pick_up"):
        return weapon_step(ctx, f, a, step, state, idx)
    if a == "throw":
        if state not in (DISENGAGED, ENGAGED):
            return "only a standing figure out of HTH throws"
        w = f.weapon
        if w is None or not w.throwable:
            return f"no weapon to throw ready ({f.ready or 'bare hands'})"
        return make(f, a, state, target=target.id if target else None, weapon=w.name,
                    plan=idx)
    if a == "move":
        return move_step(f, step, state, idx)
    if a == "attack":
        return attack_step(ctx, f, target, state, idx)
    if a in ("hth", "dive"):
        return entry_step(ctx, f, a, target, state, idx, step.to)
    return f"unknown action {a}"  # pragma: no cover - the loader allows no other


def weapon_step(ctx: Context, f: Fighter, a: str, step: Any, state: str,
                idx: int) -> Choice | str:
    if not allowed(f, a, state):
        return "not in HTH" if a != "ready_knife" else "prone"
    if a == "ready_knife":
        knife = step.weapon or f.carried_knife()
        if f.knife_ready and (step.weapon is None or f.ready == step.weapon):
            return "a knife is already ready"
        if knife is None or knife not in f.carried:
            return "no knife to ready"
        if state == IN_HTH:
            why = grapple.why_not_in_hth(a, entered_this_turn=f.entered_turn == ctx.turn,
                                         has_knife=True, knife_ready=False)
            if why is not None:
                return why
        return make(f, a, state, weapon=knife, plan=idx)
    if a == "ready_weapon":
        if step.weapon not in f.carried:
            return f"{step.weapon} is not carried (in hand, dropped or broken)"
        return make(f, a, state, weapon=step.weapon, plan=idx)
    to = item_goals(ctx, f, step.weapon)
    if not to:
        return "nothing of its own lies on the ground"
    return make(f, a, state, weapon=step.weapon, approach="item", plan=idx)


def move_step(f: Fighter, step: Any, state: str, idx: int) -> Choice | str:
    if state == IN_HTH:
        return "in HTH (disengage first)"
    if step.to == f.at:
        return "already there"
    if state == ENGAGED:  # a shift toward it (a hex of its MA)
        return make(f, "move", state, to=step.to, approach="hex", plan=idx, keep=True,
                    hexes=min(1, max(0, f.ma)))
    return make(f, "move", state, to=step.to, approach="hex", plan=idx, keep=True)


def attack_step(ctx: Context, f: Fighter, target: Fighter | None, state: str,
                idx: int) -> Choice | str:
    if state == IN_HTH:
        g = group.foe(ctx, f, target.id if target else None, f.target)
        assert g is not None
        if target is not None and target is not g:
            return f"in HTH with {g.id}, not {target.id}"
        return make(f, "attack", state, target=g.id, plan=idx)
    if state == DOWN:
        return make(f, "attack", state, target=target.id if target else None, plan=idx)
    t = target or ctx.by_id.get(f.target or "")
    if t is None:
        return "no enemy left to attack"
    if state == ENGAGED:
        return make(f, "attack", state, target=t.id, approach="adjacent", plan=idx)
    half = allowance(f, "attack", state)
    if reaches(ctx, f, adjacent_goals(ctx, f, t), half):
        return make(f, "attack", state, target=t.id, approach="adjacent", plan=idx)
    return make(f, "move", state, target=t.id, approach="adjacent", plan=idx, keep=True)


def entry_step(ctx: Context, f: Fighter, a: str, t: Fighter | None, state: str,
               idx: int, frm: Hex | None = None) -> Choice | str:
    """A jump or a dive: toward the hexes next to ``t`` it may be tried from, or only the
    plan's ``to`` (``frm``) when it gives one, which must be such a hex."""
    assert t is not None  # (the loader requires a target)
    if state == IN_HTH:
        return "already in HTH"
    if t.in_hth and not ctx.rules.join_hth:
        return f"{t.id} is in HTH already"
    if a == "dive":
        if state not in (DISENGAGED, ENGAGED):
            return "a dive needs a figure on its feet"
        chk = hth.entry_check(hth.DIVE, attacker_ma=f.ma, target_ma=t.ma, arc="front",
                              target_posture="standing")
        if not chk.allowed:
            return chk.why_not or "no dive"
        to = adjacent_goals(ctx, f, t)
        kind = "adjacent"
    else:
        to = entry_goals(ctx, f, t)
        if not to:
            chk = entry.check(ctx, f, t, hth.JUMP)
            return chk.why_not or "no hex next to the target allows a jump"
        kind = "entry"
    if frm is not None:
        if frm not in to:
            allows = " from which a jump is allowed" if a == "hth" else ""
            return f"{list(frm)} is not a free hex next to {t.id}{allows}"
        to, kind = (frm,), "hex"
    hexes = allowance(f, a, state)
    if state == ENGAGED or reaches(ctx, f, to, hexes):
        return make(f, a, state, target=t.id, to=frm, approach=kind, plan=idx)
    return make(f, "move", state, target=t.id, to=frm, approach=kind, plan=idx, keep=True)


# ------------------------------------------------------------------ choosing


def choose(ctx: Context, f: Fighter) -> None:
    """``f`` takes its option for the turn (logged as an ``action``)."""
    state = board.state_of(ctx, f)
    set_focus(ctx, f)
    c = from_plan(ctx, f, state)
    if c is None:
        c = f.policy.choose(ctx, f, state)
    take(ctx, f, c)


def gap(ctx: Context, f: Fighter, c: Choice) -> int | None:
    """Hexes between ``f`` and where its option takes it: the hex ``to``, else its foe."""
    if c.to is not None:
        return distance(f.at, c.to)
    t = ctx.by_id.get(c.target or "")
    return distance(f.at, t.at) if t is not None and t.able else None


def take(ctx: Context, f: Fighter, c: Choice) -> None:
    c.gap = gap(ctx, f, c)
    f.choice = c
    f.defending = c.option == "defend"
    f.dodging = c.option == "dodge"
    if not ctx.logging:
        ctx.count()  # (every figure's option every turn: its fields not looked up)
        return
    ctx.emit(TftAction, actor=f.id, name=c.option, end=ctx.slot[f.id], target=c.target,
             weapon=c.weapon, state=c.state, hexes=c.hexes, to=c.to, plan=c.plan)


def after_movement(ctx: Context, f: Fighter) -> None:
    """A scripted ``move`` is done when the figure stands on its hex; a ``move`` (or a move
    toward the foe of an ``attack``, ``hth`` or ``dive``) that got no closer to its hex or
    foe this turn is given up."""
    c = f.choice
    assert c is not None
    head = f.plan_head
    if not c.keep or head is None or c.plan != f.plan_index:
        return
    if head.action == "move" and f.at == c.to:
        f.pop_plan()
        return
    now = gap(ctx, f, c)
    if c.gap is not None and now is not None and now >= c.gap \
            and f.at not in goals(ctx, f):
        ctx.emit(PlanSkip, actor=f.id, name=head.action, index=f.pop_plan(),
                 reason="no way closer")


def still_fits(ctx: Context, f: Fighter) -> bool:
    """The option chosen in the movement phase can still be carried out in ``f``'s state."""
    c = f.choice
    assert c is not None
    if c.option in NO_SLOT_EFFECT:
        return True
    state = board.state_of(ctx, f)
    if state == c.state:
        return True
    return allowed(f, c.option, state) and c.option not in ("pin", "take_down", "release")


def rechoose(ctx: Context, f: Fighter) -> None:
    """The state changed since ``f`` chose (jumped into HTH, knocked back ...): it chooses
    again among the options of its new state that need no movement."""
    state = board.state_of(ctx, f)
    set_focus(ctx, f)
    take(ctx, f, f.policy.in_place(ctx, f, state))


__all__ = ["Choice", "allowance", "allowed", "choose", "focus", "from_plan", "goals",
           "make", "rechoose", "still_fits"]
