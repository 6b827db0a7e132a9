"""Odds of Success and Odds of Hitting: the Combat Attack Tables, Parry Types, the roll.

Every check of the system is one 00-99 roll "less than or equal to" a chance (seed 001:
"try to roll a 00-99 percentile number less than or equal to their Odds Of Success"), so
odds of 30 succeed on 00-30; a chance stated as "N %" is rolled the same way unless the
``chance_roll`` parameter says under (:func:`chance_made`). Pure functions; the tables
are data in :mod:`.rules`.
"""

from __future__ import annotations

from typing import Any

from timedcombat.systems.percentile.rules import (
    FULL_PARRY,
    HALF_PARRY,
    NO_PARRY,
    SEED,
    STRIKE_TABLES,
    TABLE_4B,
    TABLE_4D,
    UNDER,
    PercentileRules,
)


def verdict(flag: str, yes: str, no: str) -> Any:
    """The ``result`` property of a resolved roll's record: ``yes`` when its field
    ``flag`` is true, else ``no`` (``hit``/``miss``, ``success``/``failure`` ...)."""

    def result(self: object) -> str:
        return yes if getattr(self, flag) else no

    return property(result, doc=f"{yes!r} or {no!r} (the log's ``result``)")


def check_roll(roll: int) -> int:
    """A 00-99 roll, or ``ValueError``."""
    low, high = SEED.odds_roll
    if not low <= roll <= high:
        raise ValueError(f"a percentile roll is 00-99, got {roll}")
    return roll


def succeeds(roll: int, chance: int) -> bool:
    """A 00-99 roll succeeds when it is at or under the chance (the Odds of Success and of
    Hitting: "less than or equal to their Odds Of Success")."""
    return check_roll(roll) <= chance


def chance_made(roll: int, chance: int, rules: PercentileRules | None = None) -> bool:
    """A 00-99 roll against a chance the text states as "N %" (roll-out, permanence,
    control, fall, knockout): at or under it, or under it (``chance_roll``)."""
    rules = rules or PercentileRules()
    if rules.chance_roll == UNDER:
        return check_roll(roll) < chance
    return succeeds(roll, chance)


def grapple_odds(attack_level: int, defense_level: int) -> int:
    """Odds of Success of a grappling move: Combat Attack Table (4B)."""
    return TABLE_4B.odds(attack_level, defense_level)


def ram_odds(attack_level: int, defense_level: int) -> int:
    """Odds of Hitting of a warhorse's ram: Combat Attack Table (4D)."""
    return TABLE_4D.odds(attack_level, defense_level)


def parry_type(strikes: int, parries: int) -> str:
    """The defender's Parry Type against one striker's blows in a phase.

    Seed 001: "the attacker compares the number of strikes made to the target's number of
    parries, ducks, or blocks". Full Parry when the parries cover every strike (the
    example: two ducks against two punches), Half Parry when they cover at least half of
    them, else No Parry (assumption: the split is not in the text).
    """
    if strikes < 1:
        raise ValueError("a Parry Type needs at least one strike")
    if parries < 0:
        raise ValueError("parries cannot be negative")
    if parries >= strikes:
        return FULL_PARRY
    if 2 * parries >= strikes:
        return HALF_PARRY
    return NO_PARRY


def strike_odds(attack_level: int, defense_level: int, parry: str) -> int:
    """Odds of Hitting of a strike or blow against a Parry Type (No Parry: Table 4D)."""
    if parry not in (FULL_PARRY, HALF_PARRY, NO_PARRY):
        raise ValueError(f"not a Parry Type: {parry!r}")
    return STRIKE_TABLES[parry].odds(attack_level, defense_level)
