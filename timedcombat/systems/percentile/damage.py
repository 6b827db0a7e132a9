"""Damage: Impact, hit location, Physical Damage (PD), PD*, and the Knockout Roll.

Seed 001: "If a strike hits, use the Impact Damage data on table (5E) and the Blunt Damage
table (5D) ... to resolve damage." "A person who has been grabbed halves his Damage Bonus
for striking actions." "The PD* indicates that this damage is divided by four when
determining the chance of survival and the time of recovery." The worked example: "he
rolls a 52 for the Hit Location giving a hit into the body ... his kick does a single six
sided dice Impact. Derek rolls a 6. Using the Blunt damage table, the unarmored Captain
takes 18 PD. The Captain rolls a 05 for his Knockout Roll and keels over."
"""

from __future__ import annotations

import attrs

from timedcombat.systems.percentile.odds import chance_made, check_roll
from timedcombat.systems.percentile.rules import (
    BODY,
    SEED,
    Location,
    PercentileRules,
    location_named,
    location_of,
)


@attrs.frozen
class HitOutcome:
    """The damage of one hit: dice, location, PD and the Knockout Roll."""

    source: str
    location: str
    location_roll: int | None  # None when the damage has no location roll (throws, holds)
    base_dice: int  # Impact dice of the blow (0 for a fixed amount of PD)
    dice: int  # after halving for a grabbed striker
    halved: bool  # the striker was held: his Damage Bonus halved (even when 1 die stays 1)
    faces: tuple[int, ...]
    armor: int
    impact: int  # sum of the faces less armor (0 at least)
    pd: int
    star: bool  # PD*: counts a quarter for survival and recovery
    knockout_chance: int
    knockout_roll: int | None
    knocked_out: bool

    @property
    def effective_pd(self) -> int:
        return effective_pd(self.pd, self.star)

    @property
    def dice_text(self) -> str:
        return f"{self.dice}d6" if self.dice else ""

    @property
    def base_dice_text(self) -> str | None:
        """The blow's Impact dice before halving ("2d6"); None for a stated amount."""
        return f"{self.base_dice}d6" if self.base_dice else None


def halve_damage_bonus(dice: int, rules: PercentileRules | None = None) -> int:
    """A grabbed striker's Impact dice: halved, rounded up unless the parameter says down."""
    rules = rules or PercentileRules()
    div = SEED.grabbed_damage_divisor
    return -(-dice // div) if rules.grabbed_round_up else dice // div


def impact_dice(base_dice: int, grabbed: bool, rules: PercentileRules | None = None) -> int:
    """Impact dice of a strike: the table's dice, halved when the striker is grabbed."""
    return halve_damage_bonus(base_dice, rules) if grabbed else base_dice


def pd_of(impact: int, location: Location, edged: bool = False,
          rules: PercentileRules | None = None) -> int:
    """PD of an Impact at a location (Blunt Damage table); an edged hit multiplies it."""
    rules = rules or PercentileRules()
    pd = max(0, impact) * location.pd_per_impact
    return pd * rules.edged_pd_factor if edged else pd


def knockout_chance(pd: int, location: Location, star: bool = False,
                    rules: PercentileRules | None = None) -> int:
    """Chance (%) that a hit of ``pd`` at ``location`` knocks out: PD x factor // 100; PD*
    counted a quarter (``pd_star_knockout_quarter``), the division made once, exactly."""
    rules = rules or PercentileRules()
    quarter = star and rules.pd_star_knockout_quarter
    return pd * location.knockout_per_100_pd // (100 * (SEED.pd_star_divisor if quarter else 1))


def effective_pd(pd: int, star: bool) -> int:
    """One hit's PD as it counts for survival (and our incapacitation): PD* is divided by
    four (rounded down, assumption; a running total adds :func:`quarter_points`)."""
    return pd // SEED.pd_star_divisor if star else pd


def quarter_points(pd: int, star: bool) -> int:
    """One hit's effective PD in quarter points, exact: PD x 4, PD* x 1 (PD* "divided by
    four"), so that a running total is never rounded hit by hit (90 + 50 PD* is 35)."""
    return pd if star else pd * SEED.pd_star_divisor


def running_total(quarters: int) -> int:
    """The effective PD of a running total of quarter points, rounded down once."""
    return quarters // SEED.pd_star_divisor


def incapacitated(total_effective_pd: int, limit: int) -> bool:
    """Assumption: a combatant is down once his effective PD reaches his limit (a whole
    number: the exact total reaches it exactly when the rounded-down one does)."""
    return total_effective_pd >= limit


def _knockout(pd: int, location: Location, roll: int | None, star: bool = False,
              rules: PercentileRules | None = None) -> tuple[int, int | None, bool]:
    chance = knockout_chance(pd, location, star, rules)
    if pd <= 0:
        return chance, None, False
    if roll is None:
        raise ValueError("damage that does PD needs a Knockout Roll")
    return chance, roll, chance_made(roll, chance, rules)


def resolve_hit(source: str, base_dice: int, faces: tuple[int, ...], location_roll: int,
                knockout_roll: int | None, *, grabbed: bool = False, armor: int = 0,
                edged: bool = False, rules: PercentileRules | None = None) -> HitOutcome:
    """The damage of a strike, blow or ram that hit, from its rolled dice.

    ``faces`` are the six-sided dice actually rolled: as many as the Impact dice after
    halving. ``knockout_roll`` is needed when the hit does PD (else it is not rolled).
    ``halved`` says that the rule applied ("A person who has been grabbed halves his Damage
    Bonus"), also when rounding up leaves one die at one.
    """
    dice = impact_dice(base_dice, grabbed, rules)
    if len(faces) != dice:
        raise ValueError(f"{source}: {dice}d6 of Impact needs {dice} faces, got {len(faces)}")
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"{source}: a six-sided die shows 1-6, got {faces}")
    location = location_of(check_roll(location_roll))
    impact = max(0, sum(faces) - armor)
    pd = pd_of(impact, location, edged, rules)
    chance, ko_roll, out = _knockout(pd, location, knockout_roll, rules=rules)
    return HitOutcome(source, location.name, location_roll, base_dice, dice, grabbed,
                      tuple(faces), armor, impact, pd, False, chance, ko_roll, out)


def fixed_damage(source: str, pd: int, star: bool, knockout_roll: int | None, *,
                 location: str = BODY, knockout: bool = True,
                 rules: PercentileRules | None = None) -> HitOutcome:
    """Damage of a stated amount (a throw, a hold, an escape from a joint lock).

    ``knockout``: whether the damage calls for a Knockout Roll (throws and falls: yes, at
    the body; holds and joint-lock escapes: no, they have rules of their own; assumption).
    PD* counts a quarter for its chance (``pd_star_knockout_quarter``).
    """
    loc = location_named(location)
    if knockout:
        chance, ko_roll, out = _knockout(pd, loc, knockout_roll, star, rules)
    else:
        chance, ko_roll, out = 0, None, False
    return HitOutcome(source, loc.name, None, 0, 0, False, (), 0, 0, pd, star, chance,
                      ko_roll, out)
