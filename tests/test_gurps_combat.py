"""gurps attacks, active defences, damage and wounds (Basic Set base rules, and seed 002's
modifiers), over scripted faces."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.dice import DiceSpec
from timedcombat.systems.gurps import damage as dmg
from timedcombat.systems.gurps.attack import (
    AttackSituation,
    in_reach,
    may_attack_in_close_combat,
    modifiers,
    range_penalty,
    weapon_attack,
)
from timedcombat.systems.gurps.defence import (
    DefenceSituation,
    attack_arc,
    best,
    can_retreat,
    defend,
    free_hands,
    options,
)
from timedcombat.systems.gurps.rules import WEAPONS
from timedcombat.systems.gurps.stats import stats_from_mapping

KNIFE, SWORD, BOW = WEAPONS["knife"], WEAPONS["broadsword"], WEAPONS["bow"]

SWORDSMAN = stats_from_mapping({"st": 12, "dx": 12, "ht": 11, "weapons": ["broadsword", "knife"],
                                "skills": {"broadsword": 13, "shield": 12, "knife": 12},
                                "shield": "medium", "armor": "leather"})


def kinds(opts):
    return {(o.kind, o.weapon): o.value for o in opts}


# --------------------------------------------------------------------------- attacks


def test_reach_and_close_combat_weapons():
    assert in_reach(KNIFE.mode("swing"), 1) and not in_reach(KNIFE.mode("thrust"), 1)
    assert in_reach(KNIFE.mode("thrust"), 0) and not in_reach(SWORD.mode(), 0)
    assert may_attack_in_close_combat(KNIFE, KNIFE.mode("thrust"))
    assert not may_attack_in_close_combat(SWORD, SWORD.mode("swing"))  # reach 1 only
    assert may_attack_in_close_combat(BOW, BOW.mode())  # at its Bulk


def test_move_and_attack_is_minus_4_capped_at_9():
    m, cap = modifiers(AttackSituation("move_and_attack"))
    assert m == (("move_and_attack", -4),) and cap == 9
    roll = weapon_attack((3, 3, 4), 16, SWORD, SWORD.mode(), AttackSituation("move_and_attack"))
    assert (roll.roll.roll, roll.effective, roll.roll.margin) == (10, 9, -1)
    ranged, cap = modifiers(AttackSituation("move_and_attack"), ranged=True, bulk=-7,
                            acc=2)
    assert dict(ranged)["move_and_attack"] == -7 and cap is None  # Bulk is worse than -2


def test_all_out_attack_determined():
    assert dict(modifiers(AttackSituation("all_out_attack"))[0])["determined"] == 4
    assert dict(modifiers(AttackSituation("all_out_attack", "determined"), ranged=True)[0])[
        "determined"] == 1
    assert "determined" not in dict(modifiers(AttackSituation("all_out_attack", "strong"))[0])


def test_seed_attack_modifiers_by_name():
    # seed 002: -DB for a shield in close combat, except on the attack that entered the hex
    cc = AttackSituation(in_close_combat=True, shield_db=2)
    assert dict(modifiers(cc)[0])["shield_in_close_combat"] == -2
    entering = AttackSituation(in_close_combat=True, entering=True, shield_db=2)
    assert "shield_in_close_combat" not in dict(modifiers(entering)[0])
    # seed 002: attacking a close-combat participant from outside: -2
    assert dict(modifiers(AttackSituation(into_close_combat=True))[0])["into_close_combat"] == -2
    # seed 002: a ranged weapon in close combat uses its Bulk, not speed/range
    m = dict(modifiers(AttackSituation(in_close_combat=True, distance=0), ranged=True,
                       bulk=-7)[0])
    assert m == {"bulk_in_close_combat": -7}
    m = dict(modifiers(AttackSituation(distance=10, aim_turns=3), ranged=True, bulk=-7,
                       acc=2)[0])
    assert m == {"range": -4, "aim": 4}  # Acc 2 + 2 for the third turn


def test_shock_grappled_posture_and_st_shortfall():
    m = dict(modifiers(AttackSituation(shock=-3, grappled=True, posture="prone"),
                       st_shortfall=-2, to_hit=-2)[0])
    assert m == {"shock": -3, "grappled": -4, "posture": -4, "st_below_minimum": -2,
                 "mode": -2}


@pytest.mark.parametrize("d, pen", [(1, 0), (2, 0), (3, -1), (5, -2), (7, -3), (10, -4),
                                    (15, -5), (20, -6), (30, -7), (50, -8), (100, -10),
                                    (500, -14), (700, -15), (1000, -16)])
def test_range_penalties(d, pen):
    assert range_penalty(d) == pen


# --------------------------------------------------------------------------- defences


def test_defences_in_the_open():
    opts = options(SWORDSMAN, SWORD, DefenceSituation())
    # Dodge 5 + 3 = 8, Parry 3 + 13/2 = 9, Block 3 + 12/2 = 9; medium shield DB 2 on each
    assert kinds(opts) == {("dodge", None): 10, ("parry", "broadsword"): 11,
                           ("block", "medium"): 11}
    assert best(opts).kind == "parry"  # first of the highest


def test_close_combat_limits_defences():
    # seed 002: dodge as usual; parry only bare-handed or with reach C; no block
    assert kinds(options(SWORDSMAN, SWORD, DefenceSituation(in_close_combat=True))) == \
        {("dodge", None): 10}
    assert kinds(options(SWORDSMAN, KNIFE, DefenceSituation(in_close_combat=True))) == \
        {("dodge", None): 10, ("parry", "knife"): 3 + 6 - 1 + 2}
    brawler = stats_from_mapping({"dx": 12, "weapons": ["broadsword"]})  # no shield
    assert free_hands(brawler, SWORD) == 1
    got = kinds(options(brawler, SWORD, DefenceSituation(in_close_combat=True)))
    assert got == {("dodge", None): 8, ("parry", "punch"): 3 + 6 - 3}  # bare hand vs a swing
    got = kinds(options(brawler, SWORD, DefenceSituation(in_close_combat=True,
                                                         armed_swing=False)))
    assert got[("parry", "punch")] == 9


def test_retreat_bonus_and_when_it_is_refused():
    retreat = DefenceSituation(retreat=True)
    got = kinds(options(SWORDSMAN, SWORD, retreat))
    assert got == {("dodge", None): 13, ("parry", "broadsword"): 12, ("block", "medium"): 12}
    # seed 002: out of close combat with the usual bonus, if not grappled; retreating out
    # "lets you use any active defence": the sword parries and the shield blocks again
    out_of_it = kinds(options(SWORDSMAN, SWORD, DefenceSituation(in_close_combat=True,
                                                                 retreat=True)))
    assert out_of_it == {("dodge", None): 13, ("parry", "broadsword"): 12,
                         ("block", "medium"): 12}
    grappled = DefenceSituation(in_close_combat=True, retreat=True, grappled=True)
    assert not can_retreat(grappled)
    assert kinds(options(SWORDSMAN, KNIFE, grappled))[("dodge", None)] == 10
    assert not can_retreat(DefenceSituation(retreated=True))
    assert not can_retreat(DefenceSituation("move_and_attack"))


def test_maneuvers_govern_defences():
    assert options(SWORDSMAN, SWORD, DefenceSituation("all_out_attack")) == ()
    assert set(kinds(options(SWORDSMAN, SWORD, DefenceSituation("move_and_attack")))) == \
        {("dodge", None), ("block", "medium")}
    aod = kinds(options(SWORDSMAN, SWORD, DefenceSituation("all_out_defense",
                                                           "increased_parry")))
    assert aod[("parry", "broadsword")] == 13 and aod[("dodge", None)] == 10
    assert options(SWORDSMAN, SWORD, DefenceSituation(arc="rear")) == ()


def test_parry_limits():
    second = kinds(options(SWORDSMAN, SWORD, DefenceSituation(parries=(("broadsword", 1),))))
    assert second[("parry", "broadsword")] == 11 - 4
    axeman = stats_from_mapping({"dx": 12, "skills": {"axe_mace": 14}, "weapons": ["axe"]})
    after_swing = kinds(options(axeman, WEAPONS["axe"],
                                DefenceSituation(attacked_with=("axe",))))
    assert ("parry", "axe") not in after_swing  # unbalanced
    assert ("parry", "broadsword") not in kinds(
        options(SWORDSMAN, SWORD, DefenceSituation(ranged_attack=True)))
    assert ("block", "medium") not in kinds(options(SWORDSMAN, SWORD,
                                                    DefenceSituation(blocked=True)))


def test_side_stun_posture_reeling():
    side_right = kinds(options(SWORDSMAN, SWORD, DefenceSituation(arc="side",
                                                                   shield_side=False)))
    assert side_right[("dodge", None)] == 8 - 2  # no DB from the off side, -2 from the side
    hurt = kinds(options(SWORDSMAN, SWORD, DefenceSituation(stunned=True, posture="prone",
                                                             reeling=True)))
    assert hurt[("dodge", None)] == 4 + 2 - 4 - 3  # Dodge 8 halved, DB, stunned, prone


def test_attack_arcs_and_the_shield_side():
    assert attack_arc((0, 0), 0, (1, 0)) == ("front", True)
    assert attack_arc((0, 0), 0, (0, -1)) == ("side", True)  # NW: left of facing E
    assert attack_arc((0, 0), 0, (-1, 1)) == ("side", False)  # SW: right
    assert attack_arc((0, 0), 0, (-1, 1), shield_arm="right") == ("side", True)
    assert attack_arc((0, 0), 0, (-1, 0))[0] == "rear"


def test_defence_roll():
    opt = best(options(SWORDSMAN, SWORD, DefenceSituation()))
    assert defend((4, 4, 3), opt).success and not defend((4, 4, 4), opt).success


# --------------------------------------------------------------------------- damage


def test_weapon_damage_and_strong():
    assert str(dmg.weapon_damage(12, SWORD.mode("swing"))) == "1d6+3"
    assert str(dmg.weapon_damage(12, SWORD.mode("swing"), strong=True)) == "1d6+5"
    assert str(dmg.weapon_damage(20, SWORD.mode("swing"), strong=True)) == "3d6+6"  # +1/die
    assert str(dmg.weapon_damage(10, WEAPONS["punch"].mode())) == "1d6-3"


def test_damage_minimums():
    assert dmg.damage_roll(DiceSpec(1, 6, -3), (2,), "cr") == 0
    assert dmg.damage_roll(DiceSpec(1, 6, -3), (2,), "cut") == 1
    with pytest.raises(ValueError):
        dmg.damage_roll(DiceSpec(2, 6, 0), (2,), "cr")


def test_injury_through_armour():
    spec = DiceSpec(1, 6, 3)
    cut = dmg.injury(7, spec, 2, "cut")
    assert (cut.penetrating, cut.injury) == (5, 7)  # 5 x 1.5 = 7.5 -> 7
    assert dmg.injury(3, spec, 4, "imp").injury == 0
    assert dmg.injury(5, spec, 4, "pi-").injury == 1  # 1 x 0.5 -> at least 1
    assert dmg.injury(5, spec, 2, "imp").injury == 6
    assert dmg.injury(5, spec, 0, "cr", "triple").basic == 15
    assert dmg.injury(5, spec, 0, "cr", "max").basic == 9
    assert dmg.injury(5, spec, 5, "cr", "half_dr").dr == 2
    with pytest.raises(ValueError):
        dmg.injury(5, spec, 0, "laser")


@given(st.integers(0, 60), st.integers(0, 20), st.sampled_from(sorted(dmg.WOUNDING)))
def test_injury_is_zero_exactly_when_nothing_penetrates(rolled, dr, kind):
    i = dmg.injury(rolled, DiceSpec(3, 6, 0), dr, kind)
    assert (i.injury == 0) == (rolled <= dr)
    assert i.injury <= 2 * max(0, rolled - dr)


def test_critical_tables():
    assert dmg.critical_hit(3).effect == "triple" and dmg.critical_hit(18).effect == "triple"
    assert dmg.critical_hit(10).effect == "normal" and dmg.critical_hit(12).effect == "drop"
    assert dmg.critical_miss(4).effect == "break" and dmg.critical_miss(13).effect == \
        "lose_balance"
    assert dmg.critical_miss(16).effect == "fall"
    for table in (dmg.CRITICAL_HIT, dmg.CRITICAL_MISS):  # every 3d6 total has one row
        assert sorted(r for row in table for r in row.rolls) == list(range(3, 19))
    with pytest.raises(ValueError):
        dmg.critical_hit(2)


def test_wounds_shock_major_and_death_checks():
    w = dmg.wound(10, 10, 6)
    assert (w.hp_after, w.shock, w.major, w.death_checks) == (4, -4, True, ())
    assert not dmg.wound(10, 10, 5).major  # exactly half is not more than half
    assert dmg.wound(10, 10, 3).shock == -3 and dmg.wound(10, 10, 0).shock == 0
    assert dmg.wound(10, 10, 2, forced_major=True).major
    assert dmg.wound(10, 3, 14).death_checks == (1,)
    assert dmg.wound(10, -9, 22).death_checks == (1, 2, 3)
    assert dmg.wound(10, -45, 5).dead and dmg.wound(10, -45, 5).death_checks == ()
    assert dmg.wound(10, 10, 7).reeling and not dmg.wound(10, 10, 6).reeling
    assert dmg.wound(10, 2, 2).collapsing
    assert dmg.shock([3, 3]) == -4 and dmg.shock([3], double=True) == -6


def test_knockdown_consciousness_death():
    assert dmg.knockdown_check((3, 3, 4), 11).result == dmg.STAYS_UP
    assert dmg.knockdown_check((6, 5, 2), 11).result == dmg.KNOCKED_DOWN  # failed by 2
    assert dmg.knockdown_check((6, 6, 4), 11).result == dmg.KNOCKED_OUT  # failed by 5
    assert dmg.knockdown_check((6, 6, 5), 16).result == dmg.KNOCKED_DOWN  # 17 vs 16
    assert dmg.knockdown_check((6, 6, 5), 15).result == dmg.KNOCKED_OUT  # 17: critical
    c = dmg.consciousness_check((4, 3, 3), 11, -12, 10)
    assert c.modifiers == (("hp_below_zero", -1),) and c.target == 10 and c.success
    assert dmg.consciousness_check((4, 3, 3), 11, 0, 10).modifiers == ()
    assert not dmg.death_check((6, 6, 1), 12).success
    assert dmg.stun_recovery((2, 2, 2), 8).success


def test_critical_miss_exceptions():
    assert dmg.critical_miss_outcome(3) == "break"
    assert WEAPONS["mace"].breakage_resistant and not SWORD.breakage_resistant
    assert not WEAPONS["punch"].breakage_resistant
    assert dmg.critical_miss_needs_reroll(17, resistant=True, impaling_or_ranged=False)
    assert dmg.critical_miss_outcome(17, 18, resistant=True) == "break"
    assert dmg.critical_miss_outcome(17, 10, resistant=True) == "drop"
    assert dmg.critical_miss_outcome(5, 6, impaling_or_ranged=True) == "hit_self_half"
    assert dmg.critical_miss_outcome(5, 8, impaling_or_ranged=True) == "turns_in_hand"
    assert dmg.critical_miss_outcome(5) == "hit_self"
    assert dmg.critical_miss_outcome(14, swung=False) == "drop"
    assert dmg.critical_miss_outcome(16, ranged=True) == "lose_balance"
    assert dmg.critical_miss_outcome(10, unarmed=True) == "lose_balance"
    assert dmg.critical_miss_outcome(15, unarmed=True) == "strain"
    with pytest.raises(ValueError, match="second roll"):
        dmg.critical_miss_outcome(4, resistant=True)


def test_attacks_reload_and_fast_draw():
    from timedcombat.systems.gurps.attack import attacks_allowed, reload_turns
    from timedcombat.systems.gurps.traits import fast_draw_skill

    assert attacks_allowed("all_out_attack", "double") == 2
    assert attacks_allowed("all_out_attack", "determined") == 1
    assert attacks_allowed("ready") == 0 and attacks_allowed("wait") == 1
    assert reload_turns(BOW) == 2 and reload_turns(BOW, fast_draw_success=True) == 1
    assert reload_turns(KNIFE) == 0
    s = stats_from_mapping({"skills": {"fast_draw_knife": 14, "fast_draw": 11}})
    assert fast_draw_skill(s, KNIFE) == 14 and fast_draw_skill(s, SWORD) == 11
    assert fast_draw_skill(stats_from_mapping({}), KNIFE) is None
