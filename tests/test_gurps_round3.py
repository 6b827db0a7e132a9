"""Issue 19, round 3 of the ``gurps`` audit (items 16-20), with scripted dice: each test
fails on the driver before the fix."""

from __future__ import annotations

from gurps_helpers import doc, fighter, one, run


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
