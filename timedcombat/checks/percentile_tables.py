"""The tables the ``percentile`` rules check a log against, written from seed 001.

Two kinds, kept apart so a reader can tell them apart:

* what seed 001 states (the Combat Action costs, the penalty table, hold damage, throws,
  the 00-99 roll) and what its worked example fixes (four Difficulty Ratings, two
  Position Modifiers, the punch's Weapon Class, the long kick's two dice, the control
  factors, the warhorse's Attack Level, the fall from five feet, 3 PD a point of Impact
  at the body);
* the base-game tables the seed cites without printing them (Combat Attack Tables 4B and
  4D, the Odds of Hitting by Parry Type, Impact 5E, Blunt Damage 5D, DR/PM 5F), as the
  project's rules page reconstructs them (``docs/rules/percentile.md``, "Base rules from
  Rhand"): every point the example fixes, the rest the documented reconstruction.

This is a second reading, independent of the engine: nothing here imports engine code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

STROKES: tuple[str, ...] = ("short", "normal", "long")

# ---------------------------------------------------------------------- Combat Actions

CA_PER_BAT = 6  # "the character gets six times his Base Action Time (BAT) Combat Actions"
STROKE_COSTS: dict[str, tuple[int, int, int]] = {
    # "punch or elbow 1 2 3 knee or kick '2 3 5" (Short, Normal, Long); the seed names head
    # strikes ("blows using the hands, elbows, knees, head, and feet") without a cost: a head
    # butt costs as a punch (documented assumption, docs/rules/percentile.md)
    "punch": (1, 2, 3), "elbow": (1, 2, 3), "knee": (2, 3, 5), "kick": (2, 3, 5),
    "head_butt": (1, 2, 3),
}
DUCK_BLOCK_UNARMED, DUCK_BLOCK_ARMED = 1, 3  # "duck or block an (un)armed opponent 1 / 3"
GRAPPLE_CA = 4  # "any grappling move 4"; "All Grappling moves take four Combat Actions"
GRAPPLES: tuple[str, ...] = ("grab", "joint_lock", "choke", "strangle", "escape", "pin",
                             "throw")
HOLDS: tuple[str, ...] = ("grab", "joint_lock", "choke", "strangle", "pin")
UNARMED_STRIKES: tuple[str, ...] = ("punch", "elbow", "knee", "kick", "head_butt")
STRIKES: tuple[str, ...] = UNARMED_STRIKES + ("blow", "shield_strike", "pommel_strike")
DEFENCES: tuple[str, ...] = ("duck", "block", "parry")
FREE: tuple[str, ...] = ("ram", "reins")  # the mount's CA / no CA at all (documented)

# ---------------------------------------------------------------------- penalties

PENALTIES: dict[str, tuple[int, int]] = {
    # "Penalties to the Martial Arts Level and Combat Actions allowed per phase"
    "arm disabled": (-8, -3),
    "leg disabled": (-12, -3),
    "strapped in shield": (-3, -2),
    "holding an object": (-2, -2),
    "surprised, attack from front": (-2, -2),
    "surprised, attack from rear": (-15, -4),
}
ARMS: tuple[str, ...] = ("left_arm", "right_arm")
LEGS: tuple[str, ...] = ("left_leg", "right_leg")

# ---------------------------------------------------------------------- odds


class CombatTable:
    """Odds by Attack Level minus Defense Level, linear between anchor points and flat
    outside them (the documented reconstruction of the base game's tables)."""

    def __init__(self, name: str, anchors: tuple[tuple[int, int], ...]) -> None:
        self.name = name
        self.anchors = anchors

    def odds(self, attack_level: int, defense_level: int) -> int:
        d = attack_level - defense_level
        pts = self.anchors
        if d <= pts[0][0]:
            return pts[0][1]
        for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
            if d <= x1:
                num, den = (y1 - y0) * (d - x0), x1 - x0
                return y0 + (2 * num + den) // (2 * den)  # halves up
        return pts[-1][1]


# The example fixes AL 2 v 3 = 30, 7 v 11 = 22, 6 v 3 = 46 and 0 v 3 = 24 (grappling),
# the ram's 1 v 4 = 36 (4D), and 5 v 4 = 18 and 4 v 4 = 14 against a Full Parry.
TABLE_4B = CombatTable("4B", ((-15, 0), (-3, 24), (-1, 30), (16, 98)))
TABLE_4D = CombatTable("4D", ((-18, 0), (-6, 24), (12, 96), (13, 98)))
FULL_PARRY = CombatTable("full parry", ((-7, 0), (0, 14), (21, 98)))
HALF_PARRY = CombatTable("half parry", ((-13, 0), (-6, 14), (0, 32), (16, 96), (17, 98)))
BY_PARRY: dict[str, CombatTable] = {"full": FULL_PARRY, "half": HALF_PARRY, "none": TABLE_4D}


def parry_type(strikes: int, parries: int) -> str:
    """Full when the parries, ducks and blocks cover the strikes, Half when they cover
    half of them, else None (the documented split of section 6.2's Parry Types)."""
    if parries >= strikes:
        return "full"
    if 2 * parries >= strikes:
        return "half"
    return "none"


# ---------------------------------------------------------------------- strikes (5E)

WC: dict[str, int] = {  # punch: the example; the rest documented assumptions
    "punch": 2, "elbow": 1, "knee": 0, "kick": 0, "head_butt": 1,
}
IMPACT_DICE: dict[str, tuple[int, int, int]] = {
    # d6 of Impact by stroke; the long kick's 2 is the example's
    "punch": (1, 1, 2), "elbow": (1, 2, 2), "knee": (1, 2, 2), "kick": (1, 2, 2),
    "head_butt": (1, 1, 2), "shield_strike": (1, 1, 1), "pommel_strike": (1, 1, 1),
}
RAM_DICE = 3


def stroke_al(stroke: str, rules: Mapping[str, Any]) -> int | None:
    """What a stroke adds to a strike's Attack Level (parameters)."""
    if stroke == "normal":
        return 0
    value = rules.get(f"{stroke}_stroke_al")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# ---------------------------------------------------------------------- Blunt Damage (5D)

LOCATIONS: tuple[tuple[str, int, int, int, int], ...] = (
    # name, low, high roll, PD per point of Impact, knockout chance per 100 PD
    ("head", 0, 9, 5, 300),
    ("right_arm", 10, 19, 2, 50),
    ("left_arm", 20, 29, 2, 50),
    ("body", 30, 69, 3, 100),  # the example: 52 is the body; Impact 6 is 18 PD
    ("right_leg", 70, 84, 2, 50),
    ("left_leg", 85, 99, 2, 50),
)


def location_of(roll: int) -> tuple[str, int, int] | None:
    """(location, PD per Impact, knockout per 100 PD) of a hit-location roll."""
    for name, low, high, pd, ko in LOCATIONS:
        if low <= roll <= high:
            return name, pd, ko
    return None


def knockout_chance(pd: int, location: str, quarter: bool = False) -> int | None:
    """The Knockout chance of ``pd`` at ``location`` (5D); ``quarter``: PD* counted a
    quarter, in one exact division (30 PD* at the body: 7)."""
    for name, _low, _high, _pd, ko in LOCATIONS:
        if name == location:
            return pd * ko // (100 * (PD_STAR_DIVISOR if quarter else 1))
    return None


# ---------------------------------------------------------------------- DR / PM (5F)

TABLE_5F: dict[tuple[str, str | None], tuple[int, int]] = {
    # (move, kind): (Difficulty Rating, Position Modifier of its maker in the next phase)
    ("grab", None): (-2, 7),  # the example: DR -2, then PM 7
    ("joint_lock", None): (-10, 8),  # the example: DR -10
    ("choke", None): (-8, 6),
    ("strangle", None): (-6, 5),
    ("escape", None): (4, 0),  # the example: DR +4; free and disengaged
    ("pin", "all_limbs"): (-6, 8),
    ("pin", "one_arm_free"): (-9, 8),
    ("pin", "both_arms_free"): (-12, 8),
    ("throw", "non_injuring"): (-5, 6),  # the example's drag off the horse: DR -5, PM 6
    ("throw", "injuring"): (-8, 6),
}
DEFAULT_KIND: dict[str, str] = {"pin": "all_limbs", "throw": "non_injuring"}


def move_row(move: str, kind: Any) -> tuple[int, int] | None:
    """(DR, PM) of a grappling move (pins and throws default to the easiest kind)."""
    if move not in DEFAULT_KIND:
        return TABLE_5F.get((move, None))
    return TABLE_5F.get((move, kind if kind is not None else DEFAULT_KIND[move]))


def coincide(first: str, second: str) -> bool:
    """Two successful moves that can both take effect: a grab with any move but an
    escape (the documented reading; two Pins, the seed's example, cannot)."""
    if "escape" in (first, second):
        return False
    return "grab" in (first, second)


# ---------------------------------------------------------------------- holds, throws

HOLD_PD_FACTOR: dict[str, int] = {"choke": 10, "strangle": 1}  # 10 x N x N, N x N
HOLD_KNOCKOUT_PHASES: dict[str, int] = {"choke": 2, "strangle": 10}
JOINT_PERMANENT = 20  # "a 20% chance of becoming permanently useless"
ROLLOUT_PER_MAL = 10  # "a 10 x (his Martial Arts Level) % chance of rolling out"
THROW_HEXES, ROLLOUT_HEXES = 1, 3
NON_INJURING_PD = 30  # "(30) PD* from a Non-injuring Throw"
PD_STAR_DIVISOR = 4  # "divided by four when determining the chance of survival"

# ---------------------------------------------------------------------- mounts

CONTROL_PER_LEVEL: dict[int, int] = {0: 50, 1: 30, 2: 10}  # by free hands; 30, 10: example
HORSEMAN_LEVELS_PER_CA = 3  # "Being a 3rd level Horseman, Derek's warhorse may take 1 CA"
MOUNT_HEIGHT: dict[str, int] = {"warhorse": 5}  # "a fall from five feet" (a warhorse)
RAM_ATTACK_LEVEL: dict[str, int] = {"warhorse": 1}  # "the warhorse's Attack Level of 1"
FALL_BASE = 100  # "100 / 5 x 2 = 40%"
SHY_DIE = 10  # "(determined from the roll of a ten sided die)"
