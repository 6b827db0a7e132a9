"""The acceptance test of the percentile system: the worked example "Captain Plunder vs
Derek" (seed 001) fought by the engine from scenarios/percentile_plunder_vs_derek.toml, its
dice scripted as the text rolls them. Every figure of the text is read back from the log:
levels, odds, rolls and results, the control and fall chances, the damage and the
knockout, and the tenths at which each happens (under both readings of a stated "N %",
``chance_roll``: the example's rolls fix none of their boundaries)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from timedcombat import load_scenario, simulate
from timedcombat.events import to_dict

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "percentile_plunder_vs_derek.toml"


@pytest.fixture(scope="module", params=["at_or_under", "under"])
def log(request):
    """The example's log under both readings of "N %" (``chance_roll``): its dice are all
    clear of their chances, so every figure of the text comes out of either."""
    scenario = load_scenario(SCENARIO)
    rules = attrs.evolve(scenario.rules, chance_roll=request.param)
    result = simulate(attrs.evolve(scenario, rules=rules))
    return [to_dict(e) for e in result.events]


def one(log, name, **match):
    found = [e for e in log if e["event"] == name and all(e.get(k) == v for k, v in match.items())]
    assert len(found) == 1, (name, match, found)
    return found[0]


def fields(e, *keys):
    return tuple(e[k] for k in keys)


LEVELS = ("attack_level", "defense_level", "odds", "roll", "result")


def test_phases_are_turns_of_twenty_tenths_and_the_captain_acts_first(log):
    assert [(e["t"], e["turn"], e["order"]) for e in log if e["event"] == "percentile.turn"] \
        == [(0, 1, ["captain", "derek"]), (20, 2, ["captain", "derek"]),
            (40, 3, ["captain", "derek"])]
    assert [(e["t"], e["phase"], e["end"]) for e in log if e["event"] == "percentile.phase"] \
        == [(0, "combat", 20), (20, "combat", 40), (40, "combat", 60)]


def test_the_captain_has_six_combat_actions_two_ducking_and_four_grabbing(log):
    d = one(log, "percentile.declare", actor="captain", phase=0)
    assert fields(d, "mal", "budget", "actions", "costs", "tenths", "targets") == \
        (4, 6, ["grab", "duck", "duck"], [4, 1, 1], [13, 16, 19], ["derek"] * 3)


def test_phase_0_the_grab_al_2_against_dl_3_is_30_percent_and_23_grabs_the_left_arm(log):
    g = one(log, "percentile.grapple", actor="captain", move="grab")
    assert g["t"] == 13
    assert fields(g, *LEVELS) == (2, 3, 30, 23, "success")
    assert (g["mal"], g["dr"], g["pm"], g["defender_mal"], g["defender_pm"]) == (4, -2, 0, 3, 0)
    assert g["limb"] == "left_arm"
    hold = one(log, "percentile.hold", actor="captain", hold="grab", state="on")
    assert (hold["t"], hold["target"], hold["limb"]) == (13, "derek", "left_arm")


def test_phase_0_control_roll_one_hand_free_is_30_x_3_90_percent_and_76_succeeds(log):
    c = one(log, "percentile.control", roll=76)
    assert c["t"] == 0
    assert fields(c, "horseman", "free_hands", "per_level", "chance", "result",
                  "mount_actions") == (3, 1, 30, 90, "success", 1)


def test_phase_0_the_ram_al_1_against_dl_4_is_36_percent_and_47_misses(log):
    r = one(log, "percentile.ram")
    assert (r["t"], r["actor"], r["mount"]) == (19, "derek", "warhorse")
    assert fields(r, *LEVELS) == (1, 4, 36, 47, "miss")


def test_phase_0_two_punches_al_5_against_the_full_parry_are_18_percent_83_and_45_miss(log):
    punches = [e for e in log if e["event"] == "attack" and e["strike"] == "punch"]
    assert [(e["t"], e["roll"]) for e in punches] == [(6, 83), (13, 45)]
    for p in punches:
        assert fields(p, "attack_level", "defense_level", "odds", "result") == (5, 4, 18, "miss")
        assert fields(p, "parry", "strikes", "parries", "dice", "against") == \
            ("full", 2, 2, "d100", 18)
        assert p["modifiers"] == {"level": 3, "wc": 2, "stroke": 0}


def test_phase_1_control_with_both_hands_free_is_30_percent_67_fails_the_horse_shies_4(log):
    c = one(log, "percentile.control", roll=67)
    assert c["t"] == 20
    assert fields(c, "horseman", "free_hands", "per_level", "chance", "result",
                  "mount_actions", "shy_roll") == (3, 2, 10, 30, "failure", 0, 4)


def test_phase_1_the_escape_al_7_against_dl_11_needs_22_and_32_fails(log):
    e = one(log, "percentile.grapple", move="escape")
    assert (e["t"], e["actor"]) == (33, "derek")
    assert fields(e, *LEVELS) == (7, 11, 22, 32, "failure")
    assert (e["mal"], e["dr"], e["pm"], e["defender_mal"], e["defender_pm"]) == (3, 4, 0, 4, 7)


def test_phase_1_the_drag_al_6_against_dl_3_is_46_percent_and_34_pulls_derek_off(log):
    t = one(log, "percentile.grapple", move="throw")
    assert (t["t"], t["actor"]) == (33, "captain")
    assert fields(t, *LEVELS) == (6, 3, 46, 34, "success")
    assert (t["mal"], t["dr"], t["pm"]) == (4, -5, 7)
    # both moves were made on each other: resolved together, the drag rolled first
    bout = [e for e in log if e["event"] == "percentile.grapple" and e["t"] == 33]
    assert [e["move"] for e in bout] == ["throw", "escape"]
    pos = one(log, "percentile.position", t=33)
    assert fields(pos, "result", "pm", "target_pm", "applied") == ("changed", 6, 0, ["captain"])


def test_phase_1_the_fall_from_five_feet_is_100_over_5_x_2_40_percent_and_23_lands(log):
    f = one(log, "percentile.fall")
    assert (f["t"], f["actor"]) == (33, "derek")
    assert fields(f, "height", "level", "chance", "roll", "result") == (5, 2, 40, 23, "unhurt")
    throw = one(log, "percentile.throw")
    assert fields(throw, "result", "keeps_grab", "on_feet") == ("unhurt", True, True)
    assert [(e["t"], e["value"]) for e in log if e["event"] == "state"
            and e["state"] == "mounted"] == [(0, True), (33, False)]
    assert not [e for e in log if e["event"] == "damage" and e["actor"] == "derek"]


def test_phase_2_the_joint_lock_al_0_against_dl_3_is_24_percent_and_54_fails(log):
    j = one(log, "percentile.grapple", move="joint_lock")
    assert j["t"] == 53
    assert fields(j, *LEVELS) == (0, 3, 24, 54, "failure")
    assert (j["mal"], j["dr"], j["pm"]) == (4, -10, 6)
    # "fails, but still has Derek by the left arm": the grab is never let go before 56
    assert not [e for e in log if e["event"] == "percentile.hold" and e["state"] == "off"
                and e["t"] < 56]


def test_phase_2_the_long_kick_at_a_full_parry_is_14_percent_and_11_hits(log):
    k = one(log, "attack", strike="kick")
    assert (k["t"], k["stroke"], k["limb"]) == (56, "long", "right_leg")
    assert fields(k, *LEVELS) == (4, 4, 14, 11, "hit")
    assert fields(k, "parry", "strikes", "parries") == ("full", 1, 2)


def test_phase_2_location_52_body_2d6_halved_to_1d6_a_6_does_18_pd(log):
    # "A long stroke kick would do two six sided dice Impact, but since Derek is in the
    # Captain's grasp halving his Damage Bonus, his kick does a single six sided dice Impact"
    d = one(log, "damage", actor="captain")
    assert d["t"] == 56
    assert fields(d, "location_roll", "location", "base_dice", "dice", "faces", "halved", "pd",
                  "amount", "star", "by") == \
        (52, "body", "2d6", "1d6", [6], True, 18, 18, False, "derek")


def test_the_captains_knockout_roll_05_keels_him_over_and_derek_wins(log):
    k = one(log, "percentile.knockout")
    assert (k["t"], k["actor"]) == (56, "captain")
    assert fields(k, "pd", "chance", "roll", "result") == (18, 18, 5, "out")
    out = one(log, "state", state="out")
    assert (out["t"], out["actor"], out["cause"]) == (56, "captain", "knockout")
    end = log[-1]
    assert (end["event"], end["t"], end["winner"]) == ("end", 56, "derek")


def test_every_scripted_die_is_used_in_the_texts_order(log):
    rolls = []
    for e in log:
        kind = e["event"]
        if kind in ("percentile.control",):
            rolls.append(e["roll"])
            if e.get("shy_roll") is not None:
                rolls.append(e["shy_roll"])
        elif kind in ("percentile.grapple", "percentile.ram", "attack", "percentile.fall"):
            rolls.append(e["roll"])
        elif kind == "damage":
            rolls += [e["location_roll"], *e["faces"]]
        elif kind == "percentile.knockout":
            rolls.append(e["roll"])
    assert rolls == [76, 83, 23, 45, 47, 67, 4, 34, 32, 23, 54, 11, 52, 6, 5]


def test_the_timeline_words_each_roll_with_its_dice(log):
    from timedcombat.systems.base import get_system
    from timedcombat.timeline import describe

    system = get_system("percentile")
    text = {e["seq"]: describe(e, system) for e in log}
    grab = one(log, "percentile.grapple", move="grab")
    assert text[grab["seq"]] == ("grab (left arm) on derek: AL 4+0-2 = 2 v DL 3+0 = 3: "
                                 "d100 23 <= 30 -> SUCCESS")
    kick = one(log, "attack", strike="kick")
    assert text[kick["seq"]] == ("long kick (right leg) at captain: AL 4 v DL 4, 1 strike(s) v "
                                 "2 parries (Full Parry): d100 11 <= 14 -> HIT")
    hurt = one(log, "damage", actor="captain")
    assert text[hurt["seq"]] == ("takes 18 PD from kick at body (d100 52): 2d6 halved to "
                                 "1d6 [6], total 18/100")
    ko = one(log, "percentile.knockout")
    assert text[ko["seq"]] == "Knockout Roll after 18 PD: d100 05 <= 18 -> OUT"
    control = one(log, "percentile.control", roll=67)
    assert text[control["seq"]] == ("Control roll (warhorse, Horseman 3, 2 hand(s) free): "
                                    "10 x 3 = 30 %: d100 67 > 30 -> FAILURE; shies d10 4 "
                                    "hexes")
    fall = one(log, "percentile.fall")
    assert text[fall["seq"]] == ("falls 5 ft (Fall Recovery 2): 100 / 5 x 2 = 40 %: d100 23 "
                                 "<= 40 -> UNHURT")
    assert all(t is not None for e, t in zip(log, text.values(), strict=True)
               if e["event"].startswith("percentile.") and not e["event"].endswith(
                   (".turn", ".phase")))
