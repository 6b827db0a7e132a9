"""The worked example of seed 001, "Captain Plunder vs Derek", replayed with the pure rules.

Every figure of the text comes out of a function here, with the text's own dice. The plans
(which the text tells in prose) are: phase 0, the Captain grabs Derek's left arm and ducks
twice; Derek, mounted with one hand on the reins, rams with his warhorse and punches twice
(normal strokes). Phase 1, Derek drops the reins and tries to free his arm; the Captain
drags him off his horse (a throw). Phase 2, the Captain tries a joint lock and ducks twice;
Derek kicks (long stroke). Both have BAT 1.0 (the text gives the Captain's; Derek's is ours).
"""

from __future__ import annotations

import json
from fractions import Fraction

from timedcombat.events import to_dict, to_json
from timedcombat.systems.percentile import events as ev
from timedcombat.systems.percentile.condition import phase_levels
from timedcombat.systems.percentile.costs import action_cost
from timedcombat.systems.percentile.damage import resolve_hit
from timedcombat.systems.percentile.grapple import CHANGED, KEPT, attempt, exchange
from timedcombat.systems.percentile.mount import mount_spec, resolve_control, resolve_ram
from timedcombat.systems.percentile.odds import parry_type
from timedcombat.systems.percentile.rules import MOUNTS, PercentileRules
from timedcombat.systems.percentile.strike import resolve_strike
from timedcombat.systems.percentile.throws import UNHURT, resolve_throw
from timedcombat.systems.percentile.timing import exchange_tenth, phase_start, schedule

CAPTAIN_MAL, DEREK_MAL = 4, 3
BAT = Fraction(1)


def tenths(phase, costs, budget=6):
    return [s.t for s in schedule(phase_start(phase), costs, budget)]


# --------------------------------------------------------------------------- phase 0


def test_the_captain_has_six_unarmed_combat_actions_from_a_bat_of_one():
    levels = phase_levels(CAPTAIN_MAL, BAT)
    assert (levels.mal, levels.budget, levels.penalties) == (4, 6, ())


def test_phase_0_the_captains_grab_and_two_ducks_spend_his_six_combat_actions():
    costs = [action_cost("grab"), action_cost("duck"), action_cost("duck")]
    assert costs == [4, 1, 1]
    assert tenths(0, costs) == [13, 16, 19]


def test_phase_0_grab_al_2_against_dl_3_is_30_percent_and_23_succeeds():
    grab = attempt("grab", CAPTAIN_MAL, 0, DEREK_MAL, 0, 23, limb="left_arm")
    assert (grab.dr, grab.attack_level, grab.defense_level) == (-2, 2, 3)
    assert (grab.odds, grab.roll, grab.result) == (30, 23, "success")
    # Derek attempts no grappling move this phase: the position changes to the grab
    after = exchange(grab, None, (0, 0))
    assert (after.result, after.applied, after.pm) == (CHANGED, (0,), (7, 0))


def test_phase_0_control_with_one_hand_free_is_90_percent_and_76_succeeds():
    control = resolve_control(3, 1, 76)
    assert (control.chance, control.success, control.mount_actions) == (90, True, 1)


def test_phase_0_the_warhorse_ram_al_1_against_dl_4_is_36_percent_and_47_misses():
    ram = resolve_ram("warhorse", CAPTAIN_MAL + 0, 47)
    assert (ram.attack_level, ram.defense_level, ram.odds, ram.result) == (1, 4, 36, "miss")
    # the mount spends its one Combat Action on its own budget: it falls at the phase's end
    assert tenths(0, [1], budget=1) == [19]


def test_phase_0_two_punches_al_5_against_a_full_parry_are_18_percent_83_and_45_miss():
    assert parry_type(strikes=2, parries=2) == "full"
    punches = [resolve_strike("punch", DEREK_MAL, CAPTAIN_MAL, 2, 2, roll) for roll in (83, 45)]
    assert [(p.attack_level, p.defense_level, p.parry, p.odds, p.result) for p in punches] == \
        [(5, 4, "full", 18, "miss")] * 2
    assert tenths(0, [action_cost("punch")] * 2) == [6, 13]


# --------------------------------------------------------------------------- phase 1


def test_phase_1_control_with_both_hands_free_is_30_percent_67_fails_and_the_horse_shies_4():
    control = resolve_control(3, 2, 67, shy_roll=4)
    assert (control.chance, control.success, control.mount_actions, control.shy_hexes) == \
        (30, False, 0, 4)


def test_phase_1_the_escape_al_7_against_dl_11_needs_22_and_32_fails():
    escape = attempt("escape", DEREK_MAL, 0, CAPTAIN_MAL, 7, 32)
    assert (escape.attack_level, escape.defense_level, escape.odds, escape.result) == \
        (7, 11, 22, "failure")


def test_phase_1_the_drag_al_6_against_dl_3_is_46_percent_and_34_pulls_derek_off():
    drag = attempt("throw", CAPTAIN_MAL, 7, DEREK_MAL, 0, 34)
    escape = attempt("escape", DEREK_MAL, 0, CAPTAIN_MAL, 7, 32)
    assert (drag.dr, drag.attack_level, drag.defense_level, drag.odds, drag.result) == \
        (-5, 6, 3, 46, "success")
    after = exchange(drag, escape, (7, 0))
    assert (after.result, after.applied, after.pm) == (CHANGED, (0,), (6, 0))
    # both moves cost 4 of 6 CA: both fall, and are resolved together, at tenth 33
    assert tenths(1, [4]) == [33]
    assert exchange_tenth(33, 33) == 33


def test_phase_1_the_fall_from_five_feet_with_fall_recovery_2_is_40_percent_and_23_lands():
    height = mount_spec("warhorse").height_feet
    throw = resolve_throw("non_injuring", DEREK_MAL, 23, fall_height=height, fall_recovery=2,
                          thrower_grabbing=True)
    assert (height, throw.fall.chance, throw.fall.unhurt) == (5, 40, True)
    assert (throw.result, throw.pd, throw.keeps_grab) == (UNHURT, 0, True)


# --------------------------------------------------------------------------- phase 2


def test_phase_2_the_joint_lock_al_0_against_dl_3_is_24_percent_and_54_fails():
    lock = attempt("joint_lock", CAPTAIN_MAL, 6, DEREK_MAL, 0, 54, limb="left_arm")
    assert (lock.dr, lock.attack_level, lock.defense_level, lock.odds, lock.result) == \
        (-10, 0, 3, 24, "failure")
    after = exchange(lock, None, (6, 0))
    assert (after.result, after.pm) == (KEPT, (6, 0))  # he still has Derek by the left arm
    assert tenths(2, [4, 1, 1]) == [53, 56, 59]


def test_phase_2_the_long_kick_at_a_full_parry_is_14_percent_and_11_hits():
    kick = resolve_strike("kick", DEREK_MAL, CAPTAIN_MAL, 1, 2, 11, stroke="long")
    assert (kick.attack_level, kick.parry, kick.odds, kick.result) == (4, "full", 14, "hit")
    assert tenths(2, [action_cost("kick", stroke="long")]) == [56]


def test_phase_2_location_52_body_2d6_halved_to_1d6_a_6_does_18_pd_and_05_knocks_out():
    hit = resolve_hit("kick", 2, (6,), 52, 5, grabbed=True)
    assert (hit.location, hit.base_dice, hit.dice, hit.halved) == ("body", 2, 1, True)
    assert (hit.impact, hit.pd, hit.star) == (6, 18, False)
    assert (hit.knockout_chance, hit.knockout_roll, hit.knocked_out) == (18, 5, True)


def test_a_ten_on_two_dice_would_have_been_needed_without_the_grab():
    # the same kick by an ungrabbed Derek takes two faces (the halving is what the text says)
    hit = resolve_hit("kick", 2, (6, 4), 52, 50)
    assert (hit.dice, hit.pd, hit.knockout_chance, hit.knocked_out) == (2, 30, 30, False)


# --------------------------------------------------------------------------- the log


def _line(event):
    line = to_json(event)
    assert line == json.dumps(to_dict(event), separators=(",", ":"))
    return json.loads(line)


def test_grapple_and_strike_events_carry_levels_odds_roll_and_result():
    grab = attempt("grab", CAPTAIN_MAL, 0, DEREK_MAL, 0, 23, limb="left_arm")
    line = _line(ev.Grapple(13, 4, "captain", "derek", grab.move, grab.attack_level,
                            grab.defense_level, grab.odds, grab.roll, grab.result, grab.mal,
                            grab.pm, grab.dr, grab.defender_mal, grab.defender_pm,
                            grab.modifiers, limb=grab.limb))
    assert {k: line[k] for k in ("event", "attack_level", "defense_level", "odds", "roll",
                                 "result", "limb")} == \
        {"event": "percentile.grapple", "attack_level": 2, "defense_level": 3, "odds": 30,
         "roll": 23, "result": "success", "limb": "left_arm"}
    assert line["modifiers"] == {"mal": 4, "pm": 0, "dr": -2}
    kick = resolve_strike("kick", DEREK_MAL, CAPTAIN_MAL, 1, 2, 11, stroke="long")
    line = _line(ev.Strike(56, 9, "derek", "captain", kick.strike, kick.roll, kick.roll,
                           kick.odds, kick.result, kick.odds - kick.roll, False,
                           kick.modifiers, "d100", strike=kick.strike, stroke=kick.stroke,
                           attack_level=kick.attack_level, defense_level=kick.defense_level,
                           parry=kick.parry, strikes=kick.strikes, parries=kick.parries,
                           odds=kick.odds, limb="right_leg"))
    assert line["event"] == "attack"
    assert (line["attack_level"], line["defense_level"], line["odds"], line["roll"],
            line["result"], line["parry"]) == (4, 4, 14, 11, "hit", "full")
    assert line["modifiers"] == {"level": 3, "wc": 0, "stroke": 1}


def test_damage_and_knockout_events_carry_every_die():
    hit = resolve_hit("kick", 2, (6,), 52, 5, grabbed=True)
    line = _line(ev.Damage(56, 10, "captain", hit.pd, hit.effective_pd, 100, "kick",
                           pd=hit.pd, star=hit.star, limit=100, location=hit.location,
                           dice=hit.dice_text, faces=hit.faces, impact=hit.impact,
                           armor=hit.armor, halved=hit.halved, by="derek",
                           location_roll=hit.location_roll))
    assert (line["event"], line["amount"], line["body"]) == ("damage", 18, 100)
    assert (line["location_roll"], line["dice"], line["faces"], line["pd"]) == \
        (52, "1d6", [6], 18)
    line = _line(ev.Knockout(56, 11, "captain", hit.pd, hit.location, hit.knockout_chance,
                             hit.knockout_roll, "out"))
    assert (line["chance"], line["roll"], line["result"]) == (18, 5, "out")


def test_rule_parameters_of_the_example_are_the_defaults():
    rules = PercentileRules()
    assert (rules.phase_tenths, rules.victim_pm, rules.long_stroke_al) == (20, 0, 1)
    assert MOUNTS["warhorse"].rams
