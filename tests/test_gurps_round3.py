"""Issue 19, round 3 of the ``gurps`` audit (items 16-20), with scripted dice: each test
fails on the driver before the fix."""

from __future__ import annotations

import pytest
from gurps_helpers import doc, fighter, of, one, run


def _takedown(vik: dict) -> dict:
    """Ana (Wrestling 13) steps in and grabs Vik in turn 1 and takes him down in turn 2;
    Vik does nothing."""
    return doc(
        fighter("ana", "red", [-1, 0], st=10, dx=12, skills={"wrestling": 13},
                plan=[{"action": "grapple", "target": "vik"},
                      {"action": "takedown", "target": "vik"}]),
        fighter("vik", "blue", [0, 0], facing="W", **vik,
                plan=[{"action": "do_nothing"}] * 3), until=20)


TAKEDOWN_FACES = [1, 1,  # initiative: Ana first (scenario order)
                  3, 3, 4, 6, 6, 6,  # turn 1: the grab (10 vs 13) hits, Vik's dodge fails
                  3, 3, 3, 6, 6, 5]  # turn 2: the takedown, 9 against Vik's 17


def test_a_grappled_victim_resists_with_his_best_score_after_the_minus_4_dx():
    """DX 12 and ST 10, grappled: DX is 8 as he rolls it, so he resists with ST 10 (the
    old driver picked DX 12 first and rolled 8)."""
    ev = run(_takedown(dict(st=10, dx=12)), TAKEDOWN_FACES)
    side = one(ev, "gurps.check", kind="takedown_resist")
    assert (side["t"], side["base"], side["modifiers"], side["effective"]) == (10, 10, {}, 10)
    take = one(ev, "gurps.contest", kind="takedown")
    assert (take["target_score"], take["target_trait"]) == (10, "st")


def test_a_victim_whose_dx_stays_best_after_the_penalty_resists_with_it():
    ev = run(_takedown(dict(st=10, dx=15)), TAKEDOWN_FACES)
    side = one(ev, "gurps.check", kind="takedown_resist")
    assert (side["base"], side["modifiers"], side["effective"]) == (15, {"grappled": -4}, 11)
    assert one(ev, "gurps.contest", kind="takedown")["target_trait"] == "dx"


# ---------------------------------------------------------------------- item 17

SWORD = dict(st=12, dx=12, ht=12, skills={"broadsword": 14}, weapons=["broadsword"])


def _idle_at_minus_7(**rules: object) -> dict:
    """Ann cuts Bob (HP 6) to -7 at tenth 0; Bob's plan is Do Nothing; Ann strikes again
    at 12."""
    return doc(fighter("ann", "red", [-1, 0], **dict(SWORD, dx=13),
                       plan=[{"action": "attack", "target": "bob"}] * 2),
               fighter("bob", "blue", [0, 0], facing="W", **dict(SWORD, st=6),
                       plan=[{"action": "do_nothing"}] * 2),
               rules=dict(rules) or None, until=15)


IDLE_FACES = [1, 1,  # initiative: Ann first (DX 13)
              3, 3, 3, 6, 6, 6, 6,  # 0: Ann hits, Bob's dodge fails, 9 cut x1.5 = 13: HP -7
              3, 3, 3, 3, 3, 3,  # his death check at -6 and knockdown roll: he stands
              3, 3, 3,  # 5: Bob's HT roll to stay conscious (11 at -1): 9, he is
              3, 3, 3, 3, 3, 3]  # 12: Ann's blow, Bob's parry holds


def test_at_zero_hp_one_who_does_nothing_but_defends_rolls_to_stay_conscious():
    """B419 spares the roll only one who does nothing "and does not attempt any defense
    rolls": Bob, doing nothing at HP -7, rolls at his phase (5) and defends at 12."""
    ev = run(_idle_at_minus_7(), IDLE_FACES, fallback=True)
    con = one(ev, "gurps.check", kind="consciousness")
    assert (con["t"], con["actor"], con["effective"], con["result"]) == \
        (5, "bob", 11, "conscious")
    assert [(d["t"], d["kind"], d["success"]) for d in of(ev, "defence", actor="bob")] == \
        [(0, "dodge", False), (12, "parry", True)]


def test_with_zero_hp_idle_defends_off_he_neither_rolls_nor_defends():
    ev = run(_idle_at_minus_7(zero_hp_idle_defends=False),
             IDLE_FACES[:15] + IDLE_FACES[18:21], fallback=True)
    assert of(ev, "gurps.check", kind="consciousness", t=5) == []
    assert [d["t"] for d in of(ev, "defence", actor="bob")] == [0]
    assert one(ev, "attack", actor="ann", t=12)["result"] == "hit"


def test_a_stunned_fighter_at_zero_hp_rolls_to_stay_conscious_as_he_will_defend():
    """Bob knocked down and stunned at HP -7 does nothing in his phase (5), but he will
    defend (at -4): his HT roll at 5, before the Do Nothing."""
    faces = IDLE_FACES[:12] + [5, 5, 5,  # the knockdown roll fails (15 vs 12): stunned
                               3, 3, 3,  # 5: his HT roll to stay conscious
                               6, 6, 6]  # 9: his stun recovery roll fails
    ev = run(_idle_at_minus_7(), faces, fallback=True)
    assert one(ev, "gurps.check", kind="knockdown", t=0)["result"] == "stunned"
    con = one(ev, "gurps.check", kind="consciousness", t=5)
    assert (con["actor"], con["result"]) == ("bob", "conscious")
    seq = [(e["event"], e.get("kind") or e.get("name")) for e in ev
           if e["t"] == 5 and e.get("actor") == "bob"]
    assert seq.index(("gurps.check", "consciousness")) < seq.index(("action", "do_nothing"))


# ---------------------------------------------------------------------- item 18


def _behind(bob_plan: list) -> dict:
    """Ann walks round to Bob's back (turn 1) and cuts at him (turn 2); Bob, facing west,
    has a plan with no target."""
    return doc(fighter("ann", "red", [2, 0], facing="W", **dict(SWORD, dx=13),
                       plan=[{"action": "move", "to": [1, 0]},
                             {"action": "attack", "target": "bob"}]),
               fighter("bob", "blue", [0, 0], facing="W", **SWORD, plan=bob_plan),
               until=20)


@pytest.mark.parametrize("plan", [[{"action": "all_out_defense"}] * 2,
                                  [{"action": "do_nothing"}] * 2])
def test_with_no_target_he_turns_to_his_nearest_foe_and_defends(plan: list) -> None:
    """All-Out Defense or Do Nothing with no target: the step maneuver's free facing change
    turns him to the nearest foe, so the blow from where his back was is defended (the
    old driver left him facing west: struck from behind, no defence)."""
    ev = run(_behind(plan), [1, 1, 3, 3, 3, 3, 3, 3], fallback=True)
    turn = [m for m in of(ev, "move", actor="bob", mode="turn") if m["t"] < 10]
    assert [(m["t"], m["facing"]) for m in turn] == [(5, "E")]
    blow = of(ev, "attack", actor="ann")[0]
    assert blow["t"] >= 10 and blow["result"] == "dodged"
    assert of(ev, "gurps.no_defence") == []


def test_a_blow_that_may_not_be_defended_says_why() -> None:
    """A critical hit, a blow from behind: ``gurps.no_defence`` where the defence would
    be, and the timeline says "no defence (why)"."""
    from timedcombat.systems.gurps import SYSTEM

    describe = SYSTEM.describe

    ev = run(_behind([{"action": "do_nothing"}] * 2), [1, 1, 1, 1, 2], fallback=True)
    blow = of(ev, "attack", actor="ann")[0]
    assert blow["critical"] == "success"
    i = ev.index(blow)
    nod = next(e for e in ev[i:] if e["event"] == "gurps.no_defence")
    assert (nod["t"], nod["actor"], nod["against"], nod["reason"]) == \
        (blow["t"], "bob", "ann", "critical hit")
    assert describe(nod) == "no defence (critical hit) against ann"
    assert not [e for e in ev if e["event"] == "defence" and e["t"] == blow["t"]]


def test_a_blow_from_behind_says_so() -> None:
    """Ann runs round Bob, who faces her, and strikes his back in the same Move and Attack:
    no defence (from behind)."""
    d = doc(fighter("ann", "red", [-1, 0], **dict(SWORD, dx=13),
                    plan=[{"action": "move_and_attack", "target": "bob", "to": [1, 0]}]),
            fighter("bob", "blue", [0, 0], facing="W", **SWORD,
                    plan=[{"action": "do_nothing"}] * 2), until=10)
    ev = run(d, [1, 1, 3, 3, 3], fallback=True)
    blow = one(ev, "attack", actor="ann")
    assert blow["result"] == "hit"
    assert one(ev, "gurps.no_defence")["reason"] == "from behind"


# ---------------------------------------------------------------------- item 20


def test_an_attack_whose_step_is_out_of_reach_is_refused_at_load(tmp_path) -> None:
    """A plan ``attack`` with a ``to`` more than a step from where its fighter stands (its
    ``at``, nothing before it moving him): exit 2, one line naming the key."""
    from timedcombat.cli import main

    scenario = tmp_path / "far.toml"
    scenario.write_text('''[scenario]
name = "far"
system = "gurps"

[[combatant]]
id = "ann"
side = "red"
at = [0, 0]
plan = [{ action = "do_nothing" }, { action = "attack", target = "bob", to = [3, 0] }]

[[combatant]]
id = "bob"
side = "blue"
at = [4, 0]
''', encoding="utf-8")
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["run", str(scenario)]) == 2
    lines = err.getvalue().strip().splitlines()
    assert lines == [f"error: {scenario}: combatant[0].plan[1].to: [3, 0] is 3 hexes from "
                     "[0, 0], where 'ann' stands when this attack comes; an Attack's step "
                     "goes 1 hex at most"]


def test_an_attack_whose_step_is_out_of_reach_when_its_phase_comes_is_skipped() -> None:
    """After a Move the plan cannot say where he stands: the far ``to`` is skipped when the
    phase comes (``to out of reach``), not walked towards and the attack lost."""
    d = doc(fighter("ann", "red", [0, 0], **dict(SWORD, dx=13),
                    plan=[{"action": "move", "to": [1, 0]},
                          {"action": "attack", "target": "bob", "to": [5, 0]}]),
            fighter("bob", "blue", [6, 0], facing="W", **SWORD,
                    plan=[{"action": "do_nothing"}] * 2), until=20)
    ev = run(d, [1, 1], fallback=True)
    skip = one(ev, "gurps.plan_skip", actor="ann")
    assert (skip["t"], skip["name"], skip["index"], skip["reason"]) == \
        (10, "attack", 1, "to out of reach")
    assert of(ev, "gurps.attack_lost", actor="ann") == []
