"""Grappling with three figures in the percentile driver, with scripted dice: a joint-locked
man may only escape the lock, his moves and ducks made before it fall away, and a man thrown
away from a third lets go of him (and he of the man)."""

from __future__ import annotations

from percentile_helpers import doc, fighter, of, one, run

from timedcombat.check import check_events

IDLE_STEP = {"action": "duck", "phase": 1000}


def test_a_joint_locked_man_may_only_escape_the_lock():
    # "These put the foe in a position from which he may do nothing but attempt to Escape
    # the lock": a1 locks b's left arm (AL -6 v DL 4: 10 %, 00), a2 grabs him (AL 2 v DL 4:
    # 27 %, 00); b may not escape a2's grab, only a1's lock (AL 8 v DL 12: 22 %, 99; d10
    # 3; permanence 99)
    a1 = fighter("a1", "x", [0, 0], [{"action": "joint_lock", "target": "b",
                                      "limb": "left_arm"}, dict(IDLE_STEP)])
    a2 = fighter("a2", "x", [2, 0], [{"action": "grab", "target": "b"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "escape", "target": "a2", "phase": 1},
                                   {"action": "escape", "target": "a1", "phase": 1},
                                   dict(IDLE_STEP)])
    events = run(doc(a1, a2, b, until=40), [0, 0, 99, 3, 99])
    skip = one(events, "percentile.plan_skip", actor="b")
    assert (skip["t"], skip["reason"]) == (20, "in a joint lock: he may only escape the lock (a1)")
    esc = one(events, "percentile.grapple", move="escape")
    assert (esc["t"], esc["target"], esc["result"]) == (33, "a1", "failure")
    assert one(events, "damage", actor="b")["source"] == "joint_lock_escape"
    assert check_events(events) == []


def test_a_move_made_before_a_lock_is_void_when_its_bout_is_resolved_after_it():
    # phase 1: b's escape from a2's grab is made at 33, a2's choke at 36 (the bout's
    # tenth), a1's lock at 36 before it (order of action): locked by then, b may only
    # escape the lock, so his move on a2 falls away and a2's choke is rolled alone
    a1 = fighter("a1", "x", [0, 0], [
        {"action": "duck", "target": "b", "phase": 1},
        {"action": "joint_lock", "target": "b", "limb": "left_arm", "phase": 1},
        dict(IDLE_STEP)])
    a2 = fighter("a2", "x", [2, 0], [
        {"action": "grab", "target": "b"}, {"action": "duck", "target": "b", "phase": 1},
        {"action": "choke", "target": "b", "phase": 1}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "escape", "target": "a2", "phase": 1},
                                   dict(IDLE_STEP)])
    # grab 27 %: 00; lock 10 %: 00; choke AL 3 v DL 4: 30 %, 99
    events = run(doc(a1, a2, b, until=40), [0, 0, 99])
    skip = one(events, "percentile.plan_skip", actor="b")
    assert (skip["t"], skip["name"], skip["reason"]) == \
        (36, "escape", "in a joint lock: he may only escape the lock (a1)")
    assert [(e["t"], e["actor"], e["move"]) for e in of(events, "percentile.grapple")] == \
        [(13, "a2", "grab"), (36, "a1", "joint_lock"), (36, "a2", "choke")]
    assert check_events(events) == []


def test_a_locked_mans_ducks_no_longer_count():
    # b ducks a2 at 3; a1 locks him at 13; a2's long kick at 16 meets no parry (the old
    # driver counted the duck declared before the lock: a Full Parry)
    a1 = fighter("a1", "x", [0, 0], [{"action": "joint_lock", "target": "b",
                                      "limb": "left_arm"}, dict(IDLE_STEP)])
    a2 = fighter("a2", "x", [2, 0], [{"action": "kick", "target": "b", "stroke": "long"},
                                     dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "duck", "target": "a2"}, dict(IDLE_STEP)])
    events = run(doc(a1, a2, b, until=20), [0, 99])
    kick = one(events, "attack")
    assert (kick["t"], kick["parries"], kick["parry"]) == (16, 0, "none")
    assert check_events(events) == []


def test_a_man_thrown_away_from_a_third_lets_go_of_him():
    # a2 grabs b (27 %: 00) at 13; a1 throws b SW to [0, 1] at 16 (AL -1 v DL 4: 20 %, 00;
    # roll-out 40 %: 99; footing 1d2 1; Knockout Roll 99): two hexes from a2, who cannot
    # hold him there (the old driver kept the grab on, and the fight stuck)
    a1 = fighter("a1", "x", [0, 0], [{"action": "duck", "target": "b"},
                                     {"action": "throw", "target": "b", "direction": "SW"},
                                     dict(IDLE_STEP)])
    a2 = fighter("a2", "x", [2, 0], [{"action": "grab", "target": "b"}, dict(IDLE_STEP)])
    events = run(doc(a1, a2, fighter("b", "y", [1, 0], [dict(IDLE_STEP)]), until=20),
                 [0, 0, 99, 1, 99])
    off = one(events, "percentile.hold", state="off")
    assert (off["t"], off["actor"], off["target"], off["cause"]) == (16, "a2", "b", "apart")
    assert check_events(events) == []


def _rules_broken(events: list[dict]) -> set[str]:
    return {v.rule for v in check_events(events)}


def test_the_checker_wants_the_locked_mans_escape_at_the_lock():
    # the engine's log of the first test, b's escape then turned at a2 (hand-broken)
    a1 = fighter("a1", "x", [0, 0], [{"action": "joint_lock", "target": "b",
                                      "limb": "left_arm"}, dict(IDLE_STEP)])
    a2 = fighter("a2", "x", [2, 0], [{"action": "grab", "target": "b"}, dict(IDLE_STEP)])
    b = fighter("b", "y", [1, 0], [{"action": "escape", "target": "a1", "phase": 1},
                                   dict(IDLE_STEP)])
    events = run(doc(a1, a2, b, until=40), [0, 0, 99, 3, 99])
    assert check_events(events) == []
    for e in events:
        if e["event"] == "percentile.grapple" and e["move"] == "escape":
            e["target"] = "a2"
    assert "P-LOCK-ONLY-ESCAPE" in _rules_broken(events)


def test_a_lock_let_go_when_a_third_throws_its_holder_away_keeps_the_rules():
    a1 = fighter("a1", "x", [0, 0], [{"action": "duck", "target": "b"},
                                     {"action": "throw", "target": "b", "direction": "SW"},
                                     dict(IDLE_STEP)])
    a2 = fighter("a2", "x", [2, 0], [{"action": "joint_lock", "target": "b",
                                      "limb": "right_arm"}, dict(IDLE_STEP)])
    # lock AL -6 v DL 4: 10 %, 00; then the throw as above
    events = run(doc(a1, a2, fighter("b", "y", [1, 0], [dict(IDLE_STEP)]), until=20),
                 [0, 0, 99, 1, 99])
    off = one(events, "percentile.hold", state="off")
    assert (off["hold"], off["cause"]) == ("joint_lock", "apart")
    assert check_events(events) == []
    stayed = [e for e in events if not (e["event"] == "move" and e.get("mode") == "thrown")]
    assert "P-JOINT-LOCK-HELD" in _rules_broken(stayed)
