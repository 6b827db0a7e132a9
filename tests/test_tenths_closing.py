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


# ------------------------------------------------------------------ walking in on a Wait

SPEAR = {"name": "spear", "base_speed": 10, "anti_parry": 1, "reach": "long", "hands": 2}


def test_an_attack_answering_a_wait_from_three_hexes_walks_in_first():
    """bo (Wait) closes from 3 hexes (his closing distance with a blade): ana's scripted
    Attack (one move) would end 2 hexes off, out of reach. She walks one hex (0 to 5),
    then makes her Attack (5 + 10 + 5 - 3 = 17, its move at 15): she strikes first, at
    bo's defence + 2; bo's first blow falls at 17 + 1 (before: her Attack was lost at
    12 and bo, in a new exchange, Set and struck first)."""
    ev = closing([{"action": "attack"}], [{"action": "wait"}], 3)
    assert [(a["t"], a["actor"], a["name"]) for a in of(ev, "action") if a.get("closing")] \
        == [(0, "bo", "wait"), (5, "ana", "attack")]
    assert [(m["t"], m["mode"], m["to"]) for m in of(ev, "move", actor="ana")] == [
        (5, "walk", [1, 0]), (15, "closing", [2, 0])]
    first = of(ev, "attack")[0]
    assert (first["t"], first["actor"], first["modifiers"]["defence_bonus"]) == (17, "ana", 2)
    assert not of(ev, "tenths.attack_lost")
    assert of(ev, "attack", actor="bo")[0]["t"] == 18


def test_an_attack_answered_by_a_wait_it_cannot_reach_is_broken_off_to_walk_in():
    """ana (blade) makes her Attack from 3 hexes, since a step to 2 would bring her into
    bo's spear range; bo Waits. Her one move cannot reach him: she breaks the Attack off
    on that tenth (cause "walk in"), walks to 2, and attacks from there at 17."""
    ev = closing([{"action": "attack"}], [{"action": "wait"}], 3, b_kw={"weapons": [SPEAR]})
    assert [(e["t"], e["name"], e["cause"]) for e in of(ev, "interrupted", actor="ana")] == [
        (0, "attack", "walk in")]
    assert [(a["t"], a["end"]) for a in of(ev, "action", actor="ana", name="attack")][:2] == [
        (0, 12), (5, 17)]
    assert times(ev, "attack", actor="ana")[0] == 17
    assert of(ev, "attack", actor="ana")[0]["modifiers"]["defence_bonus"] == 2
    assert times(ev, "attack", actor="bo")[0] == 18


def test_a_charge_answering_a_wait_walks_in_until_its_two_moves_reach():
    """bo (spear) Waits from 4 hexes; ana's policy Charges (two moves): she walks one hex
    first, then charges from 3 (5 + 12 = 17)."""
    a = fighter("ana", "red", [0, 0])
    b = fighter("bo", "blue", [4, 0], facing="W", plan=[{"action": "wait"}], weapons=[SPEAR])
    ev = run(duel_doc(a, b, until=40), MISSES)
    assert [(a["t"], a["actor"], a["name"]) for a in of(ev, "action") if a.get("closing")] \
        == [(0, "bo", "wait"), (5, "ana", "charge")]
    assert times(ev, "attack", actor="ana")[0] == 17
    assert not of(ev, "tenths.attack_lost")


def test_wait_walk_in_false_makes_the_attack_from_there_and_loses_it():
    a = fighter("ana", "red", [0, 0], plan=[{"action": "attack"}])
    b = fighter("bo", "blue", [3, 0], facing="W", plan=[{"action": "wait"}])
    ev = run(duel_doc(a, b, until=40, rules={"wait_walk_in": False}), MISSES)
    lost = of(ev, "tenths.attack_lost", actor="ana")
    assert [(e["t"], e["reason"]) for e in lost] == [(12, "out of range")]


def test_an_attack_answered_late_by_a_wait_it_cannot_reach_walks_in_then():
    """bo (pike, base speed 14) is taking up a blocking position (0 to 9: he cannot
    break it off) when ana, a step from his reach, makes her Attack at 5 from 3 hexes.
    He answers at 9 with a Wait: her one move left cannot reach him, so she breaks the
    Attack off then, walks a hex (9 to 14) and attacks from 2 (14 + 12 = 26); his first
    blow a tenth later (before: her Attack was lost out of range at 17)."""
    pike = dict(SPEAR, name="pike", base_speed=14)
    a = fighter("ana", "red", [-1, 0], plan=[{"action": "attack", "target": "bo"}])
    b = fighter("bo", "blue", [3, 0], facing="W", weapons=[pike],
                plan=[{"action": "block", "position": "left"}, {"action": "wait"}])
    ev = run(duel_doc(a, b, until=40), MISSES)
    assert [(e["t"], e["cause"]) for e in of(ev, "interrupted", actor="ana")] == [
        (9, "walk in")]
    assert [(a["t"], a["end"]) for a in of(ev, "action", actor="ana", name="attack")][:2] == [
        (5, 17), (14, 26)]
    assert not of(ev, "tenths.attack_lost")
    assert times(ev, "attack", actor="ana")[0] == 26
    assert times(ev, "attack", actor="bo")[0] == 27
