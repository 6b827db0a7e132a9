"""The ``tft`` driver replays seed 000's rules (and the base TFT turn) with scripted dice:
exact tenths of turns, phases, steps and action slots, and every row and effect of the
hand-to-hand rules. Dice order: see ``tft_helpers``."""

from __future__ import annotations

import pytest
from tft_helpers import doc, fig, of, run, tft, times

from timedcombat.check import check_events

DAGGER_ANA = {"dx": 14, "st": 10, "weapons": ["dagger"]}
SWORD_BO = {"dx": 11, "weapons": ["broadsword"], "shield": "large", "armor": "leather"}


def jump_duel(face: int, **bo_kw: object) -> list[dict]:
    """Ana (dagger, DX 14) jumps Bo (broadsword, large shield, leather: MA 8, so situation
    (b)) from the front; Bo rolls ``face``. One turn."""
    bo = {**SWORD_BO, **bo_kw}
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "hth", "target": "bo"}], **DAGGER_ANA),
            fig("bo", "blue", (1, 0), "W", **bo))
    return run(d, [6, 1, face, 3, 3, 3, 4, 4, 4, 4, 2], fallback=True)


# ---------------------------------------------------------------- the turn on the clock


def test_a_turn_is_fifty_tenths_with_a_movement_then_an_action_phase():
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "stand_still"}] * 3),
            fig("bo", "blue", (9, 0), "W", dx=11, plan=[{"action": "stand_still"}] * 3),
            until=150)
    ev = run(d, [4, 2, 5, 3, 1, 6])
    assert times(ev, "tft.turn") == [0, 50, 100]
    assert [e["turn"] for e in tft(ev, "turn")] == [1, 2, 3]
    assert [(e["t"], e["phase"], e["end"]) for e in tft(ev, "phase")] == [
        (0, "movement", 25), (25, "action", 50), (50, "movement", 75), (75, "action", 100),
        (100, "movement", 125), (125, "action", 150)]
    first = tft(ev, "turn")[0]
    assert first["order"] == ["ana", "bo"] and first["adj_dx"] == [12, 11]
    assert first["slots"] == [25, 37]  # the i-th of n acts at 25 + i * 25 // n
    assert [e["sides"] for e in tft(ev, "turn")] == [["red", "blue"], ["red", "blue"],
                                                     ["blue", "red"]]
    assert [e["initiative"] for e in tft(ev, "turn")] == [[[4], [2]], [[5], [3]], [[6], [1]]]


def test_three_figures_act_at_25_33_and_41():
    d = doc(fig("a", "red", (0, 0), dx=9, plan=[{"action": "stand_still"}]),
            fig("b", "red", (0, 2), dx=13, plan=[{"action": "stand_still"}]),
            fig("c", "blue", (9, 0), "W", dx=11, plan=[{"action": "stand_still"}]))
    ev = run(d, [3, 5])
    turn = tft(ev, "turn")[0]
    assert turn["order"] == ["b", "c", "a"] and turn["slots"] == [25, 33, 41]
    assert [(e["actor"], e["end"]) for e in of(ev, "action")] == [
        ("c", 33), ("a", 41), ("b", 25)]  # blue moves first: it chose first


def test_hex_steps_fall_at_their_tenths_in_each_sides_window():
    """Two sides: red's window is tenths 0-11, blue's 12-23; MA 10's k-th step at
    start + k * 12 // 11."""
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "move", "to": [5, 0]}]),
            fig("bo", "blue", (30, 0), "W", dx=11, plan=[{"action": "move", "to": [22, 0]}]))
    ev = run(d, [5, 2])
    assert times(ev, "move", actor="ana", mode="step") == [1, 2, 3, 4, 5]
    assert times(ev, "move", actor="bo", mode="step") == [13, 14, 15, 16, 17, 18, 19, 20]
    assert of(ev, "move", actor="bo")[-1]["to"] == [22, 0]


def test_the_side_that_wins_initiative_moves_first_or_last_by_parameter():
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "move", "to": [2, 0]}]),
            fig("bo", "blue", (30, 0), "W", dx=11, plan=[{"action": "move", "to": [28, 0]}]),
            rules={"initiative_winner_moves": "last"})
    ev = run(d, [5, 2])
    assert tft(ev, "turn")[0]["sides"] == ["blue", "red"]
    assert times(ev, "move", actor="bo") == [1, 2]
    assert times(ev, "move", actor="ana") == [13, 14]


def test_ties_of_adjusted_dx_are_rolled_off_and_logged():
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "stand_still"}]),
            fig("bo", "blue", (9, 0), "W", plan=[{"action": "stand_still"}]))
    ev = run(d, [4, 2, 3, 3, 5, 2])  # initiative; roll-off (id order) ana 3 bo 3, ana 5 bo 2
    turn = tft(ev, "turn")[0]
    assert turn["adj_dx"] == [12, 12]
    assert turn["order"] == ["ana", "bo"]
    assert turn["rolloffs"] == [[3, 5], [3, 2]]


def test_tied_initiative_is_rolled_again():
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "stand_still"}]),
            fig("bo", "blue", (9, 0), "W", dx=11, plan=[{"action": "stand_still"}]))
    ev = run(d, [4, 4, 1, 6])  # red 4, blue 4; again (blue, red in id order): blue 1, red 6
    turn = tft(ev, "turn")[0]
    assert turn["sides"] == ["red", "blue"]
    assert turn["initiative"] == [[4, 6], [4, 1]]


def test_adjusted_dx_orders_with_armour_shield_and_last_turns_hits():
    """Armour and a ready shield lower DX; 5+ hits in a turn cost 2 DX the next turn."""
    d = doc(fig("ana", "red", (0, 0), dx=12, weapons=["broadsword"]),
            fig("bo", "blue", (1, 0), "W", dx=15, armor="leather", shield="large",
                weapons=["broadsword"]), until=100)
    # turn 1: Bo 15-2-1 = 12, Ana 12: roll-off ana 6, bo 1; Ana hits Bo: 2d 4+5 = 9, armour
    # and shield stop 4: 5 hits; Bo misses (16)
    ev = run(d, [1, 2, 6, 1, 2, 2, 2, 4, 5, 6, 5, 5, 1, 2], fallback=True)
    first = tft(ev, "turn")[0]
    assert first["adj_dx"] == [12, 12] and first["rolloffs"] == [[6], [1]]
    dmg = of(ev, "damage", actor="bo")[0]
    assert (dmg["t"], dmg["rolled"], dmg["armor"], dmg["shield"], dmg["amount"]) == \
        (25, 9, 2, 2, 5)
    assert dmg["dx_penalty_next_turn"]
    second = tft(ev, "turn")[1]
    assert dict(zip(second["order"], second["adj_dx"], strict=True)) == {"ana": 12, "bo": 10}


def test_the_log_says_which_facts_it_reports_in_full():
    """``start.reports``: every fall and rise, every HTH joined or left and every figure
    put out is a ``state`` event, so the checker reads a missing one as "did not happen"
    (a 1-2 defender that does not fall, in a log with no ``state prone`` at all)."""
    ev = jump_duel(2)
    assert ev[0]["event"] == "start" and ev[0]["reports"] == ["prone", "hth", "out"]
    assert list(ev[0])[-1] == "reports"  # (an extension: written after the contract's keys)


# ---------------------------------------------------------------- entering HTH


def test_a_jump_is_made_at_the_attackers_action_tenth_with_the_reason_logged():
    ev = jump_duel(3)
    roll = tft(ev, "hth_roll")[0]
    assert roll["t"] == 25 and roll["kind"] == "jump" and roll["arc"] == "front"
    assert roll["reasons"] == ["b_lower_ma"]


@pytest.mark.parametrize(("face", "result"), [
    (1, "entered_defender_down"), (2, "entered_defender_down"), (3, "entered"),
    (4, "entered"), (5, "repelled"), (6, "repelled_hit")])
def test_each_row_of_the_one_die_roll(face, result):
    roll = tft(jump_duel(face), "hth_roll")[0]
    assert (roll["roll"], roll["modifier"], roll["total"], roll["rerolls"], roll["result"]) \
        == (face, 0, face, [], result)


def test_one_or_two_the_defender_drops_all_and_falls_the_attacker_enters():
    ev = jump_duel(2)
    assert tft(ev, "dropped") == [{**tft(ev, "dropped")[0], "actor": "bo",
                                   "items": ["broadsword", "large_shield"], "at": [1, 0],
                                   "cause": "hth_defender"}]
    assert of(ev, "move", actor="ana", mode="hth")[0]["to"] == [1, 0]
    assert [(e["actor"], e["value"]) for e in of(ev, "state", state="hth")] == \
        [("ana", True), ("bo", True)]
    assert of(ev, "state", actor="bo", state="prone")[0]["value"] is True


def test_three_or_four_the_defender_drops_but_stands_and_readies_a_carried_knife():
    ev = jump_duel(4, weapons=["broadsword", "dagger"])
    assert tft(ev, "dropped")[0]["items"] == ["broadsword", "large_shield"]
    assert not of(ev, "state", actor="bo", state="prone")
    knife = tft(ev, "ready_knife", actor="bo")
    assert len(knife) == 1 and knife[0]["free"] and knife[0]["weapon"] == "dagger"
    assert knife[0]["t"] == 25
    # Bo then fights in HTH with the knife at his own tenth
    assert of(ev, "attack", actor="bo")[0]["weapon"] == "dagger"


def test_a_defender_whose_ready_weapon_is_a_knife_keeps_it_on_three_or_four():
    ev = jump_duel(3, weapons=["dagger"], shield=None)
    assert not tft(ev, "dropped")
    assert of(ev, "attack", actor="bo")[0]["weapon"] == "dagger"


def test_five_repels_no_hth_no_drops_the_attacker_stays_where_he_was():
    ev = jump_duel(5)
    assert not tft(ev, "dropped") and not of(ev, "state", state="hth")
    assert not of(ev, "move", actor="ana")
    assert not of(ev, "damage", actor="ana")


def test_six_repels_with_an_automatic_hit_that_does_not_use_the_defenders_action():
    ev = jump_duel(6)
    hit = of(ev, "damage", actor="ana")[0]
    assert (hit["t"], hit["cause"], hit["source"], hit["dice"]) == \
        (25, "automatic_hit", "bo", "2d")
    assert hit["amount"] == sum(hit["faces"])  # no armour on Ana
    assert not of(ev, "attack", actor="bo", t=25)  # no to-hit roll for it
    assert of(ev, "attack", actor="bo")[0]["t"] == 37  # and Bo still attacks at his tenth


def test_the_automatic_hit_can_use_the_defenders_action_by_parameter():
    bo = {**SWORD_BO}
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "hth", "target": "bo"}], **DAGGER_ANA),
            fig("bo", "blue", (1, 0), "W", **bo), rules={"repelled_hit_is_free": False})
    ev = run(d, [6, 1, 6, 1, 1])
    assert not of(ev, "attack", actor="bo")


def test_the_entry_attack_is_at_minus_four_with_the_knifes_hth_damage_plus_one():
    ev = jump_duel(3)
    att = of(ev, "attack", actor="ana")[0]
    assert (att["t"], att["option"], att["in_hth"]) == (25, "hth_entry", True)
    assert att["modifiers"] == {"hth_entry": -4} and att["against"] == 10
    dmg = of(ev, "damage", actor="bo")[0]
    assert dmg["dice"] == "1d+2" and dmg["modifiers"] == {"hth": 1}  # dagger HTH 1d+1, +1


def test_an_attacker_without_a_ready_knife_drops_weapon_and_shield_where_he_came_from():
    d = doc(fig("ana", "red", (0, 0), dx=14, weapons=["shortsword", "dagger"], shield="small",
                plan=[{"action": "hth", "target": "bo"}]),
            fig("bo", "blue", (1, 0), "W", **SWORD_BO))
    ev = run(d, [6, 1, 3, 3, 3, 3, 4, 4, 4, 4], fallback=True)
    mine = tft(ev, "dropped", actor="ana")[0]
    assert (mine["items"], mine["at"], mine["cause"]) == \
        (["shortsword", "small_shield"], [0, 0], "hth_entry")
    assert of(ev, "attack", actor="ana")[0]["weapon"] == "fist"  # the dagger is not ready
    assert of(ev, "damage", actor="bo")[0]["dice"] == "1d-1"  # ST 12 fist 1d-2, +1 in HTH


def test_from_the_rear_a_six_is_ignored_and_rolled_again():
    d = doc(fig("sven", "blue", (0, 0), "E", **SWORD_BO),
            fig("pell", "red", (1, 0), "W", dx=9, weapons=["shortsword"]),
            fig("kit", "red", (-1, 0), **DAGGER_ANA, plan=[{"action": "hth", "target": "sven"}]))
    ev = run(d, [6, 1, 6, 6, 4, 3, 3, 3, 4], fallback=True)
    roll = tft(ev, "hth_roll")[0]
    assert (roll["arc"], roll["rerolls"], roll["roll"], roll["result"]) == \
        ("rear", [6, 6], 4, "entered")
    assert "c_from_side_or_rear" in roll["reasons"]


def test_a_jump_needs_one_of_the_situations_from_the_front_at_equal_ma_there_is_none():
    """Engaged, Ana may only shift one hex toward Bo's side; still in his front at her
    tenth, she may not try."""
    d = doc(fig("ana", "red", (0, 0), **DAGGER_ANA, plan=[{"action": "hth", "target": "bo"}]),
            fig("bo", "blue", (1, 0), "W", dx=11, weapons=["broadsword"]))
    ev = run(d, [6, 1], fallback=True)
    assert of(ev, "move", actor="ana", mode="shift")[0]["to"] == [1, -1]
    lost = tft(ev, "option_lost", actor="ana")[0]
    assert lost["option"] == "hth" and "does not agree" in lost["reason"]
    assert not tft(ev, "hth_roll")


@pytest.mark.parametrize(("ma", "armor", "shift"), [
    (10, "plate", [[1, 0]]), (4, "plate", []), (5, "plate", [[1, 0]])])
def test_no_option_moves_a_figure_more_hexes_than_its_ma(ma, armor, shift):
    """The one-hex shift of an engaged figure is a hex of its MA: MA 4 in plate (6 less
    than MA 10) is MA 0, and the shift toward Bo that MA 1 or more allows is not taken (the
    k-th step of a turn falls at window start + k * length // (MA + 1), k at most MA)."""
    d = doc(fig("ana", "red", (0, 0), ma=ma, armor=armor,
                plan=[{"action": "hth", "target": "bo"}]),
            fig("cy", "blue", (0, 1), "NW", dx=10, plan=[{"action": "stand_still"}]),
            fig("bo", "blue", (2, -1), "SW", dx=11, agrees_to_hth=True,
                plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1, 5, 4, 4, 4], fallback=True)
    assert of(ev, "action", actor="ana")[0]["hexes"] == min(1, ma - 4)
    assert [m["to"] for m in of(ev, "move", actor="ana", mode="shift")] == shift
    assert check_events(ev) == []


@pytest.mark.parametrize(("kw", "reason"), [
    ({"agrees_to_hth": True}, "d_enemy_agrees"),
    ({"armor": "cloth"}, None),  # cloth: MA 10, no reason
])
def test_an_enemy_who_agrees_may_be_jumped(kw, reason):
    d = doc(fig("ana", "red", (0, 0), **DAGGER_ANA, plan=[{"action": "hth", "target": "bo"}]),
            fig("bo", "blue", (1, 0), "W", dx=11, weapons=["broadsword"], **kw))
    ev = run(d, [6, 1, 5, 4, 4, 4], fallback=True)
    rolls = tft(ev, "hth_roll")
    assert [r["reasons"] for r in rolls] == ([[reason]] if reason else [])


def test_a_prone_enemy_or_one_with_its_back_to_a_wall_may_be_jumped():
    d = doc(fig("ana", "red", (0, 0), **DAGGER_ANA, plan=[{"action": "hth", "target": "bo"}]),
            fig("bo", "blue", (1, 0), "W", dx=11, weapons=["broadsword"]), walls=[[2, 0]])
    roll = tft(run(d, [6, 1, 5, 4, 4, 4], fallback=True), "hth_roll")[0]
    assert roll["reasons"] == ["a_back_to_wall_or_down"]


def test_jumping_a_foe_disengages_from_the_others_who_strike_first_if_they_have_not_acted():
    """Ash, engaged by Bram (front) and Cole (side), jumps Cole; Bram has not acted (Ash acts
    first) and strikes as she goes; that strike is his attack for the turn."""
    d = doc(fig("ash", "red", (0, 0), dx=14, st=10, weapons=["dagger"],
                plan=[{"action": "hth", "target": "cole"}]),
            fig("bram", "blue", (1, 0), "W", dx=12, weapons=["broadsword"]),
            fig("cole", "blue", (-1, 1), "NE", dx=10, weapons=["shortsword"], armor="leather"))
    ev = run(d, [6, 1, 6, 6, 6, 3, 3, 3, 3, 4, 4, 4], fallback=True)
    strike = of(ev, "attack", actor="bram")[0]
    roll = tft(ev, "hth_roll")[0]
    assert strike["option"] == "strike" and strike["t"] == 25 and strike["seq"] < roll["seq"]
    assert strike["result"] == "miss"  # 18: a broken sword, too
    assert roll["target"] == "cole" and roll["result"] == "entered"
    assert tft(ev, "option_lost", actor="bram")[0]["reason"].startswith("already struck")
    assert len(of(ev, "attack", actor="bram")) == 1


def test_knocked_down_by_a_foe_left_behind_both_fall_into_hth_in_the_defenders_hex():
    d = doc(fig("ash", "red", (0, 0), dx=14, st=14, weapons=["dagger"],
                plan=[{"action": "hth", "target": "cole"}]),
            fig("bram", "blue", (1, 0), "W", dx=12, st=16, weapons=["greatsword"]),
            fig("cole", "blue", (-1, 1), "NE", dx=10, weapons=["shortsword"], armor="leather"))
    # Bram hits (3 3 3) with 3d+1: 3+3+2+1 = 9 hits: Ash (ST 14) is knocked down
    ev = run(d, [6, 1, 3, 3, 3, 3, 3, 2, 4, 4, 4], fallback=True)
    dmg = of(ev, "damage", actor="ash")[0]
    assert dmg["amount"] == 9 and dmg["knocked_down"]
    assert not tft(ev, "hth_roll")  # no roll
    assert of(ev, "move", actor="ash", mode="hth")[0]["to"] == [-1, 1]
    assert {e["actor"] for e in of(ev, "state", state="prone", value=True)} == {"ash", "cole"}
    assert {e["actor"] for e in of(ev, "state", state="hth", value=True)} == {"ash", "cole"}
    assert tft(ev, "dropped", actor="cole")[0]["items"] == ["shortsword"]


def test_the_knockdown_reading_can_be_switched_off():
    d = doc(fig("ash", "red", (0, 0), dx=14, st=14, weapons=["dagger"],
                plan=[{"action": "hth", "target": "cole"}]),
            fig("bram", "blue", (1, 0), "W", dx=12, st=16, weapons=["greatsword"]),
            fig("cole", "blue", (-1, 1), "NE", dx=10, weapons=["shortsword"], armor="leather"),
            rules={"knockdown_on_jump_hth": False})
    ev = run(d, [6, 1, 3, 3, 3, 3, 3, 2, 4, 4, 4], fallback=True)
    assert not of(ev, "state", state="hth")


# ---------------------------------------------------------------- the dive


def dive_duel(faces: list[int], talents: list[str] | None = None, **dora_kw: object
              ) -> list[dict]:
    d = doc(fig("dain", "red", (0, 0), st=13, plan=[{"action": "dive", "target": "dora"}]),
            fig("dora", "blue", (4, 0), "W", dx=13, iq=10, weapons=["mace"],
                armor="chainmail", talents=talents or [], plan=[{"action": "stand_still"}],
                **dora_kw))
    return run(d, faces, fallback=True)


def test_a_dive_is_joined_at_the_end_of_movement_and_the_defender_adds_one():
    ev = dive_duel([6, 1, 2, 3, 3, 3, 4])
    roll = tft(ev, "hth_roll")[0]
    assert (roll["t"], roll["kind"], roll["modifiers"], roll["total"], roll["result"]) == \
        (24, "dive", {"dive": 1}, 3, "entered")
    assert roll["reasons"] == ["e_dive_for_legs"]
    assert times(ev, "move", actor="dain", mode="step") == [1, 2, 3]
    entry = of(ev, "attack", actor="dain")[0]  # the -4 attack comes at his own tenth
    assert entry["option"] == "hth_entry" and entry["t"] == 25


@pytest.mark.parametrize(("face", "result", "hit"), [
    (1, "entered_defender_down", False), (3, "entered", False), (4, "knocked_back", False),
    (5, "knocked_back_hit", True), (6, "knocked_back_hit", True)])
def test_a_dives_rows_five_to_seven_knock_the_diver_back_prone(face, result, hit):
    ev = dive_duel([6, 1, face, 3, 3, 3, 4, 4, 4, 4])
    assert tft(ev, "hth_roll")[0]["result"] == result
    knocked = result.startswith("knocked_back")
    assert bool(of(ev, "state", actor="dain", state="prone", cause="knocked_back")) == knocked
    if knocked:
        assert not of(ev, "move", actor="dain", t=24)  # he stays in the hex he came through
    auto = of(ev, "damage", actor="dain", cause="automatic_hit")
    assert bool(auto) == hit and all(e["t"] == 24 for e in auto)


def test_dive_block_adds_one_and_dive_block_two_two_more():
    one = tft(dive_duel([6, 1, 1, 4, 4], ["dive_block"]), "hth_roll")[0]
    assert one["modifiers"] == {"dive": 1, "dive_block": 1} and one["total"] == 3
    both = tft(dive_duel([6, 1, 1, 4, 4, 4, 4], ["dive_block", "dive_block_2"]), "hth_roll")[0]
    assert both["modifiers"] == {"dive": 1, "dive_block": 1, "dive_block_2": 2}
    assert (both["total"], both["result"]) == (5, "knocked_back")


@pytest.mark.parametrize(("talents", "hit"), [
    (["dive_block", "dive_block_2", "judo"], True), (["dive_block", "dive_block_2"], False)])
def test_a_judo_holder_hits_a_diver_on_six_or_more_even_when_the_row_does_not(talents, hit):
    """Judo: "If the modified result is a 6+ you get an automatic attack." With
    ``dive_high_result = "knocked_back"`` a dive's total above 7 has no hit of its own;
    Dora's Judo brings it all the same (her mace, no to-hit roll); without Judo none."""
    d = doc(fig("dain", "red", (0, 0), st=13, plan=[{"action": "dive", "target": "dora"}]),
            fig("dora", "blue", (4, 0), "W", dx=13, iq=12, weapons=["mace"],
                armor="chainmail", talents=talents, plan=[{"action": "stand_still"}]),
            rules={"dive_high_result": "knocked_back"})
    ev = run(d, [6, 1, 4, 3, 3, 3, 4, 4, 4, 4], fallback=True)
    roll = tft(ev, "hth_roll")[0]
    assert (roll["t"], roll["result"]) == (24, "knocked_back")
    assert roll["total"] == 8 + ("judo" in talents)
    auto = of(ev, "damage", cause="automatic_hit")
    assert [(x["t"], x["actor"], x["source"], x["weapon"]) for x in auto] == \
        ([(24, "dain", "dora", "mace")] if hit else [])
    assert check_events(ev) == []


@pytest.mark.parametrize(("throws", "result", "cause", "dice", "where"), [
    (True, "thrown", "throw", "1d+1", [5, 0]),
    (False, "knocked_back_hit", "automatic_hit", "1d-2", [3, 0])])
def test_a_judo_holder_throws_a_diver_on_seven_by_parameter(throws, result, cause, dice,
                                                           where):
    """Judo's throw is for "someone tries to jump you"; a dive has its own 5-7 row. Dain
    dives at Dora's legs (unarmed, Judo): 5 + 1 (dive) + 1 (Judo) = 7. By default she throws
    him (fist 1d-2 +3, prone beyond her); with ``judo_throws_divers = false`` the dive's row
    stands: knocked back prone in the hex he moved through, and her automatic hit (fist)."""
    d = doc(fig("dain", "red", (0, 0), st=13, plan=[{"action": "dive", "target": "dora"}]),
            fig("dora", "blue", (4, 0), "W", dx=13, iq=12, talents=["judo"],
                plan=[{"action": "stand_still"}]), rules={"judo_throws_divers": throws})
    ev = run(d, [6, 1, 5, 4], fallback=True)
    roll = tft(ev, "hth_roll")[0]
    assert (roll["t"], roll["total"], roll["result"]) == (24, 7, result)
    hit = of(ev, "damage", actor="dain")[0]
    assert (hit["cause"], hit["dice"], hit["faces"]) == (cause, dice, [4])
    assert of(ev, "state", actor="dain", state="prone")[0]["t"] == 24
    assert of(ev, "move", actor="dain")[-1]["to"] == where
    assert bool(tft(ev, "throw")) is throws
    assert check_events(ev) == []


def test_no_foe_strikes_at_a_diver_who_disengages_from_it():
    """Dain, engaged by Bo (front), dives at Dora's legs: Bo does not strike as he goes."""
    d = doc(fig("dain", "red", (0, 0), st=13, plan=[{"action": "dive", "target": "dora"}]),
            fig("bo", "blue", (1, 0), "W", dx=9, weapons=["broadsword"]),
            fig("dora", "blue", (0, 1), "NW", dx=13, weapons=["mace"], armor="chainmail",
                plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1, 3, 3, 3, 3, 4, 4, 4, 4, 4], fallback=True)
    assert tft(ev, "hth_roll")[0]["t"] == 24
    assert not of(ev, "attack", option="strike")


def test_no_dive_at_a_foe_with_twice_the_divers_ma_or_more():
    d = doc(fig("dain", "red", (0, 0), ma=5, plan=[{"action": "dive", "target": "dora"}]),
            fig("dora", "blue", (2, 0), "W", ma=10, plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1], fallback=True)
    assert "twice" in tft(ev, "plan_skip", actor="dain")[0]["reason"]
    assert not tft(ev, "hth_roll")


def test_no_disengaging_or_drawing_a_knife_in_the_turn_of_entry():
    """Dain enters by his dive at tenth 24; at his tenth he makes the entry attack, and
    nothing else of his happens that turn."""
    ev = dive_duel([6, 1, 2, 3, 3, 3, 4, 4, 4, 4])
    mine = [e for e in ev if e.get("actor") == "dain" and 24 <= e["t"] < 50]
    assert not [e for e in mine if e["event"] in ("tft.disengage", "tft.ready_knife")]


# ---------------------------------------------------------------- inside HTH


def hth_pair(ana: dict, bo: dict, plan_ana: list, plan_bo: list, faces: list[int],
             rules: dict | None = None, until: int = 100) -> list[dict]:
    """Ana jumps Bo (lower MA) in turn 1 and they are in HTH; their plans go on."""
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "hth", "target": "bo"}, *plan_ana],
                **ana),
            fig("bo", "blue", (1, 0), "W", armor="leather", plan=plan_bo, **bo),
            rules=rules, until=until)
    return run(d, faces, fallback=True)


def test_the_strongest_figure_gets_two_ties_none():
    ev = hth_pair({"dx": 14, "st": 13}, {"dx": 11, "st": 12}, [{"action": "attack"}],
                  [], [6, 1, 3, 6, 6, 5, 6, 6, 5, 6, 1, 6, 6, 5, 6, 6, 5])
    ana = of(ev, "attack", actor="ana")
    assert ana[0]["modifiers"] == {"hth_entry": -4, "strongest": 2}
    assert ana[1]["modifiers"] == {"strongest": 2} and ana[1]["t"] == 75
    tied = hth_pair({"dx": 14, "st": 12}, {"dx": 11, "st": 12}, [], [],
                    [6, 1, 3, 6, 6, 5, 6, 6, 5])
    assert of(tied, "attack", actor="ana")[0]["modifiers"] == {"hth_entry": -4}


def test_a_judo_holder_takes_the_strongest_bonus_from_a_stronger_enemy():
    ev = hth_pair({"dx": 14, "st": 13}, {"dx": 11, "st": 11, "iq": 12, "talents": ["judo"]},
                  [], [], [6, 1, 2, 6, 6, 5, 6, 6, 5])
    assert of(ev, "attack", actor="ana")[0]["modifiers"] == {"hth_entry": -4}


def test_figures_in_hth_never_get_the_ground_or_rear_bonus():
    """Bo fell on a 1-2 and lies prone in the HTH hex: Ana gets no +4 for it."""
    ev = hth_pair({"dx": 14, "st": 10}, {"dx": 11}, [{"action": "attack"}], [],
                  [6, 1, 1, 6, 6, 5, 6, 6, 5, 6, 1, 6, 6, 5, 6, 6, 5])
    assert of(ev, "state", actor="bo", state="prone")[0]["value"] is True
    later = of(ev, "attack", actor="ana")[1]
    assert later["in_hth"] and later["modifiers"] == {}


def test_striking_into_an_hth_hex_from_outside_is_at_plus_four():
    d = doc(fig("sven", "blue", (0, 0), "E", **SWORD_BO),
            fig("pell", "red", (1, 0), "W", dx=9, weapons=["shortsword"]),
            fig("kit", "red", (-1, 0), **DAGGER_ANA, plan=[{"action": "hth", "target": "sven"}]))
    ev = run(d, [6, 1, 3, 6, 6, 5, 3, 3, 3, 4, 4], fallback=True)
    into = of(ev, "attack", actor="pell")[0]
    assert into["modifiers"] == {"into_hth": 4} and not into["in_hth"]


def test_hth_damage_is_one_more_an_st_11_fighter_does_1d_minus_2():
    ev = hth_pair({"dx": 14, "st": 11}, {"dx": 11}, [], [], [6, 1, 3, 3, 3, 3, 4])
    assert of(ev, "damage", actor="bo")[0]["dice"] == "1d-2"


@pytest.mark.parametrize(("faces", "critical", "picked"), [
    ([6, 6, 5], "dropped_weapon", [[0, 0]]), ([6, 6, 6], "broken_weapon", [])])
def test_a_thrown_weapon_rolling_17_is_dropped_in_the_throwers_hex_18_broken(
        faces, critical, picked):
    """"17 drops the weapon, 18 breaks it" holds for a throw too (docs/rules/tft.md): on 17
    the rock falls at Ana's feet (she picks it up from her own hex next turn), on 18 it is
    gone; it never reaches Bo's hex. The checker's F-FUMBLE finds the drop."""
    d = doc(fig("ana", "red", (0, 0), st=14, weapons=["rock"],
                plan=[{"action": "throw", "target": "bo"}, {"action": "pick_up"}]),
            fig("bo", "blue", (3, 0), "W", dx=11, plan=[{"action": "stand_still"}] * 2),
            until=100)
    ev = run(d, [6, 1, *faces, 6, 1], fallback=True)
    att = of(ev, "attack", actor="ana")[0]
    assert (att["roll"], att["result"], att["critical"]) == (sum(faces), "miss", critical)
    drop = tft(ev, "dropped", actor="ana")
    assert [(x["items"], x["at"], x["cause"]) for x in drop] == [(["rock"], [0, 0], critical)]
    assert [x["at"] for x in tft(ev, "picked_up", actor="ana")] == picked
    assert check_events(ev) == []


def test_readying_a_knife_in_hth_is_three_dice_under_dx_a_dirk_one_harder():
    # turn 1: Bo falls on a 1 (no free knife), Ana misses (16); turn 2: Ana misses again,
    # Bo draws: 5 5 1 = 11 against DX 12, leather -2, dirk -1
    ev = hth_pair({"dx": 14, "st": 10, "weapons": ["dagger"]},
                  {"dx": 12, "st": 10, "weapons": ["cutlass", "dirk"]}, [],
                  [{"action": "stand_still"}, {"action": "ready_knife"}],
                  [6, 1, 1, 6, 5, 5, 2, 1, 6, 5, 5, 5, 5, 1])
    drawn = tft(ev, "ready_knife", actor="bo")
    assert len(drawn) == 1 and not drawn[0]["free"]
    d = drawn[0]
    assert (d["weapon"], d["faces"], d["roll"]) == ("dirk", [5, 5, 1], 11)
    assert d["modifiers"] == {"armor": -2, "dirk_in_hth": -1} and d["against"] == 9
    assert d["success"] is False


@pytest.mark.parametrize(("reading", "mods", "against"), [
    ("adjusted", {"armor": -2, "dirk_in_hth": -1}, 9), ("dx", {"dirk_in_hth": -1}, 11)])
def test_a_knife_is_drawn_against_adjusted_dx_or_dx_by_parameter(reading, mods, against):
    """"The figure must roll 3 dice and get equal to or under his DX": Bo (DX 12, leather)
    draws his dirk (-1 in HTH) against adjusted DX (leather -2), as TFT means by DX, or, with
    ``knife_draw_dx = "dx"``, against his DX with only the HTH modifiers."""
    ev = hth_pair({"dx": 14, "st": 10, "weapons": ["dagger"]},
                  {"dx": 12, "st": 10, "weapons": ["cutlass", "dirk"]}, [],
                  [{"action": "stand_still"}, {"action": "ready_knife"}],
                  [6, 1, 1, 6, 5, 5, 2, 1, 6, 5, 5, 5, 4, 1], rules={"knife_draw_dx": reading})
    drawn = tft(ev, "ready_knife", actor="bo")[0]
    assert (drawn["roll"], drawn["modifiers"], drawn["against"]) == (10, mods, against)
    assert drawn["success"] is (against >= 10)
    assert check_events(ev) == []


def test_disengaging_from_hth_is_four_dice_against_adjusted_dx_and_the_holder_never_strikes():
    ev = hth_pair({"dx": 14, "st": 10, "weapons": ["dagger"]}, {"dx": 13, "st": 11}, [],
                  [{"action": "stand_still"}, {"action": "disengage", "to": [2, 0]}],
                  [6, 1, 3, 6, 5, 5, 2, 1, 6, 5, 5, 1, 2, 3, 4])
    out = tft(ev, "disengage", actor="bo")[0]
    assert out["hth"] and out["faces"] == [1, 2, 3, 4] and out["t"] == 87
    assert out["modifiers"] == {"armor": -2, "strongest": 2} and out["against"] == 13
    assert out["success"] and out["to"] == [2, 0]
    assert of(ev, "move", actor="bo", mode="disengage")[0]["to"] == [2, 0]
    assert of(ev, "state", actor="bo", state="hth")[-1]["value"] is False
    assert not of(ev, "attack", option="strike")


def test_a_released_figure_stands_up_in_an_adjacent_hex():
    ev = hth_pair({"dx": 14, "st": 10}, {"dx": 11}, [{"action": "release", "to": [1, 1]}],
                  [], [6, 1, 1, 6, 6, 5, 6, 6, 5, 1, 6])
    rel = tft(ev, "release")[0]
    assert (rel["actor"], rel["target"], rel["to"]) == ("ana", "bo", [1, 1])
    assert of(ev, "move", actor="bo", mode="released")[0]["to"] == [1, 1]
    assert of(ev, "state", actor="bo", state="prone")[-1]["value"] is False


# ---------------------------------------------------------------- unarmed damage and talents


@pytest.mark.parametrize(("st", "weapon", "dice"), [
    (11, None, "1d-3"), (14, None, "1d-2"), (25, None, "1d"), (12, "club", "1d"),
    (13, "two_handed_club", "1d+2")])
def test_unarmed_and_club_damage_come_from_the_seeds_table(st, weapon, dice):
    kw = {"weapons": [weapon]} if weapon else {}
    d = doc(fig("ana", "red", (0, 0), dx=14, st=st, **kw), fig("bo", "blue", (1, 0), "W"))
    ev = run(d, [6, 1, 3, 3, 3, 1, 1, 1, 1], fallback=True)
    assert of(ev, "damage", actor="bo")[0]["dice"] == dice


def test_a_thrown_rock_does_fist_damage():
    d = doc(fig("ana", "red", (0, 0), st=14, weapons=["rock"],
                plan=[{"action": "throw", "target": "bo"}]),
            fig("bo", "blue", (3, 0), "W", dx=11, plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1, 3, 3, 3, 4], fallback=True)
    att = of(ev, "attack", actor="ana")[0]
    assert (att["option"], att["weapon"], att["modifiers"]) == ("throw", "rock", {"range": -3})
    assert of(ev, "damage", actor="bo")[0]["dice"] == "1d-2"


def judo_jump(face: int, talents: list[str], iq: int = 12, dx: int = 13, **kw: object
              ) -> list[dict]:
    d = doc(fig("brock", "red", (0, 0), st=15, dx=14, plan=[{"action": "hth", "target": "jun"}]),
            fig("jun", "blue", (1, 0), "W", st=11, dx=dx, iq=iq, armor="leather",
                talents=talents, plan=[{"action": "stand_still"}], **kw))
    return run(d, [6, 1, face, 3, 3, 3, 4, 4, 4, 4], fallback=True)


@pytest.mark.parametrize(("face", "result"), [
    (1, "entered_defender_down"), (2, "entered"), (4, "repelled"), (5, "repelled_hit"),
    (6, "thrown")])
def test_a_jumped_judo_holder_adds_one_and_throws_on_seven(face, result):
    roll = tft(judo_jump(face, ["judo"]), "hth_roll")[0]
    assert roll["modifiers"] == {"defender_judo": 1} and roll["result"] == result


def test_a_judo_throw_lands_the_attacker_prone_next_to_the_thrower_fist_plus_three():
    ev = judo_jump(6, ["judo"])
    throw = tft(ev, "throw")[0]
    assert (throw["actor"], throw["target"], throw["bonus"]) == ("jun", "brock", 3)
    assert throw["to"] == [2, 0]  # across from where Brock stood
    assert of(ev, "move", actor="brock", mode="thrown")[0]["to"] == [2, 0]
    dmg = of(ev, "damage", actor="brock", cause="throw")[0]
    assert dmg["dice"] == "1d" and dmg["modifiers"] == {"judo_throw": 3}  # ST 11: 1d-3, +3
    assert of(ev, "state", actor="brock", state="prone")[0]["cause"] == "thrown"


def test_an_armed_judo_holder_does_not_throw_but_hits():
    ev = judo_jump(6, ["judo"], weapons=["dagger"])
    assert tft(ev, "hth_roll")[0]["result"] == "repelled_hit"
    assert of(ev, "damage", actor="brock", cause="automatic_hit")


def test_judo_two_shifts_by_one_as_suits_it_and_throws_for_five():
    ev = judo_jump(5, ["judo", "judo_2"], iq=14, dx=14)
    roll = tft(ev, "hth_roll")[0]
    assert roll["modifiers"] == {"defender_judo": 1, "defender_judo_2": 1}
    assert roll["result"] == "thrown" and tft(ev, "throw")[0]["bonus"] == 5
    assert of(ev, "damage", actor="brock", cause="throw")[0]["dice"] == "1d+2"  # 1d-3, +5


def test_a_judo_attacker_takes_one_from_the_defenders_roll():
    d = doc(fig("jun", "red", (0, 0), dx=13, iq=12, talents=["judo"],
                plan=[{"action": "hth", "target": "bo"}]),
            fig("bo", "blue", (1, 0), "W", dx=11, armor="leather"))
    roll = tft(run(d, [6, 1, 3, 3, 3, 3, 4], fallback=True), "hth_roll")[0]
    assert roll["modifiers"] == {"attacker_judo": -1} and roll["total"] == 2


def test_judo_two_on_the_ground_attacks_unarmed_at_minus_three_and_crawls_three():
    """Kano's dive fails against Dive Block 2 (3 + 4, -1 for his Judo, -1 his Judo 2 choice
    = 5): he lies prone next to Dora. Turn 2 he attacks from the ground (unarmed, -3, not
    moving); turn 3 he crawls 3 hexes."""
    d = doc(fig("kano", "red", (0, 0), dx=14, iq=14, talents=["judo", "judo_2"],
                plan=[{"action": "dive", "target": "dora"}, {"action": "attack"},
                      {"action": "crawl", "to": [-2, 0]}]),
            fig("dora", "blue", (4, 0), "W", dx=13, iq=10, armor="chainmail",
                talents=["dive_block", "dive_block_2"], plan=[{"action": "stand_still"}] * 3),
            until=150)
    ev = run(d, [6, 1, 3, 6, 1, 3, 3, 3, 4, 6, 1])
    assert tft(ev, "hth_roll")[0]["result"] == "knocked_back"
    att = of(ev, "attack", actor="kano")[0]
    assert (att["t"], att["option"], att["weapon"]) == (75, "prone", "fist")
    assert att["modifiers"] == {"judo_2_prone": -3} and att["against"] == 11
    crawl = of(ev, "move", actor="kano", mode="crawl")
    assert [e["t"] for e in crawl] == [101, 102, 103] and crawl[-1]["to"] == [0, 0]


def test_a_prone_figure_without_judo_two_crawls_two():
    d = doc(fig("dain", "red", (0, 0), dx=14, plan=[{"action": "dive", "target": "dora"},
                                                    {"action": "crawl", "to": [-2, 0]}]),
            fig("dora", "blue", (4, 0), "W", dx=13, iq=10, armor="chainmail",
                talents=["dive_block", "dive_block_2"], plan=[{"action": "stand_still"}] * 2),
            until=100)
    ev = run(d, [6, 1, 1, 6, 1])
    assert len(of(ev, "move", actor="dain", mode="crawl")) == 2


def test_take_down_and_pin_contests_in_hth():
    ev = hth_pair({"dx": 14, "st": 10, "iq": 12, "talents": ["judo"]}, {"dx": 11, "st": 12},
                  [{"action": "pin", "target": "bo"}], [{"action": "stand_still"}] * 3,
                  [6, 1, 3, 6, 6, 5, 2, 1, 6, 6, 6, 6, 1, 1, 1], until=100)
    c = tft(ev, "contest")[0]
    assert (c["kind"], c["actor_faces"], c["target_faces"]) == ("pin", [6, 6, 6, 6], [1, 1, 1])
    assert (c["actor_bonus"], c["target_bonus"], c["winner"]) == (0, 2, "ana")
    assert of(ev, "state", actor="bo", state="pinned")[0]["value"] is True


# ---------------------------------------------------------------- base rules


def test_eight_hits_in_a_turn_knock_a_figure_down_before_it_acts():
    d = doc(fig("ana", "red", (0, 0), dx=14, st=16, weapons=["greatsword"]),
            fig("bo", "blue", (1, 0), "W", dx=11, weapons=["broadsword"]))
    ev = run(d, [6, 1, 3, 3, 3, 3, 3, 2], fallback=True)
    dmg = of(ev, "damage", actor="bo")[0]
    assert dmg["amount"] == 9 and dmg["knocked_down"]
    assert tft(ev, "option_lost", actor="bo")[0]["reason"] == "knocked down"
    assert not of(ev, "attack", actor="bo")


def test_an_attack_on_a_defending_figure_rolls_four_dice():
    d = doc(fig("ana", "red", (0, 0), dx=14, weapons=["broadsword"]),
            fig("bo", "blue", (1, 0), "W", dx=11, weapons=["broadsword"],
                plan=[{"action": "defend"}]))
    att = of(run(d, [6, 1, 3, 3, 3, 3], fallback=True), "attack", actor="ana")[0]
    assert att["dice"] == "4d6" and len(att["faces"]) == 4


def test_a_roll_of_seventeen_drops_the_weapon_in_the_attackers_hex():
    d = doc(fig("ana", "red", (0, 0), dx=14, weapons=["broadsword"]),
            fig("bo", "blue", (1, 0), "W", dx=11, weapons=["broadsword"]))
    ev = run(d, [6, 1, 6, 6, 5], fallback=True)
    drop = tft(ev, "dropped", actor="ana")[0]
    assert (drop["items"], drop["at"], drop["cause"]) == (["broadsword"], [0, 0],
                                                         "dropped_weapon")


def test_a_charge_with_a_pole_weapon_does_double_damage():
    d = doc(fig("ana", "red", (0, 0), dx=14, weapons=["spear"]),
            fig("bo", "blue", (3, 0), "W", dx=11, plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1, 3, 4, 4, 5], fallback=True)
    att = of(ev, "attack", actor="ana")[0]
    dmg = of(ev, "damage", actor="bo")[0]
    assert att["option"] == "charge" and dmg["multiplier"] == 2 and dmg["rolled"] == 10


def test_a_scripted_step_the_rules_do_not_allow_is_skipped_and_logged():
    d = doc(fig("ana", "red", (0, 0), plan=[{"action": "release"}, {"action": "stand_still"}]),
            fig("bo", "blue", (9, 0), "W", dx=11, plan=[{"action": "stand_still"}]))
    ev = run(d, [6, 1])
    skip = tft(ev, "plan_skip")[0]
    assert (skip["actor"], skip["name"], skip["index"], skip["reason"]) == \
        ("ana", "release", 0, "not in HTH")
    assert of(ev, "action", actor="ana")[0]["name"] == "stand_still"


def test_the_automatic_hit_comes_even_if_the_defender_has_already_attacked():
    """Bo (DX 15) acts first and attacks Ana (16: a miss); she then jumps him; he rolls 6."""
    d = doc(fig("ana", "red", (0, 0), dx=13, st=10, weapons=["dagger"],
                plan=[{"action": "hth", "target": "bo"}]),
            fig("bo", "blue", (1, 0), "W", dx=15, weapons=["broadsword"], armor="cloth",
                ma=8))
    ev = run(d, [6, 1, 6, 5, 5, 6, 2, 2], fallback=True)
    bo_attack = of(ev, "attack", actor="bo")[0]
    roll = tft(ev, "hth_roll")[0]
    assert bo_attack["t"] == 25 and roll["t"] == 37 and roll["result"] == "repelled_hit"
    hit = of(ev, "damage", actor="ana", cause="automatic_hit")[0]
    assert hit["t"] == 37 and hit["faces"] == [2, 2]


def test_a_dirk_is_one_harder_to_use_in_hth():
    ev = hth_pair({"dx": 14, "st": 10, "weapons": ["dirk"]}, {"dx": 11}, [], [],
                  [6, 1, 3, 3, 3, 3, 4])
    assert of(ev, "attack", actor="ana")[0]["modifiers"] == {"hth_entry": -4, "dirk_in_hth": -1}
    assert of(ev, "damage", actor="bo")[0]["dice"] == "1d+3"  # HTH damage 1d+2, +1


@pytest.mark.parametrize(("weapon", "dice"), [(None, "4d6"), ("mace", "3d6")])
def test_judo_two_on_the_ground_defends_against_bare_hands_only(weapon, dice):
    """Kano, knocked back prone by his dive, defends on the ground next turn; Bo attacks."""
    kw = {"weapons": [weapon]} if weapon else {}
    d = doc(fig("kano", "red", (0, 0), dx=14, iq=14, talents=["judo", "judo_2"],
                plan=[{"action": "dive", "target": "bo"}, {"action": "defend"}]),
            fig("bo", "blue", (4, 0), "W", dx=13, iq=10, armor="chainmail", st=13,
                talents=["dive_block", "dive_block_2"],
                plan=[{"action": "stand_still"}, {"action": "attack"}], **kw), until=100)
    ev = run(d, [6, 1, 3, 6, 1, 3, 3, 3, 3], fallback=True)
    assert of(ev, "action", actor="kano")[1]["name"] == "defend"
    att = of(ev, "attack", actor="bo")[0]
    assert att["t"] == 87 and att["dice"] == dice


def test_a_won_take_down_puts_the_loser_down():
    ev = hth_pair({"dx": 14, "st": 10}, {"dx": 11, "st": 12},
                  [{"action": "take_down", "target": "bo"}], [{"action": "stand_still"}] * 3,
                  [6, 1, 3, 6, 6, 5, 2, 1, 6, 6, 6, 1, 1, 1], until=100)
    c = tft(ev, "contest")[0]
    assert (c["kind"], c["actor_score"], c["target_score"], c["winner"]) == \
        ("take_down", 18, 5, "ana")
    assert of(ev, "state", actor="bo", state="prone", cause="take_down")


def test_an_attack_goes_only_into_a_front_hex():
    """Kano lies prone facing east after his failed dive (a prone figure keeps its facing);
    his plan says attack Bo, at his side: he strikes Dora, in front of him, instead."""
    d = doc(fig("kano", "red", (0, 0), dx=14, iq=14, talents=["judo", "judo_2"],
                plan=[{"action": "dive", "target": "dora"}, {"action": "attack", "target": "bo"}]),
            fig("dora", "blue", (4, 0), "W", dx=13, iq=10, armor="chainmail",
                talents=["dive_block", "dive_block_2"], plan=[{"action": "stand_still"}] * 2),
            fig("bo", "blue", (2, 1), "SE", dx=9, plan=[{"action": "stand_still"}] * 2),
            until=100)
    ev = run(d, [6, 1, 3, 6, 1, 3, 3, 3, 4], fallback=True)
    assert of(ev, "state", actor="kano", state="prone")[0]["cause"] == "knocked_back"
    att = of(ev, "attack", actor="kano")[0]
    assert (att["t"], att["option"], att["target"]) == (75, "prone", "dora")


def test_a_pinned_figure_may_only_try_to_break_the_pin():
    ev = hth_pair({"dx": 14, "st": 10, "iq": 12, "talents": ["judo"]}, {"dx": 11, "st": 12},
                  [{"action": "pin", "target": "bo"}],
                  [{"action": "stand_still"}, {"action": "stand_still"},
                   {"action": "attack"}],
                  [6, 1, 3, 6, 6, 5, 2, 1, 6, 6, 6, 6, 1, 1, 1, 2, 1], until=150)
    assert of(ev, "state", actor="bo", state="pinned")[0]["t"] == 75
    third = [e for e in ev if e.get("actor") == "bo" and 100 <= e["t"] < 150]
    assert not [e for e in third if e["event"] == "attack"]
    assert [(e["event"], e["name"]) for e in third if e["event"] == "action"] == \
        [("action", "pin")]  # the plan's attack waits; it tries to break the pin
    assert [e["kind"] for e in third if e["event"] == "tft.contest"] == ["pin"]


def test_a_pole_weapon_standing_still_does_double_damage_to_a_foe_charging_it():
    d = doc(fig("ana", "red", (0, 0), dx=14, weapons=["broadsword"]),
            fig("bo", "blue", (3, 0), "W", dx=11, weapons=["spear"]))
    # Ana charges 2 hexes and misses (16); Bo, who stood still, spears her: 1d 4, doubled
    ev = run(d, [6, 1, 6, 5, 5, 3, 3, 3, 4])
    assert of(ev, "attack", actor="ana")[0]["option"] == "charge"
    assert of(ev, "attack", actor="bo")[0]["option"] == "attack"
    dmg = of(ev, "damage", actor="ana")[0]
    assert (dmg["multiplier"], dmg["rolled"]) == (2, 8)


def test_a_plan_step_whose_foe_cannot_be_reached_is_given_up():
    """A ring of walls two hexes round Bo: Ana's scripted jump walks up to the wall, and the
    next turn (going round for a hex behind Bo, who turns to face her) gets no closer to
    him: the step is given up."""
    from timedcombat.hexmap import distance, ring

    walls = [list(h) for h in ring((6, 0), 2)]
    d = doc(fig("ana", "red", (0, 0), **DAGGER_ANA, plan=[{"action": "hth", "target": "bo"},
                                                          {"action": "stand_still"}]),
            fig("bo", "blue", (6, 0), "W", dx=11, plan=[{"action": "stand_still"}] * 3),
            walls=walls, until=100)
    ev = run(d, [6, 1, 6, 1])
    assert of(ev, "action", actor="ana")[0]["name"] == "move"  # toward Bo, the step kept
    last = of(ev, "move", actor="ana", mode="step")[-1]
    assert distance(tuple(last["to"]), (6, 0)) == 3  # at the wall
    skip = tft(ev, "plan_skip", actor="ana")[0]
    assert (skip["name"], skip["index"], skip["reason"]) == ("hth", 0, "no way closer")
    assert 50 < skip["t"] < 75


def _jump_from(action: str, to: list[int] | None, **bo_kw: object) -> list[dict]:
    """Ana (dagger) three hexes west of Bo (leather: MA 8, so any hex next to him allows a
    jump) jumps or dives at him, from the plan's ``to`` if given."""
    step = {"action": action, "target": "bo", **({"to": to} if to is not None else {})}
    d = doc(fig("ana", "red", (-3, 0), plan=[step], **DAGGER_ANA),
            fig("bo", "blue", (0, 0), plan=[{"action": "stand_still"}],
                **{**SWORD_BO, **bo_kw}))
    return run(d, [6, 1, 5], fallback=True)


@pytest.mark.parametrize("action", ["hth", "dive"])
def test_a_jump_or_dive_goes_for_the_plans_hex_next_to_the_target(action):
    plain = _jump_from(action, None)
    assert of(plain, "move", actor="ana")[-1]["to"] == [-1, 0]  # the nearest hex
    ev = _jump_from(action, [0, -1])
    assert of(ev, "action", actor="ana")[0]["to"] == [0, -1]
    assert [m["to"] for m in of(ev, "move", actor="ana", mode="step")][-1] == [0, -1]
    roll = tft(ev, "hth_roll", actor="ana")[0]
    assert (roll["kind"], roll["roll"], roll["t"]) == \
        (("jump", 5, 25) if action == "hth" else ("dive", 5, 24))
    assert not check_events(ev)


@pytest.mark.parametrize(("action", "to", "bo_kw", "why"), [
    # Bo unarmoured (MA 10) facing east: his front hex allows no jump
    ("hth", [1, 0], {"armor": "none"},
     "[1, 0] is not a free hex next to bo from which a jump is allowed"),
    ("hth", [2, -1], {}, "[2, -1] is not a free hex next to bo from which a jump is allowed"),
    ("dive", [3, 0], {}, "[3, 0] is not a free hex next to bo"),
])
def test_a_jump_or_dive_from_a_hex_that_does_not_allow_it_is_skipped(action, to, bo_kw, why):
    ev = _jump_from(action, to, **bo_kw)
    assert tft(ev, "plan_skip", actor="ana")[0]["reason"] == why
    assert all(a.get("to") != to for a in of(ev, "action", actor="ana"))
