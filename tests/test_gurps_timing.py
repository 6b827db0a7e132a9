"""gurps turns and phases on the tenth-second clock, and the system's log events."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from timedcombat.events import to_dict, to_json
from timedcombat.systems.gurps import events as ev
from timedcombat.systems.gurps import timing as tm
from timedcombat.systems.gurps.traits import speed_quarters


def test_turns_are_ten_tenths():
    assert [tm.turn_start(k) for k in (1, 2, 3)] == [0, 10, 20]
    assert [tm.turn_of(t) for t in (0, 9, 10, 37)] == [1, 1, 2, 4]
    with pytest.raises(ValueError):
        tm.turn_start(0)


def test_order_of_action_speed_then_dx_then_roll():
    entries = [
        tm.InitiativeEntry("ana", speed_quarters(11, 12), 12, 3),  # 5.75
        tm.InitiativeEntry("bo", speed_quarters(10, 13), 13, 1),  # 5.75, DX 13
        tm.InitiativeEntry("cy", speed_quarters(12, 12), 12, 1),  # 6.00
        tm.InitiativeEntry("dan", speed_quarters(11, 12), 12, 5),  # as ana, higher roll
        tm.InitiativeEntry("eve", speed_quarters(11, 12), 12, 3),  # as ana: scenario order
    ]
    assert tm.initiative_order(entries) == ("cy", "bo", "dan", "ana", "eve")


def test_phases_share_out_the_second():
    assert [(p.start, p.end) for p in tm.phases(1, ["a"])] == [(0, 10)]
    assert [(p.start, p.end) for p in tm.phases(1, ["a", "b"])] == [(0, 5), (5, 10)]
    assert [(p.start, p.end) for p in tm.phases(3, ["a", "b", "c"])] == \
        [(20, 23), (23, 26), (26, 30)]
    eleven = tm.phases(2, [str(i) for i in range(11)])
    assert [(p.start, p.end) for p in eleven[:3]] == [(10, 10), (10, 11), (11, 12)]
    assert eleven[0].length == 0 and eleven[0].last == 10 and eleven[-1].last == 19
    assert [p.rank for p in eleven] == list(range(11))


def test_steps_inside_a_phase():
    a, b = tm.phases(1, ["a", "b"])
    # Move and Attack, five hexes then the attack, in a five-tenth phase
    assert tm.step_tenths(a, 6) == (0, 0, 1, 2, 3, 4)
    assert tm.step_tenths(b, 2) == (5, 7)  # a step, then the attack
    solo = tm.phases(4, ["a"])[0]
    assert tm.schedule(solo, ["step", "attack", "attack"]) == \
        (("step", 30), ("attack", 33), ("attack", 36))
    nil = tm.phases(1, [str(i) for i in range(11)])[0]
    assert tm.step_tenths(nil, 3) == (0, 0, 0)
    assert tm.step_tenths(a, 0) == ()


@given(st.integers(1, 40), st.integers(1, 30), st.integers(1, 12))
def test_steps_are_ordered_inside_their_phase_and_distinct_when_there_is_room(n, turn, steps):
    for p in tm.phases(turn, [str(i) for i in range(n)]):
        ts = tm.step_tenths(p, steps)
        assert list(ts) == sorted(ts) and all(p.start <= t <= p.last for t in ts)
        if steps <= p.length:
            assert len(set(ts)) == steps


@given(st.integers(1, 40), st.integers(1, 30))
def test_phases_tile_the_turn_in_order(n, turn):
    ps = tm.phases(turn, [str(i) for i in range(n)])
    assert ps[0].start == tm.turn_start(turn) and ps[-1].end == tm.turn_start(turn) + 10
    assert all(a.end == b.start for a, b in zip(ps, ps[1:], strict=False))


def test_next_phase_for_shock_and_stun():
    order = ["ana", "bo"]
    # bo is hurt by ana at tenth 3: his shock applies in his phase 5-9 of this turn
    assert (tm.next_phase(1, order, "bo", 3).start, tm.next_phase(1, order, "bo", 3).turn) == \
        (5, 1)
    # ana is hurt by bo at tenth 7: her next phase is turn 2's, at 10
    assert tm.next_phase(1, order, "ana", 7).start == 10
    assert tm.next_phase(1, order, "cy", 7) is None
    assert tm.order_key(5, 1, 0, 9) < tm.order_key(5, 1, 1, 2) < tm.order_key(6, 0, 0, 0)


# --------------------------------------------------------------------------- events


SAMPLES = [
    ev.Initiative(0, 1, ("bo", "ana"), (25, 23), (13, 12), (4, 2), 6),
    ev.Turn(0, 2, 1, ("bo", "ana")),
    ev.PhaseStart(0, 3, 1, "bo", 5, actor="bo", rank=0),
    ev.Maneuver(0, 4, "bo", "attack", "attack", 5, 1, "any", target="ana", weapon="knife"),
    ev.Attack(2, 5, "bo", "ana", "knife", 12, 12, 12, "hit", 0, False,
              (("shield_in_close_combat", -2), ("shock", -1)), "3d6", kind="thrust",
              faces=(3, 4, 5), skill=15, effective=12, entering=False),
    ev.Defence(2, 6, "ana", "dodge", "bo", 13, 13, False, modifiers=(("shield_db", 2),),
               dice="3d6", faces=(5, 5, 3), base=8, effective=10, margin=-3),
    ev.Damage(2, 7, "ana", 4, 4, 12, "bo", "knife", dice="1d6-1", faces=(5,), basic=4, dr=2,
              penetrating=2, damage_type="imp", multiplier="x2", injury=4, hp=8, hp_max=12,
              shock=-4, major=False),
    ev.Check(2, 8, "ana", "knockdown", (3, 3, 3), 9, 11, (), 11, 2, True, "stays_up"),
    ev.Critical(2, 9, "bo", "hit", (1, 1, 1), 3, "triple"),
    ev.Contest(4, 10, "bo", "ana", "takedown", 16, 12, "bo", 3, "victim_falls", leader="cy",
               trait="st", helpers=("bo",), helper_bonuses=(2,)),
    ev.WrongTarget(6, 11, "archer", "bo", "ana", 11, 9, (2, 3, 3), 8, 1, "hit", ("ana",),
                   skill=15, modifiers=(("into_close_combat", -2), ("range", -2))),
    ev.Ready(7, 12, "ana", "knife", "wasted", True, (6, 5, 3), 14, 10,
             (("shield_in_close_combat", -2),)),
    ev.HalfHex(0, 13, "bo", (0, 0), ("ana", "bo"), ("E", "W")),
    ev.Slam(3, 14, "bo", "ana", 4, "1d6-1", (3,), 2, "1d6-1", (6,), 5, ("bo",), ()),
    ev.PlanSkip(8, 15, "ana", "retreat", 2, "grappled"),
]


def test_every_event_is_prefixed_or_a_core_one_and_serialises_the_same_both_ways():
    names = {type(e).EVENT for e in SAMPLES}
    core = {"attack", "defence", "damage"}  # the core events, extended (they keep the name)
    assert len(names) == len(SAMPLES)
    assert all(n.startswith("gurps.") or n in core for n in names)
    assert core <= names
    for e in SAMPLES:
        assert to_json(e) == json.dumps(to_dict(e), separators=(",", ":")), type(e).EVENT


def test_attack_event_carries_modifiers_by_name_and_every_die():
    d = to_dict(SAMPLES[4])
    assert d["event"] == "attack" and d["dice"] == "3d6"
    assert d["modifiers"] == {"shield_in_close_combat": -2, "shock": -1}
    assert d["faces"] == [3, 4, 5] and d["roll"] == 12 and d["effective"] == 12
    assert d["against"] == d["effective"] and d["total"] == d["roll"]
    assert list(d)[:5] == ["t", "seq", "event", "actor", "target"]  # core fields first
    phase = to_dict(SAMPLES[2])
    assert (phase["event"], phase["phase"], phase["actor"], phase["end"]) == \
        ("gurps.phase", "bo", "bo", 5)
    wrong = to_dict(SAMPLES[10])
    assert wrong["event"] == "gurps.wrong_target" and wrong["effective_skill"] == 9
    # how the skill against him comes about: the -2 into close combat by name
    assert (wrong["skill"], wrong["modifiers"]) == \
        (15, {"into_close_combat": -2, "range": -2}) and "cap" not in wrong
    assert to_dict(SAMPLES[0])["rolls"] == [4, 2]  # the initiative dice


def test_event_records_are_frozen():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        SAMPLES[1].turn = 3  # type: ignore[misc]
