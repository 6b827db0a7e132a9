"""Melee of many (seed 004): targets, reactions, defend-only, surprise, blocking, close
quarters, weapon combinations and changes, pinned to the tenth with scripted dice."""

from __future__ import annotations

from helpers import BLADE, duel_doc, fighter, of, run

from timedcombat.systems.tenths import blocking, resolve

MISS = 2
SPEAR = {"name": "spear", "base_speed": 10, "anti_parry": 1, "reach": "long", "hands": 2}


def test_plan_target_change_takes_a_reaction_time_with_no_defence():
    ana = fighter("ana", "red", [0, 0], plan=[{"action": "target", "target": "cy"}],
                  policy="guard")
    bo = fighter("bo", "blue", [8, 0], facing="W", policy="guard")
    cy = fighter("cy", "blue", [8, 1], facing="W", policy="guard")
    ev = run(duel_doc(ana, bo, cy, until=20), [7])
    act = of(ev, "action", actor="ana", name="target")[0]
    react = of(ev, "reaction", actor="ana")[0]
    assert (react["cause"], react["roll"], react["tenths"]) == ("target change", 7, 7 - 3)
    assert (act["t"], act["end"]) == (0, 4)
    assert of(ev, "target", actor="ana", target="cy")[0]["t"] == 4


def _struck_from_behind(rules=None, ana_kw=None):
    ana = fighter("ana", "red", [0, 0], policy="guard", **(ana_kw or {}))
    bo = fighter("bo", "blue", [8, 0], facing="W", policy="guard")
    cy = fighter("cy", "blue", [-2, 0], plan=[{"action": "attack", "target": "ana"}])
    return run(duel_doc(ana, bo, cy, until=20, rules=rules), [15, 8], fallback=True)


def test_the_attack_of_a_non_target_forces_a_reaction():
    ev = _struck_from_behind()
    blow = of(ev, "attack", actor="cy")[0]
    assert blow["t"] == 12 and blow["result"] == "hit" and "defence" not in blow
    assert "surprised" not in blow
    react = of(ev, "reaction", actor="ana")[0]
    assert (react["t"], react["cause"], react["roll"], react["tenths"]) == \
        (12, "attacked by non-target", 8, 5)
    # her target bo is not in combat with her: she takes the attacker as target
    assert of(ev, "target", actor="ana", target="cy")[0]["t"] == 17


def test_surprise_rules_an_attack_from_the_back_surprises():
    ev = _struck_from_behind(rules={"surprise": True})
    blow = of(ev, "attack", actor="cy")[0]
    assert blow["surprised"] is True and "defence" not in blow
    assert of(ev, "reaction", actor="ana")[0]["cause"] == "surprised"


def test_surprise_rules_an_unaware_combatant_is_surprised_even_from_the_front():
    ana = fighter("ana", "red", [0, 0], aware=False)
    cy = fighter("cy", "blue", [2, 0], facing="W", plan=[{"action": "attack"}])
    ev = run(duel_doc(ana, cy, until=20, rules={"surprise": True}), [15, 8], fallback=True)
    assert not of(ev, "action", actor="ana", t=0)  # no target, no answer to the closing
    blow = of(ev, "attack", actor="cy")[0]
    assert (blow["t"], blow["surprised"], blow["result"]) == (12, True, "hit")
    react = of(ev, "reaction", actor="ana")[0]
    assert (react["cause"], react["tenths"]) == ("surprised", 5)
    assert of(ev, "target", actor="ana", target="cy")[0]["t"] == 17


def test_defend_only_two_attacks_on_one_tenth_one_is_defended_at_random():
    ana = fighter("ana", "red", [0, 0], plan=[{"action": "defend_only",
                                               "targets": ["bo", "cy"]}])
    bo = fighter("bo", "blue", [2, 0], facing="W", plan=[{"action": "attack"}])
    cy = fighter("cy", "blue", [0, 2], facing="NW", plan=[{"action": "attack"}])
    ev = run(duel_doc(ana, bo, cy, until=13), [7, 2, 15, 15, 20], fallback=True)
    assert of(ev, "action", actor="ana", name="defend_only")[0]["end"] == 4
    assert of(ev, "target", actor="ana")[-1]["targets"] == ["bo", "cy"]
    choice = of(ev, "tenths.defend_choice", actor="ana")[0]
    assert (choice["t"], choice["among"], choice["roll"], choice["against"]) == \
        (12, ["bo", "cy"], 2, "cy")
    by_bo, by_cy = of(ev, "attack", actor="bo")[0], of(ev, "attack", actor="cy")[0]
    assert by_bo["result"] == "hit" and "defence" not in by_bo
    assert by_cy["result"] == "parried"
    assert not of(ev, "reaction", actor="ana", t=12)  # targets force no reaction


def test_blocking_positions_hexes():
    assert blocking.blocked_hexes((5, 0), 3, "centre", 2) == ((4, 0), (3, 0))
    # facing W, the left hand points south-west
    assert blocking.blocked_hexes((5, 0), 3, "left", 2) == ((4, 1), (3, 2))
    assert blocking.blocked_hexes((5, 0), 3, "right", 2) == ((5, -1), (5, -2))
    assert blocking.blocked_hexes((0, 0), 0, "left", 2) == ((1, -1), (2, -2))  # facing E
    assert blocking.blocked_hexes((0, 0), 0, "right", 2) == ((0, 1), (0, 2))


def test_block_take_up_is_base_speed_minus_5_and_a_move_base_speed_minus_10():
    pole = dict(SPEAR, base_speed=12)
    hild = fighter("hild", "red", [0, 0], weapons=[pole], policy="guard",
                   plan=[{"action": "block", "position": "centre"},
                         {"action": "block", "position": "left"}])
    foe = fighter("foe", "blue", [9, 0], facing="W", policy="guard")
    ev = run(duel_doc(hild, foe, until=20), [])
    blocks = of(ev, "action", actor="hild", name="block")
    assert [(b["t"], b["end"], b["position"]) for b in blocks] == \
        [(0, 7, "centre"), (7, 9, "left")]
    held = [(e["t"], e["value"]) for e in of(ev, "state", actor="hild", state="block")]
    assert held == [(7, "centre"), (7, False), (9, "left")]


def _doorway(faces):
    hild = fighter("hild", "red", [5, 0], facing="W", weapons=[SPEAR], best_skill=5,
                   policy="guard", plan=[{"action": "block", "position": "centre"}])
    rask = fighter("rask", "blue", [2, 0], plan=[{"action": "charge"}], policy="aggressive")
    return run(duel_doc(hild, rask, until=13), faces, fallback=True)


def test_a_blocking_attack_that_holds_keeps_the_runner_out():
    ev = _doorway([15, 2])
    block = of(ev, "attack", actor="hild", kind="block")[0]
    assert (block["t"], block["result"]) == (7, "blocked")
    assert block["modifiers"]["defence_potential"] == 10 - 2
    assert of(ev, "interrupted", actor="rask")[0]["cause"] == "blocked by hild: stopped"
    assert not of(ev, "move", actor="rask", t=10)  # the charge is stopped
    assert of(ev, "tenths.attack_lost", actor="rask")[0]["t"] == 12
    assert of(ev, "state", actor="hild", state="block")[-1]["value"] == "centre"


def test_a_blocking_attack_that_fails_lets_him_in_and_ends_the_position():
    ev = _doorway([3])  # 3 + 5 = 8 does not beat 8
    block = of(ev, "attack", actor="hild", kind="block")[0]
    assert block["result"] == "miss"
    entered = of(ev, "move", actor="rask", t=7)[0]
    assert entered["to"] == [3, 0]
    lost = of(ev, "state", actor="hild", state="block")[-1]
    assert (lost["t"], lost["value"], lost["cause"]) == (7, False, "passed")


def test_two_weapons_alternate_on_the_combined_base_speed():
    assert resolve.combined_base_speed(9, 12) == 13
    assert resolve.alternate_offset(13) == 7
    zan = fighter("zan", "red", [0, 0], style="alternate", plan=[{"action": "attack"}],
                  weapons=[dict(BLADE, name="sabre", base_speed=9, anti_parry=0),
                           dict(BLADE, name="hatchet", base_speed=12, anti_parry=2)])
    mord = fighter("mord", "blue", [2, 0], facing="W", plan=[{"action": "wait"}])
    ev = run(duel_doc(zan, mord, until=50), [MISS] * 30)
    blows = [(e["t"], e["weapon"]) for e in of(ev, "attack", actor="zan")]
    assert blows == [(15, "sabre"), (22, "hatchet"), (28, "sabre"), (35, "hatchet"),
                     (41, "sabre"), (48, "hatchet")]
    assert of(ev, "action", actor="zan", closing=True)[0]["end"] == 13 + 5 - 3
    mods = of(ev, "attack", actor="zan")[1]["modifiers"]
    assert mods["two_weapon_anti_parry"] == -2 and mods["anti_parry"] == 0


def test_weapon_changes_take_their_stated_times():
    orm = fighter("orm", "red", [0, 0], walk=4, policy="guard",
                  weapons=["broadsword", "dagger"],
                  plan=[{"action": "sheathe", "weapon": "broadsword"},
                        {"action": "draw", "weapon": "dagger"},
                        {"action": "drop", "weapon": "dagger"},
                        {"action": "pick_up", "weapon": "dagger"}])
    foe = fighter("foe", "blue", [9, 0], facing="W", policy="guard")
    ev = run(duel_doc(orm, foe, until=40), [])
    acts = [(e["name"], e["t"], e["end"]) for e in of(ev, "action", actor="orm")]
    assert acts == [("sheathe", 0, 10), ("draw", 10, 16), ("drop", 16, 18),
                    ("pick_up", 18, 26)]
    dropped = of(ev, "tenths.dropped")[0]
    assert (dropped["t"], dropped["weapon"], dropped["at"]) == (18, "dagger", [0, 0])
    assert of(ev, "tenths.picked_up")[0]["t"] == 26


def test_no_active_defence_while_picking_up():
    orm = fighter("orm", "red", [0, 0], walk=6, policy="guard", weapons=["broadsword"],
                  plan=[{"action": "drop", "weapon": "broadsword"},
                        {"action": "pick_up", "weapon": "broadsword"}])
    foe = fighter("foe", "blue", [-2, 0], plan=[{"action": "attack", "target": "orm"}])
    ev = run(duel_doc(orm, foe, until=13), [15], fallback=True)
    assert [(e["t"], e["end"]) for e in of(ev, "action", actor="orm", name="pick_up")] \
        == [(2, 14)]
    blow = of(ev, "attack", actor="foe")[0]
    assert blow["t"] == 12 and "defence" not in blow


def test_close_quarters_after_a_parry_failing_the_attack_by_two():
    vex = fighter("vex", "red", [0, 0], best_skill=6, weapons=["dagger"],
                  plan=[{"action": "wait"}], policy="aggressive")
    tor = fighter("tor", "blue", [1, 0], facing="W", weapons=[SPEAR],
                  plan=[{"action": "attack"}], policy="aggressive")
    ev = run(duel_doc(vex, tor, until=18), [15, 20, 15, 20], fallback=True)
    thrust = of(ev, "attack", actor="tor")[0]
    assert (thrust["t"], thrust["result"]) == (12, "parried")
    assert thrust["margin"] <= -2
    step = of(ev, "move", actor="vex", mode="close_quarters")[0]
    assert (step["t"], step["to"]) == (12, [1, 0])
    assert {(e["actor"], e["value"]) for e in of(ev, "state", state="close_quarters", t=12)} \
        == {("vex", True), ("tor", True)}
    # vex's first blow: max(0 + 6, 12 + 1) + 4 (his parry) = 17, with the dagger;
    # at close quarters the only active defence is a dodge, and it ends close quarters
    stab = of(ev, "attack", actor="vex")[0]
    assert (stab["t"], stab["weapon"], stab["result"]) == (17, "dagger", "dodged")
    assert of(ev, "defence", actor="tor")[0]["kind"] == "dodge"
    out = of(ev, "state", state="close_quarters", value=False)
    assert {e["t"] for e in out} == {17}
