"""Seed 000's hand-to-hand rules as pure functions: who may enter, every row of the one-die
HTH roll with scripted dice, talents, weapons dropped, and life inside HTH."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.systems.tft import grapple, hth, movement, resolve
from timedcombat.systems.tft.rules import WEAPONS, TftRules

R = TftRules()
DIVE = hth.HthContext(kind="dive")


def roll(faces, **kw):
    return hth.hth_roll(faces, hth.HthContext(**kw), R)


# --------------------------------------------------------------------------- entry


def check(kind="jump", *, a_ma=10, t_ma=10, arc="front", posture="standing", wall=False,
          agrees=False):
    return hth.entry_check(kind, attacker_ma=a_ma, target_ma=t_ma, arc=arc,
                           target_posture=posture, back_to_wall=wall, agrees=agrees)


def test_a_jump_needs_one_of_the_four_situations():
    assert not check().allowed
    assert check(wall=True).reasons == (hth.BACK_TO_WALL_OR_DOWN,)
    assert check(posture="prone").reasons == (hth.BACK_TO_WALL_OR_DOWN,)
    assert check(posture="kneeling").reasons == (hth.BACK_TO_WALL_OR_DOWN,)
    assert check(t_ma=8).reasons == (hth.LOWER_MA,)
    assert not check(t_ma=12).allowed  # a higher MA is no reason
    assert check(arc="side").reasons == (hth.FROM_SIDE_OR_REAR,)
    assert check(arc="rear").reasons == (hth.FROM_SIDE_OR_REAR,)
    assert check(agrees=True).reasons == (hth.AGREES,)
    assert check(arc="rear", t_ma=6, wall=True).reasons == \
        (hth.BACK_TO_WALL_OR_DOWN, hth.LOWER_MA, hth.FROM_SIDE_OR_REAR)


def test_no_dive_when_the_enemys_ma_is_twice_the_divers_or_more():
    assert check("dive", a_ma=6, t_ma=11).allowed
    assert not check("dive", a_ma=6, t_ma=12).allowed
    assert not check("dive", a_ma=6, t_ma=13).allowed
    assert check("dive", a_ma=10, t_ma=10).reasons == (hth.DIVE_FOR_LEGS,)


@given(st.integers(1, 30), st.integers(1, 30))
def test_dive_rule_is_exactly_less_than_twice(a_ma, t_ma):
    assert check("dive", a_ma=a_ma, t_ma=t_ma).allowed == (t_ma < 2 * a_ma)


# --------------------------------------------------------------------------- the roll


@pytest.mark.parametrize(("face", "result"), [
    (1, "entered_defender_down"), (2, "entered_defender_down"), (3, "entered"),
    (4, "entered"), (5, "repelled"), (6, "repelled_hit"),
])
def test_each_row_of_the_one_die_roll(face, result):
    out = roll([face])
    assert (out.roll, out.rerolls, out.modifier, out.total, out.result) == \
        (face, (), 0, face, result)


def test_what_each_row_does():
    down = roll([2])
    assert down.entered and down.defender_falls and not down.defender_may_ready_knife
    ent = roll([3])
    assert ent.entered and not ent.defender_falls and ent.defender_may_ready_knife
    rep = roll([5])
    assert not rep.entered and rep.attacker_backs_up and not rep.defender_hits
    hit = roll([6])
    assert not hit.entered and hit.attacker_backs_up and hit.defender_hits


def test_from_the_side_or_rear_a_six_is_ignored_and_rolled_again():
    out = roll([6, 6, 3], arc="rear")
    assert (out.rerolls, out.roll, out.result, out.faces) == ((6, 6), 3, "entered", (6, 6, 3))
    assert roll([6, 5], arc="side").result == "repelled"
    assert roll([6], arc="front").result == "repelled_hit"
    with pytest.raises(hth.NeedMoreDice):
        roll([6], arc="rear")
    with pytest.raises(ValueError, match="left over"):
        roll([3, 4])


def test_side_rear_reroll_reads_the_modified_result():
    # a Judo defender (+1): a 5 reads 6 and is rolled again; a 6 reads 7 and stands
    judo = {"defender_talents": ("judo",), "arc": "rear"}
    assert roll([5, 1], **judo).rerolls == (5,)
    assert roll([6], **judo).result == "repelled_hit"
    wide = TftRules(side_rear_reroll="six_or_more")
    assert hth.hth_roll([6, 2], hth.HthContext(arc="rear", defender_talents=("judo",)),
                        wide).rerolls == (6,)


def test_rerolls_are_capped():
    rules = TftRules(max_hth_rerolls=2)
    out = hth.hth_roll([6, 6, 6], hth.HthContext(arc="rear"), rules)
    assert (out.rerolls, out.result) == ((6, 6), "repelled_hit")


@pytest.mark.parametrize(("face", "total", "result"), [
    (1, 2, "entered_defender_down"), (2, 3, "entered"), (3, 4, "entered"),
    (4, 5, "knocked_back"), (5, 6, "knocked_back_hit"), (6, 7, "knocked_back_hit"),
])
def test_a_dive_adds_one_and_5_to_7_knock_the_diver_back(face, total, result):
    out = hth.hth_roll([face], DIVE, R)
    assert (out.modifiers, out.total, out.result) == ((("dive", 1),), total, result)
    if total >= 5:
        assert out.attacker_knocked_back_prone and not out.attacker_backs_up
        assert out.defender_hits == (total >= 6)


def test_dive_block_two_adds_a_total_of_four():
    # "You add a total of four including the bonus from Dive Block & the bonus for the
    # figure diving at your legs."
    ctx = hth.HthContext(kind="dive", defender_talents=("dive_block", "dive_block_2"))
    out = hth.hth_roll([1], ctx, R)
    assert out.modifier == 4 and out.total == 5 and out.result == "knocked_back"
    assert hth.hth_roll([4], ctx, R).result == "knocked_back_hit"  # 8: dive_high_result
    low = TftRules(dive_high_result="knocked_back")
    assert hth.hth_roll([4], ctx, low).result == "knocked_back"


def test_a_judo_holder_hits_on_six_or_more_whatever_the_row():
    """Judo: "If the modified result is a 6+ you get an automatic attack." A dive at an
    armed Judo holder with Dive Block 2 totals 9 on a 4; read as ``knocked_back``
    (``dive_high_result``) the row has no hit, Judo's automatic attack still comes. No
    Judo, no hit on that row; a throw replaces the attack."""
    low = TftRules(dive_high_result="knocked_back")
    judoka = hth.HthContext(kind="dive", defender_talents=("dive_block", "dive_block_2",
                                                           "judo"))
    out = hth.hth_roll([4], judoka, low)
    assert (out.total, out.result, out.defender_hits) == (9, "knocked_back", True)
    plain = hth.HthContext(kind="dive", defender_talents=("dive_block", "dive_block_2"))
    out = hth.hth_roll([4], plain, low)
    assert (out.total, out.result, out.defender_hits) == (8, "knocked_back", False)
    thrower = attrs.evolve(judoka, defender_unarmed=True)
    out = hth.hth_roll([4], thrower, low)
    assert (out.result, out.defender_hits, out.thrown) == ("thrown", False, True)
    assert not hth.hth_roll([4], attrs.evolve(judoka, kind="jump"), low).defender_hits


def test_dive_block_does_nothing_against_a_jump():
    ctx = hth.HthContext(kind="jump", defender_talents=("dive_block",))
    assert hth.hth_roll([2], ctx, R).modifier == 0


def test_judo_attacker_minus_one_defender_plus_one():
    assert roll([3], attacker_talents=("judo",)).result == "entered_defender_down"
    assert roll([1], attacker_talents=("judo",)).total == 0  # below 1: the 1-2 row
    assert roll([1], attacker_talents=("judo",)).result == "entered_defender_down"
    assert roll([4], defender_talents=("judo",)).result == "repelled"


def test_judo_seven_throws_an_attacker_if_unarmed():
    kw = {"defender_talents": ("judo",), "defender_unarmed": True}
    out = roll([6], **kw)
    assert (out.total, out.result, out.thrown, out.throw_bonus) == (7, "thrown", True, 3)
    assert roll([5], **kw).result == "repelled_hit"  # 6+: the automatic attack
    armed = roll([6], defender_talents=("judo",), defender_unarmed=False)
    assert armed.result == "repelled_hit"
    big = roll([6], attacker_too_large=True, **kw)
    assert big.result == "repelled_hit"  # too large to engage unassisted: no throw
    no = roll([6], defender_throws=False, **kw)
    assert no.result == "repelled_hit"


def test_judo_2_throws_for_five_and_shifts_one_either_way():
    kw = {"defender_talents": ("judo", "judo_2"), "defender_unarmed": True}
    out = roll([5], defender_judo_2=1, **kw)
    assert (out.total, out.result, out.throw_bonus) == (7, "thrown", 5)
    assert roll([5], defender_judo_2=-1, **kw).result == "repelled"
    assert roll([4], attacker_talents=("judo", "judo_2"), attacker_judo_2=-1).total == 2
    with pytest.raises(ValueError, match="no Judo 2"):
        roll([4], attacker_judo_2=-1)
    with pytest.raises(ValueError, match="-1, 0 or"):
        roll([4], defender_talents=("judo_2",), defender_judo_2=2)


def test_default_judo_2_choices_pick_the_best_shift():
    ctx = hth.HthContext(defender_talents=("judo", "judo_2"), defender_unarmed=True)
    assert hth.defender_roll_choice(5, ctx, R) == 1  # 6 -> 7: a throw
    att = hth.HthContext(attacker_talents=("judo", "judo_2"))
    assert hth.attacker_roll_choice(4, att, R) == -1  # 3 -> 2: the defender falls
    assert hth.attacker_roll_choice(4, hth.HthContext(), R) == 0


def test_judo_2_choices_count_a_side_or_rear_six_as_rolled_again():
    """From the rear a modified 6 is ignored and rolled again, so it is not the sure
    automatic hit a 6 is from the front."""
    armed = hth.HthContext(arc="rear", defender_talents=("judo", "judo_2"))
    # die 5 +1 (Judo) = 6 would be rolled again; +1 more makes a sure 7 (repelled with a hit)
    assert hth.defender_roll_choice(5, armed, R) == 1
    assert hth.hth_roll([5], attrs.evolve(armed, defender_judo_2=1), R).result == \
        "repelled_hit"
    # the attacker's die 6: kept, it is rolled again (a new die gets in 4 times in 5);
    # -1 makes a sure 5 (repelled); from the front the 6 stands, so -1 is best
    att = hth.HthContext(arc="rear", attacker_talents=("judo_2",))
    assert hth.attacker_roll_choice(6, att, R) == 0
    assert hth.attacker_roll_choice(6, attrs.evolve(att, arc="front"), R) == -1


@given(st.integers(1, 6), st.sampled_from(["jump", "dive"]),
       st.sets(st.sampled_from(["dive_block", "dive_block_2", "judo", "judo_2"])),
       st.sets(st.sampled_from(["judo", "judo_2"])), st.booleans())
def test_every_result_matches_the_table_for_its_total(face, kind, d_tal, a_tal, unarmed):
    ctx = hth.HthContext(kind=kind, defender_talents=tuple(d_tal),
                         attacker_talents=tuple(a_tal), defender_unarmed=unarmed)
    out = hth.hth_roll([face], ctx, R)
    dive = kind == "dive"
    expect = (dive * 1 + (dive and "dive_block" in d_tal) * 1
              + (dive and "dive_block_2" in d_tal) * 2
              - ("judo" in a_tal) + ("judo" in d_tal))
    assert out.modifier == expect
    assert out.total == face + out.modifier
    t = out.total
    if "judo" in d_tal and unarmed and t >= 7:
        assert out.result == "thrown"
    elif t <= 2:
        assert out.result == "entered_defender_down"
    elif t <= 4:
        assert out.result == "entered"
    elif kind == "jump":
        assert out.result == ("repelled" if t == 5 else "repelled_hit")
    else:
        assert out.result == ("knocked_back" if t == 5 else "knocked_back_hit")


# --------------------------------------------------------------------------- drops


def test_attacker_with_a_ready_knife_keeps_it_others_drop_where_they_came_from():
    d = hth.drops("entered", attacker_ready=WEAPONS["dagger"], attacker_shield="small",
                  defender_ready=WEAPONS["broadsword"], defender_shield="large", rules=R)
    assert (d.attacker_keeps, d.attacker_drops) == ("dagger", ("small_shield",))
    assert (d.defender_keeps, d.defender_drops) == (None, ("broadsword", "large_shield"))
    s = hth.drops("entered", attacker_ready=WEAPONS["broadsword"], attacker_shield=None,
                  defender_ready=WEAPONS["dagger"], defender_shield=None, rules=R)
    assert (s.attacker_drops, s.defender_keeps, s.defender_drops) == \
        (("broadsword",), "dagger", ())


def test_defender_keeps_everything_when_hth_does_not_happen():
    d = hth.drops("repelled_hit", attacker_ready=WEAPONS["broadsword"],
                  attacker_shield="small", defender_ready=WEAPONS["mace"],
                  defender_shield="small", rules=R)
    assert (d.attacker_drops, d.defender_drops) == ((), ())
    alt = TftRules(attacker_drops_on_failure=True)
    d2 = hth.drops("repelled", attacker_ready=WEAPONS["broadsword"], attacker_shield=None,
                   defender_ready=None, defender_shield=None, rules=alt)
    assert d2.attacker_drops == ("broadsword",)


def test_defender_down_keeps_a_ready_knife_only():
    d = hth.drops("entered_defender_down", attacker_ready=None, attacker_shield=None,
                  defender_ready=WEAPONS["dagger"], defender_shield="small", rules=R)
    assert (d.defender_keeps, d.defender_drops) == ("dagger", ("small_shield",))


def test_knocked_down_while_jumping_both_fall_into_hth():
    assert hth.after_jump_strikes(knocked_down=True, out=False, rules=R) == \
        hth.JumpStrikes(False, True, None)
    assert hth.after_jump_strikes(knocked_down=False, out=False, rules=R).attempt
    assert hth.after_jump_strikes(knocked_down=False, out=True, rules=R).stopped == "out"


# --------------------------------------------------------------------------- in HTH


def test_strongest_gets_two_ties_none_judo_cancels():
    sts = {"ana": 14, "bo": 11, "cy": 9}
    assert grapple.strongest_bonus("ana", sts, ("bo", "cy"), ()) == (("strongest", 2),)
    assert grapple.strongest_bonus("bo", sts, ("ana",), ()) == ()
    assert grapple.strongest_bonus("ana", {"ana": 12, "bo": 12}, ("bo",), ()) == ()
    assert grapple.strongest_bonus("ana", sts, ("bo", "cy"), ("bo",)) == ()
    # a friend's Judo does not cancel it
    assert grapple.strongest_bonus("ana", sts, ("cy",), ("bo",)) == (("strongest", 2),)


def test_ready_knife_three_dice_under_dx_with_the_knifes_adjustment():
    adj = resolve.adjusted_dx(12)
    ok = grapple.ready_knife_roll((4, 4, 4), adj, WEAPONS["dagger"])
    assert ok.success and (ok.roll, ok.against) == (12, 12)
    no = grapple.ready_knife_roll((4, 4, 4), adj, WEAPONS["poniard"])
    assert not no.success and no.against == 10
    assert no.modifiers == (("poniard_in_hth", -2),)
    with pytest.raises(ValueError):
        grapple.ready_knife_roll((4, 4), adj, WEAPONS["dagger"])
    with pytest.raises(ValueError):
        grapple.ready_knife_roll((4, 4, 4), adj, WEAPONS["broadsword"])


def test_disengage_from_hth_is_four_dice_against_adjusted_dx():
    adj = resolve.adjusted_dx(12, extra=(("strongest", 2),))
    assert grapple.hth_disengage_roll((3, 3, 4, 4), adj).success  # 14 <= 14
    assert not grapple.hth_disengage_roll((3, 3, 4, 5), adj).success
    assert not grapple.disengaging_holders_strike(hth=True)


def test_no_disengage_or_knife_in_the_turn_of_entry():
    assert grapple.why_not_in_hth("disengage", entered_this_turn=True)
    assert grapple.why_not_in_hth("ready_knife", entered_this_turn=True)
    assert grapple.why_not_in_hth("disengage", entered_this_turn=False) is None
    assert grapple.why_not_in_hth("ready_knife", entered_this_turn=False, has_knife=False)


def test_release_stands_the_figure_up():
    assert grapple.release("bo", "ana", R).stands


def test_contest_dice_judo_and_judo_2_add_a_die():
    assert grapple.contest_dice("pin", (), R) == 3
    assert grapple.contest_dice("pin", ("judo",), R) == 4
    assert grapple.contest_dice("take_down", ("judo", "judo_2"), R) == 5


def test_contest_scores_strength_and_ties():
    c = grapple.contest("take_down", "ana", "bo", (3, 3, 3), (4, 4, 2), actor_st=14,
                        target_st=10, rules=R)
    assert (c.actor.score, c.target.score, c.winner) == (11, 10, "ana")
    tie = grapple.contest("pin", "ana", "bo", (3, 3, 3), (3, 3, 3), actor_st=10,
                          target_st=10, rules=R)
    assert tie.winner == "bo"
    # "Your enemy gets no bonus for ST in pins" against a Judo 2 holder
    pin = grapple.contest("pin", "ana", "bo", (3, 3, 3), (1, 1, 1, 1, 1), actor_st=16,
                          target_st=10, target_talents=("judo", "judo_2"), rules=R)
    assert pin.actor.modifiers == () and pin.actor.score == 9
    with pytest.raises(ValueError, match="rolls 5 dice"):
        grapple.contest("pin", "ana", "bo", (3, 3, 3), (3, 3, 3), actor_st=10, target_st=10,
                        target_talents=("judo", "judo_2"), rules=R)


def test_judo_2_on_the_ground():
    assert grapple.crawl_hexes(()) == 2 and grapple.crawl_hexes(("judo", "judo_2")) == 3
    assert grapple.may_defend_prone(("judo_2",), attack_unarmed=True)
    assert not grapple.may_defend_prone(("judo_2",), attack_unarmed=False)
    assert not grapple.may_defend_prone(("judo",), attack_unarmed=True)
    assert grapple.prone_attack(("judo_2",), unarmed=True, hexes_moved=0) == \
        (("judo_2_prone", -3),)
    assert grapple.prone_attack(("judo_2",), unarmed=True, hexes_moved=1) is None
    assert grapple.prone_attack((), unarmed=True, hexes_moved=0) is None


# --------------------------------------------------------------------------- movement


def test_engagement_front_hexes_of_a_standing_enemy():
    foe = movement.Standing((1, 0), "W")
    assert movement.engages(foe, (0, 0))
    assert not movement.engages(movement.Standing((1, 0), "E"), (0, 0))  # its rear
    assert not movement.engages(movement.Standing((1, 0), "W", posture="prone"), (0, 0))
    assert not movement.engages(movement.Standing((1, 0), "W", in_hth=True), (0, 0))
    assert not movement.engages(movement.Standing((2, 0), "W"), (0, 0))
    assert movement.stops_at((0, 0), [foe])


def test_move_allowances_by_option():
    assert movement.move_allowance("move", movement.DISENGAGED, 10) == 10
    assert movement.move_allowance("attack", movement.DISENGAGED, 10) == 5
    assert movement.move_allowance("dive", movement.DISENGAGED, 7) == 3
    assert movement.move_allowance("attack", movement.ENGAGED, 10) == 1
    assert movement.move_allowance("ready_knife", movement.IN_HTH, 10) == 0
    assert movement.move_allowance("attack", movement.ENGAGED, 0) == 0  # never above MA
    assert movement.move_allowance("ready_knife", movement.DISENGAGED, 1) == 1
    with pytest.raises(ValueError, match="not an option"):
        movement.move_allowance("move", movement.ENGAGED, 10)
    with pytest.raises(ValueError):
        movement.move_allowance("dive", movement.IN_HTH, 10)


def test_armour_lowers_ma():
    from timedcombat.systems.tft.rules import ARMOR

    assert movement.effective_ma(10, ARMOR["plate"]) == 6
    assert movement.effective_ma(12, ARMOR["leather"]) == 10
    assert movement.effective_ma(10, None) == 10


def test_shift_stays_next_to_every_engaging_enemy():
    assert movement.may_shift((0, 0), (0, 1), [(1, 0)])
    assert not movement.may_shift((0, 0), (-1, 0), [(1, 0)])
    assert not movement.may_shift((0, 0), (2, 0), [(1, 0)])


def test_disengage_strikers_are_the_foes_that_have_not_acted():
    foes = [movement.Striker("bo", False), movement.Striker("cy", True)]
    assert movement.disengage_strikers(foes, R) == ("bo",)
    assert movement.disengage_strikers(foes, TftRules(disengage_strikes_by_unacted=False)) \
        == ("bo", "cy")


def test_arc_of_an_attacker_as_the_target_sees_it():
    # a target at (0, 0) facing E: (1, 0) is in front, (0, -1) at its side, (-1, 0) behind
    assert movement.arc_from((0, 0), "E", (1, 0)) == "front"
    assert movement.arc_from((0, 0), "E", (-1, 0)) == "rear"
    assert movement.arc_from((0, 0), "E", (0, -1)) == "side"
    assert movement.rear_hex((0, 0), "E") == (-1, 0)


def test_back_to_the_wall_two_readings():
    walls = {(-1, 0)}
    assert movement.back_to_wall((0, 0), "E", (), walls, R)
    assert not movement.back_to_wall((0, 0), "W", (), walls, R)
    broad = TftRules(back_to_wall="cannot_retreat")
    assert not movement.back_to_wall((0, 0), "E", (), walls, broad)
    # rear-side hexes of a figure facing E: NW (0, -1)... W (-1, 0), SW (-1, 1)
    assert movement.back_to_wall((0, 0), "E", {(0, -1), (-1, 1)}, walls, broad)


def test_a_jump_is_tried_from_an_adjacent_hex():
    assert movement.may_try_hth_from((0, 0), (1, 0))
    assert not movement.may_try_hth_from((0, 0), (2, 0))


def test_a_dive_from_the_rear_also_rolls_a_six_again():
    ctx = hth.HthContext(kind="dive", arc="rear")
    out = hth.hth_roll([5, 2], ctx, R)  # 5 + 1 = 6: ignored; 2 + 1 = 3: entered
    assert (out.rerolls, out.total, out.result) == ((5,), 3, "entered")
