"""Policies: how an unscripted ``gurps`` combatant chooses, once its plan is used up.

A policy sees what a fighter at the table would (where everyone stands, who is in close
combat and who holds whom, his own state) and answers three questions: which maneuver this
phase (:meth:`DefaultPolicy.choose`, a plan step in the system's vocabulary), which active
defence against an attack, with or without a retreat (:meth:`DefaultPolicy.defence`), and
which cooperative takedown or pin he means to join this turn
(:meth:`DefaultPolicy.coop_intent`). The driver checks and performs the choice.

``default`` fights to a finish: it picks the nearest foe still in the fight; a fighter
whose weapon fights best in close combat (a knife's thrust, bare hands) runs into the
foe's hex, one with a reach-1 weapon stops beside him; in close combat without a reach-C
weapon it readies one, else steps out to its own side and strikes with reach 1; a wrestler
grabs, takes down (with helpers) and pins; an archer aims one turn, shoots and reloads,
and draws a melee weapon when a foe comes near; grappled, it stabs with a C weapon or
tries to break free; on the ground it gets up. It retreats when that makes its defence
better, unless it wants close combat. Three turns without an attack roll and it
goes All-Out (Determined). ``aggressive`` never retreats, closes with Move and Attack
and attacks All-Out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from timedcombat.hexmap import distance
from timedcombat.plans import PlanStep
from timedcombat.policies import table
from timedcombat.systems.gurps import closing, moving
from timedcombat.systems.gurps.defence import DefenceOption, best
from timedcombat.systems.gurps.rules import PRONE, STANDING, Weapon
from timedcombat.systems.gurps.weapons import attack_choice, reach_of, worth
from timedcombat.systems.gurps.wrestling import can_join

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

QUIET_TURNS = 3  # turns without an attack roll before the policy goes All-Out


def order(action: str, **keys: Any) -> PlanStep:
    """A plan step built by a policy."""
    return PlanStep(action, tuple([(k, v) for k, v in keys.items() if v is not None]))


def wrestler(f: Fighter) -> bool:
    """A fighter with no weapon and the Wrestling skill fights by grappling."""
    return not f.stats.weapons and f.stats.skill("wrestling") is not None and f.ready.unarmed


class DefaultPolicy:
    """Fight to a finish (see the module docstring)."""

    name = "default"
    retreats = True
    all_out = False  # attack All-Out whenever in reach (aggressive)

    # ---------------------------------------------------------------- targets

    def foes(self, ctx: Context, f: Fighter) -> list[Fighter]:
        """Foes still in the fight (a pinned foe counts as out with ``pinned_is_out``)."""
        return [o for o in ctx.combatants if o.side != f.side and o.able and o.counted]

    def target(self, ctx: Context, f: Fighter) -> Fighter | None:
        """A foe in his own hex first; else the foe he had, unless another is much
        nearer; else the nearest (ties: scenario order)."""
        foes = self.foes(ctx, f)
        if not foes:
            return None
        here = [o for o in foes if o.at == f.at]
        if here:
            return f.foe if f.foe in here else here[0]
        if len(foes) == 1:
            return foes[0]  # (the nearest, and the one he had if he had one)
        nearest = min(foes, key=lambda o: (distance(f.at, o.at), o.index))
        keep = f.foe
        if keep is not None and keep in foes and \
                distance(f.at, keep.at) <= distance(f.at, nearest.at) + 1:
            return keep
        return nearest

    # ---------------------------------------------------------------- choosing

    def choose(self, ctx: Context, f: Fighter) -> PlanStep:
        if f.pinned:
            return order("break_free")
        foe = self.target(ctx, f)
        f.foe = foe if foe is not None else f.foe
        if f.grappled:
            return self.grappled(ctx, f)
        if not f.standing:
            return order("change_posture", posture=STANDING)
        held = [ctx.by_id[v] for v in f.grips if ctx.by_id[v].pinned]
        if held and held[0].able:
            return self.hold_down(ctx, f, held[0])
        if foe is None:
            return order("do_nothing")
        if f.unready and not f.arm_lame:
            return order("ready", weapon=f.ready.name)
        if wrestler(f):
            return self.wrestle(ctx, f, foe)
        if f.ready.ranged:
            return self.shoot(ctx, f, foe)
        return self.melee(ctx, f, foe)

    def grappled(self, ctx: Context, f: Fighter) -> PlanStep:
        """Held: stab the holder with a reach-C weapon, else try to break free."""

        holder = ctx.by_id[next(iter(f.held_by))]
        if not wrestler(f) and not f.ready.unarmed and attack_choice(f, holder) is not None:
            return order("attack", target=holder.id)
        return order("break_free", target=holder.id)

    def hold_down(self, ctx: Context, f: Fighter, v: Fighter) -> PlanStep:
        """Keep a pinned foe down, striking him when there is a way to."""

        for weapon in (None, "punch", "kick"):
            if attack_choice(f, v, weapon) is not None:
                return order("attack", target=v.id, weapon=weapon)
        return order("do_nothing")

    def close_in(self, ctx: Context, f: Fighter, foe: Fighter, enter: bool,
                 reach: int) -> PlanStep:
        """Move: into the foe's hex, or to the hex nearest him within reach."""

        if enter:
            return order("move", target=foe.id)
        path = moving.approach(ctx, f, foe, reach, enter=False)
        if not path:
            return order("move", target=foe.id) if distance(f.at, foe.at) > 1 \
                else order("do_nothing")
        return order("move", to=path[-1])

    def melee(self, ctx: Context, f: Fighter, foe: Fighter) -> PlanStep:

        if f.ready.unarmed and not f.arm_lame:
            pick = self.spare(f, close=f.in_cc)
            if pick is not None:
                return order("ready", weapon=pick.name)
        if f.in_cc:
            return self.in_close_combat(ctx, f, foe)
        reach, enter = reach_of(f, f.ready)
        d = distance(f.at, foe.at)
        if enter and d == 1:
            return order("attack", target=foe.id, to=foe.at)  # step in: the entering attack
        if attack_choice(f, foe) is not None:
            return self.strike(f, foe)
        if not enter and d <= reach + 1:
            return order("attack", target=foe.id)  # a step, then the blow
        if self.all_out and not enter and d > reach + 1:
            return order("move_and_attack", target=foe.id)
        return self.close_in(ctx, f, foe, enter, reach)

    def strike(self, f: Fighter, foe: Fighter, weapon: str | None = None) -> PlanStep:
        if self.all_out or f.quiet_turns >= QUIET_TURNS:
            return order("all_out_attack", target=foe.id, weapon=weapon)
        return order("attack", target=foe.id, weapon=weapon)

    def in_close_combat(self, ctx: Context, f: Fighter, foe: Fighter) -> PlanStep:
        """Fight in the hex with a reach-C weapon; else ready one; else step out to his
        own side and strike with reach 1; else punch or kick."""

        here = [o for o in closing.foes_in_hex(ctx, f) if o.counted]
        t = foe if foe in here else (here[0] if here else foe)
        if attack_choice(f, t) is not None:
            return self.strike(f, t)
        pick = self.spare(f, close=True)
        if pick is not None and not f.arm_lame:
            return order("ready", weapon=pick.name)
        if not f.grappled and closing.exits(ctx, f) and \
                any(1 in m.reach for m in f.ready.modes) and not f.unready:
            return order("attack", target=t.id)  # out to his side, then reach 1
        for weapon in ("punch", "kick"):
            if attack_choice(f, t, weapon) is not None:
                return self.strike(f, t, weapon)
        return order("do_nothing")

    def spare(self, f: Fighter, close: bool) -> Weapon | None:
        """A carried melee weapon worth readying (reach C in close combat)."""

        cands = [w for w in f.carried if not w.ranged and (w.close or not close)
                 and w.hands + (1 if f.shield else 0) <= 2]
        if not cands:
            return None
        return max(cands, key=lambda w: max(worth(f, w, m) for m in w.modes))

    def shoot(self, ctx: Context, f: Fighter, foe: Fighter) -> PlanStep:
        """Aim one turn, shoot, reload; a foe close by: a melee weapon (or kick)."""

        near = [o for o in self.foes(ctx, f) if distance(f.at, o.at) <= 1]
        if near or f.in_cc:
            pick = self.spare(f, close=f.in_cc)
            if pick is not None:
                return order("ready", weapon=pick.name)
            t = near[0] if near else foe
            return self.strike(f, t, "kick")
        if f.reload_left:
            return order("ready", weapon=f.ready.name)
        clear = [o for o in self.foes(ctx, f)
                 if not any(x.side == f.side for x in closing.occupants(ctx, o.at))]
        if not clear:
            pick = self.spare(f, close=False)
            if pick is not None:
                return order("ready", weapon=pick.name)
            clear = [foe]
        t = foe if foe in clear else min(clear, key=lambda o: (distance(f.at, o.at), o.index))
        f.foe = t
        if f.aim_target != t.id:
            return order("aim", target=t.id)
        return order("attack", target=t.id)

    def wrestle(self, ctx: Context, f: Fighter, foe: Fighter) -> PlanStep:
        """Grab, take down (with helpers), pin."""

        att = ctx.coop.of.get(f.id)
        if att is not None and not att.done and \
                can_join(ctx, f, att.kind, ctx.by_id[att.victim]) is None:
            return order(att.kind, target=att.victim)
        if foe.at == f.at:
            if foe.id not in f.grips and f.free_hands() >= 1:
                return order("grapple", target=foe.id)
            return order("attack", target=foe.id, weapon="punch") \
                if f.free_hands() >= 1 else order("attack", target=foe.id, weapon="kick")
        if distance(f.at, foe.at) == 1 and f.free_hands() >= 1:
            return order("grapple", target=foe.id)  # a step in and the grab
        return order("move", target=foe.id)

    def coop_intent(self, ctx: Context, f: Fighter) -> tuple[str, str] | None:
        """At the turn's start: a wrestler beside a foe one of his side holds takes part
        in the takedown (foe standing) or the pin (foe down)."""
        if not wrestler(f) or not f.standing or f.grappled:
            return None
        foe = self.target(ctx, f)
        if foe is None:
            return None
        reach = 1 if ctx.rules.adjacent_joins_close_combat else 0
        if distance(f.at, foe.at) > reach:
            return None
        if not any(ctx.by_id[h].side == f.side for h in foe.held_by):
            return None
        if foe.posture == PRONE and not foe.pinned:
            return ("pin", foe.id)
        if foe.standing:
            return ("takedown", foe.id)
        return None

    # ---------------------------------------------------------------- defending

    def wants_retreat(self, ctx: Context, d: Fighter, a: Fighter) -> bool:
        """Retreat when allowed, but not a fighter who wants close combat (he would only
        have to come back in), nor away from a foe he holds."""

        if not self.retreats or d.grips or wrestler(d):
            return False
        return not (d.ready.unarmed or reach_of(d, d.ready)[1])

    def defence(self, ctx: Context, d: Fighter, a: Fighter,
                plain: tuple[DefenceOption, ...],
                back: tuple[DefenceOption, ...]) -> DefenceOption | None:
        """The best defence; with a retreat when the plan ordered one, or when it is
        better and wanted."""
        if back and d.retreat_next and d.retreat_from in (None, a.id):
            return best(back)
        top = best(plain)
        if back and self.wants_retreat(ctx, d, a):
            alt = best(back)
            if alt is not None and (top is None or alt.value > top.value):
                return alt
        return top


class AggressivePolicy(DefaultPolicy):
    """Never retreats; closes with Move and Attack; attacks All-Out (Determined)."""

    name = "aggressive"
    retreats = False
    all_out = True


POLICIES: dict[str, Callable[[], DefaultPolicy]] = table(DefaultPolicy, AggressivePolicy)

