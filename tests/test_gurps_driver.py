"""The ``gurps`` driver replays seed 002's rules with scripted dice, in exact tenths.

Each test builds a small scenario, scripts the dice (the first faces are the initiative
d6 of each combatant, in scenario order) and checks the log: the tenth of every turn,
phase and step, the modifiers by name, the results.
"""

from __future__ import annotations

from gurps_helpers import KAZ, SVEN, doc, fighter, of, one, run, states

# --------------------------------------------------------------------------- turns


def knife_against_shield(until: int = 20, sven_plan: list | None = None,
                         sven_policy: str = "aggressive") -> dict:
    """Kaz (knife) runs into Sven's hex; Sven (sword, knife, medium shield) readies his
    knife and stabs back (the pure layer's worked example, on the arena)."""
    plan = sven_plan if sven_plan is not None else [
        {"action": "ready", "weapon": "knife"}, {"action": "attack", "target": "kaz"}]
    return doc(
        fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"},
                                                    {"action": "attack", "target": "sven"}]),
        fighter("sven", "blue", [0, 0], facing="W", policy=sven_policy, **SVEN, plan=plan),
        until=until)


KNIFE_FACES = [1, 6,  # initiative: equal Basic Speed (6.00); Kaz first on DX 13
               4, 4, 3,  # Sven readies his knife: DX roll 11 vs 12
               3, 4, 5,  # Kaz stabs: 12 vs 15
               5, 5, 3,  # Sven dodges: 13 vs 11, fails
               5,  # damage 1d-1: 4
               1, 2, 2,  # Sven stabs back: 5 vs 6
               6, 6, 6,  # Kaz's dodge: 18, a critical failure
               6,  # damage 1d: 6
               5, 3, 2]  # Kaz's knockdown roll: 10 vs HT 11


def test_turns_phases_and_steps_fall_on_their_tenths():
    ev = run(knife_against_shield(), KNIFE_FACES)
    init = one(ev, "gurps.initiative")
    assert (init["t"], init["order"], init["speeds"], init["dx"], init["rolls"], init["die"]) \
        == (0, ["kaz", "sven"], [24, 24], [13, 12], [1, 6], 6)
    assert [(e["t"], e["turn"], e["order"]) for e in of(ev, "gurps.turn")] == \
        [(0, 1, ["kaz", "sven"]), (10, 2, ["kaz", "sven"])]
    assert [(e["t"], e["end"], e["actor"], e["phase"], e["rank"])
            for e in of(ev, "gurps.phase")] == [
        (0, 5, "kaz", "kaz", 0), (5, 10, "sven", "sven", 1),
        (10, 15, "kaz", "kaz", 0), (15, 20, "sven", "sven", 1)]
    # a Move of three hexes in the phase 0-4: steps at 0, 1 and 3 (start + k*5//3)
    assert [(e["t"], e["from"], e["to"]) for e in of(ev, "move", actor="kaz")] == \
        [(0, [-3, 0], [-2, 0]), (1, [-2, 0], [-1, 0]), (3, [-1, 0], [0, 0])]
    acts = [(e["t"], e["actor"], e["name"], e["end"]) for e in of(ev, "action")]
    assert acts == [(0, "kaz", "move", 5), (5, "sven", "ready", 10),
                    (10, "kaz", "attack", 15), (15, "sven", "attack", 20)]
    man = of(ev, "gurps.maneuver")
    assert [(m["maneuver"], m["movement"], m["defences"]) for m in man] == [
        ("move", 6, "any"), ("ready", 0, "any"), ("attack", 1, "any"),
        ("attack", 1, "any")]
    ts = [e["t"] for e in ev]
    assert ts == sorted(ts) and ev[-1] == {**ev[-1], "event": "end", "reason": "until"}


def test_entering_a_foes_hex_is_close_combat_on_the_half_of_entry():
    ev = run(knife_against_shield(), KNIFE_FACES)
    assert states(ev, "kaz", "close_combat") == [(3, True)]
    assert states(ev, "sven", "close_combat") == [(3, True)]
    assert one(ev, "state", actor="kaz", state="close_combat")["opponent"] == "sven"
    half = one(ev, "gurps.half_hex")
    # Kaz came in from the west: the west half is his, Sven (who stood there) has the east
    assert (half["t"], half["at"], half["occupants"], half["sides"]) == \
        (3, [0, 0], ["sven", "kaz"], ["E", "W"])
    # stopping there, he faces the foe (east)
    assert one(ev, "move", actor="kaz", t=3)["facing"] == "E"


def test_ready_in_close_combat_takes_a_dx_roll_and_the_shield_penalises_later_attacks():
    ev = run(knife_against_shield(), KNIFE_FACES)
    ready = one(ev, "gurps.ready")
    assert (ready["t"], ready["weapon"], ready["close_combat"], ready["faces"],
            ready["roll"], ready["effective"], ready["modifiers"], ready["result"]) == \
        (5, "knife", True, [4, 4, 3], 11, 12, {}, "ready")  # his first turn there: no -DB
    stab = one(ev, "attack", actor="kaz")
    assert (stab["t"], stab["weapon"], stab["kind"], stab["dice"], stab["faces"],
            stab["roll"], stab["against"], stab["effective"], stab["modifiers"],
            stab["result"], stab["margin"]) == \
        (10, "knife", "thrust", "3d6", [3, 4, 5], 12, 15, 15, {}, "hit", 3)
    dodge = one(ev, "defence", actor="sven")
    # in close combat Sven's sword cannot parry, he cannot block; his knife parry is 10
    assert (dodge["kind"], dodge["effective"], dodge["modifiers"], dodge["success"]) == \
        ("dodge", 11, {"shield_db": 2}, False)
    wound = one(ev, "damage", actor="sven")
    assert (wound["t"], wound["dice"], wound["faces"], wound["basic"], wound["dr"],
            wound["penetrating"], wound["multiplier"], wound["amount"], wound["hp"],
            wound["shock"]) == (10, "1d6-1", [5], 4, 2, 2, "x2", 4, 8, -4)
    back = one(ev, "attack", actor="sven")
    # at -2 for the shield (not his entering attack) and -4 shock from Kaz's stab
    assert (back["t"], back["kind"], back["modifiers"], back["effective"], back["result"]) \
        == (15, "swing", {"shield_in_close_combat": -2, "shock": -4}, 6, "hit")
    assert back.get("entering") is None


def test_shock_lasts_one_phase_and_a_major_wound_calls_for_a_knockdown_roll():
    ev = run(knife_against_shield(until=30), KNIFE_FACES + [6, 6, 5, 1, 1, 1], fallback=True)
    hurt = one(ev, "damage", actor="kaz", t=15)
    assert (hurt["amount"], hurt["hp"], hurt["major"]) == (9, 2, True)  # over HP/2 = 5.5
    kd = one(ev, "gurps.check", kind="knockdown", t=15)
    assert (kd["actor"], kd["t"], kd["roll"], kd["effective"], kd["result"]) == \
        ("kaz", 15, 10, 11, "stays_up")
    # Kaz's next phase (turn 3, tenth 20) carries the shock of Sven's blow: -4
    assert one(ev, "attack", actor="kaz", t=20)["modifiers"] == {"shock": -4}
    # ... and Sven's phase of turn 3 has no shock left (he was not hurt since his last)
    third = [e for e in of(ev, "attack", actor="sven") if e["t"] == 25]
    assert third and "shock" not in third[0]["modifiers"]


# --------------------------------------------------------------------------- entering


def test_an_attack_that_enters_the_hex_is_free_of_the_shield_penalty_the_next_is_not():
    d = doc(fighter("kaz", "red", [0, 0], **(KAZ | {"facing": "W"}),
                    plan=[{"action": "do_nothing"}] * 3),
            fighter("sven", "blue", [-1, 0], st=12, dx=12, ht=12, skills={"knife": 12},
                    weapons=["knife"], shield="medium",
                    plan=[{"action": "attack", "target": "kaz", "to": [0, 0]},
                          {"action": "attack", "target": "kaz"}]), until=20)
    ev = run(d, [6, 1,  # Kaz first (DX 13)
                 3, 3, 3, 6, 6, 5, 2,  # Sven's entering stab hits; Kaz's dodge fails; 1d
                 3, 3, 4, 6, 6, 5, 2])  # his next stab, in close combat
    # the Attack maneuver's step into the foe's hex, then the attack: tenths 5 and 7
    assert [(e["t"], e["mode"], e["to"]) for e in of(ev, "move", actor="sven")][:1] == \
        [(5, "step", [0, 0])]
    assert states(ev, "sven", "close_combat") == [(5, True)]
    first, second = of(ev, "attack", actor="sven")
    assert (first["t"], first["entering"], first["modifiers"], first["effective"]) == \
        (7, True, {}, 12)
    assert (second["t"], second.get("entering"), second["modifiers"], second["effective"]) \
        == (15, None, {"shield_in_close_combat": -2}, 10)


def test_move_maneuvers_stop_in_the_foes_hex_facing_him_and_other_maneuvers_with_a_step():
    # a Step maneuver into the hex also enters close combat (and stops)
    d = doc(fighter("kaz", "red", [-1, 0], facing="NE", **KAZ,
                    plan=[{"action": "step", "target": "sven"}]),
            fighter("sven", "blue", [0, 0], facing="W", **SVEN,
                    plan=[{"action": "do_nothing"}]), until=10)
    ev = run(d, [1, 1])
    assert one(ev, "move", actor="kaz")["mode"] == "step"
    assert states(ev, "kaz", "close_combat") == [(0, True)]
    assert one(ev, "gurps.half_hex")["sides"] == ["E", "W"]
    # ... and he faces the foe: east, away from the side he came in by
    assert one(ev, "move", actor="kaz")["facing"] == "E"


# --------------------------------------------------------------------------- shields, ready


def test_the_shield_spoils_dx_rolls_after_the_first_turn_there_and_takes_a_roll_to_drop():
    ev = run(knife_against_shield(until=40, sven_plan=[
        {"action": "do_nothing"},  # turn 1: his first turn in close combat
        {"action": "ready", "weapon": "knife"},  # turn 2: DX at -2
        {"action": "ready", "discard": "shield"},  # turn 3: DX at -2; success drops it
        {"action": "ready", "weapon": "knife"},  # turn 4: no shield, no penalty
    ]) | {"combatant": [
        fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"}]
                + [{"action": "do_nothing"}] * 3),
        fighter("sven", "blue", [0, 0], facing="W", **SVEN, plan=[
            {"action": "do_nothing"}, {"action": "ready", "weapon": "knife"},
            {"action": "ready", "discard": "shield"},
            {"action": "ready", "weapon": "knife"}])]},
        [1, 6, 4, 4, 3, 3, 4, 3, 4, 4, 3])
    readies = of(ev, "gurps.ready")
    assert [(r["t"], r["weapon"], r["roll"], r["effective"], r["modifiers"], r["result"],
             r.get("discard")) for r in readies] == [
        (15, "knife", 11, 10, {"shield_in_close_combat": -2}, "wasted", None),
        (25, "medium", 10, 10, {"shield_in_close_combat": -2}, "ready", True),
        (35, "knife", 11, 12, {}, "ready", None)]


def test_fast_draw_in_close_combat_needs_the_dx_roll_first_and_saves_the_maneuver():
    sven = dict(SVEN, skills={**SVEN["skills"], "fast_draw_knife": 13})
    d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"},
                                                        {"action": "do_nothing"}]),
            fighter("sven", "blue", [0, 0], facing="W", policy="aggressive", **sven, plan=[
                {"action": "ready", "weapon": "knife"}, {"action": "attack", "target": "kaz"}]),
            until=10)
    # DX 9 vs 12, Fast-Draw 12 vs 13: the knife is out with no maneuver spent, and Sven
    # takes his next plan step, the stab, in the rest of his phase
    ev = run(d, [1, 6, 3, 3, 3, 4, 4, 4, 3, 3, 4, 6, 6, 6, 3])
    ready = one(ev, "gurps.ready")
    assert (ready["t"], ready["roll"], ready["fast_draw_roll"], ready["fast_draw_effective"],
            ready["result"]) == (5, 9, 12, 13, "ready_free")
    assert [(a["t"], a["name"]) for a in of(ev, "action", actor="sven")] == \
        [(5, "ready"), (5, "attack")]
    assert one(ev, "attack", actor="sven")["t"] == 5
    # a failed Fast-Draw roll: the Ready maneuver readies it, nothing more this phase
    ev = run(d, [1, 6, 3, 3, 3, 6, 6, 4])
    assert one(ev, "gurps.ready")["result"] == "ready"
    assert [a["name"] for a in of(ev, "action", actor="sven")] == ["ready"]
    # a failed DX roll wastes the maneuver and no Fast-Draw roll is made
    ev = run(d, [1, 6, 6, 6, 4])
    ready = one(ev, "gurps.ready")
    assert (ready["result"], ready.get("fast_draw_roll")) == ("wasted", None)


def test_a_fast_draw_roll_carries_its_modifiers_by_name():
    """With shield_penalty_dx_skills the Fast-Draw roll, a DX-based skill roll in close
    combat after the first turn there, takes the shield's -DB as the DX roll does; both
    show it by name."""
    sven = dict(SVEN, skills={**SVEN["skills"], "fast_draw_knife": 13})
    d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"}]
                    + [{"action": "do_nothing"}] * 2),
            fighter("sven", "blue", [0, 0], facing="W", policy="aggressive", **sven, plan=[
                {"action": "do_nothing"}, {"action": "ready", "weapon": "knife"},
                {"action": "do_nothing"}]),
            rules={"shield_penalty_dx_skills": True}, until=20)
    # Sven's second turn in close combat: DX 9 vs 12 - 2; Fast-Draw 11 vs 13 - 2
    ready = one(run(d, [1, 6, 3, 3, 3, 4, 4, 3]), "gurps.ready")
    assert (ready["t"], ready["effective"], ready["modifiers"], ready["fast_draw_skill"],
            ready["fast_draw_modifiers"], ready["fast_draw_effective"], ready["result"]) == \
        (15, 10, {"shield_in_close_combat": -2}, 13, {"shield_in_close_combat": -2}, 11,
         "ready_free")
    # by default the shield's -DB is for DX rolls only: the Fast-Draw roll is at 13
    d["rules"] = {}
    ready = one(run(d, [1, 6, 3, 3, 3, 4, 4, 3]), "gurps.ready")
    assert (ready["modifiers"], ready["fast_draw_modifiers"], ready["fast_draw_effective"]) \
        == ({"shield_in_close_combat": -2}, {}, 13)


# --------------------------------------------------------------------------- defence


def _sword_in_close_combat(policy: str) -> dict:
    return doc(
        fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"},
                                                    {"action": "attack", "target": "sven"}]),
        fighter("sven", "blue", [0, 0], facing="W", policy=policy, st=12, dx=12, ht=8,
                skills={"broadsword": 16, "shield": 13}, weapons=["broadsword"],
                shield="medium", plan=[{"action": "do_nothing"}]), until=15)


def test_in_close_combat_only_dodge_unless_a_retreat_takes_him_out():
    # no retreat (aggressive): the broadsword (reach 1) cannot parry, no block at all
    ev = run(_sword_in_close_combat("aggressive"), [1, 6, 3, 4, 5, 3, 4, 5], fallback=True)
    dodge = one(ev, "defence", actor="sven")
    assert (dodge["kind"], dodge["effective"], dodge["modifiers"], dodge.get("retreat")) == \
        ("dodge", 10, {"shield_db": 2}, None)
    # retreating out of the hex to his own side lets him parry with the sword (+1)
    ev = run(_sword_in_close_combat("default"), [1, 6, 3, 4, 5, 3, 4, 5])
    parry = one(ev, "defence", actor="sven")
    assert (parry["kind"], parry["weapon"], parry["base"], parry["modifiers"],
            parry["effective"], parry["success"]) == \
        ("parry", "broadsword", 11, {"shield_db": 2, "retreat": 1}, 14, True)
    assert parry["retreat"] in ([1, -1], [1, 0], [0, 1])  # the three hexes on his side
    back = one(ev, "move", actor="sven")
    assert (back["t"], back["mode"], back["from"], back["to"]) == \
        (10, "retreat", [0, 0], parry["retreat"])
    assert states(ev, "sven", "close_combat") == [(3, True), (10, False)]
    assert states(ev, "kaz", "close_combat") == [(3, True), (10, False)]


def test_in_close_combat_a_bare_hand_parries_where_the_sword_cannot():
    d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"},
                                                        {"action": "attack", "target": "sven"}]),
            fighter("sven", "blue", [0, 0], facing="W", policy="aggressive", st=12, dx=12,
                    ht=8, skills={"broadsword": 16}, weapons=["broadsword"],
                    plan=[{"action": "do_nothing"}]), until=15)
    ev = run(d, [1, 6, 3, 4, 5, 3, 4, 1])
    # Dodge 8; the broadsword (reach 1) may not parry there; his free hand may: 3 + DX/2
    # = 9, at no penalty against a thrust
    parry = one(ev, "defence", actor="sven")
    assert (parry["kind"], parry["weapon"], parry["effective"], parry["success"]) == \
        ("parry", "punch", 9, True)


def test_step_out_then_reach_1_or_attack_then_step_to_ones_own_side():
    d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[{"action": "move", "target": "sven"}]),
            fighter("sven", "blue", [0, 0], facing="W", policy="aggressive", st=12, dx=12,
                    ht=12, skills={"broadsword": 14}, weapons=["broadsword"],
                    plan=[{"action": "attack", "target": "kaz"}]), until=10)
    ev = run(d, [1, 6, 3, 4, 5, 6, 6, 6, 2, 3, 4, 5])
    # Sven's broadsword cannot strike in close combat: a step out to a hex of his side
    # first (tenth 5), then the reach-1 swing (tenth 7)
    out = one(ev, "move", actor="sven", mode="step")
    assert (out["t"], out["from"], out["to"]) == (5, [0, 0], [0, 1])
    swing = one(ev, "attack", actor="sven")
    assert (swing["t"], swing["kind"], swing["weapon"]) == (7, "swing", "broadsword")
    assert states(ev, "sven", "close_combat") == [(3, True), (5, False)]

    def knife_then_step(to: list[int]) -> list[dict]:
        d = doc(fighter("kaz", "red", [-3, 0], **KAZ, plan=[
                    {"action": "move", "target": "sven"},
                    {"action": "attack", "target": "sven", "to": to}]),
                fighter("sven", "blue", [0, 0], facing="W", policy="aggressive", **SVEN,
                        plan=[{"action": "do_nothing"}] * 2), until=15)
        return run(d, [1, 6, 3, 4, 5, 6, 6, 6, 2])
    # Kaz stabs in close combat (10), then steps to a hex on his own side (12)
    ev = knife_then_step([-1, 0])
    assert one(ev, "attack", actor="kaz")["t"] == 10
    back = one(ev, "move", actor="kaz", mode="step")
    assert (back["t"], back["from"], back["to"]) == (12, [0, 0], [-1, 0])
    # a step to the foe's side is not allowed after a close-combat attack
    ev = knife_then_step([1, 0])
    assert of(ev, "move", actor="kaz", mode="step") == []
    assert states(ev, "kaz", "close_combat") == [(3, True)]


# --------------------------------------------------------------------------- grappled


def _grappled(hal_plan: list) -> dict:
    return doc(fighter("gus", "red", [-3, 0], st=13, dx=12, ht=12, skills={"wrestling": 13},
                       plan=[{"action": "move", "target": "hal"},
                             {"action": "grapple", "target": "hal"},
                             {"action": "do_nothing"}, {"action": "do_nothing"}]),
               fighter("hal", "blue", [0, 0], facing="W", st=12, dx=11, ht=12,
                       skills={"knife": 13}, weapons=["knife"], plan=hal_plan), until=40)


def test_a_grappled_fighter_chooses_a_maneuver_but_cannot_leave_until_free():
    ev = run(_grappled([
        {"action": "do_nothing"}, {"action": "move", "to": [3, 0]}, {"action": "retreat"},
        {"action": "step", "to": [1, 0]}, {"action": "break_free", "target": "gus"},
        {"action": "break_free", "target": "gus"}, {"action": "move", "to": [3, 0]}]),
        [6, 1,  # Gus first (Basic Speed 6 against 5.75)
         3, 3, 4, 6, 6, 4,  # turn 2: Gus grabs Hal (10 vs 13); Hal's dodge fails
         4, 4, 4, 3, 3, 3,  # Hal: ST 12 by 0 against Gus's 14 + 5 by 10: held
         3, 3, 3, 6, 6, 5])  # turn 3: Hal by 3, Gus fails (17): free
    grab = one(ev, "attack", actor="gus")
    assert (grab["t"], grab["kind"], grab["weapon"], grab["result"]) == \
        (10, "grapple", "grapple", "hit")
    # caught as he stepped back: the retreat he tried does not take him away
    assert one(ev, "defence", actor="hal").get("retreat") is None
    assert states(ev, "hal", "grappled") == [(10, True), (25, False)]
    skips = [(e["t"], e["index"], e["name"], e["reason"]) for e in of(ev, "gurps.plan_skip")]
    assert skips == [(15, 1, "move", "grappled"), (15, 2, "retreat", "grappled"),
                     (15, 3, "step", "grappled")]
    contests = of(ev, "gurps.contest", kind="break_free")
    assert [(c["t"], c["score"], c["target_score"], c["winner"], c["result"])
            for c in contests] == [(15, 12, 14, "gus", "held"), (25, 12, 14, "hal", "free")]
    held = one(ev, "gurps.check", kind="break_free_resist", t=15)
    assert (held["modifiers"], held["effective"]) == ({"two_hands": 5}, 19)
    # free, he leaves through his own side (east), paying 2 points a hex backing away
    moves = of(ev, "move", actor="hal")
    assert [(m["t"], m["from"], m["to"], m["mode"]) for m in moves] == \
        [(35, [0, 0], [1, 0], "move"), (37, [1, 0], [2, 0], "move")]
    assert states(ev, "hal", "close_combat") == [(3, True), (35, False)]


def test_grappled_attacks_are_at_minus_4_and_no_retreat_is_offered():
    ev = run(_grappled([{"action": "do_nothing"}, {"action": "attack", "target": "gus"}]),
             [6, 1, 3, 3, 4, 6, 6, 4, 3, 3, 3, 6, 6, 6, 1], fallback=True)
    stab = one(ev, "attack", actor="hal", t=15)
    assert (stab["modifiers"], stab["effective"], stab["result"]) == \
        ({"grappled": -4}, 9, "hit")
    # the wrestler, attacked while he holds Hal, does not retreat (he would let go)
    dodge = one(ev, "defence", actor="gus", t=15)
    assert dodge.get("retreat") is None and "retreat" not in dodge["modifiers"]


# --------------------------------------------------------------------------- several


def _takedown_and_pin(**rules: object) -> dict:
    wrestle = [{"action": "move", "target": "vik"}, {"action": "grapple", "target": "vik"}]
    return doc(
        fighter("vik", "blue", [0, 0], facing="W", st=12, dx=11, ht=11, skills={"knife": 12},
                weapons=["knife"], plan=[{"action": "do_nothing"}] * 4),
        fighter("ana", "red", [-3, 0], st=10, dx=12, ht=12, skills={"wrestling": 13},
                plan=wrestle + [{"action": "takedown", "target": "vik"},
                                {"action": "pin", "target": "vik"}]),
        fighter("bo", "red", [3, -1], facing="W", st=14, dx=11, ht=12,
                skills={"wrestling": 11},
                plan=wrestle + [{"action": "takedown", "target": "vik"},
                                {"action": "pin", "target": "vik"}]),
        fighter("cy", "red", [0, 3], facing="NE", st=11, dx=12, ht=10,
                skills={"wrestling": 12},
                plan=wrestle + [{"action": "takedown", "target": "vik"},
                                {"action": "do_nothing"}, {"action": "pin", "target": "vik"}]),
        fighter("dag", "red", [2, -3], facing="SW", st=13, dx=10, ht=10,
                skills={"wrestling": 12},
                plan=wrestle + [{"action": "do_nothing"}, {"action": "pin", "target": "vik"}]),
        rules=dict(rules) or None, until=60)


TEAM_FACES = [1, 1, 1, 1, 1,  # initiative: Ana, Bo, Cy, Vik, Dag by Basic Speed and DX
              3, 3, 4, 6, 6, 6,  # turn 2: each wrestler grabs Vik, whose dodges fail
              3, 3, 4, 6, 6, 6,
              3, 3, 4, 6, 6, 6,
              3, 3, 4, 6, 6, 6,
              3, 3, 3, 6, 6, 6,  # turn 3: the takedown, rolled at Bo's step
              3, 3, 3, 6, 6, 6]  # turn 4: the pin, rolled at Cy's step


def test_two_on_one_takedown_and_a_three_man_pin_roll_when_the_last_acts():
    ev = run(_takedown_and_pin(), TEAM_FACES)
    assert one(ev, "gurps.initiative")["order"] == ["ana", "bo", "cy", "vik", "dag"]
    # five fighters: phases of 2 tenths (0-1, 2-3, 4-5, 6-7, 8-9)
    assert [p["t"] for p in of(ev, "gurps.phase", turn=3)] == [20, 22, 24, 26, 28]
    assert states(ev, "vik", "grappled") == [(10, True)]
    # turn 3: Ana and Bo take part (two, the limit); Cy is turned away at the turn's start
    assert (one(ev, "gurps.plan_skip", actor="cy")["t"],
            one(ev, "gurps.plan_skip", actor="cy")["reason"]) == (20, "limit")
    take = one(ev, "gurps.contest", kind="takedown")
    # Bo's ST 14 is the best score; Ana adds a fifth of her ST (10): +2
    assert (take["t"], take["actor"], take["leader"], take["trait"], take["score"],
            take["helpers"], take["helper_bonuses"], take["target_score"], take["winner"],
            take["result"]) == (22, "bo", "bo", "st", 16, ["ana"], [2], 12, "bo",
                                "victim_falls")
    assert [a["t"] for a in of(ev, "action", name="takedown")] == [20, 22]
    assert [m["maneuver"] for m in of(ev, "gurps.maneuver", name="takedown")] == \
        ["attack", "attack"]
    assert states(ev, "vik", "prone") == [(22, True)]
    # turn 4: Ana, Bo and Cy pin him (three, the limit); Dag, the fourth, is turned away
    dag = one(ev, "gurps.plan_skip", actor="dag")
    assert (dag["t"], dag["name"], dag["reason"]) == (30, "pin", "limit")
    pin = one(ev, "gurps.contest", kind="pin")
    assert (pin["t"], pin["leader"], pin["score"], pin["helpers"], pin["helper_bonuses"],
            pin["result"]) == (34, "bo", 18, ["ana", "cy"], [2, 2], "pinned")
    sides = of(ev, "gurps.check", t=34)
    assert [(c["actor"], c["kind"], c["effective"]) for c in sides] == \
        [("bo", "pin", 18), ("vik", "pin_resist", 12)]
    assert states(ev, "vik", "pinned") == [(34, True)]
    # a pinned fighter counts as out (pinned_is_out): the fight is over
    end = ev[-1]
    assert (end["t"], end["winner"], end["reason"]) == (34, "red", "last side standing")


def test_a_fighter_stunned_when_the_turn_begins_takes_no_part_and_no_place_in_a_pin():
    # Vik, taken down in turn 3, cuts Cy in his phase (26): a critical hit, 9 HP, a major
    # wound; Cy fails his knockdown roll and is stunned. In turn 4 Cy can only do nothing:
    # he is no participant of the pin, so he takes no place in it - Dag, the fourth, joins
    # - and the roll comes when the last participant acts: Dag, at his step (38), not
    # when Cy's phase comes (34).
    d = _takedown_and_pin()
    d["combatant"][0]["plan"] = [{"action": "do_nothing"}] * 2 + [
        {"action": "attack", "target": "cy"}] + [{"action": "do_nothing"}] * 3
    ev = run(d, TEAM_FACES[:-6] + [  # (to the takedown at Bo's step in turn 3)
        1, 1, 1,  # Vik's knife at Cy: 3, a critical success
        3, 3, 4,  # Critical Hit Table 10: normal damage
        6,  # 1d cut: 6, x1.5: 9 of Cy's 11 HP, a major wound
        4, 4, 4,  # knockdown: HT 10, 12 fails by 2: stunned
        3, 3, 3,  # turn 4, Cy's recovery roll at the end of his phase
        3, 3, 3, 6, 6, 6])  # the pin
    assert states(ev, "cy", "stunned")[0] == (26, True)
    assert of(ev, "gurps.plan_skip", actor="dag") == []
    pin = one(ev, "gurps.contest", kind="pin")
    # (Dag leads: ST 13, +2 for Wrestling at DX+2, beats Bo's 14)
    assert (pin["t"], pin["leader"], sorted(pin["helpers"])) == (38, "dag", ["ana", "bo"])
    assert states(ev, "vik", "pinned") == [(38, True)]


def test_when_the_participant_the_others_wait_for_never_acts_no_roll_comes():
    # as above, Cy is stunned in turn 3; in turn 4 Ana and Bo act on the pin and wait for
    # Dag, the last of them; Vik cuts Dag down in his phase (36): stunned, Dag does not act
    # at 38. The roll was to come when the last participant acted: it does not come.
    d = _takedown_and_pin()
    d["combatant"][0]["plan"] = [{"action": "do_nothing"}] * 2 + [
        {"action": "attack", "target": "cy"}, {"action": "attack", "target": "dag"}] + [
        {"action": "do_nothing"}] * 2
    ev = run(d, TEAM_FACES[:-6] + [
        1, 1, 1, 3, 3, 4, 6, 4, 4, 4,  # turn 3: Cy cut and stunned, as above
        3, 3, 3,  # turn 4: Cy's recovery roll at the end of his phase
        1, 1, 1, 3, 3, 4, 6,  # Vik's knife at Dag: a critical hit, 9 HP of Dag's 13
        4, 4, 4,  # Dag's knockdown roll (HT 10): stunned
        3, 3, 3], fallback=True)  # Dag's recovery roll at the end of his phase
    assert states(ev, "dag", "stunned")[0] == (36, True)
    assert [a["actor"] for a in of(ev, "gurps.maneuver", name="pin", turn=None)
            if 30 <= a["t"] < 40] == ["ana", "bo"]
    assert [c for c in of(ev, "gurps.contest", kind="pin") if c["t"] < 40] == []
    lost = one(ev, "gurps.attack_lost", reason="no last participant")
    assert (lost["t"], lost["actor"], lost["target"]) == (38, "bo", "vik")


def test_without_a_grip_there_is_no_cooperative_takedown():
    # nobody grabs Vik: the takedown steps are skipped ("target not grappled")
    d = _takedown_and_pin()
    for c in d["combatant"][1:]:
        c["plan"] = [p for p in c["plan"] if p["action"] != "grapple"]
    ev = run(d, [1, 1, 1, 1, 1], fallback=True)
    skips = {(e["actor"], e["name"], e["reason"]) for e in of(ev, "gurps.plan_skip", t=10)}
    assert ("ana", "takedown", "target not grappled") in skips
    assert of(ev, "gurps.contest", kind="takedown", t=10) == []


# --------------------------------------------------------------------------- from outside


def _archer(bow: int = 15, ulf_policy: str = "default", ash_at: list | None = None) -> dict:
    """Rab runs into Ulf's hex from the east; Ash aims at Rab and shoots into the hex, from
    the east (``ash_at``), where Ulf, on All-Out Defense, turns to face Rab, his foe in the
    hex."""
    return doc(
        fighter("rab", "red", [4, 0], facing="W", st=11, dx=13, ht=12, skills={"knife": 14},
                weapons=["knife"], armor="leather",
                plan=[{"action": "move", "target": "ulf"}, {"action": "do_nothing"}]),
        fighter("ulf", "blue", [0, 0], facing="W", st=12, dx=11, ht=11,
                skills={"broadsword": 13}, weapons=["broadsword"], armor="leather",
                policy=ulf_policy,
                plan=[{"action": "all_out_defense", "option": "increased_dodge"}]),
        fighter("ash", "blue", ash_at or [5, 0], facing="W", st=11, dx=12, ht=10,
                skills={"bow": bow, "knife": 12},
                weapons=["bow", "knife"],
                plan=[{"action": "aim", "target": "rab"}, {"action": "attack", "target": "rab"}]),
        until=16)


def test_an_arrow_into_a_close_combat_hex_misses_and_strikes_the_man_in_the_way():
    ev = run(_archer(), [1, 1, 1,  # Rab (Speed 6.25), Ash (DX 12), Ulf
                         5, 5, 4,  # the shot: 14 against 13, a miss
                         3, 3, 3,  # on to Ulf: 9 against 9 (11 would be his skill)
                         6, 6, 5,  # Ulf's dodge fails
                         4])  # the arrow: 1d, 4 - DR 2 = 2, impaling x2
    assert one(ev, "gurps.initiative")["order"] == ["rab", "ash", "ulf"]
    # Move steps at 0, 0, 1, 2; Ulf's retreat at 13 ends the close combat
    assert states(ev, "rab", "close_combat") == [(2, True), (13, False)]
    shot = one(ev, "attack", actor="ash")
    # -2 for attacking a close-combat participant from outside; range 5: -2; Aim: +Acc 2
    assert (shot["t"], shot["kind"], shot["modifiers"], shot["effective"], shot["result"]) \
        == (13, "shot", {"into_close_combat": -2, "range": -2, "aim": 2}, 13, "miss")
    stray = one(ev, "gurps.wrong_target")
    assert (stray["t"], stray["actor"], stray["intended"], stray["target"],
            stray["skill_vs_target"], stray["effective_skill"], stray["faces"],
            stray["result"], stray["order"]) == \
        (13, "ash", "rab", "ulf", 11, 9, [3, 3, 3], "hit", ["ulf"])
    # 11 = bow 15, -2 into close combat, -2 range, by name; Aim was at Rab, not at Ulf
    assert (stray["skill"], stray["modifiers"]) == \
        (15, {"into_close_combat": -2, "range": -2})
    # Ulf may only dodge an arrow: All-Out Defense (Increased Dodge) +2, retreat +3
    dodge = one(ev, "defence", actor="ulf")
    assert (dodge["kind"], dodge["modifiers"], dodge["success"]) == \
        ("dodge", {"all_out_defense": 2, "retreat": 3}, False)
    hit = one(ev, "damage", actor="ulf")
    assert (hit["source"], hit["weapon"], hit["basic"], hit["dr"], hit["amount"]) == \
        ("ash", "bow", 4, 2, 4)


def test_the_chain_goes_on_after_a_dodge_and_stops_at_a_parry():
    # Ash strikes from the south-west, beside the three (each faces the foe in the hex: a
    # step maneuver's facing change), so each defends at -2 (from the side)
    d = doc(fighter("rab", "red", [2, 0], facing="W", st=11, dx=13, ht=12,
                    skills={"knife": 14}, weapons=["knife"], policy="aggressive",
                    plan=[{"action": "move", "to": [0, 0]}] + [{"action": "do_nothing"}] * 2),
            fighter("tor", "blue", [0, -2], facing="SE", st=11, dx=12, ht=12,
                    skills={"knife": 16}, weapons=["knife"], policy="aggressive",
                    plan=[{"action": "move", "to": [0, 0]}] + [{"action": "do_nothing"}] * 2),
            fighter("ulf", "blue", [0, 0], facing="W", st=12, dx=12, ht=11,
                    skills={"knife": 12}, weapons=["knife"], policy="aggressive",
                    plan=[{"action": "do_nothing"}] * 3),
            fighter("ash", "blue", [-1, 1], st=12, dx=12, ht=10, skills={"broadsword": 14},
                    weapons=["broadsword"],
                    plan=[{"action": "do_nothing"}, {"action": "attack", "target": "rab"}]),
            until=20)
    ev = run(d, [1, 1, 1, 1, 3, 3, 4, 2, 2, 3, 3, 3, 3, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2])
    half = of(ev, "gurps.half_hex")[-1]
    assert (half["occupants"], half["sides"]) == (["ulf", "rab", "tor"], ["W", "E", "NW"])
    blow = one(ev, "attack", actor="ash")
    assert (blow["t"], blow["modifiers"], blow["result"]) == \
        (17, {"into_close_combat": -2}, "dodged")
    chain = of(ev, "gurps.wrong_target")
    # the man whose half is nearest the attacker first (Ulf, west), then Tor (north-west)
    assert [(c["target"], c["skill_vs_target"], c["effective_skill"], c["result"],
             c["order"]) for c in chain] == [
        ("ulf", 12, 9, "dodged", ["ulf", "tor"]), ("tor", 12, 9, "parried", ["ulf", "tor"])]
    assert [(c["skill"], c["modifiers"]) for c in chain] == \
        [(14, {"into_close_combat": -2})] * 2  # broadsword 14, -2 into close combat
    assert [(e["actor"], e["kind"], e["success"], e["modifiers"]) for e in of(ev, "defence")] \
        == [("rab", "dodge", True, {"side_attack": -2}), ("ulf", "dodge", True,
            {"side_attack": -2}), ("tor", "parry", True, {"side_attack": -2})]


def test_a_target_who_dodges_out_of_the_hex_leaves_the_others_in_the_way():
    """"If you miss, or your foe successfully dodges, you may have hit someone else ... in
    that hex": the hex the blow went into. Rab dodges by retreating out of it; the chain
    still rolls against Ulf, then Tor, who stand there."""
    def crowd(rab_plan: list) -> dict:
        return doc(
            fighter("rab", "red", [2, 0], facing="W", st=11, dx=13, ht=12,
                    skills={"knife": 14}, weapons=["knife"], policy="aggressive",
                    plan=[{"action": "move", "to": [0, 0]}] + rab_plan
                    + [{"action": "do_nothing"}] * 2),
            fighter("tor", "blue", [0, -2], facing="SE", st=11, dx=12, ht=12,
                    skills={"knife": 16}, weapons=["knife"], policy="aggressive",
                    plan=[{"action": "move", "to": [0, 0]}] + [{"action": "do_nothing"}] * 2),
            fighter("ulf", "blue", [0, 0], facing="W", st=12, dx=12, ht=11,
                    skills={"knife": 12}, weapons=["knife"], policy="aggressive",
                    plan=[{"action": "do_nothing"}] * 3),
            fighter("ash", "blue", [-1, 1], st=12, dx=12, ht=10, skills={"broadsword": 14},
                    weapons=["broadsword"],
                    plan=[{"action": "do_nothing"}, {"action": "attack", "target": "rab"}]),
            until=20)
    faces = [1, 1, 1, 1, 3, 3, 4, 2, 2, 3, 3, 3, 3, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2]
    ev = run(crowd([{"action": "retreat"}]), faces)
    dodge = one(ev, "defence", actor="rab")
    assert (dodge["t"], dodge["success"], dodge["modifiers"], dodge["retreat"]) == \
        (17, True, {"retreat": 3, "side_attack": -2}, [0, 1])
    assert states(ev, "rab", "close_combat") == [(1, True), (17, False)]
    chain = of(ev, "gurps.wrong_target")
    assert [(c["t"], c["target"], c["effective_skill"], c["result"], c["order"])
            for c in chain] == [(17, "ulf", 9, "dodged", ["ulf", "tor"]),
                                (17, "tor", 9, "parried", ["ulf", "tor"])]


def test_those_left_in_a_hex_keep_their_halves_when_a_foe_comes_back_in():
    """Rab (red) comes in from the east, Tor (blue) from the north-west: Ulf W, Rab E, Tor
    NW. Rab leaves by his side (Ulf and Tor, friends, fight no one there), then steps in
    again from the south-east: he takes that half, and the two who never moved keep theirs
    (before, both were put on the half opposite him, one on the other's)."""
    nothing = [{"action": "do_nothing"}]
    d = doc(fighter("rab", "red", [2, 0], facing="W", dx=13, ht=12,
                    plan=[{"action": "move", "to": [0, 0]}, {"action": "move", "to": [0, 1]},
                          {"action": "step", "to": [0, 0]}] + nothing * 2),
            fighter("tor", "blue", [0, -2], facing="SE", dx=12, ht=12,
                    plan=[{"action": "move", "to": [0, 0]}] + nothing * 4),
            fighter("ulf", "blue", [0, 0], plan=nothing * 5), until=30)
    ev = run(d, [1, 1, 1])
    assert states(ev, "rab", "close_combat") == [(1, True), (10, False), (20, True)]
    assert [(h["t"], h["occupants"], h["sides"]) for h in of(ev, "gurps.half_hex")] == [
        (1, ["ulf", "rab"], ["W", "E"]), (4, ["ulf", "rab", "tor"], ["W", "E", "NW"]),
        (20, ["ulf", "tor", "rab"], ["W", "NW", "SE"])]


def test_a_ranged_weapon_in_close_combat_takes_its_bulk_instead_of_the_range():
    d = doc(fighter("rab", "red", [2, 0], facing="W", st=11, dx=13, ht=12,
                    skills={"knife": 14}, weapons=["knife"],
                    plan=[{"action": "move", "target": "ash"}, {"action": "do_nothing"}]),
            fighter("ash", "blue", [0, 0], facing="E", st=11, dx=12, ht=10,
                    skills={"bow": 15}, weapons=["bow"],
                    plan=[{"action": "attack", "target": "rab"}]), until=10)
    ev = run(d, [1, 1, 3, 3, 4, 6, 6, 6, 1])
    shot = one(ev, "attack", actor="ash")
    assert (shot["kind"], shot["modifiers"], shot["effective"]) == \
        ("shot", {"bulk_in_close_combat": -7}, 8)
