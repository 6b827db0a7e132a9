"""Every stated rule of seed 001 as a pure-function test, and the phase-to-tenths mapping."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.systems.percentile.condition import (
    base_budget,
    forbidden,
    free_limbs,
    penalty_keys,
    phase_levels,
    surprised_in,
)
from timedcombat.systems.percentile.damage import (
    effective_pd,
    fixed_damage,
    impact_dice,
    incapacitated,
    knockout_chance,
    pd_of,
    resolve_hit,
)
from timedcombat.systems.percentile.grapple import (
    BOTH,
    CHANGED,
    DISENGAGED,
    KEPT,
    attempt,
    can_coincide,
    exchange,
)
from timedcombat.systems.percentile.holds import (
    hold_tick,
    hold_total_pd,
    joint_escape_injury,
    knockout_phases,
    phases_held,
    range_pd,
)
from timedcombat.systems.percentile.mount import (
    control_chance,
    fall_chance,
    mount_actions,
    resolve_control,
    resolve_ram,
)
from timedcombat.systems.percentile.odds import parry_type, succeeds
from timedcombat.systems.percentile.rules import (
    GRAPPLES,
    TABLE_5F,
    PercentileRules,
    location_named,
    move_spec,
)
from timedcombat.systems.percentile.strike import (
    blow_defense_level,
    defence_allowed,
    resolve_strike,
    strike_attack_level,
)
from timedcombat.systems.percentile.throws import (
    ROLLED_OUT,
    THROWN,
    footing_phases,
    resolve_throw,
    rollout_chance,
    thrown_to,
)
from timedcombat.systems.percentile.timing import (
    action_tenth,
    fitting,
    hold_tick_tenth,
    phase_end,
    phase_of,
    phase_start,
    schedule,
    stands_at,
)

# --------------------------------------------------------------------------- the roll


def test_a_roll_at_or_under_the_odds_succeeds():
    assert (succeeds(30, 30), succeeds(31, 30), succeeds(0, 0), succeeds(99, 98)) == \
        (True, False, True, False)
    with pytest.raises(ValueError, match="00-99"):
        succeeds(100, 50)


@given(st.integers(0, 98))
def test_odds_of_n_succeed_on_n_plus_one_of_the_hundred_rolls(odds):
    assert sum(succeeds(r, odds) for r in range(100)) == odds + 1


# --------------------------------------------------------------------------- levels, CA


def test_combat_actions_are_six_times_bat_rounded_down():
    assert [base_budget(Fraction(b)) for b in ("1", "1.5", "0.5", "1.1")] == [6, 9, 3, 6]
    assert base_budget(Fraction(1), armed=True, rules=PercentileRules(armed_ca_per_bat=4)) == 4


def test_penalties_come_off_mal_and_combat_actions():
    lv = phase_levels(6, Fraction(1), disabled=("left_arm", "right_leg"), holding=True)
    assert (lv.mal, lv.budget) == (6 - 8 - 12 - 2, 0)  # 6 - 3 - 3 - 2 < 0
    assert lv.penalties == ("arm disabled", "leg disabled", "holding an object")
    rear = phase_levels(20, Fraction(1), surprised="rear", shield=True)
    assert (rear.mal, rear.budget) == (20 - 3 - 15, 0)  # 6 - 2 - 4: no Combat Actions left
    assert penalty_keys(surprised="front") == ("surprised_front",)
    with pytest.raises(ValueError):
        penalty_keys(disabled=("tail",))


def test_surprise_lasts_the_first_phases_only():
    rules = PercentileRules(surprise_phases=1)
    assert [surprised_in(p, "rear", rules) for p in (0, 1)] == ["rear", None]


def test_joint_lock_and_pin_leave_only_the_escape():
    assert forbidden("escape", locked=True) is None
    assert "Escape" in forbidden("punch", locked=True)
    assert "Escape" in forbidden("grab", pinned=True)
    assert forbidden("punch") is None
    assert forbidden("duck", down=True) is None
    assert forbidden("kick", down=True) == "regaining his footing"
    assert forbidden("escape", out=True) == "out of the fight"


def test_a_grabbed_limb_may_not_strike_and_holds_keep_the_holders_limbs():
    assert free_limbs("arm", grabbed=("left_arm",)) == ("right_arm",)
    assert free_limbs("arm", busy=1) == ("right_arm",)
    assert free_limbs("arm", disabled=("right_arm",), busy=1) == ()
    assert free_limbs("leg", grabbed=("left_arm",)) == ("left_leg", "right_leg")


# --------------------------------------------------------------------------- strikes


def test_parry_type_compares_strikes_with_parries_ducks_and_blocks():
    assert [parry_type(2, p) for p in (0, 1, 2, 3)] == ["none", "half", "full", "full"]
    assert [parry_type(3, p) for p in (1, 2)] == ["none", "half"]
    with pytest.raises(ValueError):
        parry_type(0, 1)


@given(st.integers(1, 12), st.integers(0, 12))
def test_more_parries_never_make_a_worse_parry_type(strikes, parries):
    rank = {"none": 0, "half": 1, "full": 2}
    assert rank[parry_type(strikes, parries)] <= rank[parry_type(strikes, parries + 1)]


def test_a_strike_against_no_parry_uses_table_4d():
    s = resolve_strike("punch", 3, 4, 2, 0, 40)
    assert (s.parry, s.odds, s.result) == ("none", 52, "hit")  # 4D at AL - DL = +1
    half = resolve_strike("punch", 3, 4, 2, 1, 40)
    assert (half.parry, half.odds, half.result) == ("half", 36, "miss")


def test_stroke_modifiers_and_armed_blows():
    assert strike_attack_level(3, 2, "short") == 4
    assert strike_attack_level(3, 2, "long", PercentileRules(long_stroke_al=3)) == 8
    blow = resolve_strike("blow", 5, 3, 1, 0, 0, weapon="sword", stroke="long")
    assert (blow.wc, blow.attack_level, blow.weapon) == (2, 8, "sword")
    with pytest.raises(ValueError):
        resolve_strike("headbutt", 3, 3, 1, 0, 0)


def test_an_unarmed_man_ducks_an_armed_foe_or_closes_to_range_1_to_block():
    assert defence_allowed("duck", attacker_armed=True, distance=2) is None
    assert "range 1" in defence_allowed("block", attacker_armed=True, distance=2)
    assert defence_allowed("block", attacker_armed=True, distance=1) is None
    assert "weapon" in defence_allowed("parry", attacker_armed=False, distance=1)
    assert defence_allowed("parry", attacker_armed=True, distance=2, has_weapon=True) is None


def test_defense_level_against_blows_is_mal_for_ducks_and_skill_for_parries():
    assert blow_defense_level(4, 7, ("duck",)) == 4
    assert blow_defense_level(4, 7, ("duck", "parry")) == 7
    assert blow_defense_level(4, 7) == 4


# --------------------------------------------------------------------------- damage


def test_a_grabbed_striker_halves_his_damage_bonus():
    assert [impact_dice(d, True) for d in (1, 2, 3)] == [1, 1, 2]
    assert [impact_dice(d, True, PercentileRules(grabbed_round_up=False)) for d in (1, 3)] \
        == [0, 1]
    assert impact_dice(2, False) == 2


def test_armor_stops_impact_and_edged_hits_multiply_pd():
    body, head = location_named("body"), location_named("head")
    assert pd_of(6, body) == 18
    assert pd_of(6, head, edged=True) == 60
    hit = resolve_hit("blow", 2, (3, 2), 5, 0, armor=4, edged=True)
    assert (hit.location, hit.impact, hit.pd, hit.knockout_chance) == ("head", 1, 10, 30)
    assert hit.knocked_out


def test_a_hit_stopped_by_armor_needs_no_knockout_roll():
    hit = resolve_hit("punch", 1, (2,), 40, None, armor=3)
    assert (hit.pd, hit.knockout_roll, hit.knocked_out) == (0, None, False)
    with pytest.raises(ValueError, match="Knockout Roll"):
        resolve_hit("punch", 1, (5,), 40, None)
    with pytest.raises(ValueError, match="faces"):
        resolve_hit("punch", 2, (5,), 40, 1)


def test_pd_star_counts_a_quarter_for_survival():
    assert (effective_pd(30, True), effective_pd(30, False)) == (7, 30)
    assert incapacitated(100, 100) and not incapacitated(99, 100)
    throw = fixed_damage("throw", 30, True, 29)  # the Knockout Roll counts PD* a quarter
    assert (throw.effective_pd, throw.knockout_chance, throw.knocked_out) == (7, 7, False)
    full = fixed_damage("throw", 30, True, 29,
                        rules=PercentileRules(pd_star_knockout_quarter=False))
    assert (full.knockout_chance, full.knocked_out) == (30, True)
    head = location_named("head")  # x 3: 90 PD* / 4 = 22.5 x 3 = 67.5, 67 (not 22 x 3)
    assert (knockout_chance(90, head, star=True), knockout_chance(90, head)) == (67, 270)
    escape = fixed_damage("joint_lock_escape", 50, True, None, location="left_arm",
                          knockout=False)
    assert (escape.location, escape.knockout_roll, escape.knocked_out) == \
        ("left_arm", None, False)


# --------------------------------------------------------------------------- grappling


def test_attack_level_is_mal_plus_pm_plus_dr_and_defense_level_mal_plus_pm():
    a = attempt("choke", 6, 7, 3, 2, 0)
    assert (a.attack_level, a.defense_level) == (6 + 7 - 8, 3 + 2)
    assert a.modifiers == (("mal", 6), ("pm", 7), ("dr", -8))


def _move(move, success, variant=None):
    return attempt(move, 30 if success else -30, 0, 0, 0, 50, variant=variant)


def test_one_success_changes_the_position_to_the_successful_move():
    x = exchange(_move("grab", False), _move("choke", True), (7, 0))
    assert (x.result, x.applied, x.pm) == (CHANGED, (1,), (0, 6))
    x = exchange(_move("grab", False), _move("choke", True), (7, 0), PercentileRules(victim_pm=-2))
    assert x.pm == (-2, 6)


def test_both_fail_position_remains_constant():
    x = exchange(_move("pin", False), _move("escape", False), (8, 0))
    assert (x.result, x.applied, x.pm) == (KEPT, (), (8, 0))


def test_both_succeed_at_moves_that_cannot_coincide_disengage():
    x = exchange(_move("pin", True), _move("pin", True), (3, 3))
    assert (x.result, x.applied, x.pm, x.disengaged) == (DISENGAGED, (), (0, 0), True)
    x = exchange(_move("throw", True), _move("joint_lock", True), (0, 0))
    assert x.result == DISENGAGED


def test_a_grab_coincides_with_another_move():
    x = exchange(_move("grab", True), _move("choke", True), (0, 0))
    assert (x.result, x.applied, x.pm) == (BOTH, (0, 1), (7, 6))


def test_a_successful_escape_frees_and_disengages_both():
    # one success (the other failed or made no move): the seed's "changed" case, the
    # position it changes to being the escape's, "free and disengaged" (both PM 0)
    x = exchange(_move("escape", True), None, (0, 7))
    assert (x.result, x.applied, x.pm, x.freed) == (CHANGED, (0,), (0, 0), True)
    x = exchange(_move("joint_lock", False), _move("escape", True), (8, 0))
    assert (x.result, x.applied, x.pm, x.freed) == (CHANGED, (1,), (0, 0), True)
    # both succeed: an escape coincides with nothing, so they disengage
    x = exchange(_move("escape", True), _move("grab", True), (0, 7))
    assert (x.result, x.applied, x.pm, x.freed) == (DISENGAGED, (), (0, 0), True)
    assert not can_coincide(move_spec("escape"), move_spec("grab"))
    # a grab that takes effect, or two that coincide, free nobody
    assert not exchange(_move("grab", True), None, (0, 0)).freed
    assert not exchange(_move("grab", True), _move("choke", True), (0, 0)).freed


def test_an_exchange_needs_a_move():
    with pytest.raises(ValueError):
        exchange(None, None, (0, 0))


MOVES = [(m, v) for (m, v) in TABLE_5F]


@given(st.sampled_from(MOVES), st.sampled_from(MOVES), st.booleans(), st.booleans(),
       st.integers(-5, 9), st.integers(-5, 9))
def test_an_exchange_is_the_same_seen_from_either_side(a, b, win_a, win_b, pm_a, pm_b):
    ma, mb = _move(a[0], win_a, a[1]), _move(b[0], win_b, b[1])
    one, two = exchange(ma, mb, (pm_a, pm_b)), exchange(mb, ma, (pm_b, pm_a))
    assert one.result == two.result
    assert one.pm == two.pm[::-1]
    assert sorted(one.applied) == sorted(1 - i for i in two.applied)


def test_every_grappling_move_has_a_table_5f_row():
    assert {m for m, _ in TABLE_5F} == set(GRAPPLES)


# --------------------------------------------------------------------------- holds


def test_choke_does_10_n_n_and_knocks_out_after_two_phases():
    ticks = [hold_tick("choke", n) for n in (1, 2)]
    assert [(t.pd, t.total, t.knocked_out) for t in ticks] == [(10, 10, False), (30, 40, True)]
    assert knockout_phases("choke") == 2


def test_strangle_does_n_n_and_knocks_out_after_ten_phases():
    assert [hold_total_pd("strangle", n) for n in (1, 2, 3, 10)] == [1, 4, 9, 100]
    assert [hold_tick("strangle", n).knocked_out for n in (9, 10)] == [False, True]
    with pytest.raises(ValueError):
        hold_total_pd("grab", 1)


@given(st.sampled_from(["choke", "strangle"]), st.integers(1, 30))
def test_a_holds_phase_damage_adds_up_to_its_total(hold, n):
    assert sum(hold_tick(hold, k).pd for k in range(1, n + 1)) == hold_total_pd(hold, n)


def test_phases_held_count_whole_phases_after_the_hold_is_put_on():
    assert [phases_held(3, p) for p in (3, 4, 5)] == [0, 1, 2]
    rules = PercentileRules(hold_first_phase_counts=True)
    assert [phases_held(3, p, rules) for p in (3, 4)] == [1, 2]


def test_an_escape_attempt_from_a_joint_lock_costs_10_to_100_pd_star_and_the_limb():
    hurt = joint_escape_injury("left_arm", 7, 19)
    assert (hurt.pd, hurt.permanence_chance, hurt.permanent) == (70, 20, True)
    assert not joint_escape_injury("left_arm", 1, 21).permanent
    assert (range_pd(1), range_pd(10)) == (10, 100)
    with pytest.raises(ValueError):
        range_pd(11)


# --------------------------------------------------------------------------- throws


def test_roll_out_chance_is_ten_times_mal_and_moves_3_hexes_on_his_feet_unhurt():
    assert rollout_chance(4) == 40
    out = resolve_throw("injuring", 4, 40, damage_die=9, footing_roll=2, thrower_grabbing=True)
    assert (out.result, out.hexes, out.on_feet, out.pd, out.keeps_grab) == \
        (ROLLED_OUT, 3, True, 0, False)


def test_a_throw_not_rolled_out_of_does_30_pd_star_or_10_to_100_pd_and_1_2_phases_down():
    soft = resolve_throw("non_injuring", 4, 41, footing_roll=1)
    assert (soft.result, soft.hexes, soft.on_feet, soft.pd, soft.star, soft.footing_phases) \
        == (THROWN, 1, False, 30, True, 1)
    hard = resolve_throw("injuring", 0, 0 + 1, damage_die=6, footing_roll=2)
    assert (hard.pd, hard.star, hard.damage_die, hard.footing_phases) == (60, False, 6, 2)
    with pytest.raises(ValueError, match="d10"):
        resolve_throw("injuring", 0, 50, footing_roll=1)


def test_a_rider_dragged_down_falls_instead_of_rolling_out():
    hurt = resolve_throw("non_injuring", 9, 50, fall_height=5, fall_recovery=2, footing_roll=2)
    assert (hurt.rollout_chance, hurt.fall.chance, hurt.result, hurt.pd) == \
        (None, 40, THROWN, 30)


def test_footing_and_direction():
    assert [footing_phases(r) for r in (1, 2)] == [1, 2]
    assert [footing_phases(r, PercentileRules(footing_die=6)) for r in range(1, 7)] == \
        [1, 1, 1, 2, 2, 2]
    assert thrown_to((0, 0), "E", 1) == (1, 0)
    assert thrown_to((2, 2), "SW", 3) == (-1, 5)


# --------------------------------------------------------------------------- mounts


def test_control_and_mount_actions_by_horseman_level():
    assert [control_chance(3, h) for h in (0, 1, 2)] == [150, 90, 30]
    assert [mount_actions(level) for level in (2, 3, 5, 6)] == [0, 1, 1, 2]
    with pytest.raises(ValueError, match="d10"):
        resolve_control(1, 2, 90)
    assert resolve_control(5, 0, 99).success


def test_ram_and_fall():
    ram = resolve_ram("warhorse", 0, 52)  # AL 1 - DL 0 = +1 on 4D
    assert (ram.odds, ram.result) == (52, "hit")
    with pytest.raises(ValueError, match="not trained"):
        resolve_ram("horse", 0, 0)
    assert (fall_chance(5, 2), fall_chance(10, 1), fall_chance(3, 1)) == (40, 10, 33)


# --------------------------------------------------------------------------- timing


def test_phases_are_phase_tenths_long():
    rules = PercentileRules(phase_tenths=30)
    assert (phase_start(2, rules), phase_end(2, rules), phase_of(89, rules),
            phase_of(90, rules)) == (60, 89, 2, 3)
    assert (phase_start(1), phase_end(1)) == (20, 39)
    assert hold_tick_tenth(4) == 99


def test_the_whole_budget_ends_on_the_phases_last_tenth():
    assert [s.t for s in schedule(40, [1] * 6, 6)] == [43, 46, 49, 53, 56, 59]
    assert [s.t for s in schedule(0, [2, 0, 3], 9)] == [4, 4, 11]
    assert [s.t for s in schedule(0, [0, 1], 9)] == [0, 2]
    assert [s.t for s in schedule(0, [1, 1, 1], 40)] == [0, 0, 1]


def test_an_action_never_splits_across_phases():
    assert fitting([4, 4], 6) == 1
    assert fitting([4, 1, 1, 1], 6) == 3
    with pytest.raises(ValueError, match="overspend"):
        schedule(0, [4, 4], 6)
    with pytest.raises(ValueError, match="no Combat Actions"):
        action_tenth(0, 0, 0, 20)


def test_thrown_man_stands_after_whole_phases():
    assert stands_at(1, 1) == 60  # the rest of phase 1, then phase 2
    assert stands_at(1, 2, PercentileRules(phase_tenths=10)) == 40


@given(st.integers(0, 50), st.integers(1, 60), st.integers(1, 40),
       st.lists(st.integers(0, 6), max_size=12))
def test_every_action_falls_inside_its_phase_in_plan_order(phase, budget, length, costs):
    rules = PercentileRules(phase_tenths=length)
    costs = costs[:fitting(costs, budget)]
    slots = schedule(phase_start(phase, rules), costs, budget, rules)
    times = [s.t for s in slots]
    assert all(phase_start(phase, rules) <= t <= phase_end(phase, rules) for t in times)
    assert times == sorted(times)
    if costs and sum(costs) == budget:
        assert times[-1] == phase_end(phase, rules)
    assert [s.spent_after for s in slots] == [sum(costs[:i + 1]) for i in range(len(costs))]


def test_strikes_and_a_grappling_move_may_share_a_phase():
    # "Each phase strikes, grappling moves, or both may be executed."
    from timedcombat.systems.percentile.costs import action_cost

    costs = [action_cost("punch"), action_cost("grab")]
    assert fitting(costs, 6) == 2
    assert [s.t for s in schedule(0, costs, 6)] == [6, 19]
