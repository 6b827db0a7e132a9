"""The four situations issue 12 asks scenarios for, replayed through the pure gurps rules
with scripted faces, turn by turn, at the tenths the timing mapping gives."""

from __future__ import annotations

from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps import damage as dmg
from timedcombat.systems.gurps import grapple as gr
from timedcombat.systems.gurps import halfhex as hh
from timedcombat.systems.gurps import movement as mv
from timedcombat.systems.gurps import timing as tm
from timedcombat.systems.gurps.attack import (
    AttackSituation,
    may_attack_in_close_combat,
    weapon_attack,
)
from timedcombat.systems.gurps.defence import DefenceSituation, best, can_retreat, defend, options
from timedcombat.systems.gurps.rolls import success_roll
from timedcombat.systems.gurps.rules import GurpsRules
from timedcombat.systems.gurps.stats import stats_from_mapping
from timedcombat.systems.gurps.traits import (
    basic_move,
    grapple_skill,
    hit_points,
    speed_quarters,
    weapon_skill,
)

RULES = GurpsRules()


def test_knife_fighter_closing_on_a_swordsman_with_a_shield():
    kaz = stats_from_mapping({"st": 11, "dx": 13, "ht": 11, "skills": {"knife": 15},
                              "weapons": ["knife"]})
    sven = stats_from_mapping({"st": 12, "dx": 12, "ht": 12,
                               "skills": {"broadsword": 14, "shield": 13, "knife": 12},
                               "weapons": ["broadsword", "knife"], "shield": "medium",
                               "armor": "leather"})
    # both Basic Speed 6.00: Kaz acts first on DX 13
    order = tm.initiative_order([tm.InitiativeEntry("sven", speed_quarters(12, 12), 12, 6),
                                 tm.InitiativeEntry("kaz", speed_quarters(11, 13), 13, 1)])
    assert order == ("kaz", "sven")
    kaz_1, sven_1 = tm.phases(1, order)

    # turn 1, Kaz: Move 6 from (-3,0) east into Sven's hex (0,0): three hexes, then he stops
    assert basic_move(11, 13) == 6
    assert [mv.hex_cost(0, 0, RULES).cost] * 3 == [1, 1, 1]
    assert tm.step_tenths(kaz_1, 3) == (0, 1, 3)  # he enters close combat at tenth 3
    assert ccr.entering_choices("move", 6 - 3) == {"stop", "evade"}
    cc = hh.enter(hh.CloseCombatHex((0, 0)), "kaz", (-1, 0), standing=["sven"])
    assert (cc.side_of("kaz"), cc.side_of("sven")) == (3, 0)

    # turn 1, Sven: the broadsword (reach 1) cannot strike in close combat; he readies his
    # knife: a DX roll, his first turn there, so no shield penalty yet
    sword, knife = sven.weapons
    assert not may_attack_in_close_combat(sword, sword.mode("swing"))
    ready = ccr.ready_in_close_combat(success_roll((4, 4, 3), sven.dx, ccr.dx_roll_modifiers(
        sven.shield.db, turn_there=1)))
    assert ready.result == ccr.READY and tm.step_tenths(sven_1, 1) == (5,)

    # turn 2, Kaz stabs (tenth 10): knife 15, no modifiers
    kaz_2, sven_2 = tm.phases(2, order)
    stab = weapon_attack((3, 4, 5), weapon_skill(kaz, kaz.ready_weapon), kaz.ready_weapon,
                         kaz.ready_weapon.mode("thrust"), AttackSituation(in_close_combat=True))
    assert (stab.effective, stab.roll.success, stab.modifiers) == (15, True, ())
    # Sven, knife ready, in close combat: dodge 9 + DB 2, knife parry 8 + 2, no block
    opts = options(sven, knife, DefenceSituation(in_close_combat=True))
    assert {o.kind: o.value for o in opts} == {"dodge": 11, "parry": 10}
    assert not defend((5, 5, 3), best(opts)).success
    spec = dmg.weapon_damage(kaz.st, knife.mode("thrust"))
    hurt = dmg.injury(dmg.damage_roll(spec, (5,), "imp"), spec, sven.armor.dr_against("imp"),
                      "imp")
    assert (str(spec), hurt.basic, hurt.penetrating, hurt.injury) == ("1d6-1", 4, 2, 4)
    w = dmg.wound(hit_points(sven), 12, hurt.injury)
    assert (w.hp_after, w.shock, w.major) == (8, -4, False)

    # turn 2, Sven stabs back (tenth 15): -2 for his shield (not his entering attack), -4 shock
    assert tm.next_phase(2, order, "sven", 10) == sven_2
    back = weapon_attack((1, 2, 2), weapon_skill(sven, knife), knife, knife.mode("thrust"),
                         AttackSituation(in_close_combat=True, shield_db=2, shock=w.shock))
    assert dict(back.modifiers) == {"shield_in_close_combat": -2, "shock": -4}
    assert (back.effective, back.roll.success, back.roll.critical) == (6, True, None)
    # and from now on every DX roll he makes there is at -2
    assert ccr.shield_dx_penalty(sven.shield.db, turn_there=2) == -2


def test_archer_shooting_into_a_close_combat_hex_hits_the_wrong_man():
    ash = stats_from_mapping({"st": 11, "dx": 12, "skills": {"bow": 13}, "weapons": ["bow"]})
    ulf = stats_from_mapping({"st": 11, "dx": 11, "ht": 11, "weapons": ["broadsword"]})
    # Rab (red) ran into Ulf's hex from the east; Ash (blue, Ulf's friend) stands 5 hexes west
    cc = hh.enter(hh.CloseCombatHex((0, 0)), "rab", (1, 0), standing=["ulf"])
    bow = ash.ready_weapon
    shot = weapon_attack((5, 5, 3), weapon_skill(ash, bow), bow, bow.mode(),
                         AttackSituation(into_close_combat=True, distance=5, aim_turns=1))
    assert dict(shot.modifiers) == {"into_close_combat": -2, "range": -2, "aim": 2}
    assert (shot.effective, shot.roll.success) == (11, False)
    # the miss may strike whoever is in the way: Ulf's half faces the archer
    assert hh.in_the_way(cc, (-5, 0)) == ("ulf", "rab")
    others = hh.in_the_way(cc, (-5, 0), exclude=["rab"])
    assert others == ("ulf",) and ccr.chain_goes_on(["miss"], len(others))
    roll = ccr.stray_roll((2, 3, 3), shot.effective)  # skill against Ulf would be 11 too
    assert (roll.target, roll.success) == (9, True)
    # Ulf may only dodge an arrow: Dodge 8, fails with a 12 -> hit
    opts = options(ulf, ulf.ready_weapon, DefenceSituation(in_close_combat=True,
                                                           ranged_attack=True))
    assert [o.kind for o in opts] == ["dodge"] and not defend((5, 4, 3), opts[0]).success
    stray = ccr.stray("ulf", (2, 3, 3), shot.effective)
    assert (stray.effective_skill, stray.result) == (9, "hit")
    assert not ccr.chain_goes_on([stray.result], 0)
    spec = dmg.weapon_damage(ash.st, bow.mode())
    hurt = dmg.injury(dmg.damage_roll(spec, (4,), "imp"), spec, 0, "imp")
    assert (str(spec), hurt.injury) == ("1d6", 8)
    w = dmg.wound(11, 11, 8)
    assert w.major and dmg.knockdown_check((4, 4, 4), 11).result == dmg.KNOCKED_DOWN


def test_two_on_one_takedown_then_a_three_man_pin():
    vik = gr.grappler("vik", stats_from_mapping({"st": 12, "dx": 11, "ht": 11}), RULES)
    raw = {"ana": {"st": 10, "dx": 11, "skills": {"wrestling": 13}},
           "bo": {"st": 14, "dx": 10}, "cy": {"st": 11, "dx": 12},
           "dag": {"st": 13, "dx": 10, "skills": {"wrestling": 12}}}
    team = {k: gr.grappler(k, stats_from_mapping(v), RULES) for k, v in raw.items()}
    order = ("cy", "ana", "dag", "vik", "bo")
    phases = {p.actor: p for p in tm.phases(2, order)}

    # turn 1: Ana grapples Vik (Wrestling 13); his dodge 8 fails
    ana_stats = stats_from_mapping(raw["ana"])
    assert gr.can_grapple(2) and grapple_skill(ana_stats) == 13
    assert success_roll((3, 4, 4), grapple_skill(ana_stats)).success
    assert not success_roll((5, 5, 4), 8).success

    # turn 2: Ana (phase at 12) and Bo (phase at 18) both choose takedown: the roll comes
    # when Bo, the last of them, acts
    assert (phases["ana"].start, phases["bo"].start) == (12, 18)
    takedown = gr.team_score([team["ana"], team["bo"]], gr.TAKEDOWN, RULES)
    assert (takedown.leader, takedown.base, takedown.helpers, takedown.score) == \
        ("bo", 14, (("ana", 2),), 16)
    trait, score = gr.resist_score(vik)
    thrown = gr.takedown(takedown, success_roll((3, 4, 4), takedown.score), trait,
                         success_roll((4, 4, 3), score), RULES)
    assert (trait, score, thrown.result, thrown.contest.margin) == ("st", 12,
                                                                     gr.VICTIM_FALLS, 4)

    # turn 3: three pin him; Dag, a fourth, cannot join
    pin = gr.team_score([team["cy"], team["ana"], team["bo"], team["dag"]], gr.PIN, RULES)
    assert (pin.leader, pin.score, pin.left_out) == ("bo", 14 + 2 + 2, ("dag",))
    held = gr.pin(pin, success_roll((5, 5, 4), pin.score), trait, success_roll((4, 4, 4), 12))
    assert held.result == gr.PINNED


def test_a_grappled_fighter_cannot_leave_until_free():
    gus = stats_from_mapping({"st": 12, "dx": 12, "skills": {"wrestling": 12}})
    hal = stats_from_mapping({"st": 12, "dx": 12, "ht": 12, "weapons": ["knife"]})
    cc = hh.enter(hh.CloseCombatHex((0, 0)), "gus", (-1, 0), standing=["hal"])
    # grappled: no way out, no retreat, -4 DX on his attacks
    assert ccr.exits(cc, "hal", grappled=True) == ()
    assert not can_retreat(DefenceSituation(in_close_combat=True, grappled=True, retreat=True))
    stab = weapon_attack((3, 3, 3), 13, hal.ready_weapon, hal.ready_weapon.mode("thrust"),
                         AttackSituation(in_close_combat=True, grappled=True))
    assert dict(stab.modifiers) == {"grappled": -4}
    # break free: ST 12 against Gus's ST 12 (Wrestling only at DX: no ST bonus) + 5, two hands
    g = gr.grappler("gus", gus, RULES)
    assert g.st == 12
    mine, his = gr.break_free_modifiers(two_hands=True, pinned=False, rules=RULES)
    first = gr.break_free(success_roll((4, 4, 4), hal.st, mine),
                          success_roll((4, 4, 3), g.st, his))
    assert not first.free and ccr.exits(cc, "hal", grappled=True) == ()
    second = gr.break_free(success_roll((3, 3, 3), hal.st, mine),
                           success_roll((5, 5, 5), g.st, his))
    assert second.free  # by 3 against by 2
    assert ccr.exits(cc, "hal", grappled=False) == ((0, 1), (1, 0), (1, -1))  # his east side
