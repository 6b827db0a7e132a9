"""Grappling: Attack Level, Defense Level, the two rolls of a phase and the new position.

Seed 001: "add together his Martial Arts Level, his prior phase's Position Modifier (PM),
and the move's Difficulty Rating (DR) to get his Attack Level (AL). This is cross indexed
with the opponent's Defense Level (the opponent's Martial Arts Level plus prior phase's
Position Modifier) on Combat Attack Table (4B) to find the Odds Of Success. This process
is reversed ... The character and opponent then try to roll a 00-99 percentile number
less than or equal to their Odds Of Success. If one succeeds and the other fails, the
position is changed to reflect the successful move. If both fail, position remains
constant from the last phase. If both succeed at moves that cannot coincide, such as two
Pins, they have disengaged and must reinitiate combat."
"""

from __future__ import annotations

import attrs

from timedcombat.systems.percentile.odds import grapple_odds, succeeds, verdict
from timedcombat.systems.percentile.rules import (
    CONTACT,
    EXAMPLE,
    FREEING,
    MoveSpec,
    PercentileRules,
    move_spec,
)

SUCCESS, FAILURE = "success", "failure"
CHANGED, KEPT, DISENGAGED, BOTH = "changed", "kept", "disengaged", "both"


@attrs.frozen
class GrappleAttempt:
    """One grappling move rolled: levels, odds, roll, success."""

    move: str
    variant: str | None
    limb: str | None
    mal: int
    pm: int
    dr: int
    attack_level: int
    defender_mal: int
    defender_pm: int
    defense_level: int
    odds: int
    roll: int
    success: bool

    result = verdict("success", SUCCESS, FAILURE)

    @property
    def spec(self) -> MoveSpec:
        return move_spec(self.move, self.variant)

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        return (("mal", self.mal), ("pm", self.pm), ("dr", self.dr))


def attack_level(mal: int, pm: int, dr: int) -> int:
    """AL = Martial Arts Level + prior phase's Position Modifier + Difficulty Rating."""
    return mal + pm + dr


def defense_level(mal: int, pm: int) -> int:
    """DL = the opponent's Martial Arts Level + his prior phase's Position Modifier."""
    return mal + pm


def attempt(move: str, mal: int, pm: int, defender_mal: int, defender_pm: int, roll: int, *,
            variant: str | None = None, limb: str | None = None) -> GrappleAttempt:
    """Roll one grappling move against the opponent (Table 5F's DR, Table 4B's odds)."""
    spec = move_spec(move, variant)
    al = attack_level(mal, pm, spec.dr)
    dl = defense_level(defender_mal, defender_pm)
    odds = grapple_odds(al, dl)
    return GrappleAttempt(move, spec.variant, limb, mal, pm, spec.dr, al, defender_mal,
                          defender_pm, dl, odds, roll, succeeds(roll, odds))


def can_coincide(a: MoveSpec, b: MoveSpec) -> bool:
    """Whether two successful moves can both take effect (Table 5F's ``kind``).

    A grab coincides with any move but an escape (two men can each hold the other); two
    control moves (locks, pins, throws) cannot; a successful escape frees both, whatever
    the other did (assumption: the seed gives only "two Pins" as an example).
    """
    if FREEING in (a.kind, b.kind):
        return False
    return CONTACT in (a.kind, b.kind)


@attrs.frozen
class Exchange:
    """The outcome of a phase's grappling between two combatants.

    ``applied`` lists which of the two moves (0: first, 1: second) take effect; ``pm``
    is the pair of Position Modifiers they have in the next phase. ``freed``: no hold
    between the two stays on (a successful escape took effect, or they disengaged).
    """

    result: str  # changed | kept | disengaged | both
    applied: tuple[int, ...]
    pm: tuple[int, int]
    freed: bool = False

    @property
    def disengaged(self) -> bool:
        return self.result == DISENGAGED


def exchange(first: GrappleAttempt | None, second: GrappleAttempt | None,
             pm: tuple[int, int], rules: PercentileRules | None = None) -> Exchange:
    """Resolve the grappling moves two combatants made on each other in one phase.

    ``pm`` is their prior phase's Position Modifiers. A combatant who attempted no move
    (he struck, or did nothing) counts as failing. The ``result`` is the seed's case:
    one success ``changed`` (the position becomes the successful move's: for an escape,
    "free and disengaged", both PM 0), both fail ``kept``, both succeed ``both`` or
    ``disengaged`` (moves that cannot coincide).
    """
    rules = rules or PercentileRules()
    moves = (first, second)
    if first is None and second is None:
        raise ValueError("an exchange needs at least one grappling move")
    won = tuple(i for i, m in enumerate(moves) if m is not None and m.success)
    free = (EXAMPLE.unengaged_pm, EXAMPLE.unengaged_pm)
    if not won:
        return Exchange(KEPT, (), pm)
    if len(won) == 1:
        (i,) = won
        spec = moves[i].spec  # type: ignore[union-attr]
        if spec.kind == FREEING:  # one success: the position changes to the escape's
            return Exchange(CHANGED, (i,), free, freed=True)
        new = [rules.victim_pm, rules.victim_pm]
        new[i] = spec.pm
        return Exchange(CHANGED, (i,), (new[0], new[1]))
    a, b = first.spec, second.spec  # type: ignore[union-attr]
    if can_coincide(a, b):
        return Exchange(BOTH, (0, 1), (a.pm, b.pm))
    return Exchange(DISENGAGED, (), free, freed=True)
