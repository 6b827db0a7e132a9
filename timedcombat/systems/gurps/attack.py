"""Attack rolls: which weapon may strike, and the named modifiers of the roll.

The effective skill of an attack is the weapon skill plus named modifiers; each comes from
a rule and carries its name into the log (``modifiers``). Seed 002 adds three: ``-DB`` for
a shield carried in close combat (not on the attack that entered the hex), ``-2`` for
attacking a close-combat participant from outside the hex, and a ranged weapon's ``Bulk``
in place of the speed/range penalty when shooting from inside a close-combat hex.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

import attrs

from timedcombat.systems.gurps.rolls import Modifiers, SuccessRoll, mods, success_roll
from timedcombat.systems.gurps.rules import (
    BASIC,
    MANEUVERS,
    POSTURES,
    RANGE_PENALTIES,
    SEED,
    STANDING,
    AttackMode,
    C,
    Weapon,
)

_DECADE = (10, 15, 20, 30, 50, 70)


def range_penalty(distance: int) -> int:
    """B550 Speed/Range: 0 up to 2 hexes, -1 at 3, -2 at 5, -3 at 7, -4 at 10 ..."""
    for upto, penalty in RANGE_PENALTIES:
        if distance <= upto:
            return penalty
    penalty, scale = RANGE_PENALTIES[-1][1], 10
    while True:  # beyond the printed table the progression goes on, 6 steps a decade
        for bound in _DECADE:
            if bound * scale > RANGE_PENALTIES[-1][0]:
                penalty -= 1
                if distance <= bound * scale:
                    return penalty
        scale *= 10


def attacks_allowed(maneuver: str, option: str | None = None) -> int:
    """Attacks a maneuver allows: one, none, or two for All-Out Attack (Double) (B365)."""
    if maneuver == "all_out_attack" and option == "double":
        return 2
    return MANEUVERS[maneuver].attacks


def reload_turns(weapon: Weapon, fast_draw_success: bool = False) -> int:
    """Ready maneuvers to reload after a shot (a bow's Shots 1(2): two); a successful
    Fast-Draw (Arrow) roll saves one (B194)."""
    if not weapon.reload:
        return 0
    return max(1, weapon.reload - (1 if fast_draw_success else 0))


def in_reach(mode: AttackMode, distance: int) -> bool:
    """A melee mode strikes at a distance in hexes listed in its reach (0 = C: same hex)."""
    return distance in mode.reach


def may_attack_in_close_combat(weapon: Weapon, mode: AttackMode) -> bool:
    """Seed 002: in close combat, any melee weapon of reach C, or a ranged weapon (at its
    Bulk)."""
    return weapon.ranged or C in mode.reach


@attrs.frozen
class AttackSituation:
    """What, besides the weapon, sets an attack's modifiers."""

    maneuver: str = "attack"  # attack | move_and_attack | all_out_attack | wait
    option: str | None = None  # All-Out Attack option
    in_close_combat: bool = False  # the attacker is in a close-combat hex
    entering: bool = False  # the attack with which he entered the foe's hex
    into_close_combat: bool = False  # the target is in close combat, the attacker outside
    shield_db: int = 0  # DB of a shield the attacker carries
    shock: int = 0  # shock penalty from last turn's injuries (<= 0)
    grappled: bool = False  # the attacker is grappled (-4 DX)
    posture: str = STANDING
    distance: int = 1  # hexes to the target (ranged: the range)
    aim_turns: int = 0  # turns of Aim just before (ranged)


class AttackRoll(NamedTuple):
    """An attack roll with every modifier by name (made at every attack: a
    ``NamedTuple``, as :class:`.rolls.SuccessRoll`)."""

    roll: SuccessRoll
    skill: int  # the base skill before modifiers
    modifiers: Modifiers
    effective: int  # the bar the 3d6 roll must not exceed
    cap: int | None


def modifiers(situation: AttackSituation, *, ranged: bool = False, bulk: int = 0,
              acc: int = 0, to_hit: int = 0, st_shortfall: int = 0) -> tuple[Modifiers, int | None]:
    """The named modifiers of an attack and the cap on its effective skill (or ``None``).

    ``to_hit`` is the attack mode's own modifier (a kick: -2), ``st_shortfall`` the -1 per
    point of ST under the weapon's minimum.
    """
    s = situation
    cap = None
    out: list[tuple[str, int] | None] = [("st_below_minimum", st_shortfall), ("mode", to_hit)]
    if s.maneuver == "move_and_attack":
        if ranged:
            out.append(("move_and_attack", min(BASIC.move_and_attack_ranged, bulk)))
        else:
            out.append(("move_and_attack", BASIC.move_and_attack_penalty))
            cap = BASIC.move_and_attack_cap
    if s.maneuver == "all_out_attack" and (s.option or "determined") == "determined":
        out.append(("determined", BASIC.determined_ranged if ranged else BASIC.determined_melee))
    if s.in_close_combat and not s.entering and s.shield_db:
        out.append(("shield_in_close_combat", SEED.shield_penalty_per_db * s.shield_db))
    if s.into_close_combat:
        out.append(("into_close_combat", SEED.outside_attack_penalty))
    if ranged:
        if s.in_close_combat:
            out.append(("bulk_in_close_combat", bulk))
        else:
            out.append(("range", range_penalty(s.distance)))
        if s.aim_turns >= 1:
            out.append(("aim", acc + min(BASIC.aim_extra_max, s.aim_turns - 1)))
    else:
        out.append(("posture", POSTURES[s.posture][0]))
    out.append(("shock", s.shock))
    if s.grappled:
        out.append(("grappled", BASIC.grappled_dx))
    return mods(*out), cap


def situation_values(*, maneuver: str, option: str | None, in_close_combat: bool,
                     entering: bool, into_close_combat: bool, shield_db: int, shock: int,
                     grappled: bool, posture: str, distance: int,
                     aim_turns: int) -> tuple[Any, ...]:
    """The fields of an :class:`AttackSituation`, in its order: the key of
    :func:`modifiers_in` (``AttackSituation(*values)`` is the situation)."""
    return (maneuver, option, in_close_combat, entering, into_close_combat, shield_db, shock,
            grappled, posture, distance, aim_turns)


@functools.lru_cache(maxsize=4096)
def modifiers_in(values: tuple[Any, ...], ranged: bool, bulk: int, acc: int, to_hit: int,
                 st_shortfall: int) -> tuple[Modifiers, int | None]:
    """:func:`modifiers` in ``AttackSituation(*values)`` (:func:`situation_values`),
    remembered: the key is a plain tuple (every attack asks)."""
    return modifiers(AttackSituation(*values), ranged=ranged, bulk=bulk, acc=acc,
                     to_hit=to_hit, st_shortfall=st_shortfall)


def weapon_attack(faces: Sequence[int], skill: int, weapon: Weapon, mode: AttackMode,
                  situation: AttackSituation, st_shortfall: int = 0) -> AttackRoll:
    """Roll an attack with a weapon mode."""
    m, cap = modifiers(situation, ranged=weapon.ranged, bulk=weapon.bulk, acc=weapon.acc,
                       to_hit=mode.to_hit, st_shortfall=st_shortfall)
    return attack_roll(faces, skill, m, cap)


def attack_roll(faces: Sequence[int], skill: int, modifiers: Modifiers,
                cap: int | None = None) -> AttackRoll:
    roll = success_roll(faces, skill, modifiers, cap)
    return AttackRoll(roll, skill, modifiers, roll.target, cap)
