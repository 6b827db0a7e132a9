"""Damage: what a blow rolls, what armour stops, and what the hits do to a figure.

Pure functions over numbers and already-rolled dice faces. Unarmed damage is seed 000's
table and its stated pattern past ST 52 (:func:`.rules.unarmed_damage`); weapon, armour and
injury rules are the base game's (Melee / Advanced Melee).
ST is also hits: every hit taken lowers ST.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from timedcombat.events import Modifiers
from timedcombat.systems.tft.rules import (
    BASE,
    SEED,
    Armor,
    DamageDice,
    Shield,
    TftRules,
    Weapon,
    unarmed_damage,
)

FIST = "fist"


def weapon_damage(weapon: Weapon | None, st: int, *, in_hth: bool,
                  rules: TftRules) -> tuple[DamageDice, Modifiers]:
    """The dice a blow rolls, and the named adds already folded into them.

    ``weapon`` ``None`` is bare hands. Clubs and the rock do fist damage + their bonus
    (seed 000). In HTH every fighter does +1 (seed 000); a knife uses its HTH damage.
    """
    mods: list[tuple[str, int]] = []
    if weapon is None or weapon.damage is None:
        base = unarmed_damage(st)
        if weapon is not None and weapon.fist_bonus:
            mods.append((f"{weapon.name}_fist_bonus", weapon.fist_bonus))
    elif in_hth and weapon.hth_damage is not None:
        base = weapon.hth_damage
    else:
        base = weapon.damage
    if in_hth and (weapon is None or not weapon.is_knife or rules.hth_bonus_on_knives):
        mods.append(("hth", SEED.hth_damage_bonus))
    return base.plus(sum(v for _, v in mods)), tuple(mods)


# (a NamedTuple, frozen too: made at every blow, at about a third of an attrs record's cost)
class DamageRoll(NamedTuple):
    """A damage roll: the dice, every face, the multiplier of a critical, the result."""

    dice: DamageDice
    faces: tuple[int, ...]
    multiplier: int
    modifiers: Modifiers  # adds outside the dice expression (a Judo throw's +3)
    rolled: int  # (sum of faces + adds of the dice) * multiplier + modifiers
    amount: int  # rolled, at least the minimum damage


def roll_damage(dice: DamageDice, faces: Sequence[int], *, multiplier: int = 1,
                modifiers: Modifiers = (), rules: TftRules) -> DamageRoll:
    """Total a damage roll from its faces; doubled or tripled by a critical to-hit roll."""
    faces = tuple(faces)
    if len(faces) != dice.dice:
        raise ValueError(f"{dice} needs {dice.dice} faces, got {len(faces)}")
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"not six-sided faces: {faces}")
    rolled = (sum(faces) + dice.adds) * multiplier + sum(v for _, v in modifiers)
    return DamageRoll(dice, faces, multiplier, modifiers, rolled, max(rules.min_damage, rolled))


# (a NamedTuple, frozen too: made at every blow, at about a third of an attrs record's cost)
class Hits(NamedTuple):
    """What armour and shield stop of one blow, and the hits that get through."""

    damage: int
    armor_stops: int
    shield_stops: int
    hits: int


def hits_through(damage: int, armor: Armor | None, shield: Shield | None, *, arc: str,
                 in_hth: bool, rules: TftRules) -> Hits:
    """Armour stops its hits from every blow; a ready shield its hits from front and side
    hexes (rear: ``shield_guards_rear``), and not in HTH unless ``shield_in_hth``."""
    a = armor.stops if armor is not None and (rules.armor_in_hth or not in_hth) else 0
    s = 0
    if shield is not None and (rules.shield_in_hth or not in_hth) \
            and (arc != "rear" or rules.shield_guards_rear):
        s = shield.stops
    a_used = min(a, max(0, damage))
    s_used = min(s, max(0, damage - a_used))
    return Hits(damage, a_used, s_used, max(0, damage - a_used - s_used))


def thresholds(base_st: int) -> tuple[int, int]:
    """(hits in one turn for DX -2, hits in one turn to fall down) for a figure's basic ST:
    5/8, giants (ST 30+) 9/16, ST 50+ 15/25 (Advanced Melee, reactions to injury)."""
    if base_st >= BASE.huge_st:
        return BASE.huge_dx_penalty_hits, BASE.huge_knockdown_hits
    if base_st >= BASE.giant_st:
        return BASE.giant_dx_penalty_hits, BASE.giant_knockdown_hits
    return BASE.dx_penalty_hits, BASE.knockdown_hits


# (a NamedTuple, frozen too: made at every blow, at about a third of an attrs record's cost)
class Injury(NamedTuple):
    """The effect of hits on a figure (ST is hits)."""

    st_before: int
    hits: int
    st: int  # after the hits
    turn_hits: int  # hits taken this turn, this blow included
    knocked_down: bool  # crossed the knockdown threshold with this blow
    dx_penalty_next_turn: bool  # the turn's hits reached the DX -2 threshold
    low_st: bool  # ST 3 or less: DX -3
    unconscious: bool  # ST 1 or less
    dead: bool  # ST 0 or less

    @property
    def out(self) -> bool:
        return self.unconscious or self.dead


def injury(st_before: int, hits: int, turn_hits_before: int, base_st: int) -> Injury:
    """Apply ``hits`` to a figure with ``st_before`` ST that has taken ``turn_hits_before``
    hits earlier this turn (reactions to injury of the base game)."""
    if hits < 0 or turn_hits_before < 0:
        raise ValueError("hits cannot be negative")
    st = st_before - hits
    turn_hits = turn_hits_before + hits
    dx_at, down_at = thresholds(base_st)
    return Injury(
        st_before, hits, st, turn_hits,
        knocked_down=turn_hits_before < down_at <= turn_hits,
        dx_penalty_next_turn=turn_hits >= dx_at,
        low_st=st <= BASE.low_st,
        unconscious=st <= BASE.unconscious_st,
        dead=st <= BASE.dead_st,
    )


def throw_damage(st: int, judo_2: bool) -> tuple[DamageDice, Modifiers]:
    """A Judo throw: fist damage +3, with Judo 2 +5 instead (seed 000)."""
    bonus = SEED.judo_2_throw_damage if judo_2 else SEED.judo_throw_damage
    name = "judo_2_throw" if judo_2 else "judo_throw"
    return unarmed_damage(st).plus(bonus), ((name, bonus),)


def automatic_hit_damage(ready: Weapon | None, st: int,
                         rules: TftRules) -> tuple[DamageDice, Modifiers]:
    """The dice of the defender's automatic hit on a repelled HTH attempt (6+, a dive's
    6-7, Judo's automatic attack): its ready weapon (bare hands without one), with no
    to-hit roll. Regular damage, as HTH did not take place (``auto_hit_uses_hth_damage``)."""
    return weapon_damage(ready, st, in_hth=rules.auto_hit_uses_hth_damage, rules=rules)
