"""Fighting once in combat, and breaking off: seed 004 replayed with scripted dice."""

from __future__ import annotations

import pytest
from helpers import duel_doc, fighter, log_text, of, run, times

from timedcombat.systems.tenths import resolve
from timedcombat.systems.tenths.rules import TenthsRules

MISS = 2  # d20 2 + skill 3 = 5: never beats defence potential 10


def wait_duel(faces, *, a_kw=None, b_kw=None, b_plan=None, until=40, distance=2):
    a = fighter("ana", "red", [0, 0], plan=[{"action": "attack"}], **(a_kw or {}))
    b = fighter("bo", "blue", [distance, 0], facing="W",
                plan=b_plan or [{"action": "wait"}], **(b_kw or {}))
    return run(duel_doc(a, b, until=until), faces)


def test_blows_fall_on_base_speed_once_in_combat():
    ev = wait_duel([MISS] * 20, until=60)
    assert times(ev, "attack", actor="ana") == [12, 22, 32, 42, 52]
    assert times(ev, "attack", actor="bo") == [13, 23, 33, 43, 53]
    swings = of(ev, "action", actor="ana", name="attack")
    assert [(s["t"], s["end"]) for s in swings[1:3]] == [(12, 22), (22, 32)]


def test_a_parry_adds_four_tenths_to_the_parriers_running_action():
    # 12 ana misses, 13 bo misses, 22 ana 15+3=18 beats 10 -> bo parries with a 20
    ev = wait_duel([MISS, MISS, 15, 20] + [MISS] * 6, until=34)
    parry = of(ev, "defence", actor="bo")[0]
    assert (parry["t"], parry["kind"], parry["weapon"], parry["success"]) == \
        (22, "parry", "blade", True)
    assert parry["delay"] == 4
    blow = of(ev, "attack", actor="ana", t=22)[0]
    assert blow["result"] == "parried" and blow["advantage"] == "bo"
    assert blow["margin"] == 18 - 22  # attack total - defence total (20 + 3 - anti-parry 1)
    assert times(ev, "attack", actor="bo") == [13, 27]  # 23 pushed back by 4


def test_a_parry_while_waiting_delays_the_first_blow():
    # 12: ana 15+3=18 beats 12 (Wait +2); bo parries with a 20 -> his first blow, due at
    # max(0 + 10, 12 + 1) = 13, comes 4 tenths later
    ev = wait_duel([15, 20] + [MISS] * 6, until=20)
    assert of(ev, "defence", actor="bo")[0]["delay"] == 4
    first = of(ev, "action", actor="bo", name="attack")[0]
    assert (first["t"], first["end"]) == (12, 17)
    assert times(ev, "attack", actor="bo") == [17]


def test_a_shield_parry_adds_two_tenths():
    ev = wait_duel([MISS, MISS, 15, 20] + [MISS] * 6, b_kw={"shield": True}, until=34)
    parry = of(ev, "defence", actor="bo")[0]
    # weapon and shield parry at the same odds: the policy takes the quicker shield
    assert (parry["t"], parry["weapon"], parry["delay"]) == (22, "shield", 2)
    assert times(ev, "attack", actor="bo") == [13, 25]


def test_simultaneous_attacks_no_parry_with_the_attacking_weapon_plus_two_anti_parry():
    # bo's Set blow with a base-12 weapon falls at max(12, 10 + 1) = 12, with ana's
    slow = [{"name": "glaive", "base_speed": 12, "anti_parry": 1, "reach": "short",
             "hands": 1}]
    ev = wait_duel([15, 2, 2, 2, 2], b_plan=[{"action": "set"}],
                   b_kw={"weapons": slow}, until=13)
    blows = of(ev, "attack", t=12)
    assert {b["actor"] for b in blows} == {"ana", "bo"}
    assert all(b["simultaneous"] for b in blows)
    assert all(b["modifiers"]["simultaneous_anti_parry"] == 2 for b in blows)
    assert of(ev, "attack", actor="ana")[0]["modifiers"]["anti_parry"] == 3
    # bo's only weapon is attacking on this tenth and a dodge is impossible: no defence
    assert of(ev, "attack", actor="ana")[0]["result"] == "hit"
    assert not of(ev, "defence")


def test_simultaneous_shield_parry_time_goes_to_the_next_action():
    slow = [{"name": "glaive", "base_speed": 12, "anti_parry": 1, "reach": "short",
             "hands": 1}]
    ev = wait_duel([15, 20] + [MISS] * 6, b_plan=[{"action": "set"}],
                   b_kw={"weapons": slow, "shield": True}, until=40)
    parry = of(ev, "defence", actor="bo")[0]
    assert (parry["t"], parry["weapon"], parry["delay"]) == (12, "shield", 2)
    nxt = of(ev, "action", actor="bo", name="attack")[0]
    assert (nxt["t"], nxt["end"]) == (12, 12 + 12 + 2)


def test_dodge_moves_back_and_the_advantage_move_returns_into_range():
    heavy = [{"name": "maul", "base_speed": 10, "anti_parry": 5, "reach": "short",
              "hands": 1}]
    ev = wait_duel([15, 20, MISS, MISS], a_kw={"weapons": heavy}, until=14)
    dodge = of(ev, "defence", actor="bo")[0]
    assert dodge["kind"] == "dodge" and dodge["success"] is True
    moves = [(m["mode"], m["from"], m["to"]) for m in of(ev, "move", actor="bo", t=12)]
    assert moves == [("dodge", [2, 0], [3, 0]), ("advantage", [3, 0], [2, 0])]
    assert of(ev, "attack", actor="ana")[0]["result"] == "dodged"
    assert not of(ev, "state", state="engaged", value=False)


def test_natural_twenty_and_one():
    assert resolve.beats(20, 5, 30) is True
    assert resolve.beats(1, 25, 10) is False
    assert resolve.beats(10, 13, 13) is False  # must beat, not meet
    assert resolve.beats(10, 14, 13) is True
    assert resolve.holds(20, 0, 40) is True
    assert resolve.holds(1, 30, 5) is False
    assert resolve.holds(10, 13, 13) is True  # a defence meeting the attack holds


def test_natural_twenty_hits_against_any_defence_potential():
    ev = wait_duel([20, 1, MISS, MISS], b_kw={"defence": 40}, until=14)
    blow = of(ev, "attack", actor="ana")[0]
    assert blow["result"] == "hit"
    assert blow["margin"] == 0
    # bo parried: d20 1 always fails
    assert of(ev, "defence", actor="bo")[0]["success"] is False


def test_resolve_blow_margins():
    out = resolve.resolve_blow(12, 15, 10)
    assert (out.result, out.against, out.margin) == ("hit", 10, 5)
    out = resolve.resolve_blow(12, 15, 10, ("parry", 9, 12))
    assert (out.result, out.against, out.margin) == ("hit", 12, 3)
    out = resolve.resolve_blow(12, 15, 10, ("parry", 14, 17))
    assert (out.result, out.against, out.margin) == ("parried", 17, -2)
    out = resolve.resolve_blow(5, 8, 10)
    assert (out.result, out.margin) == ("miss", -2)


def test_damage_and_blow_strength():
    rules = TenthsRules()
    assert resolve.blow_strength(11, two_handed=False) == 11
    assert resolve.blow_strength(11, two_handed=True) == 16  # 16.5, halves down
    assert resolve.blow_strength(12, two_handed=True) == 18
    assert resolve.damage(12, 2, 7, rules) == 12 // 5 + 2 + 7 // 3
    assert resolve.damage(3, 0, 0, rules) == 1  # at least min_damage


def test_hit_does_the_damage_of_the_assumption():
    ev = wait_duel([16, 1, MISS], until=13)  # 19 vs 12 (Wait +2); bo's parry fails
    blow = of(ev, "attack", actor="ana")[0]
    assert blow["margin"] == 19 - 12  # a failed parry of 1 + 2 = 3 does not raise the bar
    dmg = of(ev, "damage", actor="bo")[0]
    assert dmg["amount"] == 12 // 5 + 0 + 7 // 3
    assert dmg["blow_strength"] == 12


def test_reaction_time_is_d10_minus_best_skill_at_least_one():
    assert [resolve.reaction_time(r, 3) for r in (1, 3, 4, 10)] == [1, 1, 1, 7]


def test_retreat_right_after_a_stopped_attack_two_moves_in_one_walk_no_defence():
    pike = [{"name": "pike", "base_speed": 4, "anti_parry": 0, "reach": "long", "hands": 2}]
    # ana (pike, base 4): closing attack lasts 4 + 5 - 3 = 6. bo Defends into range (t=5).
    # 6: ana misses -> bo holds the advantage and retreats at once: one walk (5 tenths).
    # 10: ana's next blow lands during the retreat: no active defence is possible.
    ev = wait_duel([MISS, 15], a_kw={"weapons": pike},
                   b_plan=[{"action": "defend"}, {"action": "retreat"}], until=12)
    retreat = of(ev, "action", actor="bo", name="retreat")[0]
    assert (retreat["t"], retreat["end"]) == (6, 11)
    assert of(ev, "attack", actor="ana", t=6)[0]["advantage"] == "bo"
    back = [(m["t"], m["from"], m["to"]) for m in of(ev, "move", actor="bo", mode="retreat")]
    assert back == [(6, [1, 0], [2, 0]), (11, [2, 0], [3, 0])]
    blow = of(ev, "attack", actor="ana", t=10)[0]
    assert blow["result"] == "hit" and "defence" not in blow
    assert not of(ev, "defence")
    off = of(ev, "state", state="engaged", value=False)
    assert {e["t"] for e in off} == {11}  # both out of range after the second move


def test_no_retreat_after_a_hit():
    pike = [{"name": "pike", "base_speed": 4, "anti_parry": 0, "reach": "long", "hands": 2}]
    ev = wait_duel([15, 1, MISS, MISS], a_kw={"weapons": pike},
                   b_plan=[{"action": "defend"}, {"action": "retreat"}], until=12)
    assert of(ev, "attack", actor="ana", t=6)[0]["result"] == "hit"
    # no retreat after the hit at 6; the retreat waits for the next stopped blow (10)
    assert times(ev, "action", actor="bo", name="retreat") == [10]


def test_moving_out_of_range_breaks_off_automatically():
    ev = wait_duel([MISS] * 10, b_plan=[{"action": "wait"}, {"action": "move", "to": [4, 0]}],
                   until=20)
    step = of(ev, "move", actor="bo", mode="walk")[0]
    # the exchange closes with ana's blow at 12; bo's next action is the scripted walk
    assert (step["t"], step["to"]) == (17, [3, 0])
    off = of(ev, "state", state="engaged", value=False)
    assert {(e["t"], e["actor"]) for e in off} == {(17, "ana"), (17, "bo")}


def test_fight_ends_when_one_side_is_out():
    weak = {"body": 4}
    ev = wait_duel([19, 1, 19, 1, 19, 1], b_kw=weak, until=100)
    end = ev[-1]
    assert end["event"] == "end" and end["winner"] == "red"
    out = of(ev, "state", actor="bo", state="out")[0]
    assert out["t"] == end["t"]


def test_fight_stops_at_until_with_no_winner():
    ev = wait_duel([MISS] * 40, until=30)
    assert ev[-1] == {"t": 30, "seq": ev[-1]["seq"], "event": "end", "winner": None,
                      "reason": "until"}
    assert max(e["t"] for e in ev) == 30


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_seed_same_log_another_seed_another_fight(seed):
    a = fighter("ana", "red", [0, 0], body=None)
    b = fighter("bo", "blue", [5, 0], facing="W", body=None)
    doc = duel_doc(a, b, until=3000)
    first = log_text(doc, seed)
    assert first == log_text(doc, seed)
    assert first != log_text(doc, seed + 100)
    assert first.endswith("\n") and '"event":"end"' in first.splitlines()[-1]
