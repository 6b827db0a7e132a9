"""Rule data of the ``percentile`` system (seed 001: unarmed martial arts of *Rhand*).

The data is kept in three kinds, so a reader can tell what the text says from what we added:

* :data:`SEED` - numbers the seed states as rules (costs, penalties, hold damage, throws).
* :data:`EXAMPLE` - numbers only the worked example "Captain Plunder vs Derek" gives
  (difficulty ratings of four moves, two position modifiers, control-roll factors, a
  warhorse's attack level). They are the source's own figures, used beyond the example.
* Base-rule tables of the published game that the seed refers to but does not print
  (Combat Attack Tables 4B and 4D, Blunt Damage 5D, Impact Damage 5E, DR/PM 5F), and the
  armed and mounted data a fight needs: *reconstructed*. Every point the worked example
  fixes is reproduced; every other value is ours. Each record says which (``source``).

Scalar gaps are parameters of :class:`PercentileRules` (a scenario's ``[rules]`` table may
override them); ``docs/rules/percentile.md`` lists them under "Assumptions (not in the
source)". :func:`tables` shows all of it as :class:`~timedcombat.systems.base.RuleTable`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import TypeVar

import attrs

from timedcombat.systems.base import RuleParameters, RuleTable, param, parameters_table

K = TypeVar("K")
T = TypeVar("T")


def keyed(key: Callable[[T], K], rows: Iterable[T]) -> dict[K, T]:
    """A table's rows by their key (``attrgetter("name")``), in the order given."""
    return {key(row): row for row in rows}


SEED_TEXT = "seed 001"
EXAMPLE_TEXT = "seed 001, worked example"
ASSUMED = "assumption"

SHORT, NORMAL, LONG = "short", "normal", "long"
STROKES: tuple[str, ...] = (SHORT, NORMAL, LONG)

LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG = "left_arm", "right_arm", "left_leg", "right_leg"
ARMS: tuple[str, ...] = (LEFT_ARM, RIGHT_ARM)
LEGS: tuple[str, ...] = (LEFT_LEG, RIGHT_LEG)
LIMBS: tuple[str, ...] = ARMS + LEGS
HEAD, BODY = "head", "body"

# Grappling moves (seed: "Grabs, Locks. Escapes, Pins, and Throws"; locks are joint locks,
# choke holds and strangle holds).
GRAB, JOINT_LOCK, CHOKE, STRANGLE = "grab", "joint_lock", "choke", "strangle"
ESCAPE, PIN, THROW = "escape", "pin", "throw"
GRAPPLES: tuple[str, ...] = (GRAB, JOINT_LOCK, CHOKE, STRANGLE, ESCAPE, PIN, THROW)
HOLDS: tuple[str, ...] = (GRAB, JOINT_LOCK, CHOKE, STRANGLE, PIN)

# The three pins (seed: "The easiest uses all of the attacker's limbs to maintain the Pin.
# The other two free one or both of the attacker's arms").
PIN_ALL_LIMBS, PIN_ONE_ARM_FREE, PIN_BOTH_ARMS_FREE = "all_limbs", "one_arm_free", \
    "both_arms_free"
PIN_KINDS: tuple[str, ...] = (PIN_ALL_LIMBS, PIN_ONE_ARM_FREE, PIN_BOTH_ARMS_FREE)
# Throws: the seed names a Non-injuring and an Injuring Throw.
NON_INJURING, INJURING = "non_injuring", "injuring"
THROW_KINDS: tuple[str, ...] = (NON_INJURING, INJURING)
# How a chance stated as "N %" is rolled on the 00-99 die (``chance_roll``).
AT_OR_UNDER, UNDER = "at_or_under", "under"
CHANCE_ROLLS: tuple[str, ...] = (AT_OR_UNDER, UNDER)
# What a throw whose way is blocked (a wall, a figure) does (``throw_blocked``).
BLOCKED_STOP, BLOCKED_REDIRECT = "stop", "redirect"
THROW_BLOCKED: tuple[str, ...] = (BLOCKED_STOP, BLOCKED_REDIRECT)

PUNCH, ELBOW, KNEE, KICK = "punch", "elbow", "knee", "kick"
HEAD_BUTT = "head_butt"  # "Strikes are blows using the hands, elbows, knees, head, and feet"
UNARMED_STRIKES: tuple[str, ...] = (PUNCH, ELBOW, KNEE, KICK, HEAD_BUTT)
SHIELD_STRIKE, POMMEL_STRIKE = "shield_strike", "pommel_strike"
DIRTY_TRICKS: tuple[str, ...] = (SHIELD_STRIKE, POMMEL_STRIKE)
DUCK, BLOCK, PARRY = "duck", "block", "parry"

FULL_PARRY, HALF_PARRY, NO_PARRY = "full", "half", "none"
PARRY_TYPES: tuple[str, ...] = (FULL_PARRY, HALF_PARRY, NO_PARRY)


# --------------------------------------------------------------------------- the seed


@attrs.frozen
class SeedRules:
    """Numbers seed 001 states. Names say where each one comes from."""

    ca_per_bat: int = 6  # "the character gets six times his Base Action Time (BAT) CAs"
    punch_elbow_ca: tuple[int, int, int] = (1, 2, 3)  # "punch or elbow 1 2 3" (S/N/L)
    knee_kick_ca: tuple[int, int, int] = (2, 3, 5)  # "knee or kick 2 3 5"
    duck_block_unarmed_ca: int = 1  # "duck or block an unarmed opponent 1"
    duck_block_armed_ca: int = 3  # "duck or block an armed opponent 3"
    grapple_ca: int = 4  # "any grappling move 4"; "All Grappling moves take four CAs"
    blocking_range: int = 1  # "close to range 1 and block the opponent's arms"
    grabbed_damage_divisor: int = 2  # "A person who has been grabbed halves his Damage Bonus"
    choke_knockout_phases: int = 2  # "knocked out after two phases in a Choke Hold"
    strangle_knockout_phases: int = 10  # "and ten phases in a Strangle Hold"
    choke_pd_factor: int = 10  # "A Choke Hold held for N phases does 10 x N x N PD"
    strangle_pd_factor: int = 1  # "A Strangle Hold held for N phases does N x N PD"
    joint_escape_pd: tuple[int, int] = (10, 100)  # "(10-100) PD* are taken"
    joint_permanent_chance: int = 20  # "a 20% chance of becoming permanently useless"
    throw_hexes: int = 1  # "thrown one hex in a direction chosen by the attacker"
    rollout_per_mal: int = 10  # "a 10 x (his Martial Arts Level) % chance of rolling out"
    rollout_hexes: int = 3  # "he moves 3 hexes in the direction of the Throw"
    non_injuring_throw_pd: int = 30  # "(30) PD* from a Non-injuring Throw"
    injuring_throw_pd: tuple[int, int] = (10, 100)  # "(10-100) PD from an Injuring Throw"
    footing_phases: tuple[int, int] = (1, 2)  # "it takes 1 to 2 phases to regain footing"
    pd_star_divisor: int = 4  # "PD* ... divided by four when determining the chance of
    #                           survival and the time of recovery"
    odds_roll: tuple[int, int] = (0, 99)  # "roll a 00-99 percentile number less than or
    #                                        equal to their Odds Of Success"


SEED = SeedRules()


@attrs.frozen
class ExampleRules:
    """Numbers only the worked example ("Captain Plunder vs Derek") gives."""

    grab_dr: int = -2  # "minus the move's Difficulty Rating of 2"
    escape_dr: int = 4  # "AL = 3 (martial arts level) + 4 (Difficulty Rating) + 0 (PM)"
    throw_dr: int = -5  # dragging a man off a horse (a Throw): "AL = 4 -5 (DR) + 7 (PM)"
    joint_lock_dr: int = -10  # "The Captain's AL is 4 -10 + 6 = 0"
    grab_pm: int = 7  # after his grab: "Defense Level is 4 (martial arts level) + 7 (PM)"
    throw_pm: int = 6  # after the drag: "4 -10 + 6" (the next phase's PM)
    unengaged_pm: int = 0  # "Since last phase they were not engaged in combat the PM = 0"
    punch_wc: int = 2  # "his martial arts level plus the punches WC of 2"
    long_kick_dice: int = 2  # "A long stroke kick would do two six sided dice Impact"
    control_one_hand_free: int = 30  # "with one hand free, he has a 30 x 3 = 90% chance"
    control_both_hands_free: int = 10  # "The chance of success is now 10 x 3 = 30%"
    shy_die: int = 10  # "4 hexes per phase (determined from the roll of a ten sided die)"
    warhorse_attack_level: int = 1  # "the warhorse's Attack Level of 1"
    warhorse_height_feet: int = 5  # "a fall from five feet onto the hard street"
    fall_recovery_base: int = 100  # "100 / 5 x 2 = 40% (Derek is 2nd level Fall Recovery)"
    horseman_levels_per_mount_ca: int = 3  # "Being a 3rd level Horseman, Derek's warhorse
    #                                         may take 1 Combat Action" (read as level // 3)
    body_pd_per_impact: int = 3  # "he rolls a 6 ... the unarmored Captain takes 18 PD"
    #                              (a body hit; location roll 52)


EXAMPLE = ExampleRules()


@attrs.frozen
class Penalty:
    """A row of the seed's penalty table: what it is taken off MAL and the CA a phase."""

    name: str
    key: str
    mal: int
    ca: int


# "Penalties to the Martial Arts Level and Combat Actions allowed per phase are listed below."
PENALTIES: dict[str, Penalty] = keyed(attrgetter("key"), (
    Penalty("arm disabled", "arm_disabled", -8, -3),
    Penalty("leg disabled", "leg_disabled", -12, -3),
    Penalty("strapped in shield", "shield", -3, -2),
    Penalty("holding an object", "holding", -2, -2),
    Penalty("surprised, attack from front", "surprised_front", -2, -2),
    Penalty("surprised, attack from rear", "surprised_rear", -15, -4),
))


# --------------------------------------------------------------------------- 4B / 4D


def _half_up(num: int, den: int) -> int:
    """num / den rounded half up, for positive ``den``."""
    return (2 * num + den) // (2 * den)


@attrs.frozen
class CombatTable:
    """A Combat Attack Table: the Odds of Success by Attack Level minus Defense Level.

    The table is given as anchor points ``(difference, odds)``: between two anchors the
    odds rise linearly (rounded half up); below the first and above the last they stay.
    """

    name: str
    title: str
    anchors: tuple[tuple[int, int], ...]
    source: str

    def by_difference(self, difference: int) -> int:
        points = self.anchors
        if difference <= points[0][0]:
            return points[0][1]
        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
            if difference <= x1:
                return y0 + _half_up((y1 - y0) * (difference - x0), x1 - x0)
        return points[-1][1]

    def odds(self, attack_level: int, defense_level: int) -> int:
        """Odds of Success (00-99 roll at or under) of Attack Level against Defense Level."""
        return self.by_difference(attack_level - defense_level)


TABLE_4B = CombatTable(
    "4B", "Combat Attack Table (4B): grappling",
    ((-15, 0), (-3, 24), (-1, 30), (16, 98)),
    "reconstruction: the example's four grapple points AL 2 v DL 3 = 30, AL 7 v 11 = 22, "
    "AL 6 v 3 = 46, AL 0 v 3 = 24 are the source's; the rest (linear, +2 a level below "
    "AL - DL = -3, +3 to -1, +4 above, 0 to 98) is ours",
)
TABLE_4D = CombatTable(
    "4D", "Combat Attack Table (4D): blows against no parry, the warhorse's ram",
    ((-18, 0), (-6, 24), (12, 96), (13, 98)),
    "reconstruction: the example's ram AL 1 v DL 4 = 36 is the source's; the rest is ours",
)
FULL_PARRY_TABLE = CombatTable(
    "full_parry", "Odds of Hitting against a Full Parry",
    ((-7, 0), (0, 14), (21, 98)),
    "reconstruction: the example's punches AL 5 v 4 = 18 and long kick AL 4 v 4 = 14 are the "
    "source's; the rest is ours",
)
HALF_PARRY_TABLE = CombatTable(
    "half_parry", "Odds of Hitting against a Half Parry",
    ((-13, 0), (-6, 14), (0, 32), (16, 96), (17, 98)),
    "assumption: between the Full Parry and the No Parry (4D) tables",
)
STRIKE_TABLES: dict[str, CombatTable] = {
    FULL_PARRY: FULL_PARRY_TABLE, HALF_PARRY: HALF_PARRY_TABLE, NO_PARRY: TABLE_4D,
}


# --------------------------------------------------------------------------- 5F


@attrs.frozen
class MoveSpec:
    """A row of Table 5F: a grappling move's Difficulty Rating and Position Modifier.

    ``pm`` is the Position Modifier its maker has in the next phase when it succeeds (the
    one it was made on has ``PercentileRules.victim_pm``). ``kind`` decides which moves can
    coincide: ``contact`` (grabs) with anything, ``control`` moves not with each other,
    ``escape`` with nothing. ``arms``/``legs``: the maker's limbs a hold keeps busy.
    """

    move: str
    variant: str | None
    dr: int
    pm: int
    kind: str
    arms: int
    legs: int
    source: str


CONTACT, CONTROL, FREEING = "contact", "control", "escape"

TABLE_5F: dict[tuple[str, str | None], MoveSpec] = keyed(attrgetter("move", "variant"), (
    MoveSpec(GRAB, None, EXAMPLE.grab_dr, EXAMPLE.grab_pm, CONTACT, 1, 0,
             "example (DR -2; PM 7 in the next phase)"),
    MoveSpec(JOINT_LOCK, None, EXAMPLE.joint_lock_dr, 8, CONTROL, 2, 0,
             "example DR -10; PM assumption"),
    MoveSpec(CHOKE, None, -8, 6, CONTROL, 2, 0, ASSUMED),
    MoveSpec(STRANGLE, None, -6, 5, CONTROL, 2, 0, ASSUMED),
    MoveSpec(ESCAPE, None, EXAMPLE.escape_dr, 0, FREEING, 0, 0,
             "example DR +4; PM 0: 'the opponents are free and disengaged'"),
    MoveSpec(PIN, PIN_ALL_LIMBS, -6, 8, CONTROL, 2, 2,
             "assumption (the seed: the easiest pin, all the attacker's limbs)"),
    MoveSpec(PIN, PIN_ONE_ARM_FREE, -9, 8, CONTROL, 1, 2, ASSUMED),
    MoveSpec(PIN, PIN_BOTH_ARMS_FREE, -12, 8, CONTROL, 0, 2, ASSUMED),
    MoveSpec(THROW, NON_INJURING, EXAMPLE.throw_dr, EXAMPLE.throw_pm, CONTROL, 0, 0,
             "example (dragging Derek off his horse: DR -5, PM 6 in the next phase)"),
    MoveSpec(THROW, INJURING, -8, EXAMPLE.throw_pm, CONTROL, 0, 0,
             "assumption (harder than a non-injuring throw)"),
))

DEFAULT_VARIANT: dict[str, str | None] = {PIN: PIN_ALL_LIMBS, THROW: NON_INJURING}


def move_spec(move: str, variant: str | None = None) -> MoveSpec:
    """The Table 5F row of a grappling move (pins and throws default to the easiest kind)."""
    key = (move, variant if variant is not None else DEFAULT_VARIANT.get(move))
    try:
        return TABLE_5F[key]
    except KeyError:
        raise ValueError(f"no grappling move {move!r} of kind {variant!r}") from None


# --------------------------------------------------------------------------- 5E and weapons


@attrs.frozen
class StrikeSpec:
    """A strike of Table 5E (or an armed blow): Weapon Class, CA cost and Impact dice by stroke.

    ``dice`` is the Impact in six-sided dice (the striker's Damage Bonus for the blow);
    ``limb`` is the kind of limb it is struck with (``arm``/``leg``), ``None`` for weapons.
    """

    name: str
    wc: int
    costs: tuple[int, int, int]
    dice: tuple[int, int, int]
    limb: str | None = None
    edged: bool = False
    reach: int = 1
    hands: int = 1
    source: str = ASSUMED

    def cost(self, stroke: str = NORMAL) -> int:
        return self.costs[STROKES.index(stroke)]

    def impact_dice(self, stroke: str = NORMAL) -> int:
        return self.dice[STROKES.index(stroke)]


STRIKES: dict[str, StrikeSpec] = keyed(attrgetter("name"), (
    StrikeSpec(PUNCH, EXAMPLE.punch_wc, SEED.punch_elbow_ca, (1, 1, 2), "arm",
               source="costs: seed; WC 2: example; dice: assumption"),
    StrikeSpec(ELBOW, 1, SEED.punch_elbow_ca, (1, 2, 2), "arm",
               source="costs: seed; WC and dice: assumption"),
    StrikeSpec(KNEE, 0, SEED.knee_kick_ca, (1, 2, 2), "leg",
               source="costs: seed; WC and dice: assumption"),
    StrikeSpec(KICK, 0, SEED.knee_kick_ca, (1, 2, EXAMPLE.long_kick_dice), "leg",
               source="costs: seed; long 2 dice: example; WC 0 so that the example's "
               "long kick (AL 3 + 0 + long 1) at a Full Parry gives 14; rest assumption"),
    StrikeSpec(HEAD_BUTT, 1, SEED.punch_elbow_ca, (1, 1, 2), "head",
               source="named by the seed ('blows using the ... head'); costs as a punch "
               "or elbow, WC and dice: assumption"),
    # "Table (5E) also shows the Impact Damage of various dirty tricks such as shield and
    # pommel strikes which may be done in place of other armed combat acts."
    StrikeSpec(SHIELD_STRIKE, 1, (2, 2, 2), (1, 1, 1), None,
               source="named by the seed; figures assumption"),
    StrikeSpec(POMMEL_STRIKE, 2, (2, 2, 2), (1, 1, 1), None,
               source="named by the seed; figures assumption"),
))

# Assumption: the seed names no weapons; an armed foe needs the armed rules' stroke costs.
WEAPONS: dict[str, StrikeSpec] = keyed(attrgetter("name"), (
    StrikeSpec("dagger", 3, (1, 2, 3), (1, 1, 2), edged=True, reach=1, hands=1),
    StrikeSpec("sword", 2, (2, 3, 4), (1, 2, 3), edged=True, reach=2, hands=1),
    StrikeSpec("club", 2, (2, 3, 4), (1, 2, 3), edged=False, reach=1, hands=1),
    StrikeSpec("spear", 1, (2, 3, 5), (1, 2, 3), edged=True, reach=2, hands=2),
    StrikeSpec("staff", 2, (2, 3, 4), (1, 2, 2), edged=False, reach=2, hands=2),
))


# --------------------------------------------------------------------------- 5D


@attrs.frozen
class Location:
    """A row of the Blunt Damage table (5D): hit location by a 00-99 roll, PD per point of
    Impact, and the Knockout chance per PD (in hundredths of a percent point)."""

    name: str
    low: int
    high: int
    pd_per_impact: int
    knockout_per_100_pd: int
    source: str = ASSUMED


TABLE_5D: tuple[Location, ...] = (
    Location(HEAD, 0, 9, 5, 300),
    Location(RIGHT_ARM, 10, 19, 2, 50),
    Location(LEFT_ARM, 20, 29, 2, 50),
    Location(BODY, 30, 69, EXAMPLE.body_pd_per_impact, 100,
             "example: roll 52 is the body; Impact 6 gives 18 PD; the Knockout Roll 05 "
             "against 18 PD knocks out (chance = PD); the roll ranges are assumption"),
    Location(RIGHT_LEG, 70, 84, 2, 50),
    Location(LEFT_LEG, 85, 99, 2, 50),
)


def location_of(roll: int) -> Location:
    """The hit location of a 00-99 roll on the Blunt Damage table."""
    for loc in TABLE_5D:
        if loc.low <= roll <= loc.high:
            return loc
    raise ValueError(f"hit-location roll {roll} is not 00-99")


def location_named(name: str) -> Location:
    for loc in TABLE_5D:
        if loc.name == name:
            return loc
    raise ValueError(f"no hit location {name!r}")


# --------------------------------------------------------------------------- mounts


@attrs.frozen
class MountSpec:
    """A mount: its Attack Level for a ram (Table 4D), the ram's Impact dice, the height a
    rider falls from, and whether it is trained to fight (only a warhorse rams)."""

    name: str
    attack_level: int
    ram_dice: int
    height_feet: int
    rams: bool
    source: str


MOUNTS: dict[str, MountSpec] = keyed(attrgetter("name"), (
    MountSpec("warhorse", EXAMPLE.warhorse_attack_level, 3, EXAMPLE.warhorse_height_feet,
              True, "example: Attack Level 1, a fall from five feet; ram dice assumption"),
    MountSpec("horse", 0, 2, EXAMPLE.warhorse_height_feet, False, ASSUMED),
))

# Control roll, per Horseman level, by the rider's free hands (Action/Reaction table,
# "Combat Maneuvering"): one hand free 30 and both free 10 are the example's.
CONTROL_PER_LEVEL: dict[int, tuple[int, str]] = {
    0: (50, "assumption: both hands on the reins"),
    1: (EXAMPLE.control_one_hand_free, "example: one hand free"),
    2: (EXAMPLE.control_both_hands_free, "example: both hands free"),
}


# --------------------------------------------------------------------------- parameters


@attrs.frozen
class PercentileRules(RuleParameters):
    """Overridable parameters: every scalar gap seed 001 leaves, filled once."""

    phase_tenths: int = param(
        20, "Length of a phase in tenths of a second (the seed does not say).")
    victim_pm: int = param(
        0, "Position Modifier, in the next phase, of the one a successful grappling move was "
        "made on (the example's Derek keeps 0 while grabbed and after being dragged down).")
    grapples_per_phase: int = param(
        1, "Grappling moves a combatant may attempt on one opponent in a phase (the seed: "
        "'When Grappling each person attempts a move on his opponent').")
    short_stroke_al: int = param(
        -1, "Added to the Attack Level of a short stroke (strike or armed blow).")
    long_stroke_al: int = param(
        1, "Added to the Attack Level of a long stroke (the example's long kick needs the "
        "kick's WC 0 + 1 for its 14 %).")
    grabbed_round_up: bool = param(
        True, "A grabbed striker's halved Damage Bonus (Impact dice) is rounded up (false: "
        "down, a 1-die strike then does no Impact).")
    edged_pd_factor: int = param(
        2, "PD of an edged weapon's hit = the Blunt Damage table's PD times this.")
    pd_limit: int = param(
        100, "Physical Damage (PD* counted a quarter) at which a combatant is incapacitated "
        "(down) unless his stats give pd_limit.")
    armed_ca_per_bat: int = param(
        6, "Combat Actions a phase per BAT of a combatant fighting with a weapon (the seed "
        "gives six for martial arts only).")
    weapon_parry_ca: int = param(
        2, "Combat Actions of a parry with a weapon.")
    step_ca: int = param(
        2, "Combat Actions of stepping one hex (closing in, stepping away).")
    unarmed_reach: int = param(
        1, "Range in hexes of strikes and grappling moves.")
    hold_first_phase_counts: bool = param(
        False, "Whether the phase in which a choke or strangle hold is put on counts as its "
        "first phase held (false: N counts whole phases that begin with the hold on).")
    throw_keeps_grab: bool = param(
        True, "A thrower who holds a grab keeps it when the throw succeeds and is not rolled "
        "out of (the example's Captain 'still has Derek by the left arm').")
    throw_blocked: str = param(
        BLOCKED_STOP, "A thrown man whose way is blocked by a wall or a figure: \"stop\" (he goes "
        "as far as the way is free and stops before it, 0 to 3 hexes, the throw otherwise "
        "as rolled) or \"redirect\" (the thrower, who chooses the direction, turns a "
        "planned direction whose first hex is blocked to a free one, then as stop).")
    chance_roll: str = param(
        AT_OR_UNDER, "How a chance the text states as 'N %' (the roll-out's 10 x MAL %, a "
        "limb's 20 %, the Control roll, the fall, the Knockout Roll) is rolled on the 00-99 "
        "die: \"at_or_under\" (N or less: N + 1 rolls of the 100, the one convention the text "
        "states, for its Odds of Success) or \"under\" (less than N: exactly N %). The Odds "
        "of Success and of Hitting are rolled at or under either way (the text says so).")
    pd_star_knockout_quarter: bool = param(
        True, "The Knockout Roll after PD* (a Non-injuring Throw's (30) PD*, a rider's fall) "
        "counts it a quarter, as the text has PD* count 'when determining the chance of "
        "survival' (30 PD* at the body: 7 %, not 30 %); false: counted in full.")
    footing_die: int = param(
        2, "Die for 'it takes 1 to 2 phases to regain footing': 1d2 phases (another die "
        "keeps 1 to 2: 1 + (roll - 1) x 2 // footing_die).")
    surprise_phases: int = param(
        1, "Phases the surprise penalties last from the start of the fight.")
    stalemate: int = param(
        600, "Tenths with no roll to hit or to grapple (strike, blow, ram, grappling move) "
        "after which the fight ends as a stalemate (0: never; not a rule of the seed, a "
        "guard of the simulation).")


# --------------------------------------------------------------------------- tables


ODDS_LEVELS = range(-10, 26)  # Attack Levels shown by ``timedcombat rules``
DEFENSE_LEVELS = range(0, 21)  # Defense Levels shown


def _odds_rows(table: CombatTable) -> tuple[tuple[int, int, int], ...]:
    return tuple((al, dl, table.odds(al, dl)) for dl in DEFENSE_LEVELS for al in ODDS_LEVELS)


def tables(rules: PercentileRules | None = None) -> tuple[RuleTable, ...]:
    """Every rule table of the system, with the given parameters applied."""
    rules = rules or PercentileRules()
    params = parameters_table(
        rules, "Every parameter fills a gap of seed 001 (see docs/rules/percentile.md).")
    attack_odds = RuleTable(
        "attack-odds", TABLE_4B.title, ("attack_level", "defense_level", "odds"),
        _odds_rows(TABLE_4B),
        "Success when a 00-99 roll is at or under the odds. " + TABLE_4B.source,
    )
    ram_odds = RuleTable(
        "ram-odds", TABLE_4D.title, ("attack_level", "defense_level", "odds"),
        _odds_rows(TABLE_4D), TABLE_4D.source,
    )
    differences = range(-20, 23)
    strike_odds = RuleTable(
        "strike-odds", "Odds of Hitting by Attack Level - Defense Level and Parry Type",
        ("difference", "grapple_4b", "no_parry_4d", "half_parry", "full_parry"),
        tuple((d, TABLE_4B.by_difference(d), TABLE_4D.by_difference(d),
               HALF_PARRY_TABLE.by_difference(d), FULL_PARRY_TABLE.by_difference(d))
              for d in differences),
        "Parry Type: Full when the parries, ducks and blocks against the striker cover his "
        "strikes, Half when they cover at least half, else No Parry. "
        "A strike's Attack Level = MAL + WC + stroke modifier; its Defense Level = the "
        "defender's MAL (his weapon skill for weapon parries).",
    )
    costs = RuleTable(
        "action-costs", "Martial Arts Combat Actions (seed 001)",
        ("action", "short", "normal", "long", "source"),
        (
            ("punch or elbow", *SEED.punch_elbow_ca, SEED_TEXT),
            ("knee or kick", *SEED.knee_kick_ca, SEED_TEXT),
            ("head butt", *STRIKES[HEAD_BUTT].costs, "assumption: as a punch or elbow"),
            ("duck or block an unarmed opponent", SEED.duck_block_unarmed_ca,
             SEED.duck_block_unarmed_ca, SEED.duck_block_unarmed_ca, SEED_TEXT),
            ("duck or block an armed opponent", SEED.duck_block_armed_ca,
             SEED.duck_block_armed_ca, SEED.duck_block_armed_ca, SEED_TEXT),
            ("any grappling move", SEED.grapple_ca, SEED.grapple_ca, SEED.grapple_ca,
             SEED_TEXT),
            *((f"{s.name} (dirty trick)", *s.costs, s.source) for s in
              (STRIKES[SHIELD_STRIKE], STRIKES[POMMEL_STRIKE])),
            *((f"{w.name} blow", *w.costs, ASSUMED) for w in WEAPONS.values()),
            ("parry with a weapon", rules.weapon_parry_ca, rules.weapon_parry_ca,
             rules.weapon_parry_ca, "assumption (weapon_parry_ca)"),
            ("step one hex", rules.step_ca, rules.step_ca, rules.step_ca,
             "assumption (step_ca)"),
        ),
        f"A combatant has {SEED.ca_per_bat} x BAT Combat Actions a phase (martial arts; "
        f"armed: {rules.armed_ca_per_bat} x BAT, assumption), less his penalties. A duck is "
        "not a Dodge: it counts as a parry and does not preclude other actions.",
    )
    dr_pm = RuleTable(
        "dr-pm", "Difficulty Ratings and Position Modifiers (Table 5F)",
        ("move", "kind", "dr", "pm", "coincides", "arms", "legs", "source"),
        tuple((m.move, m.variant or "", m.dr, m.pm, m.kind, m.arms, m.legs, m.source)
              for m in TABLE_5F.values()),
        "Attack Level = MAL + prior phase's PM + DR; Defense Level = the opponent's MAL + "
        "his prior phase's PM. pm: the maker's PM in the next phase after it succeeds (the "
        f"one it is made on: {rules.victim_pm}). contact moves coincide with any move; two "
        "control moves cannot coincide (both succeed: disengaged); an escape frees both.",
    )
    penalties = RuleTable(
        "penalties", "Penalties to Martial Arts Level and Combat Actions (seed 001)",
        ("condition", "key", "mal", "ca"),
        tuple((p.name, p.key, p.mal, p.ca) for p in PENALTIES.values()),
        "Each disabled limb counts once (assumption); surprise lasts "
        f"{rules.surprise_phases} phase(s) (assumption).",
    )
    impact = RuleTable(
        "impact", "Impact Damage (Table 5E): Weapon Class and Impact dice (d6) by stroke",
        ("strike", "wc", "short", "normal", "long", "limb", "source"),
        tuple((s.name, s.wc, *(f"{d}d6" for d in s.dice), s.limb or "", s.source)
              for s in STRIKES.values()),
        "The Impact dice are the striker's Damage Bonus for the blow; a grabbed striker "
        "halves them.",
    )
    weapons = RuleTable(
        "weapons", "Weapons of armed foes (assumption: the seed names none)",
        ("weapon", "wc", "reach", "hands", "cost_s", "cost_n", "cost_l", "dice_s", "dice_n",
         "dice_l", "edged"),
        tuple((w.name, w.wc, w.reach, w.hands, *w.costs, *w.dice, w.edged)
              for w in WEAPONS.values()),
        f"An edged hit does {rules.edged_pd_factor} x the Blunt Damage table's PD.",
    )
    blunt = RuleTable(
        "blunt-damage", "Blunt Damage table (5D): hit location, PD and Knockout",
        ("location", "roll_low", "roll_high", "pd_per_impact", "knockout_per_100_pd",
         "source"),
        tuple((loc.name, loc.low, loc.high, loc.pd_per_impact, loc.knockout_per_100_pd,
               loc.source) for loc in TABLE_5D),
        "PD = (Impact - armor) x pd_per_impact; Knockout chance = PD x knockout_per_100_pd "
        "// 100; the victim is knocked out when his 00-99 Knockout Roll is at or under it.",
    )
    holds = RuleTable(
        "holds", "Locks, escapes and throws (seed 001)",
        ("rule", "value"),
        (
            ("choke hold: knocked out after (phases)", SEED.choke_knockout_phases),
            ("choke hold held N phases: PD", f"{SEED.choke_pd_factor} x N x N"),
            ("strangle hold: knocked out after (phases)", SEED.strangle_knockout_phases),
            ("strangle hold held N phases: PD", f"{SEED.strangle_pd_factor} x N x N"),
            ("escape attempt from a joint lock: PD* (d10 x 10)", "10-100"),
            ("limb disabled by a joint lock: permanently useless", "20 %"),
            ("thrown: roll-out chance", f"{SEED.rollout_per_mal} x MAL %"),
            ("rolled out: hexes moved, on his feet, no damage", SEED.rollout_hexes),
            ("not rolled out: Non-injuring Throw", f"{SEED.non_injuring_throw_pd} PD*"),
            ("not rolled out: Injuring Throw (d10 x 10)", "10-100 PD"),
            ("not rolled out: phases to regain footing", "1-2"),
            ("PD* counts for survival and recovery", f"1/{SEED.pd_star_divisor}"),
        ),
    )
    mounts = RuleTable(
        "mounts", "Mounts (minimal rules for the worked example)",
        ("mount", "attack_level", "ram_dice", "height_feet", "rams", "source"),
        tuple((m.name, m.attack_level, f"{m.ram_dice}d6", m.height_feet, m.rams, m.source)
              for m in MOUNTS.values()),
        "Control roll each phase: per-level chance x Horseman level (free hands: "
        + ", ".join(f"{h} -> {v} ({s})" for h, (v, s) in CONTROL_PER_LEVEL.items())
        + f"). A controlled warhorse takes Horseman level // "
        f"{EXAMPLE.horseman_levels_per_mount_ca} Combat Actions (a ram on Table 4D); a "
        f"failed roll: it shies d{EXAMPLE.shy_die} hexes a phase and cannot attack. "
        f"A fall: {EXAMPLE.fall_recovery_base} / height (feet) x Fall Recovery level %.",
    )
    return (params, attack_odds, ram_odds, strike_odds, costs, dr_pm, penalties, impact,
            weapons, blunt, holds, mounts)
