"""The Basic Set rules the ``gurps`` driver applies around seed 002's chapter, with scripted
dice: maneuvers (Move and Attack, All-Out Attack and Defense, Wait, Aim, Ready), injury
and its effects (shock, knockdown and stun, consciousness, death), criticals, evading,
slams, posture, and the parameters that change the driver's behaviour."""

from __future__ import annotations

from gurps_helpers import KAZ, doc, fighter, of, one, run, states

SWORD = dict(st=12, dx=12, ht=12, skills={"broadsword": 14}, weapons=["broadsword"])


def duel(a_plan: list, b_plan: list, *, a: dict | None = None, b: dict | None = None,
         a_at: list | None = None, b_at: list | None = None, until: int = 20,
         b_policy: str = "aggressive", rules: dict | None = None) -> dict:
    """Ann (red, sword) against Bob (blue, sword), Ann first (DX 13)."""
    return doc(fighter("ann", "red", a_at or [-1, 0], **(a or dict(SWORD, dx=13)),
                       plan=a_plan),
               fighter("bob", "blue", b_at or [0, 0], facing="W", policy=b_policy,
                       **(b or SWORD), plan=b_plan), until=until, rules=rules)


NOTHING = [{"action": "do_nothing"}] * 4


def test_move_and_attack_is_at_minus_4_capped_at_9_and_leaves_dodge_or_block():
    d = duel([{"action": "move_and_attack", "target": "bob"}],
             [{"action": "attack", "target": "ann"}],
             a=dict(SWORD, dx=13, skills={"broadsword": 16}), a_at=[-4, 0], until=10)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 1, 3, 3, 4, 6, 6, 6, 1])
    # three hexes to stand beside Bob, then the attack: four steps at tenths 0, 1, 2, 3
    assert [m["t"] for m in of(ev, "move", actor="ann")] == [0, 1, 2]
    blow = one(ev, "attack", actor="ann")
    # skill 16 - 4 = 12, but at most 9
    assert (blow["t"], blow["modifiers"], blow["cap"], blow["effective"]) == \
        (3, {"move_and_attack": -4}, 9, 9)
    # until her next turn Ann may dodge (or block), not parry, not retreat
    dodge = one(ev, "defence", actor="ann")
    assert (dodge["t"], dodge["kind"], dodge.get("retreat"), dodge["modifiers"]) == \
        (5, "dodge", None, {})


def test_all_out_attack_determined_double_and_no_defence_after_it():
    d = duel([{"action": "all_out_attack", "target": "bob", "option": "double"}],
             [{"action": "attack", "target": "ann"}], until=10)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 1, 3, 3, 3, 6, 6, 6, 1,
                 3, 3, 3,  # Bob at 0 HP: HT roll to stay conscious at his phase
                 3, 3, 3, 2], fallback=True)
    # Double: two attacks laid out in her phase 0-4, at tenths 0 and 2
    assert [(e["t"], e["modifiers"]) for e in of(ev, "attack", actor="ann")] == \
        [(0, {}), (2, {})]
    assert one(ev, "gurps.maneuver", actor="ann")["defences"] == "none"
    # Bob's blow at 5: no active defence until her next turn
    assert one(ev, "attack", actor="bob")["result"] == "hit"
    assert of(ev, "defence", actor="ann") == []
    d = duel([{"action": "all_out_attack", "target": "bob"}], NOTHING, until=5)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 1])
    assert (one(ev, "attack", actor="ann")["modifiers"],
            one(ev, "attack", actor="ann")["effective"]) == ({"determined": 4}, 18)


def test_all_out_attack_strong_adds_to_damage():
    d = duel([{"action": "all_out_attack", "target": "bob", "option": "strong"}], NOTHING,
             until=5)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 1], fallback=True)
    # broadsword swing, ST 12: 1d+2 +1 = 1d+3; Strong +2
    assert one(ev, "damage", actor="bob")["dice"] == "1d6+5"


def test_wait_strikes_when_the_target_comes_within_reach():
    d = duel([{"action": "move", "to": [-2, 0]}, {"action": "do_nothing"}],
             [{"action": "wait", "target": "ann"}], a_at=[-5, 0], until=10)
    ev = run(d, [1, 1])
    # Ann's Move stops two hexes off (tenths 0, 1, 3); Bob's broadsword reaches one hex:
    # he holds his Wait, nothing happens
    assert one(ev, "action", actor="bob")["name"] == "wait"
    assert of(ev, "attack") == []
    d = duel([{"action": "move", "to": [-1, 0]}, {"action": "do_nothing"}],
             [{"action": "wait", "target": "ann"}], a_at=[-5, 0], until=20,
             b=dict(SWORD, dx=14))
    ev = run(d, [1, 1, 3, 3, 4, 6, 6, 6, 1], fallback=True)
    # Bob (DX 14) acts first and waits; Ann comes within reach at her fourth hex (tenth 8)
    moves = of(ev, "move", actor="ann", mode="move")
    blow = of(ev, "attack", actor="bob")[0]
    assert moves[-1]["to"] == [-1, 0] and blow["t"] == moves[-1]["t"] == 8
    assert ev.index(blow) > ev.index(moves[-1])  # after the step that triggered it


def test_a_wait_on_a_target_already_within_reach_strikes_at_once():
    """The trigger, "the target within reach", is met when Bob takes his Wait: the attack
    comes at once, at the Wait's step in his own phase (before, it came at the next step
    of anyone's, whatever that step was: a third man's lost attack)."""
    d = duel(NOTHING, [{"action": "wait", "target": "ann"}] + NOTHING, until=10)
    ev = run(d, [1, 1, 5, 5, 5])  # Ann (DX 13) first; Bob's blow: 15 vs 14, a miss
    blow = one(ev, "attack", actor="bob")
    assert (blow["t"], blow["target"], blow["result"]) == (5, "ann", "miss")
    assert one(ev, "gurps.maneuver", actor="bob")["maneuver"] == "wait"


def test_aim_gives_acc_then_plus_1():
    d = doc(fighter("ash", "red", [-6, 0], st=11, dx=12, ht=10, skills={"bow": 13},
                    weapons=["bow"], plan=[{"action": "aim", "target": "bob"},
                                           {"action": "aim", "target": "bob"},
                                           {"action": "attack", "target": "bob"}]),
            fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=30)
    ev = run(d, [1, 1, 5, 5, 5])
    shot = one(ev, "attack", actor="ash")
    # six hexes: -3; two turns of Aim: Acc 2 + 1
    assert (shot["t"], shot["modifiers"], shot["result"]) == \
        (20, {"range": -3, "aim": 3}, "miss")


def test_a_bow_takes_two_readies_after_a_shot_one_with_fast_draw():
    def bow(skills: dict) -> list:
        d = doc(fighter("ash", "red", [-6, 0], st=11, dx=12, ht=10,
                        skills={"bow": 13, **skills}, weapons=["bow"],
                        plan=[{"action": "attack", "target": "bob"},
                              {"action": "ready", "weapon": "bow"},
                              {"action": "ready", "weapon": "bow"},
                              {"action": "attack", "target": "bob"}]),
                fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=40)
        return run(d, [1, 1, 5, 5, 5, 3, 3, 3], fallback=True)
    ev = bow({})
    assert [r["result"] for r in of(ev, "gurps.ready")] == ["reloading", "ready"]
    assert [a["t"] for a in of(ev, "attack", actor="ash")] == [0, 30]
    ev = bow({"fast_draw_arrow": 14})
    ready = of(ev, "gurps.ready")[0]
    assert (ready["fast_draw_roll"], ready["result"]) == (9, "ready")
    # loaded after one Ready: the second one is skipped ("already ready")
    assert one(ev, "gurps.plan_skip")["reason"] == "already ready"


def test_knockdown_stuns_and_the_stunned_do_nothing_and_roll_to_recover_at_phase_end():
    d = duel([{"action": "attack", "target": "bob"}] * 3, NOTHING, until=30)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 6,  # a hit: 1d+3 swing = 9, x1.5 = 13: major
                 5, 5, 4,  # the knockdown roll fails by 2: stunned and prone
                 3, 3, 3,  # 5: at HP -1 his HT roll to stay conscious (he will defend)
                 5, 5, 5,  # his recovery roll at the end of his phase (9) fails
                 3, 3, 3, 5, 5, 5,  # turn 2: Ann hits, Bob (stunned, -4) fails to parry
                 1,  # damage 1d+3: 4 -> 6 injury
                 3, 3, 3,  # 15: HP -7, his HT roll (12) again
                 4, 4, 4,  # Bob's stun recovery roll at 19: he recovers
                 ], fallback=True)
    assert one(ev, "gurps.check", kind="knockdown", t=0)["result"] == "stunned"
    assert states(ev, "bob", "stunned")[0] == (0, True)
    assert states(ev, "bob", "prone") == [(0, True)]
    # his phase of turn 1 (5-9) and 2 (15-19): Do Nothing, the recovery roll at the last
    # tenth of the phase
    assert [(a["t"], a["name"]) for a in of(ev, "action", actor="bob")][:2] == \
        [(5, "do_nothing"), (15, "do_nothing")]
    rec = of(ev, "gurps.check", kind="stun_recovery")
    assert [(r["t"], r["result"]) for r in rec][:2] == [(9, "stunned"), (19, "recovers")]
    assert states(ev, "bob", "stunned")[:2] == [(0, True), (19, False)]
    # stunned and prone: -4 and -3 to his defence; at 0 HP or less a stunned man does
    # nothing but defends, so he rolls HT to stay conscious at his phase's first tenth
    # (B419, issue 19)
    assert one(ev, "defence", actor="bob", t=10)["modifiers"] == {"stunned": -4, "posture": -3}
    assert [(c["t"], c["effective"]) for c in of(ev, "gurps.check", kind="consciousness")] \
        [:2] == [(5, 12), (15, 12)]


def test_at_zero_hp_a_ht_roll_each_turn_and_death_checks_at_minus_hp():
    d = duel([{"action": "attack", "target": "bob"}] * 3,
             [{"action": "attack", "target": "ann"}] * 3,
             b=dict(SWORD, st=6), until=30)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 6,  # 9 cut x1.5 = 13 against HP 6: -7
                 3, 3, 3,  # death check at -6 (1 x HP): 9 vs HT 12, he lives
                 3, 3, 3,  # knockdown roll: stays up
                 5, 5, 5,  # Bob's phase: HT roll at -1 (HP -7, one full HP below 0): 15
                 ])
    death = one(ev, "gurps.check", kind="death")
    assert (death["t"], death["roll"], death["effective"], death["result"]) == \
        (0, 9, 12, "survives")
    con = one(ev, "gurps.check", kind="consciousness")
    assert (con["t"], con["modifiers"], con["effective"], con["success"]) == \
        (5, {"hp_below_zero": -1}, 11, False)
    assert states(ev, "bob", "out") == [(5, True)]
    assert ev[-1]["winner"] == "red"


def test_a_critical_hit_allows_no_defence_and_rolls_the_critical_hit_table():
    d = duel([{"action": "attack", "target": "bob"}], NOTHING, until=5)
    ev = run(d, [1, 1, 1, 1, 2,  # 4: a critical success
                 2, 2, 1,  # Critical Hit Table: 5, double damage
                 3], fallback=True)  # 1d+3 = 6, doubled: 12
    assert one(ev, "attack", actor="ann")["critical"] == "success"
    assert of(ev, "defence") == []
    crit = one(ev, "gurps.critical")
    assert (crit["table"], crit["roll"], crit["effect"]) == ("hit", 5, "double")
    dmg = one(ev, "damage")
    assert (dmg["basic"], dmg["critical"], dmg["amount"]) == (12, "double", 18)


def test_a_critical_miss_drops_the_weapon():
    d = duel([{"action": "attack", "target": "bob"}, {"action": "do_nothing"}], NOTHING,
             until=15)
    ev = run(d, [1, 1, 6, 6, 6, 3, 3, 4])  # 18: critical failure; table 10: drop
    crit = one(ev, "gurps.critical")
    assert (crit["table"], crit["effect"]) == ("miss", "drop")
    mishap = one(ev, "gurps.mishap")
    assert (mishap["actor"], mishap["effect"], mishap["weapon"]) == ("ann", "drop", "broadsword")


def test_a_critical_miss_that_asks_for_a_second_roll_logs_each_3d6_apart():
    spear = dict(st=11, dx=13, ht=11, skills={"spear": 14}, weapons=["spear"])
    d = duel([{"action": "attack", "target": "bob"}, {"action": "do_nothing"}], NOTHING,
             a=spear, until=15)
    # 18: critical failure; table 5 (hit yourself) with an impaling thrust: roll again,
    # 10: the second result stands, the spear is dropped (B556)
    ev = run(d, [1, 1, 6, 6, 6, 1, 1, 3, 4, 4, 2])
    crit = one(ev, "gurps.critical")
    assert (crit["faces"], crit["roll"], crit["second_faces"], crit["second_roll"],
            crit["effect"]) == ([1, 1, 3], 5, [4, 4, 2], 10, "drop")
    assert one(ev, "gurps.mishap")["weapon"] == "spear"
    # one roll: no second
    ev = run(d, [1, 1, 6, 6, 6, 3, 3, 4])
    crit = one(ev, "gurps.critical")
    assert (crit["faces"], crit.get("second_faces"), crit["effect"]) == \
        ([3, 3, 4], None, "drop")


def test_all_out_defense_double_tries_a_second_defence():
    d = duel([{"action": "do_nothing"}, {"action": "attack", "target": "bob"}],
             [{"action": "all_out_defense", "option": "double"}], until=15,
             b=dict(SWORD, dx=11), a=dict(SWORD, dx=13))
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6, 2, 2, 3])
    # his best (parry 10) fails; Double lets him try a different one (dodge 8)
    assert [(e["kind"], e["effective"], e["success"]) for e in of(ev, "defence")] == \
        [("parry", 10, False), ("dodge", 8, True)]
    assert one(ev, "attack", actor="ann")["result"] == "dodged"


def test_evading_through_a_foe_is_a_quick_contest_of_dx():
    def evade(faces: list) -> list:
        d = duel([{"action": "evade", "target": "bob", "to": [1, 0]}], NOTHING,
                 a_at=[-2, 0], until=5)
        return run(d, faces)
    ev = evade([1, 1, 3, 3, 3, 5, 5, 5])  # Ann 9 vs 13-5; Bob 15 vs 12: she gets past
    mine = one(ev, "gurps.check", kind="evade")
    assert (mine["modifiers"], mine["effective"]) == ({"foe_standing": -5}, 8)
    passed = one(ev, "gurps.contest", kind="evade")
    assert (passed["winner"], passed["result"]) == ("ann", "passed")
    assert [(m["t"], m["to"]) for m in of(ev, "move", actor="ann")] == \
        [(0, [-1, 0]), (1, [0, 0]), (3, [1, 0])]
    assert states(ev, "ann", "close_combat") == [(1, True), (3, False)]
    ev = evade([1, 1, 5, 5, 5, 3, 3, 3])  # she loses: she stops in his hex
    assert one(ev, "gurps.contest", kind="evade")["result"] == "stopped"
    assert states(ev, "ann", "close_combat") == [(1, True)]
    assert of(ev, "move", actor="ann")[-1]["to"] == [0, 0]


def test_a_slam_deals_damage_both_ways_and_the_slammer_ends_in_the_hex():
    d = duel([{"action": "slam", "target": "bob"}], NOTHING, a_at=[-4, 0], until=5)
    ev = run(d, [1, 1, 3, 3, 3, 6, 6, 6,  # the slam hits; Bob's dodge fails
                 6, 1])  # HP 12 x velocity 3 / 100: 0.36 -> 1d-2 each way: 4 and -1 (0)
    slam = one(ev, "attack", actor="ann")
    assert (slam["kind"], slam["modifiers"], slam["entering"]) == \
        ("slam", {"move_and_attack": -4}, True)
    s = one(ev, "gurps.slam")
    assert (s["velocity"], s["dice"], s["dealt"], s["taken"], s["falls"]) == \
        (3, "1d6-2", 4, 0, ["bob"])
    assert states(ev, "bob", "prone") == [(3, True)]
    assert of(ev, "move", actor="ann")[-1]["to"] == [0, 0]
    assert states(ev, "ann", "close_combat") == [(3, True)]


def test_an_evader_stopped_in_the_hex_turns_to_face_the_foe_and_says_so():
    """Ann comes in from the south-west facing east (the NE hex is a front hex: no turn on
    the way); Bob stops her evade, and she faces him, as one stopping in a foe's hex does
    (seed 002): a turn in place logged on that tenth, not a silent change of facing."""
    d = doc(fighter("ann", "red", [-1, 1], dx=12,
                    plan=[{"action": "evade", "target": "bob"}, {"action": "do_nothing"}]),
            fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=5)
    ev = run(d, [1, 1, 5, 5, 5, 3, 3, 3])  # Ann 15 vs 12 - 5; Bob 9 vs 10: she is stopped
    assert one(ev, "gurps.contest", kind="evade")["result"] == "stopped"
    assert [(m["t"], m["from"], m["to"], m["mode"], m["facing"])
            for m in of(ev, "move", actor="ann")] == \
        [(0, [-1, 1], [0, 0], "move", "E"), (0, [0, 0], [0, 0], "turn", "NE")]


def test_a_slam_on_a_man_in_close_combat_is_the_entering_attack_not_one_from_outside():
    """Cy is in Bob's hex; Ann slams Bob from beside it. The slam is "the initial slam ...
    with which you entered the foe's hex" (seed 002), not an attack made standing
    outside: no -2, and its miss strikes nobody else there (no wrong-target roll)."""
    d = doc(fighter("cy", "red", [1, 0], facing="W", dx=14, ht=12,
                    plan=[{"action": "move", "target": "bob"}, {"action": "do_nothing"}]),
            fighter("ann", "red", [-3, 0], dx=12, ht=12,
                    plan=[{"action": "slam", "target": "bob"}, {"action": "do_nothing"}]),
            fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=10)
    ev = run(d, [1, 1, 1, 5, 5, 5])  # the slam: 15 vs 12 - 4, a miss
    assert states(ev, "bob", "close_combat") == [(0, True)]
    slam = one(ev, "attack", actor="ann")
    assert (slam["t"], slam["modifiers"], slam["effective"], slam["result"],
            slam["entering"]) == (5, {"move_and_attack": -4}, 8, "miss", True)
    assert of(ev, "gurps.wrong_target") == []


def test_an_evader_who_gets_past_but_cannot_go_on_stays_facing_the_foe():
    """Ann wins the evade, but walls fill the far side of Bob's hex: she stays in it, and
    like anyone who stops in a foe's hex she faces him, a turn logged at the step that
    would have taken her out."""
    d = doc(fighter("ann", "red", [-1, 1], dx=12,
                    plan=[{"action": "evade", "target": "bob"}, {"action": "do_nothing"}]),
            fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=5,
            walls=[[1, -1], [1, 0], [0, -1]])
    ev = run(d, [1, 1, 3, 3, 3, 5, 5, 5])  # Ann 9 vs 12 - 5; Bob 15 vs 10: she gets past
    assert one(ev, "gurps.contest", kind="evade")["result"] == "passed"
    assert [(m["t"], m["to"], m["mode"], m["facing"]) for m in of(ev, "move", actor="ann")] \
        == [(0, [0, 0], "move", "E"), (2, [0, 0], "turn", "NE")]
    assert states(ev, "ann", "close_combat") == [(0, True)]


def test_a_slam_on_a_man_who_retreats_out_of_reach_leaves_the_slammer_where_he_stood():
    """Bob's dodge fails but its retreat takes him two hexes from Ann: the slam's damage
    and his fall stand; she does not jump into a hex that is not beside her (this used to
    end the run with a traceback)."""
    d = doc(fighter("ann", "red", [-2, 0], st=10, dx=12, ht=12,
                    plan=[{"action": "slam", "target": "bob"}, {"action": "do_nothing"}]),
            fighter("bob", "blue", [0, 0], facing="W", st=10, dx=13, ht=12,
                    plan=[{"action": "retreat"}] + NOTHING * 2), until=10)
    ev = run(d, [1, 1,  # Bob (Speed 6.25) acts first and readies a retreat
                 2, 2, 3,  # the slam: 7 vs 12 - 4
                 5, 5, 4,  # Bob's dodge, retreating: 14 vs 9 + 3, fails
                 6, 1])  # HP 10 x velocity 1 / 100 -> 1d-3 each way: 3 and 0
    dodge = one(ev, "defence", actor="bob")
    assert (dodge["t"], dodge["success"], dodge["retreat"]) == (7, False, [1, 0])
    s = one(ev, "gurps.slam")
    assert (s["t"], s["dealt"], s["taken"], s["falls"]) == (7, 3, 0, ["bob"])
    assert [m["to"] for m in of(ev, "move", actor="ann")] == [[-1, 0]]
    assert states(ev, "ann", "close_combat") == [] and states(ev, "bob", "prone") == [(7, True)]


def test_a_pinner_knocked_out_frees_his_man_and_leaves_the_close_combat_before_the_end():
    """Vik (blue, alone) pins Ann; Cy stabs Vik from beside the hex and knocks him out.
    Taking him off the map lets Ann go - which brings her back into the count and ends the
    fight - but first every close combat he leaves is logged: nothing comes after ``end``,
    and a log that ended with Ann still "in close combat" in a hex with no foe was false."""
    nothing = [{"action": "do_nothing"}]
    d = doc(fighter("cy", "red", [-1, 0], st=12, dx=12, ht=12, skills={"knife": 16},
                    weapons=["knife"], plan=nothing * 3 + [{"action": "attack",
                                                            "target": "vik"}] * 2),
            fighter("ann", "red", [0, 0],
                    plan=[{"action": "change_posture", "posture": "prone"}] * 2 + nothing * 3),
            fighter("vik", "blue", [1, 0], facing="W", st=3, dx=12, ht=3,
                    skills={"wrestling": 14},
                    plan=[{"action": "grapple", "target": "ann"}] + nothing
                    + [{"action": "pin", "target": "ann"}] + nothing * 2), until=60)
    ev = run(d, [2, 6, 1,  # initiative: Cy, Ann, Vik
                 5, 1, 2, 6, 2, 4,  # Vik grabs Ann (8 vs 14); her dodge fails
                 3, 3, 3, 2, 5, 1,  # turn 3: the pin, 9 vs 14 against 8 vs 10: pinned
                 2, 1, 2, 3, 6, 3, 1,  # Cy's stab hits, Vik's dodge fails: 1 (HP 2)
                 2, 6, 1, 4, 3, 4, 3,  # again: 3 x 1.5 = 4 (HP -2), a major wound
                 5, 3, 4])  # the knockdown roll fails by 9: unconscious
    assert states(ev, "ann", "pinned") == [(26, True), (40, False)]
    assert [(e["t"], e["event"], e.get("actor"), e.get("state"), e.get("value"))
            for e in ev[-5:]] == [
        (40, "state", "vik", "out", True), (40, "state", "ann", "grappled", False),
        (40, "state", "ann", "pinned", False), (40, "state", "ann", "close_combat", False),
        (40, "end", None, None, None)]


def test_a_kneeling_fighters_attack_lays_out_no_step_he_cannot_take():
    """Kneeling, Ann cannot step (no crawling): her Attack with a `to` is the blow alone,
    at her phase's first tenth, not a step that does nothing and a blow two tenths on."""
    d = duel([{"action": "change_posture", "posture": "kneeling"},
              {"action": "attack", "target": "bob", "to": [-2, 0]}], NOTHING, until=15)
    ev = run(d, [1, 1, 5, 5, 5])  # her blow: 15 vs 14 - 2 (kneeling), a miss
    blow = one(ev, "attack", actor="ann")
    assert (blow["t"], blow["modifiers"], blow["result"]) == (10, {"posture": -2}, "miss")
    assert [m["mode"] for m in of(ev, "move", actor="ann")] == []


def test_getting_up_takes_two_maneuvers():
    d = duel([{"action": "change_posture", "posture": "prone"}] * 2
             + [{"action": "change_posture", "posture": "standing"}] * 3, NOTHING, until=45)
    ev = run(d, [1, 1], fallback=True)
    # one change a maneuver: standing -> kneeling -> prone, and back up the same way
    changes = [(e["t"], e["state"], e["value"]) for e in of(ev, "state", actor="ann")]
    assert changes == [(0, "kneeling", True), (10, "kneeling", False), (10, "prone", True),
                       (20, "prone", False), (20, "kneeling", True), (30, "kneeling", False)]
    skip = one(ev, "gurps.plan_skip")
    assert (skip["t"], skip["reason"]) == (40, "already standing")


def test_leaving_a_close_combat_hex_only_by_ones_own_side():
    d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "bob"},
                                                        {"action": "move", "to": [2, 0]}]),
            fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=20)
    ev = run(d, [1, 1])
    # (2,0) lies beyond Bob's side: Kaz (facing east, at Bob) leaves by a hex of his own
    # side, the north-west one, a sidestep of 2 movement points, then 1 a hex forward:
    # 5 of his 6
    leave = of(ev, "move", actor="kaz", mode="move")[3:]
    assert [(m["t"], m["to"], m["facing"]) for m in leave] == [
        (10, [0, -1], "E"), (11, [1, -1], "E"), (12, [2, -1], "E"), (13, [2, 0], "E")]
    assert states(ev, "kaz", "close_combat") == [(3, True), (10, False)]


def test_pinned_need_not_end_the_fight():
    from test_gurps_driver import TEAM_FACES, _takedown_and_pin

    ev = run(_takedown_and_pin(pinned_is_out=False), TEAM_FACES, fallback=True)
    assert states(ev, "vik", "pinned")[0] == (34, True)
    assert ev[-1]["t"] > 34
    dag = one(ev, "gurps.plan_skip", actor="dag")
    assert dag["reason"] == "limit"


def test_the_miniatures_compromise_lets_an_adjacent_fighter_help():
    from test_gurps_driver import TEAM_FACES, _takedown_and_pin

    ev = run(_takedown_and_pin(adjacent_joins_close_combat=True), TEAM_FACES, fallback=True)
    assert one(ev, "gurps.contest", kind="takedown")["helpers"] == ["ana"]


def test_leaving_through_the_foes_side_takes_an_evade():
    d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[
                {"action": "move", "target": "bob"},
                {"action": "evade", "target": "bob", "to": [1, 0]}]),
            fighter("bob", "blue", [0, 0], facing="W", plan=NOTHING), until=20)
    ev = run(d, [1, 1, 2, 2, 2, 5, 5, 5])
    # out of the hex by Bob's side (east): DX 13 - 5 against a standing foe, 6 against 8;
    # Bob's 15 fails: Kaz passes (tenth 10) and steps out (tenth 12)
    mine = one(ev, "gurps.check", kind="evade")
    assert (mine["t"], mine["modifiers"], mine["effective"]) == (10, {"foe_standing": -5}, 8)
    assert one(ev, "gurps.contest", kind="evade")["result"] == "passed"
    out = of(ev, "move", actor="kaz")[-1]
    assert (out["t"], out["from"], out["to"]) == (12, [0, 0], [1, 0])
    assert states(ev, "kaz", "close_combat") == [(3, True), (12, False)]
    # without the evade, a plain move there goes round by his own side instead
    d["combatant"][0]["plan"][1] = {"action": "move", "to": [1, 0]}
    ev = run(d, [1, 1])
    assert of(ev, "move", actor="kaz")[3]["to"] in ([0, -1], [-1, 0], [-1, 1])
