"""Events of the ``gurps`` system: the log vocabulary of its turns and rolls.

Attacks, active defences and damage are the core ``attack``, ``defence`` and ``damage``
events, extended with the system's fields (:class:`Attack`, :class:`Defence`,
:class:`Damage` keep the core names); ``placed`` carries the combatant's GURPS stats; the
turn clock's ``gurps.turn`` and ``gurps.phase`` extend the core turn and phase records.
Everything else is prefixed ``gurps.``.

Every die rolled appears in the event that used it: a 3d6 roll as ``faces`` and ``roll``
(their sum), with ``dice`` = ``"3d6"`` on attacks and defences; damage as ``dice``
(notation) and ``faces``. Every modifier appears by name in a ``modifiers`` object, and the
bar a roll had to reach as ``effective`` (effective skill or attribute; ``against`` on the
core attack, the same number). Entering and leaving close combat, grapples, pins, posture,
stun and unconsciousness are core ``state`` events (``close_combat``, ``grappled``,
``pinned``, ``prone``, ``kneeling``, ``stunned``, ``out``, ``dead``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from timedcombat import events as core
from timedcombat import turns
from timedcombat.events import PAIRS, Acted, Event, Hex, Modifiers, Paired, pairs


def _must() -> Any:
    """A field every event of the class gives (keyword-only: it follows the core event's
    optional fields)."""
    return attrs.field(kw_only=True)


@attrs.frozen(slots=True)
class Placed(core.Placed):
    """``placed`` with the combatant's GURPS stats: ``stats`` (``st dx iq ht hp``, Basic
    Speed x 4 as ``speed_quarters``, ``move``, ``dodge``), ``skills`` by name, the weapons
    (the first is ready), the shield and its DB, the armour and its DR."""

    stats: Modifiers = pairs()
    skills: Modifiers = pairs()
    weapons: tuple[str, ...] = ()
    shield: str | None = None
    shield_db: int = 0
    armor: str = "none"
    dr: int = 0


@attrs.frozen(slots=True)
class Initiative(Event):
    """The order of action, set once at the start (B363). ``speeds`` (Basic Speed x 4),
    ``dx`` and ``rolls`` (the die each rolled) are listed in ``order``."""

    EVENT: ClassVar[str] = "gurps.initiative"
    order: tuple[str, ...]
    speeds: tuple[int, ...]
    dx: tuple[int, ...]
    rolls: tuple[int, ...]
    die: int  # sides of the die


@attrs.frozen(slots=True)
class Turn(turns.TurnStart):
    """A one-second turn begins (t = its first tenth); ``order``: who acts, in order."""

    EVENT: ClassVar[str] = "gurps.turn"


@attrs.frozen(slots=True)
class PhaseStart(turns.PhaseStart):
    """A combatant's phase of the turn: tenths ``t`` .. ``end - 1``. ``phase`` names it by
    whose it is (the ``actor``); ``rank``: his place in the turn's order (0 first)."""

    EVENT: ClassVar[str] = "gurps.phase"
    actor: str = _must()
    rank: int = _must()


@attrs.frozen(slots=True)
class Maneuver(Acted):
    """The maneuver a combatant takes in his phase (logged with the core ``action``)."""

    EVENT: ClassVar[str] = "gurps.maneuver"
    name: str  # the plan action
    maneuver: str
    end: int
    movement: int  # hexes it allows
    defences: str  # any | dodge_block | none | any_plus
    target: str | None = None
    weapon: str | None = None
    option: str | None = None
    to: Hex | None = None


@attrs.frozen(slots=True)
class Attack(core.Attack):
    """The core ``attack``: 3d6 (``dice``) against effective skill, every modifier by name.

    ``roll`` = ``total`` = the sum of ``faces``; ``against`` = ``effective`` = ``skill`` +
    the modifiers (at most ``cap``); ``margin`` = effective - roll. ``kind``:
    ``swing``/``thrust``/``punch``/``kick``/``shot`` (weapon modes), ``grapple`` or
    ``slam``. ``result``: ``hit``, ``miss``, ``dodged``, ``parried``, ``blocked``.
    ``critical``: ``success`` (no defence allowed) or ``failure``. ``entering``: the attack
    with which he entered the foe's hex (no shield penalty).
    """

    kind: str = _must()
    faces: tuple[int, ...] = _must()
    skill: int = _must()
    effective: int = _must()
    critical: str | None = None
    cap: int | None = None
    entering: bool | None = None


@attrs.frozen(slots=True)
class Defence(core.Defence):
    """The core ``defence``: an active defence roll against an attack (at the attack's
    tenth); ``kind`` dodge | parry | block, ``base`` its value before the named
    ``modifiers``, ``effective`` the bar, ``retreat`` the hex retreated into (if he did)."""

    faces: tuple[int, ...] = _must()
    base: int = _must()
    effective: int = _must()
    margin: int = _must()
    retreat: Hex | None = None
    critical: str | None = None


@attrs.frozen(slots=True)
class Damage(core.Damage):
    """The core ``damage`` of a hit, through DR to injury and HP (B377-B381). ``actor``
    took it; ``amount`` = ``injury`` (HP lost), ``total`` = HP lost so far, ``body`` =
    ``hp_max``."""

    dice: str = _must()  # e.g. "1d6+2" (the Basic Set's 1d+2)
    faces: tuple[int, ...] = _must()
    basic: int = _must()
    dr: int = _must()
    penetrating: int = _must()
    damage_type: str = _must()
    multiplier: str = _must()  # e.g. "x1.5"
    injury: int = _must()
    hp: int = _must()  # HP after
    hp_max: int = _must()
    shock: int = _must()
    major: bool = _must()
    critical: str | None = None  # the critical hit effect applied


@attrs.frozen(slots=True)
class Check(Acted):
    """A success roll that is not an attack or defence: ``kind`` ``knockdown``,
    ``consciousness``, ``death``, ``stun_recovery``, ``dx`` (to keep one's feet after a
    slam), or one side of a Quick Contest (``takedown``, ``takedown_resist`` ...)."""

    EVENT: ClassVar[str] = "gurps.check"
    kind: str
    faces: tuple[int, ...]
    roll: int
    base: int
    modifiers: Modifiers = attrs.field(metadata={"json": PAIRS})  # (given: pairs(NOTHING))
    effective: int
    margin: int
    success: bool
    result: str
    critical: str | None = None
    against: str | None = None  # the other side of a contest


@attrs.frozen(slots=True)
class Critical(Acted):
    """A roll on a critical table (B556): ``table`` ``hit`` or ``miss``; ``faces`` and
    ``roll`` the table's 3d6. When the Critical Miss Table asks for a second roll (a
    "hit yourself" with a piercing or ranged attack, a breakage-resistant weapon's break)
    it is ``second_faces`` and ``second_roll``; ``effect`` is the outcome of both."""

    EVENT: ClassVar[str] = "gurps.critical"
    table: str
    faces: tuple[int, ...]
    roll: int
    effect: str
    second_faces: tuple[int, ...] | None = None
    second_roll: int | None = None


@attrs.frozen(slots=True)
class Contest(Paired):
    """The outcome of a Quick Contest: ``kind`` ``evade``, ``takedown``, ``pin`` or
    ``break_free``. Each side's roll is the ``gurps.check`` just before it (kinds ``<kind>``
    and ``<kind>_resist``). ``leader``: whose score a takedown or pin used; ``helpers`` and
    ``helper_bonuses``: who helped and the 1/5 each added (seed 002); ``target_trait``: the
    victim's ST, DX or Wrestling, the best of them as he rolls it (after the -4 DX of a
    grappled fighter). ``winner``: an id, or null on a tie.
    """

    EVENT: ClassVar[str] = "gurps.contest"
    kind: str
    score: int
    target_score: int
    winner: str | None
    margin: int
    result: str
    leader: str | None = None
    trait: str | None = None
    helpers: tuple[str, ...] | None = None
    helper_bonuses: tuple[int, ...] | None = None
    target_trait: str | None = None  # a takedown or pin: what the victim resisted with


@attrs.frozen(slots=True)
class WrongTarget(Acted):
    """An attack into a close-combat hex that missed (or was dodged) tries the next
    occupant in the way (seed 002), at the lesser of 9 and the skill against him
    (``skill_vs_target`` = ``skill`` + the named ``modifiers``, at most ``cap``)."""

    EVENT: ClassVar[str] = "gurps.wrong_target"
    intended: str
    target: str
    skill_vs_target: int
    effective_skill: int
    faces: tuple[int, ...]
    roll: int
    margin: int
    result: str  # miss | dodged | parried | hit
    order: tuple[str, ...]  # the occupants in the way, first first
    # how skill_vs_target comes about: the weapon skill and the modifiers, by name, of a
    # deliberate attack on him (into_close_combat -2 among them), at most ``cap``
    skill: int = _must()
    modifiers: Modifiers = attrs.field(kw_only=True, metadata={"json": core.PAIRS})
    cap: int | None = None


@attrs.frozen(slots=True)
class Ready(Acted):
    """A Ready: the weapon, and in close combat the DX roll (and Fast-Draw roll) it took.

    ``result``: ``ready``, ``ready_free`` (Fast-Draw: no maneuver spent), ``wasted``;
    ``discard`` for getting rid of a shield. A Fast-Draw roll is ``fast_draw_faces``,
    ``fast_draw_roll`` against ``fast_draw_effective`` = ``fast_draw_skill`` + the named
    ``fast_draw_modifiers``.
    """

    EVENT: ClassVar[str] = "gurps.ready"
    weapon: str
    result: str
    close_combat: bool
    faces: tuple[int, ...] | None = None
    roll: int | None = None
    effective: int | None = None
    modifiers: Modifiers = pairs()
    fast_draw_faces: tuple[int, ...] | None = None
    fast_draw_roll: int | None = None
    fast_draw_effective: int | None = None
    discard: bool | None = None
    fast_draw_skill: int | None = None  # the Fast-Draw skill before its named modifiers
    fast_draw_modifiers: Modifiers | None = pairs(None)


@attrs.frozen(slots=True)
class HalfHex(Acted):
    """Who holds which half of a close-combat hex after ``actor`` enters it (seed 002):
    ``occupants`` and, in the same order, the facing name of each one's ``sides``."""

    EVENT: ClassVar[str] = "gurps.half_hex"
    at: Hex
    occupants: tuple[str, ...]
    sides: tuple[str, ...]


@attrs.frozen(slots=True)
class Slam(Paired):
    """The damage exchange of a slam that hit (B371): dice of each, who falls."""

    EVENT: ClassVar[str] = "gurps.slam"
    velocity: int
    dice: str
    faces: tuple[int, ...]
    dealt: int
    target_dice: str
    target_faces: tuple[int, ...]
    taken: int
    falls: tuple[str, ...]
    dx_roll: tuple[str, ...]


@attrs.frozen(slots=True)
class PlanSkip(core.PlanSkip):
    """The core :class:`~timedcombat.events.PlanSkip`, logged as ``gurps.plan_skip``."""

    EVENT: ClassVar[str] = "gurps.plan_skip"


@attrs.frozen(slots=True)
class AttackLost(Paired):
    """An attack a maneuver would have made but could not (``reason``: the target went
    out of reach, out of the fight, or the attacker lost his balance)."""

    EVENT: ClassVar[str] = "gurps.attack_lost"
    reason: str


@attrs.frozen(slots=True)
class NoDefence(Acted):
    """A successful attack roll (or wrong-target roll) on ``actor`` that he may not defend
    against, logged where his ``defence`` would be: ``reason`` ``critical hit``,
    ``all-out attack`` (his maneuver allows none), ``from behind``, ``pinned``, ``staying
    conscious`` (at 0 HP or less, doing nothing with ``zero_hp_idle_defends`` off), ``none
    chosen``."""

    EVENT: ClassVar[str] = "gurps.no_defence"
    against: str
    reason: str


@attrs.frozen(slots=True)
class Mishap(Acted):
    """What a critical miss (B556) or a critical hit's ``drop`` did to a fighter's weapon
    or footing: ``effect`` as in the critical tables (``drop``, ``break``, ``flies``,
    ``turns_in_hand``, ``strain``, ``lose_balance``, ``fall``)."""

    EVENT: ClassVar[str] = "gurps.mishap"
    effect: str
    weapon: str | None = None
