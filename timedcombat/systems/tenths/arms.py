"""Weapon combinations of seed 004: which weapon attacks, which may parry, and when.

* One single-handed weapon, or a two-handed one: it attacks and parries (4 tenths).
* Weapon and shield: the weapon attacks, except at close quarters (the shield then);
  either parries: the shield with 2 tenths, the weapon with 4.
* Two single-handed weapons, ``style = "main"``: exactly as weapon and shield (the
  second weapon parries as a shield does); ``style = "alternate"``: both attack in turn
  on a combined base speed, either parries with 4 tenths, and both lose 2 anti-parry.
* At close quarters only short weapons work.
"""

from __future__ import annotations

from collections.abc import Set

from timedcombat.systems.tenths import resolve
from timedcombat.systems.tenths.fighter import Fighter
from timedcombat.systems.tenths.rules import SEED, SHORT, TenthsRules, Weapon, reach_hexes

MAIN, ALTERNATE = "main", "alternate"

# Assumption: a shield used to strike at close quarters (the seed gives no figures).
SHIELD_BASH = Weapon("shield", 8, 0, SHORT, 1, 0)


def two_weapons(f: Fighter) -> bool:
    return len(f.hand) == 2


def style(f: Fighter) -> str | None:
    """The two-weapon style in use (``None`` unless two weapons are in hand)."""
    return f.style if len(f.hand) == 2 else None


def hands_used(f: Fighter) -> int:
    return sum(w.hands for w in f.hand) + (1 if f.shield else 0)


def free_hands(f: Fighter) -> int:
    return 2 - hands_used(f)


def attack_weapon(f: Fighter, close: bool = False) -> Weapon | None:
    """The weapon of ``f``'s next blow (``None``: nothing in hand that can strike)."""
    if not f.hand:
        return SHIELD_BASH if close and f.shield else None
    if close:
        if f.shield:
            return SHIELD_BASH
        if style(f) == ALTERNATE:
            w = f.hand[f.alt_next % 2]
            if w.reach == SHORT:
                return w
        short = [w for w in f.hand if w.reach == SHORT]
        return short[0] if short else None
    if style(f) == ALTERNATE:
        return f.hand[f.alt_next % 2]
    return f.hand[0]


def base_speed(f: Fighter) -> int:
    """The base speed that times ``f``'s blows and closing actions."""
    if style(f) == ALTERNATE:
        return resolve.combined_base_speed(f.hand[0].base_speed, f.hand[1].base_speed)
    if f.hand:
        return f.hand[0].base_speed
    return SHIELD_BASH.base_speed if f.shield else 10


def blow_interval(f: Fighter, struck_with: int) -> int:
    """Tenths from one blow to the next: the base speed, or in alternate style the gap to
    the other weapon's blow (mid-way, halves rounded up, after the first weapon's)."""
    speed = base_speed(f)
    if style(f) != ALTERNATE:
        return speed
    half = resolve.alternate_offset(speed)
    return half if struck_with == 0 else speed - half


def anti_parry_modifier(f: Fighter) -> int:
    """Alternate style: two is subtracted from the anti-parries of both weapons."""
    return SEED.two_weapon_anti_parry if style(f) == ALTERNATE else 0


def reach(f: Fighter, rules: TenthsRules) -> int:
    """How far ``f`` strikes (0 when it has nothing that strikes)."""
    if style(f) == ALTERNATE:
        return max(reach_hexes(w, rules) for w in f.hand)
    w = attack_weapon(f)
    return reach_hexes(w, rules) if w is not None else 0


def parries(f: Fighter, busy: Set[str]) -> list[tuple[str, int]]:
    """(weapon name, parry time) of each parry ``f`` could make; ``busy`` weapons are
    attacking on this tenth and cannot parry."""
    out: list[tuple[str, int]] = []
    st = style(f)
    for i, w in enumerate(f.hand):
        if w.name in busy:
            continue
        as_shield = st == MAIN and i == 1
        out.append((w.name, resolve.parry_time(as_shield, st == ALTERNATE)))
    if f.shield and "shield" not in busy:
        out.append(("shield", resolve.parry_time(True, False)))
    return out


def blocks(f: Fighter) -> bool:
    """Only long (two-handed) weapons block."""
    return bool(f.hand) and f.hand[0].is_long
