"""Several figures in one HTH (seed 000 writes of them: "ties for strongest figure get no
bonus", "the enemies have been trying to hold him down", Judo's "if an enemy figure is
stronger than you"): jumping into an HTH going on, who rolls, the strongest of all,
disengaging from several, releases, and the end of an HTH with no enemy left in it.
Scripted dice (order: ``tft_helpers``); every log also passes the checker."""

from __future__ import annotations

from typing import Any

import pytest
from tft_helpers import doc, fig, of, run, tft

from timedcombat.check import check_events

KNIFE = {"weapons": ["dagger"]}
BRAM = {"dx": 11, "st": 12, "weapons": ["broadsword"], "armor": "leather"}  # MA 8


def two_on_one(faces: list[int], *, rules: dict[str, Any] | None = None, until: int = 50,
               dara: dict[str, Any] | None = None, bram: dict[str, Any] | None = None,
               ash_plan: list[dict[str, Any]] | None = None,
               bram_plan: list[dict[str, Any]] | None = None,
               ash: dict[str, Any] | None = None) -> list[dict]:
    """Ash (DX 14, ST 10, dagger) jumps Bram (DX 11 in leather: adjusted 9, MA 8) from his
    front; Dara (DX 13, ST 11, dagger) jumps him from his rear, after her (slots 25, 33;
    Bram acts at 41). Dice: initiative red, blue; then as logged."""
    jump = [{"action": "hth", "target": "bram"}]
    dara = {"at": (2, 0), "facing": "W", "dx": 13, "st": 11, **KNIFE, "plan": jump,
            **(dara or {})}
    d = doc(fig("ash", "red", (0, 0), **{"dx": 14, "st": 10, **KNIFE, **(ash or {})},
                plan=ash_plan or jump),
            fig("dara", "red", **dara),
            fig("bram", "blue", (1, 0), "W", **{**BRAM, **(bram or {})},
                plan=bram_plan or [{"action": "stand_still"}] * 4),
            rules=rules, until=until)
    ev = run(d, faces, fallback=True)
    assert [str(v) for v in check_events(ev)] == []
    return ev


# both enter (3, then 4), both entry attacks miss (15)
BOTH_IN = [6, 1, 3, 5, 5, 5, 4, 5, 5, 5]


def test_a_second_figure_jumps_into_the_hth_going_on_and_joins_it():
    ev = two_on_one(BOTH_IN)
    second = tft(ev, "hth_roll", actor="dara")
    assert len(second) == 1 and second[0]["t"] == 33 and second[0]["target"] == "bram"
    # Bram, in HTH, is on the ground: situation (a); Dara also comes from his rear
    assert second[0]["reasons"] == ["a_back_to_wall_or_down", "b_lower_ma",
                                    "c_from_side_or_rear"]
    assert (second[0]["roll"], second[0]["result"]) == (4, "entered")
    assert of(ev, "move", actor="dara", mode="hth")[0]["to"] == [1, 0]
    joined = [(e["t"], e["actor"], e["opponent"]) for e in of(ev, "state", state="hth")]
    assert joined == [(25, "ash", "bram"), (25, "bram", "ash"), (33, "dara", "bram"),
                      (33, "bram", "dara")]
    entry = of(ev, "attack", actor="dara")[0]
    assert (entry["option"], entry["target"], entry["modifiers"]) == \
        ("hth_entry", "bram", {"hth_entry": -4})
    assert not tft(ev, "option_lost")


def test_without_join_hth_an_hth_is_two_figures():
    ev = two_on_one([6, 1, 3, 5, 5, 5], rules={"join_hth": False})
    lost = tft(ev, "option_lost", actor="dara")
    assert [x["reason"] for x in lost] == [
        "the target is already in HTH (strike into its hex instead)"]
    assert not tft(ev, "hth_roll", actor="dara")


def test_a_figure_in_hth_counts_as_down_by_parameter():
    """Turn 2: Dara, in Bram's front (he keeps facing W in HTH), with his MA (8): only
    situation (a) lets her jump him, with ``hth_target_down``."""
    plan = [{"action": "stand_still"}, {"action": "hth", "target": "bram", "to": [0, 1]}]
    dara = {"at": [0, 1], "facing": "NE", "plan": plan, "ma": 8}
    faces = [6, 1, 3, 5, 5, 5, 6, 1, 4, 5, 5, 5]
    ev = two_on_one(faces, dara=dara, until=100,
                    ash_plan=[{"action": "hth", "target": "bram"}, {"action": "stand_still"}])
    roll = tft(ev, "hth_roll", actor="dara")[0]
    assert (roll["t"], roll["arc"], roll["reasons"]) == (83, "front",
                                                          ["a_back_to_wall_or_down"])
    ev = two_on_one(faces, dara=dara, until=100, rules={"hth_target_down": False},
                    ash_plan=[{"action": "hth", "target": "bram"}, {"action": "stand_still"}])
    skip = tft(ev, "plan_skip", actor="dara")
    assert [(s["t"], s["name"], s["reason"]) for s in skip] == [
        (50, "hth", "[0, 1] is not a free hex next to bram from which a jump is allowed")]
    # (her policy then goes round to his side to jump him: situation (c))
    roll = tft(ev, "hth_roll", actor="dara")[0]
    assert (roll["arc"], roll["reasons"]) == ("side", ["c_from_side_or_rear"])


def test_the_strongest_of_its_enemies_rolls_by_parameter():
    """Turn 1: Ash gets into HTH with Bram. Turn 2: Cy (blue, ST 14) jumps Ash in it (Ash
    rolls a 4), then Dara goes for Bram, but with ``join_hth_roll_by =
    "strongest_enemy"`` Cy, the strongest blue there, rolls (a 2: he falls)."""
    def fight(rules: dict[str, Any] | None) -> list[dict]:
        d = doc(fig("ash", "red", (0, 0), dx=14, st=10, **KNIFE,
                    plan=[{"action": "hth", "target": "bram"}]),
                fig("cy", "blue", (1, -1), "SE", dx=12, st=14,
                    plan=[{"action": "stand_still"}, {"action": "hth", "target": "ash"}]),
                fig("dara", "red", (2, 0), "W", dx=10, st=11, **KNIFE,
                    plan=[{"action": "stand_still"}, {"action": "hth", "target": "bram"}]),
                fig("bram", "blue", (1, 0), "W", **BRAM, plan=[{"action": "stand_still"}] * 2),
                rules=rules, until=100)
        # order ash 14, cy 12, dara 10, bram 9: turn 2's slots 75, 81, 87, 93
        ev = run(d, [6, 1, 3, 5, 5, 5, 6, 1, 5, 5, 5, 4, 5, 5, 5, 2, 5, 5, 5], fallback=True)
        assert [str(v) for v in check_events(ev)] == []
        return ev

    ev = fight({"join_hth_roll_by": "strongest_enemy"})
    rolls = [(r["t"], r["actor"], r["target"], r["result"]) for r in tft(ev, "hth_roll")]
    assert rolls == [(25, "ash", "bram", "entered"), (81, "cy", "ash", "entered"),
                     (87, "dara", "cy", "entered_defender_down")]
    assert of(ev, "state", actor="cy", state="prone")[0]["t"] == 87
    assert of(ev, "attack", actor="dara")[0]["target"] == "cy"  # the one it got past
    ev = fight(None)
    assert tft(ev, "hth_roll", actor="dara")[0]["target"] == "bram"


def test_the_strongest_of_all_the_figures_in_the_hth_gets_two_ties_none():
    """Turn 2 in an HTH of Ash, Dara (red) and Bram (blue, ST 12), everyone attacking:
    +2 only for the strongest of all; a tie for the top, friends' too, gives it to no one.
    With ``strongest_among = "enemies"`` each figure is weighed against its foes only."""
    faces = BOTH_IN + [6, 1, 6, 5, 5, 6, 5, 5, 6, 5, 5]  # turn 2: 16s, automatic misses
    plan = [{"action": "hth", "target": "bram"}, {"action": "attack"}]

    def mods(ash: int, dara: int, rules: dict[str, Any] | None = None) -> dict[str, Any]:
        ev = two_on_one(faces, ash={"st": ash}, dara={"st": dara, "plan": plan}, rules=rules,
                        until=100, ash_plan=plan, bram_plan=[
                            {"action": "stand_still"}, {"action": "attack", "target": "ash"}])
        return {a["actor"]: a["modifiers"].get("strongest", 0) for a in of(ev, "attack")
                if a["t"] >= 75}

    assert mods(10, 12) == {"ash": 0, "dara": 0, "bram": 0}  # Dara and Bram tie
    assert mods(10, 13) == {"ash": 0, "dara": 2, "bram": 0}
    assert mods(10, 11) == {"ash": 0, "dara": 0, "bram": 2}
    # Ash and Dara tie at 13 above Bram: no one of all; each is stronger than its foe
    assert mods(13, 13) == {"ash": 0, "dara": 0, "bram": 0}
    assert mods(13, 13, {"strongest_among": "enemies"}) == {"ash": 2, "dara": 2, "bram": 0}
    assert mods(10, 12, {"strongest_among": "enemies"}) == {"ash": 0, "dara": 0, "bram": 0}


def _disengage(faces: list[int], rules: dict[str, Any] | None = None) -> list[dict]:
    plan = [{"action": "stand_still"}, {"action": "disengage", "to": [1, 1]}]
    return two_on_one(faces, rules=rules, until=100, bram={"dx": 14}, bram_plan=plan,
                      ash_plan=[{"action": "hth", "target": "bram"}, {"action": "stand_still"}],
                      dara={"plan": [{"action": "hth", "target": "bram"},
                                     {"action": "stand_still"}]})


# turn 2: Bram (DX 14, leather: 12) acts last, at 91
TURN_2 = [6, 1]


def test_one_four_dice_roll_frees_a_figure_from_two_enemies():
    ev = _disengage([6, 1, 3, 5, 5, 5, 4, 5, 5, 5] + TURN_2 + [3, 3, 3, 3])
    rolls = [(d["t"], d["roll"], d["against"], d["success"], d.get("holder"), d.get("to"))
             for d in tft(ev, "disengage")]
    assert rolls == [(91, 12, 14, True, None, [1, 1])]  # DX 14, leather -2, strongest +2
    assert [(e["actor"], e["value"], e["opponent"]) for e in of(ev, "state", state="hth")
            if e["t"] == 91] == [("bram", False, "ash"), ("ash", False, "bram"),
                                 ("dara", False, "bram")]
    # the two friends left in Bram's hex: Ash (first in) stays, Dara stands apart
    apart = of(ev, "move", actor="dara", mode="hth_end")
    assert len(apart) == 1 and apart[0]["t"] == 91 and apart[0]["from"] == [1, 0]
    assert not of(ev, "move", actor="ash", t=91)


def test_per_enemy_a_figure_rolls_against_each_enemy_holding_it():
    faces = [6, 1, 3, 5, 5, 5, 4, 5, 5, 5] + TURN_2 + [3, 3, 3, 3, 4, 4, 4, 4]
    ev = _disengage(faces, {"hth_disengage_rolls": "per_enemy"})
    rolls = [(d["roll"], d["success"], d.get("holder"), d.get("to"))
             for d in tft(ev, "disengage")]
    assert rolls == [(12, True, "ash", None), (16, False, "dara", None)]
    assert not of(ev, "state", state="hth", value=False)  # still held
    ev = _disengage(faces[:-4] + [3, 3, 3, 4], {"hth_disengage_rolls": "per_enemy"})
    rolls = [(d["roll"], d["success"], d.get("holder"), d.get("to"))
             for d in tft(ev, "disengage")]
    assert rolls == [(12, True, "ash", None), (13, True, "dara", [1, 1])]
    assert of(ev, "move", actor="bram", mode="disengage")[0]["to"] == [1, 1]


@pytest.mark.parametrize(("reading", "freed"), [("last_holder", False), ("any_holder", True)])
def test_a_release_by_one_of_two_holders_by_parameter(reading, freed):
    plan = [{"action": "hth", "target": "bram"}, {"action": "release", "target": "bram"}]
    ev = two_on_one(BOTH_IN + [6, 1], ash_plan=plan, until=100,
                    rules={"hth_release": reading},
                    dara={"plan": [{"action": "hth", "target": "bram"},
                                   {"action": "stand_still"}]})
    released = tft(ev, "release")
    assert bool(released) is freed
    if freed:
        assert released[0]["t"] == 75 and of(ev, "move", actor="bram", mode="released")
        # Ash and Dara, friends, are left: the HTH ends; Ash stays, Dara stands apart
        assert of(ev, "state", actor="dara", state="hth", value=False)
        assert of(ev, "move", actor="dara", mode="hth_end")
    else:
        lost = tft(ev, "option_lost", actor="ash")
        assert [x["reason"] for x in lost] == ["bram is still held by dara"]


def test_the_hth_goes_on_while_it_holds_enemies():
    """Bram goes out: Ash and Dara are left, friends: their HTH ends (Dara stands apart).
    Ash going out instead leaves Dara and Bram in HTH."""
    # Dara's entry attack: 3 = triple damage, 1d+2 [6] x3 = 24 - 2 (leather): Bram is out
    ev = two_on_one([6, 1, 3, 5, 5, 5, 4, 1, 1, 1, 6])
    assert [(e["actor"], e["value"]) for e in of(ev, "state", state="hth") if e["t"] == 33
            and not e["value"]] == [("bram", False), ("ash", False), ("dara", False)]
    assert of(ev, "move", actor="dara", mode="hth_end")[0]["t"] == 33


@pytest.mark.parametrize("rules", [None, {"join_hth_roll_by": "strongest_enemy"}])
def test_a_jumper_knocked_down_falls_into_the_hth_with_the_figure_it_jumped(rules):
    """Turn 1: Ash gets into HTH with Bram; Hal (blue, ST 16) jumps her there. Turn 2:
    Dara jumps Bram; Cy, engaging her and not yet acted, strikes as she goes: 9 hits knock
    her down, so she falls into the HTH in Bram's hex "but the defender will also fall":
    Bram, the figure she jumped (no roll is made, so not the strongest enemy there, Hal,
    whatever ``join_hth_roll_by`` says)."""
    d = doc(fig("ash", "red", (0, 0), dx=14, st=10, **KNIFE, agrees_to_hth=True,
                plan=[{"action": "hth", "target": "bram"}]),
            fig("dara", "red", (2, 0), "W", dx=13, st=14, **KNIFE,
                plan=[{"action": "stand_still"}, {"action": "hth", "target": "bram"}]),
            fig("hal", "blue", (1, -1), "SW", dx=12, st=16,
                plan=[{"action": "hth", "target": "ash"}]),
            fig("cy", "blue", (3, 0), "W", dx=11, st=15, weapons=["battleaxe"],
                plan=[{"action": "stand_still"}, {"action": "attack", "target": "dara"}]),
            fig("bram", "blue", (1, 0), "W", **BRAM, plan=[{"action": "stand_still"}] * 2),
            rules=rules, until=100)
    ev = run(d, [6, 1, 3, 5, 5, 5, 4, 5, 5, 5, 6, 1, 5, 5, 5, 3, 3, 3, 3, 3, 3, 5, 5, 5],
             fallback=True)
    assert [str(v) for v in check_events(ev)] == []
    hit = of(ev, "damage", actor="dara")[0]
    assert (hit["t"], hit["source"], hit["hits"], hit["knocked_down"]) == (80, "cy", 9, True)
    assert not tft(ev, "hth_roll", actor="dara")
    assert [(e["actor"], e["opponent"]) for e in of(ev, "state", state="hth", t=80)] == \
        [("dara", "bram"), ("bram", "dara")]
    assert [e["actor"] for e in of(ev, "state", state="prone", value=True, t=80)] == \
        ["dara", "bram"]
    assert of(ev, "move", actor="dara", mode="hth")[0]["to"] == [1, 0]
