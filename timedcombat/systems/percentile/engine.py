"""The simpy driver of the ``percentile`` system: the arena's turn clock and one process a
combatant.

A turn of the clock is one phase of ``phase_tenths`` tenths (turn ``k`` = phase ``k - 1``).
At the phase's first tenth every combatant, in the order of action (scenario order), first
stands up if his footing is back, then *declares* (plan steps or the policy, as many as his
Combat Actions allow; a rider then makes his Control roll); when all have declared, each
works out his steps. Each declared action falls at its tenth (:func:`.timing.schedule`);
two grappling moves made on each other are resolved together at the later one; holds act
at the phase's last tenth. Same-tenth steps go in this order: stand up and declare (key
0), plan the steps (1), actions (2), phase end (3), each in the order of action.

The processes only schedule, roll the one injected :class:`~timedcombat.dice.Dice` and log;
every rule is a pure function of the modules beside this one.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from timedcombat import events as core
from timedcombat.arena import Arena
from timedcombat.hexmap import FACINGS, distance, facing_towards, neighbour
from timedcombat.policies import make as make_policy
from timedcombat.results import DOWN, HURT, OK, OUT, CombatantResult
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile import holding
from timedcombat.systems.percentile.condition import (
    forbidden,
    free_limbs,
    phase_levels,
    surprised_in,
)
from timedcombat.systems.percentile.costs import BLOW, CLOSE, RAM, REINS, action_cost
from timedcombat.systems.percentile.damage import (
    fixed_damage,
    impact_dice,
    incapacitated,
    pd_of,
    quarter_points,
    resolve_hit,
)
from timedcombat.systems.percentile.fighter import Bout, Decl, Fighter, Intent
from timedcombat.systems.percentile.grapple import attempt, exchange
from timedcombat.systems.percentile.holding import HoldOn
from timedcombat.systems.percentile.holds import hold_tick, joint_escape_injury, phases_held
from timedcombat.systems.percentile.mount import (
    control_chance,
    control_per_level,
    mount_actions,
    resolve_control,
    resolve_fall,
    resolve_ram,
)
from timedcombat.systems.percentile.odds import chance_made
from timedcombat.systems.percentile.policy import POLICIES
from timedcombat.systems.percentile.rules import (
    ARMS,
    BLOCK,
    BLOCKED_REDIRECT,
    DEFAULT_VARIANT,
    DIRTY_TRICKS,
    DUCK,
    ESCAPE,
    GRAB,
    GRAPPLES,
    INJURING,
    JOINT_LOCK,
    MOUNTS,
    NON_INJURING,
    PARRY,
    PIN,
    POMMEL_STRIKE,
    SHIELD_STRIKE,
    THROW,
    UNARMED_STRIKES,
    PercentileRules,
    location_of,
    move_spec,
)
from timedcombat.systems.percentile.strike import (
    blow_defense_level,
    defence_allowed,
    resolve_strike,
    strike_spec,
)
from timedcombat.systems.percentile.throws import (
    ROLLED_OUT,
    THROWN,
    footing_phases,
    into_thrower,
    landing,
    resolve_throw,
    rollout_chance,
    throw_pd,
    thrown_to,
)
from timedcombat.systems.percentile.timing import (
    phase_end,
    phase_start,
    schedule,
    stands_at,
)
from timedcombat.turns import PhaseSpec, TimeModel, TurnClock, at

DECLARE, PLAN, ACT, END = 0, 1, 2, 3  # same-tenth order of a phase's steps
PHASE_NAME = "combat"
STRIKES = (*UNARMED_STRIKES, *DIRTY_TRICKS, BLOW)
DEFENCES = (DUCK, BLOCK, PARRY)


def time_model(rules: PercentileRules) -> TimeModel:
    """A turn is a phase: one span of ``phase_tenths``."""
    p = rules.phase_tenths
    return TimeModel(p, (PhaseSpec(PHASE_NAME, 0, p),))


class Fight(Arena):
    """One run of a ``percentile`` scenario."""

    system = "percentile"

    def __init__(self, scenario: Any, dice: Any, log: Any, until: int, seed: int) -> None:
        super().__init__(scenario, dice, log, until, seed)
        self.rules: PercentileRules = scenario.rules
        for spec in scenario.combatants:
            f = Fighter(spec, self.rules)
            f.policy = make_policy(POLICIES, spec.policy)
            self.add(f)
        self.holds: holding.Holds = ()
        self.pm: dict[tuple[str, str], int] = {}  # (a, b): a's Position Modifier against b
        self.bouts: dict[tuple[int, str, str], Bout] = {}
        self.phase = -1
        self.phases = 0  # phases begun
        self.clock = TurnClock(self, time_model(self.rules), ev.Turn, ev.Phase)

    # ------------------------------------------------------------------ arena hooks

    def placed(self, f: Fighter) -> tuple[type[core.Event], dict[str, Any]]:
        st = f.stats
        stats = (("mal", st.mal), ("bat", float(st.bat)), ("skill", st.skill),
                 ("weapon", st.weapon), ("shield", st.shield), ("holding", st.holding),
                 ("armor", st.armor), ("disabled", st.disabled), ("surprised", st.surprised),
                 ("mount", st.mount), ("horseman", st.horseman), ("reins", st.reins),
                 ("fall_recovery", st.fall_recovery), ("pd_limit", f.limit))
        return ev.PercentilePlaced, dict(actor=f.id, side=f.side, at=f.at,
                                         facing=FACINGS[f.facing], stats=stats)

    def begin(self) -> None:
        for f in self.combatants:
            if f.mounted is not None:  # (drawn as a span until he is off his mount)
                self.emit(core.State, actor=f.id, state="mounted", value=True, cause=f.mounted)
        self.clock.start()
        for f in self.combatants:
            f.proc = self.env.process(self.life(f))

    def result_of(self, f: Fighter) -> CombatantResult:
        if f.out:
            state = OUT
        elif f.down or holding.locked(self.holds, f.id) or holding.pinned(self.holds, f.id):
            state = DOWN
        elif f.pd:
            state = HURT
        else:
            state = OK
        extras = {"pd": f.pd, "effective_pd": f.effective, "cause": f.cause or "",
                  "disabled": tuple(sorted(f.disabled))}
        return CombatantResult(f.side, state, f.effective, extras)

    # ------------------------------------------------------------------ helpers

    def rank(self, f: Fighter) -> int:
        return self.clock.rank(f.id)

    def reach(self, f: Fighter, action: str) -> int:
        if action in (BLOW, POMMEL_STRIKE) and f.weapon is not None:
            return f.weapon.reach
        return self.rules.unarmed_reach

    def threat_reach(self, f: Fighter) -> int:
        """How far ``f`` can strike."""
        return max(self.rules.unarmed_reach, f.weapon.reach if f.weapon else 0)

    def gap(self, a: Fighter, b: Fighter) -> int:
        return distance(a.at, b.at)

    def pm_of(self, a: Fighter, b: Fighter) -> int:
        return self.pm.get((a.id, b.id), 0)

    def foe_of(self, f: Fighter) -> Fighter | None:
        """Whom ``f`` fights: one who holds him (one with a joint lock or a pin on him
        first: he may only escape that), one he holds, else the nearest enemy."""
        first = (JOINT_LOCK, PIN)
        for h in sorted(holding.on(self.holds, f.id), key=lambda h: h.move not in first):
            g = self.by_id[h.holder]
            if g.able:
                return g
        for h in holding.by(self.holds, f.id):
            g = self.by_id[h.target]
            if g.able:
                return g
        return self.nearest_enemy(f)

    def striking_limbs(self, f: Fighter, kind: str) -> tuple[str, ...]:
        """The arms or legs ``f`` may strike or block with now."""
        arms, legs = holding.busy(self.holds, f.id)
        taken = set(holding.held_limbs(self.holds, f.id))
        if kind == "arm" and f.weapon is not None:
            taken |= set(holding.weapon_arms(f.weapon.hands))
        return free_limbs(kind, disabled=f.disabled, grabbed=taken,
                          busy=arms if kind == "arm" else legs)

    def limb_for(self, f: Fighter, intent: Intent) -> tuple[str | None, str | None]:
        """(limb, why not): the limb a strike or block uses."""
        action = intent.action
        if action in (BLOW, POMMEL_STRIKE):
            assert f.weapon is not None
            arms = holding.weapon_arms(f.weapon.hands)
            bad = [a for a in arms if a in f.disabled
                   or a in holding.held_limbs(self.holds, f.id)]
            return (None, f"the weapon arm ({bad[0].replace('_', ' ')}) is held or "
                    "disabled") if bad else (None, None)
        if action == SHIELD_STRIKE:
            return (None, "the shield arm is held or disabled") if (
                ARMS[0] in f.disabled or ARMS[0] in holding.held_limbs(self.holds, f.id)) \
                else (None, None)
        spec_limb = strike_spec(action).limb if action in UNARMED_STRIKES else "arm"
        if spec_limb == "head":
            return None, None  # (a head butt needs no free limb)
        free = self.striking_limbs(f, spec_limb or "arm")
        if intent.limb is not None:
            if intent.limb in free:
                return intent.limb, None
            return None, f"the {intent.limb.replace('_', ' ')} is held, busy or disabled"
        if not free:
            return None, f"no free {spec_limb}"
        return free[-1], None  # the right one first

    # ------------------------------------------------------------------ the process

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        env = self.env
        while f.able and not self.over:
            turn = yield self.clock.next_turn
            if self.over or not f.able:
                return
            p = turn - 1
            t0 = phase_start(p, self.rules)
            yield at(env, t0, DECLARE, self.rank(f))
            if self.over or not f.able:
                return
            self.new_phase(p)
            self.stand_up(f, t0)
            self.declare(f, p, t0)
            yield at(env, t0, PLAN, self.rank(f))
            for t, kind, item in self.steps_of(f, p):
                yield at(env, t, ACT, self.rank(f))
                if self.over or not f.able:
                    break
                if kind == "start":
                    self.emit(core.Action, actor=f.id, name=item.action,
                              end=item.t, target=item.target)
                elif kind == "do":
                    self.perform(f, item, p)
                else:
                    self.resolve_bout(item, p)
            if self.over or not f.able:
                return
            yield at(env, phase_end(p, self.rules), END, self.rank(f))
            if self.over or not f.able:
                return
            self.phase_over(f, p)

    def new_phase(self, p: int) -> None:
        """Once a phase, at its first step: pairs no longer within reach of each other are
        not engaged (their Position Modifiers go back to 0); last phase's strike counts."""
        if self.phase == p:
            return
        self.phase = p
        self.phases = p + 1
        self.bouts.clear()
        for f in self.combatants:
            f.struck_by, f.struck_now = f.struck_now, {}
        for (a, b), pm in list(self.pm.items()):
            fa, fb = self.by_id[a], self.by_id[b]
            if a >= b or (pm == 0 and self.pm.get((b, a), 0) == 0):
                continue
            if not (fa.able and fb.able) or (
                    self.gap(fa, fb) > self.rules.unarmed_reach
                    and not holding.between(self.holds, a, b)):
                self.pm[(a, b)] = self.pm[(b, a)] = 0
                if fa.able and fb.able:
                    self.emit(ev.Position, actor=a, target=b, result="apart", pm=0,
                              target_pm=0)

    def stand_up(self, f: Fighter, t0: int) -> None:
        if f.down_until is not None and t0 >= f.down_until:
            f.down_until = None
            self.emit(core.State, actor=f.id, state="down", value=False, cause="footing")

    # ------------------------------------------------------------------ declaring

    def levels_of(self, f: Fighter, p: int) -> Any:
        st = f.stats
        return phase_levels(st.mal, st.bat, disabled=tuple(f.disabled), shield=st.shield,
                            holding=st.holding, surprised=surprised_in(p, st.surprised,
                                                                       self.rules),
                            armed=f.armed, rules=self.rules)

    def cost_of(self, f: Fighter, intent: Intent) -> int:
        g = self.by_id.get(intent.target) if intent.target else None
        return action_cost(intent.action, stroke=intent.stroke,
                           weapon=f.stats.weapon if intent.action == BLOW else None,
                           armed_opponent=bool(g is not None and g.armed), rules=self.rules)

    def not_allowed(self, f: Fighter, intent: Intent, chosen: Sequence[Intent]) -> str | None:
        """Why ``f`` may not declare ``intent`` now (after ``chosen``), or ``None``."""
        action = intent.action
        why = forbidden(action, out=not f.able, locked=holding.locked(self.holds, f.id),
                        pinned=holding.pinned(self.holds, f.id), down=f.down)
        if why is not None:
            return why
        if action in (RAM, REINS):
            if f.mounted is None:
                return "not mounted"
            if action == REINS:
                return None
            rams = sum(1 for i in chosen if i.action == RAM)
            if rams >= mount_actions(f.stats.horseman):
                return "the mount has no Combat Action left (Horseman level // 3)"
        g = self.by_id.get(intent.target) if intent.target else None
        if g is None or not g.able:
            return "target out of the fight"
        if action == RAM:
            return None
        if action == CLOSE:
            if holding.engaged(self.holds, f.id):
                return "holding or held"
            return None
        assert g is not None
        if action in DEFENCES:
            return defence_allowed(action, attacker_armed=g.armed, distance=self.gap(f, g),
                                   has_weapon=f.armed)
        if action in STRIKES:
            return self.limb_for(f, intent)[1]
        if action in GRAPPLES:
            made = sum(1 for i in chosen if i.action in GRAPPLES and i.target == intent.target)
            if made >= self.rules.grapples_per_phase:
                return f"one grappling move a phase on {g.id} (grapples_per_phase)"
            if action == ESCAPE:
                return self.escape_refused(f, g)
            spec = move_spec(action, intent.kind)
            arms, legs = holding.busy(self.holds, f.id, but=g.id if action != GRAB else None)
            held = holding.held_limbs(self.holds, f.id)
            weapon = holding.weapon_arms(f.weapon.hands) if f.weapon else ()
            free_arms = len(free_limbs("arm", disabled=f.disabled, grabbed=set(held) | set(weapon),
                                       busy=arms))
            free_legs = len(free_limbs("leg", disabled=f.disabled, grabbed=held, busy=legs))
            if free_arms < spec.arms or free_legs < spec.legs:
                return f"a {action.replace('_', ' ')} needs {spec.arms} free arm(s) and " \
                    f"{spec.legs} free leg(s)"
            return None
        return None

    def escape_refused(self, f: Fighter, g: Fighter) -> str | None:
        """Why ``f`` may not escape from ``g`` now: ``g`` holds him in nothing, or another
        has him in a joint lock ("he may do nothing but attempt to Escape the lock")."""
        mine = holding.on(self.holds, f.id)
        if not any(h.holder == g.id for h in mine):
            return f"nothing to escape: {g.id} holds him in nothing"
        lockers = sorted({h.holder for h in mine if h.move == JOINT_LOCK})
        if lockers and g.id not in lockers:
            return f"in a joint lock: he may only escape the lock ({', '.join(lockers)})"
        return None

    def declare(self, f: Fighter, p: int, t0: int) -> None:
        """The phase's declaration: levels, actions, costs, tenths; a rider's Control roll."""
        rules = self.rules
        f.levels = levels = self.levels_of(f, p)
        f.phase = p
        f.decls = []
        budget = levels.budget
        chosen: list[tuple[Intent, int, int]] = []  # (intent, cost, plan index)
        spent = 0
        leading = True
        if f.plan_index < len(f.plan):
            while f.plan_index < len(f.plan):
                step = f.plan[f.plan_index]
                if step.phase is not None and step.phase > p:
                    break
                intent = self.intent_of(f, step)
                why = self.not_allowed(f, intent, [c[0] for c in chosen])
                cost = 0 if why else self.cost_of(f, intent)
                if why is None and cost > budget:
                    why = f"costs {cost} Combat Actions; he has {budget} this phase"
                if why is not None:
                    self.emit(ev.PlanSkip, actor=f.id, name=step.action,
                              index=f.pop_plan(), reason=why)
                    continue
                if spent + cost > budget:
                    break
                chosen.append((intent, cost, f.pop_plan()))
                spent += cost
                if intent.action == REINS and leading:
                    f.reins = intent.hands  # before the Control roll (the example's Derek)
                else:
                    leading = False
        else:
            for intent in f.policy.declare(self, f, p, budget):
                cost = self.cost_of(f, intent)
                if self.not_allowed(f, intent, [c[0] for c in chosen]) is None \
                        and spent + cost <= budget:
                    chosen.append((intent, cost, -1))
                    spent += cost
        own = [(i, c) for i, (intent, c, _) in enumerate(chosen) if intent.action != RAM]
        slots = {i: s.t for (i, _), s in zip(own, schedule(
            t0, [c for _, c in own], max(budget, 1), rules), strict=True)} if budget else \
            {i: t0 for i, _ in own}
        rams = [i for i, (intent, _, _) in enumerate(chosen) if intent.action == RAM]
        if rams:
            mb = mount_actions(f.stats.horseman)
            for i, s in zip(rams, schedule(t0, [1] * len(rams), mb, rules), strict=True):
                slots[i] = s.t
        prev: int | None = None
        for i, (intent, cost, index) in enumerate(chosen):
            t = slots[i]
            if intent.action == RAM:
                start = t
            else:
                start = t0 if prev is None else min(prev + 1, t)
                prev = t
            f.decls.append(Decl(i, intent, cost, t, start, index))
        self.emit(ev.Declare, actor=f.id, phase=p, mal=levels.mal, budget=levels.budget,
                  base_mal=levels.base_mal, base_budget=levels.base_budget,
                  penalties=levels.penalties, actions=tuple(d.action for d in f.decls),
                  costs=tuple(d.cost for d in f.decls), tenths=tuple(d.t for d in f.decls),
                  targets=tuple(d.target or "" for d in f.decls))
        if f.mounted is not None:
            self.control(f, p)

    def intent_of(self, f: Fighter, step: Any) -> Intent:
        """A plan step as an intent, its target filled in (the one he fights)."""
        action = step.action
        target = step.target
        if target is None and action not in (REINS,):
            foe = self.foe_of(f)
            target = foe.id if foe is not None else None
        return Intent(action, target, step.stroke, step.limb, step.kind, step.direction,
                      step.hands, step.phase)

    def control(self, f: Fighter, p: int) -> None:
        """A rider's Control roll for the phase (d100; on a failure the shying d10)."""
        free_hands = 2 - f.reins
        roll = self.dice.hundred()
        made = chance_made(roll, control_chance(f.stats.horseman, free_hands), self.rules)
        shy = None if made else self.dice.die(10)
        outcome = resolve_control(f.stats.horseman, free_hands, roll, shy_roll=shy,
                                  rules=self.rules)
        f.controlled = outcome.success
        f.mount_actions = outcome.mount_actions
        f.shy = outcome.shy_hexes
        self.emit(ev.Control, actor=f.id, mount=f.mounted, horseman=outcome.horseman,
                  free_hands=outcome.free_hands,
                  per_level=control_per_level(outcome.free_hands), chance=outcome.chance,
                  roll=roll,
                  result="success" if outcome.success else "failure",
                  mount_actions=outcome.mount_actions, shy_roll=outcome.shy_roll)

    # ------------------------------------------------------------------ steps

    def steps_of(self, f: Fighter, p: int) -> list[tuple[int, str, Any]]:
        """The phase's steps of ``f`` in time order: each action's start (its ``action``
        event) and its tenth; a grappling move also its bout's resolution."""
        steps: list[tuple[int, int, str, Any]] = []
        n = 0
        for d in f.decls:
            steps.append((d.start, n, "start", d))
            steps.append((d.t, n + 1, "do", d))
            n += 2
            if d.action in GRAPPLES:
                bout = self.bout_of(f, d, p)
                steps.append((bout.t, n, "resolve", bout))
                n += 1
        steps.sort(key=lambda s: (s[0], s[1]))
        return [(t, kind, item) for t, _, kind, item in steps]

    def bout_of(self, f: Fighter, d: Decl, p: int) -> Bout:
        """The bout ``f``'s grappling move belongs to: with the target's move on him this
        phase, if any (resolved at the later tenth), else alone."""
        g = self.by_id[d.target]
        key = (p, *sorted((f.id, g.id)))
        other = None
        if g.phase == p:
            other = next((e for e in g.decls if e.action in GRAPPLES and e.target == f.id),
                         None)
        if other is None:
            key = (p, f.id, f"{g.id}#{d.index}")
            return self.bouts.setdefault(key, Bout([(f, d)], d.t))
        bout = self.bouts.get(key)
        if bout is None:
            moves = sorted([(f, d), (g, other)], key=lambda m: (m[1].t, self.rank(m[0])))
            bout = self.bouts[key] = Bout(moves, max(d.t, other.t))
        return bout

    def skip(self, f: Fighter, d: Decl, reason: str) -> None:
        self.emit(ev.PlanSkip, actor=f.id, name=d.action, index=d.plan_index, reason=reason)

    def perform(self, f: Fighter, d: Decl, p: int) -> None:
        """An action at its tenth (a grappling move may have been made already, by the
        resolution of its bout at this tenth)."""
        if d.done:
            return
        d.done = True
        action = d.action
        if action in DEFENCES:
            d.made = True
            return
        if action == REINS:
            f.reins = d.intent.hands if d.intent.hands is not None else f.reins
            d.made = True
            return
        why = forbidden(action, locked=holding.locked(self.holds, f.id),
                        pinned=holding.pinned(self.holds, f.id), down=f.down)
        g = self.by_id.get(d.target) if d.target else None
        if why is None and (g is None or not g.able):
            why = "target out of the fight"
        if why is not None:
            self.skip(f, d, why)
            return
        assert g is not None
        if action == CLOSE:
            self.close_in(f, d, g)
        elif action == RAM:
            self.ram(f, d, g)
        elif action in STRIKES:
            if self.gap(f, g) > self.reach(f, action):
                self.skip(f, d, "out of reach")
                return
            limb, why = self.limb_for(f, d.intent)
            if why is not None:
                self.skip(f, d, why)
                return
            d.made = True
            self.strike(f, d, g, limb)
        elif action in GRAPPLES:
            if self.gap(f, g) > self.rules.unarmed_reach:
                self.skip(f, d, "out of reach")
                return
            why = self.escape_refused(f, g) if action == ESCAPE else None
            if why is not None:
                self.skip(f, d, why)
                return
            d.made = True

    def close_in(self, f: Fighter, d: Decl, g: Fighter) -> None:
        if holding.engaged(self.holds, f.id):
            self.skip(f, d, "holding or held")
            return
        if self.gap(f, g) <= self.threat_reach(f) and (
                self.gap(f, g) <= self.rules.unarmed_reach or not f.armed):
            self.skip(f, d, "already in reach")
            return
        to = self.step_toward(f, g.at)
        if to is None:
            self.skip(f, d, "no free hex toward the target")
            return
        d.made = True
        self.move_to(f, to, "step", facing=facing_towards(to, g.at))

    def move_to(self, f: Fighter, to: tuple[int, int], mode: str,
                facing: int | None = None) -> None:
        frm = f.at
        self.map.move(f.id, to)
        f.at = to
        if facing is not None:
            f.facing = facing
        self.emit(core.Move, actor=f.id, frm=frm, to=to, mode=mode, facing=FACINGS[f.facing])

    # ------------------------------------------------------------------ strikes

    def defences_against(self, g: Fighter, f: Fighter) -> tuple[str, ...]:
        """The parries, ducks and blocks ``g`` declared against ``f`` this phase (none once
        he is joint-locked or pinned: he may do nothing but escape)."""
        if g.phase != self.phase or holding.locked(self.holds, g.id) \
                or holding.pinned(self.holds, g.id):
            return ()
        return tuple(e.action for e in g.decls if e.action in DEFENCES and e.target == f.id)

    def strike(self, f: Fighter, d: Decl, g: Fighter, limb: str | None) -> None:
        """A strike or blow: the d100 against the Odds of Hitting; on a hit the damage."""
        assert f.levels is not None and g.levels is not None
        intent = d.intent
        stroke = intent.stroke or "normal"
        weapon = f.stats.weapon if d.action in (BLOW, POMMEL_STRIKE) else None
        penalty = f.levels.mal - f.levels.base_mal
        level = f.stats.skill + penalty if d.action == BLOW else f.levels.mal
        g_skill = g.stats.skill + (g.levels.mal - g.levels.base_mal)
        defences = self.defences_against(g, f)
        dl = blow_defense_level(g.levels.mal, g_skill, defences)
        strikes = sum(1 for e in f.decls if e.action in STRIKES and e.target == g.id)
        roll = self.dice.hundred()
        self.note_attack()
        out = resolve_strike(d.action, level, dl, strikes, len(defences), roll, stroke=stroke,
                             weapon=weapon if d.action == BLOW else None, rules=self.rules)
        g.struck_now[f.id] = g.struck_now.get(f.id, 0) + 1
        self.emit(ev.Strike, actor=f.id, target=g.id, weapon=weapon or d.action,
                  roll=roll, total=roll, against=out.odds, result=out.result,
                  margin=out.odds - roll, simultaneous=False, modifiers=out.modifiers,
                  dice="d100", strike=out.strike, stroke=out.stroke,
                  attack_level=out.attack_level, defense_level=out.defense_level,
                  parry=out.parry, strikes=out.strikes, parries=out.parries, odds=out.odds,
                  limb=limb)
        if out.hit:
            spec = strike_spec(d.action, weapon)
            self.hit(g, f, d.action if weapon is None else weapon, spec.impact_dice(stroke),
                     grabbed=bool(holding.on(self.holds, f.id)), edged=spec.edged)

    def hit(self, g: Fighter, by: Fighter, source: str, base_dice: int, *, grabbed: bool,
            edged: bool = False) -> None:
        """The damage of a hit on ``g``: location d100, Impact d6s, then a Knockout Roll."""
        location_roll = self.dice.hundred()
        dice = impact_dice(base_dice, grabbed, self.rules)
        faces = tuple(self.dice.die(6) for _ in range(dice))
        pd = pd_of(max(0, sum(faces) - g.stats.armor), location_of(location_roll), edged,
                   self.rules)
        ko = self.dice.hundred() if pd > 0 else None
        hit = resolve_hit(source, base_dice, faces, location_roll, ko, grabbed=grabbed,
                          armor=g.stats.armor, edged=edged, rules=self.rules)
        self.take(g, hit, by=by.id, weapon=by.stats.weapon if source == by.stats.weapon
                  else None)

    def take(self, g: Fighter, hit: Any, *, by: str | None = None, weapon: str | None = None,
             die: int | None = None, cause: str = "knockout", out: bool = False) -> None:
        """Log damage (and its Knockout Roll) and put ``g`` out when it says so (``out``: a
        hold's own knockout, ``cause`` the hold)."""
        g.pd += hit.pd
        g.quarters += quarter_points(hit.pd, hit.star)  # exact: rounded down when shown
        self.emit(ev.Damage, actor=g.id, amount=hit.pd, total=g.effective, body=g.limit,
                  source=hit.source, weapon=weapon, pd=hit.pd, star=hit.star, limit=g.limit,
                  location=hit.location, dice=hit.dice_text,
                  base_dice=hit.base_dice_text, faces=hit.faces,
                  impact=hit.impact, armor=hit.armor, halved=hit.halved, by=by,
                  location_roll=hit.location_roll, die=die)
        if hit.knockout_roll is not None:
            self.emit(ev.Knockout, actor=g.id, pd=hit.pd, location=hit.location,
                      chance=hit.knockout_chance, roll=hit.knockout_roll,
                      result="out" if hit.knocked_out else "up", star=hit.star or None)
        if hit.knocked_out or out:
            self.put_out(g, cause)
        elif incapacitated(g.effective, g.limit):
            self.put_out(g, "incapacitated")

    def put_out(self, g: Fighter, cause: str) -> None:
        if not g.able:
            return
        g.out = True
        g.cause = cause
        self.emit(core.State, actor=g.id, state="out", value=True, cause=cause)
        self.let_go(holding.release(self.holds, of=g.id), "out")
        self.leave_side(g)
        self.check_end()

    # ------------------------------------------------------------------ the mount

    def ram(self, f: Fighter, d: Decl, g: Fighter) -> None:
        if f.mounted is None:
            self.skip(f, d, "not mounted")
            return
        if not f.controlled:
            self.skip(f, d, "mount not controlled")
            return
        if self.gap(f, g) > self.rules.unarmed_reach:
            self.skip(f, d, "out of reach")
            return
        assert g.levels is not None
        d.made = True
        roll = self.dice.hundred()
        self.note_attack()
        out = resolve_ram(f.mounted, g.levels.mal, roll)
        self.emit(ev.Ram, actor=f.id, target=g.id, mount=f.mounted,
                  attack_level=out.attack_level, defense_level=out.defense_level,
                  odds=out.odds, roll=roll, result=out.result)
        if out.hit:
            self.hit(g, f, RAM, MOUNTS[f.mounted].ram_dice, grabbed=False)

    def dismount(self, f: Fighter, cause: str) -> None:
        f.mounted = None
        f.controlled = False
        self.emit(core.State, actor=f.id, state="mounted", value=False, cause=cause)

    # ------------------------------------------------------------------ grappling

    def resolve_bout(self, bout: Bout, p: int) -> None:
        """The grappling moves of a bout: both rolls, the new position, its effects."""
        if bout.done:
            return
        bout.done = True
        for f, d in bout.moves:  # a move due now is made before the bout is resolved
            if not d.done and d.t <= self.env.now and f.able:
                self.perform(f, d, p)
        moves = [(f, d) for f, d in bout.moves
                 if d.made and f.able and self.by_id[d.target].able and self.still_made(f, d)]
        if not moves:
            return
        f0, d0 = moves[0]
        g0 = self.by_id[d0.target]
        attempts = []
        for f, d in moves:
            g = self.by_id[d.target]
            assert f.levels is not None and g.levels is not None
            roll = self.dice.hundred()
            self.note_attack()
            a = attempt(d.action, f.levels.mal, self.pm_of(f, g), g.levels.mal,
                        self.pm_of(g, f), roll, variant=d.intent.kind, limb=d.intent.limb)
            d.attempt = a
            attempts.append(a)
            self.emit(ev.Grapple, actor=f.id, target=g.id, move=a.move,
                      attack_level=a.attack_level, defense_level=a.defense_level,
                      odds=a.odds, roll=roll, result=a.result, mal=a.mal, pm=a.pm, dr=a.dr,
                      defender_mal=a.defender_mal, defender_pm=a.defender_pm,
                      modifiers=a.modifiers, kind=a.variant, limb=a.limb)
        locks = {f.id: [h for h in holding.on(self.holds, f.id) if h.move == JOINT_LOCK
                         and h.holder == d.target] for f, d in moves if d.action == ESCAPE}
        first = attempts[0]
        second = attempts[1] if len(attempts) > 1 else None
        result = exchange(first, second, (self.pm_of(f0, g0), self.pm_of(g0, f0)), self.rules)
        self.pm[(f0.id, g0.id)], self.pm[(g0.id, f0.id)] = result.pm
        self.emit(ev.Position, actor=f0.id, target=g0.id, result=result.result,
                  pm=result.pm[0], target_pm=result.pm[1],
                  applied=tuple(moves[i][0].id for i in result.applied))
        if result.freed:  # a successful escape, or disengaged
            cause = "escape" if any(moves[i][1].action == ESCAPE for i in result.applied) \
                else "disengaged"
            self.let_go(holding.release(self.holds, between_=(f0.id, g0.id)), cause)
        else:  # (a throw last: it moves the man, and the holds between them go with it)
            for i in sorted(result.applied, key=lambda i: moves[i][1].action == THROW):
                self.apply_move(moves[i][0], moves[i][1], p)
        for f, d in moves:  # an escape from a joint lock costs PD* and the limb, always
            for h in locks.get(f.id, ()):
                self.joint_escape(f, self.by_id[d.target], h)

    def still_made(self, f: Fighter, d: Decl) -> bool:
        """Whether ``f``'s move, made at its tenth, still stands when its bout is resolved
        later: one joint-locked or pinned since may do nothing but escape (the lock, when
        locked); otherwise the move is void (``percentile.plan_skip``)."""
        locked, pinned = holding.locked(self.holds, f.id), holding.pinned(self.holds, f.id)
        if not (locked or pinned):
            return True
        why = forbidden(d.action, locked=locked, pinned=pinned)
        if why is None and locked:
            why = self.escape_refused(f, self.by_id[d.target])
        if why is None:
            return True
        self.skip(f, d, why)
        return False

    def let_go(self, change: tuple[holding.Holds, holding.Holds], cause: str) -> None:
        left, gone = change
        self.holds = left
        for h in gone:
            self.emit(ev.Hold, actor=h.holder, target=h.target, hold=h.move, state="off",
                      cause=cause, limb=h.limb, kind=h.kind)
        self.grappled_states(gone)

    def grappled_states(self, changed: Sequence[HoldOn], now_on: bool = False) -> None:
        """Core ``state`` ``grappled`` spans: on for both when a first hold joins them,
        off when none is left on either."""
        for h in changed:
            for who in (h.holder, h.target):
                c = self.by_id[who]
                engaged = holding.engaged(self.holds, who)
                if engaged != getattr(c, "grappled", False):
                    c.grappled = engaged
                    self.emit(core.State, actor=who, state="grappled", value=engaged,
                              opponent=h.target if who == h.holder else h.holder)

    def apply_move(self, f: Fighter, d: Decl, p: int) -> None:
        g = self.by_id[d.target]
        action = d.action
        if action == THROW:
            self.throw(f, d, g, p)
            return
        if action == ESCAPE:
            return  # (a successful escape frees both: handled by the caller)
        limb = d.intent.limb
        kind = d.intent.kind if d.intent.kind is not None else DEFAULT_VARIANT.get(action)
        new = HoldOn(f.id, g.id, action, limb, kind, p)
        holds, replaced = holding.put_on(self.holds, new)
        self.holds = holds
        for h in replaced:
            self.emit(ev.Hold, actor=h.holder, target=h.target, hold=h.move, state="off",
                      cause=f"became a {action.replace('_', ' ')}", limb=h.limb, kind=h.kind)
        if new in holds and new not in replaced:
            self.emit(ev.Hold, actor=f.id, target=g.id, hold=action, state="on",
                      cause="grapple", limb=limb, kind=new.kind)
            self.grappled_states([new])

    def joint_escape(self, f: Fighter, g: Fighter, lock: HoldOn) -> None:
        """Escaping from ``g``'s joint lock: (10-100) PD* (d10) and the locked limb disabled,
        whatever the escape's outcome; permanently on a d100 at or under 20, rolled the
        first time a joint lock disables the limb (later escapes keep that result)."""
        if not f.able:
            return
        limb = lock.limb or "right_arm"
        die = self.dice.die(10)
        before = f.permanence.get(limb)
        roll = self.dice.hundred() if before is None else None
        injury = joint_escape_injury(limb, die, roll, permanent_before=before, rules=self.rules)
        f.permanence[limb] = injury.permanent
        f.disabled[limb] = f.disabled.get(limb, False) or injury.permanent
        self.emit(ev.Disabled, actor=f.id, limb=limb, cause="joint_lock_escape",
                  chance=injury.permanence_chance, roll=roll, permanent=injury.permanent)
        damage = fixed_damage("joint_lock_escape", injury.pd, True, None, location=limb,
                              knockout=False)
        self.take(f, damage, by=g.id, die=die)

    # ------------------------------------------------------------------ throws

    def throw_direction(self, f: Fighter, g: Fighter, keeps: bool) -> str:
        """Where the thrower throws (when his step does not say, or says what he cannot):
        to a free hex, one he can still hold the man in when he keeps a grab (else any free
        one), straight away from him when none is free."""
        away = facing_towards(f.at, g.at)
        order = [away, (away + 1) % 6, (away - 1) % 6, (away + 2) % 6, (away - 2) % 6,
                 (away + 3) % 6]
        if keeps:
            order = order[1:3] + order[3:5] + order[:1] + order[5:]
        free = [i for i in order if self.map.is_free(neighbour(g.at, i))]
        near = [i for i in free if distance(neighbour(g.at, i), f.at) <= self.rules.unarmed_reach]
        return FACINGS[(near if keeps and near else free or [away])[0]]

    def direction_of(self, f: Fighter, d: Decl, g: Fighter, keeps: bool) -> tuple[str, bool]:
        """The throw's direction and whether it replaces the plan's: the plan's, unless it
        would throw the man into the thrower's own hex (they moved since the scenario's
        start, where the loader checks it) or, with ``throw_blocked`` ``redirect``, its
        first hex is blocked; then (and without a planned one) the thrower's choice."""
        planned = d.intent.direction
        if planned is None:
            return self.throw_direction(f, g, keeps), False
        if into_thrower(g.at, planned, f.at) or (
                self.rules.throw_blocked == BLOCKED_REDIRECT
                and not self.map.is_free(thrown_to(g.at, planned, 1))):
            return self.throw_direction(f, g, keeps), True
        return planned, False

    def throw(self, f: Fighter, d: Decl, g: Fighter, p: int) -> None:
        """A successful throw: roll-out (or a rider's fall), landing, damage, footing."""
        assert g.levels is not None
        kind = d.intent.kind or NON_INJURING
        grabbing = any(h.move == GRAB for h in holding.by(self.holds, f.id)
                       if h.target == g.id)
        roll = self.dice.hundred()
        height = MOUNTS[g.mounted].height_feet if g.mounted is not None else None
        if height is not None:
            escaped = resolve_fall(height, g.stats.fall_recovery, roll, self.rules).unhurt
        else:
            escaped = chance_made(roll, rollout_chance(g.levels.mal), self.rules)
        die = footing = None
        if not escaped:
            die = self.dice.die(10) if kind == INJURING else None
            footing = self.dice.die(self.rules.footing_die)
        out = resolve_throw(kind, g.levels.mal, roll, fall_height=height,
                            fall_recovery=g.stats.fall_recovery, damage_die=die,
                            footing_roll=footing, thrower_grabbing=grabbing, rules=self.rules)
        direction, replaced = self.direction_of(f, d, g, out.keeps_grab)
        land = landing(g.at, direction, out.hexes, self.map.is_free)
        to = land.to
        keeps = out.keeps_grab and distance(to, f.at) <= self.rules.unarmed_reach
        self.emit(ev.Throw, actor=f.id, target=g.id, kind=kind, result=out.result,
                  hexes=land.hexes, on_feet=out.on_feet, keeps_grab=keeps,
                  direction=direction, to=to, rollout_chance=out.rollout_chance,
                  roll=out.rollout_roll, blocked_at=land.blocked_at,
                  planned=d.intent.direction if replaced else None)
        if out.fall is not None:
            fall = out.fall
            self.emit(ev.Fall, actor=g.id, height=fall.height_feet, level=fall.fall_recovery,
                      chance=fall.chance, roll=fall.roll, result=fall.result)
            self.dismount(g, "thrown")
        if to != g.at:
            self.move_to(g, to, "thrown")
        kept = [h for h in holding.between(self.holds, f.id, g.id)
                if keeps and h.holder == f.id and h.move == GRAB]
        self.let_go(holding.release(self.holds, kept, between_=(f.id, g.id)),
                    "rolled out" if out.result == ROLLED_OUT else "thrown")
        self.let_go_apart(g)
        if out.result == THROWN:  # down 1-2 phases, logged before the damage that may
            assert out.footing_roll is not None  # put him out: the die is always rolled
            self.footing(g, p, out.footing_roll, "thrown")
            ko = self.dice.hundred() if out.pd > 0 else None
            damage = fixed_damage(THROW, out.pd, out.star, ko, rules=self.rules)
            self.take(g, damage, by=f.id, die=out.damage_die)

    def let_go_apart(self, g: Fighter) -> None:
        """After ``g`` was thrown: holds between him and a third figure now farther away than
        ``unarmed_reach`` cannot be kept (cause ``apart``)."""
        reach = self.rules.unarmed_reach
        far = [h for h in self.holds if g.id in (h.holder, h.target) and distance(
            self.by_id[h.holder].at, self.by_id[h.target].at) > reach]
        if far:
            kept = [h for h in self.holds if h not in far]
            self.let_go((tuple(kept), tuple(far)), "apart")

    def footing(self, g: Fighter, p: int, roll: int, cause: str) -> None:
        """Down for 1-2 phases (the footing die): he stands at a later phase's start."""
        phases = footing_phases(roll, self.rules)
        until = stands_at(p, phases, self.rules)
        g.down_until = until
        self.emit(ev.Footing, actor=g.id, dice=f"1d{self.rules.footing_die}", roll=roll,
                  phases=phases, until=until)
        self.emit(core.State, actor=g.id, state="down", value=True, cause=cause)

    # ------------------------------------------------------------------ phase end

    def phase_over(self, f: Fighter, p: int) -> None:
        """At the phase's last tenth: ``f``'s chokes and strangles act; his mount shies."""
        for h in holding.choking(self.holds, f.id):
            g = self.by_id[h.target]
            n = phases_held(h.phase, p, self.rules)
            if n < 1 or not g.able:
                continue
            tick = hold_tick(h.move, n)
            self.emit(ev.HoldPhase, actor=f.id, target=g.id, hold=h.move, phases=n,
                      pd=tick.pd, total=tick.total, knocked_out=tick.knocked_out)
            damage = fixed_damage(h.move, tick.pd, False, None, knockout=False)
            self.take(g, damage, by=f.id, cause=h.move, out=tick.knocked_out)
            if self.over:
                return
        if f.mounted is not None and f.shy and f.able:
            self.shy_away(f, p)

    def shy_away(self, f: Fighter, p: int) -> None:
        """The uncontrolled mount runs ``shy`` hexes from the nearest enemy; a rider held by
        an opponent is pulled off it instead (a fall, as a rider dragged down)."""
        if holding.on(self.holds, f.id):
            assert f.mounted is not None
            roll = self.dice.hundred()
            fall = resolve_fall(MOUNTS[f.mounted].height_feet, f.stats.fall_recovery, roll,
                                self.rules)
            self.emit(ev.Fall, actor=f.id, height=fall.height_feet, level=fall.fall_recovery,
                      chance=fall.chance, roll=roll, result=fall.result)
            self.dismount(f, "mount shied")
            if not fall.unhurt:  # hurt: as a rider dragged down by a non-injuring throw
                self.footing(f, p, self.dice.die(self.rules.footing_die), "fall")
                pd, star = throw_pd(NON_INJURING, None)
                self.take(f, fixed_damage("fall", pd, star, self.dice.hundred(),
                                          rules=self.rules))
            return
        for _ in range(f.shy):
            foe = self.nearest_enemy(f)
            if foe is None:
                return
            to = self.step_away(f, foe.at)
            if to is None:
                return
            self.move_to(f, to, "shy")


__all__ = ["Fight", "time_model"]
