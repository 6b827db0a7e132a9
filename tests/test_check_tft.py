"""The checker's rules of the ``tft`` system (seed 000, TFT hand-to-hand combat).

For every rule a hand-made log that keeps it is clean, and the same log changed to break
it is caught with that rule's id, tenth and actor, and nothing else. Then: the seed's
tables as the rules hold them (unarmed damage, the one-die HTH roll), what a log does not
say, invalid logs, the quotes and the rule page.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from timedcombat.check import Violation, check_events
from timedcombat.checks import get_ruleset
from timedcombat.checks.tft import RULES, RULESET, unarmed
from timedcombat.cli import main
from timedcombat.errors import LogFormatError

ROOT = Path(__file__).resolve().parent.parent
SEED = ROOT.parent / "shared" / "seeds" / "000_d73834057287dbf4.txt"

Line = dict[str, Any]


def E(t: int, event: str, **fields: Any) -> Line:
    """One log line (``seq`` is numbered by :func:`log`); ``frm`` is written ``from``."""
    out: Line = {"t": t, "event": event}
    out.update({("from" if k == "frm" else k): v for k, v in fields.items()})
    return out


def fig(actor: str, side: str, at: list[int], facing: str = "E", *, st: int = 12,
        dx: int = 12, iq: int = 10, ma: int = 10, weapons: tuple[str, ...] = ("broadsword",),
        armor: str = "none", shield: str | None = None, talents: tuple[str, ...] = ()) -> Line:
    stats = {"st": st, "dx": dx, "iq": iq, "ma": ma, "weapons": list(weapons),
             "armor": armor, "shield": shield, "talents": list(talents)}
    return E(0, "placed", actor=actor, side=side, at=at, facing=facing, stats=stats)


ANA = fig("ana", "red", [0, 0])
BO = fig("bo", "blue", [1, 0], "W", st=10, dx=11, weapons=("dagger",))
CY = fig("cy", "blue", [-1, 0], "E", st=11, dx=10, weapons=("shortsword",))


def log(*lines: Line, people: tuple[Line, ...] = (ANA, BO), rules: dict[str, Any] | None = None
        ) -> list[Line]:
    """A log: ``start``, the ``placed`` people, then ``lines``, numbered."""
    start = E(0, "start", system="tft", seed=0, scenario="hand", until=600, rules=rules or {})
    out = [start, *people, *lines]
    return [{"t": e["t"], "seq": i, **{k: v for k, v in e.items() if k != "t"}}
            for i, e in enumerate(copy.deepcopy(out), 1)]


def turn(n: int, order: tuple[str, ...] = ("ana", "bo"), adj: tuple[int, ...] = (12, 11), *,
         t: int | None = None, slots: list[int] | None = None,
         rolloffs: list[list[int]] | None = None, sides: tuple[str, ...] = ("red", "blue"),
         initiative: list[list[int]] | None = None) -> list[Line]:
    """``tft.turn`` and the movement phase (25 tenths; slots by the documented formula)."""
    t0 = (n - 1) * 50 if t is None else t
    slots = slots or [t0 + 25 + i * 25 // len(order) for i in range(len(order))]
    return [E(t0, "tft.turn", turn=n, sides=list(sides),
              initiative=initiative or [[5], [2]][:len(sides)], order=list(order),
              adj_dx=list(adj), rolloffs=rolloffs or [[] for _ in order], slots=slots),
            E(t0, "tft.phase", turn=n, phase="movement", end=t0 + 25)]


def actions(n: int, t: int | None = None) -> Line:
    t0 = (n - 1) * 50 if t is None else t - 25
    return E(t0 + 25, "tft.phase", turn=n, phase="action", end=t0 + 50)


def move(t: int, actor: str, frm: list[int], to: list[int]) -> Line:
    return E(t, "move", actor=actor, frm=frm, to=to, mode="step")


def hroll(t: int, actor: str, target: str, roll: int, result: str, *, kind: str = "jump",
          arc: str = "front", modifier: int = 0, rerolls: tuple[int, ...] = (),
          total: int | None = None, modifiers: dict[str, int] | None = None) -> Line:
    extra = {} if modifiers is None else {"modifiers": modifiers}
    return E(t, "tft.hth_roll", actor=actor, target=target, kind=kind, arc=arc, roll=roll,
             rerolls=list(rerolls), modifier=modifier,
             total=roll + modifier if total is None else total, result=result, **extra)


def attack(t: int, actor: str, target: str, weapon: str, faces: list[int], against: int,
           result: str, *, option: str = "shift", in_hth: bool = False, multiplier: int = 1,
           modifiers: dict[str, int] | None = None) -> Line:
    return E(t, "tft.attack", actor=actor, target=target, weapon=weapon, option=option,
             faces=faces, roll=sum(faces), against=against, result=result,
             multiplier=multiplier, in_hth=in_hth, modifiers=modifiers or {})


def damage(t: int, actor: str, source: str, weapon: str, dice: str, faces: list[int],
           hits: int, st: int, *, cause: str = "attack", turn_hits: int | None = None,
           rolled: int | None = None, modifiers: dict[str, int] | None = None,
           penalty: bool = False, down: bool = False) -> Line:
    return E(t, "tft.damage", actor=actor, source=source, weapon=weapon, cause=cause,
             dice=dice, faces=faces, multiplier=1, rolled=hits if rolled is None else rolled,
             armor=0, shield=0, hits=hits, st=st,
             turn_hits=hits if turn_hits is None else turn_hits, knocked_down=down,
             dx_penalty_next_turn=penalty, modifiers=modifiers or {})


def dropped(t: int, actor: str, items: list[str], at: list[int], cause: str = "hth_entry"
            ) -> Line:
    return E(t, "tft.dropped", actor=actor, items=items, at=at, cause=cause)


def entered(t: int = 25) -> list[Line]:
    """ana jumps bo at her slot (a 3: entered): she drops her sword where she came from and
    steps onto bo's hex; bo keeps his ready dagger."""
    return [hroll(t, "ana", "bo", 3, "entered"), dropped(t, "ana", ["broadsword"], [0, 0]),
            move(t, "ana", [0, 0], [1, 0])]


def in_hth(*later: Line, people: tuple[Line, ...] = (ANA, BO)) -> list[Line]:
    """Turn 1: ana gets into HTH with bo; then turn 2 with ``later``."""
    t2 = [line for line in later if line["t"] < 75]
    t2_actions = [line for line in later if line["t"] >= 75]
    return log(*turn(1), actions(1), *entered(), *turn(2), *t2, actions(2), *t2_actions,
               people=people)


def broken(events: list[Line]) -> set[tuple[str, int, str | None]]:
    return {(v.rule, v.t, v.actor) for v in check_events(events)}


Case = tuple[list[Line], list[Line], tuple[int, str | None]]

# ---------------------------------------------------------------------- turns and phases


def case_turn() -> Case:
    def fight(t2: int) -> list[Line]:
        return log(*turn(1), actions(1), *turn(2, t=t2), actions(2, t=t2 + 25))
    return fight(50), fight(51), (51, None)


def case_in_turn() -> Case:
    skip = E(55, "tft.plan_skip", actor="ana", name="attack", index=0, reason="no target")
    good = log(*turn(1), actions(1), *turn(2), skip)
    bad = log(*turn(1), actions(1), skip)
    return good, bad, (55, "ana")


def case_phase() -> Case:
    def fight(at: int) -> list[Line]:
        return log(*turn(1), E(at, "tft.phase", turn=1, phase="action", end=50),
                   attack(37, "bo", "ana", "dagger", [5, 5, 5], 11, "miss"))
    return fight(25), fight(26), (26, None)


def case_move_order() -> Case:
    return (log(*turn(1, initiative=[[5], [2]])), log(*turn(1, initiative=[[2], [5]])),
            (0, None))


def case_move_order_last() -> Case:
    """With the winner moving last, the loser's side comes first."""
    rules = {"initiative_winner_moves": "last"}
    return (log(*turn(1, initiative=[[2], [5]]), rules=rules),
            log(*turn(1, initiative=[[5], [2]]), rules=rules), (0, None))


def case_order_dx() -> Case:
    return log(*turn(1, adj=(12, 11))), log(*turn(1, adj=(11, 12))), (0, None)


def case_order_ties() -> Case:
    def fight(rolls: list[list[int]]) -> list[Line]:
        return log(*turn(1, adj=(12, 12), rolloffs=rolls))
    return fight([[5], [3]]), fight([[3], [5]]), (0, None)


def case_slots() -> Case:
    return log(*turn(1, slots=[25, 37])), log(*turn(1, slots=[25, 36])), (0, None)


def case_move_window() -> Case:
    def fight(t: int) -> list[Line]:  # red's window is 0-11: MA 10 steps at 1, 2, ... 10
        return log(*turn(1), move(1, "ana", [0, 0], [-1, 0]), move(t, "ana", [-1, 0], [-2, 0]))
    return fight(2), fight(3), (3, "ana")


def case_movement_phase() -> Case:
    def fight(t: int) -> list[Line]:
        return log(*turn(1), *([actions(1)] if t >= 25 else []),
                   attack(t, "ana", "bo", "broadsword", [5, 5, 5], 12, "miss"),
                   *([actions(1)] if t < 25 else []))
    return fight(25), fight(10), (10, "ana")


def _dive(t: int, **kw: Any) -> Line:
    kw.setdefault("roll", 4)
    kw.setdefault("modifier", 1)
    kw.setdefault("result", "knocked_back")
    return hroll(t, "ana", "bo", kind="dive", **kw)


def case_dive_time() -> Case:
    good = log(*turn(1), _dive(24), actions(1))
    bad = log(*turn(1), actions(1), _dive(25))
    return good, bad, (25, "ana")


def case_action_slot() -> Case:
    def fight(t: int) -> list[Line]:
        return log(*turn(1), actions(1), move(t, "ana", [0, 0], [-1, 0]))
    return fight(25), fight(30), (30, "ana")


def case_own_slot() -> Case:
    def fight(t: int) -> list[Line]:
        return log(*turn(1), actions(1),
                   attack(t, "ana", "bo", "broadsword", [5, 5, 5], 12, "miss"))
    return fight(25), fight(37), (37, "ana")


# ---------------------------------------------------------------------- entering HTH


def case_hth_adjacent() -> Case:
    def fight(at: list[int]) -> list[Line]:
        bo = fig("bo", "blue", at, "W", st=10, dx=11, weapons=("dagger",))
        return log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, "repelled"),
                   people=(ANA, bo))
    return fight([1, 0]), fight([2, 0]), (25, "ana")


def case_dive_ma() -> Case:
    def fight(ma: int) -> list[Line]:
        bo = fig("bo", "blue", [1, 0], "W", st=10, dx=11, ma=ma, weapons=("dagger",))
        return log(*turn(1), _dive(24), actions(1), people=(ANA, bo))
    return fight(19), fight(20), (24, "ana")


def case_entry_turn() -> Case:
    again = attack(25, "ana", "bo", "broadsword", [5, 5, 5], 12, "miss")
    good = log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, "repelled"))
    bad = log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, "repelled"), again)
    return good, bad, (25, "ana")


def case_hth_roll() -> Case:
    def fight(m: dict[str, int]) -> list[Line]:
        return log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, "repelled", modifiers=m))
    return fight({}), fight({"dive": 1}), (25, "ana")


def case_hth_modifiers() -> Case:
    def fight(roll: int, modifier: int) -> list[Line]:
        return log(*turn(1), _dive(24, roll=roll, modifier=modifier), actions(1))
    return fight(4, 1), fight(3, 2), (24, "ana")


def case_hth_reroll() -> Case:
    def fight(again: int) -> list[Line]:
        return log(*turn(1), actions(1),
                   hroll(25, "ana", "bo", 5, "repelled", arc="rear", rerolls=(again,)))
    return fight(6), fight(5), (25, "ana")


def case_hth_table() -> Case:
    def fight(result: str) -> list[Line]:
        return log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, result))
    return fight("repelled"), fight("knocked_back"), (25, "ana")


def _repelled_hit(hit: bool) -> list[Line]:
    auto = damage(25, "ana", "bo", "dagger", "1d-1", [3], 2, 10, cause="automatic_hit")
    return log(*turn(1), actions(1), hroll(25, "ana", "bo", 6, "repelled_hit"),
               *([auto] if hit else []))


def case_auto_hit() -> Case:
    return _repelled_hit(True), _repelled_hit(False), (25, "bo")


def case_back_off() -> Case:
    good = log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, "repelled"))
    bad = log(*turn(1), actions(1), hroll(25, "ana", "bo", 5, "repelled"),
              move(25, "ana", [0, 0], [-1, 0]))
    return good, bad, (25, "ana")


def case_entered_hex() -> Case:
    good = log(*turn(1), actions(1), *entered())
    bad = log(*turn(1), actions(1), *entered()[:2])
    return good, bad, (25, "ana")


def case_falls() -> Case:
    def fight(down: bool) -> list[Line]:
        return log(*turn(1), actions(1), hroll(25, "ana", "bo", 2, "entered_defender_down"),
                   dropped(25, "ana", ["broadsword"], [0, 0]), move(25, "ana", [0, 0], [1, 0]),
                   E(25, "state", actor="bo", state="prone", value=down))
    return fight(True), fight(False), (25, "bo")


def case_attacker_drops() -> Case:
    good = log(*turn(1), actions(1), *entered())
    bad = log(*turn(1), actions(1), entered()[0], entered()[2])
    return good, bad, (25, "ana")


def case_defender_drops() -> Case:
    bo = fig("bo", "blue", [1, 0], "W", st=10, dx=11, weapons=("shortsword",))

    def fight(drops: bool) -> list[Line]:
        theirs = [dropped(25, "bo", ["shortsword"], [1, 0], "hth_defender")] if drops else []
        return log(*turn(1), actions(1), *entered(), *theirs, people=(ANA, bo))
    return fight(True), fight(False), (25, "bo")


def case_defender_knife() -> Case:
    bo = fig("bo", "blue", [1, 0], "W", st=10, dx=11, weapons=("shortsword", "dagger"))

    def fight(roll: int, result: str) -> list[Line]:
        return log(*turn(1), actions(1), hroll(25, "ana", "bo", roll, result),
                   dropped(25, "ana", ["broadsword"], [0, 0]), move(25, "ana", [0, 0], [1, 0]),
                   dropped(25, "bo", ["shortsword"], [1, 0], "hth_defender"),
                   E(25, "tft.ready_knife", actor="bo", weapon="dagger", free=True,
                     success=True), people=(ANA, bo))
    return fight(3, "entered"), fight(1, "entered_defender_down"), (25, "bo")


def case_jump_strikes() -> Case:
    def fight(order: tuple[str, ...]) -> list[Line]:
        t = 25 + order.index("ana") * 25 // 3
        return log(*turn(1, order, (13, 12, 11)), actions(1),
                   attack(t, "cy", "ana", "shortsword", [5, 5, 5], 10, "miss", option="strike"),
                   hroll(t, "ana", "bo", 5, "repelled"), people=(ANA, BO, CY))
    return fight(("ana", "bo", "cy")), fight(("cy", "ana", "bo")), (33, "cy")


def case_dive_no_strikes() -> Case:
    def fight(strike: bool) -> list[Line]:
        hit = [attack(24, "cy", "ana", "shortsword", [5, 5, 5], 10, "miss")] if strike else []
        return log(*turn(1, ("ana", "bo", "cy"), (13, 12, 11)), *hit, _dive(24), actions(1),
                   people=(ANA, BO, CY))
    return fight(False), fight(True), (24, "cy")


# ---------------------------------------------------------------------- in HTH


def case_hth_weapons() -> Case:
    def fight(weapon: str) -> list[Line]:
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", weapon, [5, 5, 5], 12, "miss", option="hth",
                          in_hth=True))
    return fight("fist"), fight("broadsword"), (25, "ana")


def _entry_attack(m: dict[str, int]) -> list[Line]:
    return log(*turn(1), actions(1), *entered(),
               attack(25, "ana", "bo", "fist", [5, 5, 5], 10, "miss", option="hth_entry",
                      in_hth=True, modifiers=m))


def case_hth_entry_attack() -> Case:
    return (_entry_attack({"hth_entry": -4, "strongest": 2}),
            _entry_attack({"hth_entry": -2, "strongest": 2}), (25, "ana"))


def case_hth_strongest() -> Case:
    return (_entry_attack({"hth_entry": -4, "strongest": 2}), _entry_attack({"hth_entry": -4}),
            (25, "ana"))


def case_hth_no_plus_4() -> Case:
    def fight(m: dict[str, int]) -> list[Line]:
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", "fist", [5, 5, 5], 12, "miss", option="hth",
                          in_hth=True, modifiers=m))
    return fight({}), fight({"rear": 4}), (25, "ana")


def case_hth_no_move() -> Case:
    return in_hth(), in_hth(move(51, "ana", [1, 0], [0, 0])), (51, "ana")


def case_hth_disengage() -> Case:
    def fight(faces: list[int]) -> list[Line]:
        return in_hth(E(75, "tft.disengage", actor="ana", hth=True, success=True, strikers=[],
                        faces=faces, roll=sum(faces), against=12))
    return fight([1, 2, 3, 4]), fight([1, 2, 3]), (75, "ana")


def case_ready_knife() -> Case:
    bo = fig("bo", "blue", [1, 0], "W", st=10, dx=11, weapons=("shortsword", "dagger"))

    def fight(success: bool) -> list[Line]:
        return in_hth(dropped(25, "bo", ["shortsword"], [1, 0], "hth_defender"),
                      E(87, "tft.ready_knife", actor="bo", weapon="dagger", free=False,
                        success=success, faces=[3, 4, 5], roll=12, against=11),
                      people=(ANA, bo))
    good, bad = fight(False), fight(True)
    for events in (good, bad):  # bo's drop belongs with the entry, on tenth 25
        drop = next(e for e in events if e.get("cause") == "hth_defender")
        events.remove(drop)
        at = next(i for i, e in enumerate(events) if e["event"] == "move") + 1
        events.insert(at, drop)
        for i, e in enumerate(events, 1):
            e["seq"] = i
    return good, bad, (87, "bo")


def case_release() -> Case:
    def fight(to: list[int]) -> list[Line]:
        return in_hth(E(87, "tft.release", actor="bo", target="ana", to=to))
    return fight([0, 0]), fight([3, 0]), (87, "bo")


# ---------------------------------------------------------------------- damage


def case_fist_damage() -> Case:
    def fight(dice: str) -> list[Line]:  # ana, ST 12: fist 1d-2, in HTH 1d-1
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", "fist", [3, 3, 3], 12, "hit", option="hth",
                          in_hth=True),
                   damage(25, "bo", "ana", "fist", dice, [4], 3, 7))
    return fight("1d-1"), fight("1d-2"), (25, "ana")


def case_knife_damage() -> Case:
    def fight(dice: str) -> list[Line]:  # a dagger outside HTH: 1d-1
        return log(*turn(1), actions(1),
                   attack(37, "bo", "ana", "dagger", [3, 3, 3], 11, "hit"),
                   damage(37, "ana", "bo", "dagger", dice, [4], 3, 9))
    return fight("1d-1"), fight("1d+1"), (37, "bo")


def _thrown(bonus: int) -> list[Line]:
    bo = fig("bo", "blue", [1, 0], "W", st=10, dx=11, iq=12, weapons=(), talents=("judo",))
    return log(*turn(1), actions(1),
               hroll(25, "ana", "bo", 6, "thrown", modifier=1, modifiers={"defender_judo": 1}),
               E(25, "tft.throw", actor="bo", target="ana", to=[0, 0], bonus=bonus),
               damage(25, "ana", "bo", "fist", "1d-3", [4], 4, 8, cause="throw",
                      modifiers={"throw": 3}), people=(ANA, bo))


def case_throw() -> Case:
    return _thrown(3), _thrown(5), (25, "bo")


def case_attack_weapon() -> Case:
    def fight(weapon: str) -> list[Line]:
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", weapon, [5, 5, 5], 12, "miss"))
    return fight("broadsword"), fight("dagger"), (25, "ana")


def case_to_hit() -> Case:
    def fight(result: str) -> list[Line]:
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", "broadsword", [4, 4, 4], 11, result))
    return fight("miss"), fight("hit"), (25, "ana")


def case_fumble() -> Case:
    def fight(drops: bool) -> list[Line]:
        drop = [dropped(25, "ana", ["broadsword"], [0, 0], "dropped_weapon")] if drops else []
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", "broadsword", [6, 6, 5], 12, "miss"), *drop)
    return fight(True), fight(False), (25, "ana")


def _hurt(st_after: int, hits: int = 3, penalty: bool = False) -> list[Line]:
    return log(*turn(1), actions(1),
               attack(25, "ana", "bo", "broadsword", [3, 3, 3], 12, "hit"),
               damage(25, "bo", "ana", "broadsword", "2d", [1, hits - 1], hits,
                      st_after, penalty=penalty))


def case_hits() -> Case:
    return _hurt(7), _hurt(8), (25, "bo")


def case_injury() -> Case:
    return _hurt(5, 5, True), _hurt(5, 5, False), (25, "bo")


# ---------------------------------------------------------------------- talents


def case_talents() -> Case:
    def fight(iq: int) -> list[Line]:
        bo = fig("bo", "blue", [1, 0], "W", st=10, dx=11, iq=iq, talents=("judo",))
        return log(*turn(1), people=(ANA, bo))
    return fight(12), fight(11), (0, "bo")


def _contest(target_faces: list[int], winner: str = "bo") -> list[Line]:
    score = sum(target_faces)
    return in_hth(E(75, "tft.contest", actor="ana", target="bo", kind="pin",
                    actor_faces=[1, 2, 3], target_faces=target_faces, actor_bonus=2,
                    target_bonus=0, actor_score=8, target_score=score, winner=winner))


def case_contest_dice() -> Case:
    return _contest([2, 3, 4]), _contest([4, 5]), (75, "bo")


def case_contest_score() -> Case:
    return _contest([2, 3, 4], "bo"), _contest([2, 3, 4], "ana"), (75, "ana")


def case_judo_2_prone() -> Case:
    def fight(talents: tuple[str, ...]) -> list[Line]:
        ana = fig("ana", "red", [0, 0], iq=14, dx=14, talents=talents, weapons=())
        return log(*turn(1), actions(1),
                   attack(25, "ana", "bo", "fist", [5, 5, 5], 11, "miss", option="prone",
                          modifiers={"judo_2_prone": -3}), people=(ana, BO))
    return fight(("judo", "judo_2")), fight(("judo",)), (25, "ana")


def case_crawl() -> Case:
    def fight(hexes: int) -> list[Line]:
        steps = [move(51 + k, "ana", [-k, 0], [-k - 1, 0]) for k in range(hexes)]
        return log(*turn(1), actions(1), E(25, "state", actor="ana", state="prone", value=True),
                   *turn(2), *steps)
    return fight(2), fight(3), (53, "ana")


CASES: dict[str, Callable[[], Case]] = {
    "F-TURN": case_turn, "F-IN-TURN": case_in_turn, "F-PHASE": case_phase,
    "F-MOVE-ORDER": case_move_order, "F-ORDER-DX": case_order_dx,
    "F-ORDER-TIES": case_order_ties, "F-SLOTS": case_slots, "F-MOVE-WINDOW": case_move_window,
    "F-MOVEMENT-PHASE": case_movement_phase, "F-DIVE-TIME": case_dive_time,
    "F-ACTION-SLOT": case_action_slot, "F-OWN-SLOT": case_own_slot,
    "F-HTH-ADJACENT": case_hth_adjacent, "F-DIVE-MA": case_dive_ma,
    "F-ENTRY-TURN": case_entry_turn, "F-HTH-ROLL": case_hth_roll,
    "F-HTH-MODIFIERS": case_hth_modifiers, "F-HTH-REROLL": case_hth_reroll,
    "F-HTH-TABLE": case_hth_table, "F-AUTO-HIT": case_auto_hit, "F-BACK-OFF": case_back_off,
    "F-ENTERED-HEX": case_entered_hex, "F-FALLS": case_falls,
    "F-ATTACKER-DROPS": case_attacker_drops, "F-DEFENDER-DROPS": case_defender_drops,
    "F-DEFENDER-KNIFE": case_defender_knife, "F-JUMP-STRIKES": case_jump_strikes,
    "F-DIVE-NO-STRIKES": case_dive_no_strikes, "F-HTH-WEAPONS": case_hth_weapons,
    "F-HTH-ENTRY-ATTACK": case_hth_entry_attack, "F-HTH-STRONGEST": case_hth_strongest,
    "F-HTH-NO-PLUS-4": case_hth_no_plus_4, "F-HTH-NO-MOVE": case_hth_no_move,
    "F-HTH-DISENGAGE": case_hth_disengage, "F-READY-KNIFE": case_ready_knife,
    "F-RELEASE": case_release, "F-FIST-DAMAGE": case_fist_damage,
    "F-KNIFE-DAMAGE": case_knife_damage, "F-THROW": case_throw,
    "F-ATTACK-WEAPON": case_attack_weapon, "F-TO-HIT": case_to_hit, "F-FUMBLE": case_fumble,
    "F-HITS": case_hits, "F-INJURY": case_injury, "F-TALENTS": case_talents,
    "F-CONTEST-DICE": case_contest_dice, "F-CONTEST-SCORE": case_contest_score,
    "F-JUDO2-PRONE": case_judo_2_prone, "F-CRAWL": case_crawl,
}
MORE: dict[str, tuple[str, Callable[[], Case]]] = {
    "winner moves last": ("F-MOVE-ORDER", case_move_order_last),
}


def test_every_rule_has_a_breaking_log() -> None:
    assert set(CASES) == {r.id for r in RULES}


@pytest.mark.parametrize("rule", list(CASES) + list(MORE))
def test_each_rule_catches_a_log_that_breaks_it(rule: str) -> None:
    rule_id, case = MORE.get(rule, (rule, CASES.get(rule)))  # type: ignore[arg-type]
    good, bad, (t, actor) = case()
    assert broken(good) == set()
    assert broken(bad) == {(rule_id, t, actor)}
