"""Slams (B371): running into a foe with Move and Attack or All-Out Attack.

The slammer rolls DX (or Brawling) to hit; the target may dodge, parry or block. On a hit
each deals the other crushing damage of ``HP x velocity / 100`` dice (velocity: hexes
moved this turn), read by B430's rounding: under 0.25 -> 1d-3, under 0.5 -> 1d-2, under 1
-> 1d-1, otherwise whole dice with a half or more rounded up. Comparing the damage: twice
what one takes knocks the other down; otherwise whoever took more rolls DX or falls (our
reading of the Basic Set's comparison).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from timedcombat.dice import DiceSpec
from timedcombat.systems.gurps.attack import AttackRoll, AttackSituation, attack_roll, modifiers
from timedcombat.systems.gurps.rules import GurpsRules
from timedcombat.systems.gurps.stats import GurpsStats

SLAMMER, TARGET = "slammer", "target"


def slam_skill(stats: GurpsStats) -> int:
    """A slam rolls against DX or Brawling, whichever is higher."""
    return max(stats.dx, stats.skill("brawling") or 0)


def slam_attack(faces: Sequence[int], stats: GurpsStats, situation: AttackSituation,
                rules: GurpsRules) -> AttackRoll:
    """The slam's attack roll: never capped at 9; Move and Attack's -4 only when the
    parameter ``slam_move_and_attack_penalty`` says so."""
    m, _cap = modifiers(situation)
    if not rules.slam_move_and_attack_penalty:
        m = tuple(p for p in m if p[0] != "move_and_attack")
    return attack_roll(faces, slam_skill(stats), m)


def slam_dice(hp: int, velocity: int) -> DiceSpec:
    """Crushing dice a fighter of ``hp`` deals by colliding at ``velocity`` hexes/turn."""
    if hp < 1 or velocity < 1:
        raise ValueError("a slam needs HP and a velocity of at least 1")
    x100 = hp * velocity  # dice x 100
    if x100 < 25:
        return DiceSpec(1, 6, -3)
    if x100 < 50:
        return DiceSpec(1, 6, -2)
    if x100 < 100:
        return DiceSpec(1, 6, -1)
    return DiceSpec((x100 + 50) // 100, 6, 0)


@attrs.frozen
class SlamResult:
    """Who falls outright, and who must roll DX not to fall."""

    falls: tuple[str, ...]
    dx_roll: tuple[str, ...]


def slam_result(dealt: int, taken: int) -> SlamResult:
    """``dealt``: basic damage the slammer did to the target; ``taken``: what he took."""
    if dealt > 0 and dealt >= 2 * taken:
        return SlamResult((TARGET,), ())
    if taken > 0 and taken >= 2 * dealt:
        return SlamResult((SLAMMER,), ())
    if dealt > taken:
        return SlamResult((), (TARGET,))
    if taken > dealt:
        return SlamResult((), (SLAMMER,))
    return SlamResult((), ())
