"""gurps rule data: seed 002's values, Basic Set tables, 3d6 rolls, derived traits, stats and
the plan vocabulary."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.systems.base import RuleTable, rule_parameters
from timedcombat.systems.gurps import rules, traits
from timedcombat.systems.gurps.rolls import critical, mods, quick_contest, success_roll, three_d6
from timedcombat.systems.gurps.rules import (
    SEED,
    WEAPONS,
    GurpsRules,
    check_rules,
    tables,
)
from timedcombat.systems.gurps.stats import (
    PLAN_ACTIONS,
    GurpsStats,
    StatsError,
    check_plan_step,
    stats_from_mapping,
)

faces3 = st.tuples(*(st.integers(1, 6),) * 3)


# --------------------------------------------------------------------------- seed values


def test_seed_values_as_stated():
    assert SEED.outside_attack_penalty == -2  # "Your attack is at -2"
    assert SEED.wrong_target_skill_cap == 9  # "Your effective skill is 9 or ..."
    assert SEED.takedown_max_participants == 2  # "Up to two fighters ... take down"
    assert SEED.pin_max_participants == 3  # "up to three may jointly try to pin"
    assert SEED.helper_divisor == 5  # "add 1/5 of the matching score"
    assert SEED.own_side_hexes == 3  # "one of the three hexes on your side"
    assert SEED.close_combat_reach == 0  # reach "C"
    assert SEED.shield_penalty_per_db == -1  # "a penalty equal to the shield's DB"
    assert SEED.shield_dx_free_turns == 1  # "after your first turn there"
    assert SEED.block_in_close_combat is False  # "You cannot block at all!"
    stop_in_hex = rules.STOP_IN_FOE_HEX_MANEUVERS  # "Move, Move and Attack or All-Out Attack"
    assert sorted(stop_in_hex) == ["all_out_attack", "move", "move_and_attack"]


# --------------------------------------------------------------------------- B16 damage


@pytest.mark.parametrize("st_, thr, sw", [
    (1, "1d6-6", "1d6-5"), (8, "1d6-3", "1d6-2"), (10, "1d6-2", "1d6"), (11, "1d6-1", "1d6+1"),
    (12, "1d6-1", "1d6+2"), (13, "1d6", "2d6-1"), (14, "1d6", "2d6"), (17, "1d6+2", "3d6-1"),
    (19, "2d6-1", "3d6+1"), (22, "2d6", "4d6"), (26, "2d6+2", "5d6"), (30, "3d6", "5d6+2"),
    (40, "4d6+1", "7d6-1"), (45, "5d6", "7d6+1"), (60, "7d6-1", "9d6"), (100, "11d6", "13d6"),
])
def test_damage_table_rows(st_, thr, sw):
    from timedcombat.systems.gurps.damage import basic_damage

    assert (str(basic_damage(st_, "thr")), str(basic_damage(st_, "sw"))) == (thr, sw)


def test_damage_between_rows_and_beyond_100():
    from timedcombat.systems.gurps.damage import basic_damage

    assert str(basic_damage(44, "sw")) == "7d6-1"  # row 40 until 45
    assert str(basic_damage(120, "thr")) == "13d6"  # 11d + 2d
    assert str(basic_damage(129, "sw")) == "15d6"  # 13d + 2d (two full tens)
    with pytest.raises(ValueError):
        basic_damage(0, "thr")


def test_swing_gains_a_die_every_four_st_from_10_to_26():
    from timedcombat.systems.gurps.damage import basic_damage

    assert [basic_damage(s, "sw").count for s in (10, 14, 18, 22, 26)] == [1, 2, 3, 4, 5]
    assert all(basic_damage(s, "sw").modifier == 0 for s in (10, 14, 18, 22, 26))


@given(st.integers(1, 300))
def test_damage_never_falls_as_st_rises(s):
    from timedcombat.systems.gurps.damage import basic_damage

    for base in ("thr", "sw"):
        lo, hi = basic_damage(s, base), basic_damage(s + 1, base)
        assert (hi.count * 7 + 2 * hi.modifier) >= (lo.count * 7 + 2 * lo.modifier)


# --------------------------------------------------------------------------- tables


def test_tables_named_as_the_issue_asks_and_printable():
    ts = tables(GurpsRules())
    names = [t.name for t in ts]
    for required in ("damage", "weapons", "maneuvers", "parameters"):
        assert required in names
    for t in ts:
        assert isinstance(t, RuleTable)
        assert all(len(r) == len(t.columns) for r in t.rows), t.name


def test_parameters_table_shows_overrides():
    t = {t.name: t for t in tables(GurpsRules(wrong_target_order="entry"))}["parameters"]
    row = next(r for r in t.rows if r[0] == "wrong_target_order")
    assert row[1:3] == ("entry", "nearest")


def test_every_parameter_documented_with_a_source():
    docs = GurpsRules.parameter_docs()
    assert set(docs) == {f.name for f in attrs.fields(GurpsRules)}
    for p in rule_parameters(GurpsRules):
        assert p.doc and p.source in ("assumption", "Basic Set (our reading)")


def test_weapon_table_values():
    knife, sword = WEAPONS["knife"], WEAPONS["broadsword"]
    assert knife.mode("thrust").reach == (0,) and knife.mode("swing").reach == (0, 1)
    assert (knife.parry, knife.min_st) == (-1, 6)
    assert (sword.mode("swing").add, sword.mode("swing").damage_type, sword.parry) == \
        (1, "cut", 0)
    assert knife.close and not sword.close
    assert WEAPONS["bow"].bulk == -7 and WEAPONS["bow"].acc == 2
    assert WEAPONS["axe"].unbalanced and WEAPONS["kick"].mode().to_hit == -2
    with pytest.raises(ValueError, match="no 'thrust'"):
        WEAPONS["axe"].mode("thrust")


def test_wounding_multipliers():
    assert rules.WOUNDING["cut"] == (3, 2) and rules.WOUNDING["imp"] == (2, 1)
    assert rules.WOUNDING["pi-"] == (1, 2) and rules.WOUNDING["cr"] == (1, 1)


def test_check_rules_refuses_bad_parameters():
    check_rules(GurpsRules())
    for bad in ({"wrong_target_order": "random"}, {"shield_arm": "tail"},
                {"initiative_die": 1}, {"encumbrance": 5}, {"forward_cost": 0},
                {"break_free_pinned": 3}):
        with pytest.raises(ValueError, match=next(iter(bad))):
            check_rules(GurpsRules(**bad))


# --------------------------------------------------------------------------- 3d6 rolls


@pytest.mark.parametrize("roll, target, crit", [
    (3, 1, "success"), (4, -5, "success"), (5, 15, "success"), (5, 14, None),
    (6, 16, "success"), (6, 15, None), (17, 15, "failure"), (17, 16, None),
    (18, 25, "failure"), (13, 3, "failure"), (12, 3, None), (10, 10, None),
])
def test_criticals(roll, target, crit):
    assert critical(roll, target) == crit


def test_success_roll_rules():
    r = success_roll((4, 4, 3), 12, mods(("shield", -2), ("zero", 0)))
    assert (r.roll, r.target, r.success, r.margin) == (11, 10, False, -1)
    assert r.modifiers == (("shield", -2),)
    assert success_roll((1, 1, 2), 2).success  # 4 always succeeds
    assert not success_roll((6, 6, 5), 20).success  # 17 always fails, not critically
    assert success_roll((6, 6, 5), 20).critical is None
    assert success_roll((3, 3, 3), 12, (("move_and_attack", -4),), cap=9).target == 8
    assert success_roll((3, 3, 3), 14, (("move_and_attack", -4),), cap=9).target == 9
    with pytest.raises(ValueError):
        three_d6((1, 7, 1))


@given(faces3, st.integers(-10, 30))
def test_success_matches_roll_under_with_fixed_ends(faces, target):
    r = success_roll(faces, target)
    total = sum(faces)
    if total <= 4:
        assert r.success
    elif total >= 17:
        assert not r.success
    else:
        assert r.success == (total <= target)


def test_quick_contest():
    a, b = success_roll((3, 3, 4), 12), success_roll((4, 4, 4), 14)  # both by 2
    assert quick_contest(a, b).winner is None
    c = quick_contest(success_roll((6, 6, 1), 12), success_roll((6, 6, 2), 10))  # -1 vs -4
    assert (c.winner, c.margin) == (0, 3)
    c = quick_contest(success_roll((6, 6, 1), 14), success_roll((5, 5, 6), 15))  # +1 vs -1
    assert (c.winner, c.margin) == (0, 2)
    c = quick_contest(success_roll((6, 5, 5), 15), success_roll((2, 2, 2), 10))
    assert (c.winner, c.margin) == (1, 5)  # success by 4 + failure by 1


# --------------------------------------------------------------------------- traits


def test_basic_speed_move_dodge():
    assert traits.speed_quarters(11, 12) == 23 and traits.speed_text(23) == "5.75"
    assert traits.speed_text(25) == "6.25" and traits.speed_text(20) == "5.00"
    assert traits.basic_move(11, 12) == 5 and traits.dodge(11, 12) == 8
    assert traits.basic_move(11, 12, encumbrance=1) == 4  # 5 x 0.8
    assert traits.basic_move(11, 12, encumbrance=4) == 1  # 5 x 0.2
    assert traits.dodge(12, 13, encumbrance=2) == 7
    assert traits.reeling(3, 10) and not traits.reeling(4, 10)
    assert traits.halve_up(9) == 5 and traits.step_hexes(5) == 1 and traits.step_hexes(23) == 2


def test_skill_levels_parry_and_block():
    s = stats_from_mapping({"dx": 12, "skills": {"broadsword": 14, "shield": 12,
                                                 "wrestling": 14},
                            "weapons": ["broadsword", "knife"], "shield": "medium"})
    assert traits.skill_level(s, "broadsword") == 14
    assert traits.skill_level(s, "knife") == 8  # DX-4
    assert traits.skill_level(s, "brawling") is None
    assert traits.weapon_skill(s, WEAPONS["punch"]) == 12  # DX when no Brawling
    assert traits.parry(s, WEAPONS["broadsword"]) == 10  # 3 + 14/2
    assert traits.parry(s, WEAPONS["knife"]) == 6  # 3 + 8/2 - 1
    assert traits.parry(s, WEAPONS["kick"]) is None
    assert traits.block(s) == 9  # 3 + 12/2
    assert traits.grapple_skill(s) == 14 and traits.wrestling_st_bonus(s) == 2
    assert traits.block(GurpsStats()) is None
    assert traits.st_shortfall(GurpsStats(st=9), WEAPONS["mace"]) == -3


def test_a_default_is_used_when_better_than_a_low_level():
    s = stats_from_mapping({"dx": 14, "skills": {"knife": 9}})
    assert traits.skill_level(s, "knife") == 10  # DX-4 beats the bought 9


# --------------------------------------------------------------------------- stats


def test_stats_from_mapping_uses_the_contract_keys():
    s = stats_from_mapping({"st": 12, "dx": 13, "iq": 9, "ht": 11,
                            "skills": {"broadsword": 14, "knife": 13, "bow": 13,
                                       "wrestling": 12},
                            "weapons": ["broadsword", "knife"], "shield": "small",
                            "armor": "mail"})
    assert (s.st, s.dx, s.iq, s.ht) == (12, 13, 9, 11)
    assert s.ready_weapon.name == "broadsword" and s.skill("bow") == 13
    assert s.shield.db == 1 and s.armor.dr_against("cut") == 4
    assert s.armor.dr_against("cr") == 2
    assert s.weapon("punch").unarmed and s.weapon("mace") is None
    assert stats_from_mapping({}) == GurpsStats()
    assert stats_from_mapping({"armor": 3}).armor.dr == 3
    assert stats_from_mapping({}).ready_weapon.name == "punch"


@pytest.mark.parametrize("raw, key, text", [
    ({"strength": 12}, "strength", "unknown key"),
    ({"st": "12"}, "st", "whole number"),
    ({"dx": True}, "dx", "whole number"),
    ({"ht": 0}, "ht", "at least 1"),
    ({"skills": {"sword": 12}}, "skills.sword", "unknown skill"),
    ({"skills": {"knife": 0}}, "skills.knife", "at least 1"),
    ({"skills": ["knife"]}, "skills", "table"),
    ({"weapons": "knife"}, "weapons", "list"),
    ({"weapons": ["knife", "katana"]}, "weapons[1]", "unknown weapon"),
    ({"weapons": ["knife", "knife"]}, "weapons[1]", "twice"),
    ({"weapons": ["greatsword"], "shield": "small"}, "shield", "two hands"),
    ({"shield": "tower"}, "shield", "shield name"),
    ({"armor": "kevlar"}, "armor", "unknown armor"),
    ({"armor": -1}, "armor", "at least 0"),
])
def test_bad_stats_name_the_key(raw, key, text):
    with pytest.raises(StatsError, match=text) as err:
        stats_from_mapping(raw)
    assert err.value.key == key
    assert isinstance(err.value, ValueError)


# --------------------------------------------------------------------------- plans


def test_plan_vocabulary_covers_the_issue_list():
    issue = ["move", "step", "move_and_attack", "all_out_attack", "attack", "ready",
             "all_out_defense", "wait", "aim", "grapple", "takedown", "pin", "break_free",
             "evade", "slam", "retreat"]
    assert set(issue) <= set(PLAN_ACTIONS)
    for spec in PLAN_ACTIONS.values():
        assert spec.maneuver is None or spec.maneuver in rules.MANEUVERS
    assert PLAN_ACTIONS["retreat"].maneuver is None  # part of the next defence
    for name in ("grapple", "takedown", "pin", "attack", "slam", "evade", "aim", "wait"):
        assert "target" in PLAN_ACTIONS[name].required, name
    assert PLAN_ACTIONS["takedown"].maneuver == "attack"  # seed: helpers choose Attack
    assert PLAN_ACTIONS["pin"].maneuver == "attack"


def test_plan_steps_checked():
    s = stats_from_mapping({"weapons": ["knife"], "shield": "small"})
    assert check_plan_step({"action": "move", "to": [3, 0]}).maneuver == "move"
    assert check_plan_step({"action": "ready", "weapon": "knife"}, s).name == "ready"
    assert check_plan_step({"action": "ready", "discard": "shield"}, s).name == "ready"
    assert check_plan_step({"action": "all_out_attack", "target": "bo",
                            "option": "strong"}).maneuver == "all_out_attack"
    for step, key, text in (
        ({"action": "charge"}, "action", "unknown action"),
        ({"action": "move"}, "target", "needs one of"),
        ({"action": "attack"}, "target", "required"),
        ({"action": "grapple", "target": "bo", "weapon": "knife"}, "weapon", "takes no"),
        ({"action": "all_out_attack", "target": "bo", "option": "wild"}, "option", "one of"),
        ({"action": "move", "to": [1]}, "to", "hex"),
        ({"action": "attack", "target": 3}, "target", "combatant id"),
        ({"action": "ready", "weapon": "bow"}, "weapon", "no 'bow'"),
        ({"action": "slam", "target": "bo", "via": "move"}, "via", "one of"),
    ):
        with pytest.raises(StatsError, match=text) as err:
            check_plan_step(step, s)
        assert err.value.key == key
    with pytest.raises(StatsError, match="no shield"):
        check_plan_step({"action": "ready", "discard": "shield"}, GurpsStats())
