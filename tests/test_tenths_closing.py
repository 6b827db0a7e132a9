"""Closing actions of seed 004, pinned to the tenth (base speed 10, walk 5, run 3).

Every d20 face is 2 unless a test says otherwise: total 5 against defence potential 10
is a miss, so no defence is rolled and no parry delays the timings under test.
"""

from __future__ import annotations

from helpers import duel_doc, fighter, of, run, times

MISSES = [2] * 60


def closing(a_plan, b_plan, distance, *, a_kw=None, b_kw=None, faces=MISSES, until=40):
    a = fighter("ana", "red", [0, 0], plan=a_plan, **(a_kw or {}))
    b = fighter("bo", "blue", [distance, 0], facing="W", plan=b_plan, **(b_kw or {}))
    return run(duel_doc(a, b, until=until), faces)


def test_attack_closing_from_two_hexes_moves_at_10_and_attacks_at_12():
    ev = closing([{"action": "attack"}], [{"action": "wait"}], 2)
    assert of(ev, "action", actor="ana", name="attack")[0]["end"] == 12
    assert of(ev, "action", actor="ana", name="attack")[0]["closing"] is True
    assert times(ev, "move", actor="ana", mode="closing") == [10]
    assert of(ev, "move", actor="ana", mode="closing")[0]["to"] == [1, 0]
    assert times(ev, "attack", actor="ana")[0] == 12
    assert of(ev, "attack", actor="ana")[0]["closing"] == "attack"


def test_charge_from_three_hexes_moves_at_7_and_10_and_attacks_at_12():
    ev = closing([{"action": "charge"}], [{"action": "wait"}], 3)
    assert times(ev, "move", actor="ana", mode="closing") == [7, 10]
    assert [m["to"] for m in of(ev, "move", actor="ana", mode="closing")] == [[1, 0], [2, 0]]
    first = of(ev, "attack", actor="ana")[0]
    assert first["t"] == 12
    assert first["closing"] == "charge"
    assert first["modifiers"]["charge_anti_parry"] == 3
    assert first["modifiers"]["anti_parry"] == 1 + 3


def test_set_facing_an_attack_closing_action_attacks_at_11():
    ev = closing([{"action": "attack"}], [{"action": "set"}], 2)
    assert of(ev, "action", actor="bo", name="set")[0]["end"] == 1
    set_blow = of(ev, "attack", actor="bo")[0]
    assert set_blow["t"] == 11 and set_blow["closing"] == "set"
    assert times(ev, "attack", actor="ana")[0] == 12


def test_set_attack_waits_for_base_speed_when_opponent_comes_in_range_early():
    # a charge from 2 hexes comes in range with its first move at 7 - 2 ... the Set blow
    # still waits for the Set combatant's base speed: max(0 + 10, 5 + 1) = 10
    ev = closing([{"action": "charge"}], [{"action": "set"}], 2)
    assert times(ev, "move", actor="ana", mode="closing") == [7]
    assert times(ev, "attack", actor="bo")[0] == 10


def test_set_uses_its_own_base_speed():
    slow = {"weapons": [{"name": "maul", "base_speed": 14, "anti_parry": 0,
                         "reach": "short", "hands": 1}]}
    ev = closing([{"action": "attack"}], [{"action": "set"}], 2, b_kw=slow)
    assert times(ev, "attack", actor="bo")[0] == 14  # max(0 + 14, 10 + 1)


def test_wait_adds_two_to_defence_potential_against_first_attack_only():
    ev = closing([{"action": "attack"}], [{"action": "wait"}], 2, until=60)
    blows = of(ev, "attack", actor="ana")
    assert blows[0]["modifiers"]["defence_potential"] == 12
    assert blows[0]["modifiers"]["defence_bonus"] == 2
    assert blows[1]["modifiers"]["defence_potential"] == 10


def test_wait_lets_the_opponent_attack_first_then_attacks_one_tenth_later():
    ev = closing([{"action": "attack"}], [{"action": "wait"}], 2)
    assert of(ev, "action", actor="bo", name="wait")[0]["end"] == 1
    # own first attack: max(start + base speed, opponent's first attack + 1) = max(10, 13)
    assert times(ev, "attack", actor="bo")[0] == 13


def test_defend_moves_one_hex_at_walk_and_adds_two_to_defence_potential():
    ev = closing([{"action": "set"}], [{"action": "defend"}], 2)
    assert of(ev, "action", actor="bo", name="defend")[0]["end"] == 5
    assert times(ev, "move", actor="bo", mode="closing") == [5]
    set_blow = of(ev, "attack", actor="ana")[0]
    assert set_blow["t"] == 10  # max(0 + 10, 5 + 1)
    assert set_blow["modifiers"]["defence_potential"] == 12


def test_charge_subtracts_three_from_own_defence_potential_against_first_attack():
    ev = closing([{"action": "charge"}], [{"action": "set"}], 3)
    set_blow = of(ev, "attack", actor="bo")[0]
    assert set_blow["t"] == 11  # in range at the second move (10) + 1
    assert set_blow["modifiers"]["defence_potential"] == 7
    assert set_blow["modifiers"]["defence_bonus"] == -3


def test_avoid_moves_back_and_the_attack_is_lost_with_its_bonus():
    ev = closing([{"action": "charge"}], [{"action": "avoid"}], 3, until=13)
    assert times(ev, "move", actor="bo", mode="closing") == [5]
    assert of(ev, "move", actor="bo", mode="closing")[0]["to"] == [4, 0]
    lost = of(ev, "tenths.attack_lost", actor="ana")
    assert lost and lost[0]["t"] == 12 and lost[0]["closing"] == "charge"
    assert not of(ev, "attack")
    assert not of(ev, "state", state="engaged")


def test_set_against_set_out_of_range_loses_both_attacks():
    ev = closing([{"action": "set"}], [{"action": "set"}], 3, until=5)
    assert {e["actor"] for e in of(ev, "tenths.attack_lost")} == {"ana", "bo"}
    assert times(ev, "tenths.attack_lost") == [1, 1]


def test_the_opponent_answers_with_a_closing_action_on_the_same_tenth():
    ev = closing([{"action": "attack"}], [], 2)
    bo_first = of(ev, "action", actor="bo")[0]
    assert bo_first["t"] == 0 and bo_first["closing"] is True
    assert bo_first["target"] == "ana"


def test_no_closing_answer_when_approached_from_the_back():
    a = fighter("ana", "red", [0, 0], plan=[{"action": "attack"}])
    b = fighter("bo", "blue", [2, 0], facing="E")  # his back to ana
    ev = run(duel_doc(a, b, until=13), MISSES)
    assert not [e for e in of(ev, "action", actor="bo", t=0) if e.get("closing")]
    # bo, seeing nobody in front, turns after a reaction time: max(1, d10 2 - skill 3) = 1
    turn = of(ev, "reaction", actor="bo")[0]
    assert (turn["t"], turn["roll"], turn["tenths"]) == (0, 2, 1)
    assert of(ev, "target", actor="bo", target="ana")[0]["t"] == 1
    assert times(ev, "attack", actor="ana") == [12]


def test_both_are_in_combat_after_a_closing_attack():
    ev = closing([{"action": "attack"}], [{"action": "wait"}], 2)
    engaged = of(ev, "state", state="engaged", value=True)
    assert {(e["actor"], e["opponent"]) for e in engaged} == {("ana", "bo"), ("bo", "ana")}
    assert {e["t"] for e in engaged} == {12}


def test_a_closing_action_when_already_in_combat_is_skipped_and_logged():
    ev = closing([{"action": "attack"}, {"action": "charge"}], [{"action": "wait"}], 2)
    skip = of(ev, "tenths.plan_skip", actor="ana")
    assert skip and skip[0]["name"] == "charge" and skip[0]["index"] == 1
    assert skip[0]["t"] == 12


def test_fighters_far_apart_approach_then_close():
    ev = closing([{"action": "charge"}], [{"action": "wait"}], 7, until=60)
    # ana runs (3 tenths a hex) until three hexes out, then charges
    charge = of(ev, "action", actor="ana", name="charge")[0]
    pos = [m["to"] for m in of(ev, "move", actor="ana") if m["t"] <= charge["t"]]
    bo_pos = [m["to"] for m in of(ev, "move", actor="bo") if m["t"] <= charge["t"]]
    bo_at = bo_pos[-1] if bo_pos else [7, 0]
    assert abs(pos[-1][0] - bo_at[0]) == 3
