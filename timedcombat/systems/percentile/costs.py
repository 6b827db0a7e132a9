"""Combat Action costs of every plan action (seed 001's table, and our armed additions).

Seed 001: "punch or elbow 1 2 3 [short, normal, long]; knee or kick 2 3 5; duck or block an
unarmed opponent 1; duck or block an armed opponent 3; any grappling move 4". A duck "does
not preclude other actions": it only costs its Combat Actions.
"""

from __future__ import annotations

from timedcombat.systems.percentile.rules import (
    BLOCK,
    DIRTY_TRICKS,
    DUCK,
    GRAPPLES,
    NORMAL,
    PARRY,
    SEED,
    STRIKES,
    STROKES,
    UNARMED_STRIKES,
    WEAPONS,
    PercentileRules,
)

BLOW, CLOSE, RAM, REINS = "blow", "close", "ram", "reins"
FREE_ACTIONS: frozenset[str] = frozenset({RAM, REINS})  # the mount's CA / no CA at all


def action_cost(action: str, *, stroke: str | None = None, weapon: str | None = None,
                armed_opponent: bool = False, rules: PercentileRules | None = None) -> int:
    """Combat Actions ``action`` costs its maker (``stroke`` defaults to normal).

    ``armed_opponent``: whether the opponent a duck or block is made against fights with
    a weapon. ``weapon``: the maker's weapon, for a ``blow``. A ram costs the rider
    nothing (it is the mount's Combat Action); changing the hands on the reins is free
    (assumption).
    """
    rules = rules or PercentileRules()
    stroke = stroke or NORMAL
    if stroke not in STROKES:
        raise ValueError(f"stroke is one of {', '.join(STROKES)}, got {stroke!r}")
    if action in UNARMED_STRIKES or action in DIRTY_TRICKS:
        return STRIKES[action].cost(stroke)
    if action in (DUCK, BLOCK):
        return SEED.duck_block_armed_ca if armed_opponent else SEED.duck_block_unarmed_ca
    if action in GRAPPLES:
        return SEED.grapple_ca
    if action == BLOW:
        if weapon not in WEAPONS:
            raise ValueError(f"a blow needs a weapon of the table, got {weapon!r}")
        return WEAPONS[weapon].cost(stroke)
    if action == PARRY:
        return rules.weapon_parry_ca
    if action == CLOSE:
        return rules.step_ca
    if action in FREE_ACTIONS:
        return 0
    raise ValueError(f"no Combat Action cost for {action!r}")
