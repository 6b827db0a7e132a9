"""Each plan action as a maneuver laid out in steps, each step at its tenth of the phase.

:func:`perform` logs the maneuver (core ``action`` and ``gurps.maneuver``), builds its
steps (:data:`BUILDERS`: each hex moved is a step, each attack, a ready, a contest ...),
spreads them over the phase with :func:`.timing.step_tenths` and makes each at its tenth.
A step no longer possible when its tenth comes does nothing (an attack is lost with
``gurps.attack_lost``); a move that stops (a foe's hex, a hex taken) ends the movement but
not the maneuver. After a step maneuver the fighter turns to face his target (a free
facing change, B368). A Fast-Draw that readied a weapon with no maneuver spent lets him
take his next maneuver in the rest of the phase.

:func:`refusal` says why a plan step cannot be taken now (the driver skips it with
``gurps.plan_skip``): seed 002's "you cannot leave the hex until you break free", no free
hand to grapple, a takedown or pin he cannot join, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

import attrs

from timedcombat.hexmap import Hex, distance, neighbour
from timedcombat.plans import PlanStep
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import closing, melee, moving, timing, wrestling
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps.attack import attacks_allowed, reload_turns
from timedcombat.systems.gurps.damage import weapon_damage
from timedcombat.systems.gurps.events import AttackLost, Ready
from timedcombat.systems.gurps.halfhex import facing_on_entry, foe_side_hexes, side_towards
from timedcombat.systems.gurps.rolls import mods, success_roll
from timedcombat.systems.gurps.rules import (
    BASIC,
    KNEELING,
    MANEUVERS,
    PRONE,
    STANDING,
    WOUNDING,
    AttackMode,
    Weapon,
)
from timedcombat.systems.gurps.slam import slam_attack, slam_dice, slam_result
from timedcombat.systems.gurps.stats import PLAN_ACTIONS
from timedcombat.systems.gurps.traits import fast_draw_skill, step_hexes
from timedcombat.turns import at

if TYPE_CHECKING:
    from timedcombat.systems.gurps.engine import Fight
    from timedcombat.systems.gurps.fighter import Fighter

MOVE, OTHER = "move", "other"
MOVING_ACTIONS = frozenset({"move", "step", "evade", "slam"})
COOP = frozenset({"takedown", "pin"})
MAX_FREE_READIES = 2  # Fast-Draws that each hand back the maneuver, in one phase
RELOADING = "reloading"  # a gurps.ready result: a bow with Ready maneuvers still to go


@attrs.frozen
class Step:
    """One step of a maneuver: ``move`` steps end the movement when they return False,
    any other step ends the maneuver then."""

    kind: str
    run: Callable[[], bool]


@attrs.frozen
class Layout:
    """A maneuver ready to perform: its name, hexes it allows, option and steps."""

    maneuver: str
    movement: int = 0
    option: str | None = None
    steps: tuple[Step, ...] = ()


@attrs.define
class WaitOrder:
    """A Wait's trigger: attack ``target`` (with ``weapon``) once he is within reach."""

    target: str
    weapon: str | None = None


# --------------------------------------------------------------------------- weapons


def worth(f: Fighter, weapon: Weapon, mode: AttackMode) -> float:
    """A rough worth of a mode (mean basic damage x wounding, less 0.6 a point of to-hit
    penalty): how a fighter picks between the ways his weapon attacks."""
    spec = weapon_damage(melee.damage_st(f, weapon), mode)
    num, den = WOUNDING[mode.damage_type]
    return max(0.5, spec.count * 3.5 + spec.modifier) * num / den + 0.6 * mode.to_hit


def usable(f: Fighter, weapon: Weapon) -> bool:
    """``f`` can attack with ``weapon`` now: ready (not turned in his hand, a bow loaded)
    or an unarmed attack he has a limb for."""
    if weapon.name == "kick":
        return True
    if weapon.name == "punch":
        return (f.ready.unarmed or f.free_hands() >= 1) and not (f.arm_lame and
                                                                  f.free_hands() < 1)
    if f.arm_lame or weapon is not f.ready or f.unready:
        return False
    return not (weapon.ranged and f.reload_left)


def modes_for(f: Fighter, t: Fighter, weapon: Weapon, stepped_out: bool = False) \
        -> list[AttackMode]:
    """The modes of ``weapon`` that reach ``t`` from where ``f`` stands: in close combat
    only reach C (or a ranged weapon, at its Bulk) on a foe in his hex; outside, a melee
    mode whose reach holds the distance, a ranged weapon up to its Max range (never from
    outside into one's own hex). After stepping out of close combat, reach 1 only."""
    if not usable(f, weapon):
        return []
    d = distance(f.at, t.at)
    if weapon.ranged:
        if f.in_cc:
            return list(weapon.modes) if d == 0 else []
        return list(weapon.modes) if 1 <= d <= weapon.range_max * melee.damage_st(f, weapon) \
            else []
    if f.in_cc:
        return [m for m in weapon.modes if m.close] if d == 0 else []
    out = [m for m in weapon.modes if d in m.reach and d > 0]
    if stepped_out:
        out = [m for m in out if ccr.attack_after_stepping_out(m)]
    return out


def attack_choice(f: Fighter, t: Fighter, weapon_name: str | None = None,
                  stepped_out: bool = False) -> tuple[Weapon, AttackMode] | None:
    """The weapon and mode ``f`` attacks ``t`` with now: the named weapon, else his ready
    one; the mode worth most of those that reach."""
    weapon = f.weapon_named(weapon_name) if weapon_name else f.ready
    if weapon is None:
        return None
    modes = modes_for(f, t, weapon, stepped_out)
    if not modes:
        return None
    best = max(modes, key=lambda m: (worth(f, weapon, m), -weapon.modes.index(m)))
    return weapon, best


def can_strike(fight: Fight, f: Fighter, t: Fighter, weapon_name: str | None = None) -> bool:
    return t.able and attack_choice(f, t, weapon_name) is not None


def reach_of(f: Fighter, weapon: Weapon) -> tuple[int, bool]:
    """How near ``f`` must come to strike with ``weapon``: (the longest reach of a mode
    that reaches beyond his hex, whether he must enter the foe's hex instead: reach C
    only, or a C mode worth more)."""
    if weapon.ranged:
        return 0, False
    outer = [m for m in weapon.modes if any(r >= 1 for r in m.reach)]
    close = [m for m in weapon.modes if m.close]
    if not outer:
        return 0, True
    best_outer = max(worth(f, weapon, m) for m in outer)
    if close and max(worth(f, weapon, m) for m in close) > best_outer:
        return max(max(m.reach) for m in outer), True
    return max(max(m.reach) for m in outer), False


# --------------------------------------------------------------------------- refusals


def refusal(fight: Fight, f: Fighter, step: PlanStep) -> str | None:
    """Why ``f`` cannot take ``step`` now (None: he can)."""
    a = step.action
    if f.pinned and a not in ("break_free", "do_nothing"):
        return "pinned"
    t = fight.by_id.get(step.target) if step.target is not None else None
    if t is not None and not t.able:
        return "target out"
    if a in MOVING_ACTIONS:
        if f.grappled:
            return "grappled"
        if not f.standing:
            return "not standing"
    if a in ("attack", "move_and_attack", "all_out_attack", "wait") and step.weapon:
        w = f.weapon_named(step.weapon)
        if w is None:
            return "no such weapon"
        if not usable(f, w):
            return "weapon not ready"
    if a == "attack" and step.to is not None and distance(f.at, step.to) > step_hexes(f.move):
        return "to out of reach"  # an Attack's step (B365), not a walk to a far hex
    if a == "ready":
        return _ready_refusal(f, step)
    if a == "aim":
        w = f.weapon_named(step.weapon) if step.weapon else f.ready
        if w is None or not w.ranged or w is not f.ready or f.reload_left or f.unready:
            return "no ranged weapon ready"
    if a == "grapple":
        assert t is not None
        if f.free_hands() < 1:
            return "no free hand"
        if t.at != f.at and (distance(f.at, t.at) > 1 or f.grappled or not f.standing
                             or f.in_cc):
            return "out of reach"
    if a in COOP:
        assert t is not None
        return wrestling.can_join(fight, f, a, t)
    if a == "break_free":
        if not f.grappled:
            return "not grappled"
        if step.target is not None and step.target not in f.held_by:
            return "not held by the target"
    if a == "change_posture" and f.posture == step.posture:
        return f"already {step.posture}"
    if a == "slam" and t is not None and t.at == f.at:
        return "in his hex already"
    if a == "evade" and t is not None and t.at == f.at and not f.in_cc:
        return "in his hex already"
    return None


def _ready_refusal(f: Fighter, step: PlanStep) -> str | None:
    if step.discard is not None:
        return None if f.shield is not None else "no shield"
    if f.arm_lame:
        return "arm strained"
    name = step.weapon
    w = f.weapon_named(name) if name else None
    if w is None:
        return "no such weapon"
    if w is f.ready and not f.unready and not (w.ranged and f.reload_left):
        return "already ready"
    if w.hands + (1 if f.shield is not None else 0) > 2:
        return "no free hand"
    return None


# --------------------------------------------------------------------------- performing


def perform(fight: Fight, f: Fighter, p: timing.Phase, step: PlanStep,
            free_readies: int = 0) -> Generator[Any, Any, None]:
    """Take ``step`` as this phase's maneuver: log it, lay out its steps, make them."""
    if step.action not in COOP or fight.coop.of.get(f.id) is None or \
            fight.coop.of[f.id].victim != step.target:
        fight.coop.drop(f)
    if step.action not in ("aim", "attack", "all_out_attack", "move_and_attack", "wait"):
        f.aim_turns, f.aim_target = 0, None  # Aim counts only for the next attack (B364)
    layout = BUILDERS[step.action](fight, f, step)
    if not f.standing or f.grappled or f.pinned:
        # he cannot move a hex this maneuver (nothing in it stands him up or frees him):
        # no step of movement is laid out, so the others are spread over the phase alone
        layout = attrs.evolve(layout, steps=tuple(s for s in layout.steps if s.kind != MOVE))
    fight.announce(f, step, layout.maneuver, p, layout.movement, layout.option)
    f.free_ready = False
    still_moving = True
    tenths = timing.step_tenths(p, len(layout.steps))
    for s, t in zip(layout.steps, tenths, strict=True):
        yield at(fight.env, t, 0, p.rank)
        if fight.over or not f.able:
            return
        if f.lost_balance:
            break  # B556: a fighter who lost his balance does nothing else this turn
        if s.kind == MOVE and not still_moving:
            continue
        go_on = s.run()
        fight.after_step(f)
        if not go_on:
            if s.kind == MOVE:
                still_moving = False
            else:
                break
    if fight.over or not f.able:
        return
    if MANEUVERS[layout.maneuver].movement in ("step", "none", "step_or_half"):
        face_foe(fight, f, step.target)
    if f.free_ready and free_readies < MAX_FREE_READIES:
        f.free_ready = False
        rest = timing.Phase(p.turn, p.actor, p.rank, fight.env.now, p.end)
        nxt = fight.choose(f)
        yield from perform(fight, f, rest, nxt, free_readies + 1)


def face_foe(fight: Fight, f: Fighter, target: str | None) -> None:
    """A step maneuver's free facing change (B368): towards his target, or with none (or
    one out of the fight) towards the foe his policy would pick, the nearest, so that a
    fighter on All-Out Defense or Do Nothing is not left with his back to him. Not while
    pinned."""
    if f.pinned or not f.able:
        return
    t = fight.by_id.get(target) if target else None
    if t is None or not t.able:
        t = f.policy.target(fight, f)
    if t is not None and t.able:
        moving.face(fight, f, t)


def attack_step(fight: Fight, f: Fighter, t: Fighter, weapon: str | None, *,
                maneuver: str | None = None, option: str | None = None,
                stepped_out: bool = False) -> bool:
    """Attack ``t`` now if he is still there to attack; else the attack is lost."""
    if not t.able:
        fight.emit(AttackLost, actor=f.id, target=t.id, reason="target out")
        return True
    choice = attack_choice(f, t, weapon, stepped_out)
    if choice is None:
        fight.emit(AttackLost, actor=f.id, target=t.id, reason="out of reach")
        return True
    w, mode = choice
    entering = f.entered and not f.entering_used
    f.entering_used = f.entering_used or f.entered
    melee.strike(fight, f, t, w, mode, maneuver=maneuver, option=option, entering=entering)
    return True


def wait_attack(fight: Fight, w: Fighter, t: Fighter, weapon: str | None) -> None:
    """A Wait's trigger came: the attack at once (an Attack maneuver from now, B366)."""
    w.maneuver = "attack"
    attack_step(fight, w, t, weapon, maneuver="attack")


# --------------------------------------------------------------------------- builders


def _target(fight: Fight, step: PlanStep) -> Fighter | None:
    return fight.by_id.get(step.target) if step.target else None


def _moves(fight: Fight, f: Fighter, legs: list[moving.Leg], mode: str = "move") \
        -> list[Step]:
    return [Step(MOVE, lambda leg=leg: moving.move_into(fight, f, leg, mode)) for leg in legs]


def _plan_route(fight: Fight, f: Fighter, step: PlanStep, t: Fighter | None, maneuver: str,
                allowance: int, weapon: Weapon | None = None) -> list[moving.Leg]:
    """The hexes a moving maneuver will take: to ``to``, or towards the target (into his
    hex for a move, or for a weapon that fights there; else to where the weapon
    reaches)."""
    if not f.standing or f.grappled or allowance <= 0:
        return []
    if step.to is not None:
        path = moving.to_hex(fight, f, step.to, allowance)
    elif t is not None:
        if weapon is None:
            path = moving.approach(fight, f, t, 0, enter=t.at != f.at, horizon=allowance)
        else:
            if t.at == f.at:
                return []
            reach, enter = reach_of(f, weapon)
            if weapon.ranged:
                return []
            path = moving.approach(fight, f, t, reach, enter=enter, horizon=allowance)
    else:
        return []
    return moving.legs(fight, f, path, maneuver, allowance)


def build_move(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    allow = mv.allowance("move", f.move)
    legs = _plan_route(fight, f, step, _target(fight, step), "move", allow)
    return Layout("move", allow, None, tuple(_moves(fight, f, legs)))


def build_step(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    allow = step_hexes(f.move)
    legs = _plan_route(fight, f, step, _target(fight, step), "step", allow)
    return Layout("step", allow, None, tuple(_moves(fight, f, legs, "step")))


def build_move_and_attack(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    t = _target(fight, step)
    assert t is not None
    allow = mv.allowance("move_and_attack", f.move)
    weapon = f.weapon_named(step.weapon) if step.weapon else f.ready
    legs = _plan_route(fight, f, step, t, "move_and_attack", allow, weapon)
    steps = _moves(fight, f, legs) + [Step(OTHER, lambda: attack_step(
        fight, f, t, step.weapon, maneuver="move_and_attack"))]
    return Layout("move_and_attack", allow, None, tuple(steps))


def build_all_out_attack(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    t = _target(fight, step)
    assert t is not None
    option = step.option or "determined"
    allow = mv.allowance("all_out_attack", f.move)
    weapon = f.weapon_named(step.weapon) if step.weapon else f.ready
    legs = _plan_route(fight, f, step, t, "all_out_attack", allow, weapon)
    steps = _moves(fight, f, legs)
    for _ in range(attacks_allowed("all_out_attack", option)):
        steps.append(Step(OTHER, lambda: attack_step(fight, f, t, step.weapon,
                                                     maneuver="all_out_attack",
                                                     option=option)))
    return Layout("all_out_attack", allow, option, tuple(steps))


def build_attack(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    """Attack: a step and one attack. In close combat: with a C weapon on a foe in the
    hex, the attack and then (``to``) a step to one's own side; otherwise a step out to
    one's side first and then a reach-1 attack (seed 002). Outside: a step (to ``to``, or
    towards the target when he is out of reach: into his hex for a C weapon) and the
    attack."""
    t = _target(fight, step)
    assert t is not None
    allow = step_hexes(f.move)
    hit = Step(OTHER, lambda: attack_step(fight, f, t, step.weapon, maneuver="attack"))
    if f.in_cc:
        exits = closing.exits(fight, f)
        if t.at == f.at and attack_choice(f, t, step.weapon) is not None:
            after = [step.to] if step.to in exits else []
            return Layout("attack", allow, None, (hit, *[
                Step(MOVE, lambda h=h: _step_after_attack(fight, f, h)) for h in after]))
        out = [h for h in exits if distance(h, t.at) <= 1] if step.to is None else \
            [step.to] if step.to in exits else []
        if not out:
            return Layout("attack", allow, None, (hit,))
        leg = moving.Leg(out[0], f.facing)
        out_hit = Step(OTHER, lambda: attack_step(fight, f, t, step.weapon, maneuver="attack",
                                                  stepped_out=True))
        return Layout("attack", allow, None, (
            Step(MOVE, lambda: moving.move_into(fight, f, leg, "step")), out_hit))
    if step.to is not None:
        legs = moving.legs(fight, f, moving.to_hex(fight, f, step.to), "attack", allow)
    elif attack_choice(f, t, step.weapon) is None:
        weapon = f.weapon_named(step.weapon) if step.weapon else f.ready
        legs = _plan_route(fight, f, step, t, "attack", allow, weapon) if weapon else []
    else:
        legs = []
    return Layout("attack", allow, None, (*_moves(fight, f, legs, "step"), hit))


def _step_after_attack(fight: Fight, f: Fighter, h: tuple[int, int]) -> bool:
    """Seed 002: after a close-combat attack, a step that ends in one of the three hexes
    on his side."""
    cc = fight.cc.get(f.at)
    if cc is None or f.id not in cc or not ccr.step_after_attack(cc, f.id, h, f.grappled):
        return False
    return moving.move_into(fight, f, moving.Leg(h, f.facing), "step")


def build_ready(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    return Layout("ready", 0, None, (Step(OTHER, lambda: ready_step(fight, f, step)),))


def ready_step(fight: Fight, f: Fighter, step: PlanStep) -> bool:
    """Ready a weapon, reload a bow, or discard the shield. In close combat (seed 002) a
    DX roll first (the shield's -DB after the first turn there, shock, grappled): failure
    wastes the maneuver; with Fast-Draw, its roll after a successful DX roll readies the
    weapon with no maneuver spent. Outside close combat a Fast-Draw roll does the same
    (B194); a failed one leaves the Ready maneuver to ready it."""
    from timedcombat.systems.gurps.melee import roll3

    discard = step.discard is not None
    if discard:
        item = f.shield.name if f.shield is not None else "shield"
        weapon = None
    else:
        weapon = f.weapon_named(step.weapon or "") or f.ready
        item = weapon.name
    dx = None
    if f.in_cc:
        dx = success_roll(roll3(fight), f.stats.dx, f.dx_mods())
    fast = None
    skill = fast_draw_skill(f.stats, weapon) if weapon is not None else None
    if skill is not None and (dx is None or dx.success):
        fm = mods(("shock", f.shock), ("grappled", BASIC.grappled_dx if f.grappled else 0),
                  ("shield_in_close_combat",
                   ccr.shield_dx_penalty(f.shield_db, f.cc_turns)
                   if f.in_cc and fight.rules.shield_penalty_dx_skills else 0))
        fast = success_roll(roll3(fight), skill, fm)
    if discard:
        result = ccr.READY if dx is None or ccr.discard_shield(dx) else ccr.WASTED
    elif dx is not None:
        result = ccr.ready_in_close_combat(dx, fast).result
    else:
        result = ccr.READY_FREE if fast is not None and fast.success else ccr.READY
    if not discard and weapon is f.ready and weapon.ranged and f.reload_left \
            and result != ccr.WASTED:
        # reloading: Ready maneuvers, one saved by a successful Fast-Draw (Arrow)
        needed = reload_turns(weapon, fast is not None and fast.success)
        f.reload_left = max(0, min(f.reload_left - 1, needed - 1))
        result = ccr.READY if not f.reload_left else RELOADING
    _log_ready(fight, f, item, result, dx, fast, discard)
    if result == ccr.WASTED:
        return True
    if discard:
        f.stats = attrs.evolve(f.stats, shield=None)
    elif weapon is not None and weapon is not f.ready:
        if not f.ready.unarmed:
            f.carried.append(f.ready)
        f.carried.remove(weapon)
        f.ready = weapon
        f.reload_left = 0
    f.unready = False
    if result == ccr.READY_FREE:
        f.free_ready = True
    return True


def _log_ready(fight: Fight, f: Fighter, item: str, result: str, dx: Any, fast: Any,
               discard: bool) -> None:
    fight.emit(Ready, actor=f.id, weapon=item, result=result, close_combat=f.in_cc,
               faces=dx.faces if dx else None, roll=dx.roll if dx else None,
               effective=dx.target if dx else None, modifiers=dx.modifiers if dx else (),
               fast_draw_faces=fast.faces if fast else None,
               fast_draw_roll=fast.roll if fast else None,
               fast_draw_effective=fast.target if fast else None,
               discard=True if discard else None,
               fast_draw_skill=fast.base if fast else None,
               fast_draw_modifiers=fast.modifiers if fast else None)


def build_all_out_defense(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    option = step.option or "increased_dodge"
    allow = mv.allowance("all_out_defense", f.move, option)
    legs = []
    if step.to is not None and f.standing and not f.grappled:
        legs = moving.legs(fight, f, moving.to_hex(fight, f, step.to), "all_out_defense",
                           allow)
    return Layout("all_out_defense", allow, option, tuple(_moves(fight, f, legs, "step")))


def build_wait(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    def hold() -> bool:
        t = _target(fight, step)
        if t is not None and t.able and can_strike(fight, f, t, step.weapon):
            # the trigger ("the target within reach") is met already: the attack at once,
            # not at whatever step of anyone's comes next
            wait_attack(fight, f, t, step.weapon)
            return True
        f.waiting = WaitOrder(step.target, step.weapon)
        fight.waiters.append(f)
        return True

    return Layout("wait", 0, None, (Step(OTHER, hold),))


def build_aim(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    def aim() -> bool:
        if f.aim_target == step.target:
            f.aim_turns += 1
        else:
            f.aim_target, f.aim_turns = step.target, 1
        return True

    return Layout("aim", 0, None, (Step(OTHER, aim),))


def _step_in(fight: Fight, f: Fighter, t: Fighter) -> list[Step]:
    """The Attack maneuver's step into the foe's hex (entering close combat), when he
    stands beside it."""
    if t.at == f.at or distance(f.at, t.at) != 1:
        return []
    leg = moving.Leg(t.at, side_towards(f.at, t.at))
    return [Step(MOVE, lambda: moving.move_into(fight, f, leg, "step"))]


def build_grapple(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    t = _target(fight, step)
    assert t is not None

    def grab() -> bool:
        if not t.able or t.at != f.at:
            fight.emit(AttackLost, actor=f.id, target=t.id,
                       reason="target out" if not t.able else "out of reach")
            return True
        entering = f.entered and not f.entering_used
        f.entering_used = f.entering_used or f.entered
        wrestling.grapple(fight, f, t, entering)
        return True

    return Layout("attack", step_hexes(f.move), None, (*_step_in(fight, f, t), Step(OTHER, grab)))


def build_coop(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    t = _target(fight, step)
    assert t is not None
    kind = step.action

    def act() -> bool:
        if wrestling.can_join(fight, f, kind, t) is not None:
            fight.coop.drop(f)
            fight.emit(AttackLost, actor=f.id, target=t.id, reason="cannot join")
            return True
        f.attacked_this_turn = True
        fight.coop.act(f, kind, t.id)
        return True

    step_in = [] if fight.rules.adjacent_joins_close_combat else _step_in(fight, f, t)
    return Layout("attack", step_hexes(f.move), None, (*step_in, Step(OTHER, act)))


def build_break_free(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    def go() -> bool:
        if f.grappled:
            wrestling.break_free(fight, f, step.target)
        return True

    return Layout("attack", 0, None, (Step(OTHER, go),))


def build_evade(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    """Evade (a Move, B368): on to the target and into his hex, a Quick Contest of DX to
    get past him and out on the far side; from inside a close-combat hex, out through the
    foe's side the same way (seed 002). Lost or tied: he stops in the hex, in close combat,
    facing the foe."""
    t = _target(fight, step)
    assert t is not None
    allow = mv.allowance("move", f.move)
    passed: dict[str, Any] = {}
    steps: list[Step] = []

    def into() -> bool:
        if not t.able or distance(f.at, t.at) != 1 or not moving.can_enter(fight, f, t.at):
            return False
        frm = f.at
        leg = _paid(fight, f, t.at)
        moving.move_into(fight, f, leg, "move", stop=False)
        if not f.in_cc:
            return False
        # seed 002: not stopping, he must evade (with movement left to go on)
        if ccr.EVADE not in ccr.entering_choices("move", allow - f.spent):
            cc = fight.cc.get(f.at)
            if cc is not None and f.id in cc:
                moving.turn_to(fight, f, facing_on_entry(cc.side_of(f.id)))
            return False
        return _contest(frm)

    def out() -> bool:
        cc = fight.cc.get(f.at)
        if cc is None or f.id not in cc or not t.able or t.at != f.at:
            return False
        return _contest(neighbour(f.at, cc.side_of(f.id)))

    def _stop() -> bool:
        cc = fight.cc.get(f.at)
        if cc is not None and f.id in cc:  # stopped in the hex: he faces the foe, logged
            moving.turn_to(fight, f, facing_on_entry(cc.side_of(f.id)))
        return False

    def _contest(frm: Hex) -> bool:
        if moving.evade_contest(fight, f, t, frm):
            passed["from"] = frm
            return True
        return _stop()

    def through() -> bool:
        frm = passed.pop("from", None)
        if frm is None:
            return False
        cands = [step.to] if step.to is not None and distance(step.to, f.at) == 1 else []
        cands.append(moving.beyond(f.at, frm))
        cands += list(foe_side_hexes(f.at, side_towards(f.at, frm)))
        for h in cands:
            if fight.map.is_free(h) and h not in fight.map.walls:
                leg = _paid(fight, f, h)
                if leg.cost > allow - f.spent:
                    break
                return moving.move_into(fight, f, leg, "move", evading=True)
        return _stop()  # past him, but no free hex or movement to go on: he stays there

    if f.in_cc and t.at == f.at:
        steps = [Step(MOVE, out)]
    else:
        path = moving.approach(fight, f, t, 1, enter=False) if distance(f.at, t.at) > 1 \
            else []
        steps = _moves(fight, f, moving.legs(fight, f, path, "move", max(0, allow - 2)))
        steps.append(Step(MOVE, into))
    steps.append(Step(MOVE, through))
    return Layout("move", allow, None, tuple(steps))


def _paid(fight: Fight, f: Fighter, h: Hex) -> moving.Leg:
    """One hex of a Move with its cost in movement points (turning first)."""
    cost = mv.hex_cost(f.facing, side_towards(f.at, h), fight.rules)
    return moving.Leg(h, cost.facing, cost.cost)


def build_slam(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    """Slam (B371): a Move and Attack (or All-Out Attack) run at the target, the slam when
    he is reached."""
    t = _target(fight, step)
    assert t is not None
    via = step.via or "move_and_attack"
    allow = mv.allowance(via, f.move)
    path = moving.approach(fight, f, t, 1, enter=False) if distance(f.at, t.at) > 1 else []
    legs = moving.legs(fight, f, path, via, allow)
    steps = _moves(fight, f, legs)
    steps.append(Step(OTHER, lambda: slam_step(fight, f, t, via)))
    return Layout(via, allow, "determined" if via == "all_out_attack" else None, tuple(steps))


def slam_step(fight: Fight, f: Fighter, t: Fighter, via: str) -> bool:
    """The slam: DX or Brawling to hit (never capped at 9), the target's defence, then each
    deals the other HP x velocity / 100 dice of crushing damage; who falls. The slammer
    then stands in the target's hex, in close combat (the slam was his entering attack)."""
    from timedcombat.systems.gurps.damage import damage_roll
    from timedcombat.systems.gurps.events import Slam
    from timedcombat.systems.gurps.melee import (
        check,
        defend_against,
        log_attack,
        log_defence,
        outcome,
        roll3,
        situation,
    )

    if not t.able or distance(f.at, t.at) != 1:
        fight.emit(AttackLost, actor=f.id, target=t.id,
                   reason="target out" if not t.able else "out of reach")
        return True
    fight.note_attack()
    f.attacked_this_turn = True
    # the slam is the attack with which he enters the hex (seed 002: "the initial slam or
    # other attack with which you entered"), not one made standing outside it: no -2 for
    # attacking into close combat, and no wrong-target chain when it misses
    sit = attrs.evolve(situation(fight, f, t, None, maneuver=via,
                                 option="determined" if via == "all_out_attack" else None),
                       entering=True, into_close_combat=False)
    ar = slam_attack(roll3(fight), f.stats, sit, fight.rules)
    tries: list[Any] = []
    if ar.roll.critical == "success":
        result = melee.HIT
    elif ar.roll.success:
        tries = defend_against(fight, t, f, ranged=False, swing=False)
        result = outcome(tries)
    else:
        result = melee.MISS
    log_attack(fight, f, t, "slam", "slam", ar, result, True)
    log_defence(fight, t, f, tries, ar.roll.success, ar.roll.critical == "success")
    if result != melee.HIT:
        return True
    velocity = max(1, f.moved)
    mine, his = slam_dice(f.hp_max, velocity), slam_dice(t.hp_max, velocity)
    mine_faces = fight.dice.roll(mine).faces
    his_faces = fight.dice.roll(his).faces
    dealt, taken = damage_roll(mine, mine_faces, "cr"), damage_roll(his, his_faces, "cr")
    res = slam_result(dealt, taken)
    who = {"slammer": f, "target": t}
    fight.emit(Slam, actor=f.id, target=t.id, velocity=velocity, dice=str(mine),
               faces=mine_faces, dealt=dealt, target_dice=str(his), target_faces=his_faces,
               taken=taken, falls=tuple(who[k].id for k in res.falls),
               dx_roll=tuple(who[k].id for k in res.dx_roll))
    melee.apply_injury(fight, t, f.id, "slam", mine, mine_faces, dealt, "cr")
    melee.apply_injury(fight, f, t.id, "slam", his, his_faces, taken, "cr")
    if f.able and fight.map.where(f.id) is not None:
        dest = t.at  # a target whose failed dodge retreated out of reach is not followed
        if distance(f.at, dest) == 1 and dest not in fight.map.walls and \
                (not fight.map.occupants_of(dest) or closing.foes_in_hex(fight, f, dest)):
            moving.move_into(fight, f, moving.Leg(dest, side_towards(f.at, dest)), "move",
                             force=True)
    for k in res.falls:
        if who[k].able:
            fight.set_posture(who[k], PRONE)
    for k in res.dx_roll:
        v = who[k]
        if v.able:
            r = success_roll(roll3(fight), v.stats.dx, v.dx_mods())
            check(fight, v, "dx", r, "keeps his feet" if r.success else "falls")
            if not r.success:
                fight.set_posture(v, PRONE)
    return True


def build_change_posture(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    """One posture change a maneuver: lying -> kneeling -> standing (B551)."""
    def change() -> bool:
        goal = step.posture or STANDING
        order = (PRONE, KNEELING, STANDING)
        here, there = order.index(f.posture), order.index(goal)
        if here != there:
            fight.set_posture(f, order[here + (1 if there > here else -1)])
        return True

    return Layout("change_posture", 0, None, (Step(OTHER, change),))


def build_do_nothing(fight: Fight, f: Fighter, step: PlanStep) -> Layout:
    return Layout("do_nothing")


BUILDERS: dict[str, Callable[[Fight, Fighter, PlanStep], Layout]] = {
    "move": build_move,
    "step": build_step,
    "move_and_attack": build_move_and_attack,
    "all_out_attack": build_all_out_attack,
    "attack": build_attack,
    "ready": build_ready,
    "all_out_defense": build_all_out_defense,
    "wait": build_wait,
    "aim": build_aim,
    "grapple": build_grapple,
    "takedown": build_coop,
    "pin": build_coop,
    "break_free": build_break_free,
    "evade": build_evade,
    "slam": build_slam,
    "change_posture": build_change_posture,
    "do_nothing": build_do_nothing,
}
assert set(BUILDERS) == set(PLAN_ACTIONS) - {"retreat"}
