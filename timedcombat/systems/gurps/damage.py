"""Damage and its effects (B16, B377-B381, B419-B420, B556), over rolled faces.

ST gives thrust and swing dice; a weapon adds to them. The basic damage roll (crushing at
least 0, every other type at least 1) minus DR is the penetrating damage; times the
wounding modifier, rounded down and at least 1 when anything penetrated, it is the injury
taken off HP. An injury over HP/2 is a major wound (a knockdown roll); injury also gives
shock (-1 per HP to DX and IQ on the next turn, at most -4). At 0 HP or less a fighter
rolls HT each turn to stay conscious; at -1xHP ... -4xHP a death check each; -5xHP is death.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import attrs

from timedcombat.dice import DiceSpec
from timedcombat.systems.gurps.rolls import Modifiers, SuccessRoll, mods, success_roll
from timedcombat.systems.gurps.rules import (
    BASIC,
    CRITICAL_HIT,
    CRITICAL_MISS,
    DAMAGE_BY_ST,
    WOUNDING,
    AttackMode,
    CriticalEffect,
)

THRUST, SWING = "thr", "sw"


@functools.lru_cache(maxsize=512)
def basic_damage(st: int, base: str) -> DiceSpec:
    """Thrust (``thr``) or swing (``sw``) dice for ST (B16 Damage Table; remembered: a
    pure lookup asked on every choice of attack)."""
    if st < 1:
        raise ValueError(f"ST must be at least 1, got {st}")
    if base not in (THRUST, SWING):
        raise ValueError(f"damage base is thr or sw, got {base!r}")
    index = 0 if base == THRUST else 1
    if st > 100:
        top = DAMAGE_BY_ST[100][index]
        return DiceSpec(top.count + (st - 100) // 10, 6, top.modifier)
    row = max(s for s in DAMAGE_BY_ST if s <= st)
    return DAMAGE_BY_ST[row][index]


@functools.lru_cache(maxsize=1024)
def weapon_damage(st: int, mode: AttackMode, strong: bool = False) -> DiceSpec:
    """A weapon mode's damage dice: ST's thrust/swing plus the weapon's add; All-Out Attack
    (Strong) adds +2 or +1 per die, whichever is more (B365). Remembered: a pure lookup
    asked several times a blow (worth of each mode, the blow's damage)."""
    dice = basic_damage(st, mode.base)
    add = mode.add + (max(BASIC.strong_damage, dice.count) if strong else 0)
    return DiceSpec(dice.count, 6, dice.modifier + add)


def minimum_damage(damage_type: str) -> int:
    """Least basic damage of a hit: 0 for crushing, 1 for any other type (B378)."""
    return BASIC.min_damage_crushing if damage_type == "cr" else BASIC.min_damage_other


def damage_roll(spec: DiceSpec, faces: Sequence[int], damage_type: str) -> int:
    """The basic damage of rolled faces, at least the type's minimum."""
    if len(faces) != spec.count or any(not 1 <= f <= spec.sides for f in faces):
        raise ValueError(f"{spec} needs {spec.count} faces 1-{spec.sides}, got {tuple(faces)}")
    return max(minimum_damage(damage_type), sum(faces) + spec.modifier)


def critical_effect(table: tuple[CriticalEffect, ...], roll: int) -> CriticalEffect:
    """The row of a critical table (B556) for a 3d6 roll."""
    for row in table:
        if roll in row.rolls:
            return row
    raise ValueError(f"no row for {roll} (3d6 gives 3-18)")


def critical_hit(roll: int) -> CriticalEffect:
    return critical_effect(CRITICAL_HIT, roll)


def critical_miss(roll: int) -> CriticalEffect:
    return critical_effect(CRITICAL_MISS, roll)


_WEAPON_EFFECTS = frozenset({"break", "turns_in_hand", "drop", "flies"})


def critical_miss_needs_reroll(first: int, *, resistant: bool, impaling_or_ranged: bool) -> bool:
    """B556 asks for a second roll on a breakage-resistant weapon's "break" and on a
    "hit yourself" with an impaling or piercing melee attack or any ranged attack."""
    effect = critical_miss(first).effect
    return (effect == "break" and resistant) or \
        (effect in ("hit_self", "hit_self_half") and impaling_or_ranged)


def critical_miss_outcome(first: int, second: int | None = None, *, swung: bool = True,
                          ranged: bool = False, resistant: bool = False,
                          impaling_or_ranged: bool = False, unarmed: bool = False) -> str:
    """The effect of a critical miss after the table's exceptions (B556).

    A resistant weapon breaks only on a second "break" (else it is dropped); a "hit
    yourself" with an impaling/piercing or ranged attack stands only if the second roll
    repeats it (else the second result); a weapon flies only from a swing (else dropped); a
    ranged attacker who would fall loses his balance. Assumption: an unarmed attack has no
    weapon to break, drop or turn: those results read as losing balance.
    """
    effect = critical_miss(first).effect
    if critical_miss_needs_reroll(first, resistant=resistant,
                                  impaling_or_ranged=impaling_or_ranged):
        if second is None:
            raise ValueError("this critical miss needs a second roll")
        again = critical_miss(second).effect
        # a second "break" breaks, else dropped; a repeated "hit yourself" stands, any other
        # second result replaces it
        resisted = "break" if again == "break" else "drop"
        effect = resisted if effect == "break" else again
    if effect == "flies" and not swung:
        effect = "drop"
    if effect == "fall" and ranged:
        effect = "lose_balance"
    if unarmed and effect in _WEAPON_EFFECTS:
        effect = "lose_balance"
    return effect


@attrs.frozen
class Injury:
    """A hit's damage through armour: every number of the B378-B379 sequence."""

    rolled: int  # basic damage as rolled (after the type's minimum)
    basic: int  # after a critical hit's multiplier / maximum
    dr: int  # DR that applied (halved by a critical hit "half_dr")
    penetrating: int
    damage_type: str
    multiplier: tuple[int, int]
    injury: int
    critical: str | None = None  # the critical hit effect applied, if any


def injury(rolled: int, spec: DiceSpec, dr: int, damage_type: str,
           critical: str | None = None) -> Injury:
    """Injury from a basic damage roll against DR, with a critical hit effect if any.

    ``triple``/``double`` multiply basic damage, ``max`` makes it the dice's maximum,
    ``half_dr`` halves DR (rounded down). Injury = penetrating x wounding modifier, rounded
    down, at least 1 when any damage penetrates.
    """
    if damage_type not in WOUNDING:
        raise ValueError(f"unknown damage type {damage_type!r}")
    basic = rolled
    if critical == "triple":
        basic = rolled * 3
    elif critical == "double":
        basic = rolled * 2
    elif critical == "max":
        basic = max(rolled, spec.count * spec.sides + spec.modifier)
    dr_used = dr // 2 if critical == "half_dr" else dr
    penetrating = max(0, basic - dr_used)
    num, den = WOUNDING[damage_type]
    hurt = penetrating * num // den
    if penetrating > 0:
        hurt = max(1, hurt)
    return Injury(rolled, basic, dr_used, penetrating, damage_type, (num, den), hurt, critical)


def shock(injuries: Iterable[int], double: bool = False) -> int:
    """Shock from a turn's injuries (B419): -1 per HP, at most -4 (-8 when doubled by a
    critical hit)."""
    hurt = sum(injuries)
    cap = BASIC.shock_cap * (2 if double else 1)
    return -min(cap, hurt * (2 if double else 1))


@attrs.frozen
class Wound:
    """What one injury does to HP, and which rolls it calls for."""

    hp_before: int
    hp_after: int
    hp_max: int
    shock: int
    major: bool  # a knockdown roll is due (B420)
    death_checks: tuple[int, ...]  # multiples of -HP crossed: one HT roll each (B419)
    dead: bool  # -5xHP or worse
    reeling: bool  # below 1/3 HP: Move and Dodge halved
    collapsing: bool  # 0 HP or less: HT each turn to stay conscious


def wound(hp_max: int, hp_before: int, hurt: int, *, forced_major: bool = False,
          double_shock: bool = False) -> Wound:
    """Apply an injury: HP after, shock, major wound, death checks due."""
    after = hp_before - hurt
    major = hurt > 0 and (hurt * BASIC.major_wound_divisor > hp_max or forced_major)
    checks = tuple(k for k in BASIC.death_check_multiples if after <= -k * hp_max < hp_before)
    dead = after <= -BASIC.dead_at_multiple * hp_max
    return Wound(hp_before, after, hp_max, shock([hurt], double_shock) if hurt else 0, major,
                 () if dead else checks, dead, after * BASIC.reeling_divisor < hp_max,
                 after <= 0)


KNOCKED_DOWN, KNOCKED_OUT, STAYS_UP = "stunned", "unconscious", "stays_up"


@attrs.frozen
class KnockdownCheck:
    """The HT roll after a major wound (B420)."""

    roll: SuccessRoll
    result: str  # stays_up | stunned (and prone) | unconscious


def knockdown_check(faces: Sequence[int], ht: int, modifiers: Modifiers = ()) -> KnockdownCheck:
    """HT roll: failure stuns and knocks down; failure by 5+ or a critical failure knocks
    out."""
    r = success_roll(faces, ht, modifiers)
    if r.success:
        return KnockdownCheck(r, STAYS_UP)
    if r.critical == "failure" or -r.margin >= BASIC.knockout_margin:
        return KnockdownCheck(r, KNOCKED_OUT)
    return KnockdownCheck(r, KNOCKED_DOWN)


def below_zero_modifier(hp_now: int, hp_max: int) -> Modifiers:
    """-1 per full multiple of HP below zero, for the consciousness roll (B419)."""
    if hp_now >= 0:
        return ()
    return mods(("hp_below_zero", -((-hp_now) // hp_max)))


def consciousness_check(faces: Sequence[int], ht: int, hp_now: int,
                        hp_max: int) -> SuccessRoll:
    """At 0 HP or less, HT at the start of each turn (unless doing nothing): fail and fall
    unconscious (B419)."""
    return success_roll(faces, ht, below_zero_modifier(hp_now, hp_max))


def death_check(faces: Sequence[int], ht: int) -> SuccessRoll:
    """HT at each multiple of -HP crossed: failure is death (B419)."""
    return success_roll(faces, ht)


def stun_recovery(faces: Sequence[int], ht: int) -> SuccessRoll:
    """A stunned fighter rolls HT at the end of each of his turns; success ends the stun at
    the start of the next (B420)."""
    return success_roll(faces, ht)
