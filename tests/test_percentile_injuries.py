"""Injuries in the percentile driver, with scripted dice: limbs disabled by joint locks and
their one chance of staying useless (seed 001: "if an escape is attempted (10-100) PD* are
taken and the locked limb disabled, regardless of whether or not the Escape is successful.
Limbs disabled by Joint Locks have a 20% chance of becoming permanently useless")."""

from __future__ import annotations

import pytest
from percentile_helpers import doc, fighter, of, run

from timedcombat.check import check_events
from timedcombat.systems.percentile.holds import joint_escape_injury

IDLE_STEP = {"action": "duck", "phase": 1000}


def _locked_twice(faces: list[int]) -> list[dict]:
    """a joint-locks b's left arm; b (BAT 2: 12 Combat Actions, 9 with the arm disabled)
    tries to escape in phases 1 and 2."""
    a = fighter("a", "x", [0, 0], [
        {"action": "joint_lock", "target": "b", "limb": "left_arm"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [
        {"action": "escape", "target": "a", "phase": 1},
        {"action": "escape", "target": "a", "phase": 2}, dict(IDLE_STEP)], bat=2.0)
    return run(doc(a, b, until=60), faces)


@pytest.mark.parametrize(("first", "permanent"), [(10, True), (60, False)])
def test_a_limb_has_its_chance_of_staying_useless_once_however_often_he_escapes(first,
                                                                                permanent):
    # lock AL -6 v DL 4: 10 %, 05; escape AL 8 v DL 12: 22 %, 99 fails; d10 3: 30 PD*;
    # permanence d100 (first); escape (MAL 4 - 8) AL 0 v DL 12: 6 %, 99 fails; d10 2: 20
    # PD* and no roll: the arm keeps what the first roll gave it (the old driver rolled a
    # d100 again, the 50 below, and logged "not permanently" after "PERMANENTLY")
    events = _locked_twice([5, 99, 3, first, 99, 2, 50])
    dis = of(events, "percentile.disabled")
    assert [(e["t"], e["limb"], e.get("chance"), e.get("roll"), e["permanent"])
            for e in dis] == [(26, "left_arm", 20, first, permanent),
                              (48, "left_arm", None, None, permanent)]
    assert [e["pd"] for e in of(events, "damage", actor="b")] == [30, 20]
    assert check_events(events) == []


def test_the_permanence_roll_is_made_once_a_limb():
    hurt = joint_escape_injury("left_arm", 7, 19)
    assert (hurt.pd, hurt.permanence_chance, hurt.permanence_roll, hurt.permanent) == \
        (70, 20, 19, True)
    again = joint_escape_injury("left_arm", 2, None, permanent_before=True)
    assert (again.pd, again.permanence_chance, again.permanence_roll, again.permanent) == \
        (20, None, None, True)
    assert not joint_escape_injury("left_arm", 2, None, permanent_before=False).permanent
    with pytest.raises(ValueError, match="rolled once already"):
        joint_escape_injury("left_arm", 2, 5, permanent_before=False)
    with pytest.raises(ValueError, match="needs its permanence roll"):
        joint_escape_injury("left_arm", 2, None)


# --------------------------------------------------------------------------- PD* totals


def test_the_running_total_counts_pd_star_a_quarter_exactly_not_hit_by_hit():
    # the escapes cost 90 PD* (d10 9) and 50 PD* (d10 5): 22.5 + 12.5 = 35 (the old driver
    # rounded each hit down: 22 + 12 = 34)
    events = _locked_twice([5, 99, 9, 60, 99, 5])
    hurt = of(events, "damage", actor="b")
    assert [(e["pd"], e["star"], e["total"]) for e in hurt] == [(90, True, 22), (50, True, 35)]
    assert check_events(events) == []


def test_plain_pd_and_pd_star_add_up_exactly_to_the_limit():
    # 30 PD* (7.5) then a choke's 10 and 30 PD: 47.5, shown 47; a limit of 48 is not
    # reached, and the quarter point is kept: the next 30 PD* make 55 (47 + 7 would be 54)
    from timedcombat.systems.percentile.damage import quarter_points, running_total

    q = quarter_points(30, True) + quarter_points(10, False) + quarter_points(30, False)
    assert (q, running_total(q)) == (190, 47)
    assert running_total(q + quarter_points(30, True)) == 55
