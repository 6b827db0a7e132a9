"""Active defences (B374-B377) and seed 002's limits on them in close combat.

Dodge = Basic Speed + 3; Parry = 3 + skill/2 + the weapon's parry; Block = 3 + Shield/2. A
shield's DB adds to every defence from the front and its own side. Retreating gives +3 to
Dodge and +1 to Parry or Block (+3 to a fencing parry). In close combat (seed 002): dodge as
usual; parry only with a bare hand or a weapon of reach C; no block; a retreat goes out of
the hex into one of the three hexes on one's own side, only when not grappled, and lets
the fighter use any active defence (block, a longer weapon's parry) with the retreat bonus.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

import attrs

from timedcombat.hexmap import DIRECTIONS, Hex, arc
from timedcombat.systems.gurps.rolls import Modifiers, SuccessRoll, mods, success_roll
from timedcombat.systems.gurps.rules import (
    BASIC,
    MANEUVERS,
    POSTURES,
    SEED,
    STANDING,
    WEAPONS,
    Weapon,
)
from timedcombat.systems.gurps.stats import GurpsStats
from timedcombat.systems.gurps.traits import block, dodge, halve_up, parry

DODGE, PARRY, BLOCK = "dodge", "parry", "block"
INCREASED = {"increased_dodge": DODGE, "increased_parry": PARRY, "increased_block": BLOCK}


@attrs.frozen
class DefenceSituation:
    """What, besides the defender's stats, sets which defences he has and at what."""

    maneuver: str = "attack"  # the defender's last maneuver (it governs his defences)
    option: str | None = None  # All-Out Defense option
    in_close_combat: bool = False
    grappled: bool = False
    arc: str = "front"  # where the attack comes from: front | side | rear
    shield_side: bool = True  # a side attack comes from the shield's side
    stunned: bool = False
    posture: str = STANDING
    retreat: bool = False  # he wants to retreat with this defence
    retreated: bool = False  # he already retreated since his last turn
    parries: tuple[tuple[str, int], ...] = ()  # parries made since his last turn, per weapon
    blocked: bool = False  # he already blocked since his last turn
    attacked_with: tuple[str, ...] = ()  # weapons he attacked with this turn (U weapons)
    reeling: bool = False  # below 1/3 HP: Dodge halved
    lost_balance: bool = False  # critical miss 7/13: defences -2
    encumbrance: int = 0
    ranged_attack: bool = False  # arrows cannot be parried
    armed_swing: bool = True  # the attack is a swung weapon (a bare hand parries it at -3)


@attrs.frozen
class DefenceOption:
    """One defence he may make: its kind, the weapon (parry), base value and modifiers."""

    kind: str
    weapon: str | None
    base: int
    modifiers: Modifiers
    value: int
    retreat: bool


def attack_arc(at: Hex, facing: int, frm: Hex, shield_arm: str = "left") -> tuple[str, bool]:
    """Where an attack from ``frm`` comes from for a defender at ``at`` facing ``facing``:
    ``front``/``side``/``rear``, and whether it is on his shield arm's side. For an attacker
    in the same close-combat hex pass the neighbour on the attacker's side of the hex."""
    where = arc(at, facing, frm)
    fq, fr = DIRECTIONS[facing]
    tq, tr = frm[0] - at[0], frm[1] - at[1]
    cross = fr * tq - fq * tr  # > 0: to the left of the facing (counter-clockwise)
    on_shield_side = cross > 0 if shield_arm == "left" else cross < 0
    return where, where == "front" or on_shield_side


def free_hands(stats: GurpsStats, ready: Weapon) -> int:
    """Hands not holding the ready weapon or a shield."""
    used = (0 if ready.unarmed else ready.hands) + (1 if stats.shield is not None else 0)
    return max(0, 2 - used)


def can_retreat(s: DefenceSituation) -> bool:
    """Once per turn; never after Move and Attack; not while grappled (seed 002)."""
    return not s.retreated and not s.grappled and MANEUVERS[s.maneuver].defences != "dodge_block"


def situation_values(*, maneuver: str, option: str | None, in_close_combat: bool,
                     grappled: bool, arc: str, shield_side: bool, stunned: bool,
                     posture: str, retreat: bool, retreated: bool,
                     parries: tuple[tuple[str, int], ...], blocked: bool,
                     attacked_with: tuple[str, ...], reeling: bool, lost_balance: bool,
                     encumbrance: int, ranged_attack: bool, armed_swing: bool) -> tuple[Any, ...]:
    """The fields of a :class:`DefenceSituation`, in its order: the key of
    :func:`options_in` (``DefenceSituation(*values)`` is the situation)."""
    return (maneuver, option, in_close_combat, grappled, arc, shield_side, stunned, posture,
            retreat, retreated, parries, blocked, attacked_with, reeling, lost_balance,
            encumbrance, ranged_attack, armed_swing)


def with_retreat(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """:func:`situation_values` with ``retreat`` set: the same attack, retreating."""
    return (*values[:8], True, *values[9:])


@functools.lru_cache(maxsize=4096)
def options_in(stats: GurpsStats, ready: Weapon, values: tuple[Any, ...]) \
        -> tuple[DefenceOption, ...]:
    """:func:`options` in ``DefenceSituation(*values)`` (:func:`situation_values`),
    remembered per combatant, weapon and situation: the key is a plain tuple, hashed and
    compared without a call (a defence is asked for at every attack that succeeds)."""
    return options(stats, ready, DefenceSituation(*values))


@functools.lru_cache(maxsize=4096)
def retreating_in(stats: GurpsStats, ready: Weapon, values: tuple[Any, ...]) \
        -> tuple[DefenceOption, ...]:
    """The options of :func:`options_in` made with a retreat, in the same situation
    retreating (:func:`with_retreat`): those he has if he steps back (remembered)."""
    return tuple(o for o in options_in(stats, ready, with_retreat(values)) if o.retreat)


def options(stats: GurpsStats, ready: Weapon, s: DefenceSituation) -> tuple[DefenceOption, ...]:
    """Every defence the defender may make against one attack, with its value (a pure
    function of frozen records; :func:`options_in` remembers it)."""
    if MANEUVERS[s.maneuver].defences == "none" or s.arc == "rear":
        return ()
    retreat = s.retreat and can_retreat(s)
    # seed 002: retreating out of close combat "lets you use any active defence"
    close = s.in_close_combat and not retreat
    out = [_option(DODGE, None, _dodge_base(stats, s), stats, s, retreat, False)]
    if MANEUVERS[s.maneuver].defences != "dodge_block" and not s.ranged_attack:
        for w in _parry_weapons(stats, ready, close, s):
            base = parry(stats, w)
            if base is not None:
                out.append(_option(PARRY, w.name, base, stats, s, retreat, w.fencing))
    blk = block(stats)
    if blk is not None and not s.blocked and (not close or SEED.block_in_close_combat):
        out.append(_option(BLOCK, stats.shield.name if stats.shield else None, blk, stats, s,
                           retreat, False))
    return tuple(out)


def _dodge_base(stats: GurpsStats, s: DefenceSituation) -> int:
    value = dodge(stats.ht, stats.dx, s.encumbrance)
    return halve_up(value) if s.reeling else value


def _parry_weapons(stats: GurpsStats, ready: Weapon, close: bool,
                   s: DefenceSituation) -> list[Weapon]:
    """The ready weapon (if it may parry now: in close combat only reach C) and a bare hand
    (if one is free)."""
    out = []
    if not ready.ranged and not (ready.unbalanced and ready.name in s.attacked_with) and \
            (not close or ready.close):
        out.append(ready)
    if not ready.unarmed and free_hands(stats, ready) >= 1:
        out.append(WEAPONS["punch"])
    return out


def _option(kind: str, weapon: str | None, base: int, stats: GurpsStats, s: DefenceSituation,
            retreat: bool, fencing: bool) -> DefenceOption:
    pairs: list[tuple[str, int] | None] = []
    if stats.shield is not None and (s.arc == "front" or s.shield_side):
        pairs.append(("shield_db", stats.shield.db))
    if retreat:
        if kind == DODGE:
            pairs.append(("retreat", BASIC.retreat_dodge))
        else:
            pairs.append(("retreat", BASIC.retreat_fencing_parry if fencing
                          else BASIC.retreat_parry_block))
    if s.maneuver == "all_out_defense" and INCREASED.get(s.option or "increased_dodge") == kind:
        pairs.append(("all_out_defense", BASIC.all_out_defence_bonus))
    if kind == PARRY and weapon is not None:
        done = dict(s.parries).get(weapon, 0)
        step = BASIC.multiple_parry_fencing if fencing else BASIC.multiple_parry
        pairs.append(("multiple_parry", step * done))
        if weapon == "punch" and s.armed_swing:
            pairs.append(("bare_hand_vs_weapon", BASIC.unarmed_parry_vs_weapon))
    if s.arc == "side":
        pairs.append(("side_attack", BASIC.side_attack_defence))
    if s.stunned:
        pairs.append(("stunned", BASIC.stunned_defence))
    pairs.append(("posture", POSTURES[s.posture][1]))
    if s.lost_balance:
        pairs.append(("lost_balance", BASIC.lost_balance_defence))
    m = mods(*pairs)
    return DefenceOption(kind, weapon, base, m, base + sum(v for _, v in m), retreat)


def best(opts: Sequence[DefenceOption]) -> DefenceOption | None:
    """The highest defence (ties: dodge, then parry, then block - the order of listing)."""
    top: DefenceOption | None = None
    for o in opts:
        if top is None or o.value > top.value:
            top = o
    return top


class DefenceRoll(NamedTuple):
    """A defence roll against one attack (made at every defence: a ``NamedTuple``, as
    :class:`.rolls.SuccessRoll`)."""

    option: DefenceOption
    roll: SuccessRoll

    @property
    def success(self) -> bool:
        return self.roll.success


def defend(faces: Sequence[int], option: DefenceOption) -> DefenceRoll:
    """Roll 3d6 against the defence's value (3-4 always succeed, 17-18 always fail)."""
    return DefenceRoll(option, success_roll(faces, option.base, option.modifiers))
