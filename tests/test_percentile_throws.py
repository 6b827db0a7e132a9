"""Throws in the percentile driver, with scripted dice: where the thrown man goes when a
wall or a figure is in his way, the direction the thrower may choose, and what the throw's
damage does (seed 001: "the opponent is thrown one hex in a direction chosen by the
attacker ... If this roll is made he moves 3 hexes in the direction of the Throw")."""

from __future__ import annotations

import copy

import pytest
from percentile_helpers import doc, fighter, idle, of, one, run

from timedcombat.check import check_events
from timedcombat.errors import ScenarioError
from timedcombat.loading import scenario_from_dict

IDLE_STEP = {"action": "duck", "phase": 1000}


def _thrower(direction: str | None, *first: dict, kind: str = "non_injuring",
             **stats: object) -> dict:
    step = {"action": "throw", "target": "b", "kind": kind}
    if direction is not None:
        step["direction"] = direction
    return fighter("a", "x", [0, 0], [*first, step, dict(IDLE_STEP)], **stats)


# --------------------------------------------------------------------------- blocked throws


def test_a_man_thrown_against_a_wall_stays_where_he_stood_and_the_log_says_0_hexes():
    # AL 4 - 5 = -1 v DL 2: 18 %, 00; roll-out 20 %: 99 fails; footing 1d2: 1; KO roll 99
    events = run(doc(_thrower("E"), idle("b", "y", [1, 0], mal=2), walls=[[2, 0]],
                     until=21), [0, 99, 1, 99])
    t = one(events, "percentile.throw")
    assert (t["t"], t["result"], t["hexes"], t["to"], t["blocked_at"], t["direction"]) == \
        (13, "thrown", 0, [1, 0], [2, 0], "E")
    assert not of(events, "move", actor="b")
    hurt = one(events, "damage")  # thrown all the same: the throw's damage, down 1 phase
    assert (hurt["pd"], hurt["star"]) == (30, True)
    assert one(events, "percentile.footing")["until"] == 40
    assert check_events(events) == []


def test_a_roll_out_stopped_by_a_figure_goes_as_far_as_the_way_is_free():
    # c (a's side) stands 3 hexes SE of b: b rolls out (10 x 9 = 90 %: 89) and goes 2
    c = idle("c", "x", [1, 3])
    events = run(doc(_thrower("SE"), idle("b", "y", [1, 0], mal=9), c, until=21), [0, 89])
    t = one(events, "percentile.throw")
    assert (t["result"], t["hexes"], t["to"], t["blocked_at"], t["on_feet"]) == \
        ("rolled_out", 2, [1, 2], [1, 3], True)
    assert one(events, "move", actor="b")["to"] == [1, 2]
    assert not of(events, "damage")
    assert check_events(events) == []


def test_a_throw_with_a_free_way_goes_its_full_distance_and_names_no_obstacle():
    events = run(doc(_thrower("E"), idle("b", "y", [1, 0], mal=9), until=21), [0, 89])
    t = one(events, "percentile.throw")
    assert (t["hexes"], t["to"], "blocked_at" in t) == (3, [4, 0], False)


def test_with_throw_blocked_redirect_the_thrower_turns_a_blocked_direction_to_a_free_one():
    events = run(doc(_thrower("E"), idle("b", "y", [1, 0], mal=2), walls=[[2, 0]],
                     rules={"throw_blocked": "redirect"}, until=21), [0, 99, 1, 99])
    t = one(events, "percentile.throw")
    # the thrower's choice: straight away is the wall, so the next one round (NE)
    assert (t["direction"], t["planned"], t["hexes"], t["to"]) == ("NE", "E", 1, [2, -1])
    assert check_events(events) == []


# --------------------------------------------------------------------------- directions


def test_a_direction_into_the_throwers_own_hex_is_refused_at_load():
    d = doc(_thrower("W"), idle("b", "y", [1, 0]))
    with pytest.raises(ScenarioError) as info:
        scenario_from_dict(d, "t.toml")
    assert info.value.path == "combatant[0].plan[0].direction"
    assert info.value.message == ("throws b from [1, 0] into a's own hex [0, 0] (where they "
                                  "stand at the start): no throw goes that way")


def test_the_load_check_knows_a_target_left_out_when_there_is_one_enemy():
    d = doc(fighter("a", "x", [0, 0], [{"action": "throw", "direction": "W"}]),
            idle("b", "y", [1, 0]))
    with pytest.raises(ScenarioError, match=r"plan\[0\]\.direction: throws b from"):
        scenario_from_dict(d, "t.toml")


def test_a_direction_that_is_only_impossible_after_a_step_is_checked_when_he_throws():
    # a steps up to b (E, to [1, 0]); the planned W would then throw b into a's own hex:
    # the thrower throws where he would with no direction planned, and the log says so
    step = {"action": "close", "target": "b"}
    events = run(doc(_thrower("W", step), idle("b", "y", [2, 0], mal=2), until=41),
                 [0, 99, 1, 99])
    assert one(events, "move", actor="a")["to"] == [1, 0]
    t = one(events, "percentile.throw")
    assert (t["planned"], t["direction"], t["hexes"], t["to"]) == ("W", "E", 1, [3, 0])
    assert check_events(events) == []


def test_a_blocked_first_hex_is_not_refused_at_load():
    d = doc(_thrower("E"), idle("b", "y", [1, 0]), walls=[[2, 0]])
    scenario_from_dict(copy.deepcopy(d), "t.toml")


def test_throw_blocked_is_one_of_stop_and_redirect():
    with pytest.raises(ScenarioError) as info:
        scenario_from_dict(doc(idle("a", "x", [0, 0]), idle("b", "y", [1, 0]),
                               rules={"throw_blocked": "bounce"}), "t.toml")
    assert (info.value.path, info.value.message) == (
        "rules.throw_blocked", "must be one of stop, redirect, got 'bounce'")


def test_a_throw_stopped_short_lands_in_the_last_free_hex():
    from timedcombat.systems.percentile.throws import into_thrower, landing

    def free(h: tuple[int, int]) -> bool:
        return h != (3, 0)

    out = landing((0, 0), "E", 3, free)
    assert (out.to, out.hexes, out.blocked_at) == ((2, 0), 2, (3, 0))
    out = landing((2, 0), "E", 1, free)
    assert (out.to, out.hexes, out.blocked_at) == ((2, 0), 0, (3, 0))
    out = landing((0, 0), "SW", 3, free)
    assert (out.to, out.hexes, out.blocked_at) == ((-3, 3), 3, None)
    assert into_thrower((1, 0), "W", (0, 0)) and not into_thrower((1, 0), "E", (0, 0))


# --------------------------------------------------------------------------- damage


@pytest.mark.parametrize(("quarter", "chance", "result"), [(True, 7, "up"), (False, 30, "out")])
def test_a_non_injuring_throws_knockout_roll_counts_its_pd_star_a_quarter(quarter, chance,
                                                                           result):
    # "(30) PD* from a Non-injuring Throw"; "The PD* indicates that this damage is divided
    # by four when determining the chance of survival": the Knockout Roll's chance is that
    # of 7.5 PD at the body, 7 % (pd_star_knockout_quarter; false: 30 %, the old driver)
    # AL -1 v DL 2: 18 %, 00; roll-out 20 %: 99 fails; footing 1d2: 1; Knockout Roll 08
    events = run(doc(_thrower("E"), idle("b", "y", [1, 0], mal=2),
                     rules={"pd_star_knockout_quarter": quarter}, until=21), [0, 99, 1, 8])
    ko = one(events, "percentile.knockout")
    assert (ko["t"], ko["pd"], ko["star"], ko["chance"], ko["roll"], ko["result"]) == \
        (13, 30, True, chance, 8, result)
    assert check_events(events) == []


def test_a_rider_hurt_falling_from_a_shying_mount_counts_his_pd_star_a_quarter_too():
    # b, mounted, both hands on the reins, fails his Control roll (Horseman 1 x 50 = 50 %:
    # 99) and his mount shies (d10 3); a grabs him (AL 2 v DL 4: 24 %, 00): held,
    # he is pulled off instead at the phase's end, Fall Recovery 0 (0 %: 50 hurt); footing
    # 1d2 2; the fall's 30 PD*: Knockout Roll at 7 %, 08 stays up
    a = fighter("a", "x", [0, 0], [{"action": "grab", "target": "b"}, dict(IDLE_STEP)])
    b = idle("b", "y", [1, 0], mount="warhorse", horseman=1, reins=2)
    events = run(doc(a, b, until=21), [99, 3, 0, 50, 2, 8])
    fall = one(events, "percentile.fall")
    assert (fall["t"], fall["chance"], fall["result"]) == (19, 0, "hurt")
    hurt = one(events, "damage")
    assert (hurt["source"], hurt["pd"], hurt["star"]) == ("fall", 30, True)
    ko = one(events, "percentile.knockout")
    assert (ko["chance"], ko["result"]) == (7, "up")
    assert check_events(events) == []
