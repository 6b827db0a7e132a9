"""Checker rules of the third reading of the ``gurps`` rules (issue 19, items 16-19): for
each rule a hand-made log that keeps it is clean, and the same log changed to break it is
caught with the rule's id, tenth and actor, and nothing else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_check_gurps import (
    ANA,
    ANA_IN,
    BO,
    Case,
    E,
    Line,
    broken,
    defend,
    hit,
    hurt,
    log,
    man,
    state,
)


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


# ---------------------------------------------------------------------- G-DEFENCE-VALUE


def case_defence_value() -> Case:
    """Bo (HT 10, DX 11: Dodge 8; Broadsword 13: Parry 9) dodges and parries ana's
    knife."""
    def fight(dodge: int, parry: int) -> list[Line]:
        return log(hit(2, "ana", "bo", faces=(3, 3, 3)),
                   defend(2, "bo", "ana", base=dodge, faces=(6, 5, 5), success=False),
                   hurt(2, actor="bo", source="ana", weapon="knife", dice="1d6-2",
                        faces=[1], basic=1, dr=0, penetrating=1, damage_type="imp",
                        multiplier="x2", injury=2, hp=10, hp_max=12, shock=2, major=False),
                   hit(3, "ana", "bo", faces=(3, 3, 3)),
                   defend(3, "bo", "ana", "parry", base=parry, weapon="broadsword",
                          faces=(2, 2, 2)))
    return fight(8, 9), fight(8, 10), (3, "bo")


def test_a_dodge_below_a_third_of_hp_is_halved_rounded_up() -> None:
    blow = hurt(2, actor="bo", source="ana", weapon="knife", dice="1d6-2", faces=[6],
                basic=5, dr=0, penetrating=5, damage_type="imp", multiplier="x2", injury=10,
                hp=2, hp_max=12, shock=4, major=True)
    def fight(dodge: int) -> list[Line]:
        return log(hit(2, "ana", "bo", faces=(3, 3, 3)), blow,
                   check(2, "bo", "knockdown", 10, result="stays_up"),
                   hit(3, "ana", "bo", faces=(3, 3, 3)),
                   defend(3, "bo", "ana", base=dodge, faces=(1, 1, 2)))
    assert broken(fight(4)) == set()
    assert broken(fight(8)) == {("G-DEFENCE-VALUE", 3, "bo")}


# ---------------------------------------------------------------------- G-ST-DAMAGE


def case_st_damage() -> Case:
    """Ana (ST 10) thrusts with her knife: thr 1d-2, +0."""
    def fight(dice: str, basic: int) -> list[Line]:
        return log(hit(2, "ana", "bo", faces=(3, 3, 3)),
                   defend(2, "bo", "ana", faces=(6, 5, 5), success=False),
                   hurt(2, actor="bo", source="ana", weapon="knife", dice=dice, faces=[4],
                        basic=basic, dr=0, penetrating=basic, damage_type="imp",
                        multiplier="x2", injury=2 * basic, hp=12 - 2 * basic, hp_max=12,
                        shock=min(4, 2 * basic), major=False))
    return fight("1d6-2", 2), fight("1d6-1", 3), (2, "bo")


# ---------------------------------------------------------------------- G-KNOCKDOWN


def _major(*after: Line, injury: int = 7) -> list[Line]:
    return log(hit(2, "ana", "bo", faces=(3, 3, 3)),
               defend(2, "bo", "ana", faces=(6, 5, 5), success=False),
               hurt(2, actor="bo", source="ana", weapon="knife", dice="1d6-2", faces=[6],
                    basic=4, dr=0, penetrating=4, damage_type="imp", multiplier="x2",
                    injury=8, hp=4, hp_max=12, shock=4, major=True), *after)


def case_knockdown() -> Case:
    """A major wound: bo's HT roll (10) fails by 2, so he is stunned and falls."""
    falls = check(2, "bo", "knockdown", 10, faces=(6, 3, 3), result="stunned")
    good = _major(falls, state(2, "bo", "stunned", True), state(2, "bo", "prone", True))
    bad = _major(falls, state(2, "bo", "stunned", True))
    return good, bad, (2, "bo")


def test_a_major_wound_without_its_knockdown_roll_and_a_roll_without_one() -> None:
    assert broken(_major()) == {("G-KNOCKDOWN", 2, "bo")}
    assert broken(_major(check(2, "bo", "knockdown", 10, faces=(3, 3, 3),
                               result="stays_up"))) == set()
    stray = log(check(4, "bo", "knockdown", 10, faces=(3, 3, 3), result="stays_up"))
    assert broken(stray) == {("G-KNOCKDOWN", 4, "bo")}
    out = check(2, "bo", "knockdown", 10, faces=(6, 6, 4), result="knocked_out")
    assert broken(_major(out, state(2, "bo", "out", True))) == set()
    assert broken(_major(out, state(2, "bo", "stunned", True), state(2, "bo", "prone", True))) \
        == {("G-KNOCKDOWN", 2, "bo")}


# ---------------------------------------------------------------------- G-ZERO-HP


def _below(*lines: Line, bo_maneuver: str = "attack") -> list[Line]:
    """Tenth 0: ana's blow takes bo (HP 12) to -2; he does nothing in his phase 5-9 and
    makes no defence; his phase 15-19 is the one judged (``bo_maneuver``); he does nothing
    at 25."""
    blow = hurt(0, actor="bo", source="ana", weapon="knife", dice="1d6-2", faces=[6],
                basic=7, dr=0, penetrating=7, damage_type="imp", multiplier="x2",
                injury=14, hp=-2, hp_max=12, shock=4, major=True)
    return log(man(0, "ana", "attack"), hit(0, "ana", "bo", faces=(3, 3, 3)),
               defend(0, "bo", "ana", faces=(6, 5, 5), success=False), blow,
               check(0, "bo", "knockdown", 10, faces=(3, 3, 3), result="stays_up"),
               man(5, "bo", "do_nothing"), man(10, "ana", "attack"),
               man(15, "bo", bo_maneuver), man(20, "ana", "attack"),
               man(25, "bo", "do_nothing"), *lines, turns=3)


def case_zero_hp() -> Case:
    roll = check(15, "bo", "consciousness", 10, faces=(3, 3, 3), result="conscious")
    return _below(roll), _below(), (15, "bo")


def test_one_who_does_nothing_need_not_roll_unless_he_defends() -> None:
    blow = hit(20, "ana", "bo", faces=(3, 3, 3))
    parry = defend(20, "bo", "ana", "parry", base=9, weapon="broadsword", faces=(2, 2, 2))
    assert broken(_below(bo_maneuver="do_nothing")) == set()
    assert broken(_below(blow, parry, bo_maneuver="do_nothing")) == {("G-ZERO-HP", 15, "bo")}
    late = check(16, "bo", "consciousness", 10, faces=(3, 3, 3), result="conscious")
    assert broken(_below(late)) == {("G-ZERO-HP", 16, "bo")}
    fails = check(15, "bo", "consciousness", 10, faces=(6, 6, 5), result="unconscious")
    assert broken(_below(fails)) == {("G-ZERO-HP", 15, "bo")}
    out = broken(_below(fails, state(15, "bo", "out", True)))  # (turn 3 still lists him)
    assert not {v for v in out if v[0] == "G-ZERO-HP"}


ROUND3_CASES: dict[str, Callable[[], Case]] = {
    "G-RESIST-SCORE": case_resist_score, "G-DEFENCE-VALUE": case_defence_value,
    "G-ST-DAMAGE": case_st_damage, "G-KNOCKDOWN": case_knockdown, "G-ZERO-HP": case_zero_hp,
}


@pytest.mark.parametrize("rule", list(ROUND3_CASES))
def test_each_rule_catches_a_log_that_breaks_it(rule: str) -> None:
    good, bad, (t, actor) = ROUND3_CASES[rule]()
    assert broken(good) == set()
    assert broken(bad) == {(rule, t, actor)}
