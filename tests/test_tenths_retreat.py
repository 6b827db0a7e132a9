"""The Retreat (seed 004, Breaking Off) replayed with scripted dice: one advantage between
two combatants, so one Retreat; two moves back as a single action, and why one ends early.

Numbers from the seed and from docs/rules/tenths.md: blade base speed 10, Walk 5, skill 3
against defence 10 (a d20 of 2 misses, 15 hits); a Retreat takes one walk back (5 tenths),
its first move at once, its second at its end.
"""

from __future__ import annotations

import pytest
from helpers import duel_doc, fighter, of, run, times

MISS, HIT = 2, 15
SET_BLOW_RETREAT = [{"action": "set"}, {"action": "attack"}, {"action": "retreat"}]


def blows_on_one_tenth(faces: list[int], rules: dict | None = None,
                       plan: list | None = None) -> list[dict]:
    """ana and bo side by side, each Set: their blows fall together at 10, 20, 30 ..."""
    a = fighter("ana", "red", [0, 0], plan=plan or SET_BLOW_RETREAT)
    b = fighter("bo", "blue", [1, 0], facing="W", plan=plan or SET_BLOW_RETREAT)
    return run(duel_doc(a, b, until=32, rules=rules), faces)


def retreats(ev: list[dict]) -> list[tuple[int, str]]:
    return [(e["t"], e["actor"]) for e in of(ev, "action", name="retreat")]


def test_simultaneous_blows_both_stopped_leave_the_advantage_where_it_was():
    """10: bo hits, ana misses (bo holds the advantage). 20: both miss. Each stopped the
    other's attack, but there is one advantage: it stays with bo, and only bo retreats
    (before: both retreated on one tenth)."""
    ev = blows_on_one_tenth([HIT, MISS, MISS, MISS] + [MISS] * 4)  # (bo's first)
    at_20 = of(ev, "attack", t=20)
    assert [(e["actor"], e["result"]) for e in at_20] == [("bo", "miss"), ("ana", "miss")]
    assert at_20[-1]["advantage"] == "bo"  # after both: bo's, as before the tenth
    assert retreats(ev) == [(20, "bo")]


def test_with_nobody_holding_the_advantage_before_a_mutual_stop_gives_it_to_nobody():
    """10: both Set blows miss, nobody held the advantage before: nobody holds it after,
    and neither may Retreat."""
    plan = [{"action": "set"}, {"action": "retreat"}]
    ev = blows_on_one_tenth([MISS] * 8, plan=plan)
    at_10 = of(ev, "attack", t=10)
    assert [e["result"] for e in at_10] == ["miss", "miss"]
    assert "advantage" not in at_10[-1]
    assert retreats(ev) == []


def test_mutual_stop_advantage_none_gives_the_advantage_to_nobody():
    ev = blows_on_one_tenth([HIT, MISS, MISS, MISS] + [MISS] * 4,
                            {"mutual_stop_advantage": "none"})
    assert "advantage" not in of(ev, "attack", t=20)[-1]
    assert retreats(ev) == []


def test_one_stopped_and_one_hit_on_one_tenth_the_hitter_stopped_the_other_and_retreats():
    """20: bo misses, ana hits: ana stopped bo's attack and holds the advantage (a hit
    wins it too): she may Retreat; bo may not."""
    ev = blows_on_one_tenth([HIT, MISS, MISS, HIT] + [MISS] * 4)
    assert [(e["actor"], e["result"]) for e in of(ev, "attack", t=20)] == [
        ("bo", "miss"), ("ana", "hit")]
    assert retreats(ev) == [(20, "ana")]


@pytest.mark.parametrize(("name", "value", "allowed"), [
    ("mutual_stop_advantage", "some", "'kept', 'none'"),
    ("mutual_stop_advantage", "", "'kept', 'none'"),
    ("natural_rolls", "most", "'all', 'blocking'"),
])
def test_a_string_parameter_takes_one_of_its_values(name, value, allowed, tmp_path, capsys):
    from timedcombat.cli import main

    path = tmp_path / "bad.toml"
    path.write_text(
        f'[scenario]\nname = "x"\nsystem = "tenths"\n[rules]\n{name} = "{value}"\n'
        + "".join(f'[[combatant]]\nid = "{cid}"\nside = "{cid}"\nat = [{q}, 0]\n'
                  'strength = 12\nbest_skill = 3\nwalk = 5\nrun = 3\ndefence = 10\n'
                  'weapons = ["broadsword"]\n' for cid, q in (("ana", 0), ("bo", 1))),
        encoding="utf-8")
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {path}: rules.{name}: expected one of {allowed}; got {value!r}\n"


# ---------------------------------------------------------------------- two moves back

PIKE = {"name": "pike", "base_speed": 4, "anti_parry": 0, "reach": "long", "hands": 2}
DAGGER = {"name": "dagger", "base_speed": 6, "anti_parry": 0, "reach": "short", "hands": 1}
SPEAR = {"name": "spear", "base_speed": 10, "anti_parry": 1, "reach": "long", "hands": 2}


def retreat_duel(faces: list[int], *more: dict, rules: dict | None = None, until: int = 14,
                 walls: list | None = None, pike: dict | None = None,
                 bo: dict | None = None) -> list[dict]:
    """ana's pike closing Attack lasts 4 + 5 - 3 = 6; bo Defends into [1, 0] at 5 and
    retreats from ana once her attack at 6 is stopped: moves at 6 and 11 (one walk)."""
    a = fighter("ana", "red", [0, 0], plan=[{"action": "attack"}], weapons=[pike or PIKE])
    b = fighter("bo", "blue", [2, 0], facing="W", **(bo or {}),
                plan=[{"action": "defend"}, {"action": "retreat"}])
    return run(duel_doc(a, b, *more, until=until, rules=rules, walls=walls), faces)


def cy_behind(**kw) -> dict:
    """cy (red, dagger) closes on bo from behind (no answer owed): its attack falls at 8,
    in the middle of bo's Retreat; cy is not bo's target."""
    return fighter("cy", "red", [4, 0], facing="W", weapons=[DAGGER],
                   plan=[{"action": "attack", "target": "bo"}], **kw)


def moves_back(ev: list[dict]) -> list[tuple[int, list[int]]]:
    return [(m["t"], m["to"]) for m in of(ev, "move", actor="bo", mode="retreat")]


def test_a_reaction_forced_during_a_retreat_waits_for_its_end():
    """8: cy's attack (a non-target's) forces a reaction. The Retreat is "a single
    action": it makes its second move at 11, and the reaction starts then (before: the
    reaction broke the Retreat off after one move)."""
    ev = retreat_duel([MISS, MISS, 5] + [MISS] * 6, cy_behind())
    assert of(ev, "attack", actor="cy")[0]["t"] == 8
    assert moves_back(ev) == [(6, [2, 0]), (11, [3, -1])]  # ([3, 0]: cy stands there)
    assert not of(ev, "interrupted", actor="bo")
    assert [(r["t"], r["cause"]) for r in of(ev, "reaction", actor="bo")] == [
        (11, "attacked by non-target")]
    assert not of(ev, "tenths.retreat_cut")


def test_retreat_reaction_cuts_breaks_the_retreat_off_and_says_so():
    ev = retreat_duel([MISS, MISS, 5] + [MISS] * 6, cy_behind(),
                      rules={"retreat_reaction": "cuts"})
    assert moves_back(ev) == [(6, [2, 0])]
    assert [(e["t"], e["cause"]) for e in of(ev, "interrupted", actor="bo",
                                             name="retreat")] == [(8, "reaction")]
    cut = of(ev, "tenths.retreat_cut")
    assert [(e["t"], e["moves"], e["cause"]) for e in cut] == [(8, 1, "reaction")]
    assert times(ev, "reaction", actor="bo")[0] == 8


def test_a_retreat_with_no_free_hex_for_its_second_move_says_so():
    walls = [[3, 0], [3, -1], [2, 1]]  # every hex next to [2, 0] farther from ana
    ev = retreat_duel([MISS] * 4, walls=walls)
    assert moves_back(ev) == [(6, [2, 0])]
    cut = of(ev, "tenths.retreat_cut")
    assert [(e["t"], e["actor"], e["target"], e["moves"], e["cause"]) for e in cut] == [
        (11, "bo", "ana", 1, "no free hex")]


def test_a_block_that_holds_stops_the_retreat():
    """dan's spear blocks [4, 0] and [3, 0] (centre, facing W): bo's second move into
    [3, 0] meets a blocking attack (15 + 3 against 10 - 2): he stays, and the Retreat
    makes no more moves."""
    dan = fighter("dan", "red", [5, 0], facing="W", weapons=[SPEAR], policy="guard",
                  plan=[{"action": "block", "position": "centre"}])
    ev = retreat_duel([MISS, MISS, HIT] + [MISS] * 4, dan)
    assert of(ev, "attack", actor="dan")[0]["result"] == "blocked"
    assert moves_back(ev) == [(6, [2, 0])]
    cut = of(ev, "tenths.retreat_cut")
    assert [(e["t"], e["moves"], e["cause"]) for e in cut] == [(11, 1, "blocked by dan")]


def test_a_retreater_put_out_or_a_fight_ending_meanwhile_cuts_the_retreat():
    ev = retreat_duel([MISS, 19, MISS], cy_behind(), bo={"body": 1})
    cut = of(ev, "tenths.retreat_cut")
    assert [(e["t"], e["moves"], e["cause"]) for e in cut] == [(8, 1, "out")]
    ev = retreat_duel([MISS, MISS], until=9)
    cut = of(ev, "tenths.retreat_cut")
    assert [(e["t"], e["moves"], e["cause"]) for e in cut] == [(9, 1, "fight over")]
    assert [e["event"] for e in ev[-2:]] == ["tenths.retreat_cut", "end"]


def test_no_retreat_starts_with_nowhere_to_go_after_the_dodge():
    """6: bo dodges ana's attack (15 + 3 = 18 against his 17 + 1 = 18) back to [2, 0];
    every hex beyond is a wall: he cannot retreat from there, so he does not start one
    (before: a Retreat with no move at all), and uses the advantage to step back in."""
    walls = [[2, -1], [1, 1], [3, 0], [3, -1], [2, 1]]
    ev = retreat_duel([HIT, 17] + [MISS] * 4, walls=walls, until=9,
                      pike=dict(PIKE, anti_parry=6))  # (a parry at 3 - 6: he dodges)
    assert [(m["t"], m["mode"], m["to"]) for m in of(ev, "move", actor="bo", t=6)] == [
        (6, "dodge", [2, 0]), (6, "advantage", [1, 0])]
    assert not of(ev, "action", actor="bo", name="retreat")
    assert not of(ev, "tenths.retreat_cut")
