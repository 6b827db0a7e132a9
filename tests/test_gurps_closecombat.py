"""Seed 002 (GURPS 4e Close Combat), rule by rule, with scripted faces: entering and leaving,
half hexes, weapons, shields, Ready, defences, several participants, attacks from outside;
and the Basic Set grappling and slams the chapter builds on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.hexmap import DIRECTIONS, neighbour
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import grapple as gr
from timedcombat.systems.gurps import halfhex as hh
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps import slam as sl
from timedcombat.systems.gurps.rolls import success_roll
from timedcombat.systems.gurps.rules import WEAPONS, GurpsRules
from timedcombat.systems.gurps.stats import stats_from_mapping

H = (0, 0)
RULES = GurpsRules()


def pair(came_from=(-1, 0)):
    """Bo stands on H; Ana comes in from ``came_from``."""
    return hh.enter(hh.CloseCombatHex(H), "ana", came_from, standing=["bo"])


# --------------------------------------------------------------------------- entering


def test_entering_a_foes_hex_with_any_maneuver_is_close_combat():
    assert ccr.enters_close_combat(True) and not ccr.enters_close_combat(False)
    assert ccr.entering_choices("attack", 0) == {"stop"}  # a step in: stop there
    assert ccr.entering_choices("step", 0) == {"stop"}


def test_move_maneuvers_may_stop_or_evade_or_slam():
    assert ccr.entering_choices("move", 3) == {"stop", "evade"}
    assert ccr.entering_choices("move_and_attack", 3) == {"stop", "evade", "slam"}
    assert ccr.entering_choices("all_out_attack", 1) == {"stop", "evade", "slam"}
    assert ccr.entering_choices("move", 0) == {"stop"}  # no movement left


def test_half_hex_by_side_of_entry():
    cc = pair()
    assert cc.side_of("ana") == 3  # came in from the west edge
    assert cc.side_of("bo") == 0  # the foe holds the other half
    assert hh.facing_on_entry(3) == 0  # stops facing the foe (east)
    assert hh.own_side_hexes(H, 3) == ((0, -1), (-1, 0), (-1, 1))
    assert hh.foe_side_hexes(H, 3) == ((0, 1), (1, 0), (1, -1))
    third = hh.enter(cc, "cy", (0, 1))
    assert (third.side_of("cy"), third.side_of("ana"), third.side_of("bo")) == (5, 3, 0)
    assert third.ids() == ("bo", "ana", "cy") and "cy" in third
    assert "ana" not in hh.leave(third, "ana")
    with pytest.raises(ValueError, match="not a neighbour"):
        hh.enter(cc, "cy", (3, 0))


@given(st.integers(0, 5))
def test_the_six_neighbours_split_three_and_three(side):
    own, far = set(hh.own_side_hexes(H, side)), set(hh.foe_side_hexes(H, side))
    assert own | far == {neighbour(H, d) for d in range(6)} and not own & far


# --------------------------------------------------------------------------- leaving


def test_leaving_through_ones_own_side_or_evading():
    cc = pair()
    assert ccr.exits(cc, "ana", grappled=False) == ((0, -1), (-1, 0), (-1, 1))
    assert not hh.needs_evade(cc, "ana", (-1, 1))
    assert hh.needs_evade(cc, "ana", (1, 0))  # "To leave through the foe's side ... evade"
    assert ccr.exits(cc, "ana", grappled=True) == ()  # "cannot leave ... until you break free"


def test_turning_or_stepping_back_costs_movement():
    # Ana faces east (the foe); her own side is behind her
    back = mv.hex_cost(0, 3, RULES)
    assert (back.cost, back.facing, back.turned) == (2, 0, 0)  # a step back
    turn_then_go = mv.hex_cost(0, 3, GurpsRules(side_back_cost=5))
    assert (turn_then_go.cost, turn_then_go.facing, turn_then_go.turned) == (3, 2, 2)
    assert mv.hex_cost(0, 1, RULES).cost == 1  # a front hex
    assert mv.hex_cost(0, 2, RULES) == mv.HexCost(2, 0, 0)  # sidestep ties a turn: no turn
    assert mv.hexsides(0, 3) == 3 and mv.hexsides(5, 0) == 1 and mv.is_forward(0, 5)


def test_step_out_then_reach_1_attack_or_attack_then_step_to_own_side():
    assert ccr.attack_after_stepping_out(WEAPONS["broadsword"].mode())
    assert not ccr.attack_after_stepping_out(WEAPONS["dagger"].mode())  # reach C only
    assert ccr.attack_after_stepping_out(WEAPONS["knife"].mode("swing"))  # C,1
    cc = pair()
    assert ccr.step_after_attack(cc, "ana", (-1, 0), grappled=False)
    assert not ccr.step_after_attack(cc, "ana", (1, 0), grappled=False)
    assert not ccr.step_after_attack(cc, "ana", (-1, 0), grappled=True)


def test_movement_allowances():
    assert mv.allowance("move", 6) == 6 and mv.allowance("move_and_attack", 6) == 6
    assert mv.allowance("all_out_attack", 5) == 2 and mv.allowance("attack", 5) == 1
    assert mv.allowance("all_out_defense", 6, "increased_dodge") == 3
    assert mv.allowance("all_out_defense", 6, "increased_parry") == 1
    assert mv.allowance("wait", 6) == 0 and mv.allowance("aim", 12) == 1
    assert mv.costs_points("move") and not mv.costs_points("attack")
    assert mv.forward_only("all_out_attack")


def test_evading():
    assert dict(mv.evade_modifiers("standing", "front")) == {"foe_standing": -5}
    assert dict(mv.evade_modifiers("standing", "rear")) == {"foe_standing": -5,
                                                            "from_behind": 5}
    assert dict(mv.evade_modifiers("prone", "side")) == {"foe_lying": 5, "from_side": 2}
    evader = success_roll((2, 2, 2), 12, mv.evade_modifiers("standing", "front"))  # 6 vs 7
    foe = success_roll((4, 3, 3), 10)  # by 0
    assert mv.evade(evader, foe).passed
    tie = mv.evade(success_roll((3, 3, 3), 11), success_roll((3, 3, 3), 11))
    assert not tie.passed and tie.contest.winner is None
    assert mv.evade(None, None).passed  # the foe lets him pass


# --------------------------------------------------------------------------- shields, ready


def test_shield_penalties():
    assert ccr.shield_attack_penalty(2, entering=False) == -2
    assert ccr.shield_attack_penalty(2, entering=True) == 0
    assert ccr.shield_attack_penalty(0, entering=False) == 0
    assert ccr.shield_dx_penalty(3, turn_there=1) == 0  # not in the first turn there
    assert ccr.shield_dx_penalty(3, turn_there=2) == -3
    assert ccr.dx_roll_modifiers(2, 2, shock=-1, grappled_dx=-4) == (
        ("shield_in_close_combat", -2), ("shock", -1), ("grappled", -4))


def test_ready_in_close_combat_takes_a_dx_roll():
    dx = 12 + ccr.shield_dx_penalty(2, 2)  # 10
    assert ccr.ready_in_close_combat(success_roll((4, 4, 3), dx)).result == ccr.WASTED
    assert ccr.ready_in_close_combat(success_roll((4, 3, 3), dx)).result == ccr.READY
    fd_ok = ccr.ready_in_close_combat(success_roll((4, 3, 3), dx), success_roll((3, 3, 3), 13))
    assert fd_ok.result == ccr.READY_FREE and fd_ok.is_ready
    fd_bad = ccr.ready_in_close_combat(success_roll((4, 3, 3), dx), success_roll((6, 5, 3), 13))
    assert fd_bad.result == ccr.READY  # a full Ready maneuver
    no_fd = ccr.ready_in_close_combat(success_roll((6, 5, 3), dx), success_roll((1, 1, 1), 13))
    assert no_fd.result == ccr.WASTED and no_fd.fast_draw is None and not no_fd.is_ready
    assert ccr.discard_shield(success_roll((3, 3, 4), 10))
    assert not ccr.discard_shield(success_roll((3, 4, 4), 10))


# --------------------------------------------------------------------------- from outside


def test_wrong_target_skill_is_at_most_9():
    assert ccr.wrong_target_skill(13) == 9 and ccr.wrong_target_skill(7) == 7


def test_who_is_in_the_way_first():
    cc = pair()  # ana holds the west half, bo the east half
    assert hh.in_the_way(cc, (3, 0)) == ("bo", "ana")
    assert hh.in_the_way(cc, (-3, 0)) == ("ana", "bo")
    assert hh.in_the_way(cc, (0, -3)) == ("ana", "bo")  # north-west: ana's half is nearer
    assert hh.in_the_way(cc, (3, 0), exclude=["bo"]) == ("ana",)
    assert hh.in_the_way(cc, (3, 0), order="entry") == ("bo", "ana")
    three = hh.enter(cc, "cy", (1, 0))  # cy comes in on bo's side: same distance, later
    assert hh.in_the_way(three, (3, 0)) == ("bo", "cy", "ana")


@given(st.integers(-6, 6), st.integers(-6, 6), st.integers(0, 5))
def test_the_nearest_half_faces_the_attacker(q, r, side):
    frm = (q, r)
    if frm == H:
        return
    cc = hh.enter(hh.CloseCombatHex(H), "a", neighbour(H, side), standing=["b"])
    first = hh.in_the_way(cc, frm)[0]
    da = hh.half_distance(cc, cc.occupants[1], frm)
    db = hh.half_distance(cc, cc.occupants[0], frm)
    assert first == ("a" if da < db else "b")


def test_stray_chain_rolls_until_a_hit_a_parry_or_no_one_left():
    hit = ccr.stray("cy", (3, 3, 3), 13)
    assert (hit.effective_skill, hit.result) == (9, "hit")
    assert ccr.stray("cy", (4, 4, 3), 13).result == "miss"  # 11 > 9
    assert ccr.stray("cy", (3, 3, 3), 13, "dodge").result == "dodged"
    assert ccr.stray("cy", (3, 3, 3), 13, "parry").result == "parried"
    assert ccr.chain_goes_on(["miss"], 1) and ccr.chain_goes_on(["dodged"], 2)
    assert not ccr.chain_goes_on(["parried"], 2) and not ccr.chain_goes_on(["hit"], 2)
    assert not ccr.chain_goes_on(["dodged"], 0) and not ccr.chain_goes_on([], 3)


# --------------------------------------------------------------------------- grappling


def grappler(who, **raw):
    return gr.grappler(who, stats_from_mapping(raw), RULES)


def test_grapple_needs_a_free_hand_and_uses_dx_or_wrestling():
    assert gr.can_grapple(1) and not gr.can_grapple(0)
    assert gr.grapple_base(stats_from_mapping({"dx": 11, "skills": {"wrestling": 13}})) == 13
    assert gr.grapple_base(stats_from_mapping({"dx": 11})) == 11


def test_wrestling_adds_to_st_in_grappling():
    assert grappler("a", st=10, dx=11, skills={"wrestling": 13}).st == 12
    assert gr.grappler("a", stats_from_mapping({"st": 10, "dx": 11, "skills": {"wrestling": 13}}),
                       GurpsRules(wrestling_st_bonus=False)).st == 10


def test_cooperative_takedown_two_fighters():
    ana = grappler("ana", st=10, dx=11, skills={"wrestling": 13})  # ST 12, best Wrestling 13
    bo = grappler("bo", st=14, dx=10)  # best ST 14
    cy = grappler("cy", st=11, dx=12)
    team = gr.team_score([ana, bo, cy], gr.TAKEDOWN, RULES)
    # the best value is bo's ST 14; ana adds 1/5 of her ST 12 (2); cy is the third: left out
    assert (team.leader, team.trait, team.base) == ("bo", "st", 14)
    assert team.helpers == (("ana", 2),) and team.score == 16 and team.left_out == ("cy",)


def test_cooperative_pin_three_fighters():
    ana = grappler("ana", st=10, dx=11, skills={"wrestling": 13})
    bo = grappler("bo", st=14, dx=10)
    cy = grappler("cy", st=11, dx=12)
    dan = grappler("dan", st=18)
    team = gr.team_score([ana, bo, cy, dan], gr.PIN, RULES)
    assert team.helpers == (("ana", 2), ("cy", 2)) and team.score == 18
    assert team.left_out == ("dan",)
    wide = gr.team_score([ana, bo, cy, dan], gr.PIN, GurpsRules(
        cooperative_limit_includes_leader=False))
    assert wide.leader == "dan" and wide.left_out == () and wide.score == 18 + 2 + 2 + 2


def test_a_helper_adds_a_fifth_of_the_matching_score_rounded_down():
    lead = grappler("a", st=10, dx=12, skills={"wrestling": 16})  # Wrestling 16 leads
    helper = grappler("b", st=14, dx=14)  # no Wrestling: matching = his DX 14 -> +2
    team = gr.team_score([helper, lead], gr.PIN, RULES)
    assert (team.leader, team.trait, team.helpers, team.score) == ("a", "wrestling",
                                                                   (("b", 2),), 18)
    with pytest.raises(ValueError):
        gr.team_score([], gr.PIN, RULES)


def test_takedown_contest():
    team = gr.team_score([grappler("a", st=14)], gr.TAKEDOWN, RULES)
    victim = grappler("v", st=12)
    trait, score = gr.resist_score(victim)
    won = gr.takedown(team, success_roll((3, 3, 4), team.score), trait,
                      success_roll((4, 4, 3), score), RULES)
    assert (won.result, won.contest.margin) == (gr.VICTIM_FALLS, 3)  # by 4 vs by 1
    lost = gr.takedown(team, success_roll((6, 6, 3), team.score), trait,
                       success_roll((4, 4, 3), score), RULES)
    assert lost.result == gr.ATTACKER_FALLS
    lost_kept = gr.takedown(team, success_roll((6, 6, 3), team.score), trait,
                            success_roll((4, 4, 3), score), GurpsRules(takedown_loser_falls=False))
    assert lost_kept.result == gr.NOTHING
    tie = gr.takedown(team, success_roll((4, 4, 4), 14), trait, success_roll((4, 3, 3), 12),
                      RULES)
    assert tie.result == gr.NOTHING


def test_pin_and_break_free():
    team = gr.team_score([grappler("a", st=12)], gr.PIN, RULES)
    pinned = gr.pin(team, success_roll((3, 3, 3), 12), "st", success_roll((4, 4, 4), 12))
    assert pinned.result == gr.PINNED
    assert gr.pin(team, success_roll((4, 4, 4), 12), "st",
                  success_roll((3, 3, 3), 12)).result == gr.NOTHING
    victim_m, grappler_m = gr.break_free_modifiers(two_hands=True, pinned=True, rules=RULES)
    assert victim_m == (("pinned", -5),) and grappler_m == (("two_hands", 5),)
    held = gr.break_free(success_roll((3, 3, 3), 12, victim_m),
                         success_roll((4, 4, 4), 12, grappler_m))
    assert not held.free  # 9 vs 7 (by -2) against 12 vs 17 (by 5)
    free = gr.break_free(success_roll((2, 2, 2), 12), success_roll((4, 4, 4), 12))
    assert free.free
    assert gr.break_free_modifiers(False, False, RULES) == ((), ())


# --------------------------------------------------------------------------- slams


@pytest.mark.parametrize("hp, v, dice", [(10, 1, "1d6-3"), (10, 3, "1d6-2"), (12, 5, "1d6-1"),
                                         (15, 7, "1d6"), (14, 10, "1d6"), (15, 10, "2d6"),
                                         (12, 20, "2d6")])
def test_slam_dice(hp, v, dice):
    assert str(sl.slam_dice(hp, v)) == dice


def test_slam_results_and_roll():
    assert sl.slam_result(6, 3).falls == ("target",)
    assert sl.slam_result(3, 6).falls == ("slammer",)
    assert sl.slam_result(5, 4).dx_roll == ("target",) and not sl.slam_result(5, 4).falls
    assert sl.slam_result(4, 5).dx_roll == ("slammer",)
    assert sl.slam_result(4, 4) == sl.slam_result(0, 0) == sl.SlamResult((), ())
    s = stats_from_mapping({"dx": 12, "skills": {"brawling": 13}})
    from timedcombat.systems.gurps.attack import AttackSituation

    r = sl.slam_attack((3, 3, 3), s, AttackSituation("move_and_attack"), RULES)
    assert (r.skill, r.effective, r.cap) == (13, 9, None)  # -4, never capped at 9
    r = sl.slam_attack((3, 3, 3), stats_from_mapping({"dx": 15}),
                       AttackSituation("move_and_attack"),
                       GurpsRules(slam_move_and_attack_penalty=False))
    assert r.effective == 15 and r.modifiers == ()
    with pytest.raises(ValueError):
        sl.slam_dice(10, 0)


def test_directions_match_the_core_map():
    assert hh.side_towards(H, DIRECTIONS[4]) == 4
