"""The simpy driver of the ``gurps`` system: the arena, the turn clock and one process per
combatant.

The fight starts with ``gurps.initiative`` (the order of action, fixed for the fight: B363).
:class:`GurpsClock` starts turn *k* at tenth ``10(k-1)`` (``gurps.turn`` with the order of
those still in the fight) and each combatant's phase at the tenth :mod:`.timing` gives it
(``gurps.phase``). A combatant's process wakes at his phase and, in this order: lets the
last maneuver's hold on his defences go, takes the shock owed from injuries since his last
phase, does nothing if stunned (and rolls to recover at the phase's last tenth), else takes
the next plan step (skipping, with ``gurps.plan_skip``, those the rules do not allow now)
or his policy's choice, rolls to stay conscious at 0 HP or less, and performs the maneuver
step by step at the tenths :func:`.timing.step_tenths` gives (:func:`perform`: the plan
word's handler in :data:`.actions.ACTIONS` lays the maneuver out).
Defences, retreats, damage and a Wait's attack happen inside the step that caused them,
at its tenth. The processes only schedule; the rules are the pure modules.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from timedcombat import events as ev
from timedcombat.arena import Arena
from timedcombat.dice import Dice
from timedcombat.hexmap import FACINGS, Hex
from timedcombat.log import EventLog
from timedcombat.plans import PlanStep
from timedcombat.results import DEAD, DOWN, HURT, OK, OUT, CombatantResult
from timedcombat.scenario import Scenario
from timedcombat.systems.gurps import closing, melee, moving, timing
from timedcombat.systems.gurps import damage as dmg
from timedcombat.systems.gurps.actions import ACTIONS, FREE_ACTIONS
from timedcombat.systems.gurps.checking import check, roll3
from timedcombat.systems.gurps.events import (
    Initiative,
    Maneuver,
    PhaseStart,
    Placed,
    PlanSkip,
    Turn,
)
from timedcombat.systems.gurps.fighter import Fighter
from timedcombat.systems.gurps.holds import release
from timedcombat.systems.gurps.layout import MOVE
from timedcombat.systems.gurps.policy import POLICIES
from timedcombat.systems.gurps.refusals import COOP, refusal
from timedcombat.systems.gurps.rules import KNEELING, MANEUVERS, PRONE, STANDING, GurpsRules
from timedcombat.systems.gurps.traits import dodge, speed_quarters
from timedcombat.systems.gurps.weapons import can_strike
from timedcombat.systems.gurps.wrestling import Coop
from timedcombat.turns import CLOCK_PRIORITY, At, TimeModel, TurnClock, at, step_priority

MAX_FREE_READIES = 2  # Fast-Draws that each hand back the maneuver, in one phase

MODEL = TimeModel(timing.TURN, ())
"""One-second turns of 10 tenths. The phases are the combatants' own (one each, in the
order of action, :func:`.timing.phases`), so the model names none: the clock below lays
them out turn by turn."""


class GurpsClock(TurnClock):
    """The turn clock with a phase for each combatant in the turn's order of action."""

    def __init__(self, fight: Fight) -> None:
        super().__init__(fight, MODEL, Turn, PhaseStart)
        self.phases: dict[str, timing.Phase] = {}

    def _run(self) -> Generator[Any, Any, None]:
        fight, env = self.arena, self.arena.env
        while not fight.over:
            self.turn += 1
            yield At(env, timing.turn_start(self.turn), CLOCK_PRIORITY)
            if fight.over:
                return
            order, fields = fight.turn_order(self.turn)
            self.order = tuple(order)
            fight.emit(self.turn_event, turn=self.turn, order=self.order, **fields)
            phases = timing.phases(self.turn, self.order)
            self.phases = {p.actor: p for p in phases}
            fight.turn_begun(self.turn)  # type: ignore[attr-defined]
            woke, self.next_turn = self.next_turn, env.event()
            woke.succeed(self.turn)
            for p in phases:
                # a phase at this tenth is logged at once: only wake-ups that log
                # nothing would come before the wait's end
                if p.start != env._now:
                    yield At(env, p.start, CLOCK_PRIORITY)
                if fight.over:
                    return
                if fight.logging:
                    fight.emit(self.phase_record, turn=self.turn, phase=p.actor, end=p.end,
                               actor=p.actor, rank=p.rank)
                else:
                    fight.count()  # (every phase: its fields not looked up)


class Fight(Arena[Fighter]):
    """One run of a ``gurps`` scenario."""

    system = "gurps"
    quiet_after_end = True  # (the close combat and holds he leaves are logged before it)

    def __init__(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
                 seed: int) -> None:
        super().__init__(scenario, dice, log, until, seed)
        self.rules: GurpsRules = scenario.rules
        self.enlist(lambda spec: Fighter(spec, self.rules), POLICIES)
        self.cc: dict[Hex, Any] = {}  # close-combat hexes (halfhex.CloseCombatHex)
        self.settled: dict[Hex, Any] = {}  # halves kept in a hex whose close combat ended
        self.coop = Coop(self)
        self.waiters: list[Fighter] = []
        self.initiative: tuple[str, ...] = ()
        self.clock = GurpsClock(self)
        self.settling = 0  # > 0 while a fighter is being taken out of the fight

    def check_end(self) -> None:
        """End the fight when one side is left, but not half-way through taking a fighter
        out of it: the close combat and holds he leaves are logged first (nothing is
        logged after ``end``), then :meth:`remove` asks again."""
        if not self.settling:
            super().check_end()

    # ------------------------------------------------------------------ arena hooks

    def placed(self, f: Fighter) -> tuple[type[ev.Event], dict[str, Any]]:
        st = f.stats
        return Placed, dict(
            actor=f.id, side=f.side, at=f.at, facing=FACINGS[f.facing],
            stats=(("st", st.st), ("dx", st.dx), ("iq", st.iq), ("ht", st.ht),
                   ("hp", f.hp_max), ("speed_quarters", speed_quarters(st.ht, st.dx)),
                   ("move", f.move), ("dodge", dodge(st.ht, st.dx, self.rules.encumbrance))),
            skills=st.skills, weapons=tuple(w.name for w in st.weapons),
            shield=st.shield.name if st.shield else None, shield_db=f.shield_db,
            armor=st.armor.name, dr=st.armor.dr)

    def begin(self) -> None:
        """Roll the order of action (one die each, in scenario order), start the clock and
        every combatant's process."""
        die = self.rules.initiative_die
        rolls = {f.id: self.dice.die(die) for f in self.combatants}
        entries = [timing.InitiativeEntry(f.id, speed_quarters(f.stats.ht, f.stats.dx),
                                          f.stats.dx, rolls[f.id]) for f in self.combatants]
        self.initiative = timing.initiative_order(entries)
        by = {e.actor: e for e in entries}
        self.emit(Initiative, order=self.initiative,
                  speeds=tuple(by[i].speed_quarters for i in self.initiative),
                  dx=tuple(by[i].dx for i in self.initiative),
                  rolls=tuple(by[i].roll for i in self.initiative), die=die)
        self.clock.start()
        self.start_lives(self.life)

    def turn_order(self, turn: int) -> tuple[list[str], dict[str, Any]]:
        """The fixed order of action, less those out of the fight."""
        return [i for i in self.initiative if self.by_id[i].able], {}

    def turn_begun(self, turn: int) -> None:
        self.coop.begin_turn(self.clock.order)

    def result_of(self, f: Fighter) -> CombatantResult:
        if f.dead:
            state = DEAD
        elif f.out:
            state = OUT
        elif f.pinned:
            state = OUT if self.rules.pinned_is_out else DOWN
        elif f.posture != STANDING or f.stunned:
            state = DOWN
        elif f.hurt:
            state = HURT
        else:
            state = OK
        return CombatantResult(f.side, state, f.damage, {
            "hp": f.hp, "hp_max": f.hp_max, "pinned": f.pinned, "grappled": f.grappled,
            "stunned": f.stunned, "posture": f.posture})

    # ------------------------------------------------------------------ the processes

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        while not self.over and f.able:
            yield self.clock.next_turn
            p = self.clock.phases.get(f.id)
            if p is None:
                continue
            yield At(self.env, p.start, step_priority(0, p.rank))
            if self.over or not f.able:
                return
            yield from self.take_phase(f, p)

    def take_phase(self, f: Fighter, p: timing.Phase) -> Generator[Any, Any, None]:
        f.phase = p
        # the last maneuver governed his defences until now (B363)
        f.retreated = False
        f.parries.clear()
        f.blocked = False
        f.attacked_with.clear()
        f.lost_balance = False
        f.entered = False
        f.entering_used = False
        f.moved = 0
        f.spent = 0
        if f.wait_order is not None:
            f.wait_order = None
            self.waiters.remove(f)
        f.shock = dmg.shock([f.owed_injury], f.owed_double) if f.owed_injury else 0
        f.owed_injury, f.owed_double = 0, False
        if f.in_cc:
            f.cc_turns += 1
        f.quiet_turns = 0 if f.attacked_this_turn else f.quiet_turns + 1
        f.attacked_this_turn = False
        f.sparing_ht = False
        if f.stunned:  # B420: a stunned fighter can only Do Nothing
            self.coop.drop(f)
            if not self.stay_conscious(f, idle=True):
                return
            self.announce(f, PlanStep("do_nothing"), "do_nothing", p)
            moving.face_foe(self, f, None)  # Do Nothing's free facing change
            yield at(self.env, p.last, 0, p.rank)
            if self.over or not f.able:
                return
            r = dmg.stun_recovery(roll3(self), f.stats.ht)
            check(self, f, "stun_recovery", r, "recovers" if r.success else "stunned")
            if r.success:
                f.stunned = False
                self.emit(ev.State, actor=f.id, state="stunned", value=False)
            return
        step = self.choose(f)
        if not self.stay_conscious(f, idle=step.action == "do_nothing"):
            return
        yield from perform(self, f, p, step)
        f.shock = 0  # B419: shock lasts for his next turn only

    def stay_conscious(self, f: Fighter, *, idle: bool) -> bool:
        """B419: at 0 HP or less an HT roll at the start of his turn, or he falls
        unconscious - unless he does nothing (``idle``: by choice or stunned) and makes no
        defence roll; with ``zero_hp_idle_defends`` he defends, so he rolls; without it he
        gives up his defences until his next phase instead. False: he is out."""
        if f.hp > 0:
            return True
        if idle and not self.rules.zero_hp_idle_defends:
            f.sparing_ht = True
            return True
        r = dmg.consciousness_check(roll3(self), f.stats.ht, f.hp, f.hp_max)
        check(self, f, "consciousness", r, "conscious" if r.success else "unconscious")
        if not r.success:
            self.knock_out(f, "consciousness")
            return False
        return True

    def choose(self, f: Fighter) -> PlanStep:
        """The next plan step the rules allow now (skipped ones logged), else the policy's
        choice. ``retreat`` is no maneuver: it readies the next defence's retreat."""
        step: PlanStep  # (a plan's head and a policy's choice: Any on Combatant)
        while f.plan_head is not None:
            step = f.plan_head
            index = f.pop_plan()
            reason = refusal(self, f, step)
            if reason is not None:
                self.skip(f, step, index, reason)
            elif step.action in FREE_ACTIONS:
                ACTIONS[step.action](self, f, step)
            else:
                return step
        step = f.policy.choose(self, f)
        if refusal(self, f, step) is not None:
            return PlanStep("do_nothing")  # (a policy asks only for what it may do)
        return step

    def skip(self, f: Fighter, step: PlanStep, index: int, reason: str) -> None:
        self.emit(PlanSkip, actor=f.id, name=step.action, index=index, reason=reason)

    def announce(self, f: Fighter, step: PlanStep, maneuver: str, p: timing.Phase,
                 movement: int = 0, option: str | None = None) -> None:
        """Log the maneuver taken: the core ``action`` and ``gurps.maneuver``; from now on
        it governs his defences."""
        f.maneuver = maneuver
        f.option = option
        if not self.logging:  # (every turn of every figure: its fields not looked up)
            self.count(2)
            return
        self.emit(ev.Action, actor=f.id, name=step.action, end=p.end, target=step.target,
                  weapon=step.weapon)
        self.emit(Maneuver, actor=f.id, name=step.action, maneuver=maneuver, end=p.end,
                  movement=movement, defences=MANEUVERS[maneuver].defences,
                  target=step.target, weapon=step.weapon, option=option, to=step.to)

    # ------------------------------------------------------------------ the map

    def relocate(self, f: Fighter, to: Hex, mode: str) -> None:
        """Move ``f`` one hex (a foe's hex is shared: the caller enters close combat);
        leaving a hex lets go of close combat there."""
        frm = f.at
        self.map.move(f.id, to, share=True)
        f.at = to
        if self.logging:
            self.emit(ev.Move, actor=f.id, frm=frm, to=to, mode=mode, facing=FACINGS[f.facing])
        else:
            self.count()  # (every hex moved: its fields not looked up)
        closing.leave(self, f, frm)

    def after_step(self, mover: Fighter) -> None:
        """A step of anyone's is done: a waiting fighter whose target is now within his
        reach attacks at once (B366)."""
        for w in list(self.waiters):
            if self.over:
                return
            if w is mover or not w.able or w.wait_order is None:
                continue
            t = self.by_id[w.wait_order.target]
            if t.able and can_strike(w, t, w.wait_order.weapon):
                self.waiters.remove(w)
                order, w.wait_order = w.wait_order, None
                melee.wait_attack(self, w, t, order.weapon)

    # ------------------------------------------------------------------ states

    def stun(self, f: Fighter) -> None:
        if not f.stunned:
            f.stunned = True
            self.emit(ev.State, actor=f.id, state="stunned", value=True)

    def set_posture(self, f: Fighter, posture: str) -> None:
        """Change posture, logged as ``state prone`` / ``state kneeling`` true or false."""
        if posture == f.posture or not f.able:
            return
        old, f.posture = f.posture, posture
        for name in (PRONE, KNEELING):
            if old == name:
                self.emit(ev.State, actor=f.id, state=name, value=False)
        if posture in (PRONE, KNEELING):
            self.emit(ev.State, actor=f.id, state=posture, value=True)

    def recount(self, f: Fighter) -> None:
        """Whether a pinned fighter counts for his side (``pinned_is_out``)."""
        counts = f.able and not (f.pinned and self.rules.pinned_is_out)
        if counts != f.counted:
            f.counted = counts
            self.able_count[f.side] += 1 if counts else -1
            self.check_end()

    def knock_out(self, f: Fighter, cause: str) -> None:
        if not f.able:
            return
        f.out = True
        self.emit(ev.State, actor=f.id, state="out", value=True, cause=cause)
        self.remove(f)

    def kill(self, f: Fighter, cause: str) -> None:
        if not f.able:
            return
        f.dead = True
        f.out = True
        self.emit(ev.State, actor=f.id, state="dead", value=True, cause=cause)
        self.remove(f)

    def remove(self, f: Fighter) -> None:
        """``f`` is out of the fight: off the map, out of close combat and every hold, out
        of every cooperative attempt; the fight ends when his side has no one left."""
        h = f.at
        f.able = False
        if f.counted:
            f.counted = False
            self.able_count[f.side] -= 1
        self.settling += 1
        try:
            self.map.remove(f.id)
            closing.leave(self, f, h)
            for hid in list(f.held_by):
                release(self, self.by_id[hid], f)
            self.coop.drop(f)
            self.coop.void(f)
            if f in self.waiters:
                self.waiters.remove(f)
        finally:
            self.settling -= 1
        self.check_end()


def perform(fight: Fight, f: Fighter, p: timing.Phase, step: PlanStep,
            free_readies: int = 0) -> Generator[Any, Any, None]:
    """Take ``step`` as this phase's maneuver: log it, lay out its steps, make them.

    A step at the tenth it is now does not wait on the clock: it would be the next event
    anyway (only this process waits at this tenth with this priority, and nothing a step
    or a choice does schedules anything sooner), so the log is the same with one simpy
    event less a phase."""
    if step.action not in COOP or fight.coop.of.get(f.id) is None or \
            fight.coop.of[f.id].victim != step.target:
        fight.coop.drop(f)
    if step.action not in ("aim", "attack", "all_out_attack", "move_and_attack", "wait"):
        f.aim_turns, f.aim_target = 0, None  # Aim counts only for the next attack (B364)
    layout = ACTIONS[step.action](fight, f, step)
    assert layout is not None  # (no maneuver: taken by Fight.choose)
    if not f.standing or f.grappled or f.pinned:
        # he cannot move a hex this maneuver (nothing in it stands him up or frees him):
        # no step of movement is laid out, so the others are spread over the phase alone
        layout = layout._replace(steps=tuple(s for s in layout.steps if s.kind != MOVE))
    fight.announce(f, step, layout.maneuver, p, layout.movement, layout.option)
    f.free_ready = False
    still_moving = True
    tenths = timing.step_tenths(p, len(layout.steps))
    env, prio = fight.env, step_priority(0, p.rank)
    for s, t in zip(layout.steps, tenths, strict=True):
        if t != env._now:  # (a step at this tenth follows at once: see the docstring)
            yield At(env, t, prio)
        if fight.over or not f.able:
            return
        if f.lost_balance:
            break  # B556: a fighter who lost his balance does nothing else this turn
        if s.kind == MOVE and not still_moving:
            continue
        go_on = s.run()
        if fight.waiters:
            fight.after_step(f)
        if not go_on:
            if s.kind == MOVE:
                still_moving = False
            else:
                break
    if fight.over or not f.able:
        return
    if MANEUVERS[layout.maneuver].movement in ("step", "none", "step_or_half"):
        moving.face_foe(fight, f, step.target)
    if f.free_ready and free_readies < MAX_FREE_READIES:
        f.free_ready = False
        rest = timing.Phase(p.turn, p.actor, p.rank, int(fight.env.now), p.end)
        nxt = fight.choose(f)
        yield from perform(fight, f, rest, nxt, free_readies + 1)


def run(scenario: Scenario, dice: Dice, log: EventLog, until: int, seed: int = 0) -> Any:
    return Fight(scenario, dice, log, until, seed).run()


__all__ = ["MODEL", "Fight", "GurpsClock", "perform", "run"]
