"""To hit: adjusted DX with every modifier named, and the 3-dice (or 4-dice) roll against it.

Base game: roll 3 dice; a total equal to or under the attacker's adjusted DX hits. 3 is a
triple-damage hit, 4 a double-damage hit, 5 always hits; 16 always misses, 17 drops the
weapon, 18 breaks it. Against a defending or dodging figure the attacker rolls 4 dice:
4 and 5 always hit, 20+ always misses, 21-22 drop and 23-24 break the weapon.
Seed 000 adds the HTH modifiers (-4 on the attack of entry, +2 for the strongest, no +4
for rear or ground between figures in HTH).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

import attrs

from timedcombat.events import Modifiers
from timedcombat.systems.tft.rules import BASE, SEED, Armor, Shield, TftRules, Weapon

STANDING, KNEELING, PRONE = "standing", "kneeling", "prone"
POSTURES = (STANDING, KNEELING, PRONE)
FRONT, SIDE, REAR = "front", "side", "rear"
HIT, MISS = "hit", "miss"
TRIPLE, DOUBLE = "triple_damage", "double_damage"
AUTOMATIC_HIT, AUTOMATIC_MISS = "automatic_hit", "automatic_miss"
DROPPED_WEAPON, BROKEN_WEAPON = "dropped_weapon", "broken_weapon"


@attrs.frozen
class AdjustedDx:
    """A figure's DX with each adjustment named, and the total (the bar a roll must meet)."""

    dx: int
    modifiers: Modifiers
    total: int

    def plus(self, more: Modifiers) -> AdjustedDx:
        mods = self.modifiers + tuple(more)
        return AdjustedDx(self.dx, mods, self.dx + sum(v for _, v in mods))


@functools.lru_cache(maxsize=4096)  # (every figure every turn, and every attack: pure)
def adjusted_dx(dx: int, *, armor: Armor | None = None, shield: Shield | None = None,
                st: int | None = None, hit_hard_last_turn: bool = False,
                extra: Modifiers = ()) -> AdjustedDx:
    """DX adjusted for armour, a ready shield, ST 3 or less (-3) and 5+ hits taken last turn
    (-2), then ``extra`` (situation modifiers)."""
    mods: list[tuple[str, int]] = []
    if armor is not None and armor.dx:
        mods.append(("armor", armor.dx))
    if shield is not None and shield.dx:
        mods.append(("shield", shield.dx))
    if st is not None and st <= BASE.low_st:
        mods.append(("low_st", BASE.low_st_dx))
    if hit_hard_last_turn:
        mods.append(("hits_last_turn", BASE.dx_penalty))
    return AdjustedDx(dx, (), dx).plus(tuple(mods) + tuple(extra))


def position_modifiers(arc: str, target_posture: str, *, in_hth: bool,
                       into_hth: bool = False, rules: TftRules) -> Modifiers:
    """DX modifiers from where the attacker stands and how the target lies.

    Rear hex +4, side hex ``side_dx_bonus``; a prone (fallen) target +4, a kneeling one
    ``kneeling_target_dx``. Figures in HTH striking at each other never get the +4 rear or
    ground bonus (seed 000), nor the side bonus (they share a hex: no facing). A standing
    figure striking into an HTH hex gets +4 instead of all of these (base game).
    """
    if arc not in (FRONT, SIDE, REAR):
        raise ValueError(f"not an arc: {arc!r}")
    if target_posture not in POSTURES:
        raise ValueError(f"not a posture: {target_posture!r}")
    if in_hth:
        return ()
    if into_hth:
        return (("into_hth", BASE.into_hth_dx_bonus),)
    mods: list[tuple[str, int]] = []
    if arc == REAR:
        mods.append(("rear", BASE.rear_dx_bonus))
    elif arc == SIDE and rules.side_dx_bonus:
        mods.append(("side", rules.side_dx_bonus))
    if target_posture == PRONE:
        mods.append(("target_down", BASE.ground_target_dx_bonus))
    elif target_posture == KNEELING and rules.kneeling_target_dx:
        mods.append(("target_kneeling", rules.kneeling_target_dx))
    return tuple(mods)


def hth_modifiers(*, entry_attack: bool, strongest: bool, knife: Weapon | None = None,
                  prone_judo_2: bool = False) -> Modifiers:
    """DX modifiers of an attack in HTH (seed 000): -4 on the attack made on entering, +2
    for the strongest figure, a dirk's or poniard's HTH adjustment, -3 for a Judo 2 holder
    attacking unarmed while prone."""
    mods: list[tuple[str, int]] = []
    if entry_attack:
        mods.append(("hth_entry", SEED.hth_entry_attack_dx))
    if strongest:
        mods.append(("strongest", SEED.strongest_dx_bonus))
    if knife is not None and knife.hth_dx:
        mods.append((f"{knife.name}_in_hth", knife.hth_dx))
    if prone_judo_2:
        mods.append(("judo_2_prone", SEED.judo_2_prone_attack_dx))
    return tuple(mods)


def thrown_modifiers(hexes: int, rules: TftRules) -> Modifiers:
    """DX adjustment of a thrown weapon for the distance to its target (parameter
    ``thrown_dx_per_hex`` per hex)."""
    if hexes < 1:
        raise ValueError(f"a thrown weapon flies at least one hex, not {hexes}")
    return (("range", rules.thrown_dx_per_hex * hexes),) if rules.thrown_dx_per_hex else ()


def attack_dice(*, target_defending: bool = False, target_dodging: bool = False) -> int:
    """3 dice to hit; 4 against a figure that defends or dodges (base game)."""
    return BASE.defended_dice if (target_defending or target_dodging) else BASE.to_hit_dice


# (a NamedTuple, frozen too: made at every blow, at about a third of an attrs record's cost)
class ToHit(NamedTuple):
    """One to-hit roll: every face, their sum, the bar, and what came of it."""

    faces: tuple[int, ...]
    roll: int
    against: int  # adjusted DX: hit when roll <= against (unless automatic)
    result: str  # hit | miss
    critical: str | None  # triple/double damage, automatic hit/miss, dropped/broken weapon
    multiplier: int  # damage multiplier of the hit (1 on a miss)
    margin: int  # against - roll


def to_hit(faces: Sequence[int], against: int, *, rules: TftRules) -> ToHit:
    """Resolve a to-hit roll of 3 or 4 dice against adjusted DX ``against``."""
    faces = tuple(faces)
    if len(faces) not in (BASE.to_hit_dice, BASE.defended_dice):
        raise ValueError(f"a to-hit roll is 3 or 4 dice, got {len(faces)}")
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"not six-sided faces: {faces}")
    roll = sum(faces)
    four = len(faces) == BASE.defended_dice
    critical: str | None
    if four:
        auto_hit, miss_min = BASE.four_dice_automatic_hit_max, BASE.four_dice_automatic_miss_min
        drop_min, break_min = BASE.four_dice_dropped_weapon_min, BASE.four_dice_broken_weapon_min
    else:
        auto_hit, miss_min = BASE.automatic_hit_max, BASE.automatic_miss_min
        drop_min, break_min = BASE.dropped_weapon_min, BASE.broken_weapon_min
    multiplier = 1
    if roll >= break_min:
        critical, hit = BROKEN_WEAPON, False
    elif roll >= drop_min:
        critical, hit = DROPPED_WEAPON, False
    elif roll >= miss_min:
        critical, hit = AUTOMATIC_MISS, False
    elif roll == BASE.triple_damage_roll and not four:
        critical, hit, multiplier = TRIPLE, True, 3
    elif roll == BASE.double_damage_roll and (not four or rules.four_dice_double_on_four):
        critical, hit, multiplier = DOUBLE, True, 2
    elif roll <= auto_hit:
        critical, hit = AUTOMATIC_HIT, True
    else:
        critical, hit = None, roll <= against
    return ToHit(faces, roll, against, HIT if hit else MISS, critical,
                 multiplier if hit else 1, against - roll)


def roll_under(faces: Sequence[int], against: int) -> bool:
    """A plain saving roll: the sum of the faces equal to or under ``against``."""
    faces = tuple(faces)
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"not six-sided faces: {faces}")
    return sum(faces) <= against
