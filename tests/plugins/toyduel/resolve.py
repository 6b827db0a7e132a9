"""Pure resolution: a roll and the rules give a blow; nothing here rolls or logs."""

from __future__ import annotations

import attrs

from .rules import Rules


@attrs.frozen
class Blow:
    """What one roll of a blow comes to."""

    roll: int
    against: int
    hit: bool

    @property
    def margin(self) -> int:
        return self.roll - self.against


def blow(roll: int, rules: Rules) -> Blow:
    """A d6 ``roll`` hits on ``rules.hit_on`` or more (``against``: the highest miss)."""
    return Blow(roll, rules.hit_on - 1, roll >= rules.hit_on)


def falls(hits: int, rules: Rules) -> bool:
    """``hits`` put a fighter out."""
    return hits >= rules.hits_to_fall
