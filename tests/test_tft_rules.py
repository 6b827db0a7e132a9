"""The ``tft`` rule data and damage: seed 000's table and numbers, the base game's to-hit,
damage, armour and injury rules, replayed with given dice faces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.systems.tft import damage, resolve
from timedcombat.systems.tft.rules import (
    ARMOR,
    BASE,
    HTH_RESULTS,
    SEED,
    SHIELDS,
    WEAPONS,
    TftRules,
    dd,
    tables,
    unarmed_rows,
)

R = TftRules()

# --------------------------------------------------------------------------- unarmed table

# Seed 000's table, row by row, as printed.
SEED_ROWS = [
    (0, 3, "1d-5"), (4, 7, "1d-4"), (8, 11, "1d-3"), (12, 15, "1d-2"), (16, 19, "1d-1"),
    (20, 26, "1d"), (27, 32, "1d+1"), (33, 39, "1d+2"), (40, 46, "2d"), (47, 52, "2d+1"),
]


@pytest.mark.parametrize(("lo", "hi", "text"), SEED_ROWS)
def test_unarmed_damage_is_the_seeds_table_at_both_ends_of_each_row(lo, hi, text):
    assert str(damage.unarmed_damage(lo)) == text
    assert str(damage.unarmed_damage(hi)) == text


@pytest.mark.parametrize(("st", "text"), [
    (53, "2d+2"), (59, "2d+2"), (60, "3d"), (66, "3d"), (67, "3d+1"), (72, "3d+1"),
    (73, "3d+2"), (79, "3d+2"), (80, "4d"), (100, "5d"),
])
def test_unarmed_damage_past_st_52_follows_the_pattern_from_20_to_40(st, text):
    # "etc. (Follow the pattern from 20 ST to 40 ST.)": 7, 6, 7 ST per step, a die per 20
    assert str(damage.unarmed_damage(st)) == text


@given(st.integers(min_value=20, max_value=400))
def test_twenty_more_st_adds_exactly_one_die(s):
    a, b = damage.unarmed_damage(s), damage.unarmed_damage(s + 20)
    assert (b.dice, b.adds) == (a.dice + 1, a.adds)


@given(st.integers(min_value=0, max_value=400))
def test_unarmed_damage_never_falls_as_st_rises(s):
    a, b = damage.unarmed_damage(s), damage.unarmed_damage(s + 1)
    assert (b.dice * 3.5 + b.adds) >= (a.dice * 3.5 + a.adds)


def test_unarmed_table_rows_are_the_seeds_then_the_pattern():
    rows = unarmed_rows()
    assert [(lo, hi, d) for lo, hi, d, _ in rows[:10]] == SEED_ROWS
    assert all(src == "seed 000" for *_, src in rows[:10])
    assert rows[10][:3] == (53, 59, "2d+2")
    assert rows[11][:3] == (60, 66, "3d")
    # contiguous: every ST appears exactly once
    assert all(rows[i][1] + 1 == rows[i + 1][0] for i in range(len(rows) - 1))


def test_tables_have_the_names_the_issue_requires():
    names = [t.name for t in tables(R)]
    for name in ("unarmed-damage", "hth-roll", "weapons", "armor", "parameters"):
        assert name in names
    hth = next(t for t in tables(R) if t.name == "hth-roll")
    assert {row[3] for row in hth.rows} <= set(HTH_RESULTS)
    params = next(t for t in tables(R) if t.name == "parameters")
    assert {row[0] for row in params.rows} == set(TftRules.parameter_docs())


def test_parameters_table_shows_overridden_values():
    rules = TftRules(side_dx_bonus=1)
    params = next(t for t in tables(rules) if t.name == "parameters")
    row = next(r for r in params.rows if r[0] == "side_dx_bonus")
    assert row[1:3] == (1, 2)


def test_every_parameter_is_documented():
    docs = TftRules.parameter_docs()
    assert all(len(doc) > 20 for doc in docs.values())


def test_rules_validate_rejects_bad_choices():
    with pytest.raises(ValueError, match="side_rear_reroll"):
        TftRules(side_rear_reroll="seven").validate()
    with pytest.raises(ValueError, match="movement_phase_tenths"):
        TftRules(movement_phase_tenths=50).validate()
    TftRules().validate()


# --------------------------------------------------------------------------- damage


def test_hth_adds_one_so_an_st_11_fighter_does_1d_minus_2():
    # seed 000: "In HTH combat all fighters do +1 damage. So a 11 ST fighter would do 1d-2"
    dice, mods = damage.weapon_damage(None, 11, in_hth=True, rules=R)
    assert str(dice) == "1d-2" and mods == (("hth", 1),)
    assert str(damage.weapon_damage(None, 11, in_hth=False, rules=R)[0]) == "1d-3"


def test_clubs_and_rock_do_fist_damage_plus_their_bonus():
    # "A one handed club does Fist damage +2 / A two handed club does Fist damage +4 /
    # A thrown rock does Fist damage if it hits."
    assert str(damage.weapon_damage(WEAPONS["club"], 12, in_hth=False, rules=R)[0]) == "1d"
    assert str(damage.weapon_damage(WEAPONS["two_handed_club"], 13, in_hth=False,
                                    rules=R)[0]) == "1d+2"
    assert str(damage.weapon_damage(WEAPONS["rock"], 8, in_hth=False, rules=R)[0]) == "1d-3"
    assert str(damage.weapon_damage(WEAPONS["club"], 20, in_hth=False, rules=R)[0]) == "1d+2"


def test_knives_have_a_regular_and_an_hth_damage():
    dagger = WEAPONS["dagger"]
    assert str(damage.weapon_damage(dagger, 10, in_hth=False, rules=R)[0]) == "1d-1"
    # HTH damage 1d+1, and +1 for all fighters in HTH
    assert str(damage.weapon_damage(dagger, 10, in_hth=True, rules=R)[0]) == "1d+2"
    off = TftRules(hth_bonus_on_knives=False)
    assert str(damage.weapon_damage(dagger, 10, in_hth=True, rules=off)[0]) == "1d+1"


def test_damage_roll_multiplies_a_critical_and_keeps_every_face():
    roll = damage.roll_damage(dd("2d-1"), (4, 5), multiplier=3, rules=R)
    assert (roll.faces, roll.rolled, roll.amount) == ((4, 5), 24, 24)
    low = damage.roll_damage(dd("1d-5"), (2,), rules=R)
    assert (low.rolled, low.amount) == (-3, 0)
    with pytest.raises(ValueError):
        damage.roll_damage(dd("2d"), (3,), rules=R)


def test_armor_stops_hits_and_a_shield_only_from_front_and_side():
    chain, large = ARMOR["chainmail"], SHIELDS["large"]
    front = damage.hits_through(9, chain, large, arc="front", in_hth=False, rules=R)
    assert (front.armor_stops, front.shield_stops, front.hits) == (3, 2, 4)
    rear = damage.hits_through(9, chain, large, arc="rear", in_hth=False, rules=R)
    assert (rear.shield_stops, rear.hits) == (0, 6)
    hth = damage.hits_through(9, chain, large, arc="front", in_hth=True, rules=R)
    assert (hth.armor_stops, hth.shield_stops, hth.hits) == (3, 0, 6)
    small = damage.hits_through(2, ARMOR["leather"], SHIELDS["small"], arc="side",
                                in_hth=False, rules=R)
    assert (small.armor_stops, small.shield_stops, small.hits) == (2, 0, 0)


@given(st.integers(min_value=-5, max_value=60), st.sampled_from(sorted(ARMOR)),
       st.sampled_from([None, *sorted(SHIELDS)]), st.sampled_from(["front", "side", "rear"]),
       st.booleans())
def test_hits_never_negative_and_never_more_than_damage(dmg, armor, shield, arc, hth):
    h = damage.hits_through(dmg, ARMOR[armor], SHIELDS[shield] if shield else None, arc=arc,
                            in_hth=hth, rules=R)
    assert 0 <= h.hits <= max(0, dmg)
    assert h.hits + h.armor_stops + h.shield_stops == max(0, dmg)


def test_injury_thresholds_five_and_eight_hits_in_a_turn():
    a = damage.injury(12, 4, 0, 12)
    assert not a.dx_penalty_next_turn and not a.knocked_down
    b = damage.injury(a.st, 1, a.turn_hits, 12)  # 5 this turn
    assert b.dx_penalty_next_turn and not b.knocked_down
    c = damage.injury(b.st, 3, b.turn_hits, 12)  # 8 this turn: falls at once
    assert c.knocked_down and c.st == 4 and not c.low_st
    d = damage.injury(c.st, 1, c.turn_hits, 12)  # already down: not knocked down again
    assert not d.knocked_down and d.low_st and not d.out
    assert damage.injury(3, 2, 0, 12).unconscious and not damage.injury(3, 2, 0, 12).dead
    assert damage.injury(3, 3, 0, 12).dead


def test_giants_have_higher_thresholds():
    assert damage.thresholds(12) == (5, 8)
    assert damage.thresholds(30) == (9, 16)
    assert damage.thresholds(50) == (15, 25)
    assert not damage.injury(40, 8, 0, 30).knocked_down


def test_judo_throw_does_fist_plus_three_or_plus_five():
    assert str(damage.throw_damage(12, judo_2=False)[0]) == "1d+1"
    assert str(damage.throw_damage(12, judo_2=True)[0]) == "1d+3"


# --------------------------------------------------------------------------- to hit


@pytest.mark.parametrize(("faces", "result", "critical", "mult"), [
    ((1, 1, 1), "hit", "triple_damage", 3),
    ((1, 1, 2), "hit", "double_damage", 2),
    ((1, 2, 2), "hit", "automatic_hit", 1),
    ((2, 2, 2), "miss", None, 1),  # 6 > adjDX 5
    ((6, 6, 4), "miss", "automatic_miss", 1),
    ((6, 6, 5), "miss", "dropped_weapon", 1),
    ((6, 6, 6), "miss", "broken_weapon", 1),
])
def test_three_dice_criticals_against_a_low_dx(faces, result, critical, mult):
    out = resolve.to_hit(faces, 5, rules=R)
    assert (out.result, out.critical, out.multiplier) == (result, critical, mult)


def test_sixteen_misses_even_with_dx_twenty():
    assert resolve.to_hit((6, 6, 4), 20, rules=R).result == "miss"
    assert resolve.to_hit((6, 5, 4), 20, rules=R).result == "hit"


@pytest.mark.parametrize(("faces", "result", "critical"), [
    ((1, 1, 1, 1), "hit", "automatic_hit"),
    ((1, 1, 1, 2), "hit", "automatic_hit"),
    ((6, 6, 6, 2), "miss", "automatic_miss"),
    ((6, 6, 6, 3), "miss", "dropped_weapon"),
    ((6, 6, 6, 5), "miss", "broken_weapon"),
    ((3, 3, 3, 3), "hit", None),
])
def test_four_dice_against_a_defending_figure(faces, result, critical):
    out = resolve.to_hit(faces, 14, rules=R)
    assert (out.result, out.critical, out.multiplier) == (result, critical, 1)


def test_four_dice_double_on_four_is_a_parameter():
    out = resolve.to_hit((1, 1, 1, 1), 14, rules=TftRules(four_dice_double_on_four=True))
    assert (out.critical, out.multiplier) == ("double_damage", 2)


@given(st.lists(st.integers(1, 6), min_size=3, max_size=3), st.integers(-5, 25))
def test_a_plain_three_dice_roll_hits_iff_under_dx_outside_criticals(faces, dx):
    out = resolve.to_hit(faces, dx, rules=R)
    roll = sum(faces)
    if 6 <= roll <= 15:
        assert (out.result == "hit") == (roll <= dx)
    assert (out.multiplier > 1) == (roll <= 4)


def test_attack_dice_four_against_defend_or_dodge():
    assert resolve.attack_dice() == 3
    assert resolve.attack_dice(target_defending=True) == 4
    assert resolve.attack_dice(target_dodging=True) == 4


def test_adjusted_dx_names_every_adjustment():
    adj = resolve.adjusted_dx(13, armor=ARMOR["chainmail"], shield=SHIELDS["large"], st=3,
                              hit_hard_last_turn=True)
    assert adj.modifiers == (("armor", -3), ("shield", -1), ("low_st", -3),
                             ("hits_last_turn", -2))
    assert adj.total == 4


def test_position_rear_four_side_parameter_ground_four():
    assert resolve.position_modifiers("rear", "standing", in_hth=False, rules=R) == \
        (("rear", 4),)
    assert resolve.position_modifiers("side", "prone", in_hth=False, rules=R) == \
        (("side", 2), ("target_down", 4))
    assert resolve.position_modifiers("front", "kneeling", in_hth=False, rules=R) == ()
    # seed 000: "figures in HTH never get the +4 'on the ground, rear hex' DX adjustment"
    assert resolve.position_modifiers("rear", "prone", in_hth=True, rules=R) == ()
    assert resolve.position_modifiers("front", "prone", in_hth=False, into_hth=True,
                                      rules=R) == (("into_hth", 4),)


def test_hth_attack_modifiers():
    # "This attack is at -4 DX"; strongest +2; a poniard's HTH adjustment
    mods = resolve.hth_modifiers(entry_attack=True, strongest=True, knife=WEAPONS["poniard"])
    assert mods == (("hth_entry", -4), ("strongest", 2), ("poniard_in_hth", -2))
    assert resolve.hth_modifiers(entry_attack=False, strongest=False) == ()


def test_seed_numbers():
    assert (SEED.hth_entry_attack_dx, SEED.strongest_dx_bonus, SEED.hth_damage_bonus) == \
        (-4, 2, 1)
    assert (SEED.ready_knife_dice, SEED.hth_disengage_dice) == (3, 4)
    assert BASE.turn_tenths == 50


def test_automatic_hit_uses_the_defenders_ready_weapon_without_hth_bonus():
    assert str(damage.automatic_hit_damage(WEAPONS["broadsword"], 12, R)[0]) == "2d"
    assert str(damage.automatic_hit_damage(None, 12, R)[0]) == "1d-2"
    hth_rules = TftRules(auto_hit_uses_hth_damage=True)
    assert str(damage.automatic_hit_damage(None, 12, hth_rules)[0]) == "1d-1"
