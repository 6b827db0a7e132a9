"""Checker rules of the third reading of the ``gurps`` rules (issue 19, items 16-19): for
each rule a hand-made log that keeps it is clean, and the same log changed to break it is
caught with the rule's id, tenth and actor, and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_check_gurps import ANA, ANA_IN, BO, Case, E, Line, broken, log, state


def check(t: int, actor: str, kind: str, base: int, faces: tuple[int, ...] = (3, 3, 3),
          mods: dict[str, int] | None = None, **kw: Any) -> Line:
    """A gurps.check: effective = base + the modifiers; success as the roll makes it."""
    mods = dict(mods or {})
    eff = base + sum(mods.values())
    roll = sum(faces)
    ok = roll <= 4 or (roll <= eff and roll < 17)
    return E(t, "gurps.check", actor=actor, kind=kind, faces=list(faces), roll=roll,
             base=base, modifiers=mods, effective=eff, margin=eff - roll, success=ok,
             result=kw.pop("result", "success" if ok else "failure"), **kw)


# ---------------------------------------------------------------------- G-RESIST-SCORE


def case_resist_score() -> Case:
    """Ana (in bo's hex since 2) holds bo; at 4 she tries to take him down. Bo (ST 12,
    DX 11, grappled: DX 7 as he rolls it) resists with ST 12, not DX."""
    def fight(side: Line) -> list[Line]:
        return log(*ANA_IN, state(3, "bo", "grappled", True, "ana"),
                   check(4, "ana", "takedown", 12, against="bo"), side)
    good = check(4, "bo", "takedown_resist", 12, faces=(6, 5, 5), against="ana")
    bad = check(4, "bo", "takedown_resist", 11, faces=(6, 5, 5), mods={"grappled": -4},
                against="ana")
    return fight(good), fight(bad), (4, "bo")


def test_a_victim_not_grappled_resists_with_his_dx_when_it_is_best() -> None:
    """Bo with DX 13 (HT 8: the same Basic Speed): free, DX 13 beats ST 12; held, DX is 9
    as he rolls it and ST 12 is his best."""
    bo = {**BO, "stats": {**BO["stats"], "dx": 13, "ht": 8}}
    on_dx = check(4, "bo", "takedown_resist", 13, faces=(6, 5, 5), against="ana")
    on_st = check(4, "bo", "takedown_resist", 12, faces=(6, 5, 5), against="ana")
    held_dx = check(4, "bo", "takedown_resist", 13, faces=(6, 5, 5), mods={"grappled": -4},
                    against="ana")
    grab = state(3, "bo", "grappled", True, "ana")
    assert broken(log(*ANA_IN, on_dx, people=(ANA, bo))) == set()
    assert broken(log(*ANA_IN, on_st, people=(ANA, bo))) == {("G-RESIST-SCORE", 4, "bo")}
    assert broken(log(*ANA_IN, grab, on_st, people=(ANA, bo))) == set()
    assert broken(log(*ANA_IN, grab, held_dx, people=(ANA, bo))) == \
        {("G-RESIST-SCORE", 4, "bo")}


ROUND3_CASES: dict[str, Callable[[], Case]] = {
    "G-RESIST-SCORE": case_resist_score,
}


@pytest.mark.parametrize("rule", list(ROUND3_CASES))
def test_each_rule_catches_a_log_that_breaks_it(rule: str) -> None:
    good, bad, (t, actor) = ROUND3_CASES[rule]()
    assert broken(good) == set()
    assert broken(bad) == {(rule, t, actor)}
