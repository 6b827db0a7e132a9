"""How a chance the text states as "N %" is rolled (``chance_roll``), with scripted dice:
at or under N by default (N + 1 of the 100 rolls, the text's one stated convention, for
its Odds of Success), under N with ``chance_roll = "under"`` (exactly N %). The Odds of
Success and of Hitting are "less than or equal to" either way."""

from __future__ import annotations

import pytest
from percentile_helpers import doc, fighter, idle, one, run

from timedcombat.check import check_events
from timedcombat.errors import ScenarioError
from timedcombat.loading import scenario_from_dict
from timedcombat.systems.percentile.odds import chance_made
from timedcombat.systems.percentile.rules import PercentileRules

IDLE_STEP = {"action": "duck", "phase": 1000}
READINGS = [("at_or_under", True), ("under", False)]


def _rules(reading: str) -> dict:
    return {"chance_roll": reading}


@pytest.mark.parametrize(("reading", "made"), READINGS)
def test_the_roll_out_of_10_x_mal_percent(reading, made):
    # throw AL -1 v DL 3: 22 %, 00; the roll-out "10 x (his Martial Arts Level) %": 30,
    # rolled 30; not made: footing 1d2 1, Knockout Roll 99
    a = fighter("a", "x", [0, 0], [{"action": "throw", "target": "b", "direction": "E"},
                                   dict(IDLE_STEP)])
    events = run(doc(a, idle("b", "y", [1, 0], mal=3), rules=_rules(reading), until=21),
                 [0, 30, 1, 99])
    t = one(events, "percentile.throw")
    assert (t["rollout_chance"], t["roll"], t["result"]) == \
        (30, 30, "rolled_out" if made else "thrown")
    assert check_events(events) == []


@pytest.mark.parametrize(("reading", "made"), READINGS)
def test_a_limbs_20_percent_of_staying_useless(reading, made):
    # lock AL -6 v DL 4: 10 %, 05; escape AL 8 v DL 12: 22 %, 99; d10 3; permanence 20
    a = fighter("a", "x", [0, 0], [
        {"action": "joint_lock", "target": "b", "limb": "left_arm"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "escape", "target": "a", "phase": 1},
                                   dict(IDLE_STEP)])
    events = run(doc(a, b, rules=_rules(reading), until=40), [5, 99, 3, 20])
    dis = one(events, "percentile.disabled")
    assert (dis["chance"], dis["roll"], dis["permanent"]) == (20, 20, made)
    assert check_events(events) == []


@pytest.mark.parametrize(("reading", "made"), READINGS)
def test_the_control_roll_of_30_x_3_percent(reading, made):
    # the example's "30 x 3 = 90% chance": rolled 90 (a failure shies d10 4 hexes)
    a = idle("a", "x", [0, 0], mount="warhorse", horseman=3, reins=1)
    events = run(doc(a, idle("b", "y", [3, 0]), rules=_rules(reading), until=20),
                 [90] + ([] if made else [4]))
    c = one(events, "percentile.control")
    assert (c["chance"], c["roll"], c["result"]) == (90, 90, "success" if made else "failure")
    assert check_events(events) == []


@pytest.mark.parametrize(("reading", "made"), READINGS)
def test_the_knockout_roll(reading, made):
    # punch AL 6 v DL 4, no parry: 56 %, 00; location 50 body; 1d6 4: 12 PD, chance 12,
    # rolled 12
    a = fighter("a", "x", [0, 0], [{"action": "punch", "target": "b"}])
    events = run(doc(a, idle("b", "y", [1, 0]), rules=_rules(reading), until=20),
                 [0, 50, 4, 12])
    ko = one(events, "percentile.knockout")
    assert (ko["chance"], ko["roll"], ko["result"]) == (12, 12, "out" if made else "up")
    assert check_events(events) == []


@pytest.mark.parametrize(("reading", "made"), READINGS)
def test_the_fall_of_100_over_5_x_2_percent(reading, made):
    # the example's fall: a rider dragged down (throw AL 4 - 5 v DL 4: 22 %, 00), Fall
    # Recovery 2: "100 / 5 x 2 = 40%", rolled 40; hurt: footing 1d2 1, Knockout Roll 99
    a = fighter("a", "x", [0, 0], [{"action": "throw", "target": "b"}, dict(IDLE_STEP)])
    b = idle("b", "y", [1, 0], mount="warhorse", horseman=1, reins=2, fall_recovery=2)
    events = run(doc(a, b, rules=_rules(reading), until=20),
                 [0, 0, 40] + ([] if made else [1, 99]))
    fall = one(events, "percentile.fall")
    assert (fall["chance"], fall["roll"], fall["result"]) == \
        (40, 40, "unhurt" if made else "hurt")
    assert check_events(events) == []


@pytest.mark.parametrize("reading", ["at_or_under", "under"])
def test_the_odds_of_success_are_rolled_at_or_under_whatever_the_reading(reading):
    # "try to roll a 00-99 percentile number less than or equal to their Odds Of
    # Success": the grab AL 2 v DL 3 is the example's 30 %, rolled 30, made either way
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b"}, dict(IDLE_STEP)])
    events = run(doc(a, idle("b", "y", [1, 0], mal=3), rules=_rules(reading), until=20),
                 [30])
    g = one(events, "percentile.grapple")
    assert (g["odds"], g["roll"], g["result"]) == (30, 30, "success")


def test_chance_made_at_or_under_or_under():
    assert chance_made(30, 30) and chance_made(0, 0) and not chance_made(31, 30)
    under = PercentileRules(chance_roll="under")
    assert not chance_made(30, 30, under) and chance_made(29, 30, under)
    assert not chance_made(0, 0, under)  # a 0 % chance never
    # over the 100 rolls: N + 1 successes, or exactly N
    assert sum(chance_made(r, 30) for r in range(100)) == 31
    assert sum(chance_made(r, 30, under) for r in range(100)) == 30


def test_chance_roll_is_one_of_at_or_under_and_under():
    with pytest.raises(ScenarioError) as info:
        scenario_from_dict(doc(idle("a", "x", [0, 0]), idle("b", "y", [1, 0]),
                               rules={"chance_roll": "below"}), "t.toml")
    assert (info.value.path, info.value.message) == (
        "rules.chance_roll", "must be one of at_or_under, under, got 'below'")
