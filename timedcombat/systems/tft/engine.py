"""The simpy driver of the ``tft`` system: TFT's 5-second turns on the shared clock.

A :class:`~timedcombat.turns.TurnClock` starts turn *n* at tenth ``50(n-1)``; at its first
tenth :meth:`TftFight.turn_order` rolls initiative (one die per side) and orders the figures
by adjusted DX (ties by a roll-off), and the clock logs ``tft.turn`` and the phases. Every
figure is a simpy process that, each turn, waits for its side's movement window, chooses
its option (:mod:`.choose`), takes its hex steps at the tenths :mod:`.timing` gives,
resolves a dive at the end of movement, and acts at its own slot of the action phase
(:mod:`.act`). Steps of one tenth follow the documented key (phase, then order of action
or moving order, then sequence) through :func:`timedcombat.turns.at`.

The driver only schedules, rolls the dice (the run's one :class:`~timedcombat.dice.Dice`)
and logs; every rule is a pure function of :mod:`.resolve`, :mod:`.damage`, :mod:`.hth`,
:mod:`.grapple`, :mod:`.movement` and :mod:`.timing`.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any

from timedcombat import events as core
from timedcombat.arena import Arena
from timedcombat.dice import Dice
from timedcombat.hexmap import FACINGS, Hex, distance, facing_towards, neighbour, neighbours
from timedcombat.log import EventLog
from timedcombat.policies import make as make_policy
from timedcombat.results import DEAD, DOWN, FLED, HURT, OK, OUT, CombatantResult
from timedcombat.scenario import Scenario
from timedcombat.systems.tft import act, choose, movement, paths, timing
from timedcombat.systems.tft.damage import thresholds
from timedcombat.systems.tft.events import Phase, TftPlaced, Turn
from timedcombat.systems.tft.fighter import Fighter
from timedcombat.systems.tft.movement import (
    DISENGAGED,
    ENGAGED,
    IN_HTH,
    Standing,
    arc_from,
    engages,
)
from timedcombat.systems.tft.policy import POLICIES
from timedcombat.systems.tft.resolve import AdjustedDx, adjusted_dx
from timedcombat.systems.tft.rules import BASE, TftRules
from timedcombat.turns import PhaseSpec, TimeModel, TurnClock, at

DOWN_STATE = movement.DOWN
MOVE_PHASE, ACTION_PHASE = 0, 1  # the phase part of the same-tenth order key


def time_model(rules: TftRules) -> TimeModel:
    """A turn of 50 tenths: the movement phase (its last tenth is the end of movement),
    then the action phase (``movement_phase_tenths``)."""
    lay = timing.layout(rules)
    return TimeModel(lay.turn_tenths, (PhaseSpec(timing.MOVEMENT, 0, lay.movement_tenths),
                                       PhaseSpec(timing.ACTION, lay.action_start,
                                                 lay.action_tenths)))


class TftFight(Arena):
    """One run of a ``tft`` scenario."""

    system = "tft"
    reports = ("prone", "hth", "out")
    """Every fall and rise, every joining and leaving of an HTH and every figure put out is
    a ``state`` event (``start.reports``: the checker reads their absence as a fact)."""

    def __init__(self, scenario: Scenario, dice: Dice, log: EventLog, until: int,
                 seed: int) -> None:
        super().__init__(scenario, dice, log, until, seed)
        self.rules: TftRules = scenario.rules
        self.layout = timing.layout(self.rules)
        self.model = time_model(self.rules)
        for spec in scenario.combatants:
            f = Fighter(spec)
            f.policy = make_policy(POLICIES, spec.policy)
            self.add(f)
        self.turn = 0
        self.sides: tuple[str, ...] = ()  # moving order of this turn
        self.windows: dict[str, tuple[int, int]] = {}
        self.slot: dict[str, int] = {}
        self.rank: dict[str, int] = {}  # place in the order of action
        self.move_rank: dict[str, int] = {}  # place in the moving order

    # ------------------------------------------------------------------ arena hooks

    def placed(self, f: Fighter) -> tuple[type[core.Event], dict[str, Any]]:
        s = f.stats
        return TftPlaced, dict(
            actor=f.id, side=f.side, at=f.at, facing=FACINGS[f.facing], st=s.st, dx=s.dx,
            iq=s.iq, ma=s.ma, ma_armored=f.ma, weapons=s.weapons, armor=s.armor,
            shield=s.shield, talents=s.talents, agrees_to_hth=s.agrees_to_hth)

    def begin(self) -> None:
        self.clock = TurnClock(self, self.model, Turn, Phase)
        self.clock.start()
        for f in self.combatants:
            f.proc = self.env.process(self.life(f))

    def result_of(self, f: Fighter) -> CombatantResult:
        if f.dead:
            state = DEAD
        elif f.out:
            state = OUT
        elif f.fled:
            state = FLED
        elif f.prone or f.pinned_by is not None:
            state = DOWN
        elif f.st <= BASE.low_st:
            state = HURT
        else:
            state = OK
        extras = {"st": f.st, "weapon": f.ready or "", "in_hth": f.in_hth, **f.counts}
        return CombatantResult(f.side, state, f.damage, extras)

    def turn_order(self, turn: int) -> tuple[list[str], dict[str, Any]]:
        """Start turn ``turn``: carry over last turn's hits, roll initiative for the sides'
        moving order, and order the figures by adjusted DX (ties by a roll-off)."""
        self.turn = turn
        able = [f for f in self.combatants if f.able]
        for f in able:
            f.hit_hard = f.turn_hits >= thresholds(f.base_st)[0]
            f.turn_hits = 0
            f.acted = f.knocked_down = f.defending = f.dodging = False
            f.moved = 0
            f.choice = None
        sides = list(dict.fromkeys(f.side for f in able))
        initiative = {s: self.dice.die(6) for s in sides}
        rerolls: dict[str, list[int]] = {}

        def reroll(side: str) -> int:
            face = self.dice.die(6)
            rerolls.setdefault(side, []).append(face)
            return face

        moving = timing.movement_order(initiative, self.rules, roll=reroll)
        adj = {f.id: self.adjusted(f).total for f in able}
        order = timing.action_order(adj, roll=lambda _fid: self.dice.die(6))
        plan = timing.turn_plan(turn, order.order, self.rules)
        self.sides = moving
        self.windows = timing.movement_windows(moving, self.rules)
        self.slot = dict(plan.actions)
        self.rank = {fid: i for i, fid in enumerate(order.order)}
        by_side = [f.id for s in moving for f in able if f.side == s]
        self.move_rank = {fid: i for i, fid in enumerate(by_side)}
        return list(order.order), dict(
            sides=moving,
            initiative=tuple((initiative[s], *rerolls.get(s, ())) for s in moving),
            adj_dx=order.adj_dx, rolloffs=order.rolloffs,
            slots=tuple(t for _f, t in plan.actions))

    # ------------------------------------------------------------------ the life of a figure

    def life(self, f: Fighter) -> Generator[Any, Any, None]:
        env = self.env
        while True:
            yield self.clock.next_turn
            if self.over or not f.able:
                return
            t0 = self.clock.turn_start()
            start, _end = self.windows[f.side]
            yield at(env, t0 + start, MOVE_PHASE, self.move_rank[f.id])
            if self.over or not f.able:
                return
            choose.choose(self, f)
            yield from self.movement(f)
            if self.over or not f.able:
                return
            assert f.choice is not None
            if f.choice.option == "dive":
                yield at(env, t0 + self.layout.end_of_movement, MOVE_PHASE,
                         self.move_rank[f.id])
                if self.over or not f.able:
                    return
                act.end_of_movement_dive(self, f)
            yield at(env, self.slot[f.id], ACTION_PHASE, self.rank[f.id])
            if self.over or not f.able:
                return
            act.act(self, f)

    # ------------------------------------------------------------------ movement

    def movement(self, f: Fighter) -> Generator[Any, Any, None]:
        """Take the hex steps the option allows, each at its tenth; stop on entering an
        enemy's front hex (disengaged movers) or when the goal is reached; then face."""
        c = f.choice
        assert c is not None
        if c.hexes > 0 and c.approach:
            sched = max(f.ma, c.hexes)
            tenths = timing.step_tenths(self.turn, sched, c.hexes, f.side, self.sides,
                                        self.rules)
            for t in tenths:
                yield at(self.env, t, MOVE_PHASE, self.move_rank[f.id])
                if self.over or not f.able:
                    return
                nxt = self.next_step(f)
                if nxt is None:
                    break
                mode = {DISENGAGED: "step", ENGAGED: "shift",
                        DOWN_STATE: "crawl"}.get(c.state, "step")
                self.step(f, nxt, mode)
                if c.state == DISENGAGED and self.engaged_at(f, f.at):
                    break
                if c.state == ENGAGED:
                    break  # a shift is one hex
        choose.after_movement(self, f)
        self.face_focus(f)

    def next_step(self, f: Fighter) -> Hex | None:
        """The next hex of ``f``'s move toward the goals of its option (``None``: there)."""
        c = f.choice
        assert c is not None
        goals = choose.goals(self, f)
        if not goals or f.at in goals:
            return None
        if c.state == ENGAGED:
            return self.shift_toward(f, goals)
        if c.state == DOWN_STATE:  # crawling: no engagement to stop it
            path = paths.route(f.at, goals, self.is_free, lambda h: False, c.hexes)
        else:
            path = paths.route(f.at, goals, self.is_free,
                               self.front_hexes(f).__contains__, c.hexes)
        return path[0] if path else None

    def shift_toward(self, f: Fighter, goals: Iterable[Hex]) -> Hex | None:
        """A shift: one hex, staying next to every enemy that engages ``f``, closer to a
        goal."""
        engaging = [o.at for o in self.engagers(f)]
        goal_list = list(goals)
        here = min(distance(f.at, g) for g in goal_list)
        best: Hex | None = None
        best_d = here
        for h in neighbours(f.at):
            if not self.is_free(h) or any(distance(h, e) != 1 for e in engaging):
                continue
            d = min(distance(h, g) for g in goal_list)
            if d < best_d:
                best, best_d = h, d
        return best

    def step(self, f: Fighter, to: Hex, mode: str) -> None:
        here = f.at
        f.facing = facing_towards(here, to)
        self.map.move(f.id, to)
        f.at = to
        f.moved += 1
        self.emit(core.Move, actor=f.id, frm=here, to=to, mode=mode,
                  facing=FACINGS[f.facing])

    def place(self, f: Fighter, to: Hex, mode: str, share: bool = False) -> None:
        """Move ``f`` outside its own movement (into or out of HTH, thrown, disengaging)."""
        here = f.at
        if to == here:
            return
        self.map.move(f.id, to, share=share)
        f.at = to
        self.emit(core.Move, actor=f.id, frm=here, to=to, mode=mode,
                  facing=FACINGS[f.facing])

    def face(self, f: Fighter, toward: Hex) -> None:
        """Turn ``f`` to face ``toward`` (logged as a ``move`` of mode ``turn``)."""
        if toward == f.at:
            return
        new = facing_towards(f.at, toward)
        if new != f.facing:
            f.facing = new
            self.emit(core.Move, actor=f.id, frm=f.at, to=f.at, mode="turn",
                      facing=FACINGS[new])

    def face_focus(self, f: Fighter) -> None:
        """At the end of its movement a figure faces its focus, unless that foe already
        stands in one of its front hexes (assumption: facing is free then; figures in HTH
        and prone figures keep theirs)."""
        if f.in_hth or f.prone or f.target is None:
            return
        t = self.by_id[f.target]
        if not t.able or t.at == f.at:
            return
        if distance(f.at, t.at) == 1 and arc_from(f.at, FACINGS[f.facing], t.at) == "front":
            return
        self.face(f, t.at)

    # ------------------------------------------------------------------ where things are

    def is_free(self, h: Hex) -> bool:
        return self.map.is_free(h)

    def standing(self, o: Fighter) -> Standing:
        return Standing(o.at, FACINGS[o.facing], o.posture, o.in_hth)

    def engagers(self, f: Fighter) -> list[Fighter]:
        """The able enemies that engage ``f`` where it stands (``f`` adjacent, in their front
        hexes, they standing and not in HTH), in order of action. (Only an adjacent enemy
        can engage: the others are passed over before their standing is built.)"""
        here = f.at
        out = [o for o in self.enemies(f)
               if distance(o.at, here) == 1 and engages(self.standing(o), here)]
        return sorted(out, key=lambda o: self.rank.get(o.id, o.index))

    def engaged_at(self, f: Fighter, h: Hex) -> bool:
        """``f`` would be engaged standing on ``h`` (a route search asks for every hex)."""
        return any(distance(o.at, h) == 1 and engages(self.standing(o), h)
                   for o in self.enemies(f))

    def front_hexes(self, f: Fighter) -> frozenset[Hex]:
        """The hexes where ``f`` would be engaged (``engaged_at`` for every hex at once: a
        route search asks for each hex it reaches, and only an enemy's neighbours can
        be)."""
        out: set[Hex] = set()
        for o in self.enemies(f):
            s = self.standing(o)
            out.update(h for h in neighbours(o.at) if engages(s, h))
        return frozenset(out)

    def state_of(self, f: Fighter) -> str:
        """``in_hth``, ``down`` (prone), ``engaged`` or ``disengaged``."""
        if f.in_hth:
            return IN_HTH
        if f.prone:
            return DOWN_STATE
        return ENGAGED if self.engagers(f) else DISENGAGED

    def adjacent_enemies(self, f: Fighter) -> list[Fighter]:
        return [o for o in self.enemies(f) if distance(o.at, f.at) == 1]

    def front_enemies(self, f: Fighter) -> list[Fighter]:
        """Adjacent able enemies in ``f``'s front hexes (it can strike them)."""
        facing = FACINGS[f.facing]
        return [o for o in self.adjacent_enemies(f)
                if arc_from(f.at, facing, o.at) == "front"]

    def arc_of(self, target: Fighter, frm: Hex) -> str:
        """Where ``frm`` lies as ``target`` sees it."""
        return arc_from(target.at, FACINGS[target.facing], frm)

    def free_neighbours(self, h: Hex) -> list[Hex]:
        return self.map.free_neighbours(h)

    def exit_hex(self, f: Fighter, wanted: Hex | None, away_from: Iterable[Hex]) -> Hex | None:
        """A free hex next to ``f`` to step out to: ``wanted`` when it is one, else the one
        farthest from ``away_from`` (ties: direction order)."""
        free = self.free_neighbours(f.at)
        if wanted is not None and wanted in free:
            return wanted
        threats = list(away_from)
        if not free:
            return None
        if not threats:
            return free[0]
        return max(free, key=lambda h: (sum(distance(h, x) for x in threats),
                                         -free.index(h)))

    def throw_hex(self, thrower: Fighter, thrown: Fighter) -> Hex | None:
        """Where a Judo throw lands the attacker: a free hex next to the thrower, the one
        across from where the attacker stood first, then those nearest to it."""
        i = facing_towards(thrower.at, thrown.at)
        for k in (3, 2, 4, 1, 5):
            h = neighbour(thrower.at, i + k)
            if self.is_free(h):
                return h
        return None

    # ------------------------------------------------------------------ adjusted DX

    def adjusted(self, f: Fighter, extra: tuple[tuple[str, int], ...] = ()) -> AdjustedDx:
        """``f``'s DX adjusted for armour, its ready shield, ST 3 or less and last turn's
        hits, then ``extra``."""
        return adjusted_dx(f.dx, armor=f.armor, shield=f.shield_record, st=f.st,
                           hit_hard_last_turn=f.hit_hard, extra=extra)


__all__ = ["ACTION_PHASE", "MOVE_PHASE", "TftFight", "time_model"]
