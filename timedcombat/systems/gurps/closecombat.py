"""Seed 002's close-combat rules that are not geometry, attack or defence modifiers.

Entering (stop, evade or slam), the shield's penalties, Ready and Fast-Draw, discarding a
shield, and the chain of rolls when an attack from outside misses a close-combat hex and
may strike someone else there. Geometry is in :mod:`halfhex`; the -2, -DB and Bulk attack
modifiers in :mod:`attack`; parry, block and retreat limits in :mod:`defence`.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from timedcombat.hexmap import Hex
from timedcombat.systems.gurps.halfhex import CloseCombatHex, own_side_hexes
from timedcombat.systems.gurps.rolls import Modifiers, SuccessRoll, mods, success_roll
from timedcombat.systems.gurps.rules import MANEUVERS, SEED, STOP_IN_FOE_HEX_MANEUVERS, AttackMode

STOP, EVADE, SLAM = "stop", "evade", "slam"


def enters_close_combat(moved_into_foe_hex: bool) -> bool:
    """Seed 002: "in close combat as soon as you enter that hex, whatever your and your
    foe's maneuvers"."""
    return moved_into_foe_hex


def entering_choices(maneuver: str, movement_left: int) -> frozenset[str]:
    """What an entrant may do in the foe's hex.

    Move, Move and Attack, All-Out Attack: stop there (facing the foe), or, with movement
    left, go on by evading or (with an attack maneuver) slamming. Any other maneuver enters
    with its step and stops.
    """
    if maneuver not in STOP_IN_FOE_HEX_MANEUVERS or movement_left <= 0:
        return frozenset({STOP})
    out = {STOP, EVADE}
    if MANEUVERS[maneuver].attacks:
        out.add(SLAM)
    return frozenset(out)


def exits(cc: CloseCombatHex, who: str, grappled: bool) -> tuple[Hex, ...]:
    """Where a fighter may leave the hex to without evading: the three hexes on his side;
    none while grappled ("you cannot leave the hex until you break free")."""
    return () if grappled else own_side_hexes(cc.at, cc.side_of(who))


def attack_after_stepping_out(mode: AttackMode) -> bool:
    """A step out of the hex, then an attack: only with a reach-1 weapon (seed 002)."""
    return 1 in mode.reach


def step_after_attack(cc: CloseCombatHex, who: str, to: Hex, grappled: bool) -> bool:
    """A close-combat attack, then a step: it must end in one of the three hexes on his
    side (and not while grappled)."""
    return to in exits(cc, who, grappled)


def shield_attack_penalty(shield_db: int, entering: bool) -> int:
    """Every attack in close combat but the one that entered the hex: -DB."""
    return 0 if entering or not shield_db else SEED.shield_penalty_per_db * shield_db


def shield_dx_penalty(shield_db: int, turn_there: int) -> int:
    """Every DX roll in close combat after one's first turn there: -DB.

    ``turn_there`` counts the fighter's own turns in close combat: 1 for the turn in which
    he entered (or, entered upon, his next turn), 2 for the one after ...
    """
    if not shield_db or turn_there <= SEED.shield_dx_free_turns:
        return 0
    return SEED.shield_penalty_per_db * shield_db


def dx_roll_modifiers(shield_db: int, turn_there: int, shock: int = 0,
                      grappled_dx: int = 0) -> Modifiers:
    """Named modifiers of a DX roll in close combat (shield, shock, grappled)."""
    return mods(("shield_in_close_combat", shield_dx_penalty(shield_db, turn_there)),
                ("shock", shock), ("grappled", grappled_dx))


READY, READY_FREE, WASTED = "ready", "ready_free", "wasted"


@attrs.frozen
class ReadyOutcome:
    """Readying a weapon in close combat (seed 002).

    ``ready``: the Ready maneuver readied it; ``ready_free``: Fast-Draw readied it with no
    maneuver spent; ``wasted``: the DX roll failed and the Ready maneuver is lost.
    """

    dx: SuccessRoll
    fast_draw: SuccessRoll | None
    result: str

    @property
    def is_ready(self) -> bool:
        return self.result != WASTED


def ready_in_close_combat(dx: SuccessRoll, fast_draw: SuccessRoll | None = None) -> ReadyOutcome:
    """A DX roll to ready; with Fast-Draw, the Fast-Draw roll after a successful DX roll.

    "If the Fast-Draw roll fails you must take a full Ready maneuver": read as the weapon
    then being readied by the turn's Ready maneuver (the DX roll already made).
    """
    if not dx.success:
        return ReadyOutcome(dx, None, WASTED)
    if fast_draw is not None and fast_draw.success:
        return ReadyOutcome(dx, fast_draw, READY_FREE)
    return ReadyOutcome(dx, fast_draw, READY)


def discard_shield(dx: SuccessRoll) -> bool:
    """Getting rid of a shield in close combat: a Ready maneuver and a successful DX roll."""
    return dx.success


# --------------------------------------------------------------------------- wrong target


def wrong_target_skill(skill_against_target: int) -> int:
    """Seed 002: effective skill against a bystander is 9 or the skill one would have
    attacking him deliberately, whichever is less."""
    return min(SEED.wrong_target_skill_cap, skill_against_target)


MISS, DODGED, PARRIED, BLOCKED, HIT = "miss", "dodged", "parried", "blocked", "hit"


def strays(result: str) -> bool:
    """An attack into a close-combat hex may strike someone else after a miss or a
    successful dodge; a hit or a parry ends it (and a block, which stops the blow as a parry
    does: possible only for a bystander who retreats out of the hex)."""
    return result in (MISS, DODGED)


@attrs.frozen
class StrayRoll:
    """One roll of the wrong-target chain: the occupant tried, the skill, what happened."""

    target: str
    skill_vs_target: int
    effective_skill: int
    roll: SuccessRoll
    result: str  # miss | dodged | parried | blocked | hit (after the victim's defence)


def stray_roll(faces: Sequence[int], skill_vs_target: int) -> SuccessRoll:
    """The attack roll against a bystander at :func:`wrong_target_skill`."""
    return success_roll(faces, wrong_target_skill(skill_vs_target))


def stray(target: str, faces: Sequence[int], skill_vs_target: int,
          stopped_by: str | None = None) -> StrayRoll:
    """One link of the chain. ``stopped_by`` is the bystander's successful defence
    (``"dodge"``, ``"parry"`` or ``"block"``) when the roll hit, else ``None``."""
    roll = stray_roll(faces, skill_vs_target)
    if not roll.success:
        result = MISS
    else:
        result = {"dodge": DODGED, "parry": PARRIED, "block": BLOCKED}.get(stopped_by or "",
                                                                          HIT)
    return StrayRoll(target, skill_vs_target, roll.target, roll, result)


def chain_goes_on(results: Sequence[str], candidates_left: int) -> bool:
    """Keep rolling until someone is hit, someone parries, or the targets run out."""
    return bool(results) and strays(results[-1]) and candidates_left > 0

