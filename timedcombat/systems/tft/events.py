"""Events of the ``tft`` system (prefixed ``tft.``), beyond the core vocabulary.

Every die rolled appears in the event that used it: ``faces`` (or ``roll`` and ``rerolls``
for the one-die HTH roll, ``rolloffs`` and ``initiative`` for the order of a turn). Named
DX or roll modifiers go in ``modifiers`` (written as a JSON object). Moves, prone /
HTH / out states and the end use the core ``move``, ``state`` and ``end`` events.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from timedcombat.events import Event, Hex, Modifiers, pairs


@attrs.frozen(slots=True)
class Turn(Event):
    """A turn starts: the sides' moving order with their initiative dice, and the order
    of action (adjusted DX, highest first, with the roll-off dice of ties)."""

    EVENT: ClassVar[str] = "tft.turn"
    turn: int
    sides: tuple[str, ...]  # moving order
    initiative: tuple[tuple[int, ...], ...]  # parallel to sides: each side's dice
    order: tuple[str, ...]  # order of action
    adj_dx: tuple[int, ...]  # parallel to order
    rolloffs: tuple[tuple[int, ...], ...]  # parallel to order
    slots: tuple[int, ...]  # parallel to order: the tenth each figure acts


@attrs.frozen(slots=True)
class Phase(Event):
    """A phase of a turn starts (``movement`` or ``action``); ``end`` is its last tenth + 1."""

    EVENT: ClassVar[str] = "tft.phase"
    turn: int
    phase: str
    end: int


@attrs.frozen(slots=True)
class HthRoll(Event):
    """The defender's one-die HTH roll (seed 000): ``roll`` is the die that counted,
    ``rerolls`` the side/rear 6s ignored before it."""

    EVENT: ClassVar[str] = "tft.hth_roll"
    actor: str  # the attacker
    target: str  # the defender, who rolls
    kind: str  # jump | dive
    arc: str  # front | side | rear: where the attacker came from
    roll: int
    rerolls: tuple[int, ...]
    modifier: int
    total: int
    result: str
    modifiers: Modifiers = pairs()


@attrs.frozen(slots=True)
class Attack(Event):
    """A to-hit roll: 3 (or 4) dice against adjusted DX."""

    EVENT: ClassVar[str] = "tft.attack"
    actor: str
    target: str
    weapon: str  # weapon name, or "fist"
    option: str  # charge | shift | hth | hth_entry | strike | prone
    faces: tuple[int, ...]
    roll: int
    against: int  # adjusted DX
    result: str  # hit | miss
    multiplier: int
    in_hth: bool
    modifiers: Modifiers = pairs()
    critical: str | None = None


@attrs.frozen(slots=True)
class Damage(Event):
    """Damage rolled and taken, what armour and shield stopped, and its effect."""

    EVENT: ClassVar[str] = "tft.damage"
    actor: str  # who took it
    source: str  # who did it
    weapon: str
    cause: str  # attack | automatic_hit | throw
    dice: str  # "1d-2"
    faces: tuple[int, ...]
    multiplier: int
    rolled: int
    armor: int  # hits stopped by armour
    shield: int  # hits stopped by the shield
    hits: int
    st: int  # ST left
    turn_hits: int
    knocked_down: bool
    dx_penalty_next_turn: bool
    modifiers: Modifiers = pairs()


@attrs.frozen(slots=True)
class ReadyKnife(Event):
    """Readying a knife: in HTH a 3-dice roll against DX (seed 000 option (t)); ``free``
    on the 3-4 HTH result ("has time to ready his knife") or outside HTH (no roll)."""

    EVENT: ClassVar[str] = "tft.ready_knife"
    actor: str
    weapon: str
    free: bool
    success: bool
    faces: tuple[int, ...] = ()
    roll: int | None = None
    against: int | None = None
    modifiers: Modifiers = pairs()


@attrs.frozen(slots=True)
class Disengage(Event):
    """Disengaging: from engagement (one hex, foes that have not acted may strike) or from
    HTH (4 dice against adjusted DX, the holders do not strike)."""

    EVENT: ClassVar[str] = "tft.disengage"
    actor: str
    hth: bool
    success: bool
    strikers: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()
    roll: int | None = None
    against: int | None = None
    to: Hex | None = None
    modifiers: Modifiers = pairs()


@attrs.frozen(slots=True)
class Release(Event):
    """A figure in HTH lets another go; it stands up in an adjacent hex."""

    EVENT: ClassVar[str] = "tft.release"
    actor: str
    target: str
    to: Hex


@attrs.frozen(slots=True)
class Dropped(Event):
    """Weapons or shields let fall on entering HTH; they lie at ``at``."""

    EVENT: ClassVar[str] = "tft.dropped"
    actor: str
    items: tuple[str, ...]
    at: Hex
    cause: str  # hth_entry | hth_defender | dropped_weapon | broken_weapon


@attrs.frozen(slots=True)
class Throw(Event):
    """A Judo throw: the attacker is thrown into an adjacent hex (damage: ``tft.damage``)."""

    EVENT: ClassVar[str] = "tft.throw"
    actor: str  # the thrower
    target: str
    to: Hex
    bonus: int  # +3, or +5 with Judo 2


@attrs.frozen(slots=True)
class Contest(Event):
    """A pin or take-down contest (our definition; seed 000 names them)."""

    EVENT: ClassVar[str] = "tft.contest"
    actor: str
    target: str
    kind: str  # pin | take_down
    actor_faces: tuple[int, ...]
    target_faces: tuple[int, ...]
    actor_bonus: int
    target_bonus: int
    actor_score: int
    target_score: int
    winner: str


@attrs.frozen(slots=True)
class PlanSkip(Event):
    """A scripted plan action that the rules did not allow when its turn came."""

    EVENT: ClassVar[str] = "tft.plan_skip"
    actor: str
    name: str
    index: int
    reason: str
