"""Grapples, holds and pins as the driver applies them; cooperative takedowns and pins.

Seed 002: "Up to two fighters may join an attempt to take down one foe; up to three may
jointly try to pin him. Every fighter who wants to help chooses the Attack maneuver; the
roll is made when the last participant acts." At each turn's start :class:`Coop` gathers
who means to take part in which attempt (each one's next plan step, or his policy's
intent), in the order of action; those over the limit are turned away
(a scripted step is skipped there and then: ``gurps.plan_skip`` reason ``limit``, at the
turn's first tenth). Each participant spends his
Attack maneuver at his phase; the contest is rolled at the attack step of the last of them.
One who drops out before acting (stunned, out, unable to join when his phase comes) is no
participant; when the others had all acted, waiting for him, no roll comes.

Dice order of a contest: the team's 3d6 (rolled by the leader), then the victim's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from timedcombat import events as ev
from timedcombat.hexmap import distance
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import grapple as gr
from timedcombat.systems.gurps import melee
from timedcombat.systems.gurps.attack import AttackSituation, attack_roll, modifiers
from timedcombat.systems.gurps.checking import check, roll3
from timedcombat.systems.gurps.events import AttackLost, Contest
from timedcombat.systems.gurps.holds import release, release_all_grips, take_hold
from timedcombat.systems.gurps.rolls import Modifiers, SuccessRoll, mods, success_roll, total
from timedcombat.systems.gurps.rules import BASIC, PRONE

if TYPE_CHECKING:
    from timedcombat.systems.gurps.context import Context
    from timedcombat.systems.gurps.fighter import Fighter

COOP = (gr.TAKEDOWN, gr.PIN)


# --------------------------------------------------------------------------- grapples


def grapple(ctx: Context, a: Fighter, b: Fighter, entering: bool = False) -> str:
    """``a`` grabs ``b`` (B370): an attack with DX or Wrestling, every attack modifier by
    name; ``b`` may dodge, parry or (outside close combat) block. Returns the result."""
    ctx.note_attack()
    a.attacked_this_turn = True
    sit = AttackSituation(maneuver=a.maneuver, in_close_combat=a.in_cc, entering=entering,
                          into_close_combat=b.in_cc and b.at != a.at, shield_db=a.shield_db,
                          shock=a.shock, grappled=a.grappled, posture=a.posture)
    m, cap = modifiers(sit)
    ar = attack_roll(roll3(ctx), gr.grapple_base(a.stats), m, cap)
    tries: list[melee.Try] = []
    if ar.roll.critical == "success":
        result = melee.HIT
    elif ar.roll.success:
        tries = melee.defend_against(ctx, b, a, ranged=False, swing=False)
        result = melee.outcome(tries)
        if result == melee.HIT:  # caught as he stepped back: no retreat (our reading)
            tries = [t._replace(retreat_to=None) for t in tries]
    else:
        result = melee.MISS
    melee.log_attack(ctx, a, b, "grapple", "grapple", ar, result, entering)
    melee.log_defence(ctx, b, a, tries, ar.roll.success, ar.roll.critical == "success")
    if result == melee.HIT and b.able and a.able and a.at == b.at:
        take_hold(ctx, a, b, a.free_hands() >= 2)
    return result


# --------------------------------------------------------------------------- contests


def dx_based(trait: str) -> bool:
    return trait in ("dx", "wrestling")


def contest_mods(f: Fighter, trait: str) -> Modifiers:
    """Modifiers of a grappling contest roll: for DX or Wrestling, shock, the -4 of a
    grappled fighter and the shield's DX penalty in close combat (seed 002); none for
    ST."""
    if not dx_based(trait):
        return ()
    return mods(("shield_in_close_combat", ccr.shield_dx_penalty(f.shield_db, f.cc_turns)
                 if f.in_cc else 0),
                ("shock", f.shock), ("grappled", BASIC.grappled_dx if f.grappled else 0))


def log_side(ctx: Context, f: Fighter, kind: str, r: SuccessRoll, against: Fighter) -> None:
    check(ctx, f, kind, r, "success" if r.success else "failure", against=against.id)


@attrs.define
class Attempt:
    """One cooperative takedown or pin of ``victim`` this turn: who is in (order of
    action), who has spent his Attack on it."""

    kind: str
    victim: str
    members: list[str] = attrs.field(factory=list)
    acted: list[str] = attrs.field(factory=list)
    done: bool = False


class Coop:
    """This turn's cooperative attempts (see the module docstring)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.attempts: dict[tuple[str, str], Attempt] = {}
        self.of: dict[str, Attempt] = {}
        self.refused: dict[str, tuple[str, str]] = {}  # over the limit: (kind, victim)

    def begin_turn(self, order: tuple[str, ...]) -> None:
        """Gather this turn's intents in the order of action: per attempt, those who can
        take part now; none when (``cooperative_needs_grapple``) no one of them holds the
        victim; the first ones up to the limit (seed 002), the rest turned away."""
        self.attempts.clear()
        self.of.clear()
        self.refused.clear()
        ctx = self.ctx
        groups: dict[tuple[str, str], list[Fighter]] = {}
        for fid in order:
            f = ctx.by_id[fid]
            intent = self.intent(f)
            if intent is not None:
                groups.setdefault(intent, []).append(f)
        for (kind, vid), group in groups.items():
            victim = ctx.by_id[vid]
            group = [f for f in group if join_problem(ctx, f, kind, victim) is None]
            if ctx.rules.cooperative_needs_grapple and \
                    not any(f.id in victim.held_by for f in group):
                continue
            for f in group:
                if not self.join(f, kind, vid) and f.plan_head is not None:
                    # turned away at once (seed 002's limit): his plan goes on
                    ctx.skip(f, f.plan_head, f.pop_plan(), "limit")

    def intent(self, f: Fighter) -> tuple[str, str] | None:
        """The attempt ``f`` means to take part in this turn: his next plan step's, or (no
        plan left) his policy's. None for a fighter who cannot act on it this turn: one
        stunned now does nothing in his phase (B420), one pinned may only break free; a
        participant is one who acts (seed 002: "the roll is made when the last
        participant acts")."""
        if f.stunned or f.pinned:
            return None
        head = f.plan_head
        if head is not None:
            if head.action in COOP and head.target is not None:
                return head.action, head.target
            return None
        intent: tuple[str, str] | None = f.policy.coop_intent(self.ctx, f)  # (policy: Any)
        return intent

    def join(self, f: Fighter, kind: str, victim: str) -> bool:
        att = self.attempts.get((kind, victim))
        if att is None:
            att = self.attempts[(kind, victim)] = Attempt(kind, victim)
        if f.id in att.members:
            return True
        if len(att.members) >= gr.participant_limit(kind, self.ctx.rules) or att.done:
            self.refused[f.id] = (kind, victim)
            return False
        att.members.append(f.id)
        self.of[f.id] = att
        return True

    def act(self, f: Fighter, kind: str, victim: str) -> None:
        """``f`` spends his Attack on the attempt now; the roll if he is the last."""
        att = self.of.get(f.id)
        if att is None or (att.kind, att.victim) != (kind, victim):
            self.drop(f)
            if not self.join(f, kind, victim):
                return
            att = self.of[f.id]
        att.acted.append(f.id)
        self.settle(att)

    def drop(self, f: Fighter) -> None:
        """``f`` takes no part after all (another maneuver, stunned, out of the fight).
        When the others have all acted, he was the one they waited for: the roll was to
        come when he, the last participant, acted (seed 002), and does not come at all."""
        att = self.of.pop(f.id, None)
        if att is None or att.done:
            return
        awaited = f.id in att.members and f.id not in att.acted
        if f.id in att.members:
            att.members.remove(f.id)
        if f.id in att.acted:
            att.acted.remove(f.id)
        if awaited and att.acted and all(m in att.acted for m in att.members):
            att.done = True
            self.ctx.emit(AttackLost, actor=att.acted[-1], target=att.victim,
                          reason="no last participant")
            return
        self.settle(att)

    def void(self, victim: Fighter) -> None:
        """The victim is out of the fight: no attempt on him is rolled."""
        for att in self.attempts.values():
            if att.victim == victim.id:
                att.done = True

    def settle(self, att: Attempt) -> None:
        if att.done or not att.acted or any(m not in att.acted for m in att.members):
            return
        att.done = True
        contest(self.ctx, att)


def contest(ctx: Context, att: Attempt) -> None:
    """Roll a cooperative takedown or pin (seed 002's team score; B370 Quick Contest)."""
    victim = ctx.by_id[att.victim]
    team = [ctx.by_id[m] for m in att.acted if ctx.by_id[m].able]
    if not team or not victim.able:
        return
    rules = ctx.rules
    score = gr.team_score([gr.grappler(p.id, p.stats, rules) for p in team], att.kind, rules)
    leader = ctx.by_id[score.leader]
    v_trait, v_score = gr.resist_score(gr.grappler(victim.id, victim.stats, rules),
                                       lambda t: total(contest_mods(victim, t)))
    ctx.note_attack()
    mine = success_roll(roll3(ctx), score.score, contest_mods(leader, score.trait))
    his = success_roll(roll3(ctx), v_score, contest_mods(victim, v_trait))
    if att.kind == gr.TAKEDOWN:
        out = gr.takedown(score, mine, v_trait, his, rules)
    else:
        out = gr.pin(score, mine, v_trait, his)
    log_side(ctx, leader, att.kind, mine, victim)
    log_side(ctx, victim, f"{att.kind}_resist", his, leader)
    c = out.contest
    winner = None if c.winner is None else (leader.id if c.winner == 0 else victim.id)
    ctx.emit(Contest, actor=leader.id, target=victim.id, kind=att.kind, score=score.score,
             target_score=v_score, winner=winner, margin=c.margin, result=out.result,
             leader=leader.id, trait=score.trait,
             helpers=tuple(h for h, _ in score.helpers),
             helper_bonuses=tuple(b for _, b in score.helpers), target_trait=v_trait)
    if out.result == gr.VICTIM_FALLS:
        ctx.set_posture(victim, PRONE)
        release_all_grips(ctx, victim, "taken down")
    elif out.result == gr.ATTACKER_FALLS:
        ctx.set_posture(leader, PRONE)
    elif out.result == gr.PINNED:
        for p in team:
            if victim.id not in p.grips and p.at == victim.at:
                take_hold(ctx, p, victim, p.free_hands() >= 2)
        victim.pinned = True
        ctx.emit(ev.State, actor=victim.id, state="pinned", value=True, opponent=leader.id)
        ctx.recount(victim)


def join_problem(ctx: Context, f: Fighter, kind: str, victim: Fighter) -> str | None:
    """Why ``f`` himself cannot take part in a takedown or pin of ``victim`` now: he must
    be in the victim's hex (or beside it: with ``adjacent_joins_close_combat``, or able to
    step in as part of his Attack), a pin needs the victim on the ground."""
    if not victim.able:
        return "target out"
    d = distance(f.at, victim.at)
    if d > 1 or (d == 1 and not ctx.rules.adjacent_joins_close_combat
                 and (not f.standing or f.grappled or f.in_cc)):
        return "not in close combat"
    if kind == gr.PIN and victim.posture != PRONE:
        return "target not on the ground"
    if victim.pinned:
        return "already pinned"
    return None


def can_join(ctx: Context, f: Fighter, kind: str, victim: Fighter) -> str | None:
    """Why ``f`` cannot take part in a takedown or pin of ``victim`` now (None: he can):
    :func:`join_problem`, the limit of participants (seed 002), and (the parameter
    ``cooperative_needs_grapple``) someone of the attempt must hold the victim."""
    problem = join_problem(ctx, f, kind, victim)
    if problem is not None:
        return problem
    if ctx.coop.refused.get(f.id) == (kind, victim.id):
        return "limit"
    att = ctx.coop.attempts.get((kind, victim.id))
    if att is not None and f.id not in att.members and (
            att.done or len(att.members) >= gr.participant_limit(kind, ctx.rules)):
        return "limit"
    if ctx.rules.cooperative_needs_grapple:
        mates = set(att.members) if att is not None else set()
        if not set(victim.held_by) & (mates | {f.id}):
            return "target not grappled"
    return None


def break_free(ctx: Context, v: Fighter, target: str | None) -> None:
    """``v`` tries to break one hold (B371): a Quick Contest of ST, the grappler at +5 with
    both hands (``break_free_two_hands``), ``v`` at ``break_free_pinned`` when pinned;
    free without a roll from a grappler who is stunned."""
    holders = [ctx.by_id[h] for h in v.held_by]
    if not holders:
        return
    h = ctx.by_id[target] if target in v.held_by else holders[0]
    if h.stunned or not h.able:
        release(ctx, h, v, "holder stunned")
        return
    rules = ctx.rules
    mine_mods, his_mods = gr.break_free_modifiers(v.held_by[h.id], v.pinned, rules)
    mine = success_roll(roll3(ctx), gr.grappler(v.id, v.stats, rules).st, mine_mods)
    his = success_roll(roll3(ctx), gr.grappler(h.id, h.stats, rules).st, his_mods)
    out = gr.break_free(mine, his)
    log_side(ctx, v, "break_free", mine, h)
    log_side(ctx, h, "break_free_resist", his, v)
    c = out.contest
    winner = None if c.winner is None else (v.id if c.winner == 0 else h.id)
    ctx.emit(Contest, actor=v.id, target=h.id, kind="break_free", score=mine.base,
             target_score=his.base, winner=winner, margin=c.margin,
             result="free" if out.free else "held")
    if out.free:
        release(ctx, h, v, "broke free")


__all__ = ["COOP", "Attempt", "Coop", "break_free", "can_join", "contest", "grapple",
           "join_problem"]
