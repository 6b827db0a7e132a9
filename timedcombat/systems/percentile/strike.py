"""Striking: Attack Level, Defense Level, Parry Type and the roll of one strike or blow.

Seed 001: "Landing a strike is handled the same way as a weapon blow: the attacker compares
the number of strikes made to the target's number of parries, ducks, or blocks, then uses
rules of section 6.2 to find the Odds Of Hitting." The worked example fixes the rest:
"Derek's Attack Level is 5th (his martial arts level plus the punches WC of 2) versus the
Captain's 4th level ducks. This gives an Odds of Hitting of 18% (Full Parry ...)". So a
strike's Attack Level is level + Weapon Class (+ a stroke modifier, assumption) and its
Defense Level the defender's level of the defence he uses (MAL for ducks and blocks).
"""

from __future__ import annotations

import attrs

from timedcombat.systems.percentile.odds import parry_type, strike_odds, succeeds, verdict
from timedcombat.systems.percentile.rules import (
    BLOCK,
    DUCK,
    LONG,
    NORMAL,
    PARRY,
    SEED,
    SHORT,
    STRIKES,
    STROKES,
    WEAPONS,
    PercentileRules,
    StrikeSpec,
)

HIT, MISS = "hit", "miss"


@attrs.frozen
class StrikeOutcome:
    """One strike or blow resolved: everything its log line needs."""

    strike: str  # punch elbow knee kick shield_strike pommel_strike, or "blow"
    stroke: str
    weapon: str | None
    level: int  # the striker's MAL (weapon skill for a blow), penalties applied
    wc: int
    stroke_modifier: int
    attack_level: int
    defense_level: int
    strikes: int  # strikes the striker makes at this target this phase
    parries: int  # the target's parries, ducks and blocks against him this phase
    parry: str  # full | half | none
    odds: int
    roll: int
    hit: bool

    result = verdict("hit", HIT, MISS)

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        return (("level", self.level), ("wc", self.wc), ("stroke", self.stroke_modifier))


def strike_spec(strike: str, weapon: str | None = None) -> StrikeSpec:
    """The Table 5E row of a strike, or the weapon's row for an armed ``blow``."""
    if strike == "blow":
        if weapon not in WEAPONS:
            raise ValueError(f"a blow needs a weapon of the table, got {weapon!r}")
        return WEAPONS[weapon]
    if strike not in STRIKES:
        raise ValueError(f"not a strike: {strike!r}")
    return STRIKES[strike]


def stroke_modifier(stroke: str, rules: PercentileRules | None = None) -> int:
    """Added to a stroke's Attack Level: short and long per the parameters, normal 0."""
    rules = rules or PercentileRules()
    if stroke not in STROKES:
        raise ValueError(f"stroke is one of {', '.join(STROKES)}, got {stroke!r}")
    return {SHORT: rules.short_stroke_al, NORMAL: 0, LONG: rules.long_stroke_al}[stroke]


def strike_attack_level(level: int, wc: int, stroke: str,
                        rules: PercentileRules | None = None) -> int:
    """Attack Level of a strike: level + Weapon Class + stroke modifier."""
    return level + wc + stroke_modifier(stroke, rules)


def blow_defense_level(mal: int, skill: int, defences: tuple[str, ...] = ()) -> int:
    """Defense Level against strikes and blows: MAL for ducks and blocks, weapon skill for
    weapon parries, the better of those used (MAL when none)."""
    levels = [mal if d in (DUCK, BLOCK) else skill for d in defences if d in (DUCK, BLOCK, PARRY)]
    return max(levels) if levels else mal


def defence_allowed(defence: str, *, attacker_armed: bool, distance: int,
                    has_weapon: bool = False) -> str | None:
    """Why a defence cannot count against an attacker now, or ``None`` when it can.

    Seed 001: "When fighting an armed foe an unarmed man must either duck weapon blows, or
    close to range 1 and block the opponent's arms." A weapon parry needs a weapon.
    """
    if defence == DUCK:
        return None
    if defence == BLOCK:
        if attacker_armed and distance > SEED.blocking_range:
            return f"blocking an armed foe's arms needs range {SEED.blocking_range}"
        return None
    if defence == PARRY:
        return None if has_weapon else "a parry needs a weapon (unarmed: duck or block)"
    raise ValueError(f"not a defence: {defence!r}")


def resolve_strike(strike: str, level: int, defense_level: int, strikes: int, parries: int,
                   roll: int, *, stroke: str = NORMAL, weapon: str | None = None,
                   rules: PercentileRules | None = None) -> StrikeOutcome:
    """Resolve one strike with its 00-99 roll: hit when the roll is at or under the odds."""
    spec = strike_spec(strike, weapon)
    mod = stroke_modifier(stroke, rules)
    al = level + spec.wc + mod
    parry = parry_type(strikes, parries)
    odds = strike_odds(al, defense_level, parry)
    return StrikeOutcome(strike, stroke, weapon, level, spec.wc, mod, al, defense_level,
                         strikes, parries, parry, odds, roll, succeeds(roll, odds))
