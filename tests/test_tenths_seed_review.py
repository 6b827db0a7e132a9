"""Seed 004 as written: the rules a review found the engine breaking, each pinned with
scripted dice (or, where a fight cannot reach the state cheaply, on a fight set up by hand).

Every expected number is worked out from the seed's rules and our documented
assumptions (docs/rules/tenths.md), not read off the engine: blade base speed 10, Walk 5,
Best Skill 3, reaction = d10 - 3 (at least 1), Attack closing = 10 + 5 - 3 = 12 tenths.
"""

from __future__ import annotations

import random

from helpers import BLADE, duel_doc, fighter, of, run

from timedcombat import ScriptedDice
from timedcombat.hexmap import FACINGS
from timedcombat.loading import scenario_from_dict
from timedcombat.log import EventLog, Recorder
from timedcombat.systems.tenths import resolve
from timedcombat.systems.tenths.engine import Fight
from timedcombat.systems.tenths.fighter import Step

SPEAR = {"name": "spear", "base_speed": 10, "anti_parry": 1, "reach": "long", "hands": 2}
DAGGER = {"name": "dagger", "base_speed": 6, "anti_parry": 0, "reach": "short", "hands": 1}


def _fight(doc: dict, faces: list[int] | None = None) -> tuple[Fight, Recorder]:
    """A fight set up but not run: for the rules a short script cannot reach."""
    rec = Recorder()
    dice = ScriptedDice(faces or [], random.Random(0))
    return Fight(scenario_from_dict(doc, "test.toml"), dice, EventLog([rec]), 600, 0), rec


# ---------------------------------------------------------------------- 1. defend-only


def test_defend_only_needs_two_opponents_on_it():
    """"A combatant who is the target of two or more opponents may choose to defend only":
    with one opponent on her (cy's target is dan), the plan step is skipped."""
    ana = fighter("ana", "red", [0, 0], policy="guard",
                  plan=[{"action": "defend_only", "targets": ["bo", "cy"]}])
    bo = fighter("bo", "blue", [3, 0], facing="W", policy="guard")
    cy = fighter("cy", "blue", [3, -3], facing="SW", policy="guard",
                 plan=[{"action": "set", "target": "dan"}])
    dan = fighter("dan", "red", [6, -4], facing="W", policy="guard")
    ev = run(duel_doc(ana, bo, cy, dan, until=10), [7], fallback=True)
    skip = of(ev, "tenths.plan_skip", actor="ana")[0]
    assert (skip["t"], skip["name"], skip["reason"]) == \
        (0, "defend_only", "not the target of two or more opponents")
    assert not of(ev, "action", actor="ana", name="defend_only")


def test_defend_only_targets_cannot_be_to_the_back():
    """"A target cannot be to the back of a combatant": bo east and cy west of ana cannot
    both be in her front whatever she faces, so she cannot defend only against them."""
    ana = fighter("ana", "red", [0, 0], policy="guard",
                  plan=[{"action": "defend_only", "targets": ["bo", "cy"]}])
    bo = fighter("bo", "blue", [2, 0], facing="W", policy="guard")
    cy = fighter("cy", "blue", [-2, 0], facing="E", policy="guard")
    ev = run(duel_doc(ana, bo, cy, until=5), [7], fallback=True)
    skip = of(ev, "tenths.plan_skip", actor="ana")[0]
    assert skip["reason"].startswith("cannot have both targets in front")


def test_defend_only_faces_so_both_targets_are_in_front():
    """bo east (E, 0 degrees) and cy at [-2, 2] (240 degrees: 120 off E) fit in one front
    only when ana turns: she faces SE (300 degrees), 60 off each."""
    ana = fighter("ana", "red", [0, 0], policy="guard",
                  plan=[{"action": "defend_only", "targets": ["bo", "cy"]}])
    bo = fighter("bo", "blue", [2, 0], facing="W", policy="guard")
    cy = fighter("cy", "blue", [-2, 2], facing="NE", policy="guard")
    ev = run(duel_doc(ana, bo, cy, until=8), [7], fallback=True)
    chosen = of(ev, "target", actor="ana", t=4)[0]
    assert chosen["targets"] == ["bo", "cy"]
    turn = [e for e in of(ev, "move", actor="ana", mode="turn") if e["t"] == 4][-1]
    assert turn["facing"] == "SE"


def test_a_defender_only_at_close_quarters_faces_its_other_target():
    """"A target cannot be to the back of a combatant": ana (facing E) shares her hex
    with bo (close quarters) and defends only against bo and cy, who stands two hexes to
    her west. bo in her own hex is in front whatever she faces, so she turns W to have cy
    in front too (before, a target in her own hex left her facing E, cy at her back)."""
    doc = duel_doc(fighter("ana", "red", [0, 0], weapons=[DAGGER]),
                   fighter("bo", "blue", [1, 0], facing="W", weapons=[DAGGER]),
                   fighter("cy", "blue", [-2, 0], facing="E"))
    fight, rec = _fight(doc)
    ana, bo = fight.fighters["ana"], fight.fighters["bo"]
    assert fight.enter_close(bo, ana, "close_quarters")
    assert fight.covering(ana, ("bo", "cy")) == FACINGS.index("W")
    fight.set_defend_only(ana, ("bo", "cy"))
    assert FACINGS[ana.facing] == "W"
    turn = [e for e in rec.events if e.EVENT == "move" and e.actor == "ana"][-1]
    assert (turn.mode, turn.facing) == ("turn", "W")


def test_no_active_defence_against_an_attacker_at_the_back():
    """A blocker keeps its facing; its target, attacking from its rear, is at its back:
    no parry or dodge is offered."""
    doc = duel_doc(fighter("ana", "red", [0, 0], weapons=[SPEAR]),
                   fighter("bo", "blue", [-1, 0], facing="E"))
    fight, _ = _fight(doc)
    ana, bo = fight.fighters["ana"], fight.fighters["bo"]
    fight.set_target(ana, bo)
    ana.facing = 0  # E: bo is in her rear hex
    from timedcombat.systems.tenths.melee import defence_options

    assert defence_options(fight, ana, bo, False, {}, 0) == []
    ana.facing = 3  # W: facing him, she may parry or dodge
    assert {o.kind for o in defence_options(fight, ana, bo, False, {}, 0)} == \
        {"parry", "dodge"}


# ---------------------------------------------------------------------- 2. target changes


def test_a_non_target_closing_is_answered_after_a_target_change():
    """ana watches cy; bo (not her target) closes with an Attack from 2 hexes at 0. She
    changes target (d10 7 - 3 = 4 tenths, no defence meanwhile) and only then answers,
    knowing bo's action: Set at 4, bo in range at 10 (his move 2 tenths before his 12),
    so her Set blow falls at max(4 + 10, 10 + 1) = 14; his lands at 12."""
    ana = fighter("ana", "red", [0, 0], policy="guard")
    cy = fighter("cy", "blue", [2, -2], facing="SW", policy="guard")
    bo = fighter("bo", "blue", [2, 0], facing="W", plan=[{"action": "attack", "target": "ana"}])
    ev = run(duel_doc(ana, cy, bo, until=15), [7, 17, 16, 9, 6])
    assert of(ev, "target", actor="ana")[0]["target"] == "cy"
    change = of(ev, "action", actor="ana", name="target")[0]
    react = of(ev, "reaction", actor="ana")[0]
    assert (change["t"], change["end"], change["target"]) == (0, 4, "bo")
    assert (react["cause"], react["roll"], react["tenths"]) == ("target change", 7, 4)
    assert of(ev, "target", actor="ana", target="bo")[0]["t"] == 4
    answer = of(ev, "action", actor="ana", closing=True)[0]
    assert (answer["t"], answer["name"], answer["target"]) == (4, "set", "bo")
    assert [e["t"] for e in of(ev, "attack", actor="bo")] == [12]
    assert [e["t"] for e in of(ev, "attack", actor="ana")] == [14]


def test_a_move_bringing_a_non_target_in_range_is_a_target_change_first():
    """ana walks east watching bo; her second step would bring cy (not her target) within
    reach: instead of moving she changes target (d10 6 - 3 = 3 tenths, 10 to 13)."""
    ana = fighter("ana", "red", [0, 0], plan=[{"action": "move", "to": [4, 0]}],
                  policy="guard")
    bo = fighter("bo", "blue", [2, -2], facing="SW", policy="guard")
    cy = fighter("cy", "blue", [3, -1], facing="W", policy="guard")
    ev = run(duel_doc(ana, bo, cy, until=20), [6])
    assert [e["to"] for e in of(ev, "move", actor="ana", mode="walk")] == [[1, 0]]
    stop = of(ev, "interrupted", actor="ana")[0]
    assert (stop["t"], stop["cause"]) == (10, "closing needed: cy")
    change = of(ev, "action", actor="ana", name="target")[0]
    assert (change["t"], change["end"]) == (10, 13)
    assert of(ev, "target", actor="ana", target="cy")[0]["t"] == 13
    assert not of(ev, "action", actor="ana", closing=True, t=10)


# ---------------------------------------------------------------------- 3. retreat


def test_retreat_after_a_parry_is_two_moves_the_first_at_once():
    """bo's Attack lands at 12; ana's parry (19 + 3 = 22 against 15 + 3 = 18) stops it and
    gives her the advantage; her Retreat takes one Walk Back (5: 12 to 17): one move at
    12 (the advantage move, part of the Retreat) and one at 17; two hexes in all."""
    ana = fighter("ana", "red", [0, 0], plan=[{"action": "wait"}, {"action": "retreat"}],
                  policy="guard")
    bo = fighter("bo", "blue", [2, 0], facing="W", plan=[{"action": "attack"}],
                 policy="guard")
    ev = run(duel_doc(ana, bo, until=20), [15, 19])
    moves = of(ev, "move", actor="ana")
    assert [(e["t"], e["mode"], e["to"]) for e in moves] == \
        [(12, "retreat", [-1, 0]), (17, "retreat", [-2, 0])]
    retreat = of(ev, "action", actor="ana", name="retreat")[0]
    assert (retreat["t"], retreat["end"]) == (12, 17)


def test_retreat_after_a_dodge_makes_no_separate_advantage_move():
    """A dodge (19 + 3 - 2 = 20 against 18) moves ana one hex back; the Retreat that
    follows makes its two moves (12 and 17) and no advantage move back in."""
    maul = {"name": "maul", "base_speed": 10, "anti_parry": 30, "reach": "short", "hands": 1}
    ana = fighter("ana", "red", [0, 0], plan=[{"action": "wait"}, {"action": "retreat"}],
                  policy="guard")
    bo = fighter("bo", "blue", [2, 0], facing="W", plan=[{"action": "attack"}],
                 policy="guard", weapons=[maul])
    ev = run(duel_doc(ana, bo, until=20), [15, 19])
    assert [(e["t"], e["mode"]) for e in of(ev, "move", actor="ana")] == \
        [(12, "dodge"), (12, "retreat"), (17, "retreat")]
    assert not of(ev, "move", actor="ana", mode="advantage")


# ---------------------------------------------------------------------- 4. breaking off


def test_entering_close_quarters_breaks_off_from_an_opponent_left_out_of_range():
    """ana (dagger) fights cy to her west and steps into bo's hex to the east: cy (blade,
    reach 1) is now 2 hexes away and ana at close quarters strikes only bo: both out of
    range, they break off at once."""
    doc = duel_doc(fighter("ana", "red", [0, 0], weapons=[DAGGER]),
                   fighter("bo", "blue", [1, 0], facing="W", weapons=[SPEAR]),
                   fighter("cy", "blue", [-1, 0], facing="E"))
    fight, rec = _fight(doc)
    ana, bo, cy = (fight.fighters[x] for x in ("ana", "bo", "cy"))
    fight.engage(ana, cy)
    fight.engage(ana, bo)
    assert fight.enter_close(ana, bo, "close_quarters")
    assert "cy" not in ana.engaged and "bo" in ana.engaged
    off = [e for e in rec.events if e.EVENT == "state" and e.state == "engaged"
           and e.value is False]
    assert {(e.actor, e.opponent) for e in off} == {("ana", "cy"), ("cy", "ana")}


def test_a_set_counts_its_opponent_in_range_only_once_its_close_quarters_end():
    """Set: "Attack made after base time or one tenth after opponent comes in range,
    whichever is later". bo (spear, base speed 10) Sets against ana at 0; cy (dagger) is
    put in bo's hex at 5 (close quarters: "only short range weapons may be used", so bo
    strikes nobody outside the hex). ana's Attack closing moves her within the spear's
    reach at 10 (12 - 2), while bo is still at close quarters; cy steps out at 11. ana
    is in range for bo from 11, so the Set's attack falls at max(0 + 10, 11 + 1) = 12
    (not later, when ana's own closing ends and wakes bo)."""
    doc = duel_doc(fighter("bo", "blue", [0, 0], weapons=[SPEAR],
                           plan=[{"action": "set", "target": "ana"}]),
                   fighter("ana", "red", [3, 0], facing="W", policy="guard",
                           plan=[{"action": "attack", "target": "bo"}]),
                   fighter("cy", "red", [-1, 0], facing="E", weapons=[DAGGER],
                           policy="guard"))
    fight, rec = _fight(doc, [3] * 4)
    bo, cy = fight.fighters["bo"], fight.fighters["cy"]

    def script():
        yield fight.env.timeout(5)
        assert fight.enter_close(cy, bo, "close_quarters")
        yield fight.env.timeout(6)
        fight.move(cy, (-1, 0), "dodge", check=False)

    fight.env.process(script())
    fight.run()
    moves = [(e.t, e.actor, e.to) for e in rec.events if e.EVENT == "move"]
    assert (10, "ana", (2, 0)) in moves and (11, "cy", (-1, 0)) in moves
    blow = next(e for e in rec.events if e.EVENT == "attack" and e.actor == "bo")
    assert (blow.t, blow.closing, blow.target) == (12, "set", "ana")


# ---------------------------------------------------------------------- 5. forced reaction


def test_a_stopped_attack_of_a_non_target_forces_a_reaction_not_a_retreat():
    """ana watches bo; cy (not her target) closes from her side, where she need not answer,
    and misses (2 + 3 = 5 against 10). Her plan says retreat, but "Reaction is always
    forced by the attack of a non-target": she reacts (d10 8 - 3 = 5) and does not retreat."""
    ana = fighter("ana", "red", [0, 0], policy="guard", plan=[{"action": "retreat"}])
    bo = fighter("bo", "blue", [3, 0], facing="W", policy="guard")
    cy = fighter("cy", "blue", [-2, 2], facing="NE", plan=[{"action": "attack",
                                                            "target": "ana"}])
    ev = run(duel_doc(ana, bo, cy, until=20), [2, 8], fallback=True)
    blow = of(ev, "attack", actor="cy")[0]
    assert (blow["t"], blow["result"]) == (12, "miss")
    react = of(ev, "reaction", actor="ana")[0]
    assert (react["t"], react["cause"], react["tenths"]) == (12, "attacked by non-target", 5)
    assert not of(ev, "action", actor="ana", name="retreat")


# ---------------------------------------------------------------------- 6. answering


def test_a_combatant_picking_up_a_weapon_answers_once_done():
    """ana is picking up her sword (two Walk moves: 0 to 10) when bo, her target, starts an
    Attack closing at 0: she cannot break off the pick-up, but she answers as soon as it is
    over: a closing action at 10, not nothing."""
    ana = fighter("ana", "red", [0, 0], policy="guard",
                  plan=[{"action": "drop", "weapon": "blade"},
                        {"action": "pick_up", "weapon": "blade"}])
    bo = fighter("bo", "blue", [3, 0], facing="W", policy="guard",
                 plan=[{"action": "move", "to": [2, 0]}, {"action": "attack"}])
    ev = run(duel_doc(ana, bo, until=16), [7], fallback=True)
    pick = of(ev, "action", actor="ana", name="pick_up")[0]
    closing = of(ev, "action", actor="bo", closing=True)[0]
    assert (pick["t"], pick["end"]) == (2, 12)
    assert closing["t"] == 5 and closing["end"] == 17
    answer = of(ev, "action", actor="ana", closing=True)[0]
    assert (answer["t"], answer["target"]) == (12, "bo")


def test_a_set_gives_up_when_its_opponent_abandons_its_closing_action():
    """ana closes on bo (Attack, 0 to 12); bo answers Set. cy (dagger: Attack closing
    6 + 5 - 3 = 8) comes from ana's back and misses her at 8 (2 + 3 = 5 against 10): the
    attack of a non-target forces her reaction (d10 8 - 3 = 5), which ends her closing
    action before its move. She will not come in range, so bo's Set attack is lost at
    once ("If the closing actions result in one or both combatants being unable to make
    an attack then that attack is lost"), and the exchange is over: bo does not stand in
    Set for the rest of the fight, and ana is free to answer the next closing action."""
    ana = fighter("ana", "red", [0, 0], policy="guard",
                  plan=[{"action": "attack", "target": "bo"}])
    bo = fighter("bo", "blue", [3, 0], facing="W", policy="guard",
                 plan=[{"action": "set", "target": "ana"}])
    cy = fighter("cy", "blue", [-2, 2], facing="NE", weapons=[DAGGER], policy="guard",
                 plan=[{"action": "attack", "target": "ana"}])
    ev = run(duel_doc(ana, bo, cy, until=20), [2, 8], fallback=True)
    react = of(ev, "reaction", actor="ana")[0]
    assert (react["t"], react["cause"], react["end"]) == (8, "attacked by non-target", 13)
    lost = of(ev, "tenths.attack_lost", actor="bo")
    assert [(e["t"], e["reason"], e["closing"]) for e in lost] == \
        [(8, "never in range", "set")]


def test_an_unaware_combatant_whose_plan_takes_a_target_is_aware_and_answers():
    """Surprise rules: ana starts unaware, but her plan changes target to bo (a reaction,
    d10 8 - 3 = 5 tenths: 0 to 5). bo starts an Attack closing on her at 0, while she
    reacts. Reacting, she is aware: "The opponent also makes a closing action unless he is
    already in combat or being approached from the back", so she answers once the
    reaction is over (5, guard policy: Set), and bo's blow at 12 is no surprise."""
    ana = fighter("ana", "red", [0, 0], policy="guard", aware=False,
                  plan=[{"action": "target", "target": "bo"}])
    bo = fighter("bo", "blue", [2, 0], facing="W", policy="guard",
                 plan=[{"action": "attack", "target": "ana"}])
    ev = run(duel_doc(ana, bo, rules={"surprise": True}, until=14), [8], fallback=True)
    closing = of(ev, "action", actor="bo", closing=True)[0]
    assert (closing["t"], closing["name"], closing["end"]) == (0, "attack", 12)
    answer = of(ev, "action", actor="ana", closing=True)
    assert [(e["t"], e["name"], e["target"]) for e in answer] == [(5, "set", "bo")]
    blow = of(ev, "attack", actor="bo")[0]
    assert blow["t"] == 12 and not blow.get("surprised")


def test_a_plan_closing_action_after_a_block_is_made_and_ends_the_block():
    """A plan's steps are taken in turn: ana (spear, base speed 10) takes up a blocking
    position (10 - 5 = 5 tenths: 0 to 5), then her plan charges bo, 4 hexes off. A
    blocker may attack: the position "is lost at the beginning of the time for an attack"
    (5), and the Charge takes 10 + 5 - 3 = 12 tenths, its moves at 17 - 2 - 3 = 12 and
    17 - 2 = 15 (before, a blocker never went on with its plan)."""
    ana = fighter("ana", "red", [0, 0], weapons=[SPEAR],
                  plan=[{"action": "block", "position": "centre"},
                        {"action": "charge", "target": "bo"}])
    bo = fighter("bo", "blue", [4, 0], facing="W", policy="guard")
    ev = run(duel_doc(ana, bo, until=18), [8, 2], fallback=True)
    blocks = [(e["t"], e["value"], e.get("cause")) for e in of(ev, "state", actor="ana")
              if e["state"] == "block"]
    assert blocks == [(5, "centre", None), (5, False, "attack")]
    charge = of(ev, "action", actor="ana", name="charge")[0]
    assert (charge["t"], charge["end"]) == (5, 17)
    assert [e["t"] for e in of(ev, "move", actor="ana")] == [12, 15]


# ---------------------------------------------------------------------- 7. natural rolls


def test_natural_twenty_and_one_for_ordinary_attacks_is_a_parameter():
    assert resolve.beats(20, 21, 30, natural=True)
    assert not resolve.beats(20, 21, 30, natural=False)
    assert not resolve.beats(1, 40, 30, natural=True)
    assert resolve.beats(1, 40, 30, natural=False)
    ana = fighter("ana", "red", [0, 0], defence=30, policy="guard", plan=[{"action": "wait"}])
    bo = fighter("bo", "blue", [2, 0], facing="W", plan=[{"action": "attack"}],
                 policy="guard")
    for natural, result in (("all", "hit"), ("blocking", "miss")):
        ev = run(duel_doc(ana, bo, until=13, rules={"natural_rolls": natural}), [20],
                 fallback=True)
        assert of(ev, "attack", actor="bo")[0]["result"] == result, natural


# ---------------------------------------------------------------------- 8. simultaneity


def test_a_blow_of_the_same_tenth_does_not_change_the_other_roll():
    """bo and ana close on each other from 3 hexes (a walk to 2 hexes, 0 to 5, then Attack
    closings, 5 to 17): their blows fall on one tenth. bo's, declared first, hits
    (18 + 3 = 21 against 10: 12 // 5 + 11 // 3 = 5 damage) and hurts ana (body 6: hurt
    from 3); her own roll of that tenth still carries no hurt penalty: 10 + 3 = 13."""
    bo = fighter("bo", "blue", [3, 0], facing="W", plan=[{"action": "attack"}],
                 policy="guard")
    ana = fighter("ana", "red", [0, 0], body=6, plan=[{"action": "attack"}], policy="guard")
    ev = run(duel_doc(bo, ana, until=18), [18, 10], fallback=True)
    hers = of(ev, "attack", actor="ana")[0]
    assert hers["t"] == 17 and hers["simultaneous"] is True
    assert of(ev, "damage", actor="ana")[0]["amount"] == 5
    assert of(ev, "state", actor="ana", state="hurt")[0]["t"] == 17
    assert "hurt" not in hers["modifiers"] and hers["total"] == 13


# ---------------------------------------------------------------------- stalls, crowds


def test_a_fight_with_no_attack_for_the_stalemate_time_ends_as_a_stalemate():
    """Two guards facing each other never make a closing action: no attack from 0, so at
    the stalemate time (here 50 tenths) the fight ends with no winner."""
    ana = fighter("ana", "red", [0, 0], policy="guard")
    bo = fighter("bo", "blue", [3, 0], facing="W", policy="guard")
    ev = run(duel_doc(ana, bo, until=500, rules={"stalemate": 50}), [])
    end = ev[-1]
    assert (end["t"], end["winner"], end["reason"]) == (50, None, "stalemate")


def test_close_quarters_hold_two_enemies_and_no_more():
    doc = duel_doc(fighter("ana", "red", [0, 0], weapons=[DAGGER]),
                   fighter("bo", "blue", [1, 0], facing="W", weapons=[SPEAR]),
                   fighter("kit", "red", [2, 0], facing="W", weapons=[DAGGER]))
    fight, _ = _fight(doc)
    ana, bo, kit = (fight.fighters[x] for x in ("ana", "bo", "kit"))
    assert fight.enter_close(ana, bo, "close_quarters")
    assert not fight.can_close_in(kit, bo)  # a third figure cannot join
    assert not fight.enter_close(kit, bo, "close_quarters")
    assert fight.map.occupants(bo.at) == ("bo", "ana")
    assert not fight.can_close_in(kit, ana)  # nor a friend


def test_a_scripted_attack_from_far_off_walks_until_its_closing_action_can_reach():
    """bo's plan is one `attack` on ana 5 hexes away (his policy, guard, would never
    advance): he walks three hexes (5 tenths each) to 2 hexes off (15), then closes with
    an Attack (12 tenths: 15 to 27) whose move (at 25) brings him in reach: the blow is
    struck at 27, not lost."""
    ana = fighter("ana", "red", [0, 0], policy="guard", defence=40)
    bo = fighter("bo", "blue", [5, 0], facing="W", plan=[{"action": "attack"}],
                 policy="guard")
    ev = run(duel_doc(ana, bo, until=28), [5, 5, 5], fallback=True)
    assert [e["t"] for e in of(ev, "move", actor="bo", mode="walk")] == [5, 10, 15]
    closing = of(ev, "action", actor="bo", closing=True)[0]
    assert (closing["t"], closing["name"], closing["end"]) == (15, "attack", 27)
    blow = of(ev, "attack", actor="bo")[0]
    assert blow["t"] == 27 and not of(ev, "tenths.attack_lost", actor="bo")


def test_the_guard_policy_never_retreats_or_flees():
    guard = fighter("ana", "red", [0, 0], policy="guard")
    doc = duel_doc(guard, fighter("bo", "blue", [1, 0], facing="W"))
    fight, _ = _fight(doc)
    ana = fight.fighters["ana"]
    ana.hurt = True
    assert not ana.policy.retreat_now(fight, ana, fight.fighters["bo"])
    assert not ana.policy.withdraw(fight, ana)


def test_the_step_record_of_a_target_change_names_its_reason():
    # (the forced step a plain move makes when a non-target would come in range)
    assert Step("target", target="cy", reason="closing needed").reason == "closing needed"


assert BLADE["base_speed"] == 10  # the numbers in the docstrings above assume it


# ---------------------------------------------------------------------- many seeds


def _review_docs() -> dict[str, dict]:
    """The situations above, fought with random dice and their policies to the end."""
    return {
        "defend only": duel_doc(
            fighter("ana", "red", [0, 0], body=None),
            fighter("bo", "blue", [3, 0], facing="W", body=None),
            fighter("cy", "blue", [-2, 3], facing="NE", body=None, policy="aggressive"),
            until=1500),
        "non-target closes": duel_doc(
            fighter("ana", "red", [0, 0], body=None, policy="guard"),
            fighter("cy", "blue", [2, -2], facing="SW", body=None, policy="guard"),
            fighter("bo", "blue", [2, 0], facing="W", body=None), until=1500),
        "retreat": duel_doc(
            fighter("ana", "red", [0, 0], body=None, policy="cautious",
                    plan=[{"action": "wait"}, {"action": "retreat"}]),
            fighter("bo", "blue", [3, 0], facing="W", body=None, policy="aggressive"),
            until=1500),
        "busy when approached": duel_doc(
            fighter("ana", "red", [0, 0], body=None,
                    plan=[{"action": "drop", "weapon": "blade"},
                          {"action": "pick_up", "weapon": "blade"}]),
            fighter("bo", "blue", [3, 0], facing="W", body=None), until=1500),
        "close quarters and a third": duel_doc(
            fighter("ana", "red", [0, 0], weapons=[DAGGER], body=None),
            fighter("bo", "blue", [2, 0], facing="W", weapons=[SPEAR], body=None),
            fighter("cy", "blue", [-2, 1], facing="E", body=None), until=1500),
    }


def test_the_review_situations_keep_every_rule_over_many_seeds():
    import json

    from helpers import log_text

    from timedcombat.check import check_events

    for name, doc in _review_docs().items():
        for seed in range(40):
            events = [json.loads(line) for line in log_text(doc, seed).splitlines()]
            assert check_events(events) == [], (name, seed)
            # (two guards left facing each other never attack: that is the stalemate rule)
            assert events[-1]["reason"] in ("last side standing", "no one left",
                                            "stalemate"), (name, seed)


def test_a_waiter_busy_when_its_exchange_closes_is_owed_no_first_blow_time():
    """A random melee the property test found (tests/cases): b1 Waits against r1 (50);
    r1's second closing action joins that exchange and is lost at 62, when b1 is already
    drawing a weapon. Closing the exchange then handed b1 its Wait's first-blow time
    (max(50 + 10, 50 + 1) = 60), so its next blow, at 75, took one tenth instead of the
    broadsword's ten (T-BLOW-SPEED). A first blow is owed only to a waiter still waiting."""
    import json
    from pathlib import Path

    from helpers import run as fight

    from timedcombat.check import check_events

    case = json.loads((Path(__file__).parent / "cases" /
                       "tenths_late_exchange_first_blow.json").read_text(encoding="utf-8"))
    ev = fight(case["scenario"], seed=case["seed"])
    assert check_events(ev) == []
    blow = next(e for e in ev if e["event"] == "action" and e["actor"] == "b1"
                and e["name"] == "attack" and e["t"] == 75)
    assert blow["end"] - blow["t"] == 10
