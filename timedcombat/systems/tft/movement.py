"""Movement and engagement (base game): MA under armour, who is engaged, what each option
lets a figure move, shifting, and who may strike at a disengaging figure.

A figure is engaged when it stands next to a standing enemy (not in HTH) and in one of
that enemy's front hexes. A moving figure stops when it enters an enemy's front hex. An
engaged figure may only shift one hex, staying next to every enemy engaging it, unless it
disengages (one hex, in the action phase). A figure's option fixes how far it may move:
full MA (move), half MA (charge attack, dodge, HTH attempt or dive when disengaged), one
hex (the engaged options, a thrown weapon when disengaged), none (options in HTH, standing
up). An engaged figure may dive for a foe's legs too: seed 000 lets the diver disengage
from the other foes unharmed ("no figures may try to hit you as you disengage from them").
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Sequence

import attrs

from timedcombat.hexmap import DIRECTIONS, FRONT, Hex, arc, distance, facing_index, neighbour
from timedcombat.systems.tft.resolve import PRONE
from timedcombat.systems.tft.rules import BASE, Armor, TftRules

DISENGAGED, ENGAGED, IN_HTH, DOWN = "disengaged", "engaged", "in_hth", "down"
STATES = (DISENGAGED, ENGAGED, IN_HTH, DOWN)
FULL, HALF = "ma", "half_ma"

# How far each plan action lets a figure move in the movement phase, by its state at the
# start of its move (base game options; the HTH actions from seed 000). An action missing
# from a state is not allowed in it.
OPTIONS: dict[str, dict[str, str | int]] = {
    DISENGAGED: {
        "move": FULL, "attack": HALF, "dodge": HALF, "hth": HALF, "dive": HALF,
        "ready_knife": 2, "ready_weapon": 2, "pick_up": HALF, "throw": 1, "stand_still": 0,
    },
    ENGAGED: {
        "attack": 1, "defend": 1, "hth": 1, "dive": 1, "disengage": 0, "ready_knife": 1,
        "ready_weapon": 1, "pick_up": 1, "throw": 0, "stand_still": 0,
    },
    IN_HTH: {
        "attack": 0, "ready_knife": 0, "disengage": 0, "release": 0, "pin": 0,
        "take_down": 0, "stand_still": 0,
    },
    DOWN: {"stand_up": 0, "crawl": BASE.crawl_hexes, "stand_still": 0},
}


def effective_ma(ma: int, armor: Armor | None) -> int:
    """MA in armour: the table gives MA for a standard MA-10 figure; others lose as many."""
    return max(0, ma - (armor.ma_penalty if armor is not None else 0))


def move_allowance(action: str, state: str, ma: int) -> int:
    """Hexes ``action`` lets a figure of (effective) ``ma`` move from ``state``, never more
    than ``ma`` (a shift, a crawl, readying on the move: MA is the most hexes of a turn);
    ``ValueError`` when the action is not an option there."""
    limit = OPTIONS.get(state, {}).get(action)
    if limit is None:
        raise ValueError(f"{action} is not an option for a figure {state.replace('_', ' ')}")
    if limit == FULL:
        return ma
    if limit == HALF:
        return ma // BASE.half_ma_divisor
    return min(int(limit), max(0, ma))


@attrs.frozen
class Standing:
    """An enemy as the engagement rule sees it."""

    at: Hex
    facing: str
    posture: str = "standing"
    in_hth: bool = False


def engages(enemy: Standing, at: Hex) -> bool:
    """An enemy engages a figure at ``at``: adjacent, standing, not in HTH, with ``at`` in
    its front hexes."""
    return engages_from(enemy.at, facing_index(enemy.facing), enemy.posture, enemy.in_hth, at)


def engages_from(frm: Hex, facing: int, posture: str, in_hth: bool, at: Hex) -> bool:
    """:func:`engages` of an enemy at ``frm`` facing direction ``facing`` (no
    :class:`Standing` made: asked of every enemy at every step)."""
    if in_hth or posture == PRONE or distance(frm, at) != 1:
        return False
    return arc(frm, facing, at) == FRONT


def front_of(frm: Hex, facing: int, posture: str, in_hth: bool) -> tuple[Hex, ...]:
    """The hexes an enemy at ``frm`` engages (:func:`engages_from` of each neighbour, in
    direction order): his three front hexes, none when he is prone or in HTH."""
    if in_hth or posture == PRONE:
        return ()
    q, r = frm
    return tuple((q + dq, r + dr) for dq, dr in _front_offsets(facing))


@functools.lru_cache(maxsize=6)
def _front_offsets(facing: int) -> tuple[Hex, ...]:
    """The neighbours' offsets in the front arc of ``facing`` (the arc is the same from
    any hex)."""
    return tuple(d for d in DIRECTIONS if arc((0, 0), facing, d) == FRONT)


def engaged_by(at: Hex, enemies: Iterable[Standing]) -> tuple[int, ...]:
    """Indexes of the enemies that engage a figure standing at ``at``."""
    return tuple(i for i, e in enumerate(enemies) if engages(e, at))


def stops_at(at: Hex, enemies: Iterable[Standing]) -> bool:
    """A moving figure must stop on entering an enemy's front hex (it becomes engaged)."""
    return bool(engaged_by(at, enemies))


def may_shift(frm: Hex, to: Hex, engaging: Sequence[Hex]) -> bool:
    """A shift: one hex (or none), staying adjacent to every enemy engaging the figure."""
    if distance(frm, to) > BASE.shift_hexes:
        return False
    return all(distance(to, e) == 1 for e in engaging)


@attrs.frozen
class Striker:
    """A foe a figure disengages from."""

    id: str
    acted: bool  # has taken its action this turn


def disengage_strikers(foes: Sequence[Striker], rules: TftRules) -> tuple[str, ...]:
    """Foes that may strike at a figure as it disengages (or jumps a foe into HTH): those
    that have not yet taken their action this turn (``disengage_strikes_by_unacted``), in
    the order given. Never during a dive, never from foes holding it in HTH (seed 000)."""
    if rules.disengage_strikes_by_unacted:
        return tuple(f.id for f in foes if not f.acted)
    return tuple(f.id for f in foes)


def arc_from(target_at: Hex, target_facing: str, frm: Hex) -> str:
    """``front``, ``side`` or ``rear``: where ``frm`` lies as seen by the target (the arc a
    jump or dive comes from, and the arc of an attack)."""
    return arc(target_at, facing_index(target_facing), frm)


def rear_hex(at: Hex, facing: str) -> Hex:
    return neighbour(at, facing_index(facing) + 3)


def back_to_wall(at: Hex, facing: str, blocked: Collection[Hex], walls: Collection[Hex],
                 rules: TftRules) -> bool:
    """Seed 000's "the enemy has his back to the wall". ``rear_hex_wall`` (default): the
    hex straight behind it is a wall. ``cannot_retreat`` (the seed author's broad reading:
    "any case when the person ... can not retreat"): its rear hex and both rear-side hexes
    are walls or ``blocked`` (held by other figures)."""
    behind = rear_hex(at, facing)
    if rules.back_to_wall == "rear_hex_wall":
        return behind in walls
    i = facing_index(facing)
    backs = [neighbour(at, i + 2), neighbour(at, i + 3), neighbour(at, i + 4)]
    return all(h in walls or h in blocked for h in backs)


def may_try_hth_from(at: Hex, target_at: Hex) -> bool:
    """A figure tries to enter HTH from a hex next to its target ("move adjacent to the
    figure you wish to go into HTH with and stop")."""
    return distance(at, target_at) == 1
