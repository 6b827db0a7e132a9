"""The Retreat (seed 004, Breaking Off) replayed with scripted dice: one advantage between
two combatants, so one Retreat; two moves back as a single action, and why one ends early.

Numbers from the seed and from docs/rules/tenths.md: blade base speed 10, Walk 5, skill 3
against defence 10 (a d20 of 2 misses, 15 hits); a Retreat takes one walk back (5 tenths),
its first move at once, its second at its end.
"""

from __future__ import annotations

import pytest
from helpers import duel_doc, fighter, of, run

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
