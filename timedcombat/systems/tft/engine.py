"""The simpy driver of the ``tft`` system: TFT's 5-second turns on the shared clock.

A :class:`~timedcombat.turns.TurnClock` starts turn *n* at tenth ``50(n-1)``; at its first
tenth :meth:`Fight.turn_order` rolls initiative (one die per side) and orders the figures
by adjusted DX (ties by a roll-off), and the clock logs ``tft.turn`` and the phases. Every
figure is a simpy process that, each turn, waits for its side's movement window, chooses
its option (:mod:`.choose`), takes its hex steps at the tenths :mod:`.timing` gives,
resolves a dive at the end of movement, and acts at its own slot of the action phase
(:func:`.actions.act`, the handler of its option's word in :data:`.actions.ACTIONS`).
Steps of one tenth follow the documented key (phase, then order of action
or moving order, then sequence) through :func:`timedcombat.turns.at`.

The fight is the :class:`~timedcombat.systems.tft.context.Context` the rule code is
written against; the driver only schedules (these processes are the one place that
waits), rolls the dice (the run's one :class:`~timedcombat.dice.Dice`) and logs; every rule
is a pure function of :mod:`.resolve`, :mod:`.damage`, :mod:`.hth`, :mod:`.grapple`,
:mod:`.movement` and :mod:`.timing`.
"""

from __future__ import annotations

import functools
from collections.abc import Generator
from typing import Any

from timedcombat import events as core
from timedcombat.arena import Arena
from timedcombat.dice import Dice
from timedcombat.hexmap import FACINGS
from timedcombat.log import EventLog
from timedcombat.results import DEAD, DOWN, FLED, HURT, OK, OUT, CombatantResult
from timedcombat.scenario import Scenario
from timedcombat.systems.tft import actions, board, choose, movement, timing
from timedcombat.systems.tft.damage import thresholds
from timedcombat.systems.tft.events import Phase, TftPlaced, Turn
from timedcombat.systems.tft.fighter import Fighter
from timedcombat.systems.tft.movement import DISENGAGED, ENGAGED
from timedcombat.systems.tft.policy import POLICIES
from timedcombat.systems.tft.rules import BASE, TftRules
from timedcombat.turns import PhaseSpec, TimeModel, TurnClock, at

DOWN_STATE = movement.DOWN
MOVE_PHASE, ACTION_PHASE = 0, 1  # the phase part of the same-tenth order key


def time_model(rules: TftRules) -> TimeModel:
    """A turn of 50 tenths: the movement phase (its last tenth is the end of movement),
    then the action phase (``movement_phase_tenths``)."""
    return _time_model(timing.layout(rules))


@functools.lru_cache(maxsize=64)
def _time_model(lay: timing.Layout) -> TimeModel:
    """:func:`time_model` of a layout (a frozen record: made once, every fight shares it)."""
    return TimeModel(lay.turn_tenths, (PhaseSpec(timing.MOVEMENT, 0, lay.movement_tenths),
                                       PhaseSpec(timing.ACTION, lay.action_start,
                                                 lay.action_tenths)))


class Fight(Arena[Fighter]):
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
        self.enlist(Fighter, POLICIES)
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
        self.start_lives(self.life)

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
        adj = {f.id: f.adjusted().total for f in able}
        order = timing.action_order(adj, roll=lambda _fid: self.dice.die(6))
        plan = timing.turn_plan(turn, order.order, self.rules)
        self.sides = moving
        self.windows = timing.movement_windows(moving, self.rules)
        self.slot = dict(plan.actions)
        self.rank = {fid: i for i, fid in enumerate(order.order)}
        by_side = [f.id for s in moving for f in able if f.side == s]
        self.move_rank = {fid: i for i, fid in enumerate(by_side)}
        if not self.logging:  # (the turn record is only counted: its fields not made)
            return list(order.order), {}
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
                actions.end_of_movement_dive(self, f)
            yield at(env, self.slot[f.id], ACTION_PHASE, self.rank[f.id])
            if self.over or not f.able:
                return
            actions.act(self, f)

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
                nxt = board.next_step(self, f, choose.goals(self, f))
                if nxt is None:
                    break
                mode = {DISENGAGED: "step", ENGAGED: "shift",
                        DOWN_STATE: "crawl"}.get(c.state, "step")
                board.step(self, f, nxt, mode)
                if c.state == DISENGAGED and board.engaged_at(self, f, f.at):
                    break
                if c.state == ENGAGED:
                    break  # a shift is one hex
        choose.after_movement(self, f)
        board.face_focus(self, f)


__all__ = ["ACTION_PHASE", "MOVE_PHASE", "Fight", "time_model"]
