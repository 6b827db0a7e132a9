"""The checker's rules of several combatants (seed 004: targets, reactions, answering a
closing action, breaking off, crowding) and of simultaneous blows, natural rolls and the
stalemate: for each rule a hand-made log that keeps it is clean, and the same log changed
to break it is caught with the rule's id, tenth and actor, and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_check import (
    ANA,
    BO,
    RULE_PARAMS,
    Case,
    E,
    act,
    blow,
    broken,
    log,
    move,
    parry,
    placed,
    target,
)

CY = placed("cy", "blue", [-2, 0], "E")  # at ana's back while she faces E


def _engaged(t: int, a: str, b: str, value: bool = True) -> list[dict[str, Any]]:
    return [E(t, "state", actor=a, state="engaged", value=value, opponent=b),
            E(t, "state", actor=b, state="engaged", value=value, opponent=a)]


def case_defend_only_who() -> Case:
    cy = placed("cy", "blue", [1, -1], "SW")

    def fight(cy_on: bool) -> list[dict[str, Any]]:
        on = [target(0, "cy", "ana")] if cy_on else []
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"), *on,
                   act(10, "ana", "defend_only", 15, targets=["bo", "cy"]),
                   E(10, "reaction", actor="ana", cause="defend only", roll=8, tenths=5,
                     skill=3, end=15),
                   E(15, "target", actor="ana", targets=["bo", "cy"]),
                   people=(ANA, BO, cy))
    return fight(True), fight(False), (10, "ana")


def case_target_front() -> Case:
    def fight(whom: str) -> list[dict[str, Any]]:
        return log(target(0, "ana", whom), people=(ANA, BO, CY))
    return fight("bo"), fight("cy"), (0, "ana")


def case_defence_back() -> Case:
    def fight(facing: str) -> list[dict[str, Any]]:
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                   E(24, "move", actor="ana", frm=[0, 0], to=[0, 0], mode="turn",
                     facing=facing),
                   blow(25, "bo", "ana", result="parried", defence="parry"),
                   parry(25, "ana", "bo"))
    return fight("NE"), fight("W"), (25, "ana")


def case_target_change() -> Case:
    cy = placed("cy", "blue", [1, 1], "NW")

    def fight(new_at: int) -> list[dict[str, Any]]:
        return log(target(0, "ana", "bo"), act(20, "ana", "target", 25, target="cy"),
                   E(20, "reaction", actor="ana", cause="target change", roll=8, tenths=5,
                     skill=3, end=25),
                   target(new_at, "ana", "cy"), act(25, "ana", "move", 30, target="cy"),
                   people=(ANA, BO, cy))
    good, _ = fight(25), None
    bad = log(target(0, "ana", "bo"), act(20, "ana", "move", 25, target="bo"),
              target(22, "ana", "cy"), people=(ANA, BO, cy))
    return good, bad, (22, "ana")


def test_a_closing_action_against_a_non_target_is_a_target_change_without_reaction() -> None:
    cy = placed("cy", "blue", [2, 1], "NW")
    events = log(target(0, "ana", "bo"),
                 act(10, "ana", "attack", 22, target="cy", weapon="blade", closing=True),
                 people=(ANA, BO, cy))
    assert ("T-TARGET-CHANGE", 10, "ana") in broken(events)


def case_react_forced() -> Case:
    cy = placed("cy", "blue", [1, -1], "SW")

    def fight(react: bool) -> list[dict[str, Any]]:
        lines = [E(20, "reaction", actor="ana", cause="attacked by non-target", roll=8,
                   tenths=5, skill=3, end=25)] if react else []
        return log(target(0, "ana", "bo"), target(0, "cy", "ana"),
                   blow(20, "cy", "ana", result="miss"), *lines, people=(ANA, BO, cy))
    return fight(True), fight(False), (20, "ana")


def case_react_not_by_target() -> Case:
    cy = placed("cy", "blue", [1, -1], "SW")

    def fight(by: str) -> list[dict[str, Any]]:
        return log(target(0, "ana", "bo"), target(0, "cy", "ana"), target(0, "bo", "ana"),
                   blow(20, by, "ana", result="miss"),
                   E(20, "reaction", actor="ana", cause="attacked by non-target", roll=8,
                     tenths=5, skill=3, end=25), people=(ANA, BO, cy))
    return fight("cy"), fight("bo"), (20, "ana")


def case_close_answer() -> Case:
    def fight(answer: str) -> list[dict[str, Any]]:
        reply = act(20, "ana", "set", 21, target="bo", weapon="blade", closing=True) \
            if answer == "set" else act(20, "ana", "move", 25, target="bo")
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                   *_engaged(10, "ana", "bo"), *_engaged(10, "ana", "bo", False),
                   act(20, "bo", "attack", 32, target="ana", weapon="blade", closing=True),
                   reply)
    return fight("set"), fight("move"), (20, "ana")


def test_no_answer_is_owed_when_approached_from_the_back_or_in_combat() -> None:
    from_back = log(target(0, "ana", "cy"), target(0, "bo", "ana"),
                    act(0, "bo", "attack", 12, target="ana", weapon="blade", closing=True),
                    act(0, "ana", "move", 5, target="cy"),
                    people=(placed("ana", "red", [0, 0], "W"), BO, placed("cy", "blue",
                                                                          [-3, 0], "E")))
    assert broken(from_back) == set()
    cy = placed("cy", "blue", [-1, 0], "E")
    fighting = log(target(0, "ana", "cy"), target(0, "cy", "ana"), target(0, "bo", "ana"),
                   *_engaged(0, "ana", "cy"),
                   act(1, "bo", "attack", 13, target="ana", weapon="blade", closing=True),
                   act(1, "ana", "attack", 11, target="cy", weapon="blade"),
                   people=(placed("ana", "red", [0, 0], "W"), BO, cy))
    assert broken(fighting) == set()


def case_combat_blow() -> Case:
    def fight(engaged: bool) -> list[dict[str, Any]]:
        lines = _engaged(12, "ana", "bo") + ([] if engaged else _engaged(15, "ana", "bo",
                                                                          False))
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"), *lines,
                   act(20, "ana", "attack", 30, target="bo", weapon="blade"),
                   people=(ANA, placed("bo", "blue", [1, 0], "W")))
    return fight(True), fight(False), (20, "ana")


def case_break_off() -> Case:
    def fight(breaks: bool) -> list[dict[str, Any]]:
        lines = _engaged(20, "ana", "bo", False) if breaks else []
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"), *_engaged(12, "ana", "bo"),
                   act(15, "ana", "move", 20), move(20, "ana", [0, 0], [-1, 0]), *lines,
                   E(30, "end", winner=None, reason="until"),
                   people=(ANA, placed("bo", "blue", [1, 0], "W")))
    return fight(True), fight(False), (20, "ana")


def case_retreat_advantage() -> Case:
    def fight(advantage: bool) -> list[dict[str, Any]]:
        step = [move(25, "ana", [0, 0], [1, 0], mode="advantage")] if advantage else []
        at = [1, 0] if advantage else [0, 0]
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                   blow(25, "bo", "ana", result="miss", advantage="ana"), *step,
                   act(25, "ana", "retreat", 30, target="bo"),
                   move(25, "ana", at, [at[0] - 1, 0], mode="retreat"),
                   move(30, "ana", [at[0] - 1, 0], [at[0] - 2, 0], mode="retreat"),
                   people=(ANA, placed("bo", "blue", [2, 0], "W")))
    return fight(False), fight(True), (25, "ana")


def case_occupancy() -> Case:
    def fight(close: bool) -> list[dict[str, Any]]:
        lines = [E(20, "state", actor="ana", state="close_quarters", value=True,
                   opponent="bo"),
                 E(20, "state", actor="bo", state="close_quarters", value=True,
                   opponent="ana")] if close else []
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                   act(15, "ana", "move", 20), move(20, "ana", [0, 0], [1, 0]), *lines,
                   E(30, "end", winner=None, reason="until"),
                   people=(ANA, placed("bo", "blue", [1, 0], "W")))
    return fight(True), fight(False), (20, "ana")


def test_a_friend_in_the_hex_is_crowding_even_at_close_quarters() -> None:
    kit = placed("kit", "red", [2, 0], "W")
    events = log(move(20, "kit", [2, 0], [1, 0]), E(30, "end", winner=None, reason="until"),
                 people=(ANA, placed("bo", "blue", [1, 0], "W"), kit))
    assert broken(events) == {("T-OCCUPANCY", 20, "bo")}


def case_simultaneous_hurt() -> Case:
    def fight(penalty: bool) -> list[dict[str, Any]]:
        mods = {"skill": 3, "anti_parry": 1, "defence_potential": 10}
        if penalty:
            mods["hurt"] = -2
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                   blow(20, "bo", "ana", result="hit", simultaneous=True,
                        modifiers={"skill": 3, "simultaneous_anti_parry": 2, "anti_parry": 3,
                                   "defence_potential": 10}, total=13),
                   E(20, "damage", actor="ana", amount=9, total=9),
                   E(20, "state", actor="ana", state="hurt", value=True),
                   blow(20, "ana", "bo", result="miss", simultaneous=True,
                        modifiers={**mods, "simultaneous_anti_parry": 2, "anti_parry": 3},
                        total=8 if penalty else 10))
    return fight(False), fight(True), (20, "ana")


def test_the_hurt_penalty_applies_from_the_next_tenth() -> None:
    def later(penalty: bool) -> list[dict[str, Any]]:
        mods = {"skill": 3, "anti_parry": 1, "defence_potential": 10}
        if penalty:
            mods["hurt"] = -2
        return log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                   E(20, "state", actor="ana", state="hurt", value=True),
                   blow(30, "ana", "bo", result="miss", modifiers=mods, total=8))
    assert broken(later(True)) == set()
    assert broken(later(False)) == {("T-SIMUL-HURT", 30, "ana")}


def case_natural() -> Case:
    hild = placed("hild", "watch", [2, 0], "W")

    def fight(result: str) -> list[dict[str, Any]]:
        return log(E(20, "attack", actor="hild", target="ana", weapon="blade", roll=20,
                     total=23, result=result, simultaneous=False, kind="block",
                     modifiers={"skill": 3, "defence_bonus": -2, "defence_potential": 8}),
                   people=(ANA, hild))
    return fight("blocked"), fight("miss"), (20, "hild")


@pytest.mark.parametrize("natural,roll,total,result,ok", [
    ("all", 20, 21, "hit", True), ("all", 20, 21, "miss", False),
    ("all", 1, 25, "miss", True), ("all", 1, 25, "hit", False),
    ("blocking", 20, 21, "miss", True), ("blocking", 20, 21, "hit", False),
    ("blocking", 1, 25, "hit", True), ("blocking", 1, 25, "miss", False),
])
def test_natural_rolls_of_ordinary_attacks_follow_the_parameter(natural: str, roll: int,
                                                                 total: int, result: str,
                                                                 ok: bool) -> None:
    events = log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                 E(20, "attack", actor="ana", target="bo", weapon="blade", roll=roll,
                   total=total, result=result, simultaneous=False,
                   modifiers={"skill": 3, "anti_parry": 1, "defence_potential": 22}))
    events[0]["rules"] = {**RULE_PARAMS, "natural_rolls": natural}
    assert broken(events) == (set() if ok else {("T-NATURAL", 20, "ana")})


def case_stalemate() -> Case:
    def fight(end: int, reason: str) -> list[dict[str, Any]]:
        events = log(target(0, "ana", "bo"), target(0, "bo", "ana"),
                     blow(40, "ana", "bo", result="miss"),
                     E(end, "end", winner=None, reason=reason))
        events[0]["rules"] = {**RULE_PARAMS, "stalemate": 100}
        return events
    return fight(140, "stalemate"), fight(160, "until"), (160, None)  # type: ignore[return-value]


def test_a_stalemate_declared_too_early_is_caught() -> None:
    events = log(blow(40, "ana", "bo", result="miss"),
                 E(120, "end", winner=None, reason="stalemate"))
    events[0]["rules"] = {**RULE_PARAMS, "stalemate": 100}
    assert broken(events) == {("T-STALEMATE", 120, None)}


SCENE_CASES: dict[str, Callable[[], Case]] = {
    "T-DEFEND-ONLY-WHO": case_defend_only_who, "T-TARGET-FRONT": case_target_front,
    "T-DEFENCE-BACK": case_defence_back, "T-TARGET-CHANGE": case_target_change,
    "T-REACT-FORCED": case_react_forced, "T-REACT-NOT-BY-TARGET": case_react_not_by_target,
    "T-CLOSE-ANSWER": case_close_answer, "T-COMBAT-BLOW": case_combat_blow,
    "T-BREAK-OFF": case_break_off, "T-RETREAT-ADVANTAGE": case_retreat_advantage,
    "T-OCCUPANCY": case_occupancy, "T-SIMUL-HURT": case_simultaneous_hurt,
    "T-NATURAL": case_natural, "T-STALEMATE": case_stalemate,
}


@pytest.mark.parametrize("rule", list(SCENE_CASES))
def test_each_scene_rule_catches_a_log_that_breaks_it(rule: str) -> None:
    good, bad, (t, actor) = SCENE_CASES[rule]()
    assert broken(good) == set()
    assert broken(bad) == {(rule, t, actor)}
