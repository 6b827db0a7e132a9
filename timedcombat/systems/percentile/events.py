"""Events of the ``percentile`` system beyond the core vocabulary (prefixed ``percentile.``).

Every die rolled appears in the event that used it: a 00-99 roll as ``roll`` (and
``location_roll``, ``knockout``'s ``roll``, the ``disabled`` event's ``roll``), six-sided
Impact dice as ``faces``, a d10 as ``die`` or ``shy_roll``, the footing die as ``roll`` of
``percentile.footing``. Dice notation is given where it is not a 00-99 roll (``dice``).
Named modifiers are ``modifiers`` (written as a JSON object).

Strikes and blows are the core ``attack`` event extended (:class:`Strike`), damage the core
``damage`` event extended (:class:`Damage`), the start the core ``placed`` extended
(:class:`PercentilePlaced`): they keep the core names and add the system's fields after the
core ones. A phase is a turn of the arena's turn clock (:class:`Turn`, :class:`Phase`):
turn ``k`` (1, 2, ...) is phase ``k - 1`` (0, 1, ...) of the rules.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from timedcombat import events as core
from timedcombat.events import Acted, Hex, Modifiers, Paired, pairs
from timedcombat.turns import PhaseStart, TurnStart


@attrs.frozen(slots=True)
class Turn(TurnStart):
    """A phase begins (the arena's turn ``k`` is phase ``k - 1``): the order of action
    (scenario order of those still in the fight; the seed gives no initiative)."""

    EVENT: ClassVar[str] = "percentile.turn"


@attrs.frozen(slots=True)
class Phase(PhaseStart):
    """The phase's one span of the turn (``phase`` = ``"combat"``), ``end`` the tenth after
    its last."""

    EVENT: ClassVar[str] = "percentile.phase"


@attrs.frozen(slots=True)
class PercentilePlaced(core.Placed):
    """``placed`` with the combatant's stats (``mal``, ``bat``, equipment, mount ...) and
    the Combat Actions a phase before penalties (``budget``)."""

    stats: Modifiers = pairs()


@attrs.frozen(slots=True)
class Declare(Acted):
    """A combatant's plan for a phase, at its start: levels after penalties, and each
    action with its Combat Action cost and the tenth it falls at (``timing.schedule``)."""

    EVENT: ClassVar[str] = "percentile.declare"
    phase: int
    mal: int
    budget: int
    base_mal: int
    base_budget: int
    penalties: tuple[str, ...]
    actions: tuple[str, ...]
    costs: tuple[int, ...]
    tenths: tuple[int, ...]
    targets: tuple[str, ...] = ()  # each action's target ("" for none)


@attrs.frozen(slots=True)
class Grapple(Paired):
    """One grappling move rolled on Table 4B: AL = MAL + PM + DR against DL = MAL + PM."""

    EVENT: ClassVar[str] = "percentile.grapple"
    move: str
    attack_level: int
    defense_level: int
    odds: int
    roll: int
    result: str  # success | failure
    mal: int
    pm: int
    dr: int
    defender_mal: int
    defender_pm: int
    modifiers: Modifiers = pairs()
    kind: str | None = None
    limb: str | None = None


@attrs.frozen(slots=True)
class Position(Paired):
    """The position after a phase's grappling between two combatants (``actor``: the
    first move's maker), or ``apart``: at a phase's start, two who are out of reach of each
    other with no hold between them are no longer engaged (both PM 0)."""

    EVENT: ClassVar[str] = "percentile.position"
    result: str  # changed | kept | disengaged | both | apart
    pm: int
    target_pm: int
    applied: tuple[str, ...] = ()  # the ids whose moves took effect


@attrs.frozen(slots=True)
class Hold(Paired):
    """A hold ``actor`` put on ``target`` or let go: grab, joint lock, choke, strangle or
    pin."""

    EVENT: ClassVar[str] = "percentile.hold"
    hold: str
    state: str  # on | off
    cause: str
    limb: str | None = None
    kind: str | None = None


@attrs.frozen(slots=True)
class HoldPhase(Paired):
    """A choke or strangle hold (``actor`` the holder) at the end of its N-th phase held."""

    EVENT: ClassVar[str] = "percentile.hold_phase"
    hold: str
    phases: int
    pd: int
    total: int
    knocked_out: bool


@attrs.frozen(slots=True)
class Strike(core.Attack):
    """``attack``: a strike or blow on the Odds of Hitting (``roll`` the 00-99 roll,
    ``against`` = ``odds``, ``total`` = ``roll``, ``margin`` = odds - roll, ``dice``
    ``d100``; ``weapon`` the strike's name or the weapon). AL = level + WC + stroke, the
    Parry Type from the strikes made against the target's parries, ducks and blocks."""

    strike: str = ""
    stroke: str = ""
    attack_level: int = 0
    defense_level: int = 0
    parry: str = ""  # full | half | none
    strikes: int = 0
    parries: int = 0
    odds: int = 0
    limb: str | None = None


@attrs.frozen(slots=True)
class Damage(core.Damage):
    """``damage``: Physical Damage taken (``amount`` = ``pd``; ``star``: PD*, counted a
    quarter), ``total`` the effective PD so far, ``body`` = ``limit`` the effective PD at
    which he is down; dice (``base_dice`` the blow's own, ``dice`` those rolled: halved for
    a grabbed striker), hit location, the d10 of a (10-100) amount."""

    pd: int = 0
    star: bool = False
    limit: int = 0
    location: str = ""
    dice: str = ""  # notation of the Impact dice rolled ("1d6"), "" for a stated amount
    base_dice: str | None = None  # the strike's Impact dice before halving ("2d6"); dice hits
    faces: tuple[int, ...] = ()
    impact: int = 0
    armor: int = 0
    halved: bool = False
    by: str | None = None
    location_roll: int | None = None
    die: int | None = None  # the d10 of a (10-100) amount


@attrs.frozen(slots=True)
class Knockout(Acted):
    """The Knockout Roll after damage: out when the 00-99 roll is at or under the chance.
    ``star`` (true, or absent) says the PD was PD*: its chance counts it a quarter
    (``pd_star_knockout_quarter``)."""

    EVENT: ClassVar[str] = "percentile.knockout"
    pd: int
    location: str
    chance: int
    roll: int
    result: str  # out | up
    star: bool | None = None


@attrs.frozen(slots=True)
class Disabled(Acted):
    """A limb disabled (by an escape from a joint lock), with its permanence roll: made
    once a limb, the first time; later ones have no ``chance`` nor ``roll`` and repeat
    that roll's ``permanent``."""

    EVENT: ClassVar[str] = "percentile.disabled"
    limb: str
    cause: str
    chance: int | None = None
    roll: int | None = None
    permanent: bool = False


@attrs.frozen(slots=True)
class Throw(Paired):
    """A successful throw's effect (``actor`` the thrower): roll-out (or a rider's fall)
    and where he lands: ``hexes`` he really moved toward ``to`` (fewer than the throw sends
    him when a wall or a figure at ``blocked_at`` stops him)."""

    EVENT: ClassVar[str] = "percentile.throw"
    kind: str
    result: str  # rolled_out | unhurt | thrown
    hexes: int
    on_feet: bool
    keeps_grab: bool
    direction: str | None = None
    to: Hex | None = None
    rollout_chance: int | None = None
    roll: int | None = None  # the roll-out roll (a rider's roll is in percentile.fall)
    blocked_at: Hex | None = None  # the hex (wall, figure) that stopped him short
    planned: str | None = None  # the plan's direction, when the thrower threw another way


@attrs.frozen(slots=True)
class Fall(Acted):
    """A fall and the Fall Recovery roll: 100 / height x level %."""

    EVENT: ClassVar[str] = "percentile.fall"
    height: int
    level: int
    chance: int
    roll: int
    result: str  # unhurt | hurt


@attrs.frozen(slots=True)
class Footing(Acted):
    """A thrown man down for 1-2 phases: the die, the phases, the tenth he stands."""

    EVENT: ClassVar[str] = "percentile.footing"
    dice: str
    roll: int
    phases: int
    until: int


@attrs.frozen(slots=True)
class Control(Acted):
    """A rider's Control roll for the phase (a failure: the mount shies d10 hexes):
    ``chance`` = ``per_level`` (the Action/Reaction table's figure for his free hands, the
    example's 30 and 10) x ``horseman``."""

    EVENT: ClassVar[str] = "percentile.control"
    mount: str
    horseman: int
    free_hands: int
    per_level: int
    chance: int
    roll: int
    result: str  # success | failure
    mount_actions: int
    shy_roll: int | None = None


@attrs.frozen(slots=True)
class Ram(Paired):
    """A warhorse's ram on Table 4D (``actor`` the rider): the mount's Attack Level
    against the target's Defense Level, his Martial Arts Level."""

    EVENT: ClassVar[str] = "percentile.ram"
    mount: str
    attack_level: int
    defense_level: int
    odds: int
    roll: int
    result: str  # hit | miss


@attrs.frozen(slots=True)
class PlanSkip(core.PlanSkip):
    """The core :class:`~timedcombat.events.PlanSkip`, logged as ``percentile.plan_skip``."""

    EVENT: ClassVar[str] = "percentile.plan_skip"
