"""Which weapon, and which of its modes, a fighter can attack with now, and how near it
must bring him (seed 002: only reach C in close combat; a bow up to its Max range).

Read by the action handlers (what an attack step strikes with), the driver's attacks
(the ST a blow's damage comes from) and the policy (what is worth closing in for).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from timedcombat.hexmap import distance
from timedcombat.systems.gurps import closecombat as ccr
from timedcombat.systems.gurps.damage import weapon_damage
from timedcombat.systems.gurps.rules import WOUNDING, AttackMode, Weapon

if TYPE_CHECKING:
    from timedcombat.systems.gurps.fighter import Fighter


def damage_st(a: Fighter, weapon: Weapon) -> int:
    """The ST a weapon's damage comes from: the wielder's; a bow's is its archer's (the
    parameter ``bow_st_is_archer_st``), else the bow's own minimum ST."""
    if weapon.ranged and not a.rules.bow_st_is_archer_st:
        return weapon.min_st
    return a.stats.st


def worth(f: Fighter, weapon: Weapon, mode: AttackMode) -> float:
    """A rough worth of a mode (mean basic damage x wounding, less 0.6 a point of to-hit
    penalty): how a fighter picks between the ways his weapon attacks."""
    return _worth(damage_st(f, weapon), mode)


@functools.lru_cache(maxsize=1024)
def _worth(st: int, mode: AttackMode) -> float:
    """:func:`worth` of a mode at a damage ST (remembered: asked for every mode at every
    choice of attack)."""
    spec = weapon_damage(st, mode)
    num, den = WOUNDING[mode.damage_type]
    return max(0.5, spec.count * 3.5 + spec.modifier) * num / den + 0.6 * mode.to_hit


def usable(f: Fighter, weapon: Weapon) -> bool:
    """``f`` can attack with ``weapon`` now: ready (not turned in his hand, a bow loaded)
    or an unarmed attack he has a limb for."""
    if weapon.name == "kick":
        return True
    if weapon.name == "punch":
        return (f.ready.unarmed or f.free_hands() >= 1) and not (f.arm_lame and
                                                                  f.free_hands() < 1)
    if f.arm_lame or weapon is not f.ready or f.unready:
        return False
    return not (weapon.ranged and f.reload_left)


def modes_for(f: Fighter, t: Fighter, weapon: Weapon, stepped_out: bool = False) \
        -> list[AttackMode]:
    """The modes of ``weapon`` that reach ``t`` from where ``f`` stands: in close combat
    only reach C (or a ranged weapon, at its Bulk) on a foe in his hex; outside, a melee
    mode whose reach holds the distance, a ranged weapon up to its Max range (never from
    outside into one's own hex). After stepping out of close combat, reach 1 only."""
    if not usable(f, weapon):
        return []
    d = distance(f.at, t.at)
    if weapon.ranged:
        if f.in_cc:
            return list(weapon.modes) if d == 0 else []
        return list(weapon.modes) if 1 <= d <= weapon.range_max * damage_st(f, weapon) \
            else []
    return list(_melee_modes(weapon, d, f.in_cc, stepped_out))


@functools.lru_cache(maxsize=4096)
def _melee_modes(weapon: Weapon, d: int, in_cc: bool,
                 stepped_out: bool) -> tuple[AttackMode, ...]:
    """:func:`modes_for` a usable melee weapon at distance ``d`` (remembered)."""
    if in_cc:
        return tuple(m for m in weapon.modes if m.close) if d == 0 else ()
    out = [m for m in weapon.modes if d in m.reach and d > 0]
    if stepped_out:
        out = [m for m in out if ccr.attack_after_stepping_out(m)]
    return tuple(out)


def attack_choice(f: Fighter, t: Fighter, weapon_name: str | None = None,
                  stepped_out: bool = False) -> tuple[Weapon, AttackMode] | None:
    """The weapon and mode ``f`` attacks ``t`` with now: the named weapon, else his ready
    one; the mode worth most of those that reach."""
    weapon = f.weapon_named(weapon_name) if weapon_name else f.ready
    if weapon is None:
        return None
    if not weapon.ranged:  # (the melee case, remembered: every attack asks it thrice)
        if not usable(f, weapon):
            return None
        mode = _melee_choice(damage_st(f, weapon), weapon, distance(f.at, t.at), f.in_cc,
                             stepped_out)
        return None if mode is None else (weapon, mode)
    modes = modes_for(f, t, weapon, stepped_out)
    if not modes:
        return None
    if len(modes) == 1:
        return weapon, modes[0]
    return weapon, _best(damage_st(f, weapon), weapon, tuple(modes))


@functools.lru_cache(maxsize=4096)
def _melee_choice(st: int, weapon: Weapon, d: int, in_cc: bool,
                  stepped_out: bool) -> AttackMode | None:
    """The mode :func:`attack_choice` takes with a usable melee weapon at distance ``d``
    (the best of :func:`modes_for`'s), or None."""
    modes = _melee_modes(weapon, d, in_cc, stepped_out)
    if not modes:
        return None
    return modes[0] if len(modes) == 1 else _best(st, weapon, modes)


@functools.lru_cache(maxsize=1024)
def _best(st: int, weapon: Weapon, modes: tuple[AttackMode, ...]) -> AttackMode:
    """The mode worth most of ``modes`` at damage ST ``st`` (ties: the weapon's first)
    (remembered: asked at every attack and every choice of one)."""
    return max(modes, key=lambda m: (_worth(st, m), -weapon.modes.index(m)))


def can_strike(f: Fighter, t: Fighter, weapon_name: str | None = None) -> bool:
    """``f`` can attack ``t`` now (a Wait's trigger)."""
    return t.able and attack_choice(f, t, weapon_name) is not None


def reach_of(f: Fighter, weapon: Weapon) -> tuple[int, bool]:
    """How near ``f`` must come to strike with ``weapon``: (the longest reach of a mode
    that reaches beyond his hex, whether he must enter the foe's hex instead: reach C
    only, or a C mode worth more)."""
    if weapon.ranged:
        return 0, False
    return _reach(f.stats.st, weapon)


@functools.lru_cache(maxsize=512)
def _reach(st: int, weapon: Weapon) -> tuple[int, bool]:
    """:func:`reach_of` a melee weapon wielded at ST ``st`` (remembered: asked at every
    step of closing in)."""
    outer = [m for m in weapon.modes if any(r >= 1 for r in m.reach)]
    close = [m for m in weapon.modes if m.close]
    if not outer:
        return 0, True
    best_outer = max(_worth(st, m) for m in outer)
    if close and max(_worth(st, m) for m in close) > best_outer:
        return max(max(m.reach) for m in outer), True
    return max(max(m.reach) for m in outer), False



__all__ = ["attack_choice", "can_strike", "damage_st", "modes_for", "reach_of", "usable",
           "worth"]
