"""The checker's rules of the ``percentile`` system (seed 001).

For every rule a hand-made log that keeps it is clean, and the same log changed to break
it is caught with exactly that rule's id, tenth and actor. The logs are written by hand
from the seed's text and the documented timing (phases of 20 tenths; the action that
brings the spending to s of B Combat Actions falls at start + ceil(s x 20 / B) - 1), never
from the engine: the worked example "Captain Plunder vs Derek" figure by figure, and small
fights for what the example does not show (holds, chokes, throws, penalties, armed foes).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timedcombat.check import Violation, check_events
from timedcombat.checks import get_ruleset, systems
from timedcombat.checks.percentile import RULES
from timedcombat.errors import LogFormatError

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT.parent / "shared" / "seeds" / "001_430ac43f0aa8d198.txt"
PARAMS = {"phase_tenths": 20, "victim_pm": 0, "grapples_per_phase": 1, "short_stroke_al": -1,
          "long_stroke_al": 1, "grabbed_round_up": True, "edged_pd_factor": 2, "pd_limit": 100,
          "armed_ca_per_bat": 6, "weapon_parry_ca": 2, "step_ca": 2, "unarmed_reach": 1,
          "hold_first_phase_counts": False, "throw_keeps_grab": True, "footing_die": 2,
          "surprise_phases": 1, "throw_blocked": "stop", "pd_star_knockout_quarter": True}

Line = dict[str, Any]


def E(t: int, event: str, **fields: Any) -> Line:
    return {"t": t, "event": event, **fields}


def placed(actor: str, side: str, at: list[int], **stats: Any) -> Line:
    return E(0, "placed", actor=actor, side=side, at=at, facing="E", stats=stats)


def log(*lines: Line, people: tuple[Line, ...], end: int | None = None,
        rules: dict[str, Any] | None = None, walls: list[list[int]] | None = None
        ) -> list[Line]:
    """``start``, the people, ``lines`` (and ``end`` at tenth ``end``), numbered."""
    start = E(0, "start", system="percentile", seed=0, scenario="hand", until=6000,
              rules=PARAMS if rules is None else rules,
              **({"walls": walls} if walls else {}))
    tail = [E(end, "end", winner=None, reason="until")] if end is not None else []
    out = [start, *people, *lines, *tail]
    return [{"t": e["t"], "seq": i, **{k: v for k, v in e.items() if k != "t"}}
            for i, e in enumerate(copy.deepcopy(out), 1)]


def turn(k: int, order: tuple[str, ...] = ("captain", "derek")) -> list[Line]:
    """Turn k = phase k - 1: its two clock events on its first tenth."""
    t = (k - 1) * 20
    return [E(t, "percentile.turn", turn=k, order=list(order)),
            E(t, "percentile.phase", turn=k, phase="phase", end=t + 20)]


def declare(t: int, actor: str, actions: list[str], costs: list[int], tenths: list[int],
            mal: int, budget: int = 6, base_mal: int | None = None,
            base_budget: int | None = None, penalties: tuple[str, ...] = ()) -> Line:
    return E(t, "percentile.declare", actor=actor, phase=t // 20, mal=mal, budget=budget,
             base_mal=mal if base_mal is None else base_mal,
             base_budget=budget if base_budget is None else base_budget,
             penalties=list(penalties), actions=actions, costs=costs, tenths=tenths)


def strike(t: int, actor: str, target: str, name: str, stroke: str, al: int, dl: int,
           parry: str, strikes: int, parries: int, odds: int, roll: int, result: str,
           limb: str | None = None, **kw: Any) -> Line:
    """A strike as the log contract writes it: the core ``attack`` extended."""
    extra = {"limb": limb} if limb else {}
    core = {"weapon": kw.pop("weapon", name), "total": roll, "against": odds,
            "margin": odds - roll, "simultaneous": False, "dice": "d100"}
    return E(t, "attack", actor=actor, target=target, roll=roll, result=result, **core,
             modifiers={}, strike=name, stroke=stroke, attack_level=al, defense_level=dl,
             parry=parry, strikes=strikes, parries=parries, odds=odds, **extra, **kw)


def grapple(t: int, actor: str, target: str, move: str, mal: int, pm: int, dr: int,
            dmal: int, dpm: int, odds: int, roll: int, result: str, **kw: Any) -> Line:
    return E(t, "percentile.grapple", actor=actor, target=target, move=move,
             attack_level=mal + pm + dr, defense_level=dmal + dpm, odds=odds, roll=roll,
             result=result, mal=mal, pm=pm, dr=dr, defender_mal=dmal, defender_pm=dpm,
             modifiers={}, **kw)


def position(t: int, actor: str, target: str, result: str, pm: int, target_pm: int,
             applied: list[str]) -> Line:
    return E(t, "percentile.position", actor=actor, target=target, result=result, pm=pm,
             target_pm=target_pm, applied=applied)


def hold(t: int, actor: str, target: str, name: str, state: str = "on",
         limb: str | None = None) -> Line:
    extra = {"limb": limb} if limb else {}
    return E(t, "percentile.hold", actor=actor, target=target, hold=name, state=state,
             cause=name if state == "on" else "escape", **extra)


def damage(t: int, actor: str, source: str, pd: int, total: int, star: bool = False,
           **kw: Any) -> Line:
    fields: dict[str, Any] = {"location": "body", "dice": "", "faces": [], "impact": 0,
                              "armor": 0, "halved": False}
    fields.update(kw)
    return E(t, "damage", actor=actor, amount=pd, total=total, body=100, source=source,
             pd=pd, star=star, limit=100, **fields)


def change(events: list[Line], seq: int, **fields: Any) -> list[Line]:
    """A copy of ``events`` with the fields of the event numbered ``seq`` replaced."""
    out = copy.deepcopy(events)
    e = next(e for e in out if e["seq"] == seq)
    e.update(fields)
    return out


def without(events: list[Line], seq: int) -> list[Line]:
    return [copy.deepcopy(e) for e in events if e["seq"] != seq]


def seq_of(events: list[Line], at: int, kind: str, /, **fields: Any) -> int:
    """The ``seq`` of the one event of tenth ``at``, of this kind, with these fields."""
    found = [e["seq"] for e in events if e["t"] == at and e["event"] == kind
             and all(e.get(k) == v for k, v in fields.items())]
    assert len(found) == 1, (at, kind, fields, found)
    return found[0]


def edit(events: list[Line], at: int, kind: str, match: dict[str, Any] | None = None, /,
         **fields: Any) -> list[Line]:
    return change(events, seq_of(events, at, kind, **(match or {})), **fields)


def broken(events: list[Line]) -> set[tuple[str, int, str | None]]:
    return {(v.rule, v.t, v.actor) for v in check_events(events)}


# ---------------------------------------------------------------------- the worked example

CAPTAIN = placed("captain", "red", [0, 0], mal=4, bat=1.0)
DEREK = placed("derek", "blue", [1, 0], mal=3, bat=1.0, mount="warhorse", horseman=3,
               reins=1, fall_recovery=2)


def example() -> list[Line]:
    """"Captain Plunder vs Derek", the seed's figures, at the documented tenths."""
    return log(
        # phase 0: the grab (AL 4 - 2 + 0 = 2 v DL 3: 30 %, 23), ram (1 v 4: 36 %, 47),
        # two punches (AL 3 + WC 2 = 5 v the Captain's 4th level ducks, Full Parry: 18 %)
        *turn(1),
        declare(0, "captain", ["grab", "duck", "duck"], [4, 1, 1], [13, 16, 19], mal=4),
        declare(0, "derek", ["punch", "punch", "ram"], [2, 2, 0], [6, 13, 19], mal=3),
        E(0, "percentile.control", actor="derek", mount="warhorse", horseman=3, free_hands=1,
          per_level=30, chance=90, roll=76, result="success", mount_actions=1),
        strike(6, "derek", "captain", "punch", "normal", 5, 4, "full", 2, 2, 18, 83, "miss",
               limb="right_arm"),
        grapple(13, "captain", "derek", "grab", 4, 0, -2, 3, 0, 30, 23, "success",
                limb="left_arm"),
        position(13, "captain", "derek", "changed", 7, 0, ["captain"]),
        hold(13, "captain", "derek", "grab", limb="left_arm"),
        strike(13, "derek", "captain", "punch", "normal", 5, 4, "full", 2, 2, 18, 45, "miss",
               limb="right_arm"),
        E(19, "percentile.ram", actor="derek", target="captain", mount="warhorse",
          attack_level=1, defense_level=4, odds=36, roll=47, result="miss"),
        # phase 1: control with both hands free (30 %, 67 fails, shies 4 hexes); the
        # escape (3 + 4 + 0 = 7 v 4 + 7 = 11: 22 %, 32) and the drag (4 - 5 + 7 = 6 v 3:
        # 46 %, 34), rolled together; the fall from five feet (100 / 5 x 2 = 40 %, 23)
        *turn(2),
        declare(20, "captain", ["throw"], [4], [33], mal=4),
        declare(20, "derek", ["reins", "escape"], [0, 4], [20, 33], mal=3),
        E(20, "percentile.control", actor="derek", mount="warhorse", horseman=3, free_hands=2,
          per_level=10, chance=30, roll=67, result="failure", mount_actions=0, shy_roll=4),
        grapple(33, "derek", "captain", "escape", 3, 0, 4, 4, 7, 22, 32, "failure"),
        grapple(33, "captain", "derek", "throw", 4, 7, -5, 3, 0, 46, 34, "success",
                kind="non_injuring"),
        position(33, "captain", "derek", "changed", 6, 0, ["captain"]),
        E(33, "percentile.throw", actor="captain", target="derek", kind="non_injuring",
          result="unhurt", hexes=1, on_feet=True, keeps_grab=True, direction="SW", to=[0, 1]),
        E(33, "move", actor="derek", to=[0, 1], mode="thrown"),
        E(33, "percentile.fall", actor="derek", height=5, level=2, chance=40, roll=23,
          result="unhurt"),
        # phase 2: the joint lock (4 - 10 + 6 = 0 v 3: 24 %, 54 fails); the long kick at a
        # Full Parry (AL 3 + 0 + 1 = 4 v 4: 14 %, 11 hits), location 52 (body), 2d6 halved
        # to 1d6, a 6: 18 PD; Knockout Roll 05
        *turn(3),
        declare(40, "captain", ["joint_lock", "duck", "duck"], [4, 1, 1], [53, 56, 59], mal=4),
        declare(40, "derek", ["kick"], [5], [56], mal=3),
        grapple(53, "captain", "derek", "joint_lock", 4, 6, -10, 3, 0, 24, 54, "failure",
                limb="left_arm"),
        position(53, "captain", "derek", "kept", 6, 0, []),
        strike(56, "derek", "captain", "kick", "long", 4, 4, "full", 1, 2, 14, 11, "hit",
               limb="right_leg"),
        damage(56, "captain", "kick", 18, 18, location="body", dice="1d6", base_dice="2d6",
               faces=[6], impact=6, halved=True, by="derek", location_roll=52),
        E(56, "percentile.knockout", actor="captain", pd=18, location="body", chance=18,
          roll=5, result="out"),
        E(56, "state", actor="captain", state="out", value=True),
        people=(CAPTAIN, DEREK), end=56)


def test_the_worked_example_keeps_every_rule() -> None:
    assert broken(example()) == set()


# ---------------------------------------------------------------------- small fights

ANA = placed("ana", "red", [0, 0], mal=5, bat=1.0)
BO = placed("bo", "blue", [1, 0], mal=3, bat=1.0)
DUO = ("ana", "bo")


def duo(*lines: Line, people: tuple[Line, ...] = (ANA, BO), end: int | None = None
        ) -> list[Line]:
    return log(*lines, people=people, end=end)


def grapple_bout() -> list[Line]:
    """ana grabs bo's right arm, joint-locks it over bo's failed escape, and bo escapes
    the lock at the cost of 40 PD* and the arm; then he punches with his left arm."""
    return duo(
        *turn(1, DUO),
        declare(0, "ana", ["grab"], [4], [13], mal=5),
        declare(0, "bo", ["duck"], [1], [3], mal=3),
        grapple(13, "ana", "bo", "grab", 5, 0, -2, 3, 0, 34, 20, "success", limb="right_arm"),
        position(13, "ana", "bo", "changed", 7, 0, ["ana"]),
        hold(13, "ana", "bo", "grab", limb="right_arm"),
        *turn(2, DUO),
        declare(20, "ana", ["joint_lock"], [4], [33], mal=5),
        declare(20, "bo", ["escape"], [4], [33], mal=3),
        grapple(33, "bo", "ana", "escape", 3, 0, 4, 5, 7, 20, 50, "failure"),
        grapple(33, "ana", "bo", "joint_lock", 5, 7, -10, 3, 0, 30, 10, "success",
                limb="right_arm"),
        position(33, "ana", "bo", "changed", 8, 0, ["ana"]),
        hold(33, "ana", "bo", "joint_lock", limb="right_arm"),
        *turn(3, DUO),
        declare(40, "ana", [], [], [], mal=5),
        declare(40, "bo", ["escape"], [4], [53], mal=3),
        grapple(53, "bo", "ana", "escape", 3, 0, 4, 5, 8, 18, 5, "success"),
        damage(53, "bo", "escape", 40, 10, star=True, die=4),
        E(53, "percentile.disabled", actor="bo", limb="right_arm", cause="joint lock escape",
          chance=20, roll=60, permanent=False),
        position(53, "bo", "ana", "changed", 0, 0, ["bo"]),
        hold(53, "ana", "bo", "joint_lock", "off", limb="right_arm"),
        hold(53, "ana", "bo", "grab", "off", limb="right_arm"),
        *turn(4, DUO),
        declare(60, "ana", [], [], [], mal=5),
        declare(60, "bo", ["punch"], [2], [73], mal=-5, budget=3, base_mal=3, base_budget=6,
                penalties=("arm disabled",)),
        strike(73, "bo", "ana", "punch", "normal", -3, 5, "none", 1, 0, 20, 90, "miss",
               limb="left_arm"),
        end=73)


def choke_bout(*more: Line) -> list[Line]:
    """ana's choke (AL 5 - 8 = -3 v 3: 18 %) held two phases over bo's failed escapes:
    10 then 30 PD (10 x N x N), out after the second phase."""
    return duo(
        *turn(1, DUO),
        declare(0, "ana", ["choke"], [4], [13], mal=5),
        declare(0, "bo", [], [], [], mal=3),
        grapple(13, "ana", "bo", "choke", 5, 0, -8, 3, 0, 18, 10, "success"),
        position(13, "ana", "bo", "changed", 6, 0, ["ana"]),
        hold(13, "ana", "bo", "choke"),
        *turn(2, DUO),
        declare(20, "ana", [], [], [], mal=5),
        declare(20, "bo", ["escape"], [4], [33], mal=3),
        grapple(33, "bo", "ana", "escape", 3, 0, 4, 5, 6, 22, 40, "failure"),
        position(33, "bo", "ana", "kept", 0, 6, []),
        E(39, "percentile.hold_phase", actor="ana", target="bo", hold="choke", phases=1,
          pd=10, total=10, knocked_out=False),
        damage(39, "bo", "choke", 10, 10, by="ana"),
        *turn(3, DUO),
        declare(40, "ana", [], [], [], mal=5),
        declare(40, "bo", ["escape"], [4], [53], mal=3),
        grapple(53, "bo", "ana", "escape", 3, 0, 4, 5, 6, 22, 80, "failure"),
        position(53, "bo", "ana", "kept", 0, 6, []),
        E(59, "percentile.hold_phase", actor="ana", target="bo", hold="choke", phases=2,
          pd=30, total=40, knocked_out=True),
        damage(59, "bo", "choke", 30, 40, by="ana"),
        E(59, "state", actor="bo", state="out", value=True),
        *more,
        end=more[-1]["t"] if more else 59)


def throw_bout(bo_phase_1: tuple[list[str], list[int], list[int]] = (["duck"], [1], [23]),
               *more: Line) -> list[Line]:
    """ana throws bo (AL 5 - 5 = 0 v 3: 24 %) east; he misses his roll-out (10 x 3 = 30 %,
    50), takes 30 PD* and is down two phases (1d2: 2), standing at 60."""
    acts, costs, tenths = bo_phase_1
    return duo(
        *turn(1, DUO),
        declare(0, "ana", ["throw"], [4], [13], mal=5),
        declare(0, "bo", [], [], [], mal=3),
        grapple(13, "ana", "bo", "throw", 5, 0, -5, 3, 0, 24, 10, "success",
                kind="non_injuring"),
        position(13, "ana", "bo", "changed", 6, 0, ["ana"]),
        E(13, "percentile.throw", actor="ana", target="bo", kind="non_injuring",
          result="thrown", hexes=1, on_feet=False, keeps_grab=False, direction="E", to=[2, 0],
          rollout_chance=30, roll=50),
        E(13, "move", actor="bo", to=[2, 0], mode="thrown"),
        damage(13, "bo", "throw", 30, 7, star=True, by="ana"),
        E(13, "percentile.footing", actor="bo", dice="1d2", roll=2, phases=2, until=60),
        *turn(2, DUO),
        declare(20, "ana", [], [], [], mal=5),
        declare(20, "bo", acts, costs, tenths, mal=3),
        *more,
        end=more[-1]["t"] if more else 20)


BO_QUICK = placed("bo", "blue", [1, 0], mal=3, bat=2.0)  # 12 Combat Actions a phase


def lock_escapes(second: dict[str, Any] | None = None, first_roll: bool = True
                 ) -> list[Line]:
    """ana joint-locks bo's right arm; bo (BAT 2: 12 Combat Actions, 9 with the arm
    disabled) fails to escape twice: 40 PD* and the arm disabled, its permanence rolled
    (60: not permanent); then 20 PD* and the arm disabled again, nothing rolled.
    ``second``: fields of the second ``percentile.disabled`` replaced."""
    first = {"chance": 20, "roll": 60} if first_roll else {}
    return duo(
        *turn(1, DUO),
        declare(0, "ana", ["joint_lock"], [4], [13], mal=5),
        declare(0, "bo", [], [], [], mal=3, budget=12),
        grapple(13, "ana", "bo", "joint_lock", 5, 0, -10, 3, 0, 14, 10, "success",
                limb="right_arm"),
        position(13, "ana", "bo", "changed", 8, 0, ["ana"]),
        hold(13, "ana", "bo", "joint_lock", limb="right_arm"),
        *turn(2, DUO),
        declare(20, "ana", [], [], [], mal=5),
        declare(20, "bo", ["escape"], [4], [26], mal=3, budget=12),
        grapple(26, "bo", "ana", "escape", 3, 0, 4, 5, 8, 18, 50, "failure"),
        position(26, "bo", "ana", "kept", 0, 8, []),
        E(26, "percentile.disabled", actor="bo", limb="right_arm", cause="joint_lock_escape",
          permanent=False, **first),
        damage(26, "bo", "joint_lock_escape", 40, 10, star=True, die=4, location="right_arm",
               by="ana"),
        *turn(3, DUO),
        declare(40, "ana", [], [], [], mal=5),
        declare(40, "bo", ["escape"], [4], [48], mal=-5, budget=9, base_mal=3,
                base_budget=12, penalties=("arm disabled",)),
        grapple(48, "bo", "ana", "escape", -5, 0, 4, 5, 8, 2, 90, "failure"),
        position(48, "bo", "ana", "kept", 0, 8, []),
        E(48, "percentile.disabled", actor="bo", limb="right_arm", cause="joint_lock_escape",
          **{"permanent": False, **(second or {})}),
        damage(48, "bo", "joint_lock_escape", 20, 15, star=True, die=2, location="right_arm",
               by="ana"),
        people=(ANA, BO_QUICK), end=48)


def held(move: str, late: bool, **extra: Any) -> list[Line]:
    """ana's joint lock or pin on bo at 13; bo's second punch before it or after it."""
    dr, odds = (-10, 14) if move == "joint_lock" else (-6, 22)
    punch = strike(13, "bo", "ana", "punch", "normal", 5, 5, "none", 2, 0, 48, 70, "miss",
                   limb="left_arm")
    on = [grapple(13, "ana", "bo", move, 5, 0, dr, 3, 0, odds, 10, "success", **extra),
          position(13, "ana", "bo", "changed", 8, 0, ["ana"]),
          hold(13, "ana", "bo", move, **({"limb": extra["limb"]} if "limb" in extra else {}))]
    return duo(
        *turn(1, DUO),
        declare(0, "ana", [move], [4], [13], mal=5),
        declare(0, "bo", ["punch", "punch"], [2, 2], [6, 13], mal=3),
        strike(6, "bo", "ana", "punch", "normal", 5, 5, "none", 2, 0, 48, 60, "miss",
               limb="left_arm"),
        *([*on, punch] if late else [punch, *on]))


def one_phase(ana: Line, bo: Line, *lines: Line, people: tuple[Line, ...] = (ANA, BO)
              ) -> list[Line]:
    return duo(*turn(1, DUO), ana, bo, *lines, people=people)


# ---------------------------------------------------------------------- the cases

Where = set[tuple[int, str | None]]
Case = tuple[list[Line], list[Line], Where]


def case_phase_length() -> Case:
    ex = example()
    return ex, edit(ex, 20, "percentile.phase", end=41), {(20, None)}


def case_phase_order() -> Case:
    ex = example()
    return ex, edit(ex, 40, "percentile.turn", turn=4), {(40, None)}


def case_phase_inside() -> Case:
    ex = example()
    late = [e for e in ex if e["t"] < 20] + \
        [E(20, "state", actor="derek", state="mounted", value=False)] + \
        [e for e in ex if e["t"] >= 20]
    late = [{**e, "seq": i} for i, e in enumerate(late, 1)]
    return ex, late, {(20, "derek")}


def case_declare() -> Case:
    ex = example()
    return ex, edit(ex, 20, "percentile.declare", {"actor": "derek"}, phase=2), {(20, "derek")}


def case_ca_bat() -> Case:
    def fight(budget: int) -> list[Line]:
        ana = placed("ana", "red", [0, 0], mal=5, bat=1.5)  # 6 x 1.5 = 9
        return one_phase(declare(0, "ana", ["duck"], [1], [2], mal=5, budget=budget),
                         declare(0, "bo", [], [], [], mal=3), people=(ana, BO))
    return fight(9), fight(8), {(0, "ana")}


def case_ca_cost() -> Case:
    def fight(cost: int, at: int) -> list[Line]:  # a short punch costs 1
        return one_phase(declare(0, "ana", ["punch"], [cost], [at], mal=5),
                         declare(0, "bo", [], [], [], mal=3),
                         strike(at, "ana", "bo", "punch", "short", 6, 3, "none", 1, 0, 60, 70,
                                "miss"))
    return fight(1, 3), fight(2, 6), {(0, "ana")}


def case_ca_budget() -> Case:
    def fight(*kicks: int) -> list[Line]:
        return one_phase(declare(0, "ana", ["kick"] * len(kicks), [5] * len(kicks),
                                 list(kicks), mal=5),
                         declare(0, "bo", [], [], [], mal=3))
    return fight(16), fight(16, 19), {(0, "ana")}


def case_ca_tenths() -> Case:
    ex = example()
    return ex, edit(ex, 0, "percentile.declare", {"actor": "captain"},
                    tenths=[13, 16, 18]), {(0, "captain")}


def case_action_tenth() -> Case:
    ex = example()
    return ex, edit(ex, 6, "attack", t=7), {(7, "derek")}


def case_penalty() -> Case:
    def fight(mal: int) -> list[Line]:
        ana = placed("ana", "red", [0, 0], mal=5, bat=1.0, shield=True)
        return one_phase(declare(0, "ana", [], [], [], mal=mal, budget=4, base_mal=5,
                                 base_budget=6, penalties=("strapped in shield",)),
                         declare(0, "bo", [], [], [], mal=3), people=(ana, BO))
    return fight(2), fight(3), {(0, "ana")}


def case_penalty_when() -> Case:
    def fight(still: bool) -> list[Line]:
        ana = placed("ana", "red", [0, 0], mal=5, bat=1.0, surprised="rear")
        rear = dict(mal=-10, budget=2, base_mal=5, base_budget=6,
                    penalties=("surprised, attack from rear",))
        return duo(*turn(1, DUO), declare(0, "ana", [], [], [], **rear),  # type: ignore[arg-type]
                   declare(0, "bo", [], [], [], mal=3), *turn(2, DUO),
                   declare(20, "ana", [], [], [], **rear) if still  # type: ignore[arg-type]
                   else declare(20, "ana", [], [], [], mal=5),
                   declare(20, "bo", [], [], [], mal=3), people=(ana, BO))
    return fight(False), fight(True), {(20, "ana")}


def case_strike_count() -> Case:
    ex = example()
    return ex, edit(ex, 6, "attack", strikes=3, parry="half", odds=36), \
        {(6, "derek")}


def case_strike_parry() -> Case:
    ex = example()
    return ex, edit(ex, 6, "attack", parry="half", odds=36), {(6, "derek")}


def case_strike_al() -> Case:
    ex = example()
    return ex, edit(ex, 56, "attack", attack_level=5, odds=18), {(56, "derek")}


def case_strike_dl() -> Case:
    ex = example()
    return ex, edit(ex, 56, "attack", defense_level=3, odds=18), {(56, "derek")}


def case_strike_odds() -> Case:
    ex = example()
    return ex, edit(ex, 56, "attack", odds=15), {(56, "derek")}


def case_armed_block() -> Case:
    """bo's sword at ana two hexes off: her block cannot count, she declared no duck."""
    def fight(parries: int) -> list[Line]:
        bo = placed("bo", "blue", [2, 0], mal=3, bat=1.0, weapon="sword", skill=3)
        parry = "full" if parries else "none"
        return one_phase(declare(0, "ana", ["block"], [3], [9], mal=5),
                         declare(0, "bo", ["blow"], [3], [9], mal=3),
                         strike(9, "bo", "ana", "blow", "normal", 5, 5, parry, 1, parries,
                                14 if parries else 48, 60, "miss", weapon="sword"),
                         people=(ANA, bo))
    return fight(0), fight(1), {(9, "bo")}


def case_grabbed_limb() -> Case:
    ex = example()
    return ex, edit(ex, 13, "attack", limb="left_arm"), {(13, "derek")}


def case_disabled_limb() -> Case:
    g = grapple_bout()  # bo's right arm was disabled at 53; he punches with his left
    return g, edit(g, 73, "attack", limb="right_arm"), {(73, "bo")}


def case_reach() -> Case:
    def fight(at: list[int]) -> list[Line]:
        bo = placed("bo", "blue", at, mal=3, bat=1.0)
        return one_phase(declare(0, "ana", ["punch"], [1], [3], mal=5),
                         declare(0, "bo", [], [], [], mal=3),
                         strike(3, "ana", "bo", "punch", "short", 6, 3, "none", 1, 0, 60, 70,
                                "miss", limb="right_arm"), people=(ANA, bo))
    return fight([1, 0]), fight([2, 0]), {(3, "ana")}


def case_grabbed_damage() -> Case:
    ex = example()
    return ex, edit(ex, 56, "damage", halved=False, dice="2d6", faces=[3, 3]), \
        {(56, "captain")}


def case_impact() -> Case:
    ex = example()
    return ex, edit(ex, 56, "damage", faces=[7]), {(56, "captain")}


def case_blunt() -> Case:
    ex = example()
    return ex, edit(ex, 56, "damage", location_roll=25), {(56, "captain")}


def case_knockout() -> Case:
    ex = example()
    return ex, edit(ex, 56, "percentile.knockout", chance=20), {(56, "captain")}


def case_damage_total() -> Case:
    ex = example()
    return ex, edit(ex, 56, "damage", total=17), {(56, "captain")}


def case_grapple_levels() -> Case:
    ex = example()
    return ex, edit(ex, 13, "percentile.grapple", attack_level=3, odds=34), {(13, "captain")}


def case_grapple_dr() -> Case:
    ex = example()
    return ex, edit(ex, 13, "percentile.grapple", dr=-3, attack_level=1, odds=27), \
        {(13, "captain")}


def case_grapple_pm() -> Case:
    ex = example()
    bad = edit(ex, 53, "percentile.grapple", pm=7, attack_level=1, odds=27)
    return ex, edit(bad, 53, "percentile.position", pm=7), {(53, "captain")}


def case_grapple_odds() -> Case:
    ex = example()
    return ex, edit(ex, 33, "percentile.grapple", {"actor": "derek"}, odds=23), {(33, "derek")}


def case_grapple_one() -> Case:
    """ana (BAT 2: 12 CA) grabs bo's left arm at 6, and tries his right arm at 13."""
    ana = placed("ana", "red", [0, 0], mal=5, bat=2.0)

    def fight(twice: bool) -> list[Line]:
        second = [grapple(13, "ana", "bo", "grab", 5, 0, -2, 3, 0, 34, 50, "failure",
                          limb="right_arm"),
                  position(13, "ana", "bo", "kept", 0, 0, [])] if twice else []
        return one_phase(declare(0, "ana", ["grab"] * (1 + twice), [4] * (1 + twice),
                                 [6, 13][:1 + twice], mal=5, budget=12),
                         declare(0, "bo", [], [], [], mal=3),
                         grapple(6, "ana", "bo", "grab", 5, 0, -2, 3, 0, 34, 10, "success",
                                 limb="left_arm"),
                         position(6, "ana", "bo", "changed", 7, 0, ["ana"]),
                         hold(6, "ana", "bo", "grab", limb="left_arm"),
                         *second, people=(ana, BO))
    return fight(False), fight(True), {(13, "ana")}


def case_grapple_together() -> Case:
    ex = example()
    return ex, without(ex, seq_of(ex, 33, "percentile.position")), \
        {(33, "derek"), (33, "captain")}


def case_position() -> Case:
    ex = example()
    return ex, edit(ex, 13, "percentile.position", result="kept"), {(13, "captain")}


def case_position_pm() -> Case:
    ex = example()
    return ex, edit(ex, 53, "percentile.position", target_pm=1), {(53, "captain")}


def case_hold_on() -> Case:
    g = grapple_bout()
    return g, without(g, seq_of(g, 13, "percentile.hold")), {(13, "ana")}


def case_escape_frees() -> Case:
    g = grapple_bout()
    return g, without(g, seq_of(g, 53, "percentile.hold", hold="grab")), {(53, "bo")}


def case_joint_lock_held() -> Case:
    g = grapple_bout()
    bad = edit(g, 53, "percentile.grapple", roll=50, result="failure")
    bad = edit(bad, 53, "percentile.position", result="kept", pm=0, target_pm=8, applied=[])
    return g, bad, {(53, "ana")}


def case_lock_only_escape() -> Case:
    return held("joint_lock", False, limb="right_arm"), held("joint_lock", True,
                                                             limb="right_arm"), {(13, "bo")}


def case_pin_only_escape() -> Case:
    return held("pin", False, kind="all_limbs"), held("pin", True, kind="all_limbs"), \
        {(13, "bo")}


def case_joint_escape() -> Case:
    g = grapple_bout()
    return g, edit(g, 53, "damage", pd=45, total=11), {(53, "bo")}


def case_permanent_once() -> Case:
    return lock_escapes(), lock_escapes({"chance": 20, "roll": 10, "permanent": True}), \
        {(48, "bo")}


def case_no_disabling() -> Case:
    c = choke_bout()
    bad = c[:-4] + [E(53, "percentile.disabled", actor="bo", limb="left_arm",
                      cause="escape", chance=20, roll=70, permanent=False)] + c[-4:]
    return c, [{**e, "seq": i} for i, e in enumerate(bad, 1)], {(53, "bo")}


def case_hold_damage() -> Case:
    c = choke_bout()
    return c, edit(c, 59, "percentile.hold_phase", total=50), {(59, "ana")}


def case_hold_knockout() -> Case:
    c = choke_bout()
    return c, edit(c, 59, "percentile.hold_phase", knocked_out=False), {(59, "ana")}


def case_throw_rollout() -> Case:
    t = throw_bout()
    return t, edit(t, 13, "percentile.throw", rollout_chance=40), {(13, "ana")}


def case_throw_damage() -> Case:
    t = throw_bout()
    return t, edit(t, 13, "damage", pd=40, total=10), {(13, "ana")}


def case_throw_hex() -> Case:
    t = throw_bout()
    bad = edit(t, 13, "percentile.throw", to=[1, 1])
    return t, edit(bad, 13, "move", to=[1, 1]), {(13, "ana")}


def case_footing() -> Case:
    t = throw_bout()
    return t, edit(t, 13, "percentile.footing", until=40), {(13, "bo")}


def case_footing_down() -> Case:
    step = E(22, "move", actor="ana", to=[1, 0], mode="step")  # (bo within her reach)
    punch = strike(26, "bo", "ana", "punch", "normal", 5, 5, "none", 1, 0, 48, 70, "miss")
    return throw_bout((["duck"], [1], [23]), step), \
        throw_bout((["punch"], [2], [26]), step, punch), {(26, "bo")}


def _stands(at: int) -> list[Line]:
    """throw_bout (bo down until 60) on to phase 3, bo on his feet at ``at``."""
    up = E(at, "state", actor="bo", state="down", value=False, cause="footing")
    rest = [*turn(3, DUO), declare(40, "ana", [], [], [], mal=5),
            declare(40, "bo", [], [], [], mal=3), *turn(4, DUO)]
    rest.insert(4 if at < 60 else len(rest), up)  # (after his declaration of phase 2)
    return throw_bout((["duck"], [1], [23]), *rest, declare(60, "ana", [], [], [], mal=5),
                      declare(60, "bo", ["duck"], [1], [63], mal=3))


def case_footing_stand() -> Case:
    return _stands(60), _stands(40), {(40, "bo")}


def case_control() -> Case:
    ex = example()
    return ex, edit(ex, 20, "percentile.control", chance=31), {(20, "derek")}


def case_ram() -> Case:
    ex = example()
    return ex, edit(ex, 19, "percentile.ram", attack_level=2, odds=40), {(19, "derek")}


def case_fall() -> Case:
    ex = example()
    return ex, edit(ex, 33, "percentile.fall", chance=45), {(33, "derek")}


def case_roll() -> Case:
    ex = example()
    return ex, edit(ex, 13, "percentile.grapple", roll=31), {(13, "captain")}


def case_out() -> Case:
    return choke_bout(*turn(4, DUO), declare(60, "bo", [], [], [], mal=3)), \
        choke_bout(*turn(4, DUO), declare(60, "bo", ["escape"], [4], [73], mal=3)), \
        {(60, "bo")}


CASES: dict[str, Callable[[], Case]] = {
    "P-PHASE-LENGTH": case_phase_length, "P-PHASE-ORDER": case_phase_order,
    "P-PHASE-INSIDE": case_phase_inside, "P-DECLARE": case_declare, "P-CA-BAT": case_ca_bat,
    "P-CA-COST": case_ca_cost, "P-CA-BUDGET": case_ca_budget, "P-CA-TENTHS": case_ca_tenths,
    "P-ACTION-TENTH": case_action_tenth, "P-PENALTY": case_penalty,
    "P-PENALTY-WHEN": case_penalty_when, "P-STRIKE-COUNT": case_strike_count,
    "P-STRIKE-PARRY": case_strike_parry, "P-STRIKE-AL": case_strike_al,
    "P-STRIKE-DL": case_strike_dl, "P-STRIKE-ODDS": case_strike_odds,
    "P-ARMED-BLOCK": case_armed_block, "P-GRABBED-LIMB": case_grabbed_limb,
    "P-DISABLED-LIMB": case_disabled_limb, "P-REACH": case_reach,
    "P-GRABBED-DAMAGE": case_grabbed_damage, "P-IMPACT": case_impact, "P-BLUNT": case_blunt,
    "P-KNOCKOUT": case_knockout, "P-DAMAGE-TOTAL": case_damage_total,
    "P-GRAPPLE-LEVELS": case_grapple_levels, "P-GRAPPLE-DR": case_grapple_dr,
    "P-GRAPPLE-PM": case_grapple_pm, "P-GRAPPLE-ODDS": case_grapple_odds,
    "P-GRAPPLE-ONE": case_grapple_one, "P-GRAPPLE-TOGETHER": case_grapple_together,
    "P-POSITION": case_position, "P-POSITION-PM": case_position_pm, "P-HOLD-ON": case_hold_on,
    "P-ESCAPE-FREES": case_escape_frees, "P-JOINT-LOCK-HELD": case_joint_lock_held,
    "P-LOCK-ONLY-ESCAPE": case_lock_only_escape, "P-PIN-ONLY-ESCAPE": case_pin_only_escape,
    "P-JOINT-ESCAPE": case_joint_escape, "P-PERMANENT-ONCE": case_permanent_once,
    "P-NO-DISABLING": case_no_disabling,
    "P-HOLD-DAMAGE": case_hold_damage, "P-HOLD-KNOCKOUT": case_hold_knockout,
    "P-THROW-ROLLOUT": case_throw_rollout, "P-THROW-DAMAGE": case_throw_damage,
    "P-THROW-HEX": case_throw_hex, "P-FOOTING": case_footing,
    "P-FOOTING-DOWN": case_footing_down, "P-FOOTING-STAND": case_footing_stand,
    "P-CONTROL": case_control, "P-RAM": case_ram,
    "P-FALL": case_fall, "P-ROLL": case_roll, "P-OUT": case_out,
}


def test_every_rule_has_a_keeping_and_a_breaking_log() -> None:
    assert set(CASES) == {r.id for r in RULES}


@pytest.mark.parametrize("rule", list(CASES))
def test_each_rule_catches_a_log_that_breaks_it(rule: str) -> None:
    good, bad, where = CASES[rule]()
    assert broken(good) == set()
    assert broken(bad) == {(rule, t, actor) for t, actor in where}


# ---------------------------------------------------------------------- more ways to break


def test_an_action_running_past_its_phase_is_caught() -> None:
    ex = example()
    ex.insert(5, {"t": 0, "seq": 0, "event": "action", "actor": "derek", "name": "punch",
                  "end": 20})
    ex = [{**e, "seq": i} for i, e in enumerate(ex, 1)]
    assert broken(ex) == {("P-PHASE-INSIDE", 0, "derek")}


def test_a_footing_die_other_than_a_d2_still_gives_1_to_2_phases() -> None:
    # "it takes 1 to 2 phases to regain footing": a d3's 3 is 2 phases, never 3
    t = throw_bout()
    assert t[0]["event"] == "start"
    t[0]["rules"] = {**PARAMS, "footing_die": 3}
    good = edit(t, 13, "percentile.footing", dice="1d3", roll=3, phases=2, until=60)
    assert broken(good) == set()
    bad = edit(t, 13, "percentile.footing", dice="1d3", roll=3, phases=3, until=80)
    assert broken(bad) == {("P-FOOTING", 13, "bo")}
    low = edit(t, 13, "percentile.footing", dice="1d3", roll=2, phases=2, until=60)
    assert broken(low) == {("P-FOOTING", 13, "bo")}


def test_the_control_figure_a_level_is_the_action_reaction_tables() -> None:
    # "with one hand free, he has a 30 x 3 = 90%", "both hands free ... 10 x 3 = 30%"
    ex = example()
    assert broken(edit(ex, 0, "percentile.control", per_level=10)) == {("P-CONTROL", 0, "derek")}
    assert broken(edit(ex, 20, "percentile.control", per_level=30)) == {
        ("P-CONTROL", 20, "derek")}


def test_the_dice_before_halving_are_the_strokes_own() -> None:
    # "A long stroke kick would do two six sided dice Impact": 2d6 before halving, not 1d6
    ex = example()
    assert broken(edit(ex, 56, "damage", base_dice="1d6")) == {("P-IMPACT", 56, "captain")}
    assert broken(edit(ex, 56, "damage", base_dice="3d6")) == {("P-IMPACT", 56, "captain")}


def test_a_roll_must_be_00_to_99() -> None:
    ex = example()
    assert broken(edit(ex, 6, "attack", roll=100)) == {("P-ROLL", 6, "derek")}
    assert broken(edit(ex, 56, "damage", location_roll=-1)) == {
        ("P-ROLL", 56, "captain")}


def test_a_knockout_roll_follows_a_hit_that_does_pd() -> None:
    ex = example()
    assert broken(without(ex, seq_of(ex, 56, "percentile.knockout"))) == {
        ("P-KNOCKOUT", 56, "captain")}


def test_a_ram_after_a_failed_control_roll_is_caught() -> None:
    ex = example()
    bad = edit(ex, 0, "percentile.control", roll=95, result="failure", mount_actions=0,
               shy_roll=3)
    assert broken(bad) == {("P-RAM", 19, "derek")}


def test_a_strike_nobody_declared_is_caught() -> None:
    ex = example()
    bad = without(ex, seq_of(ex, 40, "percentile.declare", actor="derek"))
    assert ("P-ACTION-TENTH", 56, "derek") in broken(bad)


def test_a_duck_against_an_armed_foe_costs_three() -> None:
    bo = placed("bo", "blue", [1, 0], mal=3, bat=1.0, weapon="sword", skill=3)

    def fight(cost: int, at: int) -> list[Line]:
        return one_phase(declare(0, "ana", ["duck"], [cost], [at], mal=5),
                         declare(0, "bo", [], [], [], mal=3), people=(ANA, bo))
    assert broken(fight(3, 9)) == set()
    assert broken(fight(1, 3)) == {("P-CA-COST", 0, "ana")}


def test_a_limb_disabled_by_a_joint_lock_is_a_penalty_from_the_next_phase() -> None:
    g = grapple_bout()
    assert broken(edit(g, 60, "percentile.declare", {"actor": "bo"}, penalties=[])) == {
        ("P-PENALTY", 60, "bo"), ("P-PENALTY-WHEN", 60, "bo")}


def test_moves_on_each_other_are_rolled_on_one_tenth() -> None:
    ex = example()
    bad = edit(ex, 33, "percentile.grapple", {"actor": "captain"}, t=34)
    bad = [e if e["seq"] <= seq_of(bad, 34, "percentile.grapple") else {**e, "t": max(e["t"], 34)}
           for e in bad]
    assert ("P-GRAPPLE-TOGETHER", 34, "captain") in broken(bad)


def test_a_choke_tick_missing_at_a_phase_end_is_caught() -> None:
    c = choke_bout()
    bad = without(c, seq_of(c, 39, "percentile.hold_phase"))
    bad = without(bad, seq_of(bad, 39, "damage"))
    found = check_events(bad)
    assert [(v.rule, v.t, v.actor) for v in found] == [
        ("P-HOLD-DAMAGE", 39, "ana"), ("P-DAMAGE-TOTAL", 59, "bo")]
    assert found[0].seq is None  # a missing event: no line to point at


def test_the_first_phase_of_a_hold_counts_when_the_rules_say_so() -> None:
    c = choke_bout()
    c[0]["rules"] = {**PARAMS, "hold_first_phase_counts": True}
    assert {("P-HOLD-DAMAGE", 19, "ana"), ("P-HOLD-DAMAGE", 39, "ana")} <= broken(c)


def test_victim_pm_is_a_parameter() -> None:
    ex = example()
    ex[0]["rules"] = {**PARAMS, "victim_pm": 1}
    assert {("P-POSITION-PM", 13, "captain"), ("P-POSITION-PM", 33, "captain")} <= broken(ex)


def test_a_throw_rolled_out_of_goes_three_hexes_and_does_no_damage() -> None:
    def fight(hexes: int, to: list[int], hurt: bool) -> list[Line]:
        t = throw_bout()
        t = edit(t, 13, "percentile.throw", result="rolled_out", hexes=hexes, on_feet=True,
                 to=to, roll=25)
        t = edit(t, 13, "move", to=to)
        t = without(t, seq_of(t, 13, "percentile.footing"))
        return t if hurt else without(t, seq_of(t, 13, "damage"))
    assert broken(fight(3, [4, 0], False)) == set()
    # one hex with nothing in his way: short of the three (P-THROW-HEX, the way)
    assert broken(fight(1, [2, 0], False)) == {("P-THROW-HEX", 13, "ana")}
    assert broken(fight(4, [5, 0], False)) == {("P-THROW-ROLLOUT", 13, "ana")}
    assert broken(fight(3, [4, 0], True)) == {("P-THROW-ROLLOUT", 13, "ana")}


def _thrown(direction: str = "E", to: list[int] | None = None, hexes: int = 1,
            moved: list[int] | None = None, result: str = "thrown",
            walls: list[list[int]] | None = None, people: tuple[Line, ...] = (ANA, BO),
            rules: dict[str, Any] | None = None) -> list[Line]:
    """throw_bout's throw, ``direction`` and where it lands changed: ``to`` (the throw
    event) and ``moved`` (bo's ``move``; none when he stays on [1, 0])."""
    t = throw_bout()
    to = [2, 0] if to is None else to
    moved = to if moved is None else moved
    t = edit(t, 13, "percentile.throw", direction=direction, to=to, hexes=hexes,
             result=result, on_feet=result != "thrown", roll=25 if result != "thrown" else 50)
    if result != "thrown":
        t = without(t, seq_of(t, 13, "percentile.footing"))
        t = without(t, seq_of(t, 13, "damage"))
    t = edit(t, 13, "move", to=moved) if moved != [1, 0] else without(t, seq_of(t, 13, "move"))
    start = {**t[0], "rules": {**PARAMS, **(rules or {})}}
    if walls:
        start["walls"] = walls
    rest = [e for e in t[1:] if e["event"] != "placed"]
    return [{**e, "seq": i} for i, e in enumerate([start, *people, *rest], 1)]


def test_a_throw_stops_before_a_wall_or_a_figure_and_says_how_far_he_really_went() -> None:
    """"thrown one hex in a direction chosen by the attacker" / "he moves 3 hexes in the
    direction of the Throw": the documented reading (throw_blocked stop) for what the text
    leaves open, a wall or a figure in the way: he stops before it, the log saying the
    hexes he really moved."""
    wall = [[2, 0]]
    assert broken(_thrown(to=[1, 0], hexes=0, walls=wall)) == set()
    # thrown through the wall, or not moved with nothing in the way
    assert broken(_thrown(walls=wall)) == {("P-THROW-HEX", 13, "ana")}
    assert broken(_thrown(to=[1, 0], hexes=0)) == {("P-THROW-HEX", 13, "ana")}
    # rolled out: 3 hexes, or up to the figure (cy, ana's side, 3 hexes E of bo)
    cy = placed("cy", "red", [4, 0], mal=1, bat=1.0)
    far = {"to": [3, 0], "hexes": 2, "result": "rolled_out"}
    assert broken(_thrown(**far, people=(ANA, BO, cy))) == set()
    assert broken(_thrown(**far)) == {("P-THROW-HEX", 13, "ana")}
    assert broken(_thrown(to=[4, 0], hexes=3, result="rolled_out")) == set()
    assert broken(_thrown(to=[4, 0], hexes=3, result="rolled_out", people=(ANA, BO, cy))) \
        == {("P-THROW-HEX", 13, "ana")}


def test_a_throw_goes_where_its_move_takes_him() -> None:
    """A rolled-out throw logged with 3 hexes whose ``move`` takes the man 1 hex (or one
    that moves him at all when it says he stayed) is caught."""
    assert broken(_thrown(to=[4, 0], hexes=3, result="rolled_out", moved=[2, 0])) == \
        {("P-THROW-HEX", 13, "ana")}
    assert broken(_thrown(to=[1, 0], hexes=0, walls=[[2, 0]], moved=[1, 1])) == \
        {("P-THROW-HEX", 13, "ana")}


def test_no_throw_goes_into_the_throwers_own_hex() -> None:
    assert broken(_thrown("NE", to=[2, -1])) == set()
    assert broken(_thrown("W", to=[0, 0], moved=[1, 0])) == {("P-THROW-HEX", 13, "ana")}


def test_with_throw_blocked_redirect_a_blocked_first_hex_is_no_direction() -> None:
    rules = {"throw_blocked": "redirect"}
    wall = [[2, 0]]
    assert broken(_thrown("NE", to=[2, -1], walls=wall, rules=rules)) == set()
    assert broken(_thrown(to=[1, 0], hexes=0, walls=wall, rules=rules)) == \
        {("P-THROW-HEX", 13, "ana")}
    assert broken(_thrown(to=[1, 0], hexes=0, walls=wall)) == set()  # (stop: allowed)


def test_a_limb_has_its_chance_to_stay_useless_once() -> None:
    """"Limbs disabled by Joint Locks have a 20% chance of becoming permanently useless":
    one chance a limb, the first time; a limb logged permanently useless and later not
    (or rolled again) is caught, and so is a first disabling without its roll."""
    assert broken(lock_escapes()) == set()
    assert broken(lock_escapes({"permanent": True})) == {("P-PERMANENT-ONCE", 48, "bo")}
    assert broken(lock_escapes({"chance": 20, "roll": 70})) == \
        {("P-PERMANENT-ONCE", 48, "bo")}
    assert broken(lock_escapes(first_roll=False)) == {("P-PERMANENT-ONCE", 26, "bo")}
    once = edit(lock_escapes(), 26, "percentile.disabled", roll=5, permanent=True)
    assert broken(once) == {("P-PERMANENT-ONCE", 48, "bo")}  # then "not permanently"
    assert broken(edit(once, 48, "percentile.disabled", permanent=True)) == set()


def test_a_non_injuring_throws_knockout_roll_counts_its_pd_star_a_quarter() -> None:
    """"(30) PD* from a Non-injuring Throw" / "The PD* indicates that this damage is divided
    by four when determining the chance of survival": the Knockout Roll after the throw's
    30 PD* has the chance of 7.5 PD at the body, 7 (the documented reading,
    pd_star_knockout_quarter; false: the full 30)."""
    def fight(chance: int, quarter: bool = True, star: bool | None = True) -> list[Line]:
        t = throw_bout()
        ko = E(13, "percentile.knockout", actor="bo", pd=30, location="body", chance=chance,
               roll=50, result="up", **({} if star is None else {"star": star}))
        at = seq_of(t, 13, "damage")
        t = [*t[:at], {**ko, "seq": 0}, *t[at:]]
        t[0] = {**t[0], "rules": {**PARAMS, "pd_star_knockout_quarter": quarter}}
        return [{**e, "seq": i} for i, e in enumerate(t, 1)]
    assert broken(fight(7)) == set()
    assert broken(fight(7, star=None)) == set()  # (the damage says PD*)
    assert broken(fight(30)) == {("P-KNOCKOUT", 13, "bo")}
    assert broken(fight(30, quarter=False)) == set()
    assert broken(fight(7, quarter=False)) == {("P-KNOCKOUT", 13, "bo")}
    assert broken(fight(30, star=False)) == {("P-KNOCKOUT", 13, "bo")}  # (not its damage's)


def test_a_pair_that_begins_a_phase_apart_has_its_pms_back_at_0() -> None:
    """"Since last phase they were not engaged in combat the PM = 0": the documented
    reading (docs/rules/percentile.md, "Not engaged") has a pair that begins a phase
    farther apart than unarmed_reach, with no hold between them, no longer engaged. ana
    threw bo a hex away (her PM 6); she steps up and grabs him in the next phase at PM
    0."""
    def fight(pm: int) -> list[Line]:
        odds = {0: 34, 6: 58}[pm]  # AL 5 + PM - 2 v DL 3 on Table 4B
        t = throw_bout((["duck"], [1], [23]),
                       position(20, "ana", "bo", "apart", 0, 0, []),
                       E(26, "move", actor="ana", to=[1, 0], mode="step"),
                       grapple(39, "ana", "bo", "grab", 5, pm, -2, 3, 0, odds, 20, "success"),
                       position(39, "ana", "bo", "changed", 7, 0, ["ana"]),
                       hold(39, "ana", "bo", "grab"))
        return edit(t, 20, "percentile.declare", {"actor": "ana"}, actions=["close", "grab"],
                    costs=[2, 4], tenths=[26, 39])
    assert broken(fight(0)) == set()
    assert broken(fight(6)) == {("P-GRAPPLE-PM", 39, "ana")}


def test_the_running_total_of_pd_star_is_exact() -> None:
    """"The PD* indicates that this damage is divided by four": bo's 90 and 50 PD* count
    22.5 + 12.5 = 35, the total rounded down once; 22 + 12 = 34 is caught."""
    def fight(first: int, second: int) -> list[Line]:
        t = edit(lock_escapes(), 26, "damage", pd=90, amount=90, die=9, total=first)
        return edit(t, 48, "damage", pd=50, amount=50, die=5, total=second)
    assert broken(fight(22, 35)) == set()
    assert broken(fight(22, 34)) == {("P-DAMAGE-TOTAL", 48, "bo")}


def test_a_stated_chance_is_rolled_as_chance_roll_says_and_odds_at_or_under() -> None:
    """"roll a 00-99 percentile number less than or equal to their Odds Of Success" for the
    odds; a chance stated as "N %" (here the Captain's Knockout Roll, 18) at or under N by
    default, under N with chance_roll under: a roll of 18 knocks him out, or not."""
    def fight(result: str, reading: str = "at_or_under", grab_roll: int = 23) -> list[Line]:
        ex = edit(example(), 56, "percentile.knockout", roll=18, result=result)
        ex = edit(ex, 13, "percentile.grapple", roll=grab_roll)
        if result == "up":
            ex = [e for e in ex if not (e["event"] == "state" and e.get("state") == "out")]
        ex[0] = {**ex[0], "rules": {**PARAMS, "chance_roll": reading}}
        return ex
    assert broken(fight("out")) == set()
    assert broken(fight("up")) == {("P-ROLL", 56, "captain")}
    assert broken(fight("up", "under")) == set()
    assert broken(fight("out", "under")) == {("P-ROLL", 56, "captain")}
    # the grab's 30 % rolled 30: made whatever the reading of "N %"
    assert broken(fight("up", "under", grab_roll=30)) == set()
    assert broken(edit(fight("up", "under", grab_roll=30), 13, "percentile.grapple",
                       result="failure")) >= {("P-ROLL", 13, "captain")}


def test_a_kick_with_a_leg_disabled_from_the_start_is_caught() -> None:
    def fight(limb: str) -> list[Line]:
        ana = placed("ana", "red", [0, 0], mal=5, bat=1.0, disabled=["right_leg"])
        return one_phase(declare(0, "ana", ["kick"], [3], [19], mal=-7, budget=3, base_mal=5,
                                 base_budget=6, penalties=("leg disabled",)),
                         declare(0, "bo", [], [], [], mal=3),
                         strike(19, "ana", "bo", "kick", "normal", -7, 3, "none", 1, 0, 16, 70,
                                "miss", limb=limb), people=(ana, BO))
    assert broken(fight("left_leg")) == set()
    assert broken(fight("right_leg")) == {("P-DISABLED-LIMB", 19, "ana")}


def test_a_grappling_move_from_out_of_reach_is_caught() -> None:
    """ana threw bo a hex away (to [2, 0]); her grab in the next phase without a step up
    is made from two hexes."""
    def fight(step: bool) -> list[Line]:
        lines = [E(26, "move", actor="ana", to=[1, 0], mode="step")] if step else []
        t = throw_bout((["duck"], [1], [23]), *lines,
                       grapple(39, "ana", "bo", "grab", 5, 0, -2, 3, 0, 34, 90, "failure"),
                       position(39, "ana", "bo", "kept", 0, 0, []))
        return edit(t, 20, "percentile.declare", {"actor": "ana"}, actions=["close", "grab"],
                    costs=[2, 4], tenths=[26, 39])
    assert broken(fight(True)) == set()
    assert broken(fight(False)) == {("P-REACH", 39, "ana")}


def test_a_thrown_man_declaring_in_the_phase_he_stands_has_stood() -> None:
    good = _stands(60)
    assert broken(good) == set()
    still_down = without(good, seq_of(good, 60, "state", actor="bo"))
    assert broken(still_down) == {("P-FOOTING-STAND", 60, "bo")}


def test_an_injuring_throw_does_ten_to_a_hundred_pd() -> None:
    def fight(pd: int, die: int) -> list[Line]:
        t = throw_bout()
        t = edit(t, 13, "percentile.grapple", kind="injuring", dr=-8, attack_level=-3,
                 odds=18)
        t = edit(t, 13, "percentile.throw", kind="injuring")
        return edit(t, 13, "damage", pd=pd, star=False, die=die, total=pd)
    assert broken(fight(40, 4)) == set()
    assert broken(fight(35, 4)) == {("P-THROW-DAMAGE", 13, "ana")}


def test_a_throw_that_puts_him_out_still_takes_1_to_2_phases_to_regain_footing() -> None:
    """"If Thrown and unable to roll, it takes 1 to 2 phases to regain footing": the
    passage has no exception for a man the throw's damage then knocks out, so his footing
    roll is on the throw's tenth all the same (before or after the damage)."""
    def fight(footing: bool) -> list[Line]:
        t = throw_bout()
        t = edit(t, 13, "percentile.throw", kind="injuring")
        t = edit(t, 13, "percentile.grapple", kind="injuring", dr=-8, attack_level=-3,
                 odds=18)
        t = edit(t, 13, "damage", pd=90, amount=90, star=False, die=9, total=90)
        ko = [E(13, "percentile.knockout", actor="bo", pd=90, location="body", chance=90,
                roll=5, result="out"), E(13, "state", actor="bo", state="out", value=True),
              E(13, "end", winner="red", reason="last side standing")]
        t = [e for e in t if e["t"] <= 13] + [{**e, "seq": 0} for e in ko]
        t = t if footing else without(t, seq_of(t, 13, "percentile.footing"))
        return [{**e, "seq": i} for i, e in enumerate(t, 1)]
    assert broken(fight(True)) == set()
    assert broken(fight(False)) == {("P-FOOTING", 13, "ana")}


def test_strikes_and_damage_are_the_core_attack_and_damage_events() -> None:
    """The log contract (docs/rules/percentile.md, "Log events"): a strike is the core
    ``attack`` event extended, damage the core ``damage`` event extended. The checker reads
    those; a throw's damage under another name is no damage."""
    ex = example()
    assert broken(edit(ex, 56, "attack", odds=15)) == {("P-STRIKE-ODDS", 56, "derek")}
    assert broken(edit(ex, 56, "damage", total=17)) == {("P-DAMAGE-TOTAL", 56, "captain")}
    t = throw_bout()
    assert broken(t) == set()
    renamed = change(t, seq_of(t, 13, "damage"), event="percentile.damage")
    assert broken(renamed) == {("P-THROW-DAMAGE", 13, "ana")}


def test_a_grabbed_strikers_one_die_is_halved_all_the_same() -> None:
    """"A person who has been grabbed halves his Damage Bonus": bo, grabbed, hits with a
    short punch (1d6, halved and rounded up: 1d6); the damage is ``halved`` all the same."""
    def fight(halved: bool) -> list[Line]:
        return duo(
            *turn(1, DUO),
            declare(0, "ana", ["grab"], [4], [13], mal=5),
            declare(0, "bo", [], [], [], mal=3),
            grapple(13, "ana", "bo", "grab", 5, 0, -2, 3, 0, 34, 20, "success",
                    limb="left_arm"),
            position(13, "ana", "bo", "changed", 7, 0, ["ana"]),
            hold(13, "ana", "bo", "grab", limb="left_arm"),
            *turn(2, DUO),
            declare(20, "ana", [], [], [], mal=5),
            declare(20, "bo", ["punch"], [1], [23], mal=3),
            # AL 3 + WC 2 - short 1 = 4 v DL 5, no parry: Table 4D at -1 = 44
            strike(23, "bo", "ana", "punch", "short", 4, 5, "none", 1, 0, 44, 10, "hit",
                   limb="right_arm"),
            damage(23, "ana", "punch", 12, 12, dice="1d6", faces=[4], impact=4,
                   halved=halved, by="bo", location_roll=50),
            E(23, "percentile.knockout", actor="ana", pd=12, location="body", chance=12,
              roll=99, result="up"),
            end=23)
    assert broken(fight(True)) == set()
    assert broken(fight(False)) == {("P-GRABBED-DAMAGE", 23, "ana")}


def test_a_head_butt_is_a_strike() -> None:
    """"Strikes are blows using the hands, elbows, knees, head, and feet": ana's punch and
    head butt at bo are two strikes (the documented head butt: costs as a punch, WC 1)."""
    def fight(strikes: int = 2, wc: int = 1) -> list[Line]:
        al, odds = 5 + wc - 1, {1: 56, 2: 60}[wc]  # v DL 3, no parry: Table 4D
        return one_phase(declare(0, "ana", ["punch", "head_butt"], [2, 1], [6, 9], mal=5),
                         declare(0, "bo", [], [], [], mal=3),
                         strike(6, "ana", "bo", "punch", "normal", 7, 3, "none", strikes, 0,
                                64, 90, "miss", limb="right_arm"),
                         strike(9, "ana", "bo", "head_butt", "short", al, 3, "none", strikes,
                                0, odds, 90, "miss"))
    assert broken(fight()) == set()
    assert broken(fight(strikes=3)) == {("P-STRIKE-COUNT", 6, "ana"),
                                        ("P-STRIKE-COUNT", 9, "ana")}
    assert broken(fight(wc=2)) == {("P-STRIKE-AL", 9, "ana")}


ODDS = {("ana", "grab"): 34, ("ana", "pin"): 22, ("bo", "choke"): 10, ("bo", "pin"): 14,
        ("bo", "escape"): 42}
"""Table 4B at ana's (MAL 5) and bo's (MAL 3) AL - DL: 0, -4, -10, -8 and +2."""


def _outcome(first: tuple[str, str, str | None], second: tuple[str, str, str | None],
             result: str, applied: list[str], pms: tuple[int, int] = (0, 0)) -> list[Line]:
    """ana's and bo's moves on each other at 13 (both with ample odds) and the position."""
    def move(actor: str, target: str, spec: tuple[str, str, str | None]) -> Line:
        name, outcome, kind = spec
        mal, dmal = (5, 3) if actor == "ana" else (3, 5)
        dr = {"grab": -2, "pin": -6, "escape": 4, "choke": -8}[name]
        return grapple(13, actor, target, name, mal, 0, dr, dmal, 0, ODDS[(actor, name)],
                       0 if outcome == "success" else 99, outcome,
                       **({"kind": kind} if kind else {}))
    holds = [hold(13, m, o, s[0]) for m, o, s in (("ana", "bo", first), ("bo", "ana", second))
             if m in applied and s[0] != "escape"]
    return one_phase(declare(0, "ana", [first[0]], [4], [13], mal=5),
                     declare(0, "bo", [second[0]], [4], [13], mal=3),
                     move("ana", "bo", first), move("bo", "ana", second),
                     position(13, "ana", "bo", result, *pms, applied), *holds)


@pytest.mark.parametrize(("first", "second", "result", "applied", "pms"), [
    (("grab", "success", None), ("choke", "success", None), "both", ["ana", "bo"], (0, 0)),
    (("pin", "success", "all_limbs"), ("pin", "success", "all_limbs"), "disengaged", [],
     (0, 0)),
    (("grab", "success", None), ("escape", "success", None), "disengaged", [], (0, 0)),
    (("grab", "failure", None), ("pin", "failure", "all_limbs"), "kept", [], (0, 0)),
    (("grab", "failure", None), ("pin", "success", "all_limbs"), "changed", ["bo"], (0, 8)),
    (("grab", "success", None), ("escape", "failure", None), "changed", ["ana"], (7, 0)),
    (("grab", "failure", None), ("escape", "success", None), "changed", ["bo"], (0, 0)),
])
def test_the_outcome_of_two_moves_on_each_other(first: Any, second: Any, result: str,
                                                applied: list[str], pms: tuple[int, int]
                                                ) -> None:
    """Two Pins cannot coincide (the seed's example); a grab coincides with any move but
    an escape (the documented reading); the maker of the one success gets Table 5F's PM.
    A lone successful escape is the "one succeeds" case: ``changed``, to the escape's
    position (free and disengaged, both PM 0), not ``disengaged``."""
    assert broken(_outcome(first, second, result, applied, pms)) == set()
    for wrong in sorted({"both", "disengaged", "kept", "changed"} - {result}):
        assert ("P-POSITION", 13, "ana") in broken(_outcome(first, second, wrong, applied, pms))
    assert ("P-POSITION", 13, "ana") in broken(
        _outcome(first, second, result, applied[:-1] if applied else ["ana"], pms))


# ---------------------------------------------------------------------- what is not said


def test_what_a_log_does_not_say_is_not_held_against_it() -> None:
    """No stats, no declarations, no clock: the rules that need them skip."""
    ex = example()
    bare = [{k: v for k, v in e.items() if k != "stats"} for e in ex]
    assert broken(bare) == set()
    undeclared = [e for e in ex if e["event"] != "percentile.declare"]
    assert broken(undeclared) == set()
    clockless = [e for e in ex if e["event"] not in ("percentile.turn", "percentile.phase")]
    assert broken(clockless) == set()


def test_a_bat_may_be_written_as_a_fraction() -> None:
    ana = placed("ana", "red", [0, 0], mal=5, bat="3/2")
    log_ = one_phase(declare(0, "ana", ["duck"], [1], [2], mal=5, budget=9),
                     declare(0, "bo", [], [], [], mal=3), people=(ana, BO))
    assert broken(log_) == set()


# ---------------------------------------------------------------------- the tables


def test_the_tables_hold_the_seeds_figures() -> None:
    from timedcombat.checks import percentile_tables as tb

    assert [tb.TABLE_4B.odds(al, dl) for al, dl in ((2, 3), (7, 11), (6, 3), (0, 3))] == \
        [30, 22, 46, 24]
    assert tb.TABLE_4D.odds(1, 4) == 36
    assert (tb.FULL_PARRY.odds(5, 4), tb.FULL_PARRY.odds(4, 4)) == (18, 14)
    assert tb.parry_type(2, 2) == "full" and tb.parry_type(3, 2) == "half" \
        and tb.parry_type(5, 2) == "none"
    assert tb.STROKE_COSTS["punch"] == (1, 2, 3) and tb.STROKE_COSTS["kick"] == (2, 3, 5)
    assert tb.PENALTIES["leg disabled"] == (-12, -3) \
        and tb.PENALTIES["surprised, attack from rear"] == (-15, -4)
    assert [tb.move_row(m, k)[0] for m, k in (("grab", None), ("escape", None),  # type: ignore
                                              ("throw", None), ("joint_lock", None))] == \
        [-2, 4, -5, -10]
    assert tb.location_of(52) == ("body", 3, 100) and tb.knockout_chance(18, "body") == 18
    assert tb.coincide("grab", "pin") and not tb.coincide("pin", "pin") \
        and not tb.coincide("grab", "escape")


# ---------------------------------------------------------------------- the rule set


def test_the_rule_set_is_registered_by_its_system() -> None:
    assert "percentile" in systems()
    ruleset = get_ruleset("percentile")
    assert ruleset is not None and ruleset.rules == RULES
    ids = [r.id for r in RULES]
    assert len(ids) == len(set(ids))
    for r in RULES:
        assert r.id.startswith("P-") and r.section and r.quote and r.checks


def test_every_quote_is_in_the_seed() -> None:
    from timedcombat.checks.percentile import NOT_CHECKED

    if not SEED.exists():
        pytest.skip("seed 001 is not next to this checkout")
    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    for r in RULES:
        for part in r.quote.split(" / "):
            assert " ".join(part.split()) in seed, (r.id, part)
    for quote, _why in NOT_CHECKED:
        assert " ".join(quote.split()) in seed, quote


def test_the_rule_page_is_the_rule_list() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("check_doc", ROOT / "tools" / "check_doc.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = (ROOT / "docs" / "checks" / "percentile.md").read_text(encoding="utf-8")
    for r in RULES:
        assert f"#### `{r.id}`" in page, r.id
    assert page == tool.render("percentile"), "run: python tools/check_doc.py percentile"


# ---------------------------------------------------------------------- invalid logs

INVALID: dict[str, tuple[int, str, dict[str, Any], str]] = {
    "odds as text": (13, "percentile.grapple", {"odds": "30"},
                     "`percentile.grapple`: `odds` must be an integer"),
    "declare without actions": (0, "percentile.declare", {"actions": None},
                                "`percentile.declare`: `actions` must be an array"),
    "phase end as text": (20, "percentile.phase", {"end": "40"},
                          "`percentile.phase`: `end` must be an integer"),
    "star as text": (56, "damage", {"star": "yes"},
                     "`damage`: `star` must be true or false"),
    "turn as text": (0, "percentile.turn", {"turn": "1"},
                     "`percentile.turn`: `turn` must be an integer"),
}


@pytest.mark.parametrize("name", list(INVALID))
def test_an_invalid_log_is_a_format_error_naming_its_line(name: str) -> None:
    at, kind, fields, message = INVALID[name]
    ex = example()
    seq = [e["seq"] for e in ex if e["t"] == at and e["event"] == kind][0]
    with pytest.raises(LogFormatError) as err:
        check_events(change(ex, seq, **fields))
    assert err.value.line == seq and message in str(err.value)


def test_a_missing_field_is_a_format_error() -> None:
    ex = example()
    seq = seq_of(ex, 6, "attack")
    bad = copy.deepcopy(ex)
    del bad[seq - 1]["strike"]
    with pytest.raises(LogFormatError, match="`attack` needs `strike`"):
        check_events(bad)


JSON_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 120), st.floats(0, 9),
                        st.text(max_size=4), st.lists(st.integers(-2, 70), max_size=3),
                        st.lists(st.text(max_size=3), max_size=2),
                        st.dictionaries(st.sampled_from(["mal", "bat", "disabled", "a"]),
                                        st.integers(-3, 9), max_size=2))
LOGS = (example, grapple_bout, choke_bout, throw_bout)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LOGS), st.data())
def test_a_mangled_log_gives_violations_or_a_format_error_never_a_crash(
        make: Callable[[], list[Line]], data: st.DataObject) -> None:
    events = make()
    for _ in range(data.draw(st.integers(1, 4))):
        e = data.draw(st.sampled_from(events[1:]))
        key = data.draw(st.sampled_from(sorted(e) + ["stats", "rules", "limb", "kind"]))
        inner = e.get(key)
        if isinstance(inner, dict) and inner and data.draw(st.booleans()):
            inner[data.draw(st.sampled_from(sorted(inner)))] = data.draw(JSON_VALUES)
        elif isinstance(inner, list) and inner and data.draw(st.booleans()):
            inner[data.draw(st.integers(0, len(inner) - 1))] = data.draw(JSON_VALUES)
        else:
            e[key] = data.draw(JSON_VALUES)
    try:
        found = check_events(events)
    except LogFormatError as exc:
        assert exc.line >= 1
    else:
        assert all(isinstance(v, Violation) for v in found)
