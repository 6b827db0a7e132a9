"""Events of the ``tft`` system: extensions of core events, and its own (prefixed ``tft.``).

Every die rolled appears in the event that used it: ``faces`` (or ``roll`` and ``rerolls``
for the one-die HTH roll, ``rolloffs`` and ``initiative`` for the order of a turn). Named
DX or roll modifiers go in ``modifiers`` (written as a JSON object).

Core events carry what they can: a to-hit roll is a core ``attack`` (:class:`TftAttack`:
``dice`` ``"3d6"`` or ``"4d6"``, ``roll`` the sum, ``against`` the adjusted DX, and the
faces, option and critical result), damage a core ``damage`` (:class:`TftDamage`: the
hits that got through as ``amount``, with the dice, armour and injury). Options chosen are
core ``action`` events (:class:`TftAction`), the start of a fight ``placed``
(:class:`TftPlaced`, with the figure's stats). Moves, facing changes (``mode: "turn"``),
targets and the prone / ``hth`` / ``pinned`` / ``out`` states use the core ``move``,
``target`` and ``state`` events.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from timedcombat import events as core
from timedcombat.events import Acted, Hex, Modifiers, Paired, pairs
from timedcombat.turns import PhaseStart, TurnStart

# --------------------------------------------------------------------------- core extensions


@attrs.frozen(slots=True)
class TftPlaced(core.Placed):
    """``placed`` with the figure's stats, equipment and talents."""

    st: int = 0
    dx: int = 0
    iq: int = 0
    ma: int = 0
    ma_armored: int = 0  # MA in its armour
    weapons: tuple[str, ...] = ()  # the first is ready
    armor: str = "none"
    shield: str | None = None
    talents: tuple[str, ...] = ()
    agrees_to_hth: bool = False


@attrs.frozen(slots=True)
class TftAction(core.Action):
    """``action``: the option a figure takes for the turn, logged when it is chosen (at the
    start of its side's movement), ``end`` its action tenth. ``state`` is the figure's state
    when it chose (``disengaged engaged in_hth down``), ``hexes`` how far the option lets it
    move, ``plan`` the index of the plan step it carries out (none: the policy chose)."""

    state: str | None = None
    hexes: int | None = None
    to: Hex | None = None
    plan: int | None = None


@attrs.frozen(slots=True)
class TftAttack(core.Attack):
    """``attack``: a to-hit roll, 3 (or 4) dice against adjusted DX. ``option``:
    ``charge``, ``attack`` (standing still or shifting), ``hth`` (in HTH), ``hth_entry``
    (the attack on entering, -4), ``strike`` (at a figure disengaging or jumping a foe),
    ``prone`` (a Judo 2 holder on the ground)."""

    option: str = ""
    faces: tuple[int, ...] = ()
    multiplier: int = 1
    in_hth: bool = False
    critical: str | None = None


@attrs.frozen(slots=True)
class TftDamage(core.Damage):
    """``damage``: hits taken (``amount``), the ST lost so far (``total``) of the basic ST
    (``body``); the roll, what armour and shield stopped, and the effect of the hits."""

    cause: str = "attack"  # attack | automatic_hit | throw
    dice: str = ""  # "1d-2"
    faces: tuple[int, ...] = ()
    multiplier: int = 1
    rolled: int = 0
    armor: int = 0  # hits stopped by armour
    shield: int = 0  # hits stopped by the shield
    hits: int = 0
    st: int = 0  # ST left
    turn_hits: int = 0
    knocked_down: bool = False
    dx_penalty_next_turn: bool = False
    modifiers: Modifiers = pairs()


# --------------------------------------------------------------------------- turns


@attrs.frozen(slots=True)
class Turn(TurnStart):
    """A turn starts: the order of action (adjusted DX, highest first, with the roll-off
    dice of ties) and the sides' moving order with their initiative dice."""

    EVENT: ClassVar[str] = "tft.turn"
    sides: tuple[str, ...] = ()  # moving order
    initiative: tuple[tuple[int, ...], ...] = ()  # parallel to sides: each side's dice
    adj_dx: tuple[int, ...] = ()  # parallel to order
    rolloffs: tuple[tuple[int, ...], ...] = ()  # parallel to order
    slots: tuple[int, ...] = ()  # parallel to order: the tenth each figure acts


@attrs.frozen(slots=True)
class Phase(PhaseStart):
    """A phase of a turn starts (``movement`` or ``action``); ``end`` is its last tenth + 1."""

    EVENT: ClassVar[str] = "tft.phase"


# --------------------------------------------------------------------------- HTH


@attrs.frozen(slots=True)
class HthRoll(Paired):
    """The defender's (``target``'s) one-die HTH roll against the attacker (``actor``)
    (seed 000): ``roll`` is the die that counted, ``rerolls`` the side/rear 6s ignored
    before it; ``reasons`` the situations (a)-(e) that let the attacker try."""

    EVENT: ClassVar[str] = "tft.hth_roll"
    kind: str  # jump | dive
    arc: str  # front | side | rear: where the attacker came from
    roll: int
    rerolls: tuple[int, ...]
    modifier: int
    total: int
    result: str
    modifiers: Modifiers = pairs()
    reasons: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class ReadyKnife(Acted):
    """Readying a knife: in HTH a 3-dice roll against DX (seed 000 option (t)); ``free``
    on the 3-4 HTH result ("has time to ready his knife") or outside HTH (no roll)."""

    EVENT: ClassVar[str] = "tft.ready_knife"
    weapon: str
    free: bool
    success: bool
    faces: tuple[int, ...] = ()
    roll: int | None = None
    against: int | None = None
    modifiers: Modifiers = pairs()


@attrs.frozen(slots=True)
class Disengage(Acted):
    """Disengaging: from engagement (one hex, foes that have not acted may strike) or from
    HTH (4 dice against adjusted DX, the holders do not strike; with several enemies and
    ``hth_disengage_rolls`` ``per_enemy``, one event per roll, ``holder`` the enemy it is
    against, ``to`` on the last, once all succeeded)."""

    EVENT: ClassVar[str] = "tft.disengage"
    hth: bool
    success: bool
    strikers: tuple[str, ...] = ()
    faces: tuple[int, ...] = ()
    roll: int | None = None
    against: int | None = None
    to: Hex | None = None
    modifiers: Modifiers = pairs()
    holder: str | None = None  # one of several enemies: its own roll (hth_disengage_rolls)


@attrs.frozen(slots=True)
class Release(Paired):
    """A figure in HTH lets another go; it stands up in an adjacent hex."""

    EVENT: ClassVar[str] = "tft.release"
    to: Hex


@attrs.frozen(slots=True)
class Throw(Paired):
    """A Judo throw: the thrower (``actor``) throws the attacker (``target``) into an
    adjacent hex (damage: ``damage``)."""

    EVENT: ClassVar[str] = "tft.throw"
    to: Hex
    bonus: int  # +3, or +5 with Judo 2


@attrs.frozen(slots=True)
class Contest(Paired):
    """A pin or take-down contest (our definition; seed 000 names them)."""

    EVENT: ClassVar[str] = "tft.contest"
    kind: str  # pin | take_down
    actor_faces: tuple[int, ...]
    target_faces: tuple[int, ...]
    actor_bonus: int
    target_bonus: int
    actor_score: int
    target_score: int
    winner: str


# --------------------------------------------------------------------------- weapons


@attrs.frozen(slots=True)
class Dropped(Acted):
    """Weapons or shields let fall; they lie at ``at``. ``cause``: ``hth_entry`` (the
    attacker's, in the hex he entered HTH from), ``hth_defender`` (the defender's, in his
    hex), ``dropped_weapon`` / ``broken_weapon`` (a to-hit roll of 17 / 18; a broken
    weapon is gone)."""

    EVENT: ClassVar[str] = "tft.dropped"
    items: tuple[str, ...]
    at: Hex
    cause: str


@attrs.frozen(slots=True)
class ReadyWeapon(Acted):
    """A carried weapon readied outside HTH (base game: ready a new weapon); the weapon it
    replaces, if any, is put away."""

    EVENT: ClassVar[str] = "tft.ready_weapon"
    weapon: str
    put_away: str | None = None


@attrs.frozen(slots=True)
class PickedUp(Acted):
    """A figure picks up its own dropped weapon (or shield) from its hex or an adjacent one."""

    EVENT: ClassVar[str] = "tft.picked_up"
    item: str
    at: Hex


# --------------------------------------------------------------------------- plans


@attrs.frozen(slots=True)
class PlanSkip(core.PlanSkip):
    """The core :class:`~timedcombat.events.PlanSkip`, logged as ``tft.plan_skip``."""

    EVENT: ClassVar[str] = "tft.plan_skip"


@attrs.frozen(slots=True)
class OptionLost(Acted):
    """An option chosen for the turn that could not be carried out at the figure's action
    tenth (no enemy in reach, knocked down first, the target gone ...)."""

    EVENT: ClassVar[str] = "tft.option_lost"
    option: str
    reason: str
