"""Rule data of the ``percentile`` system (seed 001): stated values, tables, parameters,
stats and the plan vocabulary."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.systems.percentile.costs import action_cost
from timedcombat.systems.percentile.rules import (
    FULL_PARRY_TABLE,
    HALF_PARRY_TABLE,
    PENALTIES,
    SEED,
    STRIKES,
    TABLE_4B,
    TABLE_4D,
    TABLE_5F,
    PercentileRules,
    location_of,
    move_spec,
    tables,
)
from timedcombat.systems.percentile.stats import (
    PLAN_ACTIONS,
    PlanError,
    StatsError,
    check_plan_for,
    check_plan_step,
    stats_from_mapping,
)

# --------------------------------------------------------------------------- stated values


@pytest.mark.parametrize(("action", "stroke", "cost"), [
    ("punch", "short", 1), ("punch", "normal", 2), ("punch", "long", 3),
    ("elbow", "short", 1), ("elbow", "normal", 2), ("elbow", "long", 3),
    ("knee", "short", 2), ("knee", "normal", 3), ("knee", "long", 5),
    ("kick", "short", 2), ("kick", "normal", 3), ("kick", "long", 5),
])
def test_strike_costs_are_the_seeds_table(action, stroke, cost):
    assert action_cost(action, stroke=stroke) == cost


def test_duck_and_block_cost_1_against_an_unarmed_and_3_against_an_armed_opponent():
    assert [action_cost(a, armed_opponent=armed) for a in ("duck", "block")
            for armed in (False, True)] == [1, 3, 1, 3]


@pytest.mark.parametrize("move", ["grab", "joint_lock", "choke", "strangle", "escape", "pin",
                                  "throw"])
def test_every_grappling_move_costs_four(move):
    assert action_cost(move) == 4


def test_armed_and_free_actions_cost_what_the_parameters_and_tables_say():
    rules = PercentileRules(weapon_parry_ca=1, step_ca=3)
    assert action_cost("blow", weapon="sword", stroke="long") == 4
    assert action_cost("parry", rules=rules) == 1
    assert action_cost("close", rules=rules) == 3
    assert (action_cost("ram"), action_cost("reins")) == (0, 0)
    with pytest.raises(ValueError, match="weapon"):
        action_cost("blow")
    with pytest.raises(ValueError, match="stroke"):
        action_cost("punch", stroke="huge")
    with pytest.raises(ValueError, match="no Combat Action cost"):
        action_cost("dance")


def test_penalty_table_is_the_seeds():
    assert {k: (p.mal, p.ca) for k, p in PENALTIES.items()} == {
        "arm_disabled": (-8, -3), "leg_disabled": (-12, -3), "shield": (-3, -2),
        "holding": (-2, -2), "surprised_front": (-2, -2), "surprised_rear": (-15, -4),
    }


def test_seed_values():
    assert SEED.ca_per_bat == 6
    assert (SEED.choke_knockout_phases, SEED.strangle_knockout_phases) == (2, 10)
    assert (SEED.choke_pd_factor, SEED.strangle_pd_factor) == (10, 1)
    assert (SEED.rollout_per_mal, SEED.rollout_hexes, SEED.throw_hexes) == (10, 3, 1)
    assert (SEED.non_injuring_throw_pd, SEED.pd_star_divisor) == (30, 4)
    assert SEED.joint_permanent_chance == 20


# --------------------------------------------------------------------------- tables


def test_table_4b_holds_the_four_grapple_points_of_the_example():
    assert [TABLE_4B.odds(al, dl) for al, dl in ((2, 3), (7, 11), (6, 3), (0, 3))] == \
        [30, 22, 46, 24]


def test_table_4d_and_the_parry_tables_hold_the_examples_blows():
    assert TABLE_4D.odds(1, 4) == 36
    assert FULL_PARRY_TABLE.odds(5, 4) == 18
    assert FULL_PARRY_TABLE.odds(4, 4) == 14


def test_anchor_interpolation_is_linear_and_clamped():
    assert [TABLE_4B.by_difference(d) for d in (-30, -15, -14, -4, -2, 0, 16, 40)] == \
        [0, 0, 2, 22, 27, 34, 98, 98]


@given(st.integers(-40, 40))
def test_every_table_rises_with_the_difference_and_stays_in_00_to_98(d):
    for table in (TABLE_4B, TABLE_4D, FULL_PARRY_TABLE, HALF_PARRY_TABLE):
        assert 0 <= table.by_difference(d) <= 98
        assert table.by_difference(d) <= table.by_difference(d + 1)


@given(st.integers(-40, 40))
def test_a_fuller_parry_never_makes_a_strike_likelier(d):
    assert FULL_PARRY_TABLE.by_difference(d) <= HALF_PARRY_TABLE.by_difference(d) \
        <= TABLE_4D.by_difference(d)


@given(st.integers(-10, 30), st.integers(-10, 30), st.integers(-5, 5))
def test_odds_depend_only_on_attack_level_minus_defense_level(al, dl, shift):
    assert TABLE_4B.odds(al, dl) == TABLE_4B.odds(al + shift, dl + shift)


def test_table_5f_difficulty_ratings_and_position_modifiers_from_the_example():
    assert (move_spec("grab").dr, move_spec("grab").pm) == (-2, 7)
    assert move_spec("escape").dr == 4
    assert (move_spec("throw").dr, move_spec("throw").pm) == (-5, 6)
    assert move_spec("joint_lock").dr == -10
    assert move_spec("throw").variant == "non_injuring"
    assert move_spec("pin").variant == "all_limbs"
    # the easiest pin uses all the attacker's limbs; the others free one or both arms
    pins = [move_spec("pin", k) for k in ("all_limbs", "one_arm_free", "both_arms_free")]
    assert [p.dr for p in pins] == sorted((p.dr for p in pins), reverse=True)
    assert [p.arms for p in pins] == [2, 1, 0]
    assert len(TABLE_5F) == 10
    with pytest.raises(ValueError, match="no grappling move"):
        move_spec("pin", "sideways")


def test_hit_location_roll_52_is_the_body():
    assert location_of(52).name == "body"
    assert [location_of(r).name for r in (0, 9, 10, 29, 30, 69, 70, 99)] == \
        ["head", "head", "right_arm", "left_arm", "body", "body", "right_leg", "left_leg"]
    with pytest.raises(ValueError):
        location_of(100)


def test_long_kick_is_two_dice_and_punch_wc_is_two():
    assert STRIKES["kick"].impact_dice("long") == 2
    assert STRIKES["punch"].wc == 2


def test_tables_have_the_names_the_issue_requires():
    names = [t.name for t in tables()]
    assert {"attack-odds", "action-costs", "dr-pm", "penalties", "blunt-damage", "impact",
            "parameters"} <= set(names)
    assert len(names) == len(set(names))


def test_attack_odds_table_rows_contain_the_four_points():
    table = {t.name: t for t in tables()}["attack-odds"]
    assert table.columns == ("attack_level", "defense_level", "odds")
    rows = set(table.rows)
    assert {(2, 3, 30), (7, 11, 22), (6, 3, 46), (0, 3, 24)} <= rows
    assert {t.name: t for t in tables()}["ram-odds"].rows.count((1, 4, 36)) == 1


def test_action_cost_and_penalty_tables_show_the_seeds_numbers():
    by = {t.name: t for t in tables()}
    costs = {r[0]: r[1:4] for r in by["action-costs"].rows}
    assert costs["punch or elbow"] == (1, 2, 3)
    assert costs["knee or kick"] == (2, 3, 5)
    assert costs["duck or block an armed opponent"] == (3, 3, 3)
    assert costs["any grappling move"] == (4, 4, 4)
    assert ("leg disabled", "leg_disabled", -12, -3) in by["penalties"].rows
    assert ("grab", "", -2, 7, "contact", 1, 0,
            "example (DR -2; PM 7 in the next phase)") in by["dr-pm"].rows


def test_parameters_table_applies_overrides_and_documents_every_parameter():
    rules = PercentileRules(phase_tenths=30)
    params = {r[0]: r for r in {t.name: t for t in tables(rules)}["parameters"].rows}
    assert params["phase_tenths"][1:3] == (30, 20)
    docs = PercentileRules.parameter_docs()
    assert set(docs) == {f.name for f in attrs.fields(PercentileRules)} == set(params)
    assert all(len(doc) > 20 for doc in docs.values())


# --------------------------------------------------------------------------- stats


DEREK = {"mal": 3, "bat": 1.0, "mount": "warhorse", "horseman": 3, "reins": 1,
         "fall_recovery": 2}


def test_stats_of_the_example():
    derek = stats_from_mapping(DEREK)
    assert (derek.mal, derek.bat, derek.free_hands, derek.armed) == (3, Fraction(1), 1, False)
    assert stats_from_mapping({"mal": 2, "bat": 1.5}).bat == Fraction(3, 2)


@pytest.mark.parametrize(("raw", "key", "message"), [
    ({"bat": 1.0}, "mal", "required"),
    ({"mal": 3}, "bat", "required"),
    ({"mal": 3, "bat": 1, "mall": 2}, "mall", "unknown key"),
    ({"mal": "3", "bat": 1}, "mal", "whole number"),
    ({"mal": True, "bat": 1}, "mal", "whole number"),
    ({"mal": -1, "bat": 1}, "mal", "at least 0"),
    ({"mal": 3, "bat": True}, "bat", "number"),
    ({"mal": 3, "bat": 0}, "bat", "above 0"),
    ({"mal": 3, "bat": 1, "weapon": "laser"}, "weapon", "unknown weapon"),
    ({"mal": 3, "bat": 1, "disabled": ["tail"]}, "disabled", "list of limbs"),
    ({"mal": 3, "bat": 1, "disabled": ["left_arm", "left_arm"]}, "disabled", "twice"),
    ({"mal": 3, "bat": 1, "surprised": "side"}, "surprised", "unknown surprised"),
    ({"mal": 3, "bat": 1, "reins": 1}, "reins", "mounted"),
    ({"mal": 3, "bat": 1, "mount": "warhorse", "reins": 3}, "reins", "at most 2"),
    ({"mal": 3, "bat": 1, "skill": 4}, "skill", "needs a weapon"),
    ({"mal": 3, "bat": 1, "weapon": "spear", "shield": True}, "shield", "two hands"),
    ({"mal": 3, "bat": 1, "shield": "yes"}, "shield", "true or false"),
    ({"mal": 3, "bat": 1, "pd_limit": 0}, "pd_limit", "at least 1"),
])
def test_bad_stats_name_the_key(raw, key, message):
    with pytest.raises(StatsError, match=message) as err:
        stats_from_mapping(raw)
    assert err.value.key == key
    assert isinstance(err.value, ValueError)


# --------------------------------------------------------------------------- plans


def test_the_plan_vocabulary_has_every_action_the_issue_names_each_with_target():
    for name in ("punch", "elbow", "knee", "kick", "duck", "block", "grab", "joint_lock",
                 "choke", "strangle", "escape", "pin", "throw"):
        assert "target" in PLAN_ACTIONS[name].keys, name
    for name in ("punch", "elbow", "knee", "kick"):
        assert "stroke" in PLAN_ACTIONS[name].keys
    assert PLAN_ACTIONS["grab"].limbs == ("left_arm", "right_arm", "left_leg", "right_leg")
    assert PLAN_ACTIONS["punch"].limbs == ("left_arm", "right_arm")
    assert PLAN_ACTIONS["kick"].limbs == ("left_leg", "right_leg")


@pytest.mark.parametrize("step", [
    {"action": "grab", "target": "derek", "limb": "left_arm"},
    {"action": "kick", "target": "captain", "stroke": "long"},
    {"action": "punch"},
    {"action": "throw", "kind": "injuring", "direction": "SW"},
    {"action": "pin", "kind": "one_arm_free"},
    {"action": "reins", "hands": 0, "phase": 1},
])
def test_good_plan_steps(step):
    assert check_plan_step(step).name == step["action"]


@pytest.mark.parametrize(("step", "key", "message"), [
    ({"action": "dance"}, "action", "unknown action 'dance' for system percentile"),
    ({"target": "x"}, "action", "expected an action name"),
    ({"action": "duck", "stroke": "long"}, "stroke", "takes no 'stroke'"),
    ({"action": "punch", "stroke": "huge"}, "stroke", "short, normal, long"),
    ({"action": "punch", "limb": "left_leg"}, "limb", "left_arm, right_arm"),
    ({"action": "grab", "limb": "head"}, "limb", "must be one of"),
    ({"action": "pin", "kind": "sideways"}, "kind", "all_limbs"),
    ({"action": "throw", "direction": "N"}, "direction", "E, NE, NW, W, SW, SE"),
    ({"action": "reins"}, "hands", "required"),
    ({"action": "reins", "hands": 3}, "hands", "0, 1 or 2"),
    ({"action": "grab", "target": 7}, "target", "combatant id"),
    ({"action": "duck", "phase": -1}, "phase", "phase number"),
    ({"action": "duck", "phase": True}, "phase", "phase number"),
])
def test_bad_plan_steps_name_the_key(step, key, message):
    with pytest.raises(PlanError, match=message) as err:
        check_plan_step(step)
    assert err.value.key == key


def test_plan_steps_checked_against_the_combatants_stats():
    unarmed = stats_from_mapping({"mal": 3, "bat": 1})
    for action in ("blow", "parry", "pommel_strike", "shield_strike", "ram", "reins"):
        with pytest.raises(PlanError):
            check_plan_for({"action": action, "hands": 0}, unarmed)
    horse = stats_from_mapping({"mal": 3, "bat": 1, "mount": "horse"})
    with pytest.raises(PlanError, match="not trained to ram"):
        check_plan_for({"action": "ram"}, horse)
    check_plan_for({"action": "ram"}, stats_from_mapping(DEREK))
    check_plan_for({"action": "blow"}, stats_from_mapping({"mal": 1, "bat": 1,
                                                           "weapon": "sword"}))
