"""3d6 success rolls, criticals and Quick Contests (B343-B349), over rolled faces.

A success roll succeeds when 3d6 is at most the effective skill; 3-4 always succeed and
17-18 always fail. Criticals: 3-4 always, 5 at effective skill 15+, 6 at 16+; a critical
failure is 18, 17 at effective skill 15 or less, or any roll 10 or more over it. Modifiers
are named ``(name, value)`` pairs so every log line can show where a number came from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

import attrs

from timedcombat.systems.gurps.rules import BASIC

Modifiers = tuple[tuple[str, int], ...]

CRIT_SUCCESS, CRIT_FAILURE = "success", "failure"


def three_d6(faces: Sequence[int]) -> int:
    """The total of three six-sided faces; ``ValueError`` for anything else."""
    if len(faces) != 3:
        raise ValueError(f"3d6 needs three faces 1-6, got {tuple(faces)}")
    a, b, c = faces
    if not (1 <= a <= 6 and 1 <= b <= 6 and 1 <= c <= 6):
        raise ValueError(f"3d6 needs three faces 1-6, got {tuple(faces)}")
    return a + b + c


def mods(*pairs: tuple[str, int] | None) -> Modifiers:
    """Named modifiers, leaving out ``None`` and zero entries (they change nothing)."""
    return tuple(p for p in pairs if p is not None and p[1] != 0)


def total(modifiers: Iterable[tuple[str, int]]) -> int:
    return sum(v for _, v in modifiers)


def critical(roll: int, target: int) -> str | None:
    """``"success"``, ``"failure"`` or ``None`` for a 3d6 roll against ``target``."""
    if roll <= BASIC.crit_success_always:
        return CRIT_SUCCESS
    if roll == 5 and target >= BASIC.crit_success_5_at:
        return CRIT_SUCCESS
    if roll == 6 and target >= BASIC.crit_success_6_at:
        return CRIT_SUCCESS
    if roll == 18:
        return CRIT_FAILURE
    if roll == 17 and target <= BASIC.crit_fail_17_up_to:
        return CRIT_FAILURE
    if roll - target >= BASIC.crit_fail_margin:
        return CRIT_FAILURE
    return None


class SuccessRoll(NamedTuple):
    """One 3d6 roll against a target: everything a log line shows (a frozen record made
    at every roll: a ``NamedTuple`` costs a third of a frozen attrs record's making)."""

    faces: tuple[int, ...]
    roll: int
    base: int  # the attribute or skill before modifiers
    modifiers: Modifiers
    target: int  # effective value: base + modifiers (after any cap)
    success: bool
    margin: int  # target - roll: >= 0 succeeded by, < 0 failed by
    critical: str | None


def success_roll(faces: Sequence[int], base: int, modifiers: Modifiers = (),
                 cap: int | None = None) -> SuccessRoll:
    """Roll ``faces`` against ``base + modifiers`` (at most ``cap`` when given)."""
    roll = three_d6(faces)
    target = base + total(modifiers) if modifiers else base
    if cap is not None:
        target = min(target, cap)
    crit = critical(roll, target)
    if crit == CRIT_SUCCESS:
        success = True
    elif crit == CRIT_FAILURE or roll >= BASIC.always_fail:
        success = False
    else:
        success = roll <= target
    return SuccessRoll(tuple(faces), roll, base, modifiers, target, success, target - roll,
                       crit)


@attrs.frozen
class Contest:
    """A Quick Contest (B348): each side's roll, the winner and the margin of victory."""

    first: SuccessRoll
    second: SuccessRoll
    winner: int | None  # 0 the first, 1 the second, None a tie
    margin: int  # margin of victory (0 on a tie)


def quick_contest(first: SuccessRoll, second: SuccessRoll) -> Contest:
    """Who wins: a success beats a failure; else the larger margin; equal margins tie."""
    if first.success != second.success:
        winner = 0 if first.success else 1
    elif first.margin != second.margin:
        winner = 0 if first.margin > second.margin else 1
    else:
        winner = None
    margin = 0 if winner is None else abs(first.margin - second.margin)
    return Contest(first, second, winner, margin)
