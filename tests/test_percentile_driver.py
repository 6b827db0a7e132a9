"""Every rule of seed 001 in the percentile driver, with scripted dice: the phases on the
clock, where each action falls, Parry Types, grabs, locks, holds by phase, escapes, throws,
penalties, armed foes, the mount, and the end. Numbers are the rules' (the odds from the
Combat Attack Tables, 10 x N x N ...), tenths exact."""

from __future__ import annotations

import pytest
from percentile_helpers import doc, fighter, idle, of, one, run

from timedcombat.check import check_events
from timedcombat.dice import DiceError

IDLE_STEP = {"action": "duck", "phase": 1000}  # (a plan step far ahead: nothing declared)

# --------------------------------------------------------------------------- phases


def test_a_phase_is_a_turn_of_phase_tenths_and_no_roll_ends_in_a_stalemate():
    events = run(doc(idle("a", "x", [0, 0]), idle("b", "y", [3, 0]),
                     rules={"phase_tenths": 30, "stalemate": 100}, until=300), [])
    assert [(e["t"], e["turn"]) for e in of(events, "percentile.turn")] == \
        [(0, 1), (30, 2), (60, 3), (90, 4)]
    assert [(e["t"], e["end"]) for e in of(events, "percentile.phase")] == \
        [(0, 30), (30, 60), (60, 90), (90, 120)]
    end = events[-1]
    assert (end["event"], end["t"], end["reason"]) == ("end", 100, "stalemate")


def test_actions_fall_at_the_last_tenth_of_the_share_of_the_phase_they_complete():
    # BAT 1.5: 9 Combat Actions; punches 2, 2, 2 and a normal kick 3 complete 2, 4, 6, 9
    plan = [{"action": "punch", "target": "b"}] * 3 + [{"action": "kick", "target": "b"}]
    events = run(doc(fighter("a", "x", [0, 0], plan, bat=1.5), idle("b", "y", [1, 0]),
                     until=20), [99, 99, 99, 99])
    d = one(events, "percentile.declare", actor="a")
    assert (d["budget"], d["costs"], d["tenths"]) == (9, [2, 2, 2, 3], [4, 8, 13, 19])
    acts = of(events, "action", actor="a")
    assert [(e["t"], e["end"], e["name"]) for e in acts] == \
        [(0, 4, "punch"), (5, 8, "punch"), (9, 13, "punch"), (14, 19, "kick")]
    assert [e["t"] for e in of(events, "attack")] == [4, 8, 13, 19]


@pytest.mark.parametrize(("ducks", "punches", "parry", "odds"), [
    (2, 2, "full", 22), (1, 2, "half", 40), (1, 3, "none", 56)])
def test_strikes_against_the_targets_parries_ducks_and_blocks_give_the_parry_type(
        ducks, punches, parry, odds):
    a = fighter("a", "x", [0, 0], [{"action": "punch", "target": "b"}] * punches)
    b = fighter("b", "y", [1, 0], [{"action": "duck", "target": "a"}] * ducks + [
        {"action": "duck", "phase": 1000}])
    events = run(doc(a, b, until=20), [99] * punches)
    strikes = of(events, "attack")
    assert len(strikes) == punches
    for s in strikes:  # AL = MAL 4 + WC 2; DL = his MAL 4
        assert (s["attack_level"], s["defense_level"], s["strikes"], s["parries"],
                s["parry"], s["odds"], s["result"]) == (6, 4, punches, ducks, parry, odds, "miss")


def test_same_tenth_steps_follow_the_order_of_action():
    a = fighter("a", "x", [0, 0], [{"action": "punch", "target": "b", "stroke": "long"}])
    b = fighter("b", "y", [1, 0], [{"action": "punch", "target": "a", "stroke": "long"}])
    events = run(doc(a, b, until=20), [99, 98])
    assert [(e["t"], e["actor"], e["roll"]) for e in of(events, "attack")] == \
        [(9, "a", 99), (9, "b", 98)]


# --------------------------------------------------------------------------- grabs


def test_a_grabbed_limb_may_not_strike_and_a_grabbed_striker_halves_his_damage_bonus():
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b", "limb": "right_arm"},
                                   dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [
        {"action": "punch", "target": "a", "limb": "right_arm"},
        {"action": "punch", "target": "a", "limb": "right_arm"},
        {"action": "kick", "target": "a", "stroke": "long", "phase": 1}])
    # b's punch at 6 (99 misses); a's grab at 13: AL 2 v DL 4 = 27 %, 00 succeeds; b's
    # second punch at 13 is skipped; phase 1: the long kick (00 hits), location 50, 1d6: 4
    events = run(doc(a, b, until=40), [99, 0, 0, 50, 4, 99])
    grab = one(events, "percentile.grapple", move="grab")
    assert (grab["t"], grab["odds"], grab["result"]) == (13, 27, "success")
    skip = one(events, "percentile.plan_skip", actor="b")
    assert (skip["t"], skip["index"], skip["name"]) == (13, 1, "punch")
    assert "right arm" in skip["reason"]
    hit = one(events, "damage", actor="a")
    assert (hit["t"], hit["dice"], hit["halved"], hit["faces"], hit["location"], hit["pd"]) \
        == (36, "1d6", True, [4], "body", 12)


def test_a_grabbed_striker_is_halved_even_when_his_one_die_stays_one():
    # "A person who has been grabbed halves his Damage Bonus": a short punch's 1d6 halved
    # rounds up to 1d6 (grabbed_round_up), but the halving applied and the log says so
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b", "limb": "left_arm"},
                                   dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "punch", "target": "a", "stroke": "short",
                                    "phase": 1}, dict(IDLE_STEP)])
    # grab at 13: AL 2 v DL 4, 27 %: 00; phase 1: the short punch (1 CA) at 23, AL 4 + 2 - 1
    # = 5 v DL 4, no parry: 52 %, 00 hits; location 50 (body), 1d6: 4, 12 PD; Knockout 99
    events = run(doc(a, b, until=40), [0, 0, 50, 4, 99])
    punch = one(events, "attack")
    assert (punch["t"], punch["stroke"], punch["odds"], punch["limb"]) == \
        (23, "short", 52, "right_arm")
    hit = one(events, "damage", actor="a")
    assert (hit["dice"], hit["halved"], hit["faces"], hit["pd"]) == ("1d6", True, [4], 12)
    assert check_events(events) == []


def test_a_head_butt_needs_no_free_limb():
    # "Strikes are blows using the hands, elbows, knees, head, and feet": both arms held,
    # the head still strikes (costs as a punch; short, WC 1: AL 4 v DL 4, no parry: 48 %)
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b", "limb": "left_arm"},
                                   dict(IDLE_STEP)], bat=2.0)
    c = fighter("c", "x", [1, -1], [{"action": "grab", "target": "b", "limb": "right_arm"},
                                    dict(IDLE_STEP)], bat=2.0)
    b = fighter("b", "y", [1, 0], [{"action": "punch", "target": "a"},
                                   {"action": "head_butt", "target": "a", "stroke": "short"}],
                bat=0.5)
    events = run(doc(a, c, b, until=20), [0, 0, 99])
    assert one(events, "percentile.declare", actor="b")["costs"] == [2, 1]
    skip = one(events, "percentile.plan_skip", actor="b")
    assert (skip["t"], skip["name"], skip["reason"]) == (13, "punch", "no free arm")
    hb = one(events, "attack")
    assert (hb["t"], hb["strike"], hb["attack_level"], hb["odds"]) == (19, "head_butt", 4, 48)
    # a head butt is a strike ("blows using the ... head"): both declared strikes count
    assert (hb["strikes"], hb["parry"]) == (2, "none")
    assert check_events(events) == []


def test_only_one_grappling_move_a_phase_on_one_opponent():
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b"}] * 2, bat=2.0)
    events = run(doc(a, idle("b", "y", [1, 0]), until=20), [99])
    skip = one(events, "percentile.plan_skip")
    assert (skip["t"], skip["index"]) == (0, 1)
    assert "grapples_per_phase" in skip["reason"]
    assert one(events, "percentile.declare", actor="a")["actions"] == ["grab"]


def test_moves_made_on_each_other_are_resolved_together_at_the_later_tenth():
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b"}], bat=2.0)
    b = fighter("b", "y", [1, 0], [{"action": "grab", "target": "a"}])
    events = run(doc(a, b, until=20), [99, 98])
    assert [(e["t"], e["end"]) for e in of(events, "action", name="grab")] == [(0, 6), (0, 13)]
    rolls = of(events, "percentile.grapple")
    assert [(e["t"], e["actor"], e["roll"]) for e in rolls] == [(13, "a", 99), (13, "b", 98)]
    assert one(events, "percentile.position")["result"] == "kept"


def test_two_grabs_coincide_but_two_pins_disengage():
    grabs = run(doc(fighter("a", "x", [0, 0], [{"action": "grab", "target": "b"}]),
                    fighter("b", "y", [1, 0], [{"action": "grab", "target": "a"}]), until=20),
                [0, 0])
    pos = one(grabs, "percentile.position")
    assert (pos["result"], pos["pm"], pos["target_pm"], pos["applied"]) == \
        ("both", 7, 7, ["a", "b"])
    assert len(of(grabs, "percentile.hold", state="on")) == 2
    pins = run(doc(fighter("a", "x", [0, 0], [{"action": "pin", "target": "b"}]),
                   fighter("b", "y", [1, 0], [{"action": "pin", "target": "a"}]), until=20),
               [0, 0])
    assert [e["result"] for e in of(pins, "percentile.grapple")] == ["success", "success"]
    pos = one(pins, "percentile.position")
    assert (pos["result"], pos["pm"], pos["target_pm"], pos["applied"]) == \
        ("disengaged", 0, 0, [])
    assert not of(pins, "percentile.hold")


@pytest.mark.parametrize(("kind", "dr", "odds", "free_arms"), [
    ("all_limbs", -6, 18, []),  # "The easiest uses all of the attacker's limbs"
    ("one_arm_free", -9, 12, ["right_arm"]),  # "The other two free one or both ..."
    ("both_arms_free", -12, 6, ["left_arm", "right_arm"]),
])
def test_a_pinned_man_may_only_escape_and_the_pin_keeps_the_holders_limbs(
        kind, dr, odds, free_arms):
    # phase 0: the pin, AL 4 + 0 + DR v DL 4 (Table 4B), rolls 05; phase 1: the holder
    # punches with each arm and kicks (pins hold both his legs), the pinned man tries a
    # head butt, a grab, then an escape
    a = fighter("a", "x", [0, 0], [
        {"action": "pin", "target": "b", "kind": kind},
        {"action": "punch", "target": "b", "limb": "left_arm", "phase": 1},
        {"action": "punch", "target": "b", "limb": "right_arm", "phase": 1},
        {"action": "kick", "target": "b", "phase": 1}])
    b = fighter("b", "y", [1, 0], [
        {"action": "head_butt", "target": "a", "phase": 1},
        {"action": "grab", "target": "a", "phase": 1},
        {"action": "escape", "target": "a", "phase": 1}])
    events = run(doc(a, b, until=40), [5] + [99] * len(free_arms) + [99])
    pin = one(events, "percentile.grapple", move="pin")
    assert (pin["t"], pin["dr"], pin["attack_level"], pin["defense_level"], pin["odds"],
            pin["result"]) == (13, dr, 4 + dr, 4, odds, "success")
    hold = one(events, "percentile.hold", state="on")
    assert (hold["hold"], hold["kind"]) == ("pin", kind)
    pinned = "pinned: he cannot attempt any move other than an Escape"
    assert [(e["name"], e["reason"]) for e in of(events, "percentile.plan_skip", actor="b")] \
        == [("head_butt", pinned), ("grab", pinned)]
    d = one(events, "percentile.declare", actor="b", phase=1)
    assert d["actions"] == ["escape"]
    esc = one(events, "percentile.grapple", move="escape")
    assert (esc["t"], esc["defense_level"], esc["result"]) == (33, 4 + 8, "failure")  # PM 8
    # the holder strikes only with the arms his pin leaves free, never with a leg
    assert [e["limb"] for e in of(events, "attack", actor="a")] == free_arms
    skipped = {e["name"]: e["reason"] for e in of(events, "percentile.plan_skip", actor="a")}
    assert skipped.get("kick") == "no free leg"
    assert check_events(events) == []


def test_a_successful_escape_frees_and_disengages_both():
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "escape", "target": "a", "phase": 1}])
    # phase 1: AL 4 + 0 + 4 = 8 v DL 4 + 7 = 11: 24 %
    events = run(doc(a, b, until=40), [0, 24])
    esc = one(events, "percentile.grapple", move="escape")
    assert (esc["t"], esc["attack_level"], esc["defense_level"], esc["odds"], esc["result"]) \
        == (33, 8, 11, 24, "success")
    # one success: the seed's "changed" case; the position it changes to is the escape's,
    # "free and disengaged" (both PM 0, every hold let go). "disengaged" is kept for two
    # successes that cannot coincide.
    pos = of(events, "percentile.position")[-1]
    assert (pos["result"], pos["pm"], pos["target_pm"], pos["applied"]) == \
        ("changed", 0, 0, ["b"])
    off = one(events, "percentile.hold", state="off")
    assert (off["t"], off["cause"]) == (33, "escape")
    assert [(e["actor"], e["value"]) for e in of(events, "state", state="grappled")] == \
        [("a", True), ("b", True), ("a", False), ("b", False)]
    assert check_events(events) == []


# --------------------------------------------------------------------------- locks


def test_a_joint_lock_leaves_only_the_escape_which_costs_pd_star_and_the_limb():
    a = fighter("a", "x", [0, 0], [
        {"action": "joint_lock", "target": "b", "limb": "left_arm"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [
        {"action": "punch", "target": "a", "phase": 1},
        {"action": "escape", "target": "a", "phase": 1},
        {"action": "escape", "target": "a", "phase": 2}])
    # lock AL -6 v DL 4: 10 %, 05; escape AL 8 v DL 4 + 8: 22 %, 99 fails; d10 3: 30 PD*;
    # permanence 10 (at or under 20): the left arm is useless for good
    events = run(doc(a, b, until=60), [5, 99, 3, 10])
    lock = one(events, "percentile.grapple", move="joint_lock")
    assert (lock["odds"], lock["result"]) == (10, "success")
    punch = one(events, "percentile.plan_skip", name="punch")
    assert (punch["t"], punch["reason"]) == \
        (20, "in a joint lock: he may do nothing but attempt to Escape")
    esc = one(events, "percentile.grapple", move="escape")
    assert (esc["t"], esc["attack_level"], esc["defense_level"], esc["odds"], esc["result"]) \
        == (33, 8, 12, 22, "failure")
    assert not of(events, "percentile.hold", state="off")  # the lock holds: no escape
    dis = one(events, "percentile.disabled")
    assert (dis["t"], dis["limb"], dis["chance"], dis["roll"], dis["permanent"]) == \
        (33, "left_arm", 20, 10, True)
    hurt = one(events, "damage", actor="b")
    assert (hurt["pd"], hurt["star"], hurt["die"], hurt["total"], hurt["location"]) == \
        (30, True, 3, 7, "left_arm")
    assert not of(events, "percentile.knockout")
    # the arm's penalties from the next phase: MAL 4 - 8, 6 - 3 Combat Actions, too few
    d = one(events, "percentile.declare", actor="b", phase=2)
    assert (d["mal"], d["budget"], d["penalties"]) == (-4, 3, ["arm disabled"])
    skip = one(events, "percentile.plan_skip", t=40)
    assert skip["reason"] == "costs 4 Combat Actions; he has 3 this phase"


def test_a_choke_hold_does_10_n_n_and_knocks_out_at_the_end_of_the_second_phase():
    a = fighter("a", "x", [0, 0], [{"action": "choke", "target": "b"},
                                   {"action": "punch", "target": "b", "stroke": "short"},
                                   dict(IDLE_STEP)])
    events = run(doc(a, idle("b", "y", [1, 0]), until=100), [0])
    assert one(events, "percentile.grapple")["odds"] == 14  # AL -4 v DL 4
    skip = one(events, "percentile.plan_skip", actor="a")  # both arms in the choke
    assert (skip["t"], skip["reason"]) == (16, "no free arm")
    ticks = of(events, "percentile.hold_phase")
    assert [(e["t"], e["phases"], e["pd"], e["total"], e["knocked_out"]) for e in ticks] == \
        [(39, 1, 10, 10, False), (59, 2, 30, 40, True)]
    assert [(e["t"], e["pd"], e["total"]) for e in of(events, "damage")] == \
        [(39, 10, 10), (59, 30, 40)]
    out = one(events, "state", state="out")
    assert (out["t"], out["actor"], out["cause"]) == (59, "b", "choke")
    assert (events[-1]["t"], events[-1]["winner"]) == (59, "x")


def test_a_strangle_hold_does_n_n_and_knocks_out_after_ten_phases():
    a = fighter("a", "x", [0, 0], [{"action": "strangle", "target": "b"}, dict(IDLE_STEP)])
    events = run(doc(a, idle("b", "y", [1, 0]), until=400), [0])
    ticks = of(events, "percentile.hold_phase")
    assert [e["t"] for e in ticks] == [20 * n + 19 for n in range(1, 11)]
    assert [e["pd"] for e in ticks] == [2 * n - 1 for n in range(1, 11)]
    assert [e["total"] for e in ticks] == [n * n for n in range(1, 11)]
    assert [e["knocked_out"] for e in ticks] == [False] * 9 + [True]
    out = one(events, "state", state="out")
    assert (out["t"], out["cause"]) == (219, "strangle")


# --------------------------------------------------------------------------- throws


def test_a_throw_rolled_out_of_moves_him_3_hexes_on_his_feet_unhurt():
    a = fighter("a", "x", [0, 0], [
        {"action": "throw", "target": "b", "direction": "E"}, dict(IDLE_STEP)])
    # non-injuring throw AL -1 v DL 9: 10 %, 00; roll-out 10 x 9 = 90 %: 89
    events = run(doc(a, idle("b", "y", [1, 0], mal=9), until=21), [0, 89])
    t = one(events, "percentile.throw")
    assert (t["t"], t["result"], t["hexes"], t["on_feet"], t["rollout_chance"], t["roll"],
            t["to"]) == (13, "rolled_out", 3, True, 90, 89, [4, 0])
    assert one(events, "move", actor="b")["to"] == [4, 0]
    assert not of(events, "damage") and not of(events, "percentile.footing")
    apart = of(events, "percentile.position")[-1]  # three hexes apart: not engaged
    assert (apart["t"], apart["result"], apart["pm"]) == (20, "apart", 0)


def test_a_non_injuring_throw_not_rolled_out_of_does_30_pd_star_and_1_to_2_phases_down():
    a = fighter("a", "x", [0, 0], [
        {"action": "throw", "target": "b", "direction": "E"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "punch", "target": "a", "phase": 1},
                                   {"action": "duck", "target": "a", "phase": 1},
                                   dict(IDLE_STEP)], mal=2)
    # AL -1 v DL 2: 18 %, 00; roll-out 20 %: 99 fails; footing 1d2: 2; Knockout Roll 99
    events = run(doc(a, b, until=61), [0, 99, 2, 99])
    t = one(events, "percentile.throw")
    assert (t["result"], t["hexes"], t["on_feet"], t["to"]) == ("thrown", 1, False, [2, 0])
    hurt = one(events, "damage")
    assert (hurt["pd"], hurt["star"], hurt["total"]) == (30, True, 7)
    ko = one(events, "percentile.knockout")  # 30 PD* counted a quarter (7.5): 7 %
    assert (ko["pd"], ko["star"], ko["chance"], ko["result"]) == (30, True, 7, "up")
    foot = one(events, "percentile.footing")
    assert (foot["dice"], foot["roll"], foot["phases"], foot["until"]) == ("1d2", 2, 2, 60)
    skip = one(events, "percentile.plan_skip", actor="b")
    assert (skip["t"], skip["reason"]) == (20, "regaining his footing")
    assert one(events, "percentile.declare", actor="b", phase=1)["actions"] == ["duck"]
    assert [(e["t"], e["value"]) for e in of(events, "state", state="down")] == \
        [(13, True), (60, False)]


@pytest.mark.parametrize(("die", "roll", "phases"), [
    (1, 1, 1), (3, 2, 1), (3, 3, 2), (4, 2, 1), (4, 3, 2), (6, 6, 2)])
def test_another_footing_die_still_gives_1_to_2_phases_and_the_checker_agrees(die, roll,
                                                                                phases):
    # "it takes 1 to 2 phases to regain footing" whatever die the parameter names: its
    # faces spread evenly over 1 and 2 phases (docs/rules/percentile.md, footing_die)
    a = fighter("a", "x", [0, 0], [
        {"action": "throw", "target": "b", "direction": "E"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [dict(IDLE_STEP)], mal=2)
    events = run(doc(a, b, rules={"footing_die": die}, until=100), [0, 99, roll, 99])
    foot = one(events, "percentile.footing")
    assert (foot["dice"], foot["roll"], foot["phases"], foot["until"]) == \
        (f"1d{die}", roll, phases, 20 * (phases + 1))
    assert check_events(events) == []


def test_a_throw_that_knocks_him_out_still_leaves_him_down_1_to_2_phases():
    # "If Thrown and unable to roll, it takes 1 to 2 phases to regain footing": no
    # exception for a man the throw's damage then puts out. The footing die is rolled with
    # the throw's other dice and logged before the damage (whose Knockout Roll may end the
    # fight, after which nothing is logged).
    a = fighter("a", "x", [0, 0], [
        {"action": "throw", "target": "b", "kind": "injuring", "direction": "E"},
        dict(IDLE_STEP)])
    # AL 4 - 8 = -4 v DL 2: 18 %, 00; roll-out 20 %: 99 fails; d10 9: 90 PD; footing 1d2:
    # 1; Knockout Roll 05 at or under 90: out, the fight is over
    events = run(doc(a, idle("b", "y", [1, 0], mal=2), until=21), [0, 99, 9, 1, 5])
    at13 = [e["event"] for e in events if e["t"] == 13]
    assert at13[at13.index("percentile.throw"):] == [
        "percentile.throw", "move", "percentile.footing", "state", "damage",
        "percentile.knockout", "state", "end"]
    foot = one(events, "percentile.footing")
    assert (foot["roll"], foot["phases"], foot["until"]) == (1, 1, 40)
    hurt = one(events, "damage")
    assert (hurt["pd"], hurt["die"]) == (90, 9)
    assert one(events, "percentile.knockout")["result"] == "out"
    assert [(e["state"], e["value"]) for e in of(events, "state", actor="b")] == \
        [("down", True), ("out", True)]
    assert check_events(events) == []


def test_an_injuring_throw_does_10_to_100_pd():
    a = fighter("a", "x", [0, 0], [
        {"action": "throw", "target": "b", "kind": "injuring", "direction": "E"},
        dict(IDLE_STEP)])
    events = run(doc(a, idle("b", "y", [1, 0], mal=2), until=21), [0, 99, 7, 1, 80])
    hurt = one(events, "damage")
    assert (hurt["pd"], hurt["star"], hurt["die"], hurt["total"]) == (70, False, 7, 70)
    assert one(events, "percentile.knockout")["chance"] == 70
    assert one(events, "percentile.footing")["until"] == 40


# --------------------------------------------------------------------------- penalties


def test_penalties_come_off_mal_and_combat_actions_and_surprise_lasts_one_phase():
    b = idle("b", "y", [1, 0], mal=20, bat=2.0, disabled=["right_leg"], shield=True,
             holding=True, surprised="rear")
    events = run(doc(idle("a", "x", [0, 0]), b, until=40), [])
    first, second = of(events, "percentile.declare", actor="b")
    assert (first["mal"], first["budget"], first["base_mal"], first["base_budget"]) == \
        (20 - 12 - 3 - 2 - 15, 12 - 3 - 2 - 2 - 4, 20, 12)
    assert first["penalties"] == ["leg disabled", "strapped in shield", "holding an object",
                                  "surprised, attack from rear"]
    assert (second["mal"], second["budget"]) == (20 - 17, 12 - 7)


# --------------------------------------------------------------------------- armed foes


def test_against_an_armed_foe_a_duck_costs_3_and_a_block_needs_range_1():
    a = fighter("a", "x", [0, 0], [{"action": "duck", "target": "b"},
                                   {"action": "block", "target": "b"}, dict(IDLE_STEP)])
    b = idle("b", "y", [2, 0], weapon="sword", skill=4)
    events = run(doc(a, b, until=20), [])
    d = one(events, "percentile.declare", actor="a")
    assert (d["actions"], d["costs"]) == (["duck"], [3])
    skip = one(events, "percentile.plan_skip")
    assert skip["reason"] == "blocking an armed foe's arms needs range 1"


def test_a_free_weapon_parry_does_not_make_the_default_policy_declare_without_end():
    # weapon_parry_ca = 0 is allowed ([rules] bound 0): the swordsman's policy spent what
    # was left on parries "while one fits", and a free one always fits (the run hung)
    sword = {"id": "r", "side": "x", "at": [0, 0], "mal": 1, "bat": 1.0, "weapon": "sword",
             "skill": 4}
    k = fighter("k", "y", [1, 0], [{"action": "punch", "target": "r"}])
    events = run(doc(sword, k, rules={"weapon_parry_ca": 0}, until=20), seed=3)
    d = one(events, "percentile.declare", actor="r")
    assert (d["actions"], d["costs"], d["tenths"]) == \
        (["parry", "blow", "blow"], [0, 3, 3], [0, 9, 19])


def test_against_a_weapon_parry_the_defense_level_is_the_weapon_skill():
    a = fighter("a", "x", [0, 0], [{"action": "punch", "target": "b"}])
    b = fighter("b", "y", [1, 0], [{"action": "parry", "target": "a"}, dict(IDLE_STEP)],
                mal=1, weapon="sword", skill=6)
    events = run(doc(a, b, until=20), [99])
    s = one(events, "attack")  # AL 4 + 2 v DL 6 (not his MAL 1), Full Parry: 14 %
    assert (s["defense_level"], s["parry"], s["odds"]) == (6, "full", 14)


def test_an_edged_blow_does_twice_the_blunt_pd():
    b = fighter("b", "y", [1, 0], [{"action": "blow", "target": "a"}], weapon="sword", skill=4)
    # AL 4 + WC 2 v DL 4, no parry (4D): 56 %; location 50 body; 2d6 3 + 4: 21 x 2 = 42
    events = run(doc(idle("a", "x", [0, 0]), b, until=20), [0, 50, 3, 4, 99])
    s = one(events, "attack")
    assert (s["t"], s["weapon"], s["attack_level"], s["odds"]) == (9, "sword", 6, 56)
    hurt = one(events, "damage")
    assert (hurt["source"], hurt["weapon"], hurt["faces"], hurt["pd"]) == \
        ("sword", "sword", [3, 4], 42)


# --------------------------------------------------------------------------- the mount


def test_a_failed_control_roll_cancels_the_ram_and_the_mount_shies_away():
    a = fighter("a", "x", [0, 0], [{"action": "ram", "target": "b"}], mount="warhorse",
                horseman=3, reins=0)
    events = run(doc(a, idle("b", "y", [1, 0]), until=20), [99, 3])
    c = one(events, "percentile.control")
    assert (c["chance"], c["result"], c["shy_roll"], c["mount_actions"]) == \
        (30, "failure", 3, 0)
    skip = one(events, "percentile.plan_skip")
    assert (skip["t"], skip["reason"]) == (19, "mount not controlled")
    shy = of(events, "move", mode="shy")
    assert [e["t"] for e in shy] == [19, 19, 19]
    assert shy[-1]["to"] == [-3, 0]


def test_a_controlled_warhorse_rams_on_table_4d_for_3d6():
    a = fighter("a", "x", [0, 0], [{"action": "ram", "target": "b"}], mount="warhorse",
                horseman=3, reins=2)
    events = run(doc(a, idle("b", "y", [1, 0]), until=20), [99, 0, 50, 1, 2, 3, 99])
    assert one(events, "percentile.control")["chance"] == 150  # 50 x 3: both hands on reins
    ram = one(events, "percentile.ram")
    assert (ram["t"], ram["attack_level"], ram["defense_level"], ram["odds"], ram["result"]) \
        == (19, 1, 4, 36, "hit")
    hurt = one(events, "damage")
    assert (hurt["source"], hurt["dice"], hurt["faces"], hurt["pd"]) == ("ram", "3d6",
                                                                         [1, 2, 3], 18)


# --------------------------------------------------------------------------- the end


def test_reaching_the_pd_limit_puts_him_out():
    a = fighter("a", "x", [0, 0], [{"action": "punch", "target": "b"}])
    events = run(doc(a, idle("b", "y", [1, 0], pd_limit=10), until=20), [0, 50, 4, 99])
    out = one(events, "state", state="out")
    assert (out["t"], out["cause"]) == (6, "incapacitated")
    assert (events[-1]["reason"], events[-1]["winner"]) == ("last side standing", "x")


def test_scripted_dice_that_run_out_are_an_error():
    a = fighter("a", "x", [0, 0], [{"action": "punch", "target": "b"}])
    with pytest.raises(DiceError):
        run(doc(a, idle("b", "y", [1, 0]), until=20), [])
