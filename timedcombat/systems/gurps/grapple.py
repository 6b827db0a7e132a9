"""Grappling (B370-B371) and seed 002's cooperative takedowns and pins.

A grapple is an attack with DX or Wrestling and needs a free hand; the victim is at -4 DX
and (seed 002) cannot leave the hex until free. A takedown is a Quick Contest of the
highest of ST, DX and Wrestling on each side; a pin (of a foe on the ground) the same
contest. Seed 002: up to two fighters may take part in one takedown, up to three in one
pin; each chooses the Attack maneuver, the roll comes when the last of them acts, and the
score is the best ST, DX or Wrestling among them plus 1/5 (rounded down) of each helper's
matching score. Breaking free is a Quick Contest of ST against the grappler's ST.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from timedcombat.systems.gurps.rolls import Contest, Modifiers, SuccessRoll, mods, quick_contest
from timedcombat.systems.gurps.rules import SEED, GurpsRules
from timedcombat.systems.gurps.stats import GurpsStats
from timedcombat.systems.gurps.traits import grapple_skill, wrestling_st_bonus

TRAITS = ("st", "dx", "wrestling")
TAKEDOWN, PIN = "takedown", "pin"


def can_grapple(free_hands: int) -> bool:
    """A grapple needs at least one empty hand (B370)."""
    return free_hands >= 1


@attrs.frozen
class Grappler:
    """A participant's grappling scores: ST (with Wrestling's ST bonus), DX, Wrestling."""

    id: str
    st: int
    dx: int
    wrestling: int | None

    def score(self, trait: str) -> int | None:
        return {"st": self.st, "dx": self.dx, "wrestling": self.wrestling}[trait]

    def matching(self, trait: str) -> int:
        """A helper's matching score: untrained Wrestling counts as DX (grapples use DX)."""
        value = self.score(trait)
        return self.dx if value is None else value

    def best(self) -> tuple[str, int]:
        """The highest of ST, DX, Wrestling (ties: in that order)."""
        return max(((t, v) for t in TRAITS if (v := self.score(t)) is not None),
                   key=lambda tv: (tv[1], -TRAITS.index(tv[0])))


def grappler(who: str, stats: GurpsStats, rules: GurpsRules) -> Grappler:
    """The grappling scores of a combatant."""
    bonus = wrestling_st_bonus(stats) if rules.wrestling_st_bonus else 0
    return Grappler(who, stats.st + bonus, stats.dx, stats.skill("wrestling"))


def participant_limit(kind: str, rules: GurpsRules) -> int:
    """How many fighters may join one attempt (seed 002: two for a takedown, three for a
    pin; read as counting the one whose score is used unless the parameter says not)."""
    limit = SEED.takedown_max_participants if kind == TAKEDOWN else SEED.pin_max_participants
    return limit if rules.cooperative_limit_includes_leader else limit + 1


@attrs.frozen
class TeamScore:
    """The score a cooperative attempt rolls against."""

    leader: str
    trait: str
    base: int
    helpers: tuple[tuple[str, int], ...]  # (helper id, bonus: matching score // 5)
    score: int
    left_out: tuple[str, ...] = ()  # over the limit: they do not take part


def team_score(participants: Sequence[Grappler], kind: str, rules: GurpsRules) -> TeamScore:
    """Seed 002: the best ST, DX or Wrestling among the participants, plus 1/5 (round down)
    of each helper's matching score. ``participants`` in the order they act; those beyond
    the limit are left out."""
    if not participants:
        raise ValueError("a takedown or pin needs at least one participant")
    limit = participant_limit(kind, rules)
    taking_part, left_out = list(participants[:limit]), tuple(p.id for p in participants[limit:])
    best_i, (trait, base) = 0, taking_part[0].best()
    for i, p in enumerate(taking_part[1:], start=1):
        t, v = p.best()
        if v > base:
            best_i, trait, base = i, t, v
    helpers = tuple((p.id, p.matching(trait) // SEED.helper_divisor)
                    for i, p in enumerate(taking_part) if i != best_i)
    return TeamScore(taking_part[best_i].id, trait, base, helpers,
                     base + sum(b for _, b in helpers), left_out)


def resist_score(victim: Grappler, modifier: Callable[[str], int] | None = None
                 ) -> tuple[str, int]:
    """The victim resists with the highest of his ST, DX and Wrestling (B370), each
    compared as he would roll it: ``modifier(trait)`` is the sum of that roll's modifiers
    (the -4 DX of a grappled fighter, shock, the shield's DX penalty). DX 12 and ST 10,
    grappled: DX 8 against ST 10, so ST. Ties: ST, DX, Wrestling. Returns the trait and
    its unmodified score."""
    if modifier is None:
        return victim.best()
    scored = [(t, v, v + modifier(t)) for t in TRAITS if (v := victim.score(t)) is not None]
    trait, value, _ = max(scored, key=lambda tve: (tve[2], -TRAITS.index(tve[0])))
    return trait, value


VICTIM_FALLS, ATTACKER_FALLS, NOTHING, PINNED = "victim_falls", "attacker_falls", "nothing", \
    "pinned"


@attrs.frozen
class GrappleContest:
    """A takedown or pin: the team's roll against the victim's, and what came of it."""

    kind: str
    team: TeamScore
    resist_trait: str
    contest: Contest
    result: str


def takedown(team: TeamScore, team_roll: SuccessRoll, victim_trait: str,
             victim_roll: SuccessRoll, rules: GurpsRules) -> GrappleContest:
    """Win: the victim falls (next to the winner, in his hex or an adjacent one). Lose: the
    attacker falls (parameter ``takedown_loser_falls``). Tie: nothing."""
    c = quick_contest(team_roll, victim_roll)
    if c.winner == 0:
        result = VICTIM_FALLS
    elif c.winner == 1 and rules.takedown_loser_falls:
        result = ATTACKER_FALLS
    else:
        result = NOTHING
    return GrappleContest(TAKEDOWN, team, victim_trait, c, result)


def pin(team: TeamScore, team_roll: SuccessRoll, victim_trait: str,
        victim_roll: SuccessRoll) -> GrappleContest:
    """Only a foe on the ground may be pinned; win: he is pinned and helpless. Otherwise
    nothing happens."""
    c = quick_contest(team_roll, victim_roll)
    return GrappleContest(PIN, team, victim_trait, c, PINNED if c.winner == 0 else NOTHING)


def break_free_modifiers(two_hands: bool, pinned: bool, rules: GurpsRules) -> tuple[Modifiers,
                                                                                      Modifiers]:
    """(the victim's, the grappler's) named modifiers in the contest to break free."""
    return (mods(("pinned", rules.break_free_pinned if pinned else 0)),
            mods(("two_hands", rules.break_free_two_hands if two_hands else 0)))


@attrs.frozen
class BreakFree:
    contest: Contest
    free: bool


def break_free(victim_roll: SuccessRoll, grappler_roll: SuccessRoll) -> BreakFree:
    """A Quick Contest of ST: the victim is free only if he wins."""
    c = quick_contest(victim_roll, grappler_roll)
    return BreakFree(c, c.winner == 0)


def grapple_base(stats: GurpsStats) -> int:
    """The grapple attack's base skill: DX or Wrestling (B370)."""
    return grapple_skill(stats)
