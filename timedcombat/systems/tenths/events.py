"""Events of the ``tenths`` system beyond the core vocabulary (prefixed ``tenths.``)."""

from __future__ import annotations

from typing import ClassVar

import attrs

from timedcombat import events as ev
from timedcombat.events import Acted, Modifiers, Paired, pairs, records


@attrs.frozen(slots=True)
class TenthsPlaced(ev.Placed):
    """``placed`` with the combatant's seed 004 stats and weapons."""

    weapons: tuple[str, ...] = ()
    shield: bool = False
    stats: Modifiers = pairs()
    arms: tuple[Modifiers, ...] = records()
    style: str | None = None


@attrs.frozen(slots=True)
class TenthsAction(ev.Action):
    """``action`` with what seed 004 actions carry: a closing action, defend-only
    targets, a style, a move's goal and mode, parry time carried in (``delay``)."""

    closing: bool | None = None
    targets: tuple[str, ...] | None = None
    style: str | None = None
    to: ev.Hex | None = None
    mode: str | None = None
    delay: int | None = None


@attrs.frozen(slots=True)
class TenthsAttack(ev.Attack):
    """``attack`` with the closing action it completes, the defence tried, who holds the
    advantage after it, ``kind`` (``block`` for a blocking attack) and surprise."""

    closing: str | None = None
    defence: str | None = None
    advantage: str | None = None
    kind: str | None = None
    surprised: bool | None = None


@attrs.frozen(slots=True)
class TenthsDamage(ev.Damage):
    """``damage`` with the Blow Strength of the blow."""

    blow_strength: int | None = None


@attrs.frozen(slots=True)
class AttackLost(Paired):
    """An attack that could not be made (target out of range or out): it and its bonus are
    lost (seed 004, Closing)."""

    EVENT: ClassVar[str] = "tenths.attack_lost"
    reason: str
    closing: str | None = None
    weapon: str | None = None


@attrs.frozen(slots=True)
class PlanSkip(ev.PlanSkip):
    """The core :class:`~timedcombat.events.PlanSkip`, logged as ``tenths.plan_skip``."""

    EVENT: ClassVar[str] = "tenths.plan_skip"


@attrs.frozen(slots=True)
class Dropped(Acted):
    """A weapon dropped: it lies on the map at ``at`` until picked up."""

    EVENT: ClassVar[str] = "tenths.dropped"
    weapon: str
    at: tuple[int, int]


@attrs.frozen(slots=True)
class PickedUp(Acted):
    """A weapon picked up from the ground."""

    EVENT: ClassVar[str] = "tenths.picked_up"
    weapon: str
    at: tuple[int, int]


@attrs.frozen(slots=True)
class DefendChoice(Acted):
    """Defending only, attacked by both targets on one tenth: one is defended against,
    chosen at random."""

    EVENT: ClassVar[str] = "tenths.defend_choice"
    among: tuple[str, ...]
    roll: int
    against: str


@attrs.frozen(slots=True)
class RetreatCut(Paired):
    """A Retreat that made fewer than its two moves back, and why (``cause``: ``no free
    hex``, ``blocked by ID``, ``out``, ``fight over``, or with ``retreat_reaction =
    "cuts"`` the reaction that broke it off). ``moves``: the moves it made; 0 with no
    ``retreat`` action: it was not started, having nowhere to go."""

    EVENT: ClassVar[str] = "tenths.retreat_cut"
    moves: int
    cause: str
